"""The JSON spec: the design plus everything derived from it, with a published schema and a version."""

from __future__ import annotations

import json
from datetime import date
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict

from designer import __version__
from designer.model.budget import bom_items, power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.rules import check
from designer.simulation import SimConfig, simulate
from designer.topology.figures import key_figures

SPEC_VERSION = "1.0"
KEY_SIZES = (1 << 20, 64 << 20, 1 << 30, 16 << 30)
PERF_COLLECTIVES = ("allreduce", "allgather", "reducescatter", "alltoall")


class _Open(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BomLine(_Open):
    part: str
    name: str
    kind: str
    quantity: int
    unit_power_w: float
    total_power_w: float
    source: str


class PowerSpec(_Open):
    load_w: float
    wall_w: float
    psu: str
    usable_w: float
    heat_btu_hr: float
    airflow_cfm: float
    cooling_capacity_w: float | None
    by_category_w: dict[str, float]
    assumptions: list[str]


class PerfPoint(_Open):
    collective: str
    nodes: int
    size_bytes: int
    time_us: float
    algbw_GBps: float
    busbw_GBps: float
    algorithm: str
    bottleneck: str


class SpecDocument(_Open):
    spec_version: str
    generator: str
    generated: str
    design: dict[str, Any]
    key_figures: dict[str, Any]
    bom: list[BomLine]
    power: PowerSpec
    rules: dict[str, Any]
    performance: list[PerfPoint]


def bom_lines(design: Design, catalog: Catalog) -> list[BomLine]:
    """The budget's lines grouped by part (designer.model.budget.bom_items): the BOM total is the budget's load."""
    return [BomLine(part=i.part, name=i.name, kind=i.kind, quantity=i.quantity, unit_power_w=round(i.unit_w, 1),
                    total_power_w=round(i.total_w, 1), source=i.source) for i in bom_items(design, catalog)]


def performance_points(design: Design, catalog: Catalog, nodes: int) -> list[PerfPoint]:
    points = []
    for n in sorted({1, nodes}):
        result = simulate(design, catalog, SimConfig(collectives=PERF_COLLECTIVES, nodes=n, sizes=KEY_SIZES))
        points += [PerfPoint(collective=r.collective, nodes=r.nodes, size_bytes=r.size_bytes,
                             time_us=round(r.time_us, 2), algbw_GBps=round(r.algbw_GBps, 2),
                             busbw_GBps=round(r.busbw_GBps, 2), algorithm=f"{r.algorithm}/{r.protocol}",
                             bottleneck=r.bottleneck) for r in result.rows]
    return points


def build_spec(design: Design, catalog: Catalog, nodes: int = 1, today: date | None = None) -> SpecDocument:
    b = power_budget(design, catalog)
    report = check(design, catalog)

    return SpecDocument(
        spec_version=SPEC_VERSION, generator=f"GPU Node Designer {__version__}",
        generated=(today or date.today()).isoformat(), design=design.model_dump(mode="json"),
        key_figures=key_figures(design, catalog).as_dict(), bom=bom_lines(design, catalog),
        power=PowerSpec(load_w=round(b.load_w, 1), wall_w=round(b.wall_w, 1),
                        psu=f"{b.psu_count} x {b.psu_unit_w:.0f} W, {b.redundancy.value}", usable_w=b.usable_w,
                        heat_btu_hr=round(b.heat_btu_hr), airflow_cfm=round(b.airflow_cfm),
                        cooling_capacity_w=b.cooling_capacity_w,
                        by_category_w={k: round(v, 1) for k, v in b.by_category.items()},
                        assumptions=sorted({ln.note for ln in b.assumed_lines})),
        rules=report.as_dict(design.meta.name), performance=performance_points(design, catalog, nodes))


def spec_json(spec: SpecDocument) -> str:
    return json.dumps(spec.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def spec_schema_text() -> str:
    schema = SpecDocument.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"GPU Node Designer spec {SPEC_VERSION}"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def committed_spec_schema() -> str:
    return (resources.files("designer") / "data" / "schema" / "spec.schema.json").read_text("utf-8")
