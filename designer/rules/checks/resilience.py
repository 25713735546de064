"""Resilience: what one failed link, switch plane, NIC or PSU does to the design."""

from __future__ import annotations

from collections.abc import Iterator

from designer.rules.engine import Finding, RuleContext, Severity, rule
from designer.topology.graph import SCALEUP
from designer.topology.paths import fallback_path, gpu_nic_affinity, gpu_scaleup_ports, scaleup_pair_capacity


def _after_link(ctx: RuleContext, ports, base, link) -> dict[tuple[str, str], float]:
    """Pair capacities after one scale-up link fails (only pairs through its GPU end change)."""
    gpu, other = (link.a, link.b) if link.a in ports else (link.b, link.a)
    edge = ctx.topo.graph.edges[gpu, other]
    lost = edge["capacity"] * link.count / edge["count"]
    switch = other in ctx.topo.scaleup_switches
    order = ctx.topo.gpu_index
    out = {}
    for peer in ctx.topo.gpus:
        if peer == gpu:
            continue
        pair = (gpu, peer) if order[gpu] < order[peer] else (peer, gpu)
        if peer == other:
            out[pair] = base[pair] - lost
        elif switch and other in ports[peer]:
            old = min(ports[gpu][other], ports[peer][other])
            out[pair] = base[pair] - old + min(ports[gpu][other] - lost, ports[peer][other])
    return out


def _after_switch(ports, base, switch) -> dict[tuple[str, str], float]:
    return {(a, b): cap - min(ports[a][switch], ports[b][switch])
            for (a, b), cap in base.items() if switch in ports[a] and switch in ports[b]}


def _failures(ctx: RuleContext, ports, base):
    conflicting = set(ctx.topo.graph.graph.get("conflicting_links", []))
    for link in ctx.design.links:
        if link.kind in SCALEUP and (link.a in ports or link.b in ports) and link.id not in conflicting:
            yield f"link {link.id}", _after_link(ctx, ports, base, link)
    for cid in ctx.topo.scaleup_switches:
        yield f"switch plane {cid}", _after_switch(ports, base, cid)


@rule("resilience.single_failure", "One failure does not cut the node apart", Severity.ERROR)
def single_failure(ctx: RuleContext) -> Iterator[Finding]:
    ports = gpu_scaleup_ports(ctx.topo)
    base = scaleup_pair_capacity(ctx.topo)
    if base and max(base.values()) > 0:
        yield from _scaleup_findings(ctx, ports, base)
    yield from _nic_findings(ctx)
    yield from _psu_findings(ctx)


def _scaleup_findings(ctx: RuleContext, ports, base) -> Iterator[Finding]:
    worst: tuple[float, str, tuple, float, float] | None = None
    fallback: list[str] = []
    for what, after in _failures(ctx, ports, base):
        for pair, cap in after.items():
            if cap <= 1e-9 < base[pair]:
                if fallback_path(ctx.topo, *pair) is None:
                    yield Finding(f"a failed {what} leaves {pair[0]} and {pair[1]} with no path at all", pair,
                                  "add a second path (another switch plane or a PCIe route)")
                else:
                    fallback.append(what)
                continue
            drop = 1 - cap / base[pair] if base[pair] else 0
            if worst is None or drop > worst[0]:
                worst = (drop, what, pair, base[pair], cap)
    if fallback:
        yield Finding(f"{len(set(fallback))} single scale-up failures (e.g. {fallback[0]}) leave a GPU pair without "
                      "a scale-up path: its traffic falls back to PCIe or the network, and ring collectives route "
                      "around it", (), "expected where each GPU pair has a single link (a full mesh)", Severity.INFO)
    if worst and worst[0] > 0:
        drop, what, pair, before, after = worst
        yield Finding(f"worst single scale-up failure: {what} drops {pair[0]}-{pair[1]} from {before:.0f} to "
                      f"{after:.0f} GB/s per direction (-{drop:.0%})", pair, "", Severity.INFO)


def _nic_findings(ctx: RuleContext) -> Iterator[Finding]:
    nics = ctx.topo.nics("compute")
    if len(nics) == 1 and ctx.topo.gpus:
        yield Finding(f"{nics[0]} is the only compute NIC: its failure cuts the node off the compute fabric",
                      (nics[0],), "add a second NIC", Severity.WARNING)
    elif len(nics) > 1:
        total = sum(ctx.part(n).line_rate_gbit_s for n in nics)
        biggest = max(nics, key=lambda n: ctx.part(n).line_rate_gbit_s)
        left = total - ctx.part(biggest).line_rate_gbit_s
        users = [a.gpu for a in gpu_nic_affinity(ctx.topo) if a.nic == biggest]
        after = {a.gpu: a.path_class for a in gpu_nic_affinity(ctx.topo, frozenset({biggest}))}
        moved = ", ".join(f"{u} to {after[u]}" if after[u] != "-" else f"{u} has no other NIC" for u in users)
        yield Finding(f"one failed NIC ({biggest}) cuts scale-out from {total:g} to {left:g} Gb/s per node; "
                      f"{moved or 'no GPU used it'}", (biggest,),
                      "", Severity.INFO)


def _psu_findings(ctx: RuleContext) -> Iterator[Finding]:
    b = ctx.budget
    if b.psu_count == 0 or b.load_w > b.usable_w:
        return  # power.psu_capacity / power.psu_redundancy report it
    left = (b.psu_count - 1) * b.psu_unit_w
    if left < b.load_w:
        yield Finding(f"one failed PSU leaves {left:,.0f} W for a {b.load_w:,.0f} W load", (),
                      "add a redundant PSU", Severity.WARNING)
    else:
        yield Finding(f"one failed PSU leaves {b.psu_count - 1} x {b.psu_unit_w:,.0f} W = {left:,.0f} W for the "
                      f"{b.load_w:,.0f} W load", (), "", Severity.INFO)
