"""Power and thermal rules: PSU capacity under redundancy, rack budget, cooling capacity, liquid."""

from __future__ import annotations

from collections.abc import Iterator

from designer.model.design import Redundancy
from designer.model.parts import CoolingSpec, CoolingType, GpuSpec
from designer.rules.engine import Finding, RuleContext, Severity, rule

LIQUID_ABOVE_W = 1000.0  # above ~1,000 W per accelerator needs liquid (air-cooled DGX B200 runs 1,000 W GPUs)
PUBLISHED_GAP = 0.05  # computed wall power more than 5 % from the vendor's published maximum is flagged
DERIVED_BAND = 0.05  # heat within 5 % over a derived (not published) cooling limit: a warning, not an error
PSU_MARGIN = 0.95  # surviving PSUs loaded above 95 % of their rating under the policy: no margin left


def _kw(watts: float) -> str:
    return f"{watts / 1000:.1f} kW"


@rule("power.psu_capacity", "PSUs can carry the load", Severity.ERROR)
def psu_capacity(ctx: RuleContext) -> Iterator[Finding]:
    b = ctx.budget
    if b.psu_count == 0:
        yield Finding(f"no PSUs for a {b.load_w:,.0f} W load", (), "add PSUs")
    elif b.load_w > b.installed_w:
        yield Finding(f"{b.load_w:,.0f} W load exceeds all {b.psu_count} PSUs together "
                      f"({b.psu_count} x {b.psu_unit_w:,.0f} W = {b.installed_w:,.0f} W); the node cannot boot at full "
                      f"power", (), f"install at least {b.psus_to_run} PSUs of this rating")


@rule("power.psu_redundancy", "PSU redundancy policy met", Severity.ERROR)
def psu_redundancy(ctx: RuleContext) -> Iterator[Finding]:
    b = ctx.budget
    if b.psu_count == 0 or b.load_w > b.installed_w:
        return  # power.psu_capacity reports it
    if b.load_w > b.usable_w:
        yield Finding(f"{b.load_w:,.0f} W load needs {b.psus_to_run} x {b.psu_unit_w:,.0f} W PSUs; "
                      f"{b.redundancy.value} with {b.psu_count} installed leaves "
                      f"{b.psu_count - b.redundant_psus} ({b.usable_w:,.0f} W)",
                      (), "add PSUs, use a higher rating, or relax the policy")
    elif b.load_w > PSU_MARGIN * b.usable_w:
        yield Finding(f"{b.redundancy.value} with {b.psu_count} x {b.psu_unit_w:,.0f} W leaves "
                      f"{b.psu_count - b.redundant_psus} PSUs ({b.usable_w:,.0f} W) for a {b.load_w:,.0f} W load: "
                      f"{b.load_w / b.usable_w:.0%} of their rating after the failures the policy allows, no margin",
                      (), "use the vendor's policy, more PSUs or a higher rating", Severity.WARNING)
    if b.redundancy is Redundancy.N_PLUS_N and b.psu_count % 2:
        yield Finding(f"N+N needs an even number of PSUs split over two feeds; {b.psu_count} installed", (),
                      "add or remove one PSU", Severity.WARNING)


@rule("power.rack_budget", "Rack power budget", Severity.ERROR)
def rack_budget(ctx: RuleContext) -> Iterator[Finding]:
    s = ctx.design.settings
    if s.rack_power_budget_w is None:
        return
    total = ctx.budget.wall_w * s.nodes_per_rack
    if total > s.rack_power_budget_w:
        yield Finding(f"{s.nodes_per_rack} nodes x {_kw(ctx.budget.wall_w)} = {_kw(total)} at the wall exceeds the "
                      f"{_kw(s.rack_power_budget_w)} rack budget", (),
                      f"at most {int(s.rack_power_budget_w // ctx.budget.wall_w)} nodes fit this budget")


@rule("power.published_maximum", "Computed power vs the vendor's published maximum", Severity.WARNING)
def published_maximum(ctx: RuleContext) -> Iterator[Finding]:
    b = ctx.budget
    if b.published_max_w is None or b.published_gap is None:
        return
    text = (f"computed {b.wall_w:,.0f} W at the wall vs the published maximum {b.published_max_w:,.0f} W of the "
            f"reference system in this chassis ({b.published_gap:+.1%}; {b.published_source})")
    if abs(b.published_gap) > PUBLISHED_GAP:
        yield Finding(text + f": more than {PUBLISHED_GAP:.0%} apart, so this is not the reference configuration or a "
                      "part's figure is off", (), "check the parts that differ from the reference design")
    elif b.published_is_calibration:
        yield Finding(text + "; the fan term is derived from this maximum, so it is a calibration point, not an "
                      "independent check", (), "", Severity.INFO)
    else:
        yield Finding(text, (), "", Severity.INFO)


@rule("power.assumed_figures", "Power figures not published", Severity.INFO)
def assumed(ctx: RuleContext) -> Iterator[Finding]:
    lines = ctx.budget.assumed_lines
    parts = [ln for ln in lines if ln.part and ln.category not in ("Board", "Cooling")]
    if lines:
        total = sum(ln.watts for ln in lines)
        yield Finding(f"{len(lines)} budget lines use stated defaults ({total:,.0f} W of {ctx.budget.load_w:,.0f} W): "
                      + "; ".join(sorted({ln.note for ln in lines})), tuple(ln.item for ln in parts),
                      "add the published power to the catalog part if you have it")


def _cooling(ctx: RuleContext) -> list[tuple[str, CoolingSpec]]:
    return [(c.id, p) for c in ctx.design.components if isinstance(p := ctx.catalog.get(c.part), CoolingSpec)]


@rule("cooling.capacity", "Cooling removes the heat", Severity.ERROR)
def cooling_capacity(ctx: RuleContext) -> Iterator[Finding]:
    b = ctx.budget
    h = ctx.heat
    heat = f"{b.heat_w:,.0f} W ({b.heat_btu_hr:,.0f} BTU/hr; {h.airflow_cfm:,.0f} CFM at {b.air_delta_t_c:g} K rise)"
    cooling = _cooling(ctx)
    if not cooling:
        yield Finding(f"no cooling for {heat}", (), "add a fan wall or a liquid loop")
    elif b.cooling_capacity_w is None:
        yield Finding(f"cooling capacity is not published; heat is {heat}", tuple(c for c, _ in cooling),
                      "add the capacity to the part", Severity.INFO)
    elif b.heat_w > b.cooling_capacity_w:
        ids = tuple(c for c, _ in cooling)
        over = b.heat_w / b.cooling_capacity_w - 1
        if not b.cooling_capacity_published and over <= DERIVED_BAND:
            conf = ", ".join(sorted({p.confidence.value for _, p in cooling}))
            yield Finding(f"heat {heat} is {over:.1%} over the {b.cooling_capacity_w:,.0f} W cooling limit, which is "
                          f"derived, not published (confidence {conf}): within {DERIVED_BAND:.0%} of a derived limit",
                          ids, "confirm the cooling capacity with the vendor or lower the power", Severity.WARNING)
        else:
            yield Finding(f"heat {heat} exceeds the {b.cooling_capacity_w:,.0f} W the cooling removes",
                          ids, "use liquid cooling or lower-power parts")


@rule("cooling.liquid_required", "Accelerators that need liquid get liquid", Severity.ERROR)
def liquid_required(ctx: RuleContext) -> Iterator[Finding]:
    cooling = _cooling(ctx)
    air = not cooling or all(p.cooling_type is CoolingType.AIR for _, p in cooling)
    limit = min((p.max_device_w for _, p in cooling if p.max_device_w is not None), default=LIQUID_ABOVE_W)
    hot = [g for g in ctx.topo.gpus if ctx.part(g).needs_liquid or ctx.part(g).tdp_w > limit]
    if air and hot:
        spec: GpuSpec = ctx.part(hot[0])
        why = "is built for liquid cooling" if spec.needs_liquid else f"exceeds the {limit:,.0f} W air limit"
        yield Finding(f"{spec.name} at {spec.tdp_w:,.0f} W {why}; this design is air-cooled", tuple(hot),
                      "use a cold-plate loop or immersion")


@rule("cooling.type_mismatch", "Cooling fits the chassis", Severity.WARNING)
def type_mismatch(ctx: RuleContext) -> Iterator[Finding]:
    chassis = ctx.catalog.chassis(ctx.design.chassis)
    for cid, part in _cooling(ctx):
        if part.cooling_type is not chassis.cooling_type:
            yield Finding(f"{cid} is {part.cooling_type.value} cooling in a chassis built for "
                          f"{chassis.cooling_type.value}", (cid,), "pick a chassis made for this cooling")
