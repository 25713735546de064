"""Customer documents name parts by display names ("GPU 0", "NVSwitch 1", "NIC 3"), never by the design's ids
(gpu0, nvs1, l5), template ids or part ids; every abbreviation drawn is explained; no list of rule ids
(issue 24, item 2). The PDFs' text is read back with pypdf."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from designer.cli.main import main
from designer.export.sheet_charts import diagram_chart
from designer.export.wording import compress_runs
from designer.model.names import ABBREVIATIONS, IdReplacer, display_names, name_texts
from designer.model.parts import FabricSpec, GpuSpec, NicSpec
from designer.rules.engine import check
from designer.topology.policy import policy_data

CUSTOMER_TEMPLATES = ("dgx-h100", "hgx-b200-dlc", "gb200-nvl72")


def _pdf_text(tmp_path, capsys, template: str, *extra: str) -> str:
    out = tmp_path / f"{template}.pdf"
    assert main(["export", template, "--pdf", str(out), *extra]) == 0
    capsys.readouterr()
    return "\n".join(page.extract_text() for page in PdfReader(out).pages)


def _ids_in(text: str, ids: set[str]) -> list[str]:
    """The ids that stand in `text` as whole tokens (not inside a longer word, a URL or a file name)."""
    return sorted(i for i in ids if re.search(rf"(?<![\w./-]){re.escape(i)}(?![\w/-])", text))


@pytest.mark.parametrize("template", CUSTOMER_TEMPLATES)
def test_the_english_sheet_shows_no_internal_id(tmp_path, capsys, catalog, design_of, template):
    design = design_of(template)
    text = _pdf_text(tmp_path, capsys, template)
    component_ids = {c.id for c in design.components}
    link_ids = {lk.id for lk in design.links}
    part_ids = {c.part for c in design.components} | {design.chassis}
    policies = set(policy_data()["policies"])  # "nmx_adaptive_bandwidth" stood in a fix for a customer
    assert not _ids_in(text, component_ids | link_ids | part_ids | policies | {template})
    rules_run = set(check(design, catalog).rules_run)
    assert len(rules_run) > 20 and not _ids_in(text, rules_run)  # no "Rules run: export.eccn_3a090, ..." line
    assert not re.search(r"\b(GPU|NVS|NIC|SNIC|PSW|COOL|PSU)\d+ *[–-]", text.split("References")[0].replace(
        "NIC0–NIC", "").replace("NIC8–NIC", ""))  # no id-like tags (COOL0, PSW0) left on the drawing


def test_the_failure_finding_and_the_bottleneck_name_parts_by_display_name(tmp_path, capsys):
    text = " ".join(_pdf_text(tmp_path, capsys, "dgx-h100").split())
    assert "one NVLink of GPU 0–NVSwitch 0 fails: GPU 0 leaves NVLink routing" in text
    assert "limited by GPU 0 → NVSwitch 0, NVSwitch 1, NVSwitch 2, NVSwitch 3 (NVLink with in-" in text


def test_display_names_follow_the_part_and_the_wiring(catalog, design_of):
    """Per role, numbered from 0 in the design's order; a NIC wired only to a storage fabric is a storage NIC."""
    design = design_of("dgx-h100")
    names = name_texts(design, catalog)
    part = {c.id: catalog.get(c.part) for c in design.components}
    gpus = [c.id for c in design.components if isinstance(part[c.id], GpuSpec)]
    assert [names[g] for g in gpus] == [f"GPU {i}" for i in range(len(gpus))]
    storage = {c.id for c in design.components
               if isinstance(part[c.id], FabricSpec) and part[c.id].purpose == "storage"}
    nics = [c.id for c in design.components if isinstance(part[c.id], NicSpec)]
    ends = {n: {lk.b if lk.a == n else lk.a for lk in design.links if n in (lk.a, lk.b)} for n in nics}
    storage_nics = [n for n in nics if ends[n] & storage and not any(
        isinstance(part[e], FabricSpec) and part[e].purpose == "compute" for e in ends[n])]
    assert storage_nics and [names[n] for n in storage_nics] == [f"Storage NIC {i}" for i in range(len(storage_nics))]
    compute = [n for n in nics if n not in storage_nics]
    assert [names[n] for n in compute] == [f"NIC {i}" for i in range(len(compute))]
    assert len(set(names.values())) == len(names)  # one name per component
    assert names[next(c.id for c in design.components if part[c.id].kind == "cooling")] == "Cooling"


def test_display_names_in_chinese_come_from_the_string_tables(catalog, design_of):
    design = design_of("dgx-h100")
    names = display_names(design, catalog)
    switch = next(n for n in names.values() if n.role == "pcie_switch")
    assert switch.text("zh_TW") == f"PCIe 交換器 {switch.index}"
    assert switch.text("zh_CN") == f"PCIe 交换机 {switch.index}"
    assert switch.text("zh_TW", short=True) == f"PSW {switch.index}"  # abbreviations stay, as nvidia-smi's do


def test_ids_are_replaced_only_as_whole_tokens(catalog, design_of):
    design = design_of("dgx-h100")
    link = design.links[0]
    replace = IdReplacer(design, name_texts(design, catalog))
    a, b = name_texts(design, catalog)[link.a], name_texts(design, catalog)[link.b]
    assert replace(f"one NVLink of {link.id} ({link.a}-{link.b}) fails") == f"one NVLink of {a}–{b} fails"
    assert replace(f"{link.a}'s traffic") == f"{a}'s traffic"
    assert replace(f"{link.a}1 and x.{link.a}") == f"{link.a}1 and x.{link.a}"  # not an id of this design
    # a Chinese sentence writes the link's ends in full-width brackets: the link is named once, not twice
    assert replace(f"{link.id}（{link.a}-{link.b}）中的一條 NVLink 故障") == f"{a}–{b}中的一條 NVLink 故障"


@pytest.mark.parametrize("template", ["dgx-h100", "hgx-b200-dlc", "amd-mi300x", "gaudi3-8"])
def test_every_abbreviation_drawn_is_explained_on_the_drawing(catalog, design_of, template):
    shapes = diagram_chart(design_of(template), catalog, 490.0).shapes
    texts = [s["body"] for s in shapes if s["type"] == "text"]
    legend = next(t for t in texts if t.startswith("Abbreviations: "))
    drawn = {t.rsplit(" ", 1)[0] for t in texts if re.fullmatch(r"[A-Z]+ \d+", t)}
    assert drawn and drawn <= set(ABBREVIATIONS)
    assert all(f"{w}: {ABBREVIATIONS[w]}" in legend for w in drawn)


def _sentences() -> dict[str, str]:
    """The sheet's own English text that is words, not a kept term: three or more words of letters."""
    from designer.export.sheet_text import SHEET_TEXT

    return {k: v for k, v in SHEET_TEXT.items() if len(re.findall(r"[A-Za-z]{2,}", v)) >= 3}


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_every_sentence_of_the_sheet_has_a_chinese_translation(lang):
    from designer.core import i18n

    table = i18n.table(lang)["sheet"]
    sentences = _sentences()
    assert len(sentences) > 40
    missing = [k for k in sentences if not re.search(r"[\u4e00-\u9fff]", table.get(k, ""))]
    assert not missing
    for key, english in sentences.items():  # the same placeholders in both
        assert set(re.findall(r"\{\w*\}", english)) == set(re.findall(r"\{\w*\}", table[key])), key


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_the_chinese_sheet_has_none_of_the_sheets_own_english_sentences(tmp_path, capsys, lang):
    english = _pdf_text(tmp_path, capsys, "dgx-h100")
    references = "參考資料" if lang == "zh-TW" else "参考资料"  # where the cited titles start, as published
    text = " ".join(_pdf_text(tmp_path, capsys, "dgx-h100", "--lang", lang).split()).rsplit(references, 1)[0]
    flat = " ".join(english.split())
    heads = [v.split("{")[0][:40] for v in _sentences().values()]
    shown = [h for h in heads if len(h) >= 8 and h in flat]
    assert len(shown) >= 15  # what the English dgx-h100 sheet shows of them
    assert not [s for s in shown if s in text]


def test_the_compare_pdf_names_devices_as_nvidia_smi_does(tmp_path, capsys, catalog, design_of):
    out = tmp_path / "cmp.pdf"
    assert main(["compare", "dgx-h100", "amd-mi300x", "--pdf", str(out)]) == 0
    capsys.readouterr()
    text = "\n".join(page.extract_text() for page in PdfReader(out).pages)
    ids = {c.id for t in ("dgx-h100", "amd-mi300x") for c in design_of(t).components}
    nics = [c for c in design_of("dgx-h100").components if isinstance(catalog.get(c.part), NicSpec)]
    assert not _ids_in(text, ids | {i.upper() for i in ids if not re.fullmatch(r"(gpu|nic)\d+", i)})
    assert f"NIC{len(nics) - 1}" in text  # every NIC numbered as nvidia-smi numbers them, storage NICs too


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_a_reference_designs_description_and_confidence_words_follow_the_sheets_language(catalog, design_of, lang):
    from designer.core import i18n
    from designer.export.sheet_data import sheet_data
    from designer.templates import TEMPLATES

    english = sheet_data(design_of("hgx-b200-dlc"), catalog)
    data = sheet_data(design_of("hgx-b200-dlc"), catalog, lang=lang)
    assert english["meta"]["description"] == TEMPLATES["hgx-b200-dlc"].description
    assert data["meta"]["description"] == i18n.table(lang)["templates"]["hgx-b200-dlc"]
    notes = {r["note"] for r in data["references"] if r["note"]}
    assert notes and not [n for n in notes if "confidence" in n]
    edited = design_of("hgx-b200-dlc")
    edited = edited.model_copy(update={"meta": edited.meta.model_copy(update={"description": "my own words"})})
    assert sheet_data(edited, catalog, lang=lang)["meta"]["description"] == "my own words"  # the user's text stays


def test_an_npu_sheet_says_accelerator_and_a_caption_says_the_height_once(catalog, design_of):
    """The Ascend 910B sheet (NPUs) used to say "GPUs", "GPU memory", "Scale-up per GPU", "GPU baseboard" and "over 8
    GPUs" outside its cards, and its power by category "GPUs"; a GPU design keeps "GPU". The drawing's caption of a
    chassis whose name holds its height said it twice ("...-class 8U (HGX H100 baseboard) (8U)")."""
    from designer.export.sheet_data import sheet_data

    npu = sheet_data(design_of("huawei-atlas-910b"), catalog)
    labels = [row["label"] for row in npu["spec_rows"]]
    assert labels[:3] == ["Accelerators", "Accelerator memory", "Scale-up per accelerator"]
    latency = next(r["value"] for r in npu["spec_rows"] if r["label"] == "Latency class")
    assert latency.endswith("over 8 accelerators (model)")
    assert "Accelerators" in {c["label"] for c in npu["power"]["categories"]}
    texts = [s["body"] for s in diagram_chart(design_of("huawei-atlas-910b"), catalog, 480).as_dict()["shapes"]
             if s["type"] == "text"]
    assert "Accelerator baseboard" in texts and "GPU baseboard" not in texts
    gpu = sheet_data(design_of("dgx-h100"), catalog)
    assert [row["label"] for row in gpu["spec_rows"]][:3] == ["GPUs", "GPU memory", "Scale-up per GPU"]
    caption = [s["body"] for s in diagram_chart(design_of("dgx-h100"), catalog, 480).as_dict()["shapes"]
               if s["type"] == "text"][0]
    assert caption.startswith("DGX H100/H200-class 8U (HGX H100 baseboard), top view") and "(8U)" not in caption


def test_the_export_control_table_says_not_published_in_the_sheets_language(catalog, design_of):
    """The Ascend and GB200 sheets' export-control tables read "not published not published" in Chinese."""
    from designer.export.sheet_data import sheet_data

    rows = sheet_data(design_of("huawei-atlas-910b"), catalog, lang="zh_CN")["export_control"]["rows"]
    cells = [r[key] for r in rows for key in ("die_area", "density")]
    assert cells and "not published" not in " ".join(cells) and "未公开" in " ".join(cells)


def test_a_list_of_consecutive_names_is_said_as_a_range():
    listed = ", ".join(f"GPU {i}" for i in range(72))
    assert compress_runs(f"72 GPUs ({listed}) reach") == "72 GPUs (GPU 0–GPU 71) reach"
    assert compress_runs("、".join(f"GPU {i}" for i in range(8))) == "GPU 0–GPU 7"  # the Chinese enumeration comma
    four = "GPU 0 → NVSwitch 0, NVSwitch 1, NVSwitch 2, NVSwitch 3"
    assert compress_runs(four) == four  # a short list stays as listed
    assert compress_runs("NPU 0, NPU 1, NPU 2, NPU 3, NPU 4, NIC 0, GPU 7") == "NPU 0–NPU 4, NIC 0, GPU 7"
    assert compress_runs("GPU 0, GPU 2, GPU 4, GPU 6, GPU 8") == "GPU 0, GPU 2, GPU 4, GPU 6, GPU 8"  # not a run


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_rack_sheet_says_rack_lists_ranges_and_writes_the_languages_punctuation(tmp_path, capsys, lang):
    """The GB200 NVL72 sheet listed all 72 GPUs one by one in a finding, called the rack a node in a rule title and
    wrote half-width punctuation in Chinese lines (the rack drawing's link lines, the NIC legend, the fix labels)."""
    text = _pdf_text(tmp_path, capsys, "gb200-nvl72", "--lang", lang)
    text = " ".join(text.split()) if lang == "en" else text.replace("\n", "")  # lines joined as read
    rules = text[text.index("Design rule check" if lang == "en" else "設計規則檢查"):]
    assert "GPU 0–GPU 71" in rules and "GPU 5, GPU 6" not in rules and "GPU 5、GPU 6" not in rules
    assert ("cut the rack apart" if lang == "en" else "單點故障不會切斷機櫃") in rules
    assert "cut the node apart" not in rules and "切斷節點" not in rules
    if lang == "zh-TW":
        body = text[:text.rindex("參考資料")]
        assert "每 GPU 18 條" in body and "NVLink，GPU – Scale-up 交換器：1,296 條鏈路" in body
        assert "修正: " not in body and "已豁免: " not in body and "; 1 每 GPU" not in body


@pytest.mark.parametrize("template", ["huawei-atlas-910b", "gaudi3-8"])
def test_on_package_network_ports_are_drawn_as_on_package_links_not_pcie(catalog, design_of, template):
    """The Ascend 910B's and Gaudi 3's RoCE ports sit on the accelerator's package: the design models their tie
    to it as PCIe lanes, but the drawing says what they are."""
    from designer.export.diagram_layout import bundle_layout, component_rects, on_package_ports

    design = design_of(template)
    ports = on_package_ports(design, catalog)
    assert ports and ports == {c.id for c in design.components if catalog.get(c.part).kind == "nic"}
    layout, kinds = bundle_layout(design, component_rects(design, catalog), ports)
    assert "on_package" in kinds and kinds["on_package"] is None  # no lane count stated for it
    assert not [b for b in layout if b.kind == "pcie" and set(b.ends) & ports]
    chart = diagram_chart(design, catalog, 500)
    assert any(s["type"] == "text" and s["body"].startswith("on-package link") for s in chart.shapes)


@pytest.mark.parametrize(("template", "links"), [("dgx-h100", "over 18 links"),
                                                 ("supermicro-pcie-l40s", "over 1 link;")])
def test_the_bottleneck_counts_physical_links_not_bundles(catalog, design_of, template, links):
    """DGX H100's GPU reaches its 4 NVSwitches over 18 NVLinks (NVIDIA DGX H100 User Guide): the line said '4 links'
    (one per switch); a PCIe link's count is lanes, never links."""
    from designer.simulation import SimConfig, simulate

    result = simulate(design_of(template), catalog, SimConfig(collectives=("allreduce",), sizes=(1 << 30,)))
    assert links in result.rows[-1].bottleneck


def test_a_findings_document_is_cited_by_number_not_written_inline(tmp_path, capsys):
    """The published-maximum finding wrote the user guide's English title and URL inside a Chinese sentence."""
    text = _pdf_text(tmp_path, capsys, "dgx-h100", "--lang", "zh-TW").replace("\n", "").replace("\xa0", " ")
    found = re.search(r"公布的最大值為 10,200 W（\+0\.0%；\[(\d+)\]）", text)
    assert found, text[:200]
    references = text[text.rindex("參考資料"):]
    assert f"[{found.group(1)}] NVIDIA DGX H100/H200 User Guide" in references
    assert "Scale-out 運算網路" in references  # a generic fabric part is named in the sheet's language there too


def test_the_chinese_cluster_plan_names_its_parts_in_chinese_and_cites_no_file(tmp_path, capsys):
    """The cluster sheet wrote catalog names as they stand ("InfiniBand switch", "single-mode crossover fibre, up to
    100 m (<=30 m)", "48U rack") and pointed a customer at README and benchmarks/validate_cluster.py."""
    plan, pdf = tmp_path / "plan.json", tmp_path / "plan.pdf"
    assert main(["cluster", "new", "--node", "dgx-h100", "--gpus", "256", "-o", str(plan)]) == 0
    assert main(["cluster", "export", str(plan), "--pdf", str(pdf), "--lang", "zh-TW"]) == 0
    capsys.readouterr()
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages).replace("\xa0", " ")
    body = text[:text.rindex("參考資料")]
    joined = body.replace("\n", "")  # a name may wrap in the priced BOM's narrower part column
    assert "InfiniBand 交換器（64 x 400G）" in joined and "48U 機櫃，600 x 1200 mm" in joined
    assert "多模交叉光纖（MPO-12/APC），最長 50 m（7 m）" in joined  # the run's bought length
    assert not re.search(r"\b(switch|fibre|rack|README|benchmarks)\b", body.replace("\n", " "))


def test_a_reference_designs_title_reads_in_the_documents_language(tmp_path, capsys):
    """'以 GB200 NVL72 rack 參考設計為基礎': the template's title is shipped data a document translates; the design's
    own name stays as the user wrote it."""
    text = _pdf_text(tmp_path, capsys, "gb200-nvl72", "--lang", "zh-TW").replace("\n", "")
    assert "以 GB200 NVL72 機櫃參考設計為基礎" in text and "rack 參考設計" not in text
    code = main(["compare", "dgx-h100", "amd-mi300x", "--lang", "zh-CN"])
    assert code == 0 and re.search(r"参考设计\s+DGX H100\s+AMD MI300X 平台", capsys.readouterr().out)
