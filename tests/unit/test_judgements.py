"""Judgements an architect expects: failure granularity, labels, NIC affinity, wiring knowledge in one place.

Expected figures are from the vendors' documents:
- H100 SXM5: 18 NVLink4 links of 25 GB/s per direction (NVIDIA H100 datasheet: 900 GB/s bidirectional).
- HGX/DGX B200: 18 NVLink5 links of 50 GB/s per direction over 2 NVLink switch chips (DGX B200 user guide).
- A800 SXM: NVLink 400 GB/s bidirectional (8 of the A100's 12 links) on the HGX A100 board with 6 NVSwitch chips.
- L40S: 48 GB GDDR6; GeForce RTX 4090: 24 GB GDDR6X; A100: no FP8 in its Tensor Cores.
"""

import pytest

from designer.analysis import Analysis
from designer.cli.info import info_dict
from designer.model import edits
from designer.model.wiring import auto_wire
from designer.rules import Severity, check
from designer.templates import TEMPLATES
from designer.topology.figures import key_figures
from designer.topology.graph import build_topology


def fired(catalog, design, rule_id):
    return [v for v in check(design, catalog).active if v.rule == rule_id]


# --- failure granularity ---------------------------------------------------------------------
# Where the platform keeps running degraded, one physical link costs its share and a switch plane its links:
# Fabric Manager's degraded mode on DGX A100 disables the failed link's switch (2 of 12 NVLinks: the guide's 5/6);
# an NMX adaptive-bandwidth partition on GB200 NVL72 loses the link (1 of 18) or the chip (1 of 18).
@pytest.mark.parametrize("template_id,policy,link_drop,plane_drop", [
    ("dgx-a100", "fm_degraded", 2 / 12, 2 / 12), ("gb200-nvl72", "nmx_adaptive_bandwidth", 1 / 18, 1 / 18)])
def test_one_physical_link_costs_one_link_and_a_plane_costs_its_links(catalog, design_of, template_id, policy,
                                                                      link_drop, plane_drop):
    k = key_figures(edits.set_settings(design_of(template_id), fabric_failure_policy=policy), catalog)
    assert k.failure_one_link_drop == pytest.approx(link_drop)
    assert k.failure_one_plane_drop == pytest.approx(plane_drop)
    assert k.failure_one_link_severity == k.failure_one_plane_severity == "info"


def test_info_reports_both_failure_granularities_under_the_default_policy(catalog):
    failures = info_dict("dgx-b200")["failures"]
    link, plane = failures["one_link"]["text"], failures["one_plane"]["text"]
    assert "gpu0 leaves NVLink routing" in link and "keep 900 GB/s" in link
    assert "leaves the fabric uninitialised" in plane
    assert "-6%" not in link and "-50%" not in plane


# --- labels ----------------------------------------------------------------------------------
@pytest.mark.parametrize("template_id,kind", [("supermicro-pcie-l40s", "GDDR6"), ("rtx-pcie-8", "GDDR6X"),
                                              ("dgx-h100", "HBM"), ("amd-mi300x", "HBM")])
def test_gpu_memory_is_labelled_by_its_kind(catalog, design_of, template_id, kind):
    a = Analysis(design_of(template_id), catalog)
    assert a.figures.memory_kind == kind
    assert f"{kind} " in a.status_line()


def test_a_part_without_fp8_shows_not_supported(catalog, design_of, capsys):
    k = key_figures(design_of("dgx-a100"), catalog)
    assert k.fp8_dense_pflops is None and k.fp8_supported is False
    assert k.bf16_dense_pflops == pytest.approx(8 * 0.312)
    from designer.cli.main import main
    assert main(["info", "dgx-a100"]) == 0
    assert "2.50 PFLOPS / not supported" in capsys.readouterr().out


def test_ascend_bf16_is_unknown_not_its_fp16_figure(catalog, design_of):
    assert catalog.get("ascend-910b").bf16_dense_tflops is None  # Huawei publishes 320 TFLOPS FP16 only
    assert key_figures(design_of("huawei-atlas-910b"), catalog).bf16_dense_pflops is None


def test_npus_are_called_accelerators(catalog, design_of, capsys):
    a = Analysis(design_of("huawei-atlas-910b"), catalog)
    assert a.status_line().startswith("8 accelerators | scale-up 196 GB/s per accelerator per direction")
    from designer.cli.main import main
    main(["info", "huawei-atlas-910b"])
    out = capsys.readouterr().out
    assert "Accelerators" in out and "per accelerator" in out and "GPU" not in out.replace("GPUs", "")
    assert Analysis(design_of("dgx-h100"), catalog).status_line().startswith("8 GPUs")


# --- template facts --------------------------------------------------------------------------
def test_a800_board_has_six_nvswitch_chips_and_400_gbytes_bidirectional(catalog, design_of):
    d = design_of("hgx-a800")
    assert sum(c.part == "nvswitch-gen2" for c in d.components) == 6
    k = key_figures(d, catalog)
    assert k.scaleup_gbytes_s_per_gpu_bidir == 400
    assert [v for v in check(d, catalog).active if v.severity is Severity.ERROR] == []


# --- NIC affinity ----------------------------------------------------------------------------
def test_two_gpus_sharing_a_rail_nic_is_flagged_with_the_share(catalog, design_of):
    d = edits.remove_components(design_of("dgx-h100"), ["nic1"])
    (v,) = fired(catalog, d, "net.gpu_nic_one_to_one")
    assert v.severity is Severity.WARNING
    assert "gpu0, gpu1 share nic0: 200 Gb/s of scale-out per GPU instead of 400 Gb/s" in v.message


def test_a_nic_on_the_far_socket_is_flagged(catalog, design_of):
    # only the NICs of socket 0 left: GPUs 4-7 (socket 1) reach a NIC across the socket link
    d = edits.remove_components(design_of("dgx-h100"), [f"nic{i}" for i in range(4, 8)])
    (v,) = [v for v in fired(catalog, d, "net.gpu_nic_affinity") if "(SYS)" in v.message]
    assert v.severity is Severity.WARNING and v.ids == ("gpu4", "gpu5", "gpu6", "gpu7")
    assert "GPUDirect RDMA at most" in v.message


# --- wiring knowledge in one place -----------------------------------------------------------
def bare(design):
    return design.model_copy(update={"links": []})


def link_set(design):
    return {(lk.kind, frozenset((lk.a, lk.b)), lk.count) for lk in design.links}


# Not rebuilt by auto-wire: NPU-attached RoCE (Atlas 910B, Gaudi 3's on-die scale-out ports) and H100 NVL bridged
# pairs (which cards a bridge joins is a build choice, not a wiring rule).
@pytest.mark.parametrize("template_id", [t for t in TEMPLATES
                                         if t not in {"huawei-atlas-910b", "gaudi3-8", "h100-nvl-pcie"}])
def test_auto_wire_rebuilds_the_reference_wiring(catalog, design_of, template_id):
    d = design_of(template_id)
    assert link_set(auto_wire(bare(d), catalog)) == link_set(d)


def test_auto_wire_keeps_storage_nics_off_the_compute_fabric(catalog, design_of):
    d = design_of("dgx-h100")
    wired = auto_wire(bare(d), catalog)
    assert key_figures(wired, catalog).scaleout_gbit_s_per_gpu == 400  # 8 x 400G rail NICs, not 500
    topo = build_topology(wired, catalog)
    assert set(topo.nics("storage")) == {"snic0", "snic1"}


def test_auto_wire_gives_the_l40s_switches_x32_uplinks(catalog, design_of):
    wired = auto_wire(bare(design_of("supermicro-pcie-l40s")), catalog)
    uplinks = [lk.count for lk in wired.links if {lk.a[:3], lk.b[:3]} == {"psw", "cpu"}]
    assert uplinks == [32, 32]


# --- PSU policies and doubtful template facts, each against its document -----------------------
@pytest.mark.parametrize("template_id,psus,rating,policy", [
    ("dgx-a100", 6, 3000, "N+N"),  # DGX A100: 6 x 3 kW, 3+3 (pcnews.ru on the DGX A100 documentation)
    ("dgx-h100", 6, 3300, "N+2"),  # DGX H100 user guide: 6 x 3.3 kW, 4+2
    ("dgx-b200", 6, 3300, "N+1"),  # DGX B200 user guide: 6 x 3.3 kW, 5+1
    ("dell-xe9680", 6, 3200, "N+N"),  # StorageReview XE9680 review: 6 PSUs, 3+3 fault tolerant
])
def test_psu_policy_as_the_vendor_configures_it(catalog, design_of, template_id, psus, rating, policy):
    from designer.model.budget import power_budget
    b = power_budget(design_of(template_id), catalog)
    assert (b.psu_count, b.psu_unit_w, b.redundancy.value) == (psus, rating, policy)


def test_hpe_xd670_is_an_air_cooled_5u_server(catalog, design_of):
    d = design_of("hpe-xd670")
    chassis = catalog.chassis(d.chassis)
    assert chassis.rack_units == 5 and chassis.cooling_type.value == "air"
    assert {catalog.get(c.part).cooling_type.value for c in d.components if c.part.startswith("fan-wall")} == {"air"}
    assert "liquid" not in Analysis(d, catalog).design.meta.name.lower()
    assert catalog.chassis("chassis-hgx-5u-dlc").cooling_type.value == "cold_plate"  # the DLC variant stays


def test_atlas_800t_a2_is_4u(catalog, design_of):
    assert catalog.chassis(design_of("huawei-atlas-910b").chassis).rack_units == 4


def test_unverified_quad_gh200_facts_are_low_confidence_and_say_so(catalog, design_of):
    d = design_of("gh200-quad")
    chassis = catalog.chassis(d.chassis)
    assert chassis.confidence.value == "L" and "power shelves" in chassis.notes
    assert "assumptions" in d.meta.description


# --- sources ---------------------------------------------------------------------------------
def test_every_catalog_figure_cites_a_public_document(catalog):
    import re
    for part in catalog:
        src = part.source
        assert ".md" not in src and "hardware-facts" not in src and "recalled" not in src, part.id
        documented = "http" in src or re.search(r"\b[A-Z]{2}-\d{4,}", src)
        assert documented or src.startswith("assumption"), f"{part.id}: {src}"
        assert part.confidence.value in "HML"
    for chassis in catalog.of_kind("chassis"):
        if chassis.published_max_power_w is not None:
            assert "docs.nvidia.com" in chassis.published_power_source


# --- socket interconnect -------------------------------------------------------------------------
@pytest.mark.parametrize("template_id,pairs,gbytes_s", [
    ("dgx-h100", 1, 4 * 32),  # Xeon 8480C: 4 UPI 2.0 links x 16 GT/s x 2 B (Intel ARK; UPI 2 B per transfer)
    ("dgx-b200", 1, 4 * 40),  # Xeon 8570: 4 UPI links x 20 GT/s
    ("dgx-a100", 1, 4 * 36),  # EPYC 7742: 4 xGMI x16 links at 18 GT/s (AMD EPYC 7002 overview)
    ("amd-mi300x", 1, 4 * 64),  # EPYC 9654: 4 xGMI-3 x16 links at 32 Gb/s
    ("huawei-atlas-910b", 6, 12),  # 4 Kunpeng 920: one x8 Hydra link per pair at 12 GT/s (WikiChip 'Hydra')
])
def test_socket_links_carry_the_published_interconnect(catalog, design_of, template_id, pairs, gbytes_s):
    topo = build_topology(design_of(template_id), catalog)
    sockets = [d for _, _, d in topo.graph.edges(data=True) if d["kind"].value == "socket"]
    assert len(sockets) == pairs
    assert all(d["capacity"] == pytest.approx(gbytes_s) and not d["assumed"] for d in sockets)


def test_rule_messages_call_npus_accelerators(catalog, design_of):
    msgs = [v.message for v in check(design_of("huawei-atlas-910b"), catalog).active]
    assert any("a pair of accelerators without a scale-up path" in m for m in msgs)
    assert not any("GPU" in m for m in msgs)
