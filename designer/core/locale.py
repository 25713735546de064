"""The one formatting layer for messages (designer.core.messages): a Msg in a language for an audience.

Translations are gettext catalogs, designer/locale/<lang>/LC_MESSAGES/designer.mo, compiled from the .po files
next to them by `python packaging/update_catalogs.py` (Babel: extract the _m() ids from the code, update the
.po files, compile). Numbers follow the language's rules from Babel's locale data (grouping, decimal mark); a
number that rounds to zero is written without a minus sign ("0.0%", or "+0.0%" where a sign is asked for).
"""

from __future__ import annotations

import gettext
import io
import re
from functools import cache, lru_cache
from importlib import resources

from babel import Locale
from babel.numbers import format_decimal

from designer.core import i18n
from designer.core.messages import Audience, Legacy, Many, Msg, Name, Number, Param, Percent, Quantity

DOMAIN = "designer"
# A list's separators in a language: Chinese enumerates with the enumeration comma and separates clauses with the
# full-width semicolon (a list of messages, many(..., "; "), is a list of clauses)
LIST_SEPARATORS = {lang: {", ": "、", "; ": "；"} for lang in ("zh_TW", "zh_CN")}


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of a language (English: none, the ids are the English text)."""
    if lang not in i18n.LANGUAGES or lang == "en":
        return gettext.NullTranslations()
    path = resources.files("designer") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    return gettext.GNUTranslations(io.BytesIO(path.read_bytes()))


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang if lang in i18n.LANGUAGES else "en")


@cache
def _pattern(decimals: int | None, sign: bool) -> str:
    body = "#,##0.###" if decimals is None else "#,##0" + ("." + "0" * decimals if decimals > 0 else "")
    return f"+{body};-{body}" if sign else body


@lru_cache(maxsize=8192)  # Babel's formatting costs ~0.1 ms; a 72-GPU rack's budget writes ~250 figures per edit
def number(value: float, decimals: int | None = 0, sign: bool = False, lang: str = "en") -> str:
    """5600 -> '5,600' by the language's rules; decimals None: as many as needed, up to three."""
    rounded = round(float(value), 3 if decimals is None else decimals)
    return format_decimal(rounded or 0.0, format=_pattern(decimals, sign), locale=_locale(lang))


def render_param(item: Param, lang: str, audience: Audience) -> str:
    if isinstance(item, Msg):
        return render(item, lang, audience)
    if isinstance(item, Quantity):
        return f"{number(item.value, item.decimals, item.sign, lang)} {item.unit}"
    if isinstance(item, Number):
        return number(item.value, item.decimals, item.sign, lang)
    if isinstance(item, Percent):
        return number(item.fraction * 100, item.decimals, item.sign, lang) + "%"
    if isinstance(item, Legacy):
        return i18n.phrase(item.text, lang)
    if isinstance(item, Many):
        separator = LIST_SEPARATORS.get(lang, {}).get(item.separator, item.separator)
        return separator.join(render_param(i, lang, audience) for i in item.items)
    assert isinstance(item, Name)
    return item.text


# In Chinese no space stands between two Chinese characters or after a full-width mark ("每 加速器" where a
# placeholder took a Chinese word in a template written for "GPU"); a space next to Latin text stays ("每 GPU")
_CJK_GAP = re.compile(r"(?<=[\u4e00-\u9fff\u3000-\u303f\uff01-\uff1f]) (?=[\u4e00-\u9fff\uff08])")


def render(msg: Msg | str, lang: str | None = None, audience: Audience = Audience.APP) -> str:
    """A message as text in a language (None: the interface's) for an audience; a str is an English sentence not
    yet made a message (looked up whole in the words table, designer.core.i18n.phrase)."""
    lang = i18n.language() if lang is None else lang
    if isinstance(msg, str):
        return i18n.phrase(msg, lang)
    msg = msg.for_audience(audience)
    if not msg.id:
        return ""
    template = msg.id if lang == "en" else translations(lang).gettext(msg.id)
    text = template.format(**{k: render_param(v, lang, audience) for k, v in msg.params})
    return tidy(text, lang)


def catalog_text(text: str, lang: str) -> str:
    """A catalog text (a part's name, a chassis's) in a language where the catalogs translate it, else as written:
    looked up whole, never formatted (a name may hold braces)."""
    return text if lang == "en" or not text else tidy(translations(lang).gettext(text), lang)


def tidy(text: str, lang: str) -> str:
    """Text in a language with its spaces as the language writes them: none between two Chinese words."""
    return text if lang == "en" else _CJK_GAP.sub("", text)


def has_translation(msg: Msg, lang: str) -> bool:
    """Whether the catalog of `lang` translates this message and every message inside it."""
    if lang == "en" or not msg.id:
        return True
    inner = [p for _, p in msg.params if isinstance(p, Msg)]
    inner += [i for _, p in msg.params if isinstance(p, Many) for i in p.items if isinstance(i, Msg)]
    # gettext's own dict: 'translated' cannot be told from 'translated as the English' through its public calls
    found = msg.id in translations(lang)._catalog  # type: ignore[attr-defined]  # noqa: SLF001
    return found and all(has_translation(m, lang) for m in inner)
