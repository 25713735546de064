"""Time of one collective for one message size, algorithm and protocol, in nccl-tests terms.

n GPUs per node, N nodes, R = n N ranks. Bandwidths (GB/s per direction per GPU) come from
NodeFabric; the formulas are the standard ones for each algorithm (collectives.md s1, s5), with
pipelined phases: the slowest phase sets the rate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.simulation.constants import (
    NCCL,
    PROTOCOL_BW,
    RCCL,
    RING_SIMPLE_MULTINODE_LAT,
    TREE_BUS_FACTOR,
)
from designer.simulation.fabric import Bottleneck, NodeFabric, Rate

# nccl-tests busbw factor per collective, as a function of the rank count R.
BUS_FACTOR = {
    "allreduce": lambda r: 2 * (r - 1) / r,
    "allgather": lambda r: (r - 1) / r,
    "reducescatter": lambda r: (r - 1) / r,
    "alltoall": lambda r: (r - 1) / r,
    "broadcast": lambda r: 1.0,
    "reduce": lambda r: 1.0,
    "sendrecv": lambda r: 1.0,
}


@dataclass(frozen=True)
class Phase:
    seconds_per_byte: float  # time per byte of S (the nccl-tests size)
    rate: Rate
    what: str


@dataclass(frozen=True)
class Plan:
    """How an algorithm moves a collective: its phases (pipelined) and its latency steps."""

    phases: tuple[Phase, ...]
    latency_us: dict[str, float]  # per protocol

    def time_us(self, size: int, proto: str) -> float:
        slowest = max(p.seconds_per_byte for p in self.phases) if self.phases else 0.0
        return self.latency_us[proto] + size * slowest / PROTOCOL_BW[proto] * 1e6

    @property
    def bottleneck(self) -> tuple[Bottleneck | None, str]:
        phase = max(self.phases, key=lambda p: p.seconds_per_byte)
        return phase.rate.bottleneck, phase.what


def _per_byte(volume: float, rate: Rate) -> float:
    """Seconds per byte of S when each GPU moves `volume` x S at rate.gbytes_s (GB/s)."""
    if volume == 0:
        return 0.0
    return math.inf if rate.gbytes_s <= 0 else volume / (rate.gbytes_s * 1e9)


def _scaled(rate: Rate, factor: float) -> Rate:
    return Rate(rate.gbytes_s * factor, rate.bottleneck)


class Latency:
    """Latency terms of NCCL's model (RCCL's for xGMI meshes)."""

    def __init__(self, fab: NodeFabric, nodes: int) -> None:
        self.lib = RCCL if fab.fabric.value == "xgmi" else NCCL
        self.intra = fab.link_class
        self.nodes = nodes
        self.n = fab.n
        self.nvlink = fab.nvlink

    def protocols(self, algo: str) -> list[str]:
        if algo == "nvls":
            return ["Simple"]
        protos = ["LL", "Simple"]
        if self.nvlink or (self.lib is NCCL and self.intra == "scaleup"):
            protos.insert(1, "LL128")
        return protos

    def hop(self, link: str, algo: str, proto: str) -> float:
        table = self.lib["hop"][link].get("tree" if algo == "tree" else algo if algo == "nvls" else "ring", {})
        return table.get(proto, table.get("Simple", 0.0))

    def base(self, algo: str, proto: str) -> float:
        return self.lib["base"].get(algo, self.lib["base"]["ring"]).get(proto, 0.0)

    def steps(self, algo: str, intra_steps: int, inter_steps: int) -> dict[str, float]:
        out = {}
        for proto in self.protocols(algo):
            lat = self.base(algo, proto) + intra_steps * self.hop(self.intra, algo, proto)
            lat += inter_steps * self.hop("net", algo, proto)
            if algo == "ring" and proto == "Simple" and self.nodes > 1 and inter_steps:
                lat *= RING_SIMPLE_MULTINODE_LAT
            out[proto] = lat
        return out


def plan(collective: str, algo: str, fab: NodeFabric, nodes: int) -> Plan | None:
    """The plan for one (collective, algorithm) on `nodes` nodes, or None when it does not apply."""
    n, N = fab.n, nodes
    r = n * N
    lat = Latency(fab, N)
    if r < 2:
        return None
    builder = _BUILDERS.get((collective, algo))
    return builder(fab, lat, n, N, r) if builder else None


def _net(fab: NodeFabric, n: int) -> Rate:
    """Node scale-out as a per-GPU rate for patterns that spread over all NICs (n x per-GPU rate)."""
    return _scaled(fab.network, n)


def _ring_rate(fab: NodeFabric, N: int) -> Rate:
    """Flat ring over all ranks: every ring crosses each node boundary, so a GPU's ring rate is
    bounded by the node's total NIC rate as well as by the intra-node ring."""
    if N == 1:
        return fab.ring
    node_net = _net(fab, fab.n)
    return fab.ring if fab.ring.gbytes_s <= node_net.gbytes_s else node_net


def _allreduce_ring(fab, lat, n, N, r):
    rate = _ring_rate(fab, N)
    return Plan((Phase(_per_byte(2 * (r - 1) / r, rate), rate, "ring"),),
                lat.steps("ring", 2 * (r - 1) - 2 * (N - 1), 2 * (N - 1)))


def _allreduce_tree(fab, lat, n, N, r):
    rate = _scaled(_ring_rate(fab, N), TREE_BUS_FACTOR * 0.5)
    log_n = int(math.floor(math.log2(N))) if N > 1 else 0
    return Plan((Phase(_per_byte(1.0, rate), rate, "tree"),), lat.steps("tree", 2 * (n - 1), 2 * log_n))


def _allreduce_nvls(fab, lat, n, N, r):
    if fab.nvls is None:
        return None
    phases = [Phase(_per_byte(1.0, fab.nvls), fab.nvls, "in-switch reduction")]
    if N > 1:  # NVLS inside the node, the shard of each GPU reduced across nodes over its NIC
        phases.append(Phase(_per_byte(2 * (N - 1) / N / n, fab.network), fab.network, "inter-node"))
    steps = lat.steps("nvls", 1, 2 * int(math.ceil(math.log2(N))) if N > 1 else 0)
    return Plan(tuple(phases), steps)


def _allreduce_direct(fab, lat, n, N, r):
    if N > 1 or not fab.is_mesh:
        return None
    return Plan((Phase(_per_byte(2 * (n - 1) / n, fab.all_to_all), fab.all_to_all, "direct"),),
                lat.steps("direct", 2, 0))


def _allreduce_hier(fab, lat, n, N, r):
    if N == 1:
        return None
    intra = fab.nvls if fab.nvls is not None else fab.ring
    intra_vol = 1.0 if fab.nvls is not None else 2 * (n - 1) / n
    return Plan((Phase(_per_byte(intra_vol, intra), intra, "intra-node reduce-scatter + all-gather"),
                 Phase(_per_byte(2 * (N - 1) / N / n, fab.network), fab.network, "inter-node all-reduce")),
                lat.steps("ring", 2 * (n - 1), 2 * (N - 1)))


def _gather_ring(fab, lat, n, N, r):
    rate = _ring_rate(fab, N)
    return Plan((Phase(_per_byte((r - 1) / r, rate), rate, "ring"),), lat.steps("ring", (r - 1) - (N - 1), N - 1))


def _gather_hier(fab, lat, n, N, r):
    if N == 1:
        return None
    return Plan((Phase(_per_byte((n - 1) / n, fab.ring), fab.ring, "intra-node"),
                 Phase(_per_byte((N - 1) / N / n, fab.network), fab.network, "inter-node")),
                lat.steps("ring", n - 1, N - 1))


def _gather_direct(fab, lat, n, N, r):
    if N > 1 or not fab.is_mesh:
        return None
    return Plan((Phase(_per_byte((n - 1) / n, fab.all_to_all), fab.all_to_all, "direct"),), lat.steps("direct", 1, 0))


def _alltoall(fab, lat, n, N, r):
    phases = [Phase(_per_byte((n - 1) / r, fab.all_to_all), fab.all_to_all, "intra-node")]
    if N > 1:  # a GPU's inter-node share leaves through its own NIC (AllToAll cannot aggregate NICs)
        phases.append(Phase(_per_byte((N - 1) / N, fab.network), fab.network, "inter-node"))
    return Plan(tuple(phases), lat.steps("direct", 1, 1 if N > 1 else 0))


def _bcast_ring(fab, lat, n, N, r):
    rate = _ring_rate(fab, N)
    return Plan((Phase(_per_byte(1.0, rate), rate, "pipelined chain"),), lat.steps("ring", 1, 1 if N > 1 else 0))


def _sendrecv(fab, lat, n, N, r):
    phases = [Phase(_per_byte(1.0, fab.send_recv), fab.send_recv, "intra-node")] if n > 1 else []
    if N > 1:
        phases.append(Phase(_per_byte(1.0, fab.network), fab.network, "inter-node"))
    return Plan(tuple(phases), lat.steps("ring", 1 if n > 1 else 0, 1 if N > 1 else 0))


_BUILDERS = {
    ("allreduce", "ring"): _allreduce_ring, ("allreduce", "tree"): _allreduce_tree,
    ("allreduce", "nvls"): _allreduce_nvls, ("allreduce", "direct"): _allreduce_direct,
    ("allreduce", "hierarchical"): _allreduce_hier,
    ("allgather", "ring"): _gather_ring, ("allgather", "hierarchical"): _gather_hier,
    ("allgather", "direct"): _gather_direct,
    ("reducescatter", "ring"): _gather_ring, ("reducescatter", "hierarchical"): _gather_hier,
    ("reducescatter", "direct"): _gather_direct,
    ("alltoall", "direct"): _alltoall,
    ("broadcast", "ring"): _bcast_ring, ("reduce", "ring"): _bcast_ring,
    ("sendrecv", "direct"): _sendrecv,
}
ALGORITHMS = ("ring", "tree", "nvls", "direct", "hierarchical")
