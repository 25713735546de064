"""Light and dark themes: follow the system's colour scheme, or the user's choice in Preferences.

Qt's Fusion style with a palette of our own for each scheme, so the app looks the same on every desktop and
the dark theme can be chosen where the system has none. The canvas, charts and panels read the palette.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

THEMES = ("system", "light", "dark")

_DARK = {
    QPalette.ColorRole.Window: "#2b2d30", QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1e1f22", QPalette.ColorRole.AlternateBase: "#2b2d30",
    QPalette.ColorRole.ToolTipBase: "#3c3f41", QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.Text: "#e6e6e6", QPalette.ColorRole.Button: "#393b40",
    QPalette.ColorRole.ButtonText: "#e6e6e6", QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Highlight: "#3574f0", QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#6ea8ff", QPalette.ColorRole.PlaceholderText: "#8c8c8c",
    QPalette.ColorRole.Mid: "#4e5157", QPalette.ColorRole.Dark: "#1b1c1f", QPalette.ColorRole.Light: "#45484d",
}


def system_is_dark() -> bool:
    hints = QGuiApplication.styleHints()
    scheme = getattr(hints, "colorScheme", None)
    return scheme is not None and scheme() == Qt.ColorScheme.Dark


def resolve(theme: str) -> str:
    """'light' or 'dark': the choice, or the system's scheme for 'system' (and anything unknown)."""
    if theme in ("light", "dark"):
        return theme
    return "dark" if system_is_dark() else "light"


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, color in _DARK.items():
        palette.setColor(role, QColor(color))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette


def apply_theme(app: QApplication, theme: str) -> str:
    """Apply a theme to the whole app; returns the scheme applied ('light' or 'dark')."""
    scheme = resolve(theme)
    fusion = QStyleFactory.create("Fusion")
    if fusion is not None:
        app.setStyle(fusion)
    app.setPalette(dark_palette() if scheme == "dark" else fusion.standardPalette() if fusion else QPalette())
    return scheme


def text_color(widget_palette: QPalette) -> str:
    return widget_palette.color(QPalette.ColorRole.WindowText).name()
