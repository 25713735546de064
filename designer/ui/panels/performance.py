"""Performance: busbw against message size (matplotlib), an nccl-tests table, bottleneck, what-if.

The simulation runs on a worker thread; results from an older design are dropped.
"""

from __future__ import annotations

from collections import deque
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, QThreadPool, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QProgressBar,
    QSpinBox,
    QSplitter,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from designer.core.labels import COLLECTIVE_LABELS
from designer.core.locale import render
from designer.core.units import format_bytes
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.simulation import COLLECTIVES, SimConfig, SimResult, simulate
from designer.simulation.collectives import ALGORITHMS
from designer.ui.analysis_job import RETIRED_KEPT, PanelJob
from designer.ui.elided import ElidedLabel
from designer.ui.panels.chart import LazyChart, distinguish_lines
from designer.ui.text import esc
from designer.ui.wheel_guard import guard_wheel

TABLE_SIZES = (8, 1 << 10, 64 << 10, 1 << 20, 16 << 20, 256 << 20, 1 << 30, 16 << 30)


class PerformancePanel(QWidget):
    bottleneck_changed = Signal(set)  # link ids to highlight
    finished = Signal()

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.catalog = catalog
        self.pool = QThreadPool.globalInstance()
        self.generation = 0
        self.design: Design | None = None
        self.result: SimResult | None = None
        self.pick = QToolButton()
        self.pick.setText(self.tr("Collectives"))
        self.pick.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.pick)
        self.checks: dict[str, QAction] = {}
        for c in COLLECTIVES:
            action = menu.addAction(COLLECTIVE_LABELS.get(c, c))
            action.setCheckable(True)
            action.setChecked(c in ("allreduce", "allgather", "reducescatter", "alltoall"))
            self.checks[c] = action
        self.pick.setMenu(menu)
        # the text is centred and the menu arrow drawn in the corner: room for the arrow on both sides, so that the
        # arrow never covers the text's last character in any language (集合通訊 was clipped)
        arrow = self.pick.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, None, self.pick)
        self.pick.setMinimumWidth(self.pick.fontMetrics().horizontalAdvance(self.pick.text()) + 2 * arrow + 8)
        self.nodes = QSpinBox()
        self.nodes.setRange(1, 4096)
        self.nodes.setPrefix(self.tr("nodes: "))
        self.algorithm = QComboBox()
        self.algorithm.addItem(self.tr("auto"), "auto")
        for name in ALGORITHMS:
            self.algorithm.addItem(name, name)
        guard_wheel(self.nodes, self.algorithm)
        self.whatif = QCheckBox(self.tr("What-if: fail the selection"))
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(120)
        self.progress.hide()
        self.status = ElidedLabel()  # one line: the bottleneck, ending in '…' where it does not fit; notes: "Notes"
        self.notes_button = QToolButton()
        self.notes_button.setText(self.tr("Notes"))
        self.notes_button.setCheckable(True)
        self.notes_button.setEnabled(False)
        self.notes = QLabel()
        self.notes.setTextFormat(Qt.TextFormat.RichText)
        self.notes.setWordWrap(True)
        self.notes.hide()
        self.notes_button.toggled.connect(self.notes.setVisible)
        controls = QHBoxLayout()
        for w in (self.pick, self.nodes, self.algorithm, self.whatif, self.progress):
            controls.addWidget(w)
        controls.addWidget(self.status, 1)
        controls.addWidget(self.notes_button)
        self.chart = LazyChart()
        self.table = QTableWidget()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.chart)
        split.addWidget(self.table)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([600, 400])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(controls)
        layout.addWidget(self.notes)
        layout.addWidget(split, 1)
        for action in self.checks.values():
            action.toggled.connect(self.rerun)
        self.nodes.valueChanged.connect(self.rerun)
        self.algorithm.currentIndexChanged.connect(self.rerun)
        self.whatif.toggled.connect(self.rerun)
        self.selection: list[str] = []
        self._jobs: dict[int, PanelJob] = {}
        self._retired: deque[object] = deque(maxlen=RETIRED_KEPT)  # finished jobs, released later

    @property
    def figure(self) -> Any:
        """The chart's matplotlib Figure (None until the chart was first shown)."""
        return self.chart.figure

    def set_design(self, design: Design) -> None:
        self.design = design
        self.rerun()

    def shut_down(self) -> None:
        """No more runs; wait (bounded) for the ones under way so none reports into a closed window."""
        self.design = None
        self.generation += 1
        self.pool.waitForDone(5000)

    def set_selection(self, ids: list[str]) -> None:
        self.selection = ids
        if self.whatif.isChecked():
            self.rerun()

    def config(self) -> SimConfig:
        chosen = tuple(c for c, w in self.checks.items() if w.isChecked()) or ("allreduce",)
        fail = tuple(self.selection) if self.whatif.isChecked() else ()
        return SimConfig(collectives=chosen, nodes=self.nodes.value(), algorithm=str(self.algorithm.currentData()),
                         fail=fail)

    def rerun(self) -> None:
        if self.design is None:
            return
        self.generation += 1
        work = partial(simulate, self.design, self.catalog, self.config())
        job = PanelJob(self.generation, work, lambda: self.generation, "simulation failed")
        job.setAutoDelete(False)
        self._jobs[self.generation] = job  # keep the job (and its signal object) alive until it reports
        job.signals.done.connect(self._done, Qt.ConnectionType.QueuedConnection)
        self.progress.show()
        self.pool.start(job)

    @Slot(int, object, str)
    def _done(self, generation: int, result: SimResult | None, error: str) -> None:
        self._retired.append(self._jobs.pop(generation, None))  # freed later: see RETIRED_KEPT
        if generation != self.generation or self.design is None:
            return  # a newer run is on its way
        self.progress.hide()
        if result is None:
            self.status.setStyleSheet("color: #d32f2f")
            self.status.setText(error)
            self.status.setToolTip(esc(error))
            self.bottleneck_changed.emit(set())
            self.finished.emit()
            return
        self.result = result
        self._chart(result)
        self._table(result)
        last = result.rows[-1] if result.rows else None
        notes = "<br>".join(esc(render(n)) for n in result.notes)
        line = (self.tr("Bottleneck of {collective} at {size} bytes: {link}").format(
            collective=COLLECTIVE_LABELS.get(last.collective, last.collective), size=format_bytes(last.size_bytes),
            link=render(last.bottleneck_msg or last.bottleneck))
                if last and last.has_figures else render(result.reason(last)) if last else "")
        self.status.setStyleSheet("")
        self.status.setText(line)  # plain text, elided where it does not fit; the whole line is in the tooltip
        self.status.setToolTip(f"<qt>{esc(line)}{'<br>' + notes if notes else ''}</qt>")  # rich: '->' stays '->'
        self.notes.setText(notes)
        self.notes_button.setEnabled(bool(notes))
        if not notes:
            self.notes_button.setChecked(False)  # no notes: no empty strip left open above the chart
        self.notes_button.setText(self.tr("Notes ({count})").format(count=len(result.notes)) if result.notes
                                  else self.tr("Notes"))
        self.bottleneck_changed.emit(set(last.bottleneck_link_ids) if last else set())
        self.finished.emit()

    def _chart(self, result: SimResult) -> None:
        def build(figure: Any) -> None:
            from designer.export.charts import busbw_figure  # noqa: PLC0415 (matplotlib when first drawn)

            busbw_figure(result, fig=figure, title=self._chart_title(result))
            axes = figure.axes[0]
            axes.set_ylabel("busbw (GB/s)")  # short enough for a low panel; the table and PDF say GB = 1e9 B
            axes.set_xlabel(self.tr("message size (bytes)"))
            distinguish_lines(axes)

        self.chart.draw(build)

    def _chart_title(self, result: SimResult) -> str:
        if not result.rows:
            return ""
        row = result.rows[0]
        title = self.tr("{gpus} GPUs ({nodes} nodes)") if row.nodes > 1 else self.tr("{gpus} GPUs (1 node)")
        return title.format(gpus=row.gpus, nodes=row.nodes)

    def _table(self, result: SimResult) -> None:
        rows = [r for r in result.rows if r.size_bytes in TABLE_SIZES]
        headers = [self.tr("collective"), self.tr("size (B)"), self.tr("time (us)"), "algbw (GB/s)", "busbw (GB/s)",
                   self.tr("algorithm")]  # algbw and busbw are nccl-tests' own words, kept in every language
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(rows))
        for i, r in enumerate(rows):
            name = COLLECTIVE_LABELS.get(r.collective, r.collective)  # as the Collectives menu names it
            values = ([name, f"{r.size_bytes:,}", f"{r.time_us:,.1f}", f"{r.algbw_GBps:.2f}",
                       f"{r.busbw_GBps:.2f}", f"{r.algorithm}/{r.protocol}"] if r.has_figures else
                      [name, f"{r.size_bytes:,}", "-", "-", render(result.reason(r)), "-"])
            for j, v in enumerate(values):
                cell = QTableWidgetItem(v)
                if j:
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(i, j, cell)
        self.table.resizeColumnsToContents()
