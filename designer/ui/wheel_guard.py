"""Spin boxes and combos inside panels take the mouse wheel only when they have the keyboard focus.

Qt's default (Qt.WheelFocus) lets a wheel turned to scroll a panel change the value under the pointer, and the
change becomes an edit. A guarded field gets Qt.StrongFocus (click or Tab to focus it) and, while unfocused,
ignores the wheel, which Qt then passes to the parent: the panel's scroll area scrolls instead.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QWidget


class _WheelGuard(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Wheel and isinstance(watched, QWidget) and not watched.hasFocus():
            event.ignore()  # not accepted: Qt offers the wheel to the parent (the panel's scroll area)
            return True
        return False


_GUARD: _WheelGuard | None = None


def guard_wheel(*widgets: QWidget) -> None:
    global _GUARD
    if _GUARD is None:
        _GUARD = _WheelGuard()
    for widget in widgets:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        widget.installEventFilter(_GUARD)


def guard_wheels_under(root: QWidget) -> None:
    """Guard every spin box and combo below `root` (call after a form is built)."""
    guard_wheel(*root.findChildren(QAbstractSpinBox), *root.findChildren(QComboBox))
