"""The selection: which components and links the user has picked. Panels observe it; the canvas sets it."""

from __future__ import annotations

from collections.abc import Iterable

from designer.core.signal import Signal
from designer.model.design import Design


class Selection:
    def __init__(self) -> None:
        self._ids: tuple[str, ...] = ()
        self.changed = Signal()  # (ids: tuple[str, ...]) after the set of selected ids changed

    @property
    def ids(self) -> tuple[str, ...]:
        return self._ids

    def set(self, ids: Iterable[str]) -> None:
        new = tuple(dict.fromkeys(ids))  # ordered, no repeats
        if set(new) != set(self._ids):
            self._ids = new
            self.changed.emit(new)

    def clear(self) -> None:
        self.set(())

    def prune(self, design: Design) -> None:
        """Forget ids the design no longer has (after a delete, an undo, a new file)."""
        alive = design.all_ids()
        self.set(i for i in self._ids if i in alive)
