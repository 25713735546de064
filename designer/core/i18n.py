"""Qt-free translations: the text that comes from below designer.ui (rule titles and messages, field labels,
value words, headline figures), for the app and, with the same tables, for the documents.

Tables: designer/data/i18n/strings.<lang>.json, one per language (English is the source and needs none):
  "number":   {"group": ",", "decimal": "."}       how numbers are written
  "fields":   {field name: [label, unit]}          as designer.core.labels.FIELD_LABELS
  "words":    {English word: translation}          value words (unknown, not published, yes, ...)
  "rules":    {rule id: title}
  "severity": {"error": ..., "warning": ..., "info": ...}
  "phrases":  [[English template, translation]]    whole sentences with named placeholders, e.g.
              ["{n} budget lines ...", "..."]; the first that matches is used. Only for code not yet giving
              messages as data (designer.core.messages, translated by gettext catalogs in designer.core.locale):
              the failure lines, the simulation's notes, the cluster rules and notes, figures
  "sheet":    {key: text}                          the spec sheet's headings and labels (designer.export.sheet_text)
  "parts":    [[English template, translation]]    pieces that stand in a phrase's placeholder ("link l0"); their
              placeholders stop at ", " and "; " (list separators) unless written {name*}
A placeholder named raw_... (a document title, a URL) is kept as it stands, never translated.
A phrase's English template is matched against the English sentence the Qt-free code produced; the
placeholders take what stands there (numbers with their units, ids, names) and a number in a placeholder is
written again in the language's format. A sentence no template matches stays English (tests list them).
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from designer.core.errors import DesignerError
from designer.core.labels import FIELD_LABELS, confidence_message
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
    if unit and english.endswith(" " + unit):
        number = english[: -len(unit) - 1]
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


def _placeholder(name: str, key: str) -> str:
    """In a part (a piece of a list), a placeholder stops at the list's separators unless its name ends in *."""
    if name.endswith("*") or key != "parts":
        return f"(?P<{name.rstrip('*')}>.+?)"
    return f"(?P<{name}>(?:(?!, |; ).)+?)"


@cache
def _patterns(lang: str, key: str = "phrases") -> list[tuple[re.Pattern[str], str]]:
    out = []
    for english, translated in table(lang).get(key, []):
        parts = re.split(r"\{(\w+\*?)\}", english)
        regex = "".join(re.escape(p) if i % 2 == 0 else _placeholder(p, key) for i, p in enumerate(parts))
        out.append((re.compile(regex + r"\Z", re.DOTALL), translated))
    return out


def _renumber(text: str, lang: str) -> str:
    """A number written in English ('5,600', '-1.5') written in the language; anything else unchanged."""
    if not _NUMBER.match(text):
        return text
    decimals = len(text.split(".")[1]) if "." in text else 0
    return format_number(float(text.replace(",", "")), decimals, lang, sign=text.startswith("+"))


def _local(value: str, lang: str, depth: int) -> str:
    """What stood in a placeholder: a known phrase (one level deep), a list of them, a number (written again)
    or a known word."""
    if depth == 0:
        whole = _phrase(value, lang, 1)
        if whole != value:
            return whole
    for separator in ("; ", ", "):
        if separator in value:
            return separator.join(_local(part, lang, depth) for part in value.split(separator))
    head, _, rest = value.partition(" ")
    return word(f"{_renumber(head, lang)} {rest}" if rest else _renumber(value, lang), lang)


def _phrase(english: str, lang: str, depth: int) -> str:
    for pattern, translated in _patterns(lang, "parts" if depth else "phrases"):
        found = pattern.match(english)
        if found:
            return translated.format(**{k: v if k.startswith("raw_") else _local(v, lang, depth)
                                        for k, v in found.groupdict().items()})
    return word(english, lang)


def phrase(english: str, lang: str | None = None) -> str:
    """An English sentence from the Qt-free code in the language (a rule message, a fix hint, a figure).
    What stands in a placeholder is translated too when it is a known word or (one level deep) phrase."""
    lang = _lang(lang)
    if lang == "en" or not english:
        return english
    return _phrase(english, lang, 0)


def piece(english: str, lang: str | None = None) -> str:
    """A sentence or a piece of one ("switch plane nvs1", a budget note) from code not yet converted to messages."""
    lang = _lang(lang)
    whole = phrase(english, lang)
    return whole if whole != english or lang == "en" else _phrase(english, lang, 1)


def translated(english: str, lang: str | None = None) -> bool:
    """Whether `phrase` has a translation for this sentence (tests list the ones without); a sentence a template
    matches counts even where its translation reads the same ('HBM 640 GB')."""
    lang = _lang(lang)
    known = english in table(lang).get("words", {}) or any(p.match(english) for p, _ in _patterns(lang))
    return lang == "en" or known or phrase(english, lang) != english


def phrases(english: str, separator: str, lang: str | None = None) -> str:
    """A line of phrases joined by `separator` (the status bar's 'a | b | c'), each in the language."""
    return separator.join(phrase(part, lang) for part in english.split(separator))


def severity_count(count: int, name: str, lang: str | None = None) -> str:
    """'3 errors', '1 warning' (English plural) or the count with the language's word."""
    lang = _lang(lang)
    if lang == "en":
        return f"{count} {name}{'s' if count != 1 else ''}"
    return f"{format_number(count, 0, lang)} {severity(name, lang)}"
