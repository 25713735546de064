"""Inspector: edit the selected component, link, or (nothing selected) the design's settings.

Every edit becomes a command; a refused value stays in the field with the reason shown under it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from designer.core.errors import DesignerError
from designer.document import commands as cmd
from designer.document.document import Document
from designer.model.design import Redundancy
from designer.model.parts import slot_kind_for
from designer.ui.text import esc, plain


class InspectorPanel(QWidget):
    def __init__(self, document: Document) -> None:
        super().__init__()
        self.document = document
        self.selection: list[str] = []
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)  # built from escaped text
        self.heading.setWordWrap(True)
        self.form_host = QWidget()
        self.form = QFormLayout(self.form_host)
        self.error = QLabel()
        self.error.setTextFormat(Qt.TextFormat.RichText)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #d32f2f")
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.form_host)
        layout.addWidget(self.error)
        layout.addStretch(1)
        self.refresh()

    def show_selection(self, ids: list[str]) -> None:
        self.selection = ids
        self.refresh()

    def refresh(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.error.clear()
        design = self.document.design
        ids = [i for i in self.selection if i in design.all_ids()]
        if len(ids) == 1 and any(c.id == ids[0] for c in design.components):
            self._component(ids[0])
        elif len(ids) == 1:
            self._link(ids[0])
        elif ids:
            self.heading.setText(f"<b>{len(ids)} items selected</b>")
        else:
            self._design()

    def _apply(self, make: Callable[[], cmd.Command]) -> bool:
        try:
            self.document.push(make())
        except DesignerError as exc:
            self.error.setText(plain(f"Refused: {exc}"))
            return False
        self.error.clear()
        return True

    def _component(self, cid: str) -> None:
        comp = self.document.design.component(cid)
        catalog = self.document.catalog
        part = catalog.get(comp.part)
        self.heading.setText(f"<b>{esc(cid)}</b>: {esc(part.name)}<br><small>{esc(part.source)}</small>")
        combo = QComboBox()
        same = [p for p in catalog.of_kind(part.kind) if slot_kind_for(p) == slot_kind_for(part)]
        for p in sorted(same, key=lambda p: p.name):
            combo.addItem(p.name, p.id)
        combo.setCurrentIndex(combo.findData(comp.part))
        combo.activated.connect(lambda _i: self._apply(lambda: cmd.set_component(cid, part=combo.currentData())))
        self.form.addRow("Part", combo)
        label = QLineEdit(comp.label)
        label.setMaxLength(200)
        label.editingFinished.connect(lambda: label.text() != self.document.design.component(cid).label and
                                      self._apply(lambda: cmd.set_component(cid, label=label.text())))
        self.form.addRow("Label", label)
        if comp.slot is not None:
            slot = QSpinBox()
            kind = slot_kind_for(part)
            slot.setRange(0, max(0, catalog.chassis(self.document.design.chassis).slots.get(kind, 1) - 1))
            slot.setValue(comp.slot)
            slot.editingFinished.connect(lambda: slot.value() != self.document.design.component(cid).slot and
                                         self._apply(lambda: cmd.move_component(cid, slot.value())))
            self.form.addRow("Slot", slot)
        for key, value in self._specs(part):
            self.form.addRow(key, QLabel(value))

    @staticmethod
    def _specs(part) -> list[tuple[str, str]]:
        rows = []
        for name, unit in (("tdp_w", "W"), ("power_w", "W"), ("memory_gb", "GB"), ("mem_bw_tbytes_s", "TB/s"),
                           ("fabric_links", "links"), ("link_bw_gbytes_s_per_dir", "GB/s per direction per link"),
                           ("ports", "ports"), ("port_speed_gbit_s", "Gb/s per port"), ("pcie_lanes", "lanes"),
                           ("output_w", "W"), ("heat_removal_w", "W")):
            if hasattr(part, name):
                value = getattr(part, name)
                rows.append((name.split("_")[0].upper() if name.endswith("_w") else name.replace("_", " "),
                             "unknown" if value is None else f"{value:g} {unit}"))
        return rows

    def _link(self, lid: str) -> None:
        link = self.document.design.link(lid)
        self.heading.setText(f"<b>{esc(lid)}</b>: {link.kind.value} link {esc(link.a)} - {esc(link.b)}")
        count = QSpinBox()
        count.setRange(1, 1024)
        count.setValue(link.count)
        unit = {"pcie": " lanes", "network": " ports"}.get(link.kind.value, " links")
        count.setSuffix(unit)
        count.editingFinished.connect(lambda: count.value() != self.document.design.link(lid).count and
                                      self._apply(lambda: cmd.set_link(lid, count=count.value())))
        self.form.addRow("Count", count)
        if link.kind.value == "pcie":
            gen = QComboBox()
            gen.addItem("as the ends allow", None)
            for g in (3, 4, 5, 6):
                gen.addItem(f"Gen{g}", g)
            gen.setCurrentIndex(gen.findData(link.pcie_gen))
            gen.activated.connect(lambda _i: self._apply(lambda: cmd.set_link(lid, pcie_gen=gen.currentData())))
            self.form.addRow("PCIe generation cap", gen)

    def _design(self) -> None:
        design = self.document.design
        self.heading.setText(f"<b>Design</b>: {esc(design.meta.name)}")
        name = QLineEdit(design.meta.name)
        name.setMaxLength(200)
        name.editingFinished.connect(lambda: name.text() != self.document.design.meta.name and
                                     self._apply(lambda: cmd.set_meta(name=name.text())))
        self.form.addRow("Name", name)
        chassis = QComboBox()
        for part in sorted(self.document.catalog.of_kind("chassis"), key=lambda p: p.name):
            chassis.addItem(f"{part.name} ({part.rack_units}U)", part.id)
        chassis.setCurrentIndex(chassis.findData(design.chassis))
        chassis.activated.connect(lambda _i: chassis.currentData() != self.document.design.chassis and
                                  self._apply(lambda: cmd.set_chassis(chassis.currentData())))
        self.form.addRow("Chassis", chassis)
        author = QLineEdit(design.meta.author)
        author.editingFinished.connect(lambda: author.text() != self.document.design.meta.author and
                                       self._apply(lambda: cmd.set_meta(author=author.text())))
        self.form.addRow("Author", author)
        redundancy = QComboBox()
        for r in Redundancy:
            redundancy.addItem(r.value, r)
        redundancy.setCurrentIndex(redundancy.findData(design.settings.psu_redundancy))
        redundancy.activated.connect(lambda _i: self._apply(
            lambda: cmd.set_settings(psu_redundancy=redundancy.currentData())))
        self.form.addRow("PSU redundancy", redundancy)
        budget = QDoubleSpinBox()
        budget.setRange(0, 2000)
        budget.setDecimals(1)
        budget.setSuffix(" kW")
        budget.setSpecialValueText("no rack budget")
        budget.setValue((design.settings.rack_power_budget_w or 0) / 1000)
        budget.editingFinished.connect(lambda: self._apply(lambda: cmd.set_settings(
            rack_power_budget_w=budget.value() * 1000 or None)))
        self.form.addRow("Rack power budget", budget)
        nodes = QSpinBox()
        nodes.setRange(1, 128)
        nodes.setValue(design.settings.nodes_per_rack)
        nodes.setSuffix(" nodes")
        nodes.editingFinished.connect(lambda: nodes.value() != self.document.design.settings.nodes_per_rack and
                                      self._apply(lambda: cmd.set_settings(nodes_per_rack=nodes.value())))
        self.form.addRow("Nodes per rack", nodes)
        notes = QPlainTextEdit(design.meta.notes)
        notes.setMaximumHeight(90)
        notes.focusOutEvent = self._notes_focus_out(notes, notes.focusOutEvent)  # type: ignore[method-assign]
        self.form.addRow("Notes", notes)

    def _notes_focus_out(self, widget: QPlainTextEdit, original):
        def handler(event):
            if widget.toPlainText() != self.document.design.meta.notes:
                self._apply(lambda: cmd.set_meta(notes=widget.toPlainText()))
            original(event)
        return handler
