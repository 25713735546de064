"""Text of the shipped catalog that customer documents show, translated like a message: its id is the text itself.

The descriptive names of chassis and cooling parts ("Rack liquid cooling: manifolds, cold plates and in-rack CDU
(250 kW)"), a cooling part's CDU and its heat-split note are English data, not code, so pybabel cannot extract them:
packaging/update_catalogs.py adds `catalog_texts(shipped_catalog())` to the ids it extracts from the code, and the
.po catalogs translate them with the rest (reference titles, URLs and product names stay as written inside the
translation). A part of a user's own catalog has no entry: `data_msg` then renders its English text as it is.
Names of GPUs, CPUs, NICs and switches are product names and are not translated.
"""

from __future__ import annotations

from designer.core.messages import EMPTY, Msg
from designer.model.catalog import Catalog
from designer.model.parts import CoolingSpec, PartBase

TRANSLATED_KINDS = ("chassis", "cooling")  # parts whose names describe them rather than name a product


def data_msg(text: str) -> Msg:
    """Catalog text as a message without parameters (its translation, where the catalogs have one)."""
    return Msg(text) if text else EMPTY


def part_name(part: PartBase) -> Msg:
    """A part's name as documents show it: translated for chassis and cooling parts; any other name (a product name)
    has no catalog entry and is written as the vendor writes it."""
    return data_msg(part.name)


def catalog_texts(catalog: Catalog) -> list[str]:
    """Every catalog text documents show translated: the names of chassis and cooling parts, the cooling parts' CDU
    and heat-split note."""
    out: list[str] = []
    for kind in TRANSLATED_KINDS:
        for part in catalog.of_kind(kind):
            out.append(part.name)
            if isinstance(part, CoolingSpec):
                out += [part.cdu, part.liquid_split_note]
    return [t for t in dict.fromkeys(out) if t]
