"""Each rule: take a reference design, break it minimally, and check exactly the expected rule fires."""

import pytest

from designer.model import edits
from designer.model.design import Design, Link, LinkKind, Placement, Redundancy
from designer.rules import RULES, Severity, check
from designer.templates import TEMPLATES

SERIOUS = (Severity.ERROR, Severity.WARNING)


def serious(report):
    return [v for v in report.active if v.severity in SERIOUS]


def new_rules(catalog, before: Design, after: Design) -> set[str]:
    """Rule ids of errors and warnings that the break added."""
    old = {(v.rule, v.message) for v in serious(check(before, catalog))}
    return {v.rule for v in serious(check(after, catalog)) if (v.rule, v.message) not in old}


def fired(catalog, design, rule_id):
    return [v for v in check(design, catalog).active if v.rule == rule_id]


def link_between(design, a, b):
    return next(lk for lk in design.links if {lk.a, lk.b} == {a, b})


@pytest.mark.parametrize("template_id", list(TEMPLATES))
def test_reference_designs_have_no_errors(catalog, design_of, template_id):
    report = check(design_of(template_id), catalog)
    assert [v.message for v in report.active if v.severity is Severity.ERROR] == []


def test_only_the_consumer_box_carries_warnings(catalog, design_of):
    warned = {t for t in TEMPLATES if any(v.severity is Severity.WARNING for v in check(design_of(t), catalog).active)}
    # The H800 box and the XE9680 run 3+3 x 3.2 kW: the three surviving PSUs would carry 96 % of their rating
    # (Dell's fault-tolerant mode caps GPU power after a grid loss for this reason); the GB300 NVL72's 8 shelves
    # under N+N leave 132 kW for a 131.2 kW DC load (NVIDIA gives up to 142 kW per rack and no shelf policy)
    assert warned == {"rtx-pcie-8", "hgx-h800", "dell-xe9680", "gb300-nvl72"}
    rules = {v.rule for v in serious(check(design_of("rtx-pcie-8"), catalog))}
    assert rules == {"net.gpu_nic_affinity", "net.gpu_nic_one_to_one", "net.scaleout_per_gpu",
                     "resilience.single_failure"}


def test_every_registered_rule_runs(catalog, design_of):
    report = check(design_of("dgx-h100"), catalog)
    assert set(report.rules_run) == set(RULES) and len(RULES) >= 20


# --- physical -------------------------------------------------------------------------------
def test_slot_count_psu_bays(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.add_components(d, [Placement(id="psu6", part="psu-3300")])
    assert new_rules(catalog, d, broken) == {"physical.slot_count"}
    (v,) = fired(catalog, broken, "physical.slot_count")
    assert "7 parts need PSU bays" in v.message and "has 6" in v.message and v.ids == ("psu6",)


def test_slot_conflict(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.update_component(d, "gpu3", slot=2)
    assert new_rules(catalog, d, broken) == {"physical.slot_count"}
    msg = fired(catalog, broken, "physical.slot_count")[0].message
    assert "gpu2 and gpu3 both occupy SXM baseboard positions #2" in msg


def test_form_factor_oam_in_an_sxm_chassis(catalog, design_of):
    d = design_of("amd-mi300x")
    broken = edits.set_chassis(d, "chassis-hgx-6u")
    assert new_rules(catalog, d, broken) == {"physical.form_factor"}
    msg = fired(catalog, broken, "physical.form_factor")[0].message
    assert "(OAM) needs OAM positions on a UBB" in msg and "8 SXM baseboard positions" in msg


def test_rack_units(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.set_settings(d, nodes_per_rack=6)
    # 6 x 10.2 kW of air is also over the 40 kW air-cooled rack default (power.rack_density)
    assert new_rules(catalog, d, broken) == {"physical.rack_units", "power.rack_density"}
    assert "6 nodes x 8U = 48U exceeds the 42U rack" in fired(catalog, broken, "physical.rack_units")[0].message


def test_mixed_accelerators_in_one_domain(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.replace_parts(d, ["gpu7"], "h200-sxm")
    assert new_rules(catalog, d, broken) == {"physical.mixed_accelerators"}
    assert "h100-sxm5, h200-sxm" in fired(catalog, broken, "physical.mixed_accelerators")[0].message


# --- scale-up -------------------------------------------------------------------------------
def test_mixed_link_generations(catalog, design_of):
    d = design_of("dgx-a100")
    broken = edits.replace_parts(d, [f"nvs{i}" for i in range(6)], "nvswitch-gen3")
    assert new_rules(catalog, d, broken) == {"scaleup.fabric_mismatch"}
    assert "(nvlink3) and NVIDIA NVSwitch gen3 (H100/H200) (nvlink4) are different link generations" in \
        fired(catalog, broken, "scaleup.fabric_mismatch")[0].message


def test_gpu_ports_exceeded(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.update_link(d, link_between(d, "gpu0", "nvs0").id, count=6)
    assert new_rules(catalog, d, broken) == {"scaleup.gpu_ports_exceeded"}
    assert "gpu0 uses 19 scale-up links; NVIDIA H100 SXM5 80GB has 18" in \
        fired(catalog, broken, "scaleup.gpu_ports_exceeded")[0].message


def test_switch_ports_exceeded(catalog, design_of):
    d = design_of("dgx-b200")
    broken = edits.remove_components(d, ["nvs1"])
    for i in range(8):
        broken = edits.update_link(broken, link_between(broken, f"gpu{i}", "nvs0").id, count=18)
    assert new_rules(catalog, d, broken) == {"scaleup.switch_ports_exceeded"}
    assert "nvs0 needs 144 ports" in fired(catalog, broken, "scaleup.switch_ports_exceeded")[0].message


def test_missing_nvswitch_on_hgx_h100_is_an_error_naming_the_lost_bandwidth(catalog, design_of):
    # HGX H100: 18 NVLinks of 25 GB/s/dir per GPU over 4 NVSwitch chips; 5 of them run to the missing chip
    d = design_of("dgx-h100")
    broken = edits.remove_components(d, ["nvs3"])
    assert new_rules(catalog, d, broken) == {"scaleup.baseboard_switch_missing"}
    (v,) = fired(catalog, broken, "scaleup.baseboard_switch_missing")
    assert v.severity is Severity.ERROR and len(v.ids) == 8
    assert ("use 13 of 18 nvlink4 links: 125 of 450 GB/s per direction per GPU lost (2.00 TB/s bidirectional"
            in v.message)
    assert "cannot be re-wired" in v.message


def test_missing_nvswitch_on_hgx_a100_is_an_error_naming_the_lost_bandwidth(catalog, design_of):
    # HGX A100: 12 NVLinks of 25 GB/s/dir per GPU, 2 to each of 6 NVSwitch chips
    d = design_of("dgx-a100")
    broken = edits.remove_components(d, ["nvs5"])
    assert new_rules(catalog, d, broken) == {"scaleup.baseboard_switch_missing"}
    (v,) = fired(catalog, broken, "scaleup.baseboard_switch_missing")
    assert "use 10 of 12 nvlink3 links: 50 of 300 GB/s per direction per GPU lost" in v.message


def test_one_nvlink_removed_is_an_uneven_plane(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.update_link(d, link_between(d, "gpu0", "nvs1").id, count=3)
    assert new_rules(catalog, d, broken) == {"scaleup.uneven_planes"}
    (v,) = fired(catalog, broken, "scaleup.uneven_planes")
    assert "gpu0 reaches with 3 links plane nvs1 where the other GPUs use 4" in v.message
    assert "drops by 25 GB/s per direction" in v.message and v.ids == ("gpu0", "nvs1")


def test_unreachable_pair_in_a_mesh(catalog, design_of):
    d = design_of("amd-mi300x")
    broken = edits.remove_links(d, [link_between(d, "gpu0", "gpu1").id])
    # the MI300X links are traces on the OAM UBB: a missing one is lost bandwidth (an error), not an idle port
    assert new_rules(catalog, d, broken) == {"scaleup.unreachable", "scaleup.baseboard_switch_missing"}
    (v,) = fired(catalog, broken, "scaleup.unreachable")
    assert v.message == "gpu0 and gpu1 share no scale-up path: PCIe only" and v.severity is Severity.WARNING
    assert "auto-wire" not in v.fix and "connect" not in v.fix


def test_export_limited_parts_are_flagged_as_info(catalog, design_of):
    (v,) = fired(catalog, design_of("hgx-h800"), "scaleup.export_limited")
    assert v.severity is Severity.INFO and "8 links, 200 GB/s per direction per GPU" in v.message


# --- PCIe -----------------------------------------------------------------------------------
def test_root_complex_lanes(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.update_link(d, link_between(d, "psw0", "cpu0").id, count=64)
    assert new_rules(catalog, d, broken) == {"pcie.lanes_oversubscribed"}
    assert "cpu0 (root complex) carries 96 lanes; Intel Xeon Platinum 8480C (Sapphire Rapids) provides 80" in \
        fired(catalog, broken, "pcie.lanes_oversubscribed")[0].message


def test_link_wider_than_the_device(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.update_link(d, link_between(d, "nic0", "psw0").id, count=32)
    assert new_rules(catalog, d, broken) == {"pcie.link_width"}


def test_400g_nic_on_gen4_x8(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.update_link(d, link_between(d, "nic0", "psw0").id, count=8, pcie_gen=4)
    assert new_rules(catalog, d, broken) == {"pcie.nic_link_speed"}
    msg = fired(catalog, broken, "pcie.nic_link_speed")[0].message
    assert "nic0 (400 Gb/s = 50.0 GB/s per direction) has a x8 PCIe link of 15.8 GB/s per direction: 32% of line rate" \
        in msg


def test_switch_uplink_oversubscription(catalog, design_of):
    d = design_of("supermicro-pcie-l40s")
    broken = edits.update_link(d, link_between(d, "psw0", "cpu0").id, count=4)
    assert new_rules(catalog, d, broken) == {"pcie.uplink_oversubscribed"}
    assert "126 GB/s per direction to the host over a 16 GB/s uplink (8.0:1)" in \
        fired(catalog, broken, "pcie.uplink_oversubscribed")[0].message


# --- scale-out ------------------------------------------------------------------------------
def test_scaleout_per_gpu(catalog, design_of):
    d = design_of("dgx-a100")
    broken = edits.remove_components(d, ["nic1", "nic3", "nic5", "nic7"])
    # two GPUs now share each remaining NIC, which the 1:1 rule names too
    assert new_rules(catalog, d, broken) == {"net.scaleout_per_gpu", "net.gpu_nic_one_to_one"}
    assert "= 100 Gb/s per GPU" in fired(catalog, broken, "net.scaleout_per_gpu")[0].message


def test_nics_moved_to_one_socket_cross_the_socket_link(catalog, design_of):
    d = design_of("dgx-h100")
    broken = d
    for i, psw in zip(range(4, 8), ["psw0", "psw0", "psw1", "psw1"], strict=True):
        broken = edits.update_link(broken, next(lk for lk in broken.links if lk.a == f"nic{i}" and
                                                lk.kind is LinkKind.PCIE).id, b=psw)
    assert new_rules(catalog, d, broken) == {"net.gpu_nic_affinity"}
    (v,) = [v for v in fired(catalog, broken, "net.gpu_nic_affinity") if v.severity is Severity.WARNING]
    assert "(gpu4, gpu5, gpu6, gpu7) reach their nearest NIC across the CPU socket link (SYS)" in v.message


def test_nic_without_a_network_link(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.remove_links(d, [link_between(d, "nic3", "fabric0").id])
    # gpu3 then shares nic2 with gpu2
    assert new_rules(catalog, d, broken) == {"net.nic_unconnected", "net.gpu_nic_one_to_one"}


# --- power and cooling ----------------------------------------------------------------------
def test_remove_a_psu_breaks_n_plus_n(catalog, design_of):
    d = design_of("dgx-a100")
    broken = edits.remove_components(d, ["psu5"])
    assert new_rules(catalog, d, broken) == {"power.psu_redundancy"}
    msgs = [v.message for v in fired(catalog, broken, "power.psu_redundancy")]
    # DGX A100 at its published 6.5 kW maximum is ~5.96 kW DC: two surviving 3 kW PSUs would run at 99 %
    assert any("N+N with 5 x 3,000 W leaves 2 PSUs (6,000 W) for a 5,964 W load: 99% of their rating" in m
               for m in msgs)
    assert any("N+N needs an even number of PSUs" in m for m in msgs)


def test_too_few_psus_to_run(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.remove_components(d, ["psu2", "psu3", "psu4", "psu5"])
    # two PSUs past full load lose more (80 PLUS 91 % at 100 %): more heat, further from the published maximum
    assert new_rules(catalog, d, broken) == {"power.psu_capacity", "power.published_maximum", "cooling.capacity"}
    msg = fired(catalog, broken, "power.psu_capacity")[0].message
    assert "exceeds all 2 PSUs together (2 x 3,300 W = 6,600 W)" in msg


def test_no_redundancy_is_reported_by_resilience(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.set_settings(edits.remove_components(d, ["psu3", "psu4", "psu5"]), psu_redundancy=Redundancy.NONE)
    assert "resilience.single_failure" in new_rules(catalog, d, broken)
    assert any("one failed PSU leaves 6,600 W for a 9,788 W load" in v.message
               for v in fired(catalog, broken, "resilience.single_failure"))


def test_rack_power_budget(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.set_settings(d, nodes_per_rack=4, rack_power_budget_w=20_000)
    assert new_rules(catalog, d, broken) == {"power.rack_budget"}
    assert "4 nodes x 10.2 kW = 40.8 kW at the wall exceeds the 20.0 kW rack budget" in \
        fired(catalog, broken, "power.rack_budget")[0].message


def test_cooling_capacity_names_btu_and_cfm(catalog, design_of):
    d = design_of("dgx-b200")
    broken = edits.replace_parts(d, ["cool0"], "fan-wall-8u")
    assert new_rules(catalog, d, broken) == {"cooling.capacity"}
    msg = fired(catalog, broken, "cooling.capacity")[0].message
    assert "BTU/hr" in msg and "CFM" in msg and "exceeds the 10,500 W the cooling removes" in msg


def test_1400w_accelerators_on_air(catalog, design_of):
    d = design_of("amd-mi300x")
    broken = edits.replace_parts(d, [f"gpu{i}" for i in range(8)], "mi355x")
    # eight 1,400 W parts also outgrow the fan wall and the 5+1 PSUs: those rules say so too
    assert new_rules(catalog, d, broken) == {"cooling.liquid_required", "cooling.capacity", "power.psu_redundancy"}
    assert "AMD Instinct MI355X 288GB at 1,400 W is built for liquid cooling; this design is air-cooled" in \
        fired(catalog, broken, "cooling.liquid_required")[0].message


def test_liquid_loop_in_an_air_chassis(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.replace_parts(d, ["cool0"], "cold-plate-loop")
    # without the fan wall the node no longer matches DGX H100's published maximum either
    assert new_rules(catalog, d, broken) == {"cooling.type_mismatch", "power.published_maximum"}


# --- resilience -----------------------------------------------------------------------------
def test_a_single_switch_with_no_other_path_is_an_error(catalog):
    design = Design(chassis="chassis-dgx-h100", components=[
        Placement(id="gpu0", part="h100-sxm5"), Placement(id="gpu1", part="h100-sxm5"),
        Placement(id="nvs0", part="nvswitch-gen3")],
        links=[Link(id="l0", kind=LinkKind.NVLINK, a="gpu0", b="nvs0", count=18),
               Link(id="l1", kind=LinkKind.NVLINK, a="gpu1", b="nvs0", count=18)])
    report = check(design, catalog, rules=["resilience.single_failure"])
    errors = [v for v in report.active if v.severity is Severity.ERROR]
    # one of the 18 physical NVLinks failing leaves 17; only the whole plane cuts the pair apart
    assert {v.message for v in errors} == {"a failed switch plane nvs0 leaves gpu0 and gpu1 with no path at all"}


def test_switch_plane_failure_is_not_graceful_on_dgx_h100(catalog, design_of):
    # NVIDIA Fabric Manager User Guide, NVSWITCH_FAILURE_MODE=0 (the default; =1 is DGX A100 / HGX A100 only): one
    # failed NVSwitch leaves the fabric uninitialised; the old "-28%" figure is no documented behaviour
    msgs = [v.message for v in check(design_of("dgx-h100"), catalog).violations if v.rule.startswith("resilience.")]
    assert not any("-28%" in m or "-6%" in m for m in msgs)
    assert any("leaves the fabric uninitialised" in m for m in msgs)


def test_two_kinds_of_link_between_one_pair(catalog, design_of):
    d = design_of("dgx-h100")
    broken = edits.add_links(d, [Link(id="lx", kind=LinkKind.PCIE, a="gpu0", b="nvs0", count=16)])
    assert new_rules(catalog, d, broken) == {"physical.link_conflict"}
    (v,) = fired(catalog, broken, "physical.link_conflict")
    assert v.message == ("lx is a pcie link between gpu0 and nvs0, which already have a nvlink link: "
                         "it is not counted")


def test_one_failed_psu_is_said_against_the_usable_capacity_the_sheet_shows(catalog, design_of):
    """A rack's PSU line used to say "one failed PSU leaves 47 x 5,500 W = 258,500 W" beside the sheet's "N+N:
    132,000 W usable": two figures on different bases. Where the policy plans for the failure it now names the usable
    capacity that stands (the budget's usable_w); without redundancy the remaining PSUs' capacity, as before."""
    from designer.model.budget import power_budget

    rack = design_of("gb200-nvl72")
    usable = power_budget(rack, catalog).usable_w
    line = next(v.message for v in check(rack, catalog).active if v.message.startswith("one failed PSU"))
    assert f"the {usable:,.0f} W usable under N+N still carries" in line and "258,500" not in line
