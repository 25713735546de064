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
from functools import cached_property
from operator import attrgetter
from typing import TYPE_CHECKING

from designer.core.messages import Msg, _m
from designer.model.design import Link
from designer.topology.graph import SCALEUP, Topology
from designer.topology.linkclass import BY_CLASS, class_rows, gpu_classes, plane_rows
from designer.topology.paths import gpu_scaleup_ports, port_matrix, scaleup_pair_matrix

if TYPE_CHECKING:
    import numpy as np

Ports = dict[str, dict[str, float]]
EPS = 1e-9


@dataclass(frozen=True)
class FailureCost:
    """The worst GPU pair after one failure of a kind: its bandwidth before and after (GB/s per direction)."""

    granularity: str  # "link" (one physical link) or "plane" (a whole switch chip)
    what: Msg  # "one NVLink of l0 (gpu0-nvs0)", "switch plane nvs0"
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
    cut: tuple[tuple[Msg, tuple[str, str]], ...]  # (what failed, pair)


def scaleup_links(topo: Topology, ports: Ports) -> list[Link]:
    """The design's scale-up links at a GPU (with a port in `ports`), set-aside links excepted; once per topology
    (the sweep and the failure outcomes both walk them)."""
    key = ("scaleup_links", tuple(ports))
    if key not in topo.cache:
        conflicting = set(topo.graph.graph.get("conflicting_links", []))
        topo.cache[key] = [lk for lk in topo.design.links
                           if lk.kind in SCALEUP and (lk.a in ports or lk.b in ports) and lk.id not in conflicting]
    return topo.cache[key]


def link_what(link: Link) -> Msg:
    name = link.kind.value.upper() if link.kind.value != "nvlink" else "NVLink"
    if link.count == 1:
        return _m("link {id}", id=link.id)
    return _m("one {name} of {id} ({a}-{b})", name=name, id=link.id, a=link.a, b=link.b)


class _Arrays:
    """The GPUs' scale-up ports and pair capacities as arrays (rows and columns in topo.gpus order)."""

    def __init__(self, topo: Topology) -> None:
        import numpy as np  # noqa: PLC0415 (only the rule check needs it; keeps CLI start-up light)

        self.np = np
        self.gpus = topo.gpus
        self.gi = topo.gpu_index
        self.cols, self.cap, self.has = port_matrix(topo)
        self.base = scaleup_pair_matrix(topo)

    def pair(self, i: int, j: int) -> tuple[str, str]:
        return (self.gpus[i], self.gpus[j]) if i < j else (self.gpus[j], self.gpus[i])

    @cached_property
    def classes(self) -> tuple[list[int], list[list[int]]]:
        """The GPUs' classes of alike port rows (linkclass.gpu_classes), shared by the link and plane sweeps."""
        return gpu_classes(self.cap, self.has)


def _arrays(topo: Topology) -> _Arrays:
    if "failure_arrays" not in topo.cache:
        topo.cache["failure_arrays"] = _Arrays(topo)
    return topo.cache["failure_arrays"]


@dataclass(frozen=True)
class _Ends:
    """The failed links' ends as arrays: GPU row, neighbour column, peer GPU (-1: a switch), to a switch, and
    the capacity one physical link of the bundle carries."""

    rows: np.ndarray
    cols: np.ndarray
    peer: np.ndarray
    sw: np.ndarray
    lost: np.ndarray


def _link_lists(topo: Topology, arr: _Arrays, links: list[Link]) -> tuple[list[int], list[int], list[float]]:
    """Per failed link: its GPU's row, its neighbour's column, and the capacity one physical link of the bundle
    carries (the pair's capacity over its physical links: the edge of the pair holds both sums). One pass over
    1,296 links on a 72-GPU rack, reading each link's two ends with one call."""
    gi, cols_of, adj = arr.gi, arr.cols, topo.adjacency
    rows: list[int] = []
    cols: list[int] = []
    lost: list[float] = []
    for a, b in map(_ENDS, links):
        if a not in gi:
            a, b = b, a
        d = adj[a][b]
        rows.append(gi[a])
        cols.append(cols_of[b])
        lost.append(d["capacity"] / d["count"])
    return rows, cols, lost


_ENDS = attrgetter("a", "b")


def _link_ends(topo: Topology, arr: _Arrays, links: list[Link]) -> _Ends:
    np = arr.np
    rows, cols, lost = _link_lists(topo, arr, links)
    switches = set(topo.scaleup_switches)
    others = [lk.b if lk.a in arr.gi else lk.a for lk in links]  # each link's end that is not its GPU
    return _Ends(np.array(rows, dtype=int), np.array(cols, dtype=int),
                 np.array([arr.gi.get(n, -1) for n in others], dtype=int),
                 np.array([n in switches for n in others], dtype=bool), np.array(lost, dtype=float))


def _link_rows(arr: _Arrays, e: _Ends) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per failed link (one physical link of it), the capacity before and after towards every GPU, and which are
    affected (each kind of row computed only where the links are of that kind)."""
    np = arr.np
    n = len(arr.gpus)
    lost = e.lost[:, None]
    before = arr.base[e.rows]
    if not e.sw.any():  # a mesh: the peer loses the link
        return before, before - lost, np.arange(n)[None, :] == e.peer[:, None]
    mine, theirs = arr.cap[e.rows, e.cols][:, None], arr.cap[:, e.cols].T
    after = before - np.minimum(mine, theirs) + np.minimum(mine - lost, theirs)
    affected = arr.has[:, e.cols].T & (np.arange(n)[None, :] != e.rows[:, None])
    if e.sw.all():  # every link to a switch (NVSwitch, NVL72): no mesh rows to mix in
        return before, after, affected
    col, peer = e.sw[:, None], np.arange(n)[None, :] == e.peer[:, None]
    return before, np.where(col, after, before - lost), np.where(col, affected, peer)


Cut = tuple[Msg, tuple[str, str]]


def _link_sweep(topo: Topology, arr: _Arrays, links: list[Link]) -> tuple[FailureCost | None, list[Cut]]:
    """The worst pair after one physical link fails, and the pairs a link failure cuts off."""
    np = arr.np
    what = lambda r: link_what(links[r])  # noqa: E731
    if BY_CLASS[0] and set(arr.cols) <= set(topo.scaleup_switches):  # a switch fabric: every link to a switch
        r_gpu, r_col, r_lost = _link_lists(topo, arr, links)
        rows = class_rows(np, arr.cap, arr.has, arr.base, r_gpu, r_col, r_lost, arr.classes)
        hit = rows.worst(np)
        worst = None if hit is None else FailureCost("link", what(hit[0]), arr.pair(r_gpu[hit[0]], hit[1]), hit[2],
                                                     max(0.0, hit[3]))
        return worst, [(what(r), arr.pair(r_gpu[r], k)) for r, k in rows.cuts()]
    e = _link_ends(topo, arr, links)
    pair_of = lambda r, c: arr.pair(int(e.rows[r]), c)  # noqa: E731
    before, after, affected = _link_rows(arr, e)
    return (_worst(np, before, after, affected, what, pair_of, "link"),
            _cuts(np, before, after, affected, what, pair_of))


def _plane_rows(topo: Topology, switches: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Per failed switch plane, the capacity after of every pair (flattened upper triangle), and which pairs it
    carries; once per topology (the sweep and the plane losses both need it)."""
    key = ("plane_rows", tuple(switches))
    if key not in topo.cache:
        topo.cache[key] = _plane_rows_of(_arrays(topo), switches)
    return topo.cache[key]


def _plane_rows_of(arr: _Arrays, switches: list[str]) -> tuple[np.ndarray, np.ndarray]:
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


def _cuts(np, before, after, affected, what, pair_of) -> list[Cut]:
    rows, cols = np.nonzero(affected & (after <= EPS) & (before > EPS))
    return [(what(int(r)), pair_of(int(r), int(c))) for r, c in zip(rows, cols, strict=True)]


def _plane_sweep(topo: Topology, arr: _Arrays, planes: list[str]) -> tuple[FailureCost | None, list[Cut]]:
    """The worst pair after one switch plane fails, and the pairs a plane failure cuts off."""
    np = arr.np
    what = lambda r: _m("switch plane {id}", id=planes[r])  # noqa: E731
    if BY_CLASS[0] and not any(c in arr.gi for c in arr.cols):  # no GPU links to another GPU
        rows = plane_rows(np, arr.cap, arr.has, arr.base, [arr.cols[s] for s in planes], arr.classes)
        hit = rows.worst(np)
        worst = None if hit is None else FailureCost("plane", what(hit[0]), arr.pair(hit[1], hit[2]), hit[3],
                                                     max(0.0, hit[4]))
        return worst, [(what(p), arr.pair(i, j)) for p, i, j in rows.cuts()]
    after, affected = _plane_rows(topo, planes)
    iu = np.triu_indices(len(arr.gpus), 1)
    before = np.broadcast_to(arr.base[iu], after.shape)
    pair_of = lambda r, c: arr.pair(int(iu[0][c]), int(iu[1][c]))  # noqa: E731
    return (_worst(np, before, after, affected, what, pair_of, "plane"),
            _cuts(np, before, after, affected, what, pair_of))


def sweep(topo: Topology) -> Sweep:
    """Every single physical-link and switch-plane failure of the scale-up fabric (cached per topology)."""
    if "failure_sweep" in topo.cache:
        return topo.cache["failure_sweep"]
    ports = gpu_scaleup_ports(topo)
    worst: dict[str, FailureCost] = {}
    cut: list[Cut] = []
    if len(topo.gpus) > 1 and any(ports.values()):
        arr = _arrays(topo)
        links = scaleup_links(topo, ports)
        if links:
            link_worst, link_cuts = _link_sweep(topo, arr, links)
            _add(worst, link_worst)
            cut += link_cuts
        planes = switch_planes(topo)
        if planes:
            plane_worst, plane_cuts = _plane_sweep(topo, arr, planes)
            _add(worst, plane_worst)
            cut += plane_cuts
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


def switch_planes(topo: Topology) -> list[str]:
    """The scale-up switches that are planes of GPU pairs (a GPU links to them); [] where there are no pairs."""
    ports = gpu_scaleup_ports(topo)
    if len(topo.gpus) < 2 or not any(ports.values()):
        return []
    cols = _arrays(topo).cols
    return [s for s in topo.scaleup_switches if s in cols]


def plane_losses(topo: Topology) -> PlaneLosses | None:
    """None without switch planes (computed once per topology)."""
    if "plane_losses" not in topo.cache:
        topo.cache["plane_losses"] = _plane_losses(topo)
    return topo.cache["plane_losses"]


def _plane_losses(topo: Topology) -> PlaneLosses | None:
    planes = switch_planes(topo)
    if not planes:
        return None
    arr = _arrays(topo)
    after, both = _plane_rows(topo, planes)
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
