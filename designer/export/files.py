"""Writing exports to the paths the user gave: atomically, nowhere else."""

from __future__ import annotations

import io
from pathlib import Path

import matplotlib

from designer.core.errors import DesignerError
from designer.export.diagram import diagram_figure
from designer.export.fonts import export_rc
from designer.export.pdf import spec_sheet_pdf
from designer.export.spec import build_spec, spec_json
from designer.io.files import atomic_write_bytes
from designer.model.catalog import Catalog
from designer.model.design import Design

SUFFIX = {"pdf": ".pdf", "json": ".json", "svg": ".svg", "png": ".png"}


def check_target(path: Path, kind: str) -> Path:
    """The exact file to write: the suffix must match, the folder must exist, it must not be a folder."""
    if path.suffix.lower() != SUFFIX[kind]:
        raise DesignerError(f"--{kind} needs a file name ending in {SUFFIX[kind]}, not '{path.name}'")
    if path.is_dir():
        raise DesignerError(f"{path} is a folder")
    if not path.parent.is_dir():
        raise DesignerError(f"folder {path.parent} does not exist")
    return path


def diagram_bytes(design: Design, catalog: Catalog, fmt: str) -> bytes:
    with matplotlib.rc_context(export_rc()):
        fig = diagram_figure(design, catalog)
        buf = io.BytesIO()
        fig.savefig(buf, format=fmt, dpi=200 if fmt == "png" else None, metadata={"Title": design.meta.name})
    return buf.getvalue()


def export(design: Design, catalog: Catalog, targets: dict[str, Path], paper: str = "a4", nodes: int = 8) -> list[Path]:
    """Write every requested export; check all targets first so a bad path writes nothing."""
    checked = {kind: check_target(Path(p), kind) for kind, p in targets.items() if p is not None}
    written = []
    for kind, path in checked.items():
        if kind == "pdf":
            data = spec_sheet_pdf(design, catalog, paper, nodes)
        elif kind == "json":
            data = spec_json(build_spec(design, catalog, nodes)).encode("utf-8")
        else:
            data = diagram_bytes(design, catalog, kind)
        atomic_write_bytes(path, data)
        written.append(path)
    return written
