"""The cluster rule check, in the engine style of designer.rules: ids, severities, messages that name the
numbers, fix hints, waivers stored in the plan, a JSON report and an exit status."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from designer.cluster.build import ClusterModel, same_network
from designer.rules.engine import SEVERITY_RANK, Finding, Report, Rule, Severity, Violation, waiver_for

ClusterRuleFn = Callable[[ClusterModel], Iterable[Finding]]
CLUSTER_RULES: dict[str, Rule] = {}


def cluster_rule(rule_id: str, title: str, severity: Severity) -> Callable[[ClusterRuleFn], ClusterRuleFn]:
    def register(fn: ClusterRuleFn) -> ClusterRuleFn:
        CLUSTER_RULES[rule_id] = Rule(rule_id, title, severity, fn)  # type: ignore[arg-type]
        return fn
    return register


def _kw(watts: float) -> str:
    return f"{watts / 1000:,.1f} kW"


def _groups(rows: Iterable[tuple[str, tuple]]) -> list[tuple[list[str], tuple]]:
    """Racks with the same figures, in order: one finding per group (512 alike racks are one line)."""
    out: dict[tuple, list[str]] = {}
    for name, key in rows:
        out.setdefault(key, []).append(name)
    return [(names, key) for key, names in out.items()]


def _racks(names: list[str], one: str, many: str) -> str:
    """'rack C001 draws' or '32 racks (C001 to C032) each draw'."""
    if len(names) == 1:
        return f"rack {names[0]} {one}"
    return f"{len(names)} racks ({names[0]} to {names[-1]}) each {many}"


@cluster_rule("cluster.rack_power", "Rack power within the site's limit", Severity.ERROR)
def rack_power(m: ClusterModel) -> Iterable[Finding]:
    limit = m.plan.site.rack_power_limit_w
    for names, (w,) in _groups((r.name, (_kw(r.watts),)) for r in m.racks.racks if r.watts > limit):
        yield Finding(f"{_racks(names, 'draws', 'draw')} {w}, over the {_kw(limit)} limit", tuple(names),
                      "raise the rack power limit or put fewer nodes in a rack")


@cluster_rule("cluster.rack_cooling", "Rack heat within the site's cooling", Severity.ERROR)
def rack_cooling(m: ClusterModel) -> Iterable[Finding]:
    site = m.plan.site
    if m.node.liquid and site.cooling == "air":
        yield Finding(f"the node sends {_kw(m.node.heat_to_liquid_w)} to liquid but the site is air-cooled", (),
                      "choose liquid cooling for the site")
    hot = ((r.name, (_kw(r.heat_to_air_w),)) for r in m.racks.racks if r.heat_to_air_w > site.rack_air_limit_w)
    for names, (w,) in _groups(hot):
        yield Finding(f"{_racks(names, 'gives', 'give')} {w} to air, over the {_kw(site.rack_air_limit_w)} the room "
                      "can take per rack", tuple(names), "add liquid cooling or spread the load")


@cluster_rule("cluster.feed_capacity", "Feeds carry the rack", Severity.ERROR)
def feed_capacity(m: ClusterModel) -> Iterable[Finding]:
    rows = ((f.rack, (_kw(f.rack_w), f.feeds, _kw(f.feed_capacity_w), f"{f.normal_load:.0%}"))
            for f in m.feeds if f.normal_load > 1)
    for names, (w, n, cap, pct) in _groups(rows):
        yield Finding(f"{_racks(names, 'draws', 'draw')} {w} from {n} feeds of {cap} ({pct})", tuple(names),
                      "use larger feeds or more feeds per rack")


@cluster_rule("cluster.ab_loss", "A rack survives the loss of one feed", Severity.ERROR)
def ab_loss(m: ClusterModel) -> Iterable[Finding]:
    policy = m.plan.site.ab_policy
    rows = ((f.rack, (_kw(f.rack_w), _kw(f.feed_capacity_w * (f.feeds - 1)), f"{f.after_loss_load:.0%}"))
            for f in m.feeds if f.after_loss_load > 1 and f.normal_load <= 1)
    for names, (w, left, pct) in _groups(rows):
        yield Finding(f"with one feed lost, {_racks(names, 'needs', 'need')} {w} from {left} ({pct})", tuple(names),
                      "size each feed for the whole rack (2N)", severity=None if policy == "2n" else Severity.INFO)


@cluster_rule("cluster.oversubscription", "Oversubscription within the target", Severity.WARNING)
def oversubscription(m: ClusterModel) -> Iterable[Finding]:
    achieved, target = m.compute.oversubscription, m.plan.fabrics.compute.target_oversubscription
    if achieved > target + 1e-9:
        yield Finding(f"leaves are {achieved:.2f}:1 oversubscribed, over the {target:.2f}:1 target", (),
                      "add uplinks (a lower oversubscription) or raise the target")


@cluster_rule("cluster.switch_ports", "Switch ports suffice", Severity.ERROR)
def switch_ports(m: ClusterModel) -> Iterable[Finding]:
    sw, c = m.switch, m.compute
    link = m.node.port_speed_gbit_s / c.planes
    if sw.port_speed_gbit_s < link:
        yield Finding(f"switch {sw.id} ports run at {sw.port_speed_gbit_s:g} Gb/s, slower than the node's "
                      f"{link:g} Gb/s NIC ports", (sw.id,), "choose a faster switch")
    if not same_network(sw, m.node.network_kind):
        yield Finding(f"switch {sw.id} runs {sw.network_kind.value}, the node's NICs run {m.node.network_kind.value}",
                      (sw.id,), "choose a switch of the node's network kind")
    if c.leaf_downlinks + c.leaf_uplinks > c.radix:
        yield Finding(f"each leaf needs {c.leaf_downlinks + c.leaf_uplinks} ports, switch {sw.id} has {c.radix}",
                      (sw.id,), "choose a switch with more ports")


@cluster_rule("cluster.su_partial", "Every scalable unit is full", Severity.INFO)
def su_partial(m: ClusterModel) -> Iterable[Finding]:
    c = m.compute
    used = c.endpoints + m.plan.fabrics.compute.ufm_positions
    if used < c.positions:
        yield Finding(f"{used} of {c.positions} node positions in use; the last SU is cabled in full "
                      f"({c.positions - used} positions empty)", (), "size the cluster in whole SUs")


@cluster_rule("cluster.mixed_nic_speeds", "One scale-out port speed", Severity.WARNING)
def mixed_speeds(m: ClusterModel) -> Iterable[Finding]:
    speeds = m.node.port_speeds_gbit_s
    if len(speeds) > 1:
        yield Finding(f"scale-out NIC ports at {', '.join(f'{s:g}' for s in speeds)} Gb/s; the fabric runs at "
                      f"{min(speeds):g} Gb/s", (), "use one NIC speed on the compute fabric")


@cluster_rule("cluster.storage_bandwidth", "Storage bandwidth per node meets the target", Severity.WARNING)
def storage_bandwidth(m: ClusterModel) -> Iterable[Finding]:
    storage = m.plan.fabrics.storage
    if storage is None or not storage.target_gbytes_s_per_node:
        return
    have = m.node.storage_gbit_s / 8
    if have < storage.target_gbytes_s_per_node:
        yield Finding(f"storage NICs give {have:,.1f} GB/s per node, under the {storage.target_gbytes_s_per_node:,.1f} "
                      "GB/s target", (), "add storage NIC ports or lower the target")


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
