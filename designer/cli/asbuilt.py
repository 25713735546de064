"""`asbuilt DESIGN TOPO.txt` and `new --from-topo TOPO.txt`: a real machine against its design."""

from __future__ import annotations

import argparse
from pathlib import Path

from designer.asbuilt import AsBuiltReport, check_asbuilt, read_topo_file, sketch_design
from designer.cli.common import EXIT_FAIL, EXIT_OK, UsageError, print_json, resolve_design
from designer.core.errors import one_line
from designer.io.files import save_design
from designer.model.catalog import default_catalog


def report_lines(report: AsBuiltReport, topo_name: str) -> list[str]:
    lines = [f"{topo_name} ({report.tool}) against {report.design}: {report.checked} relations checked, "
             f"{report.agreed} agree, {len(report.mismatches)} mismatch{'es' if len(report.mismatches) != 1 else ''}"]
    lines += [f"  mismatch: {m.message}" for m in report.mismatches]
    if report.nic_map:
        lines.append("  NICs matched by their relations: "
                     + ", ".join(f"{real} = {dnic}" for real, dnic in report.nic_map.items()))
    lines += [f"  not checked: {n}" for n in report.not_checked]
    lines += [f"  note: {n}" for n in report.notes]
    return lines


def cmd_asbuilt(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    design = resolve_design(args.design, catalog)
    paste = read_topo_file(args.topo)
    report = check_asbuilt(design, catalog, paste)
    if args.json:
        print_json({**report.as_dict(), "paste": {"read": paste.read, "missing": paste.missing}})
    else:
        print("\n".join(report_lines(report, one_line(Path(args.topo).name))))
    return EXIT_OK if report.ok else EXIT_FAIL


def new_from_topo(args: argparse.Namespace) -> int:
    """`new --from-topo`: called by `new` (designer/cli/info.py) when --from-topo is given."""
    out = Path(args.output)
    if out.exists() and not args.force:
        raise UsageError(f"{out} exists (use --force to replace it)")
    if out.is_dir() or (str(out.parent) and not out.parent.is_dir()):
        raise UsageError(f"cannot write {out}: not a file in an existing folder")
    catalog = default_catalog()
    paste = read_topo_file(args.from_topo)
    if args.gpu is not None and args.gpu not in catalog:
        raise UsageError(f"--gpu: unknown part '{args.gpu}' (see the catalog)")
    design = sketch_design(paste, catalog, one_line(Path(args.from_topo).name), args.gpu)
    save_design(design, out)
    print(f"wrote {out}: {sum(1 for _ in design.components)} components, sketched from {paste.tool} output")
    for line in paste.read + [f"missing: {m}" for m in paste.missing]:
        print(f"  {line}")
    print("  inferred: see the design's notes (gpu-designer-cli info shows the figures)")
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("asbuilt", help="check a real machine's topology paste against a design")
    p.add_argument("design", help="design file or template id")
    p.add_argument("topo", help="text file with nvidia-smi topo -m, rocm-smi --showtopo or npu-smi info -t topo")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_asbuilt)
