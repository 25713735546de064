"""compare and diff: the data, the renderers and the CLI."""

import json
import re

import pytest
from pypdf import PdfReader

from designer.cli.main import main
from designer.compare import comparison, design_diff
from designer.compare.data import best_indices, scheme
from designer.compare.render import comparison_markdown, diff_lines, md_escape
from designer.io.files import save_design
from designer.topology.graph import build_topology


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def row(data, section, key):
    return next(r for r in data[section] if r["key"] == key)


@pytest.fixture(scope="module")
def h100_a100(catalog):
    from designer.templates import build_template

    return comparison([("H100", build_template("dgx-h100", catalog)), ("A100", build_template("dgx-a100", catalog))],
                      catalog)


def test_scaleup_per_gpu_best_is_marked(h100_a100):
    # NVIDIA H100 datasheet: NVLink 900 GB/s per GPU; A100 datasheet: 600 GB/s (both bidirectional)
    r = row(h100_a100, "figures", "scaleup_gbytes_s_per_gpu_bidir")
    assert r["values"] == [900, 600] and r["best"] == [0] and r["better"] == "higher"


def test_lower_is_better_for_power_and_ties_mark_nobody():
    assert best_indices([9000.0, 6000.0, None], "lower") == [1]
    assert best_indices([3.0, 3.0], "higher") == []
    assert best_indices([1.0, 2.0, 2.0], "higher") == [1, 2]
    assert best_indices([None, 5.0], "higher") == []


def test_bom_differences_and_curves(h100_a100):
    parts = {r["part"]: r["counts"] for r in h100_a100["bom_differences"]}
    assert parts["h100-sxm5"] == [8, 0] and parts["a100-sxm4-80gb"] == [0, 8]
    assert all(len(set(c)) > 1 for c in parts.values())
    curve = h100_a100["busbw_curves"][0]["allreduce"]
    assert curve["size_bytes"][0] == 1024 and curve["size_bytes"][-1] == 16 << 30
    assert h100_a100["topology"][0]["gpu_pair_classes"] == {"NV18": 28}
    json.dumps(h100_a100)  # plain data throughout


@pytest.mark.parametrize(("template", "label"), [
    ("dgx-h100", "B: switched full mesh"), ("rtx-pcie-8", "A: PCIe switch"), ("gh200-quad", "C: CPU-GPU fusion"),
    ("amd-mi300x", "B: full mesh (direct links, no switch)"),
    ("h100-nvl-pcie", "A: PCIe switch")])  # NVLink-bridged pairs over PCIe switches: not a mesh (was tagged B)
def test_scheme_row(catalog, design_of, template, label):
    design = design_of(template)
    assert scheme(design, catalog, build_topology(design, catalog)) == label


def test_liquid_cooling_is_scheme_d(catalog, design_of):
    design = design_of("dgx-h100")
    comps = [c.model_copy(update={"part": "cold-plate-loop"}) if c.id == "cool0" else c for c in design.components]
    liquid = design.model_copy(update={"components": comps})
    assert scheme(liquid, catalog, build_topology(liquid, catalog)) == "D: custom liquid"


def test_markdown_escapes_user_text(catalog, design_of):
    design = design_of("dgx-h100")
    data = comparison([("a|b <img src=x>", design), ("[x](http://e)", design)], catalog)
    md = comparison_markdown(data)
    assert not re.search(r"(?<!\\)<img", md) and "](http" not in md and "a\\|b" in md
    assert md_escape("*a*") == "\\*a\\*"


def test_compare_cli_text_md_json_pdf(tmp_path, capsys):
    code, out, _ = run(capsys, "compare", "dgx-h100", "dgx-a100")
    assert code == 0 and "Scale-up per GPU, bidirectional (GB/s)" in out and "900 *" in out
    code, out, _ = run(capsys, "compare", "dgx-h100", "dgx-a100", "--md")
    assert code == 0 and out.startswith("# Design comparison") and "| 900 **\\*** |" in out
    code, out, _ = run(capsys, "compare", "dgx-h100", "dgx-a100", "--json")
    assert code == 0 and json.loads(out)["designs"] == ["DGX H100", "DGX A100"]  # the designs' names
    pdf = tmp_path / "cmp.pdf"
    code, out, _ = run(capsys, "compare", "dgx-h100", "rtx-pcie-8", "--pdf", pdf)
    text = "".join(p.extract_text() for p in PdfReader(pdf).pages)
    assert code == 0 and "Design comparison" in text and "8x RTX 4090 PCIe box" in text and "AllReduce" in text


def test_compare_markdown_renders_its_marks_as_a_viewer_shows_them(capsys):
    """The best mark is a bold asterisk in a Markdown viewer (it rendered as a run of five asterisks); † and ‡ stay
    beside their figures."""
    from markdown_it import MarkdownIt

    code, out, _ = run(capsys, "compare", "dgx-h100", "dgx-a100", "amd-mi300x", "--md")
    html = MarkdownIt().enable("table").render(out)
    assert code == 0 and "*****" not in out and "***" not in html
    assert re.search(r"<td[^>]*>900 <strong>\*</strong></td>", html)
    assert "usable\u00a0‡</td>" in html and "<p>‡ on the PSU capacity" in html


@pytest.mark.parametrize("argv", [["dgx-h100"], ["dgx-h100"] * 7, ["dgx-h100", "dgx-a100", "--pdf", "x.png"],
                                  ["dgx-h100", "no-such-design"]])
def test_compare_bad_input_exits_2(capsys, argv):
    code, out, err = run(capsys, "compare", *argv)
    assert code == 2 and err.count("\n") == 1


def test_diff_names_edits_and_their_effects(tmp_path, capsys, design_of, catalog):
    old = design_of("dgx-h100")
    links = [lk for lk in old.links if not (lk.kind.value == "nvlink" and "gpu3" in (lk.a, lk.b))]
    new = old.model_copy(update={"links": links})
    diff = design_diff(old, new, catalog)
    assert len(diff["links"]["removed"]) == 4 and not diff["components"]["added"]
    figure = next(f for f in diff["figures"] if f["key"] == "scaleup_gbytes_s_per_gpu_per_dir")
    assert figure["old"] == 450 and figure["new"] == 0
    assert any(r["rule"] == "scaleup.unreachable" for r in diff["rules"]["new"])
    big = next(b for b in diff["busbw"] if b["collective"] == "allreduce" and b["size"] == "16 GiB")
    assert big["new_busbw_GBps"] < big["old_busbw_GBps"]
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    save_design(old, a)
    save_design(new, b)
    code, out, _ = run(capsys, "diff", a, b)
    assert code == 0 and "link removed: nvlink gpu3-nvs0 x5" in out and "Effect on busbw" in out
    code, out, _ = run(capsys, "diff", a, a)
    assert code == 0 and "no changes" in out
    code, out, _ = run(capsys, "diff", a, b, "--json")
    assert json.loads(out)["links"]["removed"][0]["a"] == "gpu3"


def test_diff_tells_a_waived_finding_from_a_resolved_one(catalog, design_of):
    from designer.model.design import Waiver
    from designer.rules import check

    old = design_of("dgx-h100")
    finding = check(old, catalog).active[0]
    new = old.model_copy(update={"waivers": [Waiver(rule=finding.rule, reason="accepted <b>risk</b>")]})
    diff = design_diff(old, new, catalog)
    assert [w["reason"] for w in diff["waivers"]["added"]] == ["accepted <b>risk</b>"]
    assert finding.rule in {r["rule"] for r in diff["rules"]["waived"]}
    assert finding.rule not in {r["rule"] for r in diff["rules"]["resolved"]}


@pytest.mark.parametrize(("lang", "removed", "effect", "new_error"),
                         [("zh_TW", "  移除鏈路：nvlink gpu3-nvs0 x5", "對 busbw 的影響（GB/s）：", "  新增錯誤："),
                          ("zh_CN", "  移除链路：nvlink gpu3-nvs0 x5", "对 busbw 的影响（GB/s）：", "  新增错误：")])
def test_the_diff_is_written_in_its_language(catalog, design_of, lang, removed, effect, new_error):
    """Edit > Changes Since Saved in Chinese: every line of the diff is a message in the language (it used to be
    English lines matched against phrase tables, most of which stayed English), the rule findings' messages too;
    ids, part ids and key names as they are."""
    old = design_of("dgx-h100")
    new = old.model_copy(update={"links": [lk for lk in old.links
                                           if not (lk.kind.value == "nvlink" and "gpu3" in (lk.a, lk.b))]})
    lines = diff_lines(design_diff(old, new, catalog, lang))
    assert removed in lines and effect in lines
    error = next(line for line in lines if line.startswith(new_error))
    assert re.search(r"[\u3400-\u9fff]", error.split("：", 2)[2])  # the finding's message translated
    english = [line for line in lines if re.search(r"(?<![A-Za-z_])(added|removed|Effect|resolved|unchanged)\b", line)]
    assert english == []
    assert diff_lines(design_diff(old, old, catalog, lang))[0].endswith(("沒有變更", "没有变更"))


def test_changes_since_saved_names_fields_and_figures_in_words(catalog, design_of):
    # issue 35 item 4: the diff said "changed psu_redundancy", "dc_load_w: 9,229 -> 9,200", "wall_peak_w",
    # "airflow_cfm" and "Review 8-GPU H100 node -> Review 8-GPU H100 node"
    from designer.model.design import Redundancy

    old = design_of("dgx-h100")
    new = old.model_copy(update={"settings": old.settings.model_copy(update={"psu_redundancy": Redundancy.N_PLUS_1}),
                                 "components": old.components[:-1]})
    lines = diff_lines(design_diff(old, new, catalog))
    assert lines[0] == "DGX H100"  # one name, once
    assert "  changed PSU redundancy: 'N+2' -> 'N+1'" in lines
    assert any(line.startswith("  Component power (W): ") for line in lines)
    assert any(line.startswith("  Airflow needed (CFM): ") for line in lines)
    assert not [line for line in lines if re.search(r"\b(dc_load_w|wall_peak_w|airflow_cfm|psu_redundancy)\b", line)]
    assert diff_lines(design_diff(old, old, catalog)) == ["DGX H100: no changes"]
    renamed = old.model_copy(update={"meta": old.meta.model_copy(update={"name": "Mine"})})
    assert diff_lines(design_diff(old, renamed, catalog))[0] == "DGX H100 -> Mine"


def test_no_two_side_by_side_rows_share_a_label(catalog, design_of):
    """A user session found 'GPUs' twice in the Compare window (the parts by name and the count)."""
    from designer.compare.render import table_rows

    data = comparison([("a", design_of("dgx-h100")), ("b", design_of("gb300-nvl72"))], catalog)
    labels = [label for label, _ in table_rows(data)]
    assert len(labels) == len(set(labels)), sorted(lb for lb in labels if labels.count(lb) > 1)
