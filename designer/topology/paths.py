"""Path classes between devices, as `nvidia-smi topo -m` names them, and GPU-to-NIC affinity."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from designer.model.design import LinkKind
from designer.model.parts import CpuSpec, PartBase, PcieSwitchSpec, ScaleupSwitchSpec
from designer.topology.graph import HOST, SCALEUP, Topology
from designer.topology.linkclass import BY_CLASS

if TYPE_CHECKING:
    import numpy as np

# Lower is closer. Every PCIe link into a CPU is its own root port (true of the x16 ports of current
# Xeon and EPYC parts), so a PCIe path through one CPU is NODE, as nvidia-smi reports on such hosts, or SYS
# where the socket is split into NUMA nodes (EPYC NPS4); PHB is a path that enters the CPU over its own host
# link (NVLink-C2C on Grace).
CLASS_ORDER = {"X": 0, "NV": 1, "PIX": 2, "PXB": 3, "PHB": 4, "NODE": 5, "SYS": 6, "-": 7}
SOCKET, C2C = LinkKind.SOCKET, LinkKind.C2C  # read once: an enum member as a class attribute costs ~0.2 us
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
    """BFS parents from `a` over PCIe/socket/C2C links, transiting only switches and CPUs (once per topology and
    device: the NIC affinity asks for every GPU's tree twice per check, with and without the biggest NIC)."""
    trees = topo.cache.setdefault("host_trees", {})
    tree = trees.get(a)
    if tree is None:
        tree = trees[a] = _host_tree(topo, a)
    return tree


def _host_tree(topo: Topology, a: str) -> dict[str, str | None]:
    adj = topo.host_adjacency
    transit = topo.transit
    parent: dict[str, str | None] = {a: None}
    frontier = deque([a])
    while frontier:
        node = frontier.popleft()
        if node != a and node not in transit:
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
    adj = topo.adjacency
    return min((adj[u][v]["capacity"] for u, v in zip(path, path[1:], strict=False)), default=0.0)


def host_class(topo: Topology, path: list[str]) -> str:
    """The nvidia-smi class of a host path (SYS, PHB, NODE, PIX, PXB), from its facts hop by hop."""
    facts, adj = _ROOT, topo.adjacency
    for i, (u, v) in enumerate(zip(path, path[1:], strict=False)):
        facts = _step(facts, adj[u][v], topo.part(u) if i else None)
    return _facts_class(facts)


def path_class(topo: Topology, a: str, b: str) -> str:
    if a == b:
        return "X"
    links, kind = scaleup_links_between(topo, a, b)
    if links:
        return f"{FABRIC_PREFIX[kind]}{links}"  # type: ignore[index]
    path = host_path(topo, a, b)
    return host_class(topo, path) if path else "-"


@cache
def class_rank(label: str) -> int:
    for prefix in FABRIC_PREFIX.values():
        if label.startswith(prefix) and label[len(prefix):].isdigit():
            return CLASS_ORDER["NV"]
    return CLASS_ORDER.get(label, 99)


def gpu_scaleup_ports(topo: Topology) -> dict[str, dict[str, float]]:
    """Per GPU: scale-up capacity (GB/s per direction) towards each neighbour (switch or GPU)."""
    if "scaleup_ports" not in topo.cache:
        adj = topo.adjacency
        topo.cache["scaleup_ports"] = {gpu: {n: d["capacity"] for n, d in adj[gpu].items() if d["kind"] in SCALEUP}
                                       for gpu in topo.gpus}
    return topo.cache["scaleup_ports"]


def scaleup_pair_capacity(topo: Topology) -> dict[tuple[str, str], float]:
    """Scale-up GB/s per direction of every GPU pair (in GPU order): direct links plus, per shared
    switch, the smaller side. Equals the max flow for single-level switch planes and meshes."""
    if "pair_capacity" not in topo.cache:
        n = len(topo.gpus)
        upper = scaleup_pair_matrix(topo)[_upper(n)].tolist() if n > 1 else []
        topo.cache["pair_capacity"] = dict(zip(itertools.combinations(topo.gpus, 2), upper, strict=True))
    return topo.cache["pair_capacity"]


def pairs_without_scaleup(topo: Topology) -> list[tuple[str, str]]:
    """The GPU pairs (in combinations() order) with no scale-up capacity, read off the pair array."""
    n = len(topo.gpus)
    if n < 2:
        return []
    iu = _upper(n)
    gpus = topo.gpus
    return [(gpus[i], gpus[j]) for i, j in zip(*(x[scaleup_pair_matrix(topo)[iu] <= 0] for x in iu), strict=True)]


def _upper(n: int) -> tuple:
    import numpy as np  # noqa: PLC0415 (loaded on first use, not at CLI start-up)

    return np.triu_indices(n, 1)  # the upper triangle in row order, as combinations() gives the pairs


def scaleup_pair_matrix(topo: Topology) -> np.ndarray:
    """scaleup_pair_capacity as a symmetric GPU x GPU array (rows and columns in topo.gpus order, 0 on the
    diagonal), computed once per topology: the failure sweep works on it, and a 72-GPU rack's 2,556 pairs cost
    milliseconds as a dict."""
    if "pair_matrix" not in topo.cache:
        topo.cache["pair_matrix"] = _pair_matrix(topo)
    return topo.cache["pair_matrix"]


def port_matrix(topo: Topology) -> tuple[dict[str, int], np.ndarray, np.ndarray]:
    """The GPUs' scale-up ports as arrays, once per topology: each neighbour's column (in order of first appearance
    along the GPUs' ports), the capacity per GPU and neighbour (GB/s per direction, 0 where none) and whether the
    port exists. The pair capacities and the failure sweep both read it (one pass over 72 x 18 ports on a rack)."""
    if "port_matrix" not in topo.cache:
        import numpy as np  # noqa: PLC0415

        ports, gi = gpu_scaleup_ports(topo), topo.gpu_index
        cols = {n: j for j, n in enumerate(dict.fromkeys(n for p in ports.values() for n in p))}
        shape = (len(gi), len(cols))
        cap = [[0.0] * shape[1] for _ in range(shape[0])]  # filled as lists: numpy's item assignment is slow
        has = [[False] * shape[1] for _ in range(shape[0])]
        for g, row in ports.items():
            cap_g, has_g = cap[gi[g]], has[gi[g]]
            for n, c in row.items():
                cap_g[cols[n]] = c
                has_g[cols[n]] = True
        topo.cache["port_matrix"] = (cols, np.array(cap, dtype=float).reshape(shape),
                                     np.array(has, dtype=bool).reshape(shape))
    return topo.cache["port_matrix"]


def _pair_matrix(topo: Topology) -> np.ndarray:
    import numpy as np  # noqa: PLC0415

    cols, cap, _ = port_matrix(topo)
    index = topo.gpu_index
    direct = np.zeros((len(topo.gpus),) * 2)
    for peer, j in cols.items():  # a GPU's direct links to another GPU (a mesh): that GPU's column
        if peer in index:
            direct[:, index[peer]] = cap[:, j]
    out = direct + _via_switches(topo, cols, cap)
    np.fill_diagonal(out, 0.0)
    return out


def _via_switches(topo: Topology, cols: dict[str, int], cap: np.ndarray) -> np.ndarray | float:
    """Per GPU pair, the sum over switches (in topo.scaleup_switches order) of the smaller side's capacity (arrays:
    72 GPUs x 18 switches is 93,000 minima, about 40 ms as a Python loop); 0.0 without switches."""
    switches = topo.scaleup_switches
    if not switches or len(topo.gpus) < 2:
        return 0.0
    import numpy as np  # noqa: PLC0415

    per_switch = np.zeros((len(topo.gpus), len(switches)))
    for k, s in enumerate(switches):
        if s in cols:
            per_switch[:, k] = cap[:, cols[s]]
    if not BY_CLASS[0]:
        return np.minimum(per_switch[:, None, :], per_switch[None, :, :]).sum(axis=2)
    alike: dict[tuple[float, ...], int] = {}  # once per class of alike GPUs (one on an NVL72 rack), then spread
    cls = np.array([alike.setdefault(tuple(r), len(alike)) for r in per_switch.tolist()], dtype=int)
    rows = np.array(list(alike))
    return np.minimum(rows[:, None, :], rows[None, :, :]).sum(axis=2)[cls][:, cls]


class NicAffinity(NamedTuple):
    """A GPU's nearest compute NIC, its host path class and bottleneck (a named tuple: 72 made per affinity on a
    rack, where a frozen dataclass costs several times more)."""

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
    topology and excluded set."""
    key = "nic_affinity" if not exclude else ("nic_affinity", exclude)
    if key not in topo.cache:
        topo.cache[key] = list(_choices(topo, exclude))
    return topo.cache[key]


def classes_without(topo: Topology, nic: str) -> dict[str, str]:
    """The path class each GPU that uses `nic` gets to its next NIC when `nic` fails ("-": none left), once per
    topology and NIC (the resilience rule asks on every check). The GPUs are assigned in order, so the search
    stops after the last of them: on a 72-GPU rack the first NIC's users are the first GPUs."""
    key = ("classes_without", nic)
    if key not in topo.cache:
        users = {a.gpu for a in gpu_nic_affinity(topo) if a.nic == nic}
        out: dict[str, str] = {}
        for a in _choices(topo, frozenset({nic})) if users else ():
            if a.gpu in users:
                out[a.gpu] = a.path_class
                if len(out) == len(users):
                    break
        topo.cache[key] = out
    return topo.cache[key]


def _choices(topo: Topology, exclude: frozenset[str]) -> Iterator[NicAffinity]:
    nics = [n for n in topo.nics("compute") if n not in exclude]
    wanted = set(nics)
    used: dict[str, int] = {n: 0 for n in nics}
    for gpu in topo.gpus:
        tree = host_tree(topo, gpu)
        # an unreachable NIC ("-") wins only where none is reachable; the NIC id breaks ties, so order is moot
        options = [(rank, used[nic], nic, label) for nic in wanted.intersection(tree)
                   for rank, label, _ in (_nic_path(topo, gpu, nic),)]
        options = options or [(CLASS_ORDER["-"], used[n], n, "-") for n in nics]
        if not options:
            yield NicAffinity(gpu, None, "-", 0.0)
            continue
        _, _, nic, label = min(options)  # the NIC ids differ: the labels are never compared
        used[nic] += 1
        yield NicAffinity(gpu, nic, label, _nic_path(topo, gpu, nic)[2] if nic in tree else 0.0)


def _nic_path(topo: Topology, gpu: str, nic: str) -> tuple[int, str, float]:
    """(class rank, class, bottleneck GB/s per direction) of a GPU's host path to a NIC it reaches, once per
    topology (the affinity is asked twice per check: with every NIC and without the biggest)."""
    known = topo.cache.setdefault("nic_paths", {})
    hit = known.get((gpu, nic))
    if hit is None:
        tree = host_tree(topo, gpu)
        if nic in tree:
            facts = _path_facts(topo, gpu, tree, nic)
            label = _facts_class(facts)
            hit = (class_rank(label), label, facts.bottleneck)
        else:
            hit = (class_rank("-"), "-", 0.0)
        known[(gpu, nic)] = hit
    return hit


class _Facts(NamedTuple):
    """What host_class and path_bottleneck read off a host path, accumulated hop by hop along a BFS tree (a named
    tuple: made 200 times per check on a 72-GPU rack, where a frozen dataclass costs several times more)."""

    socket: bool = False  # a socket link on the path
    c2c: bool = False  # an NVLink-C2C link on the path
    cpu: bool = False  # a CPU between the ends
    numa: bool = False  # ... with more than one NUMA node per socket
    bridges: int = 0  # PCIe switch bridges between the ends
    bottleneck: float = float("inf")  # the smallest capacity, GB/s per direction


def _path_facts(topo: Topology, root: str, tree: dict[str, str | None], node: str) -> _Facts:
    """The facts of the tree path from root to node, each tree node's computed once (the paths to a GPU's NICs
    share their first hops: on a 72-GPU rack every GPU reaches its two NICs through one Grace CPU)."""
    memo = topo.cache.get(("path_facts", root))
    if memo is None:
        memo = topo.cache[("path_facts", root)] = {root: _ROOT}
    hit = memo.get(node)
    if hit is not None:
        return hit
    parent = tree[node]
    assert parent is not None  # the root is in the memo
    up = _path_facts(topo, root, tree, parent)
    facts = memo[node] = _step(up, topo.adjacency[parent][node], topo.part(parent) if parent != root else None)
    return facts


def _step(up: _Facts, edge: dict, middle: PartBase | None) -> _Facts:
    """The facts of a path one hop longer: over `edge`, through `middle` (None: the hop leaves the path's start)."""
    kind, cpu = edge["kind"], isinstance(middle, CpuSpec)
    return _Facts(up.socket or kind is SOCKET, up.c2c or kind is C2C, up.cpu or cpu,
                  up.numa or (cpu and middle.numa_nodes_per_socket > 1),  # type: ignore[union-attr]
                  up.bridges + (middle.internal_bridges if isinstance(middle, PcieSwitchSpec) else 0),
                  min(up.bottleneck, edge["capacity"]))


_ROOT = _Facts()


def _facts_class(f: _Facts) -> str:
    """The class of a host path from its facts."""
    if f.socket or f.numa:
        return "SYS"  # a socket link, or between two NUMA nodes of one socket (EPYC NPS4): the SMP interconnect
    if f.cpu:
        return "PHB" if f.c2c else "NODE"
    return "PIX" if f.bridges <= 1 else "PXB"


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
