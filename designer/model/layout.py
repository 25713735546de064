"""Where things are drawn: chassis zones and slots in millimetres (top view, front at the left).

Pure geometry, so the canvas only paints what this says and tests can check positions without Qt.
The chassis is drawn to the scale of a 19-inch server: 445 mm wide, 850 mm deep.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from designer.model.parts import ChassisSpec, SlotKind
from designer.model.rack import trays

Rect = tuple[float, float, float, float]  # x, y, width, height (mm)

CHASSIS_DEPTH_MM = 850.0
CHASSIS_WIDTH_MM = 445.0
# A rack-scale chassis is drawn from the front, trays as rows: not to scale in height (1U is 44.45 mm; a row of
# 64 mm leaves room for a tray's parts and their labels); the width stops short of the external column.
RACK_WIDTH_MM = 840.0
U_PITCH_MM = 64.0
TRAY_LABEL_MM = 130.0  # the tray's name, left of its parts
EXTERNAL_X = CHASSIS_DEPTH_MM + 60.0
GPU_KINDS = (SlotKind.SXM, SlotKind.OAM, SlotKind.PCIE_X16, SlotKind.SUPERCHIP, SlotKind.MODULE)

ZONE_LABELS = {
    "cooling": "Cooling", "gpu": "GPU baseboard", "host": "Host: CPUs, PCIe switches, NICs", "psu": "PSU bays",
}


@dataclass(frozen=True)
class Slot:
    kind: SlotKind
    index: int
    rect: Rect

    def contains(self, x: float, y: float) -> bool:
        rx, ry, rw, rh = self.rect
        return rx <= x <= rx + rw and ry <= y <= ry + rh

    @property
    def center(self) -> tuple[float, float]:
        rx, ry, rw, rh = self.rect
        return rx + rw / 2, ry + rh / 2


@dataclass(frozen=True)
class ChassisLayout:
    zones: dict[str, Rect]
    slots: tuple[Slot, ...]
    outline: Rect = (0.0, 0.0, CHASSIS_DEPTH_MM, CHASSIS_WIDTH_MM)
    zone_labels: dict[str, str] = field(default_factory=dict)  # zones named other than ZONE_LABELS (rack trays)

    @property
    def view(self) -> str:
        """How the drawing looks at the chassis, for captions."""
        return "front view, trays from the top of the rack" if self.zone_labels else "top view, front at the left"

    def zone_label(self, name: str) -> str:
        return self.zone_labels.get(name) or ZONE_LABELS.get(name, name)

    def slot(self, kind: SlotKind, index: int) -> Slot | None:
        return next((s for s in self.slots if s.kind == kind and s.index == index), None)

    def slot_at(self, x: float, y: float) -> Slot | None:
        return next((s for s in self.slots if s.contains(x, y)), None)

    def of_kind(self, kind: SlotKind) -> list[Slot]:
        return [s for s in self.slots if s.kind == kind]


def _grid(kind: SlotKind, count: int, area: Rect, cols: int, pad: float = 8.0) -> list[Slot]:
    if count <= 0:
        return []
    x, y, w, h = area
    rows = math.ceil(count / cols)
    cw, ch = w / cols, h / rows
    return [Slot(kind, i, (x + (i % cols) * cw + pad / 2, y + (i // cols) * ch + pad / 2, cw - pad, ch - pad))
            for i in range(count)]


def rack_layout(chassis: ChassisSpec) -> ChassisLayout:
    """A rack-scale chassis from the front: one row per tray (top of the rack first), the tray's slots side by
    side in it, GPUs first."""
    zones: dict[str, Rect] = {}
    slots: list[Slot] = []
    order = [*GPU_KINDS, SlotKind.CPU, SlotKind.SCALEUP_SWITCH, SlotKind.NIC, SlotKind.PCIE_SWITCH, SlotKind.PSU,
             SlotKind.COOLING]
    for tray in trays(chassis):
        y, h = tray.top_u * U_PITCH_MM, tray.height_u * U_PITCH_MM
        zones[tray.name] = (0.0, y, RACK_WIDTH_MM, h)
        cells = [(kind, i) for kind in order for i in tray.slots.get(kind, range(0))]
        if not cells:
            continue
        cw = (RACK_WIDTH_MM - TRAY_LABEL_MM) / len(cells)
        slots += [Slot(kind, i, (TRAY_LABEL_MM + n * cw + 2, y + 4, cw - 4, h - 8))
                  for n, (kind, i) in enumerate(cells)]
    height = sum(t.height_u for t in trays(chassis)) * U_PITCH_MM
    return ChassisLayout(zones, tuple(slots), (0.0, 0.0, RACK_WIDTH_MM, height), {n: n for n in zones})


def chassis_layout(chassis: ChassisSpec) -> ChassisLayout:
    if chassis.rack_trays:
        return rack_layout(chassis)
    w = CHASSIS_WIDTH_MM
    zones = {"cooling": (0.0, 0.0, 50.0, w), "gpu": (60.0, 0.0, 420.0, w), "host": (490.0, 0.0, 230.0, w),
             "psu": (730.0, 0.0, 120.0, w)}
    slots: list[Slot] = []
    gpu_kind = next((k for k in GPU_KINDS if chassis.slots.get(k)), None)
    n_switch = chassis.slots.get(SlotKind.SCALEUP_SWITCH, 0)
    gx, gy, gw, gh = zones["gpu"]
    if gpu_kind is not None:
        count = chassis.slots[gpu_kind]
        if gpu_kind is SlotKind.PCIE_X16:  # cards side by side
            slots += _grid(gpu_kind, count, (gx, gy + 20, gw, gh - 40), cols=count, pad=6.0)
        else:
            band = 110.0 if n_switch else 0.0
            half = (gh - band) / 2
            cols = max(1, math.ceil(count / 2))
            top = _grid(gpu_kind, min(count, cols), (gx, gy, gw, half), cols)
            bottom = _grid(gpu_kind, count - len(top), (gx, gy + half + band, gw, half), cols)
            slots += top + [Slot(s.kind, s.index + len(top), s.rect) for s in bottom]
            if n_switch:
                slots += _grid(SlotKind.SCALEUP_SWITCH, n_switch, (gx + 20, gy + half, gw - 40, band), cols=n_switch,
                               pad=14.0)
    hx, hy, hw, hh = zones["host"]
    slots += _grid(SlotKind.CPU, chassis.slots.get(SlotKind.CPU, 0), (hx, hy, hw, 120.0),
                   cols=min(2, max(1, chassis.slots.get(SlotKind.CPU, 0))))
    slots += _grid(SlotKind.PCIE_SWITCH, chassis.slots.get(SlotKind.PCIE_SWITCH, 0), (hx, hy + 125, hw, 70.0),
                   cols=max(1, chassis.slots.get(SlotKind.PCIE_SWITCH, 0)), pad=6.0)
    n_nic = chassis.slots.get(SlotKind.NIC, 0)
    slots += _grid(SlotKind.NIC, n_nic, (hx, hy + 200, hw, hh - 200), cols=min(5, max(1, n_nic)), pad=6.0)
    slots += _grid(SlotKind.PSU, chassis.slots.get(SlotKind.PSU, 0), zones["psu"], cols=1, pad=6.0)
    slots += _grid(SlotKind.COOLING, chassis.slots.get(SlotKind.COOLING, 0), zones["cooling"], cols=1, pad=4.0)
    return ChassisLayout(zones, tuple(slots))


def external_rect(index: int) -> Rect:
    """Where an off-chassis part (a network fabric) is drawn: a column right of the chassis."""
    return (EXTERNAL_X, 40.0 + index * 130.0, 150.0, 90.0)
