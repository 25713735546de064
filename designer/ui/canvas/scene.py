"""The canvas scene: mirrors the Document's design; keeps {id: item}; reports user gestures.

A new design or chassis lays the scene out afresh (`show_design`); every other edit arrives as a
DesignChange and only the items it names are added, removed or updated (`apply`).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent

from designer.core import i18n
from designer.core.locale import render
from designer.document.changes import DesignChange
from designer.export.sheet_text import sheet_word
from designer.model.catalog import Catalog
from designer.model.data_text import part_name, with_height
from designer.model.design import Design, Link
from designer.model.layout import ChassisLayout, Rect, chassis_layout, external_rect
from designer.model.parts import AnyPart, GpuSpec, NicSpec, slot_kind_for
from designer.topology.graph import build_topology
from designer.ui.canvas.items import ComponentItem, DropTargetItem, LinkItem, ZoneItem

INSET = 3.0
PAIR_OFFSET = 10.0
SCENE_MARGIN = 20.0  # room around the design (scene units): as Fit leaves, so a fitted view has no scroll bars


def subtitle(part: AnyPart) -> str:
    if isinstance(part, GpuSpec):
        return f"{part.tdp_w:.0f} W, {part.memory_gb:.0f} GB"
    if isinstance(part, NicSpec):
        return f"{part.line_rate_gbit_s:g} Gb/s"
    return ""


class CanvasScene(QGraphicsScene):
    components_moved = Signal(dict)  # {component id: QPointF where its centre was dropped (scene coordinates)}

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.catalog = catalog
        self.design: Design | None = None
        self.components: dict[str, ComponentItem] = {}
        self.links: dict[str, LinkItem] = {}
        self.layout: ChassisLayout | None = None
        self._press: dict[str, QPointF] = {}
        self.rebuilds = 0  # full layouts since start (a benchmark and the tests read it)
        self.drop_target: DropTargetItem | None = None
        self.view_zoom = 1.0  # of the view showing the scene: link labels keep 8 pt on screen
        self._label_boxes: tuple[float, dict[str, QRectF | None]] | None = None  # (zoom, link id -> label box)

    # Mirror the document --------------------------------------------------------------------
    def show_design(self, design: Design) -> None:
        """Lay the whole scene out: for a new design or a new chassis."""
        self.forget_label_boxes()
        keep = set(self.selected_ids())
        self.blockSignals(True)  # tearing items down must not look like the user deselecting them
        try:
            self.drop_target = None  # clear() deletes it with the other items
            self.clear()
            self.components.clear()
            self.links.clear()
            self.design = design
            self.layout = chassis_layout(self.catalog.chassis(design.chassis))
            self._draw_chassis(design)
            for comp in design.components:
                self._add_component(comp.id)
            self._place_external()
            for link in design.links:
                self._add_link(link)
            self._refresh_pairs({frozenset((lk.a, lk.b)) for lk in design.links})
            self.select_ids(keep)
            self.fit_scene_rect()
        finally:
            self.blockSignals(False)
        self.rebuilds += 1

    def fit_scene_rect(self) -> None:
        """The scrollable area is this design's (a scene's own rect only grows: a DGX opened after a 72-GPU rack
        kept the rack's height, off-centre with scroll bars)."""
        self.setSceneRect(self.design_rect().adjusted(-SCENE_MARGIN, -SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN))

    def apply(self, change: DesignChange) -> None:
        """Update only what the change names; lay out afresh only for a new design or chassis."""
        self.forget_label_boxes()  # a part moved, added or gone: labels may lie elsewhere now
        if change.needs_rebuild or self.design is None:
            self.show_design(change.after)
            return
        self.design = design = change.after
        pairs: set[frozenset[str]] = set()
        for lid in change.links_removed:
            link_item = self.links.pop(lid, None)
            if link_item is not None:
                pairs.add(frozenset(e.cid for e in link_item.ends))
                self.removeItem(link_item)
        for cid in change.components_removed:
            item = self.components.pop(cid, None)
            if item is not None:
                self.removeItem(item)
        for cid in change.components_added:
            self._add_component(cid)
        for cid in change.components_changed:
            self._update_component(cid)
        if change.components_added or change.components_removed:
            self._place_external()
            self.fit_scene_rect()
        for lid in change.links_added:
            link = design.link(lid)
            self._add_link(link)
            pairs.add(frozenset((link.a, link.b)))
        moved = change.components_changed | change.components_added
        for lid in change.links_changed:
            pairs.add(frozenset(self.links[lid].ends[i].cid for i in (0, 1)))
        for lk in design.links:
            if lk.a in moved or lk.b in moved:
                pairs.add(frozenset((lk.a, lk.b)))
        self._refresh_pairs(pairs)

    def snap_back(self) -> None:
        """Put every component back where the design says (after a refused drag)."""
        self.forget_label_boxes()
        for cid in self.components:
            self._update_component(cid)
        if self.design is not None:
            self._refresh_pairs({frozenset((lk.a, lk.b)) for lk in self.design.links})

    # Items ----------------------------------------------------------------------------------
    def _component_rect(self, cid: str) -> Rect | None:
        assert self.design is not None
        comp = self.design.component(cid)
        kind = slot_kind_for(self.catalog.get(comp.part))
        if kind is None or comp.slot is None or self.layout is None:
            return None
        s = self.layout.slot(kind, comp.slot)
        if s is None:
            return None
        x, y, w, h = s.rect
        return (x + INSET, y + INSET, w - 2 * INSET, h - 2 * INSET)

    def _texts(self, cid: str) -> tuple[str, str, str]:
        assert self.design is not None
        comp = self.design.component(cid)
        part = self.catalog.get(comp.part)
        name = sheet_word(part.name) if part.kind == "fabric" else part.name  # generic parts: in the language
        return part.kind, comp.label or name, subtitle(part)

    def _add_component(self, cid: str) -> None:
        kind, title, sub = self._texts(cid)
        item = ComponentItem(cid, kind, title, sub, self._component_rect(cid) or external_rect(0))
        self.addItem(item)
        self.components[cid] = item

    def _update_component(self, cid: str) -> None:
        item = self.components.get(cid)
        if item is None:
            return
        kind, title, sub = self._texts(cid)
        item.set_texts(kind, title, sub)
        rect = self._component_rect(cid)
        if rect is not None:
            item.set_rect(rect)
        elif self.design is not None:
            self._place_external()

    def _place_external(self) -> None:
        """Parts outside the chassis (networks) stand in a column to its right, in design order."""
        if self.design is None:
            return
        index = 0
        for comp in self.design.components:
            if comp.id in self.components and self._component_rect(comp.id) is None:
                self.components[comp.id].set_rect(external_rect(index))
                index += 1

    def _add_link(self, link: Link) -> None:
        if link.a not in self.components or link.b not in self.components:
            return
        item = LinkItem(link.id, link.kind.value, "", self.components[link.a], self.components[link.b], 0.0)
        item.set_label_zoom(self.view_zoom)
        self.addItem(item)
        self.links[link.id] = item

    def _refresh_pairs(self, pairs: set[frozenset[str]]) -> None:
        """Offsets (links between one pair fan out), labels (per-direction rate) and paths of those pairs."""
        if not pairs or self.design is None:
            return
        topo = build_topology(self.design, self.catalog)  # memoised: the analysis of this revision shares it
        seen: dict[frozenset[str], int] = {}
        for link in self.design.links:
            pair = frozenset((link.a, link.b))
            if pair not in pairs or link.id not in self.links:
                continue
            index = seen.get(pair, 0)
            seen[pair] = index + 1
            self.links[link.id].set_shape(PAIR_OFFSET * index, _label(topo, link))

    def _draw_chassis(self, design: Design) -> None:
        assert self.layout is not None
        chassis = self.catalog.chassis(design.chassis)
        title = with_height(render(part_name(chassis)), chassis.rack_units)  # in the language, as documents write it
        outline = ZoneItem(self.layout.outline, title, title=True)
        outline.setZValue(-1)
        self.addItem(outline)
        for name, rect in self.layout.zones.items():
            self.addItem(ZoneItem(rect, i18n.word(self.layout.zone_label(name))))
        for slot in self.layout.slots:
            self.addItem(ZoneItem(slot.rect, "", dashed=True))

    # Decorations ----------------------------------------------------------------------------
    def set_markers(self, severities: dict[str, str]) -> None:
        for cid, item in self.components.items():
            item.set_marker(severities.get(cid))
        for lid, link in self.links.items():
            link.set_marker(severities.get(lid))

    def show_drop_target(self, rect: Rect | None, accepted: bool, reason: str) -> None:
        if rect is None:
            self.hide_drop_target()
            return
        if self.drop_target is None:
            self.drop_target = DropTargetItem()
            self.addItem(self.drop_target)
        self.drop_target.show_at(rect, accepted, reason)

    def hide_drop_target(self) -> None:
        if self.drop_target is not None:
            self.drop_target.hide()

    def design_rect(self) -> QRectF:
        """What Fit shows: the chassis, its parts and the networks (not the link labels, which grow as the view
        zooms out)."""
        rect = QRectF()
        for item in self.items():
            if not isinstance(item, LinkItem) and item.isVisible() and item is not self.drop_target:
                rect = rect.united(item.sceneBoundingRect())
        return rect

    def label_boxes(self, zoom: float) -> dict[str, QRectF | None]:
        """Where each link's label sits at this zoom (None: nowhere free; it shows when the link is selected or
        hovered): links in id order, each label at the first place along its curve clear of the parts and of the
        labels placed before it (labels of auto-wired links drew over each other: '9x 45(9x 450 GB/s/dir'). Made
        once per zoom and wiring; a grid of cells keeps the overlap test to the labels nearby."""
        if self._label_boxes is not None and self._label_boxes[0] == zoom:
            return self._label_boxes[1]
        placed: dict[str, QRectF | None] = {}
        size = max(1e-6, 40.0 / zoom)  # scene units: about a label's width on screen

        def keys(box: QRectF) -> list[tuple[int, int]]:
            return [(i, j) for i in range(int(box.left() // size), int(box.right() // size) + 1)
                    for j in range(int(box.top() // size), int(box.bottom() // size) + 1)]

        # the parts and the labels placed so far, in cells: a query of the scene for each of the 1,584 links of a
        # rack and each place along them took seconds (the scene returns every curve crossing the box too)
        parts: dict[tuple[int, int], list[QRectF]] = {}
        for item in self.components.values():  # the part's own outline (its shape), not its finding's margin
            rect = item.mapToScene(item.shape()).boundingRect()
            for key in keys(rect):
                parts.setdefault(key, []).append(rect)
        labels: dict[tuple[int, int], list[QRectF]] = {}

        def taken(box: QRectF) -> bool:
            near = keys(box)
            return any(box.intersects(other) for key in near for other in parts.get(key, ())) or any(
                box.intersects(other) for key in near for other in labels.get(key, ()))

        for lid in sorted(self.links):
            box = self.links[lid].label_box_clear_of(zoom, taken)
            placed[lid] = box
            if box is not None:
                for key in keys(box):
                    labels.setdefault(key, []).append(box)
        self._label_boxes = (zoom, placed)
        return placed

    def forget_label_boxes(self) -> None:
        """Place the labels again at the next paint, and repaint them all: one change may move labels anywhere
        (placement goes in link order); only where labels were shown (past 2.2x zoom) is there anything to do."""
        if self._label_boxes is not None:
            self._label_boxes = None
            self.update()

    def set_view_zoom(self, zoom: float) -> None:
        self.view_zoom = zoom
        for link in self.links.values():
            link.set_label_zoom(zoom)

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
        if wanted == set(self.selected_ids()):
            return
        for cid, item in self.components.items():
            if item.isSelected() != (cid in wanted):
                item.setSelected(cid in wanted)
        for lid, link in self.links.items():
            if link.isSelected() != (lid in wanted):
                link.setSelected(lid in wanted)

    def item_rect(self, ident: str) -> QRectF | None:
        item = self.components.get(ident) or self.links.get(ident)
        return item.sceneBoundingRect() if item else None

    # Gestures -------------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 (Qt override)
        super().mousePressEvent(event)
        self._press = {cid: item.pos() for cid, item in self.components.items() if item.isSelected()}

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mouseMoveEvent(event)
        if self._press:
            self.forget_label_boxes()  # a part moved: labels it now covers or frees move too, wired to it or not
            for link in self.links.values():
                if any(end.isSelected() for end in link.ends):
                    link.update_path()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        super().mouseReleaseEvent(event)
        moved = {cid: self.components[cid].center() for cid, pos in self._press.items()
                 if cid in self.components and self.components[cid].pos() != pos}
        self._press = {}
        if moved:
            self.components_moved.emit(moved)  # one gesture, one signal, one command


def _label(topo, link: Link) -> str:
    edge = topo.graph.edges.get((link.a, link.b)) if topo.graph.has_edge(link.a, link.b) else None
    if edge is None or not edge.get("count"):
        return f"{link.count}x"
    cap = edge["capacity"] * link.count / edge["count"]
    return f"{link.count}x {cap:,.0f} GB/s/dir"
