"""The rack rows: one graphics item per rack, drawn to U scale from the plan analysis's elevation data.

Level of detail: zoomed out (a U smaller than a few pixels) a rack is one rectangle in its load colour; closer
in, each racked part is drawn in its U positions, with labels once they are readable. No item per U, so a
64-SU plan (hundreds of racks) paints cheaply. The scene mirrors the plan: after each analysis it updates the
racks whose data changed, adds new ones and removes gone ones.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QMouseEvent, QPainter, QPen, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from designer.cluster.racks import slot_label
from designer.core import i18n
from designer.core.locale import render
from designer.ui.cluster.view_data import RackData, floor_positions, row_columns, slot_at

U_PX = 8.0  # one rack unit, in scene units
RACK_W = 13.5 * U_PX  # a 600 mm wide rack is about 13.5 U (44.45 mm) wide
GAP_X, GAP_Y, LABEL_H = 14.0, 130.0, 40.0
VERTICAL_NAME_PX = 9  # a rack's name turned down its body where the rack is too narrow on screen for it across
LOAD_COLORS = {"ok": QColor("#3f9b5a"), "high": QColor("#d89a2b"), "over": QColor("#d0443c")}
KIND_COLORS = {"node": QColor("#5b84c4"), "switch": QColor("#8a63b8"), "server": QColor("#8d949c"),
               "cdu": QColor("#2f9ea3"), "manifold": QColor("#2f9ea3"), "power_shelf": QColor("#c7843a")}
PDU_COLOR = QColor("#444444")
SELECTED_PEN = QPen(QColor("#ffb000"), 4)


@lru_cache(maxsize=1024)
def _shown(label: str, lang: str) -> str:
    return render(slot_label(label), lang)


def shown(label: str) -> str:
    """A slot's label in the interface's language ("compute tray 3" as "運算托盤 3"), made once per label."""
    return _shown(label, i18n.language())


def tint(color: QColor, share: float = 0.28) -> QColor:
    """A pale version of a load colour (that share of it over white) for a rack's background."""
    return QColor(*(round(255 - (255 - c) * share) for c in (color.red(), color.green(), color.blue())))


class RackItem(QGraphicsItem):
    """Paints one rack (its frame tinted by load, its parts, its PDUs) from a RackView; no logic."""

    def __init__(self, rack: RackData) -> None:
        super().__init__()
        self.rack = rack
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setToolTip(rack.name)

    def set_rack(self, rack: RackData) -> None:
        if rack.height_u != self.rack.height_u:
            self.prepareGeometryChange()
        self.rack = rack
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return QRectF(-3, -LABEL_H, RACK_W + 6, self.rack.height_u * U_PX + LABEL_H + 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        px_per_u = U_PX * option.levelOfDetailFromTransform(painter.worldTransform())
        body = QRectF(0, 0, RACK_W, self.rack.height_u * U_PX)
        load = LOAD_COLORS[self.rack.level]
        if px_per_u < 1.2:  # far: one rectangle in the load colour
            painter.fillRect(body, load)
        else:
            painter.fillRect(body, tint(load))
            self._paint_parts(painter, px_per_u >= 7)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(load.darker(130), 3))
            painter.drawRect(body)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self.isSelected():
            painter.setPen(SELECTED_PEN)
            painter.drawRect(body.adjusted(-3, -3, 3, 3))
        if px_per_u >= 1.2:
            self._paint_label(painter, px_per_u / U_PX)

    def label_layout(self, scale: float) -> str | None:
        """How the rack's name is drawn at this zoom (`scale`: screen pixels per scene unit): 'above' the rack,
        with its kW where they fit; 'down' its body, turned, where the rack is too narrow on screen for the name
        across it (37 racks fitted in a 1024 x 700 window: they lost their names); None where too small to read."""
        size = min(11 / scale, LABEL_H - 8)
        if size * scale >= 7:
            font = QFont("Sans")
            font.setBold(True)
            font.setPixelSize(max(1, round(size)))
            if QFontMetricsF(font).horizontalAdvance(self.rack.name) <= RACK_W + 4:
                return "above"
        turned = QFont("Sans")
        turned.setBold(True)
        turned.setPixelSize(VERTICAL_NAME_PX)
        fits_across = RACK_W * scale >= VERTICAL_NAME_PX + 2
        fits_down = self.rack.height_u * U_PX * scale >= QFontMetricsF(turned).horizontalAdvance(self.rack.name) + 4
        return "down" if fits_across and fits_down else None

    def _paint_label(self, painter: QPainter, scale: float) -> None:
        """The rack's name (and its kW where they fit) in 11 screen pixels above the rack, or as large as the
        label's band allows; turned down the rack's body where the rack is too narrow for it."""
        layout = self.label_layout(scale)
        if layout == "down":
            self._paint_name_down(painter, scale)
            return
        if layout is None:
            return
        size = min(11 / scale, LABEL_H - 8)
        font = QFont("Sans")
        font.setBold(True)
        font.setPixelSize(max(1, round(size)))
        painter.setFont(font)
        painter.setPen(QColor("#202020"))
        text = f"{self.rack.name}  {self.rack.watts / 1000:,.1f} kW"
        if painter.fontMetrics().horizontalAdvance(text) > RACK_W:
            text = self.rack.name
        painter.drawText(QRectF(0, -LABEL_H, RACK_W + 4, LABEL_H - 3), Qt.AlignmentFlag.AlignLeft
                         | Qt.AlignmentFlag.AlignBottom, text)

    def _paint_name_down(self, painter: QPainter, scale: float) -> None:
        """The name read top to bottom down the rack, on a light band so it reads over the parts."""
        painter.save()
        font = QFont("Sans")  # VERTICAL_NAME_PX on screen at every zoom
        font.setBold(True)
        font.setPixelSize(max(1, round(VERTICAL_NAME_PX / scale)))
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        band = QRectF(0, -metrics.height() / 2, metrics.horizontalAdvance(self.rack.name) + 4 / scale,
                      metrics.height())
        painter.translate(RACK_W / 2, 3 / scale)
        painter.rotate(90)
        painter.fillRect(band, QColor(255, 255, 255, 210))
        painter.setPen(QColor("#202020"))
        painter.drawText(band.adjusted(2 / scale, 0, 0, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         self.rack.name)
        painter.restore()

    def _paint_parts(self, painter: QPainter, labels: bool) -> None:
        top = self.rack.height_u * U_PX
        font = QFont("Sans")
        font.setPixelSize(6)  # scene units: fits a 1U part (U_PX) at every zoom where labels are drawn
        painter.setFont(font)
        pdus = 0
        for slot in self.rack.slots:
            if not slot.height_u:
                x = 2 + pdus * 4 if pdus % 2 == 0 else RACK_W - 5 - (pdus // 2) * 4
                painter.fillRect(QRectF(x, 4, 3, top - 8), PDU_COLOR)
                pdus += 1
                continue
            rect = QRectF(8, top - (slot.u - 1 + slot.height_u) * U_PX + 0.5, RACK_W - 16, slot.height_u * U_PX - 1)
            color = KIND_COLORS.get(slot.kind, KIND_COLORS["server"])
            painter.setPen(QPen(color.darker(150), 1))
            painter.setBrush(color)
            painter.drawRect(rect)
            if labels and rect.height() >= 7:
                painter.setPen(QColor("white"))
                painter.drawText(rect.adjusted(3, 0, -2, 0), Qt.AlignmentFlag.AlignVCenter, shown(slot.label))


class RackScene(QGraphicsScene):
    """Mirrors the plan's racks: {rack name: RackItem}, updated in place after each analysis."""

    def __init__(self) -> None:
        super().__init__()
        self.items_by_name: dict[str, RackItem] = {}
        self.row_labels: list[QGraphicsSimpleTextItem] = []
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)

    def show_racks(self, racks: tuple[RackData, ...], row_titles: dict[str, str]) -> None:
        gone = set(self.items_by_name) - {r.name for r in racks}
        for name in gone:
            self.removeItem(self.items_by_name.pop(name))
        height = max((r.height_u for r in racks), default=48) * U_PX
        columns = row_columns(len(racks), RACK_W + GAP_X, height + GAP_Y)
        positions = floor_positions(racks, columns)
        for rack, (col, row) in zip(racks, positions, strict=True):
            item = self.items_by_name.get(rack.name)
            if item is None:
                item = self.items_by_name[rack.name] = RackItem(rack)
                self.addItem(item)
            elif item.rack != rack:
                item.set_rack(rack)
            item.setPos(col * (RACK_W + GAP_X), row * (height + GAP_Y))
        self._label_rows(racks, positions, height, row_titles)
        self.setSceneRect(self.itemsBoundingRect().adjusted(-40, -60, 40, 40))

    def _label_rows(self, racks: tuple[RackData, ...], positions: list[tuple[int, int]], height: float,
                    titles: dict[str, str]) -> None:
        """A title over the first row of compute racks and over the first of the other racks; the titles keep
        their size on screen at every zoom."""
        for label in self.row_labels:
            self.removeItem(label)
        self.row_labels = []
        seen: set[bool] = set()
        for rack, (_col, row) in zip(racks, positions, strict=True):
            compute = rack.role == "compute"
            if compute in seen:
                continue
            seen.add(compute)
            label = self.addSimpleText(titles["compute" if compute else "other"], QFont("Sans", 11, QFont.Weight.Bold))
            label.setBrush(QBrush(QColor("#404040")))
            label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            label.setPos(0, row * (height + GAP_Y) - GAP_Y * 0.9)
            self.row_labels.append(label)

    def rack_rect(self, name: str) -> QRectF | None:
        item = self.items_by_name.get(name)
        return item.sceneBoundingRect() if item is not None else None

    def select_racks(self, names: list[str]) -> None:
        self.clearSelection()
        for name in names:
            if name in self.items_by_name:
                self.items_by_name[name].setSelected(True)

    def part_at(self, pos: QPointF) -> tuple[str, str, str] | None:
        """(rack, kind, label) of the racked part at a scene position."""
        for item in self.items(pos):
            if isinstance(item, RackItem):
                local = item.mapFromScene(pos)
                slot = slot_at(item.rack, item.rack.height_u - local.y() / U_PX + 1)
                if slot is not None:
                    return item.rack.name, slot.kind, slot.label
        return None


class RackView(QGraphicsView):
    """Zoom (Ctrl+wheel, keys), pan (a left drag anywhere, on a rack too; the middle button), click a rack to select
    it, double-click a part to open it. Qt's hand drag pans only from the background, and the racks fill the floor:
    a drag selected a rack instead of moving the view."""

    part_activated = Signal(str, str, str)  # rack, kind, label

    def __init__(self, scene: RackScene) -> None:
        super().__init__(scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self._press: QPointF | None = None  # where a left or middle press began, until it becomes a click or a pan
        self._panned = False
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setBackgroundBrush(QColor("#f4f4f2"))
        self.auto_fit = True  # the whole floor follows the view's size until the user zooms

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()

    def rack_scene(self) -> RackScene:
        scene = self.scene()
        assert isinstance(scene, RackScene)
        return scene

    def fit(self) -> None:
        self.auto_fit = True
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def zoom(self, factor: float) -> None:
        scale = self.transform().m11() * factor
        if 0.005 <= scale <= 12:
            self.auto_fit = False
            self.scale(factor, factor)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier or not event.angleDelta().x():
            self.zoom(1.25 if event.angleDelta().y() > 0 else 0.8)
            event.accept()
        else:
            super().wheelEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            self._press, self._panned = event.position(), False
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if self._press is None:
            super().mouseMoveEvent(event)
            return
        delta = event.position() - self._press
        if not self._panned and delta.manhattanLength() < QApplication.startDragDistance():
            return
        self._panned = True
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(delta.x()))
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(delta.y()))
        self._press = event.position()
        self.auto_fit = False
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if self._press is None:
            super().mouseReleaseEvent(event)
            return
        clicked = not self._panned and event.button() == Qt.MouseButton.LeftButton
        self._press, self._panned = None, False
        self.viewport().unsetCursor()
        if clicked:  # a click, not a pan: Qt's own press and release, so selection works as everywhere else
            press = QMouseEvent(QEvent.Type.MouseButtonPress, event.position(), event.scenePosition(),
                                event.globalPosition(), event.button(), event.button(), event.modifiers())
            super().mousePressEvent(press)
            super().mouseReleaseEvent(event)
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        hit = self.rack_scene().part_at(self.mapToScene(event.position().toPoint()))
        if hit is not None:
            self.part_activated.emit(*hit)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)
