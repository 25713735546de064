"""The desktop app, offscreen: drag and drop, wiring, moves, problems, performance, files."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox
from ui_harness.gestures import CTRL, SHIFT, ScriptedUser

from designer.document import commands as cmd
from designer.io.files import load_design, save_design
from designer.model.parts import SlotKind
from designer.rules import check
from designer.ui.canvas.items import ComponentItem


def shown_title(window) -> str:
    """The title as the window manager shows it (Qt fills the [*] placeholder)."""
    return window.windowTitle().replace("[*]", "*" if window.isWindowModified() else "")


def view_point(window, scene_point: QPointF) -> QPoint:
    return window.view.mapFromScene(scene_point)


def drop_part(window, part_id: str, scene_point: QPointF) -> None:
    """A drag from the palette arriving at the canvas: enter, move, drop events on the viewport."""
    item = window.palette_panel.item_for(part_id)
    mime = window.palette_panel.tree.mimeData([item])
    pos = QPointF(view_point(window, scene_point))
    target = window.view.viewport()
    actions = Qt.DropAction.CopyAction
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos.toPoint(), actions, mime, buttons, mods)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(target, QDragMoveEvent(pos.toPoint(), actions, mime, buttons, mods))
    QApplication.sendEvent(target, QDropEvent(pos, actions, mime, buttons, mods))


def slot_center(window, kind: SlotKind, index: int) -> QPointF:
    return QPointF(*window.scene.layout.slot(kind, index).center)


def test_drag_a_gpu_from_the_palette_onto_a_free_slot(make_window):
    window = make_window("supermicro-pcie-l40s")
    drop_part(window, "l40s", slot_center(window, SlotKind.PCIE_X16, 9))
    new = window.document.design.component("gpu8")
    assert new.part == "l40s" and new.slot == 9
    assert "gpu8" in window.scene.components and window.scene.selected_ids() == ["gpu8"]
    window.document.undo()
    assert "gpu8" not in {c.id for c in window.document.design.components}


def test_an_incompatible_drop_is_refused_with_the_reason(make_window):
    window = make_window("dgx-h100")
    before = window.document.design
    drop_part(window, "mi300x", slot_center(window, SlotKind.SXM, 0))
    assert window.document.design == before
    message = window.statusBar().currentMessage()
    assert "refused" in message and "needs an OAM module slot" in message


def test_connect_tool_links_two_components_then_delete_the_link(make_window, qtbot):
    window = make_window("dgx-h100")
    window.set_tool("connect")
    a, b = window.scene.components["gpu0"], window.scene.components["gpu1"]
    start, end = view_point(window, a.center()), view_point(window, b.center())
    vp = window.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(vp, (start + end) / 2)
    QTest.mouseMove(vp, end)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    new = [lk for lk in window.document.design.links if {lk.a, lk.b} == {"gpu0", "gpu1"}]
    assert len(new) == 1 and new[0].kind.value == "nvlink"
    window.set_tool("select")
    window.scene.select_ids([new[0].id])
    window.delete_action.trigger()
    assert not [lk for lk in window.document.design.links if {lk.a, lk.b} == {"gpu0", "gpu1"}]


def test_esc_cancels_a_connection_under_way_then_leaves_the_connect_tool(make_window):
    window = make_window("dgx-h100")
    window.connect_tool.trigger()  # the toolbar's Connect, as the user clicks it
    links = list(window.document.design.links)
    a, b = window.scene.components["gpu0"], window.scene.components["gpu1"]
    start, end = view_point(window, a.center()), view_point(window, b.center())
    vp = window.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(vp, (start + end) / 2)
    rubber = len(window.scene.items())
    line = window.view.tool.line  # drawn above the parts it crosses, not hidden under them
    assert line is not None and line.zValue() > max(i.zValue() for i in window.scene.components.values())
    QTest.keyClick(window.view, Qt.Key.Key_Escape)  # first Esc: the line under way goes, the tool stays
    assert len(window.scene.items()) == rubber - 1 and window.view.tool.name == "connect"
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert window.document.design.links == links  # the cancelled drag made no link
    QTest.keyClick(window.view, Qt.Key.Key_Escape)  # second Esc: back to Select, the toolbar says so
    assert window.view.tool.name == "select"
    assert window.select_tool.isChecked() and not window.connect_tool.isChecked()


def test_the_status_bar_says_what_ctrl_z_undid_and_ctrl_shift_z_redid(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    user.click("psu5")
    user.key(Qt.Key.Key_Delete)
    assert "Delete 1 item" in window.statusBar().currentMessage()
    user.key(Qt.Key.Key_Z, CTRL)
    assert window.statusBar().currentMessage() == "Undone: Delete 1 item"  # was still "Delete 1 item"
    user.key(Qt.Key.Key_Z, CTRL | SHIFT)
    assert window.statusBar().currentMessage() == "Redone: Delete 1 item"


def test_ctrl_n_starts_a_blank_design_on_the_chassis_chosen(make_window, monkeypatch):
    # issue 35 item 3: Ctrl+N opened the reference-design gallery; there was no blank design
    from PySide6.QtWidgets import QInputDialog

    window = make_window("dgx-h100")
    offered = {}

    def pick(parent, title, label, items, current, editable):
        offered.update(items=items, current=items[current])
        return next(i for i in items if i.startswith("OAM 8-GPU 8U")), True

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(pick))
    ScriptedUser(window).key(Qt.Key.Key_N, CTRL)
    assert offered["current"].startswith("DGX H100/H200-class 8U")  # the open design's chassis offered first
    design = window.document.design
    assert design.chassis == "chassis-oam-8u" and not design.components and not design.links
    assert window.scene.components == {}
    assert "Untitled design" in window.windowTitle()


def test_ctrl_z_in_an_inspector_field_just_committed_undoes_the_edit(make_window):
    # The name field took Ctrl+Z for its own text: the field showed 'DGX H100' while the design kept 'Mine'
    from PySide6.QtWidgets import QLineEdit, QSpinBox
    from ui_harness.gestures import settle

    window = make_window("dgx-h100")
    window.document.selection.set([])
    settle()
    name = next(e for e in window.inspector.findChildren(QLineEdit) if e.text() == "DGX H100")
    name.setFocus()
    QTest.keyClick(name, Qt.Key.Key_A, CTRL)
    QTest.keyClicks(name, "Mine")
    QTest.keyClick(name, Qt.Key.Key_Return)
    settle()
    assert window.document.design.meta.name == "Mine"
    QTest.keyClick(name, Qt.Key.Key_Z, CTRL)  # the field still focused
    settle()
    assert window.document.design.meta.name == "DGX H100" and name.text() == "DGX H100"
    assert window.statusBar().currentMessage().startswith("Undone: ")
    # typing not yet committed stays the field's own to undo
    QTest.keyClicks(name, "x")
    QTest.keyClick(name, Qt.Key.Key_Z, CTRL)
    assert name.text() == "DGX H100" and window.document.design.meta.name == "DGX H100"
    # a spin box (a link's count) likewise
    link = next(lk for lk in window.document.design.links if lk.kind == "nvlink")
    window.document.selection.set([link.id])
    settle()
    count = window.inspector.findChildren(QSpinBox)[0]
    count.setFocus()
    QTest.keyClick(count, Qt.Key.Key_A, CTRL)
    QTest.keyClicks(count, str(link.count - 1))
    QTest.keyClick(count, Qt.Key.Key_Return)
    settle()
    assert window.document.design.link(link.id).count == link.count - 1
    QTest.keyClick(count, Qt.Key.Key_Z, CTRL)
    settle()
    assert window.document.design.link(link.id).count == link.count


def test_ctrl_shift_w_finishes_a_partly_hand_wired_node_in_one_undo_step(make_window):
    # issue 35 item 3: three GPU-NVSwitch links drawn by hand, then Ctrl+Shift+W left 10 uneven-plane errors
    window = make_window("dgx-h100")
    d = window.document.design
    window.document.replace(d.model_copy(update={"links": []}), None)
    for gpu, plane in (("gpu0", "nvs0"), ("gpu1", "nvs1"), ("gpu0", "nvs1")):
        window.controller.connect(gpu, plane)
    drawn = window.document.design
    user = ScriptedUser(window)
    user.key(Qt.Key.Key_W, CTRL | SHIFT)
    wired = window.document.design
    assert not [v for v in check(wired, window.catalog).active if v.rule == "scaleup.uneven_planes"]
    message = window.statusBar().currentMessage()
    assert message.startswith("Auto-wire: ") and message.endswith(" links added, 1 link changed")
    assert set(window.document.selection.ids) >= {lk.id for lk in wired.links if lk.id not in
                                                  {m.id for m in drawn.links}}
    user.key(Qt.Key.Key_Z, CTRL)
    assert window.document.design == drawn  # one undo step
    user.key(Qt.Key.Key_Z, CTRL | SHIFT)
    user.key(Qt.Key.Key_W, CTRL | SHIFT)
    assert window.statusBar().currentMessage() == ("Auto-wire: every link already follows the plan; "
                                                   "nothing changed")
    assert window.document.design == wired


def test_move_an_item_that_has_links(make_window):
    window = make_window("dgx-h100")
    links_before = [lk for lk in window.document.design.links if "gpu2" in (lk.a, lk.b)]
    item: ComponentItem = window.scene.components["gpu2"]
    vp = window.view.viewport()
    start = view_point(window, item.center())
    end = view_point(window, slot_center(window, SlotKind.SXM, 6))
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for t in (0.25, 0.5, 0.75, 1.0):
        QTest.mouseMove(vp, start + (end - start) * t)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    design = window.document.design
    assert design.component("gpu2").slot == 6 and design.component("gpu6").slot == 2
    assert [lk for lk in design.links if "gpu2" in (lk.a, lk.b)] == links_before
    link = window.scene.links[links_before[0].id]
    assert link.path().pointAtPercent(0).toPoint() == window.scene.components["gpu2"].center().toPoint()
    assert str(window.document.history.undo_label) == "Move gpu2"
    window.undo_action.trigger()
    assert window.document.design.component("gpu2").slot == 2


def test_undo_redo_from_the_edit_menu(make_window):
    window = make_window("dgx-h100")
    # a NIC's PCIe link gone, so auto-wire has something to do (the baseboard's NVLink traces it leaves alone)
    window.document.push(cmd.remove_items(tuple(lk.id for lk in window.document.design.links
                                                if "nic7" in (lk.a, lk.b) and lk.kind == "pcie")))
    start = window.document.design
    window.controller.autowire()
    assert window.document.design != start
    window.controller.delete(["nic7"])
    assert window.undo_action.text() == "Undo Delete 1 item"
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.document.design == start
    window.redo_action.trigger()
    assert window.redo_action.text() == "Redo Delete 1 item"


def broken(window):
    link = next(lk for lk in window.document.design.links if {lk.a, lk.b} == {"gpu0", "nvs1"})
    window.document.push(cmd.set_link(link.id, count=3))


def test_clicking_a_problem_selects_and_marks_its_items(make_window, qtbot):
    window = make_window("dgx-h100")
    broken(window)
    qtbot.waitUntil(lambda: window.report is not None and window.report.has_errors, timeout=3000)
    item = next(i for i in window.problems.violation_items()
                if i.data(0, Qt.ItemDataRole.UserRole).rule == "scaleup.uneven_planes")
    rect = window.problems.tree.visualItemRect(item)
    QTest.mouseClick(window.problems.tree.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     rect.center())
    assert sorted(window.scene.selected_ids()) == ["gpu0", "nvs1"]
    assert window.scene.components["gpu0"].marker == "error"


def test_a_waiver_persists_through_save_and_load(make_window, qtbot, tmp_path, catalog, monkeypatch):
    window = make_window("dgx-h100")
    broken(window)
    qtbot.waitUntil(lambda: window.report is not None and window.report.has_errors, timeout=3000)
    v = next(v for v in window.report.active if v.rule == "scaleup.uneven_planes")
    window.problems.waive.emit(v.rule, v.ids, "bench sample")
    qtbot.waitUntil(lambda: window.report is not None and not window.report.has_errors, timeout=3000)
    path = tmp_path / "waived.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    ScriptedUser(window).key(Qt.Key.Key_S, CTRL | SHIFT)  # Save As
    again = load_design(path, catalog)
    assert [w.reason for w in again.waivers if w.rule == "scaleup.uneven_planes"] == ["bench sample"]
    assert shown_title(window) == "waived.json - GPU Node Designer"


def test_performance_panel_draws_a_chart(make_window, qtbot):
    window = make_window("amd-mi300x")
    window.bottom.setCurrentWidget(window.performance)
    with qtbot.waitSignal(window.performance.finished, timeout=10000):
        window.analyse()
    ax = window.performance.figure.axes[0]
    assert len(ax.get_lines()) == 4 and ax.get_xscale() == "log"
    assert window.performance.table.rowCount() > 0
    assert "gpu0 -> gpu1" in window.performance.status.text()  # plain text: the arrow is an arrow
    assert window.scene.links["l0"].highlighted


def test_closing_with_unsaved_changes_asks(make_window, monkeypatch):
    window = make_window("dgx-h100")
    del window.files.confirm_discard  # the real prompt, for this test
    window.document.push(cmd.set_meta(name="changed"))
    assert shown_title(window) == "changed* - GPU Node Designer"
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a) or QMessageBox.StandardButton.Cancel)
    assert not window.close() and window.isVisible() and len(asked) == 1
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.close()
    window.files.confirm_discard = lambda: True  # pytest-qt closes it once more at teardown


def test_a_bad_file_leaves_the_current_design_untouched(make_window, monkeypatch, tmp_path):
    window = make_window("dgx-h100")
    before = window.document.design
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps({"chassis": "chassis-dgx-h100", "components": [{"id": "g", "part": "nope"}]}))
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    assert not window.files.open_path(bad)
    assert window.document.design == before
    assert len(shown) == 1 and "broken.json: components[0].part: unknown part 'nope'" in shown[0]


def test_a_pdf_whose_design_inflates_past_the_limit_is_refused_in_one_line(make_window, monkeypatch, tmp_path,
                                                                          inflating_pdf):
    window = make_window("dgx-h100")
    before = window.document.design
    bomb = tmp_path / "bomb.pdf"
    inflating_pdf(bomb)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    assert not window.files.open_path(bomb)
    assert window.document.design is before and window.document.path is None
    assert len(shown) == 1 and "bomb.pdf" in shown[0] and "size limit" in shown[0] and "\n" not in shown[0]


def test_open_a_file_dropped_on_the_window(make_window, tmp_path, design_of):
    window = make_window("dgx-h100")
    path = tmp_path / "b200.json"
    save_design(design_of("dgx-b200"), path)
    window.view.files_dropped.emit([str(path)])
    assert window.document.design.meta.template == "dgx-b200" and window.document.path == path


def test_inspector_refuses_an_impossible_value_in_place(make_window, qtbot):
    window = make_window("dgx-h100")
    window.inspector._apply(lambda: cmd.set_settings(rack_power_budget_w=-5))
    assert "Refused" in window.inspector.error.text()


def test_bom_copies_tab_separated_rows(make_window, qtbot):
    window = make_window("dgx-h100")
    window.analyse()
    text = window.bom.copy()
    assert text.splitlines()[0].startswith("Part\tKind\tQty")
    assert "NVIDIA H100 SXM5 80GB\tGPU\t8\t700\t5600" in text
    kinds = {line.split("\t")[1] for line in text.splitlines()[1:]}  # in words, not ids (issue 35 item 4)
    assert {"scale-up switch", "PCIe switch", "network fabric"} <= kinds
    assert not kinds & {"scaleup_switch", "pcie_switch", "fabric", "board"}


def test_palette_search_filters(make_window):
    window = make_window("dgx-h100")
    window.palette_panel.search.setText("mi3")
    visible = [window.palette_panel.tree.topLevelItem(0).child(j).text(0)
               for j in range(window.palette_panel.tree.topLevelItem(0).childCount())
               if not window.palette_panel.tree.topLevelItem(0).child(j).isHidden()]
    assert visible and all("MI3" in v for v in visible)


def test_screenshot_command_writes_a_png(tmp_path):
    out = tmp_path / "shot.png"
    result = subprocess.run([sys.executable, "-m", "designer", "--screenshot", str(out), "--size", "1200x800",
                             "rtx-pcie-8"], capture_output=True, text=True, timeout=120,
                            env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from PySide6.QtGui import QImage

    assert QImage(str(out)).size().width() == 1200


def test_screenshot_of_a_bad_file_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    result = subprocess.run([sys.executable, "-m", "designer", "--screenshot", str(tmp_path / "x.png"), str(bad)],
                            capture_output=True, text=True, timeout=120,
                            env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 2 and "bad.json: line 1" in result.stderr


def test_ctrl_wheel_zooms_and_fit_shows_everything(make_window):
    from PySide6.QtGui import QWheelEvent

    window = make_window("dgx-h100")
    before = window.view.transform().m11()
    center = QPointF(window.view.viewport().rect().center())
    event = QWheelEvent(center, QPointF(window.view.viewport().mapToGlobal(center.toPoint())), QPoint(0, 0),
                        QPoint(0, 120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.ControlModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(window.view.viewport(), event)
    assert window.view.transform().m11() == pytest.approx(before * 1.15)
    window.view.fit()
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert visible.contains(window.scene.design_rect().adjusted(5, 5, -5, -5))  # chassis, parts, networks


def test_file_export_writes_the_pdf_the_user_picked(make_window, monkeypatch, tmp_path, catalog, qtbot):
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr("designer.export.brand.user_brand_path", lambda: tmp_path / "no-brand.json")
    window = make_window("dgx-h100")
    target = tmp_path / "sheet"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    with qtbot.waitSignal(window.files.exports.done, timeout=60_000):
        assert window.files.export("pdf")
    assert load_design(tmp_path / "sheet.pdf", catalog) == window.document.design
    assert window.files.open_path(tmp_path / "sheet.pdf")  # the app opens its own PDF


def test_user_text_is_escaped_in_rich_text_widgets(make_window):
    window = make_window("dgx-h100")
    window.document.push(cmd.set_meta(name="<img src=x onerror=alert(1)>"))
    window.inspector.refresh()
    assert "&lt;img src=x onerror=alert(1)&gt;" in window.inspector.heading.text()
    window.document.push(cmd.set_component("gpu0", label="<b>bold</b>"))
    assert "&lt;b&gt;bold&lt;/b&gt;" in window.scene.components["gpu0"].toolTip()


def test_inspector_changes_the_chassis_as_one_undo_step(make_window, qtbot):
    from PySide6.QtWidgets import QComboBox

    window = make_window("dgx-h100")
    window.scene.clearSelection()
    window.inspector.refresh()
    combo = next(w for w in window.inspector.form_host.findChildren(QComboBox)
                 if w.findData("chassis-hgx-6u") >= 0)
    combo.setCurrentIndex(combo.findData("chassis-hgx-6u"))
    combo.activated.emit(combo.currentIndex())
    assert window.document.design.chassis == "chassis-hgx-6u"
    assert str(window.document.history.undo_label) == "Change chassis to chassis-hgx-6u"


def test_power_panel_shows_the_published_maximum_beside_the_computed_figure(make_window, qtbot):
    # DGX H100 user guide: ~10.2 kW maximum; the fan term is derived from it, so it reads as calibration
    window = make_window("dgx-h100")
    qtbot.waitUntil(lambda: "Published maximum" in window.power.numbers.text(), timeout=3000)
    assert "10,200 W, calibration point (fan term derived from it; computed +0.0%)" in window.power.numbers.text()
    assert "10,500 W (derived, low confidence)" in window.power.numbers.text()  # the 8U fan wall: not published
    user = ScriptedUser(window)
    user.click("gpu7")
    user.delete()  # one 700 W GPU fewer: the design is no longer the reference configuration
    qtbot.waitUntil(lambda: "computed -" in window.power.numbers.text(), timeout=3000)
    assert "10,200 W, calibration point (fan term derived from it; computed -" in window.power.numbers.text()


def test_part_tooltips_say_not_supported_unknown_and_the_confidence(catalog):
    from designer.ui.panels.palette import tooltip
    a100 = tooltip(catalog.get("a100-sxm4-80gb"))  # A100: no FP8 in its Tensor Cores
    assert "FP8 not supported" in a100 and "source (vendor document; high confidence)" in a100
    assert "as the DGX A100's 3 kW power supplies; medium confidence" in tooltip(catalog.get("psu-3000"))
    ascend = tooltip(catalog.get("ascend-910b"))  # Huawei publishes FP16 only
    assert "BF16 unknown" in ascend
    assert "low confidence" in tooltip(catalog.get("chassis-superchip-4"))


def test_inspector_sets_the_spine_oversubscription_with_the_keyboard(make_window, qtbot):
    from PySide6.QtWidgets import QDoubleSpinBox

    window = make_window("dgx-h100")
    window.scene.clearSelection()
    window.inspector.refresh()
    spin = window.inspector.fields["scaleout_over"]
    assert isinstance(spin, QDoubleSpinBox) and spin.value() == 1.0
    spin.setFocus()
    QTest.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(spin, "2")
    QTest.keyClick(spin, Qt.Key.Key_Return)
    assert window.document.design.settings.scaleout.oversubscription == 2.0
    assert str(window.document.history.undo_label) == "Change scale-out network"
    window.document.undo()
    assert window.document.design.settings.scaleout.oversubscription == 1.0


def test_file_dialogs_open_in_the_last_folder_used(make_window, qtbot, tmp_path, monkeypatch):
    """A new design's Save As opened in the home folder however often the user had saved elsewhere; exports
    keep their own last folder."""
    window = make_window("dgx-h100")
    projects, exports = tmp_path / "projects", tmp_path / "for-customer"
    projects.mkdir()
    exports.mkdir()
    save_design(window.document.design, projects / "a.json")
    asked: list[str] = []

    def open_dialog(parent, title, folder, *rest):
        asked.append(folder)
        return str(projects / "a.json"), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_dialog)
    window.files.open_dialog()
    window.files.new_from_template("dgx-b200")  # a new design: no folder of its own

    def save_dialog(parent, title, suggested, *rest):
        asked.append(suggested)
        return "", ""  # cancelled

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    window.files.save_as()
    assert Path(asked[-1]).parent == projects.resolve()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(exports / "b200.svg"), ""))
    window.files.export("svg")
    qtbot.waitUntil(lambda: (exports / "b200.svg").exists(), timeout=10000)  # written off the GUI thread
    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    window.files.export("svg")
    assert Path(asked[-1]).parent == exports.resolve()
    window.files.save_as()
    assert Path(asked[-1]).parent == projects.resolve()  # designs keep theirs
