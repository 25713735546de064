"""Turning the mouse wheel over a panel scrolls it; it edits a spin box or combo only once that field has focus
(issue 25: chassis, PSU policy and nodes per leaf changed under a wheel meant to scroll the Inspector)."""

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QLineEdit, QScrollArea, QWidget
from ui_harness.gestures import settle

from designer.ui.preferences import PreferencesDialog


def wheel(widget: QWidget, notches: int) -> QWidget | None:
    """A wheel turn over the middle of `widget`, delivered as Qt delivers a real (spontaneous) one: to the widget
    under the pointer, then, while no one accepts it, to its parents (QApplication::notify does this only for
    spontaneous events, which a test cannot make, so the walk is done here). Returns the widget that took it."""
    at = QPointF(widget.rect().center())
    target: QWidget | None = widget
    while target is not None:
        event = QWheelEvent(at, QPointF(target.mapToGlobal(at.toPoint())), QPoint(0, 0), QPoint(0, -120 * notches),
                            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                            False)
        event.ignore()
        QApplication.sendEvent(target, event)
        if event.isAccepted():
            return target
        at += QPointF(target.pos())
        target = None if target.isWindow() else target.parentWidget()
    return None


def test_the_wheel_over_unfocused_inspector_fields_scrolls_and_never_edits(make_window):
    window = make_window("dgx-h100")
    window.resize(1400, 520)  # the design form is taller than the Inspector: it scrolls
    QApplication.processEvents()
    scroller = window.inspector_dock.widget()
    assert isinstance(scroller, QScrollArea)
    bar = scroller.verticalScrollBar()
    assert bar.maximum() > 0
    before = window.document.design
    fields = window.inspector.fields
    for key in ("chassis", "redundancy", "scaleout_topology", "nodes", "scaleout_per_leaf", "scaleout_over"):
        widget = fields[key]
        assert isinstance(widget, QComboBox | QAbstractSpinBox)
        shown = widget.currentIndex() if isinstance(widget, QComboBox) else widget.text()
        bar.setValue(0)
        took = wheel(widget, 1)
        assert took is scroller.viewport() and bar.value() > 0, key  # the Inspector scrolled; the field did not
        widget.clearFocus()  # a spin box commits on focus out: nothing may have changed under the wheel
        now = widget.currentIndex() if isinstance(widget, QComboBox) else widget.text()
        assert now == shown, key
    assert window.document.design == before
    assert not window.document.history.can_undo  # no edit was made


def test_a_focused_spin_box_still_takes_the_wheel(make_window):
    window = make_window("dgx-h100")
    spin = window.inspector.fields["nodes"]
    assert isinstance(spin, QAbstractSpinBox)
    old = spin.value()
    window.activateWindow()
    window.inspector_dock.widget().ensureWidgetVisible(spin)
    settle()
    QTest.mouseClick(spin.findChild(QLineEdit), Qt.MouseButton.LeftButton)  # click into it, as a user does
    assert spin.hasFocus()
    assert wheel(spin, -1) is spin  # one notch up
    assert spin.value() == old + 1
    QTest.keyClick(spin, Qt.Key.Key_Return)
    assert window.document.design.settings.nodes_per_rack == old + 1


def test_preferences_and_performance_fields_are_guarded(make_window):
    window = make_window("dgx-h100")
    dialog = PreferencesDialog(window.prefs, window)
    panel_fields = [dialog.theme, dialog.autosave, window.performance.nodes, window.performance.algorithm]
    try:
        for widget in panel_fields:
            assert widget.focusPolicy() == Qt.FocusPolicy.StrongFocus
        before = (dialog.theme.currentIndex(), window.performance.algorithm.currentIndex(),
                  window.performance.nodes.value())
        for widget in (dialog.theme, window.performance.algorithm, window.performance.nodes):
            wheel(widget, 1)
        assert (dialog.theme.currentIndex(), window.performance.algorithm.currentIndex(),
                window.performance.nodes.value()) == before
    finally:
        dialog.deleteLater()
