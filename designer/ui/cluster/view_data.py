"""What the cluster window shows, as plain data made once per plan revision (no Qt here: made off the GUI
thread and tested without a display). Graphics items paint these values and nothing else.

A PlanAnalysis holds the built ClusterModel, its rule report, BOM and `cluster info` figures, every rack's
elevation with its load against the site's rack power limit, and the fabric's tiers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from designer.cluster.bom import BomLine, bom
from designer.cluster.build import ClusterModel
from designer.cluster.plan import ClusterPlan
from designer.cluster.racks import Slot
from designer.cluster.rules import check_plan
from designer.cluster.summary import info_dict
from designer.core.errors import DesignerError
from designer.cost.cluster import PricedBomLine, cost_summary, priced_bom
from designer.cost.prices import Prices, catalog_prices
from designer.cost.tco import TcoParams
from designer.model.catalog import Catalog
from designer.rules import Report

HIGH_LOAD = 0.8  # a rack above this share of its power limit is drawn amber; above 1.0 red
RACK_ASPECT = 2.0  # the rack rows are laid out about this much wider than tall


@dataclass(frozen=True)
class RackData:
    name: str
    role: str  # compute, network, management
    slots: tuple[Slot, ...]
    watts: float
    limit_w: float
    height_u: int

    @property
    def load(self) -> float:
        return self.watts / self.limit_w if self.limit_w else math.inf

    @property
    def level(self) -> str:
        """ok, high (over HIGH_LOAD of the limit) or over (above the limit)."""
        return "over" if self.load > 1 + 1e-9 else "high" if self.load > HIGH_LOAD else "ok"


def slot_at(rack: RackData, u: float) -> Slot | None:
    """The racked part at height `u` (in U from the bottom, 1-based), if any; zero-U PDUs are never hit."""
    for slot in rack.slots:
        if slot.height_u and slot.u <= u < slot.u + slot.height_u:
            return slot
    return None


@dataclass(frozen=True)
class Tier:
    role: str  # node, leaf, spine, core
    per_plane: int
    planes: int
    part: str

    @property
    def total(self) -> int:
        return self.per_plane * self.planes


@dataclass(frozen=True)
class TierLink:
    lower: str
    upper: str
    cables: int


@dataclass(frozen=True)
class FabricView:
    tiers: tuple[Tier, ...]  # bottom (nodes) up
    links: tuple[TierLink, ...]
    scalable_units: int
    positions_per_su: int
    oversubscription: float
    topology: str


def fabric_view(model: ClusterModel) -> FabricView:
    c, sw = model.compute, model.switch.id
    tiers = [Tier("node", c.nodes, 1, model.node.name), Tier("leaf", c.leaf_switches // c.planes, c.planes, sw),
             Tier("spine", c.spine_switches // c.planes, c.planes, sw)]
    links = [TierLink("node", "leaf", c.node_leaf_cables), TierLink("leaf", "spine", c.leaf_spine_cables)]
    if c.core_switches:
        tiers.append(Tier("core", c.core_switches // c.planes, c.planes, sw))
        links.append(TierLink("spine", "core", c.spine_core_cables))
    return FabricView(tuple(tiers), tuple(links), c.scalable_units, c.positions_per_su, c.oversubscription,
                      model.fabric.topology)


def row_columns(total: int, rack_w: float, rack_h: float) -> int:
    """Racks per row so the whole floor is about RACK_ASPECT times as wide as it is tall."""
    return max(1, min(total, max(4, round(math.sqrt(RACK_ASPECT * total * rack_h / rack_w)))))


def floor_positions(racks: tuple[RackData, ...], columns: int) -> list[tuple[int, int]]:
    """(column, row) of every rack: rows of `columns` racks; the network and management racks start a row of
    their own after the compute racks."""
    out: list[tuple[int, int]] = []
    row, col, compute = -1, columns, None
    for rack in racks:
        is_compute = rack.role == "compute"
        if col == columns or is_compute != compute:
            row, col, compute = row + 1, 0, is_compute
        out.append((col, row))
        col += 1
    return out


@dataclass
class PlanAnalysis:
    revision: int
    plan: ClusterPlan
    model: ClusterModel
    report: Report
    bom: list[BomLine]
    info: dict
    racks: tuple[RackData, ...]
    fabric: FabricView
    cost: dict  # designer.cost.cluster.cost_summary at the plan's PUE (the Preferences price book over the shipped)
    priced: list[PricedBomLine]  # the BOM with unit prices from the same book (the CSV export)


def plan_prices(catalog: Catalog, price_book: Path | None) -> tuple[Prices, str]:
    """The user's price book (Preferences) over the shipped one; a book that cannot be used gives the shipped
    prices and the one-line reason, never a failed analysis."""
    if price_book is not None:
        try:
            return catalog_prices(catalog, price_book), ""
        except DesignerError as exc:
            return catalog_prices(catalog), str(exc)
    return catalog_prices(catalog), ""


def analyse_plan(plan: ClusterPlan, catalog: Catalog, revision: int,
                 price_book: Path | None = None) -> PlanAnalysis:
    """Everything the window shows of one plan revision (raises DesignerError when it cannot be built)."""
    model = ClusterModel(plan, catalog)
    site = model.site
    racks = tuple(RackData(r.name, r.role, r.slots, r.watts, site.power_limit_w, site.rack_height_u)
                  for r in model.racks.racks)
    prices, book_error = plan_prices(catalog, price_book)
    cost = cost_summary(model, prices, TcoParams(pue=site.pue)) | {"price_book_error": book_error}
    return PlanAnalysis(revision, plan, model, check_plan(model), bom(model), info_dict(model), racks,
                        fabric_view(model), cost, priced_bom(model, prices))


def headline(info: dict) -> dict[str, float]:
    """The cluster's headline figures (presentation mode, status bar), by key; labels are the UI's."""
    c = info["fabrics"]["compute"]
    return {"gpus": info["gpus"], "nodes": info["nodes"], "racks": info["racks"]["total"],
            "it_kw": info["power"]["it_w"] / 1000, "facility_kw": info["power"]["facility_w"] / 1000,
            "switches": c["leaf_switches"] + c["spine_switches"] + c["core_switches"],
            "cables": c["node_leaf_cables"] + c["leaf_spine_cables"] + c["spine_core_cables"],
            "worst_feed": info["feeds"]["max_load_after_loss"]}
