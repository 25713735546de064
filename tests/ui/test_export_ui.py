"""File > Export off the GUI thread (progress, confirmation naming the file, Open button) and Edit > Branding for
Spec Sheets, driven with real key and mouse events."""

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog

from designer.io.files import load_design
from designer.ui.branding_dialog import BrandingDialog


@pytest.fixture(autouse=True)
def user_brand(tmp_path, monkeypatch):
    path = tmp_path / "config" / "brand.json"
    monkeypatch.setattr("designer.export.brand.user_brand_path", lambda: path)
    monkeypatch.setattr("designer.ui.branding_dialog.user_brand_path", lambda: path)
    return path


def menu_action(window, *names):
    """The QAction reached through the menu bar by its visible names (without '&')."""
    actions = window.menuBar().actions()
    for name in names:
        action = next(a for a in actions if a.text().replace("&", "") == name)
        actions = action.menu().actions() if action.menu() else []
    return action


def test_ctrl_e_exports_the_pdf_off_the_gui_thread_and_offers_to_open_it(make_window, qtbot, tmp_path, monkeypatch,
                                                                         catalog):
    window = make_window("amd-mi300x")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "mi300x"), ""))
    opened = []
    monkeypatch.setattr("designer.ui.export_job.QDesktopServices.openUrl", lambda url: opened.append(url))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    with qtbot.waitSignal(window.files.exports.done, timeout=60_000) as done:
        QTest.keyClick(window.view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
        assert window.files.exports.busy()  # the worker runs while the GUI thread goes on
        assert window.files.exports.progress.isVisible()
    target = tmp_path / "mi300x.pdf"
    assert done.args == [[str(target)]]
    assert load_design(target, catalog) == window.document.design
    box = window.files.exports.message
    assert box.isVisible() and "mi300x.pdf" in box.text() and str(tmp_path) in box.informativeText()
    button = next(b for b in box.buttons() if b.text() == "Open")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert [u.toLocalFile() for u in opened] == [str(target)]


def test_a_failed_export_says_why_in_one_line(make_window, qtbot, tmp_path, monkeypatch, user_brand):
    user_brand.parent.mkdir()
    user_brand.write_text('{"colour": "red"}')
    window = make_window("rtx-pcie-8")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "x.pdf"), ""))
    with qtbot.waitSignal(window.files.exports.failed, timeout=60_000) as failed:
        menu_action(window, "File", "Export", "PDF Spec Sheet...").trigger()
    assert "colour" in failed.args[0] and "\n" not in failed.args[0]
    assert window.files.exports.message.windowTitle() == "Export failed"
    assert not (tmp_path / "x.pdf").exists()


def test_slide_export_from_the_menu(make_window, qtbot, tmp_path, monkeypatch):
    window = make_window("dgx-h100")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "deck.svg"), ""))
    with qtbot.waitSignal(window.files.exports.done, timeout=60_000):
        menu_action(window, "File", "Export", "16:9 Slide...").trigger()
    assert (tmp_path / "deck.svg").read_text().lstrip().startswith("<svg")


def test_branding_page_saves_the_users_brand_file(make_window, qtbot, user_brand):
    window = make_window("dgx-h100")
    menu_action(window, "Edit", "Branding for Spec Sheets...").trigger()
    dialog = window.findChild(BrandingDialog)
    qtbot.waitExposed(dialog)
    QTest.keyClicks(dialog.company, "ACME <b>Systems</b>")
    QTest.keyClicks(dialog.contact, "sales@acme.example")
    dialog.colour.selectAll()
    QTest.keyClicks(dialog.colour, "not a colour")
    save = dialog.buttons.button(dialog.buttons.StandardButton.Save)
    QTest.mouseClick(save, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and "colour" in dialog.error.text() and not user_brand.exists()
    dialog.colour.selectAll()
    QTest.keyClicks(dialog.colour, "#123456")
    QTest.mouseClick(save, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    saved = json.loads(user_brand.read_text())
    assert saved["company"] == "ACME <b>Systems</b>" and saved["colour"] == "#123456"
    assert saved["contact"] == "sales@acme.example"

    # the document number's prefix and how long quoted prices hold (issue 34 item 4), typed and kept
    menu_action(window, "Edit", "Branding for Spec Sheets...").trigger()
    dialog = next(d for d in window.findChildren(BrandingDialog) if d.isVisible())
    qtbot.waitExposed(dialog)
    assert dialog.prefix.text() == "GND" and dialog.validity.text() == "not an offer"
    dialog.prefix.selectAll()
    QTest.keyClicks(dialog.prefix, "ACME-Q")
    dialog.validity.selectAll()
    QTest.keyClicks(dialog.validity, "30")
    QTest.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Save), Qt.MouseButton.LeftButton)
    saved = json.loads(user_brand.read_text())
    assert saved["document_prefix"] == "ACME-Q" and saved["quote_validity_days"] == 30
    assert saved["company"] == "ACME <b>Systems</b>"  # the rest kept



def test_the_default_paper_size_from_preferences_sets_the_sheet(make_window, qtbot, tmp_path, monkeypatch):
    from pypdf import PdfReader

    window = make_window("dgx-h100")
    window.prefs.set(paper="letter")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "letter.pdf"), ""))
    with qtbot.waitSignal(window.files.exports.done, timeout=60_000):
        menu_action(window, "File", "Export", "PDF Spec Sheet...").trigger()
    box = PdfReader(tmp_path / "letter.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)  # US Letter in points, not A4 (595 x 842)


def test_exports_from_the_app_use_the_site_rack_limits_of_its_own_check(make_window, qtbot, tmp_path, monkeypatch):
    """Four air-cooled DGX B200 (4 x 14.3 kW) exceed the 40 kW public air default; a site built for 60 kW accepts
    them in the app's check, and so in the JSON spec and the PDF sheet it exports, which say which limits."""
    from pypdf import PdfReader

    from designer.document import commands as cmd

    window = make_window("dgx-b200")
    window.document.push(cmd.set_settings(nodes_per_rack=4))
    window.prefs.set(rack_air_kw=60.0)
    window.analyse()
    assert "power.rack_density" not in {v.rule for v in window.report.active}
    for kind, name in (("JSON Spec...", "b200.json"), ("PDF Spec Sheet...", "b200.pdf")):
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, n=name, **k: (str(tmp_path / n), ""))
        with qtbot.waitSignal(window.files.exports.done, timeout=60_000):
            menu_action(window, "File", "Export", kind).trigger()
    rules = json.loads((tmp_path / "b200.json").read_text())["rules"]
    assert "power.rack_density" not in {f["rule"] for f in rules["violations"]}
    limits = rules["rack_limits"]
    assert (limits["air_w"], limits["air_source"]) == (60_000, "the site's limit (Preferences)")
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "b200.pdf").pages)
    assert "Rack limits used: 60 kW to air (the site's limit (Preferences))" in text
