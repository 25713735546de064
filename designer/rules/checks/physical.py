"""Physical rules: slots and bays, form factors, rack units, one accelerator model per domain."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from designer.core.messages import Name, _m, many
from designer.model.parts import GpuSpec, SlotKind
from designer.rules.engine import Finding, RuleContext, Severity, rule

SLOT_LABEL = {
    SlotKind.SXM: _m("SXM baseboard positions"), SlotKind.OAM: _m("OAM positions on a UBB"),
    SlotKind.PCIE_X16: _m("double-width PCIe x16 slots"), SlotKind.SUPERCHIP: _m("superchip sockets"),
    SlotKind.MODULE: _m("NPU module positions"), SlotKind.SCALEUP_SWITCH: _m("scale-up switch positions"),
    SlotKind.PCIE_SWITCH: _m("PCIe switch positions"), SlotKind.CPU: _m("CPU sockets"), SlotKind.NIC: _m("NIC slots"),
    SlotKind.PSU: _m("PSU bays"), SlotKind.COOLING: _m("cooling positions"),
}
GPU_SLOTS = {SlotKind.SXM, SlotKind.OAM, SlotKind.PCIE_X16, SlotKind.SUPERCHIP, SlotKind.MODULE}


def _by_slot_kind(ctx: RuleContext) -> dict[SlotKind, list[tuple[str, int | None]]]:
    """The components per kind of slot, once per topology (the components and their slots are part of its key)."""
    if "by_slot_kind" not in ctx.topo.cache:
        members: dict[SlotKind, list[tuple[str, int | None]]] = defaultdict(list)
        kinds = ctx.topo.slot_kinds
        for comp in ctx.design.components:
            kind = kinds[comp.id]
            if kind is not None:
                members[kind].append((comp.id, comp.slot))
        ctx.topo.cache["by_slot_kind"] = dict(members)
    return ctx.topo.cache["by_slot_kind"]


@rule("physical.slot_count", "Chassis slots and bays", Severity.ERROR)
def slot_count(ctx: RuleContext) -> Iterator[Finding]:
    chassis = ctx.catalog.chassis(ctx.design.chassis)
    for kind, members in _by_slot_kind(ctx).items():
        have = chassis.slots.get(kind, 0)
        if have == 0 and kind in GPU_SLOTS:
            continue  # physical.form_factor says why
        ids = [cid for cid, _ in members]
        if len(ids) > have:
            yield Finding(_m("{n} parts need {slots}; {chassis} has {have}", n=len(ids), slots=SLOT_LABEL[kind],
                             chassis=chassis.name, have=have),
                          tuple(ids[have:]), _m("remove {n} or pick a chassis with more {slots}", n=len(ids) - have,
                                                slots=SLOT_LABEL[kind]))
        seen: dict[int, str] = {}
        for cid, slot in members:
            if slot is None:
                continue
            if slot >= have:
                yield Finding(_m("{id} is in {slots} #{slot}, but {chassis} has only {have}", id=cid,
                                 slots=SLOT_LABEL[kind], slot=slot, chassis=chassis.name, have=have),
                              (cid,), _m("move it to a free slot"))
            elif slot in seen:
                yield Finding(_m("{a} and {b} both occupy {slots} #{slot}", a=seen[slot], b=cid,
                                 slots=SLOT_LABEL[kind], slot=slot),
                              (seen[slot], cid), _m("move one of them to a free slot"))
            else:
                seen[slot] = cid


@rule("physical.form_factor", "Form factor fits the chassis", Severity.ERROR)
def form_factor(ctx: RuleContext) -> Iterator[Finding]:
    chassis = ctx.catalog.chassis(ctx.design.chassis)
    for kind, members in _by_slot_kind(ctx).items():
        if kind in GPU_SLOTS and chassis.slots.get(kind, 0) == 0:
            offered = [_m("{n} {slots}", n=n, slots=SLOT_LABEL[k]) for k, n in chassis.slots.items()
                       if k in GPU_SLOTS and n]
            ids = tuple(cid for cid, _ in members)
            part = ctx.part(ids[0])
            yield Finding(_m("{name} ({form}) needs {slots}; {chassis} has none (it offers: {offered})",
                             name=part.name, form=part.form_factor.value.upper(), slots=SLOT_LABEL[kind],
                             chassis=chassis.name, offered=many(offered) if offered else _m("no accelerator slots")),
                          ids, _m("pick a chassis for this form factor or a part in the chassis' form factor"))


@rule("physical.rack_units", "Nodes fit the rack", Severity.ERROR)
def rack_units(ctx: RuleContext) -> Iterator[Finding]:
    s = ctx.design.settings
    ru = ctx.catalog.chassis(ctx.design.chassis).rack_units
    if s.nodes_per_rack * ru > s.rack_height_u:
        need = s.nodes_per_rack * ru
        yield Finding(_m("{n} nodes x {ru}U = {need}U exceeds the {height}U rack", n=s.nodes_per_rack, ru=ru,
                         need=need, height=s.rack_height_u),
                      (), _m("at most {n} nodes of {ru}U fit", n=s.rack_height_u // ru, ru=ru))


@rule("physical.mixed_accelerators", "One accelerator model per scale-up domain", Severity.ERROR)
def mixed_accelerators(ctx: RuleContext) -> Iterator[Finding]:
    part_ids = ctx.topo.part_ids
    if len({part_ids[g] for g in ctx.topo.gpus}) < 2:
        return  # one accelerator model in the design: no domain can mix (a 72-GPU rack's domains cost 0.5 ms)
    for domain in ctx.topo.scaleup_domains():
        gpus = [n for n in domain if isinstance(ctx.part(n), GpuSpec)]
        models = sorted({ctx.part(g).id for g in gpus})
        if len(models) > 1:
            yield Finding(_m("one scale-up domain mixes {models}", models=many(models)), tuple(sorted(gpus)),
                          _m("use one accelerator model per NVLink/xGMI/HCCS domain"))


@rule("physical.link_conflict", "One kind of link between two components", Severity.ERROR)
def link_conflict(ctx: RuleContext) -> Iterator[Finding]:
    for lid in ctx.topo.graph.graph.get("conflicting_links", []):
        link = ctx.design.link(lid)
        first = ctx.topo.graph.edges[link.a, link.b]["kind"].value
        yield Finding(_m("{link} is a {kind} link between {a} and {b}, which already have a {first} link: it is not "
                         "counted", link=lid, kind=Name(link.kind.value), a=link.a, b=link.b, first=Name(first)),
                      (lid, link.a, link.b), _m("delete one of the two kinds"))
