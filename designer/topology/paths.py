"""Path classes between devices, as `nvidia-smi topo -m` names them, and GPU-to-NIC affinity."""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from designer.model.design import LinkKind
from designer.model.parts import CpuSpec, PcieSwitchSpec, ScaleupSwitchSpec
from designer.topology.graph import HOST, SCALEUP, Topology

# Lower is closer. Every PCIe link into a CPU is its own root port (true of the x16 ports of current
# Xeon and EPYC parts), so a PCIe path through one CPU is NODE, as nvidia-smi reports on such hosts;
# PHB is a path that enters the CPU over its own host link (NVLink-C2C on Grace).
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


def host_path(topo: Topology, a: str, b: str) -> list[str] | None:
    sub = topo.routable(HOST, a, b)
    if a not in sub or b not in sub:
        return None
    try:
        return nx.shortest_path(sub, a, b)
    except nx.NetworkXNoPath:
        return None


def host_class(topo: Topology, path: list[str]) -> str:
    g = topo.graph
    kinds = [g.edges[u, v]["kind"] for u, v in zip(path, path[1:], strict=False)]
    if LinkKind.SOCKET in kinds:
        return "SYS"
    middle = path[1:-1]
    if any(isinstance(topo.part(n), CpuSpec) for n in middle):
        return "PHB" if LinkKind.C2C in kinds else "NODE"
    bridges = sum(1 for n in middle if isinstance(topo.part(n), PcieSwitchSpec))
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


def gpu_nic_affinity(topo: Topology) -> list[NicAffinity]:
    """For each GPU, the closest compute NIC (ties: the one fewest other GPUs already use)."""
    nics = topo.nics("compute")
    used: dict[str, int] = {n: 0 for n in nics}
    out = []
    for gpu in topo.gpus:
        options = []
        for nic in nics:
            label = path_class(topo, gpu, nic)
            options.append((class_rank(label), used[nic], nic, label))
        if not options:
            out.append(NicAffinity(gpu, None, "-", 0.0))
            continue
        _, _, nic, label = min(options)
        used[nic] += 1
        bw = topo.max_flow(HOST, [gpu], [nic]) if label != "-" else 0.0
        out.append(NicAffinity(gpu, nic, label, bw))
    return out


def topo_matrix(topo: Topology) -> tuple[list[str], list[list[str]]]:
    devices = topo.gpus + topo.nics(None)
    return devices, [[path_class(topo, a, b) for b in devices] for a in devices]
