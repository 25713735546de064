"""Time the design rule check per reference design and on a 72-GPU rack-scale domain.

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
    check(design, catalog)  # warm-up (imports, rule registration)
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        check(design, catalog)
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples), max(samples)


def main() -> None:
    catalog = shipped_catalog()
    print(f"{'design':<24}{'GPUs':>6}{'links':>7}{'median ms':>12}{'max ms':>10}")
    for tid in TEMPLATES:
        design = build_template(tid, catalog)
        med, worst = time_check(design, catalog, 30)
        gpus = sum(1 for c in design.components if c.part in {p.id for p in catalog.of_kind("gpu")})
        print(f"{tid:<24}{gpus:>6}{len(design.links):>7}{med:>12.2f}{worst:>10.2f}")
    big = nvl72_like(catalog)
    med, worst = time_check(big, catalog, 5)
    print(f"{'nvl72-like (synthetic)':<24}{72:>6}{len(big.links):>7}{med:>12.2f}{worst:>10.2f}")


if __name__ == "__main__":
    main()
