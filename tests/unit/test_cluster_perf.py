"""Performance across tiers against public multi-node nccl-tests AllReduce results: the model must fall with
scale the way the measurements do (the points are those of benchmarks/validate_cluster.py)."""

import pytest

from designer.cluster.build import ClusterModel
from designer.cluster.perf import place, simulate_job, what_if
from designer.cluster.plan import ClusterPlan, ComputeFabric, Fabrics, NodeRef, Site
from designer.simulation import SimConfig

G, M = 1 << 30, 1 << 20
# (template, GPUs, size, measured busbw GB/s, source)
MEASURED = [
    ("dgx-h100", 8, 16 * G, 480.0, "NVIDIA/nccl-tests#309 (HGX H100, NVLS on)"),
    ("dgx-h100", 16, 16 * G, 470.0, "NVIDIA/nccl-tests#309 (2 x HGX H100, 8 GPU-NIC pairs each, NVLS on)"),
    ("dgx-h100", 32, 16 * G, 365.84, "NVIDIA/nccl-tests#309 (4 x HGX H100)"),
    ("dgx-h200", 1984, 512 * M, 350.0, "NVIDIA/nccl-tests#283 (248 x 8 H200, 8 NICs each; 'typically around 350')"),
]


def _model(catalog, template, **site):
    return ClusterModel(ClusterPlan(node=NodeRef(template=template), nodes=256, site=Site(**site)), catalog)


def _busbw(m, gpus, size, collective="allreduce"):
    result, _ = simulate_job(m, gpus, SimConfig((collective,), sizes=(size,)))
    return result.rows[-1].busbw_GBps


@pytest.mark.parametrize("template,gpus,size,measured,source", MEASURED)
def test_allreduce_busbw_within_15_percent_of_the_measurement(catalog, template, gpus, size, measured, source):
    model = _busbw(_model(catalog, template), gpus, size)
    assert abs(model - measured) / measured < 0.15, (source, model)


def test_busbw_falls_from_one_node_to_many_racks(catalog):
    m = _model(catalog, "dgx-h100")
    values = [_busbw(m, g, 1 * G) for g in (8, 16, 32, 256, 2048)]
    assert all(a >= b for a, b in zip(values, values[1:], strict=False)), values
    assert values[-1] < 0.8 * values[0]  # not near the one-node figure


def test_placement_names_the_tier_a_job_reaches(catalog):
    m = _model(catalog, "dgx-h100")
    assert [place(m, g).tier for g in (8, 64, 256, 264, 2048)] == ["node", "leaf", "leaf", "spine", "spine"]


def test_oversubscription_lowers_alltoall_across_the_spine(catalog):
    # AllToAll spreads over every node, so most of it crosses the spine; a ring enters and leaves each leaf group
    # once, so AllReduce barely feels the spine (designer.simulation.network).
    def plan(ratio):
        fabric = ComputeFabric(oversubscription=ratio, target_oversubscription=ratio)
        return ClusterModel(ClusterPlan(node=NodeRef(template="dgx-h100"), nodes=256,
                                        fabrics=Fabrics(compute=fabric)), catalog)
    one, four = _busbw(plan(1.0), 2048, G, "alltoall"), _busbw(plan(4.0), 2048, G, "alltoall")
    assert four < 0.5 * one


def test_what_if_a_leaf_or_the_only_plane_fails(catalog):
    items = {w["failure"]: w for w in what_if(_model(catalog, "dgx-h100"))}
    leaf = items["leaf"]
    assert leaf["gpus_affected"] == 32 * 8 and leaf["busbw_after_GBps"] < leaf["busbw_before_GBps"]
    assert items["plane"]["busbw_after_GBps"] == 0.0
    assert items["feed"]["gpus_affected"] == 0  # the RA's three feeds: each DGX H100 keeps 4 of 6 PSUs, as needed
    two = {w["failure"]: w for w in what_if(_model(catalog, "dgx-h100", feeds_per_rack=2))}
    assert two["feed"]["gpus_affected"] == 4 * 8  # two feeds: 3 of 6 PSUs left, 4 needed: a rack of 4 nodes stops
