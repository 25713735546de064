"""Cables and optics of every fabric, by speed, reach and medium, from the floor layout's lengths.

A link is bought at the next standard length of its run (designer.cluster.floor; a length the plan sets wins).
Passive copper (DAC) where the run stays within its reach (a top-of-rack link), else fibre between two
transceivers: multimode where the transceiver's multimode reach covers the run (the DGX SuperPOD RAs: "All
networking components are multi-mode fiber"), single-mode beyond. A transceiver is chosen from the catalog by the
cage it sits in (links per cage and lane speed), the fibre and the reach, with the flat-top variants on the nodes
(their NIC cages) where the catalog has them. Out-of-band links are copper patch cords (no optics); in-band node
links are active optical cables (their optics built in), as the H100 RA's Table 8 lists them.

Every transceiver counted has a cable end: a switch-side count is the used cages of its link class (sizing's
cage arithmetic), a node-side count the nodes' cages.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from designer.cluster.aux import AuxSizing
from designer.cluster.floor import Floor, bought_length, floor
from designer.cluster.plan import AuxFabric
from designer.core.errors import DesignerError
from designer.core.messages import Msg, Name, _m
from designer.model.parts import CableSpec, Confidence, NetworkSwitchSpec, RackSpec, TransceiverSpec

if TYPE_CHECKING:
    from designer.cluster.build import ClusterModel

DAC_REACH_M = 2.0  # passive copper at 100G-PAM4 lanes (the DAC part's reach); longer links are optical


@dataclass(frozen=True)
class Run:
    """Cables of one link class of one fabric, at one bought length."""

    fabric: str  # compute, storage, inband, oob
    link: str  # node-leaf, leaf-spine, spine-core
    length_m: float
    cables: int
    cable: CableSpec


@dataclass(frozen=True)
class Optic:
    fabric: str
    where: str  # switches, nodes
    part: TransceiverSpec
    count: int


@dataclass(frozen=True)
class Cabling:
    runs: tuple[Run, ...]
    optics: tuple[Optic, ...]

    def transceivers(self, fabric: str, where: str) -> int:
        return sum(o.count for o in self.optics if o.fabric == fabric and o.where == where)

    def cables(self, fabric: str, link: str | None = None) -> int:
        return sum(r.cables for r in self.runs if r.fabric == fabric and (link is None or r.link == link))


def _cables(m: ClusterModel, medium: str, fiber: str | None = None) -> list[CableSpec]:
    return sorted((p for p in m.catalog.of_kind("cable") if isinstance(p, CableSpec) and p.medium == medium
                   and (fiber is None or p.fiber == fiber)), key=lambda p: p.max_length_m)


def _reach(m: ClusterModel, fiber: str, per_cage: int, speed: float) -> float:
    found = [p.reach_m for p in _transceivers(m, fiber, per_cage, speed)]
    return max(found, default=0.0)


def _transceivers(m: ClusterModel, fiber: str, per_cage: int, speed: float) -> list[TransceiverSpec]:
    """Transceivers of the fibre and links per cage at the link's speed, else at the least speed above it (a 200G
    port on a 400G QSFP112 module, as the RA's storage links)."""
    fits = [p for p in m.catalog.of_kind("transceiver") if isinstance(p, TransceiverSpec) and p.fiber == fiber
            and p.ports == per_cage and p.port_speed_gbit_s >= speed]
    least = min((p.port_speed_gbit_s for p in fits), default=0.0)
    return [p for p in fits if p.port_speed_gbit_s == least]


def transceiver_for(m: ClusterModel, fiber: str, per_cage: int, speed: float, length_m: float, top: str,
                    form: str | None = None) -> TransceiverSpec:
    """The catalog's transceiver for a cage of `per_cage` links at `speed` over `length_m` of `fiber`: the shortest
    reach that covers the run, of the cage's form factor where given; a switch's cage takes a finned module only
    (a flat-top module is for a NIC's cage under a riding heat sink), a NIC's a flat one where there is one."""
    fits = sorted((p for p in _transceivers(m, fiber, per_cage, speed) if p.reach_m >= length_m - 1e-9
                   and (top != "finned" or p.top == "finned")),
                  key=lambda p: (p.top != top, form is not None and p.form_factor != form, p.reach_m))
    if not fits:
        raise DesignerError(f"no {fiber} transceiver of {per_cage} x {speed:g}G reaches {length_m:g} m")
    return fits[0]


def medium_for(m: ClusterModel, length_m: float, per_cage: int, speed: float) -> tuple[str, str | None]:
    """(medium, fibre) of a run: DAC within its reach, multimode fibre within the multimode optics' reach, else
    single mode."""
    if length_m <= DAC_REACH_M:
        return "dac", None
    if length_m <= _reach(m, "multimode", per_cage, speed):
        return "fiber", "multimode"
    return "fiber", "single_mode"


def cable_for(m: ClusterModel, medium: str, fiber: str | None, length_m: float, speed: float = 0.0) -> CableSpec:
    """The shortest cable of the medium (and fibre) that reaches `length_m`, of the lowest speed that carries
    `speed` (an active optical cable is a speed's own part), else the longest there is."""
    cables = [c for c in _cables(m, medium, fiber) if c.speed_gbit_s >= speed] or _cables(m, medium, fiber)
    cables.sort(key=lambda c: (c.speed_gbit_s, c.max_length_m))
    if not cables:
        raise DesignerError(f"the catalog has no {fiber or medium} cable")
    return next((c for c in cables if c.max_length_m >= length_m - 1e-9), cables[-1])


def _lengths(m: ClusterModel, given: float | None, per_rack: list[int]) -> Counter[float]:
    """Bought length -> cables, for links from the compute racks (`per_rack` cables each, in rack order) to the
    network row; a length the plan gives applies to every one of them."""
    if given is not None:
        return Counter({bought_length(given): sum(per_rack)})
    layout = _floor(m)
    out: Counter[float] = Counter()
    for i, cables in enumerate(per_rack):
        out[layout.rack_run(i)] += cables
    return out


def _floor(m: ClusterModel) -> Floor:
    rack = m.catalog.get(m.site.rack_part)
    width, depth = (rack.width_mm, rack.depth_mm) if isinstance(rack, RackSpec) else (600, 1200)
    compute = len(m.racks.of_role("compute"))
    return floor(compute, len(m.racks.racks) - compute, m.compute.scalable_units, width, depth)


FIBER_WORDS = {"multimode": _m("multimode"), "single_mode": _m("single-mode")}
TOP_WORDS = {"finned": _m("finned top"), "flat": _m("flat top")}


def generic_label(part: TransceiverSpec) -> Msg:
    """The name of a transceiver the plan makes for want of a catalog part, as a message (its English is the name)."""
    ports = f"{part.ports} x {part.port_speed_gbit_s:g}G" if part.ports > 1 else f"{part.port_speed_gbit_s:g}G"
    return _m("{ports} {fiber} transceiver, {top} (generic)", ports=Name(ports), fiber=FIBER_WORDS[part.fiber],
              top=TOP_WORDS[part.top])


def _generic_transceiver(fiber: str, per_cage: int, speed: float, length_m: float, top: str) -> TransceiverSpec:
    part = TransceiverSpec(id=f"xcvr-{per_cage}x{speed:g}g-{'mm' if fiber == 'multimode' else 'sm'}-{top}",
                           name="generic", port_speed_gbit_s=speed, ports=per_cage, reach_m=max(length_m, 1.0),
                           fiber=fiber, top=top,  # type: ignore[arg-type]
                           confidence=Confidence.LOW,
                           source="generic: no catalog transceiver of this cage, speed and reach (an assumption)")
    return part.model_copy(update={"name": str(generic_label(part))})


def _optic(m: ClusterModel, fiber: str, per_cage: int, speed: float, length_m: float, top: str,
           form: str | None = None) -> TransceiverSpec:
    try:
        return transceiver_for(m, fiber, per_cage, speed, length_m, top, form)
    except DesignerError:
        return _generic_transceiver(fiber, per_cage, speed, length_m, top)


def _runs(m: ClusterModel, fabric: str, link: str, lengths: Counter[float], per_cage: int,
          speed: float) -> list[Run]:
    out = []
    for length, cables in sorted(lengths.items()):
        if cables:
            medium, fiber = medium_for(m, length, per_cage, speed)
            out.append(Run(fabric, link, length, cables, cable_for(m, medium, fiber, length)))
    return out


def _shared(m: ClusterModel, fabric: str, where: str, runs: list[Run], ends: int, per_cage: int, speed: float,
            top: str, form: str | None = None) -> list[Optic]:
    """`ends` transceivers at one side of these runs, shared by their fibres in proportion to the cables, each fibre's
    part reaching its longest run."""
    total = sum(r.cables for r in runs)
    fibred = [r for r in runs if r.cable.needs_transceivers]
    if not total or not fibred or not ends:
        return []
    out = []
    for fiber in sorted({r.cable.fiber or "single_mode" for r in fibred}):
        group = [r for r in fibred if (r.cable.fiber or "single_mode") == fiber]
        count = math.ceil(ends * sum(r.cables for r in group) / total - 1e-9)
        part = _optic(m, fiber, per_cage, speed, max(r.length_m for r in group), top, form)
        out.append(Optic(fabric, where, part, count))
    return out


@dataclass(frozen=True)
class _Cage:
    switch_links: int  # links per switch cage (twin-port: 2; an 800G port split in two: 2)
    switch_speed: float  # per link
    node_links: int  # links per node cage
    node_speed: float


def _cage(m: ClusterModel) -> _Cage:
    sw, c, node = m.switch, m.compute, m.node
    split = max(1, c.radix // sw.ports)
    link = node.port_speed_gbit_s / c.planes
    return _Cage(sw.ports // sw.cages * split, sw.port_speed_gbit_s / split, node.ports_per_cage * c.planes, link)


def _compute(m: ClusterModel) -> tuple[list[Run], list[Optic]]:
    c, f, cage = m.compute, m.fabric, _cage(m)
    racks = m.racks.of_role("compute")
    per_rack = [r.count("node") * c.rails for r in racks]
    node_leaf = _lengths(m, f.node_leaf_length_m, per_rack)
    network = _floor(m).network_length()
    node_leaf[network if f.node_leaf_length_m is None else bought_length(f.node_leaf_length_m)] += c.ufm_leaf_cables
    runs = _runs(m, "compute", "node-leaf", node_leaf, cage.switch_links, cage.switch_speed)
    optics = _shared(m, "compute", "switches", runs, c.leaf_down_cages, cage.switch_links, cage.switch_speed,
                     "finned")
    node_ends = [r.count("node") * math.ceil(c.rails / m.node.ports_per_cage) for r in racks]
    optics += _shared(m, "compute", "nodes", runs, sum(node_ends), cage.node_links, cage.node_speed, "flat")
    for link, cables, given, ends in (("leaf-spine", c.leaf_spine_cables, f.leaf_spine_length_m,
                                       c.leaf_up_cages + c.spine_down_cages),
                                      ("spine-core", c.spine_core_cables, f.spine_core_length_m,
                                       c.spine_up_cages + c.core_cages)):
        if cables:
            length = bought_length(given) if given is not None else network
            more = _runs(m, "compute", link, Counter({length: cables}), cage.switch_links, cage.switch_speed)
            runs += more
            optics += _shared(m, "compute", "switches", more, ends, cage.switch_links, cage.switch_speed, "finned")
    return runs, optics


def _per_rack(m: ClusterModel, ports_per_node: int) -> list[int]:
    """Ports of each compute rack's nodes on a fabric (a rack-scale node's ports are its whole rack's)."""
    units = m.node.fabric_units
    return [r.count("node") // units * ports_per_node for r in m.racks.of_role("compute")]


def _storage(m: ClusterModel, a: AuxSizing, fabric: AuxFabric, sw: NetworkSwitchSpec,
             network: float) -> tuple[list[Run], list[Optic]]:
    """Node links and leaf-spine links on fibre, a transceiver at every end (switch cages twin where the switch's
    are; one per node port)."""
    per_cage, speed = sw.ports // sw.cages, sw.port_speed_gbit_s
    node_speed = m.node.storage_gbit_s / m.node.storage_ports if m.node.storage_ports else speed
    runs = _runs(m, a.role, "node-leaf", _lengths(m, None, _per_rack(m, fabric.ports_per_node)), per_cage, speed)
    node_ports = sum(r.cables for r in runs)
    optics = _shared(m, a.role, "switches", runs, math.ceil(node_ports / per_cage), per_cage, speed, "finned")
    optics += _shared(m, a.role, "nodes", runs, node_ports, 1, node_speed, "flat", "qsfp112")  # the RA's storage
    if a.spines and a.leaf_uplinks:
        up = _runs(m, a.role, "leaf-spine", Counter({network: a.leaves * a.leaf_uplinks}), per_cage, speed)
        runs += up
        optics += _shared(m, a.role, "switches", up, 2 * math.ceil(a.leaves * a.leaf_uplinks / per_cage), per_cage,
                          speed, "finned")
    return runs, optics


def _patched(m: ClusterModel, a: AuxSizing, fabric: AuxFabric, network: float) -> list[Run]:
    """In-band: active optical cables (optics built in) to the nodes and to the site's core; out-of-band: copper patch
    cords to every managed port, active optical uplinks to the in-band fabric."""
    medium = "utp" if fabric.management_ports else "aoc"
    sw = m.part(a.switch, NetworkSwitchSpec)
    if fabric.management_ports:
        lengths, speed = Counter({network: a.ports}), sw.port_speed_gbit_s
    else:  # the node's own port speed (a DGX H100's in-band ports: 200G)
        lengths = _lengths(m, None, _per_rack(m, fabric.ports_per_node))
        speed = m.node.storage_gbit_s / m.node.storage_ports if m.node.storage_ports else sw.port_speed_gbit_s
    runs = [Run(a.role, "node-leaf", length, n, cable_for(m, medium, None, length, speed)) for length, n in
            sorted(lengths.items()) if n]
    if a.leaves * a.leaf_uplinks:  # uplinks at 100G-class (the RA's in-band and out-of-band uplinks)
        runs.append(Run(a.role, "leaf-core", network, a.leaves * a.leaf_uplinks,
                        cable_for(m, "aoc", None, network, 100.0)))
    return runs


def _aux(m: ClusterModel) -> tuple[list[Run], list[Optic]]:
    network = _floor(m).network_length()
    runs: list[Run] = []
    optics: list[Optic] = []
    for a in m.aux:
        fabric = getattr(m.fabrics, a.role)
        if not isinstance(fabric, AuxFabric):
            continue
        if fabric.spines and not fabric.management_ports:
            more, more_optics = _storage(m, a, fabric, m.part(a.switch, NetworkSwitchSpec), network)
            runs, optics = runs + more, optics + more_optics
        else:
            runs += _patched(m, a, fabric, network)
    return runs, optics


def cabling(m: ClusterModel) -> Cabling:
    runs, optics = _compute(m)
    more, more_optics = _aux(m)
    return Cabling(tuple(runs + more), tuple(optics + more_optics))
