"""File > Compare..., Edit > Changes Since Saved, File > Import Topology... and a paste dropped on the window."""

from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from designer.compare.render import ASSUMED_NOTE, BEST_NOTE
from designer.core.locale import render
from designer.document import commands as cmd
from designer.io.files import save_design
from designer.ui.changes_view import ChangesDialog
from designer.ui.compare_window import CompareDialog

TOPO = Path(__file__).parent.parent / "fixtures" / "topo"
A800 = TOPO / "nccl-933-a800-nv8-spaces.txt"


def menu_action(window, menu_title: str, text: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == menu_title)
    return next(a for a in menu.actions() if a.text().replace("&", "") == text)


def drop_file(window, path: Path) -> bool:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    target = window.view.viewport()
    pos = QPointF(target.rect().center())
    actions, buttons, mods = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos.toPoint(), actions, mime, buttons, mods)
    QApplication.sendEvent(target, enter)
    QApplication.sendEvent(target, QDragMoveEvent(pos.toPoint(), actions, mime, buttons, mods))
    QApplication.sendEvent(target, QDropEvent(pos, actions, mime, buttons, mods))
    return enter.isAccepted()


def check_item(dialog: CompareDialog, startswith: str) -> None:
    """Click the design in the list and press Space: the user's way of ticking it."""
    item = next(dialog.choices.item(i) for i in range(dialog.choices.count())
                if dialog.choices.item(i).text().startswith(startswith))
    dialog.choices.scrollToItem(item)
    rect = dialog.choices.visualItemRect(item)
    QTest.mouseClick(dialog.choices.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QTest.keyClick(dialog.choices, Qt.Key.Key_Space)
    assert item.checkState() == Qt.CheckState.Checked


def dialog_of(window, cls):
    return next(w for w in window.findChildren(cls))


def test_compare_window_marks_the_best_value_and_overlays_curves(make_window, qtbot):
    window = make_window("dgx-h100")
    menu_action(window, "File", "Compare...").trigger()
    dialog = dialog_of(window, CompareDialog)
    qtbot.waitExposed(dialog)
    assert not dialog.compare_button.isEnabled()  # only the open design is picked
    check_item(dialog, "dgx-a100")
    assert dialog.compare_button.isEnabled()
    QTest.mouseClick(dialog.compare_button, Qt.MouseButton.LeftButton)
    table = dialog.table
    assert [table.horizontalHeaderItem(c).text() for c in range(2)] == ["DGX H100", "DGX A100"]  # design names
    row = next(r for r in range(table.rowCount())
               if table.verticalHeaderItem(r).text() == "Scale-up per GPU, bidirectional (GB/s)")
    best, other = table.item(row, 0), table.item(row, 1)
    assert best.text() == "900 *" and best.font().bold() and other.text() == "600" and not other.font().bold()
    assert dialog.bom.rowCount() > 0
    # what the marks mean
    assert dialog.notes.isVisible() and dialog.notes.text() == f"{render(BEST_NOTE)}\n{render(ASSUMED_NOTE)}"
    QTest.mouseClick(dialog.tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=dialog.tabs.tabBar().tabRect(2).center())
    assert dialog.tabs.currentWidget() is dialog.canvas
    axes = dialog.figure.axes
    assert len(axes) == 3 and all(len(ax.get_lines()) == 2 for ax in axes)


def edited_after_save(make_window, tmp_path, design_of):
    """A DGX H100 saved to a file, then changed (N+1 PSUs), with Edit > Changes Since Saved opened."""
    window = make_window("dgx-h100")
    path = tmp_path / "node.json"
    save_design(design_of("dgx-h100"), path)
    window.files.open_path(path)
    window.document.push(cmd.set_settings(psu_redundancy="N+1"))
    menu_action(window, "Edit", "Changes Since Saved...").trigger()
    return window


def test_changes_since_saved_lists_the_edit_and_its_effect(make_window, tmp_path, design_of):
    window = edited_after_save(make_window, tmp_path, design_of)
    text = dialog_of(window, ChangesDialog).text.toPlainText()
    assert "Saved file: node.json" in text
    assert "changed PSU redundancy: 'N+2' -> 'N+1'" in text and "PSU capacity usable (W): 13,200 -> 16,500" in text
    assert "psu_" not in text  # words, not keys (issue 35 item 4)


def test_changes_since_saved_for_a_design_never_saved(make_window):
    window = make_window("dgx-h100")
    menu_action(window, "Edit", "Changes Since Saved...").trigger()
    assert "not been saved yet" in dialog_of(window, ChangesDialog).text.toPlainText()


def test_a_dropped_paste_opens_as_a_new_unsaved_design(make_window):
    window = make_window("dgx-h100")
    assert drop_file(window, A800)
    doc = window.document
    assert doc.path is None and not doc.is_clean
    assert doc.design.meta.name == f"Sketch from {A800.name}"
    assert sum(1 for c in doc.design.components if c.part == "a800-sxm") == 8
    assert "inferred" in doc.design.meta.notes.lower()


def test_a_broken_paste_is_refused_in_one_line_and_the_design_kept(make_window, tmp_path, monkeypatch):
    window = make_window("dgx-h100")
    before = window.document.design
    bad = tmp_path / "junk.txt"
    bad.write_text("GPU0 GPU1\nGPU0 X <script>\nGPU1 PIX X\n")
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    assert drop_file(window, bad)
    assert window.document.design == before
    assert len(shown) == 1 and "junk.txt: line 2" in shown[0] and "<script>" not in shown[0]


def test_file_import_topology(make_window, monkeypatch):
    window = make_window("dgx-h100")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(TOPO / "ms-swift-910b3-npu-smi.txt"), ""))
    menu_action(window, "File", "Import Topology...").trigger()
    assert sum(1 for c in window.document.design.components if c.part == "ascend-910b") == 8


def test_add_file_to_compare(make_window, tmp_path, monkeypatch, design_of):
    window = make_window("dgx-h100")
    menu_action(window, "File", "Compare...").trigger()
    dialog = dialog_of(window, CompareDialog)
    good, bad = tmp_path / "b200.json", tmp_path / "bad.json"
    save_design(design_of("dgx-b200"), good)
    bad.write_text("{")
    for path in (bad, good):
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, p=path, **k: (str(p), ""))
        QTest.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
        if path is bad:
            assert dialog.status.text().startswith("bad.json:") and not dialog.compare_button.isEnabled()
    QTest.mouseClick(dialog.compare_button, Qt.MouseButton.LeftButton)
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(2)]
    assert headers == ["DGX H100", "DGX B200"]  # the designs' names, not the file's


def test_changes_dialog_opens_the_saved_and_open_design_side_by_side(make_window, tmp_path, design_of):
    window = edited_after_save(make_window, tmp_path, design_of)
    changes = dialog_of(window, ChangesDialog)
    QTest.mouseClick(changes.compare_button, Qt.MouseButton.LeftButton)
    compare = dialog_of(changes, CompareDialog)
    table = compare.table  # filled at once (issue 25: it opened empty until Compare was pressed)
    assert table.columnCount() == 2 and compare.pdf_button.isEnabled()
    assert [table.horizontalHeaderItem(c).text() for c in range(2)] == ["DGX H100 (saved: node.json)", "open: DGX H100"]
    row = next(r for r in range(table.rowCount()) if table.verticalHeaderItem(r).text() == "PSU capacity usable (W)")
    assert table.item(row, 0).text() == "13,200" and table.item(row, 1).text() == "16,500"  # no best mark on capacity


def test_compare_columns_are_sized_to_their_values_with_long_ones_wrapped_and_whole_in_the_tooltip(
        make_window, tmp_path, design_of):
    from designer.ui.compare_window import MAX_COLUMN_PX, MAX_LABEL_PX

    window = edited_after_save(make_window, tmp_path, design_of)
    changes = dialog_of(window, ChangesDialog)
    QTest.mouseClick(changes.compare_button, Qt.MouseButton.LeftButton)
    table = dialog_of(changes, CompareDialog).table
    labels = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
    chassis = labels.index("Chassis")
    name = table.item(chassis, 0).text()
    metrics = table.fontMetrics()
    assert metrics.horizontalAdvance(name) > MAX_COLUMN_PX  # the chassis name that made the column this wide
    assert all(table.columnWidth(c) <= MAX_COLUMN_PX for c in range(table.columnCount()))
    assert table.item(chassis, 0).toolTip() == name and table.rowHeight(chassis) >= 2 * metrics.height()  # wraps
    header = table.verticalHeader()
    assert header.width() <= MAX_LABEL_PX
    assert header.width() >= min(MAX_LABEL_PX, max(metrics.horizontalAdvance(t) for t in labels[:10]))  # labels fit
    longest = max(labels, key=metrics.horizontalAdvance)
    assert table.verticalHeaderItem(labels.index(longest)).toolTip() == longest


def test_compare_window_shows_each_designs_class_matrices(make_window, qtbot):
    window = make_window("dgx-h100")
    menu_action(window, "File", "Compare...").trigger()
    dialog = dialog_of(window, CompareDialog)
    qtbot.waitExposed(dialog)
    check_item(dialog, "amd-mi300x")
    QTest.mouseClick(dialog.compare_button, Qt.MouseButton.LeftButton)
    bar = dialog.tabs.tabBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(3).center())
    view = dialog.matrices
    assert dialog.tabs.currentWidget() is view
    gpu, nic = view.gpu_table, view.nic_table
    assert (gpu.rowCount(), gpu.columnCount()) == (8, 8) and nic.rowCount() == 8 and nic.columnCount() > 0
    # DGX H100 user guide, nvidia-smi topo -m: every GPU pair is NV18 (18 NVLink4 links per GPU)
    assert {gpu.item(r, c).text() for r in range(8) for c in range(8) if r != c} == {"NV18"}
    assert gpu.horizontalHeaderItem(0).text() == "GPU0" and gpu.item(3, 3).text() == "X"
    # pick the second design with the keyboard, as a user would
    view.design_box.setFocus()
    QTest.keyClick(view.design_box, Qt.Key.Key_Down)
    assert view.design_box.currentText() == "AMD MI300X platform"
    cells = {gpu.item(r, c).text() for r in range(8) for c in range(8) if r != c}
    assert "NV18" not in cells and len(cells) == 1  # a full mesh: one direct link per pair, all the same class


def test_compare_window_saves_the_comparison_pdf(make_window, qtbot, tmp_path, monkeypatch):
    from pypdf import PdfReader

    window = make_window("dgx-h100")
    menu_action(window, "File", "Compare...").trigger()
    dialog = dialog_of(window, CompareDialog)
    qtbot.waitExposed(dialog)
    check_item(dialog, "rtx-pcie-8")
    assert not dialog.pdf_button.isEnabled()  # nothing compared yet
    QTest.mouseClick(dialog.compare_button, Qt.MouseButton.LeftButton)
    dialog.paper.setFocus()
    QTest.keyClick(dialog.paper, Qt.Key.Key_Down)  # US Letter
    target = tmp_path / "cmp"  # the suffix is added
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    QTest.mouseClick(dialog.pdf_button, Qt.MouseButton.LeftButton)
    pdf = PdfReader(tmp_path / "cmp.pdf")
    box = pdf.pages[0].mediabox
    assert (round(box.width), round(box.height)) == (612, 792) and "Typst" in (pdf.metadata.creator or "")
    text = "".join(p.extract_text() for p in pdf.pages)
    assert "DGX H100" in text and "8x RTX 4090 PCIe box" in text and dialog.status.text() == "Wrote cmp.pdf"


def test_the_compare_window_in_chinese_writes_its_rows_at_the_source(make_window, qtbot):
    """In Traditional Chinese the window's rows, words and notes come written by comparison(lang=...), not matched
    against phrase tables afterwards; design names stay as the user wrote them."""
    from designer.core import i18n
    from designer.ui.compare_window import show_compare
    from designer.ui.i18n import install_translators

    app = QApplication.instance()
    installed = install_translators(app, "zh_TW")
    try:
        window = make_window("dgx-h100")
        dialog = show_compare(window, window.document)
        qtbot.waitExposed(dialog)
        check_item(dialog, "dgx-a100")
        QTest.mouseClick(dialog.compare_button, Qt.MouseButton.LeftButton)
        table = dialog.table
        labels = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
        assert labels[:3] == ["架構", "GPU", "Scale-up 互連"] and "每 GPU scale-up，雙向（GB/s）" in labels
        assert [table.horizontalHeaderItem(c).text() for c in range(2)] == ["DGX H100", "DGX A100"]
        assert table.item(0, 0).text() == "B：經交換器的全互連"
        assert dialog.notes.text().startswith("* 標示同類設計中一列的最佳值")
    finally:
        for translator in installed:
            app.removeTranslator(translator)
        i18n.set_language("en")
