"""The Pareto set of a stream of rows: a row is on it when no other row is at least as good on every objective
and better on one. The running front is kept (small); dominated rows are dropped as they come."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def dominates(a: Sequence[float], b: Sequence[float]) -> bool:
    """a dominates b (all objectives minimised): no worse anywhere, better somewhere."""
    return all(x <= y for x, y in zip(a, b, strict=True)) and any(x < y for x, y in zip(a, b, strict=True))


class ParetoFront:
    """Add (index, objectives) in any order; `indices` is then exactly the set of non-dominated rows."""

    def __init__(self) -> None:
        self._front: dict[int, tuple[float, ...]] = {}

    def add(self, index: int, objectives: Sequence[float]) -> None:
        point = tuple(objectives)
        if any(dominates(other, point) for other in self._front.values()):
            return
        for i in [i for i, other in self._front.items() if dominates(point, other)]:
            del self._front[i]
        self._front[index] = point

    @property
    def indices(self) -> frozenset[int]:
        return frozenset(self._front)

    def __len__(self) -> int:
        return len(self._front)


def pareto_indices(points: Iterable[Sequence[float]]) -> frozenset[int]:
    front = ParetoFront()
    for i, p in enumerate(points):
        front.add(i, p)
    return front.indices


class ScenarioFronts:
    """One front per scenario (the site's electricity price and PUE: what a site imposes, not a choice): a row is on
    the Pareto set when no row of its own scenario dominates it."""

    def __init__(self) -> None:
        self._fronts: dict[tuple, ParetoFront] = {}

    def add(self, index: int, objectives: Sequence[float], scenario: tuple = ()) -> None:
        self._fronts.setdefault(scenario, ParetoFront()).add(index, objectives)

    @property
    def indices(self) -> frozenset[int]:
        return frozenset().union(*(f.indices for f in self._fronts.values()))

    def __len__(self) -> int:
        return sum(len(f) for f in self._fronts.values())
