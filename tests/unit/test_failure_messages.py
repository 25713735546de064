"""The failure lines and what-if notes are messages (designer.core.messages), rendered in Chinese by the .po
catalogs, not by the regex phrases of the string tables (issue 24 item 1).

The messages are gathered from the code: every reference design under every failure policy setting (the
Fabric Manager and NMX modes, NVIDIA Fabric Manager User Guide 'Supported High Availability Modes'; NMX-M
'Partition Health'), its failure outcomes per granularity, and the what-if of its first switch and first
GPU-switch link (designer.topology.whatif); the ids of those modules are extracted as pybabel extracts them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from designer.core import i18n
from designer.core.locale import has_translation, render, translations
from designer.core.messages import Many, Msg
from designer.model.catalog import shipped_catalog
from designer.model.design import FailurePolicy
from designer.templates import TEMPLATES, build_template
from designer.topology.graph import SCALEUP, build_topology
from designer.topology.outcomes import outcomes
from designer.topology.policy import resolve
from designer.topology.whatif import down_state, policy_effect

ROOT = Path(__file__).resolve().parents[2]
MODULES = ("designer/topology/outcomes.py", "designer/topology/whatif.py", "designer/topology/failures.py",
           "designer/topology/trays.py")
ENGLISH = re.compile(r"(?:[A-Za-z]{2,}[ ,.;:()/-]+){5,}")  # as /work/shared/tools/zh_sheet_english.py counts
URL = re.compile(r"https?://\S+")


def _ids_in_code() -> set[str]:
    found = set()
    for path in MODULES:
        for _line, message, _comments, _context in extract_from_file("python", ROOT / path, keywords={"_m": None}):
            found.add(message)
    return found


def _messages(catalog) -> list[Msg]:
    out: list[Msg] = []
    for tid in TEMPLATES:
        base = build_template(tid, catalog)
        for setting in FailurePolicy:
            design = base.model_copy(update={"settings": base.settings.model_copy(
                update={"fabric_failure_policy": setting})})
            topo = build_topology(design, catalog)
            policy = resolve(topo)
            if policy is None:
                continue
            for o in outcomes(topo).values():
                out += [o.text, *([o.fix] if o.fix else [])]
            fail = [*topo.scaleup_switches[:1],
                    *[lk.id for lk in design.links if lk.kind in SCALEUP and "gpu0" in (lk.a, lk.b)][:1]]
            for f in fail:
                effect = policy_effect(design, catalog, (f,))
                out += [*effect.notes, *([effect.state] if effect.state else [])]
            out.append(down_state(policy))
    return out


def _ids(msg: Msg) -> set[str]:
    inner = {i for _, p in msg.params for i in (p.items if isinstance(p, Many) else (p,)) if isinstance(i, Msg)}
    inner |= {msg.customer} if msg.customer is not None else set()  # what a customer document says instead
    return {msg.id}.union(*(_ids(m) for m in inner))


@pytest.fixture(scope="module")
def messages() -> list[Msg]:
    return _messages(shipped_catalog())


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_failure_line_and_what_if_note_renders_in_chinese(messages, lang):
    assert len({m.id for m in messages}) >= 15  # link, plane, tray lines, fixes, notes and states, all policies
    for msg in messages:
        assert has_translation(msg, lang), msg.id
        text = render(msg, lang)
        assert not ENGLISH.search(text), text
        assert not i18n.translated(str(msg), lang), f"still a regex phrase: {msg}"  # the old tables no longer


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_failure_message_in_the_code_has_a_chinese_form(lang):
    ids = _ids_in_code()
    assert len(ids) >= 30
    catalog = translations(lang)._catalog  # type: ignore[attr-defined]
    for msgid in ids:
        assert msgid in catalog, msgid
        assert not ENGLISH.search(re.sub(r"\{\w+\}", "", catalog[msgid])), catalog[msgid]


def test_the_rendered_messages_cover_the_policies_of_every_platform(messages):
    shown = set().union(*(_ids(m) for m in messages))
    code = _ids_in_code()
    # what the reference designs reach: every down state, the NMX and Fabric Manager modes, the assumed mesh loss
    assert {i for i in code if i.startswith("fabric not operational")} <= shown
    assert {i for i in code if "NMX" in i and "{what} fails:" not in i} - shown <= {
        "one NVSwitch ({sw}) fails: the adaptive-bandwidth partition runs degraded (NMX): {change}"}
    assert len(shown & code) >= 0.8 * len(code)


def test_english_lines_keep_their_ids_for_the_customer_name_swap(catalog, design_of):
    """Documents replace device ids by display names in the rendered text (designer.model.names): the ids are
    Name parameters, written as they are in every language."""
    line = outcomes(build_topology(design_of("dgx-h100"), catalog))["link"].text
    for lang in ("en", "zh_TW", "zh_CN"):
        text = render(line, lang)
        assert "gpu0" in text and "l0" in text and "nvs0" in text, text


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_info_writes_the_failure_lines_and_heat_notes_in_the_language_asked(capsys, lang):
    """`info --lang`: the message rows (failure policy, the failure lines, the heat split) in the language, every
    other row as the English `info` writes it."""
    from designer.cli.main import main

    main(["info", "gb200-nvl72"])
    english_rows, english_headlines = capsys.readouterr().out.split("\n\n")
    english = dict(line.split("  ", 1) for line in english_rows.splitlines())
    main(["info", "gb200-nvl72", "--lang", lang])
    chinese_rows, chinese_headlines = capsys.readouterr().out.split("\n\n")
    chinese = dict(line.split("  ", 1) for line in chinese_rows.splitlines())
    assert len(chinese_headlines.splitlines()) == len(english_headlines.splitlines()) == 6  # a title, five figures
    assert not ENGLISH.search(chinese_headlines), chinese_headlines  # the headline figures are messages too
    said = {"Failure policy", "One link fails", "One plane fails", "Heat split"}
    assert english.keys() == chinese.keys() >= said
    for key in said:
        cited = chinese[key].split("; NMX")[0]  # the policy row ends with its document's title and URL, as written
        assert english[key] != chinese[key] and not ENGLISH.search(URL.sub("", cited)), key
    assert {k: v for k, v in english.items() if k not in said} == {k: v for k, v in chinese.items() if k not in said}


def test_info_refuses_an_unknown_language_in_one_line(capsys):
    from designer.cli.main import main

    assert main(["info", "dgx-h100", "--lang", "fr"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "--lang" in err


@pytest.mark.parametrize(("lang", "tray", "shelf"), [("zh_TW", "運算托盤", "電源架"), ("zh_CN", "计算托盘", "电源架")])
def test_a_racks_tray_findings_name_the_tray_in_the_language(catalog, design_of, lang, tray, shelf):
    """The compute-tray and power-shelf findings of the GB200 NVL72 rack (18 compute trays, 8 power shelves: NVIDIA
    GB200 NVL72 datasheet) name the tray as the rack drawing does ("Compute tray 1" was English on zh sheets)."""
    from designer.core.locale import render
    from designer.rules import check

    report = check(design_of("gb200-nvl72"), catalog)
    texts = [render(v.text, lang) for v in report.violations if "tray" in str(v.text).lower()
             or "shelf" in str(v.text).lower()]
    assert any(f"{tray} 1" in t for t in texts) and any(f"{shelf} 1" in t for t in texts), texts
    assert not any("Compute tray" in t or "Power shelf" in t for t in texts), texts
