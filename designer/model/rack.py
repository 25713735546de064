"""Trays of a rack-scale chassis: which tray a slot is in, and where each tray sits (U from the top).

A rack-scale chassis (the GB200 NVL72 rack) lists its trays from the top down (`ChassisSpec.rack_trays`);
slot indices of each kind run through the trays in that order. Pure data, shared by the layout (the canvas
draws trays in U positions) and the resilience rule (a failed tray takes all its parts with it).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from designer.core.messages import Msg, _m
from designer.model.parts import ChassisSpec, SlotKind

TRAY_TITLE = {"compute": "Compute tray", "switch": "NVLink switch tray", "power": "Power shelf",
              "cooling": "CDU", "network": "Management switch"}
TRAY_WORDS = {"compute": _m("Compute tray"), "switch": _m("NVLink switch tray"), "power": _m("Power shelf"),
              "cooling": _m("CDU"), "network": _m("Management switch")}  # TRAY_TITLE as messages


@dataclass(frozen=True)
class Tray:
    name: str  # "Compute tray 3"
    kind: str
    top_u: int  # U counted from the top of the rack, 0 = the topmost U
    height_u: int
    slots: dict[SlotKind, range]  # this tray's slot indices per kind
    number: int = 0  # its number among the trays of its kind (1, 2, ...)


def trays(chassis: ChassisSpec) -> list[Tray]:
    """Every tray of a rack-scale chassis, top down; empty for a single-node chassis."""
    out: list[Tray] = []
    seen: dict[str, int] = defaultdict(int)
    next_slot: dict[SlotKind, int] = defaultdict(int)
    u = 0
    for run in chassis.rack_trays:
        for _ in range(run.count):
            seen[run.kind] += 1
            slots = {}
            for kind, n in run.slots.items():
                slots[kind] = range(next_slot[kind], next_slot[kind] + n)
                next_slot[kind] += n
            out.append(Tray(f"{TRAY_TITLE[run.kind]} {seen[run.kind]}", run.kind, u, run.height_u, slots,
                            seen[run.kind]))
            u += run.height_u
    return out


def tray_label(tray: Tray) -> Msg:
    """A tray's name as a message ("Compute tray 3" in the document's language; the name in English)."""
    return _m("{tray} {n}", tray=TRAY_WORDS[tray.kind], n=tray.number) if tray.kind in TRAY_WORDS else Msg(tray.name)


def tray_of_slots(chassis: ChassisSpec) -> dict[tuple[SlotKind, int], Tray]:
    return {(kind, i): tray for tray in trays(chassis) for kind, r in tray.slots.items() for i in r}
