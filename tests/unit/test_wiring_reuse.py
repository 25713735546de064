"""A new revision that keeps the wiring reuses the topology and the per-wiring rule findings (issue 21 item 8);
one that changes the wiring, a part, a slot or the settings does not."""

from designer.document import commands as cmd
from designer.model import edits
from designer.model.design import Waiver
from designer.rules import check
from designer.rules.engine import PER_WIRING, RULES
from designer.topology import graph
from designer.topology.graph import build_topology


def built(fn):
    before = graph.graphs_built[0]
    result = fn()
    return result, graph.graphs_built[0] - before


def test_a_label_edit_shares_the_graph_and_its_derived_results(catalog, design_of):
    design = design_of("gb200-nvl72")
    topo, n = built(lambda: build_topology(design, catalog))
    relabelled = cmd.set_component("gpu3", label="gpu three").run(design, catalog)
    twin, again = built(lambda: build_topology(relabelled, catalog))
    assert again == 0 and twin.graph is topo.graph and twin.cache is topo.cache
    assert twin.design is relabelled and twin.design.component("gpu3").label == "gpu three"


def test_wiring_parts_slots_and_settings_each_rebuild(catalog, design_of):
    design = design_of("dgx-h100")
    build_topology(design, catalog)
    link = next(lk for lk in design.links if lk.kind.value == "nvlink")
    changed = [
        edits.remove_links(design, [link.id]),
        design.model_copy(update={"links": list(design.links)}),  # the same links in a new list: a new revision
        cmd.set_settings(nodes_per_rack=design.settings.nodes_per_rack + 1).run(design, catalog),
        design.model_copy(update={"components": [c.model_copy(update={"slot": (c.slot or 0) + 50})
                                                 if c.id == "gpu0" else c for c in design.components]}),
    ]
    for revision in changed:
        topo, n = built(lambda r=revision: build_topology(r, catalog))
        assert n == 1 and topo.design is revision


def test_cached_findings_follow_the_wiring_and_waivers_apply_afresh(catalog, design_of):
    design = design_of("dgx-h100")
    assert not any(v.rule == "scaleup.gpu_links_unused" for v in check(design, catalog).active)
    link = next(lk for lk in design.links if lk.kind.value == "nvlink" and lk.a == "gpu0")
    broken = edits.remove_links(design, [link.id])
    report = check(broken, catalog)
    found = [v for v in report.active if v.rule.startswith("scaleup.")]
    assert found  # recomputed for the new wiring, not the cached findings of the old one
    waived = edits.add_waiver(broken, Waiver(rule=found[0].rule, ids=found[0].ids, reason="test"))
    again = check(waived, catalog)  # same wiring: the findings come from the cache, the waiver is new
    assert any(v.rule == found[0].rule and v.waived for v in again.violations)
    assert [v.message for v in again.violations] == [v.message for v in report.violations]


def test_only_registered_rules_are_kept_per_wiring():
    import designer.rules.checks  # noqa: F401 (registers the rules)

    assert set(RULES) >= PER_WIRING
    assert not any(r.startswith(("resilience.", "power.", "cooling.", "export.")) for r in PER_WIRING)
