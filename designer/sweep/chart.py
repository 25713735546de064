"""The sweep's trade-off picture: cost per GPU-hour against AllReduce busbw, facility watts per GPU as colour,
the Pareto set drawn over the rest and the front on these two axes as a step line. A matplotlib Figure, for the
app and for documents."""

from __future__ import annotations

from typing import Any

from designer.sweep.results import SweepRows, front_2d

LABELS = {"x": "AllReduce busbw, 1 GiB over all GPUs (GB/s, modelled)", "y": "Cost per GPU-hour (US$)",
          "colour": "Facility power per GPU (W)", "pareto": "Pareto set (busbw, cost, watts)",
          "front": "busbw-cost front", "others": "other designs",
          "empty": "No designs yet: set the ranges and run the sweep"}


KEY_GREY = "0.6"  # the legend's markers: their colour is read on the colour bar


def draw_pareto(fig: Any, rows: SweepRows, labels: dict[str, str] | None = None,
                selected: int | None = None) -> Any:
    """Draw into `fig` (cleared first); returns the axes."""
    t = LABELS | (labels or {})
    fig.clear()
    ax = fig.add_subplot(1, 1, 1)
    if not len(rows):
        ax.text(0.5, 0.5, t["empty"], ha="center", va="center", transform=ax.transAxes, color="0.4")
        ax.set_axis_off()
        return ax
    others = ~rows.pareto
    vmin, vmax = float(rows.watts.min()), float(rows.watts.max())
    kw = {"c": rows.watts[others], "cmap": "viridis", "vmin": vmin, "vmax": vmax}
    sc = ax.scatter(rows.busbw[others], rows.cost[others], s=14, alpha=0.5, label=t["others"], **kw)
    front = front_2d(rows)  # the two-axis front as a step line: for any busbw, the lowest cost that reaches it
    ax.step(rows.busbw[front], rows.cost[front], where="pre", color="0.2", lw=0.9, zorder=2, label=t["front"])
    sc = ax.scatter(rows.busbw[rows.pareto], rows.cost[rows.pareto], c=rows.watts[rows.pareto], cmap="viridis",
                    vmin=vmin, vmax=vmax, s=46, edgecolors="black", linewidths=0.9, zorder=3, label=t["pareto"])
    if selected is not None and 0 <= selected < len(rows):
        ax.scatter([rows.busbw[selected]], [rows.cost[selected]], s=160, facecolors="none", edgecolors="red",
                   linewidths=1.8, zorder=4)
    fig.colorbar(sc, ax=ax, label=t["colour"])
    ax.set_xlabel(t["x"])
    ax.set_ylabel(t["y"])
    ax.grid(True, alpha=0.3)
    # keys drawn in a neutral grey: a scatter's own key takes the colour of its first point, so "other designs"
    # showed whatever watts the first row had; the colour is the colour bar's, the key says the marker
    from matplotlib.lines import Line2D  # noqa: PLC0415 (matplotlib only when drawn)

    keys = [Line2D([], [], linestyle="none", marker="o", markersize=4, markerfacecolor=KEY_GREY,
                   markeredgecolor=KEY_GREY, alpha=0.5, label=t["others"]),
            Line2D([], [], color="0.2", lw=0.9, label=t["front"]),
            Line2D([], [], linestyle="none", marker="o", markersize=7, markerfacecolor=KEY_GREY,
                   markeredgecolor="black", markeredgewidth=0.9, label=t["pareto"])]
    ax.legend(handles=keys, loc="best", fontsize="small")
    return ax
