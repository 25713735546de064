"""The PDF spec sheet: the `spec-sheet` document template typeset with the sheet's data, the design attached.

The template attaches the design file (design.json) itself; a user's copy of the template that leaves it out
still gets it, attached afterwards, so every exported sheet opens again in the app and the CLI.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from datetime import datetime

from designer.export.analysis import ExportAnalysis
from designer.export.brand import Brand
from designer.export.engine import render
from designer.export.sheet_data import sheet_data
from designer.io.files import design_to_json
from designer.io.pdf_embed import ATTACHMENT
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.simulation.calibration import NO_CALIBRATION, Calibration

PAPERS = ("a4", "letter")


def attach_design(pdf: bytes, design: Design) -> bytes:
    from pypdf import PdfReader, PdfWriter  # noqa: PLC0415

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    writer.add_attachment(ATTACHMENT, design_to_json(design).encode("utf-8"))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


EMBEDDED = re.compile(rb"/EmbeddedFiles\s*<<\s*/Names\s*\[[^\]]*\(" + re.escape(ATTACHMENT.encode()) + rb"\)")


def has_design(pdf: bytes) -> bool:
    """Whether the PDF's name tree already lists design.json (as the shipped templates write it), without parsing
    the whole PDF; when unsure it says no and the design is attached afterwards."""
    return EMBEDDED.search(pdf) is not None


def spec_sheet_pdf(design: Design, catalog: Catalog, paper: str = "a4", nodes: int = 8, now: datetime | None = None,
                   brand: Brand | None = None, calibration: Calibration = NO_CALIBRATION, lang: str = "en",
                   analysis: ExportAnalysis | None = None, trains: list[dict] | None = None) -> bytes:
    """The sheet; `analysis` is the export's shared one (the JSON spec and the slide of the same export use it)."""
    data = sheet_data(design, catalog, paper, nodes, now, brand, calibration, lang, analysis, trains)
    data["attachment"] = design_to_json(design)
    pdf = without_short_last_page(lambda tight: render("spec-sheet", {**data, "tight": tight}, lang=lang))
    return pdf if has_design(pdf) else attach_design(pdf, design)


def without_short_last_page(make: Callable[[bool], bytes]) -> bytes:
    """The document `make(False)` makes, or `make(True)` (its references set tighter) where the first would end on
    a page under MIN_LAST_PAGE_FILL and the tighter one saves that page."""
    pdf = make(False)
    if last_page_fill(pdf) < MIN_LAST_PAGE_FILL:
        tight = make(True)
        if page_count(tight) < page_count(pdf):
            return tight
    return pdf


MIN_LAST_PAGE_FILL = 0.25  # issue 34 item 6: no document ends on a page under a quarter full
BAND_PT = 45.0  # the header and the footer lie within this far of the page's top and bottom edges


def page_count(pdf: bytes) -> int:
    from pypdf import PdfReader  # noqa: PLC0415 (only an export reads a PDF back)

    return len(PdfReader(io.BytesIO(pdf)).pages)


def last_page_fill(pdf: bytes) -> float:
    """How much of the last page's body (between the header and the footer bands) the text reaches down to, 0-1:
    the lowest line's distance from the body's top over the body's height."""
    from pypdf import PdfReader  # noqa: PLC0415

    page = PdfReader(io.BytesIO(pdf)).pages[-1]
    height = float(page.mediabox.height)
    lows: list[float] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: object, _size: object) -> None:
        y = tm[5] * cm[3] + cm[5]
        if text.strip() and BAND_PT < y < height - BAND_PT:
            lows.append(y)

    page.extract_text(visitor_text=visit)
    top, bottom = height - BAND_PT, BAND_PT
    return (top - min(lows)) / (top - bottom) if lows else 0.0
