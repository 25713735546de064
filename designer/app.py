"""GUI entry point: `gpu-designer [FILE]` and `python -m designer`. Qt is imported only when run.

On Linux with X11, Qt's xcb platform plugin needs a dozen X libraries; when one is missing Qt aborts naming
only the plugin. Before starting Qt, the app looks for each and names every missing one with its Debian and
Ubuntu package.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable

# What Qt 6's xcb platform plugin links against (ldd of libqxcb.so and libQt6XcbQpa.so), with its package.
XCB_LIBRARIES = {
    "libxcb.so.1": "libxcb1", "libxcb-cursor.so.0": "libxcb-cursor0", "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0", "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0", "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0", "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0", "libxcb-sync.so.1": "libxcb-sync1", "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0", "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0", "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}


def uses_xcb(environ: dict[str, str] | os._Environ[str], platform: str = sys.platform) -> bool:
    """Whether Qt will start its xcb (X11) platform here."""
    if not platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(":")[0].split(";")[0] == "xcb"
    return bool(environ.get("DISPLAY")) and not environ.get("WAYLAND_DISPLAY")


def missing_xcb_libraries(load: Callable[[str], object] = ctypes.CDLL) -> list[str]:
    missing = []
    for name in XCB_LIBRARIES:
        try:
            load(name)
        except OSError:
            missing.append(name)
    return missing


def missing_libraries_message(missing: list[str]) -> str:
    packages = " ".join(XCB_LIBRARIES[name] for name in missing)
    return (f"gpu-designer: error: Qt's X11 (xcb) platform needs {', '.join(missing)}, not found on this system; "
            f"on Debian or Ubuntu: sudo apt install {packages}")


def main(argv: list[str] | None = None) -> int:
    if uses_xcb(os.environ):
        missing = missing_xcb_libraries()
        if missing:
            sys.stderr.write(missing_libraries_message(missing) + "\n")
            return 2
    from designer.ui.application import run  # noqa: PLC0415 (keep Qt out of import time)

    return run(sys.argv[1:] if argv is None else argv)
