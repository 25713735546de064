"""Qt-free translations: the text that comes from below designer.ui (rule titles and messages, field labels,
value words, headline figures), for the app and, with the same tables, for the documents.

Tables: designer/data/i18n/strings.<lang>.json, one per language (English is the source and needs none):
  "number":   {"group": ",", "decimal": "."}       how numbers are written
  "fields":   {field name: [label, unit]}          as designer.core.labels.FIELD_LABELS
  "words":    {English word: translation}          value words (unknown, not published, yes, ...)
  "rules":    {rule id: title}
  "severity": {"error": ..., "warning": ..., "info": ...}
  "sheet":    {key: text}                          the spec sheet's headings and labels (designer.export.sheet_text)
  "names", "templates"                           display-name roles and the reference designs' descriptions
Sentences are messages (designer.core.messages) translated by gettext catalogs (designer.core.locale). The regular-
expression phrase templates that once translated English sentences after the fact are retired: an English string
from code not yet converted (a Legacy parameter) is looked up whole in "words" and otherwise stays English.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from designer.core.errors import DesignerError
from designer.core.labels import FIELD_LABELS, SINGULAR, confidence_message
from designer.core.labels import format_value as _format_value_en

LANGUAGES = {"en": "English", "zh_TW": "繁體中文", "zh_CN": "简体中文"}
_state = {"language": "en"}
_NUMBER = re.compile(r"^[+-]?\d{1,3}(,\d{3})*(\.\d+)?$|^[+-]?\d+(\.\d+)?$")


def normalize(tag: str | None) -> str:
    """A locale name or language tag (zh-TW, zh_Hant_HK, zh-CN, zh, en_US, C) as one of LANGUAGES."""
    t = (tag or "").replace("-", "_").lower()
    if not t.startswith("zh"):
        return "en"
    return "zh_TW" if any(k in t.split("_") for k in ("tw", "hk", "mo", "hant")) else "zh_CN"


def parse_language(text: str) -> str:
    """A --lang argument: en, zh-TW or zh-CN (also with an underscore); anything else is refused."""
    key = text.strip().replace("-", "_")
    for lang in LANGUAGES:
        if key.lower() == lang.lower():
            return lang
    raise DesignerError(f"--lang must be one of en, zh-TW, zh-CN, not '{text}'")


def set_language(lang: str) -> None:
    _state["language"] = lang if lang in LANGUAGES else "en"


def language() -> str:
    return _state["language"]


@cache
def table(lang: str) -> dict:
    if lang not in LANGUAGES or lang == "en":
        return {}
    path = resources.files("designer") / "data" / "i18n" / f"strings.{lang}.json"
    return dict(json.loads(path.read_text(encoding="utf-8")))


def _lang(lang: str | None) -> str:
    return language() if lang is None else lang


def format_number(value: float, decimals: int = 0, lang: str | None = None, sign: bool = False) -> str:
    """5600 -> '5,600' written with the language's group and decimal marks."""
    text = f"{value:{'+' if sign else ''},.{decimals}f}"
    marks = table(_lang(lang)).get("number", {})
    group, point = marks.get("group", ","), marks.get("decimal", ".")
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


def word(text: str, lang: str | None = None) -> str:
    return str(table(_lang(lang)).get("words", {}).get(text, text))


def field_label(name: str, with_unit: bool = True, lang: str | None = None) -> str:
    """As designer.core.labels.field_label, in the language."""
    label, unit = FIELD_LABELS.get(name, (name.replace("_", " "), ""))
    label, unit = table(_lang(lang)).get("fields", {}).get(name, (label, unit))
    return f"{label} ({unit})" if unit and with_unit else label


def format_value(name: str, value: object, lang: str | None = None) -> str:
    """As designer.core.labels.format_value, with the words and the unit in the language."""
    english = _format_value_en(name, value)
    lang = _lang(lang)
    if lang == "en":
        return english
    unit = FIELD_LABELS.get(name, ("", ""))[1]
    written = next((u for u in (unit, SINGULAR.get(unit)) if u and english.endswith(" " + u)), None)
    if written:  # "1 port" and "64 ports" take the same local unit (Chinese has one form)
        number = english[: -len(written) - 1]
        local_unit = table(lang).get("fields", {}).get(name, ("", unit))[1]
        return f"{_renumber(number, lang)} {local_unit}".strip()
    return word(english, lang)


def confidence_label(code: object, lang: str | None = None, short: bool = False) -> str:
    """A part's confidence in words in the language (designer.core.labels.CONFIDENCE_WORDS); short: without the
    reason ('high confidence')."""
    from designer.core.locale import render  # noqa: PLC0415 (locale imports this module)

    return render(confidence_message(code, short), _lang(lang))


def sheet_text(english: dict[str, str], lang: str | None = None) -> dict[str, str]:
    """The spec sheet's fixed text (headings, labels) in the language, key by key; English where untranslated."""
    local = table(_lang(lang)).get("sheet", {}) if _lang(lang) != "en" else {}
    return {key: str(local.get(key, text)) for key, text in english.items()}


def rule_title(rule_id: str, english: str, lang: str | None = None) -> str:
    return str(table(_lang(lang)).get("rules", {}).get(rule_id, english))


def severity(name: str, lang: str | None = None) -> str:
    return str(table(_lang(lang)).get("severity", {}).get(name, name))


def _renumber(text: str, lang: str) -> str:
    """A number written in English ('5,600', '-1.5') written in the language; anything else unchanged."""
    if not _NUMBER.match(text):
        return text
    decimals = len(text.split(".")[1]) if "." in text else 0
    return format_number(float(text.replace(",", "")), decimals, lang, sign=text.startswith("+"))


def phrase(english: str, lang: str | None = None) -> str:
    """An English word or short phrase from code not yet converted to messages (a Legacy parameter, a str given to
    designer.core.locale.render), in the language where the words table has it; anything else stays English."""
    return word(english, lang)


def translated(english: str, lang: str | None = None) -> bool:
    """Whether the words table translates this text (tests list what is not)."""
    lang = _lang(lang)
    return lang == "en" or english in table(lang).get("words", {})


def severity_count(count: int, name: str, lang: str | None = None) -> str:
    """'3 errors', '1 warning' (English plural) or the count with the language's word."""
    lang = _lang(lang)
    if lang == "en":
        return f"{count} {name}{'s' if count != 1 else ''}"
    return f"{format_number(count, 0, lang)} {severity(name, lang)}"
