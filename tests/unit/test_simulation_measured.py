"""nccl-tests / rccl-tests logs (real published output, tests/fixtures/nccl/README.md names each source):
reading them, measured against predicted, calibration profiles and the uncertainty band."""

import json
from pathlib import Path

import pytest

from designer.cli.main import main
from designer.core.errors import DesignerError
from designer.simulation import SimConfig, simulate
from designer.simulation.calibration import Calibration, load_calibration
from designer.simulation.constants import MODEL_SPREAD
from designer.simulation.measured import parse_row, read_log, read_log_file

FIX = Path(__file__).parent.parent / "fixtures" / "nccl"


def run_cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# --- reading logs --------------------------------------------------------------------------
@pytest.mark.parametrize("name,collective,ranks,hosts,rows,last_size,last_busbw,last_time", [
    ("rccl-mi300x-1node-allreduce.txt", "allreduce", 8, 1, 31, 8589934592, 315.69, 47617),
    ("rccl-mi300x-2node-allreduce.txt", "allreduce", 16, 2, 32, 17179869184, 357.46, 90115),
    ("rccl-mi355x-2node-allreduce.txt", "allreduce", 16, 2, 31, 8589934592, 369.04, 43643),
    ("rccl-mi355x-1node-alltoall.txt", "alltoall", 8, 1, 2, 17179869184, 361.41, 41593),
    ("nccl-gb300-2node-allreduce.txt", "allreduce", 8, 2, 2, 17179869184, 841.63, 35722),
    ("nccl-h100-24rank-tagged-excerpt.txt", "allreduce", 24, 0, 10, 536870912, 5.31, 193909),
    ("nccl-gb200-nvl72-rack-allreduce.txt", "allreduce", 72, 1, 5, 8589934592, 834.57, 20299),
])
def test_published_logs_read_as_printed(name, collective, ranks, hosts, rows, last_size, last_busbw, last_time):
    [run] = read_log_file(FIX / name)
    assert (run.collective, run.ranks, run.hosts, len(run.rows)) == (collective, ranks, hosts, rows)
    assert (run.largest.size_bytes, run.largest.busbw_GBps, run.largest.time_us) == (last_size, last_busbw,
                                                                                     last_time)


def test_a_paste_without_test_name_is_read_by_its_busbw_ratio():
    """The MI355X paste has neither banner nor nThread line; the mpirun-tagged rows have no header at
    all: only AllReduce has busbw/algbw above 1, and 2(r-1)/r gives the ranks (24 in NVIDIA/nccl#1453)."""
    [tagged] = read_log_file(FIX / "nccl-h100-24rank-tagged-excerpt.txt")
    assert tagged.notes and "read as allreduce from busbw/algbw" in tagged.notes[0]
    assert tagged.rows[0].size_bytes == 1048576 and tagged.rows[0].time_us == 1626.5  # tags gone, row intact


def test_several_runs_in_one_file_keep_their_own_collective():
    text = (FIX / "rccl-mi355x-1node-alltoall.txt").read_text() + (FIX / "rccl-mi300x-1node-allreduce.txt").read_text()
    runs = read_log(text, "both")
    assert [(r.collective, r.ranks, len(r.rows)) for r in runs] == [("alltoall", 8, 2), ("allreduce", 8, 31)]


def test_old_tables_without_root_column():
    row, redop = parse_row("     33554432       8388608     float     sum    2180.1   15.39   29.50  0e+00"
                           "    2285.2   14.68   28.14  0e+00")
    assert redop == "sum" and (row.time_us, row.algbw_GBps, row.busbw_GBps) == (2180.1, 15.39, 29.50)


@pytest.mark.parametrize("content,message", [
    (b"", "no nccl-tests result rows"),
    (b"\x00\xff\xfe garbage \x89PNG", "no nccl-tests result rows"),
    (b"1 2 float sum -1 nan nan nan 0\n", "no nccl-tests result rows"),
    (b"        4096  1024 float none -1 10.0 0.41 0.36 0 10.0 0.41 0.36 0\n", "names no test"),
])
def test_bad_logs_are_one_clear_error(tmp_path, content, message):
    path = tmp_path / "log.txt"
    path.write_bytes(content)
    with pytest.raises(DesignerError, match=message):
        read_log_file(path)


def test_a_huge_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.txt"
    with path.open("wb") as f:
        f.truncate(64 << 20)
    with pytest.raises(DesignerError, match="larger than 32 MB"):
        read_log_file(path)


# --- measured against predicted --------------------------------------------------------------
def test_simulate_measured_prints_both_and_the_error(capsys, tmp_path):
    log = FIX / "rccl-mi300x-2node-allreduce.txt"
    code, out, _ = run_cli(capsys, "simulate", "amd-mi300x", "--measured", log, "--plot", tmp_path / "m.png")
    assert code == 0 and "16 ranks (2 nodes of the design)" in out
    row = next(ln.split() for ln in out.splitlines() if ln.strip().startswith("17179869184"))
    measured, predicted, error = float(row[1]), float(row[2]), float(row[3].rstrip("%")) / 100
    assert measured == 357.46 and error == pytest.approx(predicted / measured - 1, abs=0.002)
    assert (tmp_path / "m.png").read_bytes()[:4] == b"\x89PNG"
    code, out, _ = run_cli(capsys, "simulate", "amd-mi300x", "--measured", log, "--json")
    [m] = json.loads(out)["measured"]
    assert m["nodes"] == 2 and len(m["rows"]) == 32 and m["rows"][-1]["measured_busbw_GBps"] == 357.46


def test_ranks_that_do_not_fill_nodes_are_refused(capsys):
    code, _, err = run_cli(capsys, "simulate", "dgx-h100", "--measured", FIX / "nccl-gb300-2node-allreduce.txt")
    assert code == 0  # 8 ranks on an 8-GPU node: one node
    code, _, err = run_cli(capsys, "simulate", "gh200-quad", "--measured", FIX / "nccl-h100-24rank-tagged-excerpt.txt")
    assert code == 0  # 24 ranks = 6 nodes of 4
    code, _, err = run_cli(capsys, "simulate", "dgx-h100", "--measured", FIX / "nccl-h100-24rank-tagged-excerpt.txt")
    assert code == 0  # 24 = 3 x 8
    code, _, err = run_cli(capsys, "simulate", "amd-mi300x", "--measured", "/nonexistent/log.txt")
    assert code == 2 and err.count("\n") == 1 and "cannot read" in err


# --- calibration -----------------------------------------------------------------------------
def slowed(tmp_path, factor=0.9) -> Path:
    """The real 1-node MI300X log as a machine 10 % slower would print it (times / 0.9, bandwidths x 0.9)."""
    out = []
    for line in (FIX / "rccl-mi300x-1node-allreduce.txt").read_text().splitlines():
        parsed = None if line.lstrip().startswith("#") else parse_row(line)
        if parsed:
            r, t = parsed[0], line.split()
            cells = f"{r.time_us / factor:.2f} {r.algbw_GBps * factor:.2f} {r.busbw_GBps * factor:.2f} 0"
            line = f"{t[0]} {t[1]} {t[2]} {t[3]} {t[4]} {cells} {cells}"
        out.append(line)
    path = tmp_path / "mi300x-slow10.txt"
    path.write_text("\n".join(out) + "\n")
    return path


def largest_busbw(capsys, *extra):
    code, out, _ = run_cli(capsys, "simulate", "amd-mi300x", "--collective", "allreduce", "--min-bytes", "8G",
                           "--max-bytes", "8G", "--json", *extra)
    assert code == 0
    return json.loads(out)["results"][0]


def test_calibrate_brings_a_10_percent_slower_machine_within_3_percent(capsys, tmp_path):
    log, profile = slowed(tmp_path), tmp_path / "p.json"
    measured = read_log_file(log)[0].largest.busbw_GBps
    before = largest_busbw(capsys)["busbw_GBps"]
    assert before / measured - 1 > 0.08
    code, out, _ = run_cli(capsys, "calibrate", "amd-mi300x", log, "-o", profile)
    assert code == 0 and "link efficiency [xgmi]: 0.700 ->" in out and "busbw error: median" in out
    cal = load_calibration(profile)
    assert set(cal.link_efficiency) == {"xgmi"} and cal.fit and cal.fit.points == 31
    after = largest_busbw(capsys, "--calibration", profile)
    assert abs(after["busbw_GBps"] / measured - 1) <= 0.03
    assert after["busbw_low_GBps"] == pytest.approx(after["busbw_GBps"] * (1 - cal.spread))


def test_calibrating_a_two_node_log_fits_the_network_kind(capsys, tmp_path):
    profile = tmp_path / "p.json"
    code, out, _ = run_cli(capsys, "calibrate", "amd-mi300x", FIX / "rccl-mi300x-2node-allreduce.txt", "-o", profile)
    assert code == 0 and "network efficiency [roce]" in out
    cal = load_calibration(profile)
    assert "roce" in cal.network_efficiency and "xgmi" in cal.link_efficiency
    lines = {ln.split()[0]: ln for ln in out.splitlines() if ln.strip().startswith("17179869184")}
    cells = lines["17179869184"].split()
    before, after = (float(cells[i].strip("(%)")) for i in (3, 6))
    assert before < -5 and abs(after) < 1  # the large sizes, where intra-node xGMI sets the rate


@pytest.mark.parametrize("content,message", [
    ("{not json", "not a JSON calibration profile"),
    ('{"link_efficiency": {"nvlink": 1.5}}', "link_efficiency.nvlink"),
    ('{"link_efficiency": {"h100": 0.7}}', "link_efficiency.h100"),
    ('{"latency_scale": -1}', "latency_scale"),
    ('{"extra": 1}', "extra"),
])
def test_bad_profiles_exit_2_with_one_line(capsys, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run_cli(capsys, "simulate", "dgx-h100", "--calibration", path)
    assert code == 2 and err.count("\n") == 1 and message in err


def test_band_without_a_profile_is_the_models_spread(catalog, design_of):
    row = simulate(design_of("dgx-h100"), catalog, SimConfig(collectives=("allreduce",), sizes=(1 << 30,))).rows[0]
    assert row.busbw_low_GBps == pytest.approx(row.busbw_GBps * (1 - MODEL_SPREAD))
    assert row.busbw_high_GBps == pytest.approx(row.busbw_GBps * (1 + MODEL_SPREAD))
    tight = simulate(design_of("dgx-h100"), catalog, SimConfig(collectives=("allreduce",), sizes=(1 << 30,),
                                                               calibration=Calibration(spread=0.01))).rows[0]
    assert tight.busbw_high_GBps == pytest.approx(tight.busbw_GBps * 1.01)


def test_a_profile_only_moves_its_own_technology(catalog, design_of):
    """An xGMI efficiency leaves an NVLink design alone: profiles are per technology, never per product."""
    cal = Calibration(link_efficiency={"xgmi": 0.5})
    for template, moves in (("dgx-h100", False), ("amd-mi300x", True)):
        plain = simulate(design_of(template), catalog, SimConfig(collectives=("allgather",), sizes=(1 << 33,)))
        tuned = simulate(design_of(template), catalog, SimConfig(collectives=("allgather",), sizes=(1 << 33,),
                                                                 calibration=cal))
        assert (tuned.rows[0].busbw_GBps < plain.rows[0].busbw_GBps * 0.8) is moves


def test_measured_and_calibrate_refuse_bad_arguments_in_one_line(capsys, tmp_path):
    log = FIX / "rccl-mi300x-1node-allreduce.txt"
    for argv in (("simulate", "amd-mi300x", "--measured", log, "--nodes", "4"),
                 ("simulate", "amd-mi300x", "--measured", FIX),
                 ("calibrate", "amd-mi300x", log, "-o", tmp_path),
                 ("calibrate", "amd-mi300x", log, "-o", tmp_path / "missing" / "p.json")):
        code, _, err = run_cli(capsys, *argv)
        assert code == 2 and err.count("\n") == 1, (argv, err)


def test_parallel_takes_a_profile(capsys, tmp_path):
    profile = tmp_path / "slow.json"
    profile.write_text('{"link_efficiency": {"nvlink": 0.4}, "nvls_efficiency": {"nvlink4": 0.3}}')
    argv = ("parallel", "dgx-h100", "--params", "70B", "--layers", "80", "--hidden", "8192", "--json")
    _, plain, _ = run_cli(capsys, *argv)
    code, tuned, _ = run_cli(capsys, *argv, "--calibration", profile)
    assert code == 0
    assert json.loads(tuned)["total_ms_per_step"] > 1.5 * json.loads(plain)["total_ms_per_step"]
