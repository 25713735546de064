"""What one scale-up failure costs, at the two granularities an architect quotes.

A physical link (one NVLink, one xGMI or HCCS link) is the smallest thing that fails: on an H100 it is 1/18
of the GPU's scale-up bandwidth. A whole switch plane (one NVSwitch chip and every link to it) is the next:
on an HGX H100 it is the 4 or 5 links each GPU has to that chip. Design links bundle several physical links
(`count`), so a failed design link is not a failed physical link.

The sweep over every single failure is done on arrays (one row per failure, one column per GPU): a 72-GPU
NVLink domain has 1,296 GPU-switch links and 18 switch planes, about 100,000 pair figures per check, which a
Python loop over dicts took about 200 ms to produce (benchmarks/bench_rules.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from designer.model.design import Link
from designer.topology.graph import SCALEUP, Topology
from designer.topology.paths import gpu_scaleup_ports, scaleup_pair_capacity

if TYPE_CHECKING:
    import numpy as np

Ports = dict[str, dict[str, float]]
Pairs = dict[tuple[str, str], float]
EPS = 1e-9


@dataclass(frozen=True)
class FailureCost:
    """The worst GPU pair after one failure of a kind: its bandwidth before and after (GB/s per direction)."""

    granularity: str  # "link" (one physical link) or "plane" (a whole switch chip)
    what: str  # "one NVLink of l0 (gpu0-nvs0)", "switch plane nvs0"
    pair: tuple[str, str]
    before: float
    after: float

    @property
    def drop(self) -> float:
        return 1 - self.after / self.before if self.before else 0.0


@dataclass(frozen=True)
class Sweep:
    """Every single scale-up failure at once: the worst pair per granularity, and the pairs a failure cuts off
    (scale-up capacity before, none after) in failure order."""

    worst: dict[str, FailureCost]
    cut: tuple[tuple[str, tuple[str, str]], ...]  # (what failed, pair)


def scaleup_links(topo: Topology, ports: Ports) -> list[Link]:
    conflicting = set(topo.graph.graph.get("conflicting_links", []))
    return [lk for lk in topo.design.links
            if lk.kind in SCALEUP and (lk.a in ports or lk.b in ports) and lk.id not in conflicting]


def link_what(link: Link) -> str:
    name = link.kind.value.upper() if link.kind.value != "nvlink" else "NVLink"
    return f"link {link.id}" if link.count == 1 else f"one {name} of {link.id} ({link.a}-{link.b})"


class _Arrays:
    """The GPUs' scale-up ports and pair capacities as arrays (rows and columns in topo.gpus order)."""

    def __init__(self, topo: Topology, ports: Ports, base: Pairs) -> None:
        import numpy as np  # noqa: PLC0415 (only the rule check needs it; keeps CLI start-up light)

        self.np = np
        self.gpus = topo.gpus
        gi = {g: i for i, g in enumerate(self.gpus)}
        self.cols = {n: j for j, n in enumerate(dict.fromkeys(n for p in ports.values() for n in p))}
        cols = list(self.cols)
        self.cap = np.array([[ports[g].get(c, 0.0) for c in cols] for g in self.gpus]).reshape(len(gi), len(cols))
        self.has = np.array([[c in ports[g] for c in cols] for g in self.gpus], dtype=bool).reshape(self.cap.shape)
        index = np.array([[gi[a], gi[b]] for a, b in base], dtype=int).reshape(-1, 2)
        self.base = np.zeros((len(self.gpus),) * 2)
        self.base[index[:, 0], index[:, 1]] = list(base.values())
        self.base[index[:, 1], index[:, 0]] = list(base.values())
        self.gi = gi

    def pair(self, i: int, j: int) -> tuple[str, str]:
        return (self.gpus[i], self.gpus[j]) if i < j else (self.gpus[j], self.gpus[i])


def _arrays(topo: Topology) -> _Arrays:
    if "failure_arrays" not in topo.cache:
        topo.cache["failure_arrays"] = _Arrays(topo, gpu_scaleup_ports(topo), scaleup_pair_capacity(topo))
    return topo.cache["failure_arrays"]


def _link_rows(topo: Topology, arr: _Arrays, links: list[Link]) -> tuple[np.ndarray, np.ndarray]:
    """Per failed link (one physical link of it), the capacity after towards every GPU, and which are affected."""
    np = arr.np
    n = len(arr.gpus)
    ends = [(lk.a, lk.b) if lk.a in arr.gi else (lk.b, lk.a) for lk in links]
    bundled: dict[tuple[str, str], int] = {}  # physical links per GPU-neighbour pair (the graph edge's count)
    for (gpu, other), link in zip(ends, links, strict=True):
        bundled[(gpu, other)] = bundled.get((gpu, other), 0) + link.count
    gpu_row, col, lost, peer, switch = [], [], [], [], []
    switches = set(topo.scaleup_switches)
    for gpu, other in ends:
        j = arr.cols[other]
        gpu_row.append(arr.gi[gpu])
        col.append(j)
        lost.append(arr.cap[arr.gi[gpu], j] / bundled[(gpu, other)])  # one physical link of the bundle
        peer.append(arr.gi.get(other, -1))
        switch.append(other in switches)
    rows, cols = np.array(gpu_row, dtype=int), np.array(col, dtype=int)
    lost_a, peer_a, sw = np.array(lost), np.array(peer, dtype=int), np.array(switch, dtype=bool)
    mine = arr.cap[rows, cols][:, None]
    theirs = arr.cap[:, cols].T
    before = arr.base[rows]
    after = np.where(sw[:, None], before - np.minimum(mine, theirs) + np.minimum(mine - lost_a[:, None], theirs),
                     before - lost_a[:, None])
    not_self = np.arange(n)[None, :] != rows[:, None]
    affected = np.where(sw[:, None], arr.has[:, cols].T & not_self, np.arange(n)[None, :] == peer_a[:, None])
    return after, affected


def _plane_rows(arr: _Arrays, switches: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Per failed switch plane, the capacity after of every pair (flattened upper triangle)."""
    np = arr.np
    n = len(arr.gpus)
    iu = np.triu_indices(n, 1)
    cols = np.array([arr.cols[s] for s in switches if s in arr.cols], dtype=int)
    cap, has = arr.cap[:, cols].T, arr.has[:, cols].T  # (planes, gpus)
    lost = np.minimum(cap[:, :, None], cap[:, None, :])[:, iu[0], iu[1]]
    both = (has[:, :, None] & has[:, None, :])[:, iu[0], iu[1]]
    return arr.base[iu][None, :] - lost, both


def _worst(np, before, after, affected, what, pair_of, granularity: str) -> FailureCost | None:
    ok = affected & (before > 0)
    if not ok.any():
        return None
    drop = np.where(ok, 1 - np.maximum(after, 0.0) / np.where(before > 0, before, 1.0), -np.inf)
    flat = int(np.argmax(drop >= drop.max() - 1e-12))
    r, c = divmod(flat, drop.shape[1])
    return FailureCost(granularity, what(r), pair_of(r, c), float(before[r, c]), max(0.0, float(after[r, c])))


def _cuts(np, before, after, affected, what, pair_of) -> list[tuple[str, tuple[str, str]]]:
    rows, cols = np.nonzero(affected & (after <= EPS) & (before > EPS))
    return [(what(int(r)), pair_of(int(r), int(c))) for r, c in zip(rows, cols, strict=True)]


def sweep(topo: Topology) -> Sweep:
    """Every single physical-link and switch-plane failure of the scale-up fabric (cached per topology)."""
    if "failure_sweep" in topo.cache:
        return topo.cache["failure_sweep"]
    ports = gpu_scaleup_ports(topo)
    worst: dict[str, FailureCost] = {}
    cut: list[tuple[str, tuple[str, str]]] = []
    if len(topo.gpus) > 1 and any(ports.values()):
        arr = _arrays(topo)
        np = arr.np
        links = scaleup_links(topo, ports)
        if links:
            after, affected = _link_rows(topo, arr, links)
            rows = arr.gi
            gpu_of = [rows[lk.a] if lk.a in rows else rows[lk.b] for lk in links]
            before = arr.base[gpu_of]
            lwhat = lambda r: link_what(links[r])  # noqa: E731
            lpair = lambda r, c: arr.pair(gpu_of[r], c)  # noqa: E731
            _add(worst, _worst(np, before, after, affected, lwhat, lpair, "link"))
            cut += _cuts(np, before, after, affected, lwhat, lpair)
        planes = [s for s in topo.scaleup_switches if s in arr.cols]
        if planes:
            after, affected = _plane_rows(arr, planes)
            iu = np.triu_indices(len(arr.gpus), 1)
            before = np.broadcast_to(arr.base[iu], after.shape)
            pwhat = lambda r: f"switch plane {planes[r]}"  # noqa: E731
            ppair = lambda r, c: arr.pair(int(iu[0][c]), int(iu[1][c]))  # noqa: E731
            _add(worst, _worst(np, before, after, affected, pwhat, ppair, "plane"))
            cut += _cuts(np, before, after, affected, pwhat, ppair)
    result = Sweep(worst, tuple(cut))
    topo.cache["failure_sweep"] = result
    return result


@dataclass(frozen=True)
class PlaneLosses:
    """Per switch plane, what its failure takes from every GPU pair (the upper triangle, flattened); failures
    of several planes at once (a switch tray) add up."""

    base: np.ndarray  # capacity per pair before
    loss: dict[str, np.ndarray]  # switch -> loss per pair
    pair: Callable[[int], tuple[str, str]]  # flat index -> GPU pair


def plane_losses(topo: Topology) -> PlaneLosses | None:
    """None without switch planes."""
    ports = gpu_scaleup_ports(topo)
    if len(topo.gpus) < 2 or not any(ports.values()):
        return None
    arr = _arrays(topo)
    planes = [s for s in topo.scaleup_switches if s in arr.cols]
    if not planes:
        return None
    after, both = _plane_rows(arr, planes)
    iu = arr.np.triu_indices(len(arr.gpus), 1)
    base = arr.base[iu]
    return PlaneLosses(base, {s: arr.np.where(both[k], base - after[k], 0.0) for k, s in enumerate(planes)},
                       lambda k: arr.pair(int(iu[0][k]), int(iu[1][k])))


def _add(worst: dict[str, FailureCost], cost: FailureCost | None) -> None:
    if cost is not None:
        worst[cost.granularity] = cost


def worst_failures(topo: Topology) -> dict[str, FailureCost]:
    """The worst pair per granularity ("link", "plane"); a pair a failure cuts off has `after` 0 (a full mesh)."""
    return sweep(topo).worst
