"""The comparison as a PDF (`compare --pdf`): the table with the best values marked, the BOM differences and
the busbw curves overlaid. matplotlib's PdfPages for now; the data come from `comparison()` alone, so the
spec sheet's document engine can take the same dict later. User text is drawn with parse_math off."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import matplotlib
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure

from designer.compare.charts import overlay_figure
from designer.compare.render import BEST, bom_rows, table_rows
from designer.export.fonts import export_rc
from designer.io.files import atomic_write_bytes

A4_LANDSCAPE = (11.69, 8.27)
ROWS_PER_PAGE = 30
FONT_PT = 7


def _table_page(title: str, header: list[str], rows: list[tuple[str, list[str]]], note: str) -> Figure:
    fig = Figure(figsize=A4_LANDSCAPE)
    fig.text(0.04, 0.95, title, fontsize=14, weight="bold")
    ax = fig.add_axes((0.04, 0.06, 0.92, 0.86))
    ax.axis("off")
    first = 0.34
    widths = [first] + [(1 - first) / (len(header) - 1)] * (len(header) - 1)
    chars = [max(8, int(w * 0.92 * A4_LANDSCAPE[0] * 72 / (FONT_PT * 0.72))) for w in widths]
    cells = [[_wrap(text, chars[i]) for i, text in enumerate([label, *values])] for label, values in rows]
    cells = cells or [["(none)", *[""] * (len(header) - 1)]]
    table = ax.table(cellText=cells, colLabels=[_wrap(h, chars[i]) for i, h in enumerate(header)],
                     loc="upper center", cellLoc="left", colWidths=widths)
    table.auto_set_font_size(False)
    table.set_fontsize(FONT_PT)
    _fit_rows(table)
    for (r, c), cell in table.get_celld().items():
        cell.get_text().set_parse_math(False)
        if r > 0 and c > 0 and cell.get_text().get_text().endswith(f" {BEST}"):
            cell.get_text().set_fontweight("bold")
            cell.set_facecolor("#e3f2e1")
    fig.text(0.04, 0.03, note, fontsize=7, color="#555", parse_math=False)
    return fig


def _wrap(text: str, width: int) -> str:
    """Long cells (chassis names, design names) wrap onto up to three lines instead of running over."""
    lines = textwrap.wrap(str(text), width) or [""]
    return "\n".join(lines[:3]) + ("..." if len(lines) > 3 else "")


def _fit_rows(table) -> None:
    cells = table.get_celld()
    for r in {r for r, _ in cells}:
        row = [cell for (rr, _), cell in cells.items() if rr == r]
        lines = max(cell.get_text().get_text().count("\n") + 1 for cell in row)
        for cell in row:
            cell.set_height(cell.get_height() * lines)


def comparison_pdf_bytes(data: dict) -> bytes:
    header = ["", *data["designs"]]
    rows = table_rows(data)
    buf = io.BytesIO()
    with matplotlib.rc_context(export_rc()), PdfPages(buf) as pdf:
        for start in range(0, len(rows), ROWS_PER_PAGE):
            part = rows[start:start + ROWS_PER_PAGE]
            pdf.savefig(_table_page("Design comparison", header, part,
                                    f"{BEST} marks the best value in a row (bold, shaded). Bandwidths per direction; "
                                    "GB = 1e9 B; busbw in nccl-tests terms from the collective model."))
        pdf.savefig(_table_page("Bill of materials: parts whose counts differ", header, bom_rows(data),
                                "Counts per design; parts with equal counts everywhere are left out."))
        fig = overlay_figure(data, figsize=(A4_LANDSCAPE[0], 4.2))
        pdf.savefig(fig)
    return buf.getvalue()


def write_comparison_pdf(data: dict, path: Path) -> None:
    atomic_write_bytes(path, comparison_pdf_bytes(data))
