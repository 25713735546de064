"""Where a part dragged from the palette would go, and why not: the rule behind the canvas's drop highlight.

Pure and Qt-free. The canvas asks while the user drags (green target slot, or red with the reason) and the
controller asks again on the drop, so what the highlight promised is what the drop does.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.core.errors import DesignerError
from designer.document.commands import free_slot
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.layout import ChassisLayout, Slot
from designer.model.parts import slot_kind_for


@dataclass(frozen=True)
class DropVerdict:
    accepted: bool
    slot: Slot | None  # the slot the part would take (accepted), or the slot that refuses it
    reason: str  # why it is refused ("" when accepted)
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
        return DropVerdict(False, None, f"unknown part '{part_id}'")
    part = catalog.get(part_id)
    kind = slot_kind_for(part)
    if part.kind == "chassis" or kind is None:
        return DropVerdict(True, None, "")
    under = layout.slot_at(x, y) if layout is not None else None
    if under is not None and under.kind != kind:
        return DropVerdict(False, under, f"{part.name} needs a {kind.value} slot; this is a {under.kind.value} slot")
    if under is not None:
        holder = _holder(design, catalog, under)
        if holder is not None:
            return DropVerdict(False, under, f"{kind.value} slot {under.index} is taken by {holder}")
    try:
        index = free_slot(design, catalog, part_id, under.index if under is not None else None)
    except DesignerError as exc:
        return DropVerdict(False, under, str(exc))
    target = layout.slot(kind, index) if layout is not None and index is not None else None
    return DropVerdict(True, target, "", index)
