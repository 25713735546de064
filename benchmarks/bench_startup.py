"""Start-up: from launching the process to a rendered window, the app against a bare PySide6 window with the
same docks (menus, a toolbar, a canvas view, three docks, a tab widget, a status bar) and nothing else.

Each is started RUNS times in a fresh interpreter, offscreen, after one warm-up start that writes Python's
bytecode cache (as a user's second start has it); the time is the process's wall time up to the first grab of
the shown window. Run: .venv/bin/python benchmarks/bench_startup.py [RUNS]
"""

from __future__ import annotations

import os
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


def once(script: str) -> float:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": tempfile.mkdtemp()}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as on a user's machine: bytecode is cached after the first start
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", script, repr(t0)], capture_output=True, text=True, env=env,
                         timeout=120, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    once(BARE)  # warm the file cache
    once(APP)
    bare = [once(BARE) for _ in range(runs)]
    app = [once(APP) for _ in range(runs)]
    b, a = statistics.median(bare), statistics.median(app)
    print(f"bare PySide6 window with the same docks: median {b:.2f} s ({min(bare):.2f}-{max(bare):.2f})")
    print(f"GPU Node Designer, DGX H100 design:      median {a:.2f} s ({min(app):.2f}-{max(app):.2f})")
    print(f"ratio: {a / b:.1f}x")


if __name__ == "__main__":
    main()
