"""Time the design rule check per reference design, by template id (the gb200-nvl72 row is the 72-GPU rack).

Three figures per design: the check of a new revision with new wiring (the links in a new list: the topology,
the power budget and every rule computed afresh, as after adding or deleting a link), of a new revision that
keeps the wiring (a fresh design object sharing the links and settings, as after a label, waiver or metadata
edit: the topology and the per-wiring findings are reused, the power budget and the other rules run again),
and a repeat check of the same revision (everything memoised, as the canvas, panels and exports share it).
The last lines compare the 72-GPU rack with the median 8-GPU reference design: in wall time, and for the new-wiring
check in CPU time of the thread, which leaves out the waits for a core that other processes cause (on a shared
2-core machine they stretch a 20 ms check far more than a 3 ms one).

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

CPU: dict[str, list[float]] = {}  # CPU time of the thread per new-wiring check (other processes' load left out)


def _timed(design, catalog, cpu: list[float] | None = None) -> float:
    t0, c0 = time.perf_counter(), time.thread_time()
    check(design, catalog)
    if cpu is not None:
        cpu.append((time.thread_time() - c0) * 1000)
    return (time.perf_counter() - t0) * 1000


def time_check(design, catalog, repeat: int, name: str = "") -> tuple[float, float, float]:
    """Median ms of a check on a new revision with new wiring, on one that keeps the wiring, and a repeat."""
    check(design, catalog)  # warm-up (imports, rule registration)
    rewired, kept, again = [], [], []
    cpu = CPU.setdefault(name, [])
    for _ in range(repeat):
        rewired.append(_timed(design.model_copy(update={"links": list(design.links)}), catalog, cpu))
        revision = design.model_copy()  # a new object sharing the links and settings: a label edit
        kept.append(_timed(revision, catalog))
        again.append(_timed(revision, catalog))
    return statistics.median(rewired), statistics.median(kept), statistics.median(again)


def main() -> None:
    catalog = shipped_catalog()
    print(f"{'design':<24}{'GPUs':>6}{'links':>7}{'new wiring ms':>15}{'same wiring ms':>16}{'repeat ms':>11}")
    rows = [(tid, build_template(tid, catalog)) for tid in TEMPLATES]
    rows.append(("nvl72-like (synthetic)", nvl72_like(catalog)))
    eight: list[tuple[float, float]] = []
    names_8: set[str] = set()
    rack = (0.0, 0.0)
    for name, design in rows:
        rewired, kept, again = time_check(design, catalog, 20, name)
        gpus = sum(1 for c in design.components if c.part in {p.id for p in catalog.of_kind("gpu")})
        print(f"{name:<24}{gpus:>6}{len(design.links):>7}{rewired:>15.2f}{kept:>16.2f}{again:>11.2f}")
        if gpus == 8:
            eight.append((rewired, kept))
            names_8.add(name)
        if name == "gb200-nvl72":
            rack = (rewired, kept)
    for i, what in enumerate(("new wiring", "same wiring")):
        node = statistics.median(e[i] for e in eight)
        print(f"gb200-nvl72 / median 8-GPU design, {what}: {rack[i]:.2f} / {node:.2f} ms = {rack[i] / node:.1f}x")
    rack_cpu = statistics.median(CPU["gb200-nvl72"])
    node_cpu = statistics.median(statistics.median(CPU[n]) for n in names_8)
    print(f"CPU time of the thread (other load on the machine left out), new wiring, median: gb200-nvl72 / median "
          f"8-GPU design {rack_cpu:.2f} / {node_cpu:.2f} ms = {rack_cpu / node_cpu:.1f}x")


if __name__ == "__main__":
    main()
