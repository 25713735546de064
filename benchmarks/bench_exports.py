"""Time the exports: the PDF spec sheet (cold, as `gpu-designer-cli export` runs it, and warm, as the app's second
export runs it), the 16:9 slide and the JSON spec, against `info`.

Run: .venv/bin/python benchmarks/bench_exports.py [TEMPLATE ...]
"""

from __future__ import annotations

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


def cold_cli(args: list[str], repeat: int = 3) -> float:
    """Median wall time of a whole CLI process (interpreter start and imports included), ms."""
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(CLI + args, check=True, capture_output=True)
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def main(templates: list[str]) -> None:
    catalog = shipped_catalog()
    print(f"{'design':<20}{'pdf warm ms':>14}{'slide png ms':>14}{'json ms':>10}{'cli info':>10}{'cli pdf':>10}")
    with TemporaryDirectory() as tmp:
        for template in templates:
            design = build_template(template, catalog)
            pdf, _ = warm(lambda d=design: spec_sheet_pdf(d, catalog))
            slide, _ = warm(lambda d=design: slide_bytes(d, catalog, "png"), 3)
            js, _ = warm(lambda d=design: spec_json(build_spec(d, catalog, 8)))
            info = cold_cli(["info", template])
            cli_pdf = cold_cli(["export", template, "--pdf", str(Path(tmp) / "s.pdf")])
            print(f"{template:<20}{pdf:>14.0f}{slide:>14.0f}{js:>10.0f}{info:>10.0f}{cli_pdf:>10.0f}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["dgx-h100", "amd-mi300x", "huawei-atlas-910b", "rtx-pcie-8"])
