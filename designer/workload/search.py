"""The best parallel layouts for a job on a design: every layout of the grid evaluated (the collective times are
cached per message size and group, so one layout costs tens of microseconds), those that do not fit set aside,
the rest ranked by step time, layouts the model cannot tell apart shown once.

The grid: TP a power of two dividing the heads, up to twice the node's GPUs; PP a divisor of the layers; CP 1 to 8
dividing the sequence; EP the experts' divisors for a mixture of experts; micro-batch 1, 2, 4; interleaving v
with layers divisible by PP x v; recompute none, selective, full; ZeRO 1 (a distributed optimizer) or 3. A grid
past MAX_LAYOUTS is refused in one line (narrow it with the ranges): a guided search is not built yet.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from designer.core.errors import DesignerError
from designer.workload.job import default_global_batch
from designer.workload.shapes import ModelShape
from designer.workload.step import RECOMPUTE, Hardware, Layout, Step, simulate_step

MAX_LAYOUTS = 200_000


@dataclass(frozen=True)
class Ranges:
    tp: tuple[int, ...] | None = None
    pp: tuple[int, ...] | None = None
    cp: tuple[int, ...] = (1, 2, 4, 8)
    micro_batch: tuple[int, ...] = (1, 2, 4)
    vpp: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 8)
    recompute: tuple[str, ...] = RECOMPUTE
    zero: tuple[int, ...] = (1, 3)
    global_batch: int | None = None  # sequences per step (None: about 4M tokens, a multiple of DP x micro-batch)


def _divisors(n: int, limit: int) -> list[int]:
    return [d for d in range(1, min(n, limit) + 1) if n % d == 0]


def layouts(model: ModelShape, gpus: int, gpus_per_node: int, seq: int, precision: str,
            ranges: Ranges = Ranges()) -> Iterator[Layout]:
    tps = ranges.tp or tuple(t for t in (1, 2, 4, 8, 16, 32) if t <= 2 * gpus_per_node and model.heads % t == 0)
    pps = ranges.pp or tuple(_divisors(model.layers, 128))
    eps = tuple(_divisors(model.experts, 64)) if model.moe else (1,)
    for tp in tps:
        for pp in pps:
            for cp in (c for c in ranges.cp if seq % c == 0):
                if gpus % (tp * pp * cp):
                    continue
                dp = gpus // (tp * pp * cp)
                yield from _inner(model, tp, pp, cp, dp, eps, seq, precision, ranges)


def _inner(model: ModelShape, tp: int, pp: int, cp: int, dp: int, eps: tuple[int, ...], seq: int, precision: str,
           ranges: Ranges) -> Iterator[Layout]:
    for mb in ranges.micro_batch:
        batch = ranges.global_batch or default_global_batch(seq, dp, mb)
        if batch % (dp * mb):
            continue
        for v in (v for v in ranges.vpp if (v == 1 or pp > 1) and model.layers % (pp * v) == 0):
            for ep in (e for e in eps if (dp * cp) % e == 0):
                base = Layout(tp=tp, pp=pp, dp=dp, cp=cp, ep=ep, micro_batch=mb, global_batch=batch, vpp=v,
                              seq_len=seq, precision=precision)
                for recompute in ranges.recompute:
                    for zero in ranges.zero:
                        yield replace(base, recompute=recompute, zero=zero)


@dataclass(frozen=True)
class SearchResult:
    evaluated: int
    fitting: int
    best: tuple[Step, ...]


def search(model: ModelShape, gpus: int, hw: Hardware, seq: int | None = None, precision: str = "bf16",
           ranges: Ranges = Ranges(), top: int = 10) -> SearchResult:
    grid = list(layouts(model, gpus, hw.gpus_per_node, seq or model.seq_len, precision, ranges))
    if len(grid) > MAX_LAYOUTS:
        raise DesignerError(f"{len(grid):,} layouts is past the {MAX_LAYOUTS:,} this search evaluates: narrow the "
                            "ranges (--tp, --pp, --cp, --microbatch)")
    fitting: list[Step] = []
    for lay in grid:
        try:
            step = simulate_step(model, lay, hw)
        except DesignerError:  # a layout the model cannot run (heads, experts): not a candidate
            continue
        if step.memory.fits:
            fitting.append(step)
    # fastest first; among equals the one that needs less memory, then the fewest parallel dimensions
    fitting.sort(key=lambda s: (-round(s.tokens / s.step_time_s, 6), round(s.memory.total_gib, 3),
                                s.layout.tp * s.layout.cp * s.layout.pp * s.layout.vpp))
    return SearchResult(len(grid), len(fitting), tuple(_distinct(fitting, top)))


def _distinct(ranked: list[Step], top: int) -> list[Step]:
    """The first `top` of the ranking with one layout per outcome: layouts the model cannot tell apart (the same
    step time and memory) are shown once, by the simplest of them (first in the ranking)."""
    out: list[Step] = []
    seen: set[tuple[float, float]] = set()
    for s in ranked:
        key = (round(s.step_time_s, 4), round(s.memory.total_gib, 1))
        if key not in seen:
            seen.add(key)
            out.append(s)
            if len(out) == top:
                break
    return out
