"""`compare --pdf`: the `comparison` document template typeset by the spec sheet's engine (designer.export.engine)
from `comparison()`'s dict. Every cell is preformatted here and reaches the template as a JSON string value, so
user text (design names) is data, never markup. The busbw curves are Canvas shapes drawn by the template.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from designer.compare.data import CURVE_COLLECTIVES
from designer.compare.render import SPEC_ROWS, cell_text, classes, lang_of, notes, word
from designer.core.locale import render, translations
from designer.core.messages import Audience, Msg, Name, Number, _m
from designer.export.brand import Brand, document_fields
from designer.export.doc_number import generator_line
from designer.export.engine import render as typeset
from designer.export.names import LABELS
from designer.export.sheet_charts import BAND_LABEL, Series, line_chart, model_tag, size_ticks
from designer.export.sheet_text import sheet_word
from designer.export.wording import topo_legend
from designer.io.files import atomic_write_bytes
from designer.simulation.constants import MODEL_SPREAD

PAPERS = ("a4", "letter")
CHART_WIDTH_PT = 6.8 * 72  # within the text width of both papers, as the spec sheet's figures
CHART_HEIGHT_PT = 190.0
MATRIX_MAX_GPUS = 16  # above this a matrix cannot be set at >= 6 pt in half a page: class counts instead


# The document's own words, in the comparison's language (designer.core.locale)
TEXT = {
    "title": _m("Design comparison"), "header": _m("Design comparison: {n} designs"),
    "page": _m("page {page} of {pages}"),
    "specification": _m("Specification"), "headline": _m("Headline figures"), "figures": _m("Key figures"),
    "power": _m("Power and cooling"), "rules": _m("Design rule check"),
    "busbw_at_sizes": _m("busbw at key sizes (model)"),
    "bom": _m("Bill of materials: parts whose counts differ"),
    "bom_none": _m("None: every part appears in the same count in every design."),
    "units": _m("Bandwidths are per direction unless marked bidirectional; GB = 10⁹ bytes; busbw in nccl-tests terms "
                "from the collective model."),
    "curves": _m("busbw curves"),
    "curves_lead": _m("One curve per design; the shaded band around it is the model's uncertainty (or the "
                      "calibration profile's)."),
    "matrices": _m("Topology class matrices"),
    "matrices_lead": _m("Paths between devices as nvidia-smi topo -m prints them: GPU × GPU, then GPU × NIC."),
    "no_nics": _m("No NICs."),
}


def _cells(row: dict, n: int, lang: str) -> list[dict[str, Any]]:
    return [{"text": cell_text(row, i, lang), "best": i in row["best"]} for i in range(n)]


def table_sections(data: dict) -> list[dict[str, Any]]:
    """Titled groups of rows, in the comparison's language; each cell {"text", "best"}."""
    n, lang = len(data["designs"]), lang_of(data)
    spec = [{"label": word(label, data), "unit": "", "cells": [{"text": str(data["spec"][i][key]), "best": False}
                                                               for i in range(n)]} for key, label in SPEC_ROWS]
    out = [{"title": word(TEXT["specification"], data), "rows": spec}]
    for key in ("headline", "figures", "power", "rules", "busbw_at_sizes"):
        rows = [{"label": r["label"], "cells": _cells(r, n, lang),  # the unit in the language's brackets
                 "unit": word(_m("({unit})", unit=Name(r["unit"])), data) if r["unit"] else ""} for r in data[key]]
        out.append({"title": word(TEXT[key], data), "rows": rows})
    return out


def matrices(data: dict) -> list[dict[str, Any]]:
    """Per design: its GPU x GPU and GPU x NIC class matrices (nvidia-smi topo -m terms), or, for a GPU count
    too large to print readably, the class counts."""
    out = []
    for name, t in zip(data["designs"], data["topology"], strict=True):
        gpus = [f"{t['device']}{i}" for i in range(len(t["gpus"]))]  # the smi tool's names and order, never ids
        summary = word(_m("{n} GPUs: too many to print as a matrix at a readable size. GPU pairs by class: {pairs}. "
                          "GPU to nearest NIC: {nics}.", n=len(gpus), pairs=Name(classes(t["gpu_pair_classes"])),
                          nics=Name(classes(t["gpu_to_nic_classes"]))), data)
        out.append({"design": name, "gpus": gpus, "nics": [f"NIC{i}" for i in range(len(t["nics"]))],
                    "gpu_matrix": t["gpu_matrix"], "gpu_nic_matrix": t["gpu_nic_matrix"],
                    "printed": len(t["gpus"]) <= MATRIX_MAX_GPUS, "summary": summary})
    return out


def charts(data: dict) -> list[dict[str, Any]]:
    """One line chart per collective: a curve (and its shaded uncertainty band) per design; its words in the
    comparison's language."""
    out, lang = [], lang_of(data)
    for coll in CURVE_COLLECTIVES:
        series = [Series(name, c[coll]["size_bytes"], c[coll]["busbw_GBps"], c[coll]["busbw_low_GBps"],
                         c[coll]["busbw_high_GBps"]) for name, c in zip(data["designs"], data["busbw_curves"],
                                                                        strict=True)]
        sizes = data["busbw_curves"][0][coll]["size_bytes"]
        out.append(line_chart(series, CHART_WIDTH_PT, CHART_HEIGHT_PT,
                              sheet_word("message size (bytes, nccl-tests 'size')", lang),
                              word(_m("busbw (GB/s, GB = 10⁹ B)"), data), LABELS.get(coll, coll), size_ticks(sizes),
                              band_label=render(BAND_LABEL, lang, Audience.DOCUMENT),
                              subtitle=render(model_tag(_spread(data)), lang, Audience.DOCUMENT)).as_dict())
    return out


def _spread(data: dict) -> float:
    """The band's half-width: the calibration profile's spread, else the model's."""
    cal = data.get("calibration") or {}
    return MODEL_SPREAD if cal.get("spread") is None else float(cal["spread"])


def document_data(data: dict, paper: str = "a4", now: datetime | None = None,
                  brand: Brand | None = None) -> dict[str, Any]:
    n, lang = len(data["designs"]), lang_of(data)
    # the part's name only: its catalog id is the tool's, not the customer's (the app's window and the CLI keep it)
    bom = [{"label": r["label"], "unit": "", "cells": [{"text": str(c), "best": False} for c in r["counts"]]}
           for r in data["bom_differences"]]
    cal = data.get("calibration")
    text = {key: word(msg, data) for key, msg in TEXT.items() if key not in ("header", "page")}
    return {"paper": "letter" if paper == "letter" else "a4", "designs": data["designs"], "count": n,
            "lang": {"zh_TW": "zh", "zh_CN": "zh"}.get(lang, "en"), "region": {"zh_TW": "TW", "zh_CN": "CN"}.get(
                lang, "US"),
            "text": text | {"header": word(_m("Design comparison: {n} designs", n=n), data)},
            "page": _around(TEXT["page"], lang),
            "sections": table_sections(data), "bom": bom, "matrices": matrices(data), "charts": charts(data),
            "notes": _sentences(notes(data), lang), "problems": problems(data),
            "legend": topo_legend(lambda meaning: sheet_word(meaning, lang)),
            "calibration": "" if not cal else calibration_note(cal, lang),
            "generator": generator_line("comparison", " / ".join(map(str, data["designs"])),
                                        json.dumps(data, sort_keys=True, default=str), lang,
                                        brand.document_prefix if brand else "GND"),
            "brand": document_fields(brand),
            "date": (now or datetime.now(UTC)).date().isoformat()}


def problems(data: dict) -> list[str]:
    """A line for each design that fails its rule check (unwaived errors), in the comparison's language: said under
    the title, before any figure."""
    errors = next(r["values"] for r in data["rules"] if r["key"] == "error")
    return [word(_m("{design} does not pass its design rule check: {n} rule error(s); its figures describe a "
                    "system that would not work until they are fixed.", design=Name(name), n=Number(n)), data)
            for name, n in zip(data["designs"], errors, strict=True) if n]


def _sentences(lines: list[str], lang: str) -> list[str]:
    """The notes as sentences of the PDF: the best mark drawn as ★ on a shaded cell, a full stop after each."""
    stop = "。" if lang.startswith("zh") else "."
    return [("★" + line[1:] if line.startswith("*") else line) + stop for line in lines]


def _around(msg: Msg, lang: str) -> list[str]:
    """'page {page} of {pages}' in the language as the three pieces around the two numbers (the template puts the
    page counters in)."""
    template = msg.id if lang == "en" else translations(lang).gettext(msg.id)
    before, rest = template.split("{page}", 1)
    between, after = rest.split("{pages}", 1)
    return [before, between, after]


def calibration_note(cal: dict, lang: str = "en") -> str:
    fit = cal.get("fit") or {}
    spread = cal.get("spread")
    if fit:
        msg = _m("busbw uses a calibration profile fitted to {points} measured points of {design}", points=fit.get(
            "points", 0), design=Name(str(fit.get("design", ""))))
    else:
        msg = _m("busbw uses a calibration profile")
    if spread is not None:
        msg = _m("{note}; band +/-{spread}% (the fit's median error)", note=msg, spread=Number(spread * 100, 1))
    return render(_m("{note}.", note=msg), lang, Audience.DOCUMENT)


def comparison_pdf_bytes(data: dict, paper: str = "a4", now: datetime | None = None,
                         brand: Brand | None = None) -> bytes:
    return typeset("comparison", document_data(data, paper, now, brand), lang=lang_of(data))


def write_comparison_pdf(data: dict, path: Path, paper: str = "a4", brand: Brand | None = None) -> None:
    """`brand`: the company, contact and logo in the header and footer and the document number's prefix, as the
    spec sheet and the cluster sheet carry them."""
    atomic_write_bytes(path, comparison_pdf_bytes(data, paper, brand=brand))
