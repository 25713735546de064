"""Component and link ids: short, readable, unique within a design."""

from __future__ import annotations

import re
from collections.abc import Iterable

ID_PATTERN = r"^[A-Za-z][A-Za-z0-9_.\-]{0,63}$"


def next_id(prefix: str, existing: Iterable[str]) -> str:
    """The first `prefix<N>` (N = 0, 1, ...) not in `existing`."""
    taken = set(existing)
    n = 0
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"


_DIGITS = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that orders the numbers inside ids by value: nvs2 before nvs10 (text order puts nvs10 first)."""
    return tuple((1, int(part)) if part.isdigit() else (0, part) for part in _DIGITS.split(text) if part)
