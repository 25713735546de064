"""The canvas view: zoom, pan, grid, palette drops, and the interaction tools (select, connect)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPoint, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QDragEnterEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsView, QLabel

from designer.ui.canvas.items import COMPONENT_Z, ComponentItem, LinkItem
from designer.ui.text import plain

CONNECT_PREVIEW_Z = COMPONENT_Z + 3  # the line being dragged by the Connect tool: above parts and raised links

if TYPE_CHECKING:
    from designer.ui.canvas.scene import CanvasScene

PART_MIME = "application/x-gpu-designer-part"
DESIGN_SUFFIXES = (".json", ".pdf", ".txt")  # .txt: a topology paste to import
GRID_MM = 10.0


def grid_lines(rect: QRectF) -> list[QLineF]:
    """The grid's lines across `rect`, every GRID_MM."""
    xs = range(int(rect.left() // GRID_MM), int(rect.right() // GRID_MM) + 1)
    ys = range(int(rect.top() // GRID_MM), int(rect.bottom() // GRID_MM) + 1)
    return ([QLineF(i * GRID_MM, rect.top(), i * GRID_MM, rect.bottom()) for i in xs]
            + [QLineF(rect.left(), j * GRID_MM, rect.right(), j * GRID_MM) for j in ys])


class SelectTool:
    name = "select"

    def press(self, view: CanvasView, event: QMouseEvent) -> bool:
        return False

    def move(self, view: CanvasView, event: QMouseEvent) -> bool:
        return False

    def release(self, view: CanvasView, event: QMouseEvent) -> bool:
        return False

    def cancel(self, view: CanvasView) -> bool:
        """Esc: drop a gesture under way; False when there was none (the next Esc leaves the tool)."""
        return False


class ConnectTool(SelectTool):
    """Drag from one component to another to link them."""

    name = "connect"

    def __init__(self) -> None:
        self.start: ComponentItem | None = None
        self.line: QGraphicsLineItem | None = None

    def press(self, view: CanvasView, event: QMouseEvent) -> bool:
        item = view.component_at(event.position().toPoint())
        if item is None or event.button() != Qt.MouseButton.LeftButton:
            return False
        self.start = item
        self.line = view.scene().addLine(QLineF(item.center(), item.center()), QPen(QColor("#ff6f00"), 2))
        self.line.setZValue(CONNECT_PREVIEW_Z)  # above the parts it crosses (it was drawn under them, hidden)
        return True

    def move(self, view: CanvasView, event: QMouseEvent) -> bool:
        if self.line is None or self.start is None:
            return False
        self.line.setLine(QLineF(self.start.center(), view.mapToScene(event.position().toPoint())))
        return True

    def release(self, view: CanvasView, event: QMouseEvent) -> bool:
        if self.start is None:
            return False
        end = view.component_at(event.position().toPoint())
        if self.line is not None:
            view.scene().removeItem(self.line)
        start, self.start, self.line = self.start, None, None
        if end is not None and end is not start:
            view.connect_requested.emit(start.cid, end.cid)
        return True

    def cancel(self, view: CanvasView) -> bool:
        if self.start is None:
            return False
        if self.line is not None:
            view.scene().removeItem(self.line)
        self.start, self.line = None, None
        return True


class CanvasView(QGraphicsView):
    part_dropped = Signal(str, QPointF)  # part id, scene position
    files_dropped = Signal(list)  # local file paths
    connect_requested = Signal(str, str)
    zoom_changed = Signal(float)
    part_hovered = Signal(str, QPointF)  # a palette part dragged over the canvas: part id, scene position
    drag_left = Signal()
    tool_left = Signal()  # Esc with no gesture under way in a tool other than Select: back to Select
    context_requested = Signal(str, QPoint)  # id of the component or link under the cursor ("" for none), global pos
    NOTE_MS = 4000

    def __init__(self, scene: CanvasScene) -> None:
        super().__init__(scene)
        self.canvas_scene = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)  # a dock that grows: no jump
        self.setAcceptDrops(True)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.tool: SelectTool = SelectTool()
        self.zoom_changed.connect(scene.set_view_zoom)
        self.fitted = False  # the design was fitted (F, a new or opened design) and the user has not zoomed since
        self.show_grid = True
        self._pan: QPointF | None = None
        self._space = False
        self.note = QLabel(self.viewport())  # a refusal, written where the user dropped
        self.note.setObjectName("canvasNote")
        self.note.setWordWrap(True)
        self.note.setMaximumWidth(360)
        self.note.hide()
        self.note_timer = QTimer(self, singleShot=True, interval=self.NOTE_MS)
        self.note_timer.timeout.connect(self.note.hide)

    # Tools ------------------------------------------------------------------------------------
    def set_tool(self, tool: SelectTool) -> None:
        self.tool = tool
        self.setDragMode(QGraphicsView.DragMode.NoDrag if tool.name == "connect"
                         else QGraphicsView.DragMode.RubberBandDrag)
        self.viewport().setCursor(Qt.CursorShape.CrossCursor if tool.name == "connect" else Qt.CursorShape.ArrowCursor)

    def show_note(self, scene_pos: QPointF, text: str) -> None:
        """A short message at a point of the canvas (a refused drop's reason); it fades after a few seconds."""
        self.note.setText(plain(text))
        self.note.setStyleSheet("QLabel#canvasNote { background: #fff3e0; color: #7f2704; border: 1px solid #d84315;"
                                " border-radius: 4px; padding: 4px 6px; }")
        self.note.adjustSize()
        at = self.mapFromScene(scene_pos) + QPoint(12, 12)
        at.setX(max(2, min(at.x(), self.viewport().width() - self.note.width() - 2)))
        at.setY(max(2, min(at.y(), self.viewport().height() - self.note.height() - 2)))
        self.note.move(at)
        self.note.show()
        self.note.raise_()
        self.note_timer.start()

    def component_at(self, pos) -> ComponentItem | None:
        for item in self.items(pos):
            if isinstance(item, ComponentItem):
                return item
        return None

    # Zoom and pan -----------------------------------------------------------------------------
    def zoom(self, factor: float) -> None:
        scale = self.transform().m11() * factor
        if 0.05 <= scale <= 40:
            self.scale(factor, factor)
            self.fitted = False
            self.zoom_changed.emit(scale)

    def fit(self) -> None:
        """The whole design in view; it stays fitted through resizes until the user zooms (as draw.io and
        KiCad keep a fitted page)."""
        rect = self.canvas_scene.design_rect().adjusted(-20, -20, 20, 20)
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.fitted = True
        self.zoom_changed.emit(self.transform().m11())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)  # the resize anchor keeps the centre of a zoomed view where it was
        if self.fitted:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom(1.15 if event.angleDelta().y() > 0 else 1 / 1.15)
        else:
            super().wheelEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Escape and self.tool.name != "select":  # as KiCad: cancel, then leave the tool
            if not self.tool.cancel(self):
                self.tool_left.emit()
            event.accept()
            return
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        pan = event.button() == Qt.MouseButton.MiddleButton or (
            self._space and event.button() == Qt.MouseButton.LeftButton)
        if pan:
            self._pan = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        if not self.tool.press(self, event):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan is not None:
            delta = event.position() - self._pan
            self._pan = event.position()
            self.horizontalScrollBar().setValue(int(self.horizontalScrollBar().value() - delta.x()))
            self.verticalScrollBar().setValue(int(self.verticalScrollBar().value() - delta.y()))
            return
        if not self.tool.move(self, event):
            super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan is not None:
            self._pan = None
            self.viewport().unsetCursor()
            return
        if not self.tool.release(self, event):
            super().mouseReleaseEvent(event)

    def contextMenuEvent(self, event) -> None:  # noqa: N802 (Qt override: the window builds the menu)
        ident = ""
        for item in self.items(event.pos()):
            if isinstance(item, ComponentItem):
                ident = item.cid
                break
            if isinstance(item, LinkItem):
                ident = item.lid
                break
        self.context_requested.emit(ident, event.globalPos())
        event.accept()

    # Grid -------------------------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802
        super().drawBackground(painter, rect)
        if not self.show_grid or self.transform().m11() * GRID_MM < 4:
            return
        color = self.palette().color(self.foregroundRole())
        color.setAlpha(28)
        painter.save()
        painter.setPen(QPen(color, 0))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # axis-aligned hairlines: crisp and fast
        painter.drawLines(grid_lines(QRectF(rect)))  # one call: 340 drawLine calls took 90 ms of the first paint
        painter.restore()

    # Drag and drop ----------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        mime = event.mimeData()
        if mime.hasFormat(PART_MIME) or (mime.hasUrls() and any(
                u.isLocalFile() and u.toLocalFile().lower().endswith(DESIGN_SUFFIXES) for u in mime.urls())):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:  # noqa: N802
        mime = event.mimeData()
        if mime.hasFormat(PART_MIME):
            part = bytes(mime.data(PART_MIME).data()).decode("utf-8", "replace")
            self.part_hovered.emit(part, self.mapToScene(event.position().toPoint()))
            event.acceptProposedAction()
        elif mime.hasUrls():
            event.acceptProposedAction()

    def dragLeaveEvent(self, event) -> None:  # noqa: N802
        # the view takes drags itself (dragEnterEvent never hands them to QGraphicsView, so the scene saw no enter):
        # handing the leave on made Qt print "drag leave received before drag enter" on stderr
        self.drag_left.emit()
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        mime = event.mimeData()
        if mime.hasFormat(PART_MIME):
            part = bytes(mime.data(PART_MIME).data()).decode("utf-8", "replace")
            self.drag_left.emit()
            self.part_dropped.emit(part, self.mapToScene(event.position().toPoint()))
            event.acceptProposedAction()
        elif mime.hasUrls():
            self.files_dropped.emit([u.toLocalFile() for u in mime.urls() if u.isLocalFile()])
            event.acceptProposedAction()
