import pytest
from PySide6.QtCore import QSettings

from designer.document.document import Document
from designer.ui.main_window import MainWindow


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

    def unexpected(*args, **kwargs):
        raise AssertionError(f"unexpected modal dialog: {args[1:3]}")

    for name in ("question", "warning", "information", "critical", "about"):
        monkeypatch.setattr(QMessageBox, name, unexpected)
    monkeypatch.setattr(QInputDialog, "getText", unexpected)
