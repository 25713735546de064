"""`export`: PDF spec sheet, JSON spec, SVG/PNG diagram, 16:9 slide; optional branding."""

from __future__ import annotations

import argparse
from pathlib import Path

from designer.cli.calibrate import calibration_arg
from designer.cli.common import EXIT_OK, UsageError, resolve_design
from designer.core import i18n
from designer.core.errors import DesignerError
from designer.model.catalog import default_catalog
from designer.simulation.calibration import NO_CALIBRATION

KINDS = ("pdf", "json", "svg", "png", "slide")


def cmd_export(args: argparse.Namespace) -> int:
    from designer.export.brand import default_brand, load_brand  # noqa: PLC0415
    from designer.export.files import export  # noqa: PLC0415 (matplotlib only when exporting)

    targets = {k: Path(v) for k in KINDS if (v := getattr(args, k))}
    if not targets:
        raise UsageError("nothing to export: give --pdf, --json, --svg, --png and/or --slide")
    if not 1 <= args.nodes <= 4096:
        raise UsageError("--nodes must be between 1 and 4096")
    try:
        lang = i18n.parse_language(args.lang)
    except DesignerError as exc:
        raise UsageError(str(exc)) from None
    brand = load_brand(Path(args.brand)) if args.brand else default_brand()
    catalog = default_catalog()
    design = resolve_design(args.design, catalog)
    cal = calibration_arg(args.calibration)
    try:
        trains = None
        if "pdf" in targets:
            from designer.workload.summary import node_trains  # noqa: PLC0415 (the sheet's "What it trains")

            trains = node_trains(design, catalog)
        written = export(design, catalog, targets, args.paper, args.nodes, brand, calibration=cal or NO_CALIBRATION,
                         lang=lang, trains=trains)
    except OSError as exc:
        raise DesignerError(f"cannot write: {exc.strerror or exc}") from None
    for path in written:
        print(f"wrote {path}")
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="PDF spec sheet, JSON spec, SVG/PNG diagram, 16:9 slide")
    p.add_argument("design", help="design file, PDF spec sheet the app wrote, or template id")
    p.add_argument("--pdf", metavar="FILE.pdf", help="the PDF spec sheet (the design attached)")
    p.add_argument("--json", metavar="FILE.json", help="the JSON spec (its schema: schema --spec)")
    p.add_argument("--svg", metavar="FILE.svg", help="the node diagram as SVG")
    p.add_argument("--png", metavar="FILE.png", help="the node diagram as PNG")
    p.add_argument("--slide", metavar="FILE.png|.svg|.pdf", help="16:9 slide: diagram, headline figures, busbw")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper size of the PDF (default a4)")
    p.add_argument("--nodes", type=int, default=8, help="node count for the multi-node figures (default 8)")
    p.add_argument("--brand", metavar="FILE.json",
                   help="branding (company, logo, contact, colour, disclaimer); default: the user's brand file")
    p.add_argument("--calibration", metavar="PROFILE.json", help="a profile written by 'calibrate'")
    p.add_argument("--lang", default="en", help="language of the PDF spec sheet's headings, labels and rule "
                   "findings: en (default), zh-TW or zh-CN")
    p.set_defaults(func=cmd_export)
