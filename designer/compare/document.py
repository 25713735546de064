"""`compare --pdf`: the `comparison` document template typeset by the spec sheet's engine (designer.export.engine)
from `comparison()`'s dict. Every cell is preformatted here and reaches the template as a JSON string value, so
user text (design names) is data, never markup. The busbw curves are Canvas shapes drawn by the template.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from designer import __version__
from designer.compare.data import CURVE_COLLECTIVES
from designer.compare.render import ASSUMED_NOTE, BEST_NOTE, PSU_NOTE, SPEC_ROWS, cell_text, notes
from designer.export.engine import render
from designer.export.names import LABELS
from designer.export.sheet_charts import Series, line_chart, model_tag, size_ticks
from designer.io.files import atomic_write_bytes
from designer.simulation.constants import MODEL_SPREAD
from designer.topology.paths import LEGEND

PAPERS = ("a4", "letter")
CHART_WIDTH_PT = 6.8 * 72  # within the text width of both papers, as the spec sheet's figures
CHART_HEIGHT_PT = 190.0
MATRIX_MAX_GPUS = 16  # above this a matrix cannot be set at >= 6 pt in half a page: class counts instead


def _cells(row: dict, n: int) -> list[dict[str, Any]]:
    return [{"text": cell_text(row, i), "best": i in row["best"]} for i in range(n)]


def table_sections(data: dict) -> list[dict[str, Any]]:
    """Titled groups of rows; each cell {"text", "best"}."""
    n = len(data["designs"])
    spec = [{"label": label, "unit": "", "cells": [{"text": str(data["spec"][i][key]), "best": False}
                                                   for i in range(n)]} for key, label in SPEC_ROWS]
    titles = (("headline", "Headline figures"), ("figures", "Key figures"),
              ("power", "Power and cooling"), ("rules", "Design rule check"),
              ("busbw_at_sizes", "busbw at key sizes (model)"))
    out = [{"title": "Specification", "rows": spec}]
    for key, title in titles:
        rows = [{"label": r["label"], "unit": r["unit"], "cells": _cells(r, n)} for r in data[key]]
        out.append({"title": title, "rows": rows})
    return out


def _classes(counts: dict) -> str:
    return ", ".join(f"{k} x{v}" for k, v in sorted(counts.items())) or "-"


def matrices(data: dict) -> list[dict[str, Any]]:
    """Per design: its GPU x GPU and GPU x NIC class matrices (nvidia-smi topo -m terms), or, for a GPU count
    too large to print readably, the class counts."""
    out = []
    for name, t in zip(data["designs"], data["topology"], strict=True):
        gpus = [f"GPU{i}" for i in range(len(t["gpus"]))]  # nvidia-smi's names, in its order, never the ids
        out.append({"design": name, "gpus": gpus, "nics": [f"NIC{i}" for i in range(len(t["nics"]))],
                    "gpu_matrix": t["gpu_matrix"], "gpu_nic_matrix": t["gpu_nic_matrix"],
                    "printed": len(t["gpus"]) <= MATRIX_MAX_GPUS,
                    "pair_classes": _classes(t["gpu_pair_classes"]), "nic_classes": _classes(t["gpu_to_nic_classes"])})
    return out


def charts(data: dict) -> list[dict[str, Any]]:
    """One line chart per collective: a curve (and its shaded uncertainty band) per design."""
    out = []
    for coll in CURVE_COLLECTIVES:
        series = [Series(name, c[coll]["size_bytes"], c[coll]["busbw_GBps"], c[coll]["busbw_low_GBps"],
                         c[coll]["busbw_high_GBps"]) for name, c in zip(data["designs"], data["busbw_curves"],
                                                                        strict=True)]
        sizes = data["busbw_curves"][0][coll]["size_bytes"]
        out.append(line_chart(series, CHART_WIDTH_PT, CHART_HEIGHT_PT, "message size (bytes, nccl-tests 'size')",
                              "busbw (GB/s, GB = 1e9 B)", LABELS.get(coll, coll), size_ticks(sizes),
                              subtitle=str(model_tag(_spread(data)))).as_dict())
    return out


def _spread(data: dict) -> float:
    """The band's half-width: the calibration profile's spread, else the model's."""
    cal = data.get("calibration") or {}
    return MODEL_SPREAD if cal.get("spread") is None else float(cal["spread"])


def document_data(data: dict, paper: str = "a4", now: datetime | None = None) -> dict[str, Any]:
    n = len(data["designs"])
    # the part's name only: its catalog id is the tool's, not the customer's (the app's window and the CLI keep it)
    bom = [{"label": r["name"], "unit": "", "cells": [{"text": str(c), "best": False} for c in r["counts"]]}
           for r in data["bom_differences"]]
    cal = data.get("calibration")
    return {"paper": "letter" if paper == "letter" else "a4", "designs": data["designs"], "count": n,
            "sections": table_sections(data), "bom": bom, "matrices": matrices(data), "charts": charts(data),
            "best_note": BEST_NOTE.removeprefix("* "), "assumed_note": ASSUMED_NOTE.removeprefix("† "),
            "psu_note": str(PSU_NOTE).removeprefix("† ") if PSU_NOTE in notes(data) else "",
            "legend": [line.strip() for line in LEGEND.splitlines()[1:] if line.strip()],
            "calibration": "" if not cal else calibration_note(cal),
            "generator": f"GPU Node Designer {__version__}", "date": (now or datetime.now(UTC)).date().isoformat()}


def calibration_note(cal: dict) -> str:
    fit = cal.get("fit") or {}
    spread = cal.get("spread")
    band = f"; band +/-{spread * 100:.1f}% (the fit's median error)" if spread is not None else ""
    source = f" fitted to {fit.get('points', 0)} measured points of {fit.get('design', '')}" if fit else ""
    return f"busbw uses a calibration profile{source}{band}."


def comparison_pdf_bytes(data: dict, paper: str = "a4", now: datetime | None = None) -> bytes:
    return render("comparison", document_data(data, paper, now))


def write_comparison_pdf(data: dict, path: Path, paper: str = "a4") -> None:
    atomic_write_bytes(path, comparison_pdf_bytes(data, paper))
