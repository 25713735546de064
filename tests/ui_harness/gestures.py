"""A scripted user: mouse and key events on the real widgets, as a person makes them.

Used by the UI tests, the long-session test and benchmarks/bench_session.py. Nothing here calls the
window's internals to make an edit: clicks, drags and keys go to the widgets through QTest, and the only
event built by hand is the palette drop (a QDrag cannot be driven offscreen; the drop carries the
palette's own MIME data).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QMenu, QWidget

from designer.model.parts import SlotKind

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def settle() -> None:
    """Let queued events, timers due now and deferred deletions run."""
    app = QApplication.instance()
    if app is not None:
        app.processEvents()
        QApplication.sendPostedEvents(None, 52)  # QEvent.DeferredDelete


class ScriptedUser:
    def __init__(self, window) -> None:
        self.window = window
        self.view = window.view
        self.vp = window.view.viewport()

    # Where things are -----------------------------------------------------------------------
    def at(self, scene_point: QPointF) -> QPoint:
        return self.view.mapFromScene(scene_point)

    def component_point(self, cid: str) -> QPoint:
        item = self.window.scene.components[cid]
        self.view.ensureVisible(item, 5, 5)
        return self.at(item.center())

    def slot_point(self, kind: SlotKind, index: int) -> QPointF:
        return QPointF(*self.window.scene.layout.slot(kind, index).center)

    # Canvas gestures ------------------------------------------------------------------------
    def click(self, cid: str, modifiers: Qt.KeyboardModifier = NONE) -> None:
        QTest.mouseClick(self.vp, LEFT, modifiers, self.component_point(cid))
        settle()

    def click_empty(self) -> None:
        """A click on the canvas outside the chassis clears the selection."""
        QTest.mouseClick(self.vp, LEFT, NONE, QPoint(3, 3))
        settle()

    def drag(self, start: QPoint, end: QPoint, steps: int = 6, modifiers: Qt.KeyboardModifier = NONE) -> None:
        QTest.mousePress(self.vp, LEFT, modifiers, start)
        for i in range(1, steps + 1):
            QTest.mouseMove(self.vp, start + (end - start) * (i / steps))
        QTest.mouseRelease(self.vp, LEFT, modifiers, end)
        settle()

    def drag_component(self, cid: str, to: QPointF) -> None:
        """Press on a component (already selected ones move along) and drop its centre at `to`."""
        self.drag(self.component_point(cid), self.at(to))

    def connect(self, a: str, b: str) -> None:
        self.key(Qt.Key.Key_C)  # the connect tool
        self.drag(self.component_point(a), self.component_point(b), steps=4)
        self.key(Qt.Key.Key_S)  # back to select / move

    def drop_part(self, part_id: str, scene_point: QPointF) -> None:
        """A drag from the palette arriving at the canvas: enter, move and drop events on the viewport."""
        self.drag_part_over(part_id, scene_point, drop=True)

    def drag_part_over(self, part_id: str, scene_point: QPointF, drop: bool = False) -> None:
        """A palette part dragged over the canvas to `scene_point` (and dropped there when `drop`)."""
        palette = self.window.palette_panel
        mime = palette.tree.mimeData([palette.item_for(part_id)])
        pos = QPointF(self.at(scene_point))
        actions, buttons = Qt.DropAction.CopyAction, LEFT
        enter = QDragEnterEvent(pos.toPoint(), actions, mime, buttons, NONE)
        QApplication.sendEvent(self.vp, enter)
        QApplication.sendEvent(self.vp, QDragMoveEvent(pos.toPoint(), actions, mime, buttons, NONE))
        if drop:
            QApplication.sendEvent(self.vp, QDropEvent(pos, actions, mime, buttons, NONE))
        settle()

    def drag_away(self) -> None:
        """The dragged part leaves the canvas without being dropped."""
        from PySide6.QtGui import QDragLeaveEvent

        QApplication.sendEvent(self.vp, QDragLeaveEvent())
        settle()

    def right_click(self, widget: QWidget, point: QPoint) -> None:
        """A right click: the press and release, and the context-menu event the window system sends with it."""
        from PySide6.QtGui import QContextMenuEvent

        QTest.mousePress(widget, Qt.MouseButton.RightButton, NONE, point)
        QTest.mouseRelease(widget, Qt.MouseButton.RightButton, NONE, point)
        QApplication.sendEvent(widget, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point,
                                                         widget.mapToGlobal(point)))

    # Keys -----------------------------------------------------------------------------------
    def key(self, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE, target: QWidget | None = None) -> None:
        """A key press in the window (a person types into the window that has the focus: make it active)."""
        if QApplication.activeWindow() is not self.window:
            self.window.activateWindow()
            settle()
        QTest.keyClick(target or self.view, key, modifiers)
        settle()

    def undo(self) -> None:
        self.key(Qt.Key.Key_Z, CTRL)

    def redo(self) -> None:
        self.key(Qt.Key.Key_Z, CTRL | SHIFT)

    def delete(self) -> None:
        self.key(Qt.Key.Key_Delete)

    def save(self) -> None:
        self.key(Qt.Key.Key_S, CTRL)

    # Widgets --------------------------------------------------------------------------------
    def choose(self, combo: QComboBox, data: object) -> None:
        """Open the combo's list and click the entry, as a user picks an item."""
        index = combo.findData(data)
        if index < 0:
            raise ValueError(f"{data!r} is not in the list")
        combo.showPopup()
        settle()
        view = combo.view()
        model_index = view.model().index(index, combo.modelColumn(), view.rootIndex())
        view.scrollTo(model_index)
        rect = view.visualRect(model_index)
        QTest.mouseClick(view.viewport(), LEFT, NONE, rect.center())
        settle()

    def type_into(self, widget: QWidget, text: str) -> None:
        """Select all, type, press Enter (a line edit or spin box commits on Enter)."""
        widget.setFocus()
        QTest.keyClick(widget, Qt.Key.Key_A, CTRL)
        QTest.keyClicks(widget, text)
        QTest.keyClick(widget, Qt.Key.Key_Return)
        settle()

    def pick_from_menu(self, open_menu: Callable[[], None], text: str) -> None:
        """Open a popup menu (its exec blocks) and click the entry whose text starts with `text`."""
        def click_entry() -> None:
            menu = QApplication.activePopupWidget()
            if not isinstance(menu, QMenu):
                QTimer.singleShot(20, click_entry)
                return
            action = next(a for a in menu.actions() if a.text().replace("&", "").startswith(text))
            QTest.mouseClick(menu, LEFT, NONE, menu.actionGeometry(action).center())

        QTimer.singleShot(0, click_entry)
        open_menu()
        settle()

    def answer_next_dialog(self, text: str, look: Callable[[QWidget], None] | None = None) -> None:
        """When the next modal input dialog opens, type `text` into it and press Enter (`look` sees it first)."""
        from PySide6.QtWidgets import QLineEdit

        def answer() -> None:
            dialog = QApplication.activeModalWidget()
            edit = dialog.findChild(QLineEdit) if dialog is not None else None
            if edit is None:
                QTimer.singleShot(20, answer)
                return
            if look is not None:
                look(dialog)
            QTest.keyClicks(edit, text)
            QTest.keyClick(edit, Qt.Key.Key_Return)

        QTimer.singleShot(0, answer)
