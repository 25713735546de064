"""The documentation site (docs/, Sphinx + MyST): the reference pages are made from the code (every CLI command,
every registered rule, every shipped schema), every page is in the table of contents, every relative link of the
README and the guide resolves, and the README stays a newcomer's page. The Sphinx build itself, with warnings as
errors, runs in .ci/run's docs stage."""

from __future__ import annotations

import argparse
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LINK = re.compile(r"\]\(([^)#\s`]+)(?:#[^)]*)?\)")
CODE = re.compile(r"`[^`\n]*`")  # inline code: `BUS_FACTOR[collective](ranks)` is no link


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("reference_pages", DOCS / "reference_pages.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path_factory.mktemp("reference")
    return {p.name: p.read_text(encoding="utf-8") for p in module.write_all(out)}


def test_the_cli_reference_has_every_command_and_its_options(pages):
    from designer.cli.main import build_parser

    text = pages["cli.md"]
    parser = build_parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in sub.choices.items():
        assert f"## `gpu-designer-cli {name}`" in text
        for action in command._actions:
            for flag in action.option_strings:
                assert flag in text, (name, flag)
    assert "### `gpu-designer-cli cluster new`" in text and "--feeds-per-rack" in text


def test_the_rule_reference_lists_every_registered_rule(pages):
    import designer.rules.checks  # noqa: F401
    from designer.cluster.rules import CLUSTER_RULES
    from designer.rules.engine import RULES

    text = pages["rules.md"]
    for rule in [*RULES.values(), *CLUSTER_RULES.values()]:
        assert f"| `{rule.id}` | {rule.severity.value} | {rule.title} |" in text
    assert f"## Design rules ({len(RULES)})" in text
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"({len(RULES)} design rules" in readme  # the README's count is the registry's


def test_the_format_reference_has_every_schema_and_its_fields(pages):
    import json

    text = pages["formats.md"]
    for path in (ROOT / "designer" / "data" / "schema").glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert f"Schema: `designer/data/schema/{path.name}`." in text
        for field in schema.get("properties", {}):
            assert f"| `{field}` |" in text


def test_every_page_is_in_the_table_of_contents():
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^([a-z-]+(?:/[a-z-]+)?)$", index, flags=re.M))
    written = {str(p.relative_to(DOCS).with_suffix("")) for p in DOCS.rglob("*.md")
               if "_build" not in p.parts and "reference" not in p.parts} - {"index"}
    assert written <= listed, written - listed
    assert {"reference/cli", "reference/rules", "reference/formats"} <= listed


def test_relative_links_of_the_readme_and_the_guide_resolve(pages):
    made_pages = set(pages)
    files = [ROOT / "README.md", *(p for p in DOCS.rglob("*.md") if "_build" not in p.parts)]
    broken = []
    for path in files:
        for target in LINK.findall(CODE.sub("", path.read_text(encoding="utf-8"))):
            if "://" in target or target.startswith("mailto:"):
                continue
            resolved = (path.parent / target).resolve()
            made = resolved.parent == DOCS / "reference" and resolved.name in made_pages  # written at build time
            if not resolved.exists() and not made:
                broken.append(f"{path.relative_to(ROOT)}: {target}")
    assert not broken, broken


def test_the_readme_is_a_newcomers_page_with_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 200
    assert ".venv/bin/pip install -c constraints.txt -e . && .venv/bin/gpu-designer" in readme
    assert ".venv/bin/pip install -c constraints.txt -e '.[test]' && .venv/bin/python -m pytest" in readme


def test_the_committed_reference_pages_are_what_the_code_makes(pages):
    """The pages are committed so that they read on GitHub; a change to a command, a rule or a schema without
    `python docs/reference_pages.py` fails here (and the docs build would rewrite them)."""
    stale = [name for name, text in pages.items()
             if (DOCS / "reference" / name).read_text(encoding="utf-8") != text]
    assert not stale, f"run python docs/reference_pages.py: {stale} differ from what the code makes"


def test_every_field_of_the_design_and_plan_files_is_described():
    """issue 36: the file-format reference showed 133 fields of the design file and the cluster plan with no words;
    every field now carries its description (a docstring under it in the model), so the reference cannot drift
    back to blanks."""
    import json

    from designer.cluster.schema import plan_schema_text
    from designer.io.schema import design_schema_text

    blank = []
    for text in (design_schema_text(), plan_schema_text()):
        schema = json.loads(text)
        for name, owner in [("(file)", schema), *schema.get("$defs", {}).items()]:
            blank += [f"{name}.{field}" for field, spec in owner.get("properties", {}).items()
                      if not spec.get("description")]
    assert blank == []
