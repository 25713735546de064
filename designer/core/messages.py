"""Messages as data: a message id (the English template) with typed parameters, turned into text only when shown.

Code below the UI writes `_m("no PSUs for a {load} load", load=Quantity(5600, "W"))`, never a finished sentence.
designer.core.locale renders a Msg for a language (gettext catalogs under designer/locale, managed by Babel:
`python packaging/update_catalogs.py`) and an audience (the app, the CLI, a customer document); numbers are written
by the language's rules (babel.numbers). str(msg) is the English text, which the JSON report and the English CLI use.

Parameters:
  Quantity(value, unit, decimals, sign)  a number with its unit ("5,600 W"); the unit is written as it is
  Number(value, decimals, sign)          a number without a unit
  Percent(fraction, decimals, sign)      0.25 -> "25%"; a zero is never written "-0%"
  Name(text)                             an id, a part name, a document title: kept exactly as it is
  Legacy(text)                           English from code not yet converted (a word the words table translates)
  Msg                                    a piece with its own id ("link {link}"), translated in its place
  Many(items, separator)                 a list of any of these, joined by ", " or "; "
A plain str passed to _m is a Name, a plain int a Number.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Audience(StrEnum):
    APP = "app"
    CLI = "cli"
    DOCUMENT = "document"  # a customer document: no instructions about the tool


@dataclass(frozen=True)
class Quantity:
    value: float
    unit: str
    decimals: int | None = 0  # None: as many as needed, up to three
    sign: bool = False


@dataclass(frozen=True)
class Number:
    value: float
    decimals: int | None = 0  # None: as many as needed, up to three
    sign: bool = False


@dataclass(frozen=True)
class Percent:
    fraction: float
    decimals: int | None = 0  # None: as many as needed, up to three
    sign: bool = False


@dataclass(frozen=True)
class Name:
    text: str


@dataclass(frozen=True)
class Legacy:
    """An English word from code not yet converted to messages ("nvlink", a cooling kind): looked up whole in the
    string tables' words (designer.core.i18n.phrase), until its code makes a Msg."""

    text: str


@dataclass(frozen=True)
class Many:
    items: tuple[Param, ...]
    separator: str = ", "


@dataclass(frozen=True)
class Msg:
    """A message id (its English template, placeholders in braces) and its parameters, sorted by name.

    tool: the text tells the tool's user what to do in the app ("wire the idle links (auto-wire)"); a customer
    document shows `customer` instead (None: nothing)."""

    id: str
    params: tuple[tuple[str, Param], ...] = ()
    tool: bool = False
    customer: Msg | None = None

    def __str__(self) -> str:
        return english(self)

    def __bool__(self) -> bool:
        return bool(self.id)

    def for_audience(self, audience: Audience) -> Msg:
        if audience is Audience.DOCUMENT and self.tool:
            return self.customer or EMPTY
        return self


Param = Quantity | Number | Percent | Name | Legacy | Msg | Many
EMPTY = Msg("")


def _param(value: object) -> Param:
    if isinstance(value, Quantity | Number | Percent | Name | Legacy | Msg | Many):
        return value
    if isinstance(value, str):
        return Name(value)
    if isinstance(value, int):
        return Number(value)
    raise TypeError(f"message parameter {value!r}: use Quantity, Number, Percent, Name, Msg or Many")


def _m(msgid: str, **params: object) -> Msg:
    """A message: `msgid` is the English template, extracted into the catalogs by pybabel (keyword _m)."""
    return Msg(msgid, tuple(sorted((k, _param(v)) for k, v in params.items())))


def tool_hint(msg: Msg, customer: Msg | None = None) -> Msg:
    """A fix hint that is an instruction for the app's user; `customer` is what a customer document says instead."""
    return Msg(msg.id, msg.params, True, customer)


def as_msg(text: Msg | str) -> Msg:
    """A Msg as it is; a str (text not yet converted to a message) as a message id without parameters."""
    return text if isinstance(text, Msg) else Msg(text)


def many(items: object, separator: str = ", ") -> Many:
    return Many(tuple(_param(i) for i in items), separator)  # type: ignore[attr-defined]


def english(item: Param | str) -> str:
    """The English text: the template filled with the parameters written the English way."""
    from designer.core.locale import render_param  # noqa: PLC0415 (locale imports this module)

    return render_param(item if not isinstance(item, str) else Name(item), "en", Audience.APP)
