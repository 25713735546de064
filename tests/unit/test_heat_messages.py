"""The heat notes and the catalog's cooling texts are messages: Chinese on the Chinese sheets of the liquid and
rack-scale designs (issue 24 items 1 and 3), English text unchanged.

The set is computed from the data: every liquid or immersion cooling part of the shipped catalog, with and without
a published coolant rise (designer.model.facility), and every catalog text documents show translated
(designer.model.data_text.catalog_texts). The OCP flow figure is the Open Compute Project cold-plate guidance the
module cites (about 1.5 L/min per kW at a rise near 10 K).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from designer.core import i18n
from designer.core.locale import has_translation, render
from designer.core.messages import Audience
from designer.export.analysis import ExportAnalysis
from designer.export.brand import Brand
from designer.export.sheet_data import SheetData
from designer.model.data_text import catalog_texts, part_name
from designer.model.facility import _assumptions
from designer.model.parts import CoolingSpec, CoolingType
from designer.model.rack_limits import DEFAULT_RACK_LIMITS, effective_limits, site_limits

ENGLISH = re.compile(r"(?:[A-Za-z]{2,}[ ,.;:()/-]+){5,}")  # as /work/shared/tools/zh_sheet_english.py counts
URL = re.compile(r"https?://\S+")
QUOTED = re.compile(r"'[^']*'|「[^」]*」|“[^”]*”|\([^()]*\d{4}[^()]*\)|（[^（）]*\d{4}[^（）]*）")  # quotes, citations


def _chinese(text: str) -> bool:
    return not ENGLISH.search(QUOTED.sub("", URL.sub("", text)))


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_heat_note_of_every_liquid_cooling_part_is_chinese(catalog, lang):
    liquid = [p for p in catalog.of_kind("cooling") if isinstance(p, CoolingSpec)
              and p.cooling_type is not CoolingType.AIR]
    assert len(liquid) >= 4  # cold-plate loop, immersion, the NVL72 rack CDU, the facility CDU
    liquid.append(liquid[0].model_copy(update={"liquid_split_note": ""}))  # a user's part without a note
    notes = {n for p in liquid for given in (True, False) for n in _assumptions(p, given)}
    assert len(notes) == len({p.liquid_split_note for p in liquid}) + 1  # each part's note (or the default), the rise
    for note in notes:
        assert has_translation(note, lang), note.id
        assert _chinese(render(note, lang)), render(note, lang)
        assert render(note, "en") == str(note)


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_catalog_text_documents_show_has_a_chinese_form(catalog, lang):
    texts = catalog_texts(catalog)
    assert len(texts) == len(set(texts)) >= len(catalog.of_kind("chassis")) + len(catalog.of_kind("cooling"))
    for part in catalog.of_kind("chassis") + catalog.of_kind("cooling"):
        name = render(part_name(part), lang, Audience.DOCUMENT)
        assert name != part.name and _chinese(name), name


@pytest.mark.parametrize("template", ["gb200-nvl72", "hgx-b200-dlc", "amd-mi300x"])
@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_the_cooling_form_factor_and_facility_lines_of_the_sheet_are_chinese(catalog, design_of, template, lang):
    """The lines zh_sheet_english.py found English on these sheets (catalog names, CDU, heat split, notes)."""
    analysis = ExportAnalysis(design_of(template), catalog, 1, now=datetime(2026, 1, 1, tzinfo=UTC))
    sheet = SheetData(analysis, Brand(), lang)
    rows = {r["label"]: r["value"] for r in sheet.spec_rows()}
    lines = [rows[sheet.text["Cooling"]], rows[sheet.text["Form factor"]], *[r["name"] for r in sheet.bom()["rows"]]]
    facility = sheet.facility()
    lines += [facility["cdu"], facility["split"]] if facility else []
    for line in lines:
        assert _chinese(line), line
    english = SheetData(analysis, Brand(), "en")
    assert {r["label"]: r["value"] for r in english.spec_rows()}["Form factor"].endswith(
        f"rack-mount ({catalog.chassis(design_of(template).chassis).name})")


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_the_rack_limits_say_where_they_come_from_in_the_language(catalog, design_of, lang):
    """Defaults (40 kW air: NVIDIA DGX SuperPOD H100 RA; 132 kW liquid: Supermicro's GB200 NVL72 power shelves), the
    site's (Preferences) and the design's own: each source a message, none left to the string tables."""
    design = design_of("dgx-h100")
    own = design.model_copy(update={"settings": design.settings.model_copy(update={"rack_air_limit_w": 30_000.0})})
    found = {s for lim in (DEFAULT_RACK_LIMITS, site_limits(35_000.0, 100_000.0), effective_limits(own.settings))
             for s in (lim.air_source, lim.liquid_source)}
    assert len(found) == 4
    for source in found:
        assert has_translation(source, lang) and not i18n.translated(str(source), lang), source.id
        assert _chinese(render(source, lang))
