"""Run a sweep on Dask and stream its rows to a CSV file; nothing is left behind when it fails or is cancelled.

Chunks of grid points are evaluated by a pure, module-level function, either on Dask's local schedulers
(synchronous in this process, or its multiprocessing scheduler over a pool of processes) or on an existing
dask.distributed cluster (`scheduler="tcp://HOST:PORT"`). At most `window` chunks are in flight, and rows are
written in grid order as their chunks complete, so memory does not grow with the grid. The first pass writes
every row; the second copies them, marking `pareto`, into the output file, which appears only when complete.
"""

from __future__ import annotations

import csv
import heapq
import os
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dask

from designer.core.errors import one_line
from designer.sweep.grid import Grid, Point, SweepError
from designer.sweep.pareto import ScenarioFronts

ChunkFn = Callable[[list[Point], Any], list[dict]]
Progress = Callable[[int, int], None]
CONNECT_TIMEOUT_S = 10


class Cancelled(Exception):  # noqa: N818 (a user's choice, not an error: the name says what happened)
    """The user stopped the sweep; no output file was written."""


@dataclass(frozen=True)
class SweepResult:
    path: Path
    rows: int
    pareto: int
    top: list[dict]


def _local_windows(chunks: Iterator[list[Point]], fn: ChunkFn, ctx: Any, workers: int,
                   window: int) -> Iterator[list[dict]]:
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        while batch := [c for _, c in zip(range(window), chunks, strict=False)]:
            tasks = [dask.delayed(fn)(c, ctx) for c in batch]
            if pool is None:
                results = dask.compute(*tasks, scheduler="synchronous")
            else:
                results = dask.compute(*tasks, scheduler="processes", pool=pool)
            yield from results
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


@contextmanager
def _client(address: str) -> Iterator[Any]:
    from distributed import Client  # noqa: PLC0415 (only a distributed sweep pays for importing it)

    try:
        client = Client(address, timeout=f"{CONNECT_TIMEOUT_S}s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise SweepError(f"cannot reach the Dask scheduler at '{one_line(address)}' within {CONNECT_TIMEOUT_S} s "
                         f"({one_line(exc.__class__.__name__)})") from None
    try:
        yield client
    finally:
        client.close()


def _distributed_windows(client: Any, chunks: Iterator[list[Point]], fn: ChunkFn, ctx: Any,
                         window: int) -> Iterator[list[dict]]:
    from distributed import as_completed  # noqa: PLC0415

    ctx_future = client.scatter(ctx, broadcast=True)
    pending: dict[Any, int] = {}
    done: dict[int, list[dict]] = {}
    next_out = 0
    queue = as_completed(loop=client.loop)
    for submitted, chunk in enumerate(chunks):
        fut = client.submit(fn, chunk, ctx_future, pure=False)
        pending[fut] = submitted
        queue.add(fut)
        while len(pending) >= window:
            _drain_one(queue, pending, done)
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
    while pending:
        _drain_one(queue, pending, done)
        while next_out in done:
            yield done.pop(next_out)
            next_out += 1


def _drain_one(queue: Any, pending: dict[Any, int], done: dict[int, list[dict]]) -> None:
    """Wait for the next finished chunk and keep its rows until their turn comes."""
    fut = next(queue)
    done[pending.pop(fut)] = fut.result()


def _remove(*paths: Path) -> None:
    for p in paths:
        with suppress(OSError):
            p.unlink()


def _first_pass(rows: Iterator[list[dict]], columns: Sequence[str], path: Path, total: int,
                objectives: Callable[[dict], Sequence[float]], progress: Progress | None,
                cancel: threading.Event | None, scenario: Callable[[dict], tuple] | None = None) -> ScenarioFronts:
    front = ScenarioFronts()
    count = 0
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(columns), extrasaction="raise")
        writer.writeheader()
        for chunk_rows in rows:
            if cancel is not None and cancel.is_set():
                raise Cancelled
            for row in chunk_rows:
                front.add(count, objectives(row), scenario(row) if scenario else ())
                writer.writerow(row)
                count += 1
            if progress is not None:
                progress(count, total)
    return front


def _second_pass(src: Path, dst: Path, front: ScenarioFronts, top_k: int,
                 rank: Callable[[dict], float]) -> tuple[int, list[dict]]:
    keep = front.indices
    best: list[tuple[float, int, dict]] = []
    n = 0
    with src.open(newline="", encoding="utf-8") as fi, dst.open("w", newline="", encoding="utf-8") as fo:
        reader = csv.DictReader(fi)
        writer = csv.DictWriter(fo, fieldnames=[*(reader.fieldnames or []), "pareto"])
        writer.writeheader()
        for i, row in enumerate(reader):
            on_front = i in keep
            row["pareto"] = "true" if on_front else "false"
            writer.writerow(row)
            n += 1
            if on_front and top_k:
                heapq.heappush(best, (-rank(row), -i, row))
                if len(best) > top_k:
                    heapq.heappop(best)
        fo.flush()
        os.fsync(fo.fileno())
    return n, [row for _, _, row in sorted(best, key=lambda t: (-t[0], -t[1]))]


def run_sweep(grid: Grid, fn: ChunkFn, ctx: Any, out: Path, columns: Sequence[str],
              objectives: Callable[[dict], Sequence[float]], rank: Callable[[dict], float],
              scheduler: str | None = None, workers: int = 1, chunk_size: int | None = None, window: int = 8,
              top_k: int = 0, progress: Progress | None = None,
              cancel: threading.Event | None = None, scenario: Callable[[dict], tuple] | None = None) -> SweepResult:
    """Evaluate every point of `grid`, write `out` (CSV with a `pareto` column) atomically, return a summary."""
    out = Path(out)
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise SweepError(f"-o {one_line(str(out))}: the folder '{one_line(str(folder))}' does not exist")
    fd1, name1 = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".rows", dir=folder)
    fd2, name2 = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=folder)
    os.close(fd1)
    os.close(fd2)
    first, second = Path(name1), Path(name2)
    try:
        # a task on a distributed cluster costs a round trip: bigger chunks there (still whole plans)
        chunks = grid.chunks(chunk_size or grid.aligned_chunk(256 if scheduler else 64))
        if scheduler:
            with _client(scheduler) as client:
                rows = _distributed_windows(client, chunks, fn, ctx, max(window, 2 * _n_workers(client)))
                front = _first_pass(rows, columns, first, len(grid), objectives, progress, cancel, scenario)
        else:
            rows = _local_windows(chunks, fn, ctx, workers, window)
            front = _first_pass(rows, columns, first, len(grid), objectives, progress, cancel, scenario)
        n, top = _second_pass(first, second, front, top_k, rank)
        os.replace(second, out)
    finally:
        _remove(first, second)
    return SweepResult(out, n, len(front), top)


def _n_workers(client: Any) -> int:
    with suppress(Exception):
        return len(client.scheduler_info().get("workers", {})) or 1
    return 1
