"""Graphics items: they paint and report geometry. They know ids, not documents or rules."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from designer.ui.canvas.labels import ELIDE, fitted_lines
from designer.ui.style import KIND_COLOR, LINK_COLOR, SEVERITY_COLOR, kind_icon
from designer.ui.text import plain

COMPONENT_Z, LINK_Z, ZONE_Z = 10, 5, 0
# Links are drawn with an opaque pen of the colour their translucent pen gives over the canvas (a translucent pen
# made one paint of a 1,584-link rack 350 ms, an opaque one 115 ms: benchmarks/bench_rack_edit.py), and thinner
# when the view is zoomed out this far (74 ms), where 1.6 px and 1 px look alike.
THIN_BELOW_ZOOM = 0.5
BASE, NO_BRUSH = QPalette.ColorRole.Base, Qt.BrushStyle.NoBrush  # looked up once: a rack's paint uses them 1,584 times


@lru_cache(maxsize=256)
def _over(rgba: int, base: int) -> QColor:
    """The opaque colour a translucent `rgba` gives painted over `base` (both QColor.rgba() values)."""
    top, under = QColor.fromRgba(rgba), QColor.fromRgba(base)
    a = top.alphaF()
    return QColor.fromRgbF(*(a * t + (1 - a) * u for t, u in zip(
        (top.redF(), top.greenF(), top.blueF()), (under.redF(), under.greenF(), under.blueF()), strict=True)))
LEGEND_H = 8.0  # a zone's label, drawn across its top edge (scene units): parts start 5 below it
LABEL_AT = (0.5, 0.35, 0.65, 0.2, 0.8)  # where along a link its label may sit, in order of preference
MARK_OFFSET = 3.0  # the finding's dashed outline, this far outside the part (scene units)
MARK_MARGIN = 6.0  # what the item may paint outside its rect: the outline and its 3 px pen, inside boundingRect
PT_PER_UNIT = 72 / 96  # a font's point size for a height in scene units (Qt's logical 96 dpi)


def label_font(zoom: float) -> QFont:
    font = QFont("Sans")
    font.setPointSizeF(8.0 / zoom)  # about 8 pt on screen at any zoom
    return font


@lru_cache(maxsize=4096)
def label_size(label: str, zoom: float) -> tuple[float, float]:
    """A link label's box in scene units at this zoom (a 72-GPU rack asks for 1,584 of them at each zoom)."""
    box = QFontMetricsF(label_font(zoom)).boundingRect(label).adjusted(-2 / zoom, -1 / zoom, 2 / zoom, 1 / zoom)
    return box.width(), box.height()


class ZoneItem(QGraphicsRectItem):
    """A chassis zone or an empty slot, drawn as a labelled outline."""

    def __init__(self, rect: tuple[float, float, float, float], label: str, dashed: bool = False,
                 title: bool = False) -> None:
        super().__init__(QRectF(*rect))
        self.label = label
        self.title = title  # the chassis name, written above the outline
        pen = QPen(QColor(128, 128, 128, 150), 1.0, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine)
        pen.setCosmetic(True)
        self.setPen(pen)
        self.setBrush(QBrush(QColor(128, 128, 128, 18 if not dashed else 0)))
        self.setZValue(ZONE_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        if label:
            self.setToolTip(plain(label))  # the whole label where the zone's width elides it

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)
        if not self.label:
            return
        painter.setFont(QFont("Sans", 9 if self.title else 6, QFont.Weight.Bold if self.title else -1))
        metrics = QFontMetricsF(painter.font(), painter.device())
        r = self.rect()
        if self.title:
            area = QRectF(r.left(), r.top() - 18, r.width(), 16)
        else:  # on the top edge, as a fieldset's legend: the parts below start lower than its lower half
            area = QRectF(r.left() + 6, r.top() - LEGEND_H / 2, max(0.0, r.width() - 12), LEGEND_H)
        label = metrics.elidedText(self.label, ELIDE, area.width())
        if not self.title:
            back = widget.palette().color(QPalette.ColorRole.Base) if widget is not None else QColor("white")
            painter.fillRect(QRectF(area.left() - 2, area.top(), metrics.horizontalAdvance(label) + 4, LEGEND_H), back)
        painter.setPen(QColor(128, 128, 128))
        painter.drawText(area, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override: the title sits above the outline, a legend on it)
        return super().boundingRect().adjusted(0, -20 if self.title else -LEGEND_H / 2 - 1 if self.label else 0, 0, 0)


class DropTargetItem(QGraphicsRectItem):
    """While a part is dragged over the canvas: the slot it would take (green) or the one refusing it (red)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(COMPONENT_Z + 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.accepted = True

    def show_at(self, rect: tuple[float, float, float, float], accepted: bool, reason: str) -> None:
        self.accepted = accepted
        color = QColor("#2e7d32" if accepted else "#c62828")
        pen = QPen(color, 3)
        pen.setCosmetic(True)
        fill = QColor(color)
        fill.setAlpha(60)
        self.setPen(pen)
        self.setBrush(QBrush(fill))
        self.setRect(QRectF(*rect))
        self.setToolTip(plain(reason))
        self.show()


class ComponentItem(QGraphicsRectItem):
    def __init__(self, cid: str, kind: str, title: str, subtitle: str, rect: tuple[float, float, float, float]) -> None:
        super().__init__(QRectF(0, 0, rect[2], rect[3]))
        self.cid = cid
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.marker: str | None = None  # severity of the worst violation on this item
        self.setPos(rect[0], rect[1])
        self.setZValue(COMPONENT_Z)
        self.setFlags(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable | QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
        self.setAcceptHoverEvents(True)
        self.setToolTip(plain(f"{cid}: {title}\n{subtitle}"))

    def set_texts(self, kind: str, title: str, subtitle: str) -> None:
        if (kind, title, subtitle) != (self.kind, self.title, self.subtitle):
            self.kind, self.title, self.subtitle = kind, title, subtitle
            self.setToolTip(plain(f"{self.cid}: {title}\n{subtitle}"))
            self.update()

    def set_rect(self, rect: tuple[float, float, float, float]) -> None:
        if QPointF(rect[0], rect[1]) != self.pos():
            self.setPos(rect[0], rect[1])
        if QRectF(0, 0, rect[2], rect[3]) != self.rect():
            self.setRect(QRectF(0, 0, rect[2], rect[3]))

    def set_marker(self, severity: str | None) -> None:
        if severity != self.marker:
            self.marker = severity
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        r = self.rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        base = QColor(KIND_COLOR.get(self.kind, "#777"))
        painter.setBrush(base.lighter(165))
        pen = QPen(base.darker(130), 1.2)
        pen.setCosmetic(True)
        if self.isSelected():
            pen = QPen(QColor("#ff6f00"), 3)
            pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawRoundedRect(r, 4, 4)
        zoom = max(1e-6, painter.worldTransform().m11())
        if self.marker:
            self._paint_marker(painter, r, zoom)
        if r.width() * zoom >= 90 and r.height() * zoom >= 60:  # room for details: icon, name, part, subtitle
            self._paint_details(painter, r, zoom)
        else:  # level of detail: only the short id, as large as the item allows (turned along tall items)
            self._paint_short(painter, r, zoom)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override: the finding's outline is drawn around the part)
        m = MARK_MARGIN
        return self.rect().adjusted(-m, -m, m, m)

    def _paint_marker(self, painter: QPainter, r: QRectF, zoom: float) -> None:
        """The dashed outline of a finding, kept inside boundingRect at any zoom (else a repaint of the item
        leaves pieces of it on the canvas when the finding goes: issue 25)."""
        mark = QPen(QColor(SEVERITY_COLOR[self.marker or "error"]), 3, Qt.PenStyle.DashLine)
        mark.setCosmetic(True)
        painter.setPen(mark)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        d = min(MARK_OFFSET, MARK_MARGIN - 2.5 / zoom)  # the pen's half width (1.5 px) and a pixel to spare
        painter.drawRoundedRect(r.adjusted(-d, -d, d, d), 5, 5)

    def _paint_short(self, painter: QPainter, r: QRectF, zoom: float) -> None:
        """The id alone, at 9-14 px on screen: across the item when it fits, else turned along a tall item."""
        def fitting(along: float, across: float) -> float:
            return min(along / (0.66 * len(self.cid) + 0.6), across * 0.55)

        size = fitting(r.width(), r.height())
        vertical = size * zoom < 9 and r.height() > r.width()
        if vertical:
            size = fitting(r.height(), r.width())
        font = QFont("Sans")
        font.setBold(True)
        font.setPointSizeF(max(0.5, min(size, 14.0 / zoom)) * PT_PER_UNIT)
        painter.setFont(font)
        painter.setPen(QColor("#111"))
        painter.save()
        painter.translate(r.center())
        along, across = (r.height(), r.width()) if vertical else (r.width(), r.height())
        if vertical:
            painter.rotate(-90)
        painter.drawText(QRectF(-along / 2, -across / 2, along, across), Qt.AlignmentFlag.AlignCenter, self.cid)
        painter.restore()

    def _paint_details(self, painter: QPainter, r: QRectF, zoom: float) -> None:
        painter.setClipRect(r)  # text that does not fit stops at the item's edge (the tooltip has it all)
        icon = min(22.0, r.height() * 0.3, r.width() * 0.35)
        kind_icon(self.kind).paint(painter, QRectF(r.left() + 3, r.top() + 3, icon, icon).toRect())
        painter.setPen(QColor("#111"))
        font = QFont("Sans")
        font.setPointSizeF(max(9.0 / zoom, min(10.0, r.width() / 9)))
        font.setBold(True)
        painter.setFont(font)
        text = r.adjusted(3, icon + 4, -3, -2)
        painter.drawText(text, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                         self.cid)
        font.setBold(False)
        font.setPointSizeF(max(8.0 / zoom, font.pointSizeF() * 0.8))
        painter.setFont(font)
        below = text.adjusted(0, font.pointSizeF() * 2.4, 0, 0)
        lines = fitted_lines(QFontMetricsF(font, painter.device()), [self.title, self.subtitle], below.width(),
                             below.height())  # what does not fit ends in "..." (the tooltip has it all)
        painter.drawText(below, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, "\n".join(lines))

    def center(self) -> QPointF:
        return self.sceneBoundingRect().center()


class LinkItem(QGraphicsPathItem):
    def __init__(self, lid: str, kind: str, label: str, a: ComponentItem, b: ComponentItem, offset: float) -> None:
        super().__init__()
        self.lid = lid
        self.kind = kind
        self.label = label
        self.ends = (a, b)
        self.offset = offset
        self.highlighted = False
        self.hovered = False  # set by hover events: paint() asked isUnderMouse(), which strokes the shape each time
        self._shape: QPainterPath | None = None  # the stroked path, made again only when the path changes
        self._paint_pen: tuple[tuple[int, float, int | None], QPen, QPen] | None = None  # key -> pen, thin pen
        self._bounds: QRectF | None = None  # the curve and room for its label: made again when either changes
        self.marker: str | None = None
        self.label_zoom = 1.0  # the view's zoom: the label is drawn 8 pt on screen, so its size in the scene follows
        self.setZValue(LINK_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setAcceptHoverEvents(True)
        self.setToolTip(plain(f"{lid}: {kind}, {label}"))
        self.update_path()

    def update_path(self) -> None:
        a, b = (e.center() for e in self.ends)
        path = QPainterPath(a)
        mid = (a + b) / 2
        normal = QPointF(-(b - a).y(), (b - a).x())
        length = max(1.0, (normal.x() ** 2 + normal.y() ** 2) ** 0.5)
        path.quadTo(mid + normal / length * self.offset, b)
        if path != self.path():
            self.setPath(path)
            self._shape = self._bounds = None
            if self.hovered:  # moved away under a still mouse (undo, an Inspector edit): no hover event tells
                self.hovered = self.isUnderMouse()
                self._raise()
            self._labels_moved()
        self._pen()

    def set_shape(self, offset: float, label: str) -> None:
        """Where this link bends (links of one pair fan out) and its label; then re-route between its ends."""
        if label != self.label:
            self.prepareGeometryChange()  # the label's room is part of the bounding rect
            self.label, self._bounds = label, None
            self._labels_moved()
            self.setToolTip(plain(f"{self.lid}: {self.kind}, {label}"))
            self.update()
        self.offset = offset
        self.update_path()

    def _labels_moved(self) -> None:
        """Every label's place may change when one link moves or is relabelled: the scene places them again."""
        forget = getattr(self.scene(), "forget_label_boxes", None)
        if forget is not None:
            forget()

    def set_label_zoom(self, zoom: float) -> None:
        """The view's zoom, for the label's size in scene units (part of boundingRect: nothing of it is clipped
        or left behind when the item repaints)."""
        if zoom != self.label_zoom:
            self.prepareGeometryChange()
            self.label_zoom, self._bounds = zoom, None

    def _label_box(self, zoom: float, at: float = 0.5) -> QRectF:
        width, height = label_size(self.label, zoom)
        box = QRectF(0, 0, width, height)
        box.moveCenter(self.path().pointAtPercent(at))
        return box

    def _free_label_box(self, zoom: float) -> QRectF | None:
        """Where along the curve the label lies on no part (drawn below the parts, it would be cut by them) and on
        no other link's label (the scene places them all, in order: designer.ui.canvas.scene.LabelPlacer); None
        where every place is taken: the label then shows when the link is selected or hovered."""
        scene = self.scene()
        placer = getattr(scene, "label_boxes", None)
        if placer is not None:
            return placer(zoom).get(self.lid)
        return self.label_box_clear_of(zoom, lambda box: scene is not None and any(
            isinstance(i, ComponentItem) for i in scene.items(box)))

    def label_box_clear_of(self, zoom: float, taken: Callable[[QRectF], bool]) -> QRectF | None:
        """The first place along the curve whose label box is not `taken` (by a part, or another label)."""
        for at in LABEL_AT:
            box = self._label_box(zoom, at)
            if not taken(box):
                return box
        return None

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override: the label is drawn somewhere along the curve)
        if self._bounds is None:
            base = super().boundingRect()
            if self.label:
                width, height = label_size(self.label, max(1e-6, self.label_zoom))
                base = base.adjusted(-width / 2, -height / 2, width / 2, height / 2)
            self._bounds = base
        return self._bounds

    def set_highlight(self, on: bool) -> None:
        if on != self.highlighted:
            self.highlighted = on
            self._pen()
            self._raise()

    def _raise(self) -> None:
        """A selected or hovered link (and its label) is drawn above the components."""
        active = self.isSelected() or self.hovered
        z = COMPONENT_Z + 2 if active else LINK_Z
        if z != self.zValue():
            self.setZValue(z)

    def hoverEnterEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().hoverEnterEvent(event)
        self.hovered = True
        self.setZValue(COMPONENT_Z + 2)

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().hoverLeaveEvent(event)
        self.hovered = False
        self._raise()

    def set_marker(self, severity: str | None) -> None:
        if severity != self.marker:
            self.marker = severity
            self._pen()

    def _pen(self) -> None:
        color = QColor(LINK_COLOR.get(self.kind, "#888"))
        width = 1.6
        if self.marker:
            color, width = QColor(SEVERITY_COLOR[self.marker]), 2.5
        if self.highlighted:
            color, width = QColor("#ff6f00"), 4.0
        if self.isSelected():
            width += 2
        color.setAlpha(230 if (self.highlighted or self.isSelected()) else 150)
        pen = QPen(color, width)
        pen.setCosmetic(True)
        if pen != self.pen():
            self.setPen(pen)

    def itemChange(self, change, value):  # noqa: N802 (Qt override)
        if change == QGraphicsItem.GraphicsItemChange.ItemSelectedHasChanged:
            self._pen()
            self._raise()
        return super().itemChange(change, value)

    def shape(self) -> QPainterPath:
        if self._shape is None:
            from PySide6.QtGui import QPainterPathStroker  # noqa: PLC0415

            stroker = QPainterPathStroker()
            stroker.setWidth(6)
            self._shape = stroker.createStroke(self.path())
        return self._shape

    def _opaque_pen(self, widget: QWidget | None, thin: bool) -> QPen:
        """The pen as painted: its translucent colour made opaque over the view's background (links crossing do
        not darken each other), 1 px wide when `thin`; kept until the pen or the background changes (1,584 links
        per paint on a rack)."""
        pen = self.pen()
        base = widget.palette().color(BASE).rgba() if widget is not None else None
        key = (pen.color().rgba(), pen.widthF(), base)
        if self._paint_pen is None or self._paint_pen[0] != key:
            opaque = QPen(pen)
            if base is not None and pen.color().alpha() < 255:
                opaque.setColor(_over(pen.color().rgba(), base))
            narrow = QPen(opaque)
            narrow.setWidthF(1.0)
            self._paint_pen = (key, opaque, narrow)
        return self._paint_pen[2] if thin else self._paint_pen[1]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        zoom = max(1e-6, painter.worldTransform().m11())
        selected = self.isSelected()
        painter.setPen(self._opaque_pen(widget, zoom < THIN_BELOW_ZOOM and not (self.highlighted or self.marker
                                                                                 or selected)))
        painter.setBrush(NO_BRUSH)
        painter.drawPath(self.path())
        active = selected or self.hovered  # drawn above the parts (_raise)
        if active or zoom > 2.2:  # highlighted links: the panel names them
            box = self._label_box(zoom) if active else self._free_label_box(zoom)
            if box is None:
                return
            painter.setFont(label_font(zoom))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 225))
            painter.drawRoundedRect(box, 2 / zoom, 2 / zoom)
            painter.setPen(QColor("#222") if not self.highlighted else QColor("#e65100"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.label)
