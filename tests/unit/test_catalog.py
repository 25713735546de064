import json

import pytest

from designer.core.errors import CatalogError, UnknownPartError
from designer.model.catalog import Catalog, load_catalog
from designer.model.parts import CpuSpec, GpuSpec, NicSpec, PcieSwitchSpec, PsuSpec, ScaleupSwitchSpec

REQUIRED = {
    GpuSpec: ["a100-sxm4-80gb", "a800-sxm", "h100-sxm5", "h800-sxm", "h200-sxm", "b200-sxm", "gb200-gpu", "l40s",
              "h100-pcie", "rtx-4090", "mi300x", "mi325x", "mi355x", "ascend-910b", "gaudi3"],
    ScaleupSwitchSpec: ["nvswitch-gen2", "nvswitch-gen3", "nvlink5-switch"],
    PcieSwitchSpec: ["pex88096", "pex89144"],
    NicSpec: ["cx6-200", "cx7-400", "cx8-800", "bf3-b3240", "thor2-400"],
    CpuSpec: ["xeon-8480c", "xeon-8570", "epyc-7742", "epyc-9654", "grace", "kunpeng-920"],
    PsuSpec: ["psu-3000", "psu-3200", "psu-3300"],
}


@pytest.mark.parametrize("cls,ids", REQUIRED.items(), ids=lambda v: getattr(v, "__name__", ""))
def test_required_parts_are_shipped_with_their_kind(catalog, cls, ids):
    for part_id in ids:
        assert isinstance(catalog.get(part_id), cls), part_id


def test_every_part_names_a_source(catalog):
    for part in catalog:
        assert len(part.source.strip()) >= 10, part.id


def test_switch_port_counts_and_in_switch_reduction(catalog):
    assert catalog.get("nvswitch-gen2").ports == 36
    assert catalog.get("nvswitch-gen3").ports == 64 and catalog.get("nvswitch-gen3").in_switch_reduction
    assert catalog.get("nvlink5-switch").ports == 72
    assert not catalog.get("nvswitch-gen2").in_switch_reduction


def test_per_direction_scaleup_matches_vendor_bidirectional_figures(catalog):
    # vendor bidirectional / 2 (hardware-facts.md 1b)
    expected = {"h100-sxm5": 450, "a100-sxm4-80gb": 300, "a800-sxm": 200, "h800-sxm": 200, "b200-sxm": 900,
                "mi300x": 448, "ascend-910b": 196}
    for part_id, per_dir in expected.items():
        assert catalog.get(part_id).scaleup_gbytes_s_per_dir == pytest.approx(per_dir), part_id


def test_unknown_figures_stay_unknown(catalog):
    assert catalog.get("ascend-910b").mem_bw_tbytes_s is None
    assert catalog.get("nvswitch-gen3").power_w is None
    assert catalog.get("kunpeng-920").tdp_w is None


def test_cooling_requirement_and_export_limits(catalog):
    assert catalog.get("mi355x").needs_liquid and catalog.get("gb200-gpu").needs_liquid
    assert not catalog.get("b200-sxm").needs_liquid
    assert catalog.get("h800-sxm").export_limited and not catalog.get("h100-sxm5").export_limited


def _user_part(part_id="my-gpu", **over):
    part = {"kind": "gpu", "id": part_id, "name": "My accelerator", "source": "our lab measurement",
            "form_factor": "oam", "arch": "x", "tdp_w": 800, "memory_gb": 96, "memory_type": "HBM3",
            "mem_bw_tbytes_s": 4.0, "fabric": "xgmi", "fabric_links": 7, "link_bw_gbytes_s_per_dir": 50,
            "host_pcie_gen": 5, "host_pcie_lanes": 16, "bf16_dense_tflops": 1000, "fp8_dense_tflops": None}
    part.update(over)
    return part


def test_user_catalog_folder_adds_parts(tmp_path):
    (tmp_path / "mine.json").write_text(json.dumps({"parts": [_user_part()]}))
    cat = load_catalog([tmp_path])
    assert cat.get("my-gpu").tdp_w == 800
    assert cat.origin["my-gpu"].endswith("mine.json")
    assert cat.problems == []


def test_bad_user_files_are_reported_and_skipped(tmp_path):
    (tmp_path / "a-broken.json").write_text("{not json")
    (tmp_path / "b-negative.json").write_text(json.dumps({"parts": [_user_part("neg", tdp_w=-5)]}))
    (tmp_path / "c-duplicate.json").write_text(json.dumps({"parts": [_user_part("h100-sxm5")]}))
    cat = load_catalog([tmp_path])
    assert len(cat.problems) == 3
    assert "not valid JSON" in cat.problems[0]
    assert "parts.0.gpu.tdp_w" in cat.problems[1]
    assert "already defined" in cat.problems[2]
    assert "neg" not in cat and cat.get("h100-sxm5").name.startswith("NVIDIA")


def test_unknown_part_raises_a_clear_error():
    with pytest.raises(UnknownPartError, match="unknown part 'nope'"):
        Catalog().get("nope")


def test_add_file_rejects_duplicates_within_one_catalog():
    cat = Catalog()
    text = json.dumps({"parts": [_user_part()]})
    cat.add_file("one.json", text, user=True)
    with pytest.raises(CatalogError, match="already defined in one.json"):
        cat.add_file("two.json", text, user=True)
