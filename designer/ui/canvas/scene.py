"""The canvas scene: mirrors the Document's design; keeps {id: item}; reports user gestures."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QPointF, Signal
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent

from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.layout import ZONE_LABELS, ChassisLayout, chassis_layout, external_rect
from designer.model.parts import GpuSpec, NicSpec, slot_kind_for
from designer.topology.graph import build_topology
from designer.ui.canvas.items import ComponentItem, LinkItem, ZoneItem

INSET = 3.0


def subtitle(part) -> str:
    if isinstance(part, GpuSpec):
        return f"{part.tdp_w:.0f} W, {part.memory_gb:.0f} GB"
    if isinstance(part, NicSpec):
        return f"{part.line_rate_gbit_s:g} Gb/s"
    return ""


class CanvasScene(QGraphicsScene):
    component_moved = Signal(str, QPointF)  # id, where its centre was dropped (scene coordinates)

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.catalog = catalog
        self.components: dict[str, ComponentItem] = {}
        self.links: dict[str, LinkItem] = {}
        self.layout: ChassisLayout | None = None
        self._press: dict[str, QPointF] = {}

    # Mirror the document --------------------------------------------------------------------
    def show_design(self, design: Design) -> None:
        keep = set(self.selected_ids())
        self.clear()
        self.components.clear()
        self.links.clear()
        self.layout = chassis_layout(self.catalog.chassis(design.chassis))
        self._draw_chassis(design)
        external = 0
        for comp in design.components:
            part = self.catalog.get(comp.part)
            rect = self._rect_for(part, comp.slot)
            if rect is None:
                rect = external_rect(external)
                external += 1
            item = ComponentItem(comp.id, part.kind, comp.label or part.name, subtitle(part), rect)
            self.addItem(item)
            self.components[comp.id] = item
        self._draw_links(design)
        self.select_ids(keep)

    def _rect_for(self, part, slot: int | None):
        kind = slot_kind_for(part)
        if kind is None or slot is None or self.layout is None:
            return None
        s = self.layout.slot(kind, slot)
        if s is None:
            return None
        x, y, w, h = s.rect
        return (x + INSET, y + INSET, w - 2 * INSET, h - 2 * INSET)

    def _draw_chassis(self, design: Design) -> None:
        chassis = self.catalog.chassis(design.chassis)
        outline = ZoneItem(self.layout.outline, f"{chassis.name} ({chassis.rack_units}U)", title=True)
        outline.setZValue(-1)
        self.addItem(outline)
        for name, rect in self.layout.zones.items():
            self.addItem(ZoneItem(rect, ZONE_LABELS[name]))
        for slot in self.layout.slots:
            self.addItem(ZoneItem(slot.rect, "", dashed=True))

    def _draw_links(self, design: Design) -> None:
        topo = build_topology(design, self.catalog)
        seen: Counter[frozenset[str]] = Counter()
        for link in design.links:
            if link.a not in self.components or link.b not in self.components:
                continue
            pair = frozenset((link.a, link.b))
            offset = 10.0 * seen[pair]
            seen[pair] += 1
            cap = topo.graph.edges[link.a, link.b]["capacity"] * link.count / topo.graph.edges[link.a, link.b]["count"]
            label = f"{link.count}x {cap:.0f} GB/s/dir"
            item = LinkItem(link.id, link.kind.value, label, self.components[link.a], self.components[link.b], offset)
            self.addItem(item)
            self.links[link.id] = item

    # Decorations ----------------------------------------------------------------------------
    def set_markers(self, severities: dict[str, str]) -> None:
        for cid, item in self.components.items():
            item.set_marker(severities.get(cid))
        for lid, item in self.links.items():
            item.set_marker(severities.get(lid))

    def set_highlight(self, link_ids: set[str]) -> None:
        for lid, item in self.links.items():
            item.set_highlight(lid in link_ids)

    # Selection ------------------------------------------------------------------------------
    def selected_ids(self) -> list[str]:
        out = []
        for item in self.selectedItems():
            if isinstance(item, ComponentItem):
                out.append(item.cid)
            elif isinstance(item, LinkItem):
                out.append(item.lid)
        return out

    def select_ids(self, ids) -> None:
        wanted = set(ids)
        for cid, item in self.components.items():
            item.setSelected(cid in wanted)
        for lid, item in self.links.items():
            item.setSelected(lid in wanted)

    def item_rect(self, ident: str):
        item = self.components.get(ident) or self.links.get(ident)
        return item.sceneBoundingRect() if item else None

    # Gestures -------------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 (Qt override)
        super().mousePressEvent(event)
        self._press = {cid: item.pos() for cid, item in self.components.items() if item.isSelected()}

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mouseMoveEvent(event)
        if self._press:
            for item in self.links.values():
                if any(end.isSelected() for end in item.ends):
                    item.update_path()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mouseReleaseEvent(event)
        moved = [cid for cid, pos in self._press.items() if cid in self.components
                 and self.components[cid].pos() != pos]
        self._press = {}
        for cid in moved:
            self.component_moved.emit(cid, self.components[cid].center())
