"""One analysis per design revision, shared by the canvas, the panels, the status bar and the exports.

`Analysis` computes each derived view of a design at most once (topology, rule report, power budget, key
figures, bill of materials); the topology and the budget are also memoised by design identity underneath,
so a rule, a figure and a panel reading the same revision share them. The presentation rules the window
used to hold (which severity marks an item, what the status bar says, which waiver a violation removes)
live here too, Qt-free and tested.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from designer.core.figures import BUSBW_KEY, HEADLINE_SIZE_BYTES, Headline, headlines
from designer.core.locale import render
from designer.core.messages import Msg, Number, _m
from designer.document import commands as cmd
from designer.model.budget import PowerBudget, power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.rack_limits import DEFAULT_RACK_LIMITS, RackLimits
from designer.rules import Report, Severity, Violation, check
from designer.rules.engine import waiver_for
from designer.simulation import SimConfig, SimResult
from designer.simulation.calibration import NO_CALIBRATION, Calibration
from designer.topology.figures import KeyFigures, key_figures
from designer.topology.graph import Topology, build_topology

Run = Callable[[SimConfig], SimResult]
MARK_RANK = {Severity.ERROR: 0, Severity.WARNING: 1}


@dataclass(eq=False)
class Analysis:
    design: Design
    catalog: Catalog
    revision: int = 0
    site: RackLimits = DEFAULT_RACK_LIMITS  # the site's rack limits (Preferences)

    @cached_property
    def topology(self) -> Topology:
        return build_topology(self.design, self.catalog)

    @cached_property
    def budget(self) -> PowerBudget:
        return power_budget(self.design, self.catalog)

    @cached_property
    def report(self) -> Report:
        self.topology  # noqa: B018 (build it once here; the rule check then reuses it)
        return check(self.design, self.catalog, site=self.site)

    @cached_property
    def figures(self) -> KeyFigures:
        return key_figures(self.design, self.catalog, self.topology)

    @cached_property
    def markers(self) -> dict[str, str]:
        return markers(self.report)

    def status_line(self, bidirectional: bool = False, lang: str = "en") -> str:
        return status_line(self.figures, self.report, bidirectional, lang)


def markers(report: Report) -> dict[str, str]:
    """The canvas marks what needs attention: per id, the worst active error or warning (infos stay listed)."""
    out: dict[str, Severity] = {}
    for v in report.active:
        if v.severity not in MARK_RANK:
            continue
        for ident in v.ids:
            if ident not in out or MARK_RANK[v.severity] < MARK_RANK[out[ident]]:
                out[ident] = v.severity
    return {ident: sev.value for ident, sev in out.items()}


def status_parts(k: KeyFigures, report: Report | None, bidirectional: bool = False) -> list[Msg]:
    """The status bar's pieces as messages: devices, scale-up per device, memory, power, rule counts."""
    gpus, one = k.device_word == "GPUs", k.gpu_count == 1  # "1 GPU", not "1 GPUs"
    devices = (_m("{n} GPU", n=k.gpu_count) if one else _m("{n} GPUs", n=k.gpu_count)) if gpus else \
        (_m("{n} accelerator", n=k.gpu_count) if one else _m("{n} accelerators", n=k.gpu_count))
    parts = [devices, _scaleup(k, bidirectional), _m("{kind} {gb} GB", kind=k.memory_kind, gb=Number(k.hbm_total_gb)),
             _m("power {load} / {usable} kW usable", load=Number(k.dc_load_w / 1000, 1),
                usable=Number(k.psu_usable_w / 1000, 1))]
    if report is not None:
        e, w = report.count(Severity.ERROR), report.count(Severity.WARNING)
        parts.append(_m("{errors}, {warnings}", errors=_m("{n} error", n=e) if e == 1 else _m("{n} errors", n=e),
                        warnings=_m("{n} warning", n=w) if w == 1 else _m("{n} warnings", n=w)))
    return parts


def _scaleup(k: KeyFigures, bidirectional: bool) -> Msg:
    if k.scaleup_gbytes_s_per_gpu_per_dir <= 0:
        return _m("no scale-up fabric (PCIe only)")
    per_dir, bidir = Number(k.scaleup_gbytes_s_per_gpu_per_dir), Number(k.scaleup_gbytes_s_per_gpu_bidir)
    if k.device_word == "GPUs":
        return (_m("scale-up {bw} GB/s per GPU bidirectional", bw=bidir) if bidirectional
                else _m("scale-up {bw} GB/s per GPU per direction", bw=per_dir))
    return (_m("scale-up {bw} GB/s per accelerator bidirectional", bw=bidir) if bidirectional
            else _m("scale-up {bw} GB/s per accelerator per direction", bw=per_dir))


def status_line(k: KeyFigures, report: Report | None, bidirectional: bool = False, lang: str = "en") -> str:
    return " | ".join(render(part, lang) for part in status_parts(k, report, bidirectional))


def unwaive_command(violation: Violation, design: Design) -> cmd.Command | None:
    """The command that removes the waiver covering `violation` (None when nothing waives it)."""
    waiver = waiver_for(violation, design.waivers)
    return cmd.remove_waiver(waiver) if waiver is not None else None


def headline_values(design: Design, catalog: Catalog, fail: tuple[str, ...] = (),
                    calibration: Calibration = NO_CALIBRATION, simulator: Run | None = None) -> dict[str, Any]:
    """The figures the headline table (designer.core.figures) reads, for the design with `fail` components out of
    service (what-if): the key figures by the JSON spec's names and the modelled busbw of a 1 GiB AllReduce
    (None where the fabric failure policy takes the NVLink domain down). `simulator`: the caller's, to share its
    fabric analysis (designer.simulation.Simulator)."""
    from designer.model.edits import remove_components, remove_links  # noqa: PLC0415
    from designer.simulation import simulate  # noqa: PLC0415
    from designer.topology.whatif import policy_effect  # noqa: PLC0415

    effect = policy_effect(design, catalog, fail)  # the fabric failure policy may take out more than `fail`
    out = set(fail) | set(effect.extra)
    degraded = remove_links(remove_components(design, {c.id for c in design.components if c.id in out}), out)
    config = SimConfig(collectives=("allreduce",), sizes=(HEADLINE_SIZE_BYTES,), fail=fail, calibration=calibration)
    sim = simulator(config) if simulator is not None else simulate(design, catalog, config)
    busbw = None if effect.down else (sim.rows[-1].busbw_GBps if sim.rows else 0.0)
    budget = power_budget(degraded, catalog)  # the PSUs by the JSON spec's power keys, as the sheet's cards read them
    psus = {"psu_count": budget.psu_count, "psu_unit_output_w": budget.psu_unit_w,
            "psu_redundancy": budget.redundancy.value}
    return key_figures(degraded, catalog).as_dict() | psus | {BUSBW_KEY: busbw}


def headline_figures(design: Design, catalog: Catalog, fail: tuple[str, ...] = (),
                     calibration: Calibration = NO_CALIBRATION, simulator: Run | None = None) -> list[Headline]:
    """The five figures a customer asks for first (designer.core.figures), for the design with `fail` components
    out of service: scale-up per GPU, AllReduce busbw, GPU memory, scale-out per GPU, power against PSU capacity."""
    return headlines(headline_values(design, catalog, fail, calibration, simulator))
