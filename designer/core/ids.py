"""Component and link ids: short, readable, unique within a design."""

from __future__ import annotations

from collections.abc import Iterable

ID_PATTERN = r"^[A-Za-z][A-Za-z0-9_.\-]{0,63}$"


def next_id(prefix: str, existing: Iterable[str]) -> str:
    """The first `prefix<N>` (N = 0, 1, ...) not in `existing`."""
    taken = set(existing)
    n = 0
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"
