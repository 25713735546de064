"""Measured against predicted, and the least-squares fit of a calibration profile to measured runs.

The fit adjusts physical parameters only: the efficiency of the scale-up link kind that limits the
design's ring, the NVLS efficiency of its NVLink generation (when it has in-switch reduction), the
network efficiency of its network kind (when a run spans nodes) and one scale on every latency. It
minimises a robust (Cauchy) loss of the log ratio of predicted to measured time over every row of every
run: scipy.optimize.least_squares (trust-region reflective, bounded: parameters in log space, efficiencies
capped at 1; loss="cauchy" with f_scale ROBUST_SCALE, the same weights the earlier hand-written
iteratively reweighted Levenberg-Marquardt used, now in the solver itself).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from designer.core.errors import DesignerError
from designer.model.catalog import Catalog
from designer.model.design import Design, LinkKind
from designer.simulation.calibration import NO_CALIBRATION, Calibration, FitSummary
from designer.simulation.collectives import BUS_FACTOR
from designer.simulation.constants import LINK_EFFICIENCY, NVLS_EFFICIENCY
from designer.simulation.fabric import NodeFabric
from designer.simulation.measured import MeasuredRun
from designer.simulation.model import _best
from designer.topology.graph import build_topology

# Robust fit: residuals are log time ratios; a point ROBUST_SCALE (5 %) off weighs half as much as a point
# on the curve (Cauchy loss), so a size range where the model's shape is wrong (the misses listed in
# docs/user-guide/performance.md) does not drag the physical parameters away from the sizes the model does capture.
ROBUST_SCALE = 0.05


@dataclass(frozen=True)
class Compared:
    size_bytes: int
    measured_busbw_GBps: float
    predicted_busbw_GBps: float
    measured_time_us: float
    predicted_time_us: float
    algorithm: str

    @property
    def error(self) -> float:
        """Predicted relative to measured busbw (+0.05: the model is 5 % faster), from the times (the
        printed busbw of small sizes is rounded to 0.00)."""
        return self.measured_time_us / self.predicted_time_us - 1

def placement(run: MeasuredRun, fab: NodeFabric) -> tuple[NodeFabric, int]:
    """The fabric a run's ranks use and its node count: ranks fill nodes of the design's size."""
    n = fab.n
    if run.ranks < 2:
        raise DesignerError(f"{run.source}: {run.ranks} rank; nothing to compare")
    if run.ranks <= n:
        return fab.subset(run.ranks), 1
    if run.ranks % n:
        raise DesignerError(f"{run.source}: {run.ranks} ranks do not fill nodes of {n} GPUs (the design's node)")
    return fab, run.ranks // n

def compare(run: MeasuredRun, fab: NodeFabric, algorithm: str = "auto") -> list[Compared]:
    sub, nodes = placement(run, fab)
    factor = BUS_FACTOR[run.collective](run.ranks)
    out = []
    for row in run.rows:
        algo, proto, _, t = _best(run.collective, sub, nodes, row.size_bytes, algorithm)
        busbw = row.size_bytes / (t * 1e-6) / 1e9 * factor
        out.append(Compared(row.size_bytes, row.busbw_GBps, busbw, row.time_us, t, f"{algo}/{proto}"))
    return out

@dataclass(frozen=True)
class Parameter:
    group: str  # link_efficiency | nvls_efficiency | network_efficiency | latency_scale
    key: str
    start: float
    cap: float

def parameters(fab: NodeFabric, runs: list[MeasuredRun]) -> list[Parameter]:
    out = []
    neck = fab.ring.bottleneck
    if neck is not None and neck.kind in {k.value for k in LinkKind}:
        kind = LinkKind(neck.kind)
        out.append(Parameter("link_efficiency", kind.value, LINK_EFFICIENCY[kind], 1.0))
    if fab.nvls is not None and fab.fabric in NVLS_EFFICIENCY:
        out.append(Parameter("nvls_efficiency", fab.fabric.value, NVLS_EFFICIENCY[fab.fabric], 1.0))
    if any(run.ranks > fab.n for run in runs):
        out.append(Parameter("network_efficiency", fab.net.kind.value, fab.net.efficiency, 1.0))
    out.append(Parameter("latency_scale", "", 1.0, 20.0))
    return out

def profile(params: list[Parameter], values: list[float], **extra: object) -> Calibration:
    data: dict[str, dict[str, float]] = {"link_efficiency": {}, "nvls_efficiency": {}, "network_efficiency": {}}
    scale = 1.0
    for p, v in zip(params, values, strict=True):
        if p.group == "latency_scale":
            scale = v
        else:
            data[p.group][p.key] = v
    return Calibration.model_validate({**data, "latency_scale": scale, **extra})

def _median_abs(values: list[float]) -> float:
    """The band of later predictions: the median |error| after the fit (as MODEL_SPREAD is for the
    shipped model)."""
    ordered = sorted(abs(v) for v in values)
    return ordered[len(ordered) // 2] if ordered else 0.0


def _rms(values: list[float]) -> float:
    return math.sqrt(sum(v * v for v in values) / len(values)) if values else 0.0

@dataclass(frozen=True)
class FitResult:
    calibration: Calibration
    parameters: tuple[Parameter, ...]
    before: tuple[tuple[MeasuredRun, list[Compared]], ...]
    after: tuple[tuple[MeasuredRun, list[Compared]], ...]

def fit(design: Design, catalog: Catalog, runs: list[MeasuredRun], algorithm: str = "auto") -> FitResult:
    topo = build_topology(design, catalog)
    base = NodeFabric(topo)
    params = parameters(base, runs)

    def compared(cal: Calibration) -> list[tuple[MeasuredRun, list[Compared]]]:
        fab = NodeFabric(topo, cal)
        return [(run, compare(run, fab, algorithm)) for run in runs]

    def residuals(x: list[float]) -> list[float]:
        cal = profile(params, [math.exp(v) for v in x])
        return [math.log(c.predicted_time_us / c.measured_time_us) for _, cs in compared(cal) for c in cs]

    values = [math.exp(v) for v in _least_squares(residuals, [math.log(p.start) for p in params],
                                                  [math.log(p.cap) for p in params])]
    before = compared(NO_CALIBRATION)
    after = compared(profile(params, values))
    rel_before = [c.error for _, cs in before for c in cs]
    rel_after = [c.error for _, cs in after for c in cs]
    summary = FitSummary(design=design.meta.name, logs=sorted({r.source for r in runs}), points=len(rel_after),
                         rms_before=_rms(rel_before), rms_after=_rms(rel_after),
                         median_before=_median_abs(rel_before), median_after=_median_abs(rel_after))
    cal = profile(params, values, spread=min(1.0, _median_abs(rel_after)), fit=summary)
    return FitResult(cal, tuple(params), tuple(before), tuple(after))

def _least_squares(f: Callable[[list[float]], list[float]], x0: list[float], caps: list[float]) -> list[float]:
    from scipy.optimize import least_squares  # noqa: PLC0415 (only `calibrate` needs scipy: keep it off start-up)

    upper = [c + 1e-12 for c in caps]  # the start may sit on its cap (an efficiency of 1)
    start = [min(v, c) for v, c in zip(x0, caps, strict=True)]
    result = least_squares(lambda v: f([float(t) for t in v]), start, bounds=(-math.inf, upper), loss="cauchy",
                           f_scale=ROBUST_SCALE, method="trf", x_scale=1.0, diff_step=1e-4)
    return [min(float(v), c) for v, c in zip(result.x, caps, strict=True)]
