"""Time of one collective for one message size, algorithm and protocol, in nccl-tests terms.

n GPUs per node, N nodes, R = n N ranks. Bandwidths (GB/s per direction per GPU) come from
NodeFabric; the formulas are the standard ones for each algorithm (collectives.md s1, s5), with
pipelined phases: the slowest phase sets the rate.
"""

from __future__ import annotations

import math

from designer.simulation.constants import (
    DIRECT_ALLREDUCE_MAX_BYTES,
    LL_MAX_BUSBW,
    NCCL,
    NVLS_CHANNELS,
    NVLS_CHANNELS_MULTINODE,
    NVLS_CHUNK_BYTES,
    NVLS_CHUNK_CUTS,
    NVLS_NET_OVERLAP,
    NVLS_STAGES,
    NVLS_STEP_HEADS,
    NVLS_STEP_US,
    RCCL,
    RING_SIMPLE_MULTINODE_LAT,
    TREE_BUS_FACTOR,
)
from designer.simulation.fabric import NodeFabric, Rate
from designer.simulation.network import NEIGHBOUR, SPREAD
from designer.simulation.timing import Phase, Pipeline, Plan

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


class Latency:
    """Latency terms of NCCL's model (RCCL's for xGMI meshes); network steps also pay the network
    kind's per-step cost and its switch hops (designer.simulation.network)."""

    def __init__(self, fab: NodeFabric, nodes: int) -> None:
        self.lib = RCCL if fab.fabric.value == "xgmi" else NCCL
        self.intra = fab.link_class
        self.nodes = nodes
        self.n = fab.n
        self.nvlink = fab.nvlink
        self.net_extra = fab.net.step_extra_us(nodes) if nodes > 1 else 0.0
        self.scale = fab.cal.latency_scale

    def protocols(self, algo: str) -> list[str]:
        if algo in NVLS_ALGOS:
            return ["Simple"]
        protos = ["LL", "Simple"]
        if self.nvlink or (self.lib is NCCL and self.intra == "scaleup"):
            protos.insert(1, "LL128")
        return protos

    def hop(self, link: str, algo: str, proto: str) -> float:
        key = "tree" if algo == "tree" else algo if algo in NVLS_ALGOS else "ring"
        table = self.lib["hop"][link].get(key, {})
        return table.get(proto, table.get("Simple", 0.0))

    def base(self, algo: str, proto: str) -> float:
        return self.lib["base"].get(algo, self.lib["base"]["ring"]).get(proto, 0.0)

    def steps(self, algo: str, intra_steps: int, inter_steps: int) -> dict[str, float]:
        out = {}
        for proto in self.protocols(algo):
            lat = self.base(algo, proto) + intra_steps * self.hop(self.intra, algo, proto)
            lat += inter_steps * (self.hop("net", algo, proto) + self.net_extra)
            if algo == "ring" and proto == "Simple" and self.nodes > 1 and inter_steps:
                lat *= RING_SIMPLE_MULTINODE_LAT
            out[proto] = lat * self.scale
        return out


NVLS_ALGOS = ("nvls", "nvlstree")


def plan(collective: str, algo: str, fab: NodeFabric, nodes: int) -> Plan | None:
    """The plan for one (collective, algorithm) on `nodes` nodes, or None when it does not apply.
    Plans do not depend on the message size: built once per fabric."""
    key = (collective, algo, nodes)
    if key not in fab.plans:
        fab.plans[key] = _build(collective, algo, fab, nodes)
    return fab.plans[key]


def _build(collective: str, algo: str, fab: NodeFabric, nodes: int) -> Plan | None:
    n, N = fab.n, nodes
    r = n * N
    builder = _BUILDERS.get((collective, algo))
    if r < 2 or builder is None:
        return None
    return builder(fab, Latency(fab, N), n, N, r)


def _per_byte(volume: float, rate: Rate) -> float:
    """Seconds per byte of S when each GPU moves `volume` x S at rate.gbytes_s (GB/s)."""
    if volume == 0:
        return 0.0
    return math.inf if rate.gbytes_s <= 0 else volume / (rate.gbytes_s * 1e9)


def _scaled(rate: Rate, factor: float) -> Rate:
    return Rate(rate.gbytes_s * factor, rate.bottleneck)


def _network(fab: NodeFabric, N: int, pattern: str) -> Rate:
    """A GPU's share of the scale-out, narrowed by the spine when the pattern crosses it."""
    return _scaled(fab.network, fab.net.spine_factor(N, pattern))


def _ring_rate(fab: NodeFabric, N: int) -> Rate:
    """Flat ring over all ranks: every ring crosses each node boundary, so a GPU's ring rate is
    bounded by the node's total NIC rate as well as by the intra-node ring."""
    if N == 1:
        return fab.ring
    # inside a node each ring is a path of n - 1 scale-up hops and one network hop, the exits spread
    # over the node's NICs: per GPU, (n-1)/n of the ring traffic on scale-up links, 1/n on the NIC
    intra = _scaled(fab.ring, fab.n / (fab.n - 1)) if fab.n > 1 else fab.ring
    node_net = _scaled(_network(fab, N, NEIGHBOUR), fab.n)
    return intra if intra.gbytes_s <= node_net.gbytes_s else node_net


def _ll_cap(fab: NodeFabric, N: int) -> float | None:
    """NCCL's single-node LL bus bandwidth cap for the NVLink generation (None elsewhere)."""
    return LL_MAX_BUSBW.get(fab.fabric) if N == 1 and fab.nvlink else None


def _allreduce_ring(fab, lat, n, N, r):
    rate = _ring_rate(fab, N)
    return Plan((Phase(_per_byte(2 * (r - 1) / r, rate), rate, "ring"),),
                lat.steps("ring", 2 * (r - 1) - 2 * (N - 1), 2 * (N - 1)),
                ll_cap_busbw=_ll_cap(fab, N), bus_factor=2 * (r - 1) / r)


def _allreduce_tree(fab, lat, n, N, r):
    rate = _scaled(_ring_rate(fab, N), TREE_BUS_FACTOR * 0.5)
    log_n = int(math.floor(math.log2(N))) if N > 1 else 0
    return Plan((Phase(_per_byte(1.0, rate), rate, "tree"),), lat.steps("tree", 2 * (n - 1), 2 * log_n), tree=True)


def _nvls_pipeline(fab: NodeFabric, N: int, latency_us: float, extra_stages: int) -> Pipeline:
    """NCCL's NVLS chunk pipeline: channels x heads lanes, chunks cut for smaller messages. A step
    waits on one flag per head, so it lengthens beyond 8 heads; the fixed part (launch, setup, network
    hops) is what NCCL's latency leaves after the 8-head steps and does not depend on the heads."""
    channels = (NVLS_CHANNELS_MULTINODE if N > 1 else NVLS_CHANNELS).get(fab.fabric, 16)
    stages = NVLS_STAGES + extra_stages
    base = NVLS_STEP_US * fab.cal.latency_scale
    step = base * max(1.0, fab.n / NVLS_STEP_HEADS)
    return Pipeline(channels * fab.n, stages, step, max(0.0, latency_us - stages * base), NVLS_CHUNK_BYTES,
                    NVLS_CHUNK_CUTS)


def _allreduce_nvls(fab, lat, n, N, r):
    """NVLS: reduction in the NVLink switch. Across nodes only with in-network reduction (SHARP,
    NCCL's CollNet): each GPU's shard goes to the network switch once and comes back reduced."""
    if fab.nvls is None or (N > 1 and not fab.net.in_network_reduction):
        return None
    phases = [Phase(_per_byte(1.0, fab.nvls), fab.nvls, "in-switch reduction")]
    if N > 1:
        net = _network(fab, N, NEIGHBOUR)
        phases.append(Phase(_per_byte(1.0 / n, net), net, "in-network reduction"))
    steps = lat.steps("nvls", 1, 1 if N > 1 else 0)
    return Plan(tuple(phases), steps, NVLS_NET_OVERLAP, _nvls_pipeline(fab, N, steps["Simple"], 0))


def _allreduce_nvlstree(fab, lat, n, N, r):
    """NVLSTree: NVLS inside each node, a tree between nodes over every GPU's NIC (each GPU carries
    1/n of the node's reduced data); inner nodes of NCCL's double binary tree move twice the data
    of a 2-node chain (tuning.cc: x2 bandwidth for <= 2 nodes)."""
    if fab.nvls is None or N == 1:
        return None
    net = _network(fab, N, NEIGHBOUR)
    depth = int(math.floor(math.log2(N)))
    phases = (Phase(_per_byte(1.0, fab.nvls), fab.nvls, "in-switch reduction"),
              Phase(_per_byte((1.0 if N <= 2 else 2.0) / n, net), net, "inter-node tree"))
    steps = lat.steps("nvlstree", 1, 2 * depth)
    return Plan(phases, steps, NVLS_NET_OVERLAP, _nvls_pipeline(fab, N, steps["Simple"], 2 * depth))


def _allreduce_direct(fab, lat, n, N, r):
    if N > 1 or not fab.is_mesh:
        return None
    return Plan((Phase(_per_byte(2 * (n - 1) / n, fab.all_to_all), fab.all_to_all, "direct"),),
                lat.steps("direct", 2, 0), max_bytes=DIRECT_ALLREDUCE_MAX_BYTES)


def _allreduce_hier(fab, lat, n, N, r):
    """Intra-node reduce-scatter, inter-node all-reduce of each GPU's shard, intra-node all-gather
    (NVLS-capable nodes run NVLSTree instead)."""
    if N == 1 or fab.nvls is not None:
        return None
    net = _network(fab, N, NEIGHBOUR)
    return Plan((Phase(_per_byte(2 * (n - 1) / n, fab.ring), fab.ring, "intra-node reduce-scatter + all-gather"),
                 Phase(_per_byte(2 * (N - 1) / N / n, net), net, "inter-node all-reduce")),
                lat.steps("ring", 2 * (n - 1), 2 * (N - 1)))


def _gather_ring(fab, lat, n, N, r):
    rate = _ring_rate(fab, N)
    return Plan((Phase(_per_byte((r - 1) / r, rate), rate, "ring"),), lat.steps("ring", (r - 1) - (N - 1), N - 1),
                ll_cap_busbw=_ll_cap(fab, N), bus_factor=(r - 1) / r)


def _gather_hier(fab, lat, n, N, r):
    if N == 1:
        return None
    net = _network(fab, N, NEIGHBOUR)
    return Plan((Phase(_per_byte((n - 1) / n, fab.ring), fab.ring, "intra-node"),
                 Phase(_per_byte((N - 1) / N / n, net), net, "inter-node")),
                lat.steps("ring", n - 1, N - 1))


def _gather_direct(fab, lat, n, N, r):
    if N > 1 or not fab.is_mesh:
        return None
    return Plan((Phase(_per_byte((n - 1) / n, fab.all_to_all), fab.all_to_all, "direct"),), lat.steps("direct", 1, 0))


def _alltoall(fab, lat, n, N, r):
    phases = [Phase(_per_byte((n - 1) / r, fab.all_to_all), fab.all_to_all, "intra-node")]
    if N > 1:  # a GPU's inter-node share leaves through its own NIC (AllToAll cannot aggregate NICs)
        net = _network(fab, N, SPREAD)
        phases.append(Phase(_per_byte((N - 1) / N, net), net, "inter-node"))
    return Plan(tuple(phases), lat.steps("direct", 1, 1 if N > 1 else 0))


def _bcast_ring(fab, lat, n, N, r):
    rate = _ring_rate(fab, N)
    return Plan((Phase(_per_byte(1.0, rate), rate, "pipelined chain"),), lat.steps("ring", 1, 1 if N > 1 else 0))


def _sendrecv(fab, lat, n, N, r):
    phases = [Phase(_per_byte(1.0, fab.send_recv), fab.send_recv, "intra-node")] if n > 1 else []
    if N > 1:
        net = _network(fab, N, NEIGHBOUR)
        phases.append(Phase(_per_byte(1.0, net), net, "inter-node"))
    return Plan(tuple(phases), lat.steps("ring", 1 if n > 1 else 0, 1 if N > 1 else 0))


_BUILDERS = {
    ("allreduce", "ring"): _allreduce_ring, ("allreduce", "tree"): _allreduce_tree,
    ("allreduce", "nvls"): _allreduce_nvls, ("allreduce", "nvlstree"): _allreduce_nvlstree,
    ("allreduce", "direct"): _allreduce_direct,
    ("allreduce", "hierarchical"): _allreduce_hier,
    ("allgather", "ring"): _gather_ring, ("allgather", "hierarchical"): _gather_hier,
    ("allgather", "direct"): _gather_direct,
    ("reducescatter", "ring"): _gather_ring, ("reducescatter", "hierarchical"): _gather_hier,
    ("reducescatter", "direct"): _gather_direct,
    ("alltoall", "direct"): _alltoall,
    ("broadcast", "ring"): _bcast_ring, ("reduce", "ring"): _bcast_ring,
    ("sendrecv", "direct"): _sendrecv,
}
ALGORITHMS = ("ring", "tree", "nvls", "nvlstree", "direct", "hierarchical")
