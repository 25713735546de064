"""Text that fits its box on the canvas: wrapped at word breaks, and the last line that fits elided ("...") when
there is more; the item's tooltip has the whole text (issue 25: PSU, zone and link labels were cut mid-line)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF

ELIDE = Qt.TextElideMode.ElideRight


def wrapped(metrics: QFontMetricsF, text: str, width: float) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` (a single word too wide for a line is elided)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and metrics.horizontalAdvance(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return [metrics.elidedText(one, ELIDE, width) for one in lines]


def fitted_lines(metrics: QFontMetricsF, paragraphs: list[str], width: float, height: float) -> list[str]:
    """The paragraphs' wrapped lines that fit in `height`; when some do not, the last shown line ends in '...'."""
    lines = [line for paragraph in paragraphs if paragraph for line in wrapped(metrics, paragraph, width)]
    room = int(height // max(1e-6, metrics.lineSpacing()))
    if len(lines) <= room:
        return lines
    if room <= 0:
        return []
    rest = " ".join(lines[room - 1:])
    return [*lines[:room - 1], metrics.elidedText(rest, ELIDE, width)]
