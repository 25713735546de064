"""Fit a sketch into a chassis that holds it: the sketch must pass its own rule check (a real machine boots).

1. Keep the template's chassis if it holds every part; else take a catalog chassis for the same GPU form that
   does (same cooling first, then the fewest spare positions).
2. Where no chassis holds what the paste implies, fold what the paste cannot tell apart from a smaller
   build, and say so in the notes (inferred):
   - CPU sockets beyond the chassis': SYS groups are NUMA nodes of fewer sockets (a CPU set up with several
     NUMA nodes per socket, EPYC NPS4, reads SYS between them);
   - PCIe switches beyond the chassis' positions: two sibling switches (same parent) become one;
   - NICs beyond the chassis' slots: two NICs that relate alike to every device are two ports of one card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from designer.model.catalog import Catalog
from designer.model.design import Design, Link, LinkKind, Placement
from designer.model.parts import AnyPart, ChassisSpec, CpuSpec, NicSpec, PcieSwitchSpec, SlotKind, slot_kind_for
from designer.templates import TEMPLATES, build_template

MERGEABLE = (SlotKind.CPU, SlotKind.PCIE_SWITCH, SlotKind.NIC)


def needs(design: Design, catalog: Catalog) -> Counter[SlotKind]:
    return Counter(k for c in design.components if (k := slot_kind_for(catalog.get(c.part))) is not None)


def _holds(chassis: ChassisSpec, need: Counter[SlotKind], skip: tuple[SlotKind, ...] = ()) -> bool:
    return all(chassis.slots.get(kind, 0) >= n for kind, n in need.items() if kind not in skip)


def _candidates(design: Design, catalog: Catalog, need: Counter[SlotKind], skip: tuple[SlotKind, ...]
                ) -> list[ChassisSpec]:
    current = catalog.chassis(design.chassis)
    pool = [p for p in catalog.of_kind("chassis") if isinstance(p, ChassisSpec) and not p.rack_trays
            and _holds(p, need, skip)]
    return sorted(pool, key=lambda p: (p.id != current.id, p.cooling_type != current.cooling_type,
                                       sum(p.slots.values()), p.rack_units, p.id))


def fit_chassis(design: Design, catalog: Catalog, notes: list[str]) -> Design:
    need = needs(design, catalog)
    holding = _candidates(design, catalog, need, ())
    if not holding:
        holding = _candidates(design, catalog, need, MERGEABLE)
        if not holding:
            return design  # nothing in the catalog takes this GPU form with these parts: the check says so
        design = _fold(design, catalog, holding[0], notes)
    chassis = holding[0]
    if chassis.id != design.chassis:
        old = catalog.chassis(design.chassis)
        short = ", ".join(f"{n} {k.value}" for k, n in sorted(need.items()) if old.slots.get(k, 0) < n)
        notes.append(f"chassis {chassis.name}: it holds what the paste shows ({short}; the template's "
                     f"{old.name} does not) (inferred)")
        design = _power_and_cooling_of(design.model_copy(update={"chassis": chassis.id}), catalog, notes)
    return _renumber(design, catalog)


def _power_and_cooling_of(design: Design, catalog: Catalog, notes: list[str]) -> Design:
    """PSUs, their policy and the cooling of the reference design built in this chassis, if there is one."""
    for tid in TEMPLATES:
        reference = build_template(tid, catalog)
        if reference.chassis != design.chassis:
            continue
        kinds = ("psu", "cooling")
        keep = [c for c in design.components if catalog.get(c.part).kind not in kinds]
        taken = {c.id for c in keep} | {lk.id for lk in design.links}
        borrowed = [c for c in reference.components if catalog.get(c.part).kind in kinds and c.id not in taken]
        gone = {c.id for c in design.components} - {c.id for c in keep}
        links = [lk for lk in design.links if lk.a not in gone and lk.b not in gone]
        settings = design.settings.model_copy(update={"psu_redundancy": reference.settings.psu_redundancy})
        notes.append(f"PSUs, their policy and cooling from the template '{tid}' built in this chassis (inferred)")
        return design.model_copy(update={"components": keep + borrowed, "links": links, "settings": settings})
    return design


def _fold(design: Design, catalog: Catalog, chassis: ChassisSpec, notes: list[str]) -> Design:
    need = needs(design, catalog)
    if need[SlotKind.CPU] > chassis.slots.get(SlotKind.CPU, 0):
        design = _fold_sockets(design, catalog, chassis.slots.get(SlotKind.CPU, 0), notes)
    if need[SlotKind.PCIE_SWITCH] > chassis.slots.get(SlotKind.PCIE_SWITCH, 0):
        design = _fold_switches(design, catalog, chassis.slots.get(SlotKind.PCIE_SWITCH, 0), notes)
    if need[SlotKind.NIC] > chassis.slots.get(SlotKind.NIC, 0):
        design = _fold_nics(design, catalog, chassis.slots.get(SlotKind.NIC, 0), notes)
    return design


def _of(design: Design, catalog: Catalog, test: Callable[[AnyPart], bool]) -> list[Placement]:
    return [c for c in design.components if test(catalog.get(c.part))]


def merge(design: Design, keep: str, gone: str) -> Design:
    """`gone`'s links moved to `keep`; links that become loops or repeats are dropped; `gone` removed."""
    links: list[Link] = []
    seen: set[tuple[LinkKind, frozenset[str]]] = set()
    for lk in design.links:
        a, b = (keep if lk.a == gone else lk.a), (keep if lk.b == gone else lk.b)
        key = (lk.kind, frozenset((a, b)))
        if a == b or key in seen:
            continue
        seen.add(key)
        links.append(lk.model_copy(update={"a": a, "b": b}))
    comps = [c for c in design.components if c.id != gone]
    return design.model_copy(update={"components": comps, "links": links})


def _fold_sockets(design: Design, catalog: Catalog, sockets: int, notes: list[str]) -> Design:
    cpus = _of(design, catalog, lambda p: isinstance(p, CpuSpec))
    if sockets < 1 or not cpus:
        return design
    vendor = catalog.typed(cpus[0].part, CpuSpec).vendor
    per = -(-len(cpus) // sockets)
    nps = [p for p in catalog.parts.values() if isinstance(p, CpuSpec) and p.vendor == vendor
           and p.numa_nodes_per_socket >= per]
    if not nps:
        return design
    cpu = sorted(nps, key=lambda p: p.numa_nodes_per_socket)[0]
    for i, gone in enumerate(cpus[sockets:], start=sockets):
        design = merge(design, cpus[i % sockets].id, gone.id)
    comps = [c.model_copy(update={"part": cpu.id}) if c.id in {x.id for x in cpus} else c for c in design.components]
    notes.append(f"the paste shows {len(cpus)} CPU groups (SYS between them); the chassis has {sockets} sockets: "
                 f"they are NUMA nodes of {sockets} {cpu.name} set up with {cpu.numa_nodes_per_socket} NUMA nodes "
                 "per socket, which reads SYS between them (inferred)")
    return design.model_copy(update={"components": comps})


def _parent(design: Design, cid: str, catalog: Catalog) -> str:
    """The upstream end of a switch's PCIe uplink: a CPU or a switch (the end it is not the parent of)."""
    ups = [lk.b if lk.a == cid else lk.a for lk in design.links if lk.kind == LinkKind.PCIE and cid in (lk.a, lk.b)]
    for up in ups:
        if catalog.get(design.component(up).part).kind in ("cpu", "pcie_switch"):
            return up
    return ""


def _lanes(design: Design, cid: str) -> int:
    return sum(lk.count for lk in design.links if lk.kind == LinkKind.PCIE and cid in (lk.a, lk.b))


def _fold_switches(design: Design, catalog: Catalog, positions: int, notes: list[str]) -> Design:
    before = len(_of(design, catalog, lambda p: p.kind == "pcie_switch"))
    while (switches := _of(design, catalog, lambda p: isinstance(p, PcieSwitchSpec))) and len(switches) > positions:
        by_parent: dict[str, list[Placement]] = {}
        for s in switches:
            by_parent.setdefault(_parent(design, s.id, catalog), []).append(s)
        # the pair of siblings with the fewest lanes together (one uplink goes), within the chip's lanes
        pairs = [(_lanes(design, a.id) + _lanes(design, b.id) - 16, a.id, b.id) for group in by_parent.values()
                 for i, a in enumerate(group) for b in group[i + 1:]
                 if _lanes(design, a.id) + _lanes(design, b.id) - 16 <= catalog.typed(a.part, PcieSwitchSpec).lanes]
        if not pairs:
            break
        _, keep, gone = min(pairs)
        design = merge(design, keep, gone)
    after = len(_of(design, catalog, lambda p: p.kind == "pcie_switch"))
    if after < before:
        notes.append(f"the paste implies {before} PCIe switches; the chassis has {positions} positions: switches "
                     f"under one parent share a chip ({after} switches), so devices the paste shows apart may read "
                     "PIX to each other (inferred)")
    return design


def _fold_nics(design: Design, catalog: Catalog, slots: int, notes: list[str]) -> Design:
    before = len(_of(design, catalog, lambda p: p.kind == "nic"))
    while (nics := _of(design, catalog, lambda p: isinstance(p, NicSpec) and p.ports == 1)) and \
            len(_of(design, catalog, lambda p: p.kind == "nic")) > slots:
        pair = _alike_pair(design, nics)
        if pair is None:
            break
        keep, gone = pair
        single = catalog.typed(keep.part, NicSpec)
        duals = [p for p in catalog.parts.values() if isinstance(p, NicSpec) and p.ports == 2
                 and p.port_speed_gbit_s == single.port_speed_gbit_s and not p.is_dpu]
        design = merge(design, keep.id, gone.id)
        if duals:
            comps = [c.model_copy(update={"part": duals[0].id}) if c.id == keep.id else c for c in design.components]
            links = [lk.model_copy(update={"count": duals[0].ports}) if lk.kind == LinkKind.NETWORK
                     and keep.id in (lk.a, lk.b) else lk for lk in design.links]
            design = design.model_copy(update={"components": comps, "links": links})
    after = len(_of(design, catalog, lambda p: p.kind == "nic"))
    if after < before:
        notes.append(f"the paste shows {before} NIC ports; the chassis has {slots} NIC slots: NICs that relate alike "
                     f"to every device are taken as ports of one dual-port card ({after} cards) (inferred)")
    return design


def _alike_pair(design: Design, nics: list[Placement]) -> tuple[Placement, Placement] | None:
    """Two single-port NICs on the same PCIe parent (they relate alike to every device in the sketch)."""
    parent: dict[str, str] = {}
    for lk in design.links:
        if lk.kind == LinkKind.PCIE:
            for nic in nics:
                if nic.id in (lk.a, lk.b):
                    parent[nic.id] = lk.b if lk.a == nic.id else lk.a
    for i, a in enumerate(nics):
        for b in nics[i + 1:]:
            if a.part == b.part and a.id[:1] == b.id[:1] and parent.get(a.id) and parent.get(a.id) == parent.get(b.id):
                return a, b
    return None


def _renumber(design: Design, catalog: Catalog) -> Design:
    """Slots 0.. in component order for a slot kind where folding or a new chassis left one out of range."""
    chassis = catalog.chassis(design.chassis)
    kinds = {c.id: slot_kind_for(catalog.get(c.part)) for c in design.components}
    bad = {k for c in design.components if (k := kinds[c.id]) is not None and c.slot is not None
           and c.slot >= chassis.slots.get(k, 0)}
    used: Counter[SlotKind] = Counter()
    comps = []
    for c in design.components:
        kind = kinds[c.id]
        if kind not in bad or c.slot is None:
            comps.append(c)
            continue
        comps.append(c.model_copy(update={"slot": used[kind]}))
        used[kind] += 1
    return design.model_copy(update={"components": comps})
