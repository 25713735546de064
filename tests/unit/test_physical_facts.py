"""Issue 34 item 5: a reference system's weight, dimensions, input voltage, power cords and operating temperature,
from the vendor's own document, on the spec sheet and in the JSON spec; what no vendor document read gives is
said to be not published, never filled in."""

import json

import pytest

from designer.core.locale import render
from designer.export.sheet_rows import physical_row
from designer.export.spec import build_spec, spec_json

DGX_H100_GUIDE = ("NVIDIA DGX H100/H200 User Guide, Mechanical, Power and Environmental Specifications: 14 in (356 mm) "
                  "x 19 in (482.3 mm) max x 35.3 in (897.1 mm) max, 287.6 lbs (130.45 kg) max; 200-240 volts AC; six "
                  "locking power cords, C19/C20, 250VAC 20A; operating 5-30 °C")


def test_the_dgx_h100s_facts_are_its_user_guides(catalog):
    p = catalog.chassis("chassis-dgx-h100").physical
    assert (p.height_mm, p.width_mm, p.depth_mm, p.weight_kg) == (356, 482.3, 897.1, 130.45), DGX_H100_GUIDE
    assert (p.ac_volts, p.cords, p.plug, p.cord_rating, p.operating_temp_c) == \
        ((200, 240), 6, "C19/C20", "250 V, 20 A", (5, 30)), DGX_H100_GUIDE
    assert "docs.nvidia.com/dgx/dgxh100-user-guide" in p.source
    assert render(physical_row(p)) == ("356 x 482.3 x 897.1 mm (H x W x D), 130.45 kg max; 200-240 V AC, 6 power "
                                       "cords C19/C20 (250 V, 20 A); operating 5-30 °C")


def test_a_fact_the_document_does_not_give_is_said_to_be_not_published(catalog):
    b200 = catalog.chassis("chassis-dgx-b200").physical  # the page read stops before its cords and temperatures
    text = render(physical_row(b200))
    assert "444 x 482.3 x 897.1 mm" in text and "142.4 kg max" in text
    assert "power cords not published" in text and "operating temperature not published" in text
    assert render(physical_row(None)) == "not published in the vendor documents read"
    assert "未公開" in render(physical_row(b200), "zh_TW")


@pytest.mark.parametrize("template,physical", [("dgx-h200", True), ("amd-mi300x", False)])
def test_the_sheet_and_the_json_spec_carry_them(catalog, design_of, template, physical):
    from datetime import UTC, datetime

    from designer.export.analysis import ExportAnalysis
    from designer.export.brand import Brand
    from designer.export.sheet_data import SheetData

    design = design_of(template)
    data = json.loads(spec_json(build_spec(design, catalog)))
    assert (data["physical"] is not None) == physical
    if physical:
        assert data["physical"]["weight_kg"] == 130.45 and data["physical"]["ac_volts"] == [200, 240]
    analysis = ExportAnalysis(design, catalog, 1, now=datetime(2026, 1, 1, tzinfo=UTC))
    rows = {r["label"]: r for r in SheetData(analysis, Brand()).spec_rows()}
    row = rows["Physical and site"]
    assert ("130.45 kg max" in row["value"]) == physical
    assert (row["value"] == "not published in the vendor documents read") == (not physical)
    assert bool(row["refs"]) == physical  # the user guide among the references


def test_the_dgx_b300_is_built_from_its_user_guide(catalog, design_of):
    """DGX B300 (issue 32 item 7), the AC version: 10U, 8 B300, 2 Xeon 6776P, 8 ConnectX-8 and 2 BlueField-3, 12 x
    3.3 kW supplies in N+N (its user guide); the computed wall power within 5 % of the guide's 14.5 kW; what the
    guide's pages read do not give (dimensions, weight, plug) said to be not published."""
    from designer.analysis import Analysis
    from designer.model.design import Redundancy

    d = design_of("dgx-b300")
    kinds = [catalog.get(c.part).kind for c in d.components]
    assert kinds.count("gpu") == 8 and kinds.count("psu") == 12 and kinds.count("cpu") == 2
    assert {c.part for c in d.components if catalog.get(c.part).kind == "cpu"} == {"xeon-6776p"}
    assert d.settings.psu_redundancy == Redundancy.N_PLUS_N and catalog.chassis(d.chassis).rack_units == 10
    result = Analysis(d, catalog)
    assert abs(result.budget.published_gap) <= 0.05 and result.budget.published_max_w == 14_500
    assert not [v for v in result.report.active if v.severity.value in ("error", "warning")]
    text = render(physical_row(catalog.chassis("chassis-dgx-b300").physical))
    assert text == ("dimensions not published, weight not published; 200-240 V AC, 12 power cords, plug not "
                    "published; operating 10-35 °C")
