"""The Workload tab: a model, the GPUs and a precision chosen with real events; the search runs off the GUI thread
and shows the fastest layout, its step as a bar and the next layouts; it waits while the tab is hidden."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox, QTableWidget

from designer.workload.shapes import model_by_id


def show_workload(window, qtbot):
    window.bottom.setCurrentWidget(window.workload)
    qtbot.waitUntil(lambda: window.workload.result is not None, timeout=20000)
    return window.workload


def test_the_workload_tab_searches_when_shown_and_follows_the_controls(make_window, qtbot):
    window = make_window("dgx-h100")
    panel = window.workload
    qtbot.waitUntil(lambda: panel.design is not None)  # the window's first (debounced) analysis
    assert panel.result is None and panel._stale and not panel._jobs  # hidden until its tab is chosen: no search
    panel = show_workload(window, qtbot)
    summary = panel.findChild(QLabel, "workload.summary")
    table = panel.findChild(QTableWidget, "workload.layouts")
    assert "Best of" in summary.text() and "Llama 3 70B" in summary.text()
    assert table.rowCount() == len(panel.result["rows"]) > 1
    best = panel.result["rows"][0]
    assert best["fits"] and best["layout"]["gpus"] == 1024 and best["mfu"] > 0.2
    # a smaller model picked with the keyboard, and fewer GPUs typed in the spin box
    combo = panel.findChild(QComboBox, "workload.model")
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Home)
    qtbot.waitUntil(lambda: panel.result is not None and panel.result["model"] == model_by_id("gpt3-175b").name,
                    timeout=20000)
    spin = panel.findChild(QSpinBox, "workload.gpus")
    spin.setFocus()
    QTest.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(spin, "8")
    generation = panel.generation
    QTest.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.generation > generation and not panel._jobs, timeout=20000)
    assert "No layout of GPT-3 175B fits on 8 GPUs" in summary.text()  # 16 bytes a parameter: 350 GB per GPU
    assert table.rowCount() == 0


def test_a_design_edit_marks_the_hidden_tab_stale(make_window, qtbot):
    window = make_window("dgx-h100")
    panel = show_workload(window, qtbot)
    window.bottom.setCurrentWidget(window.problems)
    generation = panel.generation
    panel.set_design(window.document.design)
    assert panel._stale and panel.generation == generation  # no search while hidden
    window.bottom.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: panel.generation > generation and not panel._jobs, timeout=20000)
    assert panel.result is not None and not panel._stale


def test_the_cluster_window_trains_on_the_plan(make_window, qtbot):
    from PySide6.QtWidgets import QApplication

    from designer.cluster.plan import ClusterPlan, NodeRef

    window = make_window("dgx-h100")
    cluster = window.clusters.new_plan(ClusterPlan(name="pod", node=NodeRef(template="dgx-h100"), gpus=512))
    try:
        qtbot.waitExposed(cluster)
        qtbot.waitUntil(lambda: cluster.analysis is not None)
        panel = cluster.workload
        assert panel.gpus.value() == 512  # the plan's own GPUs
        cluster.bottom.setCurrentWidget(panel)
        qtbot.waitUntil(lambda: panel.result is not None, timeout=20000)
        best = panel.result["rows"][0]
        assert panel.result["gpus"] == 512 and best["layout"]["gpus"] == 512
        from designer.cluster.build import ClusterModel
        from designer.cost.cluster import cost_summary
        from designer.cost.prices import catalog_prices
        from designer.cost.tco import TcoParams

        m = ClusterModel(cluster.document.plan, cluster.document.catalog)
        price = cost_summary(m, catalog_prices(m.catalog), TcoParams(pue=m.site.pue))["usd_per_gpu_hour"]
        assert best["usd_per_gpu_hour"] == pytest.approx(price, rel=1e-3)  # the plan's price, not the node's
    finally:
        cluster.confirm_discard = lambda: True
        cluster.close()
        QApplication.processEvents()


def test_a_mixture_of_experts_is_said_to_be_not_validated(make_window, qtbot):
    """The model runs above every published Megatron-Bridge Qwen3 run: the tab says so beside a MoE's figures, and
    not beside a dense model's."""
    window = make_window("gb200-nvl72")
    panel = show_workload(window, qtbot)
    summary = panel.findChild(QLabel, "workload.summary")
    assert "Best of" in summary.text() and "mixture of experts" not in summary.text()
    combo = panel.findChild(QComboBox, "workload.model")
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_End)  # the last shipped model: Qwen3 235B-A22B
    qtbot.waitUntil(lambda: panel.result is not None and panel.result["model"] == model_by_id("qwen3-235b-a22b").name,
                    timeout=60000)
    assert "Best of" in summary.text() and "Not validated for a mixture of experts" in summary.text()
