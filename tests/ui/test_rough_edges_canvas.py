"""Issue 25 item 2, the canvas's rough edges: each reproduced with the user's events (QTest clicks, keys,
combo picks) and checked on what the window's backing store holds (what the screen shows), offscreen."""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QInputDialog
from ui_harness.gestures import ScriptedUser, settle

from designer.ui.canvas.items import MARK_OFFSET
from designer.ui.style import SEVERITY_COLOR


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
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("accepted for the test", True))
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
