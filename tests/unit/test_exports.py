"""Exports: PDF spec sheet (text, CJK, hostile names, embedded design), JSON spec against its schema, diagrams."""

import io
import json
import re
import xml.etree.ElementTree as ET

import jsonschema
import pytest
from pypdf import PdfReader

from designer.cli.main import main
from designer.export.files import export
from designer.export.pdf import spec_sheet_pdf
from designer.export.spec import build_spec, committed_spec_schema, spec_json, spec_schema_text
from designer.io.files import load_design
from designer.io.schema import committed_schema_text
from designer.templates import TEMPLATES

HOSTILE = "<img src=x onerror=alert(1)>"
CHINESE = "训练集群：八卡节点，液冷改造评估 $5k & 100%"


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def flat(text: str) -> str:
    return " ".join(text.split())


def info_json(capsys, template: str) -> dict:
    assert main(["info", template, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(autouse=True)
def no_user_brand(tmp_path, monkeypatch):
    monkeypatch.setattr("designer.export.brand.user_brand_path", lambda: tmp_path / "no-brand.json")


@pytest.mark.parametrize("template", list(TEMPLATES))
def test_every_template_exports_a_pdf_with_the_headline_figures(tmp_path, capsys, catalog, template):
    pdf, spec = tmp_path / f"{template}.pdf", tmp_path / f"{template}.json"
    assert main(["export", template, "--pdf", str(pdf), "--json", str(spec)]) == 0
    assert capsys.readouterr().out.count("wrote") == 2
    info = info_json(capsys, template)
    text = flat(pdf_text(pdf.read_bytes()))
    gpus, per = ("GPUs", "GPU") if info["device_word"] == "GPUs" else ("Accelerators", "accelerator")  # NPUs, Gaudi
    assert f"{gpus} {info['gpu_count']} x" in text
    scaleup = (f"{info['scaleup_gbytes_s_per_gpu_per_dir']:,.0f} GB/s per direction, "
               f"{info['scaleup_gbytes_s_per_gpu_bidir']:,.0f} GB/s bidirectional")
    no_fabric = info["scaleup_gbytes_s_per_gpu_per_dir"] == 0  # a PCIe box: said in words, never "0 GB/s"
    assert f"Scale-up per {per} {'no scale-up fabric (PCIe only)' if no_fabric else scaleup}" in text
    assert f"{info['hbm_total_gb']:,.0f} GB" in text
    mem = info["mem_bw_total_tbytes_s"]
    assert f"{'not published' if mem is None else f'{mem:.1f} TB/s'} aggregate bandwidth" in text
    assert f"({info['dc_load_w']:,.0f} W DC load)" in text
    dev = "GPU" if info["device_word"] == "GPUs" else "accelerator"  # an NPU design's NICs row says accelerator
    assert f"{info['scaleout_gbit_s_per_gpu']:,.0f} Gb/s per {dev}" in text
    pages = int(re.search(r"page 1 of (\d+) ", text).group(1))
    # a node's sheet is 4-6 pages (6 where the waived table of the documented switch failure tips a full reference
    # list over); the 72-GPU rack's at most 6 (issue 24: its rack elevation takes a page)
    assert (4 <= pages <= 6 or (template == "gb200-nvl72" and pages <= 6)) and "References" in text
    data = json.loads(spec.read_text())
    validate_spec(data)
    assert data["key_figures"]["hbm_total_gb"] == info["hbm_total_gb"]


def validate_spec(data: dict) -> None:
    """Against the committed spec schema, with the design schema it refers to."""
    from referencing import Registry, Resource

    design_schema = json.loads(committed_schema_text())
    registry = Registry().with_resource(design_schema["$id"], Resource.from_contents(design_schema))
    jsonschema.Draft202012Validator(json.loads(committed_spec_schema()), registry=registry).validate(data)


def test_spec_schema_is_committed():
    assert committed_spec_schema() == spec_schema_text()


def test_user_text_comes_out_literally(tmp_path, catalog, design_of):
    design = design_of("dgx-h100")
    design = design.model_copy(update={"meta": design.meta.model_copy(update={"name": HOSTILE, "notes": CHINESE})})
    written = export(design, catalog, {"svg": tmp_path / "d.svg", "json": tmp_path / "d.json"})
    assert len(written) == 2
    root = ET.fromstring((tmp_path / "d.svg").read_text())  # well-formed: the name was escaped
    assert HOSTILE in "".join(root.itertext())
    assert json.loads((tmp_path / "d.json").read_text())["design"]["meta"]["notes"] == CHINESE


def test_cjk_glyphs_come_from_a_cjk_font(catalog, design_of):
    design = design_of("dgx-h100")
    design = design.model_copy(update={"meta": design.meta.model_copy(update={"notes": CHINESE})})
    reader = PdfReader(io.BytesIO(spec_sheet_pdf(design, catalog)))
    fonts = set()
    for page in reader.pages:
        for obj in page["/Resources"]["/Font"].values():
            fonts.add(str(obj.get_object()["/BaseFont"]))
    assert any("WenQuanYi" in f or "CJK" in f for f in fonts), fonts


def test_a_pdf_opens_back_into_an_equal_design(tmp_path, catalog, design_of):
    design = design_of("amd-mi300x")
    path = tmp_path / "sheet.pdf"
    export(design, catalog, {"pdf": path})
    assert load_design(path, catalog) == design


def test_cli_commands_accept_the_pdf(tmp_path, capsys, catalog, design_of):
    path = tmp_path / "sheet.pdf"
    export(design_of("dgx-b200"), catalog, {"pdf": path})
    assert main(["validate", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counts"]["error"] == 0
    assert main(["topo", str(path)]) == 0


def test_a_pdf_without_a_design_is_refused_clearly(tmp_path, catalog):
    from matplotlib.figure import Figure

    path = tmp_path / "other.pdf"
    Figure().savefig(path)
    with pytest.raises(Exception, match="other.pdf: is a PDF without an embedded design"):
        load_design(path, catalog)


def test_letter_paper(catalog, design_of):
    box = PdfReader(io.BytesIO(spec_sheet_pdf(design_of("rtx-pcie-8"), catalog, paper="letter"))).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_diagram_png_and_svg(tmp_path, catalog, design_of):
    export(design_of("dgx-h100"), catalog, {"png": tmp_path / "d.png", "svg": tmp_path / "d.svg"})
    assert (tmp_path / "d.png").read_bytes()[:4] == b"\x89PNG"
    svg = (tmp_path / "d.svg").read_text()
    assert "<svg" in svg and "GPU 0" in svg  # text stays text (display names, not ids)


@pytest.mark.parametrize("argv,needle", [
    (["export", "dgx-h100"], "nothing to export"),
    (["export", "dgx-h100", "--pdf", "sheet.txt"], "ending in .pdf"),
    (["export", "dgx-h100", "--png", "/no/such/dir/x.png"], "does not exist"),
    (["export", "dgx-h100", "--json", "x.json", "--nodes", "0"], "--nodes must be"),
])
def test_bad_export_arguments_exit_2_and_write_nothing(tmp_path, monkeypatch, capsys, argv, needle):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert needle in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_is_replaced_atomically(tmp_path, catalog, design_of):
    path = tmp_path / "spec.json"
    path.write_text("old")
    export(design_of("dgx-h100"), catalog, {"json": path})
    assert json.loads(path.read_text())["spec_version"] == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spec.json"]


def test_spec_contains_the_derived_sections(catalog, design_of):
    spec = json.loads(spec_json(build_spec(design_of("dgx-h100"), catalog, nodes=16)))
    assert {p["nodes"] for p in spec["performance"]} == {1, 16}
    p = spec["power"]
    assert (p["psu_count"], p["psu_unit_output_w"], p["psu_redundancy"]) == (6, 3300, "N+2")
    assert spec["rules"]["counts"]["error"] == 0 and spec["bom"][0]["part"] == "h100-sxm5"


def test_one_export_builds_one_spec_and_one_fabric_for_pdf_json_and_slide(tmp_path, catalog, design_of, monkeypatch):
    """Issue 24, item 8: a PDF + JSON (+ slide) export built the spec twice and ran 22 simulations, each working out
    the fabric's routes again; now one analysis serves every file of the export."""
    import designer.export.analysis as analysis
    import designer.simulation.model as model

    calls = {"spec": 0, "fabric": 0}

    def counted(name, fn):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return fn(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(analysis, "build_spec", counted("spec", analysis.build_spec))
    monkeypatch.setattr(model, "node_fabric", counted("fabric", model.node_fabric))
    design = design_of("dgx-h100")
    targets = {"pdf": tmp_path / "s.pdf", "json": tmp_path / "s.json", "slide": tmp_path / "s.png"}
    export(design, catalog, targets)
    assert calls == {"spec": 1, "fabric": 1}
    written = json.loads((tmp_path / "s.json").read_text())
    alone = build_spec(design, catalog, 8).model_dump(mode="json")
    assert written["performance"] == alone["performance"] and written["key_figures"] == alone["key_figures"]


def test_an_export_with_site_limits_checks_as_the_app_does_and_says_which(tmp_path, catalog, design_of):
    """Four air-cooled DGX B200 (4 x 14.3 kW = 57.2 kW) against the 40 kW public air default: a warning; against a
    site's 60 kW: none, as the app's own check with those limits (designer.model.rack_limits)."""
    from designer.model.rack_limits import site_limits
    from designer.rules import check

    design = design_of("dgx-b200")
    design = design.model_copy(update={"settings": design.settings.model_copy(update={"nodes_per_rack": 4})})
    site = site_limits(air_w=60_000)
    for limits, path in ((None, tmp_path / "default.json"), (site, tmp_path / "site.json")):
        export(design, catalog, {"json": path}, **({"site": limits} if limits else {}))
    default, with_site = (json.loads((tmp_path / f"{n}.json").read_text())["rules"] for n in ("default", "site"))
    assert "power.rack_density" in {f["rule"] for f in default["violations"]}
    assert {f["rule"] for f in with_site["violations"]} == {v.rule for v in check(design, catalog, site=site).active}
    assert "power.rack_density" not in {f["rule"] for f in with_site["violations"]}
    assert default["rack_limits"]["air_w"] == 40_000
    assert default["rack_limits"]["air_source"].startswith("default 40 kW")
    assert with_site["rack_limits"] == {"air_w": 60_000, "liquid_w": 132_000,
                                        "air_source": "the site's limit (Preferences)",
                                        "liquid_source": default["rack_limits"]["liquid_source"]}
