"""What one node's fabric sustains for each traffic pattern, from the topology graph.

Traffic is routed over the graph (scale-up pairs split over switch planes and direct links in
proportion to capacity; host traffic on its PCIe/socket path), loads are summed per link and
direction, and the pattern's rate is set by the most-loaded link: the bottleneck, named with its
utilisation. Capacities are raw per-direction rates times the link technology's efficiency.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from designer.core.ids import natural_key
from designer.core.messages import Legacy, Msg, Name, Number, _m, many
from designer.model.design import LinkKind
from designer.model.parts import Fabric, GpuSpec, ScaleupSwitchSpec
from designer.simulation.calibration import NO_CALIBRATION, Calibration
from designer.simulation.constants import LINK_EFFICIENCY, NVLS_EFFICIENCY, NVLS_MIN_GPUS
from designer.simulation.network import Network, network_of
from designer.topology.graph import SCALEUP, Topology
from designer.topology.paths import (
    gpu_nic_affinity,
    gpu_scaleup_ports,
    host_path,
    host_tree,
    scaleup_pair_capacity,
)

Flow = tuple[str, str, float]  # source, destination, GB per unit of the pattern
VECTOR_MIN_FLOWS = 256  # route GPU-to-GPU flows on arrays above this many (a 72-GPU AllToAll has 5,112)


@dataclass(frozen=True)
class Bottleneck:
    """The links that saturate first. `edges` are (from, to) in the direction of the traffic."""

    edges: tuple[tuple[str, str], ...]
    link_ids: tuple[str, ...]
    kind: str
    capacity_gbytes_s: float  # effective, per direction, of the first device's saturated links
    utilisation: float  # 1.0 at the pattern's limiting rate
    alike: int = 1  # how many devices saturate the same way
    links: int = 0  # the physical links of the first device's saturated bundles (0: one per bundle)

    def label(self) -> str:
        return self._label

    @cached_property
    def _label(self) -> str:  # once per bottleneck: a 72-GPU rack's ties list 1,296 edges, and every row asks
        return str(self.message)

    @cached_property
    def message(self) -> Msg:
        """'gpu0 -> nvs0 (nvlink, 25.0 GB/s per direction over 5 links; 8 devices alike)' as a message."""
        head = self.edges[0][0]
        targets = [v for u, v in self.edges if u == head]
        links = self.links or len([e for e in self.edges if e[0] == head])  # DGX H100: 18 NVLinks to 4 switches
        where = _m("{head} -> {targets}", head=Name(head), targets=many([Name(t) for t in targets]))
        params = {"where": where, "kind": Legacy(self.kind),
                  "bw": Number(self.capacity_gbytes_s, 1), "n": links, "m": self.alike}
        if self.alike > 1:
            return (_m("{where} ({kind}, {bw} GB/s per direction over {n} links; {m} devices alike)", **params)
                    if links > 1 else _m("{where} ({kind}, {bw} GB/s per direction over 1 link; {m} devices alike)",
                                         **params))
        return (_m("{where} ({kind}, {bw} GB/s per direction over {n} links)", **params) if links > 1
                else _m("{where} ({kind}, {bw} GB/s per direction over 1 link)", **params))


@dataclass(frozen=True)
class Rate:
    gbytes_s: float  # per-GPU send rate the pattern sustains (per direction)
    bottleneck: Bottleneck | None


class NodeFabric:
    def __init__(self, topo: Topology, calibration: Calibration = NO_CALIBRATION) -> None:
        self.topo = topo
        self.cal = calibration
        self.g = topo.graph
        self.gpus = topo.gpus
        self.n = len(self.gpus)
        self.plans: dict[tuple[str, str, int], Any] = {}  # collectives.plan's per-fabric memo

    def subset(self, k: int) -> NodeFabric:
        """The fabric as seen by a group of the k nearest GPUs (in ring order). Every GPU keeps using
        its NIC at the same time, so the per-GPU network rate stays the whole node's."""
        if k >= self.n:
            return self
        sub = NodeFabric(self.topo, self.cal)
        sub.gpus = self.ring_order[:k]
        sub.n = k
        sub.__dict__["network"] = self.network
        return sub

    def capacity(self, u: str, v: str) -> float:
        d = self.g.edges[u, v]
        if d["kind"] is LinkKind.NETWORK:  # the achieved share depends on the network's kind
            return d["capacity"] * self.net_efficiency
        return d["capacity"] * self.cal.link_efficiency.get(d["kind"], LINK_EFFICIENCY[d["kind"]])

    @cached_property
    def net_efficiency(self) -> float:
        return self.cal.network_efficiency.get(self.net.kind, self.net.efficiency)

    @cached_property
    def net(self) -> Network:
        return network_of(self.topo)

    # Routing ----------------------------------------------------------------------------------
    def _route(self, src: str, dst: str, amount: float, loads: dict) -> bool:
        pair = (src, dst) if self.topo.gpu_index.get(src, 0) < self.topo.gpu_index.get(dst, 0) else (dst, src)
        total = scaleup_pair_capacity(self.topo).get(pair, 0.0) if src in self.ports and dst in self.ports else 0.0
        if total > 0:
            pa, pb = self.ports[src], self.ports[dst]
            if dst in pa:
                loads[(src, dst)] += amount * pa[dst] / total
            for sw in self.switches.intersection(pa).intersection(pb):
                share = amount * min(pa[sw], pb[sw]) / total
                loads[(src, sw)] += share
                loads[(sw, dst)] += share
            return True
        path = host_path(self.topo, src, dst)
        if path is None:
            return False
        for u, v in zip(path, path[1:], strict=False):
            loads[(u, v)] += amount
        return True

    @cached_property
    def ports(self) -> dict[str, dict[str, float]]:
        return gpu_scaleup_ports(self.topo)

    @cached_property
    def switches(self) -> set[str]:
        return set(self.topo.scaleup_switches)

    def rate(self, flows: list[Flow], per_gpu: float = 1.0) -> Rate:
        """Largest per-GPU rate at which all flows fit (flows are given per unit of per-GPU rate)."""
        loads: dict[tuple[str, str], float] = defaultdict(float)
        if len(flows) > VECTOR_MIN_FLOWS:
            flows = self._route_scaleup(flows, loads)
        for src, dst, amount in flows:
            if not self._route(src, dst, amount, loads):
                return Rate(0.0, None)
        return self._limit(loads, per_gpu)

    def _route_scaleup(self, flows: list[Flow], loads: dict) -> list[Flow]:
        """`_route` for every GPU-to-GPU flow with a scale-up path at once, on arrays (AllToAll on a 72-GPU rack
        is 5,112 flows over 18 switch planes); returns the flows left for `_route` (host paths)."""
        import numpy as np  # noqa: PLC0415 (loaded on first use, not at CLI start-up)

        gpus = [g for g in self.gpus if g in self.ports]
        gi = {g: i for i, g in enumerate(gpus)}
        sws = sorted(self.switches.intersection(*(self.ports[g] for g in gpus))) if gpus else []
        n = len(gpus)
        direct = np.array([[self.ports[a].get(b, 0.0) for b in gpus] for a in gpus]).reshape(n, n)
        cap = np.array([[self.ports[g].get(sw, 0.0) for sw in sws] for g in gpus]).reshape(n, len(sws))
        via = np.minimum(cap[:, None, :], cap[None, :, :])  # (a, b, switch)
        total = direct + via.sum(axis=2)
        amount = np.zeros((n, n))
        rest = []
        for flow in flows:
            src, dst, amt = flow
            i, j = gi.get(src), gi.get(dst)
            if i is None or j is None or i == j or total[i, j] <= 0 or not self._shares_all(src, dst, sws):
                rest.append(flow)
            else:
                amount[i, j] += amt
        share = np.divide(amount, total, out=np.zeros_like(total), where=total > 0)
        for i, j in zip(*np.nonzero(share * direct), strict=True):
            loads[(gpus[i], gpus[j])] += float(share[i, j] * direct[i, j])
        through = share[:, :, None] * via
        up, down = through.sum(axis=1), through.sum(axis=0)  # (gpu, switch): into and out of each switch
        for k, sw in enumerate(sws):
            for row in np.nonzero(up[:, k])[0].tolist():
                loads[(gpus[row], sw)] += float(up[row, k])
            for col in np.nonzero(down[:, k])[0].tolist():
                loads[(sw, gpus[col])] += float(down[col, k])
        return rest

    def _shares_all(self, a: str, b: str, sws: list[str]) -> bool:
        """The pair's common switches are exactly the arrays' columns (else `_route` handles it)."""
        common = self.switches.intersection(self.ports[a]).intersection(self.ports[b])
        return len(common) == len(sws)

    def _limit(self, loads: dict, per_gpu: float) -> Rate:
        utils = {e: (load / cap if (cap := self.capacity(*e)) > 0 else float("inf")) for e, load in loads.items()}
        if not utils:
            return Rate(float("inf"), None)
        worst = max(utils.values())
        if worst <= 0:
            return Rate(float("inf"), None)
        tied = sorted((e for e, u in utils.items() if u >= worst * 0.999), key=self._edge_order)
        return Rate(per_gpu / worst, self._bottleneck(tied))

    def _edge_order(self, edge: tuple[str, str]) -> tuple:
        order = self.topo.gpu_index
        return (order.get(edge[0], len(order)), natural_key(edge[0]), natural_key(edge[1]))  # nvs2 before nvs10

    def _bottleneck(self, tied: list[tuple[str, str]], kind: str | None = None,
                    capacity: float | None = None) -> Bottleneck:
        head = tied[0][0]
        first = [e for e in tied if e[0] == head]
        ids = tuple(i for e in tied for i in self.g.edges[e]["link_ids"])
        cap = sum(self.capacity(*e) for e in first) if capacity is None else capacity
        return Bottleneck(tuple(tied), tuple(dict.fromkeys(ids)), kind or self.g.edges[first[0]]["kind"].value,
                          cap, 1.0, len({u for u, _ in tied if self.g.nodes[u]["kind"] == self.g.nodes[head]["kind"]}),
                          sum(1 if self.g.edges[e]["kind"] == LinkKind.PCIE else int(self.g.edges[e].get("count", 1))
                              for e in first))  # a PCIe link's count is its lanes

    # Patterns ---------------------------------------------------------------------------------
    @cached_property
    def is_mesh(self) -> bool:
        """Every GPU pair has a direct scale-up link and no switch plane is used."""
        return self.n > 2 and not self.switches.intersection(*self.ports.values()) and all(
            b in self.ports[a] for i, a in enumerate(self.gpus) for b in self.gpus[i + 1:])

    def _peers(self, gpu: str) -> list[str]:
        return [p for p in self.ports[gpu] if p in self.topo.gpu_index and p in self.gpus]

    @cached_property
    def is_direct(self) -> bool:
        """Switchless scale-up where rings can be built from direct links alone: every GPU has at least
        two direct peers and the GPUs form one connected group (a full mesh, or one missing a link)."""
        if self.n < 3 or self.switches.intersection(*self.ports.values()):
            return False
        if any(len(self._peers(g)) < 2 for g in self.gpus):
            return False
        seen, todo = {self.gpus[0]}, [self.gpus[0]]
        while todo:
            for p in self._peers(todo.pop()):
                if p not in seen:
                    seen.add(p)
                    todo.append(p)
        return len(seen) == self.n

    def _anchor(self, gpu: str, kind: str) -> str:
        """The nearest host device of a kind (host_tree lists nodes in BFS order)."""
        return next((n for n in host_tree(self.topo, gpu) if self.g.nodes[n]["kind"] == kind), "")

    @cached_property
    def ring_order(self) -> list[str]:
        """GPUs ordered for locality: by the CPU and PCIe switch above them, then design order."""
        return sorted(self.gpus, key=lambda g: (self._anchor(g, "cpu"), self._anchor(g, "pcie_switch"),
                                                self.topo.gpu_index[g]))

    def ring_flows(self) -> list[Flow]:
        if self.is_direct:  # several rings over the direct links (a Hamiltonian decomposition of a full mesh
            # loads every link equally); each GPU spreads its ring traffic over its direct peers
            return [(a, b, 1.0 / len(self._peers(a))) for a in self.gpus for b in self._peers(a)]
        order = self.ring_order
        return [(order[i], order[(i + 1) % self.n], 1.0) for i in range(self.n)]

    @cached_property
    def ring(self) -> Rate:
        return self.rate(self.ring_flows()) if self.n > 1 else Rate(float("inf"), None)

    @cached_property
    def all_to_all(self) -> Rate:
        """Each GPU sends equal shares to every peer at once (AllToAll, direct algorithms)."""
        if self.n < 2:
            return Rate(float("inf"), None)
        return self.rate([(a, b, 1.0 / (self.n - 1)) for a in self.gpus for b in self.gpus if a != b])

    @cached_property
    def send_recv(self) -> Rate:
        """nccl-tests sendrecv: rank i sends to rank i+1, all at once."""
        if self.n < 2:
            return Rate(float("inf"), None)
        return self.rate([(self.gpus[i], self.gpus[(i + 1) % self.n], 1.0) for i in range(self.n)])

    @cached_property
    def nvls(self) -> Rate | None:
        """In-switch reduction: every GPU on the same reduction-capable planes, more than 4 GPUs."""
        if self.n < NVLS_MIN_GPUS or not self.switches:
            return None
        planes = [sw for sw in self.switches
                  if (p := self.topo.part(sw)) and isinstance(p, ScaleupSwitchSpec) and p.in_switch_reduction]
        if not planes or any(sw not in self.ports[g] for g in self.gpus for sw in planes):
            return None
        first = self.topo.part(self.gpus[0])
        fabric = first.fabric if isinstance(first, GpuSpec) else Fabric.NONE
        eff = self.cal.nvls_efficiency.get(fabric, NVLS_EFFICIENCY.get(fabric))
        if eff is None:
            return None
        raw = {g: sum(self.ports[g][sw] for sw in planes) for g in self.gpus}
        least = min(raw.values())
        tied = [(g, sw) for g in self.gpus if raw[g] <= least * 1.001 for sw in sorted(planes, key=natural_key)]
        return Rate(least * eff, self._bottleneck(tied, "nvlink with in-switch reduction", least * eff))

    @cached_property
    def network(self) -> Rate:
        """Per-GPU scale-out rate: each GPU to its nearest compute NIC and out, all GPUs at once."""
        affinity = gpu_nic_affinity(self.topo)
        loads: dict[tuple[str, str], float] = defaultdict(float)
        for a in affinity:
            if a.nic is None or a.path_class == "-":
                return Rate(0.0, None)
            path = host_path(self.topo, a.gpu, a.nic) or []
            for u, v in zip(path, path[1:], strict=False):
                loads[(u, v)] += 1.0
            fabric = next((n for n in self.g.neighbors(a.nic) if self.g.edges[a.nic, n]["kind"] is LinkKind.NETWORK),
                          None)
            if fabric is None:
                return Rate(0.0, None)
            loads[(a.nic, fabric)] += 1.0
        return self._limit(loads, 1.0) if loads else Rate(0.0, None)

    @cached_property
    def link_class(self) -> str:
        """'scaleup' when the ring runs on NVLink/xGMI/HCCS, else 'pci' (for latencies)."""
        b = self.ring.bottleneck
        return "scaleup" if b is not None and LinkKind(b.kind) in SCALEUP else "pci"

    @cached_property
    def fabric(self) -> Fabric:
        specs = [self.topo.part(g) for g in self.gpus]
        return specs[0].fabric if specs and isinstance(specs[0], GpuSpec) else Fabric.NONE

    @cached_property
    def nvlink(self) -> bool:
        return self.fabric.value.startswith("nvlink") and self.link_class == "scaleup"
