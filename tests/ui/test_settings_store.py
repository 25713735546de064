"""GPU_DESIGNER_STATE_DIR keeps the settings apart as it keeps the autosaves (issue 35): preferences, recent files
and the window's layout go to settings.ini in that folder, not to the user's own store."""

from pathlib import Path

from designer.ui.files import app_settings


def test_the_state_folder_holds_the_settings_too(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_DESIGNER_STATE_DIR", str(tmp_path))
    settings = app_settings()
    assert Path(settings.fileName()) == tmp_path / "settings.ini"
    settings.setValue("files/last_folder", str(tmp_path))
    settings.sync()
    assert "last_folder" in (tmp_path / "settings.ini").read_text(encoding="utf-8")
    monkeypatch.delenv("GPU_DESIGNER_STATE_DIR")
    assert Path(app_settings().fileName()) != tmp_path / "settings.ini"  # the platform's own store


def test_the_window_reads_and_writes_that_store(tmp_path, monkeypatch, qtbot):
    from designer.document.document import Document
    from designer.model.catalog import default_catalog
    from designer.templates import build_template
    from designer.ui.main_window import MainWindow

    monkeypatch.setenv("GPU_DESIGNER_STATE_DIR", str(tmp_path))
    catalog = default_catalog()
    window = MainWindow(Document(build_template("dgx-h100", catalog), catalog), catalog, state_folder=tmp_path)
    window.files.confirm_discard = lambda: True
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert Path(window.settings.fileName()) == tmp_path / "settings.ini"
    window.prefs.set(paper="letter")  # what Preferences writes lands in the folder's file
    window.settings.sync()
    assert "letter" in (tmp_path / "settings.ini").read_text(encoding="utf-8")
    window.close()
