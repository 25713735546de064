"""`cluster info`: the plan's headline figures as data (keys as issue 22 lists them) and as text lines."""

from __future__ import annotations

from designer.cluster.build import ClusterModel
from designer.cluster.racks import rack_types
from designer.core.electrical import phase_current_a


def plural(count: int, noun: str) -> str:
    """"1 plane", "2 planes" (the CLI's English lines)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _fabric(m: ClusterModel) -> dict:
    c = m.compute
    switch_optics, node_optics = m.optics
    return {"switch": m.switch.id, "switches": c.switches, "topology": m.fabric.topology, "tiers": c.tiers,
            "planes": c.planes, "scalable_units": c.scalable_units, "positions_per_su": c.positions_per_su,
            "leaf_switches": c.leaf_switches, "spine_switches": c.spine_switches, "core_switches": c.core_switches,
            "node_leaf_cables": c.node_leaf_cables, "leaf_spine_cables": c.leaf_spine_cables,
            "spine_core_cables": c.spine_core_cables, "compute_cables": c.compute_cables,
            "switch_transceivers": switch_optics, "node_transceivers": node_optics,
            "oversubscription": round(c.oversubscription, 4), "ufm_positions": c.ufm_positions,
            "spine_oversubscription": m.fabric.spine_oversubscription, "pod_gpus": m.fabric.pod_gpus}


def _phase_current(m: ClusterModel, watts: float, feeds: int) -> float:
    """Line current each carrying feed of a rack with `feeds` feeds draws (unity power factor): all of them in 'n',
    the survivors of one loss in '2n'."""
    f = m.site.feed
    carrying = feeds if m.site.ab_policy == "n" else max(1, feeds - 1)
    return phase_current_a(watts / carrying, f.volts, f.phases)


def architecture_dict(m: ClusterModel) -> dict:
    ra = m.architecture
    applied = (ra.table_ufm if m.compute.ufm_positions else ra.table_full) if ra.table_ufm else ra.follows
    return {"id": ra.id, "title": ra.title, "document": ra.document, "follows": ra.follows, "applied": applied,
            "url": ra.url, "generic": ra.generic}


def errors(m: ClusterModel) -> list[str]:
    """The unwaived rule errors: a plan that cannot run says so first, in `cluster info` as in its documents."""
    from designer.cluster.rules import check_plan  # noqa: PLC0415 (the rules import this package's model)

    return [v.message for v in check_plan(m).active if v.severity.value == "error"]


def info_dict(m: ClusterModel) -> dict:
    racks = m.racks
    counts = {role: len(racks.of_role(role)) for role in ("compute", "network", "management")}
    feeds = m.feeds
    worst = max(feeds, key=lambda f: f.after_loss_load)
    return {
        "name": m.plan.name, "node": m.node.name, "errors": errors(m), "architecture": architecture_dict(m),
        "gpus": m.compute.gpus,
        "nodes": m.nodes,
        "gpus_per_node": m.node.gpus, "nodes_per_rack": racks.nodes_per_rack, "rack_limited_by": racks.limited_by,
        "racks": {**counts, "total": sum(counts.values())},
        "fabrics": {"compute": _fabric(m),
                    **{a.role: {"switch": a.switch, "switches": a.switches, "leaf_switches": a.leaves,
                                "spine_switches": a.spines, "storage_leaf_switches": a.storage_leaves,
                                "ports": a.ports, "cables": a.cables} for a in m.aux}},
        "power": {"it_w": round(m.it_w), "facility_w": round(m.it_w * m.site.pue), "pue": m.site.pue,
                  "max_rack_w": round(max(r.watts for r in racks.racks))},
        "feeds": {"feed_capacity_w": round(worst.feed_capacity_w), "feeds_per_rack": m.site.feeds_per_rack,
                  "ab_policy": m.site.ab_policy, "max_load": round(max(f.normal_load for f in feeds), 4),
                  "max_load_after_loss": round(worst.after_loss_load, 4), "worst_rack": worst.rack,
                  "worst_rack_feeds": worst.feeds,
                  "worst_rack_phase_current_a": round(_phase_current(m, worst.rack_w, worst.feeds), 1),
                  "feed_rating_a": m.site.feed.amps, "feed_utilisation": m.site.feed.utilisation},
        "cooling": {"heat_to_air_w": round(m.it_w - m.heat_to_liquid_w), "heat_to_liquid_w": round(m.heat_to_liquid_w),
                    "coolant_flow_l_min": round(m.coolant_flow_l_min, 1), "cdus": m.cdus,
                    "cooling_tons": round(m.cooling_tons, 1), "supply_water_c": m.site.supply_water_c},
        "rack_types": [t.as_dict() for t in rack_types(m.racks.racks)],
        "assumptions": [str(a) for a in m.assumptions()],
    }


def info_lines(d: dict) -> list[str]:
    c, p, f, k, r = (d["fabrics"]["compute"], d["power"], d["feeds"], d["cooling"], d["racks"])
    ra = d["architecture"]
    follows = f"Follows: {ra['title']} ({ra['document']}): {ra['applied']}" if not ra["generic"] else \
        f"Follows: {ra['title']}"
    aux = [f"{role.capitalize() if role != 'oob' else 'Out-of-band'} fabric: {f['switches']} x {f['switch']} "
           f"({f['leaf_switches']} leaf, {f['spine_switches']} spine"
           + (f", {f['storage_leaf_switches']} storage leaf" if f["storage_leaf_switches"] else "") + ")"
           for role, f in d["fabrics"].items() if role != "compute"]
    cannot = [f"CANNOT RUN: {plural(len(d['errors']), 'rule error')} ('cluster validate' lists every finding)",
              *[f"  error: {e}" for e in d["errors"]]] if d["errors"] else []
    return [
        *cannot,
        f"{d['name']}: {d['gpus']:,} GPUs in {d['nodes']:,} x {d['node']} ({d['gpus_per_node']} GPUs each)",
        follows,
        f"Racks: {r['total']} ({r['compute']} compute at {plural(d['nodes_per_rack'], 'node')} each, limited by "
        f"{d['rack_limited_by']}; {r['network']} network; {r['management']} management)",
        f"Compute fabric: {c['switch']} {c['topology'].replace('_', '-')}, {plural(c['tiers'], 'tier')}, "
        f"{plural(c['planes'], 'plane')}, "
        f"{c['scalable_units']} SU of {c['positions_per_su']} positions; {c['leaf_switches']} leaf, "
        f"{c['spine_switches']} spine, {c['core_switches']} core; oversubscription {c['oversubscription']:g}:1",
        *aux,
        f"Cables: {c['node_leaf_cables']:,} node-leaf, {c['leaf_spine_cables']:,} leaf-spine, "
        f"{c['spine_core_cables']:,} spine-core; transceivers {c['switch_transceivers']:,} on switches, "
        f"{c['node_transceivers']:,} on nodes",
        f"Power: IT {p['it_w'] / 1000:,.1f} kW, facility {p['facility_w'] / 1000:,.1f} kW at PUE {p['pue']:g}; "
        f"largest rack {p['max_rack_w'] / 1000:,.1f} kW",
        f"Feeds: {f['feeds_per_rack']} per compute rack of {f['feed_capacity_w'] / 1000:,.1f} kW each (a "
        f"{f['feed_rating_a']:g} A feed used to {f['feed_utilisation']:.0%}; {f['ab_policy'].upper()} policy); worst "
        f"load {f['max_load']:.0%}, {f['max_load_after_loss']:.0%} with one feed lost ({f['worst_rack']}, "
        f"{f['worst_rack_feeds']} feeds: {f['worst_rack_phase_current_a']:,.1f} A per phase)",
        f"Cooling: {k['heat_to_air_w'] / 1000:,.1f} kW to air, {k['heat_to_liquid_w'] / 1000:,.1f} kW to liquid, "
        f"{k['coolant_flow_l_min']:,.1f} L/min coolant, {plural(k['cdus'], 'CDU')}, {k['cooling_tons']:,.1f} tons",
        *[f"Assumed: {a}" for a in d["assumptions"]],
    ]
