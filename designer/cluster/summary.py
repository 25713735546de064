"""`cluster info`: the plan's headline figures as data (keys as issue 22 lists them) and as text lines."""

from __future__ import annotations

from designer.cluster.build import ClusterModel, boxes
from designer.cluster.racks import rack_types
from designer.core import i18n
from designer.core.electrical import phase_current_a
from designer.core.locale import render
from designer.core.messages import Audience, Msg, Number, Percent, Quantity, _m
from designer.model.data_text import data_msg


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
            "spine_oversubscription": m.fabric.spine_oversubscription, "pod_gpus": m.fabric.pod_gpus,
            "switches_per_box": m.switch.switches_per_box,
            "switch_boxes": sum(boxes(m.switch, n) for n in (c.leaf_switches, c.spine_switches, c.core_switches))}


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


def _error_texts(m: ClusterModel) -> list[Msg | str]:
    """The unwaived rule errors as messages: a plan that cannot run says so first, in `cluster info` as in its
    documents."""
    from designer.cluster.rules import check_plan  # noqa: PLC0415 (the rules import this package's model)

    return [v.text for v in check_plan(m).active if v.severity.value == "error"]


def errors(m: ClusterModel) -> list[str]:
    return [str(t) for t in _error_texts(m)]


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


def _count(n: int, one: Msg, other: Msg) -> Msg:
    return one if n == 1 else other


def _limit(word: str) -> Msg:
    return {"power": _m("power"), "air": _m("heat to air"), "height": _m("height"),
            "rack-scale": _m("rack scale"),
            "architecture": _m("the reference architecture")}.get(word, Msg(word))


def _kw(watts: float) -> Quantity:
    return Quantity(watts / 1000, "kW", 1)


def _plural_words(n: int, word: str) -> Msg:
    """"1 node", "2 nodes" (each its own message: a translator sees both forms)."""
    forms = {"rule error": (_m("{n} rule error", n=n), _m("{n} rule errors", n=n)),
             "node": (_m("{n} node", n=n), _m("{n} nodes", n=n)),
             "tier": (_m("{n} tier", n=n), _m("{n} tiers", n=n)),
             "plane": (_m("{n} plane", n=n), _m("{n} planes", n=n)),
             "CDU": (_m("{n} CDU", n=n), _m("{n} CDUs", n=n))}[word]
    return _count(n, *forms)


def _aux_line(role: str, a: dict) -> Msg:
    fabric = {"storage": _m("Storage fabric"), "inband": _m("In-band fabric"),
              "oob": _m("Out-of-band fabric")}.get(role, Msg(role))
    if a["storage_leaf_switches"]:
        return _m("{fabric}: {n} x {switch} ({leaves} leaf, {spines} spine, {storage} storage leaf)", fabric=fabric,
                  n=a["switches"], switch=a["switch"], leaves=a["leaf_switches"], spines=a["spine_switches"],
                  storage=a["storage_leaf_switches"])
    return _m("{fabric}: {n} x {switch} ({leaves} leaf, {spines} spine)", fabric=fabric, n=a["switches"],
              switch=a["switch"], leaves=a["leaf_switches"], spines=a["spine_switches"])


def plan_title(m: ClusterModel) -> Msg | str:
    """The plan's name; a default name ('DGX H100 cluster', written in any language) as a message, so that it reads
    in the language it is shown in."""
    node = m.node_title()
    default = _m("{node} cluster", node=node)
    names = {render(_m("{node} cluster", node=m.node.name), lang) for lang in i18n.LANGUAGES}
    if m.plan.name in names | {render(default, lang) for lang in i18n.LANGUAGES}:
        return default
    return m.plan.name


def info_messages(m: ClusterModel, d: dict) -> list[Msg]:
    """`cluster info`'s lines as messages, for any language (`--lang`); d is info_dict(m). The rule errors and the
    assumptions are the plan's own messages, the document titles, part ids and rack names are kept as written.
    (Each message is built on its own line: Babel does not extract a message written inside another's arguments.)"""
    c, p, f, k, r = (d["fabrics"]["compute"], d["power"], d["feeds"], d["cooling"], d["racks"])
    ra = d["architecture"]
    errors = _error_texts(m)
    count = _plural_words(len(errors), "rule error")
    cannot = [_m("CANNOT RUN: {errors} ('cluster validate' lists every finding)", errors=count),
              *[_m("  error: {finding}", finding=e) for e in errors]] if errors else []
    follows = (_m("Follows: {title}", title=data_msg(ra["title"])) if ra["generic"] else
               _m("Follows: {title} ({document}): {applied}", title=ra["title"], document=ra["document"],
                  applied=data_msg(ra["applied"])))
    aux = [_aux_line(role, a) for role, a in d["fabrics"].items() if role != "compute"]
    topology = _m("rail-optimized") if c["topology"] == "rail_optimized" else _m("leaf-spine")
    per_rack = _plural_words(d["nodes_per_rack"], "node")
    tiers, planes = _plural_words(c["tiers"], "tier"), _plural_words(c["planes"], "plane")
    cdus = _plural_words(k["cdus"], "CDU")
    return [
        *cannot,
        _m("{name}: {gpus} GPUs in {nodes} x {node} ({per_node} GPUs each)", name=plan_title(m), gpus=d["gpus"],
           nodes=d["nodes"], node=m.node_title(), per_node=d["gpus_per_node"]),
        follows,
        _m("Racks: {total} ({compute} compute at {per_rack} each, limited by {limit}; {network} network; "
           "{management} management)", total=r["total"], compute=r["compute"], per_rack=per_rack,
           limit=_limit(d["rack_limited_by"]), network=r["network"], management=r["management"]),
        _m("Compute fabric: {switch} {topology}, {tiers}, {planes}, {sus} SU of {per_su} positions; {leaf} leaf, "
           "{spine} spine, {core} core; oversubscription {ratio}:1", switch=c["switch"], topology=topology,
           tiers=tiers, planes=planes, sus=c["scalable_units"], per_su=c["positions_per_su"],
           leaf=c["leaf_switches"], spine=c["spine_switches"], core=c["core_switches"],
           ratio=Number(c["oversubscription"], None)),
        *([_m("  the {switches} switches come {per} to a box: {boxes} boxes racked, powered and bought",
              switches=c["switches"], per=c["switches_per_box"], boxes=c["switch_boxes"])]
          if c["switches_per_box"] > 1 else []),
        *aux,
        _m("Cables: {node_leaf} node-leaf, {leaf_spine} leaf-spine, {spine_core} spine-core; transceivers "
           "{switch_side} on switches, {node_side} on nodes", node_leaf=c["node_leaf_cables"],
           leaf_spine=c["leaf_spine_cables"], spine_core=c["spine_core_cables"],
           switch_side=c["switch_transceivers"], node_side=c["node_transceivers"]),
        _m("Power: IT {it}, facility {facility} at PUE {pue}; largest rack {rack}", it=_kw(p["it_w"]),
           facility=_kw(p["facility_w"]), pue=Number(p["pue"], None), rack=_kw(p["max_rack_w"])),
        _m("Feeds: {feeds} per compute rack of {capacity} each (a {amps} feed used to {utilisation}; {policy} "
           "policy); worst load {load}, {after} with one feed lost ({rack}, {rack_feeds} feeds: {current} per "
           "phase)", feeds=f["feeds_per_rack"], capacity=_kw(f["feed_capacity_w"]),
           amps=Quantity(f["feed_rating_a"], "A", None), utilisation=Percent(f["feed_utilisation"]),
           policy=f["ab_policy"].upper(), load=Percent(f["max_load"]), after=Percent(f["max_load_after_loss"]),
           rack=f["worst_rack"], rack_feeds=f["worst_rack_feeds"],
           current=Quantity(f["worst_rack_phase_current_a"], "A", 1)),
        _m("Cooling: {air} to air, {liquid} to liquid, {flow} coolant, {cdus}, {tons} tons",
           air=_kw(k["heat_to_air_w"]), liquid=_kw(k["heat_to_liquid_w"]),
           flow=Quantity(k["coolant_flow_l_min"], "L/min", 1), cdus=cdus, tons=Number(k["cooling_tons"], 1)),
        *[_m("Assumed: {what}", what=a) for a in m.assumptions()],
    ]


def info_lines(m: ClusterModel, d: dict, lang: str = "en") -> list[str]:
    """`cluster info`'s text lines in a language."""
    return [render(msg, lang, Audience.CLI) for msg in info_messages(m, d)]
