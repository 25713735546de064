"""`export --lang`: the spec sheet's headings, labels, specification values and rule findings in Traditional or
Simplified Chinese (CJK fonts found by the sheet's font fallback), read back from the PDF's text."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from designer.cli.main import main


def sheet_text(tmp_path, capsys, lang: str) -> str:
    out = tmp_path / f"{lang}.pdf"
    assert main(["export", "dgx-h100", "--lang", lang, "--pdf", str(out)]) == 0
    capsys.readouterr()
    return "".join(page.extract_text() for page in PdfReader(out).pages)


@pytest.mark.parametrize(("lang", "bandwidth", "headings"), [
    ("zh-TW", "頻寬", ("規格", "物料清單", "功耗與散熱", "設計規則檢查", "參考資料")),
    ("zh-CN", "带宽", ("规格", "物料清单", "功耗与散热", "设计规则检查", "参考资料"))])
def test_sheet_in_chinese_says_bandwidth_in_its_script(tmp_path, capsys, lang, bandwidth, headings):
    english = sheet_text(tmp_path, capsys, "en")
    assert "aggregate bandwidth" in english and "Bill of materials" in english
    text = sheet_text(tmp_path, capsys, lang)
    assert bandwidth in text and "aggregate bandwidth" not in text
    assert all(h in text for h in headings), text[:400]
    assert "Bill of materials" not in text and "Design rule check" not in text
    assert "NVIDIA H100 SXM5 80GB" in text  # part names stay as vendors write them


def test_a_wrong_lang_is_one_line_and_exit_status_2(tmp_path, capsys):
    assert main(["export", "dgx-h100", "--lang", "fr", "--pdf", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert "--lang must be one of en, zh-TW, zh-CN" in err and err.count("\n") == 1
    assert not (tmp_path / "x.pdf").exists()
