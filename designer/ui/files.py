"""File actions: new from template, open, save, save as, recent files, revert, autosave and recovery."""

from __future__ import annotations

import json
import os
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from designer.core.errors import DesignerError, DesignFileError
from designer.document.document import Document
from designer.io.files import atomic_write_bytes, design_from_dict
from designer.templates import build_template
from designer.ui.text import plain

FILTER = "GPU node designs (*.json *.pdf);;All files (*)"
MAX_RECENT = 10
AUTOSAVE_MS = 30_000


def state_dir() -> Path:
    override = os.environ.get("GPU_DESIGNER_STATE_DIR")
    if override:
        return Path(override)
    from platformdirs import user_state_dir  # noqa: PLC0415

    return Path(user_state_dir("gpu-node-designer", appauthor=False))


class FileActions:
    def __init__(self, window: QWidget, document: Document, settings: QSettings) -> None:
        self.window = window
        self.document = document
        self.settings = settings
        self.autosave_path = state_dir() / "autosave.json"
        self.timer = QTimer(window)
        self.timer.setInterval(AUTOSAVE_MS)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()

    # Opening --------------------------------------------------------------------------------
    def confirm_discard(self) -> bool:
        """True when it is fine to drop the current design (saved, discarded, or the user saved it now)."""
        if self.document.is_clean:
            return True
        answer = QMessageBox.question(
            self.window, "Unsaved changes", plain(f"Save the changes to {self.document.title}?"),
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
            QMessageBox.warning(self.window, "Cannot open design", plain(exc))
            return False
        self.add_recent(Path(path))
        return True

    def open_dialog(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(self.window, "Open design", self._folder(), FILTER)
        return bool(path) and self.open_path(path)

    def new_from_template(self, template_id: str) -> bool:
        if not self.confirm_discard():
            return False
        try:
            design = build_template(template_id, self.document.catalog)
        except DesignerError as exc:
            QMessageBox.warning(self.window, "New design", plain(exc))
            return False
        self.document.replace(design, None, clean=True)
        return True

    def revert(self) -> bool:
        if self.document.path is None or self.document.is_clean:
            return False
        answer = QMessageBox.question(self.window, "Revert", plain(f"Discard all changes since {self.document.title} "
                                                                   "was last saved?"))
        return answer == QMessageBox.StandardButton.Yes and self.open_path(self.document.path, ask=False)

    # Saving ---------------------------------------------------------------------------------
    def save(self) -> bool:
        if self.document.path is None or self.document.path.suffix.lower() != ".json":
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        suggested = str(Path(self._folder()) / f"{self.document.design.meta.template or 'design'}.json")
        path, _ = QFileDialog.getSaveFileName(self.window, "Save design as", suggested, "GPU node designs (*.json)")
        if not path:
            return False
        if not path.lower().endswith(".json"):
            path += ".json"
        return self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        try:
            self.document.save(path)
        except OSError as exc:
            QMessageBox.warning(self.window, "Cannot save", plain(f"{path.name}: {exc.strerror or exc}"))
            return False
        self.add_recent(path)
        self.clear_autosave()
        return True

    # Exports --------------------------------------------------------------------------------
    def export(self, kind: str) -> bool:
        """File > Export: the same exports as `gpu-designer-cli export`, to the file the user picks."""
        from designer.export.files import SUFFIX, export  # noqa: PLC0415 (matplotlib only when exporting)

        labels = {"pdf": "PDF spec sheet (*.pdf)", "json": "JSON spec (*.json)", "svg": "SVG diagram (*.svg)",
                  "png": "PNG diagram (*.png)"}
        stem = self.document.path.stem if self.document.path else (self.document.design.meta.template or "design")
        default = str(Path(self._folder()) / f"{stem}{'-spec' if kind == 'json' else ''}{SUFFIX[kind]}")
        path, _ = QFileDialog.getSaveFileName(self.window, f"Export {labels[kind]}", default, labels[kind])
        if not path:
            return False
        if not path.lower().endswith(SUFFIX[kind]):
            path += SUFFIX[kind]
        try:
            export(self.document.design, self.document.catalog, {kind: Path(path)})
        except (DesignerError, OSError) as exc:
            QMessageBox.warning(self.window, "Export failed", plain(exc))
            return False
        return True

    # Recent files ---------------------------------------------------------------------------
    def recent(self) -> list[str]:
        value = self.settings.value("recent", [])
        items = [value] if isinstance(value, str) else list(value or [])
        return [p for p in items if Path(p).exists()][:MAX_RECENT]

    def add_recent(self, path: Path) -> None:
        items = [str(path.resolve())] + [p for p in self.recent() if p != str(path.resolve())]
        self.settings.setValue("recent", items[:MAX_RECENT])

    def _folder(self) -> str:
        return str(self.document.path.parent) if self.document.path else str(Path.home())

    # Autosave and recovery -------------------------------------------------------------------
    def autosave(self) -> None:
        if self.document.is_clean:
            return
        payload = {"original_path": str(self.document.path or ""),
                   "design": self.document.design.model_dump(mode="json")}
        try:
            self.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self.autosave_path, json.dumps(payload).encode("utf-8"))
        except OSError:
            pass  # autosave is best effort; the status bar is not the place to nag

    def clear_autosave(self) -> None:
        self.autosave_path.unlink(missing_ok=True)

    def offer_recovery(self) -> bool:
        """After a crash: offer the autosaved design; load it as unsaved work when accepted."""
        if not self.autosave_path.exists():
            return False
        try:
            payload = json.loads(self.autosave_path.read_text("utf-8"))
            design = design_from_dict(payload["design"], "autosave", self.document.catalog)
            original = Path(payload["original_path"]) if payload.get("original_path") else None
        except (OSError, ValueError, KeyError, TypeError, DesignFileError):
            self.clear_autosave()
            return False
        answer = QMessageBox.question(
            self.window, "Recover unsaved work",
            plain(f"GPU Node Designer did not close properly. Recover the unsaved design '{design.meta.name}'?"))
        if answer != QMessageBox.StandardButton.Yes:
            self.clear_autosave()
            return False
        self.document.replace(design, original, clean=False)
        return True
