"""Capital bills: priced lines of parts, for one node design (and, through the cluster plan's BOM, a cluster).

A node is priced from its parts: the chassis (board, memory, drives, fans and assembly as the chassis part's
price says) and every placed component, grouped by part. Networks drawn outside the chassis (scale-out
fabrics) are not bought with the node and are not priced here; a cluster plan prices its switches, cables and
optics from its own bill of materials.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from designer.cost.prices import Prices
from designer.cost.tco import Tco, TcoParams, tco
from designer.model.budget import power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.parts import AnyPart, GpuSpec

NOT_BOUGHT = frozenset({"fabric"})  # part kinds that stand for a network outside the node


@dataclass(frozen=True)
class CapitalLine:
    category: str  # "node", "network", "facility" ... as the caller groups them
    part: str  # catalog part id
    name: str
    quantity: int
    unit_usd: float
    estimate: bool
    source: str
    basis: str
    price_key: str  # the price book entry used: "part:..." or "family:..."
    family: str = ""  # the part's kind ("gpu", "switch", ...): a quote's subtotals group by it

    @property
    def total_usd(self) -> float:
        return self.quantity * self.unit_usd


@dataclass(frozen=True)
class Bill:
    lines: tuple[CapitalLine, ...]

    @property
    def total_usd(self) -> float:
        return sum(line.total_usd for line in self.lines)

    @property
    def estimated(self) -> bool:
        return any(line.estimate for line in self.lines)

    @property
    def estimated_usd(self) -> float:
        return sum(line.total_usd for line in self.lines if line.estimate)

    def by_category(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for line in self.lines:
            out[line.category] = out.get(line.category, 0.0) + line.total_usd
        return out

    def times(self, n: int, category: str | None = None) -> Bill:
        """The same bill n times (n nodes), optionally under another category."""
        return Bill(tuple(CapitalLine(category or ln.category, ln.part, ln.name, ln.quantity * n, ln.unit_usd,
                                      ln.estimate, ln.source, ln.basis, ln.price_key, ln.family) for ln in self.lines))

    def __add__(self, other: Bill) -> Bill:
        return Bill(self.lines + other.lines)


def price_lines(items: Iterable[tuple[str, str, int]], catalog: Catalog, prices: Prices,
                extra: Mapping[str, AnyPart] | None = None) -> Bill:
    """Priced lines for (category, part id, quantity) items; a part kind is its price family. `extra`: parts a plan
    makes that the catalog does not hold (a PDU rated to the site's feed), priced by their family."""
    lines = []
    for category, part_id, qty in items:
        part = (extra or {}).get(part_id) or catalog.get(part_id)
        family = getattr(part, "kind", "")
        q = prices.quote(part_id, family, getattr(part, "output_w", None))
        lines.append(CapitalLine(category, part_id, part.name, qty, q.unit_usd, q.estimate, q.source, q.basis,
                                 q.key, family))
    return Bill(tuple(lines))


def node_bill(design: Design, catalog: Catalog, prices: Prices, category: str = "node") -> Bill:
    """One node: its chassis and every placed part bought with it."""
    counts = Counter(c.part for c in design.components
                     if getattr(catalog.get(c.part), "kind", "") not in NOT_BOUGHT)
    items = [(category, design.chassis, 1)] + [(category, part, n) for part, n in sorted(counts.items())]
    return price_lines(items, catalog, prices)


def node_tco(design: Design, catalog: Catalog, prices: Prices,
             params: TcoParams | None = None) -> tuple[Bill, Tco | None]:
    """A node's bill and its cost of ownership at its peak wall power; no Tco for a design without GPUs."""
    bill = node_bill(design, catalog, prices)
    gpus = sum(1 for c in design.components if isinstance(catalog.get(c.part), GpuSpec))
    if not gpus:
        return bill, None
    return bill, tco(bill.total_usd, power_budget(design, catalog).wall_w, gpus, params, bill.estimated)


def cost_breakdown(bill: Bill, t: Tco) -> dict:
    """The figures of a bill and its cost of ownership as JSON-able data, every line with its price's source
    (the `cost` CLI's --json and the `cost` block of `cluster info --json`)."""
    return t.as_dict() | {
        "capital_by_category_usd": {k: round(v) for k, v in bill.by_category().items()},
        "estimated_capital_usd": round(bill.estimated_usd),
        "lines": [{"category": ln.category, "part": ln.part, "name": ln.name, "quantity": ln.quantity,
                   "unit_usd": round(ln.unit_usd, 2), "total_usd": round(ln.total_usd, 2), "estimate": ln.estimate,
                   "price_key": ln.price_key, "source": ln.source, "basis": ln.basis} for ln in bill.lines],
    }
