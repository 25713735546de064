"""Physical rules: slots and bays, form factors, rack units, one accelerator model per domain."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from designer.model.parts import GpuSpec, SlotKind, slot_kind_for
from designer.rules.engine import Finding, RuleContext, Severity, rule

SLOT_LABEL = {
    SlotKind.SXM: "SXM baseboard positions", SlotKind.OAM: "OAM positions on a UBB",
    SlotKind.PCIE_X16: "double-width PCIe x16 slots", SlotKind.SUPERCHIP: "superchip sockets",
    SlotKind.MODULE: "NPU module positions", SlotKind.SCALEUP_SWITCH: "scale-up switch positions",
    SlotKind.PCIE_SWITCH: "PCIe switch positions", SlotKind.CPU: "CPU sockets", SlotKind.NIC: "NIC slots",
    SlotKind.PSU: "PSU bays", SlotKind.COOLING: "cooling positions",
}
GPU_SLOTS = {SlotKind.SXM, SlotKind.OAM, SlotKind.PCIE_X16, SlotKind.SUPERCHIP, SlotKind.MODULE}


def _by_slot_kind(ctx: RuleContext) -> dict[SlotKind, list[tuple[str, int | None]]]:
    members: dict[SlotKind, list[tuple[str, int | None]]] = defaultdict(list)
    for comp in ctx.design.components:
        kind = slot_kind_for(ctx.catalog.get(comp.part))
        if kind is not None:
            members[kind].append((comp.id, comp.slot))
    return members


@rule("physical.slot_count", "Chassis slots and bays", Severity.ERROR)
def slot_count(ctx: RuleContext) -> Iterator[Finding]:
    chassis = ctx.catalog.chassis(ctx.design.chassis)
    for kind, members in _by_slot_kind(ctx).items():
        have = chassis.slots.get(kind, 0)
        if have == 0 and kind in GPU_SLOTS:
            continue  # physical.form_factor says why
        ids = [cid for cid, _ in members]
        if len(ids) > have:
            yield Finding(f"{len(ids)} parts need {SLOT_LABEL[kind]}; {chassis.name} has {have}",
                          tuple(ids[have:]), f"remove {len(ids) - have} or pick a chassis with more {SLOT_LABEL[kind]}")
        seen: dict[int, str] = {}
        for cid, slot in members:
            if slot is None:
                continue
            if slot >= have:
                yield Finding(f"{cid} is in {SLOT_LABEL[kind]} #{slot}, but {chassis.name} has only {have}",
                              (cid,), "move it to a free slot")
            elif slot in seen:
                yield Finding(f"{seen[slot]} and {cid} both occupy {SLOT_LABEL[kind]} #{slot}",
                              (seen[slot], cid), "move one of them to a free slot")
            else:
                seen[slot] = cid


@rule("physical.form_factor", "Form factor fits the chassis", Severity.ERROR)
def form_factor(ctx: RuleContext) -> Iterator[Finding]:
    chassis = ctx.catalog.chassis(ctx.design.chassis)
    for kind, members in _by_slot_kind(ctx).items():
        if kind in GPU_SLOTS and chassis.slots.get(kind, 0) == 0:
            offered = ", ".join(f"{n} {SLOT_LABEL[k]}" for k, n in chassis.slots.items() if k in GPU_SLOTS and n)
            ids = tuple(cid for cid, _ in members)
            part = ctx.part(ids[0])
            yield Finding(f"{part.name} ({part.form_factor.value.upper()}) needs {SLOT_LABEL[kind]}; "
                          f"{chassis.name} has none (it offers: {offered or 'no accelerator slots'})", ids,
                          "pick a chassis for this form factor or a part in the chassis' form factor")


@rule("physical.rack_units", "Nodes fit the rack", Severity.ERROR)
def rack_units(ctx: RuleContext) -> Iterator[Finding]:
    s = ctx.design.settings
    ru = ctx.catalog.chassis(ctx.design.chassis).rack_units
    if s.nodes_per_rack * ru > s.rack_height_u:
        need = s.nodes_per_rack * ru
        yield Finding(f"{s.nodes_per_rack} nodes x {ru}U = {need}U exceeds the {s.rack_height_u}U rack",
                      (), f"at most {s.rack_height_u // ru} nodes of {ru}U fit")


@rule("physical.mixed_accelerators", "One accelerator model per scale-up domain", Severity.ERROR)
def mixed_accelerators(ctx: RuleContext) -> Iterator[Finding]:
    for domain in ctx.topo.scaleup_domains():
        gpus = [n for n in domain if isinstance(ctx.part(n), GpuSpec)]
        models = sorted({ctx.part(g).id for g in gpus})
        if len(models) > 1:
            yield Finding(f"one scale-up domain mixes {', '.join(models)}", tuple(sorted(gpus)),
                          "use one accelerator model per NVLink/xGMI/HCCS domain")


@rule("physical.link_conflict", "One kind of link between two components", Severity.ERROR)
def link_conflict(ctx: RuleContext) -> Iterator[Finding]:
    for lid in ctx.topo.graph.graph.get("conflicting_links", []):
        link = ctx.design.link(lid)
        first = ctx.topo.graph.edges[link.a, link.b]["kind"].value
        yield Finding(f"{lid} is a {link.kind.value} link between {link.a} and {link.b}, which already have a "
                      f"{first} link: it is not counted", (lid, link.a, link.b), "delete one of the two kinds")
