"""Sources by class (issue 34 item 1): every document the shipped catalog and price book cite has a known class,
and no figure is graded high whose source is an integrator's, the press's, a blog's, or another part's."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from designer.model.catalog import load_catalog
from designer.model.parts import Confidence
from designer.model.sources import SourceClass, cited, classes, may_be_high


def _prices() -> list[dict]:
    return json.loads(resources.files("designer").joinpath("data/prices/prices.json").read_text("utf-8"))["entries"]


def test_the_classifier_reads_urls_archives_and_vendor_documents_without_a_url():
    assert classes("NVIDIA DGX H100 User Guide, https://docs.nvidia.com/dgx/x.html") == [SourceClass.VENDOR]
    assert classes("FS.com, https://web.archive.org/web/20240822234224/https://www.fs.com/products/1.html") == [
        SourceClass.INTEGRATOR]
    assert classes("a blog https://arthurchiao.art/x and https://github.com/NVIDIA/nccl") == [
        SourceClass.VENDOR, SourceClass.COMMUNITY]
    assert classes("HPE Cray XD670 QuickSpecs DA-16896 (HPE, version 16)") == [SourceClass.VENDOR]
    assert classes("assumption: a generic server") == [SourceClass.ASSUMPTION]
    assert cited("https://example.org/x")[0][1] is None
    assert not may_be_high("https://www.theregister.com/a") and may_be_high("https://docs.nvidia.com/a")
    assert not may_be_high("https://docs.nvidia.com/a", borrowed_from="the DGX A100's PSU")


def test_every_cited_domain_has_a_class():
    catalog = load_catalog()
    unknown = [(p.id, what) for p in catalog.parts.values() for what, c in cited(p.source) if c is None]
    unknown += [(e.get("part") or e["family"], what) for e in _prices() for what, c in cited(e["source"]) if c is None]
    assert not unknown, unknown


def test_no_figure_is_high_unless_the_vendor_or_a_standard_published_it_for_this_part():
    catalog = load_catalog()
    wrong = [(p.id, [c.value for c in classes(p.source)], p.borrowed_from) for p in catalog.parts.values()
             if p.confidence == Confidence.HIGH and not may_be_high(p.source, p.borrowed_from)]
    assert not wrong, wrong


@pytest.mark.parametrize("entry", _prices(), ids=lambda e: e.get("part") or e["family"])
def test_a_price_not_marked_estimate_is_the_vendors_own(entry):
    if not entry["estimate"]:
        assert SourceClass.VENDOR in classes(entry["source"]), entry["source"]
