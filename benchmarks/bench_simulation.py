"""Time a full collective sweep (all collectives, 8 B-16 GB doubling) on 1, 2 and 128 nodes of 8 GPUs.

Run: .venv/bin/python benchmarks/bench_simulation.py
"""

from __future__ import annotations

import statistics
import time

from designer.model.catalog import shipped_catalog
from designer.simulation import SimConfig, simulate
from designer.templates import build_template


def timed(design, catalog, config: SimConfig, repeat: int = 10) -> tuple[float, int]:
    samples, rows = [], 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        rows = len(simulate(design, catalog, config).rows)
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples), rows


def main() -> None:
    catalog = shipped_catalog()
    print(f"{'design':<22}{'nodes':>6}{'GPUs':>7}{'rows':>6}{'median ms':>11}   goal")
    for tid in ("dgx-h100", "dgx-b200", "amd-mi300x", "supermicro-pcie-l40s"):
        design = build_template(tid, catalog)
        for nodes, goal in ((1, "< 50 ms"), (2, "< 50 ms"), (128, "< 50 ms")):
            ms, rows = timed(design, catalog, SimConfig(nodes=nodes))
            print(f"{tid:<22}{nodes:>6}{8 * nodes:>7}{rows:>6}{ms:>11.2f}   {goal}")


if __name__ == "__main__":
    main()
