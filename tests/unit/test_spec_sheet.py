"""The typeset spec sheet and slide: user text as data, print sizes, bookmarks, BOM vs budget, branding, templates."""

import io
import json
import math
import re
import struct

import pytest
from pypdf import PdfReader

from designer.cli.main import main
from designer.core.errors import DesignerError
from designer.export.brand import Brand, load_brand
from designer.export.engine import render
from designer.export.pdf import spec_sheet_pdf
from designer.export.spec import build_spec, spec_schema_text
from designer.io.files import load_design
from designer.model.budget import power_budget
from designer.model.design import Waiver

HOSTILE = "<label> $x^2$ #code *strong* _em_ @ref `raw` \\ 華碩測試節點 $\\frac{a}{b}$ #let x = 1"
LONG_WORD = "W" * 150  # no break opportunity of its own
SECTIONS = ["Bill of materials", "Power and thermal", "Design rule check", "Export-control screening",
            "Collective performance",
            "Topology matrix", "References"]


@pytest.fixture(autouse=True)
def no_user_brand(tmp_path, monkeypatch):
    monkeypatch.setattr("designer.export.brand.user_brand_path", lambda: tmp_path / "no-brand.json")


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def squeezed(text: str) -> str:
    """Text without whitespace and zero-width spaces (line breaks fall anywhere in long words)."""
    return "".join(text.replace("\u200b", "").split())


def all_text(data: bytes) -> str:
    return "\n".join(p.extract_text() for p in reader(data).pages)


def hostile_design(design, reason: str = HOSTILE):
    meta = design.meta.model_copy(update={
        "name": HOSTILE, "author": "*Bob* #sym.alpha", "version": "$1$", "description": "<desc> " + HOSTILE,
        "notes": f"Notes {HOSTILE} {LONG_WORD} " + "lorem ipsum " * 200, "template": "#tmpl"})
    return design.model_copy(update={"meta": meta, "waivers": [Waiver(rule="power.assumed_figures", reason=reason)]})


def text_sizes(data: bytes) -> list[tuple[float, str, int]]:
    """(size in pt as printed, text, page) for every text run, from the PDF's own text matrices."""
    out = []
    for number, page in enumerate(reader(data).pages, 1):
        def visit(text, cm, tm, _font, size, page_number=number):
            if text.strip():
                a, b, c, d = (tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                              tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
                out.append((size * math.sqrt(abs(a * d - b * c)), text, page_number))
        page.extract_text(visitor_text=visit)
    return out


def test_every_field_that_reaches_the_sheet_prints_literally(catalog, design_of, tmp_path):
    brand_file = tmp_path / "brand.json"
    brand_file.write_text(json.dumps({"company": "ACME " + HOSTILE, "contact": "<b>sales</b> $5", "colour": "#aa3300",
                                      "disclaimer": "Disclaimer: " + HOSTILE}))
    design = hostile_design(design_of("dgx-h100"))
    data = spec_sheet_pdf(design, catalog, brand=load_brand(brand_file))
    text = squeezed(all_text(data))
    for value in [HOSTILE, "*Bob* #sym.alpha", "$1$", "<desc> " + HOSTILE, "Notes " + HOSTILE, LONG_WORD, "#tmpl",
                  "ACME " + HOSTILE, "<b>sales</b> $5", "Disclaimer: " + HOSTILE]:
        assert squeezed(value) in text, value
    fonts = {str(f.get_object()["/BaseFont"]) for p in reader(data).pages for f in p["/Resources"]["/Font"].values()}
    assert not any("Math" in f for f in fonts), fonts  # nothing was typeset as an equation
    assert reader(data).metadata.title == HOSTILE
    assert load_design_bytes(tmp_path, data, catalog) == design


def load_design_bytes(tmp_path, data: bytes, catalog):
    path = tmp_path / "back.pdf"
    path.write_bytes(data)
    return load_design(path, catalog)


def test_long_user_text_stays_inside_the_page(catalog, design_of):
    data = spec_sheet_pdf(hostile_design(design_of("rtx-pcie-8"), reason=LONG_WORD), catalog, paper="letter")
    pdf = reader(data)
    for number, page in enumerate(pdf.pages, 1):
        width = float(page.mediabox.width)

        def visit(text, cm, tm, _font, _size, number=number, width=width):
            if text.strip():
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                assert 0 <= x <= width - 20, (number, text[:30], x)
        page.extract_text(visitor_text=visit)


@pytest.mark.parametrize("template,paper", [("dgx-h100", "a4"), ("amd-mi300x", "letter"),
                                            ("huawei-atlas-910b", "a4"), ("rtx-pcie-8", "letter")])
def test_no_text_under_6_pt_and_diagram_labels_at_least_6(catalog, design_of, template, paper):
    """The issue asks for nothing under 5 pt; the sheet keeps every text run at 6 pt or more."""
    sizes = text_sizes(spec_sheet_pdf(design_of(template), catalog, paper=paper))
    assert len(sizes) > 500
    small = [(round(s, 2), t, p) for s, t, p in sizes if s < 5.99]
    assert not small, small[:5]
    tags = [s for s, t, p in sizes if p == 1 and re.fullmatch(r"(GPU|NIC|PSU|CPU|NVS|PSW|NPU) \d+", t.strip())]
    assert len(tags) >= 8 and min(tags) >= 6.0


def test_a_bookmark_per_section_and_the_design_attached(catalog, design_of):
    design = design_of("huawei-atlas-910b")
    pdf = reader(spec_sheet_pdf(design, catalog))
    titles = [item["/Title"] for item in pdf.outline if not isinstance(item, list)]
    assert titles == [design.meta.name, *SECTIONS]
    assert list(pdf.attachments) == ["design.json"]


@pytest.mark.parametrize("template", ["dgx-h100", "amd-mi300x", "huawei-atlas-910b", "rtx-pcie-8", "dgx-b200"])
def test_bom_total_equals_the_budget_load_in_pdf_and_json(catalog, design_of, template):
    design = design_of(template)
    budget = power_budget(design, catalog)
    spec = build_spec(design, catalog)
    assert round(sum(b.total_power_w for b in spec.bom), 1) == spec.power.dc_load_w == round(budget.load_w, 1)
    bom_ids = {b.id for b in spec.bom}
    placed = {c.id for c in design.components}
    for line in budget.lines:  # every budget line is in the BOM: under its part, or as its own line
        assert line.part in bom_ids if line.item in placed or line.part in bom_ids else line.category.lower() in bom_ids
    text = " ".join(all_text(spec_sheet_pdf(design, catalog)).split())
    load = f"{budget.load_w:,.0f}"
    assert f"Total (components at rated power) {load}" in text
    assert f"DC load (components at rated power) {load} W" in text


def test_the_spec_schema_is_closed_typed_and_described():
    schema = json.loads(spec_schema_text())
    objects = [schema, *schema["$defs"].values()]
    for obj in objects:
        assert obj.get("additionalProperties") is False, obj.get("title")
        for name, prop in obj["properties"].items():
            assert prop.get("description"), name
            assert any(k in prop for k in ("type", "$ref", "anyOf")), name
            assert not (prop.get("type") == "object" and "properties" not in prop), name  # no open objects


def test_the_json_spec_has_one_name_per_quantity(catalog, design_of):
    spec = json.loads(build_spec(design_of("dgx-h100"), catalog).model_dump_json())
    assert isinstance(spec["spec_version"], int) and isinstance(spec["design"]["schema_version"], int)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", spec["generated_at"])
    keys = set(spec["key_figures"]) | set(spec["power"])
    assert not keys & {"component_power_w", "load_w", "wall_w", "wall_power_peak_w", "heat_btu_hr", "psu_summary"}
    assert {"dc_load_w", "wall_peak_w"} <= keys
    assert all(" " not in c["category"] for c in spec["power"]["by_category"])  # ids, not display labels


def test_brand_logo_png_and_svg_reach_the_sheet(catalog, design_of, tmp_path):
    png = tmp_path / "logo.png"
    png.write_bytes(tiny_png())
    (tmp_path / "logo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10">'
                                        '<rect width="40" height="10" fill="#c00"/></svg>')
    for logo in ("logo.png", "logo.svg"):
        (tmp_path / "b.json").write_text(json.dumps({"company": "ACME", "logo": logo}))
        data = spec_sheet_pdf(design_of("rtx-pcie-8"), catalog, brand=load_brand(tmp_path / "b.json"))
        page = reader(data).pages[0]
        assert "ACME" in page.extract_text()  # the header shows the logo and the company name
        assert logo_drawn(page, logo)


def logo_drawn(page, logo: str) -> bool:
    """A PNG logo is an image XObject; an SVG logo is drawn as vector paths (its #c00 fill, 0.8 0 0)."""
    if logo.endswith(".png"):
        xobjects = page["/Resources"].get("/XObject", {})
        return "/Image" in {str(x.get_object().get("/Subtype")) for x in xobjects.values()}
    return b"0.8 0 0 scn" in page.get_contents().get_data()


def tiny_png() -> bytes:
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + b"\xcc\x00\x00" * 4 for _ in range(2))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("content,needle", [
    ("{", "not a JSON brand file"),
    ('{"colour": "red"}', "colour: Value error, must be #rrggbb, like #1a5e8a"),
    ('{"company": "x", "extra": 1}', "extra: Extra inputs are not permitted"),
    ('{"logo": "missing.png"}', "logo missing.png: cannot read"),
    ('{"logo": "bad.svg"}', "logo bad.svg:"),
])
def test_a_bad_brand_file_is_one_line_and_exit_2(tmp_path, capsys, content, needle):
    (tmp_path / "bad.svg").write_text("<svg")
    (tmp_path / "b.json").write_text(content)
    assert main(["export", "dgx-h100", "--brand", str(tmp_path / "b.json"), "--pdf", str(tmp_path / "s.pdf")]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "s.pdf").exists()


def test_slide_in_three_formats(tmp_path, capsys):
    for name in ("s.png", "s.svg", "s.pdf"):
        assert main(["export", "amd-mi300x", "--slide", str(tmp_path / name)]) == 0
    png = (tmp_path / "s.png").read_bytes()
    assert struct.unpack(">II", png[16:24]) == (1920, 1080)
    assert (tmp_path / "s.svg").read_text().lstrip().startswith("<svg")
    box = reader((tmp_path / "s.pdf").read_bytes()).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (720, 405)
    text = " ".join(reader((tmp_path / "s.pdf").read_bytes()).pages[0].extract_text().split())
    assert "GB/s per direction" in text and "AllReduce busbw, 1 GiB" in text and "Power at the wall" in text


def test_a_users_template_copy_replaces_the_shipped_one(tmp_path, monkeypatch, catalog, design_of):
    monkeypatch.setattr("designer.export.engine.user_documents_dir", lambda: tmp_path)
    (tmp_path / "spec-sheet").mkdir()
    (tmp_path / "spec-sheet" / "main.typ").write_text('#let d = json(bytes(sys.inputs.data))\nOwn sheet: #d.meta.name')
    design = hostile_design(design_of("rtx-pcie-8"))
    data = spec_sheet_pdf(design, catalog)
    assert squeezed(all_text(data)) == squeezed("Own sheet: " + HOSTILE)
    assert load_design_bytes(tmp_path, data, catalog) == design  # attached even though the copy does not


def test_template_errors_are_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr("designer.export.engine.user_documents_dir", lambda: tmp_path)
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "main.typ").write_text("#let x = (")
    with pytest.raises(DesignerError, match=r"document template 'broken'") as err:
        render("broken", {})
    assert "\n" not in str(err.value)
    with pytest.raises(DesignerError, match="not a template name"):
        render("../etc", {})
    with pytest.raises(DesignerError, match="no document template 'nothing'"):
        render("nothing", {})


def test_brand_defaults_are_no_branding():
    assert Brand().company == "" and Brand().logo == ""


def test_each_template_folder_is_complete_and_the_drawing_code_the_same():
    from designer.export.engine import shipped_documents_dir

    root = shipped_documents_dir()
    assert (root / "spec-sheet" / "drawing.typ").read_text() == (root / "slide" / "drawing.typ").read_text()
    assert (root / "spec-sheet" / "drawing.typ").read_text() == (root / "comparison" / "drawing.typ").read_text()
    assert (root / "spec-sheet" / "blocks.typ").read_text() == (root / "slide" / "blocks.typ").read_text()


def test_the_sheet_never_shows_a_zero_for_a_missing_capability(catalog, design_of):
    huawei = " ".join(reader(spec_sheet_pdf(design_of("huawei-atlas-910b"), catalog)).pages[0].extract_text().split())
    assert "PFLOPS; no FP8" in huawei and "/ not published" not in huawei  # the Ascend 910B has no FP8
    pcie = " ".join(reader(spec_sheet_pdf(design_of("rtx-pcie-8"), catalog)).pages[0].extract_text().split())
    assert "no scale-up fabric (PCIe only)" in pcie and "0 GB/s per direction" not in pcie
