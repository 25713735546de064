"""PCIe rules: lanes per root complex and switch, link widths, NIC line rate, switch uplinks."""

from __future__ import annotations

from collections.abc import Iterator

from designer.core.messages import Number, Percent, Quantity, _m, tool_hint
from designer.core.units import gbit_to_gbyte
from designer.model.design import LinkKind
from designer.model.parts import CpuSpec, GpuSpec, NicSpec, PcieSwitchSpec
from designer.model.wiring import UPLINK_RATIO
from designer.rules.engine import Finding, RuleContext, Severity, rule

UPLINK_INFO_RATIO = float(UPLINK_RATIO)  # 2:1 is the norm in HGX hosts (two GPUs per x16 uplink): wiring's rule
UPLINK_WARN_RATIO = 4.0
PCIE = LinkKind.PCIE  # an enum member read as a class attribute costs ~0.2 us: once here, not per link


def _pcie_edges(ctx: RuleContext, cid: str):
    return [(n, d) for n, d in ctx.topo.adjacency[cid].items() if d["kind"] is PCIE]


def _lanes(ctx: RuleContext, cid: str) -> int:
    return sum(d["count"] for _, d in _pcie_edges(ctx, cid))


@rule("pcie.lanes_oversubscribed", "PCIe lanes within what CPUs and switches provide", Severity.ERROR)
def lanes(ctx: RuleContext) -> Iterator[Finding]:
    for cid in ctx.topo.of_type(CpuSpec | PcieSwitchSpec):
        spec = ctx.part(cid)
        if isinstance(spec, CpuSpec):
            have, what = spec.pcie_lanes, _m("root complex")
        elif isinstance(spec, PcieSwitchSpec):
            have, what = spec.lanes, _m("switch")
        else:
            continue
        used = _lanes(ctx, cid)
        if have is None:
            if used:
                yield Finding(_m("{id}: {name} does not publish its lane count; {used} lanes used, not checked",
                                 id=cid, name=spec.name, used=used),
                              (cid,), tool_hint(_m("add the lane count to the part if known")), Severity.INFO)
        elif used > have:
            yield Finding(_m("{id} ({what}) carries {used} lanes; {name} provides {have}", id=cid, what=what,
                             used=used, name=spec.name, have=have), (cid,),
                          _m("move {n} lanes to another {what} or narrow links", n=used - have, what=what))


def _lanes_of(spec: object) -> int | float:
    """The lanes a GPU or NIC has (a link wider is an error); no limit for other parts or an unpublished count."""
    lanes = spec.host_pcie_lanes if isinstance(spec, GpuSpec) else getattr(spec, "pcie_lanes", None)
    return lanes if isinstance(spec, GpuSpec | NicSpec) and lanes is not None else float("inf")


@rule("pcie.link_width", "PCIe links no wider than the device", Severity.ERROR)
def link_width(ctx: RuleContext) -> Iterator[Finding]:
    shapes = [(a, b, count) for a, b, kind, count in ctx.topo.link_shapes if kind is PCIE]
    if all(count <= _lanes_of(ctx.catalog.get(p)) for a, b, count in shapes for p in (a, b)):
        return  # no shape of PCIe link is wider than its ends: no link to walk
    for link in ctx.design.links:
        if link.kind is not PCIE:
            continue
        for cid in (link.a, link.b):
            spec = ctx.part(cid)
            lanes = _lanes_of(spec)
            if link.count > lanes:
                yield Finding(_m("{link} is x{count} but {name} ({id}) has {lanes} lanes", link=link.id,
                                 count=link.count, name=spec.name, id=cid, lanes=lanes),
                              (link.id, cid), _m("make the link x{lanes}", lanes=lanes))


@rule("pcie.nic_link_speed", "NIC line rate fits its PCIe link", Severity.WARNING)
def nic_link_speed(ctx: RuleContext) -> Iterator[Finding]:
    for cid in ctx.topo.of_type(NicSpec):
        spec = ctx.part(cid)
        if not isinstance(spec, NicSpec):
            continue
        edges = _pcie_edges(ctx, cid)
        if not edges:
            continue
        cap = sum(d["capacity"] for _, d in edges)
        need = gbit_to_gbyte(spec.line_rate_gbit_s)
        if cap + 1e-9 < need:
            lanes = sum(d["count"] for _, d in edges)
            yield Finding(_m("{id} ({rate} = {need} per direction) has a x{lanes} PCIe link of {cap} per direction: "
                             "{pct} of line rate", id=cid, rate=Quantity(spec.line_rate_gbit_s, "Gb/s", None),
                             need=Quantity(need, "GB/s", 1), lanes=lanes, cap=Quantity(cap, "GB/s", 1),
                             pct=Percent(cap / need)),
                          (cid, *[lk for _, d in edges for lk in d["link_ids"]]),
                          _m("give it Gen{gen} x{lanes}", gen=spec.pcie_gen, lanes=spec.pcie_lanes))


@rule("pcie.uplink_oversubscribed", "PCIe switch uplink vs the GPUs behind it", Severity.WARNING)
def uplink(ctx: RuleContext) -> Iterator[Finding]:
    for cid in ctx.topo.of_type(PcieSwitchSpec):
        if not isinstance(ctx.part(cid), PcieSwitchSpec):
            continue
        edges = _pcie_edges(ctx, cid)
        up = sum(d["capacity"] for n, d in edges if isinstance(ctx.part(n), CpuSpec))
        down = sum(d["capacity"] for n, d in edges if isinstance(ctx.part(n), GpuSpec))
        if not down:
            continue
        if up == 0:
            yield Finding(_m("{id} has no uplink to a CPU: its GPUs cannot reach host memory", id=cid), (cid,),
                          _m("link the switch to a CPU root port"), Severity.ERROR)
        elif down / up > UPLINK_INFO_RATIO + 1e-9:
            ratio = down / up
            yield Finding(_m("{id}: GPUs below it can move {down} per direction to the host over a {up} uplink "
                             "({ratio}:1)", id=cid, down=Quantity(down, "GB/s"), up=Quantity(up, "GB/s"),
                             ratio=Number(ratio, 1)), (cid,), _m("widen the uplink or split the GPUs"),
                          None if ratio > UPLINK_WARN_RATIO else Severity.INFO)
