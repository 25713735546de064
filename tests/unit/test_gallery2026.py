"""The 2026 reference designs: figures checked against the public documents the catalog cites."""

import json
import re

import pytest

from designer.cli.main import main
from designer.model.facility import coolant_flow_l_min
from designer.model.parts import CoolingType
from designer.rules.engine import Severity, check
from designer.templates import TEMPLATES
from designer.topology.figures import key_figures

NEW = ["hgx-b300", "amd-mi355x", "gaudi3-8", "hgx-h20", "h100-nvl-pcie", "inspur-nf5688m6", "supermicro-821ge",
       "hgx-b200-dlc"]


def test_the_cli_lists_every_new_template(capsys):
    assert main(["templates", "--json"]) == 0
    ids = {t["id"] for t in json.loads(capsys.readouterr().out)}
    assert set(NEW) <= ids


@pytest.mark.parametrize("template", NEW)
def test_info_topo_simulate_work_and_no_errors(capsys, catalog, design_of, template):
    assert [v.message for v in check(design_of(template), catalog).active if v.severity is Severity.ERROR] == []
    for args in (["info", template], ["topo", template], ["simulate", template]):
        assert main(args) == 0, args
    assert "GPU0" in capsys.readouterr().out


def test_h20_keeps_nv18_at_900_gbytes_s_bidirectional(catalog, design_of):
    k = key_figures(design_of("hgx-h20"), catalog)
    assert k.scaleup_gbytes_s_per_gpu_bidir == 900  # SemiAnalysis: 900 GB/s NVLink
    assert k.scaleup_gbytes_s_per_gpu_per_dir == 450


def test_gaudi3_uses_21_ports_for_scale_up_and_3_for_scale_out(catalog, design_of):
    d = design_of("gaudi3-8")
    peer_links = [lk for lk in d.links if lk.a.startswith("gpu") and lk.b.startswith("gpu")]
    assert {lk.count for lk in peer_links} == {3} and len(peer_links) == 28  # 3 to each of 7 peers = 21
    k = key_figures(d, catalog)
    assert k.scaleout_gbit_s_per_gpu == 3 * 200  # Intel white paper: 3 x 200GbE per chip for scale-out
    assert k.scaleup_gbytes_s_per_gpu_per_dir == 21 * 200 / 8


def test_h100_nvl_pairs_are_bridged_and_pairs_reach_each_other_over_pcie(catalog, design_of):
    d = design_of("h100-nvl-pcie")
    bridges = {frozenset((lk.a, lk.b)): lk.count for lk in d.links if lk.kind.value == "nvlink"}
    assert bridges == {frozenset((f"gpu{i}", f"gpu{i + 1}")): 12 for i in range(0, 8, 2)}
    # NVIDIA H100 NVL: NVLink bridge 600 GB/s bidirectional per pair
    assert key_figures(d, catalog).scaleup_gbytes_s_per_gpu_bidir == 600
    waived = [v for v in check(d, catalog).waived if v.rule == "scaleup.unreachable"]
    assert len(waived) == 24  # 28 GPU pairs less the 4 bridged ones, each waived with the scheme-A reason


def test_b300_has_an_800g_connectx8_per_gpu(catalog, design_of):
    assert key_figures(design_of("hgx-b300"), catalog).scaleout_gbit_s_per_gpu == 800


def test_mi355x_box_is_liquid_at_1400_w(catalog, design_of):
    d = design_of("amd-mi355x")
    assert catalog.chassis(d.chassis).cooling_type is CoolingType.COLD_PLATE
    assert {catalog.get(c.part).tdp_w for c in d.components if c.part == "mi355x"} == {1400}


def test_coolant_flow_follows_the_heat():
    # water carries 4,186 J/(kg K): 10 kW at a 10 K rise is 10,000 / (997 x 4,186 x 10) m3/s = 14.4 L/min
    assert coolant_flow_l_min(10_000, 10) == pytest.approx(14.38, abs=0.01)
    assert coolant_flow_l_min(10_000, 5) == pytest.approx(2 * coolant_flow_l_min(10_000, 10))


def test_the_scheme_d_node_shows_its_facility_needs(capsys):
    assert main(["info", "hgx-b200-dlc", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    f = data["facility"]
    assert f["coolant_inlet_c_max"] == 45  # Supermicro DLC-2: up to 45 C inlet
    assert "coolant distribution unit" in f["cdu"]
    assert round(f["heat_to_liquid_w"] + f["heat_to_air_w"], 1) == data["wall_peak_w"]
    assert f["coolant_flow_l_min"] == pytest.approx(coolant_flow_l_min(f["heat_to_liquid_w"], 10), abs=0.1)
    assert main(["info", "hgx-b200-dlc"]) == 0
    assert "L/min of water" in capsys.readouterr().out
    assert main(["info", "dgx-h100", "--json"]) == 0
    air = json.loads(capsys.readouterr().out)
    assert air["facility"]["heat_to_liquid_w"] == 0 and air["facility"]["coolant_flow_l_min"] is None


def test_every_new_template_is_registered_once():
    assert len(TEMPLATES) == len(set(TEMPLATES)) and all(t in TEMPLATES for t in NEW)


def test_the_sheet_lists_alike_waived_findings_once_and_counts_them_all(catalog, design_of):
    from datetime import UTC, datetime

    from designer.export.analysis import ExportAnalysis
    from designer.export.brand import Brand
    from designer.export.sheet_data import SheetData

    analysis = ExportAnalysis(design_of("h100-nvl-pcie"), catalog, 1, now=datetime(2026, 1, 1, tzinfo=UTC))
    sheet = SheetData(analysis, Brand())
    rules = sheet.rules()
    assert rules["waived_count"] == 24
    assert len(rules["waived"]) == 1 and rules["waived"][0]["message"].endswith("(and 23 more alike)")
    ec = sheet.export_control()
    assert ec["rows"][0]["eccn"] == "3A090.a" and "not a classification" in ec["statement"]
    assert "88 FR 73458" in sheet.refs[ec["refs"][0] - 1]["text"]


NEW_PARTS = ["b300-sxm", "h20-sxm", "h100-nvl", "chassis-hgx-10u", "chassis-oam-4u-dlc", "chassis-supermicro-821ge",
             "chassis-inspur-nf5688m6", "chassis-hgx-4u-dlc", "xeon-8380", "gaudi3-roce-3x200", "cx8-pcie-switch",
             "fan-wall-10u-b300", "cold-plate-cdu"]
PUBLISHER_AND_DATE = re.compile(r"'?[^()]{8,}'? \([^()]*?, (19|20)\d{2}(-\d{2}){0,2}\)")  # "Title (Publisher, date)"


@pytest.mark.parametrize("part_id", NEW_PARTS)
def test_new_parts_cite_title_publisher_date_and_url(catalog, part_id):
    part = catalog.get(part_id)
    assert PUBLISHER_AND_DATE.search(part.source) and "https://" in part.source, part.source
    assert part.confidence.value in {"H", "M", "L"}


def test_die_areas_cite_their_document(catalog):
    cited = [p for p in catalog.of_kind("gpu") if p.die_area_mm2 is not None]
    assert len(cited) >= 10
    for part in cited:
        assert PUBLISHER_AND_DATE.search(part.die_area_source) and "https://" in part.die_area_source, part.id
