"""The class of each source a catalog or price figure cites, and the highest confidence the sources allow.

A source string cites one or more documents, each by its URL (or, for a vendor document without one, by its number
and publisher). Its class follows from who published it:

- vendor: the maker's own document, datasheet, user guide or repository (NVIDIA, AMD, Intel, HPE, ...);
- standard: a standards or certification body, a benchmark consortium's results, a paper, an official statistic;
- integrator: a system integrator's, operator's or reseller's page (FS.com, FiberMall, a supercomputer centre);
- press: news and analysts (The Register, Reuters, SemiAnalysis, ...);
- community: a blog, wiki, forum or someone's spreadsheet;
- assumption: no document ("assumption: ...", "derived: ...").

A figure is graded high only when every document it cites is the vendor's or a standard's and it was measured on
this very part: a figure borrowed from another part (PartBase.borrowed_from) is never high. tests/unit/test_sources.py
holds the shipped catalog and price book to it, and every cited domain must be in DOMAIN_CLASSES.
"""

from __future__ import annotations

import re
from enum import StrEnum

from designer.core.labels import confidence_message
from designer.core.messages import Msg, _m, many


class SourceClass(StrEnum):
    VENDOR = "vendor"
    STANDARD = "standard"
    INTEGRATOR = "integrator"
    PRESS = "press"
    COMMUNITY = "community"
    ASSUMPTION = "assumption"


V, S, RESELLER, P, C = (SourceClass.VENDOR, SourceClass.STANDARD, SourceClass.INTEGRATOR, SourceClass.PRESS,
                        SourceClass.COMMUNITY)

# Registered domain (or github.com/<owner>) -> class. A subdomain takes its domain's class.
DOMAIN_CLASSES: dict[str, SourceClass] = {
    # vendors' own documents
    "nvidia.com": V, "amd.com": V, "intel.com": V, "habana.ai": V, "broadcom.com": V, "supermicro.com": V,
    "delltechnologies.com": V, "dell.com": V, "hpe.com": V, "ieisystem.com": V, "hikunpeng.com": V, "huawei.com": V,
    "vertiv.com": V, "aws.amazon.com": V, "mellanox.com": V, "schneider-electric.com": V,
    "github.com/NVIDIA": V, "github.com/HewlettPackard": V, "github.com/mellanox": V, "github.com/ROCm": V,
    # standards, certification, benchmark consortia, papers, official statistics
    "infinibandta.org": S, "opencompute.org": S, "github.com/mlcommons": S, "mlcommons.org": S, "arxiv.org": S,
    "ieee.org": S, "jedec.org": S, "federalreserve.gov": S, "clearesult.com": S,  # the 80 PLUS programme's reports
    "github.com/epoch-research": S, "epoch.ai": S, "github.com/bespoke-silicon-group": S,
    # integrators, operators, resellers
    "fs.com": RESELLER, "fibermall.com": RESELLER, "serversimply.com": RESELLER, "philisun.com": RESELLER,
    "yobitel.com": RESELLER, "cscs.ch": RESELLER, "gpusmith.com": RESELLER,
    # press and analysts
    "pcnews.ru": P, "tweakers.net": P, "anandtech.com": P, "cnbc.com": P, "reuters.com": P, "nextplatform.com": P,
    "servethehome.com": P, "storagereview.com": P, "theregister.com": P, "semianalysis.com": P,
    "linleygroup.com": P, "tomshardware.com": P, "hyper.ai": P, "heise.de": P,
    # blogs, wikis, forums, personal spreadsheets
    "arthurchiao.art": C, "aiwiki.ai": C, "awesomeagents.ai": C, "haoyuanyu.icu": C, "flashgenius.net": C,
    "unanswered.io": C, "glennklockwood.com": C, "wikichip.org": C, "docs.google.com": C, "holynerdvana.com": C,
    "wheelersnetwork.com": C, "wiaix.com": C,
}
# Documents cited by number and publisher, without a URL: the publisher's name in the text.
VENDOR_NAMES = ("NVIDIA", "AMD", "Intel", "HPE", "Dell", "Supermicro", "Huawei", "Broadcom", "Habana")
_URL = re.compile(r"https?://([^/\s,;)\]]+)(/[^\s,;)\]]*)?")
# A site named without a URL: a host name ending in a top-level domain ("FS.com" is a product's name there too).
_TLD = "com|org|net|io|ai|ru|art|icu|gov|ch|info|co|tw|cn|de"
_BARE = re.compile(rf"(?<![\w./@-])(?:[A-Za-z0-9-]+\.)+(?:{_TLD})\b(?![\w-])")
_ARCHIVED = re.compile(r"https?://web\.archive\.org/web/\d+\*?/")
HIGH_CLASSES = frozenset({SourceClass.VENDOR, SourceClass.STANDARD})


def _domain_class(host: str, path: str) -> SourceClass | None:
    host = host.lower().removeprefix("www.")
    if host == "github.com":
        owner = path.split("/")[1] if path.count("/") >= 1 else ""
        return DOMAIN_CLASSES.get(f"github.com/{owner}")
    parts = host.split(".")
    for i in range(len(parts) - 1):
        cls = DOMAIN_CLASSES.get(".".join(parts[i:]))
        if cls is not None:
            return cls
    return None


def cited(source: str) -> list[tuple[str, SourceClass | None]]:
    """(what was cited, its class; None where the domain is not in DOMAIN_CLASSES) for each document of a source: its
    URLs, the sites it names without one ("wheelersnetwork.com, '...'"), an assumption or derivation it states."""
    text = _ARCHIVED.sub("", source)  # an archived page is its original publisher's
    found = [(m.group(1) + (m.group(2) or ""), _domain_class(m.group(1), m.group(2) or ""))
             for m in _URL.finditer(text)]
    bare = _URL.sub(" ", text)
    found += [(m.group(0), _domain_class(m.group(0), "")) for m in _BARE.finditer(bare)]
    if source.strip().lower().startswith(("assumption", "derived", "estimate")):
        found.append((source, SourceClass.ASSUMPTION))
    if found:
        return found
    if any(re.search(rf"\b{name}\b", source) for name in VENDOR_NAMES):
        return [(source, SourceClass.VENDOR)]
    return [(source, None)]


def classes(source: str) -> list[SourceClass]:
    """The classes of a source's documents, strongest first, each once (unknown domains left out)."""
    order = list(SourceClass)
    return sorted({c for _, c in cited(source) if c is not None}, key=order.index)


def may_be_high(source: str, borrowed_from: str = "") -> bool:
    """Whether a figure with this source may be graded high: every document the vendor's or a standard's, and
    measured on this very part."""
    found = cited(source)
    return not borrowed_from and all(c in HIGH_CLASSES for _, c in found)


# Each class in words, for the references of documents and the part's tooltip.
CLASS_WORDS: dict[SourceClass, Msg] = {
    SourceClass.VENDOR: _m("vendor document"), SourceClass.STANDARD: _m("standard or paper"),
    SourceClass.INTEGRATOR: _m("integrator's or reseller's page"), SourceClass.PRESS: _m("press"),
    SourceClass.COMMUNITY: _m("blog or forum"), SourceClass.ASSUMPTION: _m("assumption"),
}


def source_note(source: str, confidence: object, borrowed_from: Msg | None = None) -> Msg:
    """'vendor document, press; medium confidence', and for a figure borrowed from another part
    'vendor document; as the DGX A100's 3 kW power supplies; medium confidence'."""
    kinds = many(CLASS_WORDS[c] for c in classes(source)) if classes(source) else _m("source not classified")
    level = confidence_message(confidence, short=True)
    if borrowed_from:
        return _m("{classes}; as {part}; {confidence}", classes=kinds, part=borrowed_from, confidence=level)
    return _m("{classes}; {confidence}", classes=kinds, confidence=level)
