"""Ctrl+Z and Ctrl+Shift+Z reach the document's undo from a focused field that has nothing of its own to undo.

A QLineEdit claims the undo and redo keys whenever it has the focus (its ShortcutOverride), so after typing a
value and pressing Enter (the edit is committed as a document command) Ctrl+Z undid the field's text, or nothing,
never the edit the status bar had just named. A guarded field keeps the keys only while it holds typing not yet
committed (what Qt Creator and KiCad's property fields do); otherwise the window's Undo and Redo actions get them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QLineEdit, QWidget

UNDO_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)


class _UndoKeys(QObject):
    def __init__(self, pending: Callable[[QWidget], bool]) -> None:
        super().__init__()
        self.pending = pending

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(watched, QLineEdit | QAbstractSpinBox)
                and isinstance(event, QKeyEvent) and _undo_key(event) and not self.pending(watched)):
            event.ignore()  # not claimed: the shortcut (the window's Undo or Redo action) fires
            return True
        return False


def _undo_key(event: QKeyEvent) -> bool:
    combo = event.keyCombination().toCombined()
    typed = QKeySequence(combo)
    return any(typed.matches(key) == QKeySequence.SequenceMatch.ExactMatch for standard in UNDO_KEYS
               for key in QKeySequence.keyBindings(standard)) or typed == QKeySequence("Ctrl+Shift+Z")


def pass_undo_keys(edits: Sequence[QWidget], pending: Callable[[QWidget], bool], owner: QObject) -> None:
    """Let Ctrl+Z / Ctrl+Shift+Z through `edits` (line edits, spin boxes) to the window unless `pending(edit)` says
    it holds typing."""
    guard = _UndoKeys(pending)
    guard.setParent(owner)  # lives as long as the panel
    for edit in edits:
        edit.installEventFilter(guard)


def typed_not_committed(edit: QWidget) -> bool:
    """Qt's own record of typing since the field was last set or committed (see commit_resets_typing)."""
    line = edit.lineEdit() if isinstance(edit, QAbstractSpinBox) else edit
    return isinstance(line, QLineEdit) and line.isModified()


def commit_resets_typing(edit: QLineEdit | QAbstractSpinBox) -> None:
    """After a field's editingFinished has committed its value (connected before this), its typing is no longer
    pending: clear Qt's modified flag so typed_not_committed says so."""
    line = edit.lineEdit() if isinstance(edit, QAbstractSpinBox) else edit
    if isinstance(line, QLineEdit):
        edit.editingFinished.connect(lambda: line.setModified(False))
