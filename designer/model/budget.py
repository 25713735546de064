"""Power and heat budget of a design: every component's draw, PSU capacity under redundancy.

Where the catalog has no published figure, a stated default is used and the line is marked
`assumed`, so the spec sheet and the rule messages can say so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

from designer.core.memo import memo_by_identity
from designer.core.messages import Msg, Percent, Quantity, _m
from designer.core.units import watts_to_btu_per_hr
from designer.model.catalog import Catalog
from designer.model.data_text import part_name
from designer.model.design import Design, Placement, Redundancy, Settings
from designer.model.parts import (
    ChassisSpec,
    CoolingSpec,
    CoolingType,
    CpuSpec,
    GpuSpec,
    NicSpec,
    PartBase,
    PcieSwitchSpec,
    PsuSpec,
    ScaleupSwitchSpec,
)

# Stated defaults for unpublished figures (W). Each is an assumption, shown as such.
DEFAULT_W = {
    "nic": (25.0, _m("assumed {w}: ConnectX-7-class NIC with optic; no published figure", w=Quantity(25, "W"))),
    "dpu": (150.0, _m("assumed {w}: BlueField-3 needs 8-pin aux power (>75 W), ~150 W class", w=Quantity(150, "W"))),
    "scaleup_switch": (120.0, _m("assumed {w}: the chip's power is not published; the one figure found, from a "
                                 "secondary source for NVSwitch gen3, is taken for every switch chip (low confidence)",
                                 w=Quantity(120, "W"))),
    "pcie_switch": (50.0, _m("assumed {w}: above the PEX88096's published 36 W", w=Quantity(50, "W"))),
    "cpu": (250.0, _m("assumed {w}: TDP not published", w=Quantity(250, "W"))),
}
DIMM_W = 10.0  # DDR5 RDIMM under load (assumption, typical 64 GB RDIMM)
DRIVE_W = 25.0  # U.2/E1.S NVMe maximum (assumption, typical enterprise NVMe max)
# Fan power when the cooling part publishes none: air-cooled GPU servers spend roughly 10-20 % of IT power
# on fans at full speed (commonly cited; an assumption, no vendor publishes it); 15 % is taken. Liquid
# nodes keep small fans for NICs, drives and PSUs (2 %); immersion has none.
FAN_SHARE = {CoolingType.AIR: 0.15, CoolingType.COLD_PLATE: 0.02, CoolingType.IMMERSION: 0.0}

CATEGORIES = ("GPUs", "CPUs", "Scale-up switches", "PCIe switches", "NICs", "Memory", "Drives", "Board",
              "Cooling")


@dataclass(frozen=True)
class PowerLine:
    category: str
    item: str  # component id or a description
    part: str  # catalog part id; for chassis items (DIMMs, drives) a plain key ("dimm", "drive")
    watts: float  # the whole line: quantity x unit
    assumed: bool = False
    note: str = ""
    quantity: int = 1
    name: str = ""  # what the bill of materials calls it
    kind: str = ""
    source: str = ""
    note_text: Msg | None = None  # the note as a message (designer.core.messages), for other languages


@dataclass(frozen=True)
class PowerBudget:
    lines: tuple[PowerLine, ...]
    psu_part: str
    psu_count: int
    psu_unit_w: float
    psu_efficiency: float  # at this design's load, from the PSU's published curve
    redundancy: Redundancy
    cooling_capacity_w: float | None
    cooling_type: CoolingType | None
    air_delta_t_c: float
    by_category: dict[str, float] = field(default_factory=dict)
    cooling_capacity_published: bool = False  # False: derived or assumed (a warning band applies)
    cooling_confidence: str = ""  # the lowest confidence among the cooling parts (H/M/L)
    published_max_w: float | None = None  # the vendor's maximum for the reference system in this chassis
    published_source: str = ""
    published_is_calibration: bool = False  # the chassis' fan term is derived from published_max_w

    @cached_property
    def load_w(self) -> float:
        """DC load at the PSU outputs: every component at its rated power (summed once: the rules, the heat
        balance and the summary ask for it a dozen times per check, over a 72-GPU rack's hundreds of lines)."""
        return sum(line.watts for line in self.lines)

    @property
    def installed_w(self) -> float:
        return self.psu_count * self.psu_unit_w

    @property
    def redundant_psus(self) -> int:
        n = self.psu_count
        return {Redundancy.NONE: 0, Redundancy.N_PLUS_1: 1, Redundancy.N_PLUS_2: 2,
                Redundancy.N_PLUS_N: n // 2 + n % 2}[self.redundancy]

    @property
    def usable_w(self) -> float:
        """Capacity that survives the redundancy policy's failures."""
        return max(0, self.psu_count - self.redundant_psus) * self.psu_unit_w

    @property
    def psus_to_run(self) -> int:
        return math.ceil(self.load_w / self.psu_unit_w) if self.psu_unit_w else 0

    @property
    def wall_w(self) -> float:
        """Peak input power: DC load divided by the PSUs' efficiency at that load."""
        return self.load_w / self.psu_efficiency if self.psu_efficiency else self.load_w

    @property
    def published_gap(self) -> float | None:
        """(computed - published) / published at the wall; None where nothing is published."""
        if not self.published_max_w:
            return None
        return (self.wall_w - self.published_max_w) / self.published_max_w

    @property
    def heat_w(self) -> float:
        """All input power ends up as heat (PSU losses included); designer.model.facility.heat_balance splits it
        into heat to liquid and heat to air."""
        return self.wall_w

    @property
    def heat_btu_hr(self) -> float:
        return watts_to_btu_per_hr(self.heat_w)

    @property
    def assumed_lines(self) -> list[PowerLine]:
        return [line for line in self.lines if line.assumed]


def _known_or_default(key: str, rated: float | None) -> tuple[float, bool, Msg | str]:
    if rated is not None:
        return rated, False, ""
    watts, note = DEFAULT_W[key]
    return watts, True, note


def _part_line(category: str, comp_id: str, part: PartBase, watts: float, assumed: bool = False,
               note: Msg | str = "") -> PowerLine:
    return PowerLine(category, comp_id, part.id, watts, assumed, name=part.name, kind=getattr(part, "kind", ""),
                     source=part.source, note=str(note), note_text=note if isinstance(note, Msg) else None)


def _component_line(comp_id: str, part: PartBase) -> PowerLine | None:
    if isinstance(part, GpuSpec):
        return _part_line("GPUs", comp_id, part, part.tdp_w)
    if isinstance(part, CpuSpec):
        return _part_line("CPUs", comp_id, part, *_known_or_default("cpu", part.tdp_w))
    if isinstance(part, ScaleupSwitchSpec):
        return _part_line("Scale-up switches", comp_id, part, *_known_or_default("scaleup_switch", part.power_w))
    if isinstance(part, PcieSwitchSpec):
        return _part_line("PCIe switches", comp_id, part, *_known_or_default("pcie_switch", part.power_w))
    if isinstance(part, NicSpec):
        return _part_line("NICs", comp_id, part, *_known_or_default("dpu" if part.is_dpu else "nic", part.power_w))
    return None


def _chassis_lines(chassis: ChassisSpec) -> list[PowerLine]:
    lines = []
    dimm = _m("assumed {w} per DIMM", w=Quantity(DIMM_W, "W"))
    drive = _m("assumed {w} per drive", w=Quantity(DRIVE_W, "W"))
    base = _m("chassis base power (estimate)")
    if chassis.dimms:
        lines.append(PowerLine("Memory", f"{chassis.dimms} DIMMs", "dimm", chassis.dimms * DIMM_W, True,
                               quantity=chassis.dimms, name="DIMM (system memory)", kind="memory",
                               source="assumption: typical 64 GB RDIMM under load",
                               note=str(dimm), note_text=dimm))
    if chassis.drives:
        lines.append(PowerLine("Drives", f"{chassis.drives} NVMe drives", "drive", chassis.drives * DRIVE_W, True,
                               quantity=chassis.drives, name="NVMe drive", kind="drive",
                               source="assumption: typical enterprise U.2/E1.S NVMe maximum",
                               note=str(drive), note_text=drive))
    if chassis.base_power_w:
        lines.append(PowerLine("Board", "board, BMC, retimers", chassis.id, chassis.base_power_w, True,
                               quantity=1, name=chassis.name, kind=chassis.kind, source=chassis.source,
                               note=str(base), note_text=base))
    return lines


def fan_watts(chassis: ChassisSpec, part: CoolingSpec, parts_w: float) -> tuple[float, bool, Msg | str]:
    """Fan power for a load: published, the chassis' derived fan curve, or a share of the load (stated)."""
    if part.power_w is not None:
        return part.power_w, False, ""
    if chassis.fan_max_w is not None and chassis.fan_full_load_w and part.cooling_type is chassis.cooling_type:
        ratio = min(1.0, parts_w / chassis.fan_full_load_w)
        return (chassis.fan_max_w * ratio ** 3, True,
                _m("fans: {w} at full speed ({name}, derived from its published maximum), scaled by the cube of the "
                   "load below the reference load", w=Quantity(chassis.fan_max_w, "W"), name=part_name(chassis)))
    share = FAN_SHARE[part.cooling_type]
    return parts_w * share, True, _m("assumed fans at {pct} of IT load", pct=Percent(share))


def _psu_efficiency(psus: list[PsuSpec], load_w: float) -> float:
    """The PSUs share the load evenly (active-active); each runs at load / (count x rating)."""
    if not psus:
        return 1.0
    fraction = load_w / sum(p.output_w for p in psus) if any(p.output_w for p in psus) else 1.0
    return min(p.efficiency_at(min(1.0, fraction)) for p in psus)


@memo_by_identity()
def power_budget(design: Design, catalog: Catalog) -> PowerBudget:
    """The design's power budget, memoised per revision and shared by revisions that keep the components and
    settings objects (a link added or deleted: a 72-GPU rack's 250 lines cost 1.5 ms to build again)."""
    return _budget(design.components, design.settings, design.chassis, catalog)


@memo_by_identity()
def _budget(components: list[Placement], settings: Settings, chassis_id: str, catalog: Catalog) -> PowerBudget:
    chassis = catalog.chassis(chassis_id)
    lines: list[PowerLine] = []
    psus: list[PsuSpec] = []
    cooling: list[tuple[str, CoolingSpec]] = []
    for comp in components:
        part = catalog.get(comp.part)
        if isinstance(part, PsuSpec):
            psus.append(part)
        elif isinstance(part, CoolingSpec):
            cooling.append((comp.id, part))
        elif (line := _component_line(comp.id, part)) is not None:
            lines.append(line)
    lines += _chassis_lines(chassis)
    parts_w = sum(line.watts for line in lines)
    for cid, part in cooling:
        lines.append(_part_line("Cooling", cid, part, *fan_watts(chassis, part, parts_w)))
    specs = [p for _, p in cooling]
    known = [c.heat_removal_w for c in specs if c.heat_removal_w is not None]
    by_cat = {cat: 0.0 for cat in CATEGORIES}
    for line in lines:
        by_cat[line.category] = by_cat.get(line.category, 0.0) + line.watts
    return PowerBudget(
        lines=tuple(lines), psu_part=psus[0].id if psus else "", psu_count=len(psus),
        psu_unit_w=min((p.output_w for p in psus), default=0.0),
        psu_efficiency=_psu_efficiency(psus, sum(line.watts for line in lines)),
        redundancy=settings.psu_redundancy, cooling_capacity_w=sum(known) if known else None,
        cooling_type=specs[0].cooling_type if specs else None,
        air_delta_t_c=settings.air_delta_t_c, by_category=by_cat,
        cooling_capacity_published=bool(specs) and all(c.heat_removal_published for c in specs),
        cooling_confidence=max((c.confidence.value for c in specs), key="HML".index, default=""),
        published_max_w=chassis.published_max_power_w, published_source=chassis.published_power_source,
        published_is_calibration=chassis.published_max_power_w is not None and chassis.fan_max_w is not None,
    )
