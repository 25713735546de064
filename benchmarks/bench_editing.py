"""What one edit costs in the app, on the DGX H100 design: canvas update vs a full rebuild, and how often the
topology and the power budget are built per edit (once each: one analysis per revision, shared).

"whole edit" is the time the GUI thread is busy: the push, every listener and the debounced analysis. A large
design (designer.ui.analysis_job.WORKER_MIN_LINKS links or more, e.g. gb200-nvl72) has its rule check and key
figures computed on a worker thread: "analysis shown" is then the time from the edit until its report is on
screen, and the GUI thread stays free meanwhile. "graphs built" counts topologies built from scratch (a label
edit keeps the wiring, so the revision reuses the previous graph: designer.topology.graph.build_topology).

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_editing.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the UI test harness

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from ui_harness.gestures import settle

from designer.document import commands as cmd
from designer.document.changes import diff_designs
from designer.document.document import Document
from designer.model.budget import power_budget
from designer.model.catalog import shipped_catalog
from designer.templates import build_template
from designer.topology import graph
from designer.topology.graph import build_topology

REPEAT = 60


def ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples):6.2f} ms, p90 {sorted(samples)[int(0.9 * len(samples))]:6.2f} ms"


def wait_for_analysis(app, window) -> None:
    """Until a large design's rule check has come back from the worker and is on screen."""
    while window.background.pending:
        app.processEvents()
        time.sleep(0.0005)


def main() -> None:
    app = QApplication.instance() or QApplication(["bench"])
    from designer.ui.application import quiet_platform_messages

    quiet_platform_messages()  # the offscreen platform's notes on what it cannot do
    from designer.ui.main_window import MainWindow

    catalog = shipped_catalog()
    template = sys.argv[1] if len(sys.argv) > 1 else "dgx-h100"  # e.g. gb200-nvl72 for the 72-GPU rack
    design = build_template(template, catalog)
    folder = Path(tempfile.mkdtemp())
    settings = QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Document(design, catalog), catalog, settings, folder)
    window.files.confirm_discard = lambda: True
    window.show()
    settle()
    window.analyse()

    rebuild = []
    for _ in range(REPEAT):
        t0 = time.perf_counter()
        window.scene.show_design(window.document.design)
        rebuild.append((time.perf_counter() - t0) * 1000)

    one, whole, shown, topo_builds, budget_builds, graphs = [], [], [], [], [], []
    for i in range(REPEAT):
        before = window.document.design
        after = cmd.set_component("gpu3", label=f"gpu three {i}").run(before, catalog)
        change = diff_designs(before, after)
        t0 = time.perf_counter()
        window.scene.apply(change)  # the canvas's own update for a one-component change
        one.append((time.perf_counter() - t0) * 1000)
        window.scene.show_design(before)
        t_built, b_built, g_built = build_topology.computed, power_budget.computed, graph.graphs_built[0]
        t0 = time.perf_counter()
        window.document.push(cmd.set_component("gpu3", label=f"gpu three {i}"))  # every listener, synchronously
        window.analyse()  # the debounced analysis: rule check, markers, panels, status bar
        whole.append((time.perf_counter() - t0) * 1000)
        settle()
        topo_builds.append(build_topology.computed - t_built)
        budget_builds.append(power_budget.computed - b_built)
        graphs.append(graph.graphs_built[0] - g_built)

    wait_for_analysis(app, window)
    for i in range(REPEAT):  # edits as a user makes them, one after the other: until the report is on screen
        t0 = time.perf_counter()
        window.document.push(cmd.set_component("gpu3", label=f"gpu {i}"))
        window.analyse()
        wait_for_analysis(app, window)
        shown.append((time.perf_counter() - t0) * 1000)

    print(f"{template} ({len(design.components)} components, {len(design.links)} links), {REPEAT} edits each")
    print(f"  full canvas rebuild (show_design)             {ms(rebuild)}")
    print(f"  canvas update, one component changed (apply)  {ms(one)}")
    print(f"  whole edit: push + listeners + analysis       {ms(whole)}")
    print(f"  analysis shown (worker included)              {ms(shown)}")
    print(f"  topology builds per edit: {sorted(set(topo_builds))} (graphs built: {sorted(set(graphs))}); power "
          f"budget builds per edit: {sorted(set(budget_builds))}")
    window.close()
    app.processEvents()


if __name__ == "__main__":
    sys.exit(main())
