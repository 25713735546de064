"""Issue 25 item 2, the canvas's rough edges: each reproduced with the user's events (QTest clicks, keys,
combo picks) and checked on what the window's backing store holds (what the screen shows), offscreen."""

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest
from ui_harness.gestures import ScriptedUser, settle

from designer.ui import text_dialog
from designer.ui.canvas.items import MARK_OFFSET
from designer.ui.style import SEVERITY_COLOR

SHOTS = Path(os.environ["ROUGH_EDGE_SHOTS"]) if os.environ.get("ROUGH_EDGE_SHOTS") else None  # PNGs to look at


def on_screen(window) -> QImage:
    """What the window shows now: the backing store (only repainted regions change), not a fresh render."""
    settle()
    return window.screen().grabWindow(window.winId()).toImage()


def ring_pixels(window, image: QImage, cid: str, colour: str) -> int:
    """Pixels of `colour` in the band just outside a part, where a finding's dashed outline is drawn."""
    view, item = window.view, window.scene.components[cid]
    rect = item.mapRectToScene(item.rect())
    inner = view.mapFromScene(rect).boundingRect()
    outer = view.mapFromScene(rect.adjusted(-2 * MARK_OFFSET, -2 * MARK_OFFSET, 2 * MARK_OFFSET,
                                            2 * MARK_OFFSET)).boundingRect()
    origin = view.viewport().mapTo(window, view.viewport().rect().topLeft())
    want, count = QColor(colour), 0
    for x in range(outer.left(), outer.right()):
        for y in range(outer.top(), outer.bottom()):
            if inner.contains(x, y):
                continue
            px = image.pixelColor(x + origin.x(), y + origin.y())
            count += abs(px.red() - want.red()) + abs(px.green() - want.green()) + abs(px.blue() - want.blue()) < 60
    return count


def analysed(window, qtbot) -> None:
    qtbot.waitUntil(lambda: window.analysis is not None and window.analysis.revision == window.document.revision,
                    timeout=5000)
    settle()


def test_a_findings_outline_comes_and_goes_with_the_finding_after_a_swap_a_waiver_and_undo(
        make_window, qtbot, monkeypatch):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    analysed(window, qtbot)
    window.view.zoom(3)
    window.view.centerOn(window.scene.components["psw0"])
    red = SEVERITY_COLOR["error"]
    assert ring_pixels(window, on_screen(window), "psw0", red) == 0
    user.click("psw0")
    user.choose(window.inspector.fields["part"], "cx8-pcie-switch")  # a swap the PCIe rules refuse
    analysed(window, qtbot)
    assert window.scene.components["psw0"].marker == "error"
    assert ring_pixels(window, on_screen(window), "psw0", red) > 50
    # waive it from the Problems panel (only the outline changes on the canvas), then Ctrl+Z
    monkeypatch.setattr(text_dialog, "ask_text", lambda *a, **k: ("accepted for the test", True))
    tree = window.problems.tree
    item = next(i for i in window.problems.violation_items() if "psw0" in i.data(0, Qt.ItemDataRole.UserRole).ids)
    user.pick_from_menu(lambda: user.right_click(tree.viewport(), tree.visualItemRect(item).center()), "Waive")
    analysed(window, qtbot)
    assert window.scene.components["psw0"].marker is None
    assert ring_pixels(window, on_screen(window), "psw0", red) == 0  # was left on the canvas
    user.undo()
    analysed(window, qtbot)
    assert ring_pixels(window, on_screen(window), "psw0", red) > 50  # was not drawn at all
    user.undo()  # the swap
    analysed(window, qtbot)
    assert window.document.design.component("psw0").part != "cx8-pcie-switch"
    assert window.scene.components["psw0"].marker is None
    assert ring_pixels(window, on_screen(window), "psw0", red) == 0


def test_a_findings_outline_stays_inside_what_the_item_repaints_at_any_zoom(make_window):
    window = make_window("dgx-h100")
    item = window.scene.components["gpu0"]
    for zoom in (0.3, 1.0, 4.0):
        window.view.resetTransform()
        window.view.zoom(zoom)
        margin = MARK_OFFSET + 1.5 / zoom  # the outline's offset and half its 3 px pen
        drawn = QRectF(item.rect()).adjusted(-margin, -margin, margin, margin)
        assert zoom < 0.5 or item.boundingRect().contains(drawn)


def view_centre(window):
    view = window.view
    return view.mapToScene(view.viewport().rect().center())


def fits(view) -> bool:
    """The whole design shows and fills the view along one side (as Fit leaves it)."""
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    items = view.scene().design_rect()
    snug = min(shown.width() / items.width(), shown.height() / items.height()) < 1.15
    return shown.contains(items) and snug


def test_b_the_canvas_keeps_its_centre_when_the_analysis_dock_grows(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    user.key(Qt.Key.Key_Plus)
    user.key(Qt.Key.Key_Plus)  # the user's own zoom: kept, with the point they look at
    before, height = view_centre(window), window.view.viewport().height()
    # the dock grows by 120 px, as it does when a tab shows more (QTest cannot drive the dock separator offscreen)
    window.resizeDocks([window.analysis_dock], [window.analysis_dock.height() + 120], Qt.Orientation.Vertical)
    settle()
    assert window.view.viewport().height() < height - 80  # the dock grew
    after = view_centre(window)
    scale = window.view.transform().m11()
    assert abs(after.x() - before.x()) * scale <= 2 and abs(after.y() - before.y()) * scale <= 2


def test_c_presentation_mode_is_fitted_when_it_first_shows(make_window, qtbot):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    user.key(Qt.Key.Key_F5)
    present = window.presenter
    qtbot.waitExposed(present)
    settle()
    assert fits(present.view)
    QTest.keyClick(present, Qt.Key.Key_Right)  # the next design: fitted too
    settle()
    assert fits(present.view)
    present.grab().save(str(SHOTS / "c-present.png")) if SHOTS else None
    QTest.keyClick(present, Qt.Key.Key_Escape)


def test_d_a_fitted_design_stays_fitted_when_the_window_is_resized_and_a_zoom_is_kept(make_window, qtbot):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    user.key(Qt.Key.Key_F)
    assert fits(window.view)
    window.resize(1000, 700)
    settle()
    assert fits(window.view)  # refitted, as draw.io and KiCad keep a fitted page
    window.resize(1500, 950)
    settle()
    assert fits(window.view)
    user.key(Qt.Key.Key_Plus)
    zoom = window.view.transform().m11()
    window.resize(1200, 800)
    settle()
    assert window.view.transform().m11() == zoom  # the user's own zoom stays


def test_d_a_design_opened_or_made_new_is_fitted_and_a_zoom_saved_for_another_design_is_not_used(
        qtbot, catalog, design_of, tmp_path):
    from PySide6.QtCore import QSettings

    from designer.document.document import Document
    from designer.ui.main_window import MainWindow

    settings = QSettings(str(tmp_path / "kept.ini"), QSettings.Format.IniFormat)

    def start(template: str) -> MainWindow:
        window = MainWindow(Document(design_of(template), catalog), catalog, settings, tmp_path / "state")
        window.files.confirm_discard = lambda: True
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        settle()
        return window

    first = start("gb200-nvl72")
    ScriptedUser(first).key(Qt.Key.Key_Plus)
    zoomed = first.view.transform().m11()
    first.close()
    settings.sync()
    second = start("dgx-h100")  # another design at the next start: fitted, not at the NVL72's zoom
    qtbot.waitUntil(lambda: fits(second.view), timeout=3000)
    assert second.view.transform().m11() != zoomed
    ScriptedUser(second).key(Qt.Key.Key_Plus)
    second.files.new_from_template("supermicro-pcie-l40s")  # File > New: the new design fitted
    qtbot.waitUntil(lambda: fits(second.view), timeout=3000)
    second.close()


def dark_pixels(window, image: QImage, rect: QRectF) -> int:
    """Text-dark pixels (text is #111 on the parts' light colours) inside a scene rectangle, on screen."""
    view = window.view
    box = view.mapFromScene(rect).boundingRect()
    origin = view.viewport().mapTo(window, view.viewport().rect().topLeft())
    return sum(image.pixelColor(x + origin.x(), y + origin.y()).lightness() < 80
               for x in range(box.left(), box.right()) for y in range(box.top(), box.bottom()))


def test_g_a_psu_label_too_long_for_its_box_is_elided_not_cut_through(make_window):
    window = make_window("dgx-h100")
    item = window.scene.components["psu0"]
    assert window.view.transform().m11() * item.rect().height() >= 60  # the detailed label is drawn
    rect = item.mapRectToScene(item.rect())
    bottom_band = QRectF(rect.left() + 4, rect.bottom() - 4, rect.width() - 8, 3)
    assert dark_pixels(window, on_screen(window), bottom_band) == 0  # no line cut by the item's edge
    assert "3.3 kW PSU (80 PLUS Titanium)" in item.toolTip()  # the whole name where the box elides it


def test_g_lines_that_do_not_fit_end_in_an_ellipsis():
    from PySide6.QtGui import QFont, QFontMetricsF

    from designer.ui.canvas.labels import fitted_lines

    metrics = QFontMetricsF(QFont("Sans", 9))
    width = metrics.horizontalAdvance("3.3 kW PSU (80") + 1
    lines = fitted_lines(metrics, ["3.3 kW PSU (80 PLUS Titanium)", ""], width, metrics.lineSpacing() * 1.5)
    assert len(lines) == 1 and lines[0].endswith("\u2026") and metrics.horizontalAdvance(lines[0]) <= width
    both = fitted_lines(metrics, ["3.3 kW PSU (80 PLUS Titanium)"], width, metrics.lineSpacing() * 2.5)
    assert both == ["3.3 kW PSU (80", "PLUS Titanium)"]


def test_g_a_zone_label_is_elided_to_its_zone_with_the_whole_label_in_the_tooltip(make_window):
    from designer.ui.canvas.items import ZoneItem

    window = make_window("dgx-h100")
    zones = [i for i in window.scene.items() if isinstance(i, ZoneItem) and i.label and not i.title]
    host = next(z for z in zones if "PCIe" in z.label)
    assert host.label in host.toolTip()


def test_g_a_link_label_is_inside_what_the_link_repaints_so_none_of_it_is_left_behind(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    link = next(lk for lk in window.scene.links.values()
                if abs(lk.path().boundingRect().height()) < 2 and lk.label)  # a straight horizontal link
    for _ in range(3):
        user.key(Qt.Key.Key_Plus)
    zoom = window.view.transform().m11()
    label = link._label_box(zoom)
    assert link.boundingRect().contains(label)  # was the path's thin box: the label was cut off and left behind
    window.view.centerOn(label.center())
    shown = dark_pixels(window, on_screen(window), label)
    assert shown > 5  # zoomed in past 2.2: the label is drawn
    user.key(Qt.Key.Key_Minus)
    user.key(Qt.Key.Key_Minus)
    user.key(Qt.Key.Key_Minus)
    user.key(Qt.Key.Key_F)
    assert link.boundingRect().contains(link._label_box(window.view.transform().m11()))


def test_links_paint_opaque_in_the_colour_their_translucent_pen_gives_over_the_canvas():
    """A translucent pen made one paint of the 1,584-link rack 350 ms (benchmarks/bench_rack_edit.py): links are
    drawn with the opaque colour the translucent one shows over the canvas, so they look the same."""
    from designer.ui.canvas.items import _over

    blue = QColor(30, 90, 200, 150)
    over_white = _over(blue.rgba(), QColor("white").rgba())
    assert over_white.alpha() == 255
    share = 150 / 255
    expected = [round(share * c + (1 - share) * 255) for c in (30, 90, 200)]
    assert [over_white.red(), over_white.green(), over_white.blue()] == pytest.approx(expected, abs=1)
    over_black = _over(blue.rgba(), QColor("black").rgba())
    assert [over_black.red(), over_black.green(), over_black.blue()] == pytest.approx(
        [round(share * c) for c in (30, 90, 200)], abs=1)
