"""Power and heat budget of a design: every component's draw, PSU capacity under redundancy.

Where the catalog has no published figure, a stated default is used and the line is marked
`assumed`, so the spec sheet and the rule messages can say so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from designer.core.memo import memo_by_identity
from designer.core.units import airflow_cfm, watts_to_btu_per_hr
from designer.model.catalog import Catalog
from designer.model.design import Design, Redundancy
from designer.model.parts import (
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
    "nic": (25.0, "assumed 25 W: ConnectX-7-class NIC with optic; no published figure"),
    "dpu": (150.0, "assumed 150 W: BlueField-3 needs 8-pin aux power (>75 W), ~150 W class"),
    "scaleup_switch": (120.0, "assumed 120 W: one secondary source for NVSwitch gen3 (low confidence)"),
    "pcie_switch": (50.0, "assumed 50 W: above the PEX88096's published 36 W"),
    "cpu": (250.0, "assumed 250 W: TDP not published"),
}
DIMM_W = 10.0  # DDR5 RDIMM under load (assumption, typical 64 GB RDIMM)
DRIVE_W = 25.0  # U.2/E1.S NVMe maximum (assumption, typical enterprise NVMe max)
# Fan power when the cooling part publishes none: air-cooled GPU servers spend roughly 10-20 % of IT power
# on fans at full speed (commonly cited; an assumption, not from the reference file); 15 % is taken. Liquid
# nodes keep small fans for NICs, drives and PSUs (2 %); immersion has none.
FAN_SHARE = {CoolingType.AIR: 0.15, CoolingType.COLD_PLATE: 0.02, CoolingType.IMMERSION: 0.0}

CATEGORIES = ("GPUs", "CPUs", "Scale-up switches", "PCIe switches", "NICs", "Memory", "Drives", "Board",
              "Cooling")


@dataclass(frozen=True)
class PowerLine:
    category: str
    item: str  # component id or a description
    part: str
    watts: float
    assumed: bool = False
    note: str = ""


@dataclass(frozen=True)
class PowerBudget:
    lines: tuple[PowerLine, ...]
    psu_part: str
    psu_count: int
    psu_unit_w: float
    psu_efficiency: float
    redundancy: Redundancy
    cooling_capacity_w: float | None
    cooling_type: CoolingType | None
    air_delta_t_c: float
    by_category: dict[str, float] = field(default_factory=dict)

    @property
    def load_w(self) -> float:
        """DC load at the PSU outputs: every component at its rated power."""
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
        """Estimated peak input power: DC load divided by PSU efficiency."""
        return self.load_w / self.psu_efficiency if self.psu_efficiency else self.load_w

    @property
    def heat_w(self) -> float:
        """All input power ends up as heat in the node (PSU losses included)."""
        return self.wall_w

    @property
    def heat_btu_hr(self) -> float:
        return watts_to_btu_per_hr(self.heat_w)

    @property
    def airflow_cfm(self) -> float:
        """Air needed to carry the heat that air must remove (all of it for air cooling)."""
        share = 1.0 if self.cooling_type in (None, CoolingType.AIR) else 0.2
        return airflow_cfm(self.heat_w * share, self.air_delta_t_c)

    @property
    def assumed_lines(self) -> list[PowerLine]:
        return [line for line in self.lines if line.assumed]


def _known_or_default(key: str, rated: float | None) -> tuple[float, bool, str]:
    if rated is not None:
        return rated, False, ""
    watts, note = DEFAULT_W[key]
    return watts, True, note


def _component_line(comp_id: str, part: PartBase) -> PowerLine | None:
    if isinstance(part, GpuSpec):
        return PowerLine("GPUs", comp_id, part.id, part.tdp_w)
    if isinstance(part, CpuSpec):
        watts, assumed, note = _known_or_default("cpu", part.tdp_w)
        return PowerLine("CPUs", comp_id, part.id, watts, assumed, note)
    if isinstance(part, ScaleupSwitchSpec):
        watts, assumed, note = _known_or_default("scaleup_switch", part.power_w)
        return PowerLine("Scale-up switches", comp_id, part.id, watts, assumed, note)
    if isinstance(part, PcieSwitchSpec):
        watts, assumed, note = _known_or_default("pcie_switch", part.power_w)
        return PowerLine("PCIe switches", comp_id, part.id, watts, assumed, note)
    if isinstance(part, NicSpec):
        watts, assumed, note = _known_or_default("dpu" if part.is_dpu else "nic", part.power_w)
        return PowerLine("NICs", comp_id, part.id, watts, assumed, note)
    return None


@memo_by_identity()
def power_budget(design: Design, catalog: Catalog) -> PowerBudget:
    chassis = catalog.chassis(design.chassis)
    lines: list[PowerLine] = []
    psus: list[PsuSpec] = []
    cooling: list[CoolingSpec] = []
    for comp in design.components:
        part = catalog.get(comp.part)
        if isinstance(part, PsuSpec):
            psus.append(part)
        elif isinstance(part, CoolingSpec):
            cooling.append(part)
        elif (line := _component_line(comp.id, part)) is not None:
            lines.append(line)
    if chassis.dimms:
        lines.append(PowerLine("Memory", f"{chassis.dimms} DIMMs", "", chassis.dimms * DIMM_W, True,
                               f"assumed {DIMM_W:.0f} W per DIMM"))
    if chassis.drives:
        lines.append(PowerLine("Drives", f"{chassis.drives} NVMe drives", "", chassis.drives * DRIVE_W, True,
                               f"assumed {DRIVE_W:.0f} W per drive"))
    if chassis.base_power_w:
        lines.append(PowerLine("Board", "board, BMC, retimers", chassis.id, chassis.base_power_w, True,
                               "chassis base power (estimate)"))
    cooling_type = cooling[0].cooling_type if cooling else None
    it_load = sum(line.watts for line in lines)
    for part in cooling:
        if part.power_w is not None:
            lines.append(PowerLine("Cooling", part.id, part.id, part.power_w))
        else:
            share = FAN_SHARE[part.cooling_type]
            lines.append(PowerLine("Cooling", part.id, part.id, it_load * share, True,
                                   f"assumed fans at {share:.0%} of IT load"))
    psu = psus[0] if psus else None
    capacity = None
    if cooling:
        known = [c.heat_removal_w for c in cooling if c.heat_removal_w is not None]
        capacity = sum(known) if known else None
    by_cat = {cat: 0.0 for cat in CATEGORIES}
    for line in lines:
        by_cat[line.category] = by_cat.get(line.category, 0.0) + line.watts
    return PowerBudget(
        lines=tuple(lines), psu_part=psu.id if psu else "", psu_count=len(psus),
        psu_unit_w=min((p.output_w for p in psus), default=0.0),
        psu_efficiency=min((p.efficiency for p in psus), default=1.0),
        redundancy=design.settings.psu_redundancy, cooling_capacity_w=capacity, cooling_type=cooling_type,
        air_delta_t_c=design.settings.air_delta_t_c, by_category=by_cat,
    )
