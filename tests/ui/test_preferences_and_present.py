"""Preferences (theme, autosave interval, bandwidth view) made through the dialog, and presentation mode."""

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from shiboken6 import isValid
from ui_harness.gestures import ScriptedUser, settle

from designer.ui.preferences import PreferencesDialog
from designer.ui.present import PresentWindow
from designer.ui.theme import apply_theme


def test_preferences_made_in_the_dialog_take_effect(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    app = QApplication.instance()

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, PreferencesDialog):
            QTimer.singleShot(20, fill)
            return
        user.choose(dialog.theme, "dark")
        user.choose(dialog.bandwidth, "bidirectional")
        user.type_into(dialog.autosave, "45")
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)

    try:
        QTimer.singleShot(0, fill)
        user.key(Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)  # Edit > Preferences (Ctrl+,)
        settle()
        assert window.prefs.theme == "dark" and window.prefs.autosave_s == 45
        assert window.files.timer.interval() == 45_000
        assert app.palette().color(QPalette.ColorRole.Window).lightness() < 80
        assert "per GPU bidirectional" in window.totals.text() and "900 GB/s" in window.totals.text()
    finally:
        apply_theme(app, "light")  # the palette is the application's: leave it as the other tests expect


def test_a_bad_settings_value_falls_back_to_the_default(make_window):
    window = make_window("dgx-h100")
    window.settings.setValue("prefs/autosave_s", "soon")
    window.settings.setValue("prefs/theme", "purple")
    assert window.prefs.autosave_s == 30 and window.prefs.theme == "system"


def test_presentation_mode_switches_designs_and_fails_parts_live(make_window):
    window = make_window("dgx-h100")
    before = window.document.design
    ScriptedUser(window).key(Qt.Key.Key_F5)
    present = window.presenter
    assert isinstance(present, PresentWindow) and present.isVisible() and present.isFullScreen()
    figures = {present.values[i][0].text(): present.values[i][1].text() for i in range(5)}
    assert figures["Scale-up per GPU"] == "450 GB/s per direction"
    QTest.keyClick(present, Qt.Key.Key_P)  # fail one switch plane: a quarter of the scale-up bandwidth goes
    degraded = {present.values[i][0].text(): present.values[i][1].text() for i in range(5)}
    assert degraded["Scale-up per GPU"] != figures["Scale-up per GPU"]
    assert float(degraded["AllReduce busbw, 1 GiB"].split()[0].replace(",", "")) < float(
        figures["AllReduce busbw, 1 GiB"].split()[0].replace(",", ""))
    QTest.keyClick(present, Qt.Key.Key_Right)  # the next design: the first reference design
    assert present.index == 1 and present.title.text() != before.meta.name
    QTest.keyClick(present, Qt.Key.Key_Escape)
    settle()
    assert not isValid(present)  # closed and deleted (later, never inside its own key event)
    assert window.document.design is before  # presenting never edits the open design
