import pytest

from designer.model.budget import power_budget
from designer.model.design import Redundancy, Settings
from designer.topology.figures import key_figures


def test_dgx_h100_key_figures(design_of, catalog):
    k = key_figures(design_of("dgx-h100"), catalog)
    assert k.gpu_count == 8
    assert k.hbm_total_gb == 640
    assert k.mem_bw_total_tbytes_s == pytest.approx(26.8)
    assert k.scaleup_gbytes_s_per_gpu_per_dir == 450 and k.scaleup_gbytes_s_per_gpu_bidir == 900
    assert k.scaleup_total_gbytes_s_bidir == 7200  # NVIDIA's "7.2 TB/s" HGX H100 figure
    assert k.bisection_gbytes_s_per_dir == pytest.approx(4 * 450)
    assert k.nic_count == 8 and k.nic_speeds_gbit_s == [400] and k.scaleout_gbit_s_per_gpu == 400
    assert k.bf16_dense_pflops == pytest.approx(8 * 0.989)
    assert k.fp8_dense_pflops == pytest.approx(8 * 1.979)


def test_mesh_bisection_counts_only_the_links_that_cross(design_of, catalog):
    k = key_figures(design_of("amd-mi300x"), catalog)
    assert k.bisection_gbytes_s_per_dir == pytest.approx(16 * 64)  # 4 x 4 cross pairs, one link each
    assert k.scaleup_gbytes_s_per_gpu_per_dir == pytest.approx(448)


def test_unknown_memory_bandwidth_is_reported_as_unknown(design_of, catalog):
    k = key_figures(design_of("huawei-atlas-910b"), catalog)
    assert k.mem_bw_total_tbytes_s is None and k.mem_bw_unknown_gpus == 8
    assert k.hbm_total_gb == 512


def test_storage_nics_do_not_count_as_scale_out(design_of, catalog):
    k = key_figures(design_of("dgx-b200"), catalog)
    assert k.nic_count == 8 and k.scaleout_gbit_s_per_gpu == 400


@pytest.mark.parametrize("policy,usable", [
    (Redundancy.NONE, 6 * 3300), (Redundancy.N_PLUS_1, 5 * 3300), (Redundancy.N_PLUS_2, 4 * 3300),
    (Redundancy.N_PLUS_N, 3 * 3300),
])
def test_psu_capacity_under_each_redundancy_policy(design_of, catalog, policy, usable):
    design = design_of("dgx-h100")
    design = design.model_copy(update={"settings": Settings(psu_redundancy=policy)})
    assert power_budget(design, catalog).usable_w == usable


def test_budget_sums_gpus_at_tdp_and_marks_assumptions(design_of, catalog):
    budget = power_budget(design_of("dgx-h100"), catalog)
    assert budget.by_category["GPUs"] == 8 * 700
    assert budget.by_category["CPUs"] == 2 * 350
    assumed = {line.category for line in budget.assumed_lines}
    assert {"Scale-up switches", "NICs", "Memory", "Drives", "Cooling"} <= assumed
    # 80 PLUS Titanium (230 V internal redundant): 94 % at 20 % load, 96 % at 50 %; six 3.3 kW PSUs share the load
    fraction = budget.load_w / (6 * 3300)
    assert 0.2 < fraction < 0.5
    assert budget.wall_w == pytest.approx(budget.load_w / (0.94 + (fraction - 0.2) / 0.3 * 0.02))
    assert budget.heat_btu_hr == pytest.approx(budget.wall_w * 3.412, rel=1e-3)
    assert budget.psus_to_run == 3  # DGX H100 boots on 3 PSUs
