"""The cluster's bill of materials: nodes, switches by role, cables by kind and length class, transceivers,
PDUs, racks, CDUs; in total and per rack role."""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass

from designer.cluster.architecture import AUX_FABRICS
from designer.cluster.build import DAC_REACH_M, ClusterModel
from designer.core.messages import Msg, _m
from designer.model.parts import CableSpec

LENGTH_CLASSES_M = (2.0, 5.0, 30.0, 100.0, 500.0)  # in-rack copper, active copper, in-row, across rows, campus
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


def cable_for(m: ClusterModel, length_m: float) -> CableSpec:
    """Copper (DAC) within its reach, else fibre between transceivers, as the RA cables every compute link;
    active copper and AOCs stay in the catalog for hand-made choices."""
    medium = "dac" if length_m <= DAC_REACH_M else "fiber"
    cables = sorted((p for p in m.catalog.of_kind("cable") if isinstance(p, CableSpec) and p.medium == medium),
                    key=lambda p: p.max_length_m)
    return next((c for c in cables if c.max_length_m >= length_m), cables[-1])


def length_class(length_m: float) -> str:
    for limit in LENGTH_CLASSES_M:
        if length_m <= limit:
            return f"<={limit:g} m"
    return f">{LENGTH_CLASSES_M[-1]:g} m"


def _cable_lines(m: ClusterModel) -> list[BomLine]:
    f, c = m.fabric, m.compute
    out = []
    for link, count, length in ((_m("node-leaf"), c.node_leaf_cables, f.node_leaf_length_m),
                                (_m("leaf-spine"), c.leaf_spine_cables, f.leaf_spine_length_m),
                                (_m("spine-core"), c.spine_core_cables, f.spine_core_length_m)):
        if count:
            cable = cable_for(m, length)
            out.append(BomLine("cable", cable.id, f"{cable.name} ({length_class(length)})", count, link))
    return out


def _optics(m: ClusterModel) -> list[BomLine]:
    on_switches, on_nodes = m.optics
    t = m.transceiver
    node_t = t if m.node.ports_per_cage > 1 else m.catalog.get("mms4x00-ns400")
    out = [BomLine("transceiver", t.id, t.name, on_switches, _m("compute switches"))] if on_switches else []
    return out + ([BomLine("transceiver", node_t.id, node_t.name, on_nodes, _m("nodes"))] if on_nodes else [])


def bom(m: ClusterModel) -> list[BomLine]:
    c, sw, site = m.compute, m.switch, m.site
    lines = [BomLine("node", m.plan.node.template or "embedded design", m.node.name, m.nodes, ROLE_RACKS["compute"])]
    for tier, n in ((_m("compute leaf"), c.leaf_switches), (_m("compute spine"), c.spine_switches),
                    (_m("compute core"), c.core_switches)):
        if n:
            lines.append(BomLine("switch", sw.id, sw.name, n, tier))
    for a in m.aux:
        lines.append(BomLine("switch", a.switch, m.catalog.get(a.switch).name, a.switches, AUX_FABRICS[a.role]))
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


def bom_csv(lines: list[BomLine]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["category", "part", "name", "quantity", "where"])
    for line in lines:
        writer.writerow([line.category, line.part, line.name, line.quantity, line.where])
    return out.getvalue()
