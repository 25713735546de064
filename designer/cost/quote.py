"""A bill of materials a customer can quote from: each line's quantity, unit price and extended price, a subtotal for
each group of parts (GPUs, NICs, switches, cables, ...), the total, how much of it rests on estimates, the price
book's version and, in another currency, the exchange rate with its date and source.

Groups: a node's parts by their kind; a cluster's other lines by their bill-of-materials category. Lines keep the
bill's order inside a group; groups follow GROUP_ORDER.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.core.errors import one_line
from designer.cost.bill import Bill, CapitalLine
from designer.cost.money import Currency
from designer.cost.prices import Prices

# group key -> its heading (English; the CLI's words)
GROUP_WORDS = {
    "chassis": "Chassis", "gpu": "GPUs", "scaleup_switch": "Scale-up switches", "pcie_switch": "PCIe switches",
    "nic": "NICs", "cpu": "CPUs", "psu": "PSUs", "cooling": "Cooling", "switch": "Network switches",
    "cable": "Cables", "transceiver": "Transceivers", "pdu": "PDUs", "rack": "Racks", "cdu": "CDUs",
}
GROUP_ORDER = tuple(GROUP_WORDS)
NODE_CATEGORIES = ("node", "nodes")


@dataclass(frozen=True)
class QuoteGroup:
    key: str
    lines: tuple[CapitalLine, ...]

    @property
    def label(self) -> str:
        return GROUP_WORDS.get(self.key, self.key.replace("_", " ").capitalize())

    @property
    def subtotal_usd(self) -> float:
        return sum(line.total_usd for line in self.lines)


def _group_key(line: CapitalLine) -> str:
    return (line.family or line.category) if line.category in NODE_CATEGORIES else line.category


def quote_groups(bill: Bill) -> list[QuoteGroup]:
    groups: dict[str, list[CapitalLine]] = {}
    for line in bill.lines:
        groups.setdefault(_group_key(line), []).append(line)
    rank = {k: i for i, k in enumerate(GROUP_ORDER)}
    return [QuoteGroup(k, tuple(v)) for k, v in sorted(groups.items(), key=lambda kv: rank.get(kv[0], len(rank)))]


def book_line(prices: Prices, cur: Currency) -> str:
    """'Price book: shipped, version 2026.12; prices in CNY at 7.2 CNY per US$ (2024-12; ...)'."""
    line = f"Price book: {one_line(prices.origin)}, version {one_line(prices.version)}"
    return line + (f"; prices in {cur.code} at {cur.rate_line()}" if not cur.is_usd else "; prices in US$")


def quote_text(bill: Bill, prices: Prices, cur: Currency, width: int = 52) -> list[str]:
    """The priced bill as text lines: a header, each group's lines and subtotal, the total."""
    money = max([len(cur.format(ln.total_usd)) for ln in bill.lines] + [len(cur.format(bill.total_usd)), 10])
    head = f"  {'Qty':>7}  {'Part':<{width}}  {'Unit price':>{money + 2}}  {'Extended':>{money + 2}}"
    out = [book_line(prices, cur), head]
    for group in quote_groups(bill):
        for ln in group.lines:
            mark = " *" if ln.estimate else "  "
            name = ln.name if len(ln.name) <= width else ln.name[: width - 1] + "…"
            out.append(f"  {ln.quantity:>7,}  {name:<{width}}  {cur.format(ln.unit_usd):>{money}}{mark}  "
                       f"{cur.format(ln.total_usd):>{money}}")
        out.append(f"  {'':>7}  {'Subtotal, ' + group.label:<{width}}  {'':>{money + 2}}  "
                   f"{cur.format(group.subtotal_usd):>{money}}")
    est = f" (estimated; {cur.format(bill.estimated_usd)} of it from estimates)" if bill.estimated else ""
    out.append(f"  {'':>7}  {'Total':<{width}}  {'':>{money + 2}}  {cur.format(bill.total_usd):>{money}}{est}")
    return out


def quote_dict(bill: Bill, prices: Prices, cur: Currency) -> dict:
    """The priced bill in the currency, for --json: groups with their lines and subtotals, the total."""
    def amount(usd: float) -> float:
        return round(cur.from_usd(usd), 2)

    return {"currency": cur.as_dict(), "price_book": {"origin": prices.origin, "version": prices.version},
            "groups": [{"group": g.key, "label": g.label, "subtotal": amount(g.subtotal_usd),
                        "lines": [{"part": ln.part, "name": ln.name, "quantity": ln.quantity,
                                   "unit_price": amount(ln.unit_usd), "extended_price": amount(ln.total_usd),
                                   "estimate": ln.estimate} for ln in g.lines]} for g in quote_groups(bill)],
            "total": amount(bill.total_usd), "estimated": amount(bill.estimated_usd)}
