"""Topology pastes: real published output (tests/fixtures/topo/, each naming its source) read as users paste it."""

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from designer.asbuilt import TopoError, parse_topo, read_topo_file

FIXTURES = Path(__file__).parent.parent / "fixtures" / "topo"


def fixture(name):
    return read_topo_file(FIXTURES / name)


def body(name):
    """The paste without our header line (the source URL)."""
    return (FIXTURES / name).read_text().split("\n", 1)[1]


def test_every_fixture_names_its_public_source():
    files = sorted(FIXTURES.glob("*.txt"))
    assert len(files) >= 8
    for path in files:
        header = [line for line in path.read_text().splitlines() if line.startswith("#")]
        assert any(line.startswith("# source: https://github.com/") for line in header), path.name


def test_tab_aligned_h100_paste_with_nic_rows_cut_off():
    paste = fixture("nccl-1264-h100-tabs.txt")
    assert paste.tool == "nvidia-smi"
    assert paste.accelerators == [f"GPU{i}" for i in range(8)]
    assert paste.nics == [f"NIC{i}" for i in range(10)]
    assert paste.relation("GPU0", "GPU7") == "NV18"
    assert paste.relation("GPU3", "NIC5") == "PIX" and paste.relation("NIC5", "GPU3") == "PIX"
    assert paste.relation("GPU3", "NIC3") == "SYS"
    assert paste.numa["GPU0"] == "0" and paste.numa["GPU7"] == "1"
    assert "cut off in row NIC3 (9 of 18 cells)" in paste.missing
    assert any("NIC4" in m and "NIC9" in m for m in paste.missing)


def test_space_aligned_paste_cut_in_the_middle_of_a_row():
    paste = fixture("nccl-933-a800-nv8-spaces.txt")
    assert paste.relation("GPU0", "NIC2") == "PIX" and paste.relation("GPU4", "NIC1") == "PIX"
    assert paste.relation("GPU6", "NIC0") == "SYS" and paste.relation("GPU7", "GPU3") == "NV8"
    assert paste.relation("GPU7", "NIC0") is None  # never read
    assert "cut off in row GPU7 (4 of 17 cells)" in paste.missing


def test_old_mlx5_column_names_and_a_cell_cut_in_half():
    paste = fixture("nccl-707-a100-mlx5-spaces.txt")
    assert paste.nics == [f"mlx5_{i}" for i in range(18)]
    assert paste.relation("GPU2", "mlx5_0") == "PXB" and paste.relation("GPU0", "mlx5_0") == "NODE"
    assert paste.relation("GPU4", "mlx5_7") == "SYS"
    assert paste.relation("GPU4", "mlx5_8") is None  # the paste ends at 'N'
    assert "cut off in row GPU4 (16 of 26 cells)" in paste.missing


def test_old_driver_with_mlx4_phb_and_cpu_affinity_only():
    paste = fixture("k8s-53497-mlx4-spaces.txt")
    assert paste.nics == ["mlx4_0"]
    assert paste.relation("GPU0", "GPU2") == "PHB" and paste.relation("GPU0", "GPU1") == "PIX"
    assert paste.numa["GPU0"] == "0-9,20-29" and paste.numa["GPU4"] == "10-19,30-39"
    assert any("GPU5" in m for m in paste.missing)


def test_legend_lines_are_not_rows():
    paste = fixture("club3090-1229-rtx5090-legend.txt")
    assert paste.accelerators == ["GPU0", "GPU1"] and paste.nics == []
    assert paste.relation("GPU0", "GPU1") == "PHB" and not paste.missing


def test_nic_legend_maps_numbers_to_device_names():
    text = body("nccl-1264-h100-tabs.txt") + "\nNIC Legend:\n\n  NIC0: mlx5_0\n  NIC1: mlx5_3\n"
    paste = parse_topo(text)
    assert paste.nic_names == {"NIC0": "mlx5_0", "NIC1": "mlx5_3"}
    assert paste.nic_label("NIC1") == "NIC1 (mlx5_3)"


def test_rocm_smi_link_type_and_hops():
    paste = fixture("rocm-108-mi-pcie.txt")
    assert paste.tool == "rocm-smi" and paste.coarse
    assert paste.accelerators == ["GPU0", "GPU1", "GPU2", "GPU3"]
    assert paste.relation("GPU0", "GPU3") == "SYS"  # PCIE, 3 hops: through both CPU sockets (AMD MI200 guide)


def test_rocm_smi_weights_only_one_xgmi_hop():
    paste = fixture("openmm-3940-mi250-weights.txt")
    assert paste.relation("GPU0", "GPU1") == "XG" and paste.relation("GPU0", "GPU6") == "XG"
    assert paste.relation("GPU0", "GPU3") is None  # weight 30: not classified
    assert any("cut off" in m for m in paste.missing)


def test_npu_smi_hccs_matrix():
    paste = fixture("ms-swift-910b3-npu-smi.txt")
    assert paste.tool == "npu-smi" and paste.accelerators == [f"NPU{i}" for i in range(8)]
    assert paste.relation("NPU0", "NPU7") == "HC"
    assert paste.numa["NPU0"] == "144-167" and paste.numa["NPU7"] == "48-71"


@pytest.mark.parametrize("text", ["", "hello world\n", "GPU0 GPU1\n", "\x00\x01binary"])
def test_text_that_is_no_matrix_is_refused_in_one_line(text):
    with pytest.raises(TopoError) as err:
        parse_topo(text, "x.txt")
    assert "\n" not in str(err.value) and str(err.value).startswith("x.txt: ")


def test_junk_inside_a_row_names_the_line():
    text = body("nccl-933-a800-nv8-spaces.txt").replace("GPU2    NV8     NV8      X      NV8",
                                                        "GPU2    NV8     NV8      X      <b>")
    with pytest.raises(TopoError, match=r"line 4: '<b>' in column GPU3 of row GPU2"):
        parse_topo(text, "p.txt")


def test_missing_and_oversized_files(tmp_path):
    with pytest.raises(TopoError, match="no such file"):
        read_topo_file(tmp_path / "nope.txt")
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 1_000_001)
    with pytest.raises(TopoError, match="larger than"):
        read_topo_file(big)


TOKENS = ["GPU0", "GPU1", "GPU2", "NIC0", "mlx5_1", "NPU0", "X", " X ", "NV4", "NV", "PIX", "PXB", "PHB", "NODE", "SYS",
          "SOC", "N/A", "0-7", "CPU", "Affinity", "junk", "=== Link Type between two GPUs ===", "XGMI", "PCIE", "0",
          "NIC Legend:", "NIC0: mlx5_0", "\t", " ", "\n", "\n"]


@given(st.lists(st.sampled_from(TOKENS), max_size=120))
@example(["CPU", "\n", "GPU0", "X"])  # a header line of "CPU" only: was an IndexError, not a refusal
@settings(max_examples=300, deadline=None)
def test_any_mix_of_matrix_tokens_parses_or_is_refused_cleanly(tokens):
    text = " ".join(tokens)
    try:
        paste = parse_topo(text, "fuzz.txt")
    except TopoError as exc:
        assert "\n" not in str(exc)
        return
    assert paste.accelerators and all(a != b for a, b in paste.cells)
