"""Power & Thermal and Bill of Materials panels."""

from __future__ import annotations

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from designer.core.labels import confidence_label
from designer.export.charts import power_figure
from designer.export.spec import bom_lines
from designer.model.budget import power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design


class PowerPanel(QWidget):
    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.catalog = catalog
        self.numbers = QLabel()
        self.numbers.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.figure = Figure(figsize=(6, 3), layout="constrained")
        self.canvas = FigureCanvasQTAgg(self.figure)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.numbers)
        layout.addWidget(self.canvas, 1)

    def set_design(self, design: Design) -> None:
        b = power_budget(design, self.catalog)
        headroom = (b.cooling_capacity_w - b.heat_w) if b.cooling_capacity_w else None
        rows = [
            ("Component load", f"{b.load_w:,.0f} W"),
            ("Peak wall power", f"{b.wall_w:,.0f} W (PSUs {b.psu_efficiency:.1%} efficient at this load)"),
            ("Published maximum", "none published" if b.published_max_w is None else
             f"{b.published_max_w:,.0f} W (computed {round(b.published_gap or 0, 3) + 0:+.1%})"),
            ("PSUs", f"{b.psu_count} x {b.psu_unit_w:,.0f} W, {b.redundancy.value}"),
            ("Usable under policy", f"{b.usable_w:,.0f} W ({b.usable_w - b.load_w:+,.0f} W margin)"),
            ("Heat", f"{b.heat_btu_hr:,.0f} BTU/hr"), ("Airflow needed", f"{b.airflow_cfm:,.0f} CFM"),
            ("Cooling capacity", "unknown" if b.cooling_capacity_w is None else
             f"{b.cooling_capacity_w:,.0f} W ({'published' if b.cooling_capacity_published else 'derived'}, "
             f"{confidence_label(b.cooling_confidence).split(' (')[0]})"),
            ("Cooling headroom", "unknown" if headroom is None else f"{headroom:+,.0f} W"),
            ("Assumed figures", f"{len(b.assumed_lines)} lines"),
        ]
        self.numbers.setText("<table>" + "".join(f"<tr><td>{k}</td><td align=right><b>{v}</b></td></tr>"
                                                 for k, v in rows) + "</table>")
        power_figure(design, self.catalog, fig=self.figure)
        self.canvas.draw_idle()


class BomPanel(QWidget):
    HEADERS = ["Part", "Kind", "Qty", "Unit power (W)", "Total power (W)", "Source"]

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.catalog = catalog
        self.table = QTableWidget()
        self.table.setSortingEnabled(True)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.table)
        QShortcut(QKeySequence.StandardKey.Copy, self.table, self.copy)

    def rows(self, design: Design) -> list[list]:
        return [[b.name, b.kind, b.quantity, b.unit_power_w, b.total_power_w, b.source]
                for b in bom_lines(design, self.catalog)]

    def set_design(self, design: Design) -> None:
        rows = self.rows(design)
        self.table.setSortingEnabled(False)
        self.table.setColumnCount(len(self.HEADERS))
        self.table.setHorizontalHeaderLabels(self.HEADERS)
        self.table.setRowCount(len(rows))
        for i, row in enumerate(rows):
            for j, value in enumerate(row):
                cell = QTableWidgetItem()
                cell.setData(Qt.ItemDataRole.DisplayRole, round(value, 1) if isinstance(value, float) else value)
                self.table.setItem(i, j, cell)
        self.table.setSortingEnabled(True)
        self.table.resizeColumnsToContents()

    def cell_text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text() if item is not None else ""

    def copy(self) -> str:
        """Copy the selected rows (or all) as tab-separated text."""
        rows = sorted({i.row() for i in self.table.selectedIndexes()}) or list(range(self.table.rowCount()))
        lines = ["\t".join(self.HEADERS)]
        lines += ["\t".join(self.cell_text(r, c) for c in range(self.table.columnCount())) for r in rows]
        text = "\n".join(lines)
        QGuiApplication.clipboard().setText(text)
        return text
