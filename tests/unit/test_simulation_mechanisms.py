"""Collective model mechanisms against closed forms: NCCL's chunk pipeline, protocol caps, multi-node
overlap, network kind and the scale-out topology."""

import math

import pytest

from designer.model.design import ScaleOut, Settings
from designer.simulation import SimConfig, simulate
from designer.simulation.collectives import plan
from designer.simulation.constants import NETWORK_EFFICIENCY, NVLS_STEP_US, SWITCH_HOP_US
from designer.simulation.model import node_fabric
from designer.simulation.network import SPREAD
from designer.simulation.timing import Pipeline, tree_correction

MB, GB = 1 << 20, 1 << 30


def one(design, catalog, collective, size, **kw):
    return simulate(design, catalog, SimConfig(collectives=(collective,), sizes=(size,), **kw)).rows[0]


def with_fabric(design, part):
    comps = [c.model_copy(update={"part": part}) if c.part.startswith("scaleout-compute") else c
             for c in design.components]
    return design.model_copy(update={"components": comps})


def with_scaleout(design, **kw):
    return design.model_copy(update={"settings": Settings(psu_redundancy=design.settings.psu_redundancy,
                                                          scaleout=ScaleOut(**kw))})


# --- the chunk pipeline --------------------------------------------------------------------
def test_pipeline_of_k_chunks_over_p_steps_is_the_closed_form():
    """(k + p - 1) steps of (step cost + chunk / lane rate), plus the fixed cost."""
    lanes, stages, step, fixed, chunk = 4, 3, 2.0, 5.0, 1000
    pipe = Pipeline(lanes, stages, step, fixed, chunk, ())
    spb = 1 / 10e9  # 10 GB/s for the whole message: 2.5 GB/s per lane
    for k in (1, 2, 7, 50):
        size = lanes * chunk * k
        assert pipe.chunks(size) == k
        assert pipe.time_us(size, spb) == pytest.approx(fixed + (k + stages - 1) * (step + chunk / 2.5e9 * 1e6))


def test_pipeline_tends_to_the_bandwidth_bound_for_many_chunks():
    pipe = Pipeline(16, 3, 0.0, 0.0, 1 << 17, ())
    size = 1 << 36
    assert pipe.time_us(size, 1 / 100e9) == pytest.approx(size / 100e9 * 1e6, rel=1e-3)


def test_nvls_chunks_shrink_for_smaller_messages_as_in_nccls_enqueue():
    """calcCollChunking: 128 KiB, cut to 64/32/16 KiB below 64/8/2 x lanes x chunk (8 heads x 16 channels)."""
    pipe = Pipeline(128, 3, 0.0, 0.0, 128 * 1024, ((64, 64 * 1024), (8, 32 * 1024), (2, 16 * 1024)))
    assert pipe.chunk_bytes(GB) == 128 * 1024  # not below 64 x 128 x 128 KiB = 1 GiB
    assert pipe.chunk_bytes(512 * MB) == 64 * 1024
    assert pipe.chunk_bytes(16 * MB) == 32 * 1024  # below 8 x 128 x 64 KiB = 64 MiB
    assert pipe.chunk_bytes(2 * MB) == 16 * 1024  # below 2 x 128 x 32 KiB = 8 MiB


def test_mid_size_nvls_pays_the_pipeline(catalog, design_of):
    """16 MB NVLS AllReduce on 8 H100: 16 channels x 8 heads, 32 KiB chunks, k = 4 chunks per lane
    through 3 steps, against NCCL's one-latency-plus-bandwidth form with the same rate."""
    d = design_of("dgx-h100")
    fab = node_fabric(d, catalog)
    size = 16 * MB
    row = one(d, catalog, "allreduce", size, algorithm="nvls")
    rate = fab.nvls.gbytes_s * 1e9  # algbw-equivalent rate of the in-switch reduction
    lanes, chunk = 16 * 8, 32 * 1024
    k = math.ceil(size / lanes / chunk)
    expected = (25.0 - 3 * NVLS_STEP_US) + (k + 3 - 1) * (NVLS_STEP_US + chunk * lanes / rate * 1e6)
    assert row.time_us == pytest.approx(expected, rel=1e-9)
    plain = 25.0 + size / rate * 1e6
    assert row.time_us > 1.25 * plain  # a quarter or more below the unpipelined figure
    big = one(d, catalog, "allreduce", 8 * GB, algorithm="nvls")
    assert big.busbw_GBps == pytest.approx(477.5, rel=0.03)  # NVIDIA/nccl-tests#212: 475-480


def test_tree_correction_is_nccls_table():
    """treeCorrectionFactor bins from 64 B: 1 MiB is bin 14 (Simple 0.5, LL 0.5, LL128 0.6), 256 KiB bin 12."""
    assert tree_correction(MB, "Simple") == 0.5
    assert tree_correction(MB, "LL") == 0.5 and tree_correction(256 * 1024, "LL") == 0.4
    assert tree_correction(MB, "LL128") == 0.6
    assert tree_correction(32, "Simple") == 1.0 and tree_correction(8 * GB, "Simple") == 1.0


def test_ring_ll_is_capped_at_nccls_llmaxbw(catalog, design_of):
    """Ring LL on one Hopper node: bus bandwidth at most llMaxBws 141 GB/s (tuning.cc), however fast
    the NVLinks (half of 362 GB/s would be 181)."""
    fab = node_fabric(design_of("dgx-h100"), catalog)
    ring = plan("allreduce", "ring", fab, 1)
    size = 8 * GB
    busbw = size / (ring.time_us(size, "LL") * 1e-6) / 1e9 * 2 * 7 / 8
    assert busbw <= 141.0 and busbw == pytest.approx(141.0, rel=0.02)


# --- several nodes -------------------------------------------------------------------------
@pytest.mark.parametrize("template", ["dgx-h100", "dgx-h200", "dgx-b200"])
@pytest.mark.parametrize("size", [64 * MB, GB, 8 * GB])
def test_two_nvls_nodes_are_not_above_one(catalog, design_of, template, size):
    d = design_of(template)
    single = one(d, catalog, "allreduce", size)
    assert single.algorithm == "nvls" or size < GB
    for fabric in ("scaleout-compute", "scaleout-roce", "scaleout-ib-sharp"):
        double = one(with_fabric(d, fabric), catalog, "allreduce", size, nodes=2)
        assert double.busbw_GBps <= single.busbw_GBps, (fabric, double)


def test_nvls_across_nodes_needs_in_network_reduction(catalog, design_of):
    d = design_of("dgx-h100")
    plain = one(d, catalog, "allreduce", 8 * GB, nodes=2, algorithm="nvls")
    assert plain.algorithm != "nvls" and plain.algorithm == one(d, catalog, "allreduce", 8 * GB, nodes=2).algorithm
    sharp = one(with_fabric(d, "scaleout-ib-sharp"), catalog, "allreduce", 8 * GB, nodes=2, algorithm="nvls")
    assert sharp.algorithm == "nvls" and sharp.phase in ("in-switch reduction", "in-network reduction")


def test_network_kind_sets_the_achieved_nic_rate(catalog, design_of):
    """A network-bound ring on 4 nodes: busbw = 8 NICs x 50 GB/s x the kind's efficiency."""
    d = design_of("dgx-h100")
    for fabric, kind in (("scaleout-compute", "infiniband"), ("scaleout-roce", "roce")):
        row = one(with_fabric(d, fabric), catalog, "allreduce", 8 * GB, nodes=4, algorithm="ring")
        eff = {k.value: v for k, v in NETWORK_EFFICIENCY.items()}[kind]
        assert "network" in row.bottleneck
        assert row.busbw_GBps == pytest.approx(8 * 50 * eff, rel=0.03)


def test_two_node_mi300x_small_allreduce_latency_over_roce(catalog, design_of):
    """2 x 8 MI300X over RoCE, 8 B AllReduce: 218-256 us measured (hisohara/ai-scripts rccl smoketest)."""
    row = one(design_of("amd-mi300x"), catalog, "allreduce", 8, nodes=2)
    assert 218 <= row.time_us <= 256


def test_network_kind_comes_from_the_fabric_part_first(catalog, design_of):
    d = design_of("dgx-h100")
    assert node_fabric(d, catalog).net.kind.value == "infiniband"  # the ConnectX-7's kind
    assert node_fabric(with_fabric(d, "scaleout-spectrum-x"), catalog).net.kind.value == "roce_spectrum_x"
    assert node_fabric(design_of("amd-mi300x"), catalog).net.kind.value == "roce"  # Broadcom Thor 2


# --- scale-out topology ----------------------------------------------------------------------
def test_oversubscribed_spine_narrows_alltoall_beyond_one_leaf_group(catalog, design_of):
    d = design_of("dgx-h100")
    nodes, per_leaf, over = 64, 8, 2.0
    flat = one(d, catalog, "alltoall", 4 * GB, nodes=nodes)
    tight = one(with_scaleout(d, nodes_per_leaf=per_leaf, oversubscription=over), catalog, "alltoall", 4 * GB,
                nodes=nodes)
    crossing = (nodes - per_leaf) / (nodes - 1)  # share of peers outside the leaf group
    assert tight.busbw_GBps == pytest.approx(flat.busbw_GBps / (crossing * over), rel=0.01)
    inside = one(with_scaleout(d, nodes_per_leaf=per_leaf, oversubscription=over), catalog, "alltoall", 4 * GB,
                 nodes=per_leaf)
    assert inside.busbw_GBps == pytest.approx(one(d, catalog, "alltoall", 4 * GB, nodes=per_leaf).busbw_GBps)


def test_leaving_the_leaf_group_adds_two_switch_hops_per_network_step(catalog, design_of):
    d = design_of("dgx-h100")
    near = node_fabric(with_scaleout(d, nodes_per_leaf=32), catalog).net
    assert near.step_extra_us(32) == pytest.approx(SWITCH_HOP_US[near.kind])
    assert near.step_extra_us(33) - near.step_extra_us(32) == pytest.approx(2 * SWITCH_HOP_US[near.kind])
    assert near.spine_factor(1000, SPREAD) == 1.0  # non-blocking by default


def test_scaleout_setting_round_trips_and_defaults(catalog, design_of):
    d = design_of("dgx-h100")
    assert d.settings.scaleout == ScaleOut()
    changed = with_scaleout(d, topology="fat_tree", oversubscription=2.0)
    assert type(d).model_validate_json(changed.model_dump_json()) == changed


def test_direct_allreduce_runs_only_in_rccls_all_pairs_window(catalog, design_of):
    """RCCL's MSCCL all-pairs AllReduce for 8-GPU meshes covers up to 20 MiB (maxBytes 20971520 in
    ROCm/rccl tools/msccl-algorithms/allreduce-allpairs-8n-simple.xml); above it auto runs a ring."""
    d = design_of("amd-mi300x")
    assert one(d, catalog, "allreduce", 16 * MB).algorithm == "direct"
    assert one(d, catalog, "allreduce", 32 * MB).algorithm == "ring"
    assert one(d, catalog, "allreduce", 32 * MB, algorithm="direct").algorithm == "direct"  # forced: still runs


def test_the_model_band_is_the_held_out_median_error_of_the_validation_table():
    """MODEL_SPREAD must follow the model: the median |error| over the held-out public measurements."""
    import importlib.util
    import statistics
    import sys
    from pathlib import Path

    from designer.simulation.constants import MODEL_SPREAD

    path = Path(__file__).parents[2] / "benchmarks" / "validate_model.py"
    spec = importlib.util.spec_from_file_location("validate_model", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    held_out = [abs(err) for point, _, err in module.rows() if not point.fit]
    assert len(held_out) >= 20
    assert statistics.median(held_out) == pytest.approx(MODEL_SPREAD, abs=0.005)
