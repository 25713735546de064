"""A cluster plan's capital bill and cost of ownership: its nodes priced part by part, and every other line of
its bill of materials (switches, optics, cables, PDUs, racks, CDUs) from the price book."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from designer.cluster.bom import BomLine, bom
from designer.cluster.build import ClusterModel
from designer.core.csvcells import cell
from designer.core.locale import render
from designer.core.messages import Audience, Msg, Name, Number, Percent, _m, many
from designer.cost.bill import Bill, cost_breakdown, node_bill, price_lines
from designer.cost.money import USD, Currency
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


CATEGORY_WORDS = {"nodes": _m("nodes"), "switch": _m("switches"), "cable": _m("cables"),
                  "transceiver": _m("transceivers"), "pdu": _m("PDUs"), "rack": _m("racks"), "cdu": _m("CDUs")}


def _category(key: str, amount: Name) -> Msg:
    return _m("{category} {amount}", category=CATEGORY_WORDS.get(key, Msg(key)), amount=amount)


def cost_messages(cost: dict, cur: Currency | None = None) -> list[Msg]:
    """`cluster info`'s lines for the cost block as messages, in a currency (US dollars by default); amounts are
    written by the currency (designer.cost.money), the rest in the language the lines are rendered in."""
    cur = cur or USD
    est = cost["capital_estimated"]
    cats = many([_category(k, Name(cur.format(v))) for k, v in cost["capital_by_category_usd"].items()])
    p = cost["params"]
    capital = dict(total=Name(cur.format(cost["capital_usd"])), categories=cats,
                   estimated=Name(cur.format(cost["estimated_capital_usd"])))
    yearly = dict(yearly=Name(cur.format(cost["yearly_usd"])), per_hour=Name(cur.format(cost["usd_per_gpu_hour"], 2)),
                  utilisation=Percent(p["utilisation"]), pue=Number(p["pue"], None),
                  kwh_price=Number(p["electricity_usd_kwh"], None), energy=Number(cost["energy_kwh_per_year"]))
    out = [_m("Capital: {total} (estimated) ({categories}); {estimated} of it from estimates", **capital) if est
           else _m("Capital: {total} ({categories}); {estimated} of it from estimates", **capital),
           _m("Yearly cost: {yearly} (estimated); {per_hour} per GPU-hour at {utilisation} utilisation, PUE {pue}, "
              "US${kwh_price}/kWh; {energy} kWh a year", **yearly) if est
           else _m("Yearly cost: {yearly}; {per_hour} per GPU-hour at {utilisation} utilisation, PUE {pue}, "
                   "US${kwh_price}/kWh; {energy} kWh a year", **yearly)]
    if not cur.is_usd:
        out.append(_m("Prices in {code} at {rate}", code=cur.code, rate=cur.rate_msg()))
    return out


def cost_lines(cost: dict, cur: Currency | None = None, lang: str = "en") -> list[str]:
    """`cluster info` text lines for the cost block, in a currency and a language."""
    return [render(msg, lang, Audience.CLI) for msg in cost_messages(cost, cur)]


@dataclass(frozen=True)
class PricedBomLine:
    line: BomLine
    unit_usd: float
    estimate: bool

    @property
    def total_usd(self) -> float:
        return self.line.quantity * self.unit_usd


def priced_bom(m: ClusterModel, prices: Prices) -> list[PricedBomLine]:
    """The plan's bill of materials with a unit price on every line: a node at its parts' total (estimated where
    one of them is), every other line at its price book entry."""
    node = node_bill(m.node_analysis.design, m.catalog, prices)
    out = []
    for line in bom(m):
        if line.category == "node":
            out.append(PricedBomLine(line, node.total_usd, node.estimated))
        else:
            priced = price_lines([(line.category, line.part, 1)], m.catalog, prices, m.extra_parts()).lines[0]
            out.append(PricedBomLine(line, priced.unit_usd, priced.estimate))
    return out


def priced_bom_csv(lines: list[PricedBomLine], cur: Currency) -> str:
    """The BOM CSV with the unit and extended price of each line in the currency and whether it is estimated."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    code = cur.code.lower()
    writer.writerow(["category", "part", "name", "quantity", "where", f"unit_price_{code}", f"extended_price_{code}",
                     "estimate"])
    for p in lines:
        ln = p.line
        writer.writerow([ln.category, cell(ln.part), cell(ln.name), ln.quantity, cell(ln.where),
                         f"{cur.from_usd(p.unit_usd):.2f}", f"{cur.from_usd(p.total_usd):.2f}",
                         "yes" if p.estimate else "no"])
    return out.getvalue()
