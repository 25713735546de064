"""How much heat one rack may carry, by cooling kind: the site's limits, a design's own, and the public defaults.

A rack of `nodes_per_rack` nodes is judged against these when no rack power budget is typed (rule
`power.rack_density`): an air-cooled rack's wall power against the air limit; a liquid-cooled rack's heat to
liquid against the liquid limit and its heat to air against the air limit (designer.model.facility.heat_balance).
A design's settings (`rack_air_limit_w`, `rack_liquid_limit_w`) win over the site's (Preferences), which win over
the defaults below.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.core.messages import Msg, _m
from designer.model.design import Settings

# Public figures behind the defaults (docs/user-guide/power.md, "Rack limits").
AIR_SOURCE = _m("default 40 kW: typical racks run 15-20 kW, high-density air-cooled racks 40 kW and more; NVIDIA's "
                "DGX SuperPOD H100 reference architecture needs racks over 40 kW for 4 DGX H100")
LIQUID_SOURCE = _m("default 132 kW: a GB200 NVL72 rack's 8 power shelves as Supermicro quotes them")
SITE_SOURCE = _m("the site's limit (Preferences)")
DESIGN_SOURCE = _m("this design's limit (design settings)")
DEFAULT_AIR_W = 40_000.0
DEFAULT_LIQUID_W = 132_000.0


@dataclass(frozen=True)
class RackLimits:
    air_w: float = DEFAULT_AIR_W  # heat to air one rack may give the room
    liquid_w: float = DEFAULT_LIQUID_W  # heat to liquid one rack may give its coolant loop
    air_source: Msg = AIR_SOURCE  # where the figure comes from, a message (str(): the English the JSON spec gives)
    liquid_source: Msg = LIQUID_SOURCE


DEFAULT_RACK_LIMITS = RackLimits()


def site_limits(air_w: float | None = None, liquid_w: float | None = None) -> RackLimits:
    """The site's limits (Preferences); a value left out keeps the public default."""
    return RackLimits(air_w or DEFAULT_AIR_W, liquid_w or DEFAULT_LIQUID_W,
                      AIR_SOURCE if air_w is None else SITE_SOURCE, LIQUID_SOURCE if liquid_w is None else SITE_SOURCE)


def effective_limits(settings: Settings, site: RackLimits = DEFAULT_RACK_LIMITS) -> RackLimits:
    """The design's own limits where it sets them, else the site's."""
    air, liquid = settings.rack_air_limit_w, settings.rack_liquid_limit_w
    return RackLimits(air or site.air_w, liquid or site.liquid_w,
                      site.air_source if air is None else DESIGN_SOURCE,
                      site.liquid_source if liquid is None else DESIGN_SOURCE)
