"""Every document carries a number, a revision, its date, the tool's version and the brand's contact (issue 34 item
4): the number follows what the document is about, the revision its content; a brand file sets the prefix and how
long the cluster sheet's prices are offered."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from designer.cluster.build import ClusterModel
from designer.cluster.plan import ClusterPlan, NodeRef
from designer.compare import comparison
from designer.compare.document import document_data
from designer.export.brand import Brand
from designer.export.cluster_data import ClusterSheet
from designer.export.doc_number import document_number, generator_line, revision
from designer.export.sheet_data import sheet_data, slide_data
from designer.templates import build_template

NOW = datetime(2026, 12, 5, tzinfo=UTC)
LINE = re.compile(r"^GPU Node Designer \S+ · doc\. (?P<number>[A-Z0-9-]+-(?P<kind>SS|SL|CP|CL)-[0-9A-F]{8}), "
                  r"rev\. (?P<rev>[0-9a-f]{6})$")


def test_the_number_follows_the_name_and_the_revision_the_content():
    assert document_number("sheet", "DGX H100") == document_number("sheet", "DGX H100")
    assert document_number("sheet", "DGX H100") != document_number("cluster", "DGX H100")
    assert document_number("sheet", "DGX H100", "ACME-7").startswith("ACME-7-SS-")
    assert revision("a") == revision("a") != revision("b")
    assert re.search(r"文號 GND-SS-[0-9A-F]{8}，版次 [0-9a-f]{6}$", generator_line("sheet", "x", "y", "zh_TW"))


def test_the_sheet_slide_comparison_and_cluster_sheet_each_carry_one(catalog):
    design = build_template("dgx-h100", catalog)
    edited = design.model_copy(update={"meta": design.meta.model_copy(update={"notes": "quoted to ACME"})})
    brand = Brand(contact="sales@example.com", document_prefix="ACME")
    sheet = sheet_data(design, catalog, now=NOW, brand=brand)
    found = LINE.match(sheet["meta"]["generator"])
    assert found and found["kind"] == "SS" and found["number"].startswith("ACME-SS-")
    assert sheet["brand"]["contact"] == "sales@example.com" and sheet["meta"]["date"] == "2026-12-05"
    again = LINE.match(sheet_data(edited, catalog, now=NOW, brand=brand)["meta"]["generator"])
    assert again and again["number"] == found["number"] and again["rev"] != found["rev"]  # same design, new content
    slide = LINE.match(slide_data(design, catalog, now=NOW, brand=brand)["meta"]["generator"])
    assert slide and slide["kind"] == "SL"
    compared = document_data(comparison([("a", design), ("b", build_template("amd-mi300x", catalog))], catalog))
    assert (m := LINE.match(compared["generator"])) and m["kind"] == "CP"
    plan = ClusterPlan(name="ACME pod", node=NodeRef(template="dgx-h100"), gpus=256)
    cluster = ClusterSheet(ClusterModel(plan, catalog), "en", NOW, brand).meta()
    assert (m := LINE.match(cluster["generator"])) and m["kind"] == "CL" and m["number"].startswith("ACME-CL-")


def test_a_brand_sets_how_long_the_cluster_prices_are_offered(catalog):
    plan = ClusterModel(ClusterPlan(name="pod", node=NodeRef(template="dgx-h100"), gpus=256), catalog)
    offered = ClusterSheet(plan, "en", NOW, Brand(quote_validity_days=30)).bom_note()
    assert "Prices valid until 2027-01-04 (30 days from this document's date)." in offered
    assert "Prices for planning, not an offer." in ClusterSheet(plan, "en", NOW, Brand()).bom_note()
    assert "Prices from the shipped price book, version 2026.12." in offered
    for bad in ({"document_prefix": "acme/../x"}, {"quote_validity_days": 0}):
        with pytest.raises(ValidationError):
            Brand(**bad)
