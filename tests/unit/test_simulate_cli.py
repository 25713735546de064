import json

import pytest

from designer.cli.main import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_table_looks_like_nccl_tests(capsys):
    code, out, _ = run(capsys, "simulate", "dgx-h100", "--collective", "allreduce", "--min-bytes", "1M",
                       "--max-bytes", "4M")
    lines = out.splitlines()
    assert code == 0
    header = next(ln for ln in lines if "algbw" in ln)
    assert header.split()[1:8] == ["size", "count", "type", "redop", "time", "algbw", "busbw"]
    data = [ln.split() for ln in lines if not ln.startswith("#")]
    assert [int(d[0]) for d in data] == [1 << 20, 2 << 20, 4 << 20]
    assert data[0][1] == str((1 << 20) // 4) and data[0][2:4] == ["float", "sum"]
    assert "largest size limited by" in out


def test_json_rows_carry_the_required_fields(capsys):
    code, out, _ = run(capsys, "simulate", "amd-mi300x", "--json", "--nodes", "2", "--collective", "alltoall",
                       "--collective", "allreduce", "--min-bytes", "8", "--max-bytes", "64")
    data = json.loads(out)
    assert code == 0 and len(data["results"]) == 2 * 4
    row = data["results"][0]
    assert {"collective", "algorithm", "nodes", "gpus", "size_bytes", "time_us", "algbw_GBps", "busbw_GBps",
            "bottleneck"} <= set(row)
    assert row["nodes"] == 2 and row["gpus"] == 16 and row["collective"] == "alltoall"


def test_fail_names_the_reason(capsys):
    code, out, _ = run(capsys, "simulate", "dgx-h100", "--fail", "nvs0", "--collective", "allreduce",
                       "--min-bytes", "8G", "--max-bytes", "8G", "--json")
    data = json.loads(out)
    assert code == 0 and data["failed"] == ["nvs0"] and "failed nvs0" in data["notes"][0]


def strict_json(text):
    """JSON as the standard has it: NaN and Infinity are refused."""
    def refuse(token):
        raise ValueError(f"{token} is not JSON")
    return json.loads(text, parse_constant=refuse)


def test_a_fabric_the_policy_stops_reads_as_its_state_not_nan(capsys):
    """NMX full-bandwidth partition (the GB200 NVL72 default): one failed switch chip makes the partition
    UNHEALTHY, not operational (NVIDIA NMX partition modes, designer/data/failure_policy.json): no busbw exists."""
    state = ("fabric not operational (policy nmx_full_bandwidth: the full-bandwidth partition is UNHEALTHY, NMX)")
    args = ("simulate", "gb200-nvl72", "--fail", "nvs0", "--collective", "allreduce", "--min-bytes", "512M",
            "--max-bytes", "1G")
    code, out, _ = run(capsys, *args)
    rows = [ln for ln in out.splitlines() if not ln.startswith("#")]
    assert code == 0 and "nan" not in out.lower() and len(rows) == 2
    assert all(ln.endswith(state) and ln.split()[4:7] == ["-", "-", "-"] for ln in rows)
    code, out, _ = run(capsys, *args, "--json")
    data = strict_json(out)
    assert data["fabric_state"] == state
    assert [(r["busbw_GBps"], r["time_us"], r["reason"]) for r in data["results"]] == [(None, None, state)] * 2


def test_an_operational_what_if_has_figures_and_no_state(capsys):
    code, out, _ = run(capsys, "simulate", "gb200-nvl72", "--fail", "l0", "--collective", "allreduce",
                       "--min-bytes", "1G", "--max-bytes", "1G", "--json")
    data = strict_json(out)
    assert code == 0 and data["fabric_state"] is None
    assert data["results"][0]["busbw_GBps"] > 0 and "reason" not in data["results"][0]


def test_plot_writes_a_png(tmp_path, capsys):
    path = tmp_path / "busbw.png"
    code, _, _ = run(capsys, "simulate", "dgx-b200", "--plot", str(path), "--max-bytes", "1G")
    assert code == 0 and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 10_000


@pytest.mark.parametrize("argv,needle", [
    (["simulate", "dgx-h100", "--nodes", "0"], "nodes must be between"),
    (["simulate", "dgx-h100", "--max-bytes", "lots"], "--max-bytes: not a size"),
    (["simulate", "dgx-h100", "--min-bytes", "1G", "--max-bytes", "1K"], "sizes must satisfy"),
    (["simulate", "dgx-h100", "--collective", "allsum"], "unknown collective 'allsum'"),
    (["simulate", "dgx-h100", "--fail", "gpu42"], "no component or link 'gpu42'"),
    (["simulate", "dgx-h100", "--algorithm", "magic"], "invalid choice"),
    (["simulate", "dgx-h100", "--plot", "/no/such/folder/x.png"], "does not exist"),
    (["simulate", "dgx-h100", "--plot", "x.svg"], "writes PNG"),
    (["parallel", "dgx-h100", "--params", "70B", "--layers", "80", "--hidden", "8192", "--tp", "3"], "must equal"),
    (["parallel", "dgx-h100", "--params", "lots", "--layers", "80", "--hidden", "8192"], "not a number"),
])
def test_bad_input_exits_2(capsys, argv, needle):
    with pytest.raises(SystemExit) as exc:
        raise SystemExit(main(argv))
    _, err = capsys.readouterr()
    assert exc.value.code == 2 and needle in err and err.count("\n") == 1


def test_parallel_text(capsys):
    code, out, _ = run(capsys, "parallel", "dgx-h100", "--params", "70B", "--layers", "80", "--hidden", "8192",
                       "--tp", "16", "--dp", "1", "--nodes", "2")
    assert code == 0 and "warning: TP group of 16 leaves the 8-GPU scale-up domain" in out


def test_multi_node_run_says_which_network_it_assumed(capsys):
    code, out, _ = run(capsys, "simulate", "amd-mi300x", "--nodes", "40", "--collective", "allreduce",
                       "--min-bytes", "8", "--max-bytes", "8")
    assert code == 0
    note = next(ln for ln in out.splitlines() if "scale-out:" in ln)
    assert "roce network at 84% of line rate" in note and "40 nodes span 2 leaf groups" in note
    code, out, _ = run(capsys, "simulate", "dgx-h100", "--nodes", "2", "--json", "--collective", "allreduce",
                       "--min-bytes", "8", "--max-bytes", "8")
    scaleout = json.loads(out)["fabric"]["scaleout"]
    assert scaleout["network_kind"] == "infiniband" and scaleout["oversubscription"] == 1.0
