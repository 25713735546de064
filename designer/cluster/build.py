"""Everything derived from a plan, computed once: the node, fabric sizes, racks, feeds, site totals."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from designer.analysis import Analysis
from designer.cluster.node import NodeFigures, plan_node
from designer.cluster.plan import AuxFabric, ClusterPlan, NodeRef
from designer.cluster.racks import FeedCheck, RackLayout, feed_checks, layout
from designer.cluster.sizing import ComputeSizing, nodes_for, size_compute
from designer.core.electrical import cooling_tons
from designer.core.errors import DesignerError
from designer.core.messages import Legacy, Msg, Quantity, _m
from designer.model.catalog import Catalog
from designer.model.facility import coolant_flow_l_min
from designer.model.parts import CduSpec, NetworkKind, NetworkSwitchSpec, TransceiverSpec

# Switch power where the catalog has none (none of the shipped network switches has a verified figure): per
# Gb/s of port capacity, 1,720 W for 64 x 400G (the figure commonly quoted for a QM9700 with optics in every
# cage; an assumption, and every output that uses it says so).
ASSUMED_SWITCH_W_PER_GBIT = 1720 / (64 * 400)
DAC_REACH_M = 2.0  # passive copper at 100G-PAM4 lanes (the DAC part's reach); longer links are optical


# The compute switch a new plan takes when none is named: the family that runs the node's network kind
# (InfiniBand: Quantum-2; any Ethernet/RoCE kind: Spectrum-4).
DEFAULT_SWITCH = {NetworkKind.INFINIBAND: "qm9700"}
DEFAULT_ETHERNET_SWITCH = "sn5600"


def default_switch(node: NodeRef, catalog: Catalog) -> str:
    kind = plan_node(ClusterPlan(node=node, nodes=1), catalog)[0].network_kind
    return DEFAULT_SWITCH.get(kind, DEFAULT_ETHERNET_SWITCH)


def same_network(switch: NetworkSwitchSpec, node_kind: NetworkKind) -> bool:
    """InfiniBand switches carry InfiniBand NICs; Ethernet switches carry every RoCE/Ethernet kind."""
    return (switch.network_kind is NetworkKind.INFINIBAND) == (node_kind is NetworkKind.INFINIBAND)


@dataclass(frozen=True)
class AuxSizing:
    role: str
    switch: str
    ports: int
    leaves: int
    spines: int

    @property
    def switches(self) -> int:
        return self.leaves + self.spines


def size_aux(role: str, nodes: int, fabric: AuxFabric, switch: NetworkSwitchSpec) -> AuxSizing:
    """A plain 1:1 leaf-spine: half of each leaf's ports down, half up; spines take every leaf uplink."""
    ports = nodes * fabric.ports_per_node
    down = max(1, switch.ports // 2)
    leaves = math.ceil(ports / down)
    spines = 0 if leaves <= 1 else math.ceil(leaves * (switch.ports - down) / switch.ports)
    return AuxSizing(role, switch.id, ports, leaves, spines)


def switch_watts(switch: NetworkSwitchSpec) -> tuple[float, bool]:
    if switch.power_w is not None:
        return switch.power_w, False
    return ASSUMED_SWITCH_W_PER_GBIT * switch.ports * switch.port_speed_gbit_s, True


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
    def switch(self) -> NetworkSwitchSpec:
        return self.part(self.plan.fabrics.compute.switch, NetworkSwitchSpec)

    def part(self, part_id: str, cls: type):
        if part_id not in self.catalog:
            raise DesignerError(f"unknown part '{part_id}'")
        part = self.catalog.get(part_id)
        if not isinstance(part, cls):
            raise DesignerError(f"'{part_id}' is a {part.kind}, not a {cls.__name__.removesuffix('Spec')}")
        return part

    @cached_property
    def compute(self) -> ComputeSizing:
        return size_compute(self.nodes, self.node, self.plan.fabrics.compute, self.switch)

    @cached_property
    def aux(self) -> list[AuxSizing]:
        f = self.plan.fabrics
        out = []
        for role, fabric in (("storage", f.storage), ("inband", f.inband), ("oob", f.oob)):
            if fabric is not None:
                out.append(size_aux(role, self.nodes, fabric, self.part(fabric.switch, NetworkSwitchSpec)))
        return out

    @cached_property
    def switch_items(self) -> list[tuple[str, int, float]]:
        c, sw = self.compute, self.switch
        w = switch_watts(sw)[0]
        items = [(f"{sw.id} leaf", sw.rack_units, w)] * c.leaf_switches
        items += [(f"{sw.id} spine", sw.rack_units, w)] * c.spine_switches
        items += [(f"{sw.id} core", sw.rack_units, w)] * c.core_switches
        for a in self.aux:
            part = self.part(a.switch, NetworkSwitchSpec)
            items += [(f"{part.id} {a.role}", part.rack_units, switch_watts(part)[0])] * a.switches
        return items

    @cached_property
    def racks(self) -> RackLayout:
        ufm = 1 if self.plan.fabrics.compute.ufm_positions else 0
        cdu = self.part(self.plan.site.cdu_part, CduSpec)
        return layout(self.nodes, self.node, self.plan.site, self.switch_items, ufm,
                      cdu.rack_units if cdu.placement == "in_rack" else 0)

    @cached_property
    def feeds(self) -> list[FeedCheck]:
        return feed_checks(self.racks.racks, self.plan.site)

    @property
    def it_w(self) -> float:
        return sum(r.watts for r in self.racks.racks)

    @property
    def heat_to_liquid_w(self) -> float:
        return sum(r.heat_to_liquid_w for r in self.racks.racks)

    @property
    def coolant_flow_l_min(self) -> float:
        return coolant_flow_l_min(self.heat_to_liquid_w, self.plan.site.coolant_delta_t_k)

    @property
    def cdus(self) -> int:
        if self.heat_to_liquid_w <= 0:
            return 0
        cdu = self.part(self.plan.site.cdu_part, CduSpec)
        if cdu.placement == "in_rack":
            return sum(1 for r in self.racks.racks if r.heat_to_liquid_w > 0)
        return math.ceil(self.heat_to_liquid_w / cdu.capacity_w) if cdu.capacity_w else 0

    @property
    def cooling_tons(self) -> float:
        return cooling_tons(self.it_w)

    @cached_property
    def transceiver(self) -> TransceiverSpec:
        return self.part("mms4x00-ns", TransceiverSpec)

    @cached_property
    def optics(self) -> tuple[int, int]:
        """Transceivers on switches and on nodes: every used cage whose links are optical (longer than copper
        reaches, DAC_REACH_M); node-leaf copper leaves the leaves' downlink cages and the nodes without."""
        c, sw = self.compute, self.switch
        f = self.plan.fabrics.compute
        if f.leaf_spine_length_m <= DAC_REACH_M:
            return 0, 0
        if f.node_leaf_length_m > DAC_REACH_M:
            return c.switch_cages_used, c.node_cages
        split = max(1, c.radix // sw.ports)
        per_cage = sw.ports // sw.cages
        down_cages = c.leaf_switches * math.ceil(math.ceil(c.leaf_downlinks / split) / per_cage)
        return c.switch_cages_used - down_cages, 0

    def assumptions(self) -> list[Msg]:
        """What the plan assumes where nothing is published, as messages (str(msg) is the English)."""
        out = list(self.racks.notes)
        out += [_m("{node}, heat split: {note}", node=self.node.name, note=a if isinstance(a, Msg) else Legacy(a))
                for a in self.node.heat_assumptions]
        for sw in {self.switch.id: self.switch, **{a.switch: self.catalog.get(a.switch) for a in self.aux}}.values():
            if isinstance(sw, NetworkSwitchSpec) and switch_watts(sw)[1]:
                out.append(_m("{raw_id}: power not published; {w} assumed ({k} per Gb/s of ports: 1,720 W for 64 x "
                              "400G)", raw_id=sw.id, w=Quantity(switch_watts(sw)[0], "W"),
                              k=Quantity(ASSUMED_SWITCH_W_PER_GBIT, "W", 3)))
        return out
