"""The design rule check engine: rules are small pure functions registered with a dotted id.

A rule takes a RuleContext (the design plus what is derived from it, computed once) and yields
Findings; the engine turns them into Violations with the rule's severity, applies waivers and
filters by severity.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from designer.core.messages import Msg
from designer.model.budget import PowerBudget, power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design, Waiver
from designer.model.facility import HeatBalance, heat_balance
from designer.model.parts import only_gpus
from designer.model.rack_limits import DEFAULT_RACK_LIMITS, RackLimits
from designer.topology.graph import Topology, build_topology


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


SEVERITY_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


class _EnglishText:
    """.message and .fix: the English text of a finding's message and fix hint (JSON report, English CLI)."""

    text: Msg | str
    hint: Msg | str

    @property
    def message(self) -> str:
        return str(self.text)

    @property
    def fix(self) -> str:
        return str(self.hint)


@dataclass(frozen=True)
class Finding(_EnglishText):
    """What a rule found: a message and a fix hint as data (designer.core.messages; a str is English not yet
    made a message), the ids involved and a severity."""

    text: Msg | str
    ids: tuple[str, ...] = ()
    hint: Msg | str = ""
    severity: Severity | None = None  # None: the rule's default


@dataclass(frozen=True)
class Violation(_EnglishText):
    """A finding under its rule; text and hint stay data (render them with designer.core.locale.render for a
    language and an audience), .message and .fix are the English text (JSON report, English CLI)."""

    rule: str
    severity: Severity
    title: str
    text: Msg | str
    ids: tuple[str, ...]
    hint: Msg | str
    waived: bool = False
    waiver_reason: str = ""

    def as_dict(self) -> dict:
        return {"rule": self.rule, "severity": self.severity.value, "title": self.title, "message": self.message,
                "ids": list(self.ids), "fix": self.fix, "waived": self.waived, "waiver_reason": self.waiver_reason}


@dataclass
class RuleContext:
    design: Design
    catalog: Catalog
    site: RackLimits = DEFAULT_RACK_LIMITS  # the site's rack limits (Preferences); the design's settings win

    @cached_property
    def topo(self) -> Topology:
        return build_topology(self.design, self.catalog)

    @cached_property
    def budget(self) -> PowerBudget:
        return power_budget(self.design, self.catalog)

    @cached_property
    def heat(self) -> HeatBalance:
        return heat_balance(self.design, self.catalog)

    @cached_property
    def part(self) -> Callable[[str], Any]:  # Any, as before: rules read each kind's own fields
        """ctx.part(cid): the part of a component, as the topology's dict lookup itself (a 72-GPU rack's rules ask
        about 4,000 times per check; a method around it cost about a millisecond)."""
        return self.topo.parts.__getitem__

    @cached_property
    def device(self) -> str:
        """What messages call the accelerators: "GPU", or "accelerator" where the design holds NPUs or Gaudi."""
        return "GPU" if only_gpus(self.topo.part(g) for g in self.topo.gpus) else "accelerator"


RuleFn = Callable[[RuleContext], Iterable[Finding]]


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    severity: Severity
    fn: RuleFn


RULES: dict[str, Rule] = {}


def rule(rule_id: str, title: str, severity: Severity) -> Callable[[RuleFn], RuleFn]:
    def register(fn: RuleFn) -> RuleFn:
        if rule_id in RULES:
            raise ValueError(f"rule {rule_id} registered twice")
        RULES[rule_id] = Rule(rule_id, title, severity, fn)
        return fn

    return register


@dataclass(frozen=True)
class Report:
    rules_run: tuple[str, ...]
    severities: tuple[Severity, ...]
    violations: tuple[Violation, ...]  # waived ones included, marked
    summary: dict = field(default_factory=dict)

    @property
    def active(self) -> list[Violation]:
        return [v for v in self.violations if not v.waived]

    @property
    def waived(self) -> list[Violation]:
        return [v for v in self.violations if v.waived]

    def count(self, severity: Severity) -> int:
        return sum(1 for v in self.active if v.severity is severity)

    @property
    def has_errors(self) -> bool:
        return self.count(Severity.ERROR) > 0

    def as_dict(self, source: str) -> dict:
        """The JSON report: rules run, severities included, counts, violations, waived ones, summary."""
        return {
            "design": source,
            "rules_run": list(self.rules_run),
            "severities": [s.value for s in self.severities],
            "counts": {s.value: self.count(s) for s in Severity},
            "violations": [v.as_dict() for v in self.active],
            "waived": [v.as_dict() for v in self.waived],
            "summary": self.summary,
        }

    def by_rule(self) -> dict[str, list[Violation]]:
        grouped: dict[str, list[Violation]] = {}
        for v in self.violations:
            grouped.setdefault(v.rule, []).append(v)
        return grouped


def waiver_for(violation: Violation, waivers: Iterable[Waiver]) -> Waiver | None:
    """A waiver matches by rule id and the exact set of ids (an empty id list waives the whole rule)."""
    for waiver in waivers:
        if waiver.rule == violation.rule and (not waiver.ids or set(waiver.ids) == set(violation.ids)):
            return waiver
    return None


# Rules whose findings depend only on what the topology is keyed by (parts, slots, links, chassis, settings,
# catalog; see topology.graph.wiring_key), never on labels, metadata, waivers or anything outside the design.
# Their findings are kept with the topology, so a revision that keeps the wiring (a label, a waiver) does not
# run them again: on a 72-GPU rack they loop over 1,584 links each. A rule joins this list only once checked.
PER_WIRING = frozenset({
    "scaleup.fabric_mismatch", "scaleup.gpu_ports_exceeded", "scaleup.switch_ports_exceeded",
    "scaleup.gpu_links_unused", "scaleup.uneven_planes", "scaleup.unreachable",
    "pcie.lanes_oversubscribed", "pcie.link_width", "pcie.nic_link_speed", "pcie.uplink_oversubscribed",
    "net.scaleout_per_gpu", "net.gpu_nic_affinity", "net.gpu_nic_one_to_one", "net.nic_unconnected",
    "physical.slot_count", "physical.form_factor", "physical.mixed_accelerators", "physical.link_conflict",
})


def findings(r: Rule, ctx: RuleContext) -> list[Finding]:
    if r.id not in PER_WIRING:
        return list(r.fn(ctx))
    key = ("findings", r.id)
    if key not in ctx.topo.cache:
        ctx.topo.cache[key] = list(r.fn(ctx))
    return ctx.topo.cache[key]


def run_rule(r: Rule, ctx: RuleContext) -> list[Violation]:
    out = []
    for f in findings(r, ctx):
        w = waiver_for(Violation(r.id, r.severity, r.title, f.text, f.ids, f.hint), ctx.design.waivers)
        out.append(Violation(r.id, f.severity or r.severity, r.title, f.text, tuple(f.ids), f.hint,
                             waived=w is not None, waiver_reason=w.reason if w else ""))
    return out


def check(design: Design, catalog: Catalog, min_severity: Severity = Severity.INFO,
          rules: Iterable[str] | None = None, site: RackLimits = DEFAULT_RACK_LIMITS) -> Report:
    import designer.rules.checks  # noqa: F401, PLC0415 (registers the rules)

    ctx = RuleContext(design, catalog, site)
    selected = [RULES[r] for r in rules] if rules is not None else list(RULES.values())
    violations: list[Violation] = []
    for r in selected:
        violations.extend(run_rule(r, ctx))
    keep = [v for v in violations if SEVERITY_RANK[v.severity] <= SEVERITY_RANK[min_severity]]
    keep.sort(key=lambda v: (SEVERITY_RANK[v.severity], v.rule))
    severities = tuple(s for s in Severity if SEVERITY_RANK[s] <= SEVERITY_RANK[min_severity])
    b = ctx.budget
    wall, liquid = round(b.wall_w, 1), round(ctx.heat.heat_to_liquid_w, 1)  # keys and rounding as the JSON spec's
    summary = {"dc_load_w": round(b.load_w, 1), "wall_peak_w": wall, "psu_usable_w": b.usable_w,
               "heat_btu_per_hr": round(b.heat_btu_hr), "airflow_cfm": round(ctx.heat.airflow_cfm),
               "heat_to_liquid_w": liquid, "heat_to_air_w": round(wall - liquid, 1),
               "cooling_capacity_w": b.cooling_capacity_w, "published_max_power_w": b.published_max_w,
               "published_gap": None if b.published_gap is None else round(b.published_gap, 4)}
    return Report(tuple(r.id for r in selected), severities, tuple(keep), summary)
