"""Total cost of ownership, after Barroso, Hoelzle and Ranganathan, The Datacenter as a Computer (3rd ed.,
Morgan & Claypool, 2018), chapter 6 "Modeling Costs", as public TCO models implement it (e.g.
bespoke-silicon-group/reallm, hardware_exploration/structs/TCO.py).

Yearly cost of a deployment whose IT equipment costs C (US$) and draws P watts at peak:
  IT depreciation      C / L_it                          straight line over the IT life L_it
  IT interest          I(C, r, L_it) / L_it              I = interest paid on a monthly-amortised loan
  IT maintenance       m x C                             a share of capital per year
  facility depreciation  k x P / L_dc                    k = facility capital per watt of critical power
  facility interest    I(k x P, r, L_dc) / L_dc
  facility operation   o x P x 12                        o = facility operating cost per watt per month
  energy               P x a x 8,760 h x PUE x price     a = average draw over peak
with I(B, r, L) = n x B x q (1+q)^n / ((1+q)^n - 1) - B, q = r/12, n = 12 L (0 when r = 0).
Cost per GPU-hour = yearly cost / (GPUs x 8,760 x utilisation); the break-even utilisation against a rental
price p per GPU-hour is yearly cost / (GPUs x 8,760 x p): above it, owning costs less than renting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from designer.cluster.plan import DEFAULT_PUE

HOURS_PER_YEAR = 8760.0
BARROSO = ("Barroso, Hoelzle, Ranganathan, The Datacenter as a Computer, 3rd ed. (Morgan & Claypool, 2018), "
           "ch. 6, as implemented in bespoke-silicon-group/reallm TCO.py")

Share = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]
Positive = Annotated[float, Field(gt=0, allow_inf_nan=False)]
NonNeg = Annotated[float, Field(ge=0, allow_inf_nan=False)]


class TcoParams(BaseModel):
    """The site's energy and finance figures; defaults are the published example figures named in SOURCES."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    electricity_usd_kwh: NonNeg = 0.067
    pue: Annotated[float, Field(ge=1.0, le=5.0, allow_inf_nan=False)] = DEFAULT_PUE
    interest_rate: Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)] = 0.08
    it_life_years: Annotated[float, Field(gt=0, le=30, allow_inf_nan=False)] = 4.0
    maintenance_share_per_year: Share = 0.05
    facility_capex_usd_per_w: NonNeg = 10.0
    facility_life_years: Annotated[float, Field(gt=0, le=50, allow_inf_nan=False)] = 12.0
    facility_opex_usd_per_w_month: NonNeg = 0.04
    average_power_fraction: Annotated[float, Field(gt=0, le=1, allow_inf_nan=False)] = 1.0
    utilisation: Annotated[float, Field(gt=0, le=1, allow_inf_nan=False)] = 0.8


SOURCES = {
    "electricity_usd_kwh": f"{BARROSO} example ($0.067/kWh); US industrial 2024 ranges about $0.068-0.20/kWh "
                           "by state (EIA Electric Power Monthly, table 5.6.B)",
    "pue": "assumption: a new large site, about 1.3 or better (Uptime Institute Global Data Center Survey 2024: "
           "industry average 1.56, newer large sites lower); the Barroso example uses 1.5",
    "interest_rate": f"{BARROSO} example (8% a year)",
    "it_life_years": f"{BARROSO}: servers 3-4 years (4 taken; the reallm example uses 1.5-4)",
    "maintenance_share_per_year": f"{BARROSO} example: server operating cost 5% of capital a year",
    "facility_capex_usd_per_w": f"{BARROSO} example: $10 per watt of critical power",
    "facility_life_years": f"{BARROSO} example: facility amortised over 12 years",
    "facility_opex_usd_per_w_month": f"{BARROSO} example: $0.04 per watt per month",
    "average_power_fraction": "assumption: the IT equipment draws its peak power all year (the reallm "
                              "example's default, 1.0); lower it for a measured average",
    "utilisation": "assumption: 80% of GPU-hours sold or used",
}


def interest_paid(borrowed: float, rate: float, years: float) -> float:
    """Interest paid over the whole loan when `borrowed` is repaid in equal monthly payments."""
    if borrowed <= 0 or rate <= 0:
        return 0.0
    q, n = rate / 12.0, years * 12.0
    payment = q * borrowed * (1 + q) ** n / ((1 + q) ** n - 1)
    return payment * n - borrowed


@dataclass(frozen=True)
class Tco:
    capital_usd: float  # IT equipment bought
    facility_capital_usd: float  # the share of a facility this IT load occupies (k x P)
    yearly: dict[str, float]  # the seven terms above, US$ per year
    energy_kwh_per_year: float  # at the meter (PUE included)
    gpus: int
    params: TcoParams
    capital_estimated: bool  # True when any capital figure is an estimate

    @property
    def yearly_usd(self) -> float:
        return sum(self.yearly.values())

    @property
    def usd_per_gpu_hour(self) -> float:
        return self.yearly_usd / (self.gpus * HOURS_PER_YEAR * self.params.utilisation)

    def break_even_utilisation(self, rental_usd_per_gpu_hour: float) -> float:
        """The utilisation above which owning costs less per used GPU-hour than renting at that price."""
        if rental_usd_per_gpu_hour <= 0:
            return float("inf")
        return self.yearly_usd / (self.gpus * HOURS_PER_YEAR * rental_usd_per_gpu_hour)

    def as_dict(self) -> dict:
        return {"capital_usd": round(self.capital_usd), "facility_capital_usd": round(self.facility_capital_usd),
                "yearly_usd": round(self.yearly_usd), "yearly": {k: round(v) for k, v in self.yearly.items()},
                "usd_per_gpu_hour": round(self.usd_per_gpu_hour, 4),
                "energy_kwh_per_year": round(self.energy_kwh_per_year),
                "capital_estimated": self.capital_estimated, "params": self.params.model_dump()}


def tco(capital_usd: float, it_peak_w: float, gpus: int, params: TcoParams | None = None,
        capital_estimated: bool = False) -> Tco:
    """Yearly cost of owning `gpus` GPUs whose IT equipment costs `capital_usd` and draws `it_peak_w`."""
    if gpus <= 0:
        raise ValueError("a deployment has at least one GPU")
    p = params or TcoParams()
    facility = p.facility_capex_usd_per_w * it_peak_w
    energy_kwh = it_peak_w / 1000.0 * p.average_power_fraction * HOURS_PER_YEAR * p.pue
    yearly = {
        "it_depreciation": capital_usd / p.it_life_years,
        "it_interest": interest_paid(capital_usd, p.interest_rate, p.it_life_years) / p.it_life_years,
        "it_maintenance": p.maintenance_share_per_year * capital_usd,
        "facility_depreciation": facility / p.facility_life_years,
        "facility_interest": interest_paid(facility, p.interest_rate, p.facility_life_years) / p.facility_life_years,
        "facility_operation": p.facility_opex_usd_per_w_month * it_peak_w * 12.0,
        "energy": energy_kwh * p.electricity_usd_kwh,
    }
    return Tco(capital_usd, facility, yearly, energy_kwh, gpus, p, capital_estimated)
