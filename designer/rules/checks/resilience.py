"""Resilience: what one failed link, switch plane, NIC or PSU does to the design. Scale-up failures follow the
design's fabric failure policy (designer.topology.policy: Fabric Manager HA modes, NMX partition modes, or a
stated assumption where no vendor publishes one)."""

from __future__ import annotations

from collections.abc import Iterator

from designer.core.messages import Msg, Name, Quantity, _m, many
from designer.rules.checks.rack import tray_findings
from designer.rules.engine import Finding, RuleContext, Severity, rule
from designer.rules.words import device
from designer.topology.failures import sweep
from designer.topology.outcomes import RULE, outcomes
from designer.topology.paths import classes_without, fallback_path, gpu_nic_affinity, scaleup_pair_matrix
from designer.topology.policy import DOWN, resolve
from designer.topology.trays import tray_parts


@rule(RULE, "One switch failure does not stop the NVLink domain", Severity.ERROR)
def fabric_failure(ctx: RuleContext) -> Iterator[Finding]:
    """Where the failure policy lets one switch (or switch tray) stop the NVLink domain: the documented default
    on HGX (an uninitialised fabric) and NVL72 (an unhealthy full-bandwidth partition)."""
    for o in outcomes(ctx.topo).values():
        if o.kind in DOWN:
            yield Finding(o.text, o.ids, o.fix, Severity.ERROR)


def _policy_findings(ctx: RuleContext) -> Iterator[Finding]:
    """The other single scale-up failures under the policy: infos where it runs on (degraded, or documented as
    graceful), errors where the wiring leaves GPUs no NVLink at all (a pair cut by one switch tray)."""
    policy = resolve(ctx.topo)
    if policy is None:
        return
    if policy.not_effective:
        yield Finding(_m("the failure policy {chosen} is not effective on this platform ({platform}); {policy} "
                         "applies", chosen=policy.chosen, platform=policy.platform, policy=policy.id), (),
                      _m("choose one of: {choices}", choices=many(policy.alternatives)), Severity.WARNING)
    for o in outcomes(ctx.topo).values():
        if o.kind not in DOWN:
            yield Finding(o.text, o.ids, o.fix, Severity(o.severity))


@rule("resilience.single_failure", "One failure does not cut the node apart", Severity.ERROR)
def single_failure(ctx: RuleContext) -> Iterator[Finding]:
    if len(ctx.topo.gpus) > 1 and scaleup_pair_matrix(ctx.topo).max() > 0:  # some pair has scale-up capacity
        yield from _scaleup_findings(ctx)
        yield from _policy_findings(ctx)
    yield from _nic_findings(ctx)
    yield from _psu_findings(ctx)
    yield from tray_findings(ctx)


def _scaleup_findings(ctx: RuleContext) -> Iterator[Finding]:
    fallback: list[Msg] = []
    result = sweep(ctx.topo)
    for what, pair in result.cut:
        if fallback_path(ctx.topo, *pair) is None:
            yield Finding(_m("a failed {what} leaves {a} and {b} with no path at all", what=what, a=pair[0],
                             b=pair[1]), pair, _m("add a second path (another switch plane or a PCIe route)"))
        else:
            fallback.append(what)
    if fallback:
        devs = device(ctx.device, plural=True)
        yield Finding(_m("{n} single scale-up failures (e.g. {first}) leave a pair of {devs} without a scale-up path: "
                         "its traffic falls back to PCIe or the network, and ring collectives route around it",
                         n=len(set(fallback)), first=fallback[0], devs=devs), (),
                      _m("expected where each pair of {devs} has a single link (a full mesh)", devs=devs),
                      Severity.INFO)


def _nic_findings(ctx: RuleContext) -> Iterator[Finding]:
    nics = ctx.topo.nics("compute")
    if len(nics) == 1 and ctx.topo.gpus:
        yield Finding(_m("{nic} is the only compute NIC: its failure cuts the node off the compute fabric",
                         nic=nics[0]), (nics[0],), _m("add a second NIC"), Severity.WARNING)
    elif len(nics) > 1:
        total = sum(ctx.part(n).line_rate_gbit_s for n in nics)
        biggest = max(nics, key=lambda n: ctx.part(n).line_rate_gbit_s)
        left = total - ctx.part(biggest).line_rate_gbit_s
        users = [a.gpu for a in gpu_nic_affinity(ctx.topo) if a.nic == biggest]
        after = classes_without(ctx.topo, biggest)
        moved = [_m("{gpu} falls back to a NIC at {path} (nvidia-smi class)", gpu=u, path=after[u])
                 if after[u] != "-" else _m("{gpu} has no other NIC", gpu=u) for u in users]
        where = _m("in the rack") if tray_parts(ctx.topo) else _m("per node")  # a rack-scale design is one rack
        yield Finding(_m("one failed NIC ({nic}) cuts scale-out from {total} to {left} {where}; {moved}",
                         nic=biggest, total=Quantity(total, "Gb/s", None), left=Quantity(left, "Gb/s", None),
                         where=where, moved=many(moved) if moved else _m("no GPU used it")), (biggest,),
                      "", Severity.INFO)


def _psu_findings(ctx: RuleContext) -> Iterator[Finding]:
    b = ctx.budget
    if b.psu_count == 0 or b.load_w > b.usable_w:
        return  # power.psu_capacity / power.psu_redundancy report it
    left = (b.psu_count - 1) * b.psu_unit_w
    if left < b.load_w:
        yield Finding(_m("one failed PSU leaves {left} for a {load} load", left=Quantity(left, "W"),
                         load=Quantity(b.load_w, "W")), (), _m("add a redundant PSU"), Severity.WARNING)
    elif b.redundant_psus:  # the failure is one the policy plans for: its usable capacity stands, as the sheet says
        yield Finding(_m("one failed PSU leaves {n} x {unit} running; the {usable} usable under {policy} still "
                         "carries the {load} load", n=b.psu_count - 1, unit=Quantity(b.psu_unit_w, "W"),
                         usable=Quantity(b.usable_w, "W"), policy=Name(b.redundancy.value),
                         load=Quantity(b.load_w, "W")), (), "", Severity.INFO)
    else:
        yield Finding(_m("one failed PSU leaves {n} x {unit} = {left} for the {load} load", n=b.psu_count - 1,
                         unit=Quantity(b.psu_unit_w, "W"), left=Quantity(left, "W"), load=Quantity(b.load_w, "W")),
                      (), "", Severity.INFO)
