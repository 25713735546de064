"""File actions: new from template, open, save, save as, recent files, revert, autosave and recovery."""

from __future__ import annotations

import json
import os
import time
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSettings, QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from designer.core.errors import DesignerError, DesignFileError
from designer.document.document import Document
from designer.io.files import atomic_write_bytes, design_from_dict
from designer.templates import build_template
from designer.ui.export_job import ExportRunner
from designer.ui.text import plain

translate = QCoreApplication.translate
FILTER = str(QT_TRANSLATE_NOOP("FileActions", "GPU node designs (*.json *.pdf);;All files (*)"))
MAX_RECENT = 10
LAST_FOLDER, LAST_EXPORT_FOLDER = "files/last_folder", "files/last_export_folder"  # QSettings keys
AUTOSAVE_MS = 30_000


def state_dir() -> Path:
    override = os.environ.get("GPU_DESIGNER_STATE_DIR")
    if override:
        return Path(override)
    from platformdirs import user_state_dir  # noqa: PLC0415

    return Path(user_state_dir("gpu-node-designer", appauthor=False))


def app_settings() -> QSettings:
    """The app's settings store: the platform's own, or settings.ini in GPU_DESIGNER_STATE_DIR where that is set (a
    test, a portable install or a second profile keeps its preferences, recent files and window layout apart, with
    its autosaves)."""
    override = os.environ.get("GPU_DESIGNER_STATE_DIR")
    if override:
        return QSettings(str(Path(override) / "settings.ini"), QSettings.Format.IniFormat)
    return QSettings("gpu-node-designer", "GPU Node Designer")


def _process_alive(pid: int) -> bool:
    if os.name != "posix" or pid <= 0:
        return False  # cannot tell: treat the autosave as left behind (recovery is offered, never forced)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class FileActions:
    def __init__(self, window: QWidget, document: Document, settings: QSettings,
                 folder: Path | None = None) -> None:
        self.window = window
        self.document = document
        self.settings = settings
        self.state_folder = folder or state_dir()
        # one autosave file per running session: two windows, or a crash and a new session, never clobber each other
        self.autosave_path = self.state_folder / f"autosave-{os.getpid()}-{time.time_ns()}.json"
        self.timer = QTimer(window)
        self.timer.setInterval(AUTOSAVE_MS)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        self.exports = ExportRunner(window)

    # Opening --------------------------------------------------------------------------------
    def confirm_discard(self) -> bool:
        """True when it is fine to drop the current design (saved, discarded, or the user saved it now)."""
        if self.document.is_clean:
            return True
        answer = QMessageBox.question(
            self.window, translate("FileActions", "Unsaved changes"),
            plain(translate("FileActions", "Save the changes to {title}?").format(title=self.document.title)),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def open_path(self, path: str | Path, ask: bool = True) -> bool:
        if ask and not self.confirm_discard():
            return False
        try:
            self.document.load(Path(path))
        except DesignFileError as exc:
            QMessageBox.warning(self.window, translate("FileActions", "Cannot open design"), plain(exc))
            return False
        self.add_recent(Path(path))
        return True

    def open_dialog(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(self.window, translate("FileActions", "Open design"), self._folder(),
                                              translate("FileActions", FILTER))
        return bool(path) and self.open_path(path)

    def new_from_template(self, template_id: str, chassis: str | None = None) -> bool:
        """A reference design, or the blank design ('blank') on `chassis`, as a new unsaved document."""
        if not self.confirm_discard():
            return False
        try:
            design = build_template(template_id, self.document.catalog, chassis)
        except DesignerError as exc:
            QMessageBox.warning(self.window, translate("FileActions", "New design"), plain(exc))
            return False
        self.document.replace(design, None, clean=True)
        return True

    def revert(self) -> bool:
        if self.document.path is None or self.document.is_clean:
            return False
        answer = QMessageBox.question(self.window, translate("FileActions", "Revert"), plain(translate(
            "FileActions", "Discard all changes since {title} was last saved?").format(title=self.document.title)))
        return answer == QMessageBox.StandardButton.Yes and self.open_path(self.document.path, ask=False)

    # Saving ---------------------------------------------------------------------------------
    def save(self) -> bool:
        if self.document.path is None or self.document.path.suffix.lower() != ".json":
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        suggested = str(Path(self._folder()) / f"{self.document.design.meta.template or 'design'}.json")
        path, _ = QFileDialog.getSaveFileName(self.window, translate("FileActions", "Save design as"), suggested,
                                              translate("FileActions", "GPU node designs (*.json)"))
        if not path:
            return False
        if not path.lower().endswith(".json"):
            path += ".json"
        return self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        try:
            self.document.save(path)
        except OSError as exc:
            QMessageBox.warning(self.window, translate("FileActions", "Cannot save"),
                                plain(f"{path.name}: {exc.strerror or exc}"))
            return False
        self.add_recent(path)
        self.clear_autosave()  # the design it covered is saved now
        return True

    # Exports --------------------------------------------------------------------------------
    def export(self, kind: str) -> bool:
        """File > Export: the same exports as `gpu-designer-cli export`, to the file the user picks, written off the
        GUI thread (ExportRunner shows progress, then names the file with a button to open it)."""
        from designer.export.files import SUFFIX  # noqa: PLC0415 (export modules load on first export)

        labels = {"pdf": translate("FileActions", "PDF spec sheet (*.pdf)"),
                  "json": translate("FileActions", "JSON spec (*.json)"),
                  "svg": translate("FileActions", "SVG diagram (*.svg)"),
                  "png": translate("FileActions", "PNG diagram (*.png)"),
                  "slide": translate("FileActions", "16:9 slide (*.png *.svg *.pdf)")}
        suffix = SUFFIX.get(kind, ".png")
        stem = self.document.path.stem if self.document.path else (self.document.design.meta.template or "design")
        extra = {"json": "-spec", "slide": "-slide"}.get(kind, "")
        default = str(Path(self._remembered(LAST_EXPORT_FOLDER) or self._folder()) / f"{stem}{extra}{suffix}")
        path, _ = QFileDialog.getSaveFileName(self.window, translate("FileActions", "Export {what}").format(
            what=labels[kind]), default, labels[kind])
        if not path:
            return False
        self.settings.setValue(LAST_EXPORT_FOLDER, str(Path(path).resolve().parent))
        missing = Path(path).suffix == "" if kind == "slide" else not path.lower().endswith(suffix)
        if missing:
            path += suffix
        from designer.ui.preferences import Preferences  # noqa: PLC0415

        prefs = Preferences(self.settings)  # the paper size, and the rack limits the app's own check uses
        return self.exports.start(self.document.design, self.document.catalog, {kind: Path(path)}, prefs.paper,
                                  prefs.rack_limits)

    # Recent files ---------------------------------------------------------------------------
    def recent(self) -> list[str]:
        value = self.settings.value("recent", [])
        items = [value] if isinstance(value, str) else list(value) if isinstance(value, (list, tuple)) else []
        return [str(p) for p in items if Path(str(p)).exists()][:MAX_RECENT]

    def add_recent(self, path: Path) -> None:
        items = [str(path.resolve())] + [p for p in self.recent() if p != str(path.resolve())]
        self.settings.setValue("recent", items[:MAX_RECENT])
        self.settings.setValue(LAST_FOLDER, str(path.resolve().parent))  # the next dialog opens there

    def _folder(self) -> str:
        """Where a file dialog opens: the open design's folder, else the last folder a design was opened from or
        saved to, else the home folder."""
        if self.document.path:
            return str(self.document.path.parent)
        return self._remembered(LAST_FOLDER) or str(Path.home())

    def _remembered(self, key: str) -> str | None:
        """The folder the settings keep under `key`, when it still exists."""
        last = self.settings.value(key, "")
        return last if isinstance(last, str) and last and Path(last).is_dir() else None

    # Autosave and recovery -------------------------------------------------------------------
    def autosave(self) -> bool:
        """Write the unsaved design to this session's autosave file (atomically). True when written."""
        if self.document.is_clean:
            self.clear_autosave()  # what it covered is the saved file again
            return False
        payload = {"original_path": str(self.document.path or ""), "pid": os.getpid(),
                   "saved_at": datetime.now().astimezone().isoformat(timespec="seconds"),
                   "design": self.document.design.model_dump(mode="json")}
        try:
            self.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self.autosave_path, json.dumps(payload).encode("utf-8"))
        except OSError:
            return False  # best effort; the crash handler says so in its one line
        return True

    def clear_autosave(self) -> None:
        self.autosave_path.unlink(missing_ok=True)

    def session_ended(self) -> None:
        """The window closes after the user saved, discarded or had nothing unsaved: this session's file goes."""
        self.timer.stop()
        self.clear_autosave()

    def left_behind(self) -> list[Path]:
        """Autosaves of sessions that are not running any more (crashed), newest first."""
        if not self.state_folder.is_dir():
            return []
        found = []
        for path in self.state_folder.glob("autosave*.json"):
            if path == self.autosave_path:
                continue
            parts = path.stem.split("-")
            pid = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
            if not _process_alive(pid):
                found.append(path)
        return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)

    def offer_recovery(self) -> bool:
        """Offer every autosave a crashed session left, whatever this one was started with. True if recovered."""
        recovered = False
        for path in self.left_behind():
            if not recovered and self._offer(path):
                recovered = True
        return recovered

    def _offer(self, path: Path) -> bool:
        try:
            payload = json.loads(path.read_text("utf-8"))
            design = design_from_dict(payload["design"], "autosave", self.document.catalog)
            original = Path(payload["original_path"]) if payload.get("original_path") else None
        except (OSError, ValueError, KeyError, TypeError, DesignFileError):
            path.unlink(missing_ok=True)  # unreadable: nothing to recover
            return False
        when = _when(payload.get("saved_at"), path)
        source = (translate("FileActions", "from {path}").format(path=original) if original
                  else translate("FileActions", "(never saved to a file)"))
        buttons = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Question, translate("FileActions", "Recover unsaved work"),
                          plain(translate("FileActions", "GPU Node Designer did not close properly. Recover the "
                                          "unsaved design '{name}' {source}, autosaved {when}?\n\nRecover opens it "
                                          "as unsaved work; Discard deletes the autosave; Ignore keeps it for the "
                                          "next start.").format(name=design.meta.name, source=source, when=when)),
                          buttons.Yes | buttons.Discard | buttons.Ignore, self.window)
        box.button(buttons.Yes).setText(translate("FileActions", "Recover"))  # the button the question names
        box.setDefaultButton(buttons.Yes)
        answer = buttons(box.exec())
        if answer == buttons.Ignore:
            return False
        if answer == buttons.Yes:
            self.document.replace(design, original, clean=False)
            self.autosave()  # this session covers it now, before the old file goes
        path.unlink(missing_ok=True)
        return answer == buttons.Yes


def _when(stamp: object, path: Path) -> str:
    try:
        moment = datetime.fromisoformat(str(stamp))
    except ValueError:
        moment = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    return moment.strftime("at %H:%M on %d %b %Y")
