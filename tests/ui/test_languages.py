"""The window in Traditional and Simplified Chinese: no English left where a user reads the interface, the
language picked in Preferences (real clicks) or with --lang, and a font with CJK glyphs for the widgets."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from PySide6.QtCore import QLocale, QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontDatabase, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QToolButton,
)
from ui_harness.gestures import ScriptedUser, settle

from designer.core import i18n
from designer.core.errors import DesignerError
from designer.document import commands as cmd
from designer.model.parts import SlotKind
from designer.templates import TEMPLATES
from designer.ui.branding_dialog import BrandingDialog
from designer.ui.i18n import chosen_language, install_translators
from designer.ui.preferences import PreferencesDialog

# What stays English in every language (resources/i18n/GLOSSARY.md), and what is not interface text.
KEPT = re.compile(r"\(&\w\)|&|GPU Node Designer|GPUs?|CPUs?|PSUs?|NICs?|DPUs?|PCIe|NVLink|NVSwitch|BOM|PDF|JSON|SVG|"
                  r"PNG|HBM|TDP|#rrggbb|[Ss]cale-(up|out)|busbw|Ctrl|Shift|Space|Esc|kW|GB/s|Gb/s|GB|MiB|GiB|NVIDIA|"
                  r"nccl-tests|nvidia-smi|rocm-smi|npu-smi|topo|ID|US Letter|A4|English|N\+\d|ECCN|TPP|"
                  r"\b[a-z]+\.[a-z_]+\b|AllReduce|AllGather|ReduceScatter|AllToAll|ring|tree|nvls|collnet")
ENGLISH = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def language():
    """Install a language's translators for one test and take them out again afterwards."""
    app = QApplication.instance()
    installed = []
    before = QLocale()

    def use(lang: str) -> None:
        installed.extend(install_translators(app, lang))

    yield use
    for translator in installed:
        app.removeTranslator(translator)
    i18n.set_language("en")
    QLocale.setDefault(before)


PRODUCT_NAMES = {t.title for t in TEMPLATES.values()}  # File > New Cluster Plan > From a Template lists products


def english_left(texts: list[str]) -> list[str]:
    return [t for t in texts if t not in PRODUCT_NAMES and ENGLISH.search(KEPT.sub(" ", t))]


def menu_texts(menu: QMenu) -> list[str]:
    out = [menu.title()]
    for action in menu.actions():
        if action.menu() is not None:
            out += menu_texts(action.menu())
        elif not action.isSeparator():
            out.append(action.text())
    return out


def form_labels(form_host) -> list[str]:
    form = form_host.layout()
    assert isinstance(form, QFormLayout)
    labels = (form.itemAt(r, QFormLayout.ItemRole.LabelRole) for r in range(form.rowCount()))
    return [item.widget().text() for item in labels if item is not None and isinstance(item.widget(), QLabel)]


def interface_texts(window) -> list[str]:
    """What the user reads in menus, docks, tabs, toolbar, buttons, inspector labels and rule titles."""
    texts = [t for a in window.menuBar().actions() if a.menu() is not None for t in menu_texts(a.menu())]
    texts += [d.windowTitle() for d in (window.palette_dock, window.inspector_dock, window.analysis_dock)]
    texts += [window.bottom.tabText(i) for i in range(window.bottom.count())]
    texts += [a.iconText() for a in window.toolbar.actions() if not a.isSeparator()]
    texts += [b.text() for b in window.findChildren(QAbstractButton) if b.text() and not isinstance(b, QToolButton)]
    texts += [window.performance.pick.text(), window.performance.notes_button.text()]
    texts += form_labels(window.inspector.form_host)
    tree = window.problems.tree
    texts += [tree.headerItem().text(c) for c in range(tree.columnCount())] + [window.problems.summary.text()]
    texts += [tree.topLevelItem(i).text(0).split(": ", 1)[1] for i in range(tree.topLevelItemCount())]
    texts += [window.totals.text(), window.palette_panel.search.placeholderText()]
    texts += [window.palette_panel.tree.topLevelItem(i).text(0)
              for i in range(window.palette_panel.tree.topLevelItemCount())]
    return [t for t in texts if t]


@pytest.mark.parametrize(("lang", "menu", "bandwidth"), [("zh_TW", "檔案(&F)", "頻寬"), ("zh_CN", "文件(&F)", "带宽")])
def test_window_in_chinese_has_no_english_left(make_window, language, lang, menu, bandwidth):
    language(lang)
    window = make_window("dgx-h100")
    window.analyse()
    settle()
    texts = interface_texts(window)
    assert len(texts) > 80
    assert not english_left(texts)
    assert window.menuBar().actions()[0].text() == menu
    ScriptedUser(window).click("gpu0")  # the inspector shows the GPU's figures in words of the language
    specs = window.inspector.fields["specs"]
    assert isinstance(specs, QLabel) and bandwidth in specs.text() and "bandwidth" not in specs.text()
    assert not english_left(form_labels(window.inspector.form_host))


def test_english_stays_english_without_a_translator(make_window):
    window = make_window("dgx-h100")
    assert window.menuBar().actions()[0].text() == "&File"
    assert window.bottom.tabText(2) == "Power && Thermal"
    assert len(english_left(interface_texts(window))) > 60  # the check above finds English where there is some


def test_rule_titles_and_messages_follow_the_language(make_window, language):
    language("zh_CN")
    window = make_window("dgx-h100")
    window.analyse()
    groups = [window.problems.tree.topLevelItem(i) for i in range(window.problems.tree.topLevelItemCount())]
    titles = {g.text(0).split(": ")[0]: g.text(0).split(": ", 1)[1] for g in groups}
    assert titles["resilience.single_failure"].startswith("单点故障不会切断节点")
    messages = [g.child(i).text(0) for g in groups for i in range(g.childCount())]
    assert any(m.startswith("一个 PSU 故障后剩 5 x 3,300 W") for m in messages), messages


def click_in_message_box(label: str, seen: list[str]) -> None:
    """Click the button `label` of the message box once it is up, noting its text in `seen`."""
    box = QApplication.activeModalWidget()
    if not isinstance(box, QMessageBox):
        QTimer.singleShot(20, lambda: click_in_message_box(label, seen))
        return
    seen.append(box.text())
    QTest.mouseClick(next(b for b in box.buttons() if b.text() == label), Qt.MouseButton.LeftButton)


def test_language_chosen_in_preferences_is_used_at_the_next_start(make_window, tmp_path, monkeypatch):
    """The new language shows at the next start: the window says so and offers to restart; Later keeps it open and
    starts nothing (issue 35)."""
    from PySide6.QtCore import QProcess

    started: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(QProcess, "startDetached", lambda program, args: started.append((program, args)) or True)
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    seen: list[str] = []

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, PreferencesDialog):
            QTimer.singleShot(20, fill)
            return
        user.choose(dialog.language, "zh_TW")
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        QTimer.singleShot(0, lambda: click_in_message_box("Later", seen))
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill)
    user.key(Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    QTest.qWait(200)
    settle()
    assert seen == ["The new language shows when GPU Node Designer starts again."]
    assert window.isVisible() and started == []
    assert window.prefs.language == "zh_TW"
    assert chosen_language(None, window.settings, system="en_US") == "zh_TW"
    assert chosen_language("zh-CN", window.settings, system="en_US") == "zh_CN"  # --lang wins


def test_restart_now_closes_the_windows_as_quit_does_and_starts_the_app_again(make_window, tmp_path, monkeypatch):
    from PySide6.QtCore import QProcess

    started: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(QProcess, "startDetached", lambda program, args: started.append((program, args)) or True)
    window = make_window("dgx-h100")
    path = tmp_path / "node.json"
    window.document.save(path)
    seen: list[str] = []
    QTimer.singleShot(0, lambda: click_in_message_box("Restart Now", seen))
    window.offer_restart()
    QTest.qWait(100)
    settle()
    assert seen and not window.isVisible()
    assert started == [(sys.executable, ["-m", "designer", str(path)])]


def test_without_a_choice_the_system_locale_decides(tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert chosen_language(None, settings, system="zh_TW") == "zh_TW"
    assert chosen_language(None, settings, system="zh_Hans_CN") == "zh_CN"
    assert chosen_language(None, settings, system="fr_FR") == "en"
    settings.setValue("prefs/language", "klingon")  # a hand-edited settings file falls back to the locale
    assert chosen_language(None, settings, system="zh_CN") == "zh_CN"
    with pytest.raises(DesignerError):
        chosen_language("xx", settings)


def test_a_wrong_lang_argument_is_one_line_and_exit_status_2(tmp_path):
    out = subprocess.run([sys.executable, "-m", "designer", "--lang", "fr", "--screenshot", str(tmp_path / "x.png")],
                         capture_output=True, text=True, timeout=60,
                         env={"QT_QPA_PLATFORM": "offscreen", "PATH": "", "HOME": str(tmp_path)})
    assert out.returncode == 2
    assert out.stderr.strip() == "gpu-designer: error: --lang must be one of en, zh-TW, zh-CN, not 'fr'"


def _glyph(char: str, font: QFont) -> bytes:
    image = QImage(40, 40, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setFont(font)
    painter.setPen(QColor("black"))
    painter.drawText(QPoint(4, 32), char)
    painter.end()
    return bytes(image.constBits())


@pytest.mark.parametrize(("system", "chars"), [(QFontDatabase.WritingSystem.TraditionalChinese, "頻寬機櫃"),
                                               (QFontDatabase.WritingSystem.SimplifiedChinese, "带宽机柜")])
def test_widgets_font_draws_cjk_glyphs(system, chars):
    """A CJK font is installed and Qt falls back to it: the characters are drawn as distinct glyphs (a missing
    font draws the same empty box for every one)."""
    assert QFontDatabase.families(system)
    font = QApplication.font()
    font.setPixelSize(28)
    glyphs = [_glyph(c, font) for c in chars]
    blank = _glyph(" ", font)
    assert len(set(glyphs)) == len(chars) and blank not in glyphs


@pytest.mark.parametrize(("lang", "entry", "title", "wrote"), [
    ("zh_TW", "規格表品牌設定(&B)...", "偏好設定：品牌", "已寫入"),
    ("zh_CN", "规格表品牌设置(&B)...", "首选项：品牌", "已写入")])
def test_branding_dialog_and_export_confirmation_in_chinese(make_window, language, qtbot, tmp_path, monkeypatch,
                                                            lang, entry, title, wrote):
    monkeypatch.setattr("designer.export.brand.user_brand_path", lambda: tmp_path / "brand.json")
    monkeypatch.setattr("designer.ui.branding_dialog.user_brand_path", lambda: tmp_path / "brand.json")
    language(lang)
    window = make_window("dgx-h100")
    edit = window.menuBar().actions()[1].menu()
    action = next(a for a in edit.actions() if a.text() == entry)
    action.trigger()
    dialog = next(d for d in window.findChildren(BrandingDialog) if d.isVisible())
    texts = [dialog.windowTitle(), *form_labels(dialog)] + [b.text() for b in dialog.findChildren(QAbstractButton)]
    assert dialog.windowTitle() == title and len(texts) > 6
    assert not english_left(texts)
    dialog.reject()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "node"), ""))
    with qtbot.waitSignal(window.files.exports.done, timeout=60_000):
        QTest.keyClick(window.view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    box = window.files.exports.message
    assert f"{wrote} node.pdf" in box.text() and str(tmp_path) in box.informativeText()
    assert not english_left([box.windowTitle(), *(b.text() for b in box.buttons())])


def test_undo_names_and_slot_refusals_follow_the_language(make_window, language):
    """The Edit menu's 'Undo Delete 1 item' and a refused drop's reason (messages of designer.document) are in
    the interface's language, with the ids and counts as they are."""
    language("zh_TW")
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    psu_slot = user.slot_point(SlotKind.PSU, 0)
    user.drag_part_over("h100-sxm5", psu_slot)
    user.drop_part("h100-sxm5", psu_slot)
    said = [window.scene.drop_target.toolTip(), window.view.note.text(), window.statusBar().currentMessage()]
    assert all("插槽" in t and "PSU" in t for t in said), said
    name = window.document.catalog.get("h100-sxm5").name  # the part's name and the slot kinds stay as they are
    words = [re.sub(r"<[^>]+>|SXM GPU|SXM|PSU|GPU", " ", t.replace(name, " ")) for t in said]
    assert not english_left(words), said
    window.document.push(cmd.remove_items(("gpu0",)))
    settle()
    undo = window.undo_action.text()
    assert "1" in undo and not english_left([undo]), undo


def test_the_gallery_titles_read_in_the_interface_language(qtbot, catalog, language):
    """'GB200 NVL72 rack', 'AMD MI300X platform': a reference design's title is shipped data the interface translates
    (product names such as 'DGX H100' stay as written)."""
    from designer.ui.gallery import TemplateGallery

    language("zh_TW")
    gallery = TemplateGallery(catalog)
    qtbot.addWidget(gallery)
    texts = {gallery.list.item(r).data(Qt.ItemDataRole.UserRole): gallery.list.item(r).text()
             for r in range(gallery.list.count())}
    assert texts["gb200-nvl72"].startswith("GB200 NVL72 機櫃") and texts["amd-mi300x"].startswith("AMD MI300X 平台")
    assert texts["dgx-h100"].startswith("DGX H100")


def test_the_canvas_titles_its_chassis_in_the_interface_language_with_its_height_once(make_window, language):
    """The chassis title read 'DGX H100/H200-class 8U (HGX H100 baseboard) (8U)' in every language."""
    from designer.ui.canvas.items import ZoneItem

    language("zh_TW")
    window = make_window("dgx-h100")
    titles = [i.label for i in window.scene.items() if isinstance(i, ZoneItem) and i.title]
    assert titles == ["DGX H100/H200 級 8U（HGX H100 基板）"]
