"""Workload: what a training job gets on the open design. Pick a model, the GPUs and a precision; the panel searches
every parallel layout (designer.workload.search) on a worker thread and shows the fastest layout's step as a bar
(compute, bubble and each exposed communication), its MFU, memory, days and dollars, and the next fastest layouts.

The search reruns when the design or a setting changes; results of an older request are dropped.
"""

from __future__ import annotations

from collections import deque
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSignalBlocker, Qt, QThreadPool, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.ui.analysis_job import RETIRED_KEPT, PanelJob
from designer.ui.panels.chart import LazyChart
from designer.ui.text import esc
from designer.ui.wheel_guard import guard_wheel

if TYPE_CHECKING:
    from designer.cluster.plan import ClusterPlan

TOP = 10
PARTS = ("compute_s", "bubble_s", "tp_comm_s", "cp_comm_s", "pp_comm_s", "dp_comm_s", "ep_comm_s")
ABBREVIATIONS = ("TP", "CP", "PP")  # the parallel dimensions' names, the same in every language (as Megatron-LM's)
PART_COLOURS = ("#1a5e8a", "#9e9e9e", "#c62828", "#6a1b9a", "#ef6c00", "#2e7d32", "#00838f")


def _search(source: Design | ClusterPlan, catalog: Catalog, model_id: str, gpus: int, precision: str) -> dict[str, Any]:
    """The panel's request, on a worker thread (Qt-free work: designer.workload.summary)."""
    from designer.cluster.build import ClusterModel  # noqa: PLC0415 (loads with the first search)
    from designer.workload.summary import layouts_on  # noqa: PLC0415

    target = source if isinstance(source, Design) else ClusterModel(source, catalog)
    return layouts_on(target, catalog, model_id, gpus, precision, TOP)


class WorkloadPanel(QWidget):
    finished = Signal()

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        from designer.workload.shapes import shipped_models  # noqa: PLC0415 (a small JSON file)

        self.catalog = catalog
        self.pool = QThreadPool.globalInstance()
        self.generation = 0
        self.design: Design | ClusterPlan | None = None  # a node design, or a cluster plan (its wiring and price)
        self.result: dict[str, Any] | None = None
        self.model = QComboBox()
        self.model.setObjectName("workload.model")
        for m in shipped_models().values():
            self.model.addItem(m.name, m.id)
        self.model.setCurrentIndex(max(0, self.model.findData("llama3-70b")))
        self.gpus = QSpinBox()
        self.gpus.setObjectName("workload.gpus")
        self.gpus.setRange(1, 131072)
        self.gpus.setValue(1024)
        self.gpus.setPrefix(self.tr("GPUs: "))
        self.gpus.setKeyboardTracking(False)  # a search per finished number, not per keystroke
        self.precision = QComboBox()
        self.precision.setObjectName("workload.precision")
        self.precision.addItem("BF16", "bf16")
        self.precision.addItem(self.tr("FP8 (linear layers)"), "fp8")
        guard_wheel(self.model, self.gpus, self.precision)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(120)
        self.progress.hide()
        self.summary = QLabel()
        self.summary.setObjectName("workload.summary")
        self.summary.setTextFormat(Qt.TextFormat.RichText)  # built from escaped text
        self.summary.setWordWrap(True)
        controls = QHBoxLayout()
        for w in (self.model, self.gpus, self.precision, self.progress):
            controls.addWidget(w)
        controls.addStretch(1)
        self.chart = LazyChart()
        self.chart.setMinimumSize(160, 60)  # the summary above it: fits the short dock of a 1024 x 700 window
        self.table = QTableWidget()
        self.table.setObjectName("workload.layouts")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.chart)
        split.addWidget(self.table)
        split.setSizes([450, 550])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(controls)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        self.model.currentIndexChanged.connect(self.rerun)
        self.gpus.valueChanged.connect(self.rerun)
        self.precision.currentIndexChanged.connect(self.rerun)
        self._jobs: dict[int, PanelJob] = {}
        self._retired: deque[object] = deque(maxlen=RETIRED_KEPT)
        self._stale = False

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if self._stale:
            self.rerun()

    def set_design(self, design: Design) -> None:
        self.design = design
        self.rerun()

    def set_plan(self, plan: ClusterPlan, gpus: int) -> None:
        """A cluster plan: the job runs on its wiring, at its price; the GPUs start at the plan's own count."""
        if self.design is None:
            blocker = QSignalBlocker(self.gpus)
            self.gpus.setValue(gpus)
            del blocker
        self.design = plan
        self.rerun()

    def shut_down(self) -> None:
        self.design = None
        self.generation += 1
        self.pool.waitForDone(5000)

    def rerun(self) -> None:
        """Search again, now if the panel is on screen, else when it is next shown (a search in the background
        would compete with editing for the interpreter)."""
        if self.design is None:
            return
        if not self.isVisible():
            self._stale = True
            return
        self._stale = False
        self.generation += 1
        work = partial(_search, self.design, self.catalog, str(self.model.currentData()), self.gpus.value(),
                       str(self.precision.currentData()))
        job = PanelJob(self.generation, work, lambda: self.generation, "search failed")
        job.setAutoDelete(False)
        self._jobs[self.generation] = job
        job.signals.done.connect(self._done, Qt.ConnectionType.QueuedConnection)
        self.progress.show()
        self.pool.start(job)

    @Slot(int, object, str)
    def _done(self, generation: int, result: dict[str, Any] | None, error: str) -> None:
        self._retired.append(self._jobs.pop(generation, None))
        if generation != self.generation or self.design is None:
            return
        self.progress.hide()
        self.result = result
        if result is None:
            self.summary.setText(f"<span style='color:#d32f2f'>{esc(error)}</span>")
            self._fill([])
            self.chart.draw(lambda figure: None)  # no step: the last design's bar is not left beside the message
        elif not result["rows"]:
            self.summary.setText(esc(self.tr("No layout of {model} fits on {gpus} GPUs of this design ({n} tried): "
                                             "more GPUs, or GPUs with more memory.").format(
                model=result["model"], gpus=f"{result['gpus']:,}", n=f"{result['evaluated']:,}")))
            self._fill([])
            self.chart.draw(lambda figure: None)
        else:
            self._show(result)
        self.finished.emit()

    def _show(self, result: dict[str, Any]) -> None:
        best = result["rows"][0]
        lay = best["layout"]
        text = self.tr("Best of {n} layouts ({fit} fit): TP {tp} x PP {pp} x DP {dp} x CP {cp}, micro-batch {mb}, "
                       "recompute {rc}, ZeRO {zero}. Step {step} s, MFU {mfu}, {mem} GiB per GPU. {model} on "
                       "{tokens} tokens (20 per parameter): {days} days, US${cost} (modelled).").format(
            n=f"{result['evaluated']:,}", fit=f"{result['fitting']:,}", tp=lay["tp"], pp=lay["pp"], dp=lay["dp"],
            cp=lay["cp"], mb=lay["microbatch"], rc=self.recompute_word(lay["recompute"]), zero=lay["zero"],
            step=f"{best['step_time_s']:.3f}", mfu=f"{best['mfu']:.1%}", mem=f"{best['memory_gib_per_gpu']:.1f}",
            model=result["model"], tokens=f"{result['tokens']:,.0f}", days=f"{best['days_to_train']:,.1f}",
            cost=f"{best['cost_usd']:,}")
        if not result.get("validated", True):
            text += " " + self.tr("Not validated for a mixture of experts: the model runs above every published "
                                  "Megatron-Bridge Qwen3 run (see the user guide).")
        self.summary.setText(esc(text))
        self._chart(best["breakdown"])
        self._fill(result["rows"])

    def part_names(self) -> list[str]:
        return [self.tr("compute"), self.tr("bubble"), *ABBREVIATIONS[:3], "DP", "EP"]

    def _chart(self, breakdown: dict[str, float]) -> None:
        names = self.part_names()
        seconds = self.tr("step time (s)")

        def build(figure: Any) -> None:
            axes = figure.add_subplot(111)
            left = 0.0
            for key, name, colour in zip(PARTS, names, PART_COLOURS, strict=True):
                value = breakdown.get(key, 0.0)
                if value > 0:
                    axes.barh([0], [value], left=left, color=colour, label=name)
                    left += value
            axes.set_yticks([])
            # the unit is the legend's title, beside the bar: under the axis it was cut in half in the short
            # Analysis dock of a 1024 x 700 window (about 85 px of chart)
            axes.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=7, frameon=False, title=seconds,
                        title_fontsize=7)

        self.chart.draw(build)

    def recompute_word(self, mode: str) -> str:
        """Activation recomputation in the interface's language (it showed Megatron's 'none' in Chinese)."""
        words = {"none": self.tr("none", "recompute"), "selective": self.tr("selective", "recompute"),
                 "full": self.tr("full", "recompute")}
        return words.get(mode, mode)

    def _fill(self, rows: list[dict[str, Any]]) -> None:
        headers = ["TP", "PP", "DP", "CP", self.tr("micro-batch"), self.tr("recompute"), self.tr("step (s)"), "MFU",
                   self.tr("GiB per GPU"), self.tr("days")]
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(rows))
        for i, r in enumerate(rows):
            lay = r["layout"]
            values = [lay["tp"], lay["pp"], lay["dp"], lay["cp"], lay["microbatch"],
                      self.recompute_word(lay["recompute"]),
                      f"{r['step_time_s']:.3f}", f"{r['mfu']:.1%}", f"{r['memory_gib_per_gpu']:.1f}",
                      f"{r['days_to_train']:,.1f}"]
            for j, v in enumerate(values):
                cell = QTableWidgetItem(str(v))
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(i, j, cell)
        self.table.resizeColumnsToContents()
