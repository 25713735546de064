"""The single-failure sweep of a switch fabric (one link, one switch plane), computed once per class of alike GPUs.

Where every scale-up link of a GPU goes to a switch (NVSwitch boards, the NVL72 rack), a GPU pair's capacity is
a function of the two GPUs' port rows alone (the sum over switches of the smaller side), so GPUs with the same
ports (capacity and presence per switch) are alike: a failed link's effect on a GPU depends on the failed
link's GPU class, switch and lost capacity, and on the other GPU's class. A 72-GPU rack has one class: its
1,296 link failures x 72 GPUs (93,000 pair figures) are 18 distinct rows of one column. The figures are the same
floating-point operations on the same values as the full arrays (failures._link_rows; the test compares both),
and the worst pair and the cut pairs are read back in the full arrays' order (failure, then GPU). Switch-plane
failures go the same way by unordered pair of classes (18 planes x 1 class pair on the rack instead of 18 x 2,556
pairs), and paths.scaleup_pair_matrix sums the switches once per pair of classes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

EPS = 1e-9
BY_CLASS = [True]  # computing by class (tests turn it off to compare with the full arrays)


@dataclass(frozen=True)
class ClassRows:
    """Distinct failure rows (U) by GPU class columns (C), and how links and GPUs map onto them."""

    before: np.ndarray  # (U, C) the pair's capacity before, GB/s per direction
    after: np.ndarray  # (U, C) and after one physical link of the row's bundle fails
    affected: np.ndarray  # (U, C) the pair uses the failed switch (and the class has a GPU other than the row's)
    row_of: list[int]  # per failed link, its distinct row
    gpu_of: list[int]  # per failed link, its GPU (index in topo.gpus)
    cls: list[int]  # per GPU, its class

    def _cells(self, mask: np.ndarray) -> Iterator[tuple[int, int]]:
        """The (link, GPU) cells where mask (U, C) holds, in the full arrays' row-major order."""
        rows = mask.tolist()
        any_of = [any(row) for row in rows]
        if not any(any_of):  # nothing to list (no cut pairs, the usual case): no walk over the links
            return
        for r, (u, g) in enumerate(zip(self.row_of, self.gpu_of, strict=True)):
            if any_of[u]:
                yield from ((r, k) for k, c in enumerate(self.cls) if k != g and rows[u][c])

    def worst(self, np: Any) -> tuple[int, int, float, float] | None:
        """(link, GPU, before, after) of the pair that loses the largest share, first in row-major order among
        ties (as failures._worst on the full arrays), or None where no pair is affected."""
        ok = self.affected & (self.before > 0)
        if not ok.any():
            return None
        drop = np.where(ok, 1 - np.maximum(self.after, 0.0) / np.where(self.before > 0, self.before, 1.0), -np.inf)
        r, k = next(self._cells(drop >= drop.max() - 1e-12))
        u, c = self.row_of[r], self.cls[k]
        return r, k, float(self.before[u, c]), float(self.after[u, c])

    def cuts(self) -> list[tuple[int, int]]:
        """(link, GPU) where the failure leaves the pair no scale-up capacity, in row-major order."""
        return list(self._cells(self.affected & (self.after <= EPS) & (self.before > EPS)))


def class_rows(np: Any, cap: np.ndarray, has: np.ndarray, base: np.ndarray, rows: list[int], cols: list[int],
               lost: list[float], classes: tuple[list[int], list[list[int]]] | None = None) -> ClassRows:
    """The rows of a switch fabric's link failures (every failed link between GPU `rows[i]` and switch column
    `cols[i]`, losing `lost[i]`), by GPU class. `cap`/`has` are the GPUs' port arrays (GPU x neighbour), `base` the
    pair capacities (GPU x GPU): a function of the two port rows where no GPU links to another GPU. `classes`:
    gpu_classes(cap, has) where the caller has it."""
    cls, members = classes or gpu_classes(cap, has)
    n = len(members)
    keys = list(zip(map(cls.__getitem__, rows), cols, lost, strict=True))  # C-level: 1,296 links on a rack
    distinct = {k: i for i, k in enumerate(dict.fromkeys(keys))}  # in order of first appearance
    row_of = list(map(distinct.__getitem__, keys))
    u_cls, u_col, u_lost = (np.array(x) for x in zip(*distinct, strict=True))
    pair = np.array([[_between(base, members[a], members[b]) for b in range(n)] for a in range(n)])
    reps = [m[0] for m in members]
    mine = cap[reps][u_cls, u_col][:, None]
    theirs = cap[reps][:, u_col].T
    before = pair[u_cls]
    after = before - np.minimum(mine, theirs) + np.minimum(mine - u_lost.astype(float)[:, None], theirs)
    others = np.array([len(m) > 1 for m in members])[None, :] | (np.arange(n)[None, :] != u_cls[:, None])
    affected = has[reps][:, u_col].T & others
    return ClassRows(before, after, affected, row_of, list(rows), cls)


def gpu_classes(cap: np.ndarray, has: np.ndarray) -> tuple[list[int], list[list[int]]]:
    """Each GPU's class (alike port rows: capacity and presence per neighbour), and each class's GPUs."""
    keys: dict[tuple, int] = {}
    cls = [keys.setdefault((tuple(c), tuple(h)), len(keys)) for c, h in zip(cap.tolist(), has.tolist(), strict=True)]
    members: list[list[int]] = [[] for _ in keys]
    for g, c in enumerate(cls):
        members[c].append(g)
    return cls, members


@dataclass(frozen=True)
class PlaneRows:
    """Switch-plane failures (P) by unordered GPU class pairs (K): a pair's loss is the smaller side's capacity
    to the plane, its capacity before a function of the two classes."""

    before: np.ndarray  # (K,)
    after: np.ndarray  # (P, K)
    affected: np.ndarray  # (P, K) both GPUs use the plane (and the pair exists: a class of one has no pair)
    column: dict[tuple[int, int], int]  # (class, class) in either order -> K
    cls: list[int]

    def _cells(self, mask: np.ndarray) -> Iterator[tuple[int, int, int]]:
        """(plane, GPU i, GPU j) with i < j where mask holds, in the full arrays' order (plane, then the upper
        triangle row by row)."""
        n, rows, cls, column = len(self.cls), mask.tolist(), self.cls, self.column
        for p, row in enumerate(rows):
            if any(row):
                yield from ((p, i, j) for i in range(n) for j in range(i + 1, n) if row[column[cls[i], cls[j]]])

    def worst(self, np: Any) -> tuple[int, int, int, float, float] | None:
        """(plane, GPU i, GPU j, before, after) of the pair that loses the largest share (first among ties)."""
        before = np.broadcast_to(self.before, self.after.shape)
        ok = self.affected & (before > 0)
        if not ok.any():
            return None
        drop = np.where(ok, 1 - np.maximum(self.after, 0.0) / np.where(before > 0, before, 1.0), -np.inf)
        p, i, j = next(self._cells(drop >= drop.max() - 1e-12))
        col = self.column[self.cls[i], self.cls[j]]
        return p, i, j, float(self.before[col]), float(self.after[p, col])

    def cuts(self) -> list[tuple[int, int, int]]:
        return list(self._cells(self.affected & (self.after <= EPS) & (self.before[None, :] > EPS)))


def plane_rows(np: Any, cap: np.ndarray, has: np.ndarray, base: np.ndarray, cols: list[int],
               classes: tuple[list[int], list[list[int]]] | None = None) -> PlaneRows:
    """The switch planes' failures (columns `cols` of the port arrays) by GPU class pair; `base` and `classes` as
    class_rows."""
    cls, members = classes or gpu_classes(cap, has)
    pairs = [(a, b) for a in range(len(members)) for b in range(a, len(members))]
    column = {}
    for k, (a, b) in enumerate(pairs):
        column[a, b] = column[b, a] = k
    reps = [m[0] for m in members]
    pcap, phas = cap[reps][:, cols].T, has[reps][:, cols].T  # (planes, classes)
    ia, ib = np.array([a for a, _ in pairs], dtype=int), np.array([b for _, b in pairs], dtype=int)
    before = np.array([_between(base, members[a], members[b]) for a, b in pairs])
    exists = np.array([a != b or len(members[a]) > 1 for a, b in pairs], dtype=bool)
    after = before[None, :] - np.minimum(pcap[:, ia], pcap[:, ib])
    return PlaneRows(before, after, phas[:, ia] & phas[:, ib] & exists[None, :], column, cls)


def _between(base: np.ndarray, a: list[int], b: list[int]) -> float:
    """The capacity between a GPU of class a and another of class b (0.0 where the class is one GPU, with itself)."""
    if a is not b:
        return float(base[a[0], b[0]])
    return float(base[a[0], a[1]]) if len(a) > 1 else 0.0
