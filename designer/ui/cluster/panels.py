"""The cluster window's BOM and Power tabs, filled from a PlanAnalysis (one per plan revision)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QFrame,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.cluster.racks import FeedCheck
from designer.core.electrical import btu_per_hr
from designer.core.locale import render
from designer.ui.cluster.view_data import PlanAnalysis, RackData

Index = QModelIndex | QPersistentModelIndex


class ClusterBomPanel(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels([self.tr("Category"), self.tr("Part"), self.tr("Name"),
                                              self.tr("Quantity"), self.tr("Where")])
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.table)

    def show_analysis(self, analysis: PlanAnalysis) -> None:
        self.table.setRowCount(len(analysis.bom))
        for row, line in enumerate(analysis.bom):
            cells = (line.category, line.part, line.name, f"{line.quantity:,}", render(line.where))
            for col, value in enumerate(cells):
                item = QTableWidgetItem(value)
                if col == 3:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()


class RackTableModel(QAbstractTableModel):
    """One row per rack (hundreds at 64 SU): cells are formatted when shown, never made in advance."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[RackData, FeedCheck]] = []
        self.headers = [self.tr("Rack"), self.tr("Role"), self.tr("Power (kW)"), self.tr("BTU/hr"),
                        self.tr("Load of limit"), self.tr("Feed load"), self.tr("Feed load, one feed lost")]

    def set_rows(self, rows: list[tuple[RackData, FeedCheck]]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt override)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008 (Qt override)
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt override)
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.headers[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        rack, feed = self.rows[index.row()]
        roles = {"compute": self.tr("compute"), "network": self.tr("network"), "management": self.tr("management")}
        return (rack.name, roles.get(rack.role, rack.role), f"{rack.watts / 1000:,.1f}",
                f"{btu_per_hr(rack.watts):,.0f}", f"{rack.load:.0%}", f"{feed.normal_load:.0%}",
                f"{feed.after_loss_load:.0%}")[index.column()]


class ClusterPowerPanel(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.totals = QLabel()
        self.totals.setWordWrap(True)
        self.model = RackTableModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.totals)
        layout.addWidget(self.table, 1)

    def show_analysis(self, analysis: PlanAnalysis) -> None:
        info = analysis.info
        p, f, k = info["power"], info["feeds"], info["cooling"]
        self.totals.setText(self.tr(
            "IT {it} kW, facility {facility} kW at PUE {pue}; largest rack {largest} kW. Feeds: {feeds} per rack of "
            "{feed} kW each ({policy}); worst load {load}, {after} with one feed lost (rack {rack}). Heat: {air} kW "
            "to air, {liquid} kW to liquid; coolant {flow} L/min; {cdus} CDU(s); {tons} tons of cooling.").format(
            it=f"{p['it_w'] / 1000:,.1f}", facility=f"{p['facility_w'] / 1000:,.1f}", pue=f"{p['pue']:g}",
            largest=f"{p['max_rack_w'] / 1000:,.1f}", feeds=f["feeds_per_rack"],
            feed=f"{f['feed_capacity_w'] / 1000:,.1f}", policy=f["ab_policy"].upper(), load=f"{f['max_load']:.0%}",
            after=f"{f['max_load_after_loss']:.0%}", rack=f["worst_rack"], air=f"{k['heat_to_air_w'] / 1000:,.1f}",
            liquid=f"{k['heat_to_liquid_w'] / 1000:,.1f}", flow=f"{k['coolant_flow_l_min']:,.1f}", cdus=k["cdus"],
            tons=f"{k['cooling_tons']:,.1f}"))
        self.model.set_rows(list(zip(analysis.racks, analysis.model.feeds, strict=True)))


COST_CHART_MIN_H = 210  # px: the cost tab's two bar charts, each label on its own line

class ClusterCostPanel(QWidget):
    """Capital, yearly cost and cost per GPU-hour of the plan (shipped price book, the plan's PUE), with the
    breakdown drawn by designer.cost.chart; every figure resting on an estimate says so."""

    def __init__(self) -> None:
        super().__init__()
        from designer.ui.panels.chart import LazyChart  # noqa: PLC0415

        self.totals = QLabel()
        self.totals.setWordWrap(True)
        self.chart = LazyChart()
        # seven to nine bars a chart need about 200 px to be read: in a short dock (1366 x 768) they were squeezed
        # into 55 px with their labels overlapping; now the charts keep their height and the tab scrolls
        self.chart.setMinimumHeight(COST_CHART_MIN_H)
        scroll = QScrollArea()
        scroll.setWidget(self.chart)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.totals)
        layout.addWidget(scroll, 1)

    def _book(self, origin: str) -> str:
        """The price book in words: 'the shipped book', or it and the user's file over it."""
        shipped = self.tr("the shipped book")
        return shipped if origin == "shipped" else origin.replace("shipped", shipped, 1)

    def show_analysis(self, analysis: PlanAnalysis) -> None:
        c, p = analysis.cost, analysis.cost["params"]
        est = self.tr(" (estimated)") if c["capital_estimated"] else ""
        self.totals.setText(self.tr(
            "Capital US${capital} million{est}, of which US${estimated} million from estimates; yearly cost "
            "US${yearly} million; US${hour} per GPU-hour at {util} utilisation, PUE {pue}, US${kwh}/kWh; {energy} "
            "MWh a year (prices: {book}).").format(book=self._book(c["price_book"]),
            capital=f"{c['capital_usd'] / 1e6:,.1f}", est=est, estimated=f"{c['estimated_capital_usd'] / 1e6:,.1f}",
            yearly=f"{c['yearly_usd'] / 1e6:,.2f}", hour=f"{c['usd_per_gpu_hour']:.2f}",
            util=f"{p['utilisation']:.0%}", pue=f"{p['pue']:g}", kwh=f"{p['electricity_usd_kwh']:g}",
            energy=f"{c['energy_kwh_per_year'] / 1000:,.0f}"))
        if c.get("price_book_error"):
            self.totals.setText(self.totals.text() + "\n" + self.tr("Your price book was not used: {reason}").format(
                reason=c["price_book_error"]))
        labels = {"capital": self.tr("Capital by category (US$ million)"),
                  "yearly": self.tr("Yearly cost by term (US$ million)"),
                  "estimated": self.tr("estimated: prices from the price book's estimates")}
        names = {"nodes": self.tr("nodes"), "switch": self.tr("switches"), "cable": self.tr("cables"),
                 "transceiver": self.tr("transceivers"), "pdu": self.tr("PDUs"), "rack": self.tr("racks"),
                 "cdu": self.tr("CDUs"), "it_depreciation": self.tr("IT depreciation"),
                 "it_interest": self.tr("IT interest"), "it_maintenance": self.tr("IT maintenance"),
                 "facility_depreciation": self.tr("facility depreciation"),
                 "facility_interest": self.tr("facility interest"),
                 "facility_operation": self.tr("facility operation"), "energy": self.tr("energy")}

        def build(fig: Any) -> None:
            from designer.cost.chart import draw_cost  # noqa: PLC0415 (matplotlib only when drawn)

            draw_cost(fig, c, labels, names)

        self.chart.draw(build)
