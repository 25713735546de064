"""Everything derived from a plan, computed once: the node, fabric sizes, racks, feeds, site totals."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from designer.analysis import Analysis
from designer.cluster.architecture import ReferenceArchitecture, Resolved, architecture_for, resolve
from designer.cluster.aux import AuxSizing, size_aux
from designer.cluster.cabling import Cabling, cabling, generic_label
from designer.cluster.node import NodeFigures, plan_node
from designer.cluster.plan import AuxFabric, ClusterPlan, ComputeFabric, Fabrics, NodeRef, Site
from designer.cluster.racks import FeedCheck, RackLayout, feed_checks, layout
from designer.cluster.sizing import ComputeSizing, nodes_for, size_compute
from designer.core.electrical import cooling_tons
from designer.core.errors import DesignerError
from designer.core.messages import Msg, Name, Quantity, _m
from designer.model.catalog import Catalog
from designer.model.facility import coolant_flow_l_min
from designer.model.parts import AnyPart, CduSpec, Confidence, NetworkKind, NetworkSwitchSpec, PduSpec

# Switch power where the catalog has none (none of the shipped network switches has a verified figure): per
# Gb/s of port capacity, 1,720 W for 64 x 400G (the figure commonly quoted for a QM9700 with optics in every
# cage; an assumption, and every output that uses it says so).
ASSUMED_SWITCH_W_PER_GBIT = 1720 / (64 * 400)


def node_architecture(node: NodeRef, catalog: Catalog) -> ReferenceArchitecture:
    """The reference architecture a plan of this node follows unless it names another."""
    return architecture_for(plan_node(ClusterPlan(node=node, nodes=1), catalog)[0])


def default_switch(node: NodeRef, catalog: Catalog) -> str:
    """The compute switch of the node's reference architecture (InfiniBand: Quantum-2; Ethernet: Spectrum-4, when
    the node has no RA of its own)."""
    return node_architecture(node, catalog).compute.switch


def same_network(switch: NetworkSwitchSpec, node_kind: NetworkKind) -> bool:
    """InfiniBand switches carry InfiniBand NICs; Ethernet switches carry every RoCE/Ethernet kind."""
    return (switch.network_kind is NetworkKind.INFINIBAND) == (node_kind is NetworkKind.INFINIBAND)


ASSUMED_SWITCH_MIN_W = 100.0  # a managed switch's own draw (fans, CPU, ASIC) where its ports' rule gives less


def ports_rule_w(switch: NetworkSwitchSpec) -> float:
    """The draw the ports' rule gives a switch box whose power is not published (every switch in it)."""
    ports = switch.ports * switch.switches_per_box
    return max(ASSUMED_SWITCH_MIN_W, ASSUMED_SWITCH_W_PER_GBIT * ports * switch.port_speed_gbit_s)


def boxes(switch: NetworkSwitchSpec, switches: int) -> int:
    """The boxes that hold `switches` of a part (a Q3200-RA box holds two): what is racked, powered and bought."""
    return math.ceil(switches / switch.switches_per_box)


def switch_watts(switch: NetworkSwitchSpec) -> tuple[float, bool]:
    """(watts, assumed): the published draw, else the ports' rule, never above what one of its redundant supplies
    delivers (the SN5600's 64 x 800G give 3,440 W by the rule; its dual 3 kW supplies, 1+1, carry 3,000 W)."""
    if switch.power_w is not None:
        return switch.power_w, False
    rule = ports_rule_w(switch)
    return (min(rule, switch.psu_limit_w) if switch.psu_limit_w else rule), True


@dataclass(eq=False)
class ClusterModel:
    plan: ClusterPlan
    catalog: Catalog

    @cached_property
    def _node(self) -> tuple[NodeFigures, Analysis]:
        return plan_node(self.plan, self.catalog)

    @property
    def node(self) -> NodeFigures:
        return self._node[0]

    @property
    def node_analysis(self) -> Analysis:
        return self._node[1]

    @cached_property
    def nodes(self) -> int:
        return self.plan.nodes if self.plan.nodes is not None else nodes_for(self.plan.gpus or 0, self.node)

    @cached_property
    def resolved(self) -> Resolved:
        """The plan with its defaults filled in from its reference architecture and node."""
        return resolve(self.plan, self.node, self.catalog)

    @property
    def architecture(self) -> ReferenceArchitecture:
        return self.resolved.architecture

    @property
    def site(self) -> Site:
        return self.resolved.site

    @property
    def fabrics(self) -> Fabrics:
        return self.resolved.fabrics

    @property
    def fabric(self) -> ComputeFabric:
        """The compute fabric as resolved (switch, planes, SU and UFM rules of the RA unless the plan sets them)."""
        return self.resolved.fabrics.compute

    @cached_property
    def switch(self) -> NetworkSwitchSpec:
        return self.part(self.fabric.switch or "", NetworkSwitchSpec)

    def part(self, part_id: str, cls: type):
        if part_id not in self.catalog:
            raise DesignerError(f"unknown part '{part_id}'")
        part = self.catalog.get(part_id)
        if not isinstance(part, cls):
            raise DesignerError(f"'{part_id}' is a {part.kind}, not a {cls.__name__.removesuffix('Spec')}")
        return part

    @cached_property
    def compute(self) -> ComputeSizing:
        return size_compute(self.nodes, self.node, self.fabric, self.switch)

    def _aux(self, roles: tuple[str, ...], managed_ports: int = 0) -> list[AuxSizing]:
        out = []
        for role in roles:
            fabric = getattr(self.fabrics, role)
            if isinstance(fabric, AuxFabric):
                switch = self.part(fabric.switch, NetworkSwitchSpec)
                out.append(size_aux(role, self.nodes, self.compute.scalable_units, fabric, switch, managed_ports))
        return out

    @cached_property
    def aux(self) -> list[AuxSizing]:
        """Storage and in-band fabrics, then out-of-band: its ports are every node's, switch's, PDU's and server's,
        counted on the racks as laid out without it (its own 1U switches never change the rack count much)."""
        first = self._aux(("storage", "inband"))
        if not isinstance(self.fabrics.oob, AuxFabric):
            return first
        racks = layout(self.nodes, self.node, self.site, self._switch_items(first), self._ufm, self._cdu_u).racks
        switches = sum(1 for r in racks for s in r.slots if s.kind == "switch" and r.role != "compute")
        managed = switches + sum(r.count("pdu") + r.count("server") for r in racks)
        return first + self._aux(("oob",), managed)

    def _switch_items(self, aux: list[AuxSizing]) -> list[tuple[str, int, float]]:
        c, sw = self.compute, self.switch
        w = switch_watts(sw)[0]
        items = [(f"{sw.id} leaf", sw.rack_units, w)] * boxes(sw, c.leaf_switches)
        items += [(f"{sw.id} spine", sw.rack_units, w)] * boxes(sw, c.spine_switches)
        items += [(f"{sw.id} core", sw.rack_units, w)] * boxes(sw, c.core_switches)
        for a in aux:
            part = self.part(a.switch, NetworkSwitchSpec)
            items += [(f"{part.id} {a.role}", part.rack_units, switch_watts(part)[0])] * boxes(part, a.switches)
        return items

    @cached_property
    def switch_items(self) -> list[tuple[str, int, float]]:
        return self._switch_items(self.aux)

    @cached_property
    def pdu(self) -> PduSpec:
        """The racks' PDU: the site's part, else the catalog's PDU rated to the feed, else a PDU made for the feed
        (rated to it: its volts, amps and phases; a generic part, priced as the price book's PDU family)."""
        site = self.site
        if site.pdu_part is not None:
            return self.part(site.pdu_part, PduSpec)
        f = site.feed
        return PduSpec(id=f"pdu-{f.volts:g}v-{f.amps:g}a-{f.phases}ph", name=str(self._feed_pdu_label()), vendor="",
                       volts=f.volts, amps=f.amps, phases=f.phases, outlets=24, confidence=Confidence.LOW,
                       source="generic: a rack PDU rated to the plan's feed (no catalog part of this rating)")

    def _feed_pdu_label(self) -> Msg:
        f = self.site.feed
        phase = _m("three-phase") if f.phases == 3 else _m("single-phase")
        return _m("Rack PDU, {v} V {phase} {a} A (vertical), rated to the feed", v=Name(f"{f.volts:g}"), phase=phase,
                  a=Name(f"{f.amps:g}"))

    def part_label(self, part_id: str) -> Msg | None:
        """The name, as a message, of a part the plan makes that the catalog does not hold (None for others)."""
        if part_id not in self.extra_parts():
            return None
        if part_id == self.pdu.id:
            return self._feed_pdu_label()
        return generic_label(next(o.part for o in self.cabling.optics if o.part.id == part_id))

    @cached_property
    def cdu(self) -> CduSpec:
        return self.part(self.site.cdu_part or "", CduSpec)

    @property
    def _ufm(self) -> int:
        return 1 if self.switch.network_kind is NetworkKind.INFINIBAND else 0  # the fabric manager of InfiniBand

    @property
    def _cdu_u(self) -> int:
        return self.cdu.rack_units if self.cdu.placement == "in_rack" else 0

    @cached_property
    def racks(self) -> RackLayout:
        return layout(self.nodes, self.node, self.site, self.switch_items, self._ufm, self._cdu_u)

    @cached_property
    def feeds(self) -> list[FeedCheck]:
        return feed_checks(self.racks.racks, self.site)

    @property
    def it_w(self) -> float:
        return sum(r.watts for r in self.racks.racks)

    @property
    def heat_to_liquid_w(self) -> float:
        return sum(r.heat_to_liquid_w for r in self.racks.racks)

    @property
    def coolant_flow_l_min(self) -> float:
        return coolant_flow_l_min(self.heat_to_liquid_w, self.site.coolant_delta_t_k)

    @property
    def cdus_needed(self) -> int:
        """CDUs that carry the heat to liquid: one per liquid rack in-rack, else the capacity's worth in-row; none on
        an air-cooled site (it has no liquid loop: the plan cannot run, as its rule check says)."""
        if self.heat_to_liquid_w <= 0 or self.site.cooling == "air":
            return 0
        cdu = self.cdu
        if cdu.placement == "in_rack":
            return sum(1 for r in self.racks.racks if r.heat_to_liquid_w > 0)
        return math.ceil(self.heat_to_liquid_w / cdu.capacity_w) if cdu.capacity_w else 0

    @property
    def cdus(self) -> int:
        """CDUs bought: those needed plus the site's spares for in-row units (N+1 by default), so that one CDU
        failure leaves every rack cooled; an in-rack CDU serves its own rack only."""
        needed = self.cdus_needed
        return needed + (self.site.spare_cdus if needed and self.cdu.placement == "in_row" else 0)

    @property
    def cooling_tons(self) -> float:
        return cooling_tons(self.it_w)

    @cached_property
    def cabling(self) -> Cabling:
        """Every fabric's cables by length and medium and its transceivers (designer.cluster.cabling)."""
        return cabling(self)

    @property
    def optics(self) -> tuple[int, int]:
        """The compute fabric's transceivers on switches and on nodes (one per used cage of an optical link)."""
        return self.cabling.transceivers("compute", "switches"), self.cabling.transceivers("compute", "nodes")

    def extra_parts(self) -> dict[str, AnyPart]:
        """Parts the plan makes that the catalog does not hold (a PDU rated to the feed, a generic transceiver)."""
        made: dict[str, AnyPart] = {self.pdu.id: self.pdu}
        made |= {o.part.id: o.part for o in self.cabling.optics}
        return {k: v for k, v in made.items() if k not in self.catalog}

    def node_title(self) -> Msg | str:
        """The node's name: a reference design's title in the language it is shown in ("GB200 NVL72 rack")."""
        from designer.templates import TEMPLATES, template_title  # noqa: PLC0415 (the templates build designs)

        template = self.plan.node.template
        return template_title(template) if template in TEMPLATES and self.node.name == TEMPLATES[template].title \
            else self.node.name

    def assumptions(self) -> list[Msg]:
        """What the plan assumes where nothing is published, as messages (str(msg) is the English)."""
        out = list(self.resolved.notes) + list(self.racks.notes)
        if self.cdus and self.cdu.approach_k is None:
            out.append(_m("{raw_id}: approach temperature not published; 5 K assumed in the coolant check",
                          raw_id=self.cdu.id))
        if self.node.liquid and self.node.coolant_inlet_c_max is None:
            out.append(_m("the node's highest coolant inlet temperature is not published: the supply is not checked"))
        out += [_m("{node}, heat split: {note}", node=self.node_title(), note=a) for a in self.node.heat_assumptions]
        for sw in {self.switch.id: self.switch, **{a.switch: self.catalog.get(a.switch) for a in self.aux}}.values():
            if isinstance(sw, NetworkSwitchSpec) and switch_watts(sw)[1]:
                watts, rule = switch_watts(sw)[0], ports_rule_w(sw)
                if watts < rule:
                    out.append(_m("{raw_id}: power not published; {w} assumed, what one of its redundant power "
                                  "supplies carries (the rule of {k} per Gb/s of ports gives {rule}: more)",
                                  raw_id=sw.id, w=Quantity(watts, "W"), k=Quantity(ASSUMED_SWITCH_W_PER_GBIT, "W", 3),
                                  rule=Quantity(rule, "W")))
                    continue
                out.append(_m("{raw_id}: power not published; {w} assumed ({k} per Gb/s of ports: 1,720 W for 64 x "
                              "400G)", raw_id=sw.id, w=Quantity(watts, "W"),
                              k=Quantity(ASSUMED_SWITCH_W_PER_GBIT, "W", 3)))
        return out
