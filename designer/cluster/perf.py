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
from designer.cluster.power import psu_feed_loss
from designer.core.errors import DesignerError
from designer.core.messages import Msg, Name, Number, Percent, _m
from designer.model.design import Design, ScaleOut, ScaleOutTopology
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
    per_group = nodes_per_group(m)
    # With three tiers a spine gives half its ports to leaves: one spine group reaches radix/2 leaf groups.
    spine_reach = per_group * (c.radix // 2) if c.tiers == 3 else math.inf
    tier = "node" if nodes == 1 else "leaf" if nodes <= per_group else "spine" if nodes <= spine_reach else "core"
    return Placement(nodes * m.node.gpus, nodes, tier)


def nodes_per_group(m: ClusterModel) -> int:
    """Nodes that reach each other through one leaf (rail-optimised: an SU; leaf-spine: one leaf's nodes)."""
    c = m.compute
    if m.fabric.leaf_scope == "rack":  # a leaf per rack (GB200 RA): a job of two racks crosses the spine
        return 1
    if m.fabric.topology == "rail_optimized":
        return max(1, c.positions_per_su // m.node.fabric_units)
    return max(1, c.leaf_downlinks // c.rails // m.node.fabric_units)


def cluster_design(m: ClusterModel, oversubscription: float | None = None) -> Design:
    """The node design with the plan's scale-out wiring in its settings (what the network model reads)."""
    c, f = m.compute, m.fabric
    rail = f.topology == "rail_optimized"
    ratio = min(oversubscription or c.oversubscription, 16.0)
    scaleout = ScaleOut(topology=ScaleOutTopology.RAIL_OPTIMIZED if rail else ScaleOutTopology.FAT_TREE,
                        nodes_per_leaf=min(nodes_per_group(m), 4096), oversubscription=ratio)
    design = m.node_analysis.design
    settings = design.settings.model_copy(update={"scaleout": scaleout})
    return design.model_copy(update={"settings": settings})


def simulate_job(m: ClusterModel, gpus: int, config: SimConfig) -> tuple[SimResult, Placement]:
    p = place(m, gpus)
    if p.nodes > MAX_NODES:
        raise DesignerError(f"the collective model takes up to {MAX_NODES} nodes, not {p.nodes}")
    cfg = SimConfig(config.collectives, p.nodes, config.algorithm, config.sizes, config.fail)
    return simulate(cluster_design(m, job_oversubscription(m, p)), m.catalog, cfg), p


def job_oversubscription(m: ClusterModel, p: Placement) -> float:
    """The ratio a job's cross-leaf traffic meets: the leaves', times the spines' where it crosses the core."""
    ratio = m.compute.oversubscription
    return ratio * m.fabric.spine_oversubscription if p.tier == "core" else ratio


WHAT_IF_BYTES = 1 << 30  # the AllReduce size the what-if quotes (large-message busbw)


def _busbw(m: ClusterModel, gpus: int, fail: tuple[str, ...] = (), oversubscription: float | None = None) -> float:
    p = place(m, gpus)
    design = cluster_design(m, oversubscription)
    cfg = SimConfig(("allreduce",), min(p.nodes, MAX_NODES), sizes=(WHAT_IF_BYTES,), fail=fail)
    rows = simulate(design, m.catalog, cfg).rows
    return round(rows[-1].busbw_GBps, 1) if rows else 0.0


def what_if(m: ClusterModel) -> list[dict]:
    """What one failure costs: the GPUs it touches, what they lose, and a 1 GiB AllReduce's busbw before and
    after (for a job over the GPUs it touches, placed compactly)."""
    c, g = m.compute, m.node.gpus
    under_leaf = min(c.positions_per_su, c.endpoints)  # nodes (or rack-scale trays) on one leaf of a rail
    leaf_gpus = under_leaf * g // m.node.fabric_units
    job = max(g, min(c.gpus, -(-leaf_gpus // g) * g))  # whole nodes holding them
    whole = min(c.gpus, MAX_NODES * g)
    out = [_item("leaf", leaf_gpus, _rail_lost(m, under_leaf), _busbw(m, job), _busbw(m, job, rail_nics(m)))]
    if c.spine_switches:
        per_plane = min(c.spine_switches // c.planes, c.leaf_uplinks)  # the spines one leaf reaches
        after = c.oversubscription * per_plane / max(1, per_plane - 1)
        out.append(_item("spine", c.gpus, _m("leaf uplinks fall by 1/{n}: oversubscription {a} -> {b} between SUs",
                                             n=per_plane, a=_ratio(c.oversubscription), b=_ratio(after)),
                         _busbw(m, whole), _busbw(m, whole, oversubscription=min(after, 16.0))))
    plane_lost = _m("the whole compute fabric is lost: jobs stay inside a node") if c.planes == 1 else \
        _m("1/{n} of every node's scale-out bandwidth", n=c.planes)
    out.append(_item("plane", c.gpus, plane_lost, _busbw(m, whole), None if c.planes > 1 else 0.0))
    out.append(_feed_item(m))
    if m.cdus:
        if m.cdus > m.cdus_needed:  # the spare (N+1) takes over
            out.append(_item("cdu", 0, _m("none: the spare CDU carries the heat (N+1)"), None, None))
        else:
            per_cdu = math.ceil(m.nodes / m.cdus)
            lost = _m("1 liquid-cooled node loses coolant and must stop") if per_cdu == 1 else \
                _m("{n} liquid-cooled nodes lose coolant and must stop", n=per_cdu)
            out.append(_item("cdu", per_cdu * g, lost, None, None))
    return out


def _rail_lost(m: ClusterModel, under_leaf: int) -> Msg:
    """What the nodes (or a rack-scale node's trays) on one leaf of a rail lose with it."""
    rail = _m("one rail of {n} trays: 1/{k} of their scale-out bandwidth; that rail's traffic moves to the other NICs "
              "over the scale-up fabric") if m.node.fabric_units > 1 else \
        _m("one rail of 1 node: 1/{k} of its scale-out bandwidth; that rail's traffic moves to the other NICs over "
           "the scale-up fabric") if under_leaf == 1 else \
        _m("one rail of {n} nodes: 1/{k} of their scale-out bandwidth; that rail's traffic moves to the other NICs "
           "over the scale-up fabric")
    return _m(rail.id, n=under_leaf, k=m.compute.rails)


def _ratio(value: float) -> Msg:
    return _m("{r}:1", r=Number(value, 2))


def _feed_item(m: ClusterModel) -> dict:
    """One feed of the worst-loaded compute rack lost: its nodes stop if the PSUs left on them are fewer than their
    redundancy policy needs (designer.cluster.power), or if the feeds left cannot carry the rack (network racks
    named apart: their switches carry many GPUs' traffic)."""
    compute = {r.name: r for r in m.racks.of_role("compute")}
    feeds = [f for f in m.feeds if f.rack in compute]
    worst = max(feeds, key=lambda f: f.after_loss_load)
    loss = psu_feed_loss(m.node, worst.feeds)
    rack = compute[worst.rack]
    nodes = [s.label for s in rack.slots if s.kind == "node"]
    network = [f.rack for f in m.feeds if f.rack not in compute and f.after_loss_load > 1]
    named = Name(", ".join(network[:3]) + (" ..." if len(network) > 3 else ""))  # rack ids
    rack_gpus = len(nodes) * m.node.gpus // m.node.fabric_units
    if not loss.survives:
        first, last = (nodes[0], nodes[-1]) if m.node.fabric_units == 1 else (m.node.name, m.node.name)
        effect = _m("rack {rack} loses feed A1: each node keeps {left} of its {n} PSUs and needs {k} ({policy}): "
                    "its {g} GPUs stop ({a} to {b})", rack=worst.rack, left=loss.left, n=loss.psus, k=loss.needed,
                    policy=Name(loss.policy), g=rack_gpus, a=Name(first), b=Name(last))
        return _item("feed", rack_gpus, effect, None, None)
    over = worst.after_loss_load > 1
    gpus = rack_gpus if over else 0
    if over:
        figures = {"rack": worst.rack, "pct": Percent(worst.after_loss_load), "n": gpus,
                   "raw_policy": m.site.ab_policy.upper(), "racks": named}
        effect = _m("rack {rack} needs {pct} of the feeds left: its {n} GPUs stop or shed load ({raw_policy} policy); "
                    "network racks {racks} would lose switches", **figures) if network else \
            _m("rack {rack} needs {pct} of the feeds left: its {n} GPUs stop or shed load ({raw_policy} policy)",
               **figures)
    else:
        effect = _m("none: the feeds left carry every rack and every node keeps {left} of its {n} PSUs ({k} needed); "
                    "network racks {racks} would lose switches", left=loss.left, n=loss.psus, k=loss.needed,
                    racks=named) if network else \
            _m("none: the feeds left carry every rack and every node keeps {left} of its {n} PSUs ({k} needed)",
               left=loss.left, n=loss.psus, k=loss.needed)
    return _item("feed", gpus, effect, None, None)


def _item(failure: str, gpus: int, effect: Msg, before: float | None, after: float | None) -> dict:
    """One what-if row; its effect is a message (str(effect) is the English, as the JSON reports write it)."""
    return {"failure": failure, "gpus_affected": gpus, "effect": effect, "busbw_before_GBps": before,
            "busbw_after_GBps": after}


def rail_nics(m: ClusterModel) -> tuple[str, ...]:
    """The NICs of the node on rail 0: the first compute NIC, or the first of every tray of a rack-scale node
    (NICs listed tray by tray, `rails` to a tray)."""
    topo = m.node_analysis.topology
    nics = [n for n in topo.nics("compute") if isinstance(topo.part(n), NicSpec)]
    return tuple(nics[::m.compute.rails]) if m.node.fabric_units > 1 else tuple(nics[:1])
