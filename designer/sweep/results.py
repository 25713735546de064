"""A finished sweep read back for a chart or a table: its rows' figures as arrays, the Pareto rows marked, and
the cluster plan any row stands for (so a click on a chart point can open that plan)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from designer.cluster.plan import ClusterPlan
from designer.core.errors import DesignerError, one_line
from designer.io.files import atomic_write_bytes
from designer.sweep.evaluate import plan_of
from designer.sweep.grid import Point

MAX_ROWS_SHOWN = 200_000  # a chart of more points is unreadable and slow; the CSV keeps them all


@dataclass(frozen=True)
class SweepRows:
    rows: list[dict[str, str]]
    busbw: np.ndarray
    cost: np.ndarray
    watts: np.ndarray
    pareto: np.ndarray  # bool

    def __len__(self) -> int:
        return len(self.rows)

    @classmethod
    def empty(cls) -> SweepRows:
        none = np.zeros(0)
        return cls([], none, none, none, np.zeros(0, dtype=bool))

    def point(self, i: int) -> Point:
        r = self.rows[i]
        return Point(i, r["node"], int(r["gpus"]), float(r["oversubscription"]), r["network"],
                     float(r["electricity_usd_kwh"]), float(r["pue"]))

    def plan(self, i: int) -> ClusterPlan:
        return plan_of(self.point(i))


def read_rows(path: Path) -> SweepRows:
    try:
        with Path(path).open(newline="", encoding="utf-8") as f:
            rows = [row for _, row in zip(range(MAX_ROWS_SHOWN), csv.DictReader(f), strict=False)]
        busbw = np.array([float(r["allreduce_busbw_gbytes_s"]) for r in rows])
        cost = np.array([float(r["tco_usd_per_gpu_hour"]) for r in rows])
        watts = np.array([float(r["facility_w_per_gpu"]) for r in rows])
        pareto = np.array([r["pareto"] == "true" for r in rows], dtype=bool)
    except (OSError, KeyError, ValueError) as exc:
        raise DesignerError(f"{one_line(str(path))}: not a sweep result ({one_line(str(exc))})") from None
    return SweepRows(rows, busbw, cost, watts, pareto)


def nearest(rows: SweepRows, busbw: float, cost: float, x_span: float, y_span: float) -> int | None:
    """The row nearest a chart position, measured in shares of the axes' spans; None for an empty sweep."""
    if not len(rows):
        return None
    d = ((rows.busbw - busbw) / (x_span or 1.0)) ** 2 + ((rows.cost - cost) / (y_span or 1.0)) ** 2
    return int(np.argmin(d))


def front_2d(rows: SweepRows) -> np.ndarray:
    """The rows no other row beats on both axes of the chart (busbw higher, cost per GPU-hour lower), in order of
    busbw: the front the chart draws as a step line. The Pareto column also weighs facility watts, so its rows
    seen on these two axes alone zig-zag; this is their two-axis front."""
    if not len(rows):
        return np.zeros(0, dtype=int)
    order = np.lexsort((rows.cost, -rows.busbw))  # busbw high to low, the cheaper first among equals
    front, best = [], np.inf
    for i in order:
        if rows.cost[i] < best:
            front.append(i)
            best = rows.cost[i]
    return np.array(front[::-1], dtype=int)


@dataclass(frozen=True)
class Column:
    key: str  # the CSV column
    numeric: bool


TABLE_COLUMNS = (Column("node", False), Column("gpus", True), Column("oversubscription", True),
                 Column("network", False), Column("electricity_usd_kwh", True), Column("pue", True),
                 Column("allreduce_busbw_gbytes_s", True), Column("tco_usd_per_gpu_hour", True),
                 Column("facility_w_per_gpu", True), Column("capex_usd", True), Column("pareto", False))


def table_order(rows: SweepRows, column: int | None = None, descending: bool = False, text: str = "") -> np.ndarray:
    """The row indices a results table shows: those whose cells contain every word of `text` (case-insensitive; a
    word may be 'pareto' to keep the Pareto set), sorted on TABLE_COLUMNS[column] (numbers as numbers; ties keep
    the file's order)."""
    words = text.lower().split()
    keep = [i for i, r in enumerate(rows.rows)
            if all(any(w in str(r.get(c.key, "")).lower() for c in TABLE_COLUMNS) or
                   (w == "pareto" and rows.pareto[i]) for w in words)]
    idx = np.array(keep, dtype=int)
    if column is None or not len(idx):
        return idx
    col = TABLE_COLUMNS[column]
    if col.numeric:
        keys = np.array([float(rows.rows[i].get(col.key) or "nan") for i in idx])
    else:
        keys = np.array([str(rows.rows[i].get(col.key, "")) for i in idx])
    _, rank_of = np.unique(keys, return_inverse=True)  # equal keys share a rank; a stable sort keeps their order
    return idx[np.argsort(-rank_of if descending else rank_of, kind="stable")]


def write_rows(rows: SweepRows, order: np.ndarray, path: Path, columns: tuple[str, ...]) -> None:
    """The rows in `order` as CSV with `columns`, written atomically (designer.io.files.atomic_write_bytes)."""
    text = io.StringIO(newline="")
    out = csv.DictWriter(text, fieldnames=list(columns), extrasaction="ignore")
    out.writeheader()
    for i in order:
        out.writerow(rows.rows[int(i)])
    atomic_write_bytes(path, text.getvalue().encode("utf-8"))
