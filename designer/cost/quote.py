"""A bill of materials a customer can quote from: each line's quantity, unit price and extended price, a subtotal for
each group of parts (GPUs, NICs, switches, cables, ...), the total, how much of it rests on estimates, the price
book's version and, in another currency, the exchange rate with its date and source.

Groups: a node's parts by their kind; a cluster's other lines by their bill-of-materials category. Lines keep the
bill's order inside a group; groups follow GROUP_ORDER.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from designer.core.errors import one_line
from designer.core.locale import catalog_text, render
from designer.core.messages import Audience, Msg, Name, _m
from designer.cost.bill import Bill, CapitalLine
from designer.cost.money import Currency
from designer.cost.prices import Prices

# group key -> its heading (a message: the CLI's words in its language; str() the English the JSON gives)
GROUP_WORDS = {
    "chassis": _m("Chassis"), "gpu": _m("GPUs"), "scaleup_switch": _m("Scale-up switches"),
    "pcie_switch": _m("PCIe switches"), "nic": _m("NICs"), "cpu": _m("CPUs"), "psu": _m("PSUs"),
    "cooling": _m("Cooling"), "switch": _m("Network switches"), "cable": _m("Cables"),
    "transceiver": _m("Transceivers"), "pdu": _m("PDUs"), "rack": _m("Racks"), "cdu": _m("CDUs"),
}
GROUP_ORDER = tuple(GROUP_WORDS)
NODE_CATEGORIES = ("node", "nodes")


@dataclass(frozen=True)
class QuoteGroup:
    key: str
    lines: tuple[CapitalLine, ...]

    @property
    def label_msg(self) -> Msg:
        return GROUP_WORDS.get(self.key) or _m("{group}", group=self.key.replace("_", " ").capitalize())

    @property
    def label(self) -> str:
        return str(self.label_msg)

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


def book_line(prices: Prices, cur: Currency, lang: str = "en") -> str:
    """'Price book: shipped, version 2026.12; prices in CNY at 7.2 CNY per US$ (2024-12; ...)'."""
    version = Name(one_line(prices.version))
    user = prices.user_book
    origin = _m("shipped") if user is None else _m("shipped + {file}", file=Name(one_line(user)))
    msg = (_m("Price book: {origin}, version {version}; prices in US$", origin=origin, version=version) if cur.is_usd
           else _m("Price book: {origin}, version {version}; prices in {code} at {rate}", origin=origin,
                   version=version, code=cur.code, rate=cur.rate_msg()))
    return render(msg, lang, Audience.CLI)


def text_width(text: str) -> int:
    """Columns a text takes in a terminal: a wide (CJK) character two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` padded with spaces to `width` terminal columns (right-aligned with right=True)."""
    gap = " " * max(0, width - text_width(text))
    return gap + text if right else text + gap


def _cut(text: str, width: int) -> str:
    while text_width(text) > width:
        text = text[:-2] + "…"
    return text


def quote_text(bill: Bill, prices: Prices, cur: Currency, width: int = 52, lang: str = "en") -> list[str]:
    """The priced bill as text lines in a language: a header, each group's lines and subtotal, the total (columns
    counted in terminal cells, so Chinese headings line up)."""
    def say(msg: Msg) -> str:
        return render(msg, lang, Audience.CLI)

    money = max([len(cur.format(ln.total_usd)) for ln in bill.lines] + [len(cur.format(bill.total_usd)), 10])
    qty, part, unit, extended, total = (say(_m("Qty")), say(_m("Part")), say(_m("Unit price")), say(_m("Extended")),
                                        say(_m("Total")))
    head = f"  {pad(qty, 7, True)}  {pad(part, width)}  {pad(unit, money + 2, True)}  {pad(extended, money, True)}"
    out = [book_line(prices, cur, lang), head]
    for group in quote_groups(bill):
        for ln in group.lines:
            mark = " *" if ln.estimate else "  "
            name = _cut(catalog_text(ln.name, lang), width)
            out.append(f"  {ln.quantity:>7,}  {pad(name, width)}  {cur.format(ln.unit_usd):>{money}}"
                       f"{mark}  {cur.format(ln.total_usd):>{money}}")
        subtotal = say(_m("Subtotal, {group}", group=group.label_msg))
        out.append(f"  {'':>7}  {pad(subtotal, width)}  {'':>{money + 2}}  {cur.format(group.subtotal_usd):>{money}}")
    est = say(_m(" (estimated; {amount} of it from estimates)", amount=Name(cur.format(bill.estimated_usd)))) \
        if bill.estimated else ""
    out.append(f"  {'':>7}  {pad(total, width)}  {'':>{money + 2}}  {cur.format(bill.total_usd):>{money}}{est}")
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
