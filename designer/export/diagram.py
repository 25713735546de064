"""The chassis diagram as a matplotlib Figure (vector in PDF and SVG), from the same layout as the canvas."""

from __future__ import annotations

import textwrap

from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Rectangle

from designer.core.colors import KIND_COLOR, LINK_COLOR
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.layout import ZONE_LABELS, chassis_layout, external_rect
from designer.model.parts import slot_kind_for


def component_rects(design: Design, catalog: Catalog) -> dict[str, tuple[float, float, float, float]]:
    layout = chassis_layout(catalog.chassis(design.chassis))
    rects, external = {}, 0
    for comp in design.components:
        kind = slot_kind_for(catalog.get(comp.part))
        slot = layout.slot(kind, comp.slot) if kind is not None and comp.slot is not None else None
        if slot is None:
            rects[comp.id] = external_rect(external)
            external += 1
        else:
            x, y, w, h = slot.rect
            rects[comp.id] = (x + 3, y + 3, w - 6, h - 6)
    return rects


def draw_diagram(ax, design: Design, catalog: Catalog, highlight: set[str] | None = None) -> None:
    """Draw into an Axes (y grows downwards, as on the canvas); plain text only (no mathtext)."""
    chassis = catalog.chassis(design.chassis)
    layout = chassis_layout(chassis)
    ox, oy, ow, oh = layout.outline
    ax.add_patch(Rectangle((ox, oy), ow, oh, fill=False, edgecolor="#757575", linewidth=1.2))
    ax.text(ox, oy - 8, f"{chassis.name} ({chassis.rack_units}U)", fontsize=7, color="#555", parse_math=False)
    for name, (x, y, w, h) in layout.zones.items():
        ax.add_patch(Rectangle((x, y), w, h, facecolor="#f2f2f2", edgecolor="#bdbdbd", linewidth=0.5))
        ax.text(x + 2, y + 8, ZONE_LABELS[name], fontsize=4, color="#777", parse_math=False)
    rects = component_rects(design, catalog)
    centers = {cid: (x + w / 2, y + h / 2) for cid, (x, y, w, h) in rects.items()}
    for link in design.links:
        (x1, y1), (x2, y2) = centers[link.a], centers[link.b]
        hot = highlight and link.id in highlight
        ax.plot([x1, x2], [y1, y2], color="#ff6f00" if hot else LINK_COLOR.get(link.kind.value, "#888"),
                linewidth=1.6 if hot else 0.5, alpha=0.9 if hot else 0.55, zorder=1)
    for comp in design.components:
        part = catalog.get(comp.part)
        x, y, w, h = rects[comp.id]
        color = KIND_COLOR.get(part.kind, "#777")
        ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0,rounding_size=3", facecolor=color,
                                    alpha=0.35, edgecolor=color, linewidth=0.8, zorder=2))
        size = max(2.5, min(5.0, w / 16))
        chars = max(5, int(w / (size * 1.3)))
        lines = textwrap.wrap(comp.label or part.name, chars)[: max(1, int(h / (size * 2.2)) - 1)]
        ax.text(x + w / 2, y + h / 2, "\n".join([comp.id, *lines]), fontsize=size, ha="center", va="center",
                zorder=3, parse_math=False, linespacing=1.1)
    xs = [r[0] + r[2] for r in rects.values()] + [ox + ow]
    ax.set_xlim(ox - 10, max(xs) + 10)
    ax.set_ylim(oy + oh + 10, oy - 20)
    ax.set_aspect("equal")
    ax.axis("off")


def diagram_figure(design: Design, catalog: Catalog, highlight: set[str] | None = None,
                   figsize: tuple[float, float] = (11.0, 5.0)) -> Figure:
    fig = Figure(figsize=figsize, layout="constrained")
    draw_diagram(fig.add_subplot(), design, catalog, highlight)
    return fig
