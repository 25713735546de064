"""Export-control screening rules (info by default): where each accelerator's TPP and performance density
place it against the ECCN 3A090 thresholds in designer/data/export_control.json, and the 4A090 class of a system
containing it, naming the rule's date."""

from __future__ import annotations

from collections.abc import Iterator

from designer.core.messages import Msg, Number, _m
from designer.model.export_control import NOT_LISTED, UNDETERMINED, screen_design, shipped_thresholds
from designer.rules.engine import Finding, RuleContext, Severity, rule


def _density(value: float | None) -> Msg | Number:
    return _m("unknown (die area not published)") if value is None else Number(value, 2)


@rule("export.eccn_3a090", "Export-control screening (ECCN 3A090)", Severity.INFO)
def eccn_3a090(ctx: RuleContext) -> Iterator[Finding]:
    th = shipped_thresholds()
    gpus_of: dict[str, list[str]] = {}
    for c in ctx.design.components:
        gpus_of.setdefault(c.part, []).append(c.id)
    for s in screen_design(ctx.design, ctx.catalog, th):
        tpp = _m("unknown") if s.tpp is None else _m("{tpp} ({basis})", tpp=Number(s.tpp), basis=s.tpp_basis)
        verdict = {UNDETERMINED: _m("cannot be placed (a figure is unknown)"),
                   NOT_LISTED: _m("is below the 3A090 thresholds")}.get(
            s.eccn, _m("screens as {eccn}, a system containing it as {system}", eccn=s.eccn,
                       system=th.system_eccn(s.eccn)))
        yield Finding(_m("{count} x {name}: TPP {tpp}, performance density {density}: {verdict} under the thresholds "
                         "of {rule} ({date}); a screening aid, not a classification", count=s.count, name=s.name,
                         tpp=tpp, density=_density(s.performance_density), verdict=verdict,
                         rule=th.rule.federal_register, date=th.rule.date),
                      tuple(gpus_of.get(s.part, ())),
                      _m("confirm the ECCN with the manufacturer and check later rules before export"))
