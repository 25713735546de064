"""The cluster window (issue 22 item 8), driven by real mouse and key events: opened from the main window's File
menu, a field edited, undone and redone, an impossible value refused, a problem located, a node double-clicked
open in the main window, the plan saved, closing asking about unsaved work, presentation mode."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox
from shiboken6 import isValid
from ui_harness.gestures import settle

from designer.cluster.files import load_plan, save_plan
from designer.cluster.plan import ClusterPlan, NodeRef
from designer.ui.cluster.rack_scene import RACK_W, U_PX

LEFT, CTRL, SHIFT = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def choose(qtbot, window, *path: str) -> None:
    """File > ... > entry: the menus opened and their entries clicked with the mouse (a submenu opens after
    Qt's own short delay: wait for it to become the active popup)."""
    menu = window.menuBar().actions()[0].menu()
    menu.popup(window.mapToGlobal(window.rect().center()))
    for text in path:
        qtbot.waitUntil(lambda m=menu: QApplication.activePopupWidget() is m, timeout=2000)
        action = next((a for a in menu.actions() if a.text().replace("&", "").startswith(text)), None)
        assert action is not None, (text, [a.text() for a in menu.actions()])
        QTest.mouseClick(menu, LEFT, Qt.KeyboardModifier.NoModifier, menu.actionGeometry(action).center())
        menu = action.menu()
    settle()


@pytest.fixture
def open_cluster(make_window, qtbot):
    opened = []

    def make(*path: str, template: str = "dgx-h100"):
        window = make_window(template)
        choose(qtbot, window, *path)
        assert window.clusters.windows, "no cluster window opened"
        cluster = window.clusters.windows[-1]
        opened.append(cluster)
        qtbot.waitExposed(cluster)
        qtbot.waitUntil(lambda: cluster.analysis is not None)
        return window, cluster

    yield make
    for cluster in opened:
        if isValid(cluster):  # closed windows delete themselves
            cluster.confirm_discard = lambda: True
            cluster.close()


def field(cluster, path: str) -> QLineEdit:
    edit = cluster.inspector.findChild(QLineEdit, path)
    assert edit is not None, path
    return edit


def type_into(edit: QLineEdit, text: str) -> None:
    edit.setFocus()
    QTest.keyClick(edit, Qt.Key.Key_A, CTRL)
    QTest.keyClicks(edit, text)
    QTest.keyClick(edit, Qt.Key.Key_Return)
    settle()


def settle_analysis(cluster) -> None:
    """Wait until the window's analysis is of the plan's revision (it runs off the GUI thread)."""
    from pytestqt.qtbot import QtBot

    QtBot(cluster).waitUntil(lambda: cluster.analysis.revision == cluster.document.revision)


def test_new_cluster_plan_from_the_open_design_draws_every_rack(open_cluster):
    main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    plan = cluster.document.plan
    assert plan.node.design == main.document.design and plan.gpus == 1024
    model = cluster.analysis.model
    assert sorted(cluster.scene.items_by_name) == sorted(r.name for r in model.racks.racks)
    assert cluster.problems.report == cluster.analysis.report
    assert cluster.bom.table.rowCount() == len(cluster.analysis.bom)
    assert cluster.power.model.rowCount() == len(model.racks.racks)
    assert "GPU Node Designer" in cluster.windowTitle() and not cluster.isWindowModified()


def test_ctrl_z_in_the_field_just_committed_undoes_the_plan_edit_and_the_menu_names_it(open_cluster, qtbot):
    # issue 35 item 5: with a field focused Ctrl+Z undid the field's text (or nothing), not the plan edit, and the
    # Edit menu said only "Undo"
    _main, cluster = open_cluster("New Cluster Plan", "From a Template", "DGX H100")
    feeds = field(cluster, "site.feeds_per_rack")
    type_into(feeds, "2")
    assert cluster.document.plan.site.feeds_per_rack == 2 and feeds.hasFocus()
    assert cluster.undo_action.text().startswith("Undo ") and len(cluster.undo_action.text()) > len("Undo ")
    QTest.keyClick(feeds, Qt.Key.Key_Z, CTRL)  # the field still has the focus
    settle()
    assert cluster.document.plan.site.feeds_per_rack is None and feeds.text() == ""
    assert cluster.statusBar().currentMessage().startswith("Undone: ")
    assert cluster.undo_action.text() == "Undo" and not cluster.undo_action.isEnabled()
    QTest.keyClick(feeds, Qt.Key.Key_Z, CTRL | SHIFT)
    settle()
    assert cluster.document.plan.site.feeds_per_rack == 2 and feeds.text() == "2"
    # typing not yet committed is the field's own to undo: the plan is left alone
    QTest.keyClick(feeds, Qt.Key.Key_End)
    QTest.keyClicks(feeds, "0")
    QTest.keyClick(feeds, Qt.Key.Key_Z, CTRL)
    assert feeds.text() == "2" and cluster.document.plan.site.feeds_per_rack == 2


def test_a_field_edited_then_undone_and_redone_with_the_keys(open_cluster, qtbot):
    _main, cluster = open_cluster("New Cluster Plan", "From a Template", "DGX H100")
    feeds = field(cluster, "site.feeds_per_rack")
    assert feeds.text() == "" and feeds.placeholderText() == "3"  # the RA's three PDUs, shown as the default
    qtbot.waitUntil(lambda: cluster.analysis.revision == cluster.document.revision)
    assert not [v for v in cluster.analysis.report.violations if v.rule == "cluster.psu_feed_loss"]
    type_into(feeds, "2")
    assert cluster.document.plan.site.feeds_per_rack == 2 and cluster.isWindowModified()
    qtbot.waitUntil(lambda: cluster.analysis.revision == cluster.document.revision)
    assert [v for v in cluster.analysis.report.violations if v.rule == "cluster.psu_feed_loss"]
    QTest.keyClick(cluster, Qt.Key.Key_Z, CTRL)
    settle()
    assert cluster.document.plan.site.feeds_per_rack is None and feeds.text() == "" and not cluster.isWindowModified()
    qtbot.waitUntil(lambda: cluster.analysis.revision == cluster.document.revision)
    assert not [v for v in cluster.analysis.report.violations if v.rule == "cluster.psu_feed_loss"]
    QTest.keyClick(cluster, Qt.Key.Key_Z, CTRL | SHIFT)
    settle()
    assert cluster.document.plan.site.feeds_per_rack == 2 and feeds.text() == "2"
    feeds.setFocus()  # emptied: back to the RA's default
    QTest.keyClick(feeds, Qt.Key.Key_A, CTRL)
    QTest.keyClick(feeds, Qt.Key.Key_Delete)
    QTest.keyClick(feeds, Qt.Key.Key_Return)
    settle()
    assert cluster.document.plan.site.feeds_per_rack is None and feeds.placeholderText() == "3"


def test_impossible_values_are_refused_with_the_reason_shown(open_cluster):
    _main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    before = cluster.document.plan
    for path, text, reason in (("site.feed.amps", "0", "Feed current (A): must be more than 0"),
                               ("site.rack_power_limit_w", "-5", "Rack power limit (kW): must be more than 0"),
                               ("size.gpus", "many", "GPU count: must be a whole number"),
                               ("site.rack_power_limit_w", "5", "does not fit a rack")):
        type_into(field(cluster, path), text)
        assert reason in cluster.inspector.error.text(), (path, cluster.inspector.error.text())
        assert reason in cluster.statusBar().currentMessage()
        assert cluster.document.plan == before
    type_into(field(cluster, "fabrics.compute.planes"), "2")
    assert cluster.document.plan.fabrics.compute.planes == 2 and cluster.inspector.error.text() == ""


def test_a_switch_picked_with_the_keyboard_is_one_undo_step(open_cluster):
    _main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    combo = cluster.inspector.editors["fabrics.compute.switch"]
    assert combo.currentData() is None and "qm9700" in combo.currentText()  # the RA's switch, as the default
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Down)
    settle()
    assert cluster.document.plan.fabrics.compute.switch == combo.currentData() is not None
    cluster.undo_action.trigger()
    assert cluster.document.plan.fabrics.compute.switch is None and combo.currentData() is None


def test_a_problem_clicked_selects_its_rack(open_cluster):
    _main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    type_into(field(cluster, "site.feeds_per_rack"), "2")  # two feeds: a lost one stops a rack's DGX H100s
    settle_analysis(cluster)
    tree = cluster.problems.tree
    item = cluster.problems.violation_items()[0]
    tree.scrollToItem(item)
    QTest.mouseClick(tree.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, tree.visualItemRect(item).center())
    settle()
    racks = item.text(1).split(", ")  # alike racks are one finding naming each of them
    assert racks and all(name in cluster.scene.items_by_name for name in racks)
    assert set(cluster.scene.selectedItems()) == {cluster.scene.items_by_name[name] for name in racks}


def test_a_left_drag_on_a_rack_pans_the_floor_and_a_click_selects_it(open_cluster):
    # issue 35 item 5: the racks fill the floor and Qt's hand drag pans only from the background, so a drag
    # selected a rack instead of moving the view
    _main, cluster = open_cluster("New Cluster Plan", "From a Template", "DGX H100")
    view, vp = cluster.view, cluster.view.viewport()
    for _ in range(6):
        view.zoom(1.25)
    item = cluster.scene.items_by_name["C002"]
    view.centerOn(item)
    settle()
    start = view.mapFromScene(item.sceneBoundingRect().center())
    assert view.itemAt(start) is not None  # the drag starts on a rack
    h, v = view.horizontalScrollBar().value(), view.verticalScrollBar().value()
    QTest.mousePress(vp, LEFT, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, 6):
        QTest.mouseMove(vp, start + QPoint(-20 * step, -15 * step))
    QTest.mouseRelease(vp, LEFT, Qt.KeyboardModifier.NoModifier, start + QPoint(-100, -75))
    settle()
    assert view.horizontalScrollBar().value() > h and view.verticalScrollBar().value() > v  # the floor moved
    assert not cluster.scene.selectedItems()  # and nothing was selected by the drag
    target = view.mapFromScene(item.sceneBoundingRect().center())
    QTest.mouseClick(vp, LEFT, Qt.KeyboardModifier.NoModifier, target)
    settle()
    assert cluster.scene.selectedItems() == [item]


def test_double_click_on_a_node_opens_its_design_in_the_main_window(open_cluster):
    main, cluster = open_cluster("New Cluster Plan", "From a Template", "AMD MI300X")
    assert main.document.design.meta.template == "dgx-h100"
    item = cluster.scene.items_by_name["C001"]
    node = next(s for s in item.rack.slots if s.kind == "node")
    local = QPointF(RACK_W / 2, (item.rack.height_u - node.u - node.height_u / 2 + 1) * U_PX)
    cluster.view.centerOn(item)
    QTest.mouseDClick(cluster.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                      cluster.view.mapFromScene(item.mapToScene(local)))
    settle()
    assert main.document.design.meta.template == "amd-mi300x"


def test_save_then_close_asks_about_unsaved_changes(open_cluster, monkeypatch, tmp_path, catalog):
    _main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    target = tmp_path / "pod.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    type_into(field(cluster, "site.pue"), "1.2")
    QTest.keyClick(cluster, Qt.Key.Key_S, CTRL)
    settle()
    assert load_plan(target, catalog) == cluster.document.plan and cluster.document.plan.site.pue == 1.2
    assert cluster.windowTitle().startswith("pod.json") and not cluster.isWindowModified()
    type_into(field(cluster, "site.pue"), "1.4")
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Discard]
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: answers.pop(0))
    cluster.close()
    assert cluster.isVisible() and answers == [QMessageBox.StandardButton.Discard]
    cluster.close()
    assert not cluster.isVisible() and load_plan(target, catalog).site.pue == 1.2


def test_open_cluster_plan_from_the_menu_and_a_broken_file_is_one_line(make_window, qtbot, monkeypatch, tmp_path):
    window = make_window()
    good, bad = tmp_path / "pod.json", tmp_path / "broken.json"
    save_plan(ClusterPlan(name="pod", node=NodeRef(template="amd-mi300x"), gpus=1024), good)
    bad.write_text('{"schema_version": 99, "node": {"template": "dgx-h100"}, "gpus": 8}')
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warnings.append(a[2]))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    choose(qtbot, window, "Open Cluster Plan")
    assert not window.clusters.windows and len(warnings) == 1 and "broken.json" in warnings[0]
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(good), ""))
    choose(qtbot, window, "Open Cluster Plan")
    cluster = window.clusters.windows[-1]
    assert cluster.document.path == good and cluster.windowTitle().startswith("pod.json")
    cluster.close()


def test_present_shows_the_headline_figures_and_esc_leaves(open_cluster, qtbot):
    _main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    QTest.keyClick(cluster, Qt.Key.Key_F5)
    settle()
    presenter = cluster.presenter
    qtbot.waitExposed(presenter)
    info = cluster.analysis.info
    assert presenter.values["gpus"].text() == f"{info['gpus']:,}"
    assert presenter.values["racks"].text() == str(info["racks"]["total"])
    QTest.keyClick(presenter, Qt.Key.Key_Escape)
    settle()
    assert not isValid(presenter) or not presenter.isVisible()


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_the_cluster_window_speaks_the_chosen_language(qtbot, catalog, lang):
    """Menus, docks, tabs, the inspector's groups and labels and the table headings: all translated."""
    from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel

    from designer.cluster.document import PlanDocument
    from designer.core import i18n
    from designer.ui.cluster.window import ClusterWindow
    from designer.ui.i18n import install_translators

    app = QApplication.instance()
    installed = install_translators(app, lang)
    try:
        plan = ClusterPlan(name="pod", node=NodeRef(template="dgx-h100"), gpus=1024)
        cluster = ClusterWindow(PlanDocument(plan, catalog), catalog)
        qtbot.addWidget(cluster)
        menus = [a.menu() for a in cluster.menuBar().actions() if a.menu() is not None]  # not the overflow menu
        menus += [a.menu() for m in menus for a in m.actions() if a.menu() is not None]  # and their submenus
        texts = [m.title() for m in menus]
        texts += [a.text() for m in menus for a in m.actions() if a.text()]
        texts += [cluster.center.tabText(i) for i in range(cluster.center.count())]
        texts += [cluster.bottom.tabText(i) for i in range(cluster.bottom.count())]
        texts += [cluster.inspector_dock.windowTitle(), cluster.analysis_dock.windowTitle()]
        for box in cluster.inspector.findChildren(QGroupBox):
            form = box.layout()
            assert isinstance(form, QFormLayout)
            texts.append(box.title())
            texts += [form.itemAt(r, QFormLayout.ItemRole.LabelRole).widget().text() for r in range(form.rowCount())
                      if isinstance(form.itemAt(r, QFormLayout.ItemRole.LabelRole).widget(), QLabel)]
        texts += [cluster.power.model.headerData(c, Qt.Orientation.Horizontal) for c in range(7)]
        assert len(texts) > 40
        assert not [(i, t) for i, t in enumerate(texts) if not any("\u4e00" <= ch <= "\u9fff" for ch in t)], texts
        qtbot.waitUntil(lambda: cluster.analysis is not None, timeout=10000)
        totals = cluster.cost.totals.text()  # the price book named in words (it said "prices: shipped")
        assert "shipped" not in totals and ("內建價格表" in totals or "内置价格表" in totals), totals
    finally:
        for translator in installed:
            app.removeTranslator(translator)
        i18n.set_language("en")


def test_the_scene_keeps_one_item_per_rack_and_updates_only_what_changed(open_cluster, qtbot):
    """No item per U (level of detail is painted); an edit keeps the items of the racks that stay."""
    _main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    racks = cluster.analysis.racks
    assert len(cluster.scene.items()) == len(racks) + len(cluster.scene.row_labels)
    before = dict(cluster.scene.items_by_name)
    type_into(field(cluster, "size.gpus"), "2048")
    qtbot.waitUntil(lambda: cluster.analysis.revision == cluster.document.revision)
    after = cluster.scene.items_by_name
    assert len(after) == len(cluster.analysis.racks) > len(before)
    assert all(after[name] is item for name, item in before.items() if name in after and name.startswith("C"))
    assert len(cluster.scene.items()) == len(after) + len(cluster.scene.row_labels)


def test_export_bom_csv_from_the_menu_and_a_waiver_is_undone(open_cluster, qtbot, monkeypatch, tmp_path):
    from designer.cost.cluster import priced_bom_csv
    from designer.cost.money import USD

    _main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    target = tmp_path / "bom.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    menu = cluster.menuBar().actions()[0].menu()
    menu.popup(cluster.mapToGlobal(cluster.rect().center()))
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is menu)
    action = next(a for a in menu.actions() if a.text().replace("&", "").startswith("Export BOM"))
    QTest.mouseClick(menu, LEFT, Qt.KeyboardModifier.NoModifier, menu.actionGeometry(action).center())
    settle()
    written = target.read_text("utf-8")
    assert written == priced_bom_csv(cluster.analysis.priced, USD) and "unit_price_usd,extended_price_usd" in written
    type_into(field(cluster, "site.feeds_per_rack"), "2")
    settle_analysis(cluster)
    violation = cluster.analysis.report.violations[0]
    cluster.problems.waive.emit(violation.rule, violation.ids, "accepted for the pilot")
    assert [w.rule for w in cluster.document.plan.waivers] == [violation.rule]
    qtbot.waitUntil(lambda: cluster.analysis.revision == cluster.document.revision)
    assert cluster.analysis.report.waived
    cluster.activateWindow()  # the menu's popup kept the activation offscreen
    qtbot.waitUntil(lambda: QApplication.activeWindow() is cluster)
    QTest.keyClick(cluster, Qt.Key.Key_Z, CTRL)
    settle()
    assert cluster.document.plan.waivers == ()


def test_the_cost_tab_and_the_pdf_from_the_file_menu(open_cluster, qtbot, monkeypatch, tmp_path):
    """The plan's cost (issue 23) in its own tab, and its PDF (issue 22) written from File > Export PDF... off the
    GUI thread: a user goes from a design to the cluster's sheet without the command line."""
    from pypdf import PdfReader

    main, cluster = open_cluster("New Cluster Plan", "From a Template", "DGX H100")
    bar = cluster.bottom.tabBar()
    tab = next(i for i in range(bar.count()) if bar.tabText(i) == "Cost")
    QTest.mouseClick(bar, LEFT, Qt.KeyboardModifier.NoModifier, bar.tabRect(tab).center())
    assert cluster.bottom.currentWidget() is cluster.cost
    cost = cluster.analysis.cost
    text = cluster.cost.totals.text()
    assert f"{cost['usd_per_gpu_hour']:.2f}" in text and "(estimated)" in text
    qtbot.waitUntil(lambda: cluster.cost.chart.figure is not None and len(cluster.cost.chart.figure.axes) >= 2)
    target = tmp_path / "pod.pdf"
    monkeypatch.setattr("designer.ui.cluster.window.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), ""))
    QTest.keyClick(cluster, Qt.Key.Key_E, CTRL)
    qtbot.waitUntil(lambda: cluster.pdf_job is None, timeout=60_000)
    assert "Wrote" in cluster.statusBar().currentMessage()
    pages = PdfReader(str(target)).pages
    assert "1,024" in pages[0].extract_text() and len(pages) >= 3


def test_the_preferences_price_book_prices_the_plan_and_a_broken_one_is_refused(open_cluster, make_window, qtbot,
                                                                                 tmp_path):
    """Issue 23: a user's own price book from Preferences overrides the shipped one in the cluster window's cost;
    a book that cannot be used is refused in the dialog with its reason."""
    import json

    from designer.ui.preferences import Preferences, PreferencesDialog

    book = tmp_path / "quotes.json"
    book.write_text(json.dumps({"book_version": "q", "entries": [
        {"part": "h100-sxm5", "unit_price": 20000, "date": "2025-03", "source": "our quote Q-9, 2025-03",
         "estimate": False}]}))
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    main = make_window()
    dialog = PreferencesDialog(Preferences(main.settings), main)
    qtbot.addWidget(dialog)
    dialog.show()
    for path, accepted in ((broken, False), (book, True)):
        dialog.price_book.setFocus()
        dialog.price_book.selectAll()
        QTest.keyClicks(dialog.price_book, str(path))
        QTest.keyClick(dialog, Qt.Key.Key_Return)
        assert dialog.isVisible() != accepted
    assert "not valid JSON" in dialog.price_book_error.text()
    dialog.apply()
    assert main.prefs.price_book == book
    _main, cluster = open_cluster("New Cluster Plan", "From a Template", "DGX H100")
    cost = cluster.analysis.cost
    assert cost["price_book"] == "shipped + quotes.json"
    h100 = next(line for line in cost["lines"] if line["part"] == "h100-sxm5")
    assert h100["unit_usd"] == 20_000 and not h100["estimate"]


def test_the_cluster_window_opens_inside_the_screen(open_cluster):
    _, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    area, frame = cluster.screen().availableGeometry(), cluster.frameGeometry()
    assert area.contains(frame.topLeft()) and area.contains(frame.bottomRight()), (frame, area)


def test_a_plan_opened_from_its_cluster_sheet_is_saved_as_json_never_over_the_pdf(make_window, qtbot, monkeypatch,
                                                                               tmp_path, catalog):
    """File > Open Cluster Plan... on a cluster sheet PDF (the plan is attached to it), then Ctrl+S: the plan's JSON
    was written over the PDF. Now Ctrl+S asks where, suggesting the sheet's name as .json, and the PDF stays."""
    from designer.cluster.build import ClusterModel
    from designer.export.cluster_pdf import export_cluster

    sheet = tmp_path / "offer.pdf"
    export_cluster(ClusterModel(ClusterPlan(name="pod", node=NodeRef(template="dgx-h100"), gpus=256), catalog),
                   {"pdf": sheet})
    pdf = sheet.read_bytes()
    window = make_window()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(sheet), ""))
    choose(qtbot, window, "Open Cluster Plan")
    cluster = window.clusters.windows[-1]
    qtbot.waitExposed(cluster)
    asked = []
    target = tmp_path / "offer.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (asked.append(a[2]), (str(target), ""))[1])
    QTest.keyClick(cluster, Qt.Key.Key_S, CTRL)
    settle()
    assert asked == [str(target)]  # the suggestion: the sheet's name as .json
    assert sheet.read_bytes() == pdf and load_plan(target, catalog).gpus == 256
    cluster.confirm_discard = lambda: True
    cluster.close()


def test_rack_names_stay_readable_when_the_whole_floor_is_fitted(open_cluster, qtbot):
    """At 1024 x 700 the 37 racks of a 1,024-GPU plan fitted the view at about 20 px a rack, too narrow for 'C001'
    across it: the names were gone. Now a rack too narrow turns its name down its body; closer in it sits above."""
    _main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    cluster.resize(1024, 700)
    qtbot.waitUntil(lambda: bool(cluster.scene.items_by_name), timeout=20000)
    settle()
    cluster.view.fit()
    settle()
    scale = cluster.view.transform().m11()
    rack = cluster.scene.items_by_name["C001"]
    assert rack.label_layout(scale) is not None  # the fitted floor names every rack
    assert rack.label_layout(20 / RACK_W) == "down"  # a rack 20 px wide on screen: the name turned down it
    assert rack.label_layout(scale * 4) == "above"  # zoomed in: across the top, as before
    assert rack.label_layout(0.01) is None  # a speck: no text at all


def test_the_cost_charts_keep_their_height_in_a_short_dock_and_scroll(open_cluster, qtbot):
    """At 1366 x 768 the Cost tab squeezed seven to nine bars into 55 px, their labels over each other."""
    from PySide6.QtWidgets import QScrollArea

    from designer.ui.cluster.panels import COST_CHART_MIN_H

    _main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    cluster.resize(1024, 600)
    cluster.bottom.setCurrentWidget(cluster.cost)
    qtbot.waitUntil(lambda: cluster.cost.chart.figure is not None and bool(cluster.cost.chart.figure.axes),
                    timeout=20000)
    settle()
    chart = cluster.cost.chart
    scroll = chart.parentWidget().parentWidget()
    assert isinstance(scroll, QScrollArea) and chart.height() >= COST_CHART_MIN_H
    for ax in chart.figure.axes:  # each category label on its own line: no two overlap
        boxes = [t.get_window_extent() for t in ax.get_yticklabels() if t.get_text()]
        assert all(a.y1 <= b.y0 + 1 or b.y1 <= a.y0 + 1 for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_the_legend_wraps_between_its_pieces_never_inside_one(open_cluster):
    """At 1024 x 700 the racks' legend wrapped between the 'server' swatch and its word."""
    from PySide6.QtGui import QTextDocument

    _main, cluster = open_cluster("New Cluster Plan", "From the Open Design")
    label = cluster.legend()
    doc = QTextDocument()
    doc.setHtml(label.text())
    doc.setTextWidth(320)  # narrow: the legend takes several lines
    doc.size()  # lays the document out
    lines = []
    block = doc.begin()
    while block.isValid():
        layout = block.layout()
        for i in range(layout.lineCount()):
            start, length = layout.lineAt(i).textStart(), layout.lineAt(i).textLength()
            lines.append(block.text()[start:start + length])
        block = block.next()
    assert len(lines) > 1
    assert not any(line.rstrip().endswith("\u25a0") for line in lines)  # no swatch left at a line's end
    assert any(line.lstrip().startswith("\u25a0 server") or "\u25a0\xa0server" in line for line in lines)
