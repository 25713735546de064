"""The reference pages that are made from the code, so that they cannot drift from it: the CLI (from argparse),
the rules (from the two registries) and the file formats (from the shipped JSON schemas).

Sphinx runs `write_all` from docs/conf.py before it reads the sources. The pages are committed (docs/reference/), so
that they read on GitHub too; tests/unit/test_docs_site.py fails when a committed page is not what the code makes.
`python docs/reference_pages.py` writes them again.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(__file__).resolve().parent / "reference"


def _subcommands(parser: argparse.ArgumentParser, prefix: str) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield prefix, parser
    for action in parser._actions:  # noqa: SLF001 (argparse has no public walk over its sub-parsers)
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            for name, sub in action.choices.items():
                yield from _subcommands(sub, f"{prefix} {name}")


def _option_row(action: argparse.Action) -> str:
    flags = ", ".join(f"`{f}`" for f in action.option_strings) or f"`{action.dest}`"
    if action.nargs == 0:
        value = ""
    elif action.choices is not None and not isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
        value = " \\| ".join(f"`{c}`" for c in action.choices)
    else:
        value = f"`{action.metavar or action.dest.upper()}`"
    text = action.help or ""
    if "%(" in text:  # argparse's own substitutions in a help text
        text = text.replace("%(default)s", str(action.default)).replace("%%", "%")
    if action.required and action.option_strings:
        text = f"required. {text}".strip()
    return f"| {flags} | {value} | {_cell(text)} |"


def cli_page() -> str:
    """Each command's description and a table of its arguments, written from the parser's actions (not from
    argparse's help text, whose layout changes between Python releases)."""
    from designer.cli.main import build_parser  # noqa: PLC0415

    lines = ["# CLI reference", "",
             "Every command of `gpu-designer-cli` and its arguments, made from the parser when the documentation is "
             "built (`gpu-designer-cli COMMAND --help` prints the same). Exit status: 0 on success, 1 on a failed "
             "check, 2 on bad input (one line on stderr), 70 on an internal error.", ""]
    for name, parser in _subcommands(build_parser(), "gpu-designer-cli"):
        level = max(2, min(name.count(" ") + 1, 3))  # the tool and its commands ##, a command's commands ###
        lines += [f"{'#' * level} `{name}`", ""]
        if parser.description:
            lines += [_cell(parser.description), ""]
        rows = [a for a in parser._actions  # noqa: SLF001
                if not isinstance(a, argparse._HelpAction | argparse._VersionAction)  # noqa: SLF001
                and a.help != argparse.SUPPRESS]  # a hidden option stays hidden here too
        subs = [a for a in rows if isinstance(a, argparse._SubParsersAction)]  # noqa: SLF001
        rows = [a for a in rows if a not in subs]
        if rows:
            lines += ["| Argument | Value | Meaning |", "|---|---|---|", *map(_option_row, rows), ""]
        for sub in subs:
            helps = {c.dest: c.help for c in sub._choices_actions}  # noqa: SLF001
            lines += ["| Command | What it does |", "|---|---|",
                      *(f"| `{c}` | {_cell(helps.get(c) or '')} |" for c in sub.choices), ""]
    return "\n".join(lines)


def rules_page() -> str:
    import designer.cluster.rules  # noqa: PLC0415 (registers the cluster rules)
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
        name = spec["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})" if spec["$ref"].startswith("#/") else f"`{name}` (another file's schema)"
    if "anyOf" in spec:
        return " or ".join(_type(s) for s in spec["anyOf"] if s.get("type") != "null") + \
            (" or null" if any(s.get("type") == "null" for s in spec["anyOf"]) else "")
    kind = spec.get("type", "")
    if kind == "array" and "items" in spec:
        return f"array of {_type(spec['items'])}"
    return str(kind or "any")


def _cell(text: object) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _bounds(spec: dict) -> str:
    """The limits a value must keep, from the field itself or its non-null alternative."""
    spec = next((s for s in spec.get("anyOf", ()) if s.get("type") != "null"), spec)
    words = (("minimum", "at least"), ("exclusiveMinimum", "over"), ("maximum", "at most"),
             ("exclusiveMaximum", "under"), ("maxItems", "items at most"), ("maxLength", "characters at most"))
    parts = [f"{word} {spec[key]}" for key, word in words if key in spec]
    return ", ".join(parts)


def _properties(schema: dict) -> list[str]:
    required = set(schema.get("required", ()))
    rows = ["| Field | Type | Required | Default | Limits | Description |", "|---|---|---|---|---|---|"]
    for name, spec in schema.get("properties", {}).items():
        default = f"`{json.dumps(spec['default'])}`" if "default" in spec and spec["default"] not in ([], {}) else ""
        rows.append(f"| `{name}` | {_cell(_type(spec))} | {'yes' if name in required else ''} | {_cell(default)} | "
                    f"{_cell(_bounds(spec))} | {_cell(spec.get('description', ''))} |")
    return rows


SCHEMA_ORDER = ("design.schema.json", "cluster-plan.schema.json", "spec.schema.json")  # what a user meets first


def formats_page() -> str:
    lines = ["# File formats", "",
             "The JSON files the app and the CLI read and write, from the JSON schemas shipped in "
             "`designer/data/schema/` (made from them when the documentation is built). A file that does not "
             "validate is refused with one line naming the field, and exit status 2 in the CLI.", ""]
    folder = ROOT / "designer" / "data" / "schema"
    paths = sorted(folder.glob("*.schema.json"), key=lambda p: (SCHEMA_ORDER + (p.name,)).index(p.name))
    if not paths:
        raise FileNotFoundError(f"no JSON schemas in {folder}: the file-format reference would be empty")
    for path in paths:
        schema = json.loads(path.read_text(encoding="utf-8"))
        lines += [f"## {schema.get('title', path.stem)}", "", f"Schema: `designer/data/schema/{path.name}`.", ""]
        if schema.get("description"):
            lines += [_cell(schema["description"]), ""]
        lines += [*_properties(schema), ""]
        for name, sub in sorted(schema.get("$defs", {}).items()):
            if sub.get("properties"):
                lines += [f"### {name}", "", *_properties(sub), ""]
            elif "enum" in sub:
                lines += [f"### {name}", "", *([_cell(sub["description"]), ""] if sub.get("description") else []),
                          "One of: " + ", ".join(f"`{v}`" for v in sub["enum"]) + ".", ""]
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
