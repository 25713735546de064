"""Issue 35 item 6, with the user's clicks: eight selected GPUs swap to another part at once, in one undo step;
the waive dialog is wide enough for its question and does not grow with it."""

from PySide6.QtCore import Qt
from ui_harness.gestures import ScriptedUser

from designer.ui.text_dialog import ask_text as REAL_ASK_TEXT  # noqa: N812 (a constant: the real dialog)  # before the fixture replaces it

CTRL = Qt.KeyboardModifier.ControlModifier


def gpu_parts(window) -> list[str]:
    return sorted({c.part for c in window.document.design.components if c.id.startswith("gpu")})


def test_eight_selected_gpus_swap_to_another_part_in_one_undo_step(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    user.click("gpu0")
    for i in range(1, 8):
        user.click(f"gpu{i}", CTRL)
    assert len(window.document.selection.ids) == 8
    inspector = window.inspector
    assert "8 items selected" in inspector.heading.text()
    combo = inspector.fields["part"]  # no Part field for a multi-selection before
    assert combo.currentData() == "h100-sxm5"
    user.choose(combo, "h200-sxm")
    assert gpu_parts(window) == ["h200-sxm"]
    assert window.undo_action.text().startswith("Undo Swap 8 parts for "), window.undo_action.text()
    user.click("gpu3")  # a single GPU shows the new part
    assert inspector.fields["part"].currentData() == "h200-sxm"
    user.undo()
    assert gpu_parts(window) == ["h100-sxm5"]  # one Ctrl+Z undoes all eight
    user.redo()
    assert gpu_parts(window) == ["h200-sxm"]


def test_a_selection_of_different_kinds_offers_no_part_and_says_why(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    user.click("gpu0")
    user.click("nvs0", CTRL)
    assert "part" not in window.inspector.fields
    hint = [w.text() for w in window.inspector.form_host.findChildren(type(window.inspector.heading))]
    assert any("one kind" in text for text in hint), hint


def test_the_waive_dialog_wraps_a_long_finding_at_a_readable_width_and_shows_its_whole_title(make_window, qtbot,
                                                                                             monkeypatch):
    """It was sized to its text: 'Waive... lation' for a short finding, 1,170 px wide for a long one in zh-TW."""
    from PySide6.QtWidgets import QLabel

    from designer.ui import text_dialog

    monkeypatch.setattr(text_dialog, "ask_text", REAL_ASK_TEXT)  # the real dialog (the fixture refuses modal ones)
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    for psu in ("psu5", "psu4"):
        user.click(psu)
        user.delete()
    qtbot.waitUntil(lambda: window.analysis is not None and window.analysis.revision == window.document.revision,
                    timeout=5000)
    seen = {}

    def look(dialog) -> None:
        label = next(lb for lb in dialog.findChildren(QLabel) if "acceptable" in lb.text())
        seen.update(width=dialog.width(), title=dialog.fontMetrics().horizontalAdvance(dialog.windowTitle()),
                    wraps=label.wordWrap(), label_height=label.height(), line=dialog.fontMetrics().height(),
                    text=label.text())

    user.answer_next_dialog("two PSUs on order", look)
    tree = window.problems.tree
    item = next(i for i in window.problems.violation_items()
                if i.data(0, Qt.ItemDataRole.UserRole).rule == "power.psu_redundancy")
    user.pick_from_menu(lambda: user.right_click(tree.viewport(), tree.visualItemRect(item).center()), "Waive")
    qtbot.waitUntil(lambda: any(w.reason == "two PSUs on order" for w in window.document.design.waivers),
                    timeout=3000)
    em = window.fontMetrics().horizontalAdvance("M")
    assert seen["wraps"] and seen["width"] <= 40 * em, seen  # was the question's whole length
    assert seen["width"] > seen["title"] + 120  # the title and the title bar's buttons fit
    assert len(seen["text"]) * em / 2 > seen["width"]  # a question longer than a line...
    assert seen["label_height"] >= 2 * seen["line"]  # ...is shown on several lines, not cut
