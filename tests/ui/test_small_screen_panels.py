"""The Analysis panels on a small screen (1024 x 700, issue 35): the Power & Thermal chart keeps room for its bars
and legend (it got 200 px, its labels cut and its legend on the PSU bar, with a constrained-layout warning on
stderr), and the Performance tab's bottleneck line ends in '…' where it does not fit (it was cut mid-word)."""

from __future__ import annotations

import warnings

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from ui_harness.gestures import settle

from designer.ui.elided import ElidedLabel
from designer.ui.panels.budget import CHART_MIN_WIDTH


def click_tab(window, panel) -> None:
    bar = window.bottom.tabBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(window.bottom.indexOf(panel)).center())
    settle()


def test_the_power_chart_keeps_its_room_and_its_legend_beside_the_bars(make_window, qtbot):
    window = make_window("dgx-h100")
    window.resize(1024, 700)
    click_tab(window, window.power)
    chart = window.power.chart
    qtbot.waitUntil(lambda: chart.canvas is not None, timeout=30000)
    assert chart.width() >= max(CHART_MIN_WIDTH, 380)  # the figures' column gives way (it wraps and scrolls)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "constrained_layout not applied because axes sizes collapse to zero"
        chart.canvas.draw()
    ax = window.power.figure.axes[0]
    axes_box = ax.get_window_extent()
    legend_box = ax.get_legend().get_window_extent()
    assert axes_box.width > 100  # the bars have room to be read
    assert legend_box.x0 >= axes_box.x1  # beside the axes, never over a bar
    for label in ax.get_yticklabels():  # "load" and "PSUs" are inside the figure, not cut at its left edge
        assert label.get_window_extent().x0 >= 0


def test_the_bottleneck_line_ends_in_an_ellipsis_where_it_does_not_fit(make_window, qtbot):
    window = make_window("dgx-h100")
    window.resize(1024, 700)
    click_tab(window, window.performance)
    status = window.performance.status
    qtbot.waitUntil(lambda: status.text().startswith("Bottleneck"), timeout=30000)
    whole = status.text()
    assert isinstance(status, ElidedLabel) and "bytes: " in whole  # the whole line is kept: text() and tooltip
    status.resize(status.fontMetrics().horizontalAdvance(whole) // 2, status.height())
    shown = status.shown_text()
    assert shown.endswith("…") and whole.startswith(shown[:-1])
    status.resize(status.fontMetrics().horizontalAdvance(whole) + 20, status.height())
    assert status.shown_text() == whole


def test_a_long_part_name_ends_in_an_ellipsis_in_a_narrow_inspector(make_window):
    """'NVIDIA B200 (HGX) 180(' was cut mid-word in the Inspector's Part box at 1024 x 700; now it ends in '…' and
    the whole name is in the box's tooltip."""
    from ui_harness.gestures import ScriptedUser

    from designer.ui.elided import ElidedComboBox

    window = make_window("dgx-b200")
    ScriptedUser(window).click("gpu0")
    combo = window.inspector.fields["part"]
    assert isinstance(combo, ElidedComboBox) and combo.currentText().startswith("NVIDIA B200")
    whole = combo.currentText()
    combo.resize(combo.fontMetrics().horizontalAdvance(whole) // 2, combo.height())
    shown = combo.shown_text()
    assert shown.endswith("…") and whole.startswith(shown[:-1]) and combo.tooltip_text() == whole
    combo.resize(combo.fontMetrics().horizontalAdvance(whole) * 2, combo.height())
    assert combo.shown_text() == whole
    combo.grab()  # paints with the elided text, no error
