"""File > Design-Space Search...: ranges of cluster parameters, a run on Dask with progress and cancel, the
trade-off chart (cost per GPU-hour against AllReduce busbw, facility power as colour, the Pareto set drawn
over the rest, the busbw-cost front as a step line), hover for a design's figures, click to open that cluster
plan; the results as a table to sort (click a header), filter (words that every row shown contains; 'pareto'
keeps the Pareto set) and export as CSV (the rows the table shows, in its order).

The window only gathers ranges and shows results: the grid, the evaluation, the runner and the chart are the
Qt-free designer.sweep package, run on a worker thread (a QThread) that reports progress by signal.
"""

from __future__ import annotations

import csv
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from designer.cluster.plan import DEFAULT_PUE, ClusterPlan
from designer.core.errors import DesignerError, one_line
from designer.core.locale import render
from designer.cost.prices import catalog_prices
from designer.model.catalog import Catalog
from designer.sweep.evaluate import COLUMNS, NETWORK_FABRIC, SweepContext, evaluate_chunk, objectives, rank
from designer.sweep.grid import Grid, at_least, one_of, parse_list
from designer.sweep.results import MAX_ROWS_SHOWN, TABLE_COLUMNS, SweepRows, nearest, read_rows, table_order, write_rows
from designer.sweep.run import Cancelled, run_sweep
from designer.templates import TEMPLATES, template_ids, template_title
from designer.ui.panels.chart import LazyChart
from designer.ui.text import plain
from designer.ui.window_layout import fit_to_screen

DEFAULT_NODES = ("dgx-h100", "amd-mi300x")


class SweepWorker(QObject):
    progress = Signal(int, int)
    finished = Signal(str)  # the result file
    failed = Signal(str)  # one line
    cancelled = Signal()

    def __init__(self, grid: Grid, ctx: SweepContext, out: Path, workers: int) -> None:
        super().__init__()
        self.grid, self.ctx, self.out, self.workers = grid, ctx, out, workers
        self.stop = threading.Event()

    @Slot()
    def run(self) -> None:
        try:
            run_sweep(self.grid, evaluate_chunk, self.ctx, self.out, COLUMNS, objectives, rank, workers=self.workers,
                      progress=self.progress.emit, cancel=self.stop)
        except Cancelled:
            self.cancelled.emit()
        except DesignerError as exc:
            self.failed.emit(str(exc))
        except Exception as exc:  # noqa: BLE001 (a worker thread reports; it must not die silently)
            self.failed.emit(f"{exc.__class__.__name__}: {one_line(str(exc))}")
        else:
            self.finished.emit(str(self.out))


class ResultsModel(QAbstractTableModel):
    """The finished sweep's rows as a table: which rows and in which order is designer.sweep.results.table_order's
    answer (the filter words and the sorted column); this class only shows them."""

    def __init__(self, headers: list[str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.headers = headers
        self.rows = SweepRows.empty()
        self.order = np.zeros(0, dtype=int)
        self.text = ""
        self.sorted: tuple[int | None, bool] = (None, False)

    def set_rows(self, rows: SweepRows) -> None:
        self.rows = rows
        self._refresh()

    def set_filter(self, text: str) -> None:
        self.text = text
        self._refresh()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.sorted = (column if column >= 0 else None, order == Qt.SortOrder.DescendingOrder)  # -1: the file's order
        self._refresh()

    def _refresh(self) -> None:
        self.beginResetModel()
        self.order = table_order(self.rows, self.sorted[0], self.sorted[1], self.text)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.order)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(TABLE_COLUMNS)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        column = TABLE_COLUMNS[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        i = int(self.order[index.row()])
        if column.key == "pareto":
            return "\u2713" if self.rows.pareto[i] else ""
        return _cell(column.key, self.rows.rows[i].get(column.key, ""), shown=True)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.headers[section]
        return None

    def row_of(self, i: int) -> int | None:
        """The table row that shows sweep row i (None when the filter hides it)."""
        hits = np.nonzero(self.order == i)[0]
        return int(hits[0]) if len(hits) else None


NETWORK_NAMES = {"ib": "InfiniBand", "roce": "RoCE"}


def node_name(template_id: str) -> str:
    """A node as the app names it ('DGX H100', in the interface's language), not its id ('dgx-h100')."""
    return render(template_title(template_id)) if template_id in TEMPLATES else template_id


def _cell(key: str, value: str, shown: bool = False) -> str:
    """A table cell as the hover line writes the figure; `shown`: in the window's words (the node's name, the
    network's, the oversubscription as a ratio), where the CSV keeps ids."""
    if shown and key == "node":
        return node_name(value)
    if shown and key == "network":
        return NETWORK_NAMES.get(value, value)
    try:
        number = float(value)
    except ValueError:
        return value
    if shown and key == "oversubscription":
        return f"{number:g}:1"
    if key in ("gpus", "capex_usd", "facility_w_per_gpu"):
        return f"{number:,.0f}"
    if key == "tco_usd_per_gpu_hour":
        return f"{number:.3f}"
    if key == "allreduce_busbw_gbytes_s":
        return f"{number:,.1f}"
    return f"{number:g}"


class SweepWindow(QDialog):
    plan_requested = Signal(object)  # a ClusterPlan: the design the user clicked
    finished = Signal()  # a run ended (done, failed or cancelled)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Design-Space Search"))
        self.catalog = catalog
        self.rows = SweepRows.empty()
        self.selected: int | None = None
        self.job_thread: QThread | None = None
        self.worker: SweepWorker | None = None
        self.folder = Path(tempfile.mkdtemp(prefix="gpu-designer-sweep-"))
        self.result_path: Path | None = None
        self._build()
        fit_to_screen(self, 1200, 720)

    # ---- layout
    def _build(self) -> None:
        form = QFormLayout()
        self.nodes = QListWidget()
        self.nodes.setMaximumHeight(150)
        for tid in template_ids():
            item = QListWidgetItem(node_name(tid))  # as the rest of the app names it; the id is the item's data
            item.setData(Qt.ItemDataRole.UserRole, tid)
            item.setToolTip(f"{tid}: {TEMPLATES[tid].description}")
            item.setCheckState(_checked(tid in DEFAULT_NODES))
            self.nodes.addItem(item)
        form.addRow(self.tr("Nodes"), self.nodes)
        self.gpus = QLineEdit("256,1024,4096")
        self.oversubscription = QLineEdit("1,2")
        self.network = QLineEdit(",".join(NETWORK_FABRIC))
        self.electricity = QLineEdit("0.05,0.1")
        self.pue = QLineEdit(f"{DEFAULT_PUE:g}")
        for label, edit in ((self.tr("GPUs"), self.gpus), (self.tr("Oversubscription"), self.oversubscription),
                            (self.tr("Network (ib, roce)"), self.network),
                            (self.tr("Electricity, US$/kWh"), self.electricity), (self.tr("PUE"), self.pue)):
            form.addRow(label, edit)
        self.utilisation = QDoubleSpinBox()
        self.utilisation.setRange(0.01, 1.0)
        self.utilisation.setSingleStep(0.05)
        self.utilisation.setValue(0.8)
        form.addRow(self.tr("Utilisation"), self.utilisation)
        self.workers = QSpinBox()
        self.workers.setRange(1, 64)
        self.workers.setValue(1)
        form.addRow(self.tr("Local processes"), self.workers)
        self.price_book = QLineEdit()
        self.price_book.setPlaceholderText(self.tr("shipped price book"))
        pick = QPushButton(self.tr("Browse..."))
        pick.clicked.connect(self.choose_price_book)
        row = QHBoxLayout()
        row.addWidget(self.price_book)
        row.addWidget(pick)
        form.addRow(self.tr("Price book"), row)
        self.count = QLabel()
        form.addRow(self.tr("Designs"), self.count)
        for edit in (self.gpus, self.oversubscription, self.network, self.electricity, self.pue):
            edit.textChanged.connect(self.update_count)
        self.nodes.itemChanged.connect(self.update_count)

        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.clicked.connect(self.run)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.export_button = QPushButton(self.tr("Export CSV..."))
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self.export_csv)
        buttons = QHBoxLayout()
        for b in (self.run_button, self.cancel_button, self.export_button):
            buttons.addWidget(b)
        for b in (pick, self.run_button, self.cancel_button, self.export_button):
            # no default button: Enter in the results table opens that row's plan, in a field it does nothing (a
            # dialog's first button took it: Enter on a table row opened the price-book file dialog)
            b.setAutoDefault(False)
            b.setDefault(False)
        self.progress = QProgressBar()
        self.status = QLabel()
        self.status.setWordWrap(True)
        left = QWidget()
        lay = QVBoxLayout(left)
        lay.addLayout(form)
        lay.addLayout(buttons)
        lay.addWidget(self.progress)
        lay.addWidget(self.status)
        lay.addStretch(1)

        self._hooked_canvas: Any = None  # the chart's canvas once its hover and click are connected
        self.chart = LazyChart()
        self.hover = QLabel()
        self.hover.setWordWrap(True)
        self.hover.setMinimumHeight(40)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter: words every row shown contains (dgx-h100 roce; pareto)"))
        self.filter.setClearButtonEnabled(True)
        self.model = ResultsModel([self.tr("Node"), self.tr("GPUs"), self.tr("Oversubscription"), self.tr("Network"),
                                   self.tr("US$/kWh"), self.tr("PUE"), self.tr("busbw (GB/s)"),
                                   self.tr("US$ per GPU-hour"), self.tr("W per GPU"), self.tr("Capital (US$)"),
                                   self.tr("Pareto")], self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # the file's order first
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicatorShown(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.selectionModel().currentRowChanged.connect(self._table_row_chosen)
        self.table.activated.connect(lambda index: self.open_plan(int(self.model.order[index.row()])))
        self.filter.textChanged.connect(self._filter_changed)
        self.shown = QLabel()
        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        tl.addWidget(self.chart, 1)
        tl.addWidget(self.hover)
        bottom = QWidget()
        bl = QVBoxLayout(bottom)
        bl.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.filter, 1)
        row.addWidget(self.shown)
        bl.addLayout(row)
        bl.addWidget(self.table, 1)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(top)
        right.addWidget(bottom)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(1, 3)
        QVBoxLayout(self).addWidget(split)
        self.update_count()
        self.redraw()

    # ---- ranges
    def chosen_nodes(self) -> list[str]:
        return [self.nodes.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.nodes.count())
                if self.nodes.item(i).checkState() == _checked(True)]

    def grid(self) -> Grid:
        nodes = ",".join(self.chosen_nodes())
        if not nodes:
            raise DesignerError(self.tr("choose at least one node"))
        return Grid(
            node=parse_list(self.tr("Nodes"), nodes, str, one_of(template_ids(), "node template")),
            gpus=parse_list(self.tr("GPUs"), self.gpus.text(), int, at_least(1)),
            oversubscription=parse_list(self.tr("Oversubscription"), self.oversubscription.text(), float,
                                        at_least(1.0)),
            network=parse_list(self.tr("Network"), self.network.text(), str,
                               one_of(tuple(NETWORK_FABRIC), "network kind")),
            electricity_usd_kwh=parse_list(self.tr("Electricity"), self.electricity.text(), float, at_least(0.0)),
            pue=parse_list(self.tr("PUE"), self.pue.text(), float,
                           lambda v: None if 1.0 <= v <= 5.0 else "must be between 1 and 5"),
        )

    def update_count(self) -> None:
        try:
            n = len(self.grid())
        except DesignerError as exc:
            self.count.setText(plain(str(exc)))
            self.run_button.setEnabled(False)
            return
        self.count.setText(self.tr("{n} designs").format(n=f"{n:,}"))
        self.run_button.setEnabled(self.job_thread is None)

    def choose_price_book(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Price book"), "", self.tr("Price book (*.json)"))
        if name:
            self.price_book.setText(name)

    # ---- running
    def run(self) -> None:
        if self.job_thread is not None:
            return
        try:
            grid = self.grid()
            book = Path(self.price_book.text()) if self.price_book.text().strip() else None
            ctx = SweepContext(catalog_prices(self.catalog, book), self.utilisation.value())
        except DesignerError as exc:
            self.status.setText(plain(str(exc)))
            return
        out = self.folder / "sweep.csv"
        self._show_rows(SweepRows.empty(), None)  # the last run's chart, table and hover go; a cancel leaves none
        self.worker = SweepWorker(grid, ctx, out, self.workers.value())
        self.job_thread = QThread(self)
        self.worker.moveToThread(self.job_thread)
        self.job_thread.started.connect(self.worker.run)
        self.worker.progress.connect(self.on_progress)
        self.worker.finished.connect(self.on_finished)
        self.worker.failed.connect(self.on_failed)
        self.worker.cancelled.connect(self.on_cancelled)
        self.progress.setRange(0, len(grid))
        self.progress.setValue(0)
        self.status.setText(self.tr("Running..."))
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.job_thread.start()

    def cancel(self) -> None:
        if self.worker is not None:
            self.worker.stop.set()
            self.status.setText(self.tr("Cancelling..."))

    @Slot(int, int)
    def on_progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)

    @Slot(str)
    def on_finished(self, path: str) -> None:
        self._end()
        try:
            self.rows = read_rows(Path(path))
        except DesignerError as exc:
            self.status.setText(plain(str(exc)))
            return
        self._show_rows(self.rows, Path(path))
        self.status.setText(self.tr("{n} designs, {p} on the Pareto set. Hover a point for its figures; click it "
                                    "to open that cluster plan (in the table: a row, then Enter).").format(
            n=f"{len(self.rows):,}", p=int(self.rows.pareto.sum())))

    @Slot(str)
    def on_failed(self, message: str) -> None:
        self._end()
        self.progress.setValue(0)
        self.status.setText(plain(self.tr("The sweep failed: {reason}").format(reason=message)))

    @Slot()
    def on_cancelled(self) -> None:
        self._end()
        self.progress.setValue(0)
        self.status.setText(self.tr("Cancelled; nothing was written."))

    def _show_rows(self, rows: SweepRows, path: Path | None) -> None:
        """A run's rows (or none, while a run goes) in the chart and the table."""
        self.rows, self.result_path, self.selected = rows, path, None
        self.hover.clear()
        self.model.set_rows(rows)
        if len(rows):
            self.table.resizeColumnsToContents()
        self._count_shown()
        self.export_button.setEnabled(path is not None)
        self.redraw()

    def _filter_changed(self, text: str) -> None:
        self.model.set_filter(text)
        self._count_shown()

    def _count_shown(self) -> None:
        self.shown.setText(self.tr("{shown} of {total} designs").format(shown=f"{len(self.model.order):,}",
                                                                        total=f"{len(self.rows):,}"))

    def _table_row_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.selected = int(self.model.order[current.row()])
            self.hover.setText(plain(self.describe(self.selected)))
            self.redraw()

    def _end(self) -> None:
        thread, self.job_thread = self.job_thread, None
        if thread is not None:
            thread.quit()
            thread.wait()
        self.worker = None
        self.cancel_button.setEnabled(False)
        self.update_count()
        self.finished.emit()

    def wait(self) -> None:
        if self.job_thread is not None:
            self.job_thread.wait()

    # ---- chart
    def redraw(self) -> None:
        from designer.sweep.chart import draw_pareto  # noqa: PLC0415 (matplotlib only when drawn)

        labels = {"x": self.tr("AllReduce busbw, 1 GiB over all GPUs (GB/s, modelled)"),
                  "y": self.tr("Cost per GPU-hour (US$)"), "colour": self.tr("Facility power per GPU (W)"),
                  "pareto": self.tr("Pareto set"), "others": self.tr("other designs"),
                  "front": self.tr("busbw-cost front"),
                  "empty": self.tr("No designs yet: set the ranges and run the sweep")}

        def build(fig: Any) -> None:
            self.axes = draw_pareto(fig, self.rows, labels, self.selected)

        self.chart.draw(build)
        canvas = self.chart.canvas
        if canvas is not None and canvas is not self._hooked_canvas:  # hover and click wired once per canvas
            canvas.mpl_connect("motion_notify_event", self.on_motion)
            canvas.mpl_connect("button_press_event", self.on_click)
            self._hooked_canvas = canvas

    def row_at(self, event: Any) -> int | None:
        ax = getattr(self, "axes", None)
        if ax is None or event.inaxes is not ax or event.xdata is None or not len(self.rows):
            return None
        x0, x1 = ax.get_xlim()
        y0, y1 = ax.get_ylim()
        i = nearest(self.rows, event.xdata, event.ydata, x1 - x0, y1 - y0)
        if i is None:
            return None
        dx = (self.rows.busbw[i] - event.xdata) / ((x1 - x0) or 1)
        dy = (self.rows.cost[i] - event.ydata) / ((y1 - y0) or 1)
        return i if dx * dx + dy * dy < 0.03 ** 2 else None

    def describe(self, i: int) -> str:
        r = self.rows.rows[i]
        return self.tr("{node}, {gpus} GPUs, oversubscription {over}:1, {net}, US${kwh}/kWh, PUE {pue}: busbw "
                       "{busbw} GB/s, US${cost} per GPU-hour, {watts} W per GPU, capital US${capex}{est}").format(
            node=node_name(r["node"]), gpus=f"{int(r['gpus']):,}", over=f"{float(r['oversubscription']):g}",
            net=NETWORK_NAMES.get(r["network"], r["network"]),
            kwh=f"{float(r['electricity_usd_kwh']):g}", pue=f"{float(r['pue']):g}",
            busbw=f"{float(r['allreduce_busbw_gbytes_s']):,.1f}", cost=f"{float(r['tco_usd_per_gpu_hour']):.3f}",
            watts=f"{float(r['facility_w_per_gpu']):,.0f}", capex=f"{int(r['capex_usd']):,}",
            est=self.tr(" (estimated)") if r["capex_estimated"] == "True" else "")

    def on_motion(self, event: Any) -> None:
        i = self.row_at(event)
        self.hover.setText(plain(self.describe(i)) if i is not None else "")

    def on_click(self, event: Any) -> None:
        i = self.row_at(event)
        if i is None:
            return
        self.selected = i
        row = self.model.row_of(i)
        if row is not None:  # the table follows the chart (without re-entering the chart from its signal)
            self.table.selectionModel().blockSignals(True)
            self.table.selectRow(row)
            self.table.selectionModel().blockSignals(False)
            self.table.scrollTo(self.model.index(row, 0))
        self.redraw()
        self.open_plan(i)

    def open_plan(self, i: int) -> ClusterPlan:
        plan = self.rows.plan(i)
        self.plan_requested.emit(plan)
        return plan

    def export_csv(self) -> None:
        if self.result_path is None:
            return
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Export sweep"), "sweep.csv", self.tr("CSV (*.csv)"))
        if not name:
            return
        target = Path(name)
        if not self.model.text.strip() and len(self.rows) >= MAX_ROWS_SHOWN:  # more rows than the table holds
            self._export_whole(self.result_path, target)
            return
        try:
            with self.result_path.open(newline="", encoding="utf-8") as f:
                columns = tuple(next(csv.reader(f)))
            write_rows(self.rows, self.model.order, target, columns)
        except (OSError, StopIteration) as exc:
            self._cannot_write(target, exc)
            return
        self.status.setText(plain(self.tr("Wrote {file}: {shown} of {total} designs, as the table shows them").format(
            file=one_line(str(target)), shown=f"{len(self.model.order):,}", total=f"{len(self.rows):,}")))

    def _export_whole(self, source: Path, target: Path) -> None:
        """A run larger than the table: the whole result file, every design in the run's order."""
        tmp = target.with_name(f".{target.name}.tmp")
        try:
            shutil.copyfile(source, tmp)
            tmp.replace(target)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            self._cannot_write(target, exc)
            return
        self.status.setText(plain(self.tr("Wrote {file}: every design of the run (more than the table holds)").format(
            file=one_line(str(target)))))

    def _cannot_write(self, target: Path, exc: Exception) -> None:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or "empty result"
        self.status.setText(plain(self.tr("Cannot write {file}: {reason}").format(
            file=one_line(str(target)), reason=one_line(reason))))

    def closeEvent(self, event: Any) -> None:  # noqa: N802 (Qt override)
        self.cancel()
        self.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
        super().closeEvent(event)


def _checked(on: bool) -> Qt.CheckState:
    return Qt.CheckState.Checked if on else Qt.CheckState.Unchecked


def show_sweep(parent: QWidget, catalog: Catalog) -> SweepWindow:
    window = SweepWindow(catalog, parent)
    window.show()
    return window
