"""Presentation mode (View > Present, F5): for a sales engineer showing a configuration to a customer.

Full screen: the canvas with large labels, the five headline figures in large type, one key to switch
between the open design and the reference designs (Left/Right, or 1-9), what-if toggles that fail a switch
plane, a NIC or a PSU with the figures updating, Esc to leave. Nothing here edits the open document.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from designer.analysis import headline_figures
from designer.core.errors import DesignerError
from designer.core.locale import render
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.parts import NicSpec, PsuSpec, ScaleupSwitchSpec
from designer.templates import TEMPLATES, build_template
from designer.ui.canvas.scene import CanvasScene
from designer.ui.canvas.view import CanvasView

WHAT_IFS = (("plane", str(QT_TRANSLATE_NOOP("PresentWindow", "Fail a switch plane")), ScaleupSwitchSpec),
            ("nic", str(QT_TRANSLATE_NOOP("PresentWindow", "Fail a NIC")), NicSpec),
            ("psu", str(QT_TRANSLATE_NOOP("PresentWindow", "Fail a PSU")), PsuSpec))


class PresentWindow(QWidget):
    def __init__(self, design: Design, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(self.tr("GPU Node Designer - presentation"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.catalog = catalog
        self.designs: list[tuple[str, Design | None]] = [(self.tr("Open design"), design),
                                                         *((tid, None) for tid in TEMPLATES)]
        self.index = 0
        self.scene = CanvasScene(catalog)
        self.view = CanvasView(self.scene)
        self.view.setInteractive(False)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # user text: shown literally
        self.title.setFont(QFont("Sans", 26, QFont.Weight.Bold))
        self.hint = QLabel(self.tr("Left/Right or 1-9: switch design    P, N, S: fail a plane, NIC, PSU    Esc: leave"))
        self.values: list[tuple[QLabel, QLabel]] = []
        figures = QGridLayout()
        for row in range(5):
            name, value = QLabel(), QLabel()
            for label in (name, value):
                label.setTextFormat(Qt.TextFormat.PlainText)
            name.setFont(QFont("Sans", 14))
            value.setFont(QFont("Sans", 24, QFont.Weight.Bold))
            figures.addWidget(name, row * 2, 0)
            figures.addWidget(value, row * 2 + 1, 0)
            self.values.append((name, value))
        self.toggles = {key: QCheckBox(self.tr(text)) for key, text, _ in WHAT_IFS}
        toggles = QHBoxLayout()
        for box in self.toggles.values():
            box.setFont(QFont("Sans", 14))
            box.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the arrow keys switch designs, never move focus
            box.toggled.connect(self.refresh)
            toggles.addWidget(box)
        toggles.addStretch(1)
        side = QVBoxLayout()
        side.addLayout(figures)
        side.addStretch(1)
        body = QHBoxLayout()
        body.addWidget(self.view, 3)
        body.addLayout(side, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(body, 1)
        layout.addLayout(toggles)
        layout.addWidget(self.hint)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.show_index(0)

    def design(self) -> Design:
        label, design = self.designs[self.index]
        if design is None:
            design = build_template(label, self.catalog)
            self.designs[self.index] = (label, design)
        return design

    def show_index(self, index: int) -> None:
        self.index = index % len(self.designs)
        design = self.design()
        self.scene.show_design(design)
        self.view.fit()  # and fitted again when the view gets its full-screen size (CanvasView.resizeEvent)
        self.title.setText(design.meta.name)
        for key, _text, cls in WHAT_IFS:
            self.toggles[key].setEnabled(self._first(cls) is not None)
        self.refresh()

    def _first(self, cls: type) -> str | None:
        design = self.design()
        return next((c.id for c in design.components if isinstance(self.catalog.get(c.part), cls)), None)

    def failed(self) -> tuple[str, ...]:
        out = []
        for key, _text, cls in WHAT_IFS:
            ident = self._first(cls)
            if self.toggles[key].isChecked() and ident is not None:
                out.append(ident)
        return tuple(out)

    def refresh(self) -> None:
        try:
            rows = [(render(h.label), render(h.value)) for h in headline_figures(self.design(), self.catalog,
                                                                                self.failed())]
        except DesignerError as exc:
            rows = [(self.tr("Cannot compute"), str(exc)), *[("", "")] * 4]
        for (name, value), (name_label, value_label) in zip(rows, self.values, strict=True):
            name_label.setText(name)
            value_label.setText(value)
        self.scene.set_highlight(set())
        self.scene.set_markers({i: "error" for i in self.failed()})

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        key = event.key()
        if key == Qt.Key.Key_Escape:
            self.close()
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_PageDown):
            self.show_index(self.index + 1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_PageUp):
            self.show_index(self.index - 1)
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            self.show_index(key - Qt.Key.Key_1)
        elif key in (Qt.Key.Key_P, Qt.Key.Key_N, Qt.Key.Key_S):
            box = self.toggles[{Qt.Key.Key_P: "plane", Qt.Key.Key_N: "nic", Qt.Key.Key_S: "psu"}[Qt.Key(key)]]
            if box.isEnabled():
                box.toggle()
        else:
            super().keyPressEvent(event)
