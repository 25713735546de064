"""Commands: every edit to a design. Each is a named pure transformation Design -> Design.

The History stores the design before and after, so undo and redo are exact. A command that cannot
apply raises a DesignerError with a one-line reason (shown in the status bar or beside the field): a
CommandError, an unknown part or id, an invalid value (pydantic's refusal) or a wiring refusal, each raised on
purpose. Any other exception is a bug and is not dressed up as a refusal: it reaches the crash handler.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from designer.core.errors import DesignerError
from designer.core.ids import next_id
from designer.core.messages import Msg, _m, many
from designer.document.field_words import field_words
from designer.model import edits
from designer.model.catalog import Catalog
from designer.model.design import Design, Placement, Waiver, duplicate_waiver
from designer.model.parts import slot_kind_for
from designer.model.slot_words import A_SLOT, SLOT_NAME
from designer.model.wiring import WiringChanges, WiringError, auto_wire, connect


class CommandError(DesignerError):
    """str(error) is the English reason; `msg` the reason to show in a language (designer.core.locale.render)."""

    def __init__(self, msg: Msg | str) -> None:
        super().__init__(str(msg))
        self.msg = msg


def reason(exc: DesignerError) -> Msg | str:
    """Why an edit was refused, to render: a CommandError's message, or another refusal's English line."""
    return exc.msg if isinstance(exc, CommandError) else str(exc)


def _count(n: int, one: Msg, many: Msg) -> Msg:
    """`one` ('Delete 1 item') for one, `many` ('Delete {n} items') with n otherwise (Chinese has one form)."""
    return one if n == 1 else _m(many.id, n=n)


@dataclass(frozen=True)
class Command:
    label: Msg  # the undo name ("Delete 3 items"): str(label) is the English, render(label) in a language
    apply: Callable[[Design, Catalog], Design]
    merge_key: str | None = None
    select: tuple[str, ...] = field(default=())  # ids to select afterwards

    def run(self, design: Design, catalog: Catalog) -> Design:
        try:
            return self.apply(design, catalog)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            raise CommandError(f"{'.'.join(map(str, err['loc'])) or 'value'}: {err['msg']}") from None
        except WiringError as exc:  # a deliberate refusal of designer.model.wiring (a ValueError there)
            raise CommandError(str(exc)) from None


def free_slot(design: Design, catalog: Catalog, part_id: str, wanted: int | None = None) -> int | None:
    """A free slot of the part's kind (the wanted one if free); None for off-chassis parts."""
    part = catalog.get(part_id)
    kind = slot_kind_for(part)
    if kind is None:
        return None
    chassis = catalog.chassis(design.chassis)
    have = chassis.slots.get(kind, 0)
    if have == 0:
        raise CommandError(_m("{name} needs {kind}; {chassis} has none", name=part.name, kind=A_SLOT[kind],
                              chassis=chassis.name))
    taken = {c.slot for c in design.components if c.slot is not None and slot_kind_for(catalog.get(c.part)) == kind}
    if wanted is not None and 0 <= wanted < have and wanted not in taken:
        return wanted
    free = [i for i in range(have) if i not in taken]
    if not free:
        raise CommandError(_m("all {n} {kind} slots of {chassis} are taken", n=have, kind=SLOT_NAME[kind],
                              chassis=chassis.name))
    return free[0]


def _prefix(part_kind: str) -> str:
    return {"gpu": "gpu", "scaleup_switch": "nvs", "pcie_switch": "psw", "nic": "nic", "cpu": "cpu", "psu": "psu",
            "cooling": "cool", "fabric": "fabric"}.get(part_kind, "c")


def add_component(part_id: str, slot: int | None = None, name: str = "") -> Command:
    """`name`: the part's name for the label users see (status bar, Undo menu); the id when not given."""
    def apply(design: Design, catalog: Catalog) -> Design:
        part = catalog.get(part_id)
        cid = next_id(_prefix(part.kind), design.all_ids())
        return edits.add_components(design, [Placement(id=cid, part=part_id, slot=free_slot(design, catalog,
                                                                                             part_id, slot))])
    return Command(_m("Add {part}", part=name or part_id), apply)


def remove_items(ids: tuple[str, ...]) -> Command:
    def apply(design: Design, catalog: Catalog) -> Design:
        comps = [i for i in ids if any(c.id == i for c in design.components)]
        return edits.remove_links(edits.remove_components(design, comps), [i for i in ids if i not in comps])
    return Command(_count(len(ids), _m("Delete 1 item"), _m("Delete {n} items")), apply)


def move_component(cid: str, slot: int) -> Command:
    """Move to another slot of the same kind; a component already there swaps places."""
    def apply(design: Design, catalog: Catalog) -> Design:
        comp = design.component(cid)
        kind = slot_kind_for(catalog.get(comp.part))
        have = catalog.chassis(design.chassis).slots.get(kind, 0) if kind else 0
        if not 0 <= slot < have:
            raise CommandError(_m("this chassis has no {kind} slot #{n}", kind=SLOT_NAME[kind], n=slot) if kind
                               else _m("{id} does not sit in a slot", id=cid))
        other = next((c for c in design.components if c.id != cid and c.slot == slot
                      and slot_kind_for(catalog.get(c.part)) == kind), None)
        if other is not None:
            design = edits.update_component(design, other.id, slot=comp.slot)
        return edits.update_component(design, cid, slot=slot)
    return Command(_m("Move {id}", id=cid), apply)


def move_components(targets: dict[str, int]) -> Command:
    """Move several components to slots in one step (one drag of a multi-selection).

    Each target slot must be free or be left by another moving component; a single component dropped on an
    occupied slot of its kind swaps places with the one there (as `move_component`).
    """
    if len(targets) == 1:
        ((cid, slot),) = targets.items()
        return move_component(cid, slot)

    def apply(design: Design, catalog: Catalog) -> Design:
        moving = set(targets)
        for cid, slot in targets.items():
            comp = design.component(cid)
            kind = slot_kind_for(catalog.get(comp.part))
            have = catalog.chassis(design.chassis).slots.get(kind, 0) if kind else 0
            if not 0 <= slot < have:
                raise CommandError(_m("{id}: this chassis has no {kind} slot #{n}", id=cid, kind=SLOT_NAME[kind],
                                      n=slot) if kind else _m("{id} does not sit in a slot", id=cid))
            other = next((c for c in design.components if c.id not in moving and c.slot == slot
                          and slot_kind_for(catalog.get(c.part)) == kind), None)
            if other is not None:
                raise CommandError(_m("slot #{n} is taken by {holder}", n=slot, holder=other.id))
        wanted = [(kind, slot) for cid, slot in targets.items()
                  if (kind := slot_kind_for(catalog.get(design.component(cid).part)))]
        if len(set(wanted)) != len(wanted):
            raise CommandError("two of the moved components would share a slot")
        for cid, slot in targets.items():
            design = edits.update_component(design, cid, slot=slot)
        return design
    return Command(_m("Move {n} components", n=len(targets)), apply)  # one target: move_component


def duplicate(ids: tuple[str, ...]) -> Command:
    def apply(design: Design, catalog: Catalog) -> Design:
        for cid in ids:
            comp = next((c for c in design.components if c.id == cid), None)
            if comp is not None:
                design = add_component(comp.part).run(design, catalog)
        return design
    return Command(_count(len(ids), _m("Duplicate 1 item"), _m("Duplicate {n} items")), apply)


def paste_parts(parts: tuple[str, ...]) -> Command:
    def apply(design: Design, catalog: Catalog) -> Design:
        for part in parts:
            design = add_component(part).run(design, catalog)
        return design
    return Command(_count(len(parts), _m("Paste 1 item"), _m("Paste {n} items")), apply)


def connect_components(a: str, b: str) -> Command:
    return Command(_m("Connect {a} to {b}", a=a, b=b), lambda d, cat: connect(d, cat, a, b))


def autowire() -> Command:
    return Command(_m("Auto-wire"), auto_wire)


def autowire_report(changes: WiringChanges) -> Msg:
    """What auto-wire did, for the status bar: 'Auto-wire: 21 links added, 3 links changed, 2 links removed'."""
    if changes.nothing:
        return _m("Auto-wire: every link already follows the plan; nothing changed")
    counts = [(changes.added, _m("1 link added"), _m("{n} links added")),
              (changes.changed, _m("1 link changed"), _m("{n} links changed")),
              (changes.removed, _m("1 link removed"), _m("{n} links removed")),
              (changes.parts, _m("1 fabric added"), _m("{n} fabrics added"))]
    return _m("Auto-wire: {changes}", changes=many([_count(len(ids), one, more) for ids, one, more in counts if ids]))


def set_component(cid: str, **changes: Any) -> Command:
    return Command(_m("Change {id} {what}", id=cid, what=field_words(changes)),
                   lambda d, cat: _checked_part(edits.update_component(d, cid, **changes), cat))


def set_parts(ids: tuple[str, ...], part_id: str, name: str = "") -> Command:
    """Swap every component in `ids` for `part_id` in one undo step (eight GPUs of a multi-selection at once);
    `name`: the part's name for the undo label; the id when not given."""
    if len(ids) == 1:
        return set_component(ids[0], part=part_id)

    def apply(design: Design, catalog: Catalog) -> Design:
        for cid in ids:
            design = edits.update_component(design, cid, part=part_id)
        return _checked_part(design, catalog)
    return Command(_m("Swap {n} parts for {part}", n=len(ids), part=name or part_id), apply)


def _checked_part(design: Design, catalog: Catalog) -> Design:
    for comp in design.components:
        if comp.part not in catalog:
            raise CommandError(f"unknown part '{comp.part}'")
    return design


def set_link(lid: str, **changes: Any) -> Command:
    return Command(_m("Change link {id} {what}", id=lid, what=field_words(changes)),
                   lambda d, cat: edits.update_link(d, lid, **changes))


def set_settings(**changes: Any) -> Command:
    return Command(_m("Change {what}", what=field_words(changes)), lambda d, cat: edits.set_settings(d, **changes))


def set_meta(**changes: Any) -> Command:
    def apply(design: Design, catalog: Catalog) -> Design:
        meta = type(design.meta).model_validate({**design.meta.model_dump(), **changes})
        return design.model_copy(update={"meta": meta})
    return Command(_m("Change {what}", what=field_words(changes)), apply)


def set_chassis(chassis: str) -> Command:
    def apply(design: Design, catalog: Catalog) -> Design:
        catalog.chassis(chassis)
        return edits.set_chassis(design, chassis)
    return Command(_m("Change chassis to {id}", id=chassis), apply)


def add_waiver(rule: str, ids: tuple[str, ...], reason: str) -> Command:
    if not reason.strip():
        raise CommandError("a waiver needs a reason")
    waiver = Waiver(rule=rule, ids=ids, reason=reason.strip())

    def apply(design: Design, catalog: Catalog) -> Design:
        if duplicate_waiver([*design.waivers, waiver]) is not None:
            raise CommandError(_m("{rule} is already waived for these items", rule=rule))
        return edits.add_waiver(design, waiver)
    return Command(_m("Waive {rule}", rule=rule), apply)


def remove_waiver(waiver: Waiver) -> Command:
    return Command(_m("Remove waiver of {rule}", rule=waiver.rule), lambda d, cat: edits.remove_waiver(d, waiver))
