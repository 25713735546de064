import os
import subprocess
import sys

import pytest
from PySide6.QtCore import QSettings

from designer.document.document import Document
from designer.ui.main_window import MainWindow

HARNESS_PATH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # tests/: the ui_harness package


@pytest.fixture(scope="package", autouse=True)
def gui_thread_collector():
    """The windows turn the automatic garbage collector off and collect on the GUI thread (designer.ui.qt_guard);
    at the end of the UI tests collection goes back to the interpreter for the tests that follow in the process."""
    yield
    from designer.ui.qt_guard import release_collector

    release_collector()


@pytest.fixture
def make_window(qtbot, catalog, design_of, tmp_path):
    windows = []

    def make(template="dgx-h100", state=None):
        doc = Document(design_of(template), catalog)
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(doc, catalog, settings, state or tmp_path / "state")
        # pytest-qt closes the windows before fixtures finish: never ask about unsaved work then
        window.files.confirm_discard = lambda: True
        qtbot.addWidget(window)
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        windows.append(window)
        return window

    return make


@pytest.fixture(autouse=True)
def no_modal_dialogs(monkeypatch):
    """A modal dialog would block an offscreen test run: unexpected ones fail the test instead."""
    from PySide6.QtWidgets import QInputDialog, QMessageBox

    from designer.ui import text_dialog

    def unexpected(*args, **kwargs):
        raise AssertionError(f"unexpected modal dialog: {args[1:3]}")

    for name in ("question", "warning", "information", "critical", "about"):
        monkeypatch.setattr(QMessageBox, name, unexpected)
    monkeypatch.setattr(QInputDialog, "getText", unexpected)
    monkeypatch.setattr(text_dialog, "ask_text", lambda *args, **kwargs: unexpected(None, *args))


@pytest.fixture
def run_app(tmp_path):
    """Run a script that starts the real app (`run`) in a fresh interpreter, offscreen, with its own state and
    settings folders; it must exit 0 and print nothing on stderr. Returns what it printed."""

    def run_script(script: str, *args: str) -> str:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "GPU_DESIGNER_STATE_DIR": str(tmp_path / "state"),
               "XDG_CONFIG_HOME": str(tmp_path / "config"),
               "PYTHONPATH": os.pathsep.join(filter(None, [HARNESS_PATH, os.environ.get("PYTHONPATH")]))}
        done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=120,
                              env=env)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        return done.stdout

    return run_script
