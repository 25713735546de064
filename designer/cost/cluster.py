"""A cluster plan's capital bill and cost of ownership: its nodes priced part by part, and every other line of
its bill of materials (switches, optics, cables, PDUs, racks, CDUs) from the price book."""

from __future__ import annotations

from designer.cluster.bom import bom
from designer.cluster.build import ClusterModel
from designer.cost.bill import Bill, node_bill, price_lines
from designer.cost.prices import Prices
from designer.cost.tco import Tco, TcoParams, tco


def cluster_bill(m: ClusterModel, prices: Prices) -> Bill:
    lines = bom(m)
    nodes = node_bill(m.node_analysis.design, m.catalog, prices).times(m.nodes, "nodes")
    others = [(line.category, line.part, line.quantity) for line in lines if line.category != "node"]
    return nodes + price_lines(others, m.catalog, prices)


def cluster_tco(m: ClusterModel, prices: Prices, params: TcoParams | None = None, bill: Bill | None = None) -> Tco:
    """Capital from the bill; power and PUE from the plan (the plan's PUE unless `params` sets another)."""
    bill = bill or cluster_bill(m, prices)
    p = params or TcoParams(pue=m.plan.site.pue)
    return tco(bill.total_usd, m.it_w, m.compute.gpus, p, bill.estimated)
