"""Facility needs of a liquid-cooled design: CDU, coolant supply temperature and the coolant flow its heat needs.

Flow = heat into the liquid / (density x specific heat x temperature rise), for water (997 kg/m3,
4,186 J/(kg K) at 25 C); a 25 % propylene-glycol mix needs about 10 % more flow.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.parts import CoolingSpec

WATER_KG_M3 = 997.0
WATER_J_KG_K = 4186.0


def coolant_flow_l_min(heat_w: float, delta_t_k: float) -> float:
    """Litres per minute of water that carry `heat_w` with a `delta_t_k` temperature rise."""
    m3_s = heat_w / (WATER_KG_M3 * WATER_J_KG_K * delta_t_k)
    return m3_s * 1000.0 * 60.0


@dataclass(frozen=True)
class FacilityNeeds:
    cooling: str
    cdu: str
    coolant_inlet_c_max: float | None
    coolant_delta_t_k: float
    heat_to_liquid_w: float
    coolant_flow_l_min: float

    def as_dict(self) -> dict:
        return {"cooling": self.cooling, "cdu": self.cdu, "coolant_inlet_c_max": self.coolant_inlet_c_max,
                "coolant_delta_t_k": self.coolant_delta_t_k, "heat_to_liquid_w": round(self.heat_to_liquid_w),
                "coolant_flow_l_min": round(self.coolant_flow_l_min, 1)}


def facility_needs(design: Design, catalog: Catalog, heat_w: float) -> FacilityNeeds | None:
    """The needs of the design's liquid cooling part, for `heat_w` of node heat; None without facility data."""
    for comp in design.components:
        part = catalog.get(comp.part)
        if isinstance(part, CoolingSpec) and part.coolant_delta_t_k:
            liquid_w = heat_w * (part.liquid_heat_fraction or 1.0)
            return FacilityNeeds(part.name, part.cdu, part.coolant_inlet_c_max, part.coolant_delta_t_k, liquid_w,
                                 coolant_flow_l_min(liquid_w, part.coolant_delta_t_k))
    return None
