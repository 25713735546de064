"""The window's dock layout: a default that leaves the canvas most of the window at every size, and what the
user made of it (geometry, docks, last Analysis tab, the zoom of the design it was set on) saved in QSettings
and restored at the next start.

The default: Components above Inspector in one column on the left (full height), Analysis under the canvas.
Their sizes follow the window: at 1024x700 the canvas gets about half the window, at 1600x1000 and above
more than 55% (tests/ui/test_layout.py measures it).
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRect, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabWidget, QWidget

LAYOUT_VERSION = 2  # bump when the docks change, so an old saved state is not applied to new docks
LEFT_SHARE, LEFT_MIN, LEFT_MAX = 0.17, 210, 360
BOTTOM_SHARE, BOTTOM_MIN, BOTTOM_MAX = 0.22, 150, 340
PALETTE_SHARE = 0.45  # of the left column's height
SCREEN_SHARE = 0.9  # a first window takes at most this much of the screen's free area (as KiCad and Qt Creator)
CANVAS_LEAST = 0.45  # after any resize the canvas keeps at least this share (panels shrink toward the defaults)


def available_area(window: QWidget) -> QRect | None:
    """The free area (without task bars and docks) of the screen the window is on, else the primary screen's."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def fit_to_screen(window: QWidget, width: int, height: int) -> None:
    """Size a window opened without saved geometry: the size asked for, at most 90% of the screen's free area,
    centred on it (a window with a parent is left where Qt puts it: over its parent), so a 1366x768 laptop sees
    the whole window, its status bar and its docks."""
    area = available_area(window)
    if area is None or area.width() <= 0 or area.height() <= 0:
        window.resize(width, height)
        return
    w = min(width, int(area.width() * SCREEN_SHARE))
    h = min(height, int(area.height() * SCREEN_SHARE))
    least = window.minimumSizeHint().expandedTo(window.minimumSize())
    window.resize(max(w, least.width()), max(h, least.height()))
    if window.parentWidget() is None:
        window.move(area.x() + (area.width() - window.width()) // 2, area.y() + (area.height() - window.height()) // 2)


def clamp_to_screen(window: QWidget) -> None:
    """Saved geometry from a larger screen (or another monitor) brought onto the free area of this one, frame
    included (call again once shown: the frame's size is known only then)."""
    area = available_area(window)
    if area is None or area.width() <= 0 or area.height() <= 0 or window.isMaximized() or window.isFullScreen():
        return
    frame, inner = window.frameGeometry(), window.geometry()
    extra_w, extra_h = frame.width() - inner.width(), frame.height() - inner.height()
    w = min(inner.width(), area.width() - extra_w)
    h = min(inner.height(), area.height() - extra_h)
    if (w, h) != (inner.width(), inner.height()):
        window.resize(w, h)
    x = min(max(frame.x(), area.x()), area.x() + area.width() - (w + extra_w))
    y = min(max(frame.y(), area.y()), area.y() + area.height() - (h + extra_h))
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


def _clamp(value: float, low: int, high: int) -> int:
    return int(max(low, min(high, value)))


def default_sizes(width: int, height: int) -> tuple[int, int]:
    """(left column width, Analysis height) for a window of this size."""
    return _clamp(width * LEFT_SHARE, LEFT_MIN, LEFT_MAX), _clamp(height * BOTTOM_SHARE, BOTTOM_MIN, BOTTOM_MAX)


def apply_default_layout(
    window: QMainWindow, palette: QDockWidget, inspector: QDockWidget, analysis: QDockWidget
) -> None:
    """Put every panel back where a fresh install has it, sized for the window's current size."""
    window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
    window.setCorner(Qt.Corner.TopLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
    for dock, area in (
        (palette, Qt.DockWidgetArea.LeftDockWidgetArea),
        (inspector, Qt.DockWidgetArea.LeftDockWidgetArea),
        (analysis, Qt.DockWidgetArea.BottomDockWidgetArea),
    ):
        dock.setFloating(False)
        window.addDockWidget(area, dock)
        dock.show()
    window.splitDockWidget(palette, inspector, Qt.Orientation.Vertical)
    left, bottom = default_sizes(window.width(), window.height())
    column = max(200, window.height() - bottom)
    window.resizeDocks(
        [palette, inspector], [int(column * PALETTE_SHARE), int(column * (1 - PALETTE_SHARE))], Qt.Orientation.Vertical
    )
    window.resizeDocks([palette], [left], Qt.Orientation.Horizontal)
    window.resizeDocks([analysis], [bottom], Qt.Orientation.Vertical)


def save_layout(
    window: QMainWindow, settings: QSettings, tabs: QTabWidget, zoom: float | None, design_key: str = ""
) -> None:
    """`zoom`: the user's own zoom of the design `design_key` names (None when it was fitted: fit it again)."""
    settings.setValue("window/geometry", window.saveGeometry())
    settings.setValue("window/state", window.saveState(LAYOUT_VERSION))
    settings.setValue("window/tab", tabs.currentIndex())
    settings.setValue("window/zoom", zoom or 0)
    settings.setValue("window/zoom_design", design_key)


def restore_layout(window: QMainWindow, settings: QSettings, tabs: QTabWidget) -> bool:
    """Geometry, docks and the last tab as the user left them; False when there is nothing (usable) saved."""
    geometry, state = settings.value("window/geometry"), settings.value("window/state")
    if not isinstance(geometry, QByteArray | bytes) or not isinstance(state, QByteArray | bytes):
        return False
    if not window.restoreGeometry(QByteArray(geometry)) or not window.restoreState(QByteArray(state), LAYOUT_VERSION):
        return False
    clamp_to_screen(window)
    try:
        tab = int(str(settings.value("window/tab", 0)))
    except (TypeError, ValueError):
        tab = 0
    if 0 <= tab < tabs.count():
        tabs.setCurrentIndex(tab)
    return True


def saved_zoom(settings: QSettings, design_key: str = "") -> float | None:
    """The zoom the user left on this design; None for another design (it opens fitted, as in KiCad)."""
    if str(settings.value("window/zoom_design", "") or "") != design_key:
        return None
    try:
        zoom = float(str(settings.value("window/zoom", 0) or 0))
    except (TypeError, ValueError):
        return None
    return zoom if 0.05 <= zoom <= 40 else None


def keep_canvas_share(window: QMainWindow, palette: QDockWidget, analysis: QDockWidget) -> None:
    """After a resize: where the docks left the canvas under CANVAS_LEAST of the window, shrink the left column
    and the Analysis panel back toward the defaults for the new size (never grown: a user's wider panel stays
    wide while the canvas keeps its share)."""
    if canvas_share(window) >= CANVAS_LEAST:
        return
    left, bottom = default_sizes(window.width(), window.height())
    if palette.isVisible() and not palette.isFloating() and palette.width() > left:
        window.resizeDocks([palette], [left], Qt.Orientation.Horizontal)
    if analysis.isVisible() and not analysis.isFloating() and analysis.height() > bottom:
        window.resizeDocks([analysis], [bottom], Qt.Orientation.Vertical)


def canvas_share(window: QMainWindow) -> float:
    """The canvas view's area over the window's: what the layout leaves for the design."""
    view = window.centralWidget()
    if view is None or not window.width() or not window.height():
        return 0.0
    return view.width() * view.height() / (window.width() * window.height())
