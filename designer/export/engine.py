"""The document engine: a Typst template plus JSON data gives a PDF (or SVG/PNG pages).

`render(template_name, data)` is all a document needs: the template folder holds `main.typ` (and whatever it
imports); the data reaches it as one JSON string in `sys.inputs.data`, read there with `json(bytes(...))`.
User text is therefore always a Typst string value, never source code: a `$math$`, `#code`, `<label>` or
`*strong*` in a name prints as those characters.

Templates ship as package data in `designer/data/documents/<name>/`. A folder of the same name in the
per-user documents folder (`user_documents_dir()`) replaces the shipped one, so a user copies a folder,
edits it and the next export uses it.

Fonts: DejaVu Sans and DejaVu Sans Mono from matplotlib's own font folder (so every platform typesets the
same Latin text), Typst's embedded fonts, and the system's fonts for CJK. `render` gives the template the family
lists as data (`d.fonts`, `d.mono`): Noto Sans CJK first (Debian's `fonts-noto-cjk` has a real Bold, so bold
Chinese headings print bold; Traditional Chinese documents take its TC variant), WenQuanYi Zen Hei (one weight)
and the other platforms' CJK families after it.
"""

from __future__ import annotations

import importlib.util
import json
import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import typst

from designer.core.errors import DesignerError, one_line

NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")
Format = Literal["pdf", "svg", "png"]
CJK_FONTS = ("Noto Sans CJK SC", "WenQuanYi Zen Hei", "Noto Sans CJK JP", "Source Han Sans SC", "Microsoft YaHei",
             "PingFang SC", "SimHei")


def document_fonts(lang: str = "en") -> dict[str, list[str]]:
    """The text and monospace font lists of a document in `lang` (en, zh_TW, zh_CN): Latin first, then CJK."""
    first = ["Noto Sans CJK TC"] if lang.replace("-", "_") == "zh_TW" else []
    return {"fonts": ["DejaVu Sans", *first, *CJK_FONTS, "Libertinus Serif"],
            "mono": ["DejaVu Sans Mono", *[f.replace("Sans CJK", "Sans Mono CJK") for f in first],
                     "Noto Sans Mono CJK SC", "WenQuanYi Zen Hei Mono"]}


def user_documents_dir() -> Path:
    """Per-user template folders (`~/.local/share/gpu-node-designer/documents` on Linux)."""
    from platformdirs import user_data_dir  # noqa: PLC0415

    return Path(user_data_dir("gpu-node-designer", appauthor=False)) / "documents"


def shipped_documents_dir() -> Path:
    return Path(str(resources.files("designer") / "data" / "documents"))


def template_dir(name: str) -> Path:
    """The folder of template `name`: the user's copy when it has a main.typ, else the shipped one."""
    if not NAME.match(name):
        raise DesignerError(f"'{one_line(name)}' is not a template name (lower-case letters, digits, '-')")
    for root in (user_documents_dir(), shipped_documents_dir()):
        if (root / name / "main.typ").is_file():
            return root / name
    raise DesignerError(f"no document template '{name}' (looked in {user_documents_dir()} and the package)")


def matplotlib_fonts_dir() -> Path:
    """matplotlib's bundled TrueType folder (DejaVu Sans and Mono), found without importing matplotlib."""
    spec = importlib.util.find_spec("matplotlib")
    for root in (spec.submodule_search_locations or []) if spec else []:
        folder = Path(root) / "mpl-data" / "fonts" / "ttf"
        if folder.is_dir():
            return folder
    import matplotlib  # noqa: PLC0415 (a frozen or unusual layout: ask matplotlib)

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf"


@cache
def fonts() -> typst.Fonts:
    """Font search: matplotlib's DejaVu fonts, Typst's embedded fonts, then the system's (for CJK)."""
    return typst.Fonts(font_paths=[str(matplotlib_fonts_dir())])


def render(template_name: str, data: dict[str, Any], fmt: Format = "pdf", ppi: float | None = None,
           lang: str = "en") -> bytes:
    """Typeset `data` (plus the font lists for `lang`) with the template; PDF or SVG/PNG of the first page.
    Errors are one-line DesignerErrors."""
    folder = template_dir(template_name)
    compiler = typst.Compiler(str(folder / "main.typ"), root=str(folder), font_paths=fonts())
    inputs = {"data": json.dumps({**document_fonts(lang), **data}, ensure_ascii=False)}
    try:
        out = compiler.compile(format=fmt, ppi=ppi, sys_inputs=inputs)
    except typst.TypstError as exc:
        raise DesignerError(f"document template '{template_name}' ({folder}): {one_line(exc.message)}") from None
    except RuntimeError as exc:  # the binding reports some failures (fonts, files) as plain RuntimeErrors
        raise DesignerError(f"document template '{template_name}': {one_line(str(exc))}") from None
    if isinstance(out, list):  # SVG/PNG of a multi-page document: one image per page
        out = out[0]
    if not isinstance(out, bytes):
        raise DesignerError(f"document template '{template_name}' produced no output")
    return out
