"""Writing exports to the paths the user gave: atomically, nowhere else."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from designer.core.errors import DesignerError, one_line
from designer.core.messages import Msg, _m
from designer.export.analysis import ExportAnalysis
from designer.export.brand import Brand
from designer.export.engine import render
from designer.export.pdf import spec_sheet_pdf
from designer.export.sheet_data import slide_data
from designer.export.spec import spec_json
from designer.io.files import atomic_write_bytes
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.rack_limits import DEFAULT_RACK_LIMITS, RackLimits
from designer.simulation.calibration import NO_CALIBRATION, Calibration

SUFFIX = {"pdf": ".pdf", "json": ".json", "svg": ".svg", "png": ".png"}
SLIDE_SUFFIXES = (".png", ".svg", ".pdf")
SLIDE_PPI = 192  # 1920 x 1080 pixels for a 10 x 5.625 in slide
Progress = Callable[[Msg], None]


def check_target(path: Path, kind: str) -> Path:
    """The exact file to write: the suffix must match, the folder must exist, it must not be a folder."""
    allowed = SLIDE_SUFFIXES if kind == "slide" else (SUFFIX[kind],)
    if path.suffix.lower() not in allowed:
        raise DesignerError(f"--{kind} needs a file name ending in {' or '.join(allowed)}, not '{one_line(path.name)}'")
    if path.is_dir():
        raise DesignerError(f"{one_line(str(path))} is a folder")
    if not path.parent.is_dir():
        raise DesignerError(f"folder {one_line(str(path.parent))} does not exist")
    return path


def diagram_bytes(design: Design, catalog: Catalog, fmt: str) -> bytes:
    import matplotlib  # noqa: PLC0415 (only the diagram exports need matplotlib)

    from designer.export.diagram import diagram_figure  # noqa: PLC0415
    from designer.export.fonts import export_rc  # noqa: PLC0415

    with matplotlib.rc_context(export_rc()):
        fig = diagram_figure(design, catalog)
        buf = io.BytesIO()
        fig.savefig(buf, format=fmt, dpi=200 if fmt == "png" else None, metadata={"Title": design.meta.name})
    return buf.getvalue()


def slide_bytes(design: Design, catalog: Catalog, fmt: str, brand: Brand | None = None,
                calibration: Calibration = NO_CALIBRATION, lang: str = "en",
                analysis: ExportAnalysis | None = None) -> bytes:
    fmt = fmt.lstrip(".")
    data = slide_data(design, catalog, brand=brand, calibration=calibration, lang=lang, analysis=analysis)
    return render("slide", data, fmt=fmt,  # type: ignore[arg-type]
                  ppi=SLIDE_PPI if fmt == "png" else None, lang=lang)


def export(design: Design, catalog: Catalog, targets: dict[str, Path], paper: str = "a4", nodes: int = 8,
           brand: Brand | None = None, progress: Progress | None = None,
           calibration: Calibration = NO_CALIBRATION, lang: str = "en",
           site: RackLimits = DEFAULT_RACK_LIMITS, trains: list[dict] | None = None) -> list[Path]:
    """Write every requested export; check all targets first so a bad path writes nothing. One analysis (one spec,
    one set of simulations) serves every file of the export; `site` is the site's rack limits (the app passes its
    Preferences, so the documents' rule check is the app's); `trains`: what the node trains (designer.workload.summary,
    computed by the caller above this layer), for the sheet."""
    checked = {kind: check_target(Path(p), kind) for kind, p in targets.items() if p is not None}
    analysis = ExportAnalysis(design, catalog, nodes, calibration, site=site)
    written = []
    for kind, path in checked.items():
        if progress:
            progress(_m("Writing {name}", name=path.name))
        if kind == "pdf":
            data = spec_sheet_pdf(design, catalog, paper, nodes, brand=brand, calibration=calibration, lang=lang,
                                  analysis=analysis, trains=trains)
        elif kind == "json":
            data = spec_json(analysis.spec).encode("utf-8")
        elif kind == "slide":
            data = slide_bytes(design, catalog, path.suffix.lower(), brand, calibration, lang, analysis)
        else:
            data = diagram_bytes(design, catalog, kind)
        atomic_write_bytes(path, data)
        written.append(path)
    return written
