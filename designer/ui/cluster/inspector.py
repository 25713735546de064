"""The cluster inspector: the plan's size, site and compute-fabric settings as a form.

Every edit is a command on the plan document; a value the plan refuses (a 0 A feed, a negative kW, a node that
fits no rack, a switch with fewer ports than the node's rails) stays in its field with the reason shown under
the form, and the plan is unchanged. Fields are refreshed in place after every change of the plan.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from designer.cluster.document import PlanCommand, PlanDocument, set_plan_field, set_plan_size
from designer.cluster.field_words import field_word
from designer.cluster.plan import ClusterPlan
from designer.core.constraints import constraint
from designer.core.errors import DesignerError
from designer.core.locale import render
from designer.core.messages import _m
from designer.document.commands import CommandError
from designer.model.parts import NetworkSwitchSpec
from designer.ui.elided import ElidedComboBox
from designer.ui.undo_keys import pass_undo_keys


@dataclass(frozen=True)
class Field:
    path: str  # dotted path in the plan; "size.gpus" and "size.nodes" set the size
    label: str  # translated
    kind: str  # text, int, float, choice
    scale: float = 1.0  # shown value = stored value / scale (kW for W, % for a share)
    choices: tuple[tuple[str, Any], ...] = ()


def plan_value(plan: ClusterPlan, path: str) -> Any:
    value: Any = plan
    for name in path.removeprefix("size.").split(".") if path.startswith("size.") else path.split("."):
        value = getattr(value, name)
    return value


def shown(value: Any, field: Field) -> str:
    if value is None:
        return ""
    if field.kind == "float":
        return f"{value / field.scale:g}"
    return str(value)


# Settings a plan may leave to its reference architecture and node (None: the default, shown greyed).
OPTIONAL = frozenset({"site.rack_power_limit_w", "site.rack_air_limit_w", "site.cooling", "site.feeds_per_rack",
                      "site.nodes_per_rack", "fabrics.compute.planes", "fabrics.compute.switch",
                      "fabrics.compute.su_nodes", "fabrics.compute.pod_gpus"})


def parsed(text: str, field: Field) -> Any:
    """The stored value of what was typed (CommandError with the reason when it is not a number); an emptied
    optional field goes back to the default (None)."""
    text = text.strip().replace(",", "")
    if not text and field.path in OPTIONAL:
        return None
    if field.kind == "text":
        return text
    try:
        return int(text) if field.kind == "int" else round(float(text) * field.scale, 9)
    except ValueError:
        kind = "int_parsing" if field.kind == "int" else "float_parsing"  # "Feed current (A): must be a number"
        raise CommandError(_m("{field}: {reason}", field=field.label, reason=constraint({"type": kind}))) from None


def command_for(field: Field, value: Any) -> PlanCommand:
    if field.path == "size.gpus":
        return set_plan_size(gpus=value)
    if field.path == "size.nodes":
        return set_plan_size(nodes=value)
    return set_plan_field(field.path, value)


def setting(path: str, kind: str, choices: tuple = ()) -> Field:
    """A field labelled in the interface's language and scaled by designer.cluster.field_words (the same words name
    the setting in a refusal and in the Edit menu's undo step)."""
    label, scale = field_word(path)
    return Field(path, render(label), kind, scale, choices)


class ClusterInspector(QWidget):
    refused = Signal(str)  # the reason a value was refused

    def __init__(self, document: PlanDocument) -> None:
        super().__init__()
        self.document = document
        self.editors: dict[str, QLineEdit | QComboBox] = {}
        self.fields: dict[str, Field] = {}
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c0392b")
        layout = QVBoxLayout(self)
        for title, fields in self.groups():
            box = QGroupBox(title)
            form = QFormLayout(box)
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow dock puts labels above
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            for field in fields:
                self.fields[field.path] = field
                form.addRow(field.label, self._editor(field))
            layout.addWidget(box)
        layout.addWidget(self.error)
        layout.addStretch(1)
        pass_undo_keys([e for e in self.editors.values() if isinstance(e, QLineEdit)], self._pending, self)
        self.refresh()

    def _pending(self, edit: QWidget) -> bool:
        """Whether a field holds typing not yet committed to the plan (its own undo then takes Ctrl+Z)."""
        field = self.fields.get(edit.objectName())
        return isinstance(edit, QLineEdit) and field is not None and \
            edit.text() != shown(plan_value(self.document.plan, field.path), field)

    def groups(self) -> tuple[tuple[str, tuple[Field, ...]], ...]:
        """The form: (group title, fields), every label translated."""
        return (
            (self.tr("Plan"), (setting("name", "text"),
                               setting("size.gpus", "int"),
                               setting("size.nodes", "int"))),
            (self.tr("Site"), (
                setting("site.rack_power_limit_w", "float"),
                setting("site.rack_air_limit_w", "float"),
                setting("site.cooling", "choice",
                      choices=((self.tr("air"), "air"), (self.tr("liquid"), "liquid"))),
                setting("site.rack_height_u", "int"),
                setting("site.feed.volts", "float"),
                setting("site.feed.amps", "float"),
                setting("site.feed.phases", "choice", choices=(("1", 1), ("3", 3))),
                setting("site.feed.utilisation", "float"),
                setting("site.feeds_per_rack", "int"),
                setting("site.nodes_per_rack", "int"),
                setting("site.ab_policy", "choice",
                      choices=((self.tr("2N (either feed carries the rack)"), "2n"),
                               (self.tr("N (feeds share the load)"), "n"))),
                setting("site.pue", "float"),
                setting("site.supply_water_c", "float"))),
            (self.tr("Compute fabric"), (
                setting("fabrics.compute.topology", "choice",
                      choices=((self.tr("rail-optimised"), "rail_optimized"),
                               (self.tr("leaf-spine"), "leaf_spine"))),
                setting("fabrics.compute.oversubscription", "float"),
                setting("fabrics.compute.target_oversubscription", "float"),
                setting("fabrics.compute.planes", "int"),
                setting("fabrics.compute.su_nodes", "int"),
                setting("fabrics.compute.spine_oversubscription", "float"),
                setting("fabrics.compute.pod_gpus", "int"),
                setting("fabrics.compute.switch", "choice", choices=self._switches()))),
        )

    def _editor(self, field: Field) -> QWidget:
        if field.kind == "choice":
            combo = ElidedComboBox()  # long part names ("NVIDIA Quantum-2 QM9700 NDR ...") end in '…', whole in
            combo.setObjectName(field.path)  # the tooltip, instead of widening the dock
            combo.setMinimumContentsLength(12)
            if field.path in OPTIONAL:
                combo.addItem(self.tr("default"), None)  # relabelled with the default's value on refresh
            for label, value in field.choices:
                combo.addItem(label, value)
            combo.activated.connect(lambda _i, f=field, c=combo: self.commit(f, c.currentData()))
            self.editors[field.path] = combo
            return combo
        edit = QLineEdit()
        edit.setObjectName(field.path)
        edit.editingFinished.connect(lambda f=field, e=edit: self._typed(f, e))
        self.editors[field.path] = edit
        return edit

    def _switches(self) -> tuple[tuple[str, Any], ...]:
        parts = self.document.catalog.of_kind("network_switch")
        return tuple((f"{p.name} ({p.id})", p.id) for p in parts if isinstance(p, NetworkSwitchSpec)
                     and p.role == "compute")

    def _typed(self, field: Field, edit: QLineEdit) -> None:
        if edit.text() == shown(plan_value(self.document.plan, field.path), field):
            return
        try:
            self.commit(field, parsed(edit.text(), field))
        except CommandError as exc:
            self.refuse(field, render(exc.msg))

    def commit(self, field: Field, value: Any) -> None:
        try:
            self.document.push(command_for(field, value))
        except CommandError as exc:
            self.refuse(field, render(exc.msg))
            self.refresh(keep=field.path)
            return
        self.error.clear()

    def refuse(self, field: Field, reason: str) -> None:
        named = reason.startswith(field.label)  # "Feed current (A): must be more than 0" names the field itself
        text = reason if named else self.tr("{field}: refused, {reason}").format(field=field.label, reason=reason)
        self.error.setText(text)
        self.refused.emit(text)

    def refresh(self, *_args: object, keep: str = "") -> None:
        """Every field from the plan; `keep` leaves a refused typed value where the user can fix it. A setting left
        to the default shows the default's value greyed (placeholder), so emptying a field returns to it."""
        plan = self.document.plan
        try:
            effective = self.document.resolved_plan()
        except DesignerError:
            effective = plan
        for path, editor in self.editors.items():
            field = self.fields[path]
            value = plan_value(plan, path)
            default = shown(plan_value(effective, path), field)
            blocker = QSignalBlocker(editor)
            if isinstance(editor, QComboBox):
                if path in OPTIONAL:
                    label = dict((v, t) for t, v in field.choices).get(plan_value(effective, path), default)
                    editor.setItemText(0, self.tr("default ({value})").format(value=label))
                editor.setCurrentIndex(max(0, editor.findData(value)))
            elif path != keep:
                editor.setText(shown(value, field))
                editor.setPlaceholderText(default if path in OPTIONAL else "")
            del blocker
