"""One wiring knowledge (issue 25 item 1): the reference templates, auto-wire and the topology sketch decide links
with the same functions (designer.model.wiring), so the same parts get the same links.

The templates were wired by hand before: auto-wire of a stripped Atlas 800T A2 put the on-package RoCE ports on the
CPUs (the template: on their NPU), of a stripped Gaudi 3 box on the PCIe switches (the template: on their chip), and
of a stripped H100 NVL box meshed all 8 cards with 1 link each (the template: NVLink-bridged pairs, 12 links each,
as NVIDIA's H100 NVL datasheet and the catalog note say). A sketch of a paste showing GPUs only put them all on one
socket, where the machine's template (DGX A100) has two."""

from collections import Counter
from pathlib import Path

import pytest

from designer.asbuilt import read_topo_file, sketch_design
from designer.model.design import SCALEUP_KINDS, Design, LinkKind
from designer.model.parts import CpuSpec, GpuSpec, ScaleupSwitchSpec
from designer.model.wiring import HostParts, auto_wire, connect, host_links, mesh_links
from designer.templates import TEMPLATES

FIXTURES = Path(__file__).parent.parent / "fixtures" / "topo"
# The machine each published paste came from (its URL is in the file) and the template of that machine; where the
# catalog has no template of the GPU, the one the sketch borrows from (MI250 -> the MI300X OAM box; PCIe cards ->
# the PCIe box).
MACHINE = {
    "dgx-a100-gpus.txt": "dgx-a100", "dgx-a100-nics.txt": "dgx-a100", "nccl-707-a100-mlx5-spaces.txt": "dgx-a100",
    "hgx-h100.txt": "dgx-h100", "nccl-1264-h100-tabs.txt": "dgx-h100", "nccl-933-a800-nv8-spaces.txt": "hgx-a800",
    "ms-swift-910b3-npu-smi.txt": "huawei-atlas-910b", "openmm-3940-mi250-weights.txt": "amd-mi300x",
    "gpuallocator-17-rtx4090-tabs.txt": "rtx-pcie-8", "k8s-53497-mlx4-spaces.txt": "supermicro-pcie-l40s",
    "rocm-108-mi-pcie.txt": "supermicro-pcie-l40s", "club3090-1229-rtx5090-legend.txt": "supermicro-pcie-l40s",
}
# A documented difference: this paste's affinity columns show one NUMA node (a 2-GPU desktop), so its sketch has one
# CPU and no socket link, where the borrowed template has two.
ONE_SOCKET_SHOWN = {"club3090-1229-rtx5090-legend.txt"}


def link_set(design: Design) -> Counter:
    return Counter((lk.kind, frozenset((lk.a, lk.b)), lk.count, lk.pcie_gen) for lk in design.links)


@pytest.mark.parametrize("tid", list(TEMPLATES))
def test_auto_wire_of_a_template_stripped_of_its_links_gives_the_template_links(catalog, design_of, tid):
    design = design_of(tid)
    wired = auto_wire(design.model_copy(update={"links": []}), catalog)
    assert wired.components == design.components  # its fabrics are reused, no part added
    assert link_set(wired) == link_set(design)


def test_auto_wire_keeps_what_the_user_wired_and_wires_the_rest_as_the_template(catalog, design_of):
    design = design_of("huawei-atlas-910b")
    nic_links = [lk for lk in design.links if lk.kind is LinkKind.PCIE and lk.a.startswith("nic")]
    moved = nic_links[0].model_copy(update={"b": "cpu0"})  # the user put nic0 on the CPU
    drawn = [moved if lk.id == moved.id else lk for lk in design.links if lk not in nic_links[1:]]
    wired = auto_wire(design.model_copy(update={"links": drawn}), catalog)
    assert link_set(wired) == link_set(design.model_copy(update={"links": [moved if lk.id == moved.id else lk
                                                                             for lk in design.links]}))


def test_auto_wire_hangs_a_gpu_whose_on_die_port_is_wired_from_the_host(catalog, design_of):
    """A GPU linked only to its own on-die NIC still gets its host uplink (the NIC link is not one)."""
    design = design_of("gaudi3-8")
    uplinks = [lk for lk in design.links if lk.kind is LinkKind.PCIE and lk.a.startswith("gpu")]
    bare = design.model_copy(update={"links": [lk for lk in design.links if lk not in uplinks]})
    assert link_set(auto_wire(bare, catalog)) == link_set(design)


def test_the_mesh_groups_bridged_cards_and_splits_links_over_peers(catalog):
    nvl, mi300x = catalog.typed("h100-nvl", GpuSpec), catalog.typed("mi300x", GpuSpec)
    pairs = mesh_links([(f"g{i}", nvl) for i in range(8)])
    assert {frozenset((a, b)) for _, a, b, _ in pairs} == {frozenset((f"g{i}", f"g{i + 1}")) for i in range(0, 8, 2)}
    assert {n for *_, n in pairs} == {nvl.fabric_links}  # all 12 links of a card to its one bridged peer
    full = mesh_links([(f"g{i}", mi300x) for i in range(8)])
    assert len(full) == 8 * 7 // 2 and {n for *_, n in full} == {mi300x.fabric_links // 7}


def test_connecting_two_bridged_cards_by_hand_gives_the_bridge_count(catalog, design_of):
    design = design_of("h100-nvl-pcie")
    bare = design.model_copy(update={"links": [lk for lk in design.links if lk.kind not in SCALEUP_KINDS]})
    link = connect(bare, catalog, "gpu0", "gpu1").links[-1]
    assert link.kind is LinkKind.NVLINK and link.count == catalog.typed("h100-nvl", GpuSpec).fabric_links


def test_on_accelerator_ports_hang_from_their_accelerator(catalog):
    links = host_links(HostParts(gpus=[("g0", 16), ("g1", 16)], compute=[("n0", 16), ("n1", 16)], storage=[],
                                 psws=[], cpus=["c0"], on_accelerator=frozenset({"n0", "n1"})))
    assert {(a, b) for _, a, b, _ in links if a.startswith("n")} == {("n0", "g0"), ("n1", "g1")}


def _shape(design: Design, catalog, gpus: int) -> dict:
    """Socket pairs and scale-up links by position (CPU i, GPU i, plane i) for the first `gpus` GPUs."""
    index: dict[str, int] = {}
    for cls in (CpuSpec, GpuSpec, ScaleupSwitchSpec):
        ids = [c.id for c in design.components if isinstance(catalog.get(c.part), cls)]
        index.update({cid: i for i, cid in enumerate(ids)})
    kept = {c.id for c in design.components if isinstance(catalog.get(c.part), GpuSpec) and index[c.id] < gpus}
    sockets = {frozenset((index[lk.a], index[lk.b])) for lk in design.links if lk.kind is LinkKind.SOCKET}
    scaleup = Counter((lk.kind, index[lk.a], index[lk.b], lk.count) for lk in design.links
                      if lk.kind in SCALEUP_KINDS and (lk.a in kept or lk.b in kept)
                      and all(e in kept or isinstance(catalog.get(design.component(e).part), ScaleupSwitchSpec)
                              for e in (lk.a, lk.b)))
    return {"sockets": sockets, "scaleup": scaleup}


def test_every_paste_is_mapped_to_its_machine():
    assert set(MACHINE) == {p.name for p in FIXTURES.glob("*.txt")}


@pytest.mark.parametrize("name", sorted(MACHINE))
def test_a_sketch_has_the_socket_and_plane_wiring_of_its_machines_template(catalog, design_of, name):
    paste = read_topo_file(FIXTURES / name)
    sketch, template = sketch_design(paste, catalog, name), design_of(MACHINE[name])
    shown = _shape(sketch, catalog, len(paste.accelerators))
    expected = _shape(template, catalog, len(paste.accelerators))
    assert shown["scaleup"] == expected["scaleup"]
    if name in ONE_SOCKET_SHOWN:
        assert shown["sockets"] == set() and sum(catalog.get(c.part).kind == "cpu" for c in sketch.components) == 1
    else:
        assert shown["sockets"] == expected["sockets"]


def test_a_paste_showing_no_socket_splits_its_gpus_over_the_templates_sockets(catalog):
    paste = read_topo_file(FIXTURES / "dgx-a100-gpus.txt")  # GPU columns only: no affinity, no PCIe class
    sketch = sketch_design(paste, catalog, fit=False)
    cpus = [c.id for c in sketch.components if catalog.get(c.part).kind == "cpu"]
    gpus = [c.id for c in sketch.components if catalog.get(c.part).kind == "gpu"]
    socket = {lk.a: lk.b for lk in sketch.links if lk.kind is LinkKind.PCIE and lk.a in gpus and lk.b in cpus}
    assert len(cpus) == 2  # DGX A100: two EPYC 7742 (the template's sockets)
    assert Counter(socket.values()) == Counter({cpus[0]: 4, cpus[1]: 4})


def test_a_paste_showing_xgmi_between_cards_no_template_has_gets_the_shared_mesh(catalog, tmp_path):
    """The rocm-108 paste (4 PCIe AMD cards) with its link types read as XGMI, derived here: MI210s, whose form and
    links no reference design has, were sketched with no scale-up link at all; now the shared wiring's mesh."""
    text = (FIXTURES / "rocm-108-mi-pcie.txt").read_text().replace("PCIE", "XGMI")
    (tmp_path / "xgmi.txt").write_text(text)
    paste = read_topo_file(tmp_path / "xgmi.txt")
    sketch = sketch_design(paste, catalog, gpu_part="mi210")
    gpus = [c.id for c in sketch.components if catalog.get(c.part).kind == "gpu"]
    mi210 = catalog.typed("mi210", GpuSpec)
    expected = {(LinkKind.XGMI, frozenset((a, b)), n) for _, a, b, n in mesh_links([(g, mi210) for g in gpus])}
    assert {(lk.kind, frozenset((lk.a, lk.b)), lk.count) for lk in sketch.links if lk.kind in SCALEUP_KINDS} == expected
    assert len(expected) == len(gpus) * (len(gpus) - 1) // 2 == 6
