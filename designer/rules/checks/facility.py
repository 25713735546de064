"""Facility rules: the rack's heat against the limits of its cooling kind, and the CDU's capacity.

Both read the heat balance (designer.model.facility.heat_balance): wall power = heat to liquid + heat to air.
"""

from __future__ import annotations

from collections.abc import Iterator

from designer.model.facility import OCP_L_MIN_PER_KW, coolant_flow_l_min
from designer.model.rack_limits import effective_limits
from designer.rules.engine import Finding, RuleContext, Severity, rule


def _kw(watts: float) -> str:
    return f"{watts / 1000:.1f} kW"


SINGLE = "a single node exceeds this limit: lower its power, or raise the limit where the site is built for it"


def _fit(limit_w: float, per_node_w: float) -> int:
    return int(limit_w // per_node_w) if per_node_w > 0 else 0


def _fix(limit_w: float, per_node_w: float, text: str) -> str:
    """`text` with the nodes that fit (its {k}), or the one-node sentence when not even one fits."""
    k = _fit(limit_w, per_node_w)
    return text.format(k=k) if k else SINGLE


@rule("power.rack_density", "Rack heat within the limits of its cooling kind", Severity.WARNING)
def rack_density(ctx: RuleContext) -> Iterator[Finding]:
    """With no rack budget typed, the rack of nodes_per_rack nodes against the site's (or design's) limits."""
    s = ctx.design.settings
    if s.rack_power_budget_w is not None:
        return  # power.rack_budget judges the typed budget
    n, h, lim = s.nodes_per_rack, ctx.heat, effective_limits(s, ctx.site)
    if not h.liquid:
        if n * h.wall_w > lim.air_w:
            yield Finding(f"{n} x {_kw(h.wall_w)} = {_kw(n * h.wall_w)} at the wall, all to air, exceeds the "
                          f"{_kw(lim.air_w)} limit of an air-cooled rack ({lim.air_source})", (),
                          _fix(lim.air_w, h.wall_w, "at most {k} nodes per air-cooled rack, a liquid-cooled variant, "
                               "or a higher limit where the site is built for it (Preferences or design settings)"))
        return
    if n * h.heat_to_liquid_w > lim.liquid_w:
        yield Finding(f"{n} x {_kw(h.heat_to_liquid_w)} = {_kw(n * h.heat_to_liquid_w)} to liquid exceeds the "
                      f"{_kw(lim.liquid_w)} liquid limit of a rack ({lim.liquid_source})", (),
                      _fix(lim.liquid_w, h.heat_to_liquid_w, "at most {k} nodes per rack on this loop, or a higher "
                           "limit where the facility is built for it"))
    if n * h.heat_to_air_w > lim.air_w:
        yield Finding(f"{n} x {_kw(h.heat_to_air_w)} = {_kw(n * h.heat_to_air_w)} to air (PSU losses, fans and parts "
                      f"without cold plates) exceeds the {_kw(lim.air_w)} air limit of a rack ({lim.air_source})", (),
                      _fix(lim.air_w, h.heat_to_air_w, "at most {k} nodes per rack, or a rear-door heat exchanger"))


@rule("cooling.cdu_capacity", "The coolant distribution unit carries the rack's liquid heat", Severity.ERROR)
def cdu_capacity(ctx: RuleContext) -> Iterator[Finding]:
    h, n = ctx.heat, ctx.design.settings.nodes_per_rack
    if not h.liquid or h.cdu_capacity_w is None:
        return
    liquid = n * h.heat_to_liquid_w
    if liquid > h.cdu_capacity_w:
        yield Finding(f"{n} x {_kw(h.heat_to_liquid_w)} = {_kw(liquid)} to liquid exceeds the "
                      f"{_kw(h.cdu_capacity_w)} the coolant distribution unit removes ({h.cdu_capacity_source})",
                      (), _fix(h.cdu_capacity_w, h.heat_to_liquid_w, "at most {k} nodes on this CDU, or a larger CDU"))


@rule("cooling.coolant_flow", "Coolant flow within the OCP guideline", Severity.WARNING)
def coolant_flow(ctx: RuleContext) -> Iterator[Finding]:
    """A rise so small that the node needs more water per kW than a facility built to the guideline delivers."""
    h = ctx.heat
    per_kw, high = h.flow_l_min_per_kw, OCP_L_MIN_PER_KW[2]
    if per_kw is None or per_kw <= high:
        return
    min_rise = coolant_flow_l_min(1000.0, 1.0) / high  # flow goes with 1/rise: the rise at which 1 kW needs `high`
    yield Finding(f"{h.coolant_flow_l_min:,.1f} L/min for {_kw(h.heat_to_liquid_w)} to liquid at a "
                  f"{h.coolant_delta_t_k:g} K rise is {per_kw:.2f} L/min per kW, above the {high:g} L/min per kW the "
                  "Open Compute Project guideline provisions", (),
                  f"design for a rise of at least {min_rise:.1f} K, or confirm the facility's flow")
