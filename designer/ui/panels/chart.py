"""A chart area that brings in matplotlib only when it first draws, so the window paints before matplotlib loads.

Panels hand it a function that draws into a Figure; the figure is sized by the panel's layout (constrained
layout, so axis labels are never clipped) and redrawn when the panel is shown again after a change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from designer.export.names import LABELS

MARKERS = ("o", "s", "^", "v", "D", "x", "P")


def use_cjk_fonts() -> None:
    """Charts in the window draw Chinese (labels, design names) with the exports' CJK font, found on the system by
    designer.export.fonts; Latin text stays in DejaVu Sans. Qt's own widgets need nothing: the platform's font
    fallback (fontconfig, DirectWrite, Core Text) finds an installed CJK font per glyph."""
    from matplotlib import rcParams  # noqa: PLC0415 (matplotlib only when a chart is drawn)

    from designer.export.fonts import cjk_family  # noqa: PLC0415

    family = cjk_family()
    if family and family not in rcParams["font.family"]:
        rcParams["font.family"] = ["DejaVu Sans", family]

class LazyChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 120)
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.figure: Any = None  # matplotlib Figure, made on first draw
        self.canvas: Any = None
        self._pending: Callable[[Any], None] | None = None

    def draw(self, build: Callable[[Any], None]) -> None:
        """Draw now if the chart is on screen, else when it is next shown."""
        self._pending = build
        if self.isVisible():
            self._flush()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if self._pending is not None:
            self._flush()

    def _flush(self) -> None:
        build, self._pending = self._pending, None
        if build is None:
            return
        if self.canvas is None:
            from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg  # noqa: PLC0415
            from matplotlib.figure import Figure  # noqa: PLC0415

            use_cjk_fonts()
            self.figure = Figure(figsize=(5, 3), layout="constrained")
            self.canvas = FigureCanvasQTAgg(self.figure)
            self.canvas.setMinimumSize(120, 60)  # the chart widget sets the floor; a taller canvas was clipped
            self.box.addWidget(self.canvas)
        self.figure.clear()
        build(self.figure)
        self.canvas.draw_idle()


def distinguish_lines(ax: Any) -> None:
    """Curves told apart by marker and line style, not only colour; the legend outside the axes."""
    by_label = {label: name for name, label in LABELS.items()}
    for i, line in enumerate(ax.get_lines()):
        name = by_label.get(str(line.get_label()))
        k = list(LABELS).index(name) if name else i  # a collective keeps its marker whatever else is shown
        line.set_marker(MARKERS[k % len(MARKERS)])
        line.set_markersize(4)
        line.set_markevery(0.08 * (1 + k % 3))
    old = ax.get_legend()
    if old is not None:
        handles, labels = ax.get_legend_handles_labels()
        kept = [(h, t.get_text()) for h, t in zip(old.legend_handles, old.get_texts(), strict=False)
                if t.get_text() not in labels]  # keys that are no line (the uncertainty band's patch)
        ax.legend(handles + [h for h, _ in kept], labels + [t for _, t in kept], loc="upper left",
                  bbox_to_anchor=(1.01, 1.0), fontsize="small", borderaxespad=0)
