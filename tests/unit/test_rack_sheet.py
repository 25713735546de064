"""The GB200 NVL72 rack's spec sheet (issue 24, item 4): at most 6 pages, the rack elevation on a page of its own with
every tray and a legend of every tag drawn, the topology matrix said by classes, rack wording.

Counts come from the design by rule and from public documents:
- NVIDIA DGX GB200 User Guide, Hardware (NVIDIA, 2024), https://docs.nvidia.com/dgx/dgxgb200-user-guide/hardware.html:
  18 compute trays (4 Blackwell GPUs, 2 Grace CPUs each) and 9 NVLink switch trays (2 switch chips each).
- NVLink 5: each Blackwell GPU has 18 links, one to each of the 18 switch chips (NVIDIA Blackwell datasheet), so any two
  GPUs of the rack share 18 links: nvidia-smi topo -m prints NV18 for every GPU pair.
"""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from designer.core.locale import has_translation
from designer.export.pdf import spec_sheet_pdf
from designer.export.rack_view import rack_view
from designer.export.sheet_charts import chart_scope, model_tag
from designer.export.sheet_data import sheet_data
from designer.model.rack import trays
from designer.simulation.constants import MODEL_SPREAD
from designer.topology.graph import build_topology

NVLINKS_PER_GPU = 18  # one link to each of the 18 NVLink 5 switch chips (Blackwell datasheet)


@pytest.fixture(autouse=True)
def no_user_brand(tmp_path, monkeypatch):
    monkeypatch.setattr("designer.export.brand.user_brand_path", lambda: tmp_path / "no-brand.json")


@pytest.fixture(scope="module")
def nvl72_pages(catalog):
    from designer.templates import build_template

    design = build_template("gb200-nvl72", catalog)
    return design, [page.extract_text() for page in PdfReader(io.BytesIO(spec_sheet_pdf(design, catalog))).pages]


def test_the_rack_sheet_is_at_most_six_pages_and_says_rack_not_node(nvl72_pages):
    _, pages = nvl72_pages
    text = " ".join(" ".join(pages).split())
    assert len(pages) <= 6
    assert "1 node" not in text and "72 GPUs, 1 rack (one scale-up domain)" in text
    assert "Scaling over rack counts" in text and "model, not measured" in text


def test_the_rack_elevation_has_a_page_with_every_tray_and_its_legend(catalog, nvl72_pages):
    design, pages = nvl72_pages
    page = next(p for p in pages if "Rack elevation" in p)
    after = pages[pages.index(page) + 1]
    names = [t.name for t in trays(catalog.chassis(design.chassis))]
    assert len([n for n in names if n.startswith("Compute tray")]) == 18
    assert len([n for n in names if n.startswith("NVLink switch tray")]) == 9
    for name in names:
        assert re.search(rf"{name}(?!\d)", page), name
    gpus = [c.id for c in design.components if catalog.get(c.part).kind == "gpu"]
    assert f"GPU 0–GPU {len(gpus) - 1}" in page and f"{len(gpus)} x NVIDIA GB200" in page
    assert "Cooling" in page and "Links are listed, not drawn, at rack scale." in page  # the legend's last line
    assert f"{NVLINKS_PER_GPU} per GPU" in page
    assert "Power and thermal" in after[:200]  # nothing of the rack spilled over


def test_every_part_drawn_in_the_rack_is_in_its_legend(catalog, design_of):
    design = design_of("gb200-nvl72")
    view = rack_view(design, catalog)
    drawn = {p["tag"] for row in view["rows"] for p in row["parts"]}
    placed = [c for c in design.components if c.slot is not None]
    assert len(drawn) == len(placed)
    prefixes = {re.sub(r"\d+$", "", tag) for tag in drawn}
    legend = {re.sub(r"\d+$", "", entry["tag"].split("–")[0]) for entry in view["legend"]}
    assert prefixes == legend


def test_above_16_gpus_the_topology_matrix_is_said_by_classes(catalog, design_of):
    design = design_of("gb200-nvl72")
    topo = build_topology(design, catalog)
    n, nics = len(topo.gpus), len(topo.nics(None))
    topology = sheet_data(design, catalog)["topology"]
    assert topology["matrix"] == [] and topology["summary"]
    gpu_rows = [r for r in topology["summary"] if r["between"] == "GPU – GPU"]
    assert gpu_rows == [{"between": "GPU – GPU", "where": "every pair", "class": f"NV{NVLINKS_PER_GPU}",
                         "pairs": f"{n * (n - 1) // 2:,}",
                         "meaning": f"Connection traversing a bonded set of {NVLINKS_PER_GPU} NVLinks"}]
    gpu_nic = [r for r in topology["summary"] if r["between"] == "GPU – NIC"]
    assert {r["where"] for r in gpu_nic} == {"same tray", "different trays"}
    assert sum(int(r["pairs"].replace(",", "")) for r in gpu_nic) == n * nics


def test_an_8_gpu_node_keeps_its_full_matrix(catalog, design_of):
    topology = sheet_data(design_of("dgx-h100"), catalog)["topology"]
    assert topology["summary"] is None and len(topology["matrix"]) == len(topology["devices"]) > 8


@pytest.mark.parametrize("lang", ["zh_TW", "zh_CN"])
def test_the_rack_words_are_translated(catalog, design_of, lang):
    from designer.core import i18n
    from designer.export.rack_view import KIND_WORD

    design = design_of("gb200-nvl72")
    data = sheet_data(design, catalog, lang=lang)
    rack = data["rack"]
    assert not any(re.search(r"[A-Za-z]{4,}", row["name"]) for row in rack["rows"] if "NVLink" not in row["name"])
    words = [w for w in KIND_WORD.values() if w not in ("GPU", "CPU", "PSU")]  # acronyms stay (GLOSSARY.md)
    for english in [*words, "front view, trays from the top of the rack", "Outside the rack", "links",
                    "lanes", "per GPU", "Links are listed, not drawn, at rack scale.", "every pair", "same tray",
                    "different trays", "racks", "Scaling over rack counts (scale-out over the compute NICs)"]:
        assert i18n.translated(english, lang), english
    for msg in (chart_scope(72, rack=True), model_tag(MODEL_SPREAD)):  # messages: translated by the catalogs
        assert has_translation(msg, lang), msg
    assert {"rack", "pair", "where", "class", "pairs", "meaning", "topology_classes"} <= set(
        i18n.table(lang)["sheet"])


def test_the_rack_slide_draws_the_elevation_not_every_link(catalog, design_of):
    from designer.export.files import slide_bytes
    from designer.export.sheet_data import slide_data

    design = design_of("gb200-nvl72")
    data = slide_data(design, catalog)
    assert data["figures"]["diagram"] is None and data["rack"]["rows"]
    text = PdfReader(io.BytesIO(slide_bytes(design, catalog, "pdf"))).pages[0].extract_text()
    assert "GPU 0–GPU 71" in text and "72 GPUs, 1 rack (one scale-up domain)" in " ".join(text.split())


@pytest.mark.parametrize("template", ["gb200-nvl72", "dgx-h100", "amd-mi300x", "huawei-atlas-910b", "rtx-pcie-8"])
def test_the_summary_classes_are_those_of_the_full_matrix(catalog, design_of, template):
    """The summary's GPU pair classes (all pairs at once) are what nvidia-smi-style path_class gives pair by pair."""
    import itertools

    from designer.export.topology_summary import gpu_pair_classes
    from designer.topology.paths import path_class

    topo = build_topology(design_of(template), catalog)
    expected = [(a, b, path_class(topo, a, b)) for a, b in itertools.combinations(topo.gpus, 2)]
    assert gpu_pair_classes(topo) == expected
