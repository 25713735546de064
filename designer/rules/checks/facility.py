"""Facility rules: the rack's heat against the limits of its cooling kind, and the CDU's capacity.

Both read the heat balance (designer.model.facility.heat_balance): wall power = heat to liquid + heat to air.
"""

from __future__ import annotations

from collections.abc import Iterator

from designer.core.messages import Msg, Number, Quantity, _m
from designer.model.facility import OCP_L_MIN_PER_KW, coolant_flow_l_min
from designer.model.rack_limits import effective_limits
from designer.rules.engine import Finding, RuleContext, Severity, rule


def _kw(watts: float) -> Quantity:
    return Quantity(watts / 1000, "kW", 1)


def _fit(limit_w: float, per_node_w: float) -> int:
    return int(limit_w // per_node_w) if per_node_w > 0 else 0


def _fix(limit_w: float, per_node_w: float, text: Msg) -> Msg:
    """`text` with the nodes that fit (its {k}), or the one-node sentence when not even one fits."""
    k = _fit(limit_w, per_node_w)
    if not k:
        return _m("a single node exceeds this limit: lower its power, or raise the limit where the site is built for "
                  "it")
    return Msg(text.id, (*text.params, ("k", Number(k))))


@rule("power.rack_density", "Rack heat within the limits of its cooling kind", Severity.WARNING)
def rack_density(ctx: RuleContext) -> Iterator[Finding]:
    """With no rack budget typed, the rack of nodes_per_rack nodes against the site's (or design's) limits."""
    s = ctx.design.settings
    if s.rack_power_budget_w is not None:
        return  # power.rack_budget judges the typed budget
    n, h, lim = s.nodes_per_rack, ctx.heat, effective_limits(s, ctx.site)
    if not h.liquid:
        if n * h.wall_w > lim.air_w:
            yield Finding(_m("{n} x {node} = {total} at the wall, all to air, exceeds the {limit} limit of an "
                             "air-cooled rack ({source})", n=n, node=_kw(h.wall_w), total=_kw(n * h.wall_w),
                             limit=_kw(lim.air_w), source=lim.air_source), (),
                          _fix(lim.air_w, h.wall_w, _m("at most {k} nodes per air-cooled rack, a liquid-cooled "
                               "variant, or a higher limit where the site is built for it (Preferences or design "
                               "settings)")))
        return
    if n * h.heat_to_liquid_w > lim.liquid_w:
        yield Finding(_m("{n} x {node} = {total} to liquid exceeds the {limit} liquid limit of a rack ({source})",
                         n=n, node=_kw(h.heat_to_liquid_w), total=_kw(n * h.heat_to_liquid_w),
                         limit=_kw(lim.liquid_w), source=lim.liquid_source), (),
                      _fix(lim.liquid_w, h.heat_to_liquid_w, _m("at most {k} nodes per rack on this loop, or a higher "
                           "limit where the facility is built for it")))
    if n * h.heat_to_air_w > lim.air_w:
        yield Finding(_m("{n} x {node} = {total} to air (PSU losses, fans and parts without cold plates) exceeds the "
                         "{limit} air limit of a rack ({source})", n=n, node=_kw(h.heat_to_air_w),
                         total=_kw(n * h.heat_to_air_w), limit=_kw(lim.air_w), source=lim.air_source), (),
                      _fix(lim.air_w, h.heat_to_air_w, _m("at most {k} nodes per rack, or a rear-door heat exchanger")))


@rule("cooling.cdu_capacity", "The coolant distribution unit carries the rack's liquid heat", Severity.ERROR)
def cdu_capacity(ctx: RuleContext) -> Iterator[Finding]:
    h, n = ctx.heat, ctx.design.settings.nodes_per_rack
    if not h.liquid or h.cdu_capacity_w is None:
        return
    liquid = n * h.heat_to_liquid_w
    if liquid > h.cdu_capacity_w:
        yield Finding(_m("{n} x {node} = {total} to liquid exceeds the {cap} the coolant distribution unit removes "
                         "({source})", n=n, node=_kw(h.heat_to_liquid_w), total=_kw(liquid),
                         cap=_kw(h.cdu_capacity_w), source=h.cdu_capacity_source),
                      (), _fix(h.cdu_capacity_w, h.heat_to_liquid_w, _m("at most {k} nodes on this CDU, or a larger "
                                                                        "CDU")))


@rule("cooling.coolant_flow", "Coolant flow within the OCP guideline", Severity.WARNING)
def coolant_flow(ctx: RuleContext) -> Iterator[Finding]:
    """A rise so small that the node needs more water per kW than a facility built to the guideline delivers."""
    h = ctx.heat
    per_kw, high = h.flow_l_min_per_kw, OCP_L_MIN_PER_KW[2]
    if per_kw is None or per_kw <= high:
        return
    min_rise = coolant_flow_l_min(1000.0, 1.0) / high  # flow goes with 1/rise: the rise at which 1 kW needs `high`
    yield Finding(_m("{flow} for {kw} to liquid at a {rise} rise is {per} per kW, above the {high} per kW the Open "
                     "Compute Project guideline provisions", flow=Quantity(h.coolant_flow_l_min or 0, "L/min", 1),
                     kw=_kw(h.heat_to_liquid_w), rise=Quantity(h.coolant_delta_t_k or 0, "K", None),
                     per=Quantity(per_kw, "L/min", 2), high=Quantity(high, "L/min", None)), (),
                  _m("design for a rise of at least {rise}, or confirm the facility's flow",
                     rise=Quantity(min_rise, "K", 1)))
