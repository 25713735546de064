"""Guard against a known defect class of the Qt binding: void methods that drop a reference to None.

PySide6-Essentials 6.12.0 on CPython 3.11 loses one reference to `None` on every call of a method that
returns nothing (`setText`, `setZValue`, `setToolTip`, `setSelected`, `setPen`, `QPainter.setPen`...):
measured here, 20 calls of each lose 20 references; 6.11.3 loses none. CPython 3.12 made `None` immortal,
so only 3.11 is hurt: there the interpreter aborts with `Fatal Python error: none_dealloc` once the count
reaches zero, after a few dozen ordinary edits.

The project excludes 6.12.0 in pyproject.toml and tests a locked set (constraints.txt). This guard covers
any other release with the same defect, installed by hand or released later: at start it measures the loss
on a throwaway object and, when there is one, makes `None` immortal the way CPython 3.12 does, by giving
it a reference count that no realistic number of lost references can bring down to zero.
"""

from __future__ import annotations

import ctypes
import gc
import sys

from PySide6.QtCore import QCoreApplication, QObject, QTimer

PROBE_CALLS = 64
IMMORTAL_BOOST = 1 << 40  # a trillion references: ~1,300 lost per edit would need ~8e8 edits to matter

_state: dict[str, int | bool] = {"checked": False, "lost_per_call": 0, "protected": False}


def none_references_lost_per_call() -> int:
    """How many references to None one void binding call loses (0 on a sound binding)."""
    if sys.version_info >= (3, 12):
        return 0  # None is immortal: its count neither falls nor matters
    probe = QObject()
    probe.setObjectName("probe")
    before = sys.getrefcount(None)
    for _ in range(PROBE_CALLS):
        probe.setObjectName("probe")
    lost = before - sys.getrefcount(None)
    return max(0, round(lost / PROBE_CALLS))


def protect_none() -> bool:
    """Measure once; when the binding loses references to None, make None immortal. True when applied."""
    if not _state["checked"]:
        _state["checked"] = True
        lost = none_references_lost_per_call()
        _state["lost_per_call"] = lost
        if lost and sys.implementation.name == "cpython":
            ctypes.c_ssize_t.from_address(id(None)).value += IMMORTAL_BOOST
            _state["protected"] = True
    return bool(_state["protected"])


def binding_report() -> str:
    """One line for Help > About: the binding's version and whether the guard had to act."""
    import PySide6  # noqa: PLC0415

    line = f"PySide6 {PySide6.__version__}, Python {sys.version.split()[0]}"
    if _state["protected"]:
        line += f" (binding defect guarded: {_state['lost_per_call']} reference(s) to None lost per call)"
    return line


# Python's cyclic garbage collector runs in whichever thread happens to allocate past its threshold: the rule check
# of a large design, a simulation, a sweep or a cluster analysis on a worker thread. Traversing the binding's
# wrappers there while the GUI thread is inside Qt (with the interpreter lock released) crashed the interpreter: in
# the UI suite, "Fatal Python error: Segmentation fault ... Garbage-collecting" on a worker thread (a simulation)
# or on the GUI thread during a key press, in about a third of the runs on 2026-12-03, on this stop's code and on
# the code before it. As pyqtgraph does (its GarbageCollector), the automatic collector is turned off and the GUI
# thread collects on a timer, generation by generation when the counts pass the usual thresholds. Reference
# counting still frees everything that is not in a cycle at once; cycles wait at most COLLECT_MS.
COLLECT_MS = 500


class _GuiThreadCollector(QObject):
    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(COLLECT_MS)
        gc.disable()

    def check(self) -> None:
        """Collect what the thresholds ask for, as the automatic collector would, but on this (the GUI) thread."""
        counts = gc.get_count()
        for generation in (2, 1, 0):  # the oldest generation due takes the younger ones with it
            if counts[generation] > self.thresholds[generation]:
                gc.collect(generation)
                return


def collect_on_gui_thread() -> bool:
    """Once per application: the cyclic garbage collector runs only on the GUI thread. True when it is in place."""
    app = QCoreApplication.instance()
    if app is None:
        return False
    if _collector[0] is None:
        _collector[0] = _GuiThreadCollector(app)
    return not gc.isenabled()


def release_collector() -> None:
    """Hand collection back to the interpreter (the UI test package does at its end, so that the unit tests run
    after it in the same process keep the automatic collector)."""
    if _collector[0] is not None:
        _collector[0].timer.stop()
        _collector[0].deleteLater()
        _collector[0] = None
    gc.enable()
    gc.collect()


_collector: list[_GuiThreadCollector | None] = [None]
