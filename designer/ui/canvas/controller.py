"""Turns canvas gestures into commands: drops, moves, connections, deletes. Reports refusals."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QPointF

from designer.core.errors import DesignerError
from designer.core.locale import render
from designer.document import commands as cmd
from designer.document.document import Document
from designer.document.drops import DropVerdict, drop_verdict
from designer.model.parts import slot_kind_for
from designer.model.wiring import wiring_changes
from designer.ui.canvas.scene import CanvasScene

translate = QCoreApplication.translate


class CanvasController:
    def __init__(self, document: Document, scene: CanvasScene, report: Callable[[str], None],
                 note: Callable[[QPointF, str], None] | None = None) -> None:
        self.document = document
        self.scene = scene
        self.report = report  # one-line messages for the status bar
        self.note = note or (lambda _pos, _text: None)  # a message where the user dropped

    def _push(self, command: cmd.Command, select: list[str] | None = None) -> bool:
        before = {c.id for c in self.document.design.components} | {lk.id for lk in self.document.design.links}
        try:
            self.document.push(command)
        except DesignerError as exc:
            self.report(translate("CanvasController", "{action}: refused: {reason}").format(
                action=render(command.label), reason=render(cmd.reason(exc))))
            self.scene.snap_back()  # put back anything the user dragged
            return False
        new = [i for i in self.document.design.all_ids() if i not in before]
        self.document.selection.set(select if select is not None else new)
        self.report(render(command.label))
        return True

    def verdict(self, part_id: str, pos: QPointF) -> DropVerdict:
        return drop_verdict(self.document.design, self.document.catalog, self.scene.layout, part_id, pos.x(), pos.y())

    def hover_part(self, part_id: str, pos: QPointF) -> None:
        """While a palette part is dragged over the canvas: highlight where it would go, or what refuses it."""
        verdict = self.verdict(part_id, pos)
        self.scene.show_drop_target(verdict.slot.rect if verdict.slot else None, verdict.accepted,
                                    render(verdict.reason))

    def drop_part(self, part_id: str, pos: QPointF) -> bool:
        self.scene.hide_drop_target()
        verdict = self.verdict(part_id, pos)
        if not verdict.accepted:
            self.report(translate("CanvasController", "Add {part}: refused: {reason}").format(
                part=self.document.catalog.get(part_id).name, reason=render(verdict.reason)))
            self.note(pos, render(verdict.reason))
            return False
        if self.document.catalog.get(part_id).kind == "chassis":
            return self._push(cmd.set_chassis(part_id))
        return self._push(cmd.add_component(part_id, verdict.slot_index, self.document.catalog.get(part_id).name))

    def move(self, moved: dict[str, QPointF]) -> bool:
        """One drag of one or several components: one command, one undo step (or one refusal)."""
        design = self.document.design
        targets: dict[str, int] = {}
        for cid, pos in moved.items():
            comp = design.component(cid)
            kind = slot_kind_for(self.document.catalog.get(comp.part))
            slot = self.scene.layout.slot_at(pos.x(), pos.y()) if self.scene.layout else None
            if kind is None or slot is None or slot.kind != kind:
                self.report(translate("CanvasController", "Move {id}: refused: drop it on a {kind} slot").format(
                    id=cid, kind=kind.value if kind else "chassis"))
                self.scene.snap_back()
                return False
            if slot.index != comp.slot:
                targets[cid] = slot.index
        if not targets:
            self.scene.snap_back()
            return True
        return self._push(cmd.move_components(targets), list(moved))

    def connect(self, a: str, b: str) -> bool:
        return self._push(cmd.connect_components(a, b))

    def delete(self, ids: list[str]) -> bool:
        return bool(ids) and self._push(cmd.remove_items(tuple(ids)), [])

    def duplicate(self, ids: list[str]) -> bool:
        comps = tuple(i for i in ids if any(c.id == i for c in self.document.design.components))
        return bool(comps) and self._push(cmd.duplicate(comps))

    def paste(self, parts: list[str]) -> bool:
        return bool(parts) and self._push(cmd.paste_parts(tuple(parts)))

    def autowire(self) -> bool:
        """Wire what is missing and rebalance what is uneven, in one undo step; the status bar says what changed and
        the links it added or changed are selected."""
        before = self.document.design
        if not self._push(cmd.autowire(), []):
            return False
        changes = wiring_changes(before, self.document.design)
        self.document.selection.set([*changes.added, *changes.changed, *changes.parts])
        self.report(render(cmd.autowire_report(changes)))
        return True
