"""`simulate` and `parallel`: the collective model from the command line."""

from __future__ import annotations

import argparse
from pathlib import Path

from designer.cli.calibrate import (
    calibration_arg,
    comparison_json,
    comparison_lines,
    comparisons,
    write_comparison_plot,
)
from designer.cli.common import EXIT_OK, UsageError, print_json, resolve_design
from designer.core.units import parse_size
from designer.model.catalog import default_catalog
from designer.simulation import COLLECTIVES, SimConfig, SimResult, simulate
from designer.simulation.collectives import ALGORITHMS
from designer.simulation.model import node_fabric, size_sweep
from designer.simulation.parallelism import TrainingSetup, estimate

TYPE_BYTES = 4  # nccl-tests default type: float
REDOP = {"allreduce": "sum", "reducescatter": "sum", "reduce": "sum"}


def _collectives(values: list[str] | None) -> tuple[str, ...]:
    names = [v.strip().lower() for item in (values or ["all"]) for v in item.split(",") if v.strip()]
    if "all" in names:
        return COLLECTIVES
    bad = [n for n in names if n not in COLLECTIVES]
    if bad:
        raise UsageError(f"unknown collective '{bad[0]}' (choose from all, {', '.join(COLLECTIVES)})")
    return tuple(dict.fromkeys(names))


def _size(text: str, flag: str) -> int:
    try:
        return parse_size(text)
    except ValueError as exc:
        raise UsageError(f"{flag}: {exc}") from None


def config_from_args(args: argparse.Namespace) -> SimConfig:
    sizes = size_sweep(_size(args.min_bytes, "--min-bytes"), _size(args.max_bytes, "--max-bytes"))
    cal = calibration_arg(getattr(args, "calibration", None))
    return SimConfig(_collectives(args.collective), args.nodes, args.algorithm, tuple(sizes), tuple(args.fail or ()),
                     **({"calibration": cal} if cal else {}))


def table_lines(result: SimResult, name: str) -> list[str]:
    nodes = result.rows[0].nodes if result.rows else 1
    lines = [f"# {name}: {result.gpus_per_node} GPUs per node x {nodes} node{'s' if nodes > 1 else ''}"]
    lines += [f"# note: {note}" for note in result.notes]
    for coll in dict.fromkeys(r.collective for r in result.rows):
        rows = result.for_collective(coll)
        lines += ["#", f"# {coll}",
                  f"# {'size':>12} {'count':>12} {'type':>6} {'redop':>6} {'time':>10} {'algbw':>8} {'busbw':>8}"
                  f"  algorithm",
                  f"# {'(B)':>12} {'(elements)':>12} {'':>6} {'':>6} {'(us)':>10} {'(GB/s)':>8} {'(GB/s)':>8}"]
        for r in rows:
            figures = (f"{r.time_us:>10.2f} {r.algbw_GBps:>8.2f} {r.busbw_GBps:>8.2f}  {r.algorithm}/{r.protocol}"
                       if r.has_figures else f"{'-':>10} {'-':>8} {'-':>8}  {result.reason(r)}")  # words, never nan
            lines.append(f"  {r.size_bytes:>12} {max(1, r.size_bytes // TYPE_BYTES):>12} {'float':>6} "
                         f"{REDOP.get(coll, 'none'):>6} {figures}")
        last = rows[-1]
        lines.append(f"# largest size limited by: {last.bottleneck} [{last.phase}]" if last.has_figures
                     else f"# {result.reason(last)}")
    return lines


def cmd_measured(args: argparse.Namespace) -> int:
    ignored = [flag for flag, used in (("--collective", args.collective), ("--nodes", args.nodes != 1),
                                       ("--fail", args.fail)) if used]
    if ignored:
        raise UsageError(f"{', '.join(ignored)}: not with --measured (collectives, sizes and ranks come from the logs)")
    design, items = comparisons(args.design, args.measured, args.algorithm, calibration_arg(args.calibration))
    if args.plot:
        if Path(args.plot).suffix.lower() != ".png" or not Path(args.plot).parent.is_dir():
            raise UsageError(f"--plot: give a .png file in an existing folder, not '{args.plot}'")
        write_comparison_plot(items, Path(args.plot), f"{design.meta.name}: measured and predicted busbw")
    if args.json:
        print_json({"design": design.meta.name, "measured": comparison_json(items)})
    else:
        print("\n".join([f"# {design.meta.name}: measured against predicted"]
                        + [ln for run, nodes, rows in items for ln in comparison_lines(run, rows, nodes)]))
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.measured:
        return cmd_measured(args)
    catalog = default_catalog()
    design = resolve_design(args.design, catalog)
    result = simulate(design, catalog, config_from_args(args))
    if args.plot:
        write_plot(result, Path(args.plot), design.meta.name)
    if args.json:
        print_json({"design": design.meta.name, "nodes": args.nodes, "gpus_per_node": result.gpus_per_node,
                    "algorithm": args.algorithm, "failed": list(result.failed), "notes": [str(n) for n in result.notes],
                    "fabric": result.fabric_summary, "fabric_state": str(result.not_operational) or None,
                    "results": result.row_dicts()})
    else:
        print("\n".join(table_lines(result, design.meta.name)))
    return EXIT_OK


def write_plot(result: SimResult, path: Path, name: str) -> None:
    from designer.export.charts import busbw_figure, figure_png  # noqa: PLC0415 (matplotlib only when asked)
    from designer.io.files import atomic_write_bytes  # noqa: PLC0415

    if path.suffix.lower() != ".png":
        raise UsageError(f"--plot writes PNG: give a .png file name, not '{path.name}'")
    if not path.parent.is_dir():
        raise UsageError(f"--plot: folder {path.parent} does not exist")
    fig = busbw_figure(result, f"{name}: busbw vs message size (shaded: uncertainty band)")
    atomic_write_bytes(path, figure_png(fig))


def _count(text: str) -> float:
    text = text.strip().upper()
    mult = {"K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}
    try:
        return float(text[:-1]) * mult[text[-1]] if text and text[-1] in mult else float(text)
    except ValueError:
        raise UsageError(f"--params: not a number: {text!r} (e.g. 70B, 8e9)") from None


def cmd_parallel(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    cal = calibration_arg(args.calibration)
    fab = node_fabric(resolve_design(args.design, catalog), catalog, *([cal] if cal else []))
    setup = TrainingSetup(_count(args.params), args.layers, args.hidden, args.seq_len, args.micro_batch,
                          args.micro_batches, args.tp, args.pp, args.dp, args.ep)
    lines = estimate(fab, args.nodes, setup)
    if args.json:
        print_json({"nodes": args.nodes, "gpus_per_node": fab.n, "lines": [ln.as_dict() for ln in lines],
                    "total_ms_per_step": sum(ln.time_per_step_ms for ln in lines)})
        return EXIT_OK
    print(f"{'dim':<4}{'group':>6}  {'collective':<10}{'bytes/op':>14}{'ops/step':>10}{'us/op':>11}{'ms/step':>10}"
          f"{'busbw':>9}  where")
    for ln in lines:
        where = "across nodes" if ln.spans_nodes else "inside a node"
        print(f"{ln.dimension:<4}{ln.group_size:>6}  {ln.collective:<10}{ln.bytes_per_op:>14,}{ln.ops_per_step:>10}"
              f"{ln.time_per_op_us:>11.1f}{ln.time_per_step_ms:>10.2f}{ln.busbw_GBps:>9.1f}  {where}")
        if ln.note:
            print(f"    warning: {ln.note}")
    print(f"communication per step (not overlapped): {sum(ln.time_per_step_ms for ln in lines):.2f} ms")
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="collective performance (nccl-tests terms)")
    p.add_argument("design", help="design file, PDF spec sheet the app wrote, or template id")
    p.add_argument("--collective", action="append", metavar="NAME|all",
                   help=f"repeat or comma-separate: {', '.join(COLLECTIVES)} (default all)")
    p.add_argument("--nodes", type=int, default=1, help="nodes in the job, over the compute NICs (default 1)")
    p.add_argument("--algorithm", default="auto", choices=["auto", *ALGORITHMS],
                   help="NCCL algorithm (default: auto, as NCCL picks)")
    p.add_argument("--min-bytes", default="8", help="smallest message size, as nccl-tests -b (default 8)")
    p.add_argument("--max-bytes", default="16G", help="largest message size, as nccl-tests -e (default 16G)")
    p.add_argument("--fail", nargs="+", action="extend", metavar="ID", help="component or link ids that fail")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--plot", metavar="FILE.png", help="write busbw against message size")
    p.add_argument("--measured", nargs="+", metavar="LOG", help="nccl-tests/rccl-tests output: measured against "
                   "predicted busbw per size (collectives, sizes and ranks from the logs)")
    p.add_argument("--calibration", metavar="PROFILE.json", help="a profile written by 'calibrate'")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("parallel", help="communication per training step for a TP x PP x DP (x EP) layout")
    p.add_argument("design", help="design file, PDF spec sheet the app wrote, or template id")
    p.add_argument("--params", required=True, help="model parameters, e.g. 70B")
    p.add_argument("--layers", type=int, required=True, help="transformer layers")
    p.add_argument("--hidden", type=int, required=True, help="hidden size")
    p.add_argument("--seq-len", type=int, default=4096, help="sequence length (default 4096)")
    p.add_argument("--micro-batch", type=int, default=1, help="sequences per micro-batch (default 1)")
    p.add_argument("--micro-batches", type=int, default=8, help="micro-batches per step (default 8)")
    p.add_argument("--tp", type=int, default=8, help="tensor-parallel size (default 8)")
    p.add_argument("--pp", type=int, default=1, help="pipeline-parallel stages (default 1)")
    p.add_argument("--dp", type=int, default=1, help="data-parallel size (default 1)")
    p.add_argument("--ep", type=int, default=1, help="expert-parallel size (default 1)")
    p.add_argument("--nodes", type=int, default=1, help="nodes in the job, over the compute NICs (default 1)")
    p.add_argument("--calibration", metavar="PROFILE.json", help="a profile written by 'calibrate'")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_parallel)
