"""A rack elevation as data, for the documents' `rack()` template function (designer/data/documents/spec-sheet/
blocks.typ): one row per tray from the top of the rack (its U position and height), the parts of each tray as
tagged boxes, a legend naming every tag and colour drawn, and the links said in words (at rack scale 1,296 NVLink
bundles would hide the rack). Fed by a design here; a cluster document can feed the same function its own racks.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from designer.core.colors import KIND_COLOR
from designer.export.diagram_layout import LINK_LABEL, short_tag, tint
from designer.export.sheet_text import SHEET_TEXT
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.layout import GPU_KINDS
from designer.model.parts import SlotKind, slot_kind_for
from designer.model.rack import trays

Translate = Callable[[str], str]
SLOT_ORDER = [*GPU_KINDS, SlotKind.CPU, SlotKind.SCALEUP_SWITCH, SlotKind.NIC, SlotKind.PCIE_SWITCH, SlotKind.PSU,
              SlotKind.COOLING]
KIND_WORD = {"gpu": "GPU", "cpu": "CPU", "nic": "NIC", "scaleup_switch": "scale-up switch",
             "pcie_switch": "PCIe switch", "psu": "PSU", "cooling": "cooling", "fabric": "network fabric"}
NUMBER = re.compile(r"^(.*?)(\d+)$")


def is_rack(design: Design, catalog: Catalog) -> bool:
    return bool(catalog.chassis(design.chassis).rack_trays)


def _box(tag: str, kind: str) -> dict[str, str]:
    color = KIND_COLOR.get(kind, "#777777")
    return {"tag": tag, "fill": tint(color), "stroke": color}


def _tag_range(tags: list[str]) -> str:
    """GPU 0–GPU 71 for tags with one prefix and numbers; else the tags listed."""
    tags = sorted(tags, key=lambda s: (NUMBER.sub(r"\1", s), int(m.group(2))
                                                           if (m := NUMBER.match(s)) else 0))
    if len(tags) > 2 and len({NUMBER.sub(r"\1", s) for s in tags}) == 1:
        return f"{tags[0]}–{tags[-1]}"
    return ", ".join(tags)


def _tags(design: Design, catalog: Catalog, tags: dict[str, str] | None) -> dict[str, str]:
    return tags if tags is not None else {c.id: short_tag(c.id) for c in design.components}


def rack_rows(design: Design, catalog: Catalog, t: Translate = str,
              tags: dict[str, str] | None = None) -> list[dict[str, Any]]:
    chassis = catalog.chassis(design.chassis)
    tags = _tags(design, catalog, tags)
    placed = {(slot_kind_for(catalog.get(c.part)), c.slot): c for c in design.components if c.slot is not None}
    rows = []
    for tray in trays(chassis):
        cells = [placed.get((kind, i)) for kind in SLOT_ORDER for i in tray.slots.get(kind, range(0))]
        label, number = NUMBER.match(tray.name).groups() if NUMBER.match(tray.name) else (tray.name, "")  # type: ignore[union-attr]
        rows.append({"name": f"{t(label.strip())} {number}".strip(), "top_u": tray.top_u, "height_u": tray.height_u,
                     "parts": [_box(tags[c.id], catalog.get(c.part).kind) for c in cells if c is not None]})
    return rows


def rack_legend(design: Design, catalog: Catalog, tags: dict[str, str] | None = None,
                t: Translate = str) -> list[dict[str, str]]:
    """Every part drawn: its colour, its tags and what it is (count x name, as the vendor writes it; a descriptive
    name of a cooling part in the language)."""
    tags = _tags(design, catalog, tags)
    ids: dict[str, list[str]] = defaultdict(list)
    for c in design.components:
        if c.slot is not None:
            ids[c.part].append(tags[c.id])
    return [{**_box(_tag_range(found), catalog.get(part).kind),
             "label": f"{len(found)} x {t(catalog.get(part).name)}"} for part, found in ids.items()]


def rack_links(design: Design, catalog: Catalog, t: Translate = str) -> list[str]:
    """The links in words: per link kind and pair of part kinds, how many (and per GPU when a GPU is an end)."""
    kind_of: dict[str, str] = {c.id: catalog.get(c.part).kind for c in design.components}
    totals: Counter[tuple[str, str, str]] = Counter()
    for link in design.links:
        a, b = sorted((kind_of[link.a], kind_of[link.b]), key=lambda k: list(KIND_WORD).index(k)
                      if k in KIND_WORD else 99)
        totals[(link.kind.value, a, b)] += link.count
    gpus = sum(1 for k in kind_of.values() if k == "gpu")
    out = []
    comma, colon, separator = (_mark(t, k) for k in ("comma", "abbreviation_colon", "abbreviation_separator"))
    for (link_kind, end_a, end_b), n in totals.items():
        unit = t("lanes") if link_kind == "pcie" else t("links")
        per = separator + _mark(t, "{n} per GPU").format(n=f"{n / gpus:g}") if (
            end_a == "gpu" and gpus and n % gpus == 0) else ""
        label = "PCIe" if link_kind == "pcie" else t(LINK_LABEL.get(link_kind, link_kind))
        ends = f"{t(KIND_WORD.get(end_a, end_a))} – {t(KIND_WORD.get(end_b, end_b))}"
        out.append(f"{label}{comma}{ends}{colon}{n:,} {unit}{per}")
    return out


def _mark(t: Translate, key: str) -> str:
    """A punctuation mark or phrase of the sheet's table (designer.export.sheet_text) in the language of `t`; the
    English one where `t` does not know the key (the default `str`)."""
    text = t(key)
    return SHEET_TEXT[key] if text == key else text


def rack_outside(design: Design, catalog: Catalog, t: Translate = str) -> list[str]:
    """Parts outside the rack (the networks it joins), named (generic fabric parts in the language)."""
    return [t(catalog.get(c.part).name) for c in design.components if c.slot is None]


def rack_view(design: Design, catalog: Catalog, t: Translate = str,
              tags: dict[str, str] | None = None) -> dict[str, Any]:
    """The data of the template's rack(): title, units, rows, legend, links and what lies outside the rack;
    `tags`: the text in each part's box by component id (display names), the ids in capitals where not given."""
    chassis = catalog.chassis(design.chassis)
    used = max((tr.top_u + tr.height_u for tr in trays(chassis)), default=0)
    title = f"{t(chassis.name)}{_mark(t, 'comma')}{chassis.rack_units}U{_mark(t, 'abbreviation_separator')}"
    outside = rack_outside(design, catalog, t)
    return {"title": title + t("front view, trays from the top of the rack"),
            "units": max(chassis.rack_units, used), "rows": rack_rows(design, catalog, t, tags),
            "legend": rack_legend(design, catalog, tags, t), "links": rack_links(design, catalog, t),
            "outside": outside, "outside_label": t("Outside the rack"),
            "outside_line": t("Outside the rack") + _mark(t, "abbreviation_colon") + _mark(
                t, "abbreviation_separator").join(outside),
            "links_note": t("Links are listed, not drawn, at rack scale.")}
