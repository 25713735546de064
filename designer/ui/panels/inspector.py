"""Inspector: edit the selected component, link, or (nothing selected) the design's settings.

Every edit becomes a command; a refused value stays in the field with the reason shown under it.
The form is built when the selected target changes and its fields are updated in place after every edit.
It is never torn down synchronously: a replaced form is hidden and deleted later, so a widget whose own
signal caused the change (a part picked in the Part combo) is never destroyed while it is still emitting.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
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
from designer.core.i18n import field_label, format_value
from designer.core.locale import render
from designer.document import commands as cmd
from designer.document.changes import DesignChange
from designer.document.document import Document
from designer.export.summary import parts_line, stale_template_description
from designer.model.catalog import Catalog
from designer.model.data_text import part_source_note
from designer.model.design import FailurePolicy, Redundancy, ScaleOut, ScaleOutTopology
from designer.model.export_control import screening_lines
from designer.model.parts import AnyPart, GpuSpec, slot_kind_for
from designer.ui.elided import ElidedComboBox
from designer.ui.text import esc, plain
from designer.ui.undo_keys import commit_resets_typing, pass_undo_keys, typed_not_committed
from designer.ui.wheel_guard import guard_wheels_under

SPEC_FIELDS = ("tdp_w", "power_w", "memory_gb", "memory_physical_gb", "memory_type", "mem_bw_tbytes_s", "fabric_links",
               "link_bw_gbytes_s_per_dir", "bf16_dense_tflops", "fp8_dense_tflops", "ports", "port_speed_gbit_s",
               "port_bw_gbytes_s_per_dir", "pcie_lanes", "lanes", "cores", "output_w", "efficiency",
               "heat_removal_w")
Target = tuple[str, str]  # ("component" | "link" | "design", id) or ("many", the ids one per line)


class NotesEdit(QPlainTextEdit):
    editing_finished = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        self.editing_finished.emit()
        super().focusOutEvent(event)


def spec_rows(part: AnyPart) -> list[tuple[str, str]]:
    # a part rated by its TDP (a GPU, a CPU) shows no "Power: not published" beside it; nor an absent physical memory
    unset = {"memory_physical_gb", "power_w"} if getattr(part, "tdp_w", None) else {"memory_physical_gb"}
    rows = [(field_label(name, with_unit=False), format_value(name, getattr(part, name))) for name in SPEC_FIELDS
            if hasattr(part, name) and not (name in unset and getattr(part, name) is None)]
    screening = screening_lines(part) if isinstance(part, GpuSpec) else []
    return rows + [(render(k), render(v)) for k, v in screening]


def _alternatives(catalog: Catalog, part: AnyPart) -> list[AnyPart]:
    """The parts a component of `part` may become: the same kind, in the same kind of slot."""
    return [p for p in catalog.of_kind(part.kind) if slot_kind_for(p) == slot_kind_for(part)]


def _part_combo(parts: list[AnyPart]) -> QComboBox:
    combo = ElidedComboBox()  # "NVIDIA B200 (HGX) 180 GB" ends in '…' in a narrow Inspector, whole in its tooltip
    for p in sorted(parts, key=lambda p: p.name):
        combo.addItem(p.name, p.id)
    return combo


class CountSpinBox(QSpinBox):
    """'1 node', '2 nodes': the suffix follows the value, typed or set (also with its signals blocked)."""

    def __init__(self, one: str, many: str) -> None:
        super().__init__()
        self.one, self.many = one, many
        self.valueChanged.connect(self._suffix)
        self._suffix(self.value())

    def setValue(self, value: int) -> None:  # noqa: N802 (Qt override)
        super().setValue(value)
        self._suffix(self.value())

    def _suffix(self, value: int) -> None:
        self.setSuffix(self.one if value == 1 else self.many)


class InspectorPanel(QWidget):
    def __init__(self, document: Document) -> None:
        super().__init__()
        self.document = document
        self.target: Target | None = None
        self.fields: dict[str, QWidget] = {}
        self.builds = 0  # forms built since start (tests check edits update in place)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)  # built from escaped text
        self.heading.setWordWrap(True)
        self.form_host = QWidget()
        self.error = QLabel()
        self.error.setTextFormat(Qt.TextFormat.RichText)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #d32f2f")
        self.body = QVBoxLayout(self)
        self.body.addWidget(self.heading)
        self.body.addWidget(self.form_host)
        self.body.addWidget(self.error)
        self.body.addStretch(1)
        document.changed.connect(self.on_changed)
        document.selection.changed.connect(self.show_selection)
        self.show_selection(document.selection.ids)

    # What to show ---------------------------------------------------------------------------
    def _target_for(self, ids: tuple[str, ...] | list[str]) -> Target:
        design = self.document.design
        alive = [i for i in ids if i in design.all_ids()]
        if len(alive) == 1:
            kind = "component" if any(c.id == alive[0] for c in design.components) else "link"
            return kind, alive[0]
        return ("many", "\n".join(alive)) if alive else ("design", "")

    def show_selection(self, ids: tuple[str, ...] | list[str]) -> None:
        target = self._target_for(ids)
        if target != self.target:
            self._build(target)
        self.sync()

    def on_changed(self, change: DesignChange) -> None:
        target = self._target_for(self.document.selection.ids)
        if target != self.target or (change.replaced and target[0] == "design"):
            self._build(target)
        self.sync()

    def refresh(self) -> None:
        self.show_selection(self.document.selection.ids)

    def _build(self, target: Target) -> None:
        old = self.form_host
        old.hide()
        old.setParent(None)
        old.deleteLater()  # never synchronously: one of its widgets may be emitting right now
        self.form_host = QWidget()
        form = QFormLayout(self.form_host)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)  # every field under its label, full width
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.fields = {}
        self.target = target
        self.error.clear()
        builder = {"component": self._component_form, "link": self._link_form, "design": self._design_form,
                   "many": self._many_form}
        if target[0] in builder:
            builder[target[0]](form, target[1])
        guard_wheels_under(self.form_host)  # a wheel meant to scroll the Inspector never edits a field
        edits: list[QLineEdit | QAbstractSpinBox] = [
            *(e for e in self.form_host.findChildren(QLineEdit)
              if not isinstance(e.parent(), QAbstractSpinBox)),  # a spin box's own line edit goes with its box
            *self.form_host.findChildren(QAbstractSpinBox)]
        for edit in edits:
            commit_resets_typing(edit)
        pass_undo_keys(edits, typed_not_committed, self.form_host)  # Ctrl+Z in a committed field undoes the edit
        self.body.insertWidget(1, self.form_host)
        self.builds += 1

    def _field(self, form: QFormLayout, key: str, label: str, widget: QWidget) -> None:
        self.fields[key] = widget
        if isinstance(widget, QComboBox):  # long part names must not widen the panel: they elide, full in the list
            widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            widget.setMinimumContentsLength(12)
        form.addRow(label, widget)

    def _apply(self, make: Callable[[], cmd.Command]) -> bool:
        try:
            self.document.push(make())
        except DesignerError as exc:
            self.error.setText(plain(self.tr("Refused: {reason}").format(reason=exc)))
            return False
        self.error.clear()
        return True

    # Forms ----------------------------------------------------------------------------------
    def _component_form(self, form: QFormLayout, cid: str) -> None:
        catalog = self.document.catalog
        design = self.document.design
        comp = design.component(cid)
        part = catalog.get(comp.part)
        combo = _part_combo(_alternatives(catalog, part))
        combo.activated.connect(lambda _i: self._edit_component(cid, part=combo.currentData()))
        self._field(form, "part", self.tr("Part"), combo)
        label = QLineEdit()
        label.setMaxLength(200)
        label.editingFinished.connect(lambda: self._edit_component(cid, label=label.text()))
        self._field(form, "label", self.tr("Label"), label)
        kind = slot_kind_for(part)
        if comp.slot is not None and kind is not None:
            slot = QSpinBox()
            slot.setRange(0, max(0, catalog.chassis(design.chassis).slots.get(kind, 1) - 1))
            slot.editingFinished.connect(lambda: self._move(cid, slot.value()))
            self._field(form, "slot", self.tr("Slot"), slot)
        specs = QLabel()
        specs.setTextFormat(Qt.TextFormat.RichText)
        specs.setWordWrap(True)
        self._field(form, "specs", "", specs)

    def _swappable(self, ids: list[str]) -> tuple[list[str], list[AnyPart]]:
        """The components of a multi-selection and the parts every one of them may become (the same kind and slot
        kind); no parts where the components are of different kinds."""
        design, catalog, wanted = self.document.design, self.document.catalog, set(ids)
        comps = [c for c in design.components if c.id in wanted]
        parts = [catalog.get(c.part) for c in comps]
        if len(comps) < 2 or len({(p.kind, slot_kind_for(p)) for p in parts}) != 1:
            return [c.id for c in comps], []
        return [c.id for c in comps], _alternatives(catalog, parts[0])

    def _many_form(self, form: QFormLayout, ident: str) -> None:
        """A multi-selection of one kind of part: one Part field swaps them all in one undo step."""
        cids, parts = self._swappable(ident.split("\n"))
        if not parts:
            if len(cids) > 1:
                hint = QLabel(self.tr("Select parts of one kind to swap them together."))
                hint.setWordWrap(True)
                form.addRow(hint)
            return
        combo = _part_combo(parts)
        combo.activated.connect(lambda _i: self._edit_parts(tuple(cids), combo.currentData()))
        self._field(form, "part", self.tr("Part of all {n}").format(n=len(cids)), combo)

    def _edit_parts(self, cids: tuple[str, ...], part_id: str) -> None:
        design = self.document.design
        if all(design.component(c).part == part_id for c in cids):
            return
        name = self.document.catalog.get(part_id).name
        self._apply(lambda: cmd.set_parts(cids, part_id, name))

    def _edit_component(self, cid: str, **changes: object) -> None:
        comp = next((c for c in self.document.design.components if c.id == cid), None)
        if comp is None or all(getattr(comp, k) == v for k, v in changes.items()):
            return
        self._apply(lambda: cmd.set_component(cid, **changes))

    def _move(self, cid: str, slot: int) -> None:
        comp = next((c for c in self.document.design.components if c.id == cid), None)
        if comp is not None and comp.slot != slot:
            self._apply(lambda: cmd.move_component(cid, slot))

    def _link_form(self, form: QFormLayout, lid: str) -> None:
        link = self.document.design.link(lid)
        suffixes = {"pcie": (self.tr(" lane"), self.tr(" lanes")), "network": (self.tr(" port"), self.tr(" ports"))}
        count = CountSpinBox(*suffixes.get(link.kind.value, (self.tr(" link"), self.tr(" links"))))
        count.setRange(1, 1024)
        count.editingFinished.connect(lambda: self._edit_link(lid, count=count.value()))
        self._field(form, "count", self.tr("Count"), count)
        if link.kind.value == "pcie":
            gen = QComboBox()
            gen.addItem(self.tr("as the ends allow"), None)
            for g in (3, 4, 5, 6):
                gen.addItem(f"Gen{g}", g)
            gen.activated.connect(lambda _i: self._edit_link(lid, pcie_gen=gen.currentData()))
            self._field(form, "pcie_gen", self.tr("PCIe generation cap"), gen)

    def _edit_link(self, lid: str, **changes: object) -> None:
        link = next((lk for lk in self.document.design.links if lk.id == lid), None)
        if link is not None and any(getattr(link, k) != v for k, v in changes.items()):
            self._apply(lambda: cmd.set_link(lid, **changes))

    def _design_form(self, form: QFormLayout, _ident: str) -> None:
        catalog = self.document.catalog
        name = QLineEdit()
        name.setMaxLength(200)
        name.editingFinished.connect(lambda: self._edit_meta(name=name.text()))
        self._field(form, "name", self.tr("Name"), name)
        description = QLineEdit()
        description.setMaxLength(500)
        description.editingFinished.connect(lambda: self._edit_meta(description=description.text()))
        self._field(form, "description", self.tr("Description"), description)
        chassis = ElidedComboBox()
        for part in sorted(catalog.of_kind("chassis"), key=lambda p: p.name):
            units = getattr(part, "rack_units", 0)
            chassis.addItem(f"{part.name} ({units}U)", part.id)
        chassis.activated.connect(lambda _i: self._set_chassis(chassis.currentData()))
        self._field(form, "chassis", self.tr("Chassis"), chassis)
        author = QLineEdit()
        author.editingFinished.connect(lambda: self._edit_meta(author=author.text()))
        self._field(form, "author", self.tr("Author"), author)
        redundancy = QComboBox()
        for r in Redundancy:
            redundancy.addItem(r.value, r)
        redundancy.activated.connect(lambda _i: self._edit_settings(psu_redundancy=redundancy.currentData()))
        self._field(form, "redundancy", self.tr("PSU redundancy"), redundancy)
        self._field(form, "failure_policy", self.tr("Failure policy"), self._policy_combo())
        self._kw_spin(form, "budget", self.tr("Rack power budget"), self.tr("no rack budget"), "rack_power_budget_w")
        self._spin(form, "nodes", self.tr("Nodes per rack"), (1, 128, self.tr(" node"), self.tr(" nodes")),
                   lambda v: self._edit_settings(nodes_per_rack=v))
        self._kw_spin(form, "air_limit", self.tr("Rack limit, heat to air"), self.tr("site limit"), "rack_air_limit_w")
        self._kw_spin(form, "liquid_limit", self.tr("Rack limit, heat to liquid"), self.tr("site limit"),
                      "rack_liquid_limit_w")
        self._scaleout_form(form)
        notes = NotesEdit()
        notes.setMinimumHeight(140)  # a few lines of notes visible (was a 90 px box)
        notes.editing_finished.connect(lambda: self._edit_meta(notes=notes.toPlainText()))
        self._field(form, "notes", self.tr("Notes"), notes)

    def _kw_spin(self, form: QFormLayout, key: str, label: str, special: str, setting: str) -> None:
        """A setting in kW (stored in W); 0 shows `special` and stores None."""
        spin = QDoubleSpinBox()
        spin.setRange(0, 2000)
        spin.setDecimals(1)
        spin.setSuffix(" kW")
        spin.setSpecialValueText(special)
        spin.editingFinished.connect(lambda: self._edit_settings(**{setting: spin.value() * 1000 or None}))
        self._field(form, key, label, spin)

    def _policy_combo(self) -> QComboBox:
        """The fabric failure policy: the platform's documented default or one of the vendors' modes (the rule
        check warns where a chosen mode is not effective on the design's platform)."""
        names = {FailurePolicy.PLATFORM_DEFAULT: self.tr("platform default (documented)"),
                 FailurePolicy.FM_DEFAULT: self.tr("Fabric Manager default (mode 0)"),
                 FailurePolicy.FM_DEGRADED: self.tr("Fabric Manager degraded (mode 1, A100 only)"),
                 FailurePolicy.NMX_FULL_BANDWIDTH: self.tr("NMX full-bandwidth partition"),
                 FailurePolicy.NMX_ADAPTIVE_BANDWIDTH: self.tr("NMX adaptive-bandwidth partition"),
                 FailurePolicy.ASSUMED_LINK_LOSS: self.tr("no published policy (assumed link loss)")}
        combo = ElidedComboBox()
        for policy in FailurePolicy:
            combo.addItem(names[policy], policy)
        combo.activated.connect(lambda _i: self._edit_settings(fabric_failure_policy=combo.currentData()))
        return combo

    def _spin(self, form: QFormLayout, key: str, label: str, limits: tuple[int, int, str, str],
              done: Callable[[int], None]) -> None:
        spin = CountSpinBox(limits[2], limits[3])
        spin.setRange(limits[0], limits[1])
        spin.editingFinished.connect(lambda: done(spin.value()))
        self._field(form, key, label, spin)

    def _scaleout_form(self, form: QFormLayout) -> None:
        topology = QComboBox()
        names = {ScaleOutTopology.RAIL_OPTIMIZED: self.tr("rail optimized"),
                 ScaleOutTopology.FAT_TREE: self.tr("fat tree")}
        for t in ScaleOutTopology:
            topology.addItem(names.get(t, t.value.replace("_", " ")), t)
        topology.activated.connect(lambda _i: self._edit_scaleout(topology=topology.currentData()))
        self._field(form, "scaleout_topology", self.tr("Scale-out topology"), topology)
        self._spin(form, "scaleout_per_leaf", self.tr("Leaf group"),
                   (1, 4096, self.tr(" node per leaf"), self.tr(" nodes per leaf")),
                   lambda v: self._edit_scaleout(nodes_per_leaf=v))
        over = QDoubleSpinBox()
        over.setRange(1.0, 16.0)
        over.setDecimals(1)
        over.setSuffix(" : 1")
        over.editingFinished.connect(lambda: self._edit_scaleout(oversubscription=over.value()))
        self._field(form, "scaleout_over", self.tr("Spine oversubscription"), over)

    def _edit_scaleout(self, **changes: object) -> None:
        current = self.document.design.settings.scaleout
        self._edit_settings(scaleout=ScaleOut.model_validate({**current.model_dump(), **changes}))

    def _edit_meta(self, **changes: object) -> None:
        meta = self.document.design.meta
        if any(getattr(meta, k) != v for k, v in changes.items()):
            self._apply(lambda: cmd.set_meta(**changes))

    def _edit_settings(self, **changes: object) -> None:
        settings = self.document.design.settings
        if any(getattr(settings, k) != v for k, v in changes.items()):
            self._apply(lambda: cmd.set_settings(**changes))

    def _set_chassis(self, chassis: str) -> None:
        if chassis != self.document.design.chassis:
            self._apply(lambda: cmd.set_chassis(chassis))

    # Values in place ------------------------------------------------------------------------
    def sync(self) -> None:
        """Put the design's current values into the fields without emitting edits."""
        if self.target is None:
            return
        kind, ident = self.target
        design = self.document.design
        if kind == "component":
            self._sync_component(ident)
        elif kind == "link":
            link = design.link(ident)
            self.heading.setText(self.tr("<b>{id}</b>: {kind} link {a} - {b}").format(
                id=esc(ident), kind=link.kind.value, a=esc(link.a), b=esc(link.b)))
            self._set(self.fields["count"], link.count)
            if "pcie_gen" in self.fields:
                self._set(self.fields["pcie_gen"], link.pcie_gen)
        elif kind == "many":
            self.heading.setText(self.tr("<b>{count} items selected</b>").format(count=len(ident.split("\n"))))
            if "part" in self.fields:  # the parts they share, or none shown where they differ
                cids, _ = self._swappable(ident.split("\n"))
                held = {design.component(c).part for c in cids}
                self._set(self.fields["part"], held.pop() if len(held) == 1 else None)
        else:
            self._sync_design()

    def _sync_component(self, cid: str) -> None:
        comp = self.document.design.component(cid)
        part = self.document.catalog.get(comp.part)
        self.heading.setText(f"<b>{esc(cid)}</b>: {esc(part.name)}<br><small>{esc(render(part_source_note(part)))}"
                             f": {esc(part.source)}</small>")
        self._set(self.fields["part"], comp.part)
        self._set(self.fields["label"], comp.label)
        if "slot" in self.fields and comp.slot is not None:
            self._set(self.fields["slot"], comp.slot)
        rows = "".join(f"<tr><td>{esc(k)}</td><td><b>{esc(v)}</b></td></tr>" for k, v in spec_rows(part))
        specs = self.fields["specs"]
        if isinstance(specs, QLabel):
            specs.setText(f"<table>{rows}</table>")

    def _sync_design(self) -> None:
        design = self.document.design
        self.heading.setText(self.tr("<b>Design</b>: {name}").format(name=esc(design.meta.name)))
        s = design.settings
        description = self.fields["description"]
        stale = stale_template_description(design, self.document.catalog)
        if isinstance(description, QLineEdit):  # empty: the sheet shows the line derived from the parts
            description.setPlaceholderText(parts_line(design, self.document.catalog))
            # the reference design's text no longer fits a design that has changed: the field shows, in grey, the
            # line its documents use instead, and says so (a user read the text's going as an edit deleting it)
            description.setToolTip(plain(self.tr(
                "The reference design's description (\"{text}\") no longer fits this design, which has changed since: "
                "its documents show the line made from its parts, in grey here. Type a description to use your "
                "own.").format(text=design.meta.description)) if stale else "")
        shown = "" if stale else design.meta.description
        for key, value in (("name", design.meta.name), ("description", shown), ("chassis", design.chassis),
                           ("author", design.meta.author),
                           ("redundancy", s.psu_redundancy), ("budget", (s.rack_power_budget_w or 0) / 1000),
                           ("failure_policy", s.fabric_failure_policy),
                           ("nodes", s.nodes_per_rack), ("air_limit", (s.rack_air_limit_w or 0) / 1000),
                           ("liquid_limit", (s.rack_liquid_limit_w or 0) / 1000), ("notes", design.meta.notes),
                           ("scaleout_topology", s.scaleout.topology), ("scaleout_per_leaf", s.scaleout.nodes_per_leaf),
                           ("scaleout_over", s.scaleout.oversubscription)):
            self._set(self.fields[key], value)

    @staticmethod
    def _set(widget: QWidget, value: object) -> None:
        blocker = QSignalBlocker(widget)
        if isinstance(widget, QComboBox):
            index = widget.findData(value)
            if index != widget.currentIndex():
                widget.setCurrentIndex(index)
        elif isinstance(widget, QLineEdit):
            if widget.text() != value:
                widget.setText(str(value))
        elif isinstance(widget, QSpinBox) and isinstance(value, int):
            if widget.value() != value:
                widget.setValue(value)
        elif isinstance(widget, QDoubleSpinBox) and isinstance(value, int | float):
            if widget.value() != value:
                widget.setValue(float(value))
        elif isinstance(widget, QPlainTextEdit) and widget.toPlainText() != value:
            widget.setPlainText(str(value))
        blocker.unblock()
