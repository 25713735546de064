"""File > Design-Space Search...: ranges typed with the keyboard, a run with progress, hover and click on the
chart, cancel, export; bad ranges refused in the window."""

import csv

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from designer.model.catalog import shipped_catalog
from designer.ui.sweep_window import SweepWindow


@pytest.fixture
def window(qtbot):
    w = SweepWindow(shipped_catalog())
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.cancel()
    w.wait()


def _type(qtbot, edit, text):
    edit.setFocus()
    edit.selectAll()
    QTest.keyClick(edit, Qt.Key.Key_Delete)
    QTest.keyClicks(edit, text)


def _run(qtbot, w):
    with qtbot.waitSignal(w.finished, timeout=120_000):
        QTest.mouseClick(w.run_button, Qt.MouseButton.LeftButton)


def test_ranges_typed_count_designs_and_a_bad_range_disables_run(qtbot, window):
    _type(qtbot, window.gpus, "256,1024")
    _type(qtbot, window.electricity, "0.05,0.1,0.2")
    assert window.count.text().find("48 designs") >= 0  # 2 nodes x 2 sizes x 2 oversubscriptions x 2 nets x 3
    _type(qtbot, window.electricity, "0.05,-1")
    assert not window.run_button.isEnabled() and "at least 0" in window.count.text()


def test_a_run_draws_the_front_and_a_click_opens_that_plan(qtbot, window, tmp_path, monkeypatch):
    _type(qtbot, window.gpus, "256,1024")
    _run(qtbot, window)
    assert len(window.rows) == 32 and window.rows.pareto.any()  # 2 nodes x 2 x 2 x 2 networks x 2 prices
    assert window.progress.value() == 32 and window.export_button.isEnabled()
    # Hover and click the first Pareto point at its pixel on the canvas.
    i = int(window.rows.pareto.nonzero()[0][0])
    canvas = window.chart.canvas
    canvas.draw()  # lay the figure out at the canvas' size now (the window draws when idle)
    x, y = window.axes.transData.transform((window.rows.busbw[i], window.rows.cost[i]))
    ratio = canvas.device_pixel_ratio
    at = QPoint(int(x / ratio), int(canvas.height() - y / ratio))
    QTest.mouseMove(canvas, at)
    qtbot.waitUntil(lambda: "GPUs" in window.hover.text())
    with qtbot.waitSignal(window.plan_requested) as got:
        QTest.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=at)
    plan = got.args[0]
    row = window.rows.rows[window.selected]
    assert plan.gpus == int(row["gpus"]) and plan.fabrics.compute.oversubscription == float(row["oversubscription"])
    assert window.rows.pareto[window.selected]
    # Export the CSV where the user says.
    target = tmp_path / "mine.csv"
    monkeypatch.setattr("designer.ui.sweep_window.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    QTest.mouseClick(window.export_button, Qt.MouseButton.LeftButton)
    with target.open() as f:
        assert len(list(csv.DictReader(f))) == 32


def test_cancel_stops_the_run_and_writes_nothing(qtbot, window):
    _type(qtbot, window.gpus, ",".join(str(64 * k) for k in range(1, 41)))
    with qtbot.waitSignal(window.finished, timeout=120_000):
        QTest.mouseClick(window.run_button, Qt.MouseButton.LeftButton)
        QTest.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    assert "Cancelled" in window.status.text() and window.result_path is None
    assert not (window.folder / "sweep.csv").exists()


def test_a_broken_price_book_is_one_line_in_the_window(qtbot, window, tmp_path):
    book = tmp_path / "book.json"
    book.write_text("{broken")
    _type(qtbot, window.price_book, str(book))
    QTest.mouseClick(window.run_button, Qt.MouseButton.LeftButton)
    assert "not valid JSON" in window.status.text() and window.job_thread is None


def test_from_the_file_menu_a_clicked_design_opens_as_a_cluster_plan(make_window, qtbot):
    from test_cluster_window import choose  # the File menu opened and clicked with the mouse

    main = make_window()
    choose(qtbot, main, "Design-Space Search")
    w = main.sweep_window
    qtbot.waitExposed(w)
    _type(qtbot, w.gpus, "256")
    _type(qtbot, w.oversubscription, "1")
    _type(qtbot, w.electricity, "0.1")
    _run(qtbot, w)
    assert len(w.rows) == 4  # 2 nodes x 2 networks
    i = int(w.rows.pareto.nonzero()[0][0])
    w.chart.canvas.draw()
    x, y = w.axes.transData.transform((w.rows.busbw[i], w.rows.cost[i]))
    canvas = w.chart.canvas
    at = QPoint(int(x / canvas.device_pixel_ratio), int(canvas.height() - y / canvas.device_pixel_ratio))
    QTest.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=at)
    qtbot.waitUntil(lambda: len(main.clusters.windows) == 1)
    cluster = main.clusters.windows[0]
    qtbot.waitExposed(cluster)
    plan = cluster.document.plan
    assert plan.gpus == 256 and plan.fabrics.compute.oversubscription == 1.0
    assert plan.node.design is not None and plan.node.design.meta.template in ("dgx-h100", "amd-mi300x")
    qtbot.waitUntil(lambda: cluster.analysis is not None)
    cluster.confirm_discard = lambda: True  # a new plan is unsaved: closing would ask
    cluster.close()
    w.close()


def _header_click(table, column: int) -> None:
    header = table.horizontalHeader()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))


def _table_column(w, key: str) -> list[str]:
    from designer.sweep.results import TABLE_COLUMNS

    col = next(i for i, c in enumerate(TABLE_COLUMNS) if c.key == key)
    return [w.model.index(r, col).data() for r in range(w.model.rowCount())]


def test_the_results_table_sorts_filters_follows_the_chart_and_exports_what_it_shows(qtbot, window, tmp_path,
                                                                                     monkeypatch):
    # issue 35 item 5: the sweep had a chart and a CSV, no table to sort, filter or export
    _type(qtbot, window.gpus, "256,1024")
    _run(qtbot, window)
    assert window.model.rowCount() == 32 and window.shown.text() == "32 of 32 designs"
    _header_click(window.table, 7)  # US$ per GPU-hour
    costs = [float(c) for c in _table_column(window, "tco_usd_per_gpu_hour")]
    assert costs == sorted(costs)
    _header_click(window.table, 7)
    assert [float(c) for c in _table_column(window, "tco_usd_per_gpu_hour")] == sorted(costs, reverse=True)
    _type(qtbot, window.filter, "roce dgx-h100")
    assert window.shown.text() == "8 of 32 designs"
    # the cells in the window's words (they showed ids: 'dgx-h100', 'roce', '2'); the filter still takes ids
    assert set(_table_column(window, "network")) == {"RoCE"} and set(_table_column(window, "node")) == {"DGX H100"}
    assert set(_table_column(window, "oversubscription")) == {"1:1", "2:1"}
    # a row clicked selects its point on the chart and says its figures; Enter opens its plan
    rect = window.table.visualRect(window.model.index(2, 0))
    QTest.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    i = int(window.model.order[2])
    assert window.selected == i and "GPUs" in window.hover.text()
    with qtbot.waitSignal(window.plan_requested) as got:
        QTest.keyClick(window.table, Qt.Key.Key_Return)
    assert got.args[0].gpus == int(window.rows.rows[i]["gpus"])
    # export: the 8 rows shown, in the table's order, with every column of the result file
    target = tmp_path / "shown.csv"
    monkeypatch.setattr("designer.ui.sweep_window.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    QTest.mouseClick(window.export_button, Qt.MouseButton.LeftButton)
    with target.open() as f:
        written = list(csv.DictReader(f))
    assert written == [window.rows.rows[int(i)] for i in window.model.order]  # the table's rows, in its order
    assert {r["network"] for r in written} == {"roce"} and "bottleneck" in written[0]
    assert "8 of 32 designs" in window.status.text()
    _type(qtbot, window.filter, "pareto")
    assert window.model.rowCount() == int(window.rows.pareto.sum())


def test_a_new_run_clears_the_last_one_and_a_cancel_leaves_no_stale_chart(qtbot, window):
    # issue 35 item 5: after Cancel the chart and hover showed the earlier run and the progress bar stayed at 75%
    _type(qtbot, window.gpus, "256")
    _run(qtbot, window)
    assert len(window.rows) and window.model.rowCount()
    _type(qtbot, window.gpus, ",".join(str(64 * k) for k in range(1, 41)))
    with qtbot.waitSignal(window.finished, timeout=120_000):
        QTest.mouseClick(window.run_button, Qt.MouseButton.LeftButton)
        assert not len(window.rows) and window.model.rowCount() == 0  # cleared when the run starts
        QTest.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    assert "Cancelled" in window.status.text()
    assert not len(window.rows) and window.model.rowCount() == 0 and window.hover.text() == ""
    assert window.progress.value() == 0 and not window.export_button.isEnabled()
    assert window.shown.text() == "0 of 0 designs"
