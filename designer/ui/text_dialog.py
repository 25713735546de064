"""A one-line question for the user (a waiver's reason): a QInputDialog whose question wraps at a readable width,
so a long finding does not make the dialog 1,170 px wide and a short one does not elide its title
("Waive... lation")."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QInputDialog, QLabel, QWidget

WIDTH_EM = 34  # the dialog's width in the font's "M"s (about 460 px at 9 pt): wide enough for the title and a line


def ask_text(parent: QWidget | None, title: str, question: str) -> tuple[str, bool]:
    """The text typed and whether the user pressed OK (as QInputDialog.getText)."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setInputMode(QInputDialog.InputMode.TextInput)
    dialog.setLabelText(question)
    width = max(dialog.fontMetrics().horizontalAdvance("M") * WIDTH_EM,
                dialog.fontMetrics().horizontalAdvance(title) * 2)  # room for the title bar's buttons
    # the dialog's layout sets its size from its widgets (QLayout.SetMinAndMaxSize): the label sets the width
    for label in dialog.findChildren(QLabel):
        label.setWordWrap(True)
        label.setFixedWidth(width)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    text = dialog.textValue()
    dialog.deleteLater()
    return text, accepted
