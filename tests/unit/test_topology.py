import itertools

import pytest

from designer.model.design import LinkKind
from designer.topology.graph import build_topology
from designer.topology.paths import gpu_nic_affinity, pair_bandwidth, path_class, topo_matrix


def topo_of(design_of, catalog, template_id):
    return build_topology(design_of(template_id), catalog)


def test_dgx_h100_is_nv18_between_all_gpu_pairs(design_of, catalog):
    topo = topo_of(design_of, catalog, "dgx-h100")
    for a, b in itertools.combinations(topo.gpus, 2):
        assert path_class(topo, a, b) == "NV18"


def test_dgx_h100_gpu_and_its_nic_share_a_pcie_switch(design_of, catalog):
    topo = topo_of(design_of, catalog, "dgx-h100")
    affinity = gpu_nic_affinity(topo)
    assert [a.path_class for a in affinity] == ["PIX"] * 8
    assert len({a.nic for a in affinity}) == 8  # one NIC per GPU
    assert affinity[0].gbytes_s_per_dir == pytest.approx(16 * 3.938)  # Gen5 x16


def test_pair_bandwidth_is_the_max_flow_over_switch_planes(design_of, catalog):
    topo = topo_of(design_of, catalog, "dgx-h100")
    assert pair_bandwidth(topo, "gpu0", "gpu7") == pytest.approx(450.0)


def test_full_mesh_peer_bandwidth_is_one_link_because_gpus_do_not_forward(design_of, catalog):
    topo = topo_of(design_of, catalog, "amd-mi300x")
    assert path_class(topo, "gpu0", "gpu5") == "XG1"
    assert pair_bandwidth(topo, "gpu0", "gpu5") == pytest.approx(64.0)


def test_rtx_box_crosses_sockets_as_sys(design_of, catalog):
    topo = topo_of(design_of, catalog, "rtx-pcie-8")
    assert path_class(topo, "gpu0", "gpu1") == "NODE"
    assert path_class(topo, "gpu0", "gpu4") == "SYS"
    # PCIe Gen4 x16 (31.5 GB/s per direction) limits the pair; the xGMI-3 socket link carries 4 x 64 GB/s
    assert pair_bandwidth(topo, "gpu0", "gpu4") == pytest.approx(31.504)
    assert topo.graph.edges["cpu0", "cpu1"]["capacity"] == pytest.approx(4 * 64)
    assert [a.path_class for a in gpu_nic_affinity(topo)] == ["NODE"] * 4 + ["SYS"] * 4


def test_l40s_gpus_behind_one_switch_are_pix(design_of, catalog):
    topo = topo_of(design_of, catalog, "supermicro-pcie-l40s")
    assert path_class(topo, "gpu0", "gpu3") == "PIX"
    assert path_class(topo, "gpu0", "gpu4") == "SYS"
    assert pair_bandwidth(topo, "gpu0", "gpu1") == pytest.approx(16 * 1.969)  # L40S is Gen4 x16


def test_removing_one_nvlink_shows_in_the_class_and_bandwidth(design_of, catalog):
    design = design_of("dgx-h100")
    first = next(lk for lk in design.links if lk.kind is LinkKind.NVLINK and lk.a == "gpu0")
    broken = design.model_copy(update={"links": [lk for lk in design.links if lk is not first]})
    topo = build_topology(broken, catalog)
    lost = first.count
    assert path_class(topo, "gpu0", "gpu1") == f"NV{18 - lost}"
    assert path_class(topo, "gpu1", "gpu2") == "NV18"
    assert pair_bandwidth(topo, "gpu0", "gpu1") == pytest.approx(25.0 * (18 - lost))


def test_matrix_lists_gpus_then_nics(design_of, catalog):
    devices, matrix = topo_matrix(topo_of(design_of, catalog, "dgx-a100"))
    assert devices[:8] == [f"gpu{i}" for i in range(8)] and devices[8] == "nic0"
    assert all(matrix[i][i] == "X" for i in range(len(devices)))
    assert matrix[0][1] == "NV12"


def test_edges_carry_per_direction_capacity_and_latency(design_of, catalog):
    topo = topo_of(design_of, catalog, "dgx-b200")
    edge = topo.graph.edges["gpu0", "nvs0"]
    assert edge["capacity"] == pytest.approx(9 * 50.0) and edge["latency_us"] > 0
    assert topo.graph.nodes["nvs0"]["transit"] and not topo.graph.nodes["gpu0"]["transit"]
