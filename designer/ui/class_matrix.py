"""The Compare window's "Topology classes" tab: one design's GPU x GPU and GPU x NIC class matrices
(nvidia-smi topo -m terms), the design picked from a list. It only shows what `comparison()` computed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget


class ClassMatrixView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: dict | None = None
        self.design_box = QComboBox()
        self.gpu_table = QTableWidget()
        self.nic_table = QTableWidget()
        self.summary = QLabel()
        top = QHBoxLayout()
        top.addWidget(QLabel("Design:"))
        top.addWidget(self.design_box, 1)
        tables = QHBoxLayout()
        for title, table in (("GPU x GPU", self.gpu_table), ("GPU x NIC", self.nic_table)):
            col = QVBoxLayout()
            col.addWidget(QLabel(title))
            col.addWidget(table)
            tables.addLayout(col, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(tables, 1)
        layout.addWidget(self.summary)
        self.design_box.currentIndexChanged.connect(self.show_design)

    def set_data(self, data: dict) -> None:
        self.data = data
        self.design_box.blockSignals(True)
        self.design_box.clear()
        self.design_box.addItems(data["designs"])  # plain text items: a name never becomes markup
        self.design_box.blockSignals(False)
        self.show_design(0)

    def show_design(self, index: int) -> None:
        if self.data is None or not 0 <= index < len(self.data["topology"]):
            return
        topo = self.data["topology"][index]
        gpus = [g.upper() for g in topo["gpus"]]
        fill_matrix(self.gpu_table, gpus, gpus, topo["gpu_matrix"])
        fill_matrix(self.nic_table, gpus, [n.upper() for n in topo["nics"]], topo["gpu_nic_matrix"])
        pairs = ", ".join(f"{k} x{v}" for k, v in sorted(topo["gpu_pair_classes"].items())) or "-"
        self.summary.setText(f"GPU pairs by class: {pairs}")


def fill_matrix(table: QTableWidget, rows: list[str], cols: list[str], cells: list[list[str]]) -> None:
    table.clear()
    table.setRowCount(len(rows))
    table.setColumnCount(len(cols))
    table.setVerticalHeaderLabels(rows)
    table.setHorizontalHeaderLabels(cols)
    mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    for r, row in enumerate(cells):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            item.setFont(mono if text != "X" else QFont(mono.family(), mono.pointSize(), QFont.Weight.Bold))
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()
