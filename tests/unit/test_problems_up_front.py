"""A document of a design that fails its rule check says so on its first page, in the reader's words, before any
figure (issue 34 item 3); waived errors are counted as waived wherever errors are counted."""

import io

import pytest
from pypdf import PdfReader

from designer.compare.data import comparison
from designer.compare.document import comparison_pdf_bytes
from designer.export.files import slide_bytes
from designer.export.pdf import spec_sheet_pdf

LEAD = {"en": "This design does not pass its design rule check: 1 rule error(s)",
        "zh_TW": "此設計未通過設計規則檢查：1 個規則錯誤", "zh_CN": "此设计未通过设计规则检查：1 个规则错误"}
FAILURE = "NVSWITCH_FAILURE_MODE=0"  # the DGX H100's one error: any NVSwitch failure stops the fabric


@pytest.fixture(autouse=True)
def no_user_brand(tmp_path, monkeypatch):
    monkeypatch.setattr("designer.export.brand.user_brand_path", lambda: tmp_path / "no-brand.json")


def first_page(pdf: bytes) -> str:
    return "".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().replace("\u200b", "").split())


def unwaived(design):
    """The DGX H100 as its users may draw it: without the waiver its template writes for the NVSwitch failure."""
    return design.model_copy(update={"waivers": []})


@pytest.mark.parametrize("lang", ["en", "zh_TW", "zh_CN"])
def test_a_failing_design_says_so_on_its_sheets_first_page(catalog, design_of, lang):
    page = first_page(spec_sheet_pdf(unwaived(design_of("dgx-h100")), catalog, lang=lang))
    assert "".join(LEAD[lang].split()) in page and FAILURE in page
    # before the headline figures: the lead comes ahead of the scale-up card's 450
    assert page.index("".join(LEAD[lang].split())) < page.index("450")


def test_a_design_whose_errors_are_waived_has_no_warning_on_its_cover(catalog, design_of):
    page = first_page(spec_sheet_pdf(design_of("dgx-h100"), catalog))
    assert "does not pass" not in page and FAILURE not in page


def test_the_slide_says_the_errors_above_its_figures(catalog, design_of):
    failing = first_page(slide_bytes(unwaived(design_of("dgx-h100")), catalog, "pdf"))
    assert "".join(LEAD["en"].split()) in failing and FAILURE in failing
    assert "listedunder" not in failing  # the slide has no rule-check section to point to
    assert "does not pass" not in first_page(slide_bytes(design_of("dgx-h100"), catalog, "pdf"))


def test_a_comparison_counts_waived_errors_and_names_the_failing_design_first(catalog, design_of):
    data = comparison([("failing", unwaived(design_of("dgx-h100"))), ("waived", design_of("dgx-h100")),
                       ("rack", design_of("gb200-nvl72"))], catalog)
    rules = {r["key"]: r for r in data["rules"]}
    assert rules["error"]["values"] == [1, 0, 0]
    assert rules["waived_error"]["values"] == [0, 1, 2] and rules["waived_error"]["best"] == []
    page = first_page(comparison_pdf_bytes(data))
    said = "DGXH100(failing)doesnotpassitsdesignrulecheck:1ruleerror(s)"  # the column's name, as in the table
    assert said in page and page.count("doesnotpass") == 1 and page.index(said) < page.index("Specification")
    clean = comparison([("a", design_of("dgx-h100")), ("b", design_of("gb200-nvl72"))], catalog)
    assert "doesnotpass" not in first_page(comparison_pdf_bytes(clean))
