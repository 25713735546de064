"""Pure edit functions: Design in, new Design out. Commands (undo) and tests build on these."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from designer.model.design import Design, Link, Placement, Waiver


def revalidated(design: Design, **fields: Any) -> Design:
    """The design with some fields replaced, validated as a whole (ids unique, link ends present), keeping every
    unchanged component, link and setting object as it is (pydantic takes model instances without copying them): a
    topology is built on the last one by link identity (designer.topology.edges), so an edit that re-made all
    1,584 links of a rack from a dump would be summed afresh."""
    return Design.model_validate({**{name: getattr(design, name) for name in Design.model_fields}, **fields})


def add_components(design: Design, placements: Iterable[Placement]) -> Design:
    return revalidated(design, components=[*design.components,
                                           *(Placement.model_validate(p.model_dump()) for p in placements)])


def _waivers_kept(design: Design, gone: set[str]) -> list[Waiver]:
    """The waivers that name none of `gone`: a waiver was judged for the parts it names, so it goes with them and
    never covers a new part given the same id."""
    return [w for w in design.waivers if not gone.intersection(w.ids)]


def remove_components(design: Design, ids: Iterable[str]) -> Design:
    """Remove components, every link that touches them, and the waivers written for any of them."""
    gone = set(ids)
    comps = [c for c in design.components if c.id not in gone]
    links = [lk for lk in design.links if lk.a not in gone and lk.b not in gone]
    gone |= {lk.id for lk in design.links} - {lk.id for lk in links}
    return design.model_copy(update={"components": comps, "links": links, "waivers": _waivers_kept(design, gone)})


def replace_parts(design: Design, ids: Iterable[str], part: str) -> Design:
    """Another part in the same places; the waivers written for the parts replaced go (they judged those parts)."""
    targets = {c.id for c in design.components if c.id in set(ids) and c.part != part}
    comps = [c.model_copy(update={"part": part}) if c.id in targets else c for c in design.components]
    return design.model_copy(update={"components": comps, "waivers": _waivers_kept(design, targets)})


def update_component(design: Design, cid: str, **changes: Any) -> Design:
    comps = [Placement.model_validate({**c.model_dump(), **changes}) if c.id == cid else c for c in design.components]
    return design.model_copy(update={"components": comps})


def add_links(design: Design, links: Iterable[Link]) -> Design:
    return revalidated(design, links=[*design.links, *(Link.model_validate(lk.model_dump()) for lk in links)])


def remove_links(design: Design, ids: Iterable[str]) -> Design:
    gone = set(ids)
    return design.model_copy(update={"links": [lk for lk in design.links if lk.id not in gone],
                                     "waivers": _waivers_kept(design, gone)})


def update_link(design: Design, lid: str, **changes: Any) -> Design:
    links = [Link.model_validate({**lk.model_dump(), **changes}) if lk.id == lid else lk for lk in design.links]
    return revalidated(design, links=links)


def set_settings(design: Design, **changes: Any) -> Design:
    settings = type(design.settings).model_validate({**design.settings.model_dump(), **changes})
    return design.model_copy(update={"settings": settings})


def set_chassis(design: Design, chassis: str) -> Design:
    return design.model_copy(update={"chassis": chassis})


def add_waiver(design: Design, waiver: Waiver) -> Design:
    return design.model_copy(update={"waivers": [*design.waivers, waiver]})


def remove_waiver(design: Design, waiver: Waiver) -> Design:
    return design.model_copy(update={"waivers": [w for w in design.waivers if w != waiver]})
