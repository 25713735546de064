"""File > Compare...: 2-6 designs side by side (templates, files, the open design and its saved version).

The window only shows what `designer.compare.comparison` computes: a table with a column per design and
the best value per row marked, the BOM differences, and the busbw curves overlaid per collective.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from designer.compare.charts import overlay_figure
from designer.compare.data import MAX_DESIGNS, MIN_DESIGNS, comparison
from designer.compare.document import write_comparison_pdf
from designer.compare.render import BEST, bom_rows, notes, table_rows
from designer.core import i18n
from designer.core.errors import DesignerError, one_line
from designer.document.document import Document
from designer.export.brand import default_brand
from designer.io.files import load_design
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.templates import TEMPLATES, build_template
from designer.ui.class_matrix import ClassMatrixView
from designer.ui.panels.chart import use_cjk_fonts
from designer.ui.window_layout import fit_to_screen

BEST_BRUSH = Qt.GlobalColor.darkGreen
MAX_COLUMN_PX = 260  # a design's column: longer values (a chassis or CPU name) wrap; the tooltip has them whole
MAX_LABEL_PX = 320  # the row labels: sized to the labels up to this, longer ones elided with a tooltip
DESIGN_ROLE = Qt.ItemDataRole.UserRole
translate = QCoreApplication.translate


class CompareDialog(QDialog):
    def __init__(self, catalog: Catalog, current: tuple[str, Design] | None = None,
                 saved: tuple[str, Design] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare designs"))
        self.catalog = catalog
        self.data: dict | None = None
        self.choices = QListWidget()
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.compare_button = QPushButton(self.tr("Compare"))
        self.add_button = QPushButton(self.tr("Add file..."))
        self.pdf_button = QPushButton(self.tr("Save PDF..."))
        self.pdf_button.setEnabled(False)
        self.paper = QComboBox()
        for key, label in (("a4", "A4"), ("letter", self.tr("US Letter"))):
            self.paper.addItem(label, key)
        self.table = QTableWidget()
        self.bom = QTableWidget()
        use_cjk_fonts()
        self.figure = Figure(figsize=(10, 3.6), layout="constrained")
        self.canvas = FigureCanvasQTAgg(self.figure)
        self.matrices = ClassMatrixView()
        self.tabs = QTabWidget()
        self.notes = QLabel()  # what the marks mean (designer.compare.render), in the interface's language
        self.notes.setTextFormat(Qt.TextFormat.PlainText)
        self.notes.setWordWrap(True)
        for widget, title in ((self.table, self.tr("Side by side")), (self.bom, self.tr("BOM differences")),
                              (self.canvas, "busbw"), (self.matrices, self.tr("Topology classes"))):
            self.tabs.addTab(widget, title)
        self._layout()
        for choice in (saved, current):  # saved before open: the columns read as before -> after
            if choice is not None:
                self.add_choice(choice[0], choice[1], checked=True)
        for tid, tpl in TEMPLATES.items():
            self.add_choice(f"{tid} ({tpl.title})", None, template=tid)
        self.compare_button.clicked.connect(self.run)
        self.add_button.clicked.connect(self.add_file_dialog)
        self.pdf_button.clicked.connect(self.save_pdf_dialog)
        self.choices.itemChanged.connect(self._update_status)
        self._update_status()
        fit_to_screen(self, 1300, 820)
        if self.compare_button.isEnabled():
            self.run()  # opened with two designs picked (the saved and the open one): show them, not an empty tab

    def _layout(self) -> None:
        left = QWidget()
        col = QVBoxLayout(left)
        col.addWidget(QLabel(self.tr("Pick {low}-{high} designs:").format(low=MIN_DESIGNS, high=MAX_DESIGNS)))
        col.addWidget(self.choices)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.compare_button)
        col.addLayout(row)
        pdf_row = QHBoxLayout()
        pdf_row.addWidget(self.paper)
        pdf_row.addWidget(self.pdf_button)
        col.addLayout(pdf_row)
        col.addWidget(self.status)
        right = QWidget()
        results = QVBoxLayout(right)
        results.setContentsMargins(0, 0, 0, 0)
        results.addWidget(self.tabs)
        results.addWidget(self.notes)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setSizes([300, 1000])
        QVBoxLayout(self).addWidget(split)

    # Choices ----------------------------------------------------------------------------------
    def add_choice(self, label: str, design: Design | None, checked: bool = False,
                   template: str = "") -> QListWidgetItem:
        item = QListWidgetItem(label)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
        item.setData(DESIGN_ROLE, (label, design, template))
        self.choices.addItem(item)
        return item

    def add_file(self, path: Path) -> bool:
        try:
            design = load_design(path, self.catalog)
        except DesignerError as exc:
            self.status.setText(str(exc))
            return False
        self.add_choice(path.name, design, checked=True)
        self._update_status()
        return True

    def add_file_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Add a design to compare"), "",
                                              self.tr("GPU node designs (*.json *.pdf)"))
        if path:
            self.add_file(Path(path))

    def checked(self) -> list[tuple[str, Design]]:
        out = []
        for i in range(self.choices.count()):
            item = self.choices.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                label, design, template = item.data(DESIGN_ROLE)
                if design is None:
                    design = build_template(template, self.catalog)
                out.append((template or label, design))
        return out

    def _count(self) -> int:
        return sum(1 for i in range(self.choices.count())
                   if self.choices.item(i).checkState() == Qt.CheckState.Checked)

    def _update_status(self, *_: object) -> None:
        n = self._count()
        self.compare_button.setEnabled(MIN_DESIGNS <= n <= MAX_DESIGNS)
        self.status.setText(self.tr("{count} picked").format(count=n) + (
            "" if MIN_DESIGNS <= n <= MAX_DESIGNS
            else self.tr(" (pick {low} to {high})").format(low=MIN_DESIGNS, high=MAX_DESIGNS)))

    # Results ----------------------------------------------------------------------------------
    def run(self) -> None:
        named = self.checked()
        if not MIN_DESIGNS <= len(named) <= MAX_DESIGNS:
            return
        self.data = comparison(named, self.catalog, lang=i18n.language())
        fill_table(self.table, self.data["designs"], table_rows(self.data))
        fill_table(self.bom, self.data["designs"], bom_rows(self.data))
        overlay_figure(self.data, fig=self.figure)
        self.matrices.set_data(self.data)
        self.notes.setText("\n".join(notes(self.data)))  # in the comparison's language, as its rows
        self.pdf_button.setEnabled(True)
        self.canvas.draw_idle()
        self.status.setText(self.tr("{count} designs compared; {best} marks the best value in a row").format(
            count=len(named), best=BEST))


    def save_pdf_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the comparison as PDF"), "comparison.pdf",
                                              self.tr("PDF files (*.pdf)"))
        if path:
            self.save_pdf(Path(path))

    def save_pdf(self, path: Path) -> bool:
        """The comparison typeset by the document engine (the `comparison` template), written atomically."""
        if self.data is None:
            return False
        if path.suffix.lower() != ".pdf":
            path = path.with_name(path.name + ".pdf")
        try:
            write_comparison_pdf(self.data, path, self.paper.currentData(), default_brand())
        except (DesignerError, OSError) as exc:
            self.status.setText(self.tr("PDF not written: {reason}").format(reason=one_line(str(exc))))
            return False
        self.status.setText(self.tr("Wrote {name}").format(name=path.name))
        return True


def fill_table(table: QTableWidget, designs: list[str], rows: list[tuple[str, list[str]]]) -> None:
    table.clear()
    table.setColumnCount(len(designs))
    table.setRowCount(len(rows))
    table.setHorizontalHeaderLabels(designs)
    bold = QFont()
    bold.setBold(True)
    for r, (label, cells) in enumerate(rows):
        table.setVerticalHeaderItem(r, _cell(label))  # the comparison wrote its rows in the interface's language
        for c, text in enumerate(cells):
            item = _cell(text)
            if text.endswith(f" {BEST}"):
                item.setFont(bold)
                item.setForeground(BEST_BRUSH)
            table.setItem(r, c, item)
    _size(table)


def _cell(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)  # plain text: a design name never becomes markup
    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    item.setToolTip(text)  # the whole text where the cell wraps or elides it
    return item


def _size(table: QTableWidget) -> None:
    """Row labels as wide as the labels (up to MAX_LABEL_PX, elided past it); design columns as wide as their
    values up to MAX_COLUMN_PX, the rest wrapping onto a taller row."""
    table.setWordWrap(True)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    table.verticalHeader().setMaximumWidth(MAX_LABEL_PX)
    table.verticalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
    table.resizeColumnsToContents()
    for c in range(table.columnCount()):
        table.setColumnWidth(c, min(table.columnWidth(c), MAX_COLUMN_PX))
    table.resizeRowsToContents()


def show_compare(parent: QWidget, document: Document, include_clean: bool = False) -> CompareDialog:
    """File > Compare...: the open design (and its saved version, when it differs) picked, templates to add."""
    saved = None
    if document.path is not None and (include_clean or not document.is_clean):
        try:
            saved = (translate("CompareDialog", "saved: {name}").format(name=document.path.name),
                     load_design(document.path, document.catalog))
        except DesignerError:
            saved = None
    current = translate("CompareDialog", "open: {name}").format(name=document.design.meta.name)
    dialog = CompareDialog(document.catalog, (current, document.design), saved, parent)
    dialog.show()
    return dialog
