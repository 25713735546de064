"""The binding guard: it measures whether void calls lose references to None and, only then, makes None immortal.

CI runs the UI tests on the locked release (sound), the newest allowed one, and 6.12.0 (which has the defect),
so both branches below run on every build."""

import sys

from PySide6.QtCore import QObject

from designer.ui import qt_guard


def test_the_guard_acts_exactly_when_the_binding_loses_references_to_none():
    lost = qt_guard.none_references_lost_per_call()
    protected = qt_guard.protect_none()
    assert protected == (lost > 0 and sys.version_info < (3, 12))
    if protected:
        assert sys.getrefcount(None) > qt_guard.IMMORTAL_BOOST // 2
        assert "binding defect guarded" in qt_guard.binding_report()
    else:
        assert "guarded" not in qt_guard.binding_report()


def test_many_void_calls_leave_none_alive():
    """What aborted the interpreter after a few dozen edits: 200,000 void calls now pass."""
    qt_guard.protect_none()
    probe = QObject()
    for _ in range(200_000):
        probe.setObjectName("x")
    assert sys.getrefcount(None) > 1000
