"""matplotlib Figure builders (no pyplot): shared by the app and the CLI. Their words come from the sheet's text
table in the current language (designer.core.i18n.language(): the app's, English in the CLI)."""

from __future__ import annotations

import io
import math

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter

from designer.core.locale import render
from designer.core.units import format_bytes
from designer.export.names import LABELS, SCALING_NODES
from designer.export.sheet_charts import BAND_LABEL
from designer.export.sheet_text import sheet_word as w
from designer.model.budget import power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.simulation import SimConfig, SimResult, simulate

__all__ = ["LABELS", "busbw_figure", "draw_busbw", "draw_power", "draw_scaling", "figure_png", "power_figure"]

STYLES = ["-", "--", ":", "-.", (0, (5, 1)), (0, (3, 1, 1, 1)), (0, (1, 1))]
MARKERS = ["o", "s", "^", "D", "v", "x", "+"]
BAND_ALPHA = 0.15


def collective_style(name: str) -> tuple[str, str, object]:
    """Colour, marker and line style of a collective's curve: fixed per collective (AllToAll is the same colour
    whichever other collectives are shown), in the order of designer.export.names.LABELS."""
    k = list(LABELS).index(name) if name in LABELS else len(LABELS)
    return f"C{k % 10}", MARKERS[k % len(MARKERS)], STYLES[k % len(STYLES)]


def _fresh(fig: Figure | None, figsize: tuple[float, float]) -> Figure:
    if fig is None:
        fig = Figure(figsize=figsize, layout="constrained")
    fig.clear()
    return fig


def busbw_figure(result: SimResult, title: str = "", figsize: tuple[float, float] = (8.0, 4.5),
                 fig: Figure | None = None) -> Figure:
    """busbw (GB/s) against message size, one line per collective (drawn into `fig` if given)."""
    fig = _fresh(fig, figsize)
    draw_busbw(fig.add_subplot(), result, title)
    return fig


def draw_busbw(ax, result: SimResult, title: str = "") -> None:
    """busbw (GB/s) against message size (log2 x axis) into an Axes, each curve in its shaded uncertainty band."""
    collectives = list(dict.fromkeys(r.collective for r in result.rows))
    for name in collectives:
        rows = [r for r in result.for_collective(name) if r.has_figures]  # none where no path or fabric is left
        if not rows:
            continue
        sizes = [r.size_bytes for r in rows]
        colour, marker, style = collective_style(name)
        (line,) = ax.plot(sizes, [r.busbw_GBps for r in rows], color=colour, marker=marker, markersize=3.5,
                          linestyle=style, linewidth=1.1, label=LABELS.get(name, name))
        if any(r.busbw_high_GBps for r in rows):
            ax.fill_between(sizes, [r.busbw_low_GBps for r in rows], [r.busbw_high_GBps for r in rows],
                            color=line.get_color(), alpha=BAND_ALPHA, linewidth=0, gid="band")
    ax.set_xscale("log", base=2)
    _no_figures(ax, result)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: format_bytes(int(v)) if v >= 1 else ""))
    ax.set_xlabel(w("message size (bytes, nccl-tests 'size')"))
    ax.set_ylabel("busbw (GB/s, GB = 1e9 B)")
    ax.grid(True, which="major", alpha=0.3)
    if result.rows:
        handles, _ = ax.get_legend_handles_labels()
        band = [Patch(color="#555555", alpha=BAND_ALPHA, label=render(BAND_LABEL))] if ax.collections else []
        if handles:  # no curves where no row has figures
            ax.legend(handles=handles + band, loc="upper left", fontsize="small")
        r = result.rows[0]
        ax.set_title(title or f"{r.gpus} GPUs ({r.nodes} node{'s' if r.nodes > 1 else ''})", fontsize="medium")


def _no_figures(ax, result: SimResult) -> None:
    """Where no row has figures (the failure policy stopped the NVLink domain): the state in words across an
    empty chart over the sizes asked for."""
    if not result.rows or any(r.has_figures for r in result.rows):
        return
    sizes = [r.size_bytes for r in result.rows]
    ax.set_xlim(min(sizes) / 2, max(sizes) * 2)
    ax.text(0.5, 0.5, render(result.reason(result.rows[0])), transform=ax.transAxes, ha="center",
            va="center", wrap=True, fontsize="small", gid="no-figures")


def figure_png(fig: Figure, dpi: int = 120) -> bytes:
    buf = io.BytesIO()
    FigureCanvasAgg(fig)
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def power_figure(design: Design, catalog: Catalog, figsize=(6.0, 3.0), fig: Figure | None = None) -> Figure:
    """Power by category (stacked) against the PSU capacity under the redundancy policy."""
    fig = _fresh(fig, figsize)
    draw_power(fig.add_subplot(), design, catalog)
    return fig


def draw_power(ax, design: Design, catalog: Catalog) -> None:
    b = power_budget(design, catalog)
    left = 0.0
    for cat, watts in b.by_category.items():
        if watts > 0:
            ax.barh([w("load")], [watts / 1000], left=[left], label=w(cat))
            left += watts / 1000
    psus = w("PSUs")
    ax.barh([psus], [b.usable_w / 1000], color="#9e9e9e", label=w("usable ({redundancy})").format(
        redundancy=b.redundancy.value))
    ax.barh([psus], [(b.installed_w - b.usable_w) / 1000], left=[b.usable_w / 1000], color="#e0e0e0",
            label=w("redundant"))
    if b.cooling_capacity_w:
        ax.axvline(b.cooling_capacity_w / 1000, color="#0277bd", linestyle="--", label=w("cooling capacity"))
    ax.set_xlabel(w("kW (DC load at the PSU outputs)"), loc="left")  # centred under narrow axes it ran off
    longest = max(left, b.installed_w / 1000, (b.cooling_capacity_w or 0) / 1000)
    ax.set_xlim(0, longest * 1.08)
    # the legend beside the axes, where constrained layout keeps room for it: inside, it covered the bars (from
    # about 7 kW up on a 6-inch chart, and the PSU bar whenever the window's chart was narrow). At most 6 rows,
    # so that it fits the window's shortest chart (the panel is drawn once, then resized with the window: a
    # one-column legend chosen for a tall chart collapsed the axes when the window was made smaller)
    keys = len(ax.get_legend_handles_labels()[1])
    ax.legend(fontsize="x-small", ncols=max(2, math.ceil(keys / 6)), loc="center left", bbox_to_anchor=(1.01, 0.5),
              frameon=False, borderaxespad=0)


def draw_scaling(ax, design: Design, catalog: Catalog, nodes: tuple[int, ...] = SCALING_NODES) -> None:
    """busbw of a 1 GiB AllReduce and AllToAll against the node count (scale-out over the compute NICs)."""
    for i, coll in enumerate(("allreduce", "alltoall")):
        values = [simulate(design, catalog, SimConfig(collectives=(coll,), nodes=n, sizes=(1 << 30,))).rows[0]
                  .busbw_GBps for n in nodes]
        ax.plot(nodes, values, marker=MARKERS[i], markersize=3.5, linestyle=STYLES[i], label=f"{LABELS[coll]} 1 GiB")
    ax.set_xscale("log", base=2)
    ax.set_xticks(nodes, [str(n) for n in nodes])
    ax.set_xlabel(w("nodes"))
    ax.set_ylabel("busbw (GB/s)")
    ax.set_title(w("Scaling over node counts (scale-out over the compute NICs)"), fontsize="medium")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
