"""The user's own gestures on the real widgets: mouse and keys through QTest, checked on the design."""

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox
from ui_harness.gestures import CTRL, SHIFT, ScriptedUser

from designer.io.files import load_design
from designer.model.parts import SlotKind
from designer.ui import text_dialog


def test_part_swap_in_the_inspector_updates_in_place(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    user.click("gpu3")
    assert window.inspector.target == ("component", "gpu3")
    builds, rebuilds, item = window.inspector.builds, window.scene.rebuilds, window.scene.components["gpu3"]
    user.choose(window.inspector.fields["part"], "h200-sxm")
    assert window.document.design.component("gpu3").part == "h200-sxm"
    assert str(window.document.history.undo_label) == "Change gpu3 part"
    # the form and the canvas were updated, not rebuilt: same widgets, same item, new text
    assert window.inspector.builds == builds and window.scene.rebuilds == rebuilds
    assert window.scene.components["gpu3"] is item and "H200" in item.title
    assert window.inspector.fields["part"].currentData() == "h200-sxm"
    assert "141 GB" in window.inspector.fields["specs"].text()
    user.undo()
    assert window.document.design.component("gpu3").part == "h100-sxm5"
    assert window.inspector.fields["part"].currentData() == "h100-sxm5"


def test_psu_swaps_back_and_forth_many_times(make_window):
    window = make_window("amd-mi325x")
    user = ScriptedUser(window)
    psu = next(c.id for c in window.document.design.components if c.id.startswith("psu"))
    user.click(psu)
    combo = window.inspector.fields["part"]
    parts = [combo.itemData(i) for i in range(combo.count())]
    assert len(parts) > 1
    for i in range(20):
        user.choose(window.inspector.fields["part"], parts[i % len(parts)])
    assert window.document.design.component(psu).part == parts[19 % len(parts)]
    assert window.isVisible()


def test_dragging_a_multi_selection_moves_all_of_it_in_one_step(make_window):
    window = make_window("supermicro-pcie-l40s")
    user = ScriptedUser(window)
    start = window.document.design
    user.click("gpu6")
    user.click("gpu7", CTRL)
    assert set(window.document.selection.ids) == {"gpu6", "gpu7"}
    user.drag_component("gpu7", user.slot_point(SlotKind.PCIE_X16, 9))
    design = window.document.design
    assert (design.component("gpu6").slot, design.component("gpu7").slot) == (8, 9)
    assert str(window.document.history.undo_label) == "Move 2 components"
    links = [lk for lk in window.scene.links.values() if "gpu6" in (lk.ends[0].cid, lk.ends[1].cid)]
    assert links and all(lk.path().pointAtPercent(0).toPoint() == lk.ends[0].center().toPoint() for lk in links)
    user.undo()
    assert window.document.design == start


def test_two_drags_are_two_undo_steps(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    start = window.document.design
    user.click("nic0")
    user.drag_component("nic0", user.slot_point(SlotKind.NIC, 8))
    first = window.document.design
    user.drag_component("nic0", user.slot_point(SlotKind.NIC, 9))
    assert window.document.design.component("nic0").slot == 9
    user.undo()
    assert window.document.design == first
    user.undo()
    assert window.document.design == start


def test_a_drop_off_any_slot_snaps_back(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    start = window.document.design
    item = window.scene.components["gpu1"]
    where = item.pos()
    user.click("gpu1")
    user.drag_component("gpu1", user.slot_point(SlotKind.NIC, 9))
    assert window.document.design == start and item.pos() == where
    assert "refused" in window.statusBar().currentMessage()


def test_undo_and_redo_are_disabled_when_there_is_nothing_to_do(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    assert not window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    user.click("nic7")
    user.delete()
    assert window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    assert window.undo_action.text() == "Undo Delete 1 item" and window.undo_action.iconText() == "Undo"
    user.undo()
    assert not window.undo_action.isEnabled() and window.redo_action.isEnabled()


def test_renaming_the_design_thirty_times(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    user.click_empty()
    for i in range(30):
        user.type_into(window.inspector.fields["name"], f"node {i}")
    assert window.document.design.meta.name == "node 29"
    assert len(window.document.history._steps) == 30  # one gesture, one step


def test_waive_and_unwaive_from_the_context_menu(make_window, qtbot, monkeypatch):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    user.click("gpu0")
    link = next(lk for lk in window.document.design.links if {lk.a, lk.b} == {"gpu0", "nvs1"})
    user.click_empty()
    # break the design by hand: the link's count in the inspector
    window.document.selection.set([link.id])
    user.type_into(window.inspector.fields["count"], "3")
    qtbot.waitUntil(lambda: window.report is not None and window.report.has_errors, timeout=3000)
    tree = window.problems.tree
    item = next(i for i in window.problems.violation_items()
                if i.data(0, Qt.ItemDataRole.UserRole).rule == "scaleup.uneven_planes")
    monkeypatch.undo()  # the real QInputDialog for this test (the fixture refuses modal dialogs)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: (_ for _ in ()).throw(AssertionError("dialog")))
    assert text_dialog.ask_text.__name__ == "ask_text"
    user.answer_next_dialog("bench sample, checked")
    point = tree.visualItemRect(item).center()
    user.pick_from_menu(lambda: user.right_click(tree.viewport(), point), "Waive")
    qtbot.waitUntil(lambda: any(w.reason == "bench sample, checked" for w in window.document.design.waivers),
                    timeout=3000)
    qtbot.waitUntil(lambda: window.analysis is not None
                    and window.analysis.revision == window.document.revision, timeout=3000)
    item = next(i for i in window.problems.violation_items()
                if i.data(0, Qt.ItemDataRole.UserRole).rule == "scaleup.uneven_planes")
    assert item.data(0, Qt.ItemDataRole.UserRole).waived
    point = tree.visualItemRect(item).center()
    user.pick_from_menu(lambda: user.right_click(tree.viewport(), point), "Remove waiver")
    assert [w.rule for w in window.document.design.waivers] == ["resilience.fabric_failure"]  # the template's own


def test_save_save_as_revert_and_open_recent(make_window, monkeypatch, tmp_path, catalog):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(first), ""))
    user.save()  # no file yet: Save asks where
    assert load_design(first, catalog) == window.document.design and window.document.is_clean
    user.click("nic7")
    user.delete()
    user.save()  # now it writes the same file without asking
    assert "nic7" not in {c.id for c in load_design(first, catalog).components}
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(second), ""))
    user.key(Qt.Key.Key_S, CTRL | SHIFT)
    assert window.document.path == second and window.windowTitle().startswith("second.json")
    user.click("nic6")
    user.delete()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    user.pick_from_menu(lambda: window.menuBar().actions()[0].menu().popup(window.mapToGlobal(window.rect().center())),
                        "Revert")
    assert "nic6" in {c.id for c in window.document.design.components} and window.document.is_clean
    recent = window.files.recent()
    assert recent[:2] == [str(second.resolve()), str(first.resolve())]
    window.recent_menu.aboutToShow.emit()
    user.pick_from_menu(lambda: window.recent_menu.popup(window.mapToGlobal(window.rect().center())), str(first))
    assert window.document.path == first


def test_the_autosave_timer_writes_the_unsaved_design(make_window, qtbot, tmp_path):
    window = make_window("dgx-h100", state=tmp_path / "state")
    user = ScriptedUser(window)
    window.files.timer.setInterval(50)
    user.click("nic7")
    user.delete()
    qtbot.waitUntil(window.files.autosave_path.exists, timeout=3000)
    saved = json.loads(window.files.autosave_path.read_text("utf-8"))
    assert "nic7" not in {c["id"] for c in saved["design"]["components"]} and saved["saved_at"]
    user.undo()  # back to the saved state: the autosave covers nothing any more
    qtbot.waitUntil(lambda: not window.files.autosave_path.exists(), timeout=3000)


CLOSE_SCRIPT = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(["gpu-designer"])

def later():
    from ui_harness.gestures import CTRL, ScriptedUser
    window = next(w for w in app.topLevelWidgets() if isinstance(w, QMainWindow))
    user = ScriptedUser(window)
    user.click("gpu0")
    user.click("gpu1", CTRL)
    user.choose(window.inspector.fields["part"], "h200-sxm") if window.inspector.target[0] == "component" else None
    window.close()
    print("closed; visible:", window.isVisible())

QTimer.singleShot(300, later)
from designer.ui.application import run
sys.exit(run([]))
"""


def test_a_session_and_its_close_print_nothing(run_app):
    printed = run_app(CLOSE_SCRIPT)  # run_app also checks: exit 0, nothing on stderr (no traceback, no Qt warning)
    assert "closed; visible: False" in printed
