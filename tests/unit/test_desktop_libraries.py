"""On Linux/X11 a missing X library is named, with its package, before Qt starts (Qt would name only its plugin)."""

import subprocess
import sys

from designer.app import XCB_LIBRARIES, missing_libraries_message, missing_xcb_libraries, uses_xcb


def test_xcb_is_expected_only_where_qt_would_start_it():
    assert uses_xcb({"DISPLAY": ":0"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not uses_xcb({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0"}, "darwin") and not uses_xcb({}, "linux")


def test_every_missing_library_is_named_with_its_package():
    absent = {"libxcb-cursor.so.0", "libxkbcommon-x11.so.0"}

    def load(name):
        if name in absent:
            raise OSError(f"{name}: cannot open shared object file")

    missing = missing_xcb_libraries(load)
    assert set(missing) == absent
    line = missing_libraries_message(missing)
    assert "\n" not in line and "libxcb-cursor.so.0" in line and "libxkbcommon-x11.so.0" in line
    assert line.endswith("sudo apt install libxcb-cursor0 libxkbcommon-x11-0")
    assert len(XCB_LIBRARIES) == 16


def test_the_app_exits_2_with_one_line_instead_of_qts_abort(tmp_path):
    script = ("import sys, ctypes\n"
              "real = ctypes.CDLL\n"
              "def fake(name, *a, **k):\n"
              "    if name == 'libxcb-icccm.so.4': raise OSError('not found')\n"
              "    return real(name, *a, **k)\n"
              "ctypes.CDLL = fake\n"
              "import designer.app\n"
              "designer.app.missing_xcb_libraries.__defaults__ = (fake,)\n"
              "sys.exit(designer.app.main([]))\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         env={"PATH": "/usr/bin:/bin", "DISPLAY": ":99", "HOME": str(tmp_path)})
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "libxcb-icccm.so.4" in run.stderr and "libxcb-icccm4" in run.stderr
