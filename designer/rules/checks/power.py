"""Power and thermal rules: PSU capacity under redundancy, rack budget, cooling capacity, liquid."""

from __future__ import annotations

from collections.abc import Iterator

from designer.core.messages import Legacy, Name, Percent, Quantity, _m, english, many, tool_hint
from designer.model.design import Redundancy
from designer.model.parts import CoolingSpec, CoolingType, GpuSpec
from designer.rules.engine import Finding, RuleContext, Severity, rule

LIQUID_ABOVE_W = 1000.0  # above ~1,000 W per accelerator needs liquid (air-cooled DGX B200 runs 1,000 W GPUs)
PUBLISHED_GAP = 0.05  # computed wall power more than 5 % from the vendor's published maximum is flagged
DERIVED_BAND = 0.05  # heat within 5 % over a derived (not published) cooling limit: a warning, not an error
PSU_MARGIN = 0.95  # surviving PSUs loaded above 95 % of their rating under the policy: no margin left


def _kw(watts: float) -> Quantity:
    return Quantity(watts / 1000, "kW", 1)


def _w(watts: float) -> Quantity:
    return Quantity(watts, "W")


@rule("power.psu_capacity", "PSUs can carry the load", Severity.ERROR)
def psu_capacity(ctx: RuleContext) -> Iterator[Finding]:
    b = ctx.budget
    if b.psu_count == 0:
        yield Finding(_m("no PSUs for a {load} load", load=_w(b.load_w)), (), _m("add PSUs"))
    elif b.load_w > b.installed_w:
        yield Finding(_m("{load} load exceeds all {count} PSUs together ({count} x {unit} = {installed}); the node "
                         "cannot boot at full power", load=_w(b.load_w), count=b.psu_count, unit=_w(b.psu_unit_w),
                         installed=_w(b.installed_w)),
                      (), _m("install at least {n} PSUs of this rating", n=b.psus_to_run))


@rule("power.psu_redundancy", "PSU redundancy policy met", Severity.ERROR)
def psu_redundancy(ctx: RuleContext) -> Iterator[Finding]:
    b = ctx.budget
    if b.psu_count == 0 or b.load_w > b.installed_w:
        return  # power.psu_capacity reports it
    if b.load_w > b.usable_w:
        yield Finding(_m("{load} load needs {n} x {unit} PSUs; {policy} with {count} installed leaves {left} "
                         "({usable})", load=_w(b.load_w), n=b.psus_to_run, unit=_w(b.psu_unit_w),
                         policy=b.redundancy.value, count=b.psu_count, left=b.psu_count - b.redundant_psus,
                         usable=_w(b.usable_w)),
                      (), _m("add PSUs, use a higher rating, or relax the policy"))
    elif b.load_w > PSU_MARGIN * b.usable_w:
        yield Finding(_m("{policy} with {count} x {unit} leaves {left} PSUs ({usable}) for a {load} load: {pct} of "
                         "their rating after the failures the policy allows, no margin", policy=b.redundancy.value,
                         count=b.psu_count, unit=_w(b.psu_unit_w), left=b.psu_count - b.redundant_psus,
                         usable=_w(b.usable_w), load=_w(b.load_w), pct=Percent(b.load_w / b.usable_w)),
                      (), _m("use the vendor's policy, more PSUs or a higher rating"), Severity.WARNING)
    if b.redundancy is Redundancy.N_PLUS_N and b.psu_count % 2:
        yield Finding(_m("N+N needs an even number of PSUs split over two feeds; {n} installed", n=b.psu_count), (),
                      _m("add or remove one PSU"), Severity.WARNING)


@rule("power.rack_budget", "Rack power budget", Severity.ERROR)
def rack_budget(ctx: RuleContext) -> Iterator[Finding]:
    s = ctx.design.settings
    if s.rack_power_budget_w is None:
        return
    total = ctx.budget.wall_w * s.nodes_per_rack
    if total > s.rack_power_budget_w:
        yield Finding(_m("{n} nodes x {node} = {total} at the wall exceeds the {budget} rack budget",
                         n=s.nodes_per_rack, node=_kw(ctx.budget.wall_w), total=_kw(total),
                         budget=_kw(s.rack_power_budget_w)), (),
                      _m("at most {n} nodes fit this budget", n=int(s.rack_power_budget_w // ctx.budget.wall_w)))


@rule("power.published_maximum", "Computed power vs the vendor's published maximum", Severity.WARNING)
def published_maximum(ctx: RuleContext) -> Iterator[Finding]:
    b = ctx.budget
    if b.published_max_w is None or b.published_gap is None:
        return
    figures = {"wall": _w(b.wall_w), "max": _w(b.published_max_w), "gap": Percent(b.published_gap, 1, sign=True),
               "source": Name(b.published_source)}  # the source: a document title and URL, kept as published
    if abs(b.published_gap) > PUBLISHED_GAP:
        yield Finding(_m("computed {wall} at the wall vs the published maximum {max} of the reference system in this "
                         "chassis ({gap}; {source}): more than {band} apart, so this is not the reference "
                         "configuration or a part's figure is off", band=Percent(PUBLISHED_GAP), **figures), (),
                      _m("check the parts that differ from the reference design"))
    elif b.published_is_calibration:
        yield Finding(_m("computed {wall} at the wall vs the published maximum {max} of the reference system in this "
                         "chassis ({gap}; {source}); the fan term is derived from this maximum, so it is a "
                         "calibration point, not an independent check", **figures), (), "", Severity.INFO)
    else:
        yield Finding(_m("computed {wall} at the wall vs the published maximum {max} of the reference system in this "
                         "chassis ({gap}; {source})", **figures), (), "", Severity.INFO)


@rule("power.assumed_figures", "Power figures not published", Severity.INFO)
def assumed(ctx: RuleContext) -> Iterator[Finding]:
    lines = ctx.budget.assumed_lines
    parts = [ln for ln in lines if ln.part and ln.category not in ("Board", "Cooling")]
    if lines:
        total = sum(ln.watts for ln in lines)
        notes = many(sorted({ln.note_text or Legacy(ln.note) for ln in lines}, key=english), "; ")
        yield Finding(_m("{n} budget lines use stated defaults ({assumed} of {load}): {notes}", n=len(lines),
                         assumed=_w(total), load=_w(ctx.budget.load_w), notes=notes), tuple(ln.item for ln in parts),
                      tool_hint(_m("add the published power to the catalog part if you have it")))


def _cooling(ctx: RuleContext) -> list[tuple[str, CoolingSpec]]:
    return [(c.id, p) for c in ctx.design.components if isinstance(p := ctx.catalog.get(c.part), CoolingSpec)]


@rule("cooling.capacity", "Cooling removes the heat", Severity.ERROR)
def cooling_capacity(ctx: RuleContext) -> Iterator[Finding]:
    b = ctx.budget
    h = ctx.heat
    heat = _m("{heat} ({btu}; {cfm} at {dt} rise)", heat=_w(b.heat_w), btu=Quantity(b.heat_btu_hr, "BTU/hr"),
              cfm=Quantity(h.airflow_cfm, "CFM"), dt=Quantity(b.air_delta_t_c, "K", None))
    cooling = _cooling(ctx)
    if not cooling:
        yield Finding(_m("no cooling for {heat}", heat=heat), (), _m("add a fan wall or a liquid loop"))
    elif b.cooling_capacity_w is None:
        yield Finding(_m("cooling capacity is not published; heat is {heat}", heat=heat), tuple(c for c, _ in cooling),
                      tool_hint(_m("add the capacity to the part")), Severity.INFO)
    elif b.heat_w > b.cooling_capacity_w:
        ids = tuple(c for c, _ in cooling)
        over = b.heat_w / b.cooling_capacity_w - 1
        if not b.cooling_capacity_published and over <= DERIVED_BAND:
            conf = many(sorted({p.confidence.value for _, p in cooling}))
            yield Finding(_m("heat {heat} is {over} over the {cap} cooling limit, which is derived, not published "
                             "(confidence {conf}): within {band} of a derived limit", heat=heat,
                             over=Percent(over, 1), cap=_w(b.cooling_capacity_w), conf=conf,
                             band=Percent(DERIVED_BAND)),
                          ids, _m("confirm the cooling capacity with the vendor or lower the power"), Severity.WARNING)
        else:
            yield Finding(_m("heat {heat} exceeds the {cap} the cooling removes", heat=heat,
                             cap=_w(b.cooling_capacity_w)), ids, _m("use liquid cooling or lower-power parts"))


@rule("cooling.liquid_required", "Accelerators that need liquid get liquid", Severity.ERROR)
def liquid_required(ctx: RuleContext) -> Iterator[Finding]:
    cooling = _cooling(ctx)
    air = not cooling or all(p.cooling_type is CoolingType.AIR for _, p in cooling)
    limit = min((p.max_device_w for _, p in cooling if p.max_device_w is not None), default=LIQUID_ABOVE_W)
    hot = [g for g in ctx.topo.gpus if ctx.part(g).needs_liquid or ctx.part(g).tdp_w > limit]
    if air and hot:
        spec: GpuSpec = ctx.part(hot[0])
        if spec.needs_liquid:
            text = _m("{name} at {tdp} is built for liquid cooling; this design is air-cooled", name=spec.name,
                      tdp=_w(spec.tdp_w))
        else:
            text = _m("{name} at {tdp} exceeds the {limit} air limit; this design is air-cooled", name=spec.name,
                      tdp=_w(spec.tdp_w), limit=_w(limit))
        yield Finding(text, tuple(hot), _m("use a cold-plate loop or immersion"))


@rule("cooling.type_mismatch", "Cooling fits the chassis", Severity.WARNING)
def type_mismatch(ctx: RuleContext) -> Iterator[Finding]:
    chassis = ctx.catalog.chassis(ctx.design.chassis)
    for cid, part in _cooling(ctx):
        if part.cooling_type is not chassis.cooling_type:
            yield Finding(_m("{id} is {kind} cooling in a chassis built for {chassis}", id=cid,
                             kind=Legacy(part.cooling_type.value), chassis=Legacy(chassis.cooling_type.value)),
                          (cid,), _m("pick a chassis made for this cooling"))
