"""A cluster plan's capital bill and cost of ownership: its nodes priced part by part, and every other line of
its bill of materials (switches, optics, cables, PDUs, racks, CDUs) from the price book."""

from __future__ import annotations

from designer.cluster.bom import bom
from designer.cluster.build import ClusterModel
from designer.cost.bill import Bill, cost_breakdown, node_bill, price_lines
from designer.cost.prices import Prices
from designer.cost.tco import Tco, TcoParams, tco


def cluster_bill(m: ClusterModel, prices: Prices) -> Bill:
    lines = bom(m)
    nodes = node_bill(m.node_analysis.design, m.catalog, prices).times(m.nodes, "nodes")
    others = [(line.category, line.part, line.quantity) for line in lines if line.category != "node"]
    return nodes + price_lines(others, m.catalog, prices, m.extra_parts())


def cluster_tco(m: ClusterModel, prices: Prices, params: TcoParams | None = None, bill: Bill | None = None) -> Tco:
    """Capital from the bill; power and PUE from the plan (the plan's PUE unless `params` sets another)."""
    bill = bill or cluster_bill(m, prices)
    p = params or TcoParams(pue=m.site.pue)
    return tco(bill.total_usd, m.it_w, m.compute.gpus, p, bill.estimated)


def cost_summary(m: ClusterModel, prices: Prices, params: TcoParams | None = None) -> dict:
    """The `cost` block of `cluster info --json`: capital by category, yearly cost by term, cost per GPU-hour,
    energy, and how much of the capital rests on estimates (every figure derived from one says so)."""
    bill = cluster_bill(m, prices)
    return cost_breakdown(bill, cluster_tco(m, prices, params, bill)) | {"price_book": prices.origin}


def cost_lines(cost: dict) -> list[str]:
    """`cluster info` text lines for the cost block."""
    est = " (estimated)" if cost["capital_estimated"] else ""
    cats = ", ".join(f"{k} US${v:,.0f}" for k, v in cost["capital_by_category_usd"].items())
    p = cost["params"]
    return [f"Capital: US${cost['capital_usd']:,.0f}{est} ({cats}); US${cost['estimated_capital_usd']:,.0f} of it "
            f"from estimates",
            f"Yearly cost: US${cost['yearly_usd']:,.0f}{est}; US${cost['usd_per_gpu_hour']:,.2f} per GPU-hour at "
            f"{p['utilisation']:.0%} utilisation, PUE {p['pue']:g}, US${p['electricity_usd_kwh']:g}/kWh; "
            f"{cost['energy_kwh_per_year']:,.0f} kWh a year"]
