"""`sweep`: every combination of nodes, sizes, oversubscriptions, network kinds, electricity prices and PUEs,
evaluated on Dask, one CSV row each with the Pareto set marked (docs/user-guide/search.md)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from pydantic import ValidationError

from designer.cli.common import EXIT_OK, UsageError
from designer.cluster.plan import DEFAULT_PUE
from designer.core.errors import one_line
from designer.cost.prices import catalog_prices
from designer.io.files import validation_message
from designer.model.catalog import default_catalog
from designer.sweep.evaluate import (
    COLUMNS,
    JOB_COLUMNS,
    NETWORK_FABRIC,
    SweepContext,
    evaluate,
    evaluate_chunk,
    job_objectives,
    job_rank,
    objectives,
    rank,
    scenario,
)
from designer.sweep.grid import Grid, Point, at_least, one_of, parse_list
from designer.sweep.run import run_sweep
from designer.templates import template_ids


def _grid(args: argparse.Namespace) -> Grid:
    return Grid(
        node=parse_list("--node", args.node, str, one_of(template_ids(), "node template")),
        gpus=parse_list("--gpus", args.gpus, int, at_least(1)),
        oversubscription=parse_list("--oversubscription", args.oversubscription, float, at_least(1.0)),
        network=parse_list("--network", args.network, str, one_of(tuple(NETWORK_FABRIC), "network kind")),
        electricity_usd_kwh=parse_list("--electricity-usd-kwh", args.electricity_usd_kwh, float, at_least(0.0)),
        pue=parse_list("--pue", args.pue, float, lambda v: None if 1.0 <= v <= 5.0 else "must be between 1 and 5"),
    )


def _preflight(grid: Grid, ctx: SweepContext) -> None:
    """Evaluate one point of every node and network here first: a missing price or a plan that cannot be
    built is a one-line error before any worker starts or any file is written."""
    for node in grid.node:
        for network in grid.network:
            for gpus in {min(grid.gpus), max(grid.gpus)}:  # the largest plan too: a size no plan takes is bad input
                try:
                    evaluate(Point(0, node, gpus, min(grid.oversubscription), network, grid.electricity_usd_kwh[0],
                                   grid.pue[0]), ctx)
                except ValidationError as exc:  # a value the cluster plan refuses (--gpus 1000000000)
                    where, msg = validation_message(exc)
                    raise UsageError(f"sweep: {where}: {msg}") from None


class _Bar:
    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        if self.tty:
            width = 30
            filled = width * done // max(1, total)
            sys.stderr.write(f"\rsweep [{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} designs "
                             f"({time.perf_counter() - self.start:,.1f} s)")
            sys.stderr.flush()

    def close(self) -> None:
        if self.tty:
            sys.stderr.write("\n")


def _top(rows: list[dict]) -> list[str]:
    head = f"{'node':<16} {'GPUs':>6} {'over':>5} {'net':<5} {'$/kWh':>6} {'PUE':>4} {'busbw GB/s':>10} " \
           f"{'$/GPU-h':>8} {'W/GPU':>7}"
    out = [head]
    for r in rows:
        out.append(f"{r['node']:<16} {int(r['gpus']):>6,} {float(r['oversubscription']):>5g} {r['network']:<5} "
                   f"{float(r['electricity_usd_kwh']):>6g} {float(r['pue']):>4g} "
                   f"{float(r['allreduce_busbw_gbytes_s']):>10,.1f} {float(r['tco_usd_per_gpu_hour']):>8.3f} "
                   f"{float(r['facility_w_per_gpu']):>7,.0f}")
    return out


def cmd_sweep(args: argparse.Namespace) -> int:
    grid = _grid(args)
    if not 0 < args.utilisation <= 1:
        raise UsageError(f"--utilisation {args.utilisation:g}: must be in (0, 1]")
    if args.top < 0:
        raise UsageError(f"--top {args.top}: must be 0 or more")
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers {args.workers}: must be 1 or more")
    catalog = default_catalog()
    if args.model is not None:
        from designer.workload.shapes import model_by_id  # noqa: PLC0415

        model_by_id(args.model)  # an unknown model is bad input: one line, exit 2
    ctx = SweepContext(catalog_prices(catalog, args.price_book), args.utilisation, args.model)
    _preflight(grid, ctx)
    bar = _Bar()
    workers = args.workers or min(os.cpu_count() or 1, 8)
    job = args.model is not None
    try:
        result = run_sweep(grid, evaluate_chunk, ctx, args.output, COLUMNS + (JOB_COLUMNS if job else ()),
                           job_objectives if job else objectives, job_rank if job else rank,
                           scheduler=args.scheduler, workers=workers, top_k=args.top, progress=bar,
                           scenario=scenario if job else None)
    finally:
        bar.close()
    where = f"on {one_line(args.scheduler)}" if args.scheduler else f"on {workers} local process(es)"
    front = "days to train, dollars, facility MW; within each electricity price and PUE" if job else \
        "AllReduce busbw, cost per GPU-hour, facility W per GPU"
    print(f"wrote {result.path}: {result.rows:,} designs {where} in {time.perf_counter() - bar.start:,.1f} s; "
          f"{result.pareto} on the Pareto front ({front})")
    if result.top:
        print("\n".join(_job_top(result.top) if job else _top(result.top)))
    return EXIT_OK


def _job_top(rows: list[dict]) -> list[str]:
    out = [f"{'node':<16} {'GPUs':>6} {'over':>5} {'net':<5} {'$/kWh':>6} {'PUE':>4} {'layout':<22} {'days':>7} "
           f"{'US$ M':>8} {'MW':>6}"]
    for r in rows:
        out.append(f"{r['node']:<16} {int(r['gpus']):>6,} {float(r['oversubscription']):>5g} {r['network']:<5} "
                   f"{float(r['electricity_usd_kwh']):>6g} {float(r['pue']):>4g} {r['job_layout']:<22} "
                   f"{float(r['job_days']):>7,.1f} {float(r['job_cost_usd']) / 1e6:>8,.2f} "
                   f"{float(r['facility_mw']):>6,.2f}")
    return out


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sweep", help="evaluate every combination of cluster parameters on Dask; CSV with the "
                                     "Pareto set")
    p.add_argument("--node", required=True, metavar="ID[,ID...]", help="node template ids")
    p.add_argument("--gpus", required=True, metavar="N[,N...]", help="GPU counts")
    p.add_argument("--oversubscription", default="1", metavar="R[,R...]", help="leaf oversubscription (default 1)")
    p.add_argument("--network", default="ib", metavar="KIND[,KIND...]",
                   help=f"scale-out network kinds: {', '.join(NETWORK_FABRIC)} (default ib)")
    p.add_argument("--electricity-usd-kwh", default="0.067", metavar="P[,P...]", help="US$ per kWh (default 0.067)")
    p.add_argument("--pue", default=f"{DEFAULT_PUE:g}", metavar="X[,X...]",
                   help=f"power usage effectiveness (default {DEFAULT_PUE:g}, as cost, compare and cluster)")
    p.add_argument("--price-book", type=Path, metavar="FILE", help="your price book over the shipped one")
    p.add_argument("--utilisation", type=float, default=0.8, metavar="U", help="share of GPU-hours used (0.8)")
    p.add_argument("--top", type=int, default=0, metavar="K", help="print the K cheapest Pareto designs")
    p.add_argument("--model", metavar="ID", help="rank designs by a fixed training job of this shipped model: days, "
                                                 "dollars and MW, the Pareto set within each site scenario")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a dask.distributed scheduler, tcp://HOST:PORT")
    p.add_argument("--workers", type=int, metavar="N", help="local processes (default: the CPUs, at most 8)")
    p.add_argument("-o", "--output", required=True, type=Path, metavar="OUT.csv",
                   help="the CSV to write, one row a design")
    p.set_defaults(func=cmd_sweep)
