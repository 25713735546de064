"""What the cluster window draws, as data (no display): rack elevations and loads, the floor's rows, the fabric's
tiers. Expected counts come from the plan's own sizing and from the NVIDIA DGX SuperPOD DGX H100 reference
architecture (RA-11333-001), 4 SU: 127 nodes + the UFM, 32 leaf, 16 spine, 1,020 node-leaf and 1,024 leaf-spine
cables."""

from __future__ import annotations

import math

from designer.cluster.build import ClusterModel
from designer.cluster.plan import ClusterPlan, NodeRef, Site
from designer.ui.cluster.view_data import HIGH_LOAD, analyse_plan, floor_positions, headline, row_columns, slot_at


def _analysis(catalog, **kw):
    return analyse_plan(ClusterPlan(node=NodeRef(template="dgx-h100"), **kw), catalog, 7)


def test_fabric_tiers_are_the_ra_4_su_counts(catalog):
    a = _analysis(catalog, nodes=127)
    tiers = {t.role: t for t in a.fabric.tiers}
    assert (tiers["node"].total, tiers["leaf"].total, tiers["spine"].total) == (127, 32, 16)
    assert "core" not in tiers  # two tiers reach 32 leaves of 64-port switches
    cables = {(link.lower, link.upper): link.cables for link in a.fabric.links}
    assert cables == {("node", "leaf"): 1020, ("leaf", "spine"): 1024}
    assert a.fabric.scalable_units == 4 and a.revision == 7


def test_planes_split_each_switch_tier(catalog):
    a = _analysis(catalog, nodes=127)
    b = analyse_plan(a.plan.model_copy(update={"fabrics": a.plan.fabrics.model_copy(update={
        "compute": a.plan.fabrics.compute.model_copy(update={"planes": 2})})}), catalog, 8)
    leaf = next(t for t in b.fabric.tiers if t.role == "leaf")
    assert leaf.planes == 2 and leaf.per_plane * 2 == b.model.compute.leaf_switches


def test_every_rack_is_drawn_with_its_load_against_the_limit(catalog):
    a = _analysis(catalog, gpus=1024)
    assert [r.name for r in a.racks] == [r.name for r in a.model.racks.racks]
    for view, rack in zip(a.racks, a.model.racks.racks, strict=True):
        assert math.isclose(view.load, rack.watts / ClusterModel(a.plan, catalog).site.rack_power_limit_w)
        assert view.level == ("over" if view.load > 1 else "high" if view.load > HIGH_LOAD else "ok")
    tight = _analysis(catalog, gpus=1024, site=Site(rack_power_limit_w=41_000, rack_air_limit_w=41_000))
    assert {r.level for r in tight.racks if r.role == "compute"} == {"high"}


def test_a_height_finds_the_racked_part_and_never_a_zero_u_pdu(catalog):
    a = _analysis(catalog, gpus=1024)
    rack = a.racks[0]
    first = next(s for s in rack.slots if s.kind == "node")
    assert slot_at(rack, first.u) == first and slot_at(rack, first.u + first.height_u - 0.5) == first
    top = max(s.u + s.height_u for s in rack.slots if s.height_u)
    assert slot_at(rack, top + 0.5) is None
    assert all(s.kind != "pdu" for s in (slot_at(rack, u / 2) for u in range(2, 2 * rack.height_u)) if s)


def test_the_floor_puts_compute_rows_first_and_the_other_racks_on_a_row_of_their_own(catalog):
    a = _analysis(catalog, gpus=1024)
    columns = row_columns(len(a.racks), 120, 450)
    positions = floor_positions(a.racks, columns)
    assert max(c for c, _ in positions) < columns
    compute_rows = {r for (c, r), rack in zip(positions, a.racks, strict=True) if rack.role == "compute"}
    other_rows = {r for (c, r), rack in zip(positions, a.racks, strict=True) if rack.role != "compute"}
    assert max(compute_rows) < min(other_rows)
    assert len(set(positions)) == len(positions)


def test_headline_figures_add_up_from_the_info(catalog):
    a = _analysis(catalog, nodes=127)
    h = headline(a.info)
    c = a.model.compute
    assert (h["gpus"], h["nodes"], h["switches"]) == (c.gpus, 127, c.leaf_switches + c.spine_switches)
    assert h["cables"] == c.node_leaf_cables + c.leaf_spine_cables + c.spine_core_cables
    assert math.isclose(h["facility_kw"], round(a.model.it_w * a.plan.site.pue) / 1000)
