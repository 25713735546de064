"""The Document: the current design, its file, its history, its selection and its change events (Qt-free)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from designer.core.signal import Signal
from designer.document.changes import DesignChange, diff_designs, replacement
from designer.document.commands import Command
from designer.document.history import History, Step
from designer.document.selection import Selection
from designer.io.files import load_design, save_design
from designer.model.catalog import Catalog
from designer.model.design import Design


class Saveable(Protocol):
    path: Path | None
    history: History
    path_changed: Signal
    clean_changed: Signal


def mark_saved(doc: Saveable, target: Path) -> None:
    """After a document (a design's, a plan's) was written to `target`: its path, a clean history, the events."""
    moved = doc.path != target
    doc.path = target
    was_clean = doc.history.is_clean
    doc.history.set_clean()
    if moved:
        doc.path_changed.emit(doc.path)
    if not was_clean:
        doc.clean_changed.emit(True)


class Document:
    def __init__(self, design: Design, catalog: Catalog, path: Path | None = None) -> None:
        self.design = design
        self.catalog = catalog
        self.path = path
        self.history: History[Design] = History()
        self.selection = Selection()
        self.revision = 0  # bumps on every change of the design: analyses are keyed by it
        self.changed = Signal()  # (DesignChange) after any change of the design, a whole new one included
        self.clean_changed = Signal()  # (is_clean)
        self.path_changed = Signal()  # (path | None) after Save As, Open, New

    # Editing ----------------------------------------------------------------------------------
    def push(self, command: Command) -> Design:
        """Apply a command (raises CommandError with the reason when it cannot)."""
        before = self.design
        after = command.run(before, self.catalog)
        if after == before:
            return after
        was_clean = self.history.is_clean
        self.history.push(Step(command.label, before, after, command.merge_key))
        self._set(diff_designs(before, after), was_clean)
        return after

    def undo(self) -> None:
        self._step(self.history.undo)

    def redo(self) -> None:
        self._step(self.history.redo)

    def _step(self, move) -> None:
        was_clean = self.history.is_clean
        before = self.design
        design = move()
        if design is not None:
            self._set(diff_designs(before, design), was_clean)

    def _set(self, change: DesignChange, was_clean: bool) -> None:
        self.design = change.after
        self.revision += 1
        self.selection.prune(change.after)
        self.changed.emit(change)
        if was_clean != self.history.is_clean:
            self.clean_changed.emit(self.history.is_clean)

    # Files ------------------------------------------------------------------------------------
    @property
    def is_clean(self) -> bool:
        return self.history.is_clean

    @property
    def title(self) -> str:
        return self.path.name if self.path else self.design.meta.name

    def save(self, path: Path | None = None) -> None:
        target = path or self.path
        if target is None:
            raise ValueError("no file name")
        save_design(self.design, target)
        mark_saved(self, Path(target))

    def load(self, path: Path) -> None:
        """Replace the design with a file's (raises DesignFileError and leaves everything as it was)."""
        design = load_design(path, self.catalog)
        self.replace(design, Path(path))

    def replace(self, design: Design, path: Path | None, clean: bool = True) -> None:
        self.design = design
        self.revision += 1
        self.path = path
        self.history.clear()
        if not clean:
            self.history.mark_unsaved()  # e.g. a recovered autosave: unsaved work
        self.selection.clear()
        self.changed.emit(replacement(design))
        self.path_changed.emit(path)
        self.clean_changed.emit(self.history.is_clean)

    def revert(self) -> None:
        if self.path is not None:
            self.load(self.path)
