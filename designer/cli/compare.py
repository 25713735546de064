"""`compare DESIGN DESIGN [DESIGN...]` and `diff OLD NEW`: designs side by side, and a revision diff."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from designer.cli.calibrate import calibration_arg
from designer.cli.common import EXIT_OK, UsageError, print_json, resolve_design
from designer.compare import comparison, design_diff
from designer.compare.data import MAX_DESIGNS, MIN_DESIGNS, scheme_text
from designer.compare.presets import SCHEME_NAMES, scheme_preset
from designer.compare.render import comparison_markdown, comparison_text, diff_lines
from designer.core import i18n
from designer.core.errors import DesignerError, one_line
from designer.core.locale import render
from designer.core.messages import Name, _m, many
from designer.model.catalog import Catalog, default_catalog
from designer.model.design import Design
from designer.simulation.calibration import NO_CALIBRATION


def _pdf_target(text: str) -> Path:
    path = Path(text)
    if path.suffix.lower() != ".pdf":
        raise UsageError(f"--pdf writes a PDF: give a .pdf file name, not '{one_line(path.name)}'")
    if path.is_dir() or not path.parent.is_dir():
        raise UsageError(f"--pdf: cannot write {one_line(str(path))}: not a file in an existing folder")
    return path


def _named(args: argparse.Namespace, catalog: Catalog, lang: str) -> list[tuple[str, Design]]:
    """The designs given, or with --schemes the preset's (its picks and gaps said on stderr, in `lang`)."""
    if args.schemes:
        if args.designs:
            raise UsageError("--schemes picks the designs itself: give no DESIGN with it")
        preset = scheme_preset(catalog)
        for p in preset.picks:
            print("# " + render(_m("{reason}: {template} ({scheme})", reason=p.reason, template=Name(p.template),
                                   scheme=Name(scheme_text(p.scheme, lang))), lang), file=sys.stderr)
        if preset.missing:
            names = many([SCHEME_NAMES[k] for k in preset.missing], ", ")
            print("# " + render(_m("no reference design for scheme {schemes}", schemes=names), lang), file=sys.stderr)
        return [(p.template, p.design) for p in preset.picks]
    if not MIN_DESIGNS <= len(args.designs) <= MAX_DESIGNS:
        raise UsageError(f"compare takes {MIN_DESIGNS} to {MAX_DESIGNS} designs, not {len(args.designs)}")
    return [(one_line(d), resolve_design(d, catalog)) for d in args.designs]


def cmd_compare(args: argparse.Namespace) -> int:
    pdf = _pdf_target(args.pdf) if args.pdf else None
    try:
        lang = i18n.parse_language(args.lang)
    except DesignerError as exc:
        raise UsageError(str(exc)) from None
    catalog = default_catalog()
    cal = calibration_arg(args.calibration)
    named = _named(args, catalog, lang)
    data = comparison(named, catalog, cal or NO_CALIBRATION, lang)
    if pdf is not None:
        from designer.compare.document import write_comparison_pdf  # noqa: PLC0415
        from designer.export.brand import default_brand, load_brand  # noqa: PLC0415

        brand = load_brand(Path(args.brand)) if args.brand else default_brand()
        write_comparison_pdf(data, pdf, args.paper, brand)
    if args.json:
        print_json(data)
    elif args.md:
        sys.stdout.write(comparison_markdown(data))
    elif pdf is None:
        sys.stdout.write(comparison_text(data))
    else:
        print(f"wrote {pdf}")
    return EXIT_OK


def cmd_diff(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    old, new = resolve_design(args.old, catalog), resolve_design(args.new, catalog)
    diff = design_diff(old, new, catalog)
    if args.json:
        print_json(diff)
    else:
        print("\n".join(diff_lines(diff)))
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare", help="2-6 designs side by side (best value per row marked)")
    p.add_argument("designs", nargs="*", metavar="DESIGN", help="design files or template ids")
    p.add_argument("--schemes", action="store_true",
                   help="compare one reference design per scheme (A-D, rack-scale) and per GPU vendor")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print JSON instead of text")
    out.add_argument("--md", action="store_true", help="Markdown tables")
    p.add_argument("--pdf", metavar="FILE.pdf", help="also write the comparison as a PDF")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper of the PDF (default a4)")
    p.add_argument("--brand", metavar="FILE.json",
                   help="branding of the PDF (company, logo, contact); default: the user's brand file")
    p.add_argument("--calibration", metavar="PROFILE.json", help="a profile written by 'calibrate'")
    p.add_argument("--lang", default="en", help="language of the comparison's labels, words and PDF: en, zh-TW or "
                                                "zh-CN (default en); design and product names stay as written")
    p.set_defaults(func=cmd_compare)
    p = sub.add_parser("diff", help="what changed between two revisions of a design, and what it did")
    p.add_argument("old", help="the earlier design (file, PDF spec sheet or template id)")
    p.add_argument("new", help="the later design")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_diff)
