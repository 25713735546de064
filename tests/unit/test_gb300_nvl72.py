"""Issue 32 item 7: the GB300 NVL72 rack as a reference design, and a cluster of it planned with defaults.

Vendor figures: NVIDIA Enterprise Reference Architecture 'NVL72 AI Factory', System Hardware & Components
(docs.nvidia.com/enterprise-reference-architectures/nvl72-ai-factory/latest/components.html): 72 Blackwell Ultra
GPUs and 36 Grace in 18 trays, 4 ConnectX-8 per tray, 9 NVSwitch trays (130 TB/s), 8 power shelves of six 5.5 kW
PSUs, 'a full rack requiring up to 142 kW'; NVIDIA technical blog 'Inside NVIDIA Blackwell Ultra' (15 PFLOPS dense
NVFP4, 288 GB HBM3e, 8 TB/s per GPU).
"""

import pytest

from designer.analysis import Analysis
from designer.cluster.build import ClusterModel
from designer.cluster.plan import ClusterPlan, NodeRef
from designer.cluster.rules import check_plan

B300_XDR_TABLE_3 = ("NVIDIA DGX SuperPOD Reference Architecture with DGX B300 (XDR), Table 3: the same 576 ConnectX-8 "
                    "800G ports per SU on Q3400 (1 SU 8/4, 2 SU 16/8, 4 SU 32/18, 8 SU 64/36 leaf/spine)")


def test_the_rack_is_built_as_nvidia_describes_it(catalog, design_of):
    design = design_of("gb300-nvl72")
    parts = [catalog.get(c.part) for c in design.components]
    kinds = {k: sum(p.kind == k for p in parts) for k in ("gpu", "cpu", "scaleup_switch", "psu")}
    assert kinds == {"gpu": 72, "cpu": 36, "scaleup_switch": 18, "psu": 48}
    assert sum(p.id == "cx8-800" for p in parts) == 72  # 4 per tray
    figures = Analysis(design, catalog).figures
    assert figures.scaleout_gbit_s_per_gpu == 800
    assert sum(getattr(p, "fp4_dense_tflops", 0) or 0 for p in parts) == 1_080_000  # 72 x 15 PFLOPS dense NVFP4
    assert (round(figures.bf16_dense_pflops), round(figures.fp8_dense_pflops)) == (180, 360)  # NVIDIA's sparse / 2
    assert round(figures.hbm_total_gb) == 72 * 288
    # NVIDIA's "up to 142 kW": the sum of the parts (several assumed) is within 5% under it, as the chassis says
    assert 0.95 * 142_000 <= figures.wall_peak_w <= 142_000
    assert "142 kW" in catalog.get("chassis-gb300-nvl72").notes


def test_each_gpu_reaches_its_own_800g_nic_at_line_rate(catalog, design_of):
    """Through the ConnectX-8's own Gen6 switch (PIX), not Grace's Gen5 root port at 63% of 800 Gb/s."""
    design = design_of("gb300-nvl72")
    report = Analysis(design, catalog).report
    assert [v.rule for v in report.active if v.severity.value in ("error", "warning")
            and v.rule.startswith(("pcie.", "net."))] == []
    assert not report.has_errors


@pytest.mark.parametrize("gpus,leaf,spine", [(576, 8, 4), (1152, 16, 8), (2304, 32, 18), (4608, 64, 36)])
def test_a_cluster_of_it_planned_with_defaults_closes_with_the_xdr_counts(catalog, gpus, leaf, spine):
    m = ClusterModel(ClusterPlan(node=NodeRef(template="gb300-nvl72"), gpus=gpus), catalog)
    assert m.switch.id == "q3400" and m.switch.port_speed_gbit_s == 800
    assert (m.compute.leaf_switches, m.compute.spine_switches, m.compute.tiers) == (leaf, spine, 2), B300_XDR_TABLE_3
    assert m.site.cooling == "liquid"
    assert not [v for v in check_plan(m).active if v.severity.value == "error"]
    said = " ".join(str(a) for a in m.assumptions())
    assert "compute fabric rules applied to this node on q3400" in said  # the RA is the GB200's: said, not hidden
