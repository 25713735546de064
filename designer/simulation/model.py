"""simulate(design, catalog, config): every collective over a sweep of sizes, in nccl-tests terms."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, replace

from designer.core.errors import DesignerError
from designer.core.messages import EMPTY, Msg, Name, Number, Percent, _m
from designer.model import edits
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.slot_words import PART_KIND
from designer.simulation.calibration import NO_CALIBRATION, Calibration
from designer.simulation.collectives import ALGORITHMS, BUS_FACTOR, plan
from designer.simulation.constants import MODEL_SPREAD
from designer.simulation.fabric import NodeFabric
from designer.simulation.timing import Plan
from designer.topology.graph import SCALEUP, build_topology
from designer.topology.whatif import policy_effect

COLLECTIVES = ("allreduce", "allgather", "reducescatter", "alltoall", "broadcast", "reduce", "sendrecv")
MAX_NODES = 4096
MAX_BYTES = 1 << 36  # 64 GiB


def size_sweep(min_bytes: int = 8, max_bytes: int = 16 << 30) -> list[int]:
    """Doubling sizes as nccl-tests -b MIN -e MAX -f 2."""
    if not 1 <= min_bytes <= max_bytes <= MAX_BYTES:
        raise DesignerError(f"sizes must satisfy 1 <= min ({min_bytes}) <= max ({max_bytes}) <= 64G")
    sizes, s = [], min_bytes
    while s <= max_bytes:
        sizes.append(s)
        s *= 2
    return sizes


@dataclass(frozen=True)
class SimConfig:
    collectives: tuple[str, ...] = COLLECTIVES
    nodes: int = 1
    algorithm: str = "auto"
    sizes: tuple[int, ...] = tuple(size_sweep())
    fail: tuple[str, ...] = ()
    calibration: Calibration = field(default=NO_CALIBRATION, hash=False)

    def validate(self) -> None:
        if not 1 <= self.nodes <= MAX_NODES:
            raise DesignerError(f"nodes must be between 1 and {MAX_NODES}, not {self.nodes}")
        unknown = [c for c in self.collectives if c not in COLLECTIVES]
        if unknown:
            raise DesignerError(f"unknown collective '{unknown[0]}' (choose from {', '.join(COLLECTIVES)})")
        if self.algorithm != "auto" and self.algorithm not in ALGORITHMS:
            raise DesignerError(f"unknown algorithm '{self.algorithm}' (auto, {', '.join(ALGORITHMS)})")


@dataclass(frozen=True)
class SimRow:
    collective: str
    algorithm: str
    protocol: str
    nodes: int
    gpus: int
    size_bytes: int
    time_us: float
    algbw_GBps: float
    busbw_GBps: float
    bottleneck: str
    bottleneck_link_ids: tuple[str, ...]
    bottleneck_utilisation: float
    phase: str
    busbw_low_GBps: float = 0.0  # uncertainty band: busbw x (1 -/+ the model's or the profile's spread)
    busbw_high_GBps: float = 0.0
    bottleneck_msg: Msg = field(default=EMPTY, compare=False)  # `bottleneck` as a message, to show in a language

    @property
    def has_figures(self) -> bool:
        """False where the model has no figure for the row (no path left: time and bandwidths are NaN)."""
        return all(math.isfinite(v) for v in (self.time_us, self.algbw_GBps, self.busbw_GBps))

    def as_dict(self) -> dict:
        """The row for JSON: a figure that does not exist is null, never NaN (which is not JSON)."""
        return {f.name: _json(getattr(self, f.name)) for f in fields(self) if f.name != "bottleneck_msg"}


def _json(value: object) -> object:
    return None if isinstance(value, float) and not math.isfinite(value) else value


NO_FIGURE = _m("no figure: no path left between the GPUs for this collective")


@dataclass(frozen=True)
class SimResult:
    rows: tuple[SimRow, ...]
    notes: tuple[Msg | str, ...] = ()  # a str: a note not yet made a message (designer.core.messages)
    failed: tuple[str, ...] = ()
    gpus_per_node: int = 0
    fabric_summary: dict = field(default_factory=dict)
    not_operational: Msg | str = ""  # the failure policy stopped the NVLink domain: its documented state, in words

    def reason(self, row: SimRow) -> Msg | str:
        """What stands in place of a row's missing figures: the fabric's documented state, or that no path is
        left ("" where the row has its figures)."""
        return "" if row.has_figures else self.not_operational or NO_FIGURE

    def row_dicts(self) -> list[dict]:
        """The rows for JSON, each without figures carrying the reason in place of them."""
        return [r.as_dict() | ({"reason": str(self.reason(r))} if not r.has_figures else {}) for r in self.rows]

    def for_collective(self, name: str) -> list[SimRow]:
        return [r for r in self.rows if r.collective == name]

    def peak_busbw(self, name: str) -> float:
        return max((r.busbw_GBps for r in self.for_collective(name)), default=0.0)


def apply_failures(design: Design, fail: tuple[str, ...]) -> Design:
    """The design with the failed components (and their links) and links removed."""
    comps = {c.id for c in design.components}
    links = {lk.id for lk in design.links}
    unknown = [f for f in fail if f not in comps and f not in links]
    if unknown:
        raise DesignerError(f"--fail: no component or link '{unknown[0]}' in the design")
    return edits.remove_links(edits.remove_components(design, [f for f in fail if f in comps]),
                              [f for f in fail if f in links])


def _best(collective: str, fab: NodeFabric, nodes: int, size: int, algorithm: str) -> tuple[str, str, Plan, float]:
    choices = ALGORITHMS if algorithm == "auto" else (algorithm,)
    best = None
    for algo in choices:
        p = plan(collective, algo, fab, nodes)
        if p is None or (algorithm == "auto" and p.max_bytes and size > p.max_bytes):
            continue
        for proto in p.latency_us:
            t = p.time_us(size, proto)
            if best is None or t < best[3]:
                best = (algo, proto, p, t)
    if best is None and algorithm != "auto":
        return _best(collective, fab, nodes, size, "auto")
    if best is None:
        raise DesignerError(f"no algorithm can run {collective} on this design")
    return best


def _row(collective: str, fab: NodeFabric, nodes: int, size: int, algorithm: str) -> SimRow:
    algo, proto, p, t = _best(collective, fab, nodes, size, algorithm)
    ranks = fab.n * nodes
    algbw = size / (t * 1e-6) / 1e9
    busbw = algbw * BUS_FACTOR[collective](ranks)
    neck, phase = p.bottleneck
    spread = band(fab.cal)
    return SimRow(collective, algo, proto, nodes, ranks, size, t, algbw, busbw,
                  neck.label() if neck else "", neck.link_ids if neck else (), 1.0 if neck else 0.0, phase,
                  busbw * (1 - spread), busbw * (1 + spread), neck.message if neck else EMPTY)


def band(cal: Calibration) -> float:
    """Relative half-width of the uncertainty band: the profile's fit spread, else the model's."""
    return cal.spread if cal.spread is not None else MODEL_SPREAD


def node_fabric(design: Design, catalog: Catalog, calibration: Calibration = NO_CALIBRATION) -> NodeFabric:
    return NodeFabric(build_topology(design, catalog), calibration)


def fabric_summary(fab: NodeFabric) -> dict:
    def rate(r):
        return None if r is None else {"gbytes_s_per_gpu": round(r.gbytes_s, 2),
                                       "bottleneck": r.bottleneck.label() if r.bottleneck else ""}
    net = fab.net
    return {"ring": rate(fab.ring), "all_to_all": rate(fab.all_to_all), "nvls": rate(fab.nvls),
            "network": rate(fab.network), "mesh": fab.is_mesh,
            "scaleout": {"network_kind": net.kind.value, "network_efficiency": fab.net_efficiency,
                         "in_network_reduction": net.in_network_reduction, **net.scaleout.model_dump(mode="json")}}


def scaleout_note(fab: NodeFabric, nodes: int) -> str:
    """One line on the network between the nodes, as the model takes it."""
    net, s = fab.net, fab.net.scaleout
    spine = "non-blocking spine" if s.oversubscription == 1 else f"{s.oversubscription:g}:1 oversubscribed spine"
    where = "one leaf group" if nodes <= s.nodes_per_leaf else f"{-(-nodes // s.nodes_per_leaf)} leaf groups"
    return (f"scale-out: {net.kind.value} network at {fab.net_efficiency:.0%} of line rate, {s.topology.value}, "
            f"{s.nodes_per_leaf} nodes per leaf, {spine}; {nodes} nodes span {where}"
            + ("; switches reduce in the network (SHARP)" if net.in_network_reduction else ""))


def simulate(design: Design, catalog: Catalog, config: SimConfig = SimConfig()) -> SimResult:
    config.validate()
    notes: list[Msg | str] = []
    state: Msg | str = ""
    if config.fail:  # under the design's fabric failure policy: it may take more out than the failed parts
        effect = policy_effect(design, catalog, config.fail)
        notes.extend(failure_notes(design, catalog, config.fail, effect.extra))
        notes[:0] = effect.notes
        state = effect.state
        design = apply_failures(design, config.fail + effect.extra)
    result = _simulate_on(node_fabric(design, catalog, config.calibration), config, notes)
    return replace(result, not_operational=state) if state else result


class Simulator:
    """`simulate` for many configurations of one design and calibration: the fabric's routes, rates and plans
    are worked out once and shared (an export asks for a size sweep, key sizes and a node-count sweep)."""

    def __init__(self, design: Design, catalog: Catalog, calibration: Calibration = NO_CALIBRATION) -> None:
        self.design, self.catalog, self.calibration = design, catalog, calibration
        self.fab = node_fabric(design, catalog, calibration)

    def __call__(self, config: SimConfig) -> SimResult:
        if config.fail or config.calibration != self.calibration:
            return simulate(self.design, self.catalog, config)
        config.validate()
        return _simulate_on(self.fab, config, [])


def _simulate_on(fab: NodeFabric, config: SimConfig, notes: list[Msg | str]) -> SimResult:
    if fab.n == 0:
        raise DesignerError("the design has no GPUs to simulate")
    if config.nodes > 1 and fab.network.gbytes_s <= 0:
        raise DesignerError("multi-node simulation needs every GPU to reach a compute NIC on a fabric")
    if config.nodes > 1:
        notes.append(scaleout_note(fab, config.nodes))
    if config.algorithm != "auto":
        notes.append(_m("algorithm forced to {algo} where it applies (auto elsewhere)", algo=config.algorithm))
    rows = [_row(c, fab, config.nodes, s, config.algorithm) for c in config.collectives for s in config.sizes]
    return SimResult(tuple(rows), tuple(notes), config.fail, fab.n, fabric_summary(fab))


_LINK_NAMES = {"nvlink": "NVLink", "xgmi": "xGMI", "hccs": "HCCS", "roce": "RoCE", "pcie": "PCIe", "c2c": "NVLink-C2C",
               "socket": "socket", "network": "network"}

def failure_notes(design: Design, catalog: Catalog, fail: tuple[str, ...],
                  extra: tuple[str, ...] = ()) -> list[Msg | str]:
    """Why the failure matters: the lost links and what the ring and network rates become (with `extra`, what the
    failure policy takes out of service too)."""
    before = node_fabric(design, catalog)
    after = node_fabric(apply_failures(design, fail + extra), catalog)
    notes: list[Msg | str] = []
    for f in fail:
        if f in before.g.nodes:
            kind: Msg | Name = PART_KIND.get(before.g.nodes[f]["kind"], Name(before.g.nodes[f]["kind"]))
        else:
            value = design.link(f).kind.value
            kind = _m("{fabric} link", fabric=Name(_LINK_NAMES.get(value, value)))
        lost = [lk for lk in design.links if f in (lk.a, lk.b) or lk.id == f]
        scaleup = sum(lk.count for lk in lost if lk.kind in SCALEUP and (lk.a in before.gpus or lk.b in before.gpus))
        notes.append(_m("failed {id} ({kind}): {n} design links gone, {m} of the GPUs' scale-up links", id=f, kind=kind,
                        n=len(lost), m=scaleup) if scaleup else
                     _m("failed {id} ({kind}): {n} design links gone", id=f, kind=kind, n=len(lost)))
    for name in ("ring", "network"):
        b, a = getattr(before, name).gbytes_s, getattr(after, name).gbytes_s
        if abs(b - a) > 1e-6 and b > 0:
            neck = getattr(after, name).bottleneck
            params = {"b": Number(b, 1), "a": Number(a, 1), "pct": Percent((a - b) / b, sign=True),
                      "neck": neck.message if neck else _m("no path")}
            notes.append(_m("ring rate per GPU {b} -> {a} GB/s per direction ({pct}); now limited by {neck}", **params)
                         if name == "ring" else
                         _m("network rate per GPU {b} -> {a} GB/s per direction ({pct}); now limited by {neck}",
                            **params))
    if before.nvls is not None:
        b, a = before.nvls.gbytes_s, after.nvls.gbytes_s if after.nvls else 0.0
        notes.append(_m("in-switch reduction rate {b} -> {a} GB/s per GPU", b=Number(b, 1), a=Number(a, 1))
                     if after.nvls else _m("in-switch reduction rate {b} -> {a} GB/s per GPU (NVLS no longer possible)",
                                           b=Number(b, 1), a=Number(a, 1)))
    return notes
