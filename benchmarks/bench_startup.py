"""Start-up: from launching the process to a rendered window, the app against a bare PySide6 window with the
same docks (menus, a toolbar, a canvas view, three docks, a tab widget, a status bar) and nothing else.

Each is started RUNS times in a fresh interpreter, offscreen, after one warm-up start that writes Python's
bytecode cache (as a user's second start has it); the time is the process's wall time up to the first grab of
the shown window, and the CPU time of the whole process (less moved by other work on a shared machine).
Run: .venv/bin/python benchmarks/bench_startup.py [RUNS]
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

APP = """
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtWidgets import QApplication
app = QApplication(["gpu-designer"])
from designer.ui.application import quiet_platform_messages
quiet_platform_messages()
from designer.document.document import Document
from designer.model.catalog import default_catalog
from designer.templates import build_template
from designer.ui.main_window import MainWindow
catalog = default_catalog()
window = MainWindow(Document(build_template("dgx-h100", catalog), catalog), catalog)
window.resize(1600, 1000)
window.show()
app.processEvents()
window.grab()
print(time.time() - t0)
"""

BARE = """
import sys, time
t0 = float(sys.argv[1])
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QApplication, QDockWidget, QGraphicsScene, QGraphicsView, QLabel, QMainWindow,
                               QTabWidget, QTreeWidget, QWidget)
app = QApplication(["bare"])
window = QMainWindow()
window.setCentralWidget(QGraphicsView(QGraphicsScene()))
for menu in ("File", "Edit", "Tools", "View", "Help"):
    window.menuBar().addMenu(menu)
window.addToolBar("Main").addAction("Undo")
for title, area, widget in (("Components", Qt.DockWidgetArea.LeftDockWidgetArea, QTreeWidget()),
                            ("Inspector", Qt.DockWidgetArea.LeftDockWidgetArea, QWidget()),
                            ("Analysis", Qt.DockWidgetArea.BottomDockWidgetArea, QTabWidget())):
    dock = QDockWidget(title)
    dock.setWidget(widget)
    window.addDockWidget(area, dock)
window.statusBar().addPermanentWidget(QLabel("status"))
window.resize(1600, 1000)
window.show()
app.processEvents()
window.grab()
print(time.time() - t0)
"""


def once(script: str) -> tuple[float, float]:
    """(wall time to the grab, CPU time of the whole process): CPU time moves less when other work shares the
    machine, so both are reported."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": tempfile.mkdtemp()}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as on a user's machine: bytecode is cached after the first start
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", script, repr(t0)], capture_output=True, text=True, env=env,
                         timeout=120, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return float(out.stdout.strip().splitlines()[-1]), cpu


def line(name: str, values: list[float]) -> str:
    return f"{name} median {statistics.median(values):.2f} s ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    once(BARE)  # warm the file cache
    once(APP)
    bare, app = [], []
    for _ in range(runs):  # interleaved: a burst of other work on the machine slows both alike
        bare.append(once(BARE))
        app.append(once(APP))
    for what, i in (("wall time to a rendered window", 0), ("CPU time of the process", 1)):
        b, a = [r[i] for r in bare], [r[i] for r in app]
        print(f"{what}:")
        print(line("  bare PySide6 window with the same docks:", b))
        print(line("  GPU Node Designer, DGX H100 design:     ", a))
        print(f"  ratio: {statistics.median(a) / statistics.median(b):.1f}x")


if __name__ == "__main__":
    main()
