"""The design's fabric failure policy is chosen in the inspector, with undo, and the rule check follows it
(NVIDIA Fabric Manager User Guide: NVSWITCH_FAILURE_MODE=1 disables the switch, 5/6 bandwidth, DGX A100 only)."""

from ui_harness.gestures import ScriptedUser

from designer.model.design import FailurePolicy


def test_choosing_the_a100_degraded_mode_turns_the_switch_failure_into_a_degraded_figure(make_window, qtbot):
    window = make_window("dgx-a100")
    user = ScriptedUser(window)
    window.inspector.show_selection([])
    combo = window.inspector.fields["failure_policy"]
    assert combo.currentData() == FailurePolicy.PLATFORM_DEFAULT
    user.choose(combo, FailurePolicy.FM_DEGRADED)
    assert window.document.design.settings.fabric_failure_policy is FailurePolicy.FM_DEGRADED
    qtbot.waitUntil(lambda: window.report is not None and any(
        "Fabric Manager disables it (NVSWITCH_FAILURE_MODE=1)" in v.message for v in window.report.active),
        timeout=3000)
    assert not [v for v in window.report.violations if v.rule == "resilience.fabric_failure"]
    user.undo()
    assert window.document.design.settings.fabric_failure_policy is FailurePolicy.PLATFORM_DEFAULT
    assert window.inspector.fields["failure_policy"].currentData() == FailurePolicy.PLATFORM_DEFAULT


def test_a_what_if_that_stops_the_nvlink_domain_shows_its_state_in_words(make_window, qtbot):
    """GB200 NVL72 under NMX's full-bandwidth partition (its default): a failed switch chip leaves the partition
    UNHEALTHY, so the Performance panel shows that state where the figures would be, never "nan"."""
    window = make_window("gb200-nvl72")
    with qtbot.waitSignal(window.performance.finished, timeout=20000):
        window.what_if(["nvs0"])  # the canvas's context menu: What-if: fail it
    panel = window.performance
    qtbot.waitUntil(lambda: panel.result is not None and panel.result.failed == ("nvs0",), timeout=20000)
    state = "fabric not operational (policy nmx_full_bandwidth: the full-bandwidth partition is UNHEALTHY, NMX)"
    cells = [[panel.table.item(i, j).text() for j in range(panel.table.columnCount())]
             for i in range(panel.table.rowCount())]
    assert cells and all(row[4] == state and row[2:4] == ["-", "-"] for row in cells)
    assert state in panel.status.text() and "nan" not in panel.status.text().lower()
    panel.figure.canvas.draw()  # the chart draws (no log-scale error on an empty chart) and says why it is empty
    texts = [t.get_text() for t in panel.figure.axes[0].texts]
    assert texts == [state] and not panel.figure.axes[0].get_lines()


def test_the_what_if_state_and_notes_follow_the_interface_language(make_window, qtbot):
    """The same what-if in Traditional Chinese: the failure policy's state and notes are messages rendered in the
    interface's language (designer.core.locale.render), ids kept for the customer-name swap."""
    from PySide6.QtWidgets import QApplication

    from designer.core import i18n
    from designer.ui.i18n import install_translators

    app = QApplication.instance()
    installed = install_translators(app, "zh_TW")
    try:
        window = make_window("gb200-nvl72")
        with qtbot.waitSignal(window.performance.finished, timeout=20000):
            window.what_if(["nvs0"])
        panel = window.performance
        qtbot.waitUntil(lambda: panel.result is not None and panel.result.failed == ("nvs0",), timeout=20000)
        state = "NVLink 互連無法運作（故障策略 nmx_full_bandwidth：全頻寬分區為 UNHEALTHY，NMX）"
        assert state in panel.status.text() and "not operational" not in panel.status.text()
        assert panel.table.item(0, 4).text() == state
        assert panel.notes.text().startswith("nvs0 故障：全頻寬分區變為 UNHEALTHY")
    finally:
        for translator in installed:
            app.removeTranslator(translator)
        i18n.set_language("en")
