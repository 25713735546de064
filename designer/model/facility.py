"""Where a design's heat goes: the heat balance (wall power = heat to liquid + heat to air) and the coolant flow.

`heat_balance(design, catalog) -> HeatBalance` is the one place this is computed; the Power panel, `info`, the
spec sheet, the JSON spec, the rules and cluster plans (per node) read it. It is a pure function of the design
and the catalog (memoised by identity, like the power budget), and its signature is stable.

The split, line by line of the power budget:
- PSU losses (wall power - DC load), fans, DIMMs, drives, the board and every part without a cold plate go to air;
- a part under a cold plate (the liquid cooling part's `cold_plated` kinds) puts its captured share
  (`liquid_heat_fraction`, all of it where none is given: stated) into the liquid and the rest into the air;
- immersion takes every part; PSU losses still go to air (the PSUs are outside the bath).

Coolant flow = heat to liquid / (density x specific heat x temperature rise), for water (997 kg/m3,
4,186 J/(kg K) at 25 C); a 25 % propylene-glycol mix needs about 10 % more flow. The Open Compute Project's
guideline provisions about 1.5 L/min per kW (1.25-2.0) at a rise near 10 K. Air: CFM = 3.16 x W / dT(F), for the
air share only (designer.core.units.airflow_cfm).
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.core.memo import memo_by_identity
from designer.core.messages import Msg, Number, _m, as_msg
from designer.core.units import airflow_cfm, watts_to_btu_per_hr
from designer.model.budget import PowerBudget, PowerLine, power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design, Placement, Settings
from designer.model.parts import CoolingSpec, CoolingType, NicSpec

WATER_KG_M3 = 997.0
WATER_J_KG_K = 4186.0
DEFAULT_COOLANT_DELTA_T_K = 10.0  # where a liquid part gives none: the rise OCP's 1.5 L/min per kW implies
OCP_L_MIN_PER_KW = (1.25, 1.5, 2.0)  # low, typical, high: OCP guideline (docs/user-guide/power.md, "Heat balance")
OCP_SOURCE_MSG = _m("Open Compute Project cold-plate guidance: about 1.5 L/min per kW of liquid heat (1.25-2.0) at a "
                    "rise of about 10 K (from secondary summaries of OCP and Vertiv material)")
OCP_SOURCE = str(OCP_SOURCE_MSG)


def coolant_flow_l_min(heat_w: float, delta_t_k: float) -> float:
    """Litres per minute of water that carry `heat_w` with a `delta_t_k` temperature rise."""
    m3_s = heat_w / (WATER_KG_M3 * WATER_J_KG_K * delta_t_k)
    return m3_s * 1000.0 * 60.0


@dataclass(frozen=True)
class HeatBalance:
    """Where the wall power of one node (or one rack-scale chassis) leaves as heat. Units are in the names."""

    wall_w: float  # peak input power at the wall
    heat_to_liquid_w: float
    heat_to_air_w: float  # wall_w - heat_to_liquid_w: PSU losses, fans, DIMMs, drives, parts without cold plates
    psu_loss_w: float
    air_delta_t_c: float  # the design's air temperature rise across the node
    airflow_cfm: float  # air for heat_to_air_w only, at air_delta_t_c
    coolant_delta_t_k: float | None  # None for an air-cooled design
    coolant_flow_l_min: float | None  # water, at coolant_delta_t_k; None for an air-cooled design
    coolant_delta_t_assumed: bool = False  # True: the cooling part gives no rise, DEFAULT_COOLANT_DELTA_T_K is used
    cooling: str = ""  # the liquid cooling part's name ("" for air)
    cdu: str = ""
    coolant_inlet_c_max: float | None = None
    cdu_capacity_w: float | None = None
    cdu_capacity_source: str = ""
    # what is assumed or where the split comes from, each with its source; the catalog's note is a message whose id
    # is the note itself (translated in the .po catalogs: packaging/update_catalogs.py extracts the catalog's notes)
    assumptions: tuple[Msg, ...] = ()

    @property
    def liquid(self) -> bool:
        return self.coolant_flow_l_min is not None

    @property
    def heat_btu_hr(self) -> float:
        return watts_to_btu_per_hr(self.wall_w)

    @property
    def flow_l_min_per_kw(self) -> float | None:
        if self.coolant_flow_l_min is None or self.heat_to_liquid_w <= 0:
            return None
        return self.coolant_flow_l_min / (self.heat_to_liquid_w / 1000.0)

    def shown_w(self) -> tuple[int, int, int]:
        """Wall, liquid and air in whole watts that add up as shown (the air share takes the rounding)."""
        wall, liquid = round(self.wall_w), round(self.heat_to_liquid_w)
        return wall, liquid, wall - liquid


def _liquid_part(components: list[Placement], catalog: Catalog) -> CoolingSpec | None:
    for comp in components:
        part = catalog.get(comp.part)
        if isinstance(part, CoolingSpec) and part.cooling_type is not CoolingType.AIR:
            return part
    return None


def _line_kind(line: PowerLine, catalog: Catalog) -> str:
    """The cold-plate kind of a budget line: its part kind, "dpu" for a DPU, "" for chassis lines and fans."""
    if line.kind == "nic" and line.part in catalog:
        part = catalog.get(line.part)
        return "dpu" if isinstance(part, NicSpec) and part.is_dpu else "nic"
    return line.kind if line.category not in ("Memory", "Drives", "Board", "Cooling") else ""


def _to_liquid_w(budget: PowerBudget, part: CoolingSpec, catalog: Catalog) -> float:
    if part.cooling_type is CoolingType.IMMERSION:
        return budget.load_w
    share = part.liquid_heat_fraction or 1.0
    return sum(line.watts * share for line in budget.lines if _line_kind(line, catalog) in part.cold_plated)


def _assumptions(part: CoolingSpec, rise_given: bool) -> tuple[Msg, ...]:
    out = [as_msg(part.liquid_split_note) if part.liquid_split_note else
           _m("assumed: the cold plates take all the heat of the parts under them (no split given for this cooling "
              "part)")]
    if not rise_given:
        out.append(_m("assumed: a {rise} K coolant rise (none given for this cooling part; {source})",
                      rise=Number(DEFAULT_COOLANT_DELTA_T_K, None), source=OCP_SOURCE_MSG))
    return tuple(out)


@memo_by_identity()
def heat_balance(design: Design, catalog: Catalog) -> HeatBalance:
    """Wall power split into heat to liquid and heat to air, with the coolant flow and the air the air share needs
    (shared, as the power budget, by revisions that keep the components and settings objects)."""
    return _heat(power_budget(design, catalog), design.components, design.settings, catalog)


@memo_by_identity()
def _heat(budget: PowerBudget, components: list[Placement], settings: Settings, catalog: Catalog) -> HeatBalance:
    wall, dt_air = budget.wall_w, settings.air_delta_t_c
    psu_loss = wall - budget.load_w
    part = _liquid_part(components, catalog)
    if part is None:
        return HeatBalance(wall, 0.0, wall, psu_loss, dt_air, airflow_cfm(wall, dt_air), None, None)
    liquid = min(_to_liquid_w(budget, part, catalog), budget.load_w)
    rise = part.coolant_delta_t_k or DEFAULT_COOLANT_DELTA_T_K
    return HeatBalance(wall, liquid, wall - liquid, psu_loss, dt_air, airflow_cfm(wall - liquid, dt_air), rise,
                       coolant_flow_l_min(liquid, rise), part.coolant_delta_t_k is None, part.name, part.cdu,
                       part.coolant_inlet_c_max, part.cdu_capacity_w, part.cdu_capacity_source,
                       _assumptions(part, part.coolant_delta_t_k is not None))
