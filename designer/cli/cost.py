"""`cost`: what a node design costs to buy and to run (capital, yearly cost, cost per GPU-hour), from the
shipped price book or the user's own. The TCO options are shared with the cluster and sweep commands."""

from __future__ import annotations

import argparse
from pathlib import Path

from pydantic import ValidationError

from designer.cli.common import EXIT_OK, UsageError, print_json, resolve_design
from designer.core import i18n
from designer.core.errors import DesignerError, one_line
from designer.core.locale import render
from designer.core.messages import Audience, Msg, Name, Number, Percent, _m
from designer.cost.bill import Bill, cost_breakdown, node_tco
from designer.cost.money import OFFERED, USD, Currency, currency
from designer.cost.prices import Prices, catalog_prices
from designer.cost.quote import pad, quote_dict, quote_text
from designer.cost.tco import SOURCES, Tco, TcoParams
from designer.model.catalog import Catalog, default_catalog

YEARLY_WORDS = {"it_depreciation": _m("IT depreciation"), "it_interest": _m("IT interest"),
                "it_maintenance": _m("IT maintenance"), "facility_depreciation": _m("facility depreciation"),
                "facility_interest": _m("facility interest"), "facility_operation": _m("facility operation"),
                "energy": _m("energy")}
TCO_OPTIONS = {  # option -> (TcoParams field, help)
    "--electricity-usd-kwh": ("electricity_usd_kwh", "electricity price, US$ per kWh"),
    "--pue": ("pue", "power usage effectiveness of the site (>= 1)"),
    "--utilisation": ("utilisation", "share of GPU-hours used or sold (0-1]"),
    "--life-years": ("it_life_years", "IT equipment life in years"),
    "--interest": ("interest_rate", "yearly interest rate on capital (0-1)"),
}


def add_tco_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--price-book", type=Path, metavar="FILE", help="your price book (JSON), over the shipped one")
    for option, (field, text) in TCO_OPTIONS.items():
        default = TcoParams.model_fields[field].default
        p.add_argument(option, type=float, metavar="X", dest=field, help=f"{text} (default {default})")


def tco_params(args: argparse.Namespace) -> TcoParams:
    given = {field: getattr(args, field) for field, _ in TCO_OPTIONS.values() if getattr(args, field) is not None}
    try:
        return TcoParams(**given)
    except ValidationError as exc:
        err = exc.errors()[0]
        option = next(o for o, (f, _) in TCO_OPTIONS.items() if f == err["loc"][0])
        raise UsageError(f"{option} {given[str(err['loc'][0])]}: {one_line(err['msg'])}") from None


def prices_for(args: argparse.Namespace, catalog: Catalog) -> Prices:
    return catalog_prices(catalog, args.price_book)


def add_currency_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--currency", metavar="CODE", type=str.upper,
                   help=f"prices in this currency at the price book's dated rate ({', '.join(OFFERED)}; default USD)")


def currency_for(args: argparse.Namespace, prices: Prices) -> Currency:
    try:
        return currency(prices, getattr(args, "currency", None))
    except DesignerError as exc:
        raise UsageError(str(exc)) from None


def cost_dict(bill: Bill, t: Tco, rental: float | None, prices: Prices, cur: Currency = USD) -> dict:
    out = cost_breakdown(bill, t) | {"param_sources": SOURCES, "quote": quote_dict(bill, prices, cur)}
    if rental is not None:
        out["rental_usd_per_gpu_hour"] = rental
        out["break_even_utilisation"] = round(t.break_even_utilisation(rental), 4)
    return out


def _text(bill: Bill, t: Tco, rental: float | None, prices: Prices, cur: Currency, lang: str = "en") -> list[str]:
    def say(msg: Msg) -> str:
        return render(msg, lang, Audience.CLI)

    def row(label: Msg, value: str, indent: int = 0) -> str:
        return " " * indent + pad(say(label), 24 - indent) + " " + value

    est = say(_m(" (estimated)")) if bill.estimated else ""
    lines = [row(_m("Capital"), cur.format(t.capital_usd) + est), *quote_text(bill, prices, cur, lang=lang)]
    lines.append(row(_m("Yearly cost"), cur.format(t.yearly_usd) + est))
    for term, value in t.yearly.items():
        word = YEARLY_WORDS.get(term) or _m("{term}", term=term.replace("_", " "))
        lines.append("  " + pad(say(word), 22) + " " + f"{cur.format(value):>14}")
    per_hour = _m("{price}{estimated} at {utilisation} utilisation, PUE {pue}, US${kwh_price}/kWh",
                  price=Name(cur.format(t.usd_per_gpu_hour, 2)), estimated=Name(est),
                  utilisation=Percent(t.params.utilisation), pue=Number(t.params.pue, None),
                  kwh_price=Number(t.params.electricity_usd_kwh, None))
    lines.append(row(_m("Cost per GPU-hour"), say(per_hour)))
    energy = _m("{kwh} kWh a year at the meter", kwh=Number(t.energy_kwh_per_year))
    lines.append(row(_m("Energy"), say(energy)))
    if rental is not None:
        be = t.break_even_utilisation(rental)
        verdict = _m("{share} utilisation", share=Percent(be)) if be <= 1 else \
            _m("never (owning costs more even fully used)")
        rent = _m("at US${price}/GPU-hour: {verdict}", price=Number(rental, 2), verdict=verdict)
        lines.append(row(_m("Break-even vs renting"), say(rent)))
    lines.append(say(_m("* estimate, not a list price (see --json for each price's source and basis)")))
    return lines


def cmd_cost(args: argparse.Namespace) -> int:
    lang = i18n.parse_language(args.lang)
    catalog = default_catalog()
    params = tco_params(args)
    if args.rental_usd_gpu_hour is not None and args.rental_usd_gpu_hour <= 0:
        raise UsageError(f"--rental-usd-gpu-hour {args.rental_usd_gpu_hour}: must be greater than 0")
    prices = prices_for(args, catalog)
    cur = currency_for(args, prices)
    design = resolve_design(args.design, catalog)
    bill, t = node_tco(design, catalog, prices, params)
    if t is None:
        raise UsageError(f"'{one_line(args.design)}' has no GPUs: a cost per GPU-hour needs at least one")
    if args.json:
        print_json(cost_dict(bill, t, args.rental_usd_gpu_hour, prices, cur))
    else:
        print("\n".join(_text(bill, t, args.rental_usd_gpu_hour, prices, cur, lang)))
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cost", help="capital, yearly cost and cost per GPU-hour of a design")
    p.add_argument("design", help="design file or template id")
    add_tco_arguments(p)
    p.add_argument("--rental-usd-gpu-hour", type=float, metavar="P", help="rental price to break even against")
    add_currency_argument(p)
    p.add_argument("--json", action="store_true", help="machine-readable figures with every price's source")
    p.add_argument("--lang", default="en", help="language of the text: en (default), zh-TW or zh-CN (--json keeps "
                                                "the English words)")
    p.set_defaults(func=cmd_cost)
