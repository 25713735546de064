"""compare --pdf through the document engine, the class matrices, --schemes, --calibration on compare and export,
and the uncertainty band on the spec sheet's busbw chart."""

import json
import re
from io import BytesIO

import pytest
from pypdf import PdfReader

from designer.cli.main import main
from designer.compare import comparison
from designer.compare.document import comparison_pdf_bytes, document_data
from designer.compare.presets import scheme_preset
from designer.export.sheet_data import sheet_data

HOSTILE = '#panic("boom") $x^2$ *bold* <lbl> @ref ] [ \\ // "q'


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def pdf_text(pdf: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages)


@pytest.fixture(scope="module")
def h100_mi300x(catalog):
    from designer.templates import build_template

    h100 = build_template("dgx-h100", catalog)
    hostile = h100.model_copy(update={"meta": h100.meta.model_copy(update={"name": HOSTILE})})  # heads its column
    return comparison([("h100", hostile), ("mi300x", build_template("amd-mi300x", catalog))], catalog)


def test_hostile_design_name_prints_as_its_characters(h100_mi300x):
    pdf = comparison_pdf_bytes(h100_mi300x)
    text = pdf_text(pdf)
    assert "Typst" in (PdfReader(BytesIO(pdf)).metadata.creator or "")  # the spec sheet's engine, not matplotlib
    for piece in ('#panic("boom")', "$x^2$", "*bold*", "<lbl>", "@ref"):
        assert piece in text.replace("\u200b", "").replace("\n", "")


def test_papers_a4_and_letter(h100_mi300x):
    a4 = PdfReader(BytesIO(comparison_pdf_bytes(h100_mi300x, "a4"))).pages[0].mediabox
    letter = PdfReader(BytesIO(comparison_pdf_bytes(h100_mi300x, "letter"))).pages[0].mediabox
    assert (round(a4.width), round(a4.height)) == (595, 842)  # ISO 216 A4: 210 x 297 mm
    assert (round(letter.width), round(letter.height)) == (612, 792)  # US Letter: 8.5 x 11 in


def test_class_matrices_are_in_the_data_and_printed_at_6pt_or_more(h100_mi300x):
    # DGX H100 user guide / published `nvidia-smi topo -m`: every GPU pair reads NV18 (18 NVLink4 links per GPU)
    m = document_data(h100_mi300x)["matrices"][0]
    assert m["printed"] and len(m["gpu_matrix"]) == 8 and all(len(r) == 8 for r in m["gpu_matrix"])
    assert {c for i, r in enumerate(m["gpu_matrix"]) for j, c in enumerate(r) if i != j} == {"NV18"}
    assert len(m["gpu_nic_matrix"]) == 8 and all(len(r) == len(m["nics"]) for r in m["gpu_nic_matrix"])
    sizes = []

    def visit(text, cm, tm, font, size):
        if text.strip() == "NV18":
            sizes.append(size * tm[3] * cm[3])

    for page in PdfReader(BytesIO(comparison_pdf_bytes(h100_mi300x))).pages:
        page.extract_text(visitor_text=visit)
    assert len(sizes) >= 56 and min(sizes) >= 6.0


def test_curves_carry_the_band(h100_mi300x):
    c = h100_mi300x["busbw_curves"][0]["allreduce"]
    assert all(lo < bw < hi for lo, bw, hi in zip(c["busbw_low_GBps"], c["busbw_GBps"], c["busbw_high_GBps"],
                                                 strict=True) if bw > 0)
    chart = document_data(h100_mi300x)["charts"][0]
    assert sum(s["type"] == "polygon" for s in chart["shapes"]) == 3  # a band per design and its legend key


def test_scheme_preset_picks_computed_schemes_and_vendors(catalog):
    from designer.compare.presets import _vendor
    from designer.templates import build_template

    preset = scheme_preset(catalog)
    by_reason = {str(p.reason): p for p in preset.picks}
    schemes = [r for r in by_reason if r.startswith("scheme ")]
    assert {"scheme A", "scheme B", "scheme C"} <= set(schemes)
    for reason in schemes:  # each pick's scheme is computed from its design, and is the one it stands for
        key = reason.removeprefix("scheme ")
        picked = by_reason[reason].scheme
        assert picked.endswith("rack-scale") if key == "rack-scale" else picked.startswith(f"{key}:")
    vendors = {_vendor(build_template(p.template, catalog), catalog) for p in preset.picks}
    assert {"AMD", "Huawei"} <= vendors  # by a scheme pick or a vendor pick
    assert 2 <= len(preset.picks) <= 6 and len({p.template for p in preset.picks}) == len(preset.picks)
    # a scheme no shipped template has is said, not hidden
    for missing in preset.missing:
        assert f"scheme {missing}" not in by_reason


def test_compare_schemes_cli(capsys, tmp_path, catalog):
    code, out, err = run(capsys, "compare", "--schemes", "--json")
    data = json.loads(out)
    assert code == 0 and "scheme A: supermicro-pcie-l40s" in err
    assert [s["scheme"][0] for s in data["spec"]][:3] == ["A", "B", "C"]
    for missing in scheme_preset(catalog).missing:
        assert f"no reference design for scheme {missing}" in err
    code, _, err = run(capsys, "compare", "--schemes", "--lang", "zh-TW", "--json")
    assert code == 0 and "方案 A：supermicro-pcie-l40s（A：PCIe 交換器）" in err, err
    assert not re.search(r"\b[a-z]{3,}\b", re.sub(r"[a-z0-9]+(-[a-z0-9]+)+", "", err)), err  # ids, vendor names
    code, _, err = run(capsys, "compare", "--schemes", "dgx-h100")
    assert code == 2 and err.count("\n") == 1


def profile(tmp_path, spread=0.08):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"kind": "gpu-node-designer calibration", "version": 1,
                                "link_efficiency": {"nvlink": 0.6}, "spread": spread}))
    return path


def test_compare_with_a_calibration_profile(capsys, tmp_path):
    _, plain, _ = run(capsys, "compare", "dgx-h100", "dgx-a100", "--json")
    code, cal, _ = run(capsys, "compare", "dgx-h100", "dgx-a100", "--json", "--calibration", profile(tmp_path))
    a, b = json.loads(plain), json.loads(cal)
    assert code == 0 and b["calibration"]["spread"] == 0.08 and a["calibration"] is None
    x, y = a["busbw_curves"][0]["allgather"], b["busbw_curves"][0]["allgather"]  # ring over NVLink
    assert y["busbw_GBps"][-1] < x["busbw_GBps"][-1]  # less of each NVLink's bandwidth is usable
    assert y["busbw_high_GBps"][-1] == pytest.approx(y["busbw_GBps"][-1] * 1.08, rel=1e-3)
    code, _, err = run(capsys, "compare", "dgx-h100", "dgx-a100", "--calibration", tmp_path / "none.json")
    assert code == 2 and err.count("\n") == 1


def test_export_with_a_calibration_profile(capsys, tmp_path):
    out = tmp_path / "plain.json"
    assert run(capsys, "export", "dgx-h100", "--json", out)[0] == 0
    cal = tmp_path / "cal.json"
    pdf = tmp_path / "cal.pdf"
    assert run(capsys, "export", "dgx-h100", "--json", cal, "--pdf", pdf, "--calibration", profile(tmp_path))[0] == 0

    def big(path):
        perf = json.loads(path.read_text())["performance"]
        return next(p for p in perf if p["collective"] == "allgather" and p["size_bytes"] == 1 << 30 and
                    p["nodes"] == 1)["busbw_gbytes_s"]

    assert big(cal) < big(out)
    plain_spec, cal_spec = json.loads(out.read_text()), json.loads(cal.read_text())
    assert plain_spec["calibration"] is None and cal_spec["calibration"]["spread"] == 0.08
    code, compared, _ = run(capsys, "compare", "dgx-h100", "dgx-a100", "--json", "--calibration", profile(tmp_path))
    assert code == 0 and json.loads(compared)["calibration"] == cal_spec["calibration"]  # one vocabulary
    point = cal_spec["performance"][-1]
    assert point["busbw_high_gbytes_s"] == pytest.approx(point["busbw_gbytes_s"] * 1.08, abs=0.02)
    assert "calibration profile" in pdf_text(pdf.read_bytes()) and "+/-8.0%" in pdf_text(pdf.read_bytes())


def test_spec_sheet_busbw_chart_has_a_band_per_curve(catalog, design_of):
    chart = sheet_data(design_of("dgx-h100"), catalog)["figures"]["busbw"]
    polygons = [s for s in chart["shapes"] if s["type"] == "polygon"]
    lines = [s for s in chart["shapes"] if s["type"] == "polyline"]
    assert len(polygons) == len(lines) + 1 and all(0 < p["opacity"] < 1 for p in polygons)


def test_text_and_markdown_print_the_class_matrices(h100_mi300x):
    from designer.compare.render import comparison_markdown, comparison_text

    text = comparison_text(h100_mi300x)
    row = next(ln for ln in text.splitlines() if ln.startswith("GPU3 ") and "NV18" in ln)
    assert row.split() == ["GPU3", "NV18", "NV18", "NV18", "X", "NV18", "NV18", "NV18", "NV18"]
    md = comparison_markdown(h100_mi300x)
    assert "| GPU3 | NV18 | NV18 | NV18 | X |" in md and "\\#panic\\(" in md and "#panic(" not in md


def test_the_apps_overlay_chart_speaks_the_comparisons_language_and_keeps_its_legend_off_the_curves(catalog):
    from designer.compare.charts import overlay_figure
    from designer.templates import build_template

    named = [(t, build_template(t, catalog)) for t in ("dgx-h100", "gb200-nvl72", "huawei-atlas-910b")]
    fig = overlay_figure(comparison(named, catalog, lang="zh_TW"))
    assert "訊息大小" in fig.axes[0].get_xlabel() and "位元組" in fig.axes[0].get_ylabel()
    assert all(ax.get_legend() is None for ax in fig.axes) and len(fig.legends) == 1  # one legend, outside
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["DGX H100", "GB200 NVL72 rack",
                                                                   "Huawei Atlas 800T A2 (8x Ascend 910B)"]


def test_the_comparisons_matrices_name_devices_as_the_vendors_tool_does_never_by_id(catalog, capsys):
    """An Ascend node's matrix says NPU0..NPU7 (npu-smi), an NVIDIA node's GPU0..; a design's own ids never show."""
    from designer.compare.document import matrices
    from designer.templates import build_template

    data = comparison([("dgx", build_template("dgx-h100", catalog)),
                       ("atlas", build_template("huawei-atlas-910b", catalog))], catalog)
    printed = matrices(data)
    assert printed[0]["gpus"][:2] == ["GPU0", "GPU1"] and printed[1]["gpus"][:2] == ["NPU0", "NPU1"]
    code, out, _ = run(capsys, "compare", "dgx-h100", "huawei-atlas-910b")
    assert code == 0 and "NPU0     X" in out and not re.search(r"\bGPU\d+\b.*\bHC1\b", out)


def test_every_page_carries_the_brands_company_contact_and_document_prefix(h100_mi300x, capsys, tmp_path):
    """Issue 34 item 4: the comparison carried no brand (the spec sheet and cluster sheet do); the brand's text is
    data ('#panic' prints), never markup."""
    from designer.export.brand import Brand

    brand = Brand(company='Acme #panic("x") Systems', contact="sales@acme.example, +886 2 1234 5678",
                  document_prefix="ACME")
    pages = [p.extract_text().replace("\u200b", "").replace("\n", " ")
             for p in PdfReader(BytesIO(comparison_pdf_bytes(h100_mi300x, brand=brand))).pages]
    assert len(pages) >= 2
    for page in pages:
        assert 'Acme #panic("x") Systems' in page and "sales@acme.example, +886 2 1234 5678" in page
        assert "doc. ACME-CP-" in page
    plain = PdfReader(BytesIO(comparison_pdf_bytes(h100_mi300x))).pages[0].extract_text()
    assert "doc. GND-CP-" in plain and "Acme" not in plain  # no brand: the tool's prefix, no company
    brand_file, out = tmp_path / "brand.json", tmp_path / "cmp.pdf"
    brand_file.write_text(brand.model_dump_json(), encoding="utf-8")
    assert run(capsys, "compare", "dgx-h100", "dgx-b200", "--pdf", out, "--brand", brand_file)[0] == 0
    assert "sales@acme.example" in pdf_text(out.read_bytes())
    brand_file.write_text("nope", encoding="utf-8")
    code, _, err = run(capsys, "compare", "dgx-h100", "dgx-b200", "--pdf", out, "--brand", brand_file)
    assert code == 2 and len(err.strip().splitlines()) == 1
