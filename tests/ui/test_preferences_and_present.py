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


def test_the_site_rack_limit_from_preferences_judges_the_rack_and_the_power_panel_splits_the_heat(make_window):
    """Four air-cooled DGX B200 (4 x 14.3 kW) exceed the 40 kW public default; a site built for 60 kW of air
    accepts them. The Power panel shows heat to liquid and to air, and coolant flow for a liquid design."""
    from designer.document import commands as cmd

    window = make_window("dgx-b200")
    window.document.push(cmd.set_settings(nodes_per_rack=4))
    window.analyse()
    assert "power.rack_density" in {v.rule for v in window.report.active}
    window.prefs.set(rack_air_kw=60.0)
    window.analyse()
    assert "power.rack_density" not in {v.rule for v in window.report.active}
    assert window.prefs.rack_limits.air_w == 60_000
    numbers = window.power.numbers.text()
    assert "Heat to liquid / to air" in numbers and "CFM for the air share at a 20 K rise" in numbers
    assert "Coolant flow" not in numbers  # air-cooled
    window.settings.setValue("prefs/rack_air_kw", "lots")  # a bad value keeps the public default
    assert window.prefs.rack_limits.air_w == 40_000


def test_the_power_panel_gives_a_liquid_design_its_coolant_flow(make_window, qtbot):
    window = make_window("hgx-b200-dlc")
    qtbot.waitUntil(lambda: "Coolant flow" in window.power.numbers.text(), timeout=3000)
    assert "L/min of water at a 10 K rise" in window.power.numbers.text()
    assert "98 %" in window.power.numbers.toolTip()  # where the split comes from (Supermicro's DLC-2 figure)


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
    QTest.keyClick(present, Qt.Key.Key_P)  # fail one NVSwitch: Fabric Manager (NVSWITCH_FAILURE_MODE=0, the
    # default) leaves the fabric uninitialised, so no NVLink and no collective on the node
    degraded = {present.values[i][0].text(): present.values[i][1].text() for i in range(5)}
    assert degraded["Scale-up per GPU"] == "0 GB/s per direction"
    assert degraded["AllReduce busbw, 1 GiB"] == "none: the NVLink domain is down (failure policy)"
    QTest.keyClick(present, Qt.Key.Key_Right)  # the next design: the first reference design
    assert present.index == 1 and present.title.text() != before.meta.name
    QTest.keyClick(present, Qt.Key.Key_Escape)
    settle()
    assert not isValid(present)  # closed and deleted (later, never inside its own key event)
    assert window.document.design is before  # presenting never edits the open design


def test_the_design_rack_limit_typed_in_the_inspector_is_one_undo_step(make_window):
    window = make_window("dgx-b200")
    user = ScriptedUser(window)
    window.document.selection.set([])
    window.inspector.refresh()
    assert window.inspector.target == ("design", "")
    user.type_into(window.inspector.fields["air_limit"], "60")
    assert window.document.design.settings.rack_air_limit_w == 60_000
    user.undo()
    assert window.document.design.settings.rack_air_limit_w is None
    user.redo()
    assert window.document.design.settings.rack_air_limit_w == 60_000
