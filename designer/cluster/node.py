"""The node as a cluster sees it: a handful of figures read from the node design's analysis.

`node_figures` is the one adapter between a node's power/heat model and the cluster: it reads the node's heat
balance (designer.model.facility.heat_balance: wall power = heat to liquid + heat to air, the coolant flow,
and what of it is assumed), its scale-out ports and its topology.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.analysis import Analysis
from designer.cluster.plan import ClusterPlan
from designer.core.errors import DesignerError
from designer.core.messages import Msg
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.facility import heat_balance
from designer.model.parts import NetworkKind, NicSpec
from designer.simulation.network import network_of
from designer.templates import TEMPLATES, build_template


@dataclass(frozen=True)
class NodeFigures:
    name: str
    chassis: str  # the chassis part id (it chooses the reference architecture)
    gpus: int
    device_word: str
    rack_units: int
    rack_scale: bool  # a whole rack (GB200 NVL72): it fills a rack by itself
    wall_w: float  # peak input power
    heat_to_air_w: float
    heat_to_liquid_w: float
    coolant_flow_l_min: float
    scaleout_ports: int  # compute NIC ports = rails
    port_speeds_gbit_s: tuple[float, ...]  # distinct compute port speeds (one unless mixed)
    network_kind: NetworkKind
    ports_per_cage: int  # scale-out ports behind one node-side cage (twin-port OSFP: 2)
    storage_ports: int
    storage_gbit_s: float  # all storage NIC ports together, per direction
    scaleup_gbytes_s_per_gpu_per_dir: float
    fabric_units: int = 1  # scale-out endpoints per node: its compute trays for a rack-scale node, else 1
    trays: tuple[tuple[str, int, int], ...] = ()  # a rack-scale node's trays from the top: (kind, count, U each)
    heat_assumptions: tuple[Msg, ...] = ()  # what the node's heat split rests on (its heat balance says)
    psus: int = 0  # power supplies (a rack-scale node: all of its power shelves')
    psus_needed: int = 0  # PSUs its redundancy policy keeps running (6 x 3.3 kW N+2: 4)
    psu_policy: str = ""  # the policy as the design states it (N+1, N+2, N+N, none)
    coolant_inlet_c_max: float | None = None  # the warmest coolant the node's liquid cooling takes (None: unpublished)

    @property
    def port_speed_gbit_s(self) -> float:
        return min(self.port_speeds_gbit_s, default=0.0)

    @property
    def liquid(self) -> bool:
        return self.heat_to_liquid_w > 0


def _ports(analysis: Analysis, purpose: str) -> list[tuple[int, float]]:
    topo = analysis.topology
    return [(p.ports, p.port_speed_gbit_s) for n in topo.nics(purpose) if isinstance(p := topo.part(n), NicSpec)]


def node_figures(analysis: Analysis) -> NodeFigures:
    """Wall power, heat split, scale-out ports and speeds of one node design (the cluster's only view of it)."""
    design, catalog = analysis.design, analysis.catalog
    chassis = catalog.chassis(design.chassis)
    figures, heat, budget = analysis.figures, heat_balance(design, catalog), analysis.budget
    compute, storage = _ports(analysis, "compute"), _ports(analysis, "storage")
    return NodeFigures(
        name=design.meta.name, chassis=design.chassis, gpus=figures.gpu_count, device_word=figures.device_word,
        rack_units=chassis.rack_units, rack_scale=bool(chassis.rack_trays), wall_w=heat.wall_w,
        heat_to_air_w=heat.heat_to_air_w, heat_to_liquid_w=heat.heat_to_liquid_w,
        coolant_flow_l_min=heat.coolant_flow_l_min or 0.0,
        heat_assumptions=heat.assumptions if heat.liquid else (),
        coolant_inlet_c_max=heat.coolant_inlet_c_max if heat.liquid else None,
        scaleout_ports=sum(n for n, _ in compute), port_speeds_gbit_s=tuple(sorted({s for _, s in compute})),
        network_kind=network_of(analysis.topology).kind, ports_per_cage=chassis.scaleout_ports_per_cage,
        storage_ports=sum(n for n, _ in storage), storage_gbit_s=sum(n * s for n, s in storage),
        scaleup_gbytes_s_per_gpu_per_dir=figures.scaleup_gbytes_s_per_gpu_per_dir,
        fabric_units=sum(t.count for t in chassis.rack_trays if t.kind == "compute") or 1,
        trays=tuple((t.kind, t.count, t.height_u) for t in chassis.rack_trays),
        psus=budget.psu_count, psus_needed=max(budget.psu_count - budget.redundant_psus, budget.psus_to_run),
        psu_policy=budget.redundancy.value,
    )


def node_design(plan: ClusterPlan, catalog: Catalog) -> Design:
    if plan.node.design is not None:
        return plan.node.design
    template = plan.node.template or ""
    if template not in TEMPLATES:
        raise DesignerError(f"the plan's node template '{template}' is not a known template")
    return build_template(template, catalog)


_TEMPLATE_CACHE: dict[tuple[str, int], tuple[Catalog, NodeFigures, Analysis]] = {}


def _template_figures(template: str, catalog: Catalog) -> tuple[NodeFigures, Analysis]:
    key = (template, id(catalog))
    if key not in _TEMPLATE_CACHE or _TEMPLATE_CACHE[key][0] is not catalog:
        analysis = Analysis(build_template(template, catalog), catalog)
        _TEMPLATE_CACHE[key] = (catalog, node_figures(analysis), analysis)
    _, figures, analysis = _TEMPLATE_CACHE[key]
    return figures, analysis


def plan_node(plan: ClusterPlan, catalog: Catalog) -> tuple[NodeFigures, Analysis]:
    """The node figures and analysis of a plan's node (a template's are computed once per process)."""
    if plan.node.template is not None and plan.node.template in TEMPLATES:
        return _template_figures(plan.node.template, catalog)
    analysis = Analysis(node_design(plan, catalog), catalog)
    return node_figures(analysis), analysis
