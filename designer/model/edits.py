"""Pure edit functions: Design in, new Design out. Commands (undo) and tests build on these."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from designer.model.design import Design, Link, Placement, Waiver


def add_components(design: Design, placements: Iterable[Placement]) -> Design:
    raw = design.model_dump()
    raw["components"] += [p.model_dump() for p in placements]
    return Design.model_validate(raw)


def remove_components(design: Design, ids: Iterable[str]) -> Design:
    """Remove components and every link that touches them."""
    gone = set(ids)
    comps = [c for c in design.components if c.id not in gone]
    links = [lk for lk in design.links if lk.a not in gone and lk.b not in gone]
    return design.model_copy(update={"components": comps, "links": links})


def replace_parts(design: Design, ids: Iterable[str], part: str) -> Design:
    targets = set(ids)
    comps = [c.model_copy(update={"part": part}) if c.id in targets else c for c in design.components]
    return design.model_copy(update={"components": comps})


def update_component(design: Design, cid: str, **changes: Any) -> Design:
    comps = [Placement.model_validate({**c.model_dump(), **changes}) if c.id == cid else c for c in design.components]
    return design.model_copy(update={"components": comps})


def add_links(design: Design, links: Iterable[Link]) -> Design:
    return Design.model_validate({**design.model_dump(), "links": [*design.model_dump()["links"],
                                                                 *(lk.model_dump() for lk in links)]})


def remove_links(design: Design, ids: Iterable[str]) -> Design:
    gone = set(ids)
    return design.model_copy(update={"links": [lk for lk in design.links if lk.id not in gone]})


def update_link(design: Design, lid: str, **changes: Any) -> Design:
    links = [Link.model_validate({**lk.model_dump(), **changes}) if lk.id == lid else lk for lk in design.links]
    return Design.model_validate({**design.model_dump(), "links": [lk.model_dump() for lk in links]})


def set_settings(design: Design, **changes: Any) -> Design:
    settings = type(design.settings).model_validate({**design.settings.model_dump(), **changes})
    return design.model_copy(update={"settings": settings})


def set_chassis(design: Design, chassis: str) -> Design:
    return design.model_copy(update={"chassis": chassis})


def add_waiver(design: Design, waiver: Waiver) -> Design:
    return design.model_copy(update={"waivers": [*design.waivers, waiver]})


def remove_waiver(design: Design, waiver: Waiver) -> Design:
    return design.model_copy(update={"waivers": [w for w in design.waivers if w != waiver]})
