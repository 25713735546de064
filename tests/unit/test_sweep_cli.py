"""`gpu-designer-cli sweep`: the rows of real cluster plans, the same on a dask.distributed cluster as locally,
and one line with exit 2 for every kind of bad input, with no output file left behind."""

import csv
import json

import pytest

from designer.cli.main import main
from designer.sweep.evaluate import COLUMNS, objectives
from designer.sweep.pareto import pareto_indices

ARGS = ["--node", "dgx-h100,amd-mi300x", "--gpus", "256,1024", "--oversubscription", "1,2", "--network", "ib,roce",
        "--electricity-usd-kwh", "0.05,0.15"]


def _run(capsys, *argv):
    code = main(["sweep", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _rows(path):
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def local_rows(tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep") / "local.csv"
    assert main(["sweep", *ARGS, "--workers", "1", "-o", str(out)]) == 0
    return _rows(out)


def test_every_combination_is_one_row_with_the_issue_columns(local_rows):
    assert len(local_rows) == 2 * 2 * 2 * 2 * 2
    required = {"node", "gpus", "oversubscription", "network", "electricity_usd_kwh", "allreduce_busbw_gbytes_s",
                "tco_usd_per_gpu_hour", "facility_w_per_gpu", "capex_usd", "pareto"}
    assert required <= set(local_rows[0]) and list(local_rows[0])[:-1] == list(COLUMNS)
    assert {(r["node"], r["gpus"], r["oversubscription"], r["network"], r["electricity_usd_kwh"]) for r in local_rows} \
        .__len__() == 32


def test_the_pareto_column_is_exactly_the_non_dominated_rows(local_rows):
    expected = pareto_indices([objectives(r) for r in local_rows])
    assert {i for i, r in enumerate(local_rows) if r["pareto"] == "true"} == expected
    assert expected  # a grid always has a front


def test_rows_follow_the_model(local_rows):
    by = {(r["node"], r["gpus"], r["oversubscription"], r["network"], r["electricity_usd_kwh"]): r for r in local_rows}
    cheap, dear = by[("dgx-h100", "1024", "1.0", "ib", "0.05")], by[("dgx-h100", "1024", "1.0", "ib", "0.15")]
    # Electricity moves the cost, not the hardware or its performance.
    assert float(dear["tco_usd_per_gpu_hour"]) > float(cheap["tco_usd_per_gpu_hour"])
    assert dear["capex_usd"] == cheap["capex_usd"] and dear["allreduce_busbw_gbytes_s"] == cheap[
        "allreduce_busbw_gbytes_s"]
    # InfiniBand sustains more than standard RoCE on the same node (the network model's efficiencies).
    roce = by[("dgx-h100", "1024", "1.0", "roce", "0.05")]
    assert float(cheap["allreduce_busbw_gbytes_s"]) > float(roce["allreduce_busbw_gbytes_s"])
    # Oversubscribing the leaves buys fewer switches.
    over = by[("dgx-h100", "1024", "2.0", "ib", "0.05")]
    assert int(over["switches"]) < int(cheap["switches"]) and int(over["capex_usd"]) < int(cheap["capex_usd"])


def test_a_two_worker_dask_cluster_gives_the_same_rows(local_rows, tmp_path, capsys):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as lc:
        out = tmp_path / "remote.csv"
        code, stdout, _ = _run(capsys, *ARGS, "--scheduler", lc.scheduler_address, "-o", str(out))
    assert code == 0 and "on tcp://" in stdout
    assert _rows(out) == local_rows


def test_local_processes_give_the_same_rows(local_rows, tmp_path, capsys):
    out = tmp_path / "pool.csv"
    code, _, _ = _run(capsys, *ARGS, "--workers", "2", "-o", str(out))
    assert code == 0 and _rows(out) == local_rows


def test_top_prints_the_cheapest_pareto_designs(tmp_path, capsys):
    code, out, _ = _run(capsys, *ARGS, "--workers", "1", "--top", "2", "-o", str(tmp_path / "t.csv"))
    lines = out.splitlines()
    assert code == 0 and "Pareto front" in lines[0] and lines[1].startswith("node") and len(lines) <= 4


def _price_book(tmp_path, entry):
    path = tmp_path / "book.json"
    path.write_text(json.dumps({"book_version": "x", "entries": [entry]}))
    return str(path)


@pytest.mark.parametrize(("argv", "says"), [
    (["--node", "dgx-h999", "--gpus", "256"], "unknown node template"),
    (["--node", "dgx-h100", "--gpus", ""], "one or more values"),
    (["--node", "dgx-h100", "--gpus", "256,"], "one or more values"),
    (["--node", "dgx-h100", "--gpus", "0"], "at least 1"),
    (["--node", "dgx-h100", "--gpus", "256", "--electricity-usd-kwh", "-0.1"], "at least 0"),
    (["--node", "dgx-h100", "--gpus", "256", "--network", "ethernet"], "unknown network kind"),
    (["--node", "dgx-h100", "--gpus", "256", "--pue", "0.9"], "between 1 and 5"),
    (["--node", "dgx-h100", "--gpus", "256", "--utilisation", "0"], "--utilisation"),
    (["--node", "dgx-h100", "--gpus", "256", "--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler"),
    # issue 36: "internal error: ValidationError" and exit 70, where `cluster new` gave one line and exit 2
    (["--node", "dgx-h100", "--gpus", "256,1000000000"], "sweep: gpus: Input should be less than or equal to"),
])
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path, capsys, argv, says):
    out = tmp_path / "out.csv"
    code, stdout, err = _run(capsys, *argv, "-o", str(out))
    assert code == 2 and says in err and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []


def test_a_price_book_with_a_bad_currency_or_missing_part_is_refused(tmp_path, capsys):
    base = {"unit_price": 1.0, "date": "2025-01", "source": "our quote, 2025", "estimate": False}
    for entry, says in (({"part": "qm9700", "currency": "ABC"} | base, "currency 'ABC'"),
                        ({"part": "no-such-switch"} | base, "no part 'no-such-switch'")):
        book = _price_book(tmp_path, {**base, **entry})
        code, _, err = _run(capsys, "--node", "dgx-h100", "--gpus", "256", "--price-book", book,
                            "-o", str(tmp_path / "out.csv"))
        assert code == 2 and says in err
        assert not (tmp_path / "out.csv").exists()


def test_cluster_info_carries_the_cost_of_the_plan(tmp_path, capsys):
    plan = tmp_path / "p.json"
    assert main(["cluster", "new", "--node", "dgx-h100", "--gpus", "256", "-o", str(plan)]) == 0
    capsys.readouterr()
    assert main(["cluster", "info", str(plan), "--json", "--electricity-usd-kwh", "0.1"]) == 0
    cost = json.loads(capsys.readouterr().out)["cost"]
    assert cost["params"]["electricity_usd_kwh"] == 0.1 and cost["params"]["pue"] == 1.3  # the plan's PUE
    assert cost["capital_estimated"]
    assert cost["capital_usd"] == pytest.approx(sum(cost["capital_by_category_usd"].values()), abs=10)
    assert main(["cluster", "info", str(plan)]) == 0
    assert "per GPU-hour" in capsys.readouterr().out
