"""The spec sheet's line under the name follows the design (issue 25: "8x 400G + 2 BlueField-3 ... 6x 3.3 kW, 5+1"
stayed on the sheet after the user deleted NICs and PSUs) and the Inspector edits it."""

import io

from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from ui_harness.gestures import ScriptedUser, settle

from designer.export.pdf import spec_sheet_pdf
from designer.templates import TEMPLATES

STALE = ("8x 400G + 2 BlueField-3", "6x 3.3 kW")


def sheet_text(design, catalog) -> str:
    pages = PdfReader(io.BytesIO(spec_sheet_pdf(design, catalog))).pages
    return " ".join(" ".join(p.extract_text() for p in pages).split())


def test_deleting_nics_and_psus_on_the_canvas_updates_the_sheet_line(make_window, catalog):
    window = make_window("dgx-b200")
    assert all(s in TEMPLATES["dgx-b200"].description for s in STALE)  # the template's own line, as built
    assert all(s in sheet_text(window.document.design, catalog) for s in STALE)
    user = ScriptedUser(window)
    design = window.document.design
    nics = [c.id for c in design.components if catalog.get(c.part).kind == "nic" and c.id.startswith("nic")]
    psus = [c.id for c in design.components if catalog.get(c.part).kind == "psu"]
    doomed = nics[:2] + psus[:1]
    user.click(doomed[0])
    for cid in doomed[1:]:
        user.click(cid, Qt.KeyboardModifier.ControlModifier)
    user.delete()
    design = window.document.design
    assert not any(c.id in doomed for c in design.components)
    text = sheet_text(design, catalog)
    assert not any(s in text for s in STALE)
    nic_name = catalog.get(design.component(nics[2]).part).name
    assert f"{len(nics) - 2}x {nic_name}" in text  # counted from the design, not copied
    assert f"{len(psus) - 1}x {catalog.get(design.component(psus[1]).part).name}" in text
    # the Inspector (nothing selected: the design form) shows no stale text; the derived line is its placeholder
    user.click_empty()
    field = window.inspector.fields["description"]
    assert field.text() == "" and f"{len(nics) - 2}x {nic_name}" in field.placeholderText()
    # and says why: the template's text went because it no longer fits (a user read it as deleted by the edit)
    assert "no longer fits this design" in field.toolTip() and "BlueField-3" in field.toolTip()
    user.undo()
    assert field.text() == TEMPLATES["dgx-b200"].description and field.toolTip() == ""


def test_a_description_typed_in_the_inspector_reaches_the_sheet(make_window, catalog):
    window = make_window("dgx-h100")
    field = window.inspector.fields["description"]
    window.activateWindow()
    settle()
    QTest.mouseClick(field, Qt.MouseButton.LeftButton)
    QTest.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(field, "Lab node, rack 7")
    QTest.keyClick(field, Qt.Key.Key_Return)
    settle()
    assert window.document.design.meta.description == "Lab node, rack 7"
    assert "Lab node, rack 7" in sheet_text(window.document.design, catalog)
