"""The edges of a topology from the design's links: one per component pair, summing its links of one kind.

A pair's edge carries the kind of its first link, the capacity (GB/s per direction, summed in link order), the
physical link count, the link ids and whether a default was assumed; a link of another kind between the same pair
is set aside (physical.link_conflict reports it). A link's capacity is worked out once per (kind, count, PCIe cap,
end parts): a 72-GPU rack has 1,296 alike.

After an edit of the wiring most pairs keep the very same link objects. Where the last topology of the same
catalog, chassis and components is at hand (`base`), a pair whose links are the same objects in the same order
takes that topology's edge data dict as it is (edge data is never edited, so two graphs may share one), and only
the pairs whose links changed are summed again: on a 72-GPU rack that halves the graph's cost after an edit.
Either way the edges, their order and their data equal a link-by-link networkx build
(tests/unit/test_fast_paths.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from itertools import compress, count, islice
from operator import attrgetter, is_not

from designer.core.units import gbit_to_gbyte, pcie_gbytes_s_per_dir
from designer.model.design import SCALEUP_KINDS, Design, Link, LinkKind
from designer.model.parts import ChassisSpec, CpuSpec, GpuSpec, NicSpec, PartBase, PcieSwitchSpec, ScaleupSwitchSpec

# Per-hop latency by link kind (us): NCCL's hardware latency for the LL protocol
# (NCCL src/graph/tuning.cc hwLat: NVLINK 0.6, PCI 1.0, NET 2.7); C2C and socket taken as PCI-class.
HOP_LATENCY_US = {
    LinkKind.NVLINK: 0.6, LinkKind.XGMI: 0.8, LinkKind.HCCS: 0.8, LinkKind.ROCE: 1.0, LinkKind.C2C: 0.6,
    LinkKind.PCIE: 1.0, LinkKind.SOCKET: 1.0, LinkKind.NETWORK: 2.7,
}
# When a CPU does not publish its socket-link figure: a conservative 10 GB/s per direction, marked assumed.
DEFAULT_SOCKET_GBYTES_S = 10.0
HOST_KINDS = frozenset({LinkKind.PCIE, LinkKind.SOCKET, LinkKind.C2C})


def _pcie_gen(link: Link, ends: tuple[PartBase, PartBase], chassis: ChassisSpec) -> int:
    gens = [g for g in (_gen_of(p) for p in ends) if g is not None]
    if link.pcie_gen is not None:
        gens.append(link.pcie_gen)
    return min(gens) if gens else chassis.pcie_slot_gen


def _gen_of(part: PartBase) -> int | None:
    if isinstance(part, GpuSpec):
        return part.host_pcie_gen
    if isinstance(part, NicSpec | CpuSpec):
        return part.pcie_gen
    if isinstance(part, PcieSwitchSpec):
        return part.pcie_gen
    return None


def _scaleup_link_bw(part: PartBase) -> float | None:
    if isinstance(part, GpuSpec):
        return part.link_bw_gbytes_s_per_dir
    if isinstance(part, ScaleupSwitchSpec):
        return part.port_bw_gbytes_s_per_dir
    return None


def link_capacity(link: Link, ends: tuple[PartBase, PartBase], chassis: ChassisSpec) -> tuple[float, bool]:
    """Capacity of one design link, GB/s per direction, and whether a default was assumed."""
    if link.kind in SCALEUP_KINDS:
        rates = [r for r in map(_scaleup_link_bw, ends) if r is not None]
        return link.count * (min(rates) if rates else 0.0), False
    if link.kind is LinkKind.C2C:
        rates = [p.c2c_bw_gbytes_s_per_dir for p in ends if isinstance(p, GpuSpec)]
        return link.count * (min(rates) if rates else 0.0), False
    if link.kind is LinkKind.PCIE:
        return pcie_gbytes_s_per_dir(_pcie_gen(link, ends, chassis), link.count), False
    if link.kind is LinkKind.SOCKET:
        known = [p.socket_link_gbytes_s_per_dir for p in ends if isinstance(p, CpuSpec)]
        rates = [r for r in known if r is not None]
        if rates and len(rates) == len(known):
            return link.count * min(rates), False
        return link.count * DEFAULT_SOCKET_GBYTES_S, True
    nics = [p for p in ends if isinstance(p, NicSpec)]
    return link.count * (gbit_to_gbyte(nics[0].port_speed_gbit_s) if nics else 0.0), False


Pair = tuple[str, str]  # the two ends, in sorted order
Group = Link | list[Link]  # a pair's link, or its links in design order where it has several


class Edges:
    """A topology's edges: per pair its edge data (never edited) in the order of the pairs' first links, the ids of
    the links set aside (a pair's second kind of link) in design order, and, asked for when the next build takes
    this one as its base, the links per pair."""

    def __init__(self, links: Sequence[Link], data: dict[Pair, dict], conflicting: list[str],
                 groups: dict[Pair, Group] | None = None, changed: dict[Pair, dict | None] | None = None,
                 edit: tuple[Sequence[Link], Sequence[Link]] | None = None) -> None:
        self.links = links
        self.data = data
        self.conflicting = conflicting
        # where the edges were spliced into the base's (in the base's order): each pair whose edge changed, with its
        # new data (None: gone), new pairs last; None where they were built pair by pair
        self.changed = changed
        self.edit = edit  # where spliced: the links the edit took out and put in
        if groups is not None:
            self.__dict__["groups"] = groups

    @cached_property
    def groups(self) -> dict[Pair, Group]:
        return group_links(self.links)


def group_links(links: Sequence[Link]) -> dict[Pair, Group]:
    """The link or links per pair of ends, pairs in the order of their first link (as networkx adds the edges)."""
    return _grouped(links)[0]


def same_links(old: Group | None, new: Group) -> bool:
    """Whether a pair has the very same link objects in the same order (list == tests identity first)."""
    return old is new or (type(new) is list and old == new)


def _grouped(links: Sequence[Link]) -> tuple[dict[Pair, Group], list[list[Link]]]:
    """group_links, and the groups of more than one link (where a second kind of link may stand). A pair's single
    link stands for itself, not in a list: a rack's 1,584 pairs mostly have one."""
    groups: dict[Pair, Group] = {}
    multi: list[list[Link]] = []
    for link in links:
        a, b = _ENDS(link)
        pair = (a, b) if a < b else (b, a)
        group = groups.get(pair)
        if group is None:
            groups[pair] = link
        elif isinstance(group, list):
            group.append(link)
        else:
            both: list[Link] = [group, link]
            multi.append(both)
            groups[pair] = both
    return groups, multi


def build_edges(design: Design, parts: Mapping[str, PartBase], chassis: ChassisSpec, base: Edges | None) -> Edges:
    """The design's edges; `base`: the edges of a topology of the same catalog, chassis and components."""
    part_ids = {c.id: c.part for c in design.components}
    capacities: dict[tuple, tuple[float, bool]] = {}
    if base is None:
        return _fresh(design.links, parts, part_ids, chassis, capacities)
    spliced = _spliced(design.links, base, parts, part_ids, chassis, capacities)
    if spliced is not None:
        return spliced
    groups, multi = _grouped(design.links)
    old_groups, old_data = base.groups, base.data
    data = {pair: old_data[pair] if same_links(old_groups.get(pair), group)
            else _edge(group, parts, part_ids, chassis, capacities) for pair, group in groups.items()}
    mixed = any(lk.kind is not group[0].kind for group in multi for lk in group)
    return Edges(design.links, data, _conflicting(design.links, multi) if mixed else [], groups)


def _fresh(links: Sequence[Link], parts: Mapping[str, PartBase], part_ids: dict[str, str], chassis: ChassisSpec,
           capacities: dict[tuple, tuple[float, bool]]) -> Edges:
    """Every edge summed afresh in one pass over the links (a first build: nothing to take from)."""
    data: dict[Pair, dict] = {}
    conflicting: list[str] = []
    for link in links:
        a, b = _ENDS(link)
        kind, count, gen, lid = _FIELDS(link)
        ckey = (kind, count, gen, part_ids[a], part_ids[b])
        known = capacities.get(ckey)
        if known is None:
            known = capacities[ckey] = link_capacity(link, (parts[a], parts[b]), chassis)
        edge = data.get(pair := (a, b) if a < b else (b, a))
        if edge is None:
            data[pair] = {"kind": kind, "capacity": known[0], "count": count, "link_ids": [lid],
                          "latency_us": HOP_LATENCY_US[kind], "assumed": known[1]}
        elif edge["kind"] is not kind:
            conflicting.append(lid)
        else:
            edge["capacity"] += known[0]
            edge["count"] += count
            edge["link_ids"].append(lid)
            edge["assumed"] = edge["assumed"] or known[1]
    return Edges(links, data, conflicting)


def _edge(group: Group, parts: Mapping[str, PartBase], part_ids: dict[str, str], chassis: ChassisSpec,
          capacities: dict[tuple, tuple[float, bool]]) -> dict:
    """One pair's edge data from its links in order (links of another kind than the first are left out)."""
    links = group if isinstance(group, list) else [group]
    return next(iter(_fresh(links, parts, part_ids, chassis, capacities).data.values()))


# A splice handles at most this many links changed in one edit (more: the pair-by-pair build).
SPLICE_MAX = 64


def _spliced(links: Sequence[Link], base: Edges, parts: Mapping[str, PartBase], part_ids: dict[str, str],
             chassis: ChassisSpec, capacities: dict[tuple, tuple[float, bool]]) -> Edges | None:
    """The edges after an edit that keeps every pair's place in the base's order, as the app's wiring edits do: links
    edited in place (the same ends), links added at the end, links deleted (not the first of a pair that keeps
    others). The links before and after the edited run are the base's own objects, in order (found in C); only the
    pairs of the edited links are summed again, the rest of the base's dicts copied as they are. None where the
    edit is of another shape (the list reordered, a link inserted mid-list, a pair's first link deleted while
    others stay, a second kind of link on a pair): then every pair is grouped afresh."""
    old = base.links
    if base.conflicting:
        return None
    head = _common_prefix(old, links)
    tail = _common_suffix(old, links, min(len(old), len(links)) - head)
    gone, came = old[head:len(old) - tail], links[head:len(links) - tail]
    if len(gone) + len(came) > SPLICE_MAX:
        return None
    in_place = len(gone) == len(came) and all(map(_same_ends, gone, came))
    if not (in_place or not came or (not gone and not tail)):
        return None  # neither edited in place, deleted, nor added at the end
    swap = {id(a): b for a, b in zip(gone, came, strict=False)} if in_place else {}
    dropped = set() if in_place else {id(lk) for lk in gone}
    old_groups, old_data = base.groups, base.data
    groups, data = dict(old_groups), dict(old_data)
    changed: dict[Pair, dict | None] = {}
    for pair in dict.fromkeys(map(_pair_of, [*gone, *came])):
        was = old_groups.get(pair)
        before: list[Link] = [] if was is None else was if isinstance(was, list) else [was]
        now: list[Link]
        if in_place:
            now = [swap.get(id(lk), lk) for lk in before]
        elif came:
            now = [*before, *(lk for lk in came if _pair_of(lk) == pair)]
        else:
            now = [lk for lk in before if id(lk) not in dropped]
            if now and now[0] is not before[0]:
                return None  # the pair's first link deleted, others stay: the pair moves in the order
        if not now:
            del groups[pair], data[pair]
            changed[pair] = None
            continue
        if any(lk.kind is not now[0].kind for lk in now):
            return None  # a second kind of link: set aside in design order by the full build
        group: Group = now[0] if len(now) == 1 else now
        groups[pair] = group
        if not same_links(was, group):
            data[pair] = changed[pair] = _edge(group, parts, part_ids, chassis, capacities)
    return Edges(links, data, [], groups, changed, (gone, came))


def _pair_of(link: Link) -> Pair:
    a, b = link.a, link.b
    return (a, b) if a < b else (b, a)


def _same_ends(a: Link, b: Link) -> bool:
    return _pair_of(a) == _pair_of(b)


def shared_ends(a: Sequence[Link], b: Sequence[Link]) -> int:
    """How many links two lists share at their start and end (the very same objects, in order)."""
    head = _common_prefix(a, b)
    return head + _common_suffix(a, b, min(len(a), len(b)) - head)


def _common_prefix(a: Sequence[Link], b: Sequence[Link]) -> int:
    """How many links the two lists begin with that are the very same objects (compared in C: map, compress)."""
    return next(compress(count(), map(is_not, a, b)), min(len(a), len(b)))


def _common_suffix(a: Sequence[Link], b: Sequence[Link], limit: int) -> int:
    """How many links (at most `limit`) the two lists end with that are the very same objects."""
    return next(compress(count(), map(is_not, islice(reversed(a), limit), reversed(b))), limit)


_ENDS = attrgetter("a", "b")
_FIELDS = attrgetter("kind", "count", "pcie_gen", "id")


def _conflicting(links: Sequence[Link], multi: list[list[Link]]) -> list[str]:
    """The links of a pair whose kind differs from the pair's first link, in design order."""
    aside = {id(lk) for group in multi for lk in group if lk.kind is not group[0].kind}
    return [lk.id for lk in links if id(lk) in aside]
