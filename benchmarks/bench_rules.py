"""Time the design rule check per reference design, by template id (the gb200-nvl72 row is the 72-GPU rack).

Two figures per design: the check of a new revision (what the live check after an edit costs: the topology,
the power budget and every rule computed afresh for a new design object) and a repeat check of the same
revision (the topology and its derived results memoised, as the canvas, panels and exports share them).

Run: .venv/bin/python benchmarks/bench_rules.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scale_designs import nvl72_like  # noqa: E402

from designer.model.catalog import shipped_catalog  # noqa: E402
from designer.rules import check  # noqa: E402
from designer.templates import TEMPLATES, build_template  # noqa: E402


def time_check(design, catalog, repeat: int) -> tuple[float, float]:
    """Median ms of a check on a new revision (a copy: nothing memoised) and of a repeat check."""
    check(design, catalog)  # warm-up (imports, rule registration)
    fresh, again = [], []
    for _ in range(repeat):
        revision = design.model_copy()  # a new object: what an edit gives the live check
        t0 = time.perf_counter()
        check(revision, catalog)
        t1 = time.perf_counter()
        check(revision, catalog)
        fresh.append((t1 - t0) * 1000)
        again.append((time.perf_counter() - t1) * 1000)
    return statistics.median(fresh), statistics.median(again)


def main() -> None:
    catalog = shipped_catalog()
    print(f"{'design':<24}{'GPUs':>6}{'links':>7}{'new rev ms':>12}{'repeat ms':>11}")
    rows = [(tid, build_template(tid, catalog)) for tid in TEMPLATES]
    rows.append(("nvl72-like (synthetic)", nvl72_like(catalog)))
    for name, design in rows:
        fresh, again = time_check(design, catalog, 20)
        gpus = sum(1 for c in design.components if c.part in {p.id for p in catalog.of_kind("gpu")})
        print(f"{name:<24}{gpus:>6}{len(design.links):>7}{fresh:>12.2f}{again:>11.2f}")


if __name__ == "__main__":
    main()
