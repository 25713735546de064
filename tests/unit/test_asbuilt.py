"""As-built check and sketch from a paste. The expected mismatches are built from real published pastes
(one GPU's NVLinks replaced, NICs renumbered, a NIC moved), not from today's template details."""

import json
import re
from pathlib import Path

import pytest

from designer.asbuilt import check_asbuilt, parse_topo, read_topo_file, sketch_design
from designer.asbuilt.check import agrees
from designer.cli.main import main
from designer.io.files import load_design, save_design
from designer.model.parts import GpuSpec
from designer.topology.graph import build_topology
from designer.topology.paths import host_class, host_path

FIXTURES = Path(__file__).parent.parent / "fixtures" / "topo"
A800 = "nccl-933-a800-nv8-spaces.txt"


def body(name):
    return (FIXTURES / name).read_text().split("\n", 1)[1]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def gpu_links_down(text: str, gpu: int, numa_of) -> str:
    """The paste with every NV# of GPU `gpu` (its row and its column) replaced by the PCIe class it falls back to."""
    lines = text.split("\n")
    header = lines[0].split()
    out = [lines[0]]
    for line in lines[1:]:
        tokens = line.split()
        if tokens and tokens[0].startswith("GPU"):
            row = int(tokens[0][3:])
            for j, tok in enumerate(tokens[1:], start=0):
                col = header[j] if j < len(header) else ""
                peer = int(col[3:]) if col.startswith("GPU") else None
                if tok.startswith("NV") and gpu in (row, peer):
                    tokens[j + 1] = "NODE" if numa_of(row) == numa_of(peer) else "SYS"
            line = "  ".join(tokens)
        out.append(line)
    return "\n".join(out)


@pytest.fixture
def a800_design(tmp_path, catalog):
    design = sketch_design(read_topo_file(FIXTURES / A800), catalog, A800, fit=False)
    path = tmp_path / "a800.json"
    save_design(design, path)
    return path


def test_sketch_agrees_with_the_paste_it_came_from(catalog):
    paste = read_topo_file(FIXTURES / A800)
    report = check_asbuilt(sketch_design(paste, catalog, A800, fit=False), catalog, paste)
    assert report.ok, [m.message for m in report.mismatches]
    assert report.checked == report.agreed == 91  # 28 GPU pairs + 7 complete GPU rows x 9 NICs
    assert any("GPU7 (4 of 17 cells)" in n for n in report.not_checked)


def test_one_gpu_with_nvlinks_down_exits_1_naming_that_gpu(tmp_path, capsys, a800_design):
    broken = tmp_path / "gpu3-down.txt"
    broken.write_text(gpu_links_down(body(A800), 3, lambda i: i is not None and i // 4))
    code, out, _ = run(capsys, "asbuilt", a800_design, broken)
    assert code == 1
    mismatches = [ln for ln in out.splitlines() if ln.strip().startswith("mismatch:")]
    assert len(mismatches) == 1
    assert "GPU3 has no NVLink to any GPU" in mismatches[0] and "Fabric Manager" in mismatches[0]
    code, out, _ = run(capsys, "asbuilt", a800_design, FIXTURES / A800)
    assert code == 0 and "0 mismatches" in out


def test_all_gpus_without_nvlink_points_at_the_fabric_manager(tmp_path, catalog):
    paste = read_topo_file(FIXTURES / A800)
    text = body(A800)
    for g in range(8):
        text = gpu_links_down(text, g, lambda i: i is not None and i // 4)
    report = check_asbuilt(sketch_design(paste, catalog, fit=False), catalog, parse_topo(text))
    assert {m.subject for m in report.mismatches} == {f"GPU{i}" for i in range(8)}
    assert any("Fabric Manager" in n for n in report.notes)


def test_nics_are_matched_by_their_relations_not_their_numbers(tmp_path, catalog):
    paste = read_topo_file(FIXTURES / A800)
    design = sketch_design(paste, catalog, fit=False)
    lines = body(A800).split("\n")
    renamed = " ".join(f"NIC{8 - int(t[3:])}" if t.startswith("NIC") else t for t in lines[0].split())
    report = check_asbuilt(design, catalog, parse_topo("\n".join(["   " + renamed, *lines[1:]])))
    assert report.ok, [m.message for m in report.mismatches]
    # the design's NIC next to GPU0 (PIX) is the paste's NIC2, renumbered NIC6
    topo = build_topology(design, catalog)
    beside_gpu0 = [n for n in topo.nics(None) if len(host_path(topo, "gpu0", n)) == 3]
    assert report.nic_map["NIC6"] == beside_gpu0[0]


def test_a_nic_two_switches_away_is_a_wrong_slot(catalog):
    paste = read_topo_file(FIXTURES / A800)
    design = sketch_design(paste, catalog, fit=False)
    row = "GPU0     X      " + "NV8     " * 7 + "NODE    SYS     "
    text = body(A800).replace(row + "PIX", row + "PXB")
    report = check_asbuilt(design, catalog, parse_topo(text))
    assert len(report.mismatches) == 1
    message = report.mismatches[0].message
    assert message.startswith("NIC2 is two or more PCIe switches away from GPU0 (PXB)")
    assert "wrong slot" in message


def test_a_missing_gpu_is_named(catalog):
    paste = read_topo_file(FIXTURES / "club3090-1229-rtx5090-legend.txt")
    design = sketch_design(read_topo_file(FIXTURES / "gpuallocator-17-rtx4090-tabs.txt"), catalog)
    report = check_asbuilt(design, catalog, paste)
    assert any("GPU2, GPU3, GPU4, GPU5, GPU6, GPU7 missing" in m.message for m in report.mismatches)


def test_fabric_without_count_and_phb_for_node():
    assert agrees("XG1", "XG", coarse=True) and agrees("HC1", "HC", coarse=False)
    assert not agrees("NV18", "NV12", coarse=False) and not agrees("NV18", "SYS", coarse=False)
    assert agrees("NODE", "PHB", coarse=False) and not agrees("PIX", "PXB", coarse=False)
    assert agrees("PIX", "NODE", coarse=True) and not agrees("NODE", "SYS", coarse=True)


def test_sketch_reads_the_gpu_model_from_the_nvlink_count(catalog):
    paste = read_topo_file(FIXTURES / A800)
    design = sketch_design(paste, catalog)
    gpus = {catalog.get(c.part).name for c in design.components if isinstance(catalog.get(c.part), GpuSpec)}
    assert gpus == {"NVIDIA A800 SXM 80GB"}  # 8 NVLinks (catalog fabric_links), the first of the two that fit
    assert "also fits: NVIDIA H800 SXM 80GB" in design.meta.notes and "inferred" in design.meta.notes.lower()
    cpus = [c for c in design.components if catalog.get(c.part).kind == "cpu"]
    assert len(cpus) == 2  # NUMA affinity 0 and 1


def test_sketch_takes_a_model_name_from_the_paste(catalog):
    text = body("nccl-1264-h100-tabs.txt") + "\nGPU 0,1,2,3,4,5,6,7: NVIDIA H200\n"
    design = sketch_design(parse_topo(text), catalog)
    assert {c.part for c in design.components if isinstance(catalog.get(c.part), GpuSpec)} == {"h200-sxm"}


def test_new_from_topo_cli(tmp_path, capsys, catalog):
    out = tmp_path / "sketch.json"
    code, text, _ = run(capsys, "new", "--from-topo", FIXTURES / A800, "-o", out)
    assert code == 0 and "cut off in row GPU7" in text
    design = load_design(out, catalog)
    assert sum(1 for c in design.components if catalog.get(c.part).kind == "gpu") == 8
    code, _, err = run(capsys, "new", "--from-topo", FIXTURES / A800, "-o", out)
    assert code == 2 and "exists" in err
    code, _, err = run(capsys, "new", "dgx-h100", "--from-topo", FIXTURES / A800, "-o", tmp_path / "x.json")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run(capsys, "new", "--from-topo", FIXTURES / A800, "--gpu", "nope", "-o", tmp_path / "y.json")
    assert code == 2 and "unknown part" in err


@pytest.mark.parametrize("content", [b"", b"not a topology\n", b"\xff\xfe\x00garbage"])
def test_asbuilt_unreadable_paste_exits_2_in_one_line(tmp_path, capsys, content):
    path = tmp_path / "t.txt"
    path.write_bytes(content)
    code, out, err = run(capsys, "asbuilt", "dgx-h100", path)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_asbuilt_json(capsys, a800_design):
    code, out, _ = run(capsys, "asbuilt", a800_design, FIXTURES / A800, "--json")
    data = json.loads(out)
    assert code == 0 and data["ok"] and data["relations_checked"] == 91
    assert all(re.fullmatch(r"NIC\d", k) for k in data["nic_map"])


def test_sys_inside_one_numa_node_is_flagged_as_a_hidden_pcie_tree(catalog):
    vm = read_topo_file(FIXTURES / "nccl-1264-h100-tabs.txt")  # GPU0 PIX NIC0, SYS to NIC1 on the same NUMA node
    report = check_asbuilt(sketch_design(vm, catalog), catalog, vm)
    assert any("hides its PCIe tree" in n for n in report.notes)
    bare = read_topo_file(FIXTURES / A800)
    assert not any("hides" in n for n in check_asbuilt(sketch_design(bare, catalog), catalog, bare).notes)


def test_sockets_of_rows_never_read_come_from_the_nic_relations(catalog):
    paste = read_topo_file(FIXTURES / "nccl-707-a100-mlx5-spaces.txt")  # ends in GPU4's row, no NUMA for GPU4-7
    design = sketch_design(paste, catalog, fit=False)
    report = check_asbuilt(design, catalog, paste)
    # 25 GPU pairs read (GPU5-GPU6, GPU5-GPU7, GPU6-GPU7 never) + 4 rows x 18 NICs + 8 NIC cells of GPU4's row
    assert report.ok and report.checked == 25 + 72 + 8
    topo = build_topology(design, catalog)
    assert host_class(topo, host_path(topo, "gpu0", "gpu4")) == "SYS"  # mlx5_0: NODE to GPU0, SYS to GPU4
    assert "GPU4: CPU socket inferred from its NIC relations" in design.meta.notes


def test_relations_hidden_by_nvlink_do_not_multiply_switches(catalog):
    paste = read_topo_file(FIXTURES / "nccl-707-a100-mlx5-spaces.txt")
    design = sketch_design(paste, catalog, fit=False)
    topo = build_topology(design, catalog)
    nic = check_asbuilt(design, catalog, paste).nic_map
    # GPU0-GPU1 read NV12 (no PCIe class shown) and both are PXB to mlx5_4..7, NODE to mlx5_0..3: one switch
    assert host_class(topo, host_path(topo, "gpu0", "gpu1")) == "PIX"
    assert host_class(topo, host_path(topo, nic["mlx5_4"], nic["mlx5_7"])) == "PIX"
    assert host_class(topo, host_path(topo, "gpu0", nic["mlx5_4"])) == "PXB"
    switches = [c for c in design.components if catalog.get(c.part).kind == "pcie_switch"]
    assert len(switches) == 4  # GPU0-1, GPU2-3 each with their NIC switch below; rows of GPU5-7 never read
