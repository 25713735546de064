"""`gpu-designer-cli cluster ...`: the commands, the info keys, bad input (one line, exit 2, nothing written)."""

import json

import pytest

from designer.cli.main import main
from designer.cluster.files import load_plan
from designer.core.errors import DesignFileError


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def h100_plan(tmp_path, capsys):
    path = tmp_path / "h100.json"
    assert run(capsys, "cluster", "new", "--node", "dgx-h100", "--gpus", "1024", "--feed", "415,80,3",
               "-o", str(path))[0] == 0
    return path


def test_new_info_json_keys_as_the_issue_lists_them(capsys, h100_plan):
    code, out, _ = run(capsys, "cluster", "info", str(h100_plan), "--json")
    data = json.loads(out)
    assert code == 0 and data["gpus"] == 1024 and data["nodes"] == 128
    assert set(data["racks"]) == {"compute", "network", "management", "total"}
    assert {"leaf_switches", "spine_switches", "core_switches", "node_leaf_cables", "leaf_spine_cables",
            "spine_core_cables", "switch_transceivers", "node_transceivers", "oversubscription"} <= \
        set(data["fabrics"]["compute"])
    assert {"it_w", "facility_w", "pue", "max_rack_w"} <= set(data["power"])
    assert "feed_capacity_w" in data["feeds"]
    assert {"heat_to_air_w", "heat_to_liquid_w", "coolant_flow_l_min", "cdus"} <= set(data["cooling"])
    assert data["power"]["facility_w"] == pytest.approx(data["power"]["it_w"] * 1.3, abs=1)


def test_validate_bom_simulate_and_export(capsys, h100_plan, tmp_path):
    assert run(capsys, "cluster", "validate", str(h100_plan))[0] == 0
    code, out, _ = run(capsys, "cluster", "bom", str(h100_plan), "--csv")
    assert code == 0 and out.startswith("category,part,name,quantity,where")
    assert "qm9700" in out and "mma4z00-ns" in out  # the RA's multimode twin-port OSFP on the switches
    code, out, _ = run(capsys, "cluster", "simulate", str(h100_plan), "--gpus", "256", "--collective", "allreduce",
                       "--min-bytes", "1G", "--max-bytes", "1G", "--json")
    data = json.loads(out)
    assert code == 0 and data["nodes"] == 32 and data["tier"] == "leaf" and data["results"][0]["busbw_GBps"] > 0
    out_json = tmp_path / "export.json"
    assert run(capsys, "cluster", "export", str(h100_plan), "--json", str(out_json))[0] == 0
    assert json.loads(out_json.read_text())["info"]["gpus"] == 1024


def _hot_plan(capsys, tmp_path):
    path = tmp_path / "p.json"  # a 117.7 kW NVL72 rack under a 100 kW rack limit
    assert run(capsys, "cluster", "new", "--node", "gb200-nvl72", "--nodes", "2", "--cooling", "liquid",
               "--rack-kw", "100", "--feed", "415,250,3", "-o", str(path))[0] == 0
    return path


def test_validate_exits_1_on_an_unwaived_error(capsys, tmp_path):
    code, out, _ = run(capsys, "cluster", "validate", str(_hot_plan(capsys, tmp_path)), "--json")
    report = json.loads(out)
    assert code == 1 and {v["rule"] for v in report["violations"] if v["severity"] == "error"} == {"cluster.rack_power"}


def test_busbw_falls_with_scale_across_tiers(capsys, tmp_path):
    path = tmp_path / "big.json"
    assert run(capsys, "cluster", "new", "--node", "dgx-h100", "--gpus", "4096", "--oversubscription", "2",
               "-o", str(path))[0] == 0
    busbw = []
    for gpus in (8, 256, 4096):
        _, out, _ = run(capsys, "cluster", "simulate", str(path), "--gpus", str(gpus), "--collective", "allreduce",
                        "--min-bytes", "1G", "--max-bytes", "1G", "--json")
        busbw.append(json.loads(out)["results"][0]["busbw_GBps"])
    assert busbw[0] > busbw[1] > busbw[2]


@pytest.mark.parametrize("argv,needle", [
    (["--gpus", "0"], "--gpus must be a positive"),
    (["--gpus", "64", "--rack-kw", "-5"], "--rack-kw must be a positive"),
    (["--gpus", "64", "--feed", "415,0,3"], "--feed"),
    (["--gpus", "64", "--switch", "no-such-switch"], "unknown part"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_written(capsys, tmp_path, argv, needle):
    out = tmp_path / "p.json"
    args = ["cluster", "new", *(["--node", "dgx-h100"] if "--node" not in argv else []), *argv, "-o", str(out)]
    code, _, err = run(capsys, *args)
    assert code == 2 and needle in err and err.count("\n") == 1
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_a_broken_node_file_and_a_future_plan_are_refused(capsys, tmp_path, h100_plan):
    broken = tmp_path / "node.json"
    broken.write_text("{ not json")
    code, _, err = run(capsys, "cluster", "new", "--node", str(broken), "--gpus", "8", "-o", str(tmp_path / "x.json"))
    assert code == 2 and "not valid JSON" in err and not (tmp_path / "x.json").exists()
    future = tmp_path / "future.json"
    raw = json.loads(h100_plan.read_text())
    future.write_text(json.dumps({**raw, "schema_version": 99}))
    code, _, err = run(capsys, "cluster", "info", str(future))
    assert code == 2 and "schema_version 99" in err and err.count("\n") == 1
    with pytest.raises(DesignFileError, match="unknown field"):
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({**raw, "surprise": 1}))
        load_plan(bad)


def test_an_embedded_design_makes_the_plan_self_contained(capsys, tmp_path):
    node = tmp_path / "node.json"
    assert run(capsys, "new", "amd-mi300x", "-o", str(node))[0] == 0
    plan = tmp_path / "plan.json"
    assert run(capsys, "cluster", "new", "--node", str(node), "--gpus", "1024", "-o", str(plan))[0] == 0
    node.unlink()
    loaded = load_plan(plan)
    assert loaded.node.design is not None and loaded.node.template is None
    assert run(capsys, "cluster", "info", str(plan), "--json")[0] == 0


def test_a_switch_with_fewer_ports_than_rails_is_bad_input(catalog):
    from designer.cluster.build import ClusterModel
    from designer.cluster.plan import ClusterPlan, NodeRef
    from designer.cluster.sizing import size_compute
    from designer.core.errors import DesignerError
    from designer.model.parts import NetworkSwitchSpec

    m = ClusterModel(ClusterPlan(node=NodeRef(template="dgx-h100"), nodes=8), catalog)
    tiny = NetworkSwitchSpec(id="tiny", name="4-port switch", source="assumption: a test part", ports=4,
                             port_speed_gbit_s=400, cages=4)
    with pytest.raises(DesignerError, match="has 4 ports, fewer than the node's 8 rails"):
        size_compute(8, m.node, m.plan.fabrics.compute, tiny)


def test_a_waiver_stored_in_the_plan_turns_the_exit_status_to_0(capsys, tmp_path):
    path = _hot_plan(capsys, tmp_path)
    assert run(capsys, "cluster", "validate", str(path))[0] == 1
    raw = json.loads(path.read_text())
    raw["waivers"] = [{"rule": "cluster.rack_power", "reason": "the hall is rated 120 kW per rack"}]
    path.write_text(json.dumps(raw))
    code, out, _ = run(capsys, "cluster", "validate", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["counts"]["error"] == 0 and report["waived"][0]["rule"] == "cluster.rack_power"


def test_feeds_report_the_worst_rack_current_per_phase(capsys, h100_plan):
    data = json.loads(run(capsys, "cluster", "info", str(h100_plan), "--json")[1])
    f = data["feeds"]
    # N (the default): the rack's feeds share it: I = P / feeds / (sqrt(3) x 415 V); the worst rack after a loss is
    # a network rack of two feeds (the RA's three are on compute racks)
    worst = next(r for r in data["rack_types"] if r["contents"].get("PDU") == f["worst_rack_feeds"]
                 and r["role"] == "network")
    worst_w = worst["wall_peak_w"]
    assert f["ab_policy"] == "n" and f["feeds_per_rack"] == 3 and f["worst_rack_feeds"] == 2
    assert f["worst_rack_phase_current_a"] == pytest.approx(worst_w / 2 / (3 ** 0.5 * 415), abs=0.1)
    assert f["max_load_after_loss"] == pytest.approx(worst_w / f["feed_capacity_w"], abs=1e-3)


def test_nvl72_racks_are_joined_over_the_scale_out_fabric(capsys, tmp_path):
    path = tmp_path / "nvl.json"
    assert run(capsys, "cluster", "new", "--node", "gb200-nvl72", "--gpus", "576", "--cooling", "liquid",
               "--rack-kw", "150", "--feed", "415,250,3", "-o", str(path))[0] == 0
    info = json.loads(run(capsys, "cluster", "info", str(path), "--json")[1])
    assert info["nodes"] == 8 and info["racks"]["compute"] == 8 and info["cooling"]["heat_to_liquid_w"] > 0
    one = json.loads(run(capsys, "cluster", "simulate", str(path), "--gpus", "72", "--collective", "allreduce",
                         "--min-bytes", "1G", "--max-bytes", "1G", "--json")[1])
    many = json.loads(run(capsys, "cluster", "simulate", str(path), "--gpus", "576", "--collective", "allreduce",
                          "--min-bytes", "1G", "--max-bytes", "1G", "--json")[1])
    assert one["tier"] == "node" and many["nodes"] == 8
    assert many["results"][0]["busbw_GBps"] < one["results"][0]["busbw_GBps"]


def test_cluster_info_speaks_the_language_asked_for(capsys, tmp_path):
    """issue 34 item 7: `cluster info --lang`: every line in Chinese but the names it keeps as written (document
    titles, part ids, rack names, product names); a default plan name reads in the language; a plan that cannot run
    says so first, in the language; --json keeps its English; a language the tool does not have is bad input."""
    import re

    path = tmp_path / "gb.json"
    assert run(capsys, "cluster", "new", "--node", "gb200-nvl72", "--gpus", "576", "--cooling", "air",
               "-o", str(path))[0] == 0
    english = run(capsys, "cluster", "info", str(path))[1].splitlines()
    assert english[0].startswith("CANNOT RUN: 1 rule error") and english[2].startswith("GB200 NVL72 rack cluster:")
    for lang, first, cluster, racks in (("zh-TW", "無法運作：1 項規則錯誤", "叢集：", "機櫃："),
                                        ("zh-CN", "无法运行：1 项规则错误", "集群：", "机柜：")):
        code, out, _ = run(capsys, "cluster", "info", str(path), "--lang", lang)
        lines = out.splitlines()
        assert code == 0 and len(lines) == len(english)
        assert lines[0].startswith(first) and cluster in lines[2] and lines[4].startswith(racks)
        assert all(re.search(r"[\u4e00-\u9fff]", ln) for ln in lines), [ln for ln in lines if
                                                                          not re.search(r"[\u4e00-\u9fff]", ln)]
        # English words left: the command's name and the RA's title ("... Architecture with DGX GB200")
        words = [w for ln in lines for w in re.findall(r"\b[a-z]{4,}\b", ln)]
        assert set(words) <= {"cluster", "validate", "with"}, set(words)
    assert json.loads(run(capsys, "cluster", "info", str(path), "--json", "--lang", "zh-TW")[1])["name"] == \
        "GB200 NVL72 rack cluster"
    generic = tmp_path / "mi300x.json"  # a node no RA names: the generic record's title is a sentence, translated
    assert run(capsys, "cluster", "new", "--node", "amd-mi300x", "--gpus", "64", "-o", str(generic))[0] == 0
    follows = run(capsys, "cluster", "info", str(generic), "--lang", "zh-TW")[1].splitlines()[1]
    assert follows.startswith("依據：此節點沒有公開的參考架構") and "no public" not in follows
    code, out, err = run(capsys, "cluster", "info", str(path), "--lang", "fr")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "zh-TW" in err
