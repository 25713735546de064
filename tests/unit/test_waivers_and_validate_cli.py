import json

from designer.cli.main import main
from designer.io.files import load_design, save_design
from designer.model import edits
from designer.model.design import Waiver
from designer.rules import RULES, Severity, check


def broken_h100(design_of):
    d = design_of("dgx-h100")
    link = next(lk for lk in d.links if {lk.a, lk.b} == {"gpu0", "nvs1"})
    return edits.update_link(d, link.id, count=3)


def test_a_waiver_marks_the_violation_without_hiding_it(catalog, design_of):
    d = broken_h100(design_of)
    assert check(d, catalog).has_errors
    waived = edits.add_waiver(d, Waiver(rule="scaleup.uneven_planes", ids=("nvs1", "gpu0"),
                                        reason="lab sample with a bad NVLink lane"))
    report = check(waived, catalog)
    assert not report.has_errors
    (v,) = [w for w in report.waived if w.rule != "resilience.fabric_failure"]  # the template's own waiver aside
    assert v.rule == "scaleup.uneven_planes" and v.waiver_reason == "lab sample with a bad NVLink lane"


def test_a_waiver_for_other_ids_does_not_match(catalog, design_of):
    d = edits.add_waiver(broken_h100(design_of), Waiver(rule="scaleup.uneven_planes", ids=("gpu1", "nvs1"),
                                                          reason="x"))
    report = check(d, catalog)
    assert report.has_errors and [w.rule for w in report.waived] == ["resilience.fabric_failure"]


def test_waivers_persist_through_save_and_load(tmp_path, catalog, design_of):
    d = edits.add_waiver(broken_h100(design_of), Waiver(rule="scaleup.uneven_planes", ids=("gpu0", "nvs1"),
                                                          reason="known"))
    save_design(d, tmp_path / "w.json")
    again = load_design(tmp_path / "w.json", catalog)
    assert again.waivers == d.waivers and not check(again, catalog).has_errors


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_exit_codes(tmp_path, capsys, design_of):
    assert run(capsys, "validate", "dgx-h100")[0] == 0
    path = tmp_path / "broken.json"
    save_design(broken_h100(design_of), path)
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1
    line = next(ln for ln in out.splitlines() if "scaleup.uneven_planes" in ln)
    assert line.startswith("broken.json: error: scaleup.uneven_planes: gpu0 reaches with 3 links plane nvs1")
    # the HGX baseboard's NVLinks are traces: the fix is the board, not a re-wire
    assert "[gpu0, nvs1] -- fix: restore the fixed links (a board or cartridge fault: repair or replace it)" in line
    assert out.splitlines()[-1].startswith(f"broken.json: {len(RULES)} rules run; 1 error")
    assert run(capsys, "validate", "missing.json")[0] == 2


def test_validate_json_lists_rules_severities_waivers(tmp_path, capsys, design_of):
    d = edits.add_waiver(broken_h100(design_of), Waiver(rule="scaleup.uneven_planes", ids=("gpu0", "nvs1"),
                                                          reason="known"))
    path = tmp_path / "w.json"
    save_design(d, path)
    code, out, _ = run(capsys, "validate", str(path), "--json", "--severity", "warning")
    data = json.loads(out)
    assert code == 0
    assert data["severities"] == ["error", "warning"]
    assert "scaleup.uneven_planes" in data["rules_run"] and len(data["rules_run"]) == len(RULES)
    (mine,) = [w for w in data["waived"] if w["rule"] == "scaleup.uneven_planes"]
    assert mine["waiver_reason"] == "known" and mine["ids"] == ["gpu0", "nvs1"]
    assert data["violations"] == []
    assert set(data["summary"]) >= {"heat_btu_per_hr", "airflow_cfm", "dc_load_w", "psu_usable_w"}


def test_severity_filter_drops_infos(capsys):
    code, out, _ = run(capsys, "validate", "rtx-pcie-8", "--severity", "warning", "--json")
    data = json.loads(out)
    assert {v["severity"] for v in data["violations"]} == {"warning"} and code == 0


def test_text_output_groups_by_rule(capsys):
    _, out, _ = run(capsys, "validate", "rtx-pcie-8")
    rules = [ln.split(": ")[2] for ln in out.splitlines()[:-1]]
    firsts = [r for i, r in enumerate(rules) if i == 0 or rules[i - 1] != r]
    assert len(firsts) == len(set(rules))  # each rule's lines are together
    assert Severity.WARNING.value in out


def test_a_file_that_waives_the_same_finding_twice_is_refused_in_one_line(tmp_path, capsys, design_of):
    """The same rule over the same ids (in any order) listed twice was accepted silently (issue 35)."""
    design = json.loads(json.dumps(design_of("dgx-h100").model_dump(mode="json")))
    twice = {"rule": "thermal.airflow", "ids": ["gpu0", "gpu1"], "reason": "bench unit"}
    design["waivers"] += [twice, {**twice, "ids": ["gpu1", "gpu0"], "reason": "said again"}]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(design))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "waives thermal.airflow over gpu1, gpu0 a second time" in err
    design["waivers"][-1]["ids"] = ["gpu2"]  # another finding of the same rule: its own waiver
    path.write_text(json.dumps(design))
    assert main(["validate", str(path)]) in (0, 1)


def test_waiving_a_finding_already_waived_is_refused_and_changes_nothing(catalog, design_of):
    import pytest

    from designer.document.commands import CommandError, add_waiver

    design = design_of("dgx-h100")
    rule, ids = design.waivers[0].rule, design.waivers[0].ids
    with pytest.raises(CommandError, match="already waived"):
        add_waiver(rule, tuple(reversed(ids)), "again").run(design, catalog)
    assert len(add_waiver(rule, ("gpu0",), "another finding").run(design, catalog).waivers) == len(design.waivers) + 1


def test_a_plan_that_waives_the_same_finding_twice_is_refused(catalog):
    import pytest
    from pydantic import ValidationError

    from designer.cluster.plan import ClusterPlan

    w = {"rule": "cluster.rack_power", "ids": ["r1"], "reason": "site survey"}
    with pytest.raises(ValidationError, match="waives cluster.rack_power over r1 a second time"):
        ClusterPlan.model_validate({"name": "p", "node": {"template": "dgx-h100"}, "gpus": 64, "waivers": [w, w]})


def test_a_waiver_goes_with_the_part_it_was_written_for_and_comes_back_with_undo(catalog, design_of):
    """A waiver outlived its part and covered a new part given the same id (issue 35): it is keyed to the part."""
    from designer.core.messages import _m
    from designer.document import commands as cmd
    from designer.document.document import Document

    design = broken_h100(design_of)
    finding = next(v for v in check(design, catalog).active if v.severity is Severity.ERROR and v.ids)
    waiver = Waiver(rule=finding.rule, ids=tuple(finding.ids), reason="bench unit, not shipped")
    doc = Document(edits.add_waiver(design, waiver), catalog)
    part = next(i for i in finding.ids if i in {c.id for c in design.components})
    placement = doc.design.component(part)
    doc.push(cmd.remove_items((part,)))
    assert waiver not in doc.design.waivers
    doc.undo()
    assert waiver in doc.design.waivers  # one undo step brings the part and its waiver back
    doc.redo()
    same_id = cmd.Command(_m("Add {part}", part=part), lambda d, cat: edits.add_components(d, [placement]))
    doc.push(same_id)  # a new part given the same id
    assert placement in doc.design.components and waiver not in doc.design.waivers
    kept = Waiver(rule="thermal.airflow", ids=(), reason="a rule-wide waiver names no part")
    assert kept in edits.remove_components(edits.add_waiver(design, kept), [part]).waivers


def test_swapping_a_waived_part_for_another_drops_its_waiver(catalog, design_of):
    design = design_of("dgx-h100")
    waiver = Waiver(rule="thermal.airflow", ids=("gpu0",), reason="measured on the bench")
    waived = edits.add_waiver(design, waiver)
    assert waiver not in edits.replace_parts(waived, ["gpu0"], "h200-sxm").waivers
    assert waiver in edits.replace_parts(waived, ["gpu0"], design.component("gpu0").part).waivers  # same part
