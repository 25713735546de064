"""A 16,384-GPU plan with the defaults (64 SU of DGX H100 in three tiers, the RA's four fabrics, racks and feeds)
built, checked and summarised, each against one node's `info`, in process time (user + system CPU of the
command's process, imports included). Goal (issue 32 item 9): each at most 2x.

Run: .venv/bin/python benchmarks/bench_cluster.py [--repeat N]
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CLI = [sys.executable, "-m", "designer.cli.main"]


def cpu_seconds(argv: list[str]) -> float:
    """User + system CPU seconds of one run of the CLI in a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run([*CLI, *argv], capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)}: exit {result.returncode}: {result.stderr.strip()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median(argv: list[str], repeat: int) -> float:
    return statistics.median(cpu_seconds(argv) for _ in range(repeat))


def main() -> None:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    with tempfile.TemporaryDirectory() as folder:
        plan = str(Path(folder) / "pod64.json")
        base = median(["info", "dgx-h100", "--json"], repeat)
        runs = {
            "build (cluster new)": ["cluster", "new", "--node", "dgx-h100", "--gpus", "16384", "-o", plan, "--force"],
            "check (cluster validate)": ["cluster", "validate", plan, "--json"],
            "summarise (cluster info)": ["cluster", "info", plan, "--json"],
        }
        print(f"one node's info (dgx-h100): {base:.3f} s process time (median of {repeat})")
        for label, argv in runs.items():
            t = median(argv, repeat)
            verdict = "within" if t <= 2 * base else "OVER"
            print(f"{label:<26} {t:.3f} s = {t / base:.2f} x node info ({verdict} 2x)")
        os.remove(plan)


if __name__ == "__main__":
    main()
