"""A small helper to assemble designs from catalog parts (used by the reference designs)."""

from __future__ import annotations

from collections import defaultdict
from typing import TypeVar

from designer.model.catalog import Catalog
from designer.model.design import Design, Link, LinkKind, Metadata, Placement, Redundancy, Settings
from designer.model.parts import PartBase, slot_kind_for
from designer.model.wiring import Planned

P = TypeVar("P", bound=PartBase)


class DesignBuilder:
    def __init__(self, catalog: Catalog, chassis: str, meta: Metadata, redundancy: Redundancy) -> None:
        self.catalog = catalog
        self.chassis = catalog.chassis(chassis)
        self.meta = meta
        self.redundancy = redundancy
        self.components: list[Placement] = []
        self.links: list[Link] = []
        self._next_slot: dict[str, int] = defaultdict(int)

    def add(self, prefix: str, part: str, n: int = 1) -> list[str]:
        spec = self.catalog.get(part)
        slot_kind = slot_kind_for(spec)
        ids = []
        for _ in range(n):
            taken = sum(1 for c in self.components if c.id.startswith(prefix) and c.id[len(prefix):].isdigit())
            cid = f"{prefix}{taken}"
            slot = None
            if slot_kind is not None:
                slot = self._next_slot[slot_kind]
                self._next_slot[slot_kind] += 1
            self.components.append(Placement(id=cid, part=part, slot=slot))
            ids.append(cid)
        return ids

    def part_of(self, cid: str):
        return self.catalog.get(next(c.part for c in self.components if c.id == cid))

    def link(self, kind: LinkKind, a: str, b: str, count: int = 1, pcie_gen: int | None = None) -> None:
        self.links.append(Link(id=f"l{len(self.links)}", kind=kind, a=a, b=b, count=count, pcie_gen=pcie_gen))

    def plan(self, links: list[Planned]) -> None:
        """Add the links the shared wiring (designer.model.wiring) calls for."""
        for kind, a, b, count in links:
            self.link(kind, a, b, count)

    def typed(self, cids: list[str], cls: type[P]) -> list[tuple[str, P]]:
        return [(cid, self.catalog.typed(self.part_id(cid), cls)) for cid in cids]

    def part_id(self, cid: str) -> str:
        return next(c.part for c in self.components if c.id == cid)

    def build(self) -> Design:
        return Design(meta=self.meta, chassis=self.chassis.id, settings=Settings(psu_redundancy=self.redundancy),
                      components=self.components, links=self.links)
