"""`validate`: the design rule check from the command line, compiler-style or JSON."""

from __future__ import annotations

import argparse
from pathlib import Path

from designer.cli.common import EXIT_FAIL, EXIT_OK, print_json, resolve_design
from designer.core import i18n
from designer.core.locale import render
from designer.core.messages import Audience
from designer.model.catalog import default_catalog
from designer.rules import Report, Severity, check


def report_lines(report: Report, source: str, lang: str = "en") -> list[str]:
    """Compiler-style lines; the messages and fix hints in `lang` (rule ids, severities and ids as they are)."""
    lines = []
    for rule_id, group in report.by_rule().items():
        for v in group:
            where = f" [{', '.join(v.ids)}]" if v.ids else ""
            tag = f"{v.severity.value} (waived: {v.waiver_reason})" if v.waived else v.severity.value
            message, fix = render(v.text, lang, Audience.CLI), render(v.hint, lang, Audience.CLI)
            lines.append(f"{source}: {tag}: {rule_id}: {message}{where}" + (f" -- fix: {fix}" if fix else ""))
    counts = ", ".join(f"{report.count(s)} {s.value}{'s' if report.count(s) != 1 else ''}" for s in report.severities)
    lines.append(f"{source}: {len(report.rules_run)} rules run; {counts}; {len(report.waived)} waived")
    return lines


def cmd_validate(args: argparse.Namespace) -> int:
    lang = i18n.parse_language(args.lang)
    catalog = default_catalog()
    design = resolve_design(args.design, catalog)
    report = check(design, catalog, Severity(args.severity))
    source = Path(args.design).name
    if args.json:
        print_json(report.as_dict(source))
    else:
        print("\n".join(report_lines(report, source, lang)))
    return EXIT_FAIL if report.has_errors else EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="design rule check (exit 1 when an unwaived error remains)")
    p.add_argument("design", help="design file or template id")
    p.add_argument("--json", action="store_true", help="machine-readable report")
    p.add_argument("--severity", choices=[s.value for s in Severity], default="info",
                   help="lowest severity to report (default: info)")
    p.add_argument("--lang", default="en", help="language of the messages: en, zh-TW or zh-CN (the --json report "
                                                  "stays English: it is data for programs)")
    p.set_defaults(func=cmd_validate)
