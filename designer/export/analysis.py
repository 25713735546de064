"""One analysis per export: the JSON spec and every simulation the documents need, computed once and shared by the
PDF spec sheet, the JSON spec and the slide (`designer.export.files.export` makes one for all the files asked).

The simulations share one fabric analysis (`designer.simulation.Simulator`): the size sweep of the busbw chart
also gives the latency class (its 8-byte AllReduce), and the node-count sweep asks for both collectives at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property

from designer.analysis import headline_figures
from designer.core.figures import Headline
from designer.export.names import SCALING_NODES
from designer.export.spec import PERF_COLLECTIVES, SpecDocument, build_spec
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.rack_limits import DEFAULT_RACK_LIMITS, RackLimits
from designer.simulation import SimConfig, SimResult, SimRow, Simulator
from designer.simulation.calibration import NO_CALIBRATION, Calibration

SCALING_COLLECTIVES = ("allreduce", "alltoall")
SCALING_SIZE = 1 << 30
LATENCY_SIZE = 8


@dataclass(eq=False)
class ExportAnalysis:
    design: Design
    catalog: Catalog
    nodes: int = 8
    calibration: Calibration = NO_CALIBRATION
    now: datetime = field(default_factory=lambda: datetime.now(UTC))
    site: RackLimits = DEFAULT_RACK_LIMITS  # the site's rack limits (the app's Preferences), as its own check has

    @cached_property
    def simulator(self) -> Simulator:
        return Simulator(self.design, self.catalog, self.calibration)

    def simulate(self, **config: object) -> SimResult:
        return self.simulator(SimConfig(calibration=self.calibration, **config))  # type: ignore[arg-type]

    @cached_property
    def spec(self) -> SpecDocument:
        return build_spec(self.design, self.catalog, self.nodes, self.now, self.calibration, self.simulator, self.site)

    @cached_property
    def headlines(self) -> list[Headline]:
        """The five headline figures (designer.core.figures), busbw from this export's calibration."""
        return headline_figures(self.design, self.catalog, calibration=self.calibration, simulator=self.simulator)

    @cached_property
    def sweep(self) -> SimResult:
        """Every size from 8 bytes to 16 GiB on one node, the collectives of the busbw chart."""
        return self.simulate(collectives=PERF_COLLECTIVES)

    @property
    def latency(self) -> SimRow:
        """The 8-byte AllReduce on one node (the sheet's latency class)."""
        row = next((r for r in self.sweep.for_collective("allreduce") if r.size_bytes == LATENCY_SIZE), None)
        return row or self.simulate(collectives=("allreduce",), sizes=(LATENCY_SIZE,)).rows[0]

    @cached_property
    def scaling(self) -> dict[str, list[float]]:
        """busbw (GB/s) of a 1 GiB AllReduce and AllToAll at each of SCALING_NODES."""
        runs = [self.simulate(collectives=SCALING_COLLECTIVES, nodes=k, sizes=(SCALING_SIZE,)) for k in SCALING_NODES]
        return {c: [run.for_collective(c)[0].busbw_GBps for run in runs] for c in SCALING_COLLECTIVES}
