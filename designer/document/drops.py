"""Where a part dragged from the palette would go, and why not: the rule behind the canvas's drop highlight.

Pure and Qt-free. The canvas asks while the user drags (green target slot, or red with the reason) and the
controller asks again on the drop, so what the highlight promised is what the drop does.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.core.errors import DesignerError
from designer.core.messages import EMPTY, Msg, _m
from designer.document.commands import free_slot, reason
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.layout import ChassisLayout, Slot
from designer.model.parts import slot_kind_for
from designer.model.slot_words import A_SLOT, SLOT_NAME


@dataclass(frozen=True)
class DropVerdict:
    accepted: bool
    slot: Slot | None  # the slot the part would take (accepted), or the slot that refuses it
    reason: Msg | str  # why it is refused (empty when accepted): render it with designer.core.locale.render
    slot_index: int | None = None  # the slot number handed to the command (accepted on-chassis parts)


def _holder(design: Design, catalog: Catalog, slot: Slot) -> str | None:
    for comp in design.components:
        if comp.slot == slot.index and slot_kind_for(catalog.get(comp.part)) == slot.kind:
            return comp.id
    return None


def drop_verdict(design: Design, catalog: Catalog, layout: ChassisLayout | None, part_id: str,
                 x: float, y: float) -> DropVerdict:
    """A part dropped at scene point (x, y): on a free slot of its kind it goes there; on the chassis but off
    any slot it takes the first free slot of its kind; on a slot of another kind, or a taken one, it is
    refused with the reason. Chassis and off-chassis parts (networks) are always accepted."""
    if part_id not in catalog:
        return DropVerdict(False, None, _m("unknown part '{id}'", id=part_id))
    part = catalog.get(part_id)
    kind = slot_kind_for(part)
    if part.kind == "chassis" or kind is None:
        return DropVerdict(True, None, EMPTY)
    under = layout.slot_at(x, y) if layout is not None else None
    if under is not None and under.kind != kind:
        return DropVerdict(False, under, _m("{name} needs {kind}; this is {under}", name=part.name,
                                            kind=A_SLOT[kind], under=A_SLOT[under.kind]))
    if under is not None:
        holder = _holder(design, catalog, under)
        if holder is not None:
            return DropVerdict(False, under, _m("{kind} slot {n} is taken by {holder}", kind=SLOT_NAME[kind],
                                                n=under.index, holder=holder))
    try:
        index = free_slot(design, catalog, part_id, under.index if under is not None else None)
    except DesignerError as exc:
        return DropVerdict(False, under, reason(exc))
    target = layout.slot(kind, index) if layout is not None and index is not None else None
    return DropVerdict(True, target, EMPTY, index)
