"""The window with fresh settings: the canvas gets most of it; panels can be hidden, restored and reset; the
layout, last tab and zoom come back at the next start; the toolbar does not move when Undo's text changes."""

import pytest
from PySide6.QtCore import QSettings, Qt
from ui_harness.gestures import ScriptedUser, settle

from designer.document.document import Document
from designer.ui.main_window import MainWindow
from designer.ui.window_layout import canvas_share


def fresh_window(qtbot, catalog, design_of, tmp_path, size=None, settings=None):
    """A main window shown on these settings; at `size` when one is given, else as the app sizes it."""
    settings = settings or QSettings(str(tmp_path / "fresh.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Document(design_of("dgx-h100"), catalog), catalog, settings, tmp_path / "state")
    window.files.confirm_discard = lambda: True
    qtbot.addWidget(window)
    if size is not None:
        window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    settle()
    return window


@pytest.mark.parametrize(("size", "least"), [((1024, 700), 0.45), ((1600, 1000), 0.55), ((2560, 1440), 0.55)])
def test_the_canvas_gets_most_of_the_window(qtbot, catalog, design_of, tmp_path, size, least):
    window = fresh_window(qtbot, catalog, design_of, tmp_path, size)
    assert (window.width(), window.height()) == size  # no panel forces the window wider than asked
    share = canvas_share(window)
    print(f"\n{size}: canvas {window.view.width()}x{window.view.height()} = {share:.0%} of the window")
    assert share >= least


def test_panels_hide_restore_and_reset_from_the_view_menu(qtbot, catalog, design_of, tmp_path):
    window = fresh_window(qtbot, catalog, design_of, tmp_path, (1600, 1000))
    before = canvas_share(window)
    window.analysis_dock.toggleViewAction().trigger()
    settle()
    assert not window.analysis_dock.isVisible() and canvas_share(window) > before
    window.reset_layout()
    settle()
    assert window.analysis_dock.isVisible() and abs(canvas_share(window) - before) < 0.02


def test_layout_tab_and_zoom_come_back_at_the_next_start(qtbot, catalog, design_of, tmp_path):
    settings = QSettings(str(tmp_path / "kept.ini"), QSettings.Format.IniFormat)
    first = fresh_window(qtbot, catalog, design_of, tmp_path, (1300, 900), settings)
    first.bottom.setCurrentWidget(first.power)
    first.inspector_dock.hide()
    first.view.zoom(1.5)
    zoom = first.view.transform().m11()
    first.close()
    settings.sync()
    second = fresh_window(qtbot, catalog, design_of, tmp_path, (1300, 900), settings)
    qtbot.waitUntil(lambda: abs(second.view.transform().m11() - zoom) < 1e-6, timeout=3000)
    assert second.layout_restored
    assert second.bottom.currentWidget() is second.power
    assert not second.inspector_dock.isVisible()


def test_the_toolbar_does_not_move_when_undo_changes_its_text(qtbot, catalog, design_of, tmp_path):
    window = fresh_window(qtbot, catalog, design_of, tmp_path, (1600, 1000))
    user = ScriptedUser(window)
    connect = window.toolbar.widgetForAction(window.connect_tool)
    before = connect.geometry()
    user.click("nic7")
    user.delete()
    assert window.undo_action.isEnabled() and "Delete" in window.undo_action.text()
    assert "Delete" in window.undo_action.toolTip()
    assert connect.geometry() == before


def test_plus_and_minus_zoom_the_canvas_as_the_readme_says(qtbot, catalog, design_of, tmp_path):
    window = fresh_window(qtbot, catalog, design_of, tmp_path, (1600, 1000))
    user = ScriptedUser(window)
    start = window.view.transform().m11()
    user.key(Qt.Key.Key_Plus, target=window.view)
    assert window.view.transform().m11() > start
    user.key(Qt.Key.Key_Minus, target=window.view)
    user.key(Qt.Key.Key_Minus, target=window.view)
    assert window.view.transform().m11() < start


def _inside(window, area) -> bool:
    frame = window.frameGeometry()
    return area.contains(frame.topLeft()) and area.contains(frame.bottomRight())


def test_a_first_window_fits_the_screen_it_opens_on(qtbot, catalog, design_of, tmp_path):
    # fresh settings, no size asked for: the window is sized to the screen's free area (the offscreen screen is
    # 800x600, smaller than the 1600x1000 the window would like), centred, its status bar on screen
    settings = QSettings(str(tmp_path / "fresh.ini"), QSettings.Format.IniFormat)
    window = fresh_window(qtbot, catalog, design_of, tmp_path, settings=settings)
    area = window.screen().availableGeometry()
    least = window.minimumSizeHint()
    assert window.width() <= max(area.width() * 0.9 + 1, least.width())
    assert window.height() <= max(area.height() * 0.9 + 1, least.height())
    assert _inside(window, area)
    assert window.statusBar().isVisible() and window.rect().contains(window.statusBar().geometry())


def test_saved_geometry_from_a_larger_screen_is_brought_onto_this_one(qtbot, catalog, design_of, tmp_path):
    settings = QSettings(str(tmp_path / "big.ini"), QSettings.Format.IniFormat)
    first = fresh_window(qtbot, catalog, design_of, tmp_path, (2400, 1500), settings)
    first.move(900, 700)  # where a second, larger monitor was
    settle()
    first.close()
    settings.sync()
    second = fresh_window(qtbot, catalog, design_of, tmp_path, settings=settings)
    assert second.layout_restored
    assert _inside(second, second.screen().availableGeometry())


def test_the_canvas_keeps_its_share_when_the_window_is_made_smaller(qtbot, catalog, design_of, tmp_path):
    window = fresh_window(qtbot, catalog, design_of, tmp_path, (1600, 1000))
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.size().width() == 1024)
    settle()
    qtbot.waitUntil(lambda: canvas_share(window) >= 0.45, timeout=2000)


def test_the_sweep_and_compare_windows_fit_the_screen(qtbot, catalog):
    from designer.ui.compare_window import CompareDialog
    from designer.ui.sweep_window import SweepWindow

    for window in (SweepWindow(catalog), CompareDialog(catalog)):
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        assert _inside(window, window.screen().availableGeometry()), type(window).__name__
        window.close()
