"""File > Import Topology... and a dropped .txt file: a paste from a real box, sketched as a new unsaved design.

The parsing and the sketch are `designer.asbuilt`'s; this module only asks for the file, shows a refusal
in one line, and hands the design to the document as a new, unsaved design (the previous one is kept
if the user cancels the "save changes?" question)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from designer.asbuilt import sketch_design
from designer.asbuilt.parse import read_topo_file
from designer.core.errors import DesignerError, one_line
from designer.ui.files import FileActions
from designer.ui.text import plain

TOPO_SUFFIXES = (".txt", ".log", ".out")
translate = QCoreApplication.translate


def is_topology_file(path: str | Path) -> bool:
    return str(path).lower().endswith(TOPO_SUFFIXES)


def import_topology(window: QWidget, files: FileActions, path: str | Path) -> bool:
    if not files.confirm_discard():
        return False
    document = files.document
    try:
        paste = read_topo_file(path)
        design = sketch_design(paste, document.catalog, one_line(Path(path).name))
    except DesignerError as exc:
        QMessageBox.warning(window, translate("TopologyImport", "Cannot import topology"), plain(exc))
        return False
    document.replace(design, None, clean=False)
    return True


def import_dialog(window: QWidget, files: FileActions) -> bool:
    path, _ = QFileDialog.getOpenFileName(
        window, translate("TopologyImport", "Import topology (nvidia-smi topo -m, rocm-smi, npu-smi)"), "",
        translate("TopologyImport", "Topology pastes (*.txt *.log *.out);;All files (*)"))
    return bool(path) and import_topology(window, files, path)


def open_dropped(window: QWidget, files: FileActions, paths: list[str]) -> bool:
    """A file dropped on the window: a topology paste is imported, anything else opened as a design."""
    if not paths:
        return False
    if is_topology_file(paths[0]):
        return import_topology(window, files, paths[0])
    return files.open_path(paths[0])
