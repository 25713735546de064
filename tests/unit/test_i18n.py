"""Translations: the Qt-free tables (rule titles and messages, field labels), the committed .ts/.qm files and the
glossary. The expected Chinese terms come from resources/i18n/GLOSSARY.md, not from the code."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import designer.rules.checks  # noqa: F401 (registers every rule)
from designer.analysis import Analysis, headline_figures
from designer.core import i18n
from designer.core.errors import DesignerError
from designer.core.labels import FIELD_LABELS
from designer.core.locale import has_translation, render
from designer.core.messages import Msg, _m
from designer.model.edits import remove_components
from designer.rules.engine import RULES as REGISTRY
from designer.templates import TEMPLATES
from designer.topology.graph import build_topology
from designer.topology.outcomes import outcomes

ROOT = Path(__file__).resolve().parents[2]
TS = {lang: ROOT / "resources" / "i18n" / f"gpu_designer_{lang}.ts" for lang in ("zh_TW", "zh_CN")}
QM = {lang: ROOT / "designer" / "data" / "i18n" / f"gpu_designer_{lang}.qm" for lang in ("zh_TW", "zh_CN")}
TOOLS = Path(sys.executable).parent
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")  # ideographs and full-width punctuation


@pytest.mark.parametrize(("tag", "lang"), [("zh_TW", "zh_TW"), ("zh-Hant-HK", "zh_TW"), ("zh_HK", "zh_TW"),
                                           ("zh_CN", "zh_CN"), ("zh", "zh_CN"), ("zh_SG", "zh_CN"),
                                           ("zh-Hans", "zh_CN"), ("en_US", "en"), ("C", "en"), ("", "en"),
                                           ("de_DE", "en")])
def test_a_locale_name_picks_the_script(tag, lang):
    assert i18n.normalize(tag) == lang


def test_lang_argument_accepts_the_three_languages_and_refuses_others():
    assert [i18n.parse_language(t) for t in ("en", "zh-TW", "zh_cn", "ZH-tw")] == ["en", "zh_TW", "zh_CN", "zh_TW"]
    with pytest.raises(DesignerError, match="--lang must be one of en, zh-TW, zh-CN"):
        i18n.parse_language("fr")


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_rule_and_field_has_a_translation(lang):
    table = i18n.table(lang)
    assert set(REGISTRY) <= set(table["rules"]), set(REGISTRY) - set(table["rules"])
    assert set(FIELD_LABELS) <= set(table["fields"]), set(FIELD_LABELS) - set(table["fields"])
    for text in [*table["rules"].values(), *(label for label, _ in table["fields"].values())]:
        assert CJK.search(text) or text in ("TDP",), text


def _findings(catalog, design_of):
    """Every message and fix the rules give on the reference designs and on broken variants of them: a Msg
    (designer.core.messages) or, from code not yet converted, an English sentence."""
    out = set()
    for tid in TEMPLATES:
        design = design_of(tid)
        variants = [design]
        for kind in ("psu", "nic", "scaleup_switch", "cooling"):
            gone = {c.id for c in design.components if catalog.get(c.part).kind == kind}
            if gone:
                variants.append(remove_components(design, set(sorted(gone)[:1])))
                variants.append(remove_components(design, gone))
        for variant in variants:
            for v in Analysis(variant, catalog).report.violations:
                out |= {t for t in (v.text, v.hint) if t}
    return out


def _translated(text, lang: str) -> bool:
    return has_translation(text, lang) if isinstance(text, Msg) else i18n.translated(text, lang)


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_rule_messages_of_real_and_broken_designs_are_translated(catalog, design_of, lang):
    findings = _findings(catalog, design_of)
    assert len(findings) > 40
    untranslated = sorted(str(f) for f in findings if not _translated(f, lang))
    assert not untranslated
    assert sum(isinstance(f, Msg) for f in findings) > 10  # the converted groups (see test_messages.py)


def test_a_message_keeps_its_numbers_and_ids_and_says_bandwidth_per_script(catalog, design_of):
    """MI300X: no vendor failure policy (AMD), so one failed xGMI link costs its pair all of its 64 GB/s."""
    line = outcomes(build_topology(design_of("amd-mi300x"), catalog))["link"].text
    assert str(line).startswith("link l0 fails") and "gpu0-gpu1 64 -> 0 GB/s per direction (-100%)" in str(line)
    tw, cn = render(line, "zh_TW"), render(line, "zh_CN")
    for text in (tw, cn):
        assert all(token in text for token in ("l0", "gpu0-gpu1", "64", "0 GB/s", "100%")), text
    assert "鏈路" in tw and "链路" in cn and "per direction" not in tw + cn
    assert render(_m("Scale-up per GPU"), "zh_TW").endswith("頻寬")  # the headline label, a message now
    assert render(_m("Scale-up per GPU"), "zh_CN").endswith("带宽")
    assert render(line, "en") == str(line)


def test_numbers_in_messages_are_written_again_in_the_language_format():
    assert i18n.format_number(5600, 0, "zh_TW") == "5,600"
    assert i18n.format_number(-1.25, 2, "zh_CN", sign=True) == "-1.25"
    assert i18n.format_value("tdp_w", 10500, "zh_TW") == "10,500 W"
    assert i18n.format_value("mem_bw_tbytes_s", None, "zh_CN") == "未公开"
    assert i18n.format_value("link_bw_gbytes_s_per_dir", 50.0, "zh_TW") == "50 GB/s（每方向）"
    assert i18n.field_label("mem_bw_tbytes_s", True, "zh_TW") == "記憶體頻寬 (TB/s)"


def test_headline_figures_and_status_line_are_translated(catalog, design_of):
    design = design_of("dgx-h100")
    for lang in ("zh_TW", "zh_CN"):
        for h in headline_figures(design, catalog):
            assert has_translation(h.label, lang) and has_translation(h.value, lang), (h.label, h.value)
        line = Analysis(design, catalog).status_line(lang=lang)
        assert not re.search(r"\b(errors?|warnings?|usable|power|per direction)\b", line), line


def _glossary() -> list[dict[str, str]]:
    rows = []
    for line in (ROOT / "resources" / "i18n" / "GLOSSARY.md").read_text("utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] not in ("English", "---") and not cells[0].startswith("-"):
            rows.append(dict(zip(("en", "zh_TW", "zh_CN", "not_zh_TW", "not_zh_CN"), cells, strict=True)))
    return rows


def _all_translations(lang: str) -> str:
    root = ET.parse(TS[lang]).getroot()
    ui = "\n".join(t.text or "" for t in root.iter("translation"))
    po = (ROOT / "designer" / "locale" / lang / "LC_MESSAGES" / "designer.po").read_text("utf-8")
    return ui + "\n" + po + "\n" + (ROOT / "designer" / "data" / "i18n" / f"strings.{lang}.json").read_text("utf-8")


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_translations_follow_the_glossary(lang):
    rows = _glossary()
    assert len(rows) > 30
    text = _all_translations(lang)
    wrong = [(row["en"], word) for row in rows for word in row[f"not_{lang}"].split(", ") if word and word in text]
    assert not wrong
    for term in ("bandwidth", "NIC", "rack", "redundancy", "cooling, thermal"):
        row = next(r for r in rows if r["en"] == term)
        assert row[lang] in text, (term, row[lang])


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_committed_ts_has_every_ui_string_and_no_unfinished_translation(tmp_path, lang):
    """lupdate over designer/ui into a copy of the committed .ts: a string added to the code and not to the .ts
    comes in as unfinished; lrelease counts the unfinished ones."""
    lupdate, lrelease = TOOLS / "pyside6-lupdate", TOOLS / "pyside6-lrelease"
    if not lupdate.exists() or not lrelease.exists():
        lupdate, lrelease = Path(shutil.which("pyside6-lupdate") or ""), Path(shutil.which("pyside6-lrelease") or "")
    copy = tmp_path / TS[lang].name
    shutil.copy(TS[lang], copy)
    files = sorted(str(p) for p in (ROOT / "designer" / "ui").rglob("*.py"))
    subprocess.run([str(lupdate), "-silent", "-no-obsolete", "-locations", "none", *files, "-ts", str(copy)],
                   check=True)
    qm = tmp_path / "out.qm"
    out = subprocess.run([str(lrelease), str(copy), "-qm", str(qm)], check=True, capture_output=True,
                         text=True).stdout
    finished = re.search(r"Generated (\d+) translation\(s\) \((\d+) finished and (\d+) unfinished\)", out)
    assert finished, out
    total, done, unfinished = (int(g) for g in finished.groups())
    assert unfinished == 0 and "untranslated" not in out, out
    assert total == done > 200


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_committed_qm_holds_every_translation_of_the_ts(lang):
    """The shipped .qm answers every message of the .ts with its translation (else: run update_translations)."""
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert translator.load(str(QM[lang]))
    stale = []
    for context in ET.parse(TS[lang]).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source, translation = message.findtext("source") or "", message.findtext("translation") or ""
            if translator.translate(name, source) != translation:
                stale.append((name, source))
    assert not stale, "the committed .qm is stale: run packaging/update_translations.py"


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_ui_translation_is_chinese_and_keeps_its_placeholders(lang):
    for message in ET.parse(TS[lang]).getroot().iter("message"):
        source, translation = message.findtext("source") or "", message.findtext("translation") or ""
        kept_in_english = translation in ("CPU", "PSU") and source == translation + "s"  # GLOSSARY.md: kept
        assert CJK.search(translation) or kept_in_english, (source, translation)
        assert set(re.findall(r"\{\w+\}", source)) == set(re.findall(r"\{\w+\}", translation)), source
        assert ("&" in source.replace("&&", "")) == ("&" in translation.replace("&&", "")), source


def test_a_document_title_in_a_message_stays_as_published(catalog, design_of):
    """The published-maximum finding cites its source (DGX H100 User Guide); the title is a Name parameter, so no
    word of it is translated, and the figures around it are written in the language."""
    report = Analysis(design_of("dgx-h100"), catalog).report
    (v,) = [v for v in report.violations if v.rule == "power.published_maximum"]
    source = catalog.chassis(design_of("dgx-h100").chassis).published_power_source
    assert "Introduction to the NVIDIA DGX H100 System" in source and source in v.message
    tw, cn = render(v.text, "zh_TW"), render(v.text, "zh_CN")
    for text in (tw, cn):
        figures = re.findall(r"\d[\d,]* W", v.message)
        assert source in text and figures and all(f in text for f in figures), text
    assert "牆端" in tw and "墙端" in cn


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_status_line_of_every_template_is_translated(catalog, design_of, lang):
    """GPU boxes, accelerator (NPU, Gaudi) boxes and PCIe boxes without a scale-up fabric, both bandwidth views."""
    from designer.analysis import status_parts

    for tid in TEMPLATES:
        analysis = Analysis(design_of(tid), catalog)
        for bidirectional in (False, True):
            parts = status_parts(analysis.figures, analysis.report, bidirectional)
            assert [str(p) for p in parts if not has_translation(p, lang)] == [], tid
