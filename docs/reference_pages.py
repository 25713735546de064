"""The reference pages that are made from the code, so that they cannot drift from it: the CLI (from argparse),
the rules (from the two registries) and the file formats (from the shipped JSON schemas).

Sphinx runs `write_all` from docs/conf.py before it reads the sources; the pages land in docs/reference/ (ignored
by git). `python docs/reference_pages.py` writes them by hand.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(__file__).resolve().parent / "reference"
HELP_COLUMNS = "100"  # argparse wraps its help to $COLUMNS: a fixed width, so the page does not depend on a terminal


def _subcommands(parser: argparse.ArgumentParser, prefix: str) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield prefix, parser
    for action in parser._actions:  # noqa: SLF001 (argparse has no public walk over its sub-parsers)
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            for name, sub in action.choices.items():
                yield from _subcommands(sub, f"{prefix} {name}")


def cli_page() -> str:
    os.environ["COLUMNS"] = HELP_COLUMNS
    from designer.cli.main import build_parser  # noqa: PLC0415 (after COLUMNS is set)

    lines = ["# CLI reference", "",
             "Every command of `gpu-designer-cli`, with the help it prints (made from the parser when the "
             "documentation is built). Exit status: 0 on success, 1 on a failed check, 2 on bad input "
             "(one line on stderr), 70 on an internal error.", ""]
    for name, parser in _subcommands(build_parser(), "gpu-designer-cli"):
        depth = min(name.count(" "), 3)
        lines += [f"{'#' * (depth + 1 if depth else 2)} `{name}`", "", "```text", parser.format_help().rstrip(),
                  "```", ""]
    return "\n".join(lines)


def rules_page() -> str:
    import designer.cluster.rules  # noqa: F401, PLC0415 (registers the cluster rules)
    import designer.rules.checks  # noqa: F401, PLC0415 (registers the design rules)
    from designer.cluster.rules import CLUSTER_RULES  # noqa: PLC0415
    from designer.rules.engine import RULES  # noqa: PLC0415

    def table(rules: dict) -> list[str]:
        rows = ["| Rule | Severity | What it checks |", "|---|---|---|"]
        rows += [f"| `{r.id}` | {r.severity.value} | {r.title} |" for r in sorted(rules.values(), key=lambda r: r.id)]
        return rows

    return "\n".join([
        "# Rule reference", "",
        "The rules as registered in the code (made from the registries when the documentation is built). "
        "[The rule check](../user-guide/rules.md) says how they run, how a finding is waived and how severities "
        "are set.", "",
        f"## Design rules ({len(RULES)})", "", *table(RULES), "",
        f"## Cluster rules ({len(CLUSTER_RULES)})", "", *table(CLUSTER_RULES), ""])


def _type(spec: dict) -> str:
    if "$ref" in spec:
        return spec["$ref"].rsplit("/", 1)[-1]
    if "anyOf" in spec:
        return " or ".join(_type(s) for s in spec["anyOf"])
    kind = spec.get("type", "")
    if kind == "array" and "items" in spec:
        return f"array of {_type(spec['items'])}"
    return str(kind or "any")


def _cell(text: object) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _properties(schema: dict) -> list[str]:
    required = set(schema.get("required", ()))
    rows = ["| Field | Type | Required | Description |", "|---|---|---|---|"]
    for name, spec in schema.get("properties", {}).items():
        rows.append(f"| `{name}` | {_cell(_type(spec))} | {'yes' if name in required else ''} | "
                    f"{_cell(spec.get('description', spec.get('title', '')))} |")
    return rows


def formats_page() -> str:
    lines = ["# File formats", "",
             "The JSON files the app and the CLI read and write, from the JSON schemas shipped in "
             "`designer/data/schema/` (made from them when the documentation is built). A file that does not "
             "validate is refused with one line naming the field, and exit status 2 in the CLI.", ""]
    for path in sorted((ROOT / "designer" / "data" / "schema").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        lines += [f"## {schema.get('title', path.stem)}", "", f"Schema: `designer/data/schema/{path.name}`.", ""]
        if schema.get("description"):
            lines += [_cell(schema["description"]), ""]
        lines += [*_properties(schema), ""]
        for name, sub in sorted(schema.get("$defs", {}).items()):
            if sub.get("properties"):
                lines += [f"### {name}", "", *_properties(sub), ""]
    return "\n".join(lines)


PAGES = {"cli.md": cli_page, "rules.md": rules_page, "formats.md": formats_page}


def write_all(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in PAGES.items():
        path = out / name
        text = make()
        if not path.exists() or path.read_text(encoding="utf-8") != text:  # unchanged: Sphinx need not reread it
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for p in write_all():
        print(p)
