"""The chassis diagram as a matplotlib Figure (vector in PDF and SVG), from the same layout as the canvas.

Drawn for print: every label is at least MIN_LABEL_PT at the figure's size, the links between two parts are one
bundle with its count, links between parts on one row or column bow out (so each pair of a full mesh stays
visible), and a legend names the link kinds drawn. The geometry is diagram_layout's.
"""

from __future__ import annotations

import textwrap

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Rectangle

from designer.export.diagram_layout import (
    KIND_COLOR,
    LINK_COLOR,
    LINK_LABEL,
    LINK_STYLE,
    SHORT_ZONE_LABELS,
    Rect,
    bundle_layout,
    component_rects,
    label_point,
    on_package_ports,
    part_boxes,
    tint,
)
from designer.export.sheet_text import SHEET_TEXT
from designer.export.wording import Wording
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.layout import chassis_layout

__all__ = ["KIND_COLOR", "LINK_COLOR", "diagram_figure", "draw_diagram"]
MIN_LABEL_PT = 6.0


def _draw_bundles(ax, design: Design, rects: dict[str, Rect], highlight: set[str],
                  on_package: frozenset[str] = frozenset()) -> dict[str, int | None]:
    """Draw one line per bundle; returns the kinds drawn with the count the legend states for each."""
    hot_pairs = {tuple(sorted((lk.a, lk.b))) for lk in design.links if lk.id in highlight}
    layout, kinds = bundle_layout(design, rects, on_package)
    for b in layout:
        hot = b.ends in hot_pairs
        ax.add_patch(FancyArrowPatch(b.p, b.q, arrowstyle="-", connectionstyle=f"arc3,rad={b.rad}", zorder=1,
                                     color="#ff6f00" if hot else LINK_COLOR.get(b.kind, "#888"),
                                     linestyle=LINK_STYLE.get(b.kind, "-"), linewidth=1.6 if hot else 0.7,
                                     alpha=0.95 if hot else 0.8, shrinkA=0, shrinkB=0))
        if b.label:
            mx, my = label_point(b)
            ax.text(mx, my, b.label, fontsize=MIN_LABEL_PT, ha="center", va="center", zorder=4,
                    color="#222", bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none", "alpha": 0.85})
    return kinds


def _draw_parts(ax, design: Design, catalog: Catalog, rects: dict[str, Rect], tags: dict[str, str]) -> list[str]:
    boxes = part_boxes(design, catalog, rects, tags)
    for box in boxes:
        x, y, w, h = box.rect
        ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0,rounding_size=3", facecolor=tint(box.color),
                                    edgecolor=box.color, linewidth=0.8, zorder=2))
        ax.text(x + w / 2, y + h / 2, box.tag, fontsize=MIN_LABEL_PT + 0.5, ha="center", va="center",
                zorder=3, parse_math=False, rotation=90 if box.vertical else 0, color="#111")
    return [box.tag for box in boxes]


def _legend(ax, kinds: dict[str, int | None], abbreviations: str) -> None:
    handles = []
    for kind in (k for k in LINK_COLOR if k in kinds):
        usual = kinds[kind]
        label = LINK_LABEL.get(kind, kind) + (f", {usual} per line unless marked" if usual and usual > 1 else "")
        handles.append(Line2D([], [], color=LINK_COLOR[kind], linestyle=LINK_STYLE.get(kind, "-"), linewidth=1.2,
                              label=label))
    title = "Links: one line per connected pair; the number on a line is the links (PCIe: lanes) in it"
    if abbreviations:
        title += "\n" + "\n".join(textwrap.wrap(f"Abbreviations: {abbreviations}", 160))
    if handles:
        ax.figure.legend(handles=handles, loc="outside lower center", ncols=min(2, len(handles)),
                  fontsize=MIN_LABEL_PT + 0.5, frameon=False, title_fontsize=MIN_LABEL_PT + 0.5, title=title)


def draw_diagram(ax, design: Design, catalog: Catalog, highlight: set[str] | None = None,
                 legend: bool = True) -> None:
    """Draw into an Axes (y grows downwards, as on the canvas); plain text only (no mathtext). Parts are tagged
    with their display names (designer.model.names), the abbreviations drawn explained under the legend."""
    chassis = catalog.chassis(design.chassis)
    layout = chassis_layout(chassis)
    ox, oy, ow, oh = layout.outline
    ax.add_patch(Rectangle((ox, oy), ow, oh, fill=False, edgecolor="#757575", linewidth=1.0))
    ax.text(ox, oy - 8, f"{chassis.name} ({chassis.rack_units}U), {layout.view}",
            fontsize=MIN_LABEL_PT + 1, color="#444", parse_math=False)
    for name, (x, y, w, h) in layout.zones.items():
        ax.add_patch(Rectangle((x, y), w, h, facecolor="#f4f4f4", edgecolor="#c8c8c8", linewidth=0.5))
        if name != "cooling":
            ax.text(x + 2, y + h - 4, SHORT_ZONE_LABELS.get(name, name), fontsize=MIN_LABEL_PT, color="#666",
                    parse_math=False)
    rects = component_rects(design, catalog)
    kinds = _draw_bundles(ax, design, rects, highlight or set(), on_package_ports(design, catalog))
    words = Wording(design, catalog, "en", SHEET_TEXT)
    tags = _draw_parts(ax, design, catalog, rects, words.short)
    xs = [r[0] + r[2] for r in rects.values()] + [ox + ow]
    ax.set_xlim(ox - 6, max(xs) + 6)
    ax.set_ylim(oy + oh + 6, oy - 22)
    ax.set_aspect("equal")
    ax.axis("off")
    if legend:
        _legend(ax, kinds, words.abbreviations(tags))


def diagram_figure(design: Design, catalog: Catalog, highlight: set[str] | None = None,
                   figsize: tuple[float, float] = (11.0, 5.0)) -> Figure:
    fig = Figure(figsize=figsize, layout="constrained")
    draw_diagram(fig.add_subplot(), design, catalog, highlight)
    return fig

