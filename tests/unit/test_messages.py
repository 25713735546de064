"""Messages as data (designer.core.messages) and their one formatting layer (designer.core.locale): English from
the template, numbers by the language's rules (Babel's locale data), audiences, and the gettext catalogs kept up
to date with the code (extract -> compare, .mo = .po)."""

from __future__ import annotations

import importlib.util
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from designer.core import locale
from designer.core.locale import render
from designer.core.messages import (
    Audience,
    Many,
    Name,
    Number,
    Percent,
    Quantity,
    _m,
    as_msg,
    tool_hint,
)
from designer.rules.engine import check

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def _catalog_tool():
    spec = importlib.util.spec_from_file_location("update_catalogs", ROOT / "packaging" / "update_catalogs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_english_is_the_template_filled_with_the_figures():
    msg = _m("no PSUs for a {load} load", load=Quantity(5600.4, "W"))
    assert str(msg) == "no PSUs for a 5,600 W load"
    assert render(msg, "en") == str(msg)
    assert str(_m("{a}, {b}: {c}", a=Number(3), b=Percent(0.256, 1), c=Name("gpu0"))) == "3, 25.6%: gpu0"
    assert str(_m("{ids}", ids=Many((Name("gpu0"), Name("gpu1")), "; "))) == "gpu0; gpu1"
    assert str(as_msg("plain")) == "plain" and str(_m("")) == ""


def test_a_zero_is_never_written_with_a_minus_sign():
    """The issue's "-0.0%" against "+0.0%": a figure that rounds to zero has no minus sign; a signed one '+'."""
    assert render(_m("{x}", x=Percent(-0.0004, 1, sign=True)), "en") == "+0.0%"
    assert render(_m("{x}", x=Percent(-0.0004, 1)), "zh_TW") == "0.0%"
    assert render(_m("{x}", x=Quantity(-0.4, "W")), "zh_CN") == "0 W"
    assert render(_m("{x}", x=Percent(-0.075, 1, sign=True)), "en") == "-7.5%"
    assert render(_m("{x}", x=Number(12, 0, sign=True)), "en") == "+12"


def test_numbers_follow_the_language_rules():
    assert locale.number(1234567.891, 2, lang="zh_TW") == "1,234,567.89"
    assert locale.number(2.5, None, lang="zh_CN") == "2.5" and locale.number(2.0, None) == "2"
    assert locale.number(1.015, 2) == "1.01"  # Python's rounding of the binary value, as f"{1.015:.2f}"


def test_a_message_is_translated_with_its_figures_written_in_place():
    msg = _m("no PSUs for a {load} load", load=Quantity(5600, "W"))
    for lang in ("zh_TW", "zh_CN"):
        text = render(msg, lang)
        assert "5,600 W" in text and "PSU" in text and CJK.search(text) and "load" not in text, text


def test_a_tool_instruction_stays_out_of_a_customer_document():
    """Issue 24 item 2: a hint telling the app's user what to do (add to the catalog, auto-wire) is not shown to a
    customer; where the rule gives a customer wording, the document shows that."""
    hint = tool_hint(_m("add the published power to the catalog part if you have it"))
    assert render(hint, "en", Audience.APP) == str(hint) != ""
    assert render(hint, "en", Audience.CLI) == str(hint)
    assert render(hint, "en", Audience.DOCUMENT) == ""
    worded = tool_hint(_m("add PSUs"), customer=_m("add or remove one PSU"))
    assert render(worded, "en", Audience.DOCUMENT) == "add or remove one PSU"


def test_assumed_power_hint_is_not_in_the_spec_sheet_data(catalog, design_of):
    """power.assumed_figures on the DGX H100 (NVSwitch and NIC power assumed): its hint is a tool instruction."""
    from designer.export.analysis import ExportAnalysis
    from designer.export.brand import Brand
    from designer.export.sheet_data import SheetData

    report = check(design_of("dgx-h100"), catalog)
    assumed = [v for v in report.violations if v.rule == "power.assumed_figures"]
    assert assumed and assumed[0].fix.startswith("add the published power")
    analysis = ExportAnalysis(design_of("dgx-h100"), catalog, 1, now=datetime(2026, 1, 1, tzinfo=UTC))
    rows = SheetData(analysis, Brand(), lang="zh_TW").rules()["findings"]
    row = next(r for r in rows if r["title"] == "未公開的功耗數值")
    assert row["fix"] == "" and "W" in row["message"]


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_catalogs_are_up_to_date_with_the_code_and_compiled(lang):
    """Extract the _m() ids from designer/ and compare with the committed .po (else: packaging/update_catalogs.py);
    every id translated; the shipped .mo holds exactly the .po's translations."""
    tool = _catalog_tool()
    template = tool.extract()
    assert len([m for m in template if m.id]) > 20
    assert tool.problems(lang, template) == []


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_translation_is_chinese_and_keeps_its_placeholders(lang):
    tool = _catalog_tool()
    for entry in tool.read(lang):
        if entry.id:
            # Chinese, or only ASCII and typographic marks ("{head} → {targets}")
            assert CJK.search(entry.string) or all(c.isascii() or c in "→–µ†‡" for c in entry.string), entry.id
            assert sorted(re.findall(r"\{\w+\}", entry.id)) == sorted(re.findall(r"\{\w+\}", entry.string)) or \
                set(re.findall(r"\{\w+\}", entry.id)) == set(re.findall(r"\{\w+\}", entry.string)), entry.id


def test_validate_prints_the_messages_in_the_language_asked(capsys):
    """The CLI renders the same Msg for its audience: rule ids, severities and ids stay; the sentences change."""
    from designer.cli.main import main

    main(["validate", "dgx-h100"])
    english = capsys.readouterr().out
    main(["validate", "dgx-h100", "--lang", "zh-CN"])
    chinese = capsys.readouterr().out
    assert "budget lines use stated defaults" in english and "budget lines" not in chinese
    assert "power.assumed_figures" in chinese and "项预算采用默认值" in chinese
    assert len(english.splitlines()) == len(chinese.splitlines())
    assert main(["validate", "dgx-h100", "--lang", "fr"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.strip() == "gpu-designer-cli: error: --lang must be one of en, zh-TW, zh-CN, not 'fr'"


HALF_WIDTH = re.compile(r"[\u4e00-\u9fff] ?\(|[\u4e00-\u9fff}）] ?[:;] |[\u4e00-\u9fff], ")


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_chinese_text_takes_full_width_brackets_colons_and_semicolons(lang):
    """A Chinese sentence writes （GB/s）, ：and ；(the sheets mixed '時間 (µs)' and '修正: ' with full-width marks);
    in every message catalog entry and every string table of the documents."""
    from designer.core.i18n import table

    found = [entry.string for entry in _catalog_tool().read(lang) if entry.id and HALF_WIDTH.search(entry.string)]
    strings = [v for section in table(lang).values() if isinstance(section, dict) for v in section.values()
               if isinstance(v, str)]
    found += [s for s in strings if HALF_WIDTH.search(s)]
    assert found == []
