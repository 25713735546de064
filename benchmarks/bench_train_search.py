"""`train-search` over a full layout grid (Llama 3 70B on 1,024 DGX H100 GPUs: about 5,000 layouts) against one node's
`info`, as whole processes in CPU time (imports included). Goal (issue 33): at most 3x.

Run: .venv/bin/python benchmarks/bench_train_search.py [--repeat N]
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys

CLI = [sys.executable, "-m", "designer.cli.main"]


def cpu_seconds(argv: list[str]) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run([*CLI, *argv], capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)}: exit {result.returncode}: {result.stderr.strip()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), result.stdout


def main() -> None:
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    base = statistics.median(cpu_seconds(["info", "dgx-h100", "--json"])[0] for _ in range(repeat))
    argv = ["train-search", "llama3-70b", "--node", "dgx-h100", "--gpus", "1024", "--json"]
    runs = [cpu_seconds(argv) for _ in range(repeat)]
    t = statistics.median(r[0] for r in runs)
    evaluated = json.loads(runs[0][1])["evaluated"]
    print(f"one node's info (dgx-h100): {base:.3f} s process time (median of {repeat})")
    print(f"train-search, {evaluated:,} layouts: {t:.3f} s = {t / base:.2f} x node info "
          f"({'within' if t <= 3 * base else 'OVER'} 3x); {(t - base) / evaluated * 1e6:.0f} us per layout beyond it")


if __name__ == "__main__":
    main()
