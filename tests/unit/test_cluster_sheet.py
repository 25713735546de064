"""`cluster export --pdf/--svg/--lang`: the cluster sheet's text layer carries the DGX SuperPOD RA's counts, the
Chinese sheets carry no English sentences, the plan rides along as cluster-plan.json, bad input writes nothing.

Expected counts are computed by the RA's rule, not copied: NVIDIA DGX SuperPOD Reference Architecture with
DGX H100 (RA-11333-001), "Network fabrics" and its appendix: a QM9700 has 64 ports, at 1:1 a leaf gives 32
down and 32 up, so an SU is 32 positions (31 DGX + the UFM), one leaf per rail (8) per SU, spines take every
leaf uplink at 64 ports each; the UFM takes 4 leaf links; each DGX H100 holds 4 twin-port OSFP cages.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from designer.cli.main import main
from designer.cluster.build import ClusterModel
from designer.cluster.files import plan_from_json
from designer.export.cluster_drawings import TIER_COLOR, name_ranges, rack_drawings

PORTS, RAILS, NODES, UFM_LINKS, CAGES, GPUS_PER_NODE = 64, 8, 127, 4, 4, 8
DOWN = UP = PORTS // 2
SUS = -(-(NODES + 1) // DOWN)  # 127 DGX + 1 UFM position in SUs of 32: 4
LEAVES = SUS * RAILS
SPINES = LEAVES * UP // PORTS
LEAF_SPINE = LEAVES * UP
NODE_LEAF = NODES * RAILS + UFM_LINKS
ENGLISH_SENTENCE = re.compile(r"(?:[A-Za-z]{2,}[ ,.;:()/-]+){5,}")  # as /work/shared/tools/zh_sheet_english.py


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def ra_plan(tmp_path_factory):
    path = tmp_path_factory.mktemp("plan") / "ra4.json"
    assert main(["cluster", "new", "--node", "dgx-h100", "--nodes", str(NODES), "-o", str(path)]) == 0
    return path


@pytest.fixture(scope="module")
def sheets(ra_plan, tmp_path_factory):
    """The RA plan's sheet in the three languages (and the English fabric SVG): {lang: PDF path}."""
    folder = tmp_path_factory.mktemp("sheets")
    out = {}
    for lang in ("en", "zh-TW", "zh-CN"):
        out[lang] = folder / f"{lang}.pdf"
        extra = ["--svg", str(folder / "fabric.svg")] if lang == "en" else []
        assert main(["cluster", "export", str(ra_plan), "--pdf", str(out[lang]), "--lang", lang, *extra]) == 0
    return out


def text_of(pdf) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_the_sheet_carries_the_ra_counts_in_its_text_layer(sheets):
    text = text_of(sheets["en"])
    assert (SUS, LEAVES, SPINES, LEAF_SPINE, NODE_LEAF) == (4, 32, 16, 1024, 1020)  # the RA's 4-SU row
    assert re.search(rf"Nodes {NODES} {NODE_LEAF:,}", text), text[:1500]
    assert re.search(rf"Leaf {LEAVES} {SUS} SU x {RAILS} rail leaves {LEAF_SPINE:,}", text)
    assert re.search(rf"Spine {SPINES} {SPINES} per plane", text)
    switch_optics = (LEAVES + SPINES) * PORTS // 2  # every cage of every switch: twin-port OSFP, 2 ports each
    assert f"Transceivers: {switch_optics:,} on switches, {NODES * CAGES:,} on nodes" in text  # 1,536 and 508
    assert f"{NODES * GPUS_PER_NODE:,} GPUs in {NODES} x DGX H100" in text  # 1,016 GPUs, the RA's 4 SU


def test_the_sheet_has_every_section_and_the_disclaimer_on_the_cover(sheets):
    pages = [page.extract_text() for page in PdfReader(sheets["en"]).pages]
    assert "A planning document" in pages[0] and "modelled, not measured" in pages[0]
    text = "\n".join(pages)
    for heading in ("Compute fabric", "Rack elevations", "Power and cooling", "Power per rack", "Bill of materials",
                    "Cluster rule check", "Performance across tiers", "Failure what-if", "Assumptions", "References"):
        assert heading in text, heading
    assert "uncertainty (busbw +/-" in text and "modelled" in text


def test_the_performance_table_crosses_the_tiers_and_falls_with_scale(sheets):
    text = text_of(sheets["en"])
    rows = re.findall(r"^([\d,]+) ([\d,]+) (node|leaf|spine|core) ([\d,.]+) ([\d,.]+) ([\d,.]+)$", text, re.M)
    tiers = [r[2] for r in rows]
    assert tiers[0] == "node" and "leaf" in tiers and tiers[-1] == "spine"  # 1,016 GPUs span 4 SUs
    busbw = [float(r[3].replace(",", "")) for r in rows]
    assert busbw[-1] < busbw[0]
    assert all(float(r[4].replace(",", "")) <= float(r[3].replace(",", "")) <= float(r[5].replace(",", ""))
               for r in rows)


def test_the_plan_is_attached_and_reads_back(sheets, ra_plan):
    attached = PdfReader(sheets["en"]).attachments["cluster-plan.json"][0].decode("utf-8")
    original = plan_from_json(ra_plan.read_text("utf-8"), ra_plan.name)
    assert plan_from_json(attached, "cluster-plan.json") == original


def test_the_svg_is_the_fabric_diagram(sheets):
    """The title and the drawing on one page: a box per SU for leaves and nodes, the spines, a line per join."""
    svg = sheets["en"].parent / "fabric.svg"
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg") and float(root.get("viewBox", "0 0 0 0").split()[2]) > 300
    text = svg.read_text()
    boxes = {tier: text.count(f'<path fill="{colour}"') for tier, colour in TIER_COLOR.items()}
    assert boxes == {"core": 0, "spine": 1, "leaf": SUS, "node": SUS}  # a box per SU, one spine group (1 plane)
    joins = SUS + SUS  # every leaf group to the spine box, each SU's leaves to its own nodes
    assert len(re.findall(r"<path[^>]*stroke=", text)) == joins


def _product_names(plan_path) -> list[str]:
    from designer.cluster.bom import bom
    from designer.cluster.files import load_plan
    from designer.model.catalog import default_catalog

    catalog = default_catalog()
    model = ClusterModel(load_plan(plan_path, catalog), catalog)
    return sorted({line.name for line in bom(model)} | {model.node.name, model.plan.name}, key=len, reverse=True)


@pytest.mark.parametrize(("lang", "references", "headings"), [
    ("zh-TW", "參考資料", ("運算網路", "機櫃立面圖", "功耗與散熱", "物料清單", "叢集規則檢查", "跨層級效能")),
    ("zh-CN", "参考资料", ("计算网络", "机柜立面图", "功耗与散热", "物料清单", "集群规则检查", "跨层级性能"))])
def test_the_chinese_sheets_have_no_english_sentences(sheets, ra_plan, lang, references, headings):
    text = text_of(sheets[lang])
    assert all(h in text for h in headings)
    body = text[: text.rfind(references)]
    for name in _product_names(ra_plan):  # part names stay as vendors write them
        body = body.replace(name, "")
    english = [line for line in body.splitlines() if ENGLISH_SENTENCE.search(line)]
    assert not english
    assert "Bill of materials" not in text and "with one feed lost" not in text
    assert "appliance" not in text  # the management rack's assumption whole, not half matched by a shorter phrase


@pytest.mark.parametrize("argv", [
    ["--lang", "fr"], ["--pdf", "{d}/x.txt"], ["--svg", "{d}/nowhere/x.svg"], ["--json", "{d}/nowhere/x.json"],
    [],
])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(capsys, ra_plan, tmp_path, argv):
    argv = [a.replace("{d}", str(tmp_path)) for a in argv]
    args = ["cluster", "export", str(ra_plan), "--pdf", str(tmp_path / "out.pdf"), *argv]
    code, _, err = run(capsys, *(args if argv else args[:3]))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert not list(tmp_path.iterdir())


def test_a_broken_plan_is_one_line_exit_2(capsys, tmp_path):
    plan = tmp_path / "broken.json"
    plan.write_text('{"schema_version": 1, "node": {"template": "dgx-h100"}, "gpus": 0}')
    code, _, err = run(capsys, "cluster", "export", str(plan), "--pdf", str(tmp_path / "out.pdf"))
    assert code == 2 and err.count("\n") == 1
    assert [p.name for p in tmp_path.iterdir()] == ["broken.json"]


def test_identical_racks_are_drawn_once_with_their_count(ra_plan):
    from designer.cluster.files import load_plan
    from designer.model.catalog import default_catalog

    catalog = default_catalog()
    model = ClusterModel(load_plan(ra_plan, catalog), catalog)
    types = rack_drawings(model.racks.racks)
    assert sum(len(t.racks) for t in types) == len(model.racks.racks) > len(types)
    compute = [t for t in types if t.role == "compute"]
    assert len(compute[0].racks) == NODES // model.racks.nodes_per_rack  # the full compute racks: one drawing
    assert name_ranges(["C001", "C002", "C003", "C007", "N001"]) == "C001–C003, C007, N001"


def test_the_template_folder_is_complete_with_the_shared_drawing_code():
    from designer.export.engine import shipped_documents_dir

    root = shipped_documents_dir()
    assert (root / "cluster-sheet" / "drawing.typ").read_text() == (root / "spec-sheet" / "drawing.typ").read_text()


HEADINGS = ("Overview", "Compute fabric", "Rack elevations", "Power and cooling", "Site totals", "Power per rack",
            "Bill of materials", "Cluster rule check", "Performance across tiers", "Failure what-if", "Assumptions",
            "References")


def test_no_page_ends_on_a_heading(sheets):
    for number, page in enumerate(PdfReader(sheets["en"]).pages, 1):
        body = page.extract_text().split(f"page {number} of")[0].strip().splitlines()
        assert body and body[-1].strip() not in HEADINGS, (number, body[-1])


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_sheet_text_is_translated_with_its_placeholders(lang):
    from designer.core import i18n
    from designer.export.cluster_text import CLUSTER_TEXT

    local = i18n.table(lang)["sheet"]
    for key, english in CLUSTER_TEXT.items():
        if key.startswith("cl_"):
            assert key in local, key
            assert set(re.findall(r"\{\w+\}", english)) == set(re.findall(r"\{\w+\}", local[key])), key


def test_the_per_rack_bill_names_what_one_rack_holds(sheets, ra_plan):
    from designer.cluster.files import load_plan
    from designer.model.catalog import default_catalog

    catalog = default_catalog()
    model = ClusterModel(load_plan(ra_plan, catalog), catalog)
    per_rack = model.racks.nodes_per_rack  # 4 DGX H100 in 45 kW, as the RA's racks
    text = text_of(sheets["en"])
    full = NODES // per_rack
    assert re.search(rf"compute {full} [\d.]+ {per_rack} x DGX H100; 3 x PDU", text)  # the RA: three PDUs
    assert re.search(rf"compute 1 [\d.]+ {NODES - full * per_rack} x DGX H100; 3 x PDU", text)  # the last rack
    assert re.search(r"management 1 [\d.]+ 2 x PDU; 1 x UFM appliance; 5 x management server", text)
    assert "UFM 設備" in text_of(sheets["zh-TW"]) and "管理服务器" in text_of(sheets["zh-CN"])


def test_references_are_links_with_their_whole_address(sheets):
    uris = {a.get_object()["/A"]["/URI"] for page in PdfReader(sheets["zh-TW"]).pages
            for a in page.get("/Annots") or [] if "/A" in a.get_object()}
    assert "https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100/latest/" in uris
    assert "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md" in uris


def test_the_sheet_opens_again_as_the_plan(capsys, sheets, ra_plan):
    code, from_pdf, _ = run(capsys, "cluster", "info", str(sheets["zh-CN"]), "--json")
    assert code == 0
    assert from_pdf == run(capsys, "cluster", "info", str(ra_plan), "--json")[1]


def test_a_pdf_without_a_plan_or_with_a_bomb_is_one_line_exit_2(capsys, tmp_path, inflating_pdf):
    node_sheet = tmp_path / "node.pdf"
    assert run(capsys, "export", "dgx-h100", "--pdf", str(node_sheet))[0] == 0
    code, _, err = run(capsys, "cluster", "info", str(node_sheet))
    assert code == 2 and err.count("\n") == 1 and "without an embedded cluster plan" in err
    bomb = tmp_path / "bomb.pdf"
    inflating_pdf(bomb)
    code, _, err = run(capsys, "cluster", "export", str(bomb), "--pdf", str(tmp_path / "out.pdf"))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("node", ["dgx-h100", "gb200-nvl72"])
def test_a_one_node_plan_has_a_sheet_without_a_scaling_chart(capsys, tmp_path, node):
    """One node is one job size: the performance table has its row and no chart is drawn from a single point."""
    plan, pdf = tmp_path / "one.json", tmp_path / "one.pdf"
    assert run(capsys, "cluster", "new", "--node", node, "--nodes", "1", "-o", str(plan))[0] == 0
    assert run(capsys, "cluster", "export", str(plan), "--pdf", str(pdf))[0] == 0
    text = text_of(pdf)
    assert re.search(r"^[\d,]+ 1 node [\d,.]+ [\d,.]+ [\d,.]+$", text, re.M)
    assert "against job size" not in text


def test_a_reference_designs_title_reads_in_the_sheets_language(catalog):
    """The node's name on the cluster sheet is the reference design's title as the node sheet translates it, in the
    title, the subtitle and the default plan name (one gap between Chinese words, none left): "GB200 NVL72 機櫃叢集"
    where it read "GB200 NVL72 rack 叢集"; a plan written with the English default name is still a default."""
    from datetime import UTC, datetime

    from designer.cluster.plan import ClusterPlan, NodeRef
    from designer.export.brand import Brand
    from designer.export.cluster_data import ClusterSheet

    m = ClusterModel(ClusterPlan(name="GB200 NVL72 rack cluster", node=NodeRef(template="gb200-nvl72"), gpus=576),
                     catalog)
    tw = ClusterSheet(m, "zh_TW", datetime.now(UTC), Brand()).meta()
    assert tw["name"] == "GB200 NVL72 機櫃叢集" and "GB200 NVL72 機櫃（每台 72 個 GPU）" in tw["subtitle"]
    cn = ClusterSheet(m, "zh_CN", datetime.now(UTC), Brand()).meta()
    assert cn["name"] == "GB200 NVL72 机柜集群" and "rack" not in cn["subtitle"]
    assert ClusterSheet(m, "en", datetime.now(UTC), Brand()).meta()["name"] == "GB200 NVL72 rack cluster"


def test_counts_of_one_are_written_in_the_singular(catalog):
    """'1 plane(s)' on the sheet and '1 plane(s)', 'at 1 nodes each' in `cluster info` (issue 35 item 4)."""
    from datetime import UTC, datetime

    from designer.cluster.plan import ClusterPlan, NodeRef
    from designer.cluster.summary import info_dict, info_lines
    from designer.export.brand import Brand
    from designer.export.cluster_data import ClusterSheet

    m = ClusterModel(ClusterPlan(name="p", node=NodeRef(template="gb200-nvl72"), gpus=576), catalog)
    text = "\n".join(info_lines(m, info_dict(m)))
    assert "1 plane," in text and "at 1 node each" in text and "(s)" not in text and "1 nodes" not in text
    overview = dict(ClusterSheet(m, "en", datetime.now(UTC), Brand()).overview())
    assert "1 plane," in overview["Compute fabric"] and "3 tiers" in overview["Compute fabric"]


def test_the_sheets_bill_is_priced_with_subtotals_a_total_and_the_rate_in_the_chosen_currency(ra_plan):
    """issue 34 item 4: unit and extended price on every BOM line, a subtotal per category, the total equal to the
    capital; amounts in New Taiwan dollars at the book's dated rate, said under the table; no English sentence in
    the Chinese note."""
    from datetime import UTC, datetime

    from designer.cost.cluster import priced_bom
    from designer.cost.money import currency
    from designer.export.brand import Brand
    from designer.export.cluster_data import ClusterSheet

    catalog = _catalog()
    model = ClusterModel(plan_from_json(ra_plan.read_text("utf-8"), ra_plan.name, catalog), catalog)
    sheet = ClusterSheet(model, "zh_TW", datetime.now(UTC), Brand(), currency="TWD")
    rows = sheet.bom_rows()
    twd = currency(sheet.prices, "TWD")
    lines = priced_bom(model, sheet.prices)
    assert [r["cells"][4] for r in rows if r["kind"] == "line"] == [twd.format(p.total_usd) for p in lines]
    assert rows[-1]["kind"] == "total" and rows[-1]["cells"][4] == twd.format(sheet.cost["capital_usd"])
    subtotals = [r for r in rows if r["kind"] == "subtotal"]
    assert len(subtotals) == len({p.line.category for p in lines}) and all("NT$" in r["cells"][4] for r in subtotals)
    note = sheet.bom_note()
    assert "32.68 TWD／US$（2024-12；來源見參考資料）" in note and not ENGLISH_SENTENCE.search(note), note
    assert any("federalreserve.gov" in piece["url"] for ref in sheet.references() for piece in ref)
    cover = sheet.headlines(1.0)[-1]
    assert cover["unit"] == "NT$／GPU 小時" and "NT$" in cover["detail"]


def _catalog():
    from designer.model.catalog import default_catalog

    return default_catalog()
