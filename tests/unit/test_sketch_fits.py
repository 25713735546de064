"""A sketch from a real machine's paste passes its own rule check (issue 25: a real HGX H100's paste put 8 PCIe
switches in a 4-position chassis and opened with 6 errors; a rocm-smi paste of PCIe cards gave 4 sockets on a
2-socket chassis and an OAM part). Every paste under tests/fixtures/topo/ is real published output (its URL is in
the file): NVIDIA (nvidia-smi topo -m), AMD (rocm-smi --showtopo) and Huawei (npu-smi info -t topo)."""

from collections import Counter
from pathlib import Path

import pytest

from designer.asbuilt import check_asbuilt, read_topo_file, sketch_design
from designer.model.parts import GPU_SLOT_FOR_FORM, CpuSpec, FormFactor, GpuSpec, slot_kind_for
from designer.model.wiring import socket_pairs
from designer.rules.engine import Severity, check

FIXTURES = Path(__file__).parent.parent / "fixtures" / "topo"
PASTES = sorted(p.name for p in FIXTURES.glob("*.txt"))


def test_the_fixtures_cover_the_three_tools():
    tools = {read_topo_file(FIXTURES / name).tool for name in PASTES}
    assert tools == {"nvidia-smi", "rocm-smi", "npu-smi"} and len(PASTES) >= 12


@pytest.mark.parametrize("name", PASTES)
def test_the_sketch_of_a_published_paste_passes_its_own_rule_check(catalog, name):
    paste = read_topo_file(FIXTURES / name)
    design = sketch_design(paste, catalog, name)
    errors = [f"{v.rule}: {v.message}" for v in check(design, catalog).active if v.severity is Severity.ERROR]
    assert errors == []
    chassis = catalog.chassis(design.chassis)
    need = Counter(k for c in design.components if (k := slot_kind_for(catalog.get(c.part))) is not None)
    assert {k: n for k, n in need.items() if chassis.slots.get(k, 0) < n} == {}  # the chassis holds every part
    gpus = [catalog.get(c.part) for c in design.components if isinstance(catalog.get(c.part), GpuSpec)]
    assert len(gpus) == len(paste.accelerators)  # every GPU the paste shows (none has more than the template's 8)
    assert chassis.slots.get(GPU_SLOT_FOR_FORM[gpus[0].form_factor], 0) >= len(gpus)
    cpus = [c.id for c in design.components if isinstance(catalog.get(c.part), CpuSpec)]
    sockets = {frozenset((lk.a, lk.b)) for lk in design.links if lk.kind.value == "socket"}
    assert sockets == {frozenset((cpus[i], cpus[j])) for i, j in socket_pairs(len(cpus))}  # as the templates do


def test_a_rocm_paste_of_pcie_cards_gives_an_amd_pcie_card_in_a_two_socket_pcie_box(catalog):
    paste = read_topo_file(FIXTURES / "rocm-108-mi-pcie.txt")  # 4 GPUs, link type PCIE, hops 3 between all
    design = sketch_design(paste, catalog)
    gpu = next(p for c in design.components if isinstance(p := catalog.get(c.part), GpuSpec))
    assert gpu.vendor == "AMD" and gpu.form_factor is FormFactor.PCIE
    cpus = [catalog.typed(c.part, CpuSpec) for c in design.components if catalog.get(c.part).kind == "cpu"]
    assert len(cpus) <= catalog.chassis(design.chassis).slots["cpu"]
    # SYS between all four (hops 3): four NUMA nodes, which only a CPU with several NUMA nodes per socket gives
    assert len(cpus) * cpus[0].numa_nodes_per_socket >= 4
    assert "NUMA nodes of" in design.meta.notes


def test_the_hgx_h100_paste_fits_the_dgx_h100_chassis_and_agrees_with_the_paste(catalog):
    paste = read_topo_file(FIXTURES / "hgx-h100.txt")  # GPU6/GPU7 rows and all NIC rows cut, no CPU affinity
    design = sketch_design(paste, catalog)
    switches = [c for c in design.components if catalog.get(c.part).kind == "pcie_switch"]
    assert design.chassis == "chassis-dgx-h100" and len(switches) <= 4
    report = check_asbuilt(design, catalog, paste)
    assert report.ok, [m.message for m in report.mismatches]


def test_folding_is_announced_and_only_the_folded_pairs_disagree(catalog):
    """nccl issue 933's A800 box shows a PCIe switch per GPU-NIC pair (7 read, GPU7's row cut); the catalog's HGX
    chassis have 4 positions. Sibling switches are folded pairwise: pairs the paste calls NODE then read PIX, and
    nothing else differs; the notes say so."""
    name = "nccl-933-a800-nv8-spaces.txt"
    paste = read_topo_file(FIXTURES / name)
    literal = sketch_design(paste, catalog, name, fit=False)
    fitted = sketch_design(paste, catalog, name)
    assert check_asbuilt(literal, catalog, paste).ok
    assert "share a chip" in fitted.meta.notes and "share a chip" not in literal.meta.notes
    mismatches = check_asbuilt(fitted, catalog, paste).mismatches
    assert mismatches and all("(NODE)" in m.message and "(PIX)" in m.message for m in mismatches)


def test_new_from_topo_then_validate_exits_0(tmp_path, capsys):
    from designer.cli.main import main

    out = tmp_path / "h100.json"
    assert main(["new", "--from-topo", str(FIXTURES / "nccl-1264-h100-tabs.txt"), "-o", str(out)]) == 0
    assert main(["validate", str(out)]) == 0  # exit 1 when an unwaived error remains
    assert " 0 errors" in capsys.readouterr().out
