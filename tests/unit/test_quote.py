"""A quote-ready bill of materials (issue 34 item 4): unit and extended prices, subtotals by group, the total, the
price book's version, prices in a chosen currency at the book's dated rate; the cluster BOM priced line by line adds
up to the plan's capital."""

from __future__ import annotations

import csv
import io
import json

import pytest

from designer.cli.main import main
from designer.core.csvcells import cell
from designer.core.errors import DesignerError
from designer.cost.money import currency
from designer.cost.prices import load_prices


@pytest.fixture(scope="module")
def prices(catalog):
    return load_prices(known_parts=frozenset(p.id for p in catalog))


def _cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_currencies_convert_at_the_books_dated_rate_and_write_unambiguous_symbols(prices):
    twd, cny, eur, usd = (currency(prices, c) for c in ("twd", "CNY", "EUR", None))
    assert twd.from_usd(prices.rates["TWD"].usd_per_unit) == pytest.approx(1.0)
    assert [c.format(1_234_567.4 * c.usd_per_unit) for c in (usd, twd, cny, eur)] == [
        "US$1,234,567", "NT$1,234,567", "CN¥1,234,567", "€1,234,567"]
    assert usd.format(2.346, 2) == "US$2.35" and twd.rate_line().startswith("32.68 TWD per US$ (2024-12; US Federal")
    with pytest.raises(DesignerError, match="no exchange rate for it .it has USD, CNY, EUR, TWD"):
        currency(prices, "JPY")


def test_cost_quotes_every_line_with_subtotals_and_a_total_in_the_currency(capsys):
    code, out, _ = _cli(capsys, "cost", "dgx-h100", "--currency", "TWD", "--json")
    data = json.loads(out)
    q = data["quote"]
    assert code == 0 and q["currency"]["code"] == "TWD" and q["price_book"]["version"]
    rate = q["currency"]["usd_per_unit"]
    assert q["total"] == pytest.approx(data["capital_usd"] / rate, abs=1)
    assert sum(g["subtotal"] for g in q["groups"]) == pytest.approx(q["total"], abs=0.1)
    for g in q["groups"]:
        assert sum(ln["extended_price"] for ln in g["lines"]) == pytest.approx(g["subtotal"], abs=0.1)
        for ln in g["lines"]:  # each amount rounded to the cent
            cents = 0.005 * ln["quantity"] + 0.01
            assert ln["extended_price"] == pytest.approx(ln["quantity"] * ln["unit_price"], abs=cents)
    assert [g["group"] for g in q["groups"]][:2] == ["chassis", "gpu"]
    code, out, _ = _cli(capsys, "cost", "dgx-h100", "--currency", "TWD")
    assert "Subtotal, GPUs" in out and "NT$" in out and "TWD per US$ (2024-12" in out and "IT depreciation" in out
    amounts = out.split("Cost per GPU-hour")[0].replace("TWD per US$", "")
    assert "Price book: shipped, version 2026.12" in out and "US$" not in amounts  # every amount in NT$
    code, out, err = _cli(capsys, "cost", "dgx-h100", "--currency", "XYZ")
    assert code == 2 and not out and "--currency XYZ" in err and err.count("\n") == 1


def test_the_priced_cluster_bom_adds_up_to_the_plans_capital(capsys, tmp_path):
    plan = tmp_path / "p.json"
    assert _cli(capsys, "cluster", "new", "--node", "dgx-h100", "--gpus", "256", "-o", str(plan))[0] == 0
    code, out, _ = _cli(capsys, "cluster", "bom", str(plan), "--csv", "--currency", "EUR")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and {"unit_price_eur", "extended_price_eur", "estimate"} <= set(rows[0])
    for r in rows:
        qty = int(r["quantity"])  # each cell rounded to the cent
        assert float(r["extended_price_eur"]) == pytest.approx(qty * float(r["unit_price_eur"]), abs=0.005 * qty + 0.01)
    code, out, _ = _cli(capsys, "cluster", "info", str(plan), "--json", "--currency", "EUR")
    cost = json.loads(out)["cost"]
    eur = cost["currency"]["usd_per_unit"]
    assert sum(float(r["extended_price_eur"]) for r in rows) == pytest.approx(cost["capital_usd"] / eur, rel=1e-6)
    code, out, _ = _cli(capsys, "cluster", "bom", str(plan), "--currency", "EUR")
    assert code == 0 and "Subtotal, switch" in out and "Total" in out and "€" in out
    code, out, _ = _cli(capsys, "cluster", "info", str(plan), "--currency", "CNY")
    assert "CN¥" in out and "CNY per US$ (2024-12" in out


def test_csv_cells_that_a_spreadsheet_would_run_as_formulas_are_quoted():
    assert [cell(x) for x in ("=HYPERLINK(1)", "+1", "-2", "@A1", "\tX", "DGX H100", 42)] == [
        "'=HYPERLINK(1)", "'+1", "'-2", "'@A1", "'\tX", "DGX H100", "42"]
