"""Component palette: catalog parts by category with a search box; drag a part onto the canvas."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QMimeData, Qt
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QLineEdit, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from designer.core import i18n
from designer.core.locale import render
from designer.model.catalog import Catalog
from designer.model.data_text import part_source_note
from designer.model.parts import ChassisSpec, CpuSpec, GpuSpec, NicSpec, PsuSpec, ScaleupSwitchSpec
from designer.ui.canvas.view import PART_MIME
from designer.ui.qt_items import children, top_items
from designer.ui.style import kind_icon, kind_label
from designer.ui.text import plain

ORDER = ("gpu", "scaleup_switch", "pcie_switch", "nic", "cpu", "psu", "cooling", "fabric", "chassis")
PART_ROLE = Qt.ItemDataRole.UserRole
translate = QCoreApplication.translate


def tooltip(part) -> str:
    lines = [part.name]
    if isinstance(part, GpuSpec):
        lines += [translate("PalettePanel", "{form}, {tdp} W TDP").format(
                      form=part.form_factor.value.upper(), tdp=f"{part.tdp_w:.0f}"),
                  f"{part.memory_gb:.0f} GB {part.memory_type}",
                  translate("PalettePanel",
                            "scale-up: {links} x {bw} GB/s per direction ({bidir} GB/s bidirectional)").format(
                      links=part.fabric_links, bw=f"{part.link_bw_gbytes_s_per_dir:g}",
                      bidir=f"{part.scaleup_gbytes_s_per_dir * 2:.0f}"),
                  translate("PalettePanel", "dense BF16 {bf16}, FP8 {fp8}").format(
                      bf16=i18n.format_value("bf16_dense_tflops", part.bf16_dense_tflops),
                      fp8=i18n.format_value("fp8_dense_tflops", part.fp8_dense_tflops))]
    elif isinstance(part, ScaleupSwitchSpec):
        lines += [translate("PalettePanel", "{ports} ports x {bw} GB/s per direction").format(
                      ports=part.ports, bw=f"{part.port_bw_gbytes_s_per_dir:g}"),
                  translate("PalettePanel", "in-switch reduction (NVLS)") if part.in_switch_reduction
                  else translate("PalettePanel", "no in-switch reduction")]
    elif isinstance(part, NicSpec):
        lines += [f"{part.ports} x {part.port_speed_gbit_s:g} Gb/s, PCIe Gen{part.pcie_gen} x{part.pcie_lanes}"]
    elif isinstance(part, CpuSpec):
        lines += [translate("PalettePanel", "{cores} cores, {tdp} W, {lanes} PCIe Gen{gen} lanes").format(
            cores=part.cores, tdp=part.tdp_w or "?", lanes=part.pcie_lanes or "?", gen=part.pcie_gen)]
    elif isinstance(part, PsuSpec):
        lines += [translate("PalettePanel", "{watts} W, {eff} efficient").format(
            watts=f"{part.output_w:.0f}", eff=f"{part.efficiency:.0%}")]
    elif isinstance(part, ChassisSpec):
        lines += [f"{part.rack_units}U, {i18n.word(part.cooling_type.value)}",
                  ", ".join(f"{n} {k.value}" for k, n in part.slots.items())]
    lines.append(translate("PalettePanel", "source ({confidence}): {source}").format(
        confidence=render(part_source_note(part)), source=part.source))
    return "\n".join(lines)


def part_mime(part_id: str) -> QMimeData:
    mime = QMimeData()
    mime.setData(PART_MIME, part_id.encode("utf-8"))
    mime.setText(part_id)
    return mime


class PartTree(QTreeWidget):
    def mimeData(self, items) -> QMimeData:  # noqa: N802 (Qt override)
        part = items[0].data(0, PART_ROLE) if items else None
        return part_mime(part) if part else QMimeData()

    def startDrag(self, actions) -> None:  # noqa: N802 (Qt override)
        item = self.currentItem()
        part = item.data(0, PART_ROLE) if item else None
        if item is None or not part:
            return
        mime = self.mimeData([item])
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.setPixmap(item.icon(0).pixmap(32, 32))
        drag.exec(Qt.DropAction.CopyAction)


class PalettePanel(QWidget):
    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.search = QLineEdit(placeholderText=self.tr("Search parts (name, vendor, id)..."))
        self.search.setClearButtonEnabled(True)
        self.tree = PartTree()
        self.tree.setHeaderHidden(True)
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QTreeWidget.DragDropMode.DragOnly)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.search)
        layout.addWidget(self.tree)
        self._fill(catalog)
        self.search.textChanged.connect(self.filter)

    def _fill(self, catalog: Catalog) -> None:
        for kind in ORDER:
            parts = sorted(catalog.of_kind(kind), key=lambda p: p.name)
            if not parts:
                continue
            group = QTreeWidgetItem(self.tree, [kind_label(kind)])
            group.setIcon(0, kind_icon(kind))
            group.setFlags(group.flags() & ~Qt.ItemFlag.ItemIsDragEnabled)
            for part in parts:
                item = QTreeWidgetItem(group, [part.name])
                item.setData(0, PART_ROLE, part.id)
                item.setIcon(0, kind_icon(kind))
                item.setToolTip(0, plain(tooltip(part)))
            group.setExpanded(kind in ("gpu", "scaleup_switch", "nic"))

    def filter(self, text: str) -> None:
        needle = text.strip().lower()
        for group in top_items(self.tree):
            visible = 0
            for child in children(group):
                hit = not needle or needle in child.text(0).lower() or needle in child.data(0, PART_ROLE) \
                    or needle in child.toolTip(0).lower()
                child.setHidden(not hit)
                visible += hit
            group.setHidden(visible == 0)
            if needle:
                group.setExpanded(True)

    def item_for(self, part_id: str) -> QTreeWidgetItem | None:
        for group in top_items(self.tree):
            for child in children(group):
                if child.data(0, PART_ROLE) == part_id:
                    return child
        return None
