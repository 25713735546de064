"""`export`: PDF spec sheet, JSON spec, SVG/PNG diagram."""

from __future__ import annotations

import argparse
from pathlib import Path

from designer.cli.common import EXIT_OK, UsageError, resolve_design
from designer.core.errors import DesignerError
from designer.model.catalog import default_catalog


def cmd_export(args: argparse.Namespace) -> int:
    from designer.export.files import export  # noqa: PLC0415 (matplotlib only when exporting)

    targets = {k: Path(v) for k in ("pdf", "json", "svg", "png") if (v := getattr(args, k))}
    if not targets:
        raise UsageError("nothing to export: give --pdf, --json, --svg and/or --png")
    if not 1 <= args.nodes <= 4096:
        raise UsageError("--nodes must be between 1 and 4096")
    catalog = default_catalog()
    design = resolve_design(args.design, catalog)
    try:
        written = export(design, catalog, targets, args.paper, args.nodes)
    except OSError as exc:
        raise DesignerError(f"cannot write: {exc.strerror or exc}") from None
    for path in written:
        print(f"wrote {path}")
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="PDF spec sheet, JSON spec, SVG/PNG diagram")
    p.add_argument("design")
    p.add_argument("--pdf", metavar="FILE.pdf")
    p.add_argument("--json", metavar="FILE.json")
    p.add_argument("--svg", metavar="FILE.svg")
    p.add_argument("--png", metavar="FILE.png")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4")
    p.add_argument("--nodes", type=int, default=8, help="node count for the multi-node figures (default 8)")
    p.set_defaults(func=cmd_export)
