"""The sweep's results as a table and its chart's front (issue 35 item 5): table_order filters on words and sorts
numbers as numbers, stably both ways; front_2d is the chart's two-axis front (the Pareto column also weighs watts,
so the Pareto rows joined in busbw order zig-zagged)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from designer.sweep.results import TABLE_COLUMNS, SweepRows, front_2d, table_order, write_rows


def sweep(points: list[tuple[float, float]], pareto: list[bool] | None = None) -> SweepRows:
    rows = [{"node": "dgx-h100" if i % 2 else "amd-mi300x", "gpus": str(256 * (i + 1)), "network": "ib" if i % 3
             else "roce", "allreduce_busbw_gbytes_s": f"{b}", "tco_usd_per_gpu_hour": f"{c}",
             "pareto": "true" if pareto and pareto[i] else "false"} for i, (b, c) in enumerate(points)]
    return SweepRows(rows, np.array([p[0] for p in points], dtype=float), np.array([p[1] for p in points],
                     dtype=float), np.zeros(len(points)), np.array(pareto or [False] * len(points), dtype=bool))


COST = next(i for i, c in enumerate(TABLE_COLUMNS) if c.key == "tco_usd_per_gpu_hour")
GPUS = next(i for i, c in enumerate(TABLE_COLUMNS) if c.key == "gpus")


def test_numbers_sort_as_numbers_and_ties_keep_the_files_order_both_ways():
    rows = sweep([(100, 2.0), (90, 10.0), (80, 2.0), (70, 9.5)])
    assert list(table_order(rows, COST)) == [0, 2, 3, 1]  # 10.0 after 9.5 (a text sort put "10.0" first)
    assert list(table_order(rows, COST, descending=True)) == [1, 3, 0, 2]  # the tie 0, 2 in file order
    assert list(table_order(rows, GPUS, descending=True)) == [3, 2, 1, 0]


def test_the_filter_keeps_rows_holding_every_word_and_pareto_keeps_the_set():
    rows = sweep([(100, 2.0), (90, 3.0), (80, 4.0), (70, 5.0)], pareto=[True, False, True, False])
    assert list(table_order(rows, text="roce")) == [0, 3]
    assert list(table_order(rows, text="ROCE amd")) == [0]
    assert list(table_order(rows, text="pareto")) == [0, 2]
    assert list(table_order(rows, text="nothing-like-this")) == []


@given(st.lists(st.tuples(st.integers(1, 50), st.integers(1, 50)), min_size=1, max_size=40))
def test_the_front_is_exactly_the_rows_no_other_row_beats_on_both_axes(points):
    rows = sweep([(float(b), float(c)) for b, c in points])
    front = list(front_2d(rows))
    beaten = {i for i, (b, c) in enumerate(points)
              if any((b2 >= b and c2 <= c) and (b2, c2) != (b, c) for b2, c2 in points)}
    kept = {i for i in range(len(points)) if i not in beaten}
    # one row stands for a group of identical points
    assert {points[i] for i in front} == {points[i] for i in kept}
    assert len(front) == len({points[i] for i in front})
    xs, ys = rows.busbw[front], rows.cost[front]
    assert list(xs) == sorted(xs) and list(ys) == sorted(ys)  # a front: more busbw costs more, a step line


def test_write_rows_writes_the_order_given_atomically(tmp_path):
    rows = sweep([(100, 2.0), (90, 3.0)])
    out = tmp_path / "x.csv"
    write_rows(rows, np.array([1, 0]), out, ("node", "tco_usd_per_gpu_hour"))
    assert out.read_text().splitlines() == ["node,tco_usd_per_gpu_hour", "dgx-h100,3.0", "amd-mi300x,2.0"]
    assert not list(tmp_path.glob(".*.tmp"))
    with pytest.raises(OSError):
        write_rows(rows, np.array([0]), tmp_path / "missing" / "x.csv", ("node",))


def test_the_chart_draws_the_front_as_a_step_line_through_its_rows():
    from matplotlib.figure import Figure

    from designer.sweep.chart import draw_pareto

    rows = sweep([(100, 2.0), (150, 2.5), (120, 1.9), (140, 3.0)], pareto=[True, True, True, True])
    ax = draw_pareto(Figure(), rows)
    (line,) = ax.get_lines()
    assert line.get_drawstyle() == "steps-pre"
    assert list(line.get_xdata()) == [120, 150] and list(line.get_ydata()) == [1.9, 2.5]  # was joined 100-120-140-150


def test_the_legend_keys_are_neutral_where_the_colour_means_watts():
    from matplotlib.colors import to_rgba
    from matplotlib.figure import Figure

    from designer.sweep.chart import KEY_GREY, LABELS, draw_pareto

    rows = sweep([(100, 2.0), (150, 2.5), (120, 1.9), (140, 3.0)], pareto=[False, True, True, False])
    ax = draw_pareto(Figure(), rows)
    legend = ax.get_legend()
    keys = dict(zip((t.get_text() for t in legend.get_texts()), legend.legend_handles, strict=True))
    assert set(keys) == {LABELS["others"], LABELS["front"], LABELS["pareto"]}
    grey = to_rgba(KEY_GREY)[:3]
    # the key of 'other designs' took the colour map's colour of the first row (dark purple or yellow by its watts)
    assert to_rgba(keys[LABELS["others"]].get_markerfacecolor())[:3] == grey
    assert to_rgba(keys[LABELS["pareto"]].get_markerfacecolor())[:3] == grey
    assert to_rgba(keys[LABELS["pareto"]].get_markeredgecolor())[:3] == (0.0, 0.0, 0.0)
