"""The fabric failure policy: one failed link or switch as the platform's vendor documents it.

Expected behaviour comes from the documents, not the code:
- NVIDIA Fabric Manager User Guide, 'Supported High Availability Modes', bare metal behavior (NVIDIA),
  https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/index.html:
  ACCESS_LINK_FAILURE_MODE=0 (default): the GPU with a failed access NVLink is removed from NVSwitch routing, the
  rest form one memory fabric; NVSWITCH_FAILURE_MODE=0 (default): FM leaves the system uninitialised and CUDA
  launches fail (cudaErrorSystemNotReady); the =1 modes disable the switch (5/6 of the bandwidth) and are
  effective only on DGX A100 / HGX A100.
- NMX Manager (NMX-M) Documentation v85.1.1000, 'Partition Health' (NVIDIA),
  https://docs.nvidia.com/networking/display/nmxmv8511000/partition+health: a full-bandwidth partition that loses
  a switch is UNHEALTHY (not operational); an adaptive-bandwidth partition keeps all GPUs at degraded bandwidth.
The tool used to report -6% for one NVLink, -28% (H100) / -50% (B200) for one NVSwitch and -11% (info) for an
NVL72 switch tray.
"""

from __future__ import annotations

import json

import pytest

from designer.analysis import headline_figures
from designer.cli.info import info_dict
from designer.cli.main import main
from designer.io.files import load_design, save_design
from designer.model import edits
from designer.rules import check
from designer.rules.engine import Severity
from designer.simulation import SimConfig, simulate
from designer.templates import TEMPLATES
from designer.topology.figures import key_figures

FM_URL = "https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/index.html"
NMX_URL = "https://docs.nvidia.com/networking/display/nmxmv8511000/partition+health"
H100_PER_DIR = 18 * 25  # NVLink4: 18 links of 25 GB/s per direction


def fabric_errors(design, catalog):
    return [v for v in check(design, catalog).violations
            if v.rule == "resilience.fabric_failure" and v.severity is Severity.ERROR]


def test_dgx_h100_one_access_link_takes_its_gpu_out_of_nvlink_routing():
    data = info_dict("dgx-h100")["failures"]
    line = data["one_link"]["text"]
    assert "gpu0 leaves NVLink routing (Fabric Manager ACCESS_LINK_FAILURE_MODE=0)" in line
    assert f"the other 7 keep {H100_PER_DIR} GB/s per direction" in line and "runs on 7" in line
    assert "-6%" not in line and data["one_link"]["drop"] == 1.0
    assert data["policy"]["id"] == "fm_default" and data["policy"]["source"]["url"] == FM_URL


@pytest.mark.parametrize("template", ["dgx-h100", "dgx-b200"])
def test_one_nvswitch_leaves_the_fabric_uninitialised_as_an_error(catalog, design_of, template):
    plane = info_dict(template)["failures"]["one_plane"]
    assert "leaves the fabric uninitialised (NVSWITCH_FAILURE_MODE=0)" in plane["text"]
    assert plane["severity"] == "error" and plane["drop"] == 1.0
    design = design_of(template)
    (shipped,) = fabric_errors(design, catalog)
    assert shipped.waived and "Fabric Manager User Guide" in shipped.waiver_reason  # the reference, as shipped
    mine = design.model_copy(update={"waivers": []})  # a user's own HGX design: an active error
    (error,) = fabric_errors(mine, catalog)
    assert not error.waived and set(error.ids) == {c.id for c in design.components if c.id.startswith("nvs")}


def test_a100_degraded_mode_runs_at_five_sixths(catalog, design_of):
    d = edits.set_settings(design_of("dgx-a100"), fabric_failure_policy="fm_degraded")
    k = key_figures(d, catalog)
    assert k.failure_one_plane_drop == pytest.approx(1 - 5 / 6) and k.failure_one_plane_severity == "info"
    assert "Fabric Manager disables nvs0 (ACCESS_LINK_FAILURE_MODE=1)" in k.failure_one_link
    assert fabric_errors(d, catalog) == []


def test_degraded_mode_is_not_effective_on_h100(catalog, design_of):
    d = edits.set_settings(design_of("dgx-h100"), fabric_failure_policy="fm_degraded")
    warnings = [v for v in check(d, catalog).active if v.severity is Severity.WARNING]
    assert [v.message for v in warnings] == [
        "the failure policy fm_degraded is not effective on this platform (nvswitch); fm_default applies"]
    assert key_figures(d, catalog).failure_policy["not_effective"] is True
    assert fabric_errors(d, catalog)  # the default's consequence stands


def test_nvl72_full_bandwidth_loses_the_partition_adaptive_runs_degraded(catalog, design_of):
    rack = design_of("gb200-nvl72")
    data = key_figures(rack, catalog)
    assert "becomes UNHEALTHY, not operational (NMX)" in data.failure_one_plane
    assert data.failure_policy["source"]["url"] == NMX_URL
    messages = [v.message for v in fabric_errors(rack, catalog)]
    assert any("NVLink switch tray 1 (nvs0, nvs1) fails" in m and "UNHEALTHY" in m for m in messages)
    assert not any("-11%" in m for m in messages)
    adaptive = edits.set_settings(rack, fabric_failure_policy="nmx_adaptive_bandwidth")
    k = key_figures(adaptive, catalog)
    assert k.failure_one_plane_drop == pytest.approx(1 / 18) and k.failure_one_plane_severity == "info"
    assert fabric_errors(adaptive, catalog) == []


@pytest.mark.parametrize("template", ["amd-mi300x", "gaudi3-8", "huawei-atlas-910b"])
def test_no_published_policy_says_so_and_what_is_assumed(template):
    data = info_dict(template)["failures"]
    assert data["policy"]["documented"] is False and data["policy"]["id"] == "assumed_link_loss"
    assert "no vendor failure policy published; assumed" in data["one_link"]["text"]


def test_every_nvswitch_template_cites_its_document(catalog, design_of):
    for tid in TEMPLATES:
        policy = key_figures(design_of(tid), catalog).failure_policy
        if policy is not None and policy["platform"] != "mesh":
            assert policy["documented"] and policy["source"]["url"] in (FM_URL, NMX_URL), tid


def test_what_if_follows_the_policy(catalog, design_of):
    d = design_of("dgx-h100")
    down = simulate(d, catalog, SimConfig(collectives=("allreduce",), sizes=(1 << 30,), fail=("nvs0",)))
    assert str(down.notes[0]).startswith("failed nvs0: Fabric Manager leaves the fabric uninitialised")
    figures = {str(h.label): str(h.value) for h in headline_figures(d, catalog, ("nvs0",))}
    assert figures["AllReduce busbw, 1 GiB"].startswith("none")
    link = next(lk for lk in d.links if {lk.a, lk.b} == {"gpu0", "nvs0"})
    gone = simulate(d, catalog, SimConfig(collectives=("allreduce",), sizes=(1 << 30,), fail=(link.id,)))
    assert str(gone.notes[0]).startswith(f"failed {link.id}: gpu0 leaves NVLink routing")
    assert any("now limited by gpu0 -> psw0 (pcie" in str(n) for n in gone.notes)  # gpu0 has no NVLink left
    assert figures["Scale-up per GPU"] == "0 GB/s per direction"


def test_the_setting_is_saved_and_a_version_1_file_takes_the_platform_default(tmp_path, catalog, design_of):
    d = edits.set_settings(design_of("dgx-a100"), fabric_failure_policy="fm_degraded")
    save_design(d, tmp_path / "a.json")
    raw = json.loads((tmp_path / "a.json").read_text())
    assert raw["schema_version"] == 3 and raw["settings"]["fabric_failure_policy"] == "fm_degraded"
    assert load_design(tmp_path / "a.json", catalog) == d
    raw["schema_version"] = 1
    del raw["settings"]["fabric_failure_policy"]
    (tmp_path / "v1.json").write_text(json.dumps(raw))
    assert load_design(tmp_path / "v1.json", catalog).settings.fabric_failure_policy.value == "platform_default"


def test_an_unknown_policy_is_refused_with_one_line(tmp_path, capsys, design_of):
    raw = json.loads(design_of("dgx-h100").model_dump_json())
    raw["settings"]["fabric_failure_policy"] = "ignore_failures"
    (tmp_path / "bad.json").write_text(json.dumps(raw))
    assert main(["info", str(tmp_path / "bad.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "fabric_failure_policy" in err[0]


def test_the_json_spec_and_the_sheet_carry_the_policy(catalog, design_of):
    from datetime import UTC, datetime

    from designer.export.brand import Brand
    from designer.export.sheet_data import SheetData
    from designer.export.spec import build_spec

    spec = build_spec(design_of("dgx-h100"), catalog)
    assert spec.failures is not None and spec.failures.policy.source.url == FM_URL
    assert spec.failures.one_plane.severity == "error" and "uninitialised" in spec.failures.one_plane.text
    from designer.export.analysis import ExportAnalysis

    analysis = ExportAnalysis(design_of("gb200-nvl72"), catalog, 1, now=datetime(2026, 1, 1, tzinfo=UTC))
    sheet = SheetData(analysis, Brand())
    policy = sheet.rules()["failure_policy"]
    assert policy["name"] == "NMX full-bandwidth partition" and NMX_URL in sheet.refs[policy["refs"][0] - 1]["text"]
