"""Cluster sizing against the public DGX SuperPOD reference architectures (expected counts are the RA's
published table rows; the code computes them by rule, never from a table)."""

import json
import math

import pytest

from designer.cluster.build import ClusterModel
from designer.cluster.plan import AuxFabric, ClusterPlan, ComputeFabric, Fabrics, NodeRef, Site
from designer.cluster.rules import CLUSTER_RULES, check_plan
from designer.core import i18n
from designer.core.electrical import cooling_tons, feed_capacity_w, phase_current_a
from designer.core.locale import has_translation

H100_RA = ("NVIDIA DGX SuperPOD Reference Architecture with DGX H100 (RA-11333-001), network fabrics, compute fabric "
           "table and appendix bill of materials")
B200_RA = ("NVIDIA DGX SuperPOD Reference Architecture with DGX B200, DGX SuperPOD architecture, compute fabric "
           "component count table")


def model(catalog, template="dgx-h100", **kw):
    fabric = kw.pop("fabric", ComputeFabric())
    return ClusterModel(ClusterPlan(node=NodeRef(template=template), fabrics=Fabrics(compute=fabric), **kw), catalog)


@pytest.mark.parametrize("nodes,leaf,spine,node_leaf,leaf_spine", [
    (31, 8, 4, 252, 256),  # H100 RA Table 4, 1 SU: 31 DGX + the UFM position, 248 GPUs
    (63, 16, 8, 508, 512),  # Table 4, 2 SU
    (95, 24, 16, 764, 768),  # Table 4, 3 SU
    (127, 32, 16, 1020, 1024),  # Table 4, 4 SU: 127 DGX, 1,016 GPUs
])
def test_h100_ra_table_4_rows_with_the_defaults(catalog, nodes, leaf, spine, node_leaf, leaf_spine):
    m = model(catalog, nodes=nodes)  # no override: the node's RA puts the UFM in the free position
    c = m.compute
    assert m.architecture.id == "dgx-superpod-h100" and c.ufm_positions == 1
    assert (c.gpus, c.leaf_switches, c.spine_switches, c.core_switches) == (nodes * 8, leaf, spine, 0), H100_RA
    assert (c.node_leaf_cables, c.leaf_spine_cables) == (node_leaf, leaf_spine), H100_RA


H100_TABLE_3 = ("NVIDIA DGX SuperPOD Reference Architecture with DGX H100 (RA-11333-001), DGX SuperPOD architecture, "
                "Table 3 'Larger SuperPOD component counts' (32 DGX per SU: the UFM takes no node position)")


@pytest.mark.parametrize("gpus,leaf,spine,core", [
    (1024, 32, 16, 0), (2048, 64, 32, 0), (4096, 128, 128, 64), (8192, 256, 256, 128), (16384, 512, 512, 256),
])
def test_h100_ra_table_3_rows_with_the_defaults(catalog, gpus, leaf, spine, core):
    c = model(catalog, gpus=gpus).compute  # whole SUs: no free position, so no extra SU for the UFM
    assert c.ufm_positions == 0 and c.scalable_units == gpus // 256
    assert (c.leaf_switches, c.spine_switches, c.core_switches) == (leaf, spine, core), H100_TABLE_3
    assert c.node_leaf_cables == c.leaf_spine_cables == gpus, H100_TABLE_3


def test_h100_ra_four_su_bill_of_materials(catalog):
    m = model(catalog, nodes=127)
    c = m.compute
    assert c.compute_cables == 2040, H100_RA  # 1,016 node + 1,024 leaf-spine NDR cables
    assert m.optics == (1536, 508), H100_RA  # every cage of 48 QM9700, 4 twin-port OSFP per DGX
    assert c.switches == 48


@pytest.mark.parametrize("sus,leaf,spine,core", [
    (2, 16, 8, 0), (4, 32, 16, 0), (8, 64, 32, 0), (16, 128, 128, 64), (32, 256, 256, 128), (64, 512, 512, 256),
])
def test_b200_ra_rows_with_the_core_tier(catalog, sus, leaf, spine, core):
    # The B200 RA's table counts 32 DGX per SU (whole SUs: the UFM takes no position) and equal node-leaf,
    # leaf-spine and spine-core cables. No override: the defaults a user gets.
    m = model(catalog, "dgx-b200", gpus=256 * sus)
    c = m.compute
    assert m.architecture.id == "dgx-superpod-b200"
    assert (c.leaf_switches, c.spine_switches, c.core_switches) == (leaf, spine, core), B200_RA
    assert c.node_leaf_cables == c.leaf_spine_cables == 256 * sus, B200_RA
    assert c.spine_core_cables == (256 * sus if core else 0), B200_RA
    assert c.tiers == (3 if core else 2)


B300_XDR_RA = ("NVIDIA DGX SuperPOD Reference Architecture with DGX B300 (XDR), DGX SuperPOD architecture, Table 3 "
               "(docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-b300-xdr)")
B300_RA = ("NVIDIA DGX SuperPOD Reference Architecture with DGX B300, DGX SuperPOD architecture, Table 3 "
           "(docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-b300): Spectrum-X, two planes")


@pytest.mark.parametrize("template", ["dgx-b300", "hgx-b300"])
@pytest.mark.parametrize("nodes,leaf,spine,cables", [
    (72, 8, 4, 576), (144, 16, 8, 1152), (288, 32, 18, 2304), (576, 64, 36, 4608), (1296, 144, 72, 10368),
])
def test_b300_xdr_ra_rows_on_quantum_x800(catalog, template, nodes, leaf, spine, cables):
    # 8 x 800G per node on 144-port Q3400: 72 node positions per SU; 4 SU need 2,304 / 144 = 16 spines, built as
    # 18 (a divisor of the leaf's 72 uplinks), 8 SU 32 -> 36: the balanced-spine rule gives the RA's odd counts.
    # The defaults: an InfiniBand B300 node follows the XDR RA (Q3400, no UFM position).
    m = model(catalog, template, nodes=nodes)
    c = m.compute
    assert m.architecture.id == "dgx-superpod-b300-xdr" and m.switch.id == "q3400"
    assert (c.leaf_switches, c.spine_switches, c.core_switches) == (leaf, spine, 0), B300_XDR_RA
    assert c.node_leaf_cables == c.leaf_spine_cables == cables, B300_XDR_RA


def test_a_dgx_b300_su_fills_the_xdr_ras_racks(catalog):
    """The B300 XDR RA's DGX SuperPOD architecture page: 'four DGX B300 fit within a single rack', 'the rack-level
    power consumption per rack is ~56kW', 72 systems 'each with three (3) 2U rack PDUs'."""
    m = model(catalog, "dgx-b300", nodes=72)
    compute = m.racks.of_role("compute")
    assert len(compute) == 18 and {r.count("node") for r in compute} == {4}, B300_XDR_RA
    assert {r.count("pdu") for r in compute} == {3}, B300_XDR_RA
    assert 56_000 * 0.95 <= max(r.watts for r in compute) <= 56_000 * 1.05, B300_XDR_RA


@pytest.mark.parametrize("template", ["dgx-b300", "hgx-b300"])
@pytest.mark.parametrize("nodes,leaf,spine", [(64, 16, 8), (128, 32, 16), (256, 64, 32), (512, 128, 64),
                                              (1024, 256, 128)])
def test_b300_ra_rows_on_two_spectrum_x_planes(catalog, template, nodes, leaf, spine):
    # Each 800G NIC port split into 2 x 400G, one per plane; SN5600 as 128 x 400G: 64 nodes per SU, two tiers to
    # 16 SU; cables physical (one per node port, 800G between switches). The defaults: a B300 node on Ethernet
    # NICs follows the Spectrum-X RA (two planes).
    from designer.sweep.evaluate import node_variant

    m = ClusterModel(ClusterPlan(node=NodeRef(design=node_variant(template, "roce")), nodes=nodes), catalog)
    c = m.compute
    assert m.architecture.id == "dgx-superpod-b300-spectrum-x" and c.planes == 2
    assert (c.leaf_switches, c.spine_switches, c.core_switches) == (leaf, spine, 0), B300_RA
    assert c.node_leaf_cables == c.leaf_spine_cables == nodes * 8, B300_RA
    assert c.positions_per_su == 64


GB200_RA = ("NVIDIA DGX SuperPOD Reference Architecture with DGX GB200 (RA-11338-001), network fabrics: 'Each SU "
            "contains 4 SLGs ... 8 leaf switches (one for each compute rack) and 6 spine switches in each SLG'")


@pytest.mark.parametrize("sus", [1, 2, 4, 16])
def test_gb200_ra_spine_leaf_groups(catalog, sus):
    m = model(catalog, "gb200-nvl72", gpus=576 * sus)
    c = m.compute
    assert m.architecture.id == "dgx-superpod-gb200" and c.scalable_units == sus
    assert c.positions_per_su == 8 * 18  # 8 racks of 18 compute trays
    assert (c.leaf_switches, c.spine_switches) == (32 * sus, 24 * sus), GB200_RA
    assert c.leaf_downlinks == 18 and c.node_leaf_cables == 72 * 8 * sus  # 72 ConnectX-7 ports per rack
    assert c.tiers == 3 and c.core_switches % 6 == 0  # spine i of every group joins core group i


def test_three_su_spines_divide_the_leaf_uplinks(catalog):
    c = model(catalog, nodes=95).compute  # 24 leaves x 32 uplinks = 768 links, 12 spines' worth
    assert c.leaf_switches == 24 and c.leaf_spine_cables == 768
    assert c.spine_switches == 16 and 32 % c.spine_switches == 0  # each leaf: 2 links to each spine


def test_mi300x_is_sized_from_its_own_nics(catalog):
    m = model(catalog, "amd-mi300x", gpus=1024)
    rails = m.node.scaleout_ports
    assert rails == 8 and m.node.port_speed_gbit_s == 400  # read from the design's analysis
    assert m.architecture.generic and m.switch.id == "sn5600"  # no public RA: the SuperPOD rules on Ethernet
    c = m.compute
    assert c.positions_per_su == 64 and c.ufm_positions == 0  # a split 128 x 400G leaf: 64 down, 64 up
    assert c.scalable_units == 2 and c.leaf_switches == c.scalable_units * rails
    assert c.node_cages == 128 * rails  # one single-port cage per NIC
    assert m.node.network_kind.value == "roce"


def test_an_oversubscribed_leaf_holds_more_nodes_and_fewer_uplinks(catalog):
    c = model(catalog, nodes=127, fabric=ComputeFabric(oversubscription=3.0)).compute
    assert (c.leaf_downlinks, c.leaf_uplinks) == (48, 16)
    assert c.oversubscription == 3.0


def test_feed_and_cooling_arithmetic():
    assert feed_capacity_w(415, 60, 3, 0.8) == pytest.approx(415 * 60 * 0.8 * math.sqrt(3))  # NetBox
    assert feed_capacity_w(230, 32, 1) == pytest.approx(7360)
    assert phase_current_a(34_502, 415, 3) == pytest.approx(48.0, abs=0.05)
    assert cooling_tons(3516.85) == pytest.approx(1.0, abs=1e-4)
    with pytest.raises(ValueError):
        feed_capacity_w(415, 0, 3)


def test_racks_feeds_and_site_totals(catalog):
    m = model(catalog, nodes=127)
    assert m.racks.nodes_per_rack == 4 and m.racks.limited_by == "power"  # 4 x 10.2 kW under 45 kW
    assert len(m.racks.of_role("compute")) == 32
    assert m.it_w == pytest.approx(sum(r.watts for r in m.racks.racks))
    node_w = m.node.wall_w
    assert m.racks.of_role("compute")[0].watts == pytest.approx(4 * node_w)


def test_liquid_rack_scale_nodes_fill_a_rack_and_need_cdus(catalog):
    m = model(catalog, "hgx-b200-dlc", nodes=64, site=Site(cooling="liquid", rack_power_limit_w=100_000))
    assert m.heat_to_liquid_w > 0 and m.cdus >= 1 and m.coolant_flow_l_min > 0
    nvl = model(catalog, "gb200-nvl72", nodes=8, site=Site(cooling="liquid", rack_power_limit_w=150_000))
    assert nvl.racks.nodes_per_rack == 1 and nvl.racks.limited_by == "rack-scale"
    assert nvl.compute.gpus == 576


def test_rules_find_an_overloaded_rack_and_a_lost_feed(catalog):
    m = model(catalog, nodes=31, site=Site(rack_power_limit_w=30_000, rack_air_limit_w=30_000))
    rules = {v.rule for v in check_plan(m).active}
    assert "cluster.ab_loss" not in rules  # 2 x 10.2 kW racks survive a feed
    # The RA's three feeds per rack: 4 x 10.2 kW = 40.8 kW on 3 x 34.5 kW; one lost leaves 69 kW: no finding.
    assert not check_plan(model(catalog, nodes=31)).active
    shared = check_plan(model(catalog, nodes=31, site=Site(feeds_per_rack=2)))  # 40.8 kW on two shared feeds
    assert {v.severity.value for v in shared.active if v.rule == "cluster.ab_loss"} == {"info"}
    assert not shared.has_errors
    report = check_plan(model(catalog, nodes=31, site=Site(ab_policy="2n", feeds_per_rack=2)))  # each carries all
    assert "cluster.ab_loss" in {v.rule for v in report.active} and report.has_errors
    big = [v for v in check_plan(model(catalog, nodes=127, site=Site(ab_policy="2n", feeds_per_rack=2))).active
           if v.rule == "cluster.ab_loss"]
    compute = next(v for v in big if "C001" in v.ids)  # 31 alike racks of 4 DGX H100: one finding naming all
    assert len(compute.ids) == 31 and compute.message.startswith("with one feed lost, 31 racks (C001 to C031)")


def test_a_lost_feed_is_judged_by_the_nodes_psus(catalog):
    """DGX H100: 6 x 3.3 kW PSUs, 4 needed (N+2). On the RA's three PDUs a lost feed takes 2 PSUs of each node and
    every node runs on; on two feeds it takes 3, and the rack's GPUs stop whatever the feeds' capacity."""
    from designer.cluster.perf import what_if

    three = model(catalog, nodes=127)
    assert three.site.feeds_per_rack == 3 and three.node.psus == 6 and three.node.psus_needed == 4
    assert not [v for v in check_plan(three).active if v.rule == "cluster.psu_feed_loss"]
    feed = next(w for w in what_if(three) if w["failure"] == "feed")
    assert feed["gpus_affected"] == 0 and "keeps 4 of its 6 PSUs (4 needed)" in str(feed["effect"])
    two = model(catalog, nodes=127, site=Site(feeds_per_rack=2, feed={"amps": 100.0}))  # capacity to spare
    found = [v for v in check_plan(two).active if v.rule == "cluster.psu_feed_loss"]
    assert found and "keeps 3 of its 6 PSUs and needs 4 (N+2)" in found[0].message
    assert found[0].hint is not None and "3 feeds" in str(found[0].hint)
    lost = next(w for w in what_if(two) if w["failure"] == "feed")
    assert lost["gpus_affected"] == 32 and "its 32 GPUs stop (DGX H100 1 to DGX H100 4)" in str(lost["effect"])
    strict = check_plan(model(catalog, nodes=127, site=Site(feeds_per_rack=2, ab_policy="2n")))
    assert any(v.rule == "cluster.psu_feed_loss" and v.severity.value == "error" for v in strict.active)


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_cluster_rules_and_messages_are_translated(catalog, lang):
    assert set(CLUSTER_RULES) <= set(i18n.table(lang)["rules"])
    plans = [model(catalog, nodes=100, fabric=ComputeFabric(oversubscription=2.0, target_oversubscription=1.0)),
             model(catalog, "hgx-b200-dlc", nodes=8, site=Site(rack_power_limit_w=20_000, rack_air_limit_w=3000)),
             model(catalog, "amd-mi300x", nodes=64),
             ClusterModel(ClusterPlan(node=NodeRef(template="dgx-h100"), nodes=31, fabrics=Fabrics(
                 storage=AuxFabric(switch="qm9700", target_gbytes_s_per_node=150.0))), catalog)]
    texts = {t for m in plans for v in check_plan(m).violations for t in (v.text, v.hint) if t}
    assert len(texts) >= 6
    assert not [str(t) for t in texts if not has_translation(t, lang)]


def test_a_rack_scale_node_is_drawn_tray_by_tray_and_joins_the_fabric_per_tray(catalog):
    from designer.cluster.racks import rack_types

    m = model(catalog, "gb200-nvl72", nodes=8, site=Site(cooling="liquid", rack_power_limit_w=150_000))
    c = m.compute
    assert c.endpoints == 8 * 18 and c.rails == 72 // 18  # 18 compute trays of 4 NIC ports
    rack = m.racks.of_role("compute")[0]
    assert rack.count("node") == 18 and rack.count("power_shelf") == 8 and rack.count("switch") == 11
    assert rack.watts == pytest.approx(m.node.wall_w)
    # The rack's heat split is the node's heat balance (liquid + air = wall), with what it assumes said.
    assert m.node.heat_to_liquid_w + m.node.heat_to_air_w == pytest.approx(m.node.wall_w)
    assert m.node.heat_assumptions and any("heat split" in str(a) for a in m.assumptions())
    types = rack_types(m.racks.racks)
    assert types[0].role == "compute" and types[0].count == 8
    # every tray of a kind has its own number in the elevation (they ran 1-10 above the switch trays, 1-8 below)
    labels = [slot.label for slot in rack.slots]
    assert len(labels) == len(set(labels))
    assert [x for x in labels if x.startswith("compute tray")] == [f"compute tray {i}" for i in range(1, 19)]
    assert [x for x in labels if x.startswith("power shelf")] == [f"power shelf {i}" for i in range(1, 9)]


def test_an_ethernet_node_gets_an_ethernet_switch_and_a_mismatch_is_an_error(catalog, tmp_path, capsys):
    from designer.cli.main import main

    out = tmp_path / "p.json"
    assert main(["cluster", "new", "--node", "amd-mi300x", "--gpus", "512", "-o", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["fabrics"]["compute"]["switch"] is None  # the plan follows its RA: the switch is resolved
    saved = ClusterModel(ClusterPlan.model_validate(data), catalog)
    assert saved.switch.id == "sn5600" and saved.compute.ufm_positions == 0
    m = model(catalog, "amd-mi300x", nodes=64, fabric=ComputeFabric(switch="qm9700"))  # RoCE NICs on InfiniBand
    assert any("runs infiniband, the node's NICs run roce" in v.message for v in check_plan(m).active)
    capsys.readouterr()


def test_storage_bandwidth_per_node_against_the_plans_target(catalog):
    def plan(target):
        storage = AuxFabric(switch="qm9700", ports_per_node=4, target_gbytes_s_per_node=target)
        return ClusterModel(ClusterPlan(node=NodeRef(template="dgx-h100"), nodes=31,
                                        fabrics=Fabrics(storage=storage)), catalog)
    # DGX H100: 4 storage ports of 200 Gb/s = 800 Gb/s = 100 GB/s per node, per direction
    assert not [v for v in check_plan(plan(100.0)).active if v.rule == "cluster.storage_bandwidth"]
    low = [v for v in check_plan(plan(150.0)).active if v.rule == "cluster.storage_bandwidth"]
    assert low and "100.0 GB/s per node, under the 150.0 GB/s target" in low[0].message
    aux = plan(100.0).aux[0]
    assert (aux.role, aux.ports, aux.leaves) == ("storage", 124, 4)  # 31 x 4 ports on 32-port leaf halves


def test_mixed_scale_out_speeds_are_found(catalog, design_of):
    design = design_of("dgx-h100")
    first = next(c for c in design.components if c.part == "cx7-400")
    mixed = design.model_copy(update={"components": [c.model_copy(update={"part": "cx8-800"}) if c is first else c
                                                     for c in design.components]})
    m = ClusterModel(ClusterPlan(node=NodeRef(design=mixed), nodes=8), catalog)
    assert m.node.port_speeds_gbit_s == (400.0, 800.0)
    found = [v for v in check_plan(m).active if v.rule == "cluster.mixed_nic_speeds"]
    assert found and "400, 800 Gb/s" in found[0].message


@pytest.mark.parametrize("template,site", [
    ("dgx-h100", Site()),
    ("hgx-b200-dlc", Site(cooling="liquid", cdu_part="cdu-inrack-100kw", rack_power_limit_w=90_000)),
    ("gb200-nvl72", Site(cooling="liquid", rack_power_limit_w=150_000)),
])
def test_every_elevation_fits_its_rack_without_overlaps(catalog, template, site):
    m = model(catalog, template, nodes=40, site=site)
    for rack in m.racks.racks:
        used = set()
        for slot in rack.slots:
            if slot.height_u == 0:
                assert slot.kind == "pdu"
                continue
            span = set(range(slot.u, slot.u + slot.height_u))
            assert min(span) >= 1 and max(span) <= site.rack_height_u, (rack.name, slot)
            assert not used & span, (rack.name, slot)
            used |= span
    if site.cdu_part == "cdu-inrack-100kw":
        assert all(r.count("cdu") == 1 for r in m.racks.of_role("compute"))
        assert m.cdus == len(m.racks.of_role("compute"))


def test_a_deeply_nested_plan_is_refused_in_one_line(tmp_path):
    from designer.cluster.files import load_plan
    from designer.core.errors import DesignFileError

    path = tmp_path / "deep.json"
    path.write_text('{"node": ' + "[" * 100 + "]" * 100 + "}")
    with pytest.raises(DesignFileError, match="nested deeper than"):
        load_plan(path)


def test_a_prime_uplink_count_does_not_buy_a_spine_per_uplink(catalog):
    """8 DGX B200 on SN5600 leaves at 2:1: each split 128-port leaf has 85 downlinks and 43 uplinks (prime). The
    spines needed are ceil(8 x 43 / 128) = 3; equal links per spine would need 43 spines, so 3 are built and some
    leaf-spine pairs carry one link more."""
    m = model(catalog, "dgx-b200", nodes=8, fabric=ComputeFabric(switch="sn5600", oversubscription=2.0,
                                                                target_oversubscription=2.0, ufm_positions=0))
    c = m.compute
    assert (c.leaf_downlinks, c.leaf_uplinks) == (85, 43)
    assert c.spine_switches == -(-c.leaf_switches * c.leaf_uplinks // c.radix) == 3


def test_an_assumed_switch_draw_never_exceeds_what_its_redundant_supplies_carry(catalog):
    """The SN5600's power is not published: the ports' rule (0.067 W per Gb/s) gave 3,440 W for 64 x 800G, more than
    one of its dual 3 kW supplies (1+1) carries, while its catalog note said 2.5 kW. Now it is 3,000 W, and the plan
    says why; a switch without a supply limit keeps the rule (Q3400: 144 x 800G)."""
    from designer.cluster.build import ASSUMED_SWITCH_W_PER_GBIT, ports_rule_w, switch_watts
    from designer.core.locale import render

    sn5600, q3400 = catalog.get("sn5600"), catalog.get("q3400")
    assert ports_rule_w(sn5600) == pytest.approx(ASSUMED_SWITCH_W_PER_GBIT * 64 * 800)
    assert ports_rule_w(sn5600) > 3000
    assert switch_watts(sn5600) == (3000, True)
    assert switch_watts(q3400) == (pytest.approx(ASSUMED_SWITCH_W_PER_GBIT * 144 * 800), True)
    notes = [render(n) for n in model(catalog, "gb200-nvl72", gpus=576).assumptions()]
    line = next(n for n in notes if n.startswith("sn5600:"))
    assert "3,000 W assumed" in line and "3,440 W" in line
    assert "2.5 kW" not in sn5600.notes and "3,000 W" in sn5600.notes  # the note says the figure the plan uses


def test_a_q3200_box_holds_two_switches_the_plan_sizes_switches_and_buys_boxes(catalog):
    """Quantum-X800 Q3200-RA: two independent 36-port XDR switches in one 2U box. The fabric is sized in switches of
    36 ports; the racks, the power and the bill of materials count boxes (one box for two switches of a tier)."""
    from designer.cluster.bom import bom
    from designer.cluster.build import ASSUMED_SWITCH_W_PER_GBIT, switch_watts

    q3200 = catalog.get("q3200")
    assert (q3200.ports, q3200.switches_per_box, q3200.rack_units) == (36, 2, 2)
    m = model(catalog, "hgx-b300", gpus=576, fabric=ComputeFabric(switch="q3200"))
    c = m.compute
    assert c.leaf_switches > 0 and c.spine_switches > 0
    lines = {str(line.where): line.quantity for line in bom(m) if line.part == "q3200"}
    assert lines == {"compute leaf": math.ceil(c.leaf_switches / 2), "compute spine": math.ceil(c.spine_switches / 2)}
    racked = sum(1 for r in m.racks.racks for s in r.slots if s.label.startswith("q3200"))
    assert racked == math.ceil(c.leaf_switches / 2) + math.ceil(c.spine_switches / 2)
    # cluster info counts the switches as the fabric is sized and says the boxes the bill counts (32 + 18 in 25)
    from designer.cluster.summary import info_dict, info_lines

    data = info_dict(m)
    assert data["fabrics"]["compute"]["switch_boxes"] == racked == 25 and c.switches == 50
    assert "  the 50 switches come 2 to a box: 25 boxes racked, powered and bought" in info_lines(m, data)
    plain = model(catalog, "hgx-b300", gpus=576)  # a switch to a box: nothing more said
    assert not any("to a box" in line for line in info_lines(plain, info_dict(plain)))
    assert switch_watts(q3200) == (pytest.approx(ASSUMED_SWITCH_W_PER_GBIT * 72 * 800), True)  # the box's 72 ports
