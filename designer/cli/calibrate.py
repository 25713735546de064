"""`calibrate` and the measured side of `simulate`: nccl-tests logs against the model."""

from __future__ import annotations

import argparse
from pathlib import Path

from designer.cli.common import EXIT_OK, UsageError, print_json, resolve_design
from designer.core.units import format_bytes, signed_percent
from designer.model.catalog import default_catalog
from designer.simulation.calibration import Calibration, calibration_json, load_calibration
from designer.simulation.collectives import ALGORITHMS
from designer.simulation.fitting import Compared, FitResult, compare, fit, placement
from designer.simulation.measured import MeasuredRun, read_log_file
from designer.simulation.model import node_fabric


def read_logs(paths: list[str]) -> list[MeasuredRun]:
    return [run for p in paths for run in read_log_file(Path(p))]


def calibration_arg(path: str | None) -> Calibration | None:
    return load_calibration(Path(path)) if path else None


def comparison_lines(run: MeasuredRun, rows: list[Compared], nodes: int) -> list[str]:
    head = (f"# measured: {run.source}: {run.collective}, {run.ranks} ranks"
            f" ({nodes} node{'s' if nodes > 1 else ''} of the design)")
    lines = ["#", head] + [f"# note: {n}" for n in run.notes]
    lines.append(f"# {'size (B)':>12} {'measured':>10} {'predicted':>10} {'error':>8}  model algorithm")
    lines.append(f"# {'':>12} {'busbw':>10} {'busbw':>10}")
    for c in rows:
        lines.append(f"  {c.size_bytes:>12} {c.measured_busbw_GBps:>10.2f} {c.predicted_busbw_GBps:>10.2f} "
                     f"{c.error:>+8.1%}  {c.algorithm}")
    return lines


def comparisons(design_arg: str, logs: list[str], algorithm: str, calibration: Calibration | None):
    catalog = default_catalog()
    design = resolve_design(design_arg, catalog)
    fab = node_fabric(design, catalog, calibration) if calibration else node_fabric(design, catalog)
    out = []
    for run in read_logs(logs):
        _, nodes = placement(run, fab)
        out.append((run, nodes, compare(run, fab, algorithm)))
    return design, out


def comparison_json(items) -> list[dict]:
    return [{"source": run.source, "collective": run.collective, "ranks": run.ranks, "nodes": nodes,
             "notes": list(run.notes),
             "rows": [{"size_bytes": c.size_bytes, "measured_busbw_GBps": c.measured_busbw_GBps,
                       "predicted_busbw_GBps": c.predicted_busbw_GBps, "error": c.error,
                       "model_algorithm": c.algorithm} for c in rows]} for run, nodes, rows in items]


def write_comparison_plot(items, path: Path, title: str) -> None:
    from matplotlib.figure import Figure  # noqa: PLC0415 (matplotlib only when asked)
    from matplotlib.ticker import FuncFormatter  # noqa: PLC0415

    from designer.export.charts import figure_png  # noqa: PLC0415
    from designer.io.files import atomic_write_bytes  # noqa: PLC0415

    fig = Figure(figsize=(8, 4.5), dpi=120)
    ax = fig.add_subplot()
    for i, (run, _, rows) in enumerate(items):
        color = f"C{i % 10}"
        sizes = [c.size_bytes for c in rows]
        ax.plot(sizes, [c.predicted_busbw_GBps for c in rows], "-", color=color,
                label=f"{run.collective} model ({run.ranks} ranks)")
        ax.plot(sizes, [c.measured_busbw_GBps for c in rows], "o", color=color, markersize=4,
                label=f"{run.collective} measured: {run.source}")
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: format_bytes(int(v)) if v >= 1 else ""))
    ax.set_xlabel("message size (bytes, nccl-tests 'size')")
    ax.set_ylabel("busbw (GB/s, GB = 1e9 B)")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    atomic_write_bytes(path, figure_png(fig))


def fit_lines(result: FitResult) -> list[str]:
    cal = result.calibration
    assert cal.fit is not None
    lines = [f"# calibration of {cal.fit.design} to {', '.join(cal.fit.logs)}: {cal.fit.points} points",
             f"# busbw error: median {cal.fit.median_before:.1%} -> {cal.fit.median_after:.1%}, "
             f"rms {cal.fit.rms_before:.1%} -> {cal.fit.rms_after:.1%}"]
    for p in result.parameters:
        value = cal.latency_scale if p.group == "latency_scale" else getattr(cal, p.group)[p.key]
        name = "latency scale" if p.group == "latency_scale" else f"{p.group.replace('_', ' ')} [{p.key}]"
        lines.append(f"#   {name}: {p.start:.3f} -> {value:.3f}")
    lines.append(f"# residuals ({'size (B)':>10}: measured busbw, model before -> after)")
    for (run, before), (_, after) in zip(result.before, result.after, strict=True):
        lines.append(f"# {run.source} ({run.collective}, {run.ranks} ranks)")
        for b, a in zip(before, after, strict=True):
            lines.append(f"  {b.size_bytes:>12} {b.measured_busbw_GBps:>9.2f} {b.predicted_busbw_GBps:>9.2f} "
                         f"({signed_percent(b.error * 100)}) -> {a.predicted_busbw_GBps:>9.2f} "
                         f"({signed_percent(a.error * 100)})")
    return lines


def cmd_calibrate(args: argparse.Namespace) -> int:
    from designer.io.files import atomic_write_bytes  # noqa: PLC0415

    out = Path(args.output)
    if out.is_dir() or not out.parent.is_dir():
        raise UsageError(f"-o: give a file in an existing folder, not '{out}'")
    catalog = default_catalog()
    design = resolve_design(args.design, catalog)
    result = fit(design, catalog, read_logs(args.logs), args.algorithm)
    atomic_write_bytes(out, calibration_json(result.calibration))
    if args.json:
        print_json({"profile": result.calibration.model_dump(mode="json"), "output": str(out)})
    else:
        print("\n".join(fit_lines(result)))
        print(f"# profile written to {out}")
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("calibrate", help="fit the model's physical parameters to nccl-tests/rccl-tests logs")
    p.add_argument("design", help="design file, PDF spec sheet the app wrote, or template id")
    p.add_argument("logs", nargs="+", metavar="LOG", help="nccl-tests or rccl-tests output files")
    p.add_argument("--algorithm", default="auto", choices=["auto", *ALGORITHMS],
                   help="the algorithm the logs ran with (NCCL_ALGO), if forced")
    p.add_argument("-o", "--output", required=True, metavar="PROFILE.json", help="the fitted profile to write")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_calibrate)
