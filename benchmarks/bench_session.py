"""A long editing session: 5,000 seeded gestures (drops, drags, multi-drags, swaps, connects, deletes, undo,
redo, renames, save and reopen) made with mouse and key events in one window. Prints time per gesture and
memory, widgets, scene items and Python objects at checkpoints, so growth shows. The 320-gesture version
is a test (tests/ui/test_long_session.py).

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_session.py [GESTURES] [TEMPLATE]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the UI test harness

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from designer.document.document import Document
from designer.model.catalog import shipped_catalog
from designer.templates import build_template


def rss_mb() -> float:
    """Resident memory now (Linux /proc; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def main(argv: list[str]) -> int:
    gestures = int(argv[0]) if argv else 5000
    template = argv[1] if len(argv) > 1 else "dgx-h100"
    app = QApplication.instance() or QApplication(["bench"])
    from designer.ui.application import quiet_platform_messages

    quiet_platform_messages()  # the offscreen platform's notes on what it cannot do
    from ui_harness.long_session import Session, live_counts, replay

    from designer.ui.main_window import MainWindow

    catalog = shipped_catalog()
    folder = Path(tempfile.mkdtemp())
    window = MainWindow(Document(build_template(template, catalog), catalog),
                        catalog, QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat), folder / "state")
    window.files.confirm_discard = lambda: True
    window.resize(1400, 900)
    window.show()
    session = Session(window, folder, seed=11)
    every = max(1, gestures // 10)
    print(f"{template}: {gestures} gestures")
    print(f"{'gestures':>9}{'ms/gesture':>12}{'RSS MB':>9}{'widgets':>9}{'items':>7}{'py objects':>12}")
    t_last, done_last = time.perf_counter(), 0
    started = t_last

    def checkpoint(i: int) -> None:
        nonlocal t_last, done_last
        if (i + 1) % every:
            return
        now = time.perf_counter()
        per = (now - t_last) * 1000 / (i + 1 - done_last)
        counts = live_counts(window)
        print(f"{i + 1:>9}{per:>12.1f}{rss_mb():>9.0f}{counts['widgets']:>9}{counts['scene_items']:>7}"
              f"{counts['py_objects']:>12}", flush=True)
        t_last, done_last = time.perf_counter(), i + 1

    session.run(gestures, every=checkpoint)
    total = time.perf_counter() - started
    same = replay(session.start, catalog, session.log.entries) == window.document.design
    pushes = sum(1 for e in session.log.entries if e[0] == "push")
    print(f"done: {dict(session.done)}; {pushes} edits applied, {session.refused} refused with a reason; "
          f"{total:.0f} s in all; design equals its replay without the UI: {same}")
    window.close()
    app.processEvents()
    return 0 if same and window.document is not None else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
