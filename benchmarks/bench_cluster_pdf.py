"""Issue 22 item 9: the cluster sheet of a 64-SU plan (2,047 DGX H100 + the UFM position, 16,376 GPUs, 563
racks) in process time (user + system CPU of the command, imports included), English and Chinese, against
one node's PDF spec sheet; and, in this process, where the time goes (the sheet's data with its 12 cross-tier
simulations, then Typst).

Run: .venv/bin/python benchmarks/bench_cluster_pdf.py [--repeat N]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench_cluster import median  # same folder: process time of one CLI run in a child process


def in_process(plan: str, repeat: int) -> tuple[float, float]:
    """Median seconds (wall) of the sheet's data and of the Typst render, in this process."""
    from designer.cluster.build import ClusterModel
    from designer.cluster.files import load_plan
    from designer.export.cluster_data import cluster_sheet_data
    from designer.export.engine import render
    from designer.model.catalog import default_catalog

    catalog = default_catalog()
    data_s, render_s = [], []
    for _ in range(repeat):
        model = ClusterModel(load_plan(plan, catalog), catalog)
        t0 = time.perf_counter()
        data = cluster_sheet_data(model)
        t1 = time.perf_counter()
        render("cluster-sheet", data)
        data_s.append(t1 - t0)
        render_s.append(time.perf_counter() - t1)
    return statistics.median(data_s), statistics.median(render_s)


def main() -> None:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3
    with tempfile.TemporaryDirectory() as folder:
        plan, pdf = str(Path(folder) / "pod64.json"), str(Path(folder) / "out.pdf")
        median(["cluster", "new", "--node", "dgx-h100", "--nodes", "2047", "--feed", "415,80,3", "-o", plan,
                "--force"], 1)
        node = median(["export", "dgx-h100", "--pdf", pdf], repeat)
        print(f"one node's spec sheet (export dgx-h100 --pdf): {node:.2f} s process time (median of {repeat})")
        for lang in ("en", "zh-TW"):
            t = median(["cluster", "export", plan, "--pdf", pdf, "--lang", lang], repeat)
            print(f"64-SU cluster sheet, {lang:<5}: {t:.2f} s process time = {t / node:.2f} x the node sheet, "
                  f"{Path(pdf).stat().st_size / 1000:,.0f} kB")
        data_s, render_s = in_process(plan, repeat)
        print(f"in process: sheet data {data_s:.2f} s, Typst render {render_s:.2f} s (wall, median of {repeat})")


if __name__ == "__main__":
    main()
