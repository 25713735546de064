"""Cable lengths from a floor layout of the racks, as the DGX SuperPOD RAs' floor plans place them.

Compute racks stand in rows, one scalable unit's racks together (a row holds at most MAX_ROW racks); the network
and management racks stand in one row in the middle of the floor, so no compute row is far from them. Racks are
as wide as the rack part and rows as far apart as its depth plus a cold or hot aisle. A cable runs from its port
up to the overhead tray, along the rows (Manhattan distance between rack centres) and down at the other end,
with slack, and is bought in the next standard length.

What the layout assumes (aisle width, tray height, slack, where a switch stands in its row) is an assumption the
RAs do not publish as numbers; a plan's lengths can be set outright (`node_leaf_length_m` and the others).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

AISLE_M = 1.2  # a cold or hot aisle between rows (assumption: a common 4-foot aisle)
RISE_M = 1.5  # from a port up to the overhead tray, at each end (assumption)
SLACK = 1.1  # 10 % service loop (assumption)
MAX_ROW = 16  # racks in one row
LENGTH_STEPS_M = (1.0, 1.5, 2.0, 3.0, 5.0, 7.0, 10.0, 15.0, 20.0, 30.0, 50.0, 70.0, 100.0, 150.0, 200.0, 300.0,
                  500.0, 1000.0, 2000.0)


def bought_length(metres: float) -> float:
    """The next standard cable length at or above `metres`."""
    return next((s for s in LENGTH_STEPS_M if s >= metres - 1e-9), LENGTH_STEPS_M[-1])


def run_length(horizontal_m: float) -> float:
    return bought_length((horizontal_m + 2 * RISE_M) * SLACK)


@dataclass(frozen=True)
class Floor:
    rack_pitch_m: float  # rack width
    row_pitch_m: float  # rack depth + aisle
    per_row: int  # compute racks per row
    compute_rows: int
    network_racks: int

    @property
    def network_row(self) -> int:
        """The network row's place among the rows (0 = the front): the middle of the floor."""
        return self.compute_rows // 2

    def _network_x(self) -> float:
        """The network row's centre, aligned with the compute rows' centre."""
        return (self.per_row - 1) * self.rack_pitch_m / 2

    def rack_run(self, index: int) -> float:
        """Bought length of a link from compute rack `index` (in row order) to the network row's centre."""
        row, col = divmod(index, self.per_row)
        rows_away = abs((row + (1 if row >= self.network_row else 0)) - self.network_row)
        return run_length(abs(col * self.rack_pitch_m - self._network_x()) + rows_away * self.row_pitch_m)

    def network_length(self) -> float:
        """Switch-to-switch links inside the network row: half its length on average."""
        return run_length(max(1, self.network_racks) * self.rack_pitch_m / 2)


def floor(compute_racks: int, network_racks: int, scalable_units: int, width_mm: int, depth_mm: int) -> Floor:
    per_row = max(1, min(MAX_ROW, math.ceil(compute_racks / max(1, scalable_units))))
    return Floor(width_mm / 1000, depth_mm / 1000 + AISLE_M, per_row, math.ceil(compute_racks / per_row),
                 network_racks)
