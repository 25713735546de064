"""Export-control screening: a part's EAR 'total processing performance' and 'performance density' against the
ECCN 3A090 thresholds, which are data (designer/data/export_control.json: dated, with the Federal Register
citation), so a later rule is a data change. Under 88 FR 73458 the integrated circuit screens under 3A090 and a
computer or assembly containing such ICs under 4A090 (.a for 3A090.a ICs, .b for 3A090.b): the accelerator and
the system are screened separately.

A screening aid, not a classification (the data file's `statement` says so and every output carries it).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Annotated

from pydantic import Field

from designer.core.messages import Msg, Name, Number, _m
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.parts import Frozen, GpuSpec

NOT_LISTED = "not 3A090"
NOT_SYSTEM = "not 4A090"
UNDETERMINED = "undetermined"
# (field, operand bits): TPP = dense rate x bit length, the highest over precisions.
PRECISION_BITS = (("fp4_dense_tflops", 4), ("fp6_dense_tflops", 6), ("fp8_dense_tflops", 8), ("int8_dense_tops", 8),
                  ("bf16_dense_tflops", 16), ("fp16_dense_tflops", 16))

Threshold = Annotated[float, Field(ge=0)]


class Condition(Frozen):
    """All given bounds must hold: tpp_min <= TPP < tpp_below, density_min <= density < density_below."""

    tpp_min: Threshold = 0
    tpp_below: Threshold | None = None
    density_min: Threshold | None = None
    density_below: Threshold | None = None

    @property
    def needs_density(self) -> bool:
        return self.density_min is not None or self.density_below is not None

    def holds(self, tpp: float, density: float | None) -> bool | None:
        """True/False, or None where the density is needed and not known."""
        if tpp < self.tpp_min or (self.tpp_below is not None and tpp >= self.tpp_below):
            return False
        if not self.needs_density:
            return True
        if density is None:
            return None
        low = self.density_min or 0.0
        return density >= low and (self.density_below is None or density < self.density_below)


class ControlClass(Frozen):
    eccn: Annotated[str, Field(min_length=1, max_length=40)]
    any_of: tuple[Condition, ...]


class RuleSource(Frozen):
    title: Annotated[str, Field(min_length=10)]
    publisher: Annotated[str, Field(min_length=3)]
    federal_register: Annotated[str, Field(pattern=r"^\d+ FR \d+$")]
    document_number: str
    date: Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$")]
    effective: Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$")]
    url: Annotated[str, Field(pattern=r"^https://")]
    confidence: str


class SystemClasses(Frozen):
    """The computer/assembly entry: which ECCN a system containing an IC of each IC class takes."""

    entry: Annotated[str, Field(min_length=10)]
    classes: dict[str, str]


class Thresholds(Frozen):
    regulation: str
    rule: RuleSource
    definitions: dict[str, str]
    classes: tuple[ControlClass, ...]
    systems: SystemClasses
    statement: Annotated[str, Field(min_length=20)]

    def system_eccn(self, ic_eccn: str) -> str:
        """The system's class for an IC class; NOT_LISTED / UNDETERMINED stay as they are."""
        return self.systems.classes.get(ic_eccn, ic_eccn if ic_eccn == UNDETERMINED else NOT_SYSTEM)

    @property
    def citation(self) -> str:
        return f"{self.rule.federal_register}, {self.rule.date}"


@lru_cache(maxsize=1)
def shipped_thresholds() -> Thresholds:
    text = (resources.files("designer") / "data" / "export_control.json").read_text(encoding="utf-8")
    return Thresholds.model_validate(json.loads(text))


def tpp_terms(gpu: GpuSpec) -> list[tuple[float, str]]:
    """(dense rate x bits, "FP8 1,979 x 8") for each precision the catalog knows for the part."""
    terms = []
    for name, bits in PRECISION_BITS:
        rate = getattr(gpu, name)
        if rate is not None:
            terms.append((rate * bits, f"{name.split('_')[0].upper()} {rate:,g} x {bits}"))
    return terms


def tpp(gpu: GpuSpec) -> float | None:
    """Dense rate x operand bit length, the highest over the precisions the catalog knows; None if none known."""
    terms = tpp_terms(gpu)
    return max(t for t, _ in terms) if terms else None


def tpp_basis(gpu: GpuSpec) -> str:
    """Which precision sets the TPP ("FP8 1,979 x 8"); ties name the narrowest operand (PRECISION_BITS order)."""
    terms = tpp_terms(gpu)
    return max(terms, key=lambda t: t[0])[1] if terms else "no dense rate known"


def performance_density(gpu: GpuSpec) -> float | None:
    value = tpp(gpu)
    return None if value is None or not gpu.die_area_mm2 else value / gpu.die_area_mm2


def classify(value: float | None, density: float | None, thresholds: Thresholds) -> str:
    """The first class any of whose conditions holds; UNDETERMINED where a figure needed to decide is unknown."""
    if value is None:
        return UNDETERMINED
    for cls in thresholds.classes:
        results = [c.holds(value, density) for c in cls.any_of]
        if any(r is True for r in results):
            return cls.eccn
        if any(r is None for r in results):
            return UNDETERMINED
    return NOT_LISTED


@dataclass(frozen=True)
class PartScreening:
    part: str
    name: str
    count: int
    tpp: float | None
    tpp_basis: str
    die_area_mm2: float | None
    die_area_source: str
    performance_density: float | None
    eccn: str

    def as_dict(self) -> dict:
        return {"part": self.part, "name": self.name, "count": self.count, "tpp": _round(self.tpp, 0),
                "tpp_basis": self.tpp_basis,
                "die_area_mm2": self.die_area_mm2, "die_area_source": self.die_area_source,
                "performance_density": _round(self.performance_density, 2), "eccn": self.eccn}


def _round(value: float | None, digits: int) -> float | int | None:
    if value is None:
        return None
    return round(value) if digits == 0 else round(value, digits)


def screen_part(gpu: GpuSpec, count: int = 1, thresholds: Thresholds | None = None) -> PartScreening:
    th = thresholds or shipped_thresholds()
    value, density = tpp(gpu), performance_density(gpu)
    return PartScreening(gpu.id, gpu.name, count, value, tpp_basis(gpu), gpu.die_area_mm2, gpu.die_area_source, density,
                         classify(value, density, th))


def screen_design(design: Design, catalog: Catalog, thresholds: Thresholds | None = None) -> list[PartScreening]:
    """One screening per accelerator model in the design, in order of first appearance."""
    counts = Counter(c.part for c in design.components if isinstance(catalog.get(c.part), GpuSpec))
    return [screen_part(catalog.typed(p, GpuSpec), n, thresholds) for p, n in counts.items()]


def export_control_dict(design: Design, catalog: Catalog) -> dict:
    """`info --json`'s export_control: the highest-TPP accelerator's figures, each part's, and the rule."""
    th = shipped_thresholds()
    parts = screen_design(design, catalog, th)
    top = max(parts, key=lambda p: p.tpp or 0.0, default=None)
    ic = top.eccn if top else NOT_LISTED
    return {"tpp": _round(top.tpp, 0) if top else None,
            "performance_density": _round(top.performance_density, 2) if top else None,
            "accelerator_eccn": ic, "system_eccn": system_eccn(parts, th),
            "system_entry": th.systems.entry,
            "accelerators": [p.as_dict() for p in parts],
            "rule": {**th.rule.model_dump(), "regulation": th.regulation},
            "statement": th.statement}


def system_eccn(parts: list[PartScreening], th: Thresholds) -> str:
    """The system's 4A090 class: the strictest its ICs give (4A090.a before .b); undetermined if any IC is."""
    found = [th.system_eccn(p.eccn) for p in parts]
    for cls in (*th.systems.classes.values(), UNDETERMINED):
        if cls in found:
            return cls
    return NOT_SYSTEM


def screening_lines(gpu: GpuSpec) -> list[tuple[Msg, Msg]]:
    """A few (label, value) lines for where part figures are shown (the inspector), as messages."""
    th = shipped_thresholds()
    s = screen_part(gpu, 1, th)
    tpp_text = _m("unknown") if s.tpp is None else _m("{tpp} ({basis})", tpp=Number(s.tpp), basis=Name(s.tpp_basis))
    density = (_m("unknown (die area not published)") if s.performance_density is None
               else _m("{d} ({area} mm² die)", d=Number(s.performance_density, 2),
                       area=Number(s.die_area_mm2 or 0, None)))
    return [(_m("TPP (EAR)"), tpp_text), (_m("Performance density"), density),
            (_m("Export screening"), _m("{eccn} under {cite}: a screening aid, not a classification",
                                        eccn=Name(s.eccn), cite=Name(th.citation))),
            (_m("A system containing it"), _m("{eccn} (computers and assemblies containing the IC)",
                                              eccn=Name(th.system_eccn(s.eccn))))]
