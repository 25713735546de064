"""Time compare (2 and 6 designs; the PDF; the --schemes preset), diff, and the as-built check / sketch
on the published pastes.

Run: .venv/bin/python benchmarks/bench_compare.py
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

from designer.asbuilt import check_asbuilt, read_topo_file, sketch_design
from designer.compare import comparison, design_diff
from designer.compare.document import comparison_pdf_bytes
from designer.compare.presets import scheme_preset
from designer.model.catalog import shipped_catalog
from designer.templates import build_template

TOPO = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "topo"


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm-up
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def main() -> None:
    catalog = shipped_catalog()
    six = ["dgx-h100", "dgx-a100", "dgx-b200", "amd-mi300x", "rtx-pcie-8", "gh200-quad"]
    designs = [(t, build_template(t, catalog)) for t in six]
    print(f"compare, 2 designs: {median_ms(lambda: comparison(designs[:2], catalog), 5):8.1f} ms (median of 5)")
    print(f"compare, 6 designs: {median_ms(lambda: comparison(designs, catalog), 5):8.1f} ms (median of 5)")
    for n in (2, 6):
        data = comparison(designs[:n], catalog)
        print(f"compare PDF (document engine), {n} designs: "
              f"{median_ms(lambda d=data: comparison_pdf_bytes(d), 5):8.1f} ms (median of 5, data ready)")
    print(f"scheme preset (--schemes): {median_ms(lambda: scheme_preset(catalog), 3):8.1f} ms (median of 3)")
    old, new = designs[0][1], build_template("dgx-h200", catalog)
    print(f"diff dgx-h100 -> dgx-h200: {median_ms(lambda: design_diff(old, new, catalog), 5):8.1f} ms (median of 5)")
    for path in sorted(TOPO.glob("*.txt")):
        paste = read_topo_file(path)
        sketch = sketch_design(paste, catalog, path.name)
        ms_sketch = median_ms(lambda p=paste, n=path.name: sketch_design(p, catalog, n), 5)
        ms_check = median_ms(lambda s=sketch, p=paste: check_asbuilt(s, catalog, p), 5)
        print(f"{path.name:<40} sketch {ms_sketch:7.1f} ms   asbuilt {ms_check:7.1f} ms")


if __name__ == "__main__":
    main()
