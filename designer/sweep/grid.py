"""The sweep's grid: ranges of parameters, checked, and their combinations produced lazily in a fixed order."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from designer.cluster.plan import DEFAULT_PUE
from designer.core.errors import DesignerError, one_line

T = TypeVar("T")
NETWORKS = ("ib", "roce")  # the scale-out network kinds the cluster model knows
AXES = ("node", "gpus", "oversubscription", "network", "electricity_usd_kwh", "pue")


class SweepError(DesignerError):
    """A sweep cannot run as asked (bad range, unknown node, unreachable scheduler): one line, exit 2."""


@dataclass(frozen=True)
class Point:
    """One cluster of the grid: every parameter the evaluation needs, nothing else (picklable, hashable)."""

    index: int
    node: str
    gpus: int
    oversubscription: float
    network: str
    electricity_usd_kwh: float
    pue: float


@dataclass(frozen=True)
class Grid:
    node: tuple[str, ...]
    gpus: tuple[int, ...]
    oversubscription: tuple[float, ...] = (1.0,)
    network: tuple[str, ...] = ("ib",)
    electricity_usd_kwh: tuple[float, ...] = (0.067,)
    pue: tuple[float, ...] = (DEFAULT_PUE,)

    def __len__(self) -> int:
        return math.prod(len(getattr(self, axis)) for axis in AXES)

    def points(self, start: int = 0) -> Iterator[Point]:
        combos = itertools.product(*(getattr(self, axis) for axis in AXES))
        for i, combo in enumerate(itertools.islice(combos, start, None), start):
            yield Point(i, *combo)

    def aligned_chunk(self, target: int = 64) -> int:
        """A chunk size near `target` that is a whole number of runs of the energy axes (electricity x PUE):
        the points of one run share their plan (sizing, performance, capital), so no plan is split between two
        chunks, and two workers never both evaluate it."""
        run = len(self.electricity_usd_kwh) * len(self.pue)
        return run * max(1, round(target / run))

    def chunks(self, size: int) -> Iterator[list[Point]]:
        it = self.points()
        while chunk := list(itertools.islice(it, size)):
            yield chunk


def parse_list(option: str, text: str, convert: Callable[[str], T], check: Callable[[T], str | None]) -> tuple[T, ...]:
    """A comma-separated range of an option; duplicates dropped, order kept; empty or bad values refused."""
    items = [t.strip() for t in text.split(",")]
    if not text.strip() or any(not t for t in items):
        raise SweepError(f"{option} '{one_line(text)}': give one or more values separated by commas")
    out: list[T] = []
    for t in items:
        try:
            value = convert(t)
        except ValueError:
            raise SweepError(f"{option} '{one_line(t)}': not a {convert.__name__} value") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise SweepError(f"{option} '{one_line(t)}': not a finite number")
        if (problem := check(value)) is not None:
            raise SweepError(f"{option} '{one_line(t)}': {problem}")
        if value not in out:
            out.append(value)
    return tuple(out)


def at_least(low: float, what: str = "") -> Callable[[float], str | None]:
    return lambda v: None if v >= low else f"must be at least {low:g}{what}"


def one_of(allowed: tuple[str, ...] | list[str], noun: str) -> Callable[[str], str | None]:
    return lambda v: None if v in allowed else f"unknown {noun} (known: {', '.join(allowed)})"
