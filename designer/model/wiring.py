"""Which link two parts can have, and auto-wiring: pure functions over designs."""

from __future__ import annotations

from collections import defaultdict
from typing import TypeVar

from designer.core.ids import next_id
from designer.model.catalog import Catalog
from designer.model.design import SCALEUP_KINDS, Design, Link, LinkKind, Placement
from designer.model.parts import (
    NVLINK_FABRICS,
    CpuSpec,
    Fabric,
    FabricSpec,
    GpuSpec,
    NicSpec,
    PartBase,
    PcieSwitchSpec,
    ScaleupSwitchSpec,
)

FABRIC_LINK = {Fabric.XGMI: LinkKind.XGMI, Fabric.HCCS: LinkKind.HCCS, Fabric.ROCE: LinkKind.ROCE,
               **{f: LinkKind.NVLINK for f in NVLINK_FABRICS}}
PCIE_PARTS = (GpuSpec, NicSpec, PcieSwitchSpec, CpuSpec)
P = TypeVar("P", bound=PartBase)


class WiringError(ValueError):
    """Two parts cannot be linked; the message says why."""


def link_for(a: PartBase, b: PartBase, design_gpus: int = 8, switch_planes: int = 1) -> tuple[LinkKind, int]:
    """The link kind and default count for connecting part a to part b, or WiringError."""
    for x, y in ((a, b), (b, a)):
        if isinstance(x, GpuSpec) and isinstance(y, GpuSpec):
            if x.fabric is Fabric.NONE or x.fabric is not y.fabric:
                raise WiringError(f"{x.name} and {y.name} share no scale-up fabric")
            return FABRIC_LINK[x.fabric], max(1, x.fabric_links // max(1, design_gpus - 1))
        if isinstance(x, GpuSpec) and isinstance(y, ScaleupSwitchSpec):
            if x.fabric is not y.fabric:
                raise WiringError(f"{x.name} ({x.fabric.value}) cannot link to {y.name} ({y.fabric.value})")
            return FABRIC_LINK[x.fabric], max(1, x.fabric_links // max(1, switch_planes))
        if isinstance(x, GpuSpec) and isinstance(y, CpuSpec) and x.c2c_bw_gbytes_s_per_dir > 0:
            return LinkKind.C2C, 1
        if isinstance(x, CpuSpec) and isinstance(y, CpuSpec):
            return LinkKind.SOCKET, 1
        if isinstance(x, NicSpec) and isinstance(y, FabricSpec):
            return LinkKind.NETWORK, x.ports
    if isinstance(a, PCIE_PARTS) and isinstance(b, PCIE_PARTS) and (
            isinstance(a, PcieSwitchSpec | CpuSpec) or isinstance(b, PcieSwitchSpec | CpuSpec)
            or isinstance(a, NicSpec) != isinstance(b, NicSpec)):
        lanes = [p.host_pcie_lanes if isinstance(p, GpuSpec) else p.pcie_lanes for p in (a, b)
                 if isinstance(p, GpuSpec | NicSpec)]
        return LinkKind.PCIE, min([ln for ln in lanes if ln] or [16])
    raise WiringError(f"no link between {a.name} and {b.name}")


def connect(design: Design, catalog: Catalog, a: str, b: str) -> Design:
    """The design with a new link of the compatible kind between components a and b."""
    if a == b:
        raise WiringError("a component cannot link to itself")
    parts = {c.id: catalog.get(c.part) for c in design.components}
    gpus = sum(isinstance(p, GpuSpec) for p in parts.values())
    planes = sum(isinstance(p, ScaleupSwitchSpec) for p in parts.values())
    kind, count = link_for(parts[a], parts[b], gpus, planes)
    link = Link(id=next_id("l", design.all_ids()), kind=kind, a=a, b=b, count=count)
    return Design.model_validate({**design.model_dump(), "links": [*design.model_dump()["links"], link.model_dump()]})


def even_split(total: int, parts: int) -> list[int]:
    """`total` links over `parts` planes as evenly as possible, extra links on the outer planes (5/4/4/5)."""
    if parts <= 0:
        return []
    base, extra = divmod(total, parts)
    counts = [base] * parts
    order = [i for pair in zip(range(parts), range(parts - 1, -1, -1), strict=True) for i in pair]
    for i in list(dict.fromkeys(order))[:extra]:
        counts[i] += 1
    return counts


class _Wirer:
    def __init__(self, design: Design, catalog: Catalog) -> None:
        self.design = design
        self.parts = {c.id: catalog.get(c.part) for c in design.components}
        self.links = [lk for lk in design.links]
        self.ids = design.all_ids()

    def of(self, cls: type[PartBase]) -> list[str]:
        return [c.id for c in self.design.components if isinstance(self.parts[c.id], cls)]

    def spec(self, cid: str, cls: type[P]) -> P:
        part = self.parts[cid]
        assert isinstance(part, cls), f"{cid} is not a {cls.__name__}"
        return part

    def add(self, kind: LinkKind, a: str, b: str, count: int) -> None:
        lid = next_id("l", self.ids)
        self.ids.add(lid)
        self.links.append(Link(id=lid, kind=kind, a=a, b=b, count=count))

    def linked(self, cid: str, kinds: set[LinkKind]) -> list[str]:
        return [lk.b if lk.a == cid else lk.a for lk in self.links if cid in (lk.a, lk.b) and lk.kind in kinds]

    def scaleup(self) -> None:
        gpus = self.of(GpuSpec)
        switches = [s for s in self.of(ScaleupSwitchSpec)]
        scaled = {g for g in gpus if self.spec(g, GpuSpec).fabric is not Fabric.NONE}
        self.links = [lk for lk in self.links if not (lk.kind in SCALEUP_KINDS and (lk.a in scaled or lk.b in scaled))]
        for gpu in (g for g in gpus if g in scaled):
            spec = self.spec(gpu, GpuSpec)
            planes = [s for s in switches if self.spec(s, ScaleupSwitchSpec).fabric is spec.fabric]
            for sw, count in zip(planes, even_split(spec.fabric_links, len(planes)), strict=True):
                if count:
                    self.add(FABRIC_LINK[spec.fabric], gpu, sw, count)
        if not switches:
            peers = [g for g in gpus if g in scaled]
            for i, a in enumerate(peers):
                for b in peers[i + 1:]:
                    ga, gb = self.spec(a, GpuSpec), self.spec(b, GpuSpec)
                    if ga.fabric is gb.fabric:
                        self.add(FABRIC_LINK[ga.fabric], a, b, max(1, ga.fabric_links // max(1, len(peers) - 1)))

    def host(self) -> None:
        cpus, psws = self.of(CpuSpec), self.of(PcieSwitchSpec)
        pcie = {LinkKind.PCIE, LinkKind.C2C}
        if len(cpus) > 1 and not any(lk.kind is LinkKind.SOCKET for lk in self.links):
            for a, b in zip(cpus, cpus[1:], strict=False):
                self.add(LinkKind.SOCKET, a, b, 1)
        for i, psw in enumerate(psws):
            if cpus and not self.linked(psw, pcie):
                self.add(LinkKind.PCIE, psw, cpus[i * len(cpus) // len(psws)], 16)
        uplinks = psws or cpus
        load: dict[str, int] = defaultdict(int)
        gpus = self.of(GpuSpec)
        for i, gpu in enumerate(gpus):
            lanes = self.spec(gpu, GpuSpec).host_pcie_lanes
            if uplinks and not self.linked(gpu, pcie) and lanes:
                target = uplinks[i * len(uplinks) // len(gpus)]
                load[target] += 1
                self.add(LinkKind.PCIE, gpu, target, lanes)
        nics = [n for n in self.of(NicSpec)]
        for i, nic in enumerate(nics):
            if uplinks and not self.linked(nic, pcie):
                uplink = uplinks[i * len(uplinks) // max(1, len(nics))]
                self.add(LinkKind.PCIE, nic, uplink, self.spec(nic, NicSpec).pcie_lanes)

    def network(self, catalog_fabric: str | None) -> list[Placement]:
        fabrics = [f for f in self.of(FabricSpec) if self.spec(f, FabricSpec).purpose == "compute"]
        added = []
        nics = [n for n in self.of(NicSpec) if not self.linked(n, {LinkKind.NETWORK})]
        if nics and not fabrics and catalog_fabric:
            fid = next_id("fabric", self.ids)
            self.ids.add(fid)
            added.append(Placement(id=fid, part=catalog_fabric))
            fabrics = [fid]
        for nic in nics:
            if fabrics:
                self.add(LinkKind.NETWORK, nic, fabrics[0], self.spec(nic, NicSpec).ports)
        return added


def auto_wire(design: Design, catalog: Catalog) -> Design:
    """Every GPU to every switch plane with an even split of its links (or a full mesh without switches),
    GPUs, NICs and PCIe switches to the host, CPUs to each other, NICs to the compute fabric."""
    w = _Wirer(design, catalog)
    w.scaleup()
    w.host()
    compute = next((p.id for p in catalog.parts.values() if isinstance(p, FabricSpec) and p.purpose == "compute"), None)
    added = w.network(compute)
    raw = design.model_dump()
    raw["components"] += [p.model_dump() for p in added]
    raw["links"] = [lk.model_dump() for lk in w.links]
    return Design.model_validate(raw)
