"""Layout rules of the documents (issue 24, item 5): headings stay with their content, table rows never split, no page
ends in a heading; links are clickable with a clean text layer; the full company name in a branded header; the
disclaimer on the cover and whole on the slide; every performance chart and the slide say the curves are modelled."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from designer.export.brand import Brand
from designer.export.files import slide_bytes
from designer.export.pdf import spec_sheet_pdf
from designer.export.sheet_charts import model_tag
from designer.export.sheet_data import sheet_data
from designer.model.design import Waiver
from designer.simulation.constants import MODEL_SPREAD
from designer.templates import TEMPLATES

COMPANY = "Formosa Advanced Computing Systems Integration and Datacenter Engineering Corporation Limited (Hsinchu)"
DISCLAIMER = ("Figures are estimates from public data and a performance model; they are not a quotation. Please "
              "confirm every figure with the vendor before ordering. " * 3).strip()
HEADINGS = ["Specification", "Bill of materials", "Power and thermal", "Assumptions", "Design rule check",
            "Export-control screening", "Collective performance", "Topology matrix", "References", "Rack elevation"]


@pytest.fixture(autouse=True)
def no_user_brand(tmp_path, monkeypatch):
    monkeypatch.setattr("designer.export.brand.user_brand_path", lambda: tmp_path / "no-brand.json")


def pages_of(data: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]


def squeezed(text: str) -> str:
    return "".join(text.split())


def test_references_are_links_and_the_text_layer_has_no_zero_width_spaces(catalog, design_of):
    design = design_of("dgx-h100")
    pdf = spec_sheet_pdf(design, catalog)
    text = "".join(pages_of(pdf))
    assert "\u200b" not in text  # there were 1,319 in one sheet, one between every character of each URL
    uris = {a.get_object()["/A"]["/URI"] for p in PdfReader(io.BytesIO(pdf)).pages
            for a in p.get("/Annots") or [] if a.get_object().get("/A", {}).get("/URI")}
    cited = {u.rstrip(".,;:)") for r in sheet_data(design, catalog)["references"]
             for u in re.findall(r"https?://\S+", r["text"])}
    assert cited and cited <= uris
    assert all(squeezed(u) in squeezed(text) for u in cited)  # each address reads whole in the text layer


def test_a_branded_sheet_has_the_whole_company_name_on_every_page_and_the_disclaimer_on_the_cover(catalog, design_of):
    brand = Brand(company=COMPANY, contact="sales@example.com", disclaimer=DISCLAIMER)
    pages = pages_of(spec_sheet_pdf(design_of("dgx-h100"), catalog, brand=brand))
    assert all(squeezed(COMPANY) in squeezed(p) for p in pages)
    assert squeezed(DISCLAIMER) in squeezed(pages[0])


def test_the_slide_keeps_the_whole_disclaimer_and_says_the_curves_are_modelled(catalog, design_of):
    brand = Brand(company=COMPANY, disclaimer=DISCLAIMER)
    text = pages_of(slide_bytes(design_of("dgx-h100"), catalog, "pdf", brand))[0]
    assert squeezed(DISCLAIMER) in squeezed(text) and squeezed(COMPANY) in squeezed(text)
    assert str(model_tag(MODEL_SPREAD)) in " ".join(text.split())


@pytest.mark.parametrize("template", ["dgx-h100", "gb200-nvl72"])
def test_both_performance_charts_say_they_are_modelled(catalog, design_of, template):
    text = " ".join(" ".join(pages_of(spec_sheet_pdf(design_of(template), catalog))).split())
    assert text.count(str(model_tag(MODEL_SPREAD))) == 2


def content_lines(page: str) -> list[str]:
    lines = [ln.strip() for ln in page.splitlines() if ln.strip()]
    return [ln for ln in lines if not re.match(r"page \d+ of \d+|GPU Node Designer \d", ln)]


@pytest.mark.parametrize(("template", "paper"), [("dgx-h100", "a4"), ("dgx-h100", "letter"), ("amd-mi300x", "letter"),
                                                 ("gb200-nvl72", "a4"), ("huawei-atlas-910b", "a4")])
def test_no_page_ends_in_a_heading_and_the_findings_table_starts_with_two_rows(catalog, design_of, template, paper):
    pages = pages_of(spec_sheet_pdf(design_of(template), catalog, paper=paper))
    for number, page in enumerate(pages[:-1], 1):
        tail = content_lines(page)[-2:]
        assert not any(line in HEADINGS for line in tail), (number, tail)
    start = next(p for p in pages if re.search(r"Severity\s+Rule\s+Finding", p))
    after = start.split("Finding", 1)[1]
    assert len(re.findall(r"^(info|warning|error)\b", after, flags=re.M)) >= 2


def test_a_table_row_never_splits_across_pages(catalog, design_of):
    words = " ".join(f"w{i:03d}" for i in range(400))  # a waiver reason of some 20 lines
    design = design_of("rtx-pcie-8")
    design = design.model_copy(update={"waivers": [Waiver(rule="power.assumed_figures", reason=words)]})
    pages = pages_of(spec_sheet_pdf(design, catalog, paper="letter"))
    first = next(i for i, p in enumerate(pages) if "w000" in p)
    assert "w399" in pages[first]


def test_the_comparison_keeps_its_legend_with_a_matrix_and_says_its_curves_are_modelled(catalog, design_of):
    from designer.compare import comparison
    from designer.compare.data import CURVE_COLLECTIVES
    from designer.compare.document import comparison_pdf_bytes

    designs = [(t, design_of(t)) for t in ("dgx-h100", "amd-mi300x", "huawei-atlas-910b", "rtx-pcie-8")]
    pages = pages_of(comparison_pdf_bytes(comparison(designs, catalog)))
    assert "\u200b" not in "".join(pages)
    legend = next(p for p in pages if "Connection traversing" in p)
    assert re.search(r"GPU0\s+X\s", legend)  # a matrix on the legend's page: the legend is never alone
    assert " ".join(" ".join(pages).split()).count(str(model_tag(MODEL_SPREAD))) == len(CURVE_COLLECTIVES)  # each chart


def _covered(chart: dict) -> list[tuple[float, float]]:
    """The points of curves (polylines, markers and band outlines sampled along their segments) that fall inside the
    chart's legend box (its white framed rectangle); the legend's own key lines are not curves."""
    box = next((s for s in chart["shapes"] if s["type"] == "rect" and s.get("fill") == "#ffffff"), None)
    if box is None:
        return []
    x0, y0, x1, y1 = box["x"], box["y"], box["x"] + box["w"], box["y"] + box["h"]
    curves = [s["points"] for s in chart["shapes"] if s["type"] in ("polyline", "polygon") and len(s["points"]) > 4]
    out = []
    for pts in curves:
        for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
            for k in range(11):
                x, y = ax + (bx - ax) * k / 10, ay + (by - ay) * k / 10
                if x0 < x < x1 and y0 < y < y1:
                    out.append((round(x), round(y)))
    return out


@pytest.mark.parametrize("template", ["gb200-nvl72", "dgx-h100", "huawei-atlas-910b"])
def test_no_chart_legend_covers_a_curve(catalog, design_of, template):
    """The GB200 scaling chart's legend hid its 32- and 64-rack points; the comparison's legends covered curves
    and their labels overprinted each other."""
    data = sheet_data(design_of(template), catalog, "a4", nodes=8)
    charts = [data["figures"][key] for key in ("busbw", "scaling") if data["figures"].get(key)]
    assert charts and all(_covered(chart) == [] for chart in charts)


def test_the_comparisons_legends_cover_no_curve_and_stay_under_the_plot_when_long(catalog, design_of):
    from designer.compare import comparison
    from designer.compare.document import charts
    from designer.compare.presets import scheme_preset

    named = [(p.template, p.design) for p in scheme_preset(catalog).picks]
    for chart in charts(comparison(named, catalog, lang="zh_TW")):
        assert _covered(chart) == []
        frame = next(s for s in chart["shapes"] if s["type"] == "rect" and s.get("stroke") == "#555555")
        labels = [s for s in chart["shapes"] if s["type"] == "text" and s["anchor"] == "left"]
        assert len(labels) == len(named) + 1  # a label per design and the band's
        assert all(s["at"][1] > frame["y"] + frame["h"] for s in labels)  # six long names: under the plot
        rows = sorted({round(s["at"][1]) for s in labels})
        assert all(b - a >= 8 for a, b in zip(rows, rows[1:], strict=False))  # rows never overprint


def _line_heights(pdf: bytes, *starts: str) -> dict[str, float]:
    """The baseline (points from the page's foot) of the first text run that starts each of `starts`, by page."""
    found: dict[str, float] = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        def visit(text, cm, tm, font, size):
            for start in starts:
                if start not in found and text.strip().startswith(start):
                    found[start] = tm[5] * cm[3] + cm[5]
        page.extract_text(visitor_text=visit)
        if len(found) == len(starts):
            return found
        found.clear()
    return found


def test_the_band_note_and_the_bottleneck_line_do_not_overprint(catalog, design_of):
    """The bottleneck line, moved before the busbw table, was printed over the band note above it."""
    pdf = spec_sheet_pdf(design_of("dgx-h100"), catalog, now=None)
    at = _line_heights(pdf, "The shaded band", "The largest AllReduce")
    assert len(at) == 2 and at["The shaded band"] - at["The largest AllReduce"] >= 8.0, at


def _layout_lines(pdf: bytes, tmp_path) -> list[str]:
    import subprocess

    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return [line.rstrip() for line in out.splitlines()]


UNIT_START = re.compile(r"^\s*(?:s\b|K\b|W\b|CFM\b|min\b)")  # not a card's unit line under its number


@pytest.mark.parametrize("lang", ["zh_TW", "en"])
def test_a_figure_keeps_its_unit_and_a_rate_its_slash_across_line_ends(catalog, design_of, tmp_path, lang):
    """'450 GB/' + 's；' and '20' + 'K 時' were broken across lines in the findings and the power table."""
    lines = _layout_lines(spec_sheet_pdf(design_of("dgx-h100"), catalog, lang=lang), tmp_path)
    broken = [(a, b) for a, b in zip(lines, lines[1:], strict=False)
              if a.endswith(("GB/", "Gb/", "L/")) or (re.search(r"\d$", a) and UNIT_START.search(b))]
    assert broken == []


def test_the_branded_sheets_last_page_never_holds_the_prepared_by_line_alone(catalog, design_of):
    brand = Brand(company="Formosa Advanced Computing Systems Integration Corporation", contact="sales@example.com.tw")
    pages = pages_of(spec_sheet_pdf(design_of("dgx-h100"), catalog, brand=brand, lang="zh_TW"))
    last = pages[-1]
    assert "編製" in last and "design.json" in last  # with the closing paragraph, not alone


def test_a_documented_waiver_cites_its_document_by_number(catalog, design_of):
    text = " ".join(pages_of(spec_sheet_pdf(design_of("dgx-h100"), catalog, lang="zh_TW"))).replace("\n", "")
    found = re.search(r"已記載的平台行為（\[(\d+)\]）", text)
    assert found and f"[{found.group(1)}] NVIDIA Fabric Manager User Guide" in text
    assert "（NVIDIA Fabric Manager User Guide）" not in text


def test_an_npu_sheet_calls_its_matrix_lead_accelerators(catalog, design_of):
    text = "".join(pages_of(spec_sheet_pdf(design_of("huawei-atlas-910b"), catalog, lang="zh_CN"))).replace("\n", "")
    assert "加速器与加速器、加速器与网卡之间的路径" in text and "GPU 与 GPU、GPU 与网卡" not in text


LETTER_SAMPLES = ("dgx-a100", "dgx-h100", "dgx-b200", "gb200-nvl72", "hgx-b300")


@pytest.mark.parametrize("template,paper", [(t, "a4") for t in TEMPLATES]
                         + [(t, "letter") for t in LETTER_SAMPLES])
def test_no_sheet_ends_on_a_page_under_a_quarter_full(catalog, design_of, template, paper):
    """issue 34 item 6: a sheet whose last page would hold a few lines (the last references and the closing words:
    10-20 % of the page on the DGX and HGX sheets) sets its references in two columns, a little smaller, and keeps
    that only where it saves the page."""
    from designer.export.pdf import MIN_LAST_PAGE_FILL, last_page_fill

    pdf = spec_sheet_pdf(design_of(template), catalog, paper=paper)
    assert last_page_fill(pdf) >= MIN_LAST_PAGE_FILL
    assert PdfReader(io.BytesIO(pdf)).attachments  # the design is still attached


def test_the_tight_references_are_kept_where_they_save_the_last_page(catalog, design_of):
    """The DGX H100 sheet set as before ends on a sixth page holding 14 % of its body (the last two references and
    the closing words); the export measures that, sets the references tighter and keeps the five-page sheet."""
    from designer.export.engine import render
    from designer.export.pdf import last_page_fill, page_count
    from designer.io.files import design_to_json

    design = design_of("dgx-h100")
    data = sheet_data(design, catalog, "a4")
    data["attachment"] = design_to_json(design)
    loose = render("spec-sheet", data, lang="en")
    assert last_page_fill(loose) < 0.25
    sheet = spec_sheet_pdf(design, catalog)
    assert page_count(sheet) == page_count(loose) - 1 and last_page_fill(sheet) > 0.9
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet)).pages)
    assert "pass it to gpu-designer-cli" in " ".join(text.split())  # the closing words are still there


@pytest.mark.parametrize("node,gpus", [("dgx-h100", 1024), ("gb200-nvl72", 1152), ("amd-mi300x", 1024)])
def test_no_cluster_sheet_ends_on_a_page_under_a_quarter_full(catalog, node, gpus, tmp_path):
    from designer.cluster.build import ClusterModel
    from designer.cluster.plan import ClusterPlan, NodeRef
    from designer.export.cluster_pdf import export_cluster
    from designer.export.pdf import MIN_LAST_PAGE_FILL, last_page_fill
    from designer.workload.summary import what_it_trains

    m = ClusterModel(ClusterPlan(node=NodeRef(template=node), gpus=gpus), catalog)
    out = tmp_path / "c.pdf"
    export_cluster(m, {"pdf": out}, "en", Brand(), what_it_trains(m), "USD")  # as `cluster export` and the app make it
    assert last_page_fill(out.read_bytes()) >= MIN_LAST_PAGE_FILL
