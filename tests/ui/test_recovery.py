"""No lost work: a crashed session's autosave is offered at the next start, whatever that start opens, and an
exception inside a Qt slot autosaves first and says one line. Each case runs the real start-up (`run`) in a
fresh interpreter, as `gpu-designer [FILE]` does, with the recovery question answered by the test."""

import json
import subprocess
import sys

import pytest

from designer.io.files import save_design

APP_SCRIPT = """
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox
app = QApplication(["gpu-designer"])
asked = []

def answer(box):
    asked.append(box.text())
    buttons = [b.text() for b in box.buttons()]
    assert "Recover" in buttons and "&Yes" not in buttons and "Yes" not in buttons, buttons
    return getattr(QMessageBox.StandardButton, sys.argv[1]).value

QMessageBox.exec = answer

def later():
    window = next(w for w in app.topLevelWidgets() if isinstance(w, QMainWindow))
    doc = window.document
    print(json.dumps({"asked": asked, "name": doc.design.meta.name, "clean": doc.is_clean,
                      "path": str(doc.path or ""), "components": len(doc.design.components)}))
    window.files.confirm_discard = lambda: True
    window.close()

QTimer.singleShot(400, later)
from designer.ui.application import run
sys.exit(run(sys.argv[2:]))
"""


def dead_pid() -> int:
    """A process id that is certainly not running: a child that has already exited."""
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(child.stdout)


def leave_autosave(state, design, original: str = "") -> object:
    """What a session that crashed leaves behind: its autosave file, named by its (now dead) pid."""
    state.mkdir(parents=True, exist_ok=True)
    path = state / f"autosave-{dead_pid()}-1.json"
    payload = {"original_path": original, "pid": 0, "saved_at": "2026-12-01T10:15:00+00:00",
               "design": design.model_dump(mode="json")}
    path.write_text(json.dumps(payload), "utf-8")
    return path


def start_app(run_app, answer: str, *args: str) -> dict:
    return json.loads(run_app(APP_SCRIPT, answer, *args).strip().splitlines()[-1])


@pytest.mark.parametrize("argument", ["none", "file", "template"])
def test_a_crashed_sessions_work_is_offered_whatever_the_app_starts_with(tmp_path, design_of, run_app, argument):
    lost = design_of("dgx-h100").model_copy(update={"meta": design_of("dgx-h100").meta.model_copy(
        update={"name": "work not saved before the crash"})})
    original = tmp_path / "node.json"
    save_design(design_of("dgx-h100"), original)
    autosave = leave_autosave(tmp_path / "state", lost, str(original))
    args = {"none": [], "file": [str(tmp_path / "other.json")], "template": ["amd-mi300x"]}[argument]
    if argument == "file":
        save_design(design_of("supermicro-pcie-l40s"), tmp_path / "other.json")

    shown = start_app(run_app, "Yes", *args)

    assert len(shown["asked"]) == 1
    question = shown["asked"][0]
    assert "work not saved before the crash" in question and str(original) in question
    assert "10:15 on 01 Dec 2026" in question or "on 01 Dec 2026" in question  # the time it came from
    # recovered: the autosaved design, unsaved, tied to the file it came from
    assert shown["name"] == "work not saved before the crash" and not shown["clean"]
    assert shown["path"] == str(original)
    assert not autosave.exists()  # the user chose: the new session's own autosave covers it now


def test_ignore_keeps_the_autosave_for_the_next_start(tmp_path, design_of, run_app):
    autosave = leave_autosave(tmp_path / "state", design_of("amd-mi300x"))
    shown = start_app(run_app, "Ignore", "dgx-h100")
    assert len(shown["asked"]) == 1 and "never saved to a file" in shown["asked"][0]
    assert shown["name"] == design_of("dgx-h100").meta.name and shown["clean"]
    assert autosave.exists()  # a normal quit does not delete what the user did not decide about
    again = start_app(run_app, "Discard")
    assert len(again["asked"]) == 1
    assert not autosave.exists()  # Discard deletes it


CRASH_SCRIPT = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(["gpu-designer"])

def later():
    from ui_harness.gestures import ScriptedUser
    window = next(w for w in app.topLevelWidgets() if isinstance(w, QMainWindow))
    user = ScriptedUser(window)
    user.click("nic7")
    user.delete()  # unsaved work
    def broken(*args):
        raise ZeroDivisionError("a defect in a slot")
    window.controller.autowire = broken
    auto = next(a for m in window.menuBar().actions() for a in m.menu().actions() if a.text() == "&Auto-wire")
    auto.triggered.disconnect()
    auto.triggered.connect(broken)
    auto.trigger()
    print("STATUS:" + window.statusBar().currentMessage())
    print("AUTOSAVE:" + str(window.files.autosave_path.exists()))
    window.files.confirm_discard = lambda: True
    window.close()

QTimer.singleShot(300, later)
from designer.ui.application import run
sys.exit(run([]))
"""


def test_an_exception_in_a_slot_autosaves_first_and_says_one_line(tmp_path, run_app):
    printed = run_app(CRASH_SCRIPT)  # and nothing on stderr: reported in the window, not as a traceback
    lines = dict(line.split(":", 1) for line in printed.splitlines() if line.startswith(("STATUS", "AUTOSAVE")))
    assert lines["STATUS"].startswith("Internal error (ZeroDivisionError: a defect in a slot)")
    assert "your design was autosaved" in lines["STATUS"] and "\n" not in lines["STATUS"]
    assert lines["AUTOSAVE"] == "True"
    assert "ZeroDivisionError" in (tmp_path / "state" / "crash.log").read_text("utf-8")
