"""A plan follows its node's reference architecture at the defaults a user gets: the RA chosen by the node, all
four fabrics, the RA's PDUs rated to the feed, liquid plans that close, and the command line's overrides. Each
expected count names the public document it comes from."""

import json

import pytest

from designer.cli.main import main
from designer.cluster.bom import bom
from designer.cluster.build import ClusterModel
from designer.cluster.files import load_plan, plan_from_dict
from designer.cluster.plan import ClusterPlan, NodeRef, Site
from designer.cluster.rules import check_plan

H100_TABLE_7 = ("NVIDIA DGX SuperPOD Reference Architecture with DGX H100 (RA-11333-001), Appendix A, Table 7 'Major "
                "components of the 4 SU, 127-node DGX SuperPOD': 48 compute and 16 storage QM9700, 8 SN4600C in-band, "
                "8 SN2201 out-of-band, 96 + 12 PDUs")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def model(catalog, template="dgx-h100", **kw):
    return ClusterModel(ClusterPlan(node=NodeRef(template=template), **kw), catalog)


@pytest.mark.parametrize("template,ra", [
    ("dgx-h100", "dgx-superpod-h100"), ("dgx-h200", "dgx-superpod-h100"), ("dgx-b200", "dgx-superpod-b200"),
    ("dgx-b300", "dgx-superpod-b300-xdr"), ("hgx-b300", "dgx-superpod-b300-xdr"),
    ("gb200-nvl72", "dgx-superpod-gb200"),
    ("gb300-nvl72", "dgx-superpod-gb200-on-gb300"), ("amd-mi300x", "generic-ethernet"),
    ("hgx-h800", "generic-infiniband"),
])
def test_the_node_chooses_its_reference_architecture(catalog, template, ra):
    m = model(catalog, template, nodes=8)
    assert m.architecture.id == ra
    if m.architecture.generic:  # said wherever the plan's assumptions are shown
        assert any("no public reference architecture" in str(a) for a in m.assumptions())


def test_a_four_su_h100_plan_has_the_ras_four_fabrics_and_pdus(catalog):
    m = model(catalog, nodes=127)
    fabrics = {a.role: a for a in m.aux}
    assert (m.compute.leaf_switches, m.compute.spine_switches) == (32, 16), H100_TABLE_7
    assert fabrics["storage"].switch == "qm9700" and fabrics["storage"].switches == 16, H100_TABLE_7
    assert fabrics["inband"].switch == "sn4600c" and fabrics["inband"].switches == 8, H100_TABLE_7
    assert fabrics["oob"].switch == "sn2201" and fabrics["oob"].switches == 8, H100_TABLE_7
    compute = m.racks.of_role("compute")
    assert len(compute) == 32 and {r.count("pdu") for r in compute} == {3}, H100_TABLE_7  # 96 PDUs
    assert {r.count("pdu") for r in m.racks.racks if r.role != "compute"} == {2}
    # The node transceivers: one per twin-port cage (4 per DGX H100), every switch cage of the compute fabric.
    assert m.optics == (1536, 508)


def test_the_pdu_is_rated_to_the_feed(catalog):
    assert "60 A" in next(ln.name for ln in bom(model(catalog, nodes=31)) if ln.category == "pdu")
    m = model(catalog, nodes=31, site=Site(feed={"amps": 80.0}))
    line = next(ln for ln in bom(m) if ln.category == "pdu")
    assert "80 A" in line.name and line.part == "pdu-415v-80a-3ph" and m.pdu.amps == m.site.feed.amps


def test_info_json_lists_every_fabric_with_its_switches(capsys, tmp_path):
    path = tmp_path / "h100.json"
    assert run(capsys, "cluster", "new", "--node", "dgx-h100", "--nodes", "127", "-o", str(path))[0] == 0
    data = json.loads(run(capsys, "cluster", "info", str(path), "--json")[1])
    assert {k: v["switches"] for k, v in data["fabrics"].items()} == {"compute": 48, "storage": 16, "inband": 8,
                                                                      "oob": 8}
    assert data["architecture"]["document"] == "RA-11333-001" and "Table 4" in data["architecture"]["follows"]
    assert data["architecture"]["applied"].startswith("Table 4")  # 127 DGX: a position free for the UFM
    full = tmp_path / "full.json"
    assert run(capsys, "cluster", "new", "--node", "dgx-h100", "--nodes", "128", "-o", str(full))[0] == 0
    applied = json.loads(run(capsys, "cluster", "info", str(full), "--json")[1])["architecture"]["applied"]
    assert applied.startswith("Table 3")  # whole SUs
    text = run(capsys, "cluster", "info", str(path))[1]
    assert "Follows: NVIDIA DGX SuperPOD Reference Architecture with DGX H100 (RA-11333-001)" in text
    assert "Storage fabric: 16 x qm9700" in text


def test_a_gb200_plan_made_with_defaults_closes(catalog):
    m = model(catalog, "gb200-nvl72", gpus=576)
    assert m.site.cooling == "liquid" and m.site.power_limit_w >= m.node.wall_w
    assert not [v for v in check_plan(m).active if v.severity.value == "error"]
    assert m.cdu.placement == "in_row" and m.cdus == m.cdus_needed + 1  # N+1: one CDU may fail
    racks = m.racks.of_role("compute")
    assert all(r.count("cdu") == 0 and r.count("manifold") == 1 for r in racks)  # one CDU model, never both
    assert any("liquid-cooled site is assumed" in str(a) for a in m.assumptions())
    line = next(ln for ln in bom(m) if ln.category == "cdu")
    assert line.quantity == m.cdus and "N+1" in str(line.where)


def test_a_gb200_plan_forced_onto_an_air_site_says_it_cannot_run(capsys, tmp_path):
    path = tmp_path / "air.json"
    code, out, _ = run(capsys, "cluster", "new", "--node", "gb200-nvl72", "--gpus", "576", "--cooling", "air",
                       "-o", str(path))
    assert code == 0 and "error: cluster.rack_cooling" in out and "cannot run" in out
    code, out, _ = run(capsys, "cluster", "validate", str(path))
    assert code == 1 and "site is air-cooled" in out


def test_network_racks_are_not_packed_past_what_one_lost_feed_leaves(catalog):
    m = model(catalog, nodes=127)
    assert all(f.after_loss_load <= 1 for f in m.feeds if not f.rack.startswith("C"))
    liquid = model(catalog, "gb200-nvl72", gpus=1152)  # a liquid site's switch racks stay within room air
    assert all(r.heat_to_air_w <= liquid.site.air_limit_w for r in liquid.racks.of_role("network"))


def test_command_line_overrides_the_architecture(capsys, tmp_path, catalog):
    path = tmp_path / "p.json"
    assert run(capsys, "cluster", "new", "--node", "dgx-h100", "--nodes", "31", "--ufm-positions", "0",
               "--drop-fabric", "storage", "--drop-fabric", "oob", "--rack-air-kw", "30", "--feeds-per-rack", "2",
               "-o", str(path))[0] == 0
    m = ClusterModel(load_plan(path, catalog), catalog)
    assert m.compute.ufm_positions == 0 and m.compute.scalable_units == 1
    assert [a.role for a in m.aux] == ["inband"]
    assert m.site.air_limit_w == 30_000 and m.site.power_limit_w == 45_000  # --rack-air-kw sets the air limit only
    su = tmp_path / "su.json"
    assert run(capsys, "cluster", "new", "--node", "dgx-h100", "--nodes", "64", "--su-nodes", "16",
               "-o", str(su))[0] == 0
    assert ClusterModel(load_plan(su, catalog), catalog).compute.scalable_units == 4
    for bad in (["--ufm-positions", "some"], ["--su-nodes", "0"], ["--architecture", "nope"],
                ["--feeds-per-rack", "-1"]):
        code, out, err = run(capsys, "cluster", "new", "--node", "dgx-h100", "--nodes", "8", *bad,
                             "-o", str(tmp_path / "bad.json"))
        assert code == 2 and len(err.strip().splitlines()) == 1 and not (tmp_path / "bad.json").exists(), bad


def test_a_version_1_plan_gets_the_ras_counts(catalog):
    """Version 1 wrote every default (a UFM position, 45 kW, two feeds, air); those were never chosen, so version 2
    reads them as the RA's defaults: 1,024 DGX H100 GPUs are 4 SU again, not 5."""
    v1 = {"schema_version": 1, "name": "old", "node": {"template": "dgx-h100"}, "gpus": 1024,
          "site": {"rack_power_limit_w": 45000.0, "rack_air_limit_w": 45000.0, "cooling": "air", "rack_height_u": 48,
                   "rack_part": "rack-48u-600x1200", "feed": {"volts": 415.0, "amps": 60.0, "phases": 3,
                                                              "utilisation": 0.8},
                   "feeds_per_rack": 2, "ab_policy": "n", "pdu_part": "pdu-415v-60a-3ph",
                   "cdu_part": "cdu-inrow-1350kw", "pue": 1.3, "supply_water_c": 25.0, "coolant_delta_t_k": 10.0},
          "fabrics": {"compute": {"topology": "rail_optimized", "oversubscription": 1.0,
                                  "target_oversubscription": 1.0, "planes": 1, "switch": "qm9700",
                                  "ufm_positions": 1, "ufm_links": 4}, "storage": None},
          "waivers": []}
    plan = plan_from_dict(v1, "old.json", catalog)
    m = ClusterModel(plan, catalog)
    assert plan.schema_version == 2 and m.compute.scalable_units == 4 and m.compute.leaf_switches == 32
    assert m.site.feeds_per_rack == 3 and m.plan.site.pue == 1.3
    kept = plan_from_dict({**v1, "site": {**v1["site"], "feeds_per_rack": 4}}, "old.json", catalog)
    assert kept.site.feeds_per_rack == 4  # a value other than version 1's default was chosen: kept


def test_sweep_rows_agree_with_cluster_info(capsys, tmp_path):
    from designer.cost.prices import catalog_prices
    from designer.model.catalog import default_catalog
    from designer.sweep.evaluate import Point, SweepContext, evaluate

    ctx = SweepContext(prices=catalog_prices(default_catalog()), utilisation=0.8)
    row = evaluate(Point(0, "dgx-h100", 1024, 1.0, "ib", 0.067, 1.3), ctx)
    path = tmp_path / "p.json"
    assert run(capsys, "cluster", "new", "--node", "dgx-h100", "--gpus", "1024", "-o", str(path))[0] == 0
    info = json.loads(run(capsys, "cluster", "info", str(path), "--json")[1])
    assert row["switches"] == info["fabrics"]["compute"]["switches"] == 48  # the H100 RA's Table 3, 4 SU: 32 + 16
    assert row["racks"] == info["racks"]["total"]


def test_the_spine_what_if_counts_the_spines_one_leaf_reaches(catalog):
    from designer.cluster.perf import what_if

    m = model(catalog, "dgx-b200", gpus=16384)  # 3 tiers: 512 spines, each leaf reaches 32 of them
    spine = next(w for w in what_if(m) if w["failure"] == "spine")
    assert "fall by 1/32" in str(spine["effect"])


H100_TABLE_8 = ("NVIDIA DGX SuperPOD Reference Architecture with DGX H100 (RA-11333-001), Appendix A, Table 8: 2,040 "
                "multimode NDR cables, 1,536 switch OSFP 980-9I510-00NS00, 508 system OSFP 980-9I51A-00NS00")


def test_the_h100_ras_optics_by_part_number_and_every_transceiver_has_a_cable_end(catalog):
    m = model(catalog, nodes=127)
    lines = bom(m)
    optics = {(str(ln.where), ln.part): ln.quantity for ln in lines if ln.category == "transceiver"}
    assert optics[("compute switches", "mma4z00-ns")] == 1536, H100_TABLE_8
    assert optics[("nodes", "mma4z00-ns-flt")] == 508, H100_TABLE_8
    assert "980-9I510-00NS00" in next(ln.name for ln in lines if ln.part == "mma4z00-ns")
    compute = [r for r in m.cabling.runs if r.fabric == "compute"]
    assert sum(r.cables for r in compute) == 2040 + 4  # and the UFM's four links
    assert all(r.cable.fiber == "multimode" and r.length_m <= 50 for r in compute), H100_TABLE_8
    # Every transceiver has a cable end: twin-port cages hold two links, so the switch side's cable ends need at
    # least half as many transceivers and at most one per end.
    c = m.compute
    ends = c.node_leaf_cables + 2 * c.leaf_spine_cables
    assert ends / 2 <= m.optics[0] <= ends and c.node_cables / 2 <= m.optics[1] <= c.node_cables
    # Lengths come from the floor layout: nearer racks shorter, every run bought at a standard length.
    lengths = sorted({r.length_m for r in compute if r.link == "node-leaf"})
    assert len(lengths) > 1 and lengths[0] < lengths[-1] <= 50


def test_media_follow_the_reach(catalog):
    from designer.cluster.plan import ComputeFabric, Fabrics

    short = model(catalog, nodes=31, fabrics=Fabrics(compute=ComputeFabric(node_leaf_length_m=1.0)))
    node_leaf = [r for r in short.cabling.runs if r.fabric == "compute" and r.link == "node-leaf"]
    assert {r.cable.medium for r in node_leaf} == {"dac"} and short.optics[1] == 0  # top of rack: no optics
    far = model(catalog, nodes=31, fabrics=Fabrics(compute=ComputeFabric(leaf_spine_length_m=80.0)))
    up = [r for r in far.cabling.runs if r.link == "leaf-spine" and r.fabric == "compute"]
    assert {r.cable.fiber for r in up} == {"single_mode"}  # past multimode's 50 m
    parts = {ln.part for ln in bom(far) if ln.category == "transceiver" and str(ln.where) == "compute switches"}
    assert parts == {"mma4z00-ns", "mms4x00-ns"}  # multimode to the nodes, single mode between the switches
    xdr = model(catalog, "hgx-b300", nodes=72)  # XDR has no multimode optics: single mode, finned on the switch
    assert {o.part.id for o in xdr.cabling.optics if o.fabric == "compute"} == {"mms4a00-xm", "mms4a20-xm"}


def test_every_fabric_has_cables(catalog):
    m = model(catalog, nodes=127)
    for fabric in ("compute", "storage", "inband", "oob"):
        assert m.cabling.cables(fabric) > 0, fabric
    assert {r.cable.medium for r in m.cabling.runs if r.fabric == "oob" and r.link == "node-leaf"} == {"utp"}
    assert {r.cable.medium for r in m.cabling.runs if r.fabric == "inband"} == {"aoc"}
    assert m.cabling.transceivers("storage", "nodes") == 254  # two storage ports per DGX H100 (Table 8: 254)


def test_the_cluster_sheet_says_what_the_plan_trains(capsys, tmp_path):
    from pypdf import PdfReader

    plan, pdf, zh = tmp_path / "p.json", tmp_path / "p.pdf", tmp_path / "zh.pdf"
    assert run(capsys, "cluster", "new", "--node", "dgx-h100", "--gpus", "1024", "-o", str(plan))[0] == 0
    assert run(capsys, "cluster", "export", str(plan), "--pdf", str(pdf))[0] == 0
    assert run(capsys, "cluster", "export", str(plan), "--pdf", str(zh), "--lang", "zh-TW")[0] == 0
    text = "\n".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert "What it trains" in text and "Modelled, not measured" in text
    for name in ("Llama 3 8B", "Llama 3 70B", "Llama 3 405B"):
        assert name in text
    assert "可訓練的模型" in "\n".join(p.extract_text() for p in PdfReader(zh).pages)


def test_pods_non_blocking_inside_and_oversubscribed_above(catalog, capsys, tmp_path):
    """Meta's 24k-GPU clusters: pods of 3,072 GPUs non-blocking inside, 7:1 above. 24,576 DGX H100 GPUs are 768
    leaves in 8 pods of 96; each pod's spines take its 3,072 leaf uplinks whole on their downlinks (7:1 of a 64-port
    spine: 56 down, 8 up), so the core carries one seventh of it."""
    from designer.cluster.perf import simulate_job
    from designer.cluster.plan import ComputeFabric, Fabrics
    from designer.simulation import SimConfig

    flat = model(catalog, gpus=24576)
    pods = model(catalog, gpus=24576, fabrics=Fabrics(compute=ComputeFabric(pod_gpus=3072, spine_oversubscription=7)))
    c = pods.compute
    assert (flat.compute.leaf_switches, flat.compute.spine_switches, flat.compute.core_switches) == (768, 768, 384)
    assert c.leaf_switches == 768 and c.spine_switches % 8 == 0 and c.spine_switches // 8 * 56 >= 96 * 32
    assert c.spine_core_cables == c.spine_switches * 8 and c.core_switches == -(-c.spine_core_cables // 64)
    assert c.switches < flat.compute.switches
    big = SimConfig(("alltoall",), sizes=(1 << 30,))  # all-to-all crosses the core; a ring barely does
    inside = simulate_job(pods, 3072, big)[0].rows[-1].busbw_GBps
    flat_big, place = simulate_job(flat, 24576, big)
    pods_big, _ = simulate_job(pods, 24576, big)
    assert place.tier == "core" and inside == simulate_job(flat, 3072, big)[0].rows[-1].busbw_GBps  # a pod: as flat
    assert pods_big.rows[-1].busbw_GBps == pytest.approx(flat_big.rows[-1].busbw_GBps / 7, rel=0.05)  # 7:1 above
    path = tmp_path / "meta.json"
    assert run(capsys, "cluster", "new", "--node", "dgx-h100", "--gpus", "24576", "--pod-gpus", "3072",
               "--spine-oversubscription", "7", "-o", str(path))[0] == 0
    info = json.loads(run(capsys, "cluster", "info", str(path), "--json")[1])
    assert info["fabrics"]["compute"]["spine_switches"] == c.spine_switches
    assert run(capsys, "cluster", "new", "--node", "dgx-h100", "--gpus", "8", "--pod-gpus", "0", "-o",
               str(tmp_path / "bad.json"))[0] == 2


def test_supply_water_and_the_cdus_approach_against_the_nodes_coolant_limit(catalog):
    """The DLC node takes coolant up to 45 °C (its cooling part); the in-row CDU's approach is not published, 5 K is
    assumed and said: 25 °C water is fine, 42 °C water reaches the nodes at 47 °C, an error."""
    ok = model(catalog, "hgx-b200-dlc", nodes=64)
    assert ok.node.coolant_inlet_c_max == 45 and not [v for v in check_plan(ok).active
                                                      if v.rule == "cluster.coolant_supply"]
    assert any("approach temperature not published; 5 K assumed" in str(a) for a in ok.assumptions())
    warm = model(catalog, "hgx-b200-dlc", nodes=64, site=Site(supply_water_c=42))
    found = [v for v in check_plan(warm).active if v.rule == "cluster.coolant_supply"]
    assert found and found[0].severity.value == "error" and "47.0 °C" in found[0].message
    nvl = model(catalog, "gb200-nvl72", nodes=8)  # no published inlet limit: said, not checked
    assert any("not published: the supply is not checked" in str(a) for a in nvl.assumptions())


def test_a_liquid_sites_room_air_is_the_node_windows_default(catalog):
    """issue 35: the node window judged a rack's heat to air against 40 kW (Preferences' default) and the cluster
    plan against 45 kW; one figure now, said in the plan's notes."""
    from designer.model.rack_limits import DEFAULT_RACK_LIMITS

    m = model(catalog, "gb200-nvl72", gpus=576)
    assert m.site.cooling == "liquid" and m.site.rack_air_limit_w == DEFAULT_RACK_LIMITS.air_w == 40_000
    assert any("room air takes 40 kW per rack" in str(n) for n in m.resolved.notes)
    assert model(catalog, nodes=32).site.rack_power_limit_w == 45_000  # the least rack power limit stays 45 kW
