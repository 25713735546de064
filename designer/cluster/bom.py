"""The cluster's bill of materials: nodes, switches by role, cables by kind and length class, transceivers,
PDUs, racks, CDUs; in total and per rack role."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from designer.cluster.architecture import AUX_FABRICS
from designer.cluster.build import ClusterModel, boxes
from designer.core.messages import Msg, _m
from designer.model.parts import NetworkSwitchSpec

ROLE_RACKS = {"compute": _m("compute racks"), "network": _m("network racks"), "management": _m("management racks")}


@dataclass(frozen=True)
class BomLine:
    category: str
    part: str
    name: str
    quantity: int
    where: Msg  # the rack role or link the line belongs to (str(where) is the English: CSV, CLI)

    def as_dict(self) -> dict[str, str | int]:
        return {"category": self.category, "part": self.part, "name": self.name, "quantity": self.quantity,
                "where": str(self.where)}


LINKS = {"node-leaf": _m("node-leaf"), "leaf-spine": _m("leaf-spine"), "spine-core": _m("spine-core"),
         "leaf-core": _m("leaf-core")}
ENDS = {"switches": _m("switches"), "nodes": _m("nodes")}


def _where(fabric: str, what: Msg) -> Msg:
    """A line's place: the compute fabric's link or end alone (as before), another fabric's named with it."""
    return what if fabric == "compute" else _m("{fabric}, {what}", fabric=AUX_FABRICS[fabric], what=what)


def _cable_lines(m: ClusterModel) -> list[BomLine]:
    """One line per fabric, link class, cable and bought length (the part number depends on the length)."""
    counts: Counter[tuple[str, str, str, float]] = Counter()
    names: dict[str, str] = {}
    for run in m.cabling.runs:
        counts[(run.fabric, run.link, run.cable.id, run.length_m)] += run.cables
        names[run.cable.id] = run.cable.name
    return [BomLine("cable", part, f"{names[part]} ({length:g} m)", n, _where(fabric, LINKS[link]))
            for (fabric, link, part, length), n in counts.items()]


def _optics(m: ClusterModel) -> list[BomLine]:
    """One line per fabric, end (switches or nodes) and transceiver part."""
    counts: Counter[tuple[str, str, str]] = Counter()
    names: dict[str, str] = {}
    for o in m.cabling.optics:
        counts[(o.fabric, o.where, o.part.id)] += o.count
        names[o.part.id] = o.part.name
    out = []
    for (fabric, end, part), n in counts.items():
        where = _m("compute switches") if fabric == "compute" and end == "switches" else _where(fabric, ENDS[end])
        out.append(BomLine("transceiver", part, names[part], n, where))
    return out


def bom(m: ClusterModel) -> list[BomLine]:
    c, sw, site = m.compute, m.switch, m.site
    lines = [BomLine("node", m.plan.node.template or "embedded design", m.node.name, m.nodes, ROLE_RACKS["compute"])]
    for tier, n in ((_m("compute leaf"), c.leaf_switches), (_m("compute spine"), c.spine_switches),
                    (_m("compute core"), c.core_switches)):
        if n:  # boxes: a Q3200-RA box holds two of the fabric's switches
            lines.append(BomLine("switch", sw.id, sw.name, boxes(sw, n), tier))
    for a in m.aux:
        part = m.catalog.get(a.switch)
        count = boxes(part, a.switches) if isinstance(part, NetworkSwitchSpec) else a.switches
        lines.append(BomLine("switch", a.switch, part.name, count, AUX_FABRICS[a.role]))
    lines += _cable_lines(m) + _optics(m)
    racks = Counter(r.role for r in m.racks.racks)
    rack = m.catalog.get(site.rack_part)
    lines.append(BomLine("pdu", m.pdu.id, m.pdu.name, sum(r.count("pdu") for r in m.racks.racks), _m("all racks")))
    for role, n in racks.items():
        lines.append(BomLine("rack", rack.id, rack.name, n, ROLE_RACKS[role]))
    if m.cdus:
        cdu = m.cdu
        lines.append(BomLine("cdu", cdu.id, cdu.name, m.cdus, _m("liquid racks, N+1") if m.cdus > m.cdus_needed
                             else _m("liquid racks")))
    return lines
