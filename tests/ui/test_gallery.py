"""The New from Template gallery: thumbnails, headline figures, filters by vendor, scheme and cooling, used with
real key and mouse events."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from designer.templates import TEMPLATES
from designer.ui.gallery import TemplateGallery


@pytest.fixture
def gallery(qtbot, catalog):
    dialog = TemplateGallery(catalog)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def choose(qtbot, combo, text: str) -> None:
    """Pick a filter value the way a keyboard user does: focus the combo box, Home, then Down until it shows."""
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    QTest.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(combo.count()):
        if combo.currentText().lower().startswith(text.lower()):
            return
        QTest.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText().lower().startswith(text.lower()), (text, combo.currentText())


def test_every_template_has_a_thumbnail_and_its_headline_figures(gallery):
    assert gallery.list.count() == len(TEMPLATES) + 1  # the blank design first
    for row in range(1, gallery.list.count()):
        item = gallery.list.item(row)
        assert not item.icon().isNull()
        assert " GB/s/dir scale-up per " in item.text() and " kW" in item.text()
    nvl72 = next(gallery.list.item(r) for r in range(gallery.list.count())
                 if gallery.list.item(r).data(Qt.ItemDataRole.UserRole) == "gb200-nvl72")
    assert "72 GPUs · 900 GB/s/dir scale-up per GPU" in nvl72.text()
    assert "rack-scale" in nvl72.text() and "liquid (cold plate)" in nvl72.text()


def test_the_rack_thumbnail_is_drawn_taller_than_wide(gallery, catalog):
    entry = next(e for e in gallery.entries if e.id == "gb200-nvl72")
    image = gallery.list.item(gallery.entries.index(entry) + 1).icon().pixmap(120, 120).toImage()
    coloured = [(x, y) for x in range(image.width()) for y in range(image.height())
                if image.pixelColor(x, y).saturation() > 80]
    xs, ys = [x for x, _ in coloured], [y for _, y in coloured]
    assert max(ys) - min(ys) > 2 * (max(xs) - min(xs))  # a 48U rack, not an 8-GPU chassis seen from the top


def test_scheme_filter_keeps_the_rack_scale_design(qtbot, gallery):
    choose(qtbot, gallery.scheme, "rack")
    assert gallery.visible_ids() == ["gb200-nvl72", "gb300-nvl72"]
    assert gallery.shown.text() == f"2 of {len(TEMPLATES)} designs"
    assert gallery.chosen() == "gb200-nvl72"  # the first visible design becomes the current one


def test_vendor_and_cooling_filters_combine(qtbot, gallery):
    choose(qtbot, gallery.cooling, "liquid")
    liquid = gallery.visible_ids()
    assert "gb200-nvl72" in liquid and "dgx-h100" not in liquid
    choose(qtbot, gallery.vendor, "AMD")
    both = gallery.visible_ids()  # liquid-cooled and AMD: both filters at once
    expected = [e.id for e in gallery.entries if e.vendor == "AMD" and e.cooling != "air"]
    assert both == expected and "amd-mi300x" not in both  # the air-cooled MI300X box is filtered out
    choose(qtbot, gallery.cooling, "All")
    assert set(both) < set(gallery.visible_ids()) and all(i.startswith("amd-") for i in gallery.visible_ids())


def test_double_click_on_a_thumbnail_chooses_that_design(qtbot, gallery):
    choose(qtbot, gallery.scheme, "C")
    row = next(r for r in range(gallery.list.count()) if gallery.list.item(r).data(Qt.ItemDataRole.UserRole)
               == "gb200-nvl72")
    rect = gallery.list.visualItemRect(gallery.list.item(row))
    with qtbot.waitSignal(gallery.accepted):
        QTest.mouseClick(gallery.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        QTest.mouseDClick(gallery.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert gallery.chosen() == "gb200-nvl72"


def test_the_scheme_filter_names_the_schemes(gallery):
    texts = [gallery.scheme.itemText(i) for i in range(1, gallery.scheme.count())]
    assert texts[:4] == ["A: PCIe switch", "B: full mesh (switched or direct links)", "C: CPU-GPU fusion",
                         "D: custom liquid"]  # was "A", "B", "C", "D"
    assert texts[4].startswith("rack-scale")


def test_filters_that_match_nothing_say_so_and_clear_filters_brings_the_designs_back(qtbot, gallery):
    vendors, coolings = {e.vendor for e in gallery.entries}, {e.cooling for e in gallery.entries}
    vendor, cooling = next((v, c) for v in sorted(vendors) for c in sorted(coolings)
                           if not any(e.vendor == v and e.cooling == c for e in gallery.entries))
    choose(qtbot, gallery.vendor, vendor)
    choose(qtbot, gallery.cooling, gallery.cooling.itemText(gallery.cooling.findData(cooling)))
    assert gallery.visible_ids() == [] and gallery.shown.text() == f"0 of {len(TEMPLATES)} designs"
    assert gallery.empty.isVisible()
    assert gallery.empty.text() == "No reference design matches this search and these filters."
    assert not gallery.list.isVisible() and not gallery.ok.isEnabled() and gallery.chosen() is None
    QTest.mouseClick(gallery.clear_filters, Qt.MouseButton.LeftButton)
    assert len(gallery.visible_ids()) == len(TEMPLATES) and gallery.list.isVisible() and gallery.ok.isEnabled()


def test_long_description_lines_wrap_inside_the_dialog(qtbot, gallery):
    """At the dialog's narrowest, every entry's lines fit its width (the HGX H800's description runs past it and
    wraps): no sideways scrolling, every entry within the list."""
    gallery.resize(gallery.minimumSizeHint().width(), 640)
    qtbot.waitUntil(lambda: gallery.list.viewport().width() < 760)
    QTest.qWait(50)
    assert gallery.list.horizontalScrollBar().maximum() == 0
    rows = {gallery.list.item(i).data(Qt.ItemDataRole.UserRole): gallery.list.visualItemRect(gallery.list.item(i))
            for i in range(gallery.list.count())}
    assert all(r.width() <= gallery.list.viewport().width() for r in rows.values())


def test_the_blank_design_comes_first_with_a_chassis_of_the_users_choice(qtbot, gallery):
    # issue 35 item 3: File offered only reference designs; building from scratch meant Ctrl+A, Delete 102 items
    assert gallery.chosen() == "dgx-h100" and not gallery.chassis.isEnabled()
    gallery.list.setFocus()
    QTest.keyClick(gallery.list, Qt.Key.Key_Home)
    assert gallery.chosen() == "blank" and gallery.chassis.isEnabled()
    assert gallery.chosen_chassis() == "chassis-hgx-6u"
    choose(qtbot, gallery.chassis, "OAM 8-GPU 8U")
    assert gallery.chosen_chassis() == "chassis-oam-8u"
    choose(qtbot, gallery.scheme, "rack")  # filters leave the blank design alone
    assert not gallery.list.item(0).isHidden() and gallery.visible_ids() == ["gb200-nvl72", "gb300-nvl72"]


def test_the_blank_design_starts_on_the_open_designs_chassis_as_file_new_blank_does(qtbot, catalog):
    """From a user session: File > New Blank Design offered the open design's chassis (DGX H100/H200-class 8U) and
    the gallery's blank entry the HGX 6U; both now start from the open design's."""
    dialog = TemplateGallery(catalog, None, "chassis-dgx-h100")
    qtbot.addWidget(dialog)
    dialog.list.setCurrentRow(0)
    assert dialog.chosen() == "blank" and dialog.chosen_chassis() == "chassis-dgx-h100"


def test_typing_in_the_search_finds_designs_by_any_word_and_clear_brings_them_back(qtbot, gallery):
    """issue 35: a text search, focused when the gallery opens: every word must be found (any case) in a design's
    name, description, figures or vendor; the filters still apply; Clear search and filters empties it too."""
    assert gallery.search.hasFocus() or gallery.focusWidget() is gallery.search
    QTest.keyClicks(gallery.search, "B300 air")
    found = gallery.visible_ids()
    assert "dgx-b300" in found and "hgx-b300" in found and "gb300-nvl72" not in found  # liquid, so no "air"
    assert gallery.shown.text() == f"{len(found)} of {len(TEMPLATES)} designs"
    assert gallery.chosen() in found  # the current row follows to a design that is shown
    gallery.search.clear()
    QTest.keyClicks(gallery.search, "no such design")
    assert gallery.visible_ids() == [] and gallery.empty.isVisible() and not gallery.ok.isEnabled()
    QTest.mouseClick(gallery.clear_filters, Qt.MouseButton.LeftButton)
    assert gallery.search.text() == "" and len(gallery.visible_ids()) == len(TEMPLATES)
