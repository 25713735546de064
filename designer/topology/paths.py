"""Path classes between devices, as `nvidia-smi topo -m` names them, and GPU-to-NIC affinity."""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass

from designer.model.design import LinkKind
from designer.model.parts import CpuSpec, PcieSwitchSpec, ScaleupSwitchSpec
from designer.topology.graph import HOST, SCALEUP, Topology

# Lower is closer. Every PCIe link into a CPU is its own root port (true of the x16 ports of current
# Xeon and EPYC parts), so a PCIe path through one CPU is NODE, as nvidia-smi reports on such hosts, or SYS
# where the socket is split into NUMA nodes (EPYC NPS4); PHB is a path that enters the CPU over its own host
# link (NVLink-C2C on Grace).
CLASS_ORDER = {"X": 0, "NV": 1, "PIX": 2, "PXB": 3, "PHB": 4, "NODE": 5, "SYS": 6, "-": 7}
FABRIC_PREFIX = {LinkKind.NVLINK: "NV", LinkKind.XGMI: "XG", LinkKind.HCCS: "HC", LinkKind.ROCE: "RE"}

LEGEND = """Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g. UPI)
  NODE = Connection traversing PCIe and the interconnect between PCIe host bridges within a NUMA node
  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
  PIX  = Connection traversing at most a single PCIe bridge
  NV#  = Connection traversing a bonded set of # NVLinks
  XG#  = Connection traversing a bonded set of # Infinity Fabric (xGMI) links
  HC#  = Connection traversing a bonded set of # HCCS links
  RE#  = Connection traversing a bonded set of # on-die RoCE scale-up links
  -    = No path"""


def scaleup_links_between(topo: Topology, a: str, b: str) -> tuple[int, LinkKind | None]:
    """Links usable between two GPUs: direct links plus, per shared switch, the smaller side's links."""
    g = topo.graph
    total = 0
    kind = None
    if g.has_edge(a, b) and g.edges[a, b]["kind"] in SCALEUP:
        total += g.edges[a, b]["count"]
        kind = g.edges[a, b]["kind"]
    for sw in set(g.neighbors(a)) & set(g.neighbors(b)):
        if not isinstance(topo.part(sw), ScaleupSwitchSpec):
            continue
        ea, eb = g.edges[a, sw], g.edges[b, sw]
        if ea["kind"] in SCALEUP and eb["kind"] in SCALEUP:
            total += min(ea["count"], eb["count"])
            kind = kind or ea["kind"]
    return total, kind


def host_tree(topo: Topology, a: str) -> dict[str, str | None]:
    """BFS parents from `a` over PCIe/socket/C2C links, transiting only switches and CPUs."""
    adj = topo.host_adjacency
    nodes = topo.graph.nodes
    parent: dict[str, str | None] = {a: None}
    frontier = deque([a])
    while frontier:
        node = frontier.popleft()
        if node != a and not nodes[node]["transit"]:
            continue
        for nbr, _ in adj[node]:
            if nbr not in parent:
                parent[nbr] = node
                frontier.append(nbr)
    return parent


def _unwind(parent: dict[str, str | None], b: str) -> list[str] | None:
    if b not in parent:
        return None
    path = [b]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])  # type: ignore[arg-type]
    return path[::-1]


def host_path(topo: Topology, a: str, b: str) -> list[str] | None:
    """Shortest host path from a to b (PCIe/socket/C2C, through switches and CPUs only)."""
    return _unwind(host_tree(topo, a), b)


def fallback_path(topo: Topology, a: str, b: str) -> list[str] | None:
    """Any path between two GPUs that does not transit another GPU: PCIe, sockets, NICs and the network."""
    g = topo.graph
    parent: dict[str, str | None] = {a: None}
    frontier = deque([a])
    while frontier:
        node = frontier.popleft()
        if node == b:
            return _unwind(parent, b)
        if node != a and g.nodes[node]["kind"] == "gpu":
            continue
        for nbr, d in g[node].items():
            if nbr not in parent and d["kind"] not in SCALEUP:
                parent[nbr] = node
                frontier.append(nbr)
    return None


def path_bottleneck(topo: Topology, path: list[str]) -> float:
    """The smallest per-direction capacity along a path (GB/s)."""
    g = topo.graph
    return min((g.edges[u, v]["capacity"] for u, v in zip(path, path[1:], strict=False)), default=0.0)


def host_class(topo: Topology, path: list[str]) -> str:
    g = topo.graph
    kinds = [g.edges[u, v]["kind"] for u, v in zip(path, path[1:], strict=False)]
    if LinkKind.SOCKET in kinds:
        return "SYS"
    middle = [topo.part(n) for n in path[1:-1]]
    cpus = [p for p in middle if isinstance(p, CpuSpec)]
    if any(p.numa_nodes_per_socket > 1 for p in cpus):
        return "SYS"  # between two NUMA nodes of one socket (EPYC NPS4): the SMP interconnect
    if cpus:
        return "PHB" if LinkKind.C2C in kinds else "NODE"
    bridges = sum(p.internal_bridges for p in middle if isinstance(p, PcieSwitchSpec))
    return "PIX" if bridges <= 1 else "PXB"


def path_class(topo: Topology, a: str, b: str) -> str:
    if a == b:
        return "X"
    links, kind = scaleup_links_between(topo, a, b)
    if links:
        return f"{FABRIC_PREFIX[kind]}{links}"  # type: ignore[index]
    path = host_path(topo, a, b)
    return host_class(topo, path) if path else "-"


def class_rank(label: str) -> int:
    for prefix in FABRIC_PREFIX.values():
        if label.startswith(prefix) and label[len(prefix):].isdigit():
            return CLASS_ORDER["NV"]
    return CLASS_ORDER.get(label, 99)


def gpu_scaleup_ports(topo: Topology) -> dict[str, dict[str, float]]:
    """Per GPU: scale-up capacity (GB/s per direction) towards each neighbour (switch or GPU)."""
    if "scaleup_ports" not in topo.cache:
        g = topo.graph
        topo.cache["scaleup_ports"] = {gpu: {n: d["capacity"] for n, d in g[gpu].items() if d["kind"] in SCALEUP}
                                       for gpu in topo.gpus}
    return topo.cache["scaleup_ports"]


def scaleup_pair_capacity(topo: Topology) -> dict[tuple[str, str], float]:
    """Scale-up GB/s per direction of every GPU pair (in GPU order): direct links plus, per shared
    switch, the smaller side. Equals the max flow for single-level switch planes and meshes."""
    if "pair_capacity" in topo.cache:
        return topo.cache["pair_capacity"]
    ports = gpu_scaleup_ports(topo)
    via = _via_switches(topo, ports)
    pairs = list(itertools.combinations(topo.gpus, 2))
    if via:  # the upper triangle in row order, as combinations() gives the pairs
        n = len(topo.gpus)
        flat = [via[i][j] for i in range(n) for j in range(i + 1, n)]
    else:
        flat = [0.0] * len(pairs)
    out = {(a, b): ports[a].get(b, 0.0) + v for (a, b), v in zip(pairs, flat, strict=True)}
    topo.cache["pair_capacity"] = out
    return out


def _via_switches(topo: Topology, ports: dict[str, dict[str, float]]) -> list[list[float]]:
    """Per GPU pair, the sum over switches of the smaller side's capacity (arrays: 72 GPUs x 18 switches is
    93,000 minima, about 40 ms as a Python loop)."""
    switches = topo.scaleup_switches
    if not switches or len(topo.gpus) < 2:
        return []
    import numpy as np  # noqa: PLC0415 (loaded on first use, not at CLI start-up)

    cap = np.array([[ports[g].get(s, 0.0) for s in switches] for g in topo.gpus])
    return np.minimum(cap[:, None, :], cap[None, :, :]).sum(axis=2).tolist()


@dataclass(frozen=True)
class NicAffinity:
    gpu: str
    nic: str | None
    path_class: str
    gbytes_s_per_dir: float


def pair_bandwidth(topo: Topology, a: str, b: str) -> float:
    """Bottleneck bandwidth between two devices (GB/s per direction) on their best fabric."""
    if scaleup_links_between(topo, a, b)[0]:
        return topo.max_flow(SCALEUP, [a], [b])
    return topo.max_flow(HOST, [a], [b])


def gpu_nic_affinity(topo: Topology, exclude: frozenset[str] = frozenset()) -> list[NicAffinity]:
    """For each GPU, the closest compute NIC (ties: the one fewest other GPUs already use); cached per
    topology and excluded set (the resilience rule asks again without the biggest NIC on every check)."""
    key = "nic_affinity" if not exclude else ("nic_affinity", exclude)
    if key in topo.cache:
        return topo.cache[key]
    nics = [n for n in topo.nics("compute") if n not in exclude]
    used: dict[str, int] = {n: 0 for n in nics}
    out = []
    for gpu in topo.gpus:
        tree = host_tree(topo, gpu)
        options = []
        for nic in (n for n in nics if n in tree):  # an unreachable NIC ("-") wins only where none is reachable
            path = _unwind(tree, nic)
            label = host_class(topo, path) if path else "-"
            options.append((class_rank(label), used[nic], nic, label, path))
        options = options or [(CLASS_ORDER["-"], used[n], n, "-", None) for n in nics]
        if not options:
            out.append(NicAffinity(gpu, None, "-", 0.0))
            continue
        _, _, nic, label, path = min(options, key=lambda o: o[:3])
        used[nic] += 1
        out.append(NicAffinity(gpu, nic, label, path_bottleneck(topo, path) if path else 0.0))
    topo.cache[key] = out
    return out


def host_classes_from(topo: Topology, a: str, targets: list[str]) -> dict[str, str]:
    """The host path class from `a` to each target ("-" where none), with one search from `a`."""
    tree = host_tree(topo, a)
    out = {}
    for b in targets:
        path = _unwind(tree, b)
        out[b] = "X" if b == a else host_class(topo, path) if path else "-"
    return out


def topo_matrix(topo: Topology) -> tuple[list[str], list[list[str]]]:
    devices = topo.gpus + topo.nics(None)
    return devices, [[path_class(topo, a, b) for b in devices] for a in devices]
