"""Money in a chosen currency: US dollars (what the price book and the cost model compute in) converted at the price
book's dated exchange rate and written by Babel with an unambiguous symbol (US$, NT$, CN¥, €).

The shipped book carries the US Federal Reserve's H.10 rates for CNY, EUR and TWD; a user's book may add others.
A currency the book has no rate for is refused in one line naming those it has.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.numbers import format_currency, get_currency_symbol

from designer.core.errors import DesignerError, one_line
from designer.core.messages import Msg, Name, _m
from designer.cost.prices import Prices

OFFERED = ("USD", "TWD", "CNY", "EUR")  # the --currency choices the shipped book has rates for
# Babel's locale for the symbols: 'en_150' writes US$, NT$, CN¥ and € (en_US writes $ for US dollars and zh_TW $ for
# New Taiwan dollars, either ambiguous in a quote); Chinese and English share the number marks.
SYMBOL_LOCALE = "en_150"


@dataclass(frozen=True)
class Currency:
    code: str
    usd_per_unit: float
    date: str  # of the rate
    source: str

    def from_usd(self, usd: float) -> float:
        return usd / self.usd_per_unit

    def format(self, usd: float, decimals: int = 0) -> str:
        """An amount given in US dollars, in this currency: 'CN¥1,571,429', 'US$27,500.00'."""
        pattern = "¤#,##0" + ("." + "0" * decimals if decimals else "")
        return format_currency(self.from_usd(usd), self.code, format=pattern, locale=SYMBOL_LOCALE,
                               currency_digits=False)

    @property
    def symbol(self) -> str:
        return str(get_currency_symbol(self.code, SYMBOL_LOCALE))

    @property
    def is_usd(self) -> bool:
        return self.code == "USD"

    def rate_line(self) -> str:
        """'7.14 CNY per US$ (2024-12; US Federal Reserve, H.10 ...)', or '' for US dollars."""
        if self.is_usd:
            return ""
        return f"{1 / self.usd_per_unit:,.4g} {self.code} per US$ ({self.date}; {self.source})"

    def rate_msg(self) -> Msg:
        """rate_line as a message, for a text in another language (the source, a cited title, kept as written)."""
        return _m("{rate} {code} per US$ ({date}; {source})", rate=Name(f"{1 / self.usd_per_unit:,.4g}"),
                  code=self.code, date=self.date, source=Name(self.source))

    def as_dict(self) -> dict[str, str | float]:
        return {"code": self.code, "usd_per_unit": self.usd_per_unit, "date": self.date, "source": self.source}


USD = Currency("USD", 1.0, "", "")


def currency(prices: Prices, code: str | None) -> Currency:
    """The currency of a code (None: US dollars) at the price book's rate."""
    if code is None or code.upper() == "USD":
        return USD
    rate = prices.rates.get(code.upper())
    if rate is None:
        have = ", ".join(["USD", *sorted(prices.rates)])
        raise DesignerError(f"--currency {one_line(code)}: the price book has no exchange rate for it (it has {have})")
    return Currency(code.upper(), rate.usd_per_unit, rate.date, rate.source)
