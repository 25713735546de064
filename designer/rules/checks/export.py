"""Export-control screening rules (info by default): where each accelerator's TPP and performance density
place it against the ECCN 3A090 thresholds in designer/data/export_control.json, and the 4A090 class of a system
containing it, naming the rule's date."""

from __future__ import annotations

from collections.abc import Iterator

from designer.model.export_control import NOT_LISTED, UNDETERMINED, screen_design, shipped_thresholds
from designer.rules.engine import Finding, RuleContext, Severity, rule


def _density(value: float | None) -> str:
    return "unknown (die area not published)" if value is None else f"{value:.2f}"


@rule("export.eccn_3a090", "Export-control screening (ECCN 3A090)", Severity.INFO)
def eccn_3a090(ctx: RuleContext) -> Iterator[Finding]:
    th = shipped_thresholds()
    gpus_of: dict[str, list[str]] = {}
    for c in ctx.design.components:
        gpus_of.setdefault(c.part, []).append(c.id)
    for s in screen_design(ctx.design, ctx.catalog, th):
        tpp = "unknown" if s.tpp is None else f"{s.tpp:,.0f} ({s.tpp_basis})"
        verdict = {UNDETERMINED: "cannot be placed (a figure is unknown)",
                   NOT_LISTED: "is below the 3A090 thresholds"}.get(
            s.eccn, f"screens as {s.eccn}, a system containing it as {th.system_eccn(s.eccn)}")
        yield Finding(f"{s.count} x {s.name}: TPP {tpp}, performance density {_density(s.performance_density)}: "
                      f"{verdict} under the thresholds of {th.rule.federal_register} ({th.rule.date}); "
                      f"a screening aid, not a classification",
                      tuple(gpus_of.get(s.part, ())),
                      "confirm the ECCN with the manufacturer and check later rules before export")
