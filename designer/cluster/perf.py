"""Performance across tiers: a job of N GPUs placed compactly, simulated hierarchically with designer.simulation.

Inside a node the node's own scale-up model applies; between nodes the scale-out model of
designer.simulation.network, given the plan's fabric: a leaf group holds one SU's positions (rail-optimised:
every node of an SU shares its rail leaves), traffic between SUs crosses the spine at the leaves'
oversubscription. Which tier a job reaches follows from its size: inside a node, inside one SU's leaves,
across the spine, across the core (three tiers; the core adds switch hops that the node-level model does not
count, said in the notes).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.cluster.build import ClusterModel
from designer.core.errors import DesignerError
from designer.model.design import ScaleOut, ScaleOutTopology
from designer.model.parts import NicSpec
from designer.simulation import SimConfig, SimResult, simulate
from designer.simulation.model import MAX_NODES


@dataclass(frozen=True)
class Placement:
    gpus: int
    nodes: int
    tier: str  # node, leaf, spine, core


def place(m: ClusterModel, gpus: int) -> Placement:
    if gpus < 1 or gpus > m.compute.gpus:
        raise DesignerError(f"a job of {gpus} GPUs does not fit the plan's {m.compute.gpus:,} GPUs")
    nodes = math.ceil(gpus / m.node.gpus)
    c = m.compute
    per_group = c.positions_per_su if m.plan.fabrics.compute.topology == "rail_optimized" else \
        c.leaf_downlinks // max(1, c.rails // c.planes)
    groups_per_spine_reach = c.radix if c.tiers == 3 else math.inf
    tier = "node" if nodes == 1 else "leaf" if nodes <= per_group else \
        "spine" if nodes <= per_group * groups_per_spine_reach // max(1, c.rails) or c.tiers == 2 else "core"
    return Placement(nodes * m.node.gpus, nodes, tier)


def cluster_design(m: ClusterModel):
    """The node design with the plan's scale-out wiring in its settings (what the network model reads)."""
    c, f = m.compute, m.plan.fabrics.compute
    rail = f.topology == "rail_optimized"
    per_leaf = c.positions_per_su if rail else max(1, c.leaf_downlinks // max(1, c.rails // c.planes))
    scaleout = ScaleOut(topology=ScaleOutTopology.RAIL_OPTIMIZED if rail else ScaleOutTopology.FAT_TREE,
                        nodes_per_leaf=min(per_leaf, 4096), oversubscription=min(c.oversubscription, 16.0))
    design = m.node_analysis.design
    settings = design.settings.model_copy(update={"scaleout": scaleout})
    return design.model_copy(update={"settings": settings})


def simulate_job(m: ClusterModel, gpus: int, config: SimConfig) -> tuple[SimResult, Placement]:
    p = place(m, gpus)
    if p.nodes > MAX_NODES:
        raise DesignerError(f"the collective model takes up to {MAX_NODES} nodes, not {p.nodes}")
    cfg = SimConfig(config.collectives, p.nodes, config.algorithm, config.sizes, config.fail)
    return simulate(cluster_design(m), m.catalog, cfg), p


def what_if(m: ClusterModel) -> list[dict]:
    """What one failure costs: GPUs affected and the share of their scale-out bandwidth lost."""
    c, site = m.compute, m.plan.site
    per_su_nodes = min(m.nodes, c.positions_per_su)
    out = [{"failure": "leaf", "gpus_affected": per_su_nodes * m.node.gpus,
            "effect": f"one rail of {per_su_nodes} nodes lost: {1 / c.rails:.1%} of their scale-out bandwidth "
                      "(traffic of that rail moves to the other NICs through the node's scale-up fabric)"}]
    if c.spine_switches:
        per_plane = c.spine_switches // c.planes
        out.append({"failure": "spine", "gpus_affected": c.gpus,
                    "effect": f"leaf uplinks fall by 1/{per_plane}: oversubscription {c.oversubscription:.2f}:1 -> "
                              f"{c.oversubscription * per_plane / max(1, per_plane - 1):.2f}:1 across SUs"})
    out.append({"failure": "plane", "gpus_affected": c.gpus,
                "effect": "the whole compute fabric is lost" if c.planes == 1 else
                f"{1 / c.planes:.0%} of every node's scale-out bandwidth lost"})
    lost = "none (each feed carries the rack)" if site.ab_policy == "2n" else \
        f"a rack of {m.racks.nodes_per_rack} nodes may shed load"
    shed = 0 if site.ab_policy == "2n" else m.racks.nodes_per_rack * m.node.gpus
    out.append({"failure": "feed", "gpus_affected": shed, "effect": lost})
    if m.cdus:
        per_cdu = math.ceil(m.nodes / m.cdus)
        out.append({"failure": "cdu", "gpus_affected": per_cdu * m.node.gpus,
                    "effect": f"{per_cdu} liquid-cooled nodes lose coolant and must stop"})
    return out


def first_compute_nic(m: ClusterModel) -> str | None:
    topo = m.node_analysis.topology
    return next((n for n in topo.nics("compute") if isinstance(topo.part(n), NicSpec)), None)
