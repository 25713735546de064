"""The rule check and key figures of a large design, off the GUI thread.

An edit's analysis (rule check, markers, status figures) takes a few milliseconds on an 8-GPU node and tens of
milliseconds on a 72-GPU rack when the wiring changed (benchmarks/bench_rules.py): more than a frame. For
designs above `WORKER_MIN_LINKS` links the window computes the Analysis on the thread pool, as the Performance
panel runs its simulation, and shows it when it comes back; an analysis overtaken by a newer revision is
dropped. Smaller designs are analysed at once on the GUI thread (nothing to wait for).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot

from designer.analysis import Analysis
from designer.core.errors import DesignerError

# About a frame's worth of rule checking (16 ms) on the 2-core reference machine; 8-GPU nodes have 11-81 links,
# a GB200 NVL72 rack 1,584.
WORKER_MIN_LINKS = 400


def needs_worker(analysis: Analysis) -> bool:
    return len(analysis.design.links) >= WORKER_MIN_LINKS


# A finished job is not freed inside the slot of its own signal (that would delete the signal's sender during its
# delivery, and the QRunnable while its worker thread may still be returning from run()): it waits among the last
# RETIRED_KEPT finished jobs. The slots receiving these cross-thread signals are declared with @Slot (PySide6 issue
# PYSIDE-3124). Neither stopped the garbage collector's crash on worker threads (see designer.ui.qt_guard).
RETIRED_KEPT = 8


class _Signals(QObject):
    done = Signal(int, object)  # generation, the Analysis with its report and figures computed


class AnalysisJob(QRunnable):
    def __init__(self, generation: int, analysis: Analysis, current: Callable[[], int]) -> None:
        super().__init__()
        self.generation, self.analysis, self.current = generation, analysis, current
        self.signals = _Signals()

    def run(self) -> None:
        if self.current() != self.generation:  # overtaken by a newer revision before it started: no work
            self.signals.done.emit(self.generation, self.analysis)
            return
        try:
            self.analysis.markers  # noqa: B018 (the rule report, through the markers)
            self.analysis.figures  # noqa: B018
        except Exception:  # noqa: BLE001 (the GUI thread repeats the work and shows the error there)
            pass
        self.signals.done.emit(self.generation, self.analysis)


class _Reply(QObject):
    done = Signal(int, object, str)  # generation, result or None, error


class PanelJob(QRunnable):
    """One request of a panel that works off the GUI thread (the Performance panel's simulation, the Workload panel's
    layout search): runs `work` unless the panel's newest generation (`current`) overtook it before it started, and
    always reports back: its result, or None with the error (`failed` names the work for an unexpected one)."""

    def __init__(self, generation: int, work: Callable[[], object], current: Callable[[], int], failed: str) -> None:
        super().__init__()
        self.generation, self.work, self.current, self.failed = generation, work, current, failed
        self.signals = _Reply()

    def run(self) -> None:
        if self.current() != self.generation:
            self.signals.done.emit(self.generation, None, "superseded")  # dropped by the panel unread
            return
        try:
            self.signals.done.emit(self.generation, self.work(), "")
        except DesignerError as exc:
            self.signals.done.emit(self.generation, None, str(exc))
        except Exception as exc:  # noqa: BLE001 (a worker must always report back)
            self.signals.done.emit(self.generation, None, f"{self.failed}: {exc.__class__.__name__}: {exc}")


class BackgroundAnalysis(QObject):
    """Runs analyses on the global thread pool and hands the still-current one to `show` on the GUI thread."""

    def __init__(self, show: Callable[[Analysis], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.show = show
        self.pool = QThreadPool(self)  # its own thread: never queued behind the Performance panel's simulations
        self.pool.setMaxThreadCount(1)
        self.generation = 0
        self._jobs: dict[int, AnalysisJob] = {}
        self._retired: deque[object] = deque(maxlen=RETIRED_KEPT)  # finished jobs, released later
        self.closed = False

    @property
    def pending(self) -> bool:
        return bool(self._jobs)

    def start(self, analysis: Analysis) -> None:
        self.generation += 1
        job = AnalysisJob(self.generation, analysis, lambda: self.generation)
        job.setAutoDelete(False)
        self._jobs[self.generation] = job  # keep the job (and its signal object) alive until it reports
        job.signals.done.connect(self._done, Qt.ConnectionType.QueuedConnection)
        self.pool.start(job)

    @Slot(int, object)
    def _done(self, generation: int, analysis: Analysis) -> None:
        self._retired.append(self._jobs.pop(generation, None))  # freed later: see RETIRED_KEPT
        if generation == self.generation and not self.closed:
            self.show(analysis)

    def shut_down(self) -> None:
        """No more results; wait (bounded) for the jobs under way so none reports into a closed window."""
        self.closed = True
        self.generation += 1
        self.pool.waitForDone(5000)
