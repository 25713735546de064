"""Issue 25 item 2, rough edges outside the canvas: the Problems panel's icons and words agree, and the NVL72's
bottleneck switches are listed in natural order; reproduced with the user's clicks and keys."""

from PySide6.QtCore import Qt
from ui_harness.gestures import ScriptedUser

from designer.ui import text_dialog
from designer.ui.qt_items import top_items
from designer.ui.style import severity_icon

VIOLATION = Qt.ItemDataRole.UserRole


def same_icon(a, b) -> bool:
    return a.pixmap(16, 16).toImage() == b.pixmap(16, 16).toImage()


def group_of(window, rule: str):
    return next(g for g in top_items(window.problems.tree) if g.text(0).startswith(f"{rule}: "))


def analysed(window, qtbot) -> None:
    qtbot.waitUntil(lambda: window.analysis is not None and window.analysis.revision == window.document.revision,
                    timeout=5000)


def test_i_a_rule_line_says_not_met_beside_a_red_icon_and_waived_beside_a_waived_one(make_window, qtbot,
                                                                                    monkeypatch):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    analysed(window, qtbot)
    template_waived = group_of(window, "resilience.fabric_failure")  # waived in the reference design
    assert template_waived.text(0).endswith("\u2014 waived (1)")
    assert same_icon(template_waived.icon(0), severity_icon("waived"))  # was red beside "0 errors"
    assert same_icon(template_waived.child(0).icon(0), severity_icon("waived"))
    for psu in ("psu5", "psu4"):  # 4 PSUs left under the N+2 policy: 2 usable for a 9.8 kW load
        user.click(psu)
        user.delete()
    analysed(window, qtbot)
    group = group_of(window, "power.psu_redundancy")
    assert "PSU redundancy policy met \u2014 not met: 1 error" in group.text(0)  # was "... policy met (1)"
    assert same_icon(group.icon(0), severity_icon("error"))
    monkeypatch.setattr(text_dialog, "ask_text", lambda *a, **k: ("two PSUs on order", True))
    tree = window.problems.tree
    line = group.child(0)
    user.pick_from_menu(lambda: user.right_click(tree.viewport(), tree.visualItemRect(line).center()), "Waive")
    analysed(window, qtbot)
    group = group_of(window, "power.psu_redundancy")
    assert group.text(0).endswith("\u2014 waived (1)") and same_icon(group.icon(0), severity_icon("waived"))
    assert same_icon(group.child(0).icon(0), severity_icon("waived"))


def test_j_the_nvl72_bottleneck_lists_its_switches_in_natural_order(make_window, qtbot):
    import re

    from PySide6.QtTest import QTest

    window = make_window("gb200-nvl72")
    bar = window.bottom.tabBar()
    with qtbot.waitSignal(window.performance.finished, timeout=60000):
        QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(window.bottom.indexOf(window.performance))
                         .center())
    qtbot.waitUntil(lambda: "nvs" in window.performance.status.text(), timeout=60000)
    listed = re.findall(r"nvs(\d+)", window.performance.status.text())
    assert len(listed) == 18  # one per switch chip: 9 NVLink switch trays x 2 chips (NVIDIA DGX GB200 user guide)
    assert [int(n) for n in listed] == sorted(int(n) for n in listed)  # was nvs0, nvs1, nvs10, ..., nvs2
