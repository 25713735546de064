"""The GB200 NVL72 rack as one design: its trays, its 72-GPU NVLink domain, its power, its single failures.

Expected figures come from public documents, not from the code:
- NVIDIA DGX GB200 User Guide, Hardware (NVIDIA, 2024), https://docs.nvidia.com/dgx/dgxgb200-user-guide/hardware.html:
  18 x 1RU compute trays of 2 Grace CPUs and 4 Blackwell GPUs, 9 x 1RU NVLink switch trays.
- NVIDIA GB200 NVL72 product page (NVIDIA, 2024), https://www.nvidia.com/en-us/data-center/gb200-nvl72/:
  fifth-generation NVLink 1.8 TB/s per GPU (bidirectional, so 900 GB/s per direction), 130 TB/s for the rack,
  up to 13.4 TB HBM3e.
- NVIDIA Mission Control manual, 'BCM Power Shelf Integration' (NVIDIA, 2025),
  https://docs.nvidia.com/base-command-manager/product-manuals/nvidia-mission-control/powershelf: 8 power shelves of
  6 PSUs rated 5.5 kW (33 kW per shelf).
- TechRadar, 'This is what Nvidia's exaflop supercomputer-in-a-rack looks like' (Future plc, 2024-03), from
  ServeTheHome's GTC 2024 report: the DGX GB200 NVL72 draws 120 kW.
- NVLink 5: 18 links of 50 GB/s per direction per Blackwell GPU (NVIDIA Blackwell datasheet): a switch tray holds 2
  of the 18 switch chips, so its failure takes 2 of each GPU's 18 links.
"""

from __future__ import annotations

import pytest

from designer.model import edits
from designer.model.layout import chassis_layout
from designer.model.parts import SlotKind
from designer.rules import check
from designer.rules.engine import Severity
from designer.simulation.model import SimConfig, simulate
from designer.templates import build_template
from designer.topology.figures import key_figures
from designer.topology.graph import SCALEUP, build_topology
from designer.topology.trays import tray_parts

PER_DIR_GBYTES_S = 1800 / 2  # 1.8 TB/s per GPU bidirectional


@pytest.fixture(scope="module")
def rack(catalog):
    return build_template("gb200-nvl72", catalog)


def test_the_rack_validates_without_errors_or_warnings(catalog, rack):
    report = check(rack, catalog)
    assert report.count(Severity.ERROR) == 0 and report.count(Severity.WARNING) == 0, [
        v.message for v in report.active if v.severity is not Severity.INFO]


def test_72_gpus_in_one_domain_at_900_gbytes_per_direction(catalog, rack):
    k = key_figures(rack, catalog)
    assert k.gpu_count == 72
    assert k.scaleup_gbytes_s_per_gpu_per_dir == PER_DIR_GBYTES_S
    assert k.scaleup_total_gbytes_s_bidir / 1000 == pytest.approx(130, rel=0.01)  # 130 TB/s per rack
    assert k.hbm_total_gb / 1000 == pytest.approx(13.4, rel=0.01)  # 13.4 TB HBM3e
    topo = build_topology(rack, catalog)
    pairs = {topo.max_flow(SCALEUP, ["gpu0"], [g]) for g in ("gpu1", "gpu40", "gpu71")}
    assert pairs == {PER_DIR_GBYTES_S}  # a pair in one tray and pairs across trays: the same bandwidth


def test_trays_hold_what_the_user_guide_lists(catalog, rack):
    trays = tray_parts(build_topology(rack, catalog))
    compute = [t for t in trays if t.tray.kind == "compute"]
    switch = [t for t in trays if t.tray.kind == "switch"]
    power = [t for t in trays if t.tray.kind == "power"]
    assert len(compute) == 18 and len(switch) == 9 and len(power) == 8
    for t in compute:
        assert sum(c.startswith("gpu") for c in t.ids) == 4 and sum(c.startswith("cpu") for c in t.ids) == 2
    assert all(sum(c.startswith("nvs") for c in t.ids) == 2 for t in switch)
    assert all(sum(c.startswith("psu") for c in t.ids) == 6 for t in power)
    assert all(t.tray.height_u == 1 for t in compute + switch + power)  # 1RU trays and shelves


def test_each_gpu_is_drawn_inside_its_tray_row(catalog, rack):
    layout = chassis_layout(catalog.chassis(rack.chassis))
    topo = build_topology(rack, catalog)
    rows = {t.tray.name: layout.zones[t.tray.name] for t in tray_parts(topo)}
    for t in tray_parts(topo):
        _, y, _, h = rows[t.tray.name]
        for cid in t.ids:
            comp = rack.component(cid)
            kind = SlotKind.SUPERCHIP if cid.startswith("gpu") else None
            if kind is None:
                continue
            _, sy, _, sh = layout.slot(kind, comp.slot).rect
            assert y <= sy and sy + sh <= y + h, cid
    # ten compute trays above the nine switch trays, eight below (the photographed rack)
    names = list(layout.zones)
    first_switch = names.index("NVLink switch tray 1")
    assert names[first_switch - 1] == "Compute tray 10" and names[first_switch + 9] == "Compute tray 11"


def test_rack_power_is_near_the_published_120_kw(catalog, rack):
    k = key_figures(rack, catalog)
    assert k.wall_peak_w == pytest.approx(120_000, rel=0.10)
    assert k.psu_usable_w == 8 * 33_000 / 2  # 8 shelves of 33 kW on two feeds (N+N)


def test_single_failures_of_a_switch_tray_a_compute_tray_and_a_power_shelf(catalog, rack):
    # the tray figures are what an adaptive-bandwidth partition runs at (NMX-M 'Partition Health': it runs
    # degraded); a full-bandwidth partition goes unhealthy instead (tests/unit/test_failure_policy.py)
    adaptive = edits.set_settings(rack, fabric_failure_policy="nmx_adaptive_bandwidth")
    messages = [v.message for v in check(adaptive, catalog, rules=["resilience.single_failure"]).active]
    two_links = 2 * PER_DIR_GBYTES_S / 18
    assert any(f"{PER_DIR_GBYTES_S:.0f} -> {PER_DIR_GBYTES_S - two_links:.0f} GB/s per direction (-11%)" in m
               and "NVLink switch tray" in m for m in messages)
    assert any("takes 4 of 72 GPUs out of the scale-up domain" in m for m in messages)
    assert any(f"leaves {7 * 33_000:,} W of {8 * 33_000:,} W installed" in m for m in messages)
    one_link = PER_DIR_GBYTES_S / 18
    assert any(f"-> {PER_DIR_GBYTES_S - one_link:.0f} GB/s per direction" in m and m.startswith("link ")
               for m in messages)


def test_a_switch_tray_failure_becomes_an_error_when_it_cuts_a_pair(catalog, rack):
    # every GPU's links on the first switch tray only: that tray's failure leaves them no NVLink at all, even in
    # an adaptive-bandwidth partition
    keep = {"nvs0", "nvs1"}
    links = [lk for lk in rack.links if lk.kind != "nvlink" or lk.b in keep]
    cut = edits.set_settings(rack.model_copy(update={"links": links}),
                             fabric_failure_policy="nmx_adaptive_bandwidth")
    errors = [v for v in check(cut, catalog, rules=["resilience.single_failure"]).active
              if v.severity is Severity.ERROR and "NVLink switch tray" in v.message]
    assert errors and "-> 0 GB/s" in errors[0].message


def test_nvls_allreduce_runs_over_all_72_gpus(catalog, rack):
    result = simulate(rack, catalog, SimConfig(collectives=("allreduce",), sizes=(1 << 30,)))
    (row,) = result.rows
    assert row.gpus == 72 and row.algorithm.startswith("nvls")  # NVLink SHARP in the 18 switch chips


@pytest.mark.parametrize("template", ["dgx-h100", "dgx-b200", "amd-mi300x", "gb200-nvl72"])
def test_the_closed_form_max_flow_equals_the_general_one(catalog, monkeypatch, template):
    import random

    topo = build_topology(build_template(template, catalog), catalog)
    rng = random.Random(7)
    splits = []
    for _ in range(5):
        a = rng.sample(topo.gpus, rng.randint(1, len(topo.gpus) - 1))
        splits.append((a, [g for g in topo.gpus if g not in a]))
    fast = [topo._star_flow(SCALEUP, set(a), set(b)) for a, b in splits]
    assert None not in fast  # switch chips and meshes are stars: the closed form applies
    monkeypatch.setattr(type(topo), "_star_flow", lambda *args: None)
    assert fast == pytest.approx([topo.max_flow(SCALEUP, a, b) for a, b in splits])
