"""Price books: what a part costs, in which currency, as of when, from which public document.

A price book is JSON: `entries` price a catalog part (`part`: its id) or a whole family of parts (`family`:
a part kind such as "psu" or "cable"); an exact part entry wins over its family. Every entry says where its
figure comes from (`source`) and whether it is a published list price (`estimate: false`) or an estimate
(`estimate: true`, with its `basis`); every cost derived from an estimate is marked as such wherever it is
shown. `exchange_rates` give US dollars per unit of another currency, with their own date and source;
an entry in any other currency is refused. A user's book (a file, or the one named in Preferences) overrides
the shipped one entry by entry (same part or family key) and may add rates.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from designer.core.errors import DesignerError, first_error, one_line
from designer.model.catalog import Catalog

MAX_BOOK_BYTES = 5_000_000
_CURRENCY = re.compile(r"^[A-Z]{3}$")


class PriceBookError(DesignerError):
    """A price book cannot be used; the message names the file and the entry."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PriceEntry(_Frozen):
    part: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.\-]{0,63}$")] | None = None
    family: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")] | None = None
    unit_price: Annotated[float, Field(ge=0, allow_inf_nan=False)]
    currency: Annotated[str, Field(min_length=3, max_length=3)] = "USD"
    date: Annotated[str, Field(pattern=r"^\d{4}(-\d{2}){0,2}$")]
    source: Annotated[str, Field(min_length=3, max_length=2000)]
    estimate: bool = True
    basis: Annotated[str, Field(max_length=2000)] = ""
    per_watt: bool = False  # unit_price is per watt of the part's rating (power supplies)

    @model_validator(mode="after")
    def _one_key(self) -> PriceEntry:
        if (self.part is None) == (self.family is None):
            raise ValueError("an entry prices either a part or a family, not both and not neither")
        if self.estimate and not self.basis:
            raise ValueError("an estimate says its basis")
        return self

    @property
    def key(self) -> str:
        return f"part:{self.part}" if self.part else f"family:{self.family}"


class ExchangeRate(_Frozen):
    usd_per_unit: Annotated[float, Field(gt=0, allow_inf_nan=False)]
    date: Annotated[str, Field(pattern=r"^\d{4}(-\d{2}){0,2}$")]
    source: Annotated[str, Field(min_length=3, max_length=2000)]


class PriceBook(_Frozen):
    book_version: Annotated[str, Field(min_length=1, max_length=40)]
    description: Annotated[str, Field(max_length=2000)] = ""
    exchange_rates: dict[str, ExchangeRate] = Field(default_factory=dict)
    entries: list[PriceEntry]


@dataclass(frozen=True)
class Quote:
    """One part's unit price in US dollars and where it came from."""

    key: str  # "part:h100-sxm5" or "family:cable"
    unit_usd: float
    estimate: bool
    source: str
    basis: str
    date: str


@dataclass(frozen=True)
class Prices:
    """A merged price book (user over shipped), ready to quote."""

    entries: dict[str, PriceEntry]
    rates: dict[str, ExchangeRate]
    origin: str  # "shipped" or "shipped + <file name>"
    fingerprint: str = ""  # the entries' and rates' content: equal books, equal fingerprints (a cache key)
    version: str = ""  # the books' versions ("2026.12", or "2026.12 + 2027.01" with a user's book)
    user_book: str | None = None  # the user's book's file name over the shipped one; None: the shipped book alone

    def quote(self, part_id: str, family: str, rating_w: float | None = None) -> Quote:
        """The unit price of a part; `rating_w` prices it by the watt where its entry says per_watt."""
        entry = self.entries.get(f"part:{part_id}") or self.entries.get(f"family:{family}")
        if entry is None:
            raise PriceBookError(f"price book ({self.origin}): no price for part '{one_line(part_id)}' "
                                 f"(nor for its family '{one_line(family)}'); add an entry for it")
        if entry.per_watt and not rating_w:
            raise PriceBookError(f"price book ({self.origin}): {entry.key} is priced per watt, and part "
                                 f"'{one_line(part_id)}' has no rating in watts")
        usd = entry.unit_price * (1.0 if entry.currency == "USD" else self.rates[entry.currency].usd_per_unit)
        usd *= rating_w if entry.per_watt and rating_w else 1.0
        return Quote(entry.key, usd, entry.estimate, entry.source, entry.basis, entry.date)

    def has(self, part_id: str, family: str) -> bool:
        return f"part:{part_id}" in self.entries or f"family:{family}" in self.entries


def _validate(book: PriceBook, name: str, known_parts: frozenset[str] | None,
              rates: dict[str, ExchangeRate]) -> None:
    for i, entry in enumerate(book.entries):
        where = f"{name}: entries[{i}] ({entry.key})"
        if not _CURRENCY.match(entry.currency) or (entry.currency != "USD" and entry.currency not in rates):
            raise PriceBookError(f"{where}: currency '{one_line(entry.currency)}' is not USD and has no exchange "
                                 "rate in the book")
        if known_parts is not None and entry.part is not None and entry.part not in known_parts:
            raise PriceBookError(f"{where}: no part '{entry.part}' in the catalog")
    for code in book.exchange_rates:
        if not _CURRENCY.match(code):
            raise PriceBookError(f"{name}: exchange rate for '{one_line(code)}': not a three-letter currency code")


def parse_book(text: str, name: str) -> PriceBook:
    try:
        raw: Any = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise PriceBookError(f"{name}: not valid JSON ({one_line(str(exc))})") from None
    try:
        return PriceBook.model_validate(raw)
    except ValidationError as exc:
        where, msg = first_error(exc, "top level")
        raise PriceBookError(f"{name}: {where}: {one_line(msg)}") from None


def shipped_book() -> PriceBook:
    text = (resources.files("designer") / "data" / "prices" / "prices.json").read_text("utf-8")
    return parse_book(text, "shipped price book")


def read_book(path: Path) -> PriceBook:
    name = one_line(str(path))
    try:
        if path.stat().st_size > MAX_BOOK_BYTES:
            raise PriceBookError(f"{name}: larger than {MAX_BOOK_BYTES // 1_000_000} MB, not a price book")
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PriceBookError(f"{name}: cannot read ({one_line(exc.__class__.__name__)}: "
                             f"{one_line(str(exc))})") from None
    return parse_book(text, name)


def merge(shipped: PriceBook, user: PriceBook | None = None, user_name: str = "",
          known_parts: frozenset[str] | None = None) -> Prices:
    """The shipped book with a user's entries over it (same key replaces); both checked against the catalog."""
    rates = dict(shipped.exchange_rates) | (dict(user.exchange_rates) if user else {})
    _validate(shipped, "shipped price book", known_parts, rates)
    entries = {e.key: e for e in shipped.entries}
    if user is not None:
        _validate(user, user_name or "price book", known_parts, rates)
        entries |= {e.key: e for e in user.entries}
    origin = f"shipped + {user_name}" if user is not None else "shipped"
    content = json.dumps([[e.model_dump() for e in entries.values()], {k: r.model_dump() for k, r in rates.items()}],
                         sort_keys=True)
    version = shipped.book_version + (f" + {user.book_version}" if user is not None else "")
    return Prices(entries, rates, origin, hashlib.sha256(content.encode()).hexdigest(), version,
                  user_name if user is not None else None)


def load_prices(user_path: Path | None = None, known_parts: frozenset[str] | None = None) -> Prices:
    user = read_book(user_path) if user_path is not None else None
    return merge(shipped_book(), user, one_line(user_path.name) if user_path else "", known_parts)


def catalog_prices(catalog: Catalog, user_path: Path | None = None) -> Prices:
    """The shipped book (and the user's, over it), every part entry checked against this catalog."""
    return load_prices(user_path, frozenset(p.id for p in catalog))
