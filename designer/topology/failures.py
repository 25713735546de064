"""What one scale-up failure costs, at the two granularities an architect quotes.

A physical link (one NVLink, one xGMI or HCCS link) is the smallest thing that fails: on an H100 it is 1/18
of the GPU's scale-up bandwidth. A whole switch plane (one NVSwitch chip and every link to it) is the next:
on an HGX H100 it is the 4 or 5 links each GPU has to that chip. Design links bundle several physical links
(`count`), so a failed design link is not a failed physical link.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from designer.model.design import Link
from designer.topology.graph import SCALEUP, Topology
from designer.topology.paths import gpu_scaleup_ports, scaleup_pair_capacity

Ports = dict[str, dict[str, float]]
Pairs = dict[tuple[str, str], float]


@dataclass(frozen=True)
class FailureCost:
    """The worst GPU pair after one failure of a kind: its bandwidth before and after (GB/s per direction)."""

    granularity: str  # "link" (one physical link) or "plane" (a whole switch chip)
    what: str  # "one NVLink of l0 (gpu0-nvs0)", "switch plane nvs0"
    pair: tuple[str, str]
    before: float
    after: float

    @property
    def drop(self) -> float:
        return 1 - self.after / self.before if self.before else 0.0


def after_link(topo: Topology, ports: Ports, base: Pairs, link: Link, failed: int = 1) -> Pairs:
    """Pair capacities after `failed` physical links of one design link fail (pairs through its GPU end)."""
    gpu, other = (link.a, link.b) if link.a in ports else (link.b, link.a)
    edge = topo.graph.edges[gpu, other]
    lost = edge["capacity"] * min(failed, link.count) / edge["count"]
    switch = other in topo.scaleup_switches
    order = topo.gpu_index
    out = {}
    for peer in topo.gpus:
        if peer == gpu:
            continue
        pair = (gpu, peer) if order[gpu] < order[peer] else (peer, gpu)
        if peer == other:
            out[pair] = base[pair] - lost
        elif switch and other in ports[peer]:
            old = min(ports[gpu][other], ports[peer][other])
            out[pair] = base[pair] - old + min(ports[gpu][other] - lost, ports[peer][other])
    return out


def after_switch(ports: Ports, base: Pairs, switch: str) -> Pairs:
    return {(a, b): cap - min(ports[a][switch], ports[b][switch])
            for (a, b), cap in base.items() if switch in ports[a] and switch in ports[b]}


def scaleup_links(topo: Topology, ports: Ports) -> list[Link]:
    conflicting = set(topo.graph.graph.get("conflicting_links", []))
    return [lk for lk in topo.design.links
            if lk.kind in SCALEUP and (lk.a in ports or lk.b in ports) and lk.id not in conflicting]


def single_failures(topo: Topology) -> Iterator[tuple[str, str, Pairs]]:
    """(granularity, what, pair capacities after) for each single physical link and each switch plane."""
    ports = gpu_scaleup_ports(topo)
    base = scaleup_pair_capacity(topo)
    for link in scaleup_links(topo, ports):
        name = link.kind.value.upper() if link.kind.value != "nvlink" else "NVLink"
        what = f"link {link.id}" if link.count == 1 else f"one {name} of {link.id} ({link.a}-{link.b})"
        yield "link", what, after_link(topo, ports, base, link)
    for cid in topo.scaleup_switches:
        yield "plane", f"switch plane {cid}", after_switch(ports, base, cid)


def worst_failures(topo: Topology) -> dict[str, FailureCost]:
    """The worst pair per granularity ("link", "plane"); a pair a failure cuts off has `after` 0 (a full mesh)."""
    if "worst_failures" in topo.cache:
        return topo.cache["worst_failures"]
    base = scaleup_pair_capacity(topo)
    worst: dict[str, FailureCost] = {}
    for granularity, what, after in single_failures(topo):
        for pair, cap in after.items():
            if not base[pair]:
                continue
            cost = FailureCost(granularity, what, pair, base[pair], max(0.0, cap))
            if granularity not in worst or cost.drop > worst[granularity].drop + 1e-12:
                worst[granularity] = cost
    topo.cache["worst_failures"] = worst
    return worst
