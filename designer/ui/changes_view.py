"""Edit > Changes Since Saved: the revision diff between the saved file and the open design, and what the
edits did to the key figures, the rule findings and busbw (computed by `designer.compare.design_diff`)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout, QWidget

from designer.compare.diff import design_diff
from designer.compare.render import diff_lines
from designer.core import i18n
from designer.core.errors import DesignerError
from designer.document.document import Document
from designer.io.files import load_design
from designer.ui.compare_window import show_compare
from designer.ui.window_layout import fit_to_screen

translate = QCoreApplication.translate


def changes_text(document: Document) -> str:
    """What the dialog shows (plain text): the diff, or why there is none."""
    if document.path is None:
        return translate("ChangesDialog",
                         "This design has not been saved yet: there is no saved version to compare with.")
    try:
        saved = load_design(document.path, document.catalog)
    except DesignerError as exc:
        return translate("ChangesDialog", "The saved version cannot be read: {error}").format(error=exc)
    lines = diff_lines(design_diff(saved, document.design, document.catalog, i18n.language()))
    return translate("ChangesDialog", "Saved file: {name}").format(name=document.path.name) + "\n" + "\n".join(lines)


class ChangesDialog(QDialog):
    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Changes since saved"))
        self.text = QPlainTextEdit()  # plain text: names and notes are shown, never interpreted
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setPlainText(changes_text(document))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.compare_button = buttons.addButton(self.tr("Compare Side by Side..."),
                                                QDialogButtonBox.ButtonRole.ActionRole)
        self.compare_button.setEnabled(document.path is not None)
        self.compare_button.clicked.connect(lambda: show_compare(self, document, include_clean=True))
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        fit_to_screen(self, 900, 600)


def show_changes(parent: QWidget, document: Document) -> ChangesDialog:
    dialog = ChangesDialog(document, parent)
    dialog.show()
    return dialog
