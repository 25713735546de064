"""A long editing session made of a user's gestures, logged so it can be replayed without the UI.

Used by tests/ui/test_long_session.py (300+ gestures) and benchmarks/bench_session.py (5,000). Every gesture
is a mouse or key event on the real widgets (ui_harness.gestures.ScriptedUser); the choice of the next
gesture is seeded, so a failure can be rerun. The CommandLog records what reached the Document (commands
that applied, undo, redo, designs loaded from a file), and `replay` runs the same on a Qt-free Document.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QGraphicsItem

from designer.document.commands import Command
from designer.document.document import Document
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.parts import SlotKind, slot_kind_for
from ui_harness.gestures import CTRL, ScriptedUser, settle


@dataclass
class CommandLog:
    """What reached the Document, in order: ("push", Command) | ("undo",) | ("redo",) | ("replace", Design, clean)."""

    document: Document
    entries: list[tuple[Any, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        doc = self.document
        push, undo, redo, replace = doc.push, doc.undo, doc.redo, doc.replace

        def logged_push(command: Command) -> Design:
            result = push(command)  # a refused command raises and is not logged
            self.entries.append(("push", command))
            return result

        def logged_undo() -> None:
            self.entries.append(("undo",))
            undo()

        def logged_redo() -> None:
            self.entries.append(("redo",))
            redo()

        def logged_replace(design: Design, path: Path | None, clean: bool = True) -> None:
            self.entries.append(("replace", design, clean))
            replace(design, path, clean)

        doc.push, doc.undo, doc.redo, doc.replace = logged_push, logged_undo, logged_redo, logged_replace  # type: ignore[method-assign]


def replay(start: Design, catalog: Catalog, entries: list[tuple[Any, ...]]) -> Design:
    """The same edits on a Document with no window: the design the session should have ended with."""
    doc = Document(start, catalog)
    for entry in entries:
        if entry[0] == "push":
            doc.push(entry[1])
        elif entry[0] == "undo":
            doc.undo()
        elif entry[0] == "redo":
            doc.redo()
        else:
            doc.replace(entry[1], None, entry[2])
    return doc.design


def scene_snapshot(scene: Any) -> dict[str, tuple]:
    """What the canvas shows, item by item (positions rounded to 0.01 mm), to compare with a fresh layout."""
    shot: dict[str, tuple] = {}
    for cid, item in scene.components.items():
        r = item.sceneBoundingRect()
        shot[cid] = (round(r.x(), 2), round(r.y(), 2), round(r.width(), 2), round(r.height(), 2),
                     item.kind, item.title, item.subtitle, item.toolTip())
    for lid, link in scene.links.items():
        r = link.path().boundingRect()
        shot[lid] = (round(r.x(), 2), round(r.y(), 2), round(r.width(), 2), round(r.height(), 2),
                     link.kind, link.label, link.toolTip(), tuple(e.cid for e in link.ends))
    return shot


@dataclass
class Session:
    """Drives one window through `gestures` seeded random gestures; `done` counts them by kind."""

    window: Any
    folder: Path
    seed: int = 1
    done: Counter = field(default_factory=Counter)
    refused: int = 0

    def __post_init__(self) -> None:
        self.user = ScriptedUser(self.window)
        self.rng = random.Random(self.seed)
        self.log = CommandLog(self.window.document)
        self.start = self.window.document.design
        self.file = self.folder / "session.json"
        self.moves: list[tuple[str, Callable[[], None], int]] = [
            ("select", self.select, 10), ("drag", self.drag, 12), ("multi_drag", self.multi_drag, 5),
            ("drop", self.drop, 10), ("swap", self.swap, 10), ("connect", self.connect, 8),
            ("delete", self.delete, 8), ("undo", self.undo, 14), ("redo", self.redo, 8),
            ("rename", self.rename, 4), ("save_reopen", self.save_reopen, 2),
        ]

    # The session ----------------------------------------------------------------------------
    def run(self, gestures: int, every: Callable[[int], None] | None = None) -> None:
        names = [m[0] for m in self.moves]
        actions = {m[0]: m[1] for m in self.moves}
        weights = [m[2] for m in self.moves]
        for i in range(gestures):
            name = self.rng.choices(names, weights)[0]
            before = self.window.document.revision
            actions[name]()
            self.done[name] += 1
            if name in {"drag", "drop", "swap", "connect", "delete", "multi_drag"} and \
                    self.window.document.revision == before:
                self.refused += 1  # refused with a reason in the status bar (a taken slot, a full chassis...)
            if every is not None:
                every(i)

    # Helpers --------------------------------------------------------------------------------
    @property
    def design(self) -> Design:
        return self.window.document.design

    def _component(self) -> str | None:
        ids = [c.id for c in self.design.components]
        return self.rng.choice(ids) if ids else None

    def _slots(self, kind: SlotKind) -> int:
        return self.window.catalog.chassis(self.design.chassis).slots.get(kind, 0)

    def _kind_of(self, cid: str) -> SlotKind | None:
        return slot_kind_for(self.window.catalog.get(self.design.component(cid).part))

    # Gestures -------------------------------------------------------------------------------
    def select(self) -> None:
        cid = self._component()
        if cid is None:
            self.user.click_empty()
        else:
            self.user.click(cid)

    def drag(self) -> None:
        cid = self._component()
        kind = self._kind_of(cid) if cid else None
        if cid is None or kind is None or not self._slots(kind):
            return self.select()
        self.user.click(cid)
        self.user.drag_component(cid, self.user.slot_point(kind, self.rng.randrange(self._slots(kind))))

    def multi_drag(self) -> None:
        cid = self._component()
        kind = self._kind_of(cid) if cid else None
        peers = [c.id for c in self.design.components if c.id != cid and kind and self._kind_of(c.id) == kind]
        if cid is None or kind is None or not peers:
            return self.drag()
        other = self.rng.choice(peers)
        self.user.click(cid)
        self.user.click(other, CTRL)
        self.user.drag_component(cid, self.user.slot_point(kind, self.rng.randrange(self._slots(kind))))

    def drop(self) -> None:
        catalog = self.window.catalog
        kinds = [k for k in (SlotKind.SXM, SlotKind.OAM, SlotKind.PCIE_X16, SlotKind.NIC, SlotKind.PSU)
                 if self._slots(k)]
        if not kinds:
            return self.select()
        kind = self.rng.choice(kinds)
        parts = sorted(p.id for p in catalog.parts.values() if slot_kind_for(p) == kind
                       and self.window.palette_panel.item_for(p.id) is not None)
        self.user.drop_part(self.rng.choice(parts), self.user.slot_point(kind, self.rng.randrange(self._slots(kind))))

    def swap(self) -> None:
        cid = self._component()
        if cid is None:
            return self.select()
        self.user.click(cid)
        combo = self.window.inspector.fields.get("part")
        if combo is None or combo.count() < 2:
            return
        current = combo.currentData()
        choices = [combo.itemData(i) for i in range(combo.count()) if combo.itemData(i) != current]
        self.user.choose(combo, self.rng.choice(choices))

    def connect(self) -> None:
        ids = [c.id for c in self.design.components]
        if len(ids) < 2:
            return self.select()
        a, b = self.rng.sample(ids, 2)
        self.user.connect(a, b)

    def delete(self) -> None:
        if len(self.design.components) < 6:
            return self.undo()  # keep enough of a design to edit
        cid = self._component()
        if cid is not None:
            self.user.click(cid)
            self.user.delete()

    def undo(self) -> None:
        self.user.undo()

    def redo(self) -> None:
        self.user.redo()

    def rename(self) -> None:
        self.user.click_empty()
        name = self.window.inspector.fields.get("name")
        if name is not None:
            self.user.type_into(name, f"session design {self.rng.randrange(1000)}")

    def save_reopen(self) -> None:
        """Ctrl+S (Save As the first time), then Ctrl+O of the same file."""
        chosen = (str(self.file), "")
        save_as, open_ = QFileDialog.getSaveFileName, QFileDialog.getOpenFileName
        QFileDialog.getSaveFileName = staticmethod(lambda *a, **k: chosen)  # type: ignore[method-assign]
        QFileDialog.getOpenFileName = staticmethod(lambda *a, **k: chosen)  # type: ignore[method-assign]
        try:
            self.user.save()
            self.user.key(Qt.Key.Key_O, CTRL)
        finally:
            QFileDialog.getSaveFileName, QFileDialog.getOpenFileName = save_as, open_  # type: ignore[method-assign]


def live_counts(window: Any) -> dict[str, int]:
    """Qt items in the scene, widgets alive, Python objects tracked by the collector (after a collection)."""
    settle()
    gc.collect()
    items: list[QGraphicsItem] = window.scene.items()
    return {"scene_items": len(items), "widgets": len(QApplication.allWidgets()), "py_objects": len(gc.get_objects())}
