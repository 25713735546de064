"""The cluster rule check, in the engine style of designer.rules: ids, severities, messages that name the
numbers, fix hints, waivers stored in the plan, a JSON report and an exit status."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from designer.cluster.build import ClusterModel, same_network
from designer.cluster.plan import AuxFabric
from designer.cluster.power import feeds_to_survive, psu_feed_loss
from designer.core.messages import Msg, Name, Number, Param, Percent, Quantity, _m, english, many
from designer.rules.engine import SEVERITY_RANK, Finding, Report, Rule, Severity, Violation, waiver_for

ClusterRuleFn = Callable[[ClusterModel], Iterable[Finding]]
CLUSTER_RULES: dict[str, Rule] = {}


def cluster_rule(rule_id: str, title: str, severity: Severity) -> Callable[[ClusterRuleFn], ClusterRuleFn]:
    def register(fn: ClusterRuleFn) -> ClusterRuleFn:
        CLUSTER_RULES[rule_id] = Rule(rule_id, title, severity, fn)  # type: ignore[arg-type]
        return fn
    return register


def _kw(watts: float) -> Quantity:
    return Quantity(watts / 1000, "kW", 1)


def _groups(rows: Iterable[tuple[str, Mapping[str, Param]]]) -> list[tuple[list[str], Mapping[str, Param]]]:
    """Racks whose figures read the same, in order: one finding per group (512 alike racks are one line)."""
    out: dict[tuple[str, ...], tuple[list[str], Mapping[str, Param]]] = {}
    for name, figures in rows:
        out.setdefault(tuple(english(f) for f in figures.values()), ([], figures))[0].append(name)
    return list(out.values())


def _figures(**figures: Param) -> Mapping[str, Param]:
    return figures


def _racks(names: list[str], one: Msg, many: Msg, figures: Mapping[str, Param]) -> Msg:
    """`one` naming the rack ('rack C001 draws ...'), or `many` naming the group ('32 racks (C001 to C032) each
    draw ...'), with the figures."""
    if len(names) == 1:
        return _m(one.id, rack=names[0], **figures)
    return _m(many.id, n=len(names), a=names[0], b=names[-1], **figures)


@cluster_rule("cluster.rack_power", "Rack power within the site's limit", Severity.ERROR)
def rack_power(m: ClusterModel) -> Iterable[Finding]:
    limit = _kw(m.site.power_limit_w)
    for names, figures in _groups((r.name, {"w": _kw(r.watts), "limit": limit}) for r in m.racks.racks
                                  if r.watts > m.site.power_limit_w):
        yield Finding(_racks(names, _m("rack {rack} draws {w}, over the {limit} limit"),
                             _m("{n} racks ({a} to {b}) each draw {w}, over the {limit} limit"), figures),
                      tuple(names), _m("raise the rack power limit or put fewer nodes in a rack"))


@cluster_rule("cluster.rack_cooling", "Rack heat within the site's cooling", Severity.ERROR)
def rack_cooling(m: ClusterModel) -> Iterable[Finding]:
    site = m.site
    if m.node.liquid and site.cooling == "air":
        yield Finding(_m("the node sends {w} to liquid but the site is air-cooled", w=_kw(m.node.heat_to_liquid_w)),
                      (), _m("choose liquid cooling for the site"))
    limit = _kw(site.air_limit_w)
    hot = ((r.name, {"w": _kw(r.heat_to_air_w), "limit": limit}) for r in m.racks.racks
           if r.heat_to_air_w > site.air_limit_w)
    for names, figures in _groups(hot):
        yield Finding(_racks(names, _m("rack {rack} gives {w} to air, over the {limit} the room can take per rack"),
                             _m("{n} racks ({a} to {b}) each give {w} to air, over the {limit} the room can take "
                                "per rack"), figures), tuple(names), _m("add liquid cooling or spread the load"))


@cluster_rule("cluster.feed_capacity", "Feeds carry the rack", Severity.ERROR)
def feed_capacity(m: ClusterModel) -> Iterable[Finding]:
    rows = ((f.rack, _figures(w=_kw(f.rack_w), k=Number(f.feeds), cap=_kw(f.feed_capacity_w),
                              pct=Percent(f.normal_load))) for f in m.feeds if f.normal_load > 1)
    for names, figures in _groups(rows):
        yield Finding(_racks(names, _m("rack {rack} draws {w} from {k} feeds of {cap} ({pct})"),
                             _m("{n} racks ({a} to {b}) each draw {w} from {k} feeds of {cap} ({pct})"), figures),
                      tuple(names), _m("use larger feeds or more feeds per rack"))


@cluster_rule("cluster.ab_loss", "A rack survives the loss of one feed", Severity.ERROR)
def ab_loss(m: ClusterModel) -> Iterable[Finding]:
    policy = m.site.ab_policy
    rows = ((f.rack, _figures(w=_kw(f.rack_w), cap=_kw(f.feed_capacity_w * (f.feeds - 1)),
                              pct=Percent(f.after_loss_load)))
            for f in m.feeds if f.after_loss_load > 1 and f.normal_load <= 1)
    for names, figures in _groups(rows):
        yield Finding(_racks(names, _m("with one feed lost, rack {rack} needs {w} from {cap} ({pct})"),
                             _m("with one feed lost, {n} racks ({a} to {b}) each need {w} from {cap} ({pct})"),
                             figures), tuple(names),
                      _m("size each feed for the whole rack (2N)"), severity=None if policy == "2n" else Severity.INFO)


@cluster_rule("cluster.psu_feed_loss", "Nodes run on after one feed is lost", Severity.WARNING)
def psu_feeds(m: ClusterModel) -> Iterable[Finding]:
    """A node's PSUs over its rack's feeds, judged by the node's own redundancy policy (a 2N site: an error)."""
    loss = psu_feed_loss(m.node, m.site.feeds_per_rack or 2)
    if loss.survives:
        return
    racks = m.racks.of_role("compute")
    gpus = sum(r.count("node") for r in racks) * m.node.gpus // m.node.fabric_units
    need = feeds_to_survive(m.node)
    hint = _m("use {k} feeds (PDUs) per compute rack", k=need) if need else _m("give the node more PSUs")
    yield Finding(_m("with one of a rack's {f} feeds lost, each node keeps {left} of its {n} PSUs and needs {k} "
                     "({policy}): that rack's GPUs stop ({g} GPUs in {r} racks are exposed)", f=loss.feeds,
                     left=loss.left, n=loss.psus, k=loss.needed, policy=Name(loss.policy), g=Number(gpus),
                     r=Number(len(racks))),
                  tuple(r.name for r in racks[:1]), hint,
                  severity=Severity.ERROR if m.site.ab_policy == "2n" else None)


ASSUMED_APPROACH_K = 5.0  # a liquid-to-liquid CDU's approach where its vendor publishes none (an assumption, said)


@cluster_rule("cluster.coolant_supply", "Coolant reaches the nodes cool enough", Severity.ERROR)
def coolant_supply(m: ClusterModel) -> Iterable[Finding]:
    """The site's supply water plus the CDU's approach (coolant leaves a liquid-to-liquid CDU that much warmer than
    the facility water) against the warmest coolant the node's liquid cooling takes."""
    limit = m.node.coolant_inlet_c_max
    if not m.node.liquid or limit is None or m.site.cooling != "liquid":
        return
    approach = m.cdu.approach_k if m.cdu.approach_k is not None else ASSUMED_APPROACH_K
    supply = m.site.supply_water_c + approach
    if supply > limit:
        yield Finding(_m("coolant reaches the nodes at {t} (supply water {w} + CDU approach {a}), over the {m} they "
                         "take", t=Quantity(supply, "°C", 1), w=Quantity(m.site.supply_water_c, "°C", 1),
                         a=Quantity(approach, "K", 1), m=Quantity(limit, "°C", 0)), (),
                      _m("lower the supply water temperature or use a CDU with a smaller approach"))


@cluster_rule("cluster.oversubscription", "Oversubscription within the target", Severity.WARNING)
def oversubscription(m: ClusterModel) -> Iterable[Finding]:
    achieved, target = m.compute.oversubscription, m.fabric.target_oversubscription
    if achieved > target + 1e-9:
        yield Finding(_m("leaves are {r}:1 oversubscribed, over the {t}:1 target", r=Number(achieved, 2),
                         t=Number(target, 2)), (), _m("add uplinks (a lower oversubscription) or raise the target"))


@cluster_rule("cluster.switch_ports", "Switch ports suffice", Severity.ERROR)
def switch_ports(m: ClusterModel) -> Iterable[Finding]:
    sw, c = m.switch, m.compute
    link = m.node.port_speed_gbit_s / c.planes
    if sw.port_speed_gbit_s < link:
        yield Finding(_m("switch {id} ports run at {s}, slower than the node's {n} NIC ports", id=sw.id,
                         s=_gbit(sw.port_speed_gbit_s), n=_gbit(link)), (sw.id,), _m("choose a faster switch"))
    if not same_network(sw, m.node.network_kind):
        yield Finding(_m("switch {id} runs {s}, the node's NICs run {n}", id=sw.id, s=sw.network_kind.value,
                         n=m.node.network_kind.value), (sw.id,), _m("choose a switch of the node's network kind"))
    if c.leaf_downlinks + c.leaf_uplinks > c.radix:
        yield Finding(_m("each leaf needs {n} ports, switch {id} has {k}", n=c.leaf_downlinks + c.leaf_uplinks,
                         id=sw.id, k=c.radix), (sw.id,), _m("choose a switch with more ports"))


def _gbit(speed: float) -> Quantity:
    return Quantity(speed, "Gb/s", None)


@cluster_rule("cluster.su_partial", "Every scalable unit is full", Severity.INFO)
def su_partial(m: ClusterModel) -> Iterable[Finding]:
    c = m.compute
    used = c.endpoints + c.ufm_positions
    if used < c.positions:
        empty = _m("{u} of {p} node positions in use; the last SU is cabled in full (1 position empty)") \
            if c.positions - used == 1 else \
            _m("{u} of {p} node positions in use; the last SU is cabled in full ({e} positions empty)")
        yield Finding(_m(empty.id, u=used, p=c.positions, e=c.positions - used), (),
                      _m("size the cluster in whole SUs"))


@cluster_rule("cluster.mixed_nic_speeds", "One scale-out port speed", Severity.WARNING)
def mixed_speeds(m: ClusterModel) -> Iterable[Finding]:
    speeds = m.node.port_speeds_gbit_s
    if len(speeds) > 1:
        yield Finding(_m("scale-out NIC ports at {s} Gb/s; the fabric runs at {m}", s=many(Number(s, None)
                         for s in speeds), m=_gbit(min(speeds))), (), _m("use one NIC speed on the compute fabric"))


@cluster_rule("cluster.storage_bandwidth", "Storage bandwidth per node meets the target", Severity.WARNING)
def storage_bandwidth(m: ClusterModel) -> Iterable[Finding]:
    storage = m.fabrics.storage
    if not isinstance(storage, AuxFabric) or not storage.target_gbytes_s_per_node:
        return
    have = m.node.storage_gbit_s / 8
    if have < storage.target_gbytes_s_per_node:
        yield Finding(_m("storage NICs give {have} per node, under the {t} target", have=Quantity(have, "GB/s", 1),
                         t=Quantity(storage.target_gbytes_s_per_node, "GB/s", 1)), (),
                      _m("add storage NIC ports or lower the target"))


def check_plan(m: ClusterModel, min_severity: Severity = Severity.INFO) -> Report:
    violations: list[Violation] = []
    for r in CLUSTER_RULES.values():
        for f in r.fn(m):  # type: ignore[arg-type]
            v = Violation(r.id, f.severity or r.severity, r.title, f.text, tuple(f.ids), f.hint)
            w = waiver_for(v, m.plan.waivers)
            violations.append(Violation(v.rule, v.severity, v.title, v.text, v.ids, v.hint, w is not None,
                                        w.reason if w else ""))
    keep = sorted((v for v in violations if SEVERITY_RANK[v.severity] <= SEVERITY_RANK[min_severity]),
                  key=lambda v: (SEVERITY_RANK[v.severity], v.rule))
    severities = tuple(s for s in Severity if SEVERITY_RANK[s] <= SEVERITY_RANK[min_severity])
    summary = {"gpus": m.compute.gpus, "nodes": m.nodes, "racks": len(m.racks.racks), "it_w": round(m.it_w)}
    return Report(tuple(CLUSTER_RULES), severities, tuple(keep), summary)
