"""One table of headline figures (designer.core.figures) for every place that shows them, the status line as
messages, and assumed PSU configurations marked in comparisons (issue 24, items 1 and 6)."""

from __future__ import annotations

import re
import subprocess
from datetime import UTC, datetime

import pytest

from designer.analysis import Analysis, headline_figures, status_parts
from designer.cli.info import headline_lines
from designer.cli.main import main
from designer.compare import comparison
from designer.compare.document import comparison_pdf_bytes
from designer.compare.render import ASSUMED, PSU_ASSUMED, PSU_NOTE, cell_text, comparison_text
from designer.core.figures import HEADLINE_FIGURES, Headline
from designer.core.locale import has_translation, render, render_param
from designer.core.messages import Audience, Msg
from designer.export.analysis import ExportAnalysis
from designer.export.brand import Brand
from designer.export.sheet_data import SheetData
from designer.model import edits
from designer.rules import Severity
from designer.templates import PSUS_ASSUMED, TEMPLATES

# A GPU node, a node of accelerators (NPUs), a PCIe box without a scale-up fabric
KINDS = ("dgx-h100", "huawei-atlas-910b", "rtx-pcie-8")
ENGLISH_WORDS = re.compile(r"\b(per|direction|bidirectional|usable|of|on|errors?|warnings?|power|memory|accelerators?"
                           r"|modelled|aggregate|peak|none|no|compute|fabric|only|wall)\b")


def _sheet_cards(design, catalog, lang: str) -> list[dict[str, str]]:
    analysis = ExportAnalysis(design, catalog, 1, now=datetime(2026, 1, 1, tzinfo=UTC))
    return SheetData(analysis, Brand(), lang).headlines()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_every_place_shows_the_same_five_headline_figures_written_the_same_way(catalog, design_of, lang):
    """Presentation mode renders headline_figures; the sheet's cards (and the slide, which uses them), the
    comparison and `info` must show the same set with the same numbers and words."""
    a, b = design_of("dgx-h100"), design_of("huawei-atlas-910b")
    present = {tid: [(render(h.label, lang), render(h.value, lang)) for h in headline_figures(d, catalog)]
               for tid, d in (("a", a), ("b", b))}
    assert len(present["a"]) == len(HEADLINE_FIGURES) == 5
    for tid, design in (("a", a), ("b", b)):
        cards = _sheet_cards(design, catalog, lang)
        assert [f"{c['value']} {c['unit']}" for c in cards] == [value for _, value in present[tid]]
        assert [c["detail"].split("；" if lang != "en" else ";")[0] for c in cards] == [lab for lab, _ in present[tid]]
    data = comparison([("a", a), ("b", b)], catalog, lang=lang)
    busbw_labels = [row["label"] for row in data["busbw_at_sizes"]]
    assert all((" at " in label) == (lang == "en") for label in busbw_labels), busbw_labels
    assert [row["label"] for row in data["headline"]] == [label for label, _ in present["a"]]
    unmarked = [[re.sub("\u00a0[†‡]", "", v) for v in row["values"]] for row in data["headline"]]
    assert unmarked[:4] == [[va, vb] for (_, va), (_, vb) in zip(present["a"][:4], present["b"][:4], strict=True)]
    # the comparison's power cell is the wall figure, then the DC load against the usable PSU capacity
    assert [v.split("；" if lang != "en" else ";")[0] for v in unmarked[4]] == [present["a"][4][1], present["b"][4][1]]
    if lang == "en":
        lines = headline_lines("dgx-h100")
        assert [line.split()[-2:] for line in lines[1:]] == [value.split()[-2:] for _, value in present["a"]]
        assert all(label in line for (label, _), line in zip(present["a"], lines[1:], strict=True))


def test_accelerators_are_not_called_gpus_and_a_pcie_box_shows_no_zero(catalog, design_of):
    npu = [str(h.label) for h in headline_figures(design_of("huawei-atlas-910b"), catalog)]
    assert not any("GPU" in label for label in npu), npu
    pcie = {h.key: h for h in headline_figures(design_of("rtx-pcie-8"), catalog)}
    assert str(pcie["scaleup"].value) == "no scale-up fabric (PCIe only)"
    assert render_param(pcie["scaleup"].card_value, "en", Audience.DOCUMENT) == "PCIe"


def test_the_headline_numbers_are_the_key_figures(catalog, design_of):
    """The values come from the key figures and the model, not from a table of answers: DGX H100 as the NVIDIA
    DGX H100 User Guide describes it (8 GPUs, 18 NVLinks x 25 GB/s = 450 GB/s per direction, 8 x 80 GB)."""
    figures = {h.key: h for h in headline_figures(design_of("dgx-h100"), catalog)}
    k = Analysis(design_of("dgx-h100"), catalog).figures
    assert str(figures["scaleup"].value) == f"{k.scaleup_gbytes_s_per_gpu_per_dir:,.0f} GB/s per direction" \
        == f"{18 * 25} GB/s per direction"
    assert str(figures["memory"].value) == f"{8 * 80} GB on 8 GPUs"
    assert str(figures["power"].value) == f"{k.wall_peak_w / 1000:.1f} kW (AC)"
    dc_of_usable = f"DC {k.dc_load_w / 1000:.1f} of {k.psu_usable_w / 1000:.1f} kW usable"
    assert str(figures["power"].detail).startswith(f"peak; {dc_of_usable}")


def _messages(msg: Msg) -> list[Msg]:
    inner = [p for _, p in msg.params if isinstance(p, Msg)]
    return [msg, *(m for i in inner for m in _messages(i))]


def _group(catalog, design_of) -> list[Msg]:
    """Every headline and status-line message the templates give (both bandwidth views), plus the what-if that
    takes an NVLink domain down (DGX H100, one NVSwitch: Fabric Manager's NVSWITCH_FAILURE_MODE=0)."""
    out: list[Msg] = []
    for tid in TEMPLATES:
        design = design_of(tid)
        analysis = Analysis(design, catalog)
        heads: list[Headline] = headline_figures(design, catalog)
        out += [m for h in heads for m in (h.label, h.value, h.card_detail)]
        out += [*status_parts(analysis.figures, analysis.report, False), *status_parts(analysis.figures, None, True)]
    out += [h.value for h in headline_figures(design_of("dgx-h100"), catalog, ("nvs0",))]
    return out


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_headline_and_status_message_is_chinese(catalog, design_of, lang):
    group = _group(catalog, design_of)
    ids = {m.id for msg in group for m in _messages(msg)}
    assert {"none: the NVLink domain is down (failure policy)", "no scale-up fabric (PCIe only)",
            "{n} accelerators", "{n} GPUs"} <= ids  # the group covers the variants
    assert [str(m) for m in group if not has_translation(m, lang)] == []
    english = {render(m, lang) for m in group if ENGLISH_WORDS.search(render(m, lang))}
    assert english == set()


def test_the_status_line_counts_with_plural_forms(catalog, design_of):
    analysis = Analysis(design_of("dgx-h100"), catalog)
    e, w = analysis.report.count(Severity.ERROR), analysis.report.count(Severity.WARNING)
    tail = analysis.status_line().split(" | ")[-1]
    assert tail == f"{e} error{'s' if e != 1 else ''}, {w} warning{'s' if w != 1 else ''}"
    assert render(status_parts(analysis.figures, analysis.report)[-1], "zh_TW") == f"{e} 個錯誤，{w} 個警告"


def test_the_templates_with_assumed_psus_are_the_ones_whose_description_says_so():
    said = {t.id for t in TEMPLATES.values()
            if re.search(r"PSUs?\b[^;]*\b(assumed|assumptions|not verified)|modelled \d\+\d", t.description)}
    assert said == PSUS_ASSUMED


def test_an_assumed_psu_capacity_is_marked_in_every_comparison_output(catalog, design_of, tmp_path):
    """DGX H100's PSUs are published (NVIDIA DGX H100 User Guide: 6 x 3.3 kW, 4+2); the MI300X platform's are
    assumed (its description says so). Changing the PSUs makes them the user's, no longer the template's."""
    mi300x = design_of("amd-mi300x")
    assert "amd-mi300x" in PSUS_ASSUMED and "dgx-h100" not in PSUS_ASSUMED
    data = comparison([("dgx", design_of("dgx-h100")), ("amd", mi300x)], catalog)
    psu = next(r for r in data["power"] if r["key"] == "psu_usable_w")
    assert psu["status"] == ["", "psu_assumed"] and cell_text(psu, 1).endswith(f"\u00a0{PSU_ASSUMED}")
    assert ASSUMED not in cell_text(psu, 1)  # † means assumed power, ‡ an assumed PSU configuration
    # The headline power row carries each mark on the figure it qualifies: † on the load, ‡ on the usable capacity
    head = next(r for r in data["headline"] if r["key"] == "power")["values"]
    assert re.fullmatch(r"[\d.]+ kW\u00a0† \(AC\); DC [\d.]+ kW\u00a0† of [\d.]+ kW usable", head[0])
    assert re.fullmatch(r"[\d.]+ kW\u00a0† \(AC\); DC [\d.]+ kW\u00a0† of [\d.]+ kW usable\u00a0‡", head[1])
    text = comparison_text(data)
    assert str(PSU_NOTE) in text and str(PSU_NOTE).startswith(PSU_ASSUMED)
    pdf = tmp_path / "c.pdf"
    pdf.write_bytes(comparison_pdf_bytes(data))
    flat = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert "PSU configuration is assumed" in flat
    own = edits.set_settings(mi300x, psu_redundancy="N+N")
    assert next(r for r in comparison([("dgx", design_of("dgx-h100")), ("own", own)], catalog)["power"]
                if r["key"] == "psu_usable_w")["status"] == ["", ""]


def test_the_compare_cli_shows_the_headline_rows_and_the_psu_note(capsys):
    assert main(["compare", "dgx-h100", "amd-mi300x"]) == 0
    out = capsys.readouterr().out
    assert "AllReduce busbw, 1 GiB" in out and str(PSU_NOTE) in out
    assert main(["compare", "dgx-h100", "dgx-b200"]) == 0
    assert str(PSU_NOTE) not in capsys.readouterr().out  # both publish their PSUs: no note


def _simulation_messages(catalog, design_of) -> list[Msg]:
    """The model's notes and bottleneck lines the templates give: every template's AllReduce and AllToAll, each
    with its first scale-up link failed, and one run with the algorithm forced."""
    from designer.simulation import SimConfig, simulate

    out: list[Msg] = []
    for tid in TEMPLATES:
        design = design_of(tid)
        link = next((lk.id for lk in design.links if lk.kind.value in ("nvlink", "xgmi", "hccs", "roce")), None)
        for fail in ((), (link,) if link else ()):
            result = simulate(design, catalog, SimConfig(("allreduce", "alltoall"), sizes=(1 << 30,), fail=fail))
            out += [n for n in result.notes if isinstance(n, Msg)] + [r.bottleneck_msg for r in result.rows]
    forced = simulate(design_of("dgx-h100"), catalog, SimConfig(("allreduce",), sizes=(1 << 20,), algorithm="ring"))
    return out + [n for n in forced.notes if isinstance(n, Msg)]


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_the_models_notes_and_bottleneck_lines_are_chinese(catalog, design_of, lang):
    from designer.simulation.model import NO_FIGURE

    group = [m for m in _simulation_messages(catalog, design_of) if m] + [NO_FIGURE]
    ids = {m.id for msg in group for m in _messages(msg)}
    assert any(i.startswith("ring rate per GPU") for i in ids) and any("devices alike" in i for i in ids)
    assert any(i.startswith("algorithm forced") for i in ids)
    assert [str(m) for m in group if not has_translation(m, lang)] == []
    english = re.compile(r"per direction|\blinks?\b|devices alike|limited by|rate per GPU|no path|forced|where it")
    assert sorted({render(m, lang) for m in group if english.search(render(m, lang))}) == []


def test_the_models_english_lines_are_as_before(catalog, design_of):
    """str(message) is the English the JSON and the CLI print (DGX H100: 18 NVLinks of 25 GB/s per GPU over 4
    NVSwitches, NVIDIA DGX H100 User Guide)."""
    from designer.simulation import SimConfig, simulate

    row = simulate(design_of("dgx-h100"), catalog, SimConfig(("allreduce",), sizes=(1 << 30,))).rows[0]
    assert row.bottleneck == str(row.bottleneck_msg) and " GB/s per direction over " in row.bottleneck
    assert "bottleneck_msg" not in row.as_dict()


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_the_sheets_fact_rows_and_chart_words_are_chinese(catalog, design_of, lang):
    """The memory, compute, CPU, PSU and form-factor rows and the busbw chart's scope, tag and band, for every
    template (GPU and accelerator nodes, the rack) in both languages."""
    from designer.export.sheet_charts import BAND_LABEL, chart_scope, model_tag
    from designer.simulation.constants import MODEL_SPREAD

    group: list[Msg] = [BAND_LABEL, model_tag(MODEL_SPREAD)]
    group += [chart_scope(8, rack, gpus) for rack in (False, True) for gpus in (False, True)]
    keys = ("GPU memory", "Dense BF16 / FP8", "CPUs", "PSUs and redundancy", "Form factor")
    for tid in TEMPLATES:
        sheet = SheetData(ExportAnalysis(design_of(tid), catalog, 1, now=datetime(2026, 1, 1, tzinfo=UTC)), Brand())
        rows = {row["label"]: row["value"] for row in sheet.spec_rows()}
        memory = "GPU memory" if "GPU memory" in rows else "Accelerator memory"  # NPUs and Gaudi: accelerators
        assert all(key in rows for key in (memory, *keys[1:])), tid
        group += [sheet.cpus()[0]]
    assert [str(m) for m in group if not has_translation(m, lang)] == []
    words = re.compile(r"\b(usable|total|aggregate|bandwidth|each|rack-mount|uncertainty|model|node|rack)\b")
    assert sorted({render(m, lang) for m in group if words.search(render(m, lang))}) == []
    sheet = SheetData(ExportAnalysis(design_of("dgx-h100"), catalog, 1, now=datetime(2026, 1, 1, tzinfo=UTC)),
                      Brand(), lang)
    rows = {row["label"]: row["value"] for row in sheet.spec_rows()}
    assert not [v for v in rows.values() if words.search(v)], rows


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_confidence_words_are_one_table_of_messages(lang):
    """Every level of designer.core.labels.CONFIDENCE_WORDS, long and short, as the inspector, the palette, the
    budget panel and the sheet's references show it; English unchanged."""
    from designer.core import i18n
    from designer.core.labels import CONFIDENCE_WORDS, confidence_label, confidence_message
    from designer.model.parts import Confidence

    assert set(CONFIDENCE_WORDS) == {c.value for c in Confidence}
    for code in [*Confidence, "?"]:
        for short in (False, True):
            msg = confidence_message(code, short)
            assert has_translation(msg, lang) and not re.search(r"[a-z]{3,}", i18n.confidence_label(code, lang, short))
    high = "high confidence (the vendor's or a standard's document about this part)"
    assert confidence_label(Confidence.HIGH) == high
    assert i18n.confidence_label("L", "en", short=True) == "low confidence"


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_the_inspectors_export_screening_lines_are_chinese(catalog, lang):
    """Every GPU's screening lines (TPP under the EAR, performance density, the screening and the system class)."""
    from designer.model.export_control import screening_lines

    lines = [m for part in catalog.of_kind("gpu") for pair in screening_lines(part) for m in pair]
    assert len(lines) == 8 * len(catalog.of_kind("gpu"))
    assert [str(m) for m in lines if not has_translation(m, lang)] == []
    words = re.compile(r"\b(under|screening|classification|computers|density|unknown|die)\b")
    assert sorted({render(m, lang) for m in lines if words.search(render(m, lang))}) == []


def test_the_power_headline_never_rounds_a_load_below_capacity_up_to_it_and_sets_dc_against_dc():
    """Atlas 800T A2: 5,952 W against 6,000 W usable read '6.0 kW of 6.0 kW usable', a full PSU budget; and the
    card set the wall's AC figure (10.2 kW) against the PSUs' DC output (13.2 kW) as if they compared (issue 34
    item 2): the large figure is the wall (AC), the DC load is what stands against the usable capacity."""
    from designer.core.figures import _power

    near = {"wall_peak_w": 6200.0, "dc_load_w": 5952.0, "psu_usable_w": 6000.0, "psu_count": 4,
            "psu_unit_output_w": 3000.0, "psu_redundancy": "N+N"}
    assert render(_power(near).value) == "6.2 kW (AC)"
    assert render(_power(near).detail) == "peak; DC 5.95 of 6.00 kW usable; PSUs 4 x 3,000 W, N+N"
    dgx = near | {"wall_peak_w": 10200.0, "dc_load_w": 9229.0, "psu_usable_w": 13200.0}
    assert render(_power(dgx).detail).startswith("peak; DC 9.2 of 13.2 kW usable;")
    assert render(_power(near | {"dc_load_w": 6000.0}).detail).startswith("peak; DC 6.0 of 6.0 kW usable")  # equal
    no_psus = {k: v for k, v in near.items() if k != "psu_count"}
    assert render(_power(no_psus).detail) == "peak; DC 5.95 of 6.00 kW usable"


def test_a_count_of_one_is_singular_and_a_gpu_shows_no_unpublished_power_beside_its_tdp(catalog):
    """issue 35 item 4: the Inspector said 'Ports 1 ports' and 'Power: not published' beside 'TDP 700 W'."""
    from designer.core.i18n import format_value
    from designer.ui.panels.inspector import spec_rows

    assert [format_value("ports", n) for n in (1, 64)] == ["1 port", "64 ports"]
    assert format_value("fabric_links", 1) == "1 link" and format_value("pcie_lanes", 1) == "1 lane"
    assert format_value("ports", 1, "zh_TW") == format_value("ports", 2, "zh_TW").replace("2", "1")
    rows = dict(spec_rows(catalog.get("h100-sxm5")))
    assert rows["TDP"] == "700 W" and "Power" not in rows
    assert dict(spec_rows(catalog.get("cx7-400")))["Ports"] == "1 port"
