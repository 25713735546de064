"""`export --lang`: the spec sheet's headings, labels, specification values and rule findings in Traditional or
Simplified Chinese (CJK fonts found by the sheet's font fallback), read back from the PDF's text."""

from __future__ import annotations

from pathlib import Path

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


@pytest.mark.parametrize(("lang", "wall", "memory"), [("zh-TW", "牆端功耗", "記憶體"), ("zh-CN", "墙端功耗", "显存")])
def test_the_slide_and_the_headline_cards_follow_the_language(tmp_path, capsys, lang, wall, memory):
    english, chinese = tmp_path / "en.pdf", tmp_path / "zh.pdf"
    assert main(["export", "dgx-h100", "--slide", str(english)]) == 0
    assert main(["export", "dgx-h100", "--lang", lang, "--slide", str(chinese)]) == 0
    capsys.readouterr()
    en = PdfReader(english).pages[0].extract_text()
    zh = PdfReader(chinese).pages[0].extract_text()
    assert "Power at the wall" in en and "GPU memory" in en
    assert wall in zh and memory in zh and "at the wall" not in zh and "aggregate" not in zh
    assert "NVIDIA H100 SXM5 80GB" in " ".join(zh.split())  # the part name stays as the vendor writes it (wrapped)
    sheet = sheet_text(tmp_path, capsys, lang)
    assert wall in sheet  # the same cards on the spec sheet's cover


def fonts_used(path) -> set[str]:
    return {str(f.get_object()["/BaseFont"]) for page in PdfReader(path).pages
            for f in page["/Resources"]["/Font"].values()}


@pytest.mark.skipif(not any(Path(d).glob("**/NotoSansCJK-Bold.tt*") for d in ("/usr/share/fonts",)),
                    reason="fonts-noto-cjk is not installed (.ci/run installs it)")
@pytest.mark.parametrize(("lang", "variant"), [("zh-TW", "tc"), ("zh-CN", "sc")])
def test_bold_chinese_headings_use_a_bold_cjk_face(tmp_path, capsys, lang, variant):
    """WenQuanYi Zen Hei has one weight, so its 'bold' headings printed regular; Noto Sans CJK has a Bold face
    (Debian fonts-noto-cjk), and the Traditional Chinese sheet takes its TC variant."""
    out = tmp_path / "zh.pdf"
    assert main(["export", "dgx-h100", "--lang", lang, "--pdf", str(out)]) == 0
    capsys.readouterr()
    fonts = fonts_used(out)
    assert any(f"notosanscjk{variant}-bold" in f.lower() for f in fonts), fonts
    assert any(f"notosanscjk{variant}-regular" in f.lower() for f in fonts), fonts


@pytest.mark.skipif(not any(Path(d).glob("**/NotoSansCJK-Bold.tt*") for d in ("/usr/share/fonts",)),
                    reason="fonts-noto-cjk is not installed (.ci/run installs it)")
@pytest.mark.parametrize(("lang", "variant", "name"),
                         [("zh-TW", "tc", "DGX H100 叢集"), ("zh-CN", "sc", "DGX H100 集群")])
def test_the_cluster_sheet_is_set_in_the_node_sheets_cjk_family_and_names_the_plan_in_its_language(
        tmp_path, capsys, lang, variant, name):
    """The cluster sheet was set in WenQuanYi Zen Hei (one weight: no bold, mainland forms on zh-TW) beside node
    sheets in Noto Sans CJK TC; and its title stayed 'DGX H100 cluster', the name `cluster new` gives by default."""
    plan, own = tmp_path / "plan.json", tmp_path / "own.json"
    assert main(["cluster", "new", "--node", "dgx-h100", "--gpus", "256", "-o", str(plan)]) == 0
    assert main(["cluster", "new", "--node", "dgx-h100", "--gpus", "256", "--name", "Lab A pod", "-o", str(own)]) == 0
    sheet, node, mine = tmp_path / "c.pdf", tmp_path / "n.pdf", tmp_path / "m.pdf"
    assert main(["cluster", "export", str(plan), "--lang", lang, "--pdf", str(sheet)]) == 0
    assert main(["export", "dgx-h100", "--lang", lang, "--pdf", str(node)]) == 0
    assert main(["cluster", "export", str(own), "--lang", lang, "--pdf", str(mine)]) == 0
    capsys.readouterr()
    cjk = {f.split("+")[-1].lower() for f in fonts_used(sheet) if "cjk" in f.lower() or "wenquanyi" in f.lower()}
    assert cjk == {f"notosanscjk{variant}-regular-identity-h", f"notosanscjk{variant}-bold-identity-h"}, cjk
    node_cjk = {f.split("+")[-1].lower() for f in fonts_used(node) if "cjk" in f.lower()}
    assert cjk <= node_cjk  # one CJK family across the node and the cluster sheet
    first = PdfReader(sheet).pages[0].extract_text()
    assert name in first and "DGX H100 cluster" not in first
    assert "Lab A pod" in PdfReader(mine).pages[0].extract_text()  # a name of the user's own stays as written



def test_a_default_plan_name_written_in_chinese_reads_in_the_sheets_language(tmp_path, capsys):
    """The window names a new plan in its own language ('DGX H100 叢集'); an English sheet of that plan said so in
    Chinese: every language's default is recognised."""
    plan = tmp_path / "plan.json"
    assert main(["cluster", "new", "--node", "dgx-h100", "--gpus", "256", "--name", "DGX H100 叢集", "-o",
                 str(plan)]) == 0
    sheet = tmp_path / "en.pdf"
    assert main(["cluster", "export", str(plan), "--pdf", str(sheet)]) == 0
    capsys.readouterr()
    first = PdfReader(sheet).pages[0].extract_text()
    assert "DGX H100 cluster" in first and "叢集" not in first
