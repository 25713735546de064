"""The JSON spec: the design plus everything derived from it, with a published schema and a version.

One name per quantity, the unit in every key, stable ids (catalog part ids, rule ids, category ids) and
never a display label as a key. Every property of the schema is typed and described; the design itself is
the design file (typed by design.schema.json, referenced by its $id).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from importlib import resources

from designer import __version__
from designer.export.spec_model import (
    SPEC_VERSION,
    BomLine,
    CalibrationSpec,
    CategoryPower,
    ExportControlSpec,
    FacilitySpec,
    FailureSpec,
    FailuresSpec,
    Finding,
    KeyFiguresSpec,
    OcpFlowGuide,
    PerfPoint,
    PhysicalSpec,
    PolicySpec,
    PowerSpec,
    RackLimitsSpec,
    RulesSpec,
    SeverityCounts,
    SpecDocument,
)
from designer.model.budget import PowerBudget, PowerLine, power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.export_control import export_control_dict
from designer.model.facility import OCP_L_MIN_PER_KW, OCP_SOURCE, heat_balance
from designer.model.rack_limits import DEFAULT_RACK_LIMITS, RackLimits, effective_limits
from designer.rules import check
from designer.rules.engine import Violation
from designer.simulation import SimConfig, SimResult, simulate
from designer.simulation.calibration import NO_CALIBRATION, Calibration
from designer.topology.figures import KeyFigures, key_figures
from designer.topology.graph import build_topology
from designer.topology.outcomes import outcomes
from designer.topology.policy import resolve

__all__ = ["SPEC_VERSION", "BomLine", "SpecDocument", "bom_lines", "build_spec", "spec_json", "spec_schema_text"]
KEY_SIZES = (1 << 20, 64 << 20, 1 << 30, 16 << 30)
PERF_COLLECTIVES = ("allreduce", "allgather", "reducescatter", "alltoall")


def category_id(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")


def rounded_shares(values: list[float], digits: int = 1) -> list[float]:
    """Round each value so the rounded values add up to the rounded total (largest remainder)."""
    scale = 10 ** digits
    target = round(round(sum(values), digits) * scale)  # the same rounding as the total shown elsewhere
    floors = [int(v * scale // 1) for v in values]
    order = sorted(range(len(values)), key=lambda i: -(values[i] * scale - floors[i]))
    for i in order[: max(0, target - sum(floors))]:
        floors[i] += 1
    return [f / scale for f in floors]


def _line_groups(design: Design, budget: PowerBudget) -> dict[str, list[PowerLine]]:
    """Budget lines per BOM line: a component's line under its part (a part-level line, such as the cooling
    part's fans, takes the place of one of that part's components), other lines under their category id."""
    by_item = {ln.item: ln for ln in budget.lines}
    groups: dict[str, list[PowerLine]] = defaultdict(list)
    used = set()
    for comp in design.components:
        line = by_item.get(comp.id)
        groups[comp.part].append(line or PowerLine("", comp.id, comp.part, 0.0))
        used.add(comp.id)
    for line in budget.lines:
        if line.item in used:
            continue
        spare = [i for i, ln in enumerate(groups.get(line.part, [])) if not ln.category]
        if spare:
            groups[line.part][spare[0]] = line
        else:
            groups[category_id(line.category)].append(line)
    return groups


def _bom_line(key: str, lines: list[PowerLine], catalog: Catalog, design: Design) -> BomLine:
    total = sum(ln.watts for ln in lines)
    assumed = any(ln.assumed for ln in lines)
    if key in {c.part for c in design.components}:
        part = catalog.get(key)
        qty = len(lines)
        counted = [ln for ln in lines if ln.category]
        category = category_id(counted[0].category) if counted else "other"
        notes = sorted({ln.note for ln in lines if ln.assumed and ln.note})
        source = part.source + (f" (power: {'; '.join(notes)})" if notes else "")
        return BomLine(id=key, part=key, name=part.name, kind=part.kind, category=category, quantity=qty,
                       unit_power_w=round(total / qty, 1), total_power_w=total, power_assumed=assumed, source=source)
    line = lines[0]
    qty = _quantity(line, catalog, design)
    return BomLine(id=key, part="", name=line.item, kind=key, category=key, quantity=qty,
                   unit_power_w=round(total / qty, 1), total_power_w=total, power_assumed=assumed,
                   source=f"assumption: {line.note}" if line.note else "power budget")


def _quantity(line: PowerLine, catalog: Catalog, design: Design) -> int:
    chassis = catalog.chassis(design.chassis)
    return {"Memory": chassis.dimms, "Drives": chassis.drives}.get(line.category, 1) or 1


def bom_lines(design: Design, catalog: Catalog) -> list[BomLine]:
    """Every catalog part placed and every power budget line; total_power_w adds up to the budget's load."""
    budget = power_budget(design, catalog)
    lines = [_bom_line(k, v, catalog, design) for k, v in _line_groups(design, budget).items()]
    totals = rounded_shares([b.total_power_w for b in lines])
    lines = [b.model_copy(update={"total_power_w": t}) for b, t in zip(lines, totals, strict=True)]
    return sorted(lines, key=lambda b: -b.total_power_w)


def performance_points(design: Design, catalog: Catalog, nodes: int, calibration: Calibration = NO_CALIBRATION,
                       run: Callable[[SimConfig], SimResult] | None = None) -> list[PerfPoint]:
    """The key sizes on 1 node and on `nodes`; `run` is the export's shared simulator (default: simulate)."""
    run = run or (lambda config: simulate(design, catalog, config))
    points = []
    for n in sorted({1, nodes}):
        result = run(SimConfig(collectives=PERF_COLLECTIVES, nodes=n, sizes=KEY_SIZES, calibration=calibration))
        points += [PerfPoint(collective=r.collective, nodes=r.nodes, gpus=r.gpus, size_bytes=r.size_bytes,
                             time_us=round(r.time_us, 2), algbw_gbytes_s=round(r.algbw_GBps, 2),
                             busbw_gbytes_s=round(r.busbw_GBps, 2), busbw_low_gbytes_s=round(r.busbw_low_GBps, 2),
                             busbw_high_gbytes_s=round(r.busbw_high_GBps, 2), algorithm=r.algorithm,
                             protocol=r.protocol, bottleneck=r.bottleneck) for r in result.rows]
    return points


def _one(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)


def power_spec(design: Design, catalog: Catalog) -> PowerSpec:
    b, h = power_budget(design, catalog), heat_balance(design, catalog)
    wall, liquid = round(b.wall_w, 1), round(h.heat_to_liquid_w, 1)
    low, typical, high = OCP_L_MIN_PER_KW
    facility = FacilitySpec(
        heat_to_liquid_w=liquid, heat_to_air_w=round(wall - liquid, 1),
        air_delta_t_c=h.air_delta_t_c, airflow_cfm=round(h.airflow_cfm), coolant_delta_t_k=h.coolant_delta_t_k,
        coolant_flow_l_min=_one(h.coolant_flow_l_min), coolant_delta_t_assumed=h.coolant_delta_t_assumed,
        coolant_l_min_per_kw=_one(h.flow_l_min_per_kw, 2),
        ocp_l_min_per_kw=OcpFlowGuide(low=low, typical=typical, high=high, source=OCP_SOURCE),
        psu_loss_w=round(h.psu_loss_w, 1), liquid_cooling=h.cooling, cdu=h.cdu,
        coolant_inlet_c_max=h.coolant_inlet_c_max, cdu_capacity_w=h.cdu_capacity_w,
        cdu_capacity_source=h.cdu_capacity_source, heat_assumptions=[str(a) for a in h.assumptions])
    return PowerSpec(
        dc_load_w=round(b.load_w, 1), wall_peak_w=wall, psu_part=b.psu_part, psu_count=b.psu_count,
        psu_unit_output_w=b.psu_unit_w, psu_redundancy=b.redundancy.value, psu_usable_w=b.usable_w,
        heat_btu_per_hr=round(b.heat_btu_hr), facility=facility, cooling_capacity_w=b.cooling_capacity_w,
        published_max_power_w=b.published_max_w, published_max_is_calibration=b.published_is_calibration,
        by_category=[CategoryPower(category=category_id(k), label=k, power_w=round(v, 1)) for k, v in
                     b.by_category.items()],
        assumptions=sorted({ln.note for ln in b.assumed_lines}))


def key_figures_spec(design: Design, catalog: Catalog, k: KeyFigures | None = None) -> KeyFiguresSpec:
    k = k or key_figures(design, catalog)
    parts = list(dict.fromkeys(c.part for c in design.components if catalog.get(c.part).kind == "gpu"))
    fields = {name: getattr(k, name) for name in KeyFiguresSpec.model_fields if hasattr(k, name)}
    return KeyFiguresSpec(gpu_parts=parts, **fields)


def export_control_spec(design: Design, catalog: Catalog) -> ExportControlSpec:
    return ExportControlSpec.model_validate(export_control_dict(design, catalog))


def calibration_spec(calibration: Calibration) -> CalibrationSpec | None:
    return None if calibration == NO_CALIBRATION else CalibrationSpec.model_validate(
        calibration.model_dump(mode="json"))


def _finding(v: Violation) -> Finding:
    return Finding(rule=v.rule, severity=v.severity.value, title=v.title, message=v.message, ids=list(v.ids),
                   fix=v.fix, waiver_reason=v.waiver_reason).with_messages(v.text, v.hint)


def rules_spec(design: Design, catalog: Catalog, site: RackLimits = DEFAULT_RACK_LIMITS) -> RulesSpec:
    """The rule check with the site's rack limits (the app's Preferences; the design's own settings win), as the
    app's own check has it, and the limits it used."""
    report = check(design, catalog, site=site)
    counts = report.as_dict(design.meta.name)["counts"]
    limits = effective_limits(design.settings, site)
    return RulesSpec(rules_run=list(report.rules_run), severities_included=[s.value for s in report.severities],
                     counts=SeverityCounts(**counts), violations=[_finding(v) for v in report.active],
                     waived=[_finding(v) for v in report.waived],
                     rack_limits=RackLimitsSpec(air_w=limits.air_w, liquid_w=limits.liquid_w,
                                                air_source=str(limits.air_source),
                                                liquid_source=str(limits.liquid_source)))


def failures_spec(design: Design, catalog: Catalog) -> FailuresSpec | None:
    topo = build_topology(design, catalog)
    policy = resolve(topo)
    if policy is None:
        return None
    found = {k: FailureSpec(text=str(o.text), severity=o.severity, drop=round(o.drop, 4))
             for k, o in outcomes(topo).items()}
    return FailuresSpec(policy=PolicySpec(**policy.as_dict()), one_link=found.get("link"), one_plane=found.get("plane"),
                        one_tray=found.get("tray"))


def build_spec(design: Design, catalog: Catalog, nodes: int = 1, now: datetime | None = None,
               calibration: Calibration = NO_CALIBRATION,
               run: Callable[[SimConfig], SimResult] | None = None,
               site: RackLimits = DEFAULT_RACK_LIMITS) -> SpecDocument:
    stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    return SpecDocument(
        spec_version=SPEC_VERSION, generator=f"GPU Node Designer {__version__}", generated_at=stamp,
        catalog_version=catalog.version, design=design.model_dump(mode="json"),
        key_figures=key_figures_spec(design, catalog), bom=bom_lines(design, catalog),
        physical=PhysicalSpec.model_validate(physical.model_dump(mode="json"))
        if (physical := catalog.chassis(design.chassis).physical) else None,
        power=power_spec(design, catalog), rules=rules_spec(design, catalog, site),
        failures=failures_spec(design, catalog),
        performance=performance_points(design, catalog, nodes, calibration, run),
        calibration=calibration_spec(calibration), export_control=export_control_spec(design, catalog))


def spec_json(spec: SpecDocument) -> str:
    return json.dumps(spec.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def spec_schema_text() -> str:
    schema = SpecDocument.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://gpu-node-designer.invalid/schema/spec.schema.json"
    schema["title"] = f"GPU Node Designer spec, spec_version {SPEC_VERSION}"
    schema["description"] = "A design with everything derived from it, written by gpu-designer-cli export --json"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def committed_spec_schema() -> str:
    return (resources.files("designer") / "data" / "schema" / "spec.schema.json").read_text("utf-8")
