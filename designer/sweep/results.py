"""A finished sweep read back for a chart or a table: its rows' figures as arrays, the Pareto rows marked, and
the cluster plan any row stands for (so a click on a chart point can open that plan)."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from designer.cluster.plan import ClusterPlan
from designer.core.errors import DesignerError, one_line
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
