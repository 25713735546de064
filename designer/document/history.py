"""Undo history over immutable values (designs, cluster plans): each step stores the value before and after.

Designs are frozen values, so undo is restoring the previous value; no inverse operations to get wrong.
Continuous edits (a drag) merge into one step when the command says it can.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from designer.core.messages import EMPTY, Msg

T = TypeVar("T")  # the frozen value the history holds: a Design, a ClusterPlan


@dataclass(frozen=True)
class Step(Generic[T]):
    label: Msg  # the command's undo name (render it with designer.core.locale.render)
    before: T
    after: T
    merge_key: str | None = None


class History(Generic[T]):
    def __init__(self, limit: int = 500) -> None:
        self._steps: list[Step[T]] = []
        self._index = 0  # steps[:index] are done
        self._clean: int | None = 0
        self.limit = limit

    def push(self, step: Step[T]) -> None:
        del self._steps[self._index:]
        if self._clean is not None and self._clean > self._index:
            self._clean = None  # the saved state can no longer be reached
        last = self._steps[-1] if self._steps else None
        if step.merge_key and last and last.merge_key == step.merge_key and self._clean != self._index:
            self._steps[-1] = Step(last.label, last.before, step.after, step.merge_key)
        else:
            self._steps.append(step)
            self._index += 1
        if len(self._steps) > self.limit:
            self._steps.pop(0)
            self._index -= 1
            self._clean = None if self._clean in (None, 0) else self._clean - 1

    def undo(self) -> T | None:
        if not self.can_undo:
            return None
        self._index -= 1
        return self._steps[self._index].before

    def redo(self) -> T | None:
        if not self.can_redo:
            return None
        self._index += 1
        return self._steps[self._index - 1].after

    @property
    def can_undo(self) -> bool:
        return self._index > 0

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._steps)

    @property
    def undo_label(self) -> Msg:
        return self._steps[self._index - 1].label if self.can_undo else EMPTY

    @property
    def redo_label(self) -> Msg:
        return self._steps[self._index].label if self.can_redo else EMPTY

    def set_clean(self) -> None:
        self._clean = self._index

    @property
    def is_clean(self) -> bool:
        return self._clean == self._index

    def mark_unsaved(self) -> None:
        self._clean = None

    def clear(self) -> None:
        self._steps.clear()
        self._index = 0
        self._clean = 0
