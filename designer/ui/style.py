"""Colours, icons and labels shared by the widgets."""

from __future__ import annotations

from functools import cache
from importlib import resources

from PySide6.QtCore import QT_TRANSLATE_NOOP, QByteArray, QCoreApplication, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from designer.core.colors import KIND_COLOR as _DIAGRAM_COLORS
from designer.core.colors import LINK_COLOR as _LINK_COLOR

# One palette for the canvas and the exports.
KIND_COLOR = {**_DIAGRAM_COLORS, "chassis": "#616161"}
LINK_COLOR = dict(_LINK_COLOR)
SEVERITY_COLOR = {"error": "#d32f2f", "warning": "#f9a825", "info": "#1976d2"}
KIND_LABEL = {  # English; shown through kind_label() in the interface's language
    "gpu": str(QT_TRANSLATE_NOOP("Kinds", "Accelerators")),
    "scaleup_switch": str(QT_TRANSLATE_NOOP("Kinds", "Scale-up switches")),
    "pcie_switch": str(QT_TRANSLATE_NOOP("Kinds", "PCIe switches")),
    "nic": str(QT_TRANSLATE_NOOP("Kinds", "NICs / DPUs")),
    "cpu": str(QT_TRANSLATE_NOOP("Kinds", "CPUs")), "psu": str(QT_TRANSLATE_NOOP("Kinds", "Power supplies")),
    "cooling": str(QT_TRANSLATE_NOOP("Kinds", "Cooling")), "fabric": str(QT_TRANSLATE_NOOP("Kinds", "Networks")),
    "chassis": str(QT_TRANSLATE_NOOP("Kinds", "Chassis")),
}


def kind_label(kind: str) -> str:
    return QCoreApplication.translate("Kinds", KIND_LABEL[kind])


def icon_svg(name: str) -> bytes:
    return (resources.files("designer") / "data" / "icons" / f"{name}.svg").read_bytes()


def svg_icon(name: str, sizes: tuple[int, ...], color: str | None = None) -> QIcon:
    """A crisp icon at every device pixel ratio, rendered from the SVG by Qt's SVG module; `color` fills in the
    SVG's currentColor (line icons drawn in the theme's text colour)."""
    icon = QIcon()
    data = icon_svg(name)
    if color is not None:
        data = data.replace(b"currentColor", color.encode("ascii"))
    renderer = QSvgRenderer(QByteArray(data))
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        icon.addPixmap(QPixmap.fromImage(image))
    return icon


@cache
def kind_icon(kind: str) -> QIcon:
    return svg_icon(kind if kind in KIND_COLOR else "chassis", (16, 24, 32, 48, 64))


WAIVED_COLOR = "#9e9e9e"  # a waived finding: accepted with a reason, no longer a problem


@cache
def severity_icon(severity: str) -> QIcon:
    """error, warning, info; or "waived" (grey, a tick): the icon says what the line beside it says."""
    pix = QPixmap(16, 16)
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(QColor(SEVERITY_COLOR.get(severity, WAIVED_COLOR)))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(2, 2, 12, 12)
    painter.setPen(QColor("white"))
    glyph = {"error": "!", "warning": "!", "info": "i"}.get(severity, "\u2713")
    painter.drawText(pix.rect(), Qt.AlignmentFlag.AlignCenter, glyph)
    painter.end()
    return QIcon(pix)


def app_icon() -> QIcon:
    return svg_icon("app", (16, 32, 48, 64, 128, 256))


@cache
def tool_icon(name: str, color: str) -> QIcon:
    """A toolbar icon (designer/data/icons/tool-NAME.svg) in the given colour."""
    return svg_icon(f"tool-{name}", (16, 20, 24, 32, 48), color)
