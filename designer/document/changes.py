"""What changed between two revisions of a design: the event the Document sends after every edit.

Listeners (the canvas scene, panels) update only what changed instead of rebuilding; a full rebuild is for
a new file or a new chassis. Pure and Qt-free; computed by id from two frozen designs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar

from designer.model.design import Design


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=_HasId)


@dataclass(frozen=True)
class DesignChange:
    before: Design | None  # None when a whole design was loaded (a file, a template, a recovery)
    after: Design
    components_added: frozenset[str] = frozenset()
    components_removed: frozenset[str] = frozenset()
    components_changed: frozenset[str] = frozenset()  # part, slot or label
    links_added: frozenset[str] = frozenset()
    links_removed: frozenset[str] = frozenset()
    links_changed: frozenset[str] = frozenset()  # count or PCIe cap (ends never change: a new link has a new id)
    chassis_changed: bool = False
    meta_changed: bool = False
    settings_changed: bool = False
    waivers_changed: bool = False

    @property
    def replaced(self) -> bool:
        """A whole new design: listeners rebuild."""
        return self.before is None

    @property
    def needs_rebuild(self) -> bool:
        """The canvas must lay out again: a new design or a new chassis (other slots, other zones)."""
        return self.replaced or self.chassis_changed

    @property
    def touched_ids(self) -> frozenset[str]:
        return (self.components_added | self.components_removed | self.components_changed | self.links_added
                | self.links_removed | self.links_changed)

    @property
    def empty(self) -> bool:
        return not (self.touched_ids or self.chassis_changed or self.meta_changed or self.settings_changed
                    or self.waivers_changed or self.replaced)


def _by_id(items: list[T]) -> dict[str, T]:
    return {item.id: item for item in items}


def diff_designs(before: Design, after: Design) -> DesignChange:
    old_c, new_c = _by_id(before.components), _by_id(after.components)
    old_l, new_l = _by_id(before.links), _by_id(after.links)
    links_changed = {i for i in new_l.keys() & old_l.keys() if new_l[i] != old_l[i]}
    # a link whose ends changed is, for a listener, a removed link and an added one
    rewired = {i for i in links_changed if (new_l[i].a, new_l[i].b) != (old_l[i].a, old_l[i].b)}
    return DesignChange(
        before=before, after=after,
        components_added=frozenset(new_c.keys() - old_c.keys()),
        components_removed=frozenset(old_c.keys() - new_c.keys()),
        components_changed=frozenset(i for i in new_c.keys() & old_c.keys() if new_c[i] != old_c[i]),
        links_added=frozenset((new_l.keys() - old_l.keys()) | rewired),
        links_removed=frozenset((old_l.keys() - new_l.keys()) | rewired),
        links_changed=frozenset(links_changed - rewired),
        chassis_changed=before.chassis != after.chassis,
        meta_changed=before.meta != after.meta,
        settings_changed=before.settings != after.settings,
        waivers_changed=before.waivers != after.waivers,
    )


def replacement(design: Design) -> DesignChange:
    return DesignChange(before=None, after=design)
