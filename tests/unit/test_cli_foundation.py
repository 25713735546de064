import json

import pytest

from designer.cli.main import main
from designer.io.files import load_design
from designer.io.schema import design_schema_text


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_templates_lists_every_required_id(capsys):
    code, out, _ = run(capsys, "templates", "--json")
    ids = {t["id"] for t in json.loads(out)}
    assert code == 0
    assert ids >= {"dgx-a100", "dgx-h100", "dgx-h200", "dgx-b200", "hgx-h800", "hgx-a800", "dell-xe9680",
                   "hpe-xd670", "supermicro-pcie-l40s", "amd-mi300x", "amd-mi325x", "huawei-atlas-910b",
                   "gh200-quad", "rtx-pcie-8"}


def test_info_json_for_dgx_h100(capsys):
    code, out, _ = run(capsys, "info", "dgx-h100", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["gpu_count"] == 8 and data["hbm_total_gb"] == 640
    assert data["mem_bw_total_tbytes_s"] == pytest.approx(26.8)
    assert data["scaleup_gbytes_s_per_gpu_per_dir"] == 450


def test_info_text_labels_directions(capsys):
    code, out, _ = run(capsys, "info", "dgx-h100")
    assert code == 0 and "450.0 GB/s per direction (900.0 GB/s bidirectional)" in out


def test_new_writes_a_loadable_file_and_refuses_to_overwrite(tmp_path, capsys, catalog):
    path = tmp_path / "mine.json"
    assert run(capsys, "new", "dgx-b200", "-o", str(path))[0] == 0
    assert load_design(path, catalog).meta.template == "dgx-b200"
    code, _, err = run(capsys, "new", "dgx-b200", "-o", str(path))
    assert code == 2 and "exists" in err
    code, out, _ = run(capsys, "info", str(path), "--json")
    assert code == 0 and json.loads(out)["gpu_count"] == 8


def test_topo_shows_the_matrix_and_legend(capsys):
    code, out, _ = run(capsys, "topo", "dgx-h100")
    lines = out.splitlines()
    assert code == 0
    assert lines[1].split()[:3] == ["GPU0", "X", "NV18"]
    assert "NIC0" in lines[0] and "Legend:" in out


def test_topo_rtx_shows_sys_across_sockets(capsys):
    code, out, _ = run(capsys, "topo", "rtx-pcie-8")
    gpu0 = next(line for line in out.splitlines() if line.startswith("GPU0 "))
    assert code == 0 and gpu0.split()[5] == "SYS"  # GPU0 -> GPU4


def test_schema_prints_the_committed_schema(capsys):
    code, out, _ = run(capsys, "schema")
    assert code == 0 and out == design_schema_text()


@pytest.mark.parametrize("argv,needle", [
    (["info", "no-such-thing"], "neither a design file nor a template id"),
    (["frobnicate"], "invalid choice"),
    (["info"], "the following arguments are required"),
    (["new", "dgx-h100"], "-o/--output"),
    (["new", "not-a-template", "-o", "x.json"], "unknown template"),
])
def test_bad_input_exits_2_with_one_line(capsys, tmp_path, monkeypatch, argv, needle):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exc:
        raise SystemExit(main(argv))
    _, err = capsys.readouterr()
    assert exc.value.code == 2
    assert needle in err and err.count("\n") == 1


def test_a_broken_design_file_exits_2_naming_the_place(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"chassis": "chassis-dgx-h100", "components": [{"id": "g0", "part": "warp-drive"}]}')
    code, _, err = run(capsys, "info", str(path))
    assert code == 2
    assert err.strip() == "gpu-designer-cli: error: broken.json: components[0].part: unknown part 'warp-drive'"


def test_an_internal_error_is_one_line_with_status_70(capsys, monkeypatch):
    import designer.cli.info as info_module

    def boom(_design_arg):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(info_module, "info_dict", boom)
    monkeypatch.delenv("GPU_DESIGNER_DEBUG", raising=False)
    assert main(["info", "dgx-h100"]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error: ZeroDivisionError: oops" in err
