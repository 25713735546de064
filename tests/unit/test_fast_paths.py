"""The rule check's fast paths (issue 21 item 8) give what the straightforward computations give: the graph built
from plain dicts, the pair capacities as an array, the link-failure sweep by class of alike GPUs, the NIC
affinity from cached host trees, and the power budget shared by revisions that keep the components. Compared on
the GB200 NVL72 rack (NVIDIA GB200 NVL72 datasheet: 72 GPUs, 18 NVLink switch chips in 9 switch trays), an HGX
H100 board (NVIDIA DGX H100 user guide: 8 GPUs, 4 NVSwitch chips), an xGMI mesh and odd, asymmetric variants
(links removed, one link bundled twice, one GPU left with a single scale-up link)."""

import itertools
import threading

import networkx as nx
import pytest

from designer.model.budget import power_budget
from designer.model.design import FailurePolicy, Link, LinkKind
from designer.model.facility import heat_balance
from designer.rules import check
from designer.topology import failures, linkclass
from designer.topology.edges import HOP_LATENCY_US, link_capacity, same_links
from designer.topology.graph import SCALEUP, _build, build_topology
from designer.topology.linkclass import class_rows
from designer.topology.paths import (
    CLASS_ORDER,
    class_rank,
    classes_without,
    gpu_nic_affinity,
    host_class,
    host_path,
    path_bottleneck,
    scaleup_pair_capacity,
    scaleup_pair_matrix,
)

TEMPLATES = ("gb200-nvl72", "dgx-h100", "amd-mi300x")


def variants(design):
    """The design, one with every seventh link removed, one with its first scale-up link bundled twice, one whose
    first GPU keeps a single scale-up link (failures that cut pairs off), and one on the platform's other
    documented failure policy (the degraded paths of the outcomes)."""
    links = list(design.links)
    first = next(i for i, lk in enumerate(links) if lk.kind in SCALEUP)
    doubled = links[:first] + [links[first].model_copy(update={"count": links[first].count * 2})] + links[first + 1:]
    adaptive = design.settings.model_copy(update={"fabric_failure_policy": FailurePolicy.NMX_ADAPTIVE_BANDWIDTH})
    lone = links[first].a  # left with one scale-up link: one link or plane failure cuts it off
    one_plane = links[:first + 1] + [lk for lk in links[first + 1:]
                                     if lk.kind not in SCALEUP or lone not in (lk.a, lk.b)]
    return {"as shipped": design,
            "every seventh link removed": design.model_copy(update={"links": [lk for i, lk in enumerate(links)
                                                                              if i % 7 != 3]}),
            "one link bundled twice": design.model_copy(update={"links": doubled}),
            "one GPU on one link": design.model_copy(update={"links": one_plane}),
            "adaptive policy": design.model_copy(update={"settings": adaptive})}


def all_designs(design_of):
    return [(f"{tid}: {name}", d) for tid in TEMPLATES for name, d in variants(design_of(tid)).items()]


def fresh(design):
    """A new revision with new wiring: nothing cached for it."""
    return design.model_copy(update={"links": list(design.links)})


def test_the_graph_from_plain_dicts_is_the_graph_networkx_builds(catalog, design_of):
    for name, design in all_designs(design_of):
        topo = _build(design, catalog)
        reference = nx.Graph()
        reference.add_nodes_from(topo.graph.nodes(data=True))
        reference.add_edges_from(topo.graph.edges(data=True))
        assert list(topo.graph.nodes(data=True)) == list(reference.nodes(data=True)), name
        assert list(topo.graph.edges(data=True)) == list(reference.edges(data=True)), name
        assert topo.edge_list == list(reference.edges(data=True)), name
        assert {n: dict(reference.adj[n]) for n in reference} == topo.adjacency, name


def link_by_link(design, catalog):
    """networkx's add_edge link by link: (edges with data, in order; the links set aside)."""
    chassis = catalog.chassis(design.chassis)
    parts = {c.id: catalog.get(c.part) for c in design.components}
    reference = nx.Graph()
    reference.add_nodes_from(parts)
    conflicting = []
    for lk in design.links:
        cap, assumed = link_capacity(lk, (parts[lk.a], parts[lk.b]), chassis)
        if not reference.has_edge(lk.a, lk.b):
            reference.add_edge(lk.a, lk.b, kind=lk.kind, capacity=cap, count=lk.count, link_ids=[lk.id],
                               latency_us=HOP_LATENCY_US[lk.kind], assumed=assumed)
            continue
        d = reference.edges[lk.a, lk.b]
        if d["kind"] is not lk.kind:
            conflicting.append(lk.id)
            continue
        d.update(capacity=d["capacity"] + cap, count=d["count"] + lk.count, link_ids=[*d["link_ids"], lk.id],
                 assumed=d["assumed"] or assumed)
    return list(reference.edges(data=True)), conflicting


def two_kinds(dgx):
    """DGX H100 with a PCIe link added to a pair that has NVLink (the PCIe link is set aside)."""
    first = next(lk for lk in dgx.links if lk.kind in SCALEUP)
    extra = Link(id="extra-pcie", kind=LinkKind.PCIE, a=first.b, b=first.a, count=16)
    return dgx.model_copy(update={"links": [*dgx.links, extra]})


def test_the_edges_built_from_the_links_are_a_link_by_link_build(catalog, design_of):
    """Each edge's kind, capacity (summed in link order), link count, link ids and assumed flag, and the edge order,
    equal networkx's add_edge link by link; a pair's second kind of link is set aside."""
    both_kinds = two_kinds(design_of("dgx-h100"))
    for name, design in [*all_designs(design_of), ("dgx-h100: a pair with two kinds of link", both_kinds)]:
        topo = _build(design, catalog)
        edges, conflicting = link_by_link(design, catalog)
        assert list(topo.graph.edges(data=True)) == edges, name
        assert topo.graph.graph.get("conflicting_links", []) == conflicting, name
    assert conflicting == ["extra-pcie"]


def edits(design):
    """Wiring edits as the app makes them: a link deleted, one added back at the end, a count changed, the list
    reversed (every pair's first link moves), a second kind of link added to a pair, and the first link re-made
    as an equal but new object."""
    links = list(design.links)
    k = len(links) // 2
    first = next(i for i, lk in enumerate(links) if lk.kind in SCALEUP)
    recount = links[k].model_copy(update={"count": links[k].count + 1})
    return {"deleted": links[:k] + links[k + 1:], "moved to the end": links[:k] + links[k + 1:] + [links[k]],
            "count changed": links[:k] + [recount] + links[k + 1:], "reversed": links[::-1],
            "second kind": two_kinds(design).links, "first re-made": [links[first].model_copy()] + links[1:]
            if first == 0 else links}


def test_edges_taken_from_the_last_topology_equal_a_fresh_build(catalog, design_of):
    """A topology built on the last one of the same parts (designer.topology.edges) has the edges, order, data and
    set-aside links of a link-by-link build, and shares the unchanged pairs' edge data with its base."""
    for tid in TEMPLATES:
        design = design_of(tid)
        base = _build(design, catalog)
        for what, links in edits(design).items():
            edited = design.model_copy(update={"links": links})
            topo = _build(edited, catalog, base)
            edges, conflicting = link_by_link(edited, catalog)
            assert list(topo.graph.edges(data=True)) == edges, (tid, what)
            assert topo.graph.graph.get("conflicting_links", []) == conflicting, (tid, what)
            assert list(topo.graph.nodes(data=True)) == list(_build(edited, catalog).graph.nodes(data=True))
            shared = sum(d is base.edges.data.get(p) for p, d in topo.edges.data.items())
            changed = sum(not same_links(base.edges.groups.get(p), g) for p, g in topo.edges.groups.items())
            assert shared == len(topo.edges.data) - changed > 0, (tid, what)


def session_edits(design):
    """Wiring edits one after another, as in a session: (what, links, whether the splice takes it). Added at the
    end, two links edited in place (one of them re-made as an equal new object), the added link deleted (not its
    pair's first), the re-made link deleted (its pair has no other), then edits that move pairs in the order: a
    link inserted mid-list, the last two swapped, the list reversed."""
    links = list(design.links)
    lone = [sum({lk.a, lk.b} == {o.a, o.b} for o in links) == 1 for lk in links]
    k = next(i for i in range(len(links) // 3, len(links) - 1) if lone[i + 1])
    added = links[k].model_copy(update={"id": "added", "count": 1})
    edited = [*links[:k], links[k].model_copy(update={"count": links[k].count + 1}), links[k + 1].model_copy(),
              *links[k + 2:]]
    rest = edited[:k + 1] + edited[k + 2:]
    return [("added at the end", [*links, added], True), ("two edited in place", [*edited, added], True),
            ("the added one deleted", edited, True), ("the re-made one deleted", rest, True),
            ("inserted mid-list", [*rest[:k], added, *rest[k:]], False),
            ("last two swapped", [*rest[:-2], rest[-1], rest[-2]], False), ("reversed", rest[::-1], False)]


def test_edits_spliced_into_the_last_edges_equal_a_fresh_build(catalog, design_of):
    """The splice (designer.topology.edges._spliced) takes the edits that keep every pair's place, each built on
    the topology before it; the others fall back to the pair-by-pair build. Either way the edges, order, data,
    set-aside links and neighbour order equal a link-by-link build."""
    for tid in TEMPLATES:
        design = design_of(tid)
        base = _build(design, catalog)
        for what, links, spliced in session_edits(design):
            edited = design.model_copy(update={"links": links})
            topo = _build(edited, catalog, base)
            edges, conflicting = link_by_link(edited, catalog)
            assert list(topo.graph.edges(data=True)) == edges, (tid, what)
            assert topo.graph.graph.get("conflicting_links", []) == conflicting, (tid, what)
            reference = _build(edited, catalog).graph
            assert [list(nbrs.items()) for nbrs in topo.adjacency.values()] == [
                list(nbrs.items()) for _, nbrs in reference.adjacency()], (tid, what)
            assert (topo.edges.changed is not None) is spliced, (tid, what)
            base = topo


def test_a_new_wiring_is_built_on_the_last_topology_of_the_same_parts(catalog, design_of):
    """build_topology finds the base itself: a link deleted from a checked design (its pair has no other link)
    shares every other pair's edge."""
    design = design_of("gb200-nvl72")
    first = build_topology(design, catalog)
    edited = design.model_copy(update={"links": design.links[1:]})
    topo = build_topology(edited, catalog)
    shared = sum(d is first.edges.data.get(p) for p, d in topo.edges.data.items())
    assert shared == len(topo.edges.data) == len(first.edges.data) - 1
    assert list(topo.graph.edges(data=True)) == link_by_link(edited, catalog)[0]


def straight_pair_capacity(topo):
    """Per GPU pair: the direct scale-up links' capacity plus, per shared switch, the smaller side's (loops)."""
    g = topo.graph
    out = {}
    for a, b in itertools.combinations(topo.gpus, 2):
        total = g.edges[a, b]["capacity"] if g.has_edge(a, b) and g.edges[a, b]["kind"] in SCALEUP else 0.0
        for sw in topo.scaleup_switches:
            ea, eb = g.get_edge_data(a, sw), g.get_edge_data(b, sw)
            if ea and eb and ea["kind"] in SCALEUP and eb["kind"] in SCALEUP:
                total += min(ea["capacity"], eb["capacity"])
        out[(a, b)] = total
    return out


def test_pair_capacities_as_an_array_equal_the_loops(catalog, design_of):
    for name, design in all_designs(design_of):
        topo = build_topology(fresh(design), catalog)
        fast, straight = scaleup_pair_capacity(topo), straight_pair_capacity(topo)
        assert list(fast) == list(straight), name
        assert fast == pytest.approx(straight, rel=1e-12, abs=1e-9), name


def with_classes(by_class: bool, fn):
    linkclass.BY_CLASS[0] = by_class
    try:
        return fn()
    finally:
        linkclass.BY_CLASS[0] = True


def sweep_with(design, catalog, by_class: bool):
    return with_classes(by_class, lambda: failures.sweep(build_topology(fresh(design), catalog)))


def test_pair_capacities_by_class_are_the_full_arrays_bit_for_bit(catalog, design_of):
    for name, design in all_designs(design_of):
        fast = scaleup_pair_matrix(build_topology(fresh(design), catalog))
        full = with_classes(False, lambda d=design: scaleup_pair_matrix(build_topology(fresh(d), catalog)))
        assert fast.tobytes() == full.tobytes(), name


def test_the_link_sweep_by_class_equals_the_full_arrays(catalog, design_of):
    cut_off = set()
    for name, design in all_designs(design_of):
        fast = sweep_with(design, catalog, True)
        assert fast == sweep_with(design, catalog, False), name
        cut_off |= {str(what).split()[0] for what, _ in fast.cut} if "one GPU on one link" in name else set()
    assert cut_off == {"link", "switch"}  # both kinds of failure cut pairs off somewhere: those paths are compared


def test_an_nvl72_rack_sweeps_one_row_per_switch_chip(catalog, design_of):
    """72 alike GPUs are one class, so the 1,296 link failures are one distinct row per switch chip."""
    topo = build_topology(fresh(design_of("gb200-nvl72")), catalog)
    arr = failures._arrays(topo)
    links = failures.scaleup_links(topo, failures.gpu_scaleup_ports(topo))
    ends = failures._link_ends(topo, arr, links)
    rows = class_rows(arr.np, arr.cap, arr.has, arr.base, ends.rows.tolist(), ends.cols.tolist(),
                      ends.lost.tolist())
    assert len(links) == len(topo.gpus) * len(topo.scaleup_switches)
    assert rows.before.shape == (len(topo.scaleup_switches), 1) and set(rows.cls) == {0}


def straight_affinity(topo, exclude=frozenset()):
    """Per GPU, in GPU order: the closest compute NIC by path class, then fewest users, then id (a host path
    search per GPU and NIC, nothing cached)."""
    nics = [n for n in topo.nics("compute") if n not in exclude]
    used = dict.fromkeys(nics, 0)
    out = []
    for gpu in topo.gpus:
        paths = {nic: host_path(topo, gpu, nic) for nic in nics}
        options = [(class_rank(host_class(topo, p)), used[n], n) for n, p in paths.items() if p]
        options = options or [(CLASS_ORDER["-"], used[n], n) for n in nics]
        if not options:
            out.append((gpu, None, "-", 0.0))
            continue
        nic = min(options)[2]
        used[nic] += 1
        path = paths[nic]
        out.append((gpu, nic, host_class(topo, path) if path else "-", path_bottleneck(topo, path) if path else 0.0))
    return out


def test_the_nic_affinity_equals_a_search_per_gpu_and_nic(catalog, design_of):
    for name, design in all_designs(design_of):
        topo = build_topology(fresh(design), catalog)
        nics = topo.nics("compute")
        for exclude in (frozenset(), frozenset(nics[:1])):
            fast = [(a.gpu, a.nic, a.path_class, a.gbytes_s_per_dir) for a in gpu_nic_affinity(topo, exclude)]
            assert fast == straight_affinity(topo, exclude), (name, exclude)


def test_the_classes_after_a_nic_fails_equal_a_search_without_it(catalog, design_of):
    """classes_without stops after the failed NIC's last user: what it gives them is the full search's."""
    for name, design in all_designs(design_of):
        topo = build_topology(fresh(design), catalog)
        for nic in dict.fromkeys(topo.nics("compute")[::7] + topo.nics("compute")[-1:]):
            users = {gpu for gpu, chosen, _, _ in straight_affinity(topo) if chosen == nic}
            expected = {gpu: cls for gpu, _, cls, _ in straight_affinity(topo, frozenset({nic})) if gpu in users}
            assert classes_without(topo, nic) == expected, (name, nic)


def test_the_whole_report_is_the_same_with_the_full_arrays(catalog, design_of):
    for name, design in all_designs(design_of):
        fast = check(fresh(design), catalog).as_dict(name)
        assert fast == with_classes(False, lambda d=design, n=name: check(fresh(d), catalog).as_dict(n)), name


def test_a_new_wiring_shares_the_budget_a_new_part_list_does_not(catalog, design_of):
    design = design_of("gb200-nvl72")
    rewired = design.model_copy(update={"links": design.links[1:]})
    assert power_budget(rewired, catalog) is power_budget(design, catalog)
    assert heat_balance(rewired, catalog) is heat_balance(design, catalog)
    fewer = design.model_copy(update={"components": [c for c in design.components if c.id != "gpu0"]})
    assert power_budget(fewer, catalog).load_w < power_budget(design, catalog).load_w
    hotter = design.model_copy(update={"settings": design.settings.model_copy(update={"air_delta_t_c": 30.0})})
    assert heat_balance(hotter, catalog) is not heat_balance(design, catalog)
    assert heat_balance(hotter, catalog).airflow_cfm < heat_balance(design, catalog).airflow_cfm


def test_threads_checking_one_new_revision_get_the_serial_report(catalog, design_of):
    """The per-topology caches are filled by whichever thread asks first (the GUI thread and the check worker
    share one topology): every thread gets the report a single thread gets."""
    design = design_of("gb200-nvl72")
    serial = check(fresh(design), catalog).as_dict("x")
    shared = fresh(design)
    reports, errors = [], []
    start = threading.Barrier(4)

    def run() -> None:
        start.wait()
        try:
            reports.append(check(shared, catalog).as_dict("x"))
        except BaseException as exc:  # noqa: BLE001 (reported by the main thread)
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and reports == [serial] * 4


def side_edits(design, switches):
    """Edits of one side of the design at a time, one after another: a scale-up link's count, a host link's count,
    a NIC's host link deleted, a scale-up link deleted, a link to a network fabric deleted, a host link added back
    at the end, the failure policy changed with a scale-up link, a host link turned into a scale-up kind, a GPU's
    links to a switch replaced by a PCIe link (a host kind at a switch: the plane counts change), a NIC whose
    network link was deleted tied to its fabric by a scale-up kind of link (the compute NICs change), that last
    link deleted again."""
    links = list(design.links)
    first_up = next(i for i, lk in enumerate(links) if lk.kind in SCALEUP)
    hosts = [i for i, lk in enumerate(links) if lk.kind in (LinkKind.PCIE, LinkKind.C2C)]
    nets = [i for i, lk in enumerate(links) if lk.kind is LinkKind.NETWORK]
    up, host = first_up + len(links) // 4 if first_up + len(links) // 4 < len(links) else first_up, hosts[-1]

    def recount(i, lks):
        return [*lks[:i], lks[i].model_copy(update={"count": lks[i].count + 1}), *lks[i + 1:]]

    adaptive = design.settings.model_copy(update={"fabric_failure_policy": FailurePolicy.NMX_ADAPTIVE_BANDWIDTH})
    steps = []
    cur = recount(up, links)
    steps.append(("a scale-up link's count", cur, None))
    cur = recount(host, cur)
    steps.append(("a host link's count", cur, None))
    gone = cur[hosts[0]]
    cur = [lk for lk in cur if lk is not gone]
    steps.append(("a host link deleted", cur, None))
    cur = [lk for lk in cur if lk is not links[first_up]]
    steps.append(("a scale-up link deleted", cur, None))
    if nets:
        cur = [lk for lk in cur if lk is not links[nets[0]]]
        steps.append(("a network link deleted", cur, None))
    cur = [*cur, gone]
    steps.append(("a host link added at the end", cur, None))
    cur = recount(cur.index(links[up - 1]), cur)
    steps.append(("policy and a scale-up link", cur, adaptive))
    cur = [*cur[:-1], cur[-1].model_copy(update={"kind": next(iter(SCALEUP))})]
    steps.append(("a host link made scale-up", cur, adaptive))
    to_switch = [(lk.a, lk.b) for lk in cur if lk.kind in SCALEUP and lk.b in switches]  # none in a mesh
    if to_switch:
        gpu, switch = to_switch[0]
        cur = [lk for lk in cur if {lk.a, lk.b} != {gpu, switch}]
        steps.append(("a GPU's links to a switch deleted", cur, adaptive))
        cur = [*cur, Link(id="pcie-to-switch", kind=LinkKind.PCIE, a=gpu, b=switch, count=4)]
        steps.append(("a PCIe link from the GPU to the switch", cur, adaptive))
    if nets:
        nic, fabric = links[nets[0]].a, links[nets[0]].b
        cur = [*cur, Link(id="nic-as-scaleup", kind=next(iter(SCALEUP)), a=nic, b=fabric, count=1)]
        steps.append(("a NIC tied to its fabric by a scale-up kind of link", cur, adaptive))
    steps.append(("the last link added deleted (the only link of its shape)", cur[:-1], adaptive))
    return steps


def test_results_taken_over_from_the_last_topology_give_the_reports_of_a_fresh_build(catalog, design_of):
    """After an edit of one side (scale-up or host), the build takes the other side's results from the topology
    before it (designer.topology.graph._carry); every report equals one from a topology built afresh, and the
    results were taken over at least once for each side."""
    from designer.topology import graph

    carried = {"scaleup": 0, "host": 0}
    for tid in TEMPLATES:
        design = design_of(tid)
        check(design, catalog)
        switches = set(build_topology(design, catalog).scaleup_switches)
        for what, links, settings in side_edits(design, switches):
            update = {"links": links} | ({"settings": settings} if settings is not None else {})
            edited = design.model_copy(update=update)
            before = dict(graph._by_wiring)
            report = check(edited, catalog).as_dict(tid)
            topo = build_topology(edited, catalog)
            carried["scaleup"] += "failure_sweep" in topo.cache and topo.edges.changed is not None and not any(
                t.cache.get("failure_sweep") is None for _, t in before.values()) and any(
                t.cache.get("failure_sweep") is topo.cache["failure_sweep"] for _, t in before.values())
            carried["host"] += any(t.cache.get("nic_affinity") is topo.cache.get("nic_affinity") is not None
                                   for _, t in before.values())
            afresh = _build(edited, catalog)
            assert topo.shape_counts == afresh.shape_counts, (tid, what)  # kept up to date by the edited links
            assert {c: topo.scaleup_links_used(c) for c in afresh.parts} == {
                c: afresh.scaleup_links_used(c) for c in afresh.parts}, (tid, what)
            assert topo.gpus == afresh.gpus and topo.transit == afresh.transit, (tid, what)
            with graph._by_wiring_lock:
                kept = dict(graph._by_wiring)
                graph._by_wiring.clear()
            assert check(fresh(edited), catalog).as_dict(tid) == report, (tid, what)
            with graph._by_wiring_lock:
                graph._by_wiring.update(kept)
            design = edited
    assert carried["scaleup"] > 0 and carried["host"] > 0, carried


def test_the_apps_link_edits_keep_the_other_links_so_the_next_build_is_spliced(catalog, design_of):
    """edits.update_link, edits.add_links, edits.remove_links and wiring.connect validate the whole design but keep
    every other link object: the topology after them is spliced into the one before (it used to be re-made from a
    dump, every link a new object, and the rack summed afresh). A link to a missing component is still refused."""
    from pydantic import ValidationError

    from designer.model import edits, wiring

    design = design_of("gb200-nvl72")
    lk = design.links[len(design.links) // 2]
    without = edits.remove_links(design, [lk.id])
    steps = [(design, edits.update_link(design, lk.id, count=lk.count + 1)),
             (design, edits.add_links(design, [lk.model_copy(update={"id": "extra"})])),
             (design, without), (without, wiring.connect(without, catalog, lk.a, lk.b))]
    for before, edited in steps:
        base = build_topology(before, catalog)
        kept = {id(lk) for lk in edited.links} & {id(lk) for lk in before.links}
        assert len(kept) >= len(before.links) - 1  # every link but the edited one is the same object
        topo = build_topology(edited, catalog)
        assert topo.edges.changed is not None and len(topo.edges.changed) == 1
        new_or_changed = sum(d is not None for d in topo.edges.changed.values())  # 0 where the pair went
        assert sum(d is base.edges.data.get(p) for p, d in topo.edges.data.items()) == len(topo.edges.data) - (
            new_or_changed)
    with pytest.raises(ValidationError, match="no component with id 'nowhere'"):
        edits.add_links(design, [lk.model_copy(update={"id": "stray", "b": "nowhere"})])
