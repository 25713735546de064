"""Shared CLI pieces: resolving a DESIGN argument, one-line errors, output."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from designer.core.errors import DesignerError
from designer.io.files import load_design
from designer.model.catalog import Catalog, default_catalog
from designer.model.design import Design
from designer.templates import TEMPLATES, build_template

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class UsageError(DesignerError):
    """Bad command-line input: exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error message (no usage dump) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(EXIT_USAGE)


def resolve_design(arg: str, catalog: Catalog | None = None) -> Design:
    """A DESIGN argument is a file path or a template id (a file of that name wins)."""
    catalog = catalog or default_catalog()
    path = Path(arg)
    if path.exists():
        return load_design(path, catalog)
    if arg in TEMPLATES:
        return build_template(arg, catalog)
    raise UsageError(f"'{arg}' is neither a design file nor a template id (see 'gpu-designer-cli templates')")


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def fmt(value: float | None, digits: int = 1, unit: str = "") -> str:
    if value is None:
        return "unknown"
    text = f"{value:,.{digits}f}"
    return f"{text} {unit}".rstrip()
