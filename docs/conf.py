"""Sphinx configuration of the documentation site: Sphinx with MyST Markdown.

Why Sphinx and MyST rather than MkDocs: the pages stay Markdown (they were the README's sections), and Sphinx can
run Python from this file before it reads them, so the CLI, rule and file-format references are made from the
parser, the rule registries and the JSON schemas at every build (docs/reference_pages.py) and cannot drift; with
-W a broken link or a page outside the table of contents fails the build, as CI runs it.

Build: .venv/bin/pip install -c constraints.txt -e '.[docs]' && .venv/bin/sphinx-build -W -b html docs docs/_build
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from reference_pages import write_all  # noqa: E402 (after the path is set)

from designer import __version__  # noqa: E402

write_all()

project = "GPU Node Designer"
author = "GPU Node Designer contributors"
release = __version__
extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "screenshots"]
myst_heading_anchors = 3
html_theme = "alabaster"
html_title = f"GPU Node Designer {release}"
html_static_path: list[str] = []
