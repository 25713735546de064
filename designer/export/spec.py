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
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, WithJsonSchema

from designer import __version__
from designer.model.budget import PowerBudget, PowerLine, power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.facility import heat_balance
from designer.rules import check
from designer.rules.engine import Violation
from designer.simulation import SimConfig, SimResult, simulate
from designer.simulation.calibration import NO_CALIBRATION, Calibration
from designer.topology.figures import key_figures
from designer.topology.graph import build_topology
from designer.topology.outcomes import outcomes
from designer.topology.policy import resolve

SPEC_VERSION = 2  # an integer, like the design file's schema_version
KEY_SIZES = (1 << 20, 64 << 20, 1 << 30, 16 << 30)
PERF_COLLECTIVES = ("allreduce", "allgather", "reducescatter", "alltoall")
DESIGN_SCHEMA_ID = "https://gpu-node-designer.invalid/schema/design.schema.json"


def _f(description: str, **kw: Any) -> Any:
    return Field(description=description, **kw)


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BomLine(_Closed):
    """One line of the bill of materials: a catalog part (all its placements) or a budget line without a part."""

    id: str = _f("Stable id: the catalog part id, or the budget category id for lines without a part")
    part: str = _f("Catalog part id; empty for budget lines that are not catalog parts (DIMMs, drives, board)")
    name: str = _f("Part name as published (catalog), or what the line covers")
    kind: str = _f("Part kind (gpu, cpu, nic, ...) or budget category id (memory, drives, board)")
    category: str = _f("Power budget category id (gpus, cpus, scaleup_switches, ..., other)")
    quantity: int = _f("Number of units")
    unit_power_w: float = _f("Power of one unit in W (rated/published, or the stated default); 0 if none drawn")
    total_power_w: float = _f("Power of the line in W; the lines sum to power.dc_load_w")
    power_assumed: bool = _f("True when the power is a stated default, not a published figure")
    source: str = _f("Where the part's figures come from (catalog source), or the assumption used")


class CategoryPower(_Closed):
    category: str = _f("Budget category id")
    label: str = _f("Display label of the category")
    power_w: float = _f("DC power of the category in W")


class PowerSpec(_Closed):
    dc_load_w: float = _f("DC load at the PSU outputs in W: every component at its rated power")
    wall_peak_w: float = _f("Estimated peak input power at the wall in W (DC load / PSU efficiency)")
    psu_part: str = _f("Catalog part id of the PSUs")
    psu_count: int = _f("PSUs installed")
    psu_unit_output_w: float = _f("Rated output of one PSU in W")
    psu_redundancy: str = _f("Redundancy policy (none, N+1, N+2, N+N)")
    psu_usable_w: float = _f("PSU output in W that survives the redundancy policy's failures")
    heat_btu_per_hr: float = _f("Heat to remove in BTU/hr (all wall power)")
    heat_to_liquid_w: float = _f("Heat the coolant carries in W (cold-plated parts' captured share; 0 for air)")
    heat_to_air_w: float = _f("Heat to room air in W: PSU losses, fans, DIMMs, drives, parts without cold plates; "
                              "heat_to_liquid_w + heat_to_air_w = wall_peak_w")
    air_delta_t_c: float = _f("Air temperature rise across the node the airflow is computed at, in K")
    airflow_cfm: float = _f("Airflow the heat to air needs at air_delta_t_c, in CFM")
    coolant_delta_t_k: float | None = _f("Coolant temperature rise across the node in K; null for air cooling")
    coolant_flow_l_min: float | None = _f("Water flow the heat to liquid needs at coolant_delta_t_k, in L/min; "
                                          "null for air cooling")
    heat_assumptions: list[str] = _f("What the heat split assumes, and where its figures come from")
    cooling_capacity_w: float | None = _f("Heat the cooling solution removes in W; null when not published")
    by_category: list[CategoryPower] = _f("DC power per budget category")
    assumptions: list[str] = _f("Stated defaults used where no figure is published")


class KeyFiguresSpec(_Closed):
    gpu_count: int = _f("GPUs (accelerators) in the node")
    gpu_parts: list[str] = _f("Catalog part ids of the GPUs, in design order, without repeats")
    scaleup_fabric: str = _f("Scale-up fabric id(s) joined by '/', or 'none'")
    scaleup_gbytes_s_per_gpu_per_dir: float = _f("Scale-up bandwidth of the least-connected GPU, GB/s per direction")
    scaleup_gbytes_s_per_gpu_bidir: float = _f("The same, both directions added (the vendor-style figure), GB/s")
    scaleup_total_gbytes_s_per_dir: float = _f("Sum over GPUs of scale-up bandwidth, GB/s per direction")
    bisection_gbytes_s_per_dir: float = _f("Max flow between the two halves of the GPUs, GB/s per direction")
    hbm_total_gb: float = _f("GPU memory of all GPUs, usable as the vendors publish it, GB (1e9 bytes)")
    memory_physical_total_gb: float = _f("GPU memory stacks' raw capacity of all GPUs, GB (B200: 192 per GPU, "
                                         "180 usable)")
    cpu_count: int = _f("CPUs in the node")
    cpu_cores_total: int = _f("Cores of all CPUs together (2 x 56-core CPUs: 112)")
    mem_bw_total_tbytes_s: float | None = _f("Aggregate GPU memory bandwidth, TB/s; null when any GPU's is unknown")
    nic_count: int = _f("Compute (scale-out) NICs")
    nic_speeds_gbit_s: list[float] = _f("Distinct line rates of the compute NICs, Gb/s")
    scaleout_gbit_s_total: float = _f("Sum of compute NIC line rates, Gb/s")
    scaleout_gbit_s_per_gpu: float = _f("Compute NIC line rate per GPU, Gb/s")
    bf16_dense_pflops: float | None = _f("Dense BF16 throughput of all GPUs, PFLOPS; null when unknown")
    fp8_dense_pflops: float | None = _f("Dense FP8 throughput of all GPUs, PFLOPS; null when unknown")


class Finding(_Closed):
    rule: str = _f("Rule id (dotted)")
    severity: Literal["error", "warning", "info"] = _f("Severity after the design's settings")
    title: str = _f("Rule title")
    message: str = _f("What was found, with the numbers")
    ids: list[str] = _f("Component or link ids involved")
    fix: str = _f("How to fix it (may be empty)")
    waiver_reason: str = _f("The waiver's reason when waived, else empty")
    # The message and the fix as data (designer.core.messages), for documents in other languages; not in the JSON.
    _text: Any = PrivateAttr(default=None)
    _hint: Any = PrivateAttr(default=None)


class SeverityCounts(_Closed):
    error: int = _f("Unwaived errors")
    warning: int = _f("Unwaived warnings")
    info: int = _f("Unwaived infos")


class RulesSpec(_Closed):
    rules_run: list[str] = _f("Ids of the rules run")
    severities_included: list[str] = _f("Severities reported")
    counts: SeverityCounts = _f("Unwaived findings per severity")
    violations: list[Finding] = _f("Unwaived findings")
    waived: list[Finding] = _f("Waived findings, with the reason")


class PerfPoint(_Closed):
    collective: str = _f("Collective id (allreduce, allgather, reducescatter, alltoall)")
    nodes: int = _f("Nodes")
    gpus: int = _f("GPUs taking part (all nodes)")
    size_bytes: int = _f("Message size in bytes, as nccl-tests' 'size' column")
    time_us: float = _f("Time of one operation in microseconds")
    algbw_gbytes_s: float = _f("Algorithm bandwidth (size / time), GB/s (1e9 bytes)")
    busbw_gbytes_s: float = _f("Bus bandwidth as nccl-tests defines it, GB/s (1e9 bytes)")
    busbw_low_gbytes_s: float = _f("Lower edge of the uncertainty band: busbw x (1 - spread), GB/s", default=0.0)
    busbw_high_gbytes_s: float = _f("Upper edge of the uncertainty band: busbw x (1 + spread), GB/s", default=0.0)
    algorithm: str = _f("Algorithm the model chose (ring, tree, nvls, direct, hierarchical)")
    protocol: str = _f("Protocol the model chose (LL, LL128, Simple)")
    bottleneck: str = _f("The link that limits this point")


DesignJson = Annotated[dict[str, Any], WithJsonSchema({"$ref": DESIGN_SCHEMA_ID,
                                                       "description": "The design file (design.schema.json)"})]


class FailureSpec(_Closed):
    text: str = _f("What the failure does under the policy, with the numbers")
    severity: str = _f("'error' where the NVLink domain stops (uninitialised fabric, unhealthy partition), else 'info'")
    drop: float = _f("The worst GPU pair's loss of scale-up bandwidth, 0-1 (1: no NVLink left)")


class PolicySource(_Closed):
    title: str = _f("The document's title and section, or what was searched where none is published")
    publisher: str = _f("Who publishes it ('assumption' where no vendor does)")
    url: str = _f("Where it is published; empty where none is")
    short: str = _f("A short name of the document")


class PolicySpec(_Closed):
    id: str = _f("The policy in force (designer/data/failure_policy.json)")
    chosen: str = _f("The design's setting (platform_default: the platform's documented default)")
    platform: str = _f("nvswitch_a100, nvswitch, nvl72 or mesh")
    name: str = _f("What the policy is, in words")
    documented: bool = _f("Whether a vendor document describes it (false: an assumption)")
    alternatives: list[str] = _f("The platform's documented modes")
    not_effective: bool = _f("The chosen mode does not apply on this platform; the default is in force")
    source: PolicySource = _f("The document the policy follows")
    notes: list[str] = _f("What the document leaves open and how the tool takes it")


class FailuresSpec(_Closed):
    policy: PolicySpec = _f("The fabric failure policy in force")
    one_link: FailureSpec | None = _f("One physical scale-up link fails", default=None)
    one_plane: FailureSpec | None = _f("One switch chip fails", default=None)
    one_tray: FailureSpec | None = _f("One switch tray of a rack-scale chassis fails", default=None)


class SpecDocument(_Closed):
    spec_version: int = _f("Version of this spec format (an integer, like the design's schema_version)")
    generator: str = _f("Program and version that wrote the spec")
    generated_at: str = _f("When the spec was written: ISO 8601 date and time with UTC offset")
    catalog_version: str = _f("Version of the parts catalog used")
    design: DesignJson
    key_figures: KeyFiguresSpec = _f("Headline figures derived from the design, catalog and topology")
    bom: list[BomLine] = _f("Bill of materials: every catalog part and every power budget line")
    power: PowerSpec = _f("Power and thermal budget")
    rules: RulesSpec = _f("Design rule check")
    failures: FailuresSpec | None = _f("Single scale-up failures under the design's fabric failure policy; null "
                                       "without a scale-up fabric", default=None)
    performance: list[PerfPoint] = _f("Collective performance (model) at key sizes, 1 node and the nodes asked")
    calibration: dict[str, Any] | None = _f("The calibration profile the performance figures use (as written by "
                                            "'calibrate'), or null for the uncalibrated model", default=None)


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


def power_spec(design: Design, catalog: Catalog) -> PowerSpec:
    b, h = power_budget(design, catalog), heat_balance(design, catalog)
    return PowerSpec(
        dc_load_w=round(b.load_w, 1), wall_peak_w=round(b.wall_w, 1), psu_part=b.psu_part, psu_count=b.psu_count,
        psu_unit_output_w=b.psu_unit_w, psu_redundancy=b.redundancy.value, psu_usable_w=b.usable_w,
        heat_btu_per_hr=round(b.heat_btu_hr), heat_to_liquid_w=round(h.heat_to_liquid_w, 1),
        heat_to_air_w=round(b.wall_w, 1) - round(h.heat_to_liquid_w, 1), air_delta_t_c=h.air_delta_t_c,
        airflow_cfm=round(h.airflow_cfm), coolant_delta_t_k=h.coolant_delta_t_k,
        coolant_flow_l_min=None if h.coolant_flow_l_min is None else round(h.coolant_flow_l_min, 1),
        heat_assumptions=list(h.assumptions), cooling_capacity_w=b.cooling_capacity_w,
        by_category=[CategoryPower(category=category_id(k), label=k, power_w=round(v, 1)) for k, v in
                     b.by_category.items()],
        assumptions=sorted({ln.note for ln in b.assumed_lines}))


def key_figures_spec(design: Design, catalog: Catalog) -> KeyFiguresSpec:
    k = key_figures(design, catalog)
    parts = list(dict.fromkeys(c.part for c in design.components if catalog.get(c.part).kind == "gpu"))
    fields = {name: getattr(k, name) for name in KeyFiguresSpec.model_fields if hasattr(k, name)}
    return KeyFiguresSpec(gpu_parts=parts, **fields)


def _finding(v: Violation) -> Finding:
    f = Finding(rule=v.rule, severity=v.severity.value, title=v.title, message=v.message, ids=list(v.ids),
                fix=v.fix, waiver_reason=v.waiver_reason)
    f._text, f._hint = v.text, v.hint
    return f


def rules_spec(design: Design, catalog: Catalog) -> RulesSpec:
    report = check(design, catalog)
    counts = report.as_dict(design.meta.name)["counts"]
    return RulesSpec(rules_run=list(report.rules_run), severities_included=[s.value for s in report.severities],
                     counts=SeverityCounts(**counts), violations=[_finding(v) for v in report.active],
                     waived=[_finding(v) for v in report.waived])


def failures_spec(design: Design, catalog: Catalog) -> FailuresSpec | None:
    topo = build_topology(design, catalog)
    policy = resolve(topo)
    if policy is None:
        return None
    found = {k: FailureSpec(text=o.text, severity=o.severity, drop=round(o.drop, 4)) for k, o in outcomes(topo).items()}
    return FailuresSpec(policy=PolicySpec(**policy.as_dict()), one_link=found.get("link"), one_plane=found.get("plane"),
                        one_tray=found.get("tray"))


def build_spec(design: Design, catalog: Catalog, nodes: int = 1, now: datetime | None = None,
               calibration: Calibration = NO_CALIBRATION,
               run: Callable[[SimConfig], SimResult] | None = None) -> SpecDocument:
    stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    return SpecDocument(
        spec_version=SPEC_VERSION, generator=f"GPU Node Designer {__version__}", generated_at=stamp,
        catalog_version=catalog.version, design=design.model_dump(mode="json"),
        key_figures=key_figures_spec(design, catalog), bom=bom_lines(design, catalog),
        power=power_spec(design, catalog), rules=rules_spec(design, catalog), failures=failures_spec(design, catalog),
        performance=performance_points(design, catalog, nodes, calibration, run),
        calibration=None if calibration == NO_CALIBRATION else calibration.model_dump(mode="json"))


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
