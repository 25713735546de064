"""A one-line label that ends in '…' where its text does not fit, as Qt Creator's and KiCad's status lines do.

A plain QLabel in a layout that gives it less room than its text cuts the text mid-letter with no sign that more
follows ("Bottleneck of alltoall at 16G"). This label keeps the whole text (text(), and the tooltip unless one is
set) and paints only what fits, elided at the right. Its text is plain: user text never becomes markup.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(self.fontMetrics().horizontalAdvance("…") * 4, super().minimumSizeHint().height())

    def shown_text(self) -> str:
        """What is painted: the text, elided at the right to the label's width."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment() | Qt.AlignmentFlag.AlignVCenter),
                                  self.palette(), self.isEnabled(), self.shown_text(), self.foregroundRole())
        painter.end()
