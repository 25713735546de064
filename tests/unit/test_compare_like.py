"""Comparisons that do not mislead (issue 24, item 6): best marks only among like designs, per-GPU rows when GPU
counts differ, "not supported" apart from "unknown", assumed power marked, columns headed by design names, no word
or unit broken across lines in the PDF."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from designer.cli.main import main
from designer.compare import comparison
from designer.compare.document import comparison_pdf_bytes
from designer.compare.render import ASSUMED, BEST, cell_text, comparison_text
from designer.compare.rows import PER_GPU_FIGURES, PER_GPU_POWER
from designer.core.errors import DesignerError
from designer.model.budget import power_budget


def build(catalog, design_of, *templates):
    return comparison([(t, design_of(t)) for t in templates], catalog)


def rows_of(data: dict) -> list[dict]:
    return [r for section in ("figures", "power", "rules", "busbw_at_sizes") for r in data[section]]


def total_rows(data: dict) -> list[dict]:
    return [r for r in rows_of(data) if r["scope"] == "total"]


@pytest.fixture(scope="module")
def rack_node_quad(catalog):
    from designer.templates import build_template

    return comparison([(t, build_template(t, catalog)) for t in ("dgx-h100", "gb200-nvl72", "gh200-quad")], catalog)


def test_a_rack_and_a_4_gpu_box_are_never_starred_against_8_gpu_nodes_on_totals(rack_node_quad):
    """Before: the 72-GPU rack was starred on HBM, FLOPS and bisection and the 4-GPU box on power and heat."""
    counts = next(r for r in rack_node_quad["figures"] if r["key"] == "gpu_count")["values"]
    assert len(set(counts)) == 3  # no two designs alike: no total may be starred
    assert len(total_rows(rack_node_quad)) >= 10
    assert all(r["best"] == [] for r in total_rows(rack_node_quad))
    wall = next(r for r in rack_node_quad["power"] if r["key"] == "wall_peak_w")["values"]
    assert wall[2] == min(wall)  # the 4-GPU box draws least in all: the old mark went to it


def test_mixed_gpu_counts_get_per_gpu_rows_starred_among_all(rack_node_quad):
    counts = next(r for r in rack_node_quad["figures"] if r["key"] == "gpu_count")["values"]
    by_key = {r["key"]: r for r in rows_of(rack_node_quad)}
    for key, _, _, better, total, factor in PER_GPU_FIGURES + PER_GPU_POWER:
        row = by_key[key]
        expected = [None if t is None else round(t * factor / n, 3) for t, n in zip(by_key[total]["values"], counts,
                                                                                    strict=True)]
        assert row["values"] == expected and row["scope"] == "per_gpu" and row["derived"]
        known = [v for v in expected if v is not None]
        target = max(known) if better == "higher" else min(known)
        assert row["best"] == [i for i, v in enumerate(expected) if v == target]


def test_totals_are_starred_among_designs_with_the_same_gpu_count(catalog, design_of):
    data = build(catalog, design_of, "dgx-h100", "dgx-b200", "gh200-quad")  # 8, 8 and 4 GPUs
    for row in total_rows(data):
        pair = row["values"][:2]
        if None in pair or pair[0] == pair[1] or not row["better"]:  # PSU capacity: sized to the load, no best
            assert row["best"] == [], row["key"]
            continue
        target = max(pair) if row["better"] == "higher" else min(pair)
        assert row["best"] == [pair.index(target)], row["key"]  # the 4-GPU box is never among them
    per_gpu_keys = {key for key, *_ in PER_GPU_FIGURES + PER_GPU_POWER}
    assert per_gpu_keys <= {r["key"] for r in rows_of(data)}  # the counts differ: per-GPU rows
    alike = build(catalog, design_of, "dgx-h100", "amd-mi300x")
    assert not per_gpu_keys & {r["key"] for r in rows_of(alike)}  # 8 and 8 GPUs: the totals compare alike
    hbm = next(r for r in alike["figures"] if r["key"] == "hbm_total_gb")
    assert hbm["best"] == [1]  # 8 x 192 GB (AMD MI300X datasheet) against 8 x 80 GB (NVIDIA H100 datasheet)


def test_not_supported_is_not_unknown_and_agrees_with_info(capsys, catalog, design_of):
    templates = ("dgx-h100", "dgx-a100", "huawei-atlas-910b")
    data = build(catalog, design_of, *templates)
    fp8 = next(r for r in data["figures"] if r["key"] == "fp8_dense_pflops")
    bf16 = next(r for r in data["figures"] if r["key"] == "bf16_dense_pflops")
    for i, template in enumerate(templates):
        assert main(["info", template, "--json"]) == 0
        info = json.loads(capsys.readouterr().out)
        assert main(["info", template]) == 0
        line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("Dense BF16 / FP8"))
        expected = "not supported" if not info["fp8_supported"] else ("unknown" if info["fp8_dense_pflops"] is None
                                                                       else None)
        if expected:
            assert cell_text(fp8, i) == expected and line.endswith(expected)
        if info["bf16_dense_pflops"] is None:
            assert cell_text(bf16, i) == "unknown"
    assert {cell_text(fp8, 1), cell_text(bf16, 2)} == {"not supported", "unknown"}  # A100: no FP8; 910B BF16
    text = comparison_text(data)
    assert "not supported" in text and "unknown" in text


def test_power_resting_on_assumed_figures_is_marked(catalog, design_of):
    templates = ("dgx-h100", "supermicro-pcie-l40s")
    data = build(catalog, design_of, *templates)
    assumed = next(r for r in data["power"] if r["key"] == "assumed_dc_load_w")
    for i, t in enumerate(templates):
        expected = round(sum(line.watts for line in power_budget(design_of(t), catalog).assumed_lines), 1)
        assert assumed["values"][i] == expected > 0
        for key in ("dc_load_w", "wall_peak_w", "heat_btu_per_hr", "airflow_cfm"):
            row = next(r for r in data["power"] if r["key"] == key)
            assert row["status"][i] == "assumed" and cell_text(row, i).endswith(f"\u00a0{ASSUMED}")
    usable = next(r for r in data["power"] if r["key"] == "psu_usable_w")
    assert ASSUMED not in cell_text(usable, 0)  # a PSU rating is published


def test_columns_are_headed_by_design_names(capsys, tmp_path, design_of):
    from designer.io.files import save_design

    path = tmp_path / "copy.json"
    save_design(design_of("dgx-h100"), path)
    assert main(["compare", "dgx-h100", "amd-mi300x", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    h100, mi300x = design_of("dgx-h100").meta.name, design_of("amd-mi300x").meta.name
    assert data["designs"] == [f"{h100} (dgx-h100)", mi300x, f"{h100} ({path})"]  # a shared name says its source
    assert data["sources"] == ["dgx-h100", "amd-mi300x", str(path)]
    assert main(["compare", "dgx-h100", "amd-mi300x"]) == 0
    assert capsys.readouterr().out.splitlines()[0].split() == [*h100.split(), *mi300x.split()]


def pdf_lines(pdf: bytes, tmp_path) -> list[str]:
    path = tmp_path / "c.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return text.splitlines()


def test_no_unit_or_word_is_broken_across_lines_in_the_pdf(rack_node_quad, tmp_path):
    """Before: "(GB/s)" was set as "(GB/" and "s)", "US$0.067/kWh" and part ids split at their slash or hyphen."""
    lines = pdf_lines(comparison_pdf_bytes(rack_node_quad), tmp_path)
    labels = [f"{r['label']} ({r['unit']})" if r["unit"] else r["label"] for r in rows_of(rack_node_quad)]
    breakable = {w for label in labels for w in label.split() if ("/" in w or "-" in w) and len(w) <= 14}
    assert {"(GB/s)", "US$0.067/kWh)"} <= breakable  # the words the issue saw broken
    broken = [w for w in breakable if not any(w in line for line in lines)]
    assert broken == []


def test_the_pdf_names_parts_without_their_catalog_ids(rack_node_quad, tmp_path):
    """A customer document: the bill of materials gives each part's name, not the tool's catalog id (a review found
    "(cold-plate-cdu)", "(psu-3300)" beside every part)."""
    flat = " ".join(pdf_lines(comparison_pdf_bytes(rack_node_quad), tmp_path))
    rows = rack_node_quad["bom_differences"]
    assert rows and all(r["name"].split()[0] in flat for r in rows)
    assert [r["part"] for r in rows if f"({r['part']})" in flat] == []


def test_the_marks_are_explained_wherever_they_show(rack_node_quad, tmp_path):
    text = comparison_text(rack_node_quad)
    assert f"{BEST} marks the best value in a row among like designs" in text and f"{ASSUMED} the figure" in text
    flat = " ".join(" ".join(pdf_lines(comparison_pdf_bytes(rack_node_quad), tmp_path)).split())
    assert "among like designs" in flat and "assumed power" in flat


CJK = re.compile(r"[\u3400-\u9fff]")
ABBREVIATIONS = {"GPU", "CPU", "PSU"}  # the glossary keeps these as they are


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_a_comparison_is_written_in_its_language(catalog, lang):
    """comparison(..., lang) writes every row label, the spec lines that are words (scheme, fabric, chassis, CPU
    line, cooling, reference), the marks' notes and the words that stand for a missing value in the language, at
    the source (the app's window used to match English output against phrase tables afterwards)."""
    from designer.compare.render import cell_text, notes, table_rows
    from designer.templates import build_template

    named = [(t, build_template(t, catalog)) for t in ("dgx-h100", "gb200-nvl72", "supermicro-pcie-l40s")]
    data = comparison(named, catalog, lang=lang)
    nccl_terms = re.compile(r"^(AllReduce|AllGather|AllToAll) busbw[（，]")  # nccl-tests' own words, as written
    english = [label for label, _ in table_rows(data)
               if not CJK.search(label) and label not in ABBREVIATIONS and not nccl_terms.match(label)]
    assert english == []
    for key in ("scheme_line", "fabric_line", "chassis_line", "cpu_line", "cooling_parts"):
        assert all(CJK.search(spec[key]) for spec in data["spec"] if key != "fabric_line" or "none" in spec[
            "scaleup_fabric"]), key
    assert all(CJK.search(n) for n in notes(data)) and len(notes(data)) == 3  # the PSU note too: assumed PSUs
    no_fabric = next(r for r in data["figures"] if r["key"] == "scaleup_gbytes_s_per_gpu_per_dir")
    assert CJK.search(cell_text(no_fabric, 2, lang)) and no_fabric["values"][2] == 0
    assert all(CJK.search(r["label"]) for r in data["bom_differences"] if r["kind"] in ("cooling", "fabric"))


def test_a_comparison_refuses_a_language_it_does_not_know(catalog, design_of):
    with pytest.raises(DesignerError, match="not 'zh-TW'"):
        comparison([("a", design_of("dgx-h100")), ("b", design_of("hgx-b300"))], catalog, lang="zh-TW")


TERMS = {"busbw", "nccl", "tests", "nvidia", "smi", "topo", "size", "scale", "up", "out", "hr"}  # nccl-tests, units


def english_words(text: str) -> list[str]:
    """Lowercase English words in a text (a sentence left in English has them; product names are capitalised)."""
    return [w for w in re.findall(r"(?<![A-Za-z])[a-z]{2,}(?![A-Za-z])", text) if w not in TERMS]


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_the_chinese_comparison_pdf_has_no_english_sentence(catalog, lang):
    """Every string the comparison PDF typesets (headings, notes, row labels, cells, chart words, legends, matrix
    summaries) is in the language; what stays as written is user and product text: design names, GPU and CPU
    models, PSU lines, the names of product parts in the BOM."""
    from designer.compare.document import document_data
    from designer.templates import build_template

    named = [(t, build_template(t, catalog)) for t in ("dgx-h100", "gb200-nvl72", "supermicro-pcie-l40s")]
    data = comparison(named, catalog, lang=lang)
    doc = document_data(data)
    from designer.compare.render import SPEC_ROWS

    strings = [*doc["text"].values(), *doc["notes"], *doc["legend"], *doc["page"],
               *(m["summary"] for m in doc["matrices"])]
    names = [i for i, (key, _) in enumerate(SPEC_ROWS) if key in ("gpu_line", "cpu_line", "psu_line", "reference_line")]
    for number, section in enumerate(doc["sections"]):
        strings.append(section["title"])
        for i, row in enumerate(section["rows"]):
            strings.append(row["label"])
            if number > 0 or i not in names:  # GPU and CPU models, a PSU line, a reference design's title
                strings += [c["text"] for c in row["cells"]]
    strings += [r["label"] for r, kind in zip(doc["bom"], [b["kind"] for b in data["bom_differences"]], strict=True)
                if kind in ("cooling", "fabric", "chassis")]
    for chart in doc["charts"]:
        strings += [str(shape["body"]) for shape in chart["shapes"] if shape["type"] == "text"
                    and shape["body"] not in data["designs"]]
    left = {s: english_words(s) for s in strings if english_words(s)}
    assert left == {}


def test_compare_writes_its_text_in_the_language_asked_and_refuses_another(capsys):
    """compare --lang: the labels, spec words and notes of the text table in Chinese, columns aligned by display
    width (a Chinese character takes two columns); a language it does not know: one line, exit status 2."""
    assert main(["compare", "dgx-h100", "supermicro-pcie-l40s", "--lang", "zh-CN"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[1].startswith("架构") and "没有 scale-up 互连" in out and "标示同类设计中一行的最佳值" in out
    widths = {sum(2 if "\u3400" <= ch <= "\u9fff" or ch in "（）：；，" else 1 for ch in line) for line in lines[:4]}
    assert len(widths) == 1  # the first rows end in the same column
    assert main(["compare", "dgx-h100", "hgx-b300", "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "--lang must be one of en, zh-TW, zh-CN, not 'fr'" in err and err.count("\n") == 1
