"""Time the exports: the PDF spec sheet (cold: the first export in a fresh process; warm: a later export, as in the
app), the 16:9 slide and the JSON spec; and whole CLI processes, `info` against `export --pdf` (the ratio, which
issue 24 wants within 2.5x for the GB200 NVL72 rack, and the export's peak memory).

Run: .venv/bin/python benchmarks/bench_exports.py [TEMPLATE ...]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from tempfile import TemporaryDirectory

from designer.export.files import slide_bytes
from designer.export.pdf import spec_sheet_pdf
from designer.export.spec import build_spec, spec_json
from designer.model.catalog import shipped_catalog
from designer.templates import build_template

CLI = [sys.executable, "-m", "designer.cli.main"]


def warm(fn, repeat: int = 7) -> tuple[float, float]:
    fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples), max(samples)


def cold_cli(args: list[str], repeat: int = 3) -> tuple[float, float]:
    """Median wall time of a whole CLI process (interpreter start and imports included), ms; its peak memory, MB."""
    samples, peaks = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.Popen(CLI + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        samples.append((time.perf_counter() - t0) * 1000)
        if status:
            raise SystemExit(f"{' '.join(args)} failed")
        peaks.append(usage.ru_maxrss / 1024)  # kB on Linux
    return statistics.median(samples), max(peaks)


COLD = """
import sys, time
from designer.cli.main import main
t0 = time.perf_counter()
main(["export", sys.argv[1], "--pdf", sys.argv[2]])
print((time.perf_counter() - t0) * 1000)
"""


def cold_export(template: str, target: Path, repeat: int = 3) -> float:
    """Median time of the first PDF export in a fresh process, after the CLI is imported (export modules, fonts,
    the Typst compiler's first run and the file write included), ms."""
    runs = [float(subprocess.run([sys.executable, "-c", COLD, template, str(target)], check=True, capture_output=True,
                                 text=True).stdout.split()[-1]) for _ in range(repeat)]
    return statistics.median(runs)


def main(templates: list[str]) -> None:
    catalog = shipped_catalog()
    print(f"{'design':<20}{'pdf cold ms':>12}{'pdf warm ms':>12}{'slide png ms':>13}{'json ms':>9}{'cli info ms':>12}"
          f"{'cli pdf ms':>11}{'pdf/info':>9}{'pdf MB':>8}{'pdf+json ms':>12}")
    with TemporaryDirectory() as tmp:
        for template in templates:
            design = build_template(template, catalog)
            pdf, _ = warm(lambda d=design: spec_sheet_pdf(d, catalog))
            slide, _ = warm(lambda d=design: slide_bytes(d, catalog, "png"), 3)
            js, _ = warm(lambda d=design: spec_json(build_spec(d, catalog, 8)))
            info, _ = cold_cli(["info", template])
            cli_pdf, peak = cold_cli(["export", template, "--pdf", str(Path(tmp) / "s.pdf")])
            both, _ = cold_cli(["export", template, "--pdf", str(Path(tmp) / "s.pdf"),
                                "--json", str(Path(tmp) / "s.json")])
            cold = cold_export(template, Path(tmp) / "c.pdf")
            print(f"{template:<20}{cold:>12.0f}{pdf:>12.0f}{slide:>13.0f}{js:>9.0f}{info:>12.0f}{cli_pdf:>11.0f}"
                  f"{cli_pdf / info:>8.1f}x{peak:>8.0f}{both:>12.0f}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["dgx-h100", "amd-mi300x", "huawei-atlas-910b", "rtx-pcie-8", "gb200-nvl72"])
