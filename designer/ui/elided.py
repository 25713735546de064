"""Text that ends in '…' where it does not fit, as Qt Creator's and KiCad's fields and status lines do.

A plain QLabel in a layout that gives it less room than its text cuts the text mid-letter with no sign that more
follows ("Bottleneck of alltoall at 16G"); a QComboBox narrower than its item cuts it too ("NVIDIA B200 (HGX)
180("). ElidedLabel keeps the whole text in text() (its user sets the tooltip) and paints only what fits;
ElidedComboBox paints its current item elided and carries the whole name in its tooltip. Text is plain: user text
never becomes markup.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QHelpEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QToolTip,
    QWidget,
)

from designer.ui.text import plain


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


class ElidedComboBox(QComboBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # as wide as the layout gives it, not as its longest item: the dock keeps its width
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(8)

    def tooltip_text(self) -> str:
        """The tooltip: the current item whole (read when shown: the Inspector sets the item with signals blocked)."""
        return self.toolTip() or self.currentText()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and not self.toolTip() and isinstance(event, QHelpEvent):
            QToolTip.showText(event.globalPos(), plain(self.currentText()), self)  # a name, never markup
            return True
        return super().event(event)

    def shown_text(self) -> str:
        """What the closed box shows: the current item, elided at the right to the box's text area."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        area = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                           QStyle.SubControl.SC_ComboBoxEditField, self)
        return self.fontMetrics().elidedText(self.currentText(), Qt.TextElideMode.ElideRight, area.width() - 2)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        if self.isEditable():
            super().paintEvent(event)
            return
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        option.currentText = self.shown_text()
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)
