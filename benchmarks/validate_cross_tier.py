"""The cross-tier model against public multi-rack and 1k+ GPU measurements: cluster plans made with the defaults
(`cluster new --node X --gpus N`), a job of the measured size placed on them (designer.cluster.perf.simulate_job),
model busbw against measured, error, source.

Run: .venv/bin/python benchmarks/validate_cross_tier.py [--markdown]

No constant was fitted to these points: every row is held out. The measured clusters' own fabrics are not
published (CoreWeave does not state its GB200 InfiniBand tiers; the H200 cluster's issue states 8 HCAs per node and
nothing else), so each row runs on the plan the tool makes for that node and GPU count by default, which is what a
user gets. busbw in GB/s (nccl-tests, out-of-place), sizes in bytes (M/G = 2^20/2^30).
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass
from functools import cache

from designer.cluster.build import ClusterModel
from designer.cluster.perf import simulate_job
from designer.cluster.plan import ClusterPlan
from designer.model.catalog import shipped_catalog
from designer.simulation.model import SimConfig

M, G = 1 << 20, 1 << 30
COREWEAVE = ("CoreWeave, coreweave/nccl-tests README.md 'Expected Performance > GB200' at bee97e7 (NCCL 2.26.2, "
             "all_reduce_perf, default algorithm, 4 GPUs per tray, InfiniBand between racks; out-of-place busbw), "
             "https://github.com/coreweave/nccl-tests")
H200_1984 = ("NVIDIA/nccl-tests#283 (248 servers x 8 H200, 8 HCAs each, default algorithm, 512 MB: 'typically "
             "measuring around 350G'), https://github.com/NVIDIA/nccl-tests/issues/283")


@dataclass(frozen=True)
class Point:
    node: str  # the template the plan is made of
    gpus: int  # the job, and the plan's size
    size: int
    measured: float
    source: str
    note: str = ""


POINTS = (
    *(Point("gb200-nvl72", 144, size, busbw, COREWEAVE, "2 racks")
      for size, busbw in ((512 * M, 493.94), (1 * G, 596.10), (2 * G, 680.30), (4 * G, 743.09), (8 * G, 793.06),
                          (16 * G, 810.41))),
    *(Point("gb200-nvl72", 1440, size, busbw, COREWEAVE, "20 racks")
      for size, busbw in ((512 * M, 150.95), (1 * G, 218.85), (2 * G, 286.52), (4 * G, 346.38), (8 * G, 381.48),
                          (16 * G, 405.74))),
    Point("dgx-h200", 1984, 512 * M, 350.0, H200_1984, "248 nodes"),
)


@cache
def _model(node: str, gpus: int) -> ClusterModel:
    catalog = shipped_catalog()
    return ClusterModel(ClusterPlan.model_validate({"node": {"template": node}, "gpus": gpus}), catalog)


def model_value(point: Point) -> tuple[float, str]:
    result, _ = simulate_job(_model(point.node, point.gpus), point.gpus,
                             SimConfig(collectives=("allreduce",), sizes=(point.size,)))
    row = result.rows[0]
    return row.busbw_GBps, row.algorithm


def _size(n: int) -> str:
    return f"{n // G}G" if n >= G else f"{n // M}M"


def rows() -> list[tuple[Point, float, str, float]]:
    out = []
    for p in POINTS:
        model, algorithm = model_value(p)
        out.append((p, model, algorithm, (model - p.measured) / p.measured))
    return out


def main() -> None:
    md = "--markdown" in sys.argv
    table = rows()
    head = ("node", "GPUs", "what", "size", "measured", "model", "model's algorithm", "error", "source")
    if md:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
    for p, model, algorithm, err in table:
        cells = (p.node, f"{p.gpus:,}", p.note, _size(p.size), f"{p.measured:.1f}", f"{model:.1f}", algorithm,
                 f"{err:+.1%}", p.source)
        print("| " + " | ".join(cells) + " |" if md else "  ".join(cells[:-1]))
    errs = [abs(t[3]) for t in table]
    inside = sum(e <= 0.15 for e in errs)
    print(f"\n{len(errs)} held-out points, median |error| {statistics.median(errs):.1%}, {inside} within 15%")


if __name__ == "__main__":
    main()
