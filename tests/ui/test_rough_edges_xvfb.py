"""What a fresh user's session on Xvfb still found after the rough edges were fixed (issue 25 item 2): a design
opened after a taller one not centred, zone labels half under the parts, zoomed-in link labels cut by the parts,
a '&gt;' in the bottleneck's tooltip, an empty Notes strip left open. Each with the user's events, offscreen."""

from dataclasses import replace

from PySide6 import QtGui
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtTest import QTest
from ui_harness.gestures import ScriptedUser, settle

from designer.ui.canvas.items import ComponentItem, ZoneItem


def test_a_design_opened_after_a_taller_one_has_its_own_scrollable_area(make_window, qtbot):
    """Before: the scene's rect only grew, so a DGX opened after the 72-GPU rack kept the rack's height (off
    centre, scroll bars) and Fit could not centre it."""
    window = make_window("gb200-nvl72")
    rack_height = window.scene.design_rect().height()
    window.files.new_from_template("dgx-h100")  # File > New from Template
    settle()
    design = window.scene.design_rect()
    scene = window.view.sceneRect()
    assert design.height() < rack_height / 2  # the check means something: the rack is far taller
    assert scene.contains(design) and scene.height() <= design.height() + 50 and scene.width() <= design.width() + 50
    ScriptedUser(window).key(Qt.Key.Key_F)  # Fit
    assert not window.view.verticalScrollBar().isVisible() or window.view.verticalScrollBar().maximum() <= 2


def test_a_zone_label_sits_on_the_zones_top_edge_clear_of_every_part(make_window):
    """Before: drawn inside the zone's top-left corner, its lower half lay under the first row of parts."""
    from designer.ui.canvas.items import LEGEND_H
    for template in ("dgx-h100", "amd-mi300x", "supermicro-pcie-l40s"):
        window = make_window(template)
        parts = [i.mapRectToScene(i.rect()) for i in window.scene.items() if isinstance(i, ComponentItem)]
        zones = [z for z in window.scene.items() if isinstance(z, ZoneItem) and z.label and not z.title]
        assert zones, template
        for zone in zones:
            top = zone.mapRectToScene(zone.rect()).top()
            band = QRectF(zone.sceneBoundingRect().left() + 6, top - LEGEND_H / 2, 60, LEGEND_H)  # the label's band
            assert not any(band.intersects(p) for p in parts), (template, zone.label)
            assert zone.boundingRect().top() <= zone.rect().top() - LEGEND_H / 2  # repainted whole


def test_zoomed_in_link_labels_lie_on_no_part(make_window):
    """Before: at a zoom over 2.2 every link's label was drawn at the curve's middle, below the parts, so a part
    over it cut it ('16x 63 G', 'B/s/d')."""
    from designer.ui.canvas.items import LABEL_AT
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    for _ in range(9):
        user.key(Qt.Key.Key_Plus)
    zoom = window.view.transform().m11()
    assert zoom > 2.2
    shown = 0
    for link in window.scene.links.values():
        box = link._free_label_box(zoom)
        if box is None:
            continue  # under a part wherever it goes: shown when the link is selected or hovered
        shown += 1
        assert not any(isinstance(i, ComponentItem) for i in window.scene.items(box)), link.lid
        assert link.boundingRect().contains(box)
        assert any(box.center() == link.path().pointAtPercent(at) for at in LABEL_AT)
    assert shown >= len(window.scene.links) // 2


def show_performance(window, qtbot):
    tabs = window.bottom
    QTest.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=tabs.tabBar().tabRect(tabs.indexOf(window.performance)).center())
    qtbot.waitUntil(lambda: window.performance.result is not None, timeout=20000)
    return window.performance


def test_the_bottleneck_tooltip_says_the_arrow_as_an_arrow(make_window, qtbot):
    panel = show_performance(make_window("gb200-nvl72"), qtbot)
    panel._done(panel.generation, replace(panel.result, notes=()), "")  # a result without notes: no '<br>' added
    tip = panel.status.toolTip()
    assert "&gt;" in tip and QtGui.Qt.mightBeRichText(tip)  # escaped, and shown as rich text: the arrow reads '->'
    doc = QTextDocument()
    doc.setHtml(tip)
    assert "->" in doc.toPlainText()  # was shown as plain text: '-&gt;'


def test_no_empty_notes_strip_is_left_open_when_the_notes_go(make_window, qtbot):
    """Before: Notes (2) checked, then a result without notes: the button disabled but still checked, and an
    empty strip above the chart."""
    panel = show_performance(make_window("dgx-h100"), qtbot)
    panel._done(panel.generation, replace(panel.result, notes=("a note of the model",)), "")
    assert panel.notes_button.isEnabled()
    QTest.mouseClick(panel.notes_button, Qt.MouseButton.LeftButton)
    assert panel.notes_button.isChecked() and panel.notes.isVisibleTo(panel)
    panel._done(panel.generation, replace(panel.result, notes=()), "")  # the next result has no notes
    assert not panel.notes_button.isEnabled() and not panel.notes_button.isChecked()
    assert not panel.notes.isVisibleTo(panel)
