"""The networkx graph derived from a Design (recomputed on demand, never edited).

Nodes are component ids with their part spec; edges aggregate the design's links between two
components and carry a per-direction capacity (GB/s) and a per-hop latency (us). Switches and CPU root
complexes forward traffic; GPUs and NICs do not, so paths never transit another GPU.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator, KeysView, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter
from threading import Lock
from types import UnionType

import networkx as nx

from designer.core.memo import memo_by_identity
from designer.model.catalog import Catalog
from designer.model.design import SCALEUP_KINDS, Design, Link, LinkKind
from designer.model.parts import (
    CpuSpec,
    FabricSpec,
    GpuSpec,
    NicSpec,
    PartBase,
    PcieSwitchSpec,
    ScaleupSwitchSpec,
    SlotKind,
    slot_kind_for,
)
from designer.topology.edges import HOP_LATENCY_US, HOST_KINDS, Edges, build_edges, link_capacity, shared_ends

__all__ = ["HOP_LATENCY_US", "HOST", "SCALEUP", "Topology", "build_topology", "link_capacity"]


def is_transit(part: PartBase) -> bool:
    return isinstance(part, ScaleupSwitchSpec | PcieSwitchSpec | CpuSpec)


_A, _B, _KIND, _COUNT = attrgetter("a"), attrgetter("b"), attrgetter("kind"), attrgetter("count")


@dataclass
class Topology:
    design: Design
    catalog: Catalog
    graph: nx.Graph
    cache: dict = field(default_factory=dict)  # derived query results (the graph is never edited)

    @cached_property
    def part(self) -> Callable[[str], PartBase]:
        """topo.part(cid): the parts dict's own lookup (asked tens of thousands of times on a 72-GPU rack)."""
        return self.parts.__getitem__

    def for_design(self, design: Design) -> Topology:
        """This topology for another revision with the same wiring: the graph, the derived cache and the
        computed properties are shared; only `design` (labels, metadata, waivers) is the new one."""
        twin = Topology(design, self.catalog, self.graph, self.cache)
        twin.__dict__.update({k: v for k, v in self.__dict__.items() if k not in ("design", "catalog", "graph",
                                                                              "cache")})
        return twin

    @cached_property
    def edges(self) -> Edges:
        """The edges by component pair with their links (the build sets it; the next build reuses it)."""
        return build_edges(self.design, self.parts, self.catalog.chassis(self.design.chassis), None)

    @cached_property
    def parts(self) -> dict[str, PartBase]:
        """Each node's part spec (a plain dict: rules ask for parts thousands of times on a 72-GPU domain)."""
        return {n: d["part"] for n, d in self.graph.nodes(data=True)}

    @cached_property
    def adjacency(self) -> dict[str, dict[str, dict]]:
        """Each node's neighbours with the edge data, as plain dicts (the graph's own data dicts, never edited):
        networkx's views cost a wrapper per lookup, and a 72-GPU rack's rules make thousands."""
        return {n: dict(nbrs) for n, nbrs in self.graph.adjacency()}

    @cached_property
    def edge_list(self) -> list[tuple[str, str, dict]]:
        """The graph's edges with their data, in networkx's order (graph.edges(data=True)), listed once per
        topology: the rules and the failure sweep walk a 72-GPU rack's 1,500 edges several times."""
        seen: set[str] = set()
        out: list[tuple[str, str, dict]] = []
        add = out.append
        for n, nbrs in self.adjacency.items():
            for nbr, d in nbrs.items():  # a plain loop: a generator per node costs a third more
                if nbr not in seen:
                    add((n, nbr, d))
            seen.add(n)
        return out

    def of_type(self, kind: type | UnionType) -> list[str]:
        """The nodes whose part is of `kind` (a spec class or a union of them), in node order, listed once per
        topology and kind: a 72-GPU rack's rules would each test all 285 nodes."""
        key = ("of_type", kind)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = [n for n, p in self.parts.items() if isinstance(p, kind)]
        return found

    @cached_property
    def part_ids(self) -> dict[str, str]:
        """Each component's catalog part id."""
        return {c.id: c.part for c in self.design.components}

    @property
    def link_shapes(self) -> KeysView[tuple[str, str, LinkKind, int]]:
        """The distinct (part at end a, part at end b, kind, count) of the design's links: rules that judge a link by
        its parts and kind test each shape once and walk the links only where one fails (a 72-GPU rack's 1,584
        links have a dozen shapes)."""
        return self.shape_counts.keys()

    @cached_property
    def shape_counts(self) -> dict[tuple[str, str, LinkKind, int], int]:
        """How many links have each shape, gathered by C-level iteration (after a spliced edit: the base's counts
        with the edited links' shapes taken off and added, see _carry)."""
        return dict(Counter(_shapes(self.part_ids, self.design.links)))

    @cached_property
    def slot_kinds(self) -> dict[str, SlotKind | None]:
        """Each component's kind of chassis slot (None: outside the chassis), worked out once per part."""
        per_part: dict[str, SlotKind | None] = {}
        out: dict[str, SlotKind | None] = {}
        for c in self.design.components:
            if c.part not in per_part:
                per_part[c.part] = slot_kind_for(self.parts[c.id])
            out[c.id] = per_part[c.part]
        return out

    @cached_property
    def scaleup_edges(self) -> list[tuple[str, str, dict]]:
        """The scale-up edges of edge_list, in its order (the link counts and the domains both walk them)."""
        return [e for e in self.edge_list if e[2]["kind"] in SCALEUP_KINDS]

    @cached_property
    def transit(self) -> frozenset[str]:
        """The nodes that forward traffic (switches and CPUs; see is_transit)."""
        return frozenset(n for n, d in self.graph.nodes(data="transit") if d)

    @cached_property
    def gpus(self) -> list[str]:
        return [c.id for c in self.design.components if isinstance(self.part(c.id), GpuSpec)]

    @cached_property
    def gpu_index(self) -> dict[str, int]:
        return {g: i for i, g in enumerate(self.gpus)}

    @cached_property
    def scaleup_switches(self) -> list[str]:
        return [c.id for c in self.design.components if isinstance(self.part(c.id), ScaleupSwitchSpec)]

    @cached_property
    def host_adjacency(self) -> dict[str, list[tuple[str, dict]]]:
        """Neighbours over host links (PCIe, socket, C2C), built once per topology."""
        adj: dict[str, list[tuple[str, dict]]] = {n: [] for n in self.graph.nodes}
        for u, v, d in self.edge_list:
            if d["kind"] in HOST_KINDS:
                adj[u].append((v, d))
                adj[v].append((u, d))
        return adj

    def nics(self, purpose: str | None = "compute") -> list[str]:
        """NICs, optionally only those with a port on a fabric of the given purpose (a new list each call; the
        answer is computed once per topology)."""
        key = ("nics", purpose)
        if key not in self.cache:
            self.cache[key] = self._nics(purpose)
        return list(self.cache[key])

    def _nics(self, purpose: str | None) -> list[str]:
        out = []
        for nic in self.of_type(NicSpec):
            fabrics = [n for n in self.adjacency[nic] if isinstance(self.part(n), FabricSpec)]
            if purpose is None or any(getattr(self.part(f), "purpose", None) == purpose for f in fabrics):
                out.append(nic)
        return out

    def _star_flow(self, kinds: frozenset[LinkKind], a: set[str], b: set[str]) -> float | None:
        """The max flow in closed form where no two forwarding nodes are linked (each switch chip a star of GPU
        links, as on HGX boards and in the NVL72 rack): direct a-b links plus, per switch, the smaller of its
        capacity to a and to b. None where switches are linked to each other (general max flow needed); a
        72-GPU rack's bisection takes about 0.3 s as a general max flow."""
        nodes = self.graph.nodes
        direct = 0.0
        sides: dict[str, list[float]] = {}
        for u, v, d in self.edge_list:
            if d["kind"] not in kinds:
                continue
            tu, tv = nodes[u]["transit"], nodes[v]["transit"]
            if tu and tv:
                return None
            if not tu and not tv:
                direct += d["capacity"] if (u in a and v in b) or (u in b and v in a) else 0.0
                continue
            hub, end = (u, v) if tu else (v, u)
            side = sides.setdefault(hub, [0.0, 0.0])
            if end in a:
                side[0] += d["capacity"]
            if end in b:
                side[1] += d["capacity"]
        return direct + sum(min(x, y) for x, y in sides.values())

    def scaleup_links_used(self, cid: str) -> int:
        """Scale-up links (physical, summed over the design links) at a component; one pass per topology."""
        if "scaleup_used" not in self.cache:
            used: dict[str, int] = dict.fromkeys(self.graph.nodes, 0)
            for u, v, d in self.scaleup_edges:
                used[u] += d["count"]
                used[v] += d["count"]
            self.cache["scaleup_used"] = used
        return self.cache["scaleup_used"].get(cid, 0)

    def scaleup_domains(self) -> list[set[str]]:
        """Components joined by scale-up links (each set one NVLink/xGMI/HCCS/RoCE domain), once per topology, in
        the order their first node appears along the scale-up edges."""
        if "scaleup_domains" not in self.cache:
            near: dict[str, list[str]] = {}
            for u, v, _ in self.scaleup_edges:
                near.setdefault(u, []).append(v)
                near.setdefault(v, []).append(u)
            seen: set[str] = set()
            domains: list[set[str]] = []
            for node in near:
                if node not in seen:
                    domains.append(_reach(near, node))
                    seen |= domains[-1]
            self.cache["scaleup_domains"] = domains
        return self.cache["scaleup_domains"]

    def edges_of_kinds(self, kinds: frozenset[LinkKind]) -> nx.Graph:
        keep = [(u, v) for u, v, d in self.edge_list if d["kind"] in kinds]
        return self.graph.edge_subgraph(keep)

    def max_flow(self, kinds: frozenset[LinkKind], sources: list[str], sinks: list[str]) -> float:
        """Max flow (GB/s per direction) from a set of GPUs to another over the given link kinds (once per
        topology: the status bar's bisection on a 72-GPU rack walks 1,584 edges)."""
        key = ("max_flow", kinds, tuple(sources), tuple(sinks))
        if key not in self.cache:
            self.cache[key] = self._max_flow(kinds, sources, sinks)
        return self.cache[key]

    def _max_flow(self, kinds: frozenset[LinkKind], sources: list[str], sinks: list[str]) -> float:
        star = self._star_flow(kinds, set(sources), set(sinks))
        if star is not None:
            return star
        allowed = set(sources) | set(sinks)
        sub = self.edges_of_kinds(kinds)
        di = nx.DiGraph()
        for u, v, cap in sub.edges(data="capacity"):
            if (u in allowed or self.graph.nodes[u]["transit"]) and (v in allowed or self.graph.nodes[v]["transit"]):
                di.add_edge(u, v, capacity=cap)
                di.add_edge(v, u, capacity=cap)
        for s in sources:
            di.add_edge("__src", s, capacity=float("inf"))
        for t in sinks:
            di.add_edge(t, "__sink", capacity=float("inf"))
        if "__src" not in di or "__sink" not in di:
            return 0.0
        for s in sources:  # a GPU in both sets would short-circuit; keep the sets apart
            if s in sinks:
                raise ValueError("sources and sinks overlap")
        return float(nx.maximum_flow_value(di, "__src", "__sink"))


def _reach(near: dict[str, list[str]], start: str) -> set[str]:
    """The nodes reachable from start over the given neighbour lists."""
    found = {start}
    stack = [start]
    while stack:
        for nbr in near[stack.pop()]:
            if nbr not in found:
                found.add(nbr)
                stack.append(nbr)
    return found


# Topologies by wiring (see build_topology): at most this many kept, each holding what its key names.
_WIRING_KEEP = 4
_by_wiring: OrderedDict[tuple, tuple[tuple, Topology]] = OrderedDict()
_by_wiring_lock = Lock()
graphs_built = [0]  # how many graphs were built (not reused): benchmarks/bench_editing.py prints it


def wiring_key(design: Design, catalog: Catalog) -> tuple[tuple, tuple]:
    """What a topology depends on: the catalog, the chassis, the settings and link list objects (frozen, and
    kept by an edit that touches neither) and each component's id, part and slot, not its label. Returns the
    key and the objects whose identity it uses (kept alive with the entry, so an id is never reused)."""
    held = (catalog, design.settings, design.links)
    comps = tuple((c.id, c.part, c.slot) for c in design.components)
    return (*(id(o) for o in held), design.chassis, comps), held


@memo_by_identity()
def build_topology(design: Design, catalog: Catalog) -> Topology:
    """The topology of a design, memoised per revision (object identity) and reused across revisions that
    share the wiring: an edit of a label, a waiver or the metadata keeps the links and settings objects, so the
    graph and everything derived from it (topo.cache: pair capacities, the failure sweep, NIC affinity) carry
    over to the new revision; a 72-GPU rack's graph and failure sweep cost tens of ms (bench_rules.py)."""
    key, held = wiring_key(design, catalog)
    with _by_wiring_lock:
        hit = _by_wiring.get(key)
        if hit is not None:
            _by_wiring.move_to_end(key)
    if hit is not None:
        return hit[1].for_design(design)
    topo = _build(design, catalog, _base(key, design.links))
    with _by_wiring_lock:
        _by_wiring[key] = (held, topo)
        while len(_by_wiring) > _WIRING_KEEP:
            _by_wiring.popitem(last=False)
    return topo


def _base(key: tuple, links: list) -> Topology | None:
    """The kept topology of the same catalog, chassis and components as `key` (another wiring) whose links have
    most in common with `links` at their ends (the same objects, in order): its edges serve the pairs whose links
    did not change (designer.topology.edges). The one of the revision edited, also after an undo or a switch
    between two designs, when the latest built may be another."""
    catalog, chassis, comps = key[0], key[3], key[4]
    with _by_wiring_lock:
        candidates = [topo for other, (_held, topo) in reversed(_by_wiring.items())
                      if other[0] == catalog and other[3] == chassis and other[4] == comps]
    return max(candidates, key=lambda topo: shared_ends(topo.edges.links, links), default=None)


def _build(design: Design, catalog: Catalog, base: Topology | None = None) -> Topology:
    """The graph in plain dicts first (one edge per component pair: designer.topology.edges, which takes the
    unchanged pairs' edges from `base`, a topology of the same catalog, chassis and components), then handed to
    networkx in bulk."""
    graphs_built[0] += 1
    parts: dict[str, PartBase]
    if base is None:
        found = {c.id: catalog.get(c.part) for c in design.components}
        nodes = {cid: {"part": p, "kind": p.kind, "transit": is_transit(p)} for cid, p in found.items()}
        parts = dict(found)
    else:  # the same components: the base's parts and node data (never edited)
        parts, nodes = base.parts, base.graph._node  # noqa: SLF001 (networkx's node dicts, shared, never edited)
    edges = build_edges(design, parts, catalog.chassis(design.chassis), base.edges if base is not None else None)
    adjacency: dict[str, dict[str, dict]]
    if base is not None and edges.changed is not None:  # spliced into the base's edges: its neighbour dicts, edited
        adjacency = {n: nbrs.copy() for n, nbrs in base.adjacency.items()}
        for (a, b), d in edges.changed.items():  # a new pair last, as networkx appends it
            if d is None:
                del adjacency[a][b], adjacency[b][a]
            else:
                adjacency[a][b] = adjacency[b][a] = d
    else:
        adjacency = {cid: {} for cid in parts}
        for (a, b), d in edges.data.items():  # as networkx's add_edges_from orders them (one data dict per edge)
            adjacency[a][b] = adjacency[b][a] = d
    g = _graph(nodes, adjacency)
    if edges.conflicting:
        g.graph["conflicting_links"] = edges.conflicting
    topo = Topology(design, catalog, g)
    topo.__dict__["adjacency"] = adjacency  # the cached property, already known
    topo.__dict__["edges"] = edges
    if base is not None:
        _take(base, topo, COMPONENT_SIDE, COMPONENT_SIDE_PROPERTIES)
        if edges.changed is not None:
            _carry(base, topo, edges)
    return topo


# What the build of a spliced wiring takes over from its base when the edit left one side of the design alone
# (the results are pure functions of that side's edges and the parts, which the two share; values are never edited):
# the scale-up side (GPU ports, pair capacities, the failure sweep, plane counts, domains) where no scale-up edge
# and no edge at a scale-up switch changed; the host side (host paths, NIC lists, NIC affinity) where only
# scale-up edges between GPUs and scale-up switches changed. Keys by name, or by the first item of a tuple key.
SCALEUP_SIDE = frozenset({"scaleup_ports", "port_matrix", "pair_matrix", "pair_capacity", "failure_arrays",
                          "scaleup_links", "plane_rows", "failure_sweep", "plane_losses", "scaleup_used",
                          "scaleup_domains", "plane_counts", "idle_groups"})
HOST_SIDE = frozenset({"host_trees", "nic_paths", "path_facts", "nic_affinity", "classes_without", "nics"})
SCALEUP_SIDE_PROPERTIES = ("scaleup_edges",)
HOST_SIDE_PROPERTIES = ("host_adjacency",)


# What any build on a base takes over (the base has the same catalog, chassis and components): results of the
# components and their slots alone.
COMPONENT_SIDE = frozenset({"of_type", "tray_parts", "by_slot_kind"})
COMPONENT_SIDE_PROPERTIES = ("gpus", "gpu_index", "scaleup_switches", "transit", "part_ids", "slot_kinds")


def _shapes(part_ids: dict[str, str], links: Sequence[Link]) -> Iterator[tuple[str, str, LinkKind, int]]:
    part = part_ids.__getitem__
    return zip(map(part, map(_A, links)), map(part, map(_B, links)), map(_KIND, links), map(_COUNT, links),
               strict=True)


def _take(base: Topology, topo: Topology, keys: frozenset[str], properties: tuple[str, ...]) -> None:
    """Copy the base's cache entries named in `keys` (by name, or by a tuple key's first item) and its computed
    `properties` into topo."""
    topo.cache.update({k: v for k, v in base.cache.items() if (k[0] if type(k) is tuple else k) in keys})
    topo.__dict__.update({k: base.__dict__[k] for k in properties if k in base.__dict__})


def _carry(base: Topology, topo: Topology, edges: Edges) -> None:
    """Copy into topo's cache the base's results for the side of the design the edit left alone (SCALEUP_SIDE,
    HOST_SIDE), and bring the base's link shape counts and scale-up link counts up to date by the edited links
    alone. tests/unit/test_fast_paths.py checks whole reports after edits of either side against a fresh build."""
    assert edges.changed is not None and edges.edit is not None
    changed, old = edges.changed, base.edges.data
    if "shape_counts" in base.__dict__:
        counts = dict(base.shape_counts)
        gone, came = edges.edit
        for shape in _shapes(topo.part_ids, gone):
            counts[shape] -= 1
            if not counts[shape]:
                del counts[shape]
        for shape in _shapes(topo.part_ids, came):
            counts[shape] = counts.get(shape, 0) + 1
        topo.__dict__["shape_counts"] = counts
    kinds = {d["kind"] for d in changed.values() if d is not None} | {old[p]["kind"] for p in changed if p in old}
    ends = {n for pair in changed for n in pair}
    parts = topo.parts
    scaleup_alone = not kinds & SCALEUP and not any(isinstance(parts[n], ScaleupSwitchSpec) for n in ends)
    host_alone = kinds <= SCALEUP and all(isinstance(parts[n], GpuSpec | ScaleupSwitchSpec) for n in ends)
    if not scaleup_alone and "scaleup_used" in base.cache:  # the links at each component, by the edited pairs
        used = dict(base.cache["scaleup_used"])
        for (a, b), d in changed.items():
            was = old.get((a, b))
            delta = (d["count"] if d is not None and d["kind"] in SCALEUP else 0) - (
                was["count"] if was is not None and was["kind"] in SCALEUP else 0)
            used[a] += delta
            used[b] += delta
        topo.cache["scaleup_used"] = used
    if scaleup_alone:
        _take(base, topo, SCALEUP_SIDE, SCALEUP_SIDE_PROPERTIES)
    if host_alone:
        _take(base, topo, HOST_SIDE, HOST_SIDE_PROPERTIES)


def _graph(nodes: dict[str, dict], adjacency: dict[str, dict[str, dict]]) -> nx.Graph:
    """A networkx graph over the given node and adjacency dicts, as add_nodes_from and add_edges_from would
    build it, without their per-edge checks (2 ms of a 72-GPU rack's check); tests/unit/test_topology_speed.py
    compares it with the graph networkx builds."""
    g = nx.Graph()  # networkx's own dicts filled directly (below): its internals, on purpose and tested
    g._node.update(nodes)  # noqa: SLF001
    g._adj.update(adjacency)  # noqa: SLF001
    nx._clear_cache(g)  # noqa: SLF001
    return g


SCALEUP = frozenset(SCALEUP_KINDS)
HOST = HOST_KINDS
