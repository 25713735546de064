"""Issue 23 item 7: the sweep's speed and memory.

1. 1,152 designs (4 nodes x 16 sizes x 3 oversubscriptions x 2 network kinds x 3 electricity prices) in one
   process (`--workers 1`), against one node's `info`, in process time (user + system CPU, imports included).
2. 20,000 designs on a local dask.distributed cluster of one worker and of two (one thread each): the sweep's
   wall time after a warm-up sweep, and the speed-up (needs two free cores: run it on a quiet machine).
3. Resident memory growth of one process sweeping 100,000 designs (ru_maxrss before and after).

Run: .venv/bin/python benchmarks/bench_sweep.py [--skip-dask] [--skip-memory]
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLI = [sys.executable, "-m", "designer.cli.main"]
NODES = "dgx-h100,dgx-b200,amd-mi300x,amd-mi355x"
SIZES_16 = "64,128,192,256,384,512,768,1024,1536,2048,3072,4096,6144,8192,12288,16384"
SIZES_25 = SIZES_16 + ",96,160,320,640,1280,2560,5120,10240,14336"


def cpu_seconds(argv: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run([*CLI, *argv], capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {result.returncode}: {result.stderr.strip()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def one_process(folder: Path) -> None:
    info = min(cpu_seconds(["info", "dgx-h100", "--json"]) for _ in range(3))
    argv = ["sweep", "--node", NODES, "--gpus", SIZES_16, "--oversubscription", "1,2,4", "--network", "ib,roce",
            "--electricity-usd-kwh", "0.05,0.1,0.15", "--workers", "1", "-o", str(folder / "s1152.csv")]
    start = time.perf_counter()
    sweep = cpu_seconds(argv)
    wall = time.perf_counter() - start
    rows = sum(1 for _ in (folder / "s1152.csv").open()) - 1
    verdict = "within" if sweep <= 10 * info else "OVER"
    print(f"one node's info: {info:.2f} s process time (best of 3)")
    print(f"sweep of {rows:,} designs, one process: {sweep:.2f} s process time ({wall:.2f} s wall) = "
          f"{sweep / info:.1f} x info ({verdict} 10x); {sweep / rows * 1000:.1f} ms per design")


def dask_speedup(folder: Path) -> None:
    """The sweep's throughput on a local dask.distributed cluster of one and of two workers (one thread each):
    run_sweep timed in this process after a small warm-up sweep on the same cluster (the workers' imports and
    node analyses), so the figure is the sweep's own scaling, not process start-up."""
    from distributed import LocalCluster

    from designer.cost.prices import load_prices
    from designer.model.catalog import default_catalog
    from designer.sweep.evaluate import COLUMNS, SweepContext, evaluate_chunk, objectives, rank
    from designer.sweep.grid import Grid
    from designer.sweep.run import run_sweep

    nodes = tuple(NODES.split(","))
    grid = Grid(node=nodes, gpus=tuple(int(g) for g in SIZES_25.split(",")), oversubscription=(1.0, 1.5, 2.0, 4.0),
                network=("ib", "roce"), electricity_usd_kwh=(0.04, 0.07, 0.1, 0.13, 0.16),
                pue=(1.1, 1.2, 1.3, 1.4, 1.5))
    warm = Grid(node=nodes, gpus=(64,), network=("ib", "roce"))
    ctx = SweepContext(load_prices(known_parts=frozenset(p.id for p in default_catalog())))
    times = {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=50) as cluster:
            args = (evaluate_chunk, ctx)
            run_sweep(warm, *args, folder / "warm.csv", COLUMNS, objectives, rank, scheduler=cluster.scheduler_address)
            start = time.perf_counter()
            run_sweep(grid, *args, folder / f"d{workers}.csv", COLUMNS, objectives, rank,
                      scheduler=cluster.scheduler_address)
            times[workers] = time.perf_counter() - start
    same = (folder / "d1.csv").read_bytes() == (folder / "d2.csv").read_bytes()
    print(f"{len(grid):,} designs on a local Dask cluster (after a warm-up sweep): 1 worker {times[1]:.1f} s, "
          f"2 workers {times[2]:.1f} s: speed-up {times[1] / times[2]:.2f} x (goal 1.6 x); rows identical: {same}")


def memory(folder: Path) -> None:
    code = (
        "import resource, sys\n"
        "from designer.cli.main import main\n"
        "def rss(): return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n"
        f"argv = ['sweep', '--node', '{NODES}', '--gpus', '{SIZES_25}', '--oversubscription', '1,2',"
        " '--network', 'ib,roce', '--electricity-usd-kwh', ','.join(str(0.02 + i / 1000) for i in range(50)),"
        " '--pue', '1.1,1.2,1.3,1.4,1.5', '--workers', '1', '--top', '0', '-o', sys.argv[1]]\n"
        "small = list(argv); small[small.index('--pue') + 1] = '1.1'\n"
        "small[small.index('--electricity-usd-kwh') + 1] = '0.05'\n"
        "main(small[:-1] + [sys.argv[1] + '.warm'])\n"
        "before = rss()\n"
        "main(argv)\n"
        "print(f'{before:.0f} {rss():.0f}')\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(folder / "m.csv")], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(out.stderr.strip())
    before, after = map(float, out.stdout.split()[-2:])
    rows = sum(1 for _ in (folder / "m.csv").open()) - 1
    print(f"{rows:,} designs in one process: peak RSS {before:.0f} MB after a warm-up sweep, {after:.0f} MB after; "
          f"growth {after - before:.0f} MB (goal under 200 MB)")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        one_process(folder)
        if "--skip-dask" not in sys.argv:
            dask_speedup(folder)
        if "--skip-memory" not in sys.argv:
            memory(folder)


if __name__ == "__main__":
    main()
