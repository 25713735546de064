"""Export-control screening: TPP, performance density and the 3A090 thresholds, which are data.

Expected figures come from the cited documents, not from the code:
- NVIDIA H100 datasheet: 3,958 FP8 TFLOPS with sparsity, so 1,979 dense; TPP = 1,979 x 8 = 15,832.
- NVIDIA H100 architecture whitepaper: GH100 is 814 mm2.
- SemiAnalysis (2023-11-09): H20 296 TFLOPS FP8/INT8, so TPP = 296 x 8 = 2,368 on the GH100 die.
- NVIDIA A100 datasheet: 312 BF16 TFLOPS dense (624 sparse); TPP = 312 x 16 = 4,992; GA100 is 826 mm2.
- NVIDIA Ada whitepaper: RTX 4090 660.6 dense INT8 TOPS; TPP = 660.6 x 8 = 5,284.8.
- 88 FR 73458 (2023-10-25): 3A090.a is TPP >= 4800, or TPP >= 1600 with density >= 5.92; 3A090.b.1 is
  2400 <= TPP < 4800 with 1.6 <= density < 5.92; 3A090.b.2 is TPP >= 1600 with 3.2 <= density < 5.92.
"""

import json

import pytest

from designer.cli.main import main
from designer.model.export_control import (
    NOT_LISTED,
    UNDETERMINED,
    Thresholds,
    classify,
    performance_density,
    screen_part,
    screening_lines,
    shipped_thresholds,
    tpp,
)
from designer.rules.engine import Severity, check


def info_json(capsys, template):
    assert main(["info", template, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_dgx_h100_info_carries_tpp_15832_and_3a090a(capsys):
    ec = info_json(capsys, "dgx-h100")["export_control"]
    assert ec["tpp"] == 3958 / 2 * 8 == 15_832
    assert ec["accelerator_eccn"] == "3A090.a"
    assert ec["performance_density"] == pytest.approx(15_832 / 814, abs=0.01)
    assert ec["rule"]["federal_register"] == "88 FR 73458" and ec["rule"]["date"] == "2023-10-25"
    assert "not a classification" in ec["statement"]


def test_h20_is_about_2368_and_not_3a090a(capsys):
    ec = info_json(capsys, "hgx-h20")["export_control"]
    assert ec["tpp"] == pytest.approx(296 * 8)
    assert ec["accelerator_eccn"] != "3A090.a"
    # density 2,368 / 814 = 2.91: under b.2's 3.2, and TPP under b.1's 2,400
    assert ec["performance_density"] == pytest.approx(2368 / 814, abs=0.01)
    assert ec["accelerator_eccn"] == NOT_LISTED and ec["system_eccn"] == "not 4A090"


@pytest.mark.parametrize("part_id,expected_tpp,expected_eccn", [
    ("a100-sxm4-80gb", 312 * 16, "3A090.a"),  # 4,992: the reason the A800 followed the A100 in 2023
    ("a800-sxm", 312 * 16, "3A090.a"),
    ("rtx-4090", 660.6 * 8, "3A090.a"),  # INT8 sets it, not FP8 with FP32 accumulate
    ("h100-nvl", max(1671 / 2 * 16, 3341 / 2 * 8), "3A090.a"),  # datasheet, sparse: BF16 1,671, FP8 3,341
])
def test_tpp_is_the_highest_dense_rate_times_bits(catalog, part_id, expected_tpp, expected_eccn):
    s = screen_part(catalog.get(part_id))
    assert s.tpp == pytest.approx(expected_tpp)
    assert s.eccn == expected_eccn


def test_low_precision_rates_count_where_they_are_highest(catalog):
    # AMD MI355X product page: FP6 10.1 PFLOPS dense (x 6 bits) beats FP8 5.0 PFLOPS (x 8)
    assert tpp(catalog.get("mi355x")) == pytest.approx(10066.3 * 6)
    assert "FP6" in screen_part(catalog.get("mi355x")).tpp_basis


def test_density_needs_a_published_die_area(catalog):
    assert performance_density(catalog.get("b200-sxm")) is None  # two dies, area not published
    assert performance_density(catalog.get("h100-sxm5")) == pytest.approx(15_832 / 814)
    for part in catalog.of_kind("gpu"):
        if part.die_area_mm2 is not None:
            assert "https://" in part.die_area_source and "mm2" in part.die_area_source, part.id


@pytest.mark.parametrize("value,density,expected", [
    (4800, None, "3A090.a"), (4799, 5.92, "3A090.a"), (4799, 5.91, "3A090.b"), (2400, 1.6, "3A090.b"),
    (2399, 3.2, "3A090.b"), (2399, 3.19, NOT_LISTED), (1600, 5.92, "3A090.a"), (1599, 30.0, NOT_LISTED),
    (3000, None, UNDETERMINED), (None, None, UNDETERMINED),
])
def test_thresholds_of_the_rule(value, density, expected):
    assert classify(value, density, shipped_thresholds()) == expected


def test_a_later_rule_is_a_data_change():
    raw = shipped_thresholds().model_dump()
    raw["classes"][0]["any_of"][0]["tpp_min"] = 2000  # a hypothetical tighter rule, no code change
    later = Thresholds.model_validate(raw)
    assert classify(2368, 2.91, later) == "3A090.a"
    assert classify(2368, 2.91, shipped_thresholds()) == NOT_LISTED


def test_the_thresholds_file_names_its_federal_register_source():
    rule = shipped_thresholds().rule
    assert rule.federal_register == "88 FR 73458" and rule.document_number == "FR Doc. 2023-23055"
    assert rule.url.startswith("https://www.federalregister.gov/")
    assert "Bureau of Industry and Security" in rule.publisher


def test_export_rule_reports_at_info_severity_with_the_rules_date(catalog, design_of):
    found = [v for v in check(design_of("hgx-h20"), catalog).active if v.rule.startswith("export.")]
    assert len(found) == 1 and found[0].severity is Severity.INFO
    assert "2,368" in found[0].message and "2023-10-25" in found[0].message
    assert "below the 3A090 thresholds" in found[0].message and "not a classification" in found[0].message
    assert found[0].ids == tuple(f"gpu{i}" for i in range(8))


def test_inspector_lines_say_screening_not_classification(catalog):
    lines = {str(k): str(v) for k, v in screening_lines(catalog.get("h100-sxm5"))}
    assert lines["TPP (EAR)"] == "15,832 (FP8 1,979 x 8)"
    assert "19.45" in lines["Performance density"] and "814 mm²" in lines["Performance density"]
    assert lines["Export screening"].startswith("3A090.a under 88 FR 73458")
    assert "not a classification" in lines["Export screening"]


# 88 FR 73458 (BIS, 2023-10-25, FR Doc. 2023-23055): the IC screens under 3A090; a computer or assembly that
# contains such ICs under 4A090 (.a for 3A090.a ICs, .b for 3A090.b ICs). The whole DGX H100 was labelled 3A090.a.
def test_the_system_screens_under_4a090_and_its_accelerator_under_3a090(capsys):
    ec = info_json(capsys, "dgx-h100")["export_control"]
    assert ec["accelerator_eccn"] == "3A090.a" and ec["system_eccn"] == "4A090.a"
    assert "eccn" not in ec  # no single label that reads as the system's
    assert "4A090" in ec["system_entry"] and "not a classification" in ec["statement"]
    assert main(["info", "dgx-h100"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("Export screening"))
    assert "accelerator 3A090.a" in line and "system 4A090.a" in line and "not a classification" in line


def test_the_system_class_follows_the_ic_class_by_the_rule():
    th = shipped_thresholds()
    assert [th.system_eccn(c) for c in ("3A090.a", "3A090.b", NOT_LISTED)] == ["4A090.a", "4A090.b", "not 4A090"]


def test_rule_message_inspector_and_sheet_name_the_system_class(catalog, design_of):
    found = [v for v in check(design_of("dgx-h100"), catalog).active if v.rule.startswith("export.")]
    assert "screens as 3A090.a, a system containing it as 4A090.a" in found[0].message
    lines = {str(k): str(v) for k, v in screening_lines(catalog.get("h100-sxm5"))}
    assert lines["A system containing it"].startswith("4A090.a")
    from datetime import UTC, datetime

    from designer.export.analysis import ExportAnalysis
    from designer.export.brand import Brand
    from designer.export.sheet_data import SheetData

    sheet = SheetData(ExportAnalysis(design_of("dgx-h100"), catalog, 1, now=datetime(2026, 1, 1, tzinfo=UTC)), Brand())
    ec = sheet.export_control()
    assert ec["rows"][0]["eccn"] == "3A090.a" and ec["system"] == "4A090.a"
