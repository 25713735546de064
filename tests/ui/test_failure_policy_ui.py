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
