"""busbw curves of several designs overlaid, one panel per collective (matplotlib Figure, no pyplot)."""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from designer.compare.data import CURVE_COLLECTIVES
from designer.core.locale import render
from designer.core.messages import Audience, _m
from designer.core.units import format_bytes
from designer.export.charts import BAND_ALPHA, LABELS
from designer.export.sheet_text import sheet_word

STYLES = ("-", "--", ":", "-.", (0, (5, 1)), (0, (3, 1, 1, 1)))


def overlay_figure(data: dict, figsize: tuple[float, float] = (10.0, 3.6), fig: Figure | None = None) -> Figure:
    """busbw (GB/s) against message size, a line per design in its shaded uncertainty band, a panel per collective
    (into `fig` if given); its words in the comparison's language."""
    lang = str(data.get("lang", "en"))
    if fig is None:
        fig = Figure(figsize=figsize, layout="constrained")
    fig.clear()
    axes = fig.subplots(1, len(CURVE_COLLECTIVES), sharey=False)
    for ax, coll in zip(axes, CURVE_COLLECTIVES, strict=True):
        for i, (name, curves) in enumerate(zip(data["designs"], data["busbw_curves"], strict=True)):
            c = curves[coll]
            (line,) = ax.plot(c["size_bytes"], c["busbw_GBps"], linestyle=STYLES[i % len(STYLES)], marker=".",
                              markersize=3, label=name)
            if c.get("busbw_high_GBps"):
                ax.fill_between(c["size_bytes"], c["busbw_low_GBps"], c["busbw_high_GBps"], color=line.get_color(),
                                alpha=BAND_ALPHA, linewidth=0)
        ax.set_xscale("log", base=2)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: format_bytes(int(v)) if v >= 1 else ""))
        ax.set_title(LABELS.get(coll, coll), fontsize="medium")
        ax.set_xlabel(sheet_word("message size (bytes, nccl-tests 'size')", lang), fontsize="small")
        ax.grid(True, alpha=0.3)
        ax.tick_params(labelsize="x-small")
    axes[0].set_ylabel(render(_m("busbw (GB/s, GB = 10⁹ B)"), lang, Audience.DOCUMENT))
    handles, labels = axes[0].get_legend_handles_labels()  # under the panels: inside, it covered curves
    legend = fig.legend(handles, labels, loc="outside lower center", ncols=min(3, max(1, len(labels))),
                        fontsize="x-small", frameon=False)
    for text in legend.get_texts():
        text.set_parse_math(False)  # design names are user text
    return fig
