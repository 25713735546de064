"""Text of the shipped catalog that customer documents show, translated like a message: its id is the text itself.

The descriptive names of chassis and cooling parts ("Rack liquid cooling: manifolds, cold plates and in-rack CDU
(250 kW)"), a cooling part's CDU and its heat-split note are English data, not code, so pybabel cannot extract them:
packaging/update_catalogs.py adds `catalog_texts(shipped_catalog())` to the ids it extracts from the code, and the
.po catalogs translate them with the rest (reference titles, URLs and product names stay as written inside the
translation). A part of a user's own catalog has no entry: `data_msg` then renders its English text as it is.
A product name (a GPU, CPU, NIC or switch) is not translated, but where the catalog's name carries English words
beside the product name ("NVIDIA ConnectX-7 NDR 400G (1 port)", "48U rack, 600 x 1200 mm") the whole name is a
catalog text too, translated with the product name kept as written. Fabric parts are named by
designer.export.sheet_text instead.
"""

from __future__ import annotations

import re

from designer.core.messages import EMPTY, Msg, Name, _m
from designer.model.catalog import Catalog
from designer.model.parts import CoolingSpec, PartBase

TRANSLATED_KINDS = ("chassis", "cooling")  # parts whose names describe them rather than name a product
ENGLISH_WORD = re.compile(r"\b[a-z]{2,}\b")  # "port", "switch chip", "up to": English a Chinese reader needs translated
NAMED_ELSEWHERE = ("fabric",)  # designer.export.sheet_text names the generic fabric parts


def data_msg(text: str) -> Msg:
    """Catalog text as a message without parameters (its translation, where the catalogs have one)."""
    return Msg(text) if text else EMPTY


def part_name(part: PartBase) -> Msg:
    """A part's name as documents show it: a catalog text (chassis and cooling parts, names with English words)
    translated; a product name as the vendor writes it."""
    kind = str(getattr(part, "kind", ""))
    if kind in TRANSLATED_KINDS or (kind not in NAMED_ELSEWHERE and ENGLISH_WORD.search(part.name)):
        return data_msg(part.name)
    return _m("{name}", name=Name(part.name))


def catalog_texts(catalog: Catalog) -> list[str]:
    """Every catalog text documents show translated: the names of chassis and cooling parts, the cooling parts' CDU
    and heat-split note, the names of other parts that carry English words beside the product name, and the part a
    borrowed figure comes from."""
    out: list[str] = []
    for kind in TRANSLATED_KINDS:
        for part in catalog.of_kind(kind):
            out.append(part.name)
            if isinstance(part, CoolingSpec):
                out += [part.cdu, part.liquid_split_note]
    out += [p.name for p in catalog.parts.values()
            if p.kind not in TRANSLATED_KINDS + NAMED_ELSEWHERE and ENGLISH_WORD.search(p.name)]
    out += [p.borrowed_from for p in catalog.parts.values()]
    return [t for t in dict.fromkeys(out) if t]


def with_height(name: str, rack_units: int) -> str:
    """A chassis name with its height, said once: "DGX A100-class 6U (HGX A100 baseboard)" keeps its own "6U", a
    name without one gets " (4U)"."""
    return name if f"{rack_units}U" in name else f"{name} ({rack_units}U)"


def part_source_note(part: PartBase) -> Msg:
    """Its sources' classes, the part its figures are borrowed from, and its confidence, in words."""
    from designer.model.sources import source_note  # noqa: PLC0415

    return source_note(part.source, part.confidence, data_msg(part.borrowed_from) if part.borrowed_from else None)
