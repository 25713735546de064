"""The sweep runner: rows in grid order, a Pareto column, the output written whole or not at all."""

import csv
import threading

import pytest

from designer.sweep.grid import Grid, SweepError
from designer.sweep.pareto import pareto_indices
from designer.sweep.run import Cancelled, run_sweep

COLUMNS = ["index", "node", "gpus", "busbw", "cost", "watts"]


def toy(points, ctx):
    """A made-up evaluation: bigger jobs are slower per GPU, node 'b' is cheaper and slower."""
    rows = []
    for p in points:
        slow = 0.7 if p.node == "b" else 1.0
        busbw = round(ctx * slow * 1000 / p.gpus ** 0.1, 3)
        rows.append({"index": p.index, "node": p.node, "gpus": p.gpus, "busbw": busbw,
                     "cost": round((1.5 if p.node == "b" else 2.0) + p.electricity_usd_kwh * 3, 4),
                     "watts": 1500 + 10 * p.oversubscription})
    return rows


def boom(points, ctx):
    if any(p.index >= 40 for p in points):
        raise RuntimeError("evaluation failed")
    return toy(points, ctx)


def objectives(row):
    return (-float(row["busbw"]), float(row["cost"]), float(row["watts"]))


GRID = Grid(node=("a", "b"), gpus=(64, 128, 256, 512), oversubscription=(1.0, 2.0),
            electricity_usd_kwh=(0.05, 0.1, 0.2))


def _read(path):
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("workers", [1, 2])
def test_rows_come_in_grid_order_with_the_pareto_set_marked(tmp_path, workers):
    out = tmp_path / "sweep.csv"
    seen = []
    result = run_sweep(GRID, toy, 1.0, out, COLUMNS, objectives, rank=lambda r: float(r["cost"]), workers=workers,
                       chunk_size=5, window=3, top_k=3, progress=lambda done, total: seen.append((done, total)))
    rows = _read(out)
    assert [int(r["index"]) for r in rows] == list(range(len(GRID)))
    expected = pareto_indices([objectives(r) for r in rows])
    assert {i for i, r in enumerate(rows) if r["pareto"] == "true"} == expected
    assert result.rows == len(GRID) and result.pareto == len(expected)
    assert seen[-1] == (len(GRID), len(GRID)) and len(seen) == -(-len(GRID) // 5)
    costs = [float(r["cost"]) for r in result.top]
    assert costs == sorted(costs) and len(costs) == min(3, result.pareto)
    assert all(r["pareto"] == "true" for r in result.top)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sweep.csv"]


def test_a_failed_evaluation_leaves_no_output_and_no_temporary_files(tmp_path):
    out = tmp_path / "sweep.csv"
    with pytest.raises(RuntimeError, match="evaluation failed"):
        run_sweep(GRID, boom, 1.0, out, COLUMNS, objectives, rank=lambda r: 0.0, chunk_size=8, window=2)
    assert list(tmp_path.iterdir()) == []


def test_a_cancelled_sweep_keeps_an_older_output_untouched(tmp_path):
    out = tmp_path / "sweep.csv"
    out.write_text("the previous results\n")
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        run_sweep(GRID, toy, 1.0, out, COLUMNS, objectives, rank=lambda r: 0.0, cancel=stop)
    assert out.read_text() == "the previous results\n" and len(list(tmp_path.iterdir())) == 1


def test_an_output_in_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(SweepError, match="does not exist"):
        run_sweep(GRID, toy, 1.0, tmp_path / "no" / "x.csv", COLUMNS, objectives, rank=lambda r: 0.0)
