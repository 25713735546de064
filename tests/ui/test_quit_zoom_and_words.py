"""From a fresh user session on Xvfb (1366x768 and 1024x700): File > Quit closes every window (it closed only the main
window, and an open cluster window kept the app running), Ctrl+= zooms as Ctrl++ does, the Workload tab clears its
chart when there is no step to show, one GPU is '1 GPU', and the Performance and Workload tables speak Chinese."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox
from shiboken6 import isValid
from ui_harness.gestures import ScriptedUser, settle

from designer.analysis import status_parts
from designer.core import i18n
from designer.core.locale import render
from designer.ui.i18n import install_translators

CTRL = Qt.KeyboardModifier.ControlModifier


def open_cluster_window(window, qtbot):
    window.clusters.new_from_design()
    cluster = window.clusters.windows[-1]
    qtbot.waitExposed(cluster)
    return cluster


def test_quit_closes_the_cluster_windows_too_and_a_cancel_stops_it(make_window, qtbot, monkeypatch):
    window = make_window("dgx-h100")
    cluster = open_cluster_window(window, qtbot)
    pue = cluster.inspector.findChild(QLineEdit, "site.pue")  # an edit: the plan has unsaved work
    pue.setFocus()
    QTest.keyClick(pue, Qt.Key.Key_A, CTRL)
    QTest.keyClicks(pue, "1.2")
    QTest.keyClick(pue, Qt.Key.Key_Return)
    settle()
    assert not cluster.document.is_clean
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: (asked.append(a[1]), QMessageBox.StandardButton.Cancel)[1])
    ScriptedUser(window).key(Qt.Key.Key_Q, CTRL)  # Ctrl+Q in the main window
    qtbot.wait(50)
    settle()
    assert asked and window.isVisible() and cluster.isVisible()  # the plan's Cancel keeps every window
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    quit_action = next(a for a in cluster.menuBar().actions()[0].menu().actions()
                       if a.text().replace("&", "") == "Quit")
    quit_action.trigger()  # the cluster window's own File > Quit
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)
    assert not isValid(cluster) or not cluster.isVisible()


def test_a_cancel_on_the_main_windows_work_keeps_the_cluster_windows_open(make_window, qtbot, monkeypatch):
    window = make_window("dgx-h100")
    cluster = open_cluster_window(window, qtbot)
    monkeypatch.setattr(window.files, "confirm_discard", lambda: False)  # the user cancels the main window's prompt
    ScriptedUser(window).key(Qt.Key.Key_Q, CTRL)
    qtbot.wait(50)
    settle()
    assert window.isVisible() and cluster.isVisible()  # the cluster windows were closed first, before the fix
    monkeypatch.setattr(window.files, "confirm_discard", lambda: True)  # nothing left open for the next test
    cluster.close()
    window.close()


def test_ctrl_equals_zooms_in_as_ctrl_plus_does(make_window):
    window = make_window("dgx-h100")
    window.activateWindow()
    settle()
    before = window.view.transform().m11()
    ScriptedUser(window).key(Qt.Key.Key_Equal, CTRL)
    assert window.view.transform().m11() == pytest.approx(before * 1.25)


def test_one_gpu_is_one_gpu_in_the_status_bar(design_of, catalog):
    from designer.analysis import Analysis

    design = design_of("supermicro-pcie-l40s")
    one = design.model_copy(update={"components": tuple(c for c in design.components
                                                         if not (catalog.get(c.part).kind == "gpu" and c.id != "gpu0")),
                                    "links": ()})
    first = status_parts(Analysis(one, catalog).figures, None)[0]
    assert render(first) == "1 GPU" and render(first, "zh_TW") == "1 個 GPU"
    assert render(status_parts(Analysis(design, catalog).figures, None)[0]) == "8 GPUs"


def test_the_workload_chart_is_cleared_when_there_is_no_step(make_window, qtbot):
    window = make_window("dgx-h100")
    window.bottom.setCurrentWidget(window.workload)
    panel = window.workload
    qtbot.waitUntil(lambda: panel.result is not None and panel.chart.figure is not None
                    and bool(panel.chart.figure.axes), timeout=20000)
    window.files.new_from_template("blank")
    qtbot.waitUntil(lambda: "no GPUs" in panel.summary.text() or panel.result is None and not panel._jobs,
                    timeout=20000)
    settle()
    assert not panel.chart.figure.axes  # the DGX H100's step bar is gone


@pytest.fixture
def zh_tw(qapp):
    installed = install_translators(QApplication.instance(), "zh_TW")
    yield
    for translator in installed:
        QApplication.instance().removeTranslator(translator)
    i18n.set_language("en")


def test_the_performance_and_workload_tables_speak_chinese(zh_tw, make_window, qtbot):
    window = make_window("dgx-h100")
    window.bottom.setCurrentWidget(window.performance)
    qtbot.waitUntil(lambda: window.performance.table.rowCount() > 0, timeout=20000)
    table = window.performance.table
    headers = [table.horizontalHeaderItem(j).text() for j in range(table.columnCount())]
    assert headers[:3] == ["集合通訊", "大小 (B)", "時間 (us)"] and headers[-1] == "演算法"
    assert table.item(0, 0).text() == "AllReduce"  # as the Collectives menu names it, not 'allreduce'
    window.bottom.setCurrentWidget(window.workload)
    qtbot.waitUntil(lambda: window.workload.result is not None and window.workload.table.rowCount() > 0,
                    timeout=20000)
    words = {window.workload.table.item(i, 5).text() for i in range(window.workload.table.rowCount())}
    assert words and words <= {"不重算", "選擇性", "完整"}
