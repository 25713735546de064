"""The plan analysis off the GUI thread: a 64-SU plan's racks, rules and BOM take longer than a frame.

Each request carries the plan's revision; a result for an older revision than the latest asked is dropped.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from designer.cluster.plan import ClusterPlan
from designer.core.errors import DesignerError
from designer.model.catalog import Catalog
from designer.ui.analysis_job import RETIRED_KEPT
from designer.ui.cluster.view_data import PlanAnalysis, analyse_plan


class _Signals(QObject):
    done = Signal(int, object, str)  # revision, PlanAnalysis or None, error


class AnalysisJob(QRunnable):
    def __init__(self, plan: ClusterPlan, catalog: Catalog, revision: int, price_book: Path | None = None) -> None:
        super().__init__()
        self.plan, self.catalog, self.revision, self.price_book = plan, catalog, revision, price_book
        self.signals = _Signals()

    def run(self) -> None:
        try:
            self.signals.done.emit(self.revision, analyse_plan(self.plan, self.catalog, self.revision,
                                                                self.price_book), "")
        except DesignerError as exc:
            self.signals.done.emit(self.revision, None, str(exc))


class AnalysisRunner(QObject):
    finished = Signal(object)  # PlanAnalysis of the latest revision asked for
    failed = Signal(str)

    def __init__(self, catalog: Catalog, parent: QObject | None = None, price_book: Path | None = None) -> None:
        super().__init__(parent)
        self.catalog, self.price_book = catalog, price_book
        self.pool = QThreadPool.globalInstance()
        self.latest = -1
        self.busy = False
        self._jobs: dict[int, AnalysisJob] = {}  # kept until done, so their signal objects stay alive
        self._retired: deque[object] = deque(maxlen=RETIRED_KEPT)  # finished jobs, released later

    def request(self, plan: ClusterPlan, revision: int) -> None:
        self.latest = revision
        self.busy = True
        job = AnalysisJob(plan, self.catalog, revision, self.price_book)
        job.setAutoDelete(False)
        job.signals.done.connect(self._done)
        self._jobs[revision] = job
        self.pool.start(job)

    @Slot(int, object, str)
    def _done(self, revision: int, analysis: PlanAnalysis | None, error: str) -> None:
        self._retired.append(self._jobs.pop(revision, None))  # freed later: see RETIRED_KEPT
        if revision != self.latest:
            return
        self.busy = False
        if analysis is None:
            self.failed.emit(error)
        else:
            self.finished.emit(analysis)

    def shut_down(self) -> None:
        self.latest = -2  # whatever is still running is dropped when it ends
        for job in self._jobs.values():
            job.signals.done.disconnect(self._done)
