"""One analysis per design revision, shared by the canvas, the panels, the status bar and the exports.

`Analysis` computes each derived view of a design at most once (topology, rule report, power budget, key
figures, bill of materials); the topology and the budget are also memoised by design identity underneath,
so a rule, a figure and a panel reading the same revision share them. The presentation rules the window
used to hold (which severity marks an item, what the status bar says, which waiver a violation removes)
live here too, Qt-free and tested.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from designer.core.messages import Msg, _m
from designer.document import commands as cmd
from designer.model.budget import PowerBudget, power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.rack_limits import DEFAULT_RACK_LIMITS, RackLimits
from designer.rules import Report, Severity, Violation, check
from designer.rules.engine import waiver_for
from designer.topology.figures import KeyFigures, key_figures
from designer.topology.graph import Topology, build_topology

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

    def status_line(self, bidirectional: bool = False) -> str:
        return status_line(self.figures, self.report, bidirectional)


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


def status_line(k: KeyFigures, report: Report | None, bidirectional: bool = False) -> str:
    device = k.device_word[:-1]
    scaleup = (f"scale-up {k.scaleup_gbytes_s_per_gpu_bidir:,.0f} GB/s per {device} bidirectional" if bidirectional
               else f"scale-up {k.scaleup_gbytes_s_per_gpu_per_dir:,.0f} GB/s per {device} per direction")
    if k.scaleup_gbytes_s_per_gpu_per_dir <= 0:
        scaleup = "no scale-up fabric (PCIe only)"
    parts = [f"{k.gpu_count} {k.device_word}", scaleup,
             f"{k.memory_kind} {k.hbm_total_gb:,.0f} GB",
             f"power {k.dc_load_w / 1000:,.1f} / {k.psu_usable_w / 1000:,.1f} kW usable"]
    if report is not None:
        e, w = report.count(Severity.ERROR), report.count(Severity.WARNING)
        parts.append(f"{e} error{'s' if e != 1 else ''}, {w} warning{'s' if w != 1 else ''}")
    return " | ".join(parts)


def unwaive_command(violation: Violation, design: Design) -> cmd.Command | None:
    """The command that removes the waiver covering `violation` (None when nothing waives it)."""
    waiver = waiver_for(violation, design.waivers)
    return cmd.remove_waiver(waiver) if waiver is not None else None


HEADLINE_SIZE_BYTES = 1 << 30  # the AllReduce size quoted in the headline (large-message busbw)


def headline_figures(design: Design, catalog: Catalog, fail: tuple[str, ...] = ()) -> list[tuple[str, Msg | str]]:
    """The five figures a customer asks for first, for the design with `fail` components out of service
    (what-if): scale-up per GPU, AllReduce busbw, GPU memory, scale-out per GPU, power against PSU capacity."""
    from designer.model.edits import remove_components, remove_links  # noqa: PLC0415
    from designer.simulation import SimConfig, simulate  # noqa: PLC0415
    from designer.topology.whatif import policy_effect  # noqa: PLC0415

    effect = policy_effect(design, catalog, fail)  # the fabric failure policy may take out more than `fail`
    out = set(fail) | set(effect.extra)
    degraded = remove_links(remove_components(design, {c.id for c in design.components if c.id in out}), out)
    k = key_figures(degraded, catalog)
    sim = simulate(design, catalog, SimConfig(collectives=("allreduce",), sizes=(HEADLINE_SIZE_BYTES,), fail=fail))
    busbw = sim.rows[-1].busbw_GBps if sim.rows else 0.0
    return [
        ("Scale-up per GPU", f"{k.scaleup_gbytes_s_per_gpu_per_dir:,.0f} GB/s per direction"),
        ("AllReduce busbw, 1 GiB", _m("none: the NVLink domain is down (failure policy)") if effect.down
         else f"{busbw:,.0f} GB/s"),
        ("GPU memory", f"{k.hbm_total_gb:,.0f} GB on {k.gpu_count} accelerators"),
        ("Scale-out per GPU", f"{k.scaleout_gbit_s_per_gpu:,.0f} Gb/s"),
        ("Power at the wall", f"{k.wall_peak_w / 1000:,.1f} kW of {k.psu_usable_w / 1000:,.1f} kW usable"),
    ]
