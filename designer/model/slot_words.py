"""Slot and part kinds in words, for refusals, tables and labels a user reads ("needs a scale-up switch slot; this
is a PSU bay"), never the enumeration's ids ("needs a scaleup_switch slot; this is a sxm slot")."""

from __future__ import annotations

from designer.core.messages import Msg, _m
from designer.model.parts import SlotKind

# A slot kind as a noun used before "slot(s)" ("all 6 PSU slots"), and as a whole phrase with its article.
SLOT_NAME: dict[SlotKind, Msg] = {
    SlotKind.SXM: _m("SXM GPU"), SlotKind.OAM: _m("OAM module"), SlotKind.PCIE_X16: _m("PCIe x16"),
    SlotKind.SUPERCHIP: _m("superchip"), SlotKind.MODULE: _m("NPU module"),
    SlotKind.SCALEUP_SWITCH: _m("scale-up switch"), SlotKind.PCIE_SWITCH: _m("PCIe switch"), SlotKind.CPU: _m("CPU"),
    SlotKind.NIC: _m("NIC"), SlotKind.PSU: _m("PSU"), SlotKind.COOLING: _m("cooling"),
}
A_SLOT: dict[SlotKind, Msg] = {
    SlotKind.SXM: _m("an SXM GPU slot"), SlotKind.OAM: _m("an OAM module slot"),
    SlotKind.PCIE_X16: _m("a PCIe x16 slot"),
    SlotKind.SUPERCHIP: _m("a superchip slot"), SlotKind.MODULE: _m("an NPU module slot"),
    SlotKind.SCALEUP_SWITCH: _m("a scale-up switch slot"), SlotKind.PCIE_SWITCH: _m("a PCIe switch slot"),
    SlotKind.CPU: _m("a CPU socket"), SlotKind.NIC: _m("a NIC slot"), SlotKind.PSU: _m("a PSU bay"),
    SlotKind.COOLING: _m("a cooling slot"),
}

# A part's kind (a BOM line's kind included) in words, singular: what a table's Kind column and a failure line show.
PART_KIND: dict[str, Msg] = {
    "gpu": _m("GPU"), "scaleup_switch": _m("scale-up switch"), "pcie_switch": _m("PCIe switch"), "nic": _m("NIC"),
    "cpu": _m("CPU"), "psu": _m("PSU"), "cooling": _m("cooling"), "fabric": _m("network fabric"),
    "chassis": _m("chassis"), "board": _m("chassis board"), "memory": _m("memory"), "drives": _m("drives"),
}
