"""The compute fabric as tiers: nodes, leaf, spine and core groups (one box per plane) with their counts, and
the cables between tiers with their counts. Paints a FabricView (view_data) and nothing else."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from designer.ui.cluster.view_data import FabricView, Tier

TIER_COLORS = {"node": QColor("#5b84c4"), "leaf": QColor("#8a63b8"), "spine": QColor("#6b4c9a"),
               "core": QColor("#4b3470")}


class FabricPanel(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.fabric: FabricView | None = None
        self.highlight = False  # a problem about the switches was picked
        self.setMinimumSize(400, 300)

    def show_fabric(self, fabric: FabricView | None) -> None:
        self.fabric = fabric
        self.update()

    def role_title(self, role: str) -> str:
        names = {"node": self.tr("Nodes"), "leaf": self.tr("Leaf"), "spine": self.tr("Spine"),
                 "core": self.tr("Core")}
        return names.get(role, role)

    def role_word(self, role: str) -> str:
        """The tier in running text (lower case in English)."""
        words = {"node": self.tr("nodes"), "leaf": self.tr("leaf"), "spine": self.tr("spine"), "core": self.tr("core")}
        return words.get(role, role)

    def tier_title(self, tier: Tier) -> str:
        return self.role_title(tier.role)

    def tier_rects(self) -> list[list[QRectF]]:
        """One rectangle per plane of each tier, bottom tier first, spread over the widget."""
        assert self.fabric is not None
        tiers = self.fabric.tiers
        band = (self.height() - 90) / max(1, len(tiers))
        out = []
        for i, tier in enumerate(tiers):
            y = self.height() - 30 - (i + 1) * band + band * 0.25
            planes = tier.planes
            width = (self.width() - 80 - (planes - 1) * 20) / planes
            out.append([QRectF(40 + p * (width + 20), y, width, band * 0.5) for p in range(planes)])
        return out

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#f4f4f2"))
        if self.fabric is None:
            return
        rects = self.tier_rects()
        self._paint_links(painter, rects)
        for tier, boxes in zip(self.fabric.tiers, rects, strict=True):
            for plane, box in enumerate(boxes):
                self._paint_box(painter, tier, box, plane)
        painter.setPen(QColor("#202020"))
        painter.setFont(QFont("Sans", 11))
        f = self.fabric
        topology = self.tr("rail-optimised") if f.topology == "rail_optimized" else self.tr("leaf-spine")
        painter.drawText(QRectF(12, 6, self.width() - 24, 24), Qt.AlignmentFlag.AlignLeft, self.tr(
            "Compute fabric: {topology}, {sus} SU of {positions} node positions, oversubscription {ratio}:1").format(
            topology=topology, sus=f.scalable_units, positions=f.positions_per_su, ratio=f"{f.oversubscription:g}"))

    def _paint_box(self, painter: QPainter, tier: Tier, box: QRectF, plane: int) -> None:
        color = TIER_COLORS.get(tier.role, QColor("#888888"))
        painter.setPen(QPen(color.darker(140), 2 if not self.highlight or tier.role == "node" else 4))
        painter.setBrush(color)
        painter.drawRoundedRect(box, 8, 8)
        painter.setPen(QColor("white"))
        painter.setFont(QFont("Sans", 12, QFont.Weight.Bold))
        if tier.role == "node":
            text = self.tr("{title}: {count} x {part}").format(title=self.tier_title(tier), count=f"{tier.total:,}",
                                                              part=tier.part)
        elif tier.planes > 1:
            text = self.tr("{title}, plane {plane}: {count} x {part}").format(
                title=self.tier_title(tier), plane=plane + 1, count=f"{tier.per_plane:,}", part=tier.part)
        else:
            text = self.tr("{title}: {count} x {part}").format(title=self.tier_title(tier),
                                                              count=f"{tier.per_plane:,}", part=tier.part)
        painter.drawText(box.adjusted(8, 0, -8, 0), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)

    def _paint_links(self, painter: QPainter, rects: list[list[QRectF]]) -> None:
        assert self.fabric is not None
        roles = [t.role for t in self.fabric.tiers]
        painter.setFont(QFont("Sans", 11))
        for link in self.fabric.links:
            lower, upper = rects[roles.index(link.lower)], rects[roles.index(link.upper)]
            painter.setPen(QPen(QColor("#9a9a9a"), 2))
            for a in lower:
                for b in upper:
                    painter.drawLine(QPointF(a.center().x(), a.top()), QPointF(b.center().x(), b.bottom()))
            mid_y = (lower[0].top() + upper[0].bottom()) / 2
            painter.setPen(QColor("#202020"))
            painter.drawText(QRectF(self.width() / 2 + 12, mid_y - 12, self.width() / 2 - 24, 24),
                             Qt.AlignmentFlag.AlignLeft, self.tr("{count} cables, {lower} to {upper}").format(
                                 count=f"{link.cables:,}", lower=self.role_word(link.lower),
                                 upper=self.role_word(link.upper)))
