"""Power at the wall against the vendors' published maxima; BOM and budget as one list; PSU and cooling judgements.

Expected figures come from the documents, not from the code:
- NVIDIA DGX A100 User Guide DU-09821-001: system power usage 6.5 kW max.
- NVIDIA DGX H100/H200 User Guide: ~10.2 kW max; 6 x 3.3 kW PSUs, 4+2 redundancy.
- NVIDIA DGX B200 User Guide: ~14.3 kW max; 6 x 3.3 kW PSUs, 5+1.
- NVIDIA DGX SuperPOD (H100) data center design guide: four DGX H100 per rack = 40.8 kW.
"""

import pytest

from designer.export.spec import bom_lines
from designer.model import edits
from designer.model.budget import power_budget
from designer.model.design import Redundancy
from designer.rules import Severity, check

PUBLISHED_MAX_W = {"dgx-a100": 6_500, "dgx-h100": 10_200, "dgx-h200": 10_200, "dgx-b200": 14_300}


def fired(catalog, design, rule_id):
    return [v for v in check(design, catalog).active if v.rule == rule_id]


@pytest.mark.parametrize("template_id,published", PUBLISHED_MAX_W.items())
def test_reference_wall_power_within_5_percent_of_the_published_maximum(catalog, design_of, template_id, published):
    b = power_budget(design_of(template_id), catalog)
    assert b.published_max_w == published
    assert abs(b.wall_w - published) / published <= 0.05
    (v,) = fired(catalog, design_of(template_id), "power.published_maximum")
    assert v.severity is Severity.INFO and f"{published:,.0f} W" in v.message and "docs.nvidia.com" in v.message


def test_the_budget_explains_the_published_figure_line_by_line(catalog, design_of):
    b = power_budget(design_of("dgx-h100"), catalog)
    cats = {ln.category for ln in b.lines}
    assert {"GPUs", "CPUs", "Memory", "Drives", "NICs", "Scale-up switches", "PCIe switches", "Cooling"} <= cats
    assert b.by_category["GPUs"] == 8 * 700 and b.by_category["CPUs"] == 2 * 350  # TDPs from the datasheets
    assert sum(b.by_category.values()) == pytest.approx(b.load_w)
    # PSU efficiency at this load from the 80 PLUS Titanium curve (94 % at 20 %, 96 % at 50 %): close to 96 %
    assert 0.955 < b.psu_efficiency <= 0.96


def test_a_modified_design_is_flagged_when_it_leaves_the_published_figure(catalog, design_of):
    d = design_of("dgx-h100")
    hotter = edits.replace_parts(d, [f"gpu{i}" for i in range(8)], "b200-sxm")  # 8 x 300 W more
    (v,) = fired(catalog, hotter, "power.published_maximum")
    assert v.severity is Severity.WARNING and "10,200 W" in v.message
    assert power_budget(hotter, catalog).published_gap > 0.2


def test_fans_follow_the_cube_of_the_load_below_the_reference(catalog, design_of):
    d = design_of("dgx-h100")
    ref = power_budget(d, catalog)
    fewer = edits.remove_components(d, ["gpu4", "gpu5", "gpu6", "gpu7"])
    mod = power_budget(fewer, catalog)
    fans = [sum(ln.watts for ln in b.lines if ln.category == "Cooling") for b in (ref, mod)]
    parts = [b.load_w - f for b, f in zip((ref, mod), fans, strict=True)]
    assert parts[0] - parts[1] == pytest.approx(4 * 700)
    assert fans[1] / fans[0] == pytest.approx((parts[1] / parts[0]) ** 3)


def test_four_dgx_h100_do_not_fit_a_40_kw_rack(catalog, design_of):
    d = edits.set_settings(design_of("dgx-h100"), rack_power_budget_w=40_000, nodes_per_rack=4)
    (v,) = fired(catalog, d, "power.rack_budget")
    assert v.severity is Severity.ERROR and "40.8 kW" in v.message  # 4 x 10.2 kW
    fits = edits.set_settings(design_of("dgx-h100"), rack_power_budget_w=40_800, nodes_per_rack=4)
    assert fired(catalog, fits, "power.rack_budget") == []


def test_dgx_h100_set_to_3_plus_3_is_flagged(catalog, design_of):
    d = edits.set_settings(design_of("dgx-h100"), psu_redundancy=Redundancy.N_PLUS_N)
    found = [v for v in fired(catalog, d, "power.psu_redundancy") if v.severity in (Severity.ERROR, Severity.WARNING)]
    assert found and "3 PSUs (9,900 W)" in found[0].message
    assert fired(catalog, design_of("dgx-h100"), "power.psu_redundancy") == []  # the vendor's 4+2


@pytest.mark.parametrize("template_id", ["dgx-h100", "dgx-b200", "amd-mi300x", "huawei-atlas-910b", "rtx-pcie-8"])
def test_bom_and_budget_are_one_list(catalog, design_of, template_id):
    d = design_of(template_id)
    b = power_budget(d, catalog)
    lines = bom_lines(d, catalog)  # built from the budget's lines (designer.export.spec)
    assert sum(x.total_power_w for x in lines) == pytest.approx(b.load_w, abs=0.05 * len(lines))
    assert {c.part for c in d.components} <= {x.part for x in lines}  # PSUs and fabrics too, at 0 W
    placed = {c.part for c in d.components}
    assert {ln.part for ln in b.lines if ln.part in placed} <= {x.part for x in lines}
    memory = next(x for x in lines if x.id == "memory")
    assert memory.quantity == catalog.chassis(d.chassis).dimms


def test_cooling_just_over_a_derived_limit_is_a_warning(catalog, design_of):
    d = design_of("amd-mi325x")
    psus = [c.id for c in d.components if c.part == "psu-3300"]
    swapped = edits.replace_parts(d, psus, "psu-3000")  # 80 PLUS Platinum: more loss, more heat
    b = power_budget(swapped, catalog)
    assert b.cooling_capacity_w < b.heat_w < 1.05 * b.cooling_capacity_w
    (v,) = fired(catalog, swapped, "cooling.capacity")
    assert v.severity is Severity.WARNING and "derived, not published" in v.message


def test_cooling_well_over_a_derived_limit_is_an_error(catalog, design_of):
    d = design_of("dgx-h100")
    hotter = edits.replace_parts(d, [f"gpu{i}" for i in range(8)], "b200-sxm")
    (v,) = fired(catalog, hotter, "cooling.capacity")
    assert v.severity is Severity.ERROR
