"""Power & Thermal and Bill of Materials panels."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.core import i18n
from designer.core.locale import render
from designer.model.budget import PowerBudget, power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.facility import HeatBalance, heat_balance
from designer.model.slot_words import PART_KIND
from designer.ui.panels.chart import LazyChart

CHART_MIN_WIDTH = 300  # px: the bars, their two labels and a two-column legend beside them, just


class NumberItem(QTableWidgetItem):
    """A table cell that shows a number as people read it (5,600) and sorts by its value."""

    def __init__(self, value: float | int) -> None:
        super().__init__(f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}")
        self.value = float(value)
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other: QTableWidgetItem) -> bool:
        if isinstance(other, NumberItem):
            return self.value < other.value
        return super().__lt__(other)


class PowerPanel(QWidget):
    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.catalog = catalog
        self.numbers = QLabel()
        self.numbers.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.numbers.setWordWrap(True)  # a long value wraps in its cell rather than pushing the chart off the panel
        self.numbers.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        scroll = QScrollArea()  # figures that do not fit the dock's height scroll; the chart keeps its room
        scroll.setWidget(self.numbers)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)  # no relayout (and clip) when it comes
        scroll.setMinimumWidth(180)
        self.chart = LazyChart()
        self.chart.setMinimumWidth(CHART_MIN_WIDTH)  # it got 200 px at 1024 x 700: labels cut, legend on bars
        self.split = QSplitter(Qt.Orientation.Horizontal)  # the user moves the border between figures and chart
        self.split.setChildrenCollapsible(False)
        self.split.addWidget(scroll)
        self.split.addWidget(self.chart)
        self.split.setStretchFactor(0, 1)  # half each: at 1024 x 700 the chart gets about 400 px
        self.split.setStretchFactor(1, 1)
        self.split.setSizes([500, 500])
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.split)

    @property
    def figure(self) -> Any:
        return self.chart.figure

    def set_design(self, design: Design) -> None:
        b, h = power_budget(design, self.catalog), heat_balance(design, self.catalog)
        headroom = (b.cooling_capacity_w - b.heat_w) if b.cooling_capacity_w else None
        n, unknown = i18n.format_number, self.tr("unknown")
        rows = [
            (self.tr("Component load"), f"{n(b.load_w)} W"),
            (self.tr("Peak wall power"), self.tr("{wall} W (PSUs {efficiency}% efficient at this load)").format(
                wall=n(b.wall_w), efficiency=n(b.psu_efficiency * 100, 1))),
            (self.tr("Published maximum"), self.published(b)),
            (self.tr("PSUs"), f"{b.psu_count} x {n(b.psu_unit_w)} W, {b.redundancy.value}"),
            (self.tr("Usable under policy"), self.tr("{usable} W ({margin} W margin)").format(
                usable=n(b.usable_w), margin=n(b.usable_w - b.load_w, sign=True))),
            (self.tr("Heat"), f"{n(b.heat_btu_hr)} BTU/hr"),
            (self.tr("Heat to liquid / to air"), "{} W / {} W".format(*map(n, h.shown_w()[1:]))),
            (self.tr("Airflow needed"), self.tr("{cfm} CFM for the air share at a {rise} K rise").format(
                cfm=n(h.airflow_cfm), rise=n(h.air_delta_t_c))),
            *self.coolant_rows(h),
            (self.tr("Cooling capacity"), unknown if b.cooling_capacity_w is None else
             self.tr("{capacity} W ({how}, {confidence})").format(
                 capacity=n(b.cooling_capacity_w),
                 how=self.tr("published") if b.cooling_capacity_published else self.tr("derived"),
                 confidence=i18n.confidence_label(b.cooling_confidence, short=True))),
            (self.tr("Cooling headroom"), unknown if headroom is None else f"{n(headroom, sign=True)} W"),
            (self.tr("Assumed figures"), self.tr("{count} lines").format(count=len(b.assumed_lines))),
        ]
        self.numbers.setToolTip("; ".join(map(render, h.assumptions)))  # where the heat split comes from (or assumed)
        self.numbers.setText("<table width='100%'>" + "".join(f"<tr><td>{k}</td><td align=right><b>{v}</b></td></tr>"
                                                 for k, v in rows) + "</table>")
        def build(figure: Any) -> None:
            from designer.export.charts import power_figure  # noqa: PLC0415 (matplotlib when first drawn)

            power_figure(design, self.catalog, fig=figure)

        self.chart.draw(build)


    def published(self, b: PowerBudget) -> str:
        """The vendor's maximum; where the fan term is derived from it, shown as calibration, not agreement."""
        if b.published_max_w is None:
            return self.tr("none published")
        n = i18n.format_number
        text = (self.tr("{maximum} W, calibration point (fan term derived from it; computed {gap}%)")
                if b.published_is_calibration else self.tr("{maximum} W (computed {gap}%)"))
        return text.format(maximum=n(b.published_max_w), gap=n((round(b.published_gap or 0, 3) + 0) * 100, 1,
                                                              sign=True))

    def coolant_rows(self, h: HeatBalance) -> list[tuple[str, str]]:
        if h.coolant_flow_l_min is None:
            return []
        rise = (self.tr("{rise} K rise (assumed)") if h.coolant_delta_t_assumed else self.tr("{rise} K rise")).format(
            rise=i18n.format_number(h.coolant_delta_t_k or 0))
        return [(self.tr("Coolant flow"), self.tr("{flow} L/min of water at a {rise}").format(
            flow=i18n.format_number(h.coolant_flow_l_min, 1), rise=rise))]


class BomPanel(QWidget):
    HEADERS = [str(QT_TRANSLATE_NOOP("BomPanel", "Part")), str(QT_TRANSLATE_NOOP("BomPanel", "Kind")),
               str(QT_TRANSLATE_NOOP("BomPanel", "Qty")), str(QT_TRANSLATE_NOOP("BomPanel", "Unit power (W)")),
               str(QT_TRANSLATE_NOOP("BomPanel", "Total power (W)")), str(QT_TRANSLATE_NOOP("BomPanel", "Source"))]

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
        from designer.export.spec import bom_lines  # noqa: PLC0415 (the export package: after the first paint)

        return [[b.name, render(PART_KIND[b.kind]) if b.kind in PART_KIND else b.kind, b.quantity, b.unit_power_w,
                 b.total_power_w, b.source] for b in bom_lines(design, self.catalog)]

    def set_design(self, design: Design) -> None:
        rows = self.rows(design)
        self.table.setSortingEnabled(False)
        self.table.setColumnCount(len(self.HEADERS))
        self.table.setHorizontalHeaderLabels(self.headers())
        self.table.setRowCount(len(rows))
        for i, row in enumerate(rows):
            for j, value in enumerate(row):
                number = isinstance(value, int | float) and not isinstance(value, bool)
                self.table.setItem(i, j, NumberItem(value) if number else QTableWidgetItem(str(value)))
        self.table.setSortingEnabled(True)
        self.table.resizeColumnsToContents()

    @staticmethod
    def headers() -> list[str]:
        return [QCoreApplication.translate("BomPanel", h) for h in BomPanel.HEADERS]

    def cell_text(self, row: int, column: int) -> str:
        """What a copy puts on the clipboard: plain numbers (5600, not 5,600) so spreadsheets read them."""
        item = self.table.item(row, column)
        if isinstance(item, NumberItem):
            return f"{item.value:.10g}"
        return item.text() if item is not None else ""

    def copy(self) -> str:
        """Copy the selected rows (or all) as tab-separated text."""
        rows = sorted({i.row() for i in self.table.selectedIndexes()}) or list(range(self.table.rowCount()))
        lines = ["\t".join(self.headers())]
        lines += ["\t".join(self.cell_text(r, c) for c in range(self.table.columnCount())) for r in rows]
        text = "\n".join(lines)
        QGuiApplication.clipboard().setText(text)
        return text
