"""matplotlib Figure builders (no pyplot): shared by the app, the CLI and the spec sheet."""

from __future__ import annotations

import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from designer.core.units import format_bytes
from designer.simulation import SimResult

LABELS = {"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter",
          "alltoall": "AllToAll", "broadcast": "Broadcast", "reduce": "Reduce", "sendrecv": "SendRecv"}


def busbw_figure(result: SimResult, title: str = "", figsize: tuple[float, float] = (8.0, 4.5)) -> Figure:
    """busbw (GB/s) against message size (log2 x axis), one line per collective."""
    fig = Figure(figsize=figsize, layout="constrained")
    ax = fig.add_subplot()
    collectives = list(dict.fromkeys(r.collective for r in result.rows))
    styles = ["-", "--", ":", "-.", (0, (5, 1)), (0, (3, 1, 1, 1)), (0, (1, 1))]
    for i, name in enumerate(collectives):
        rows = result.for_collective(name)
        ax.plot([r.size_bytes for r in rows], [r.busbw_GBps for r in rows], marker=".", linestyle=styles[i % 7],
                label=LABELS.get(name, name))
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: format_bytes(int(v)) if v >= 1 else ""))
    ax.set_xlabel("message size (bytes, nccl-tests 'size')")
    ax.set_ylabel("busbw (GB/s, GB = 1e9 B)")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    if result.rows:
        r = result.rows[0]
        ax.set_title(title or f"{r.gpus} GPUs ({r.nodes} node{'s' if r.nodes > 1 else ''})", fontsize="medium")
    return fig


def figure_png(fig: Figure, dpi: int = 120) -> bytes:
    buf = io.BytesIO()
    FigureCanvasAgg(fig)
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()
