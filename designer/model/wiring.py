"""Which link two parts can have, and auto-wiring: pure functions over designs."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import TypeVar

from designer.core.ids import next_id
from designer.model.catalog import Catalog
from designer.model.design import SCALEUP_KINDS, Design, Link, LinkKind, Placement
from designer.model.edits import revalidated
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


# Wiring knowledge shared by the reference designs, auto-wire and the rules (one place):
UPLINK_RATIO = 2  # GPU lanes below a PCIe switch per uplink lane: 2:1, the HGX norm (two x16 GPUs per x16 uplink)


class WiringError(ValueError):
    """Two parts cannot be linked; the message says why."""


def switch_for(index: int, count: int, switches: int) -> int:
    """Device `index` of `count` sits under switch index * switches // count: GPU i and compute NIC i share a
    PCIe switch when there are as many NICs as GPUs (DGX: 2 GPUs + 2 NICs per switch), as NVIDIA builds it."""
    return index * switches // max(1, count)


def socket_pairs(cpus: int) -> list[tuple[int, int]]:
    """Socket links: two sockets share one link bundle; four sockets (Kunpeng 920 4P) are an all-to-all mesh
    with one link per pair."""
    if cpus <= 2:
        return [(0, 1)] if cpus == 2 else []
    return [(i, j) for i in range(cpus) for j in range(i + 1, cpus)]


def uplink_lanes(gpu_lanes_below: int) -> int:
    """A PCIe switch's uplink: one lane per UPLINK_RATIO GPU lanes below it, in x16 steps (x16 for two H100s,
    x32 as two x16 ports for four L40S)."""
    return max(16, 16 * math.ceil(gpu_lanes_below / UPLINK_RATIO / 16))


def split_nics(nics: list[tuple[str, NicSpec]], gpus: int) -> tuple[list[str], list[str]]:
    """(compute, storage) NICs: one compute NIC per GPU at most, of the most common NIC part (the rail NICs);
    the others (DGX's dual-port storage/in-band CX-7s and BlueField-3s) belong on the storage fabric."""
    if not nics:
        return [], []
    rail = Counter(spec.id for _, spec in nics).most_common(1)[0][0]
    compute = [cid for cid, spec in nics if spec.id == rail][:max(1, gpus)]
    return compute, [cid for cid, _ in nics if cid not in compute]


Planned = tuple[LinkKind, str, str, int]  # a link the shared wiring calls for: (kind, a, b, count)


def plane_links(gpu: str, spec: GpuSpec, planes: list[str]) -> list[Planned]:
    """A switched GPU's links to every switch plane of its fabric, split evenly (18 over 4 NVSwitch: 5/4/4/5; 8 of
    an A800's 12 over the HGX A100 board's 6: 2/1/1/1/1/2, which 8 is not published; 18 over 18 NVL72 chips: 1)."""
    counts = even_split(spec.fabric_links, len(planes))
    return [(FABRIC_LINK[spec.fabric], gpu, sw, n) for sw, n in zip(planes, counts, strict=True) if n]


def mesh_group(spec: GpuSpec, peers: int) -> int:
    """How many accelerators one switchless scale-up group holds: the bridge group (H100 NVL pairs), else every
    peer (a baseboard's all-to-all mesh)."""
    return min(spec.bridge_group or peers, peers)


def per_peer(spec: GpuSpec, group: int) -> int:
    """Links to each peer of an all-to-all group: the GPU's links over its group-1 peers (MI300X 7 over 7: 1;
    Gaudi 3 21 over 7: 3; GH200 18 over 3: 6; H100 NVL 12 to its pair)."""
    return max(1, spec.fabric_links // max(1, group - 1))


def mesh_links(peers: list[tuple[str, GpuSpec]]) -> list[Planned]:
    """Switchless scale-up: all-to-all between accelerators of one fabric, inside each group of `mesh_group`."""
    out: list[Planned] = []
    for fabric in dict.fromkeys(spec.fabric for _, spec in peers if spec.fabric is not Fabric.NONE):
        members = [(g, spec) for g, spec in peers if spec.fabric is fabric]
        size = mesh_group(members[0][1], len(members))
        for start in range(0, len(members), size):
            group = members[start:start + size]
            out += [(FABRIC_LINK[fabric], a, b, per_peer(sa, size))
                    for i, (a, sa) in enumerate(group) for b, _ in group[i + 1:]]
    return out


def network_links(nics: list[tuple[str, NicSpec]], fabric: str) -> list[Planned]:
    """Each NIC to its fabric with one link per port (a dual-port card: 2)."""
    return [(LinkKind.NETWORK, nic, fabric, spec.ports) for nic, spec in nics]


def socket_links(cpus: list[str]) -> list[Planned]:
    return [(LinkKind.SOCKET, cpus[i], cpus[j], 1) for i, j in socket_pairs(len(cpus))]


def superchip_links(superchips: list[str], cpus: list[str]) -> list[Planned]:
    """NVLink-C2C: GH200's GPU i and Grace i are one module; GB200 puts 2 GPUs on each Grace."""
    if not cpus:
        return []
    return [(LinkKind.C2C, g, cpus[i * len(cpus) // len(superchips) % len(cpus)], 1) for i, g in enumerate(superchips)]


@dataclass(frozen=True)
class HostParts:
    """The parts a host PCIe tree joins, in placement order, as (id, lanes); `done`: already wired (auto-wire
    keeps what the user drew)."""

    gpus: list[tuple[str, int]]
    compute: list[tuple[str, int]]
    storage: list[tuple[str, int]]
    psws: list[str]
    cpus: list[str]
    on_accelerator: frozenset[str] = frozenset()
    done: frozenset[str] = frozenset()


def host_links(h: HostParts) -> list[Planned]:
    """GPU i and compute NIC i under one PCIe switch (or the CPU root ports without switches), switches split
    across the sockets with uplinks at 2:1, on-accelerator ports on their accelerator, storage NICs on the CPU
    root ports (DGX)."""
    uplinks, out = h.psws or h.cpus, []
    below = dict.fromkeys(uplinks, 0)
    for i, (gpu, lanes) in enumerate(h.gpus):
        if uplinks and lanes and gpu not in h.done:
            target = uplinks[switch_for(i, len(h.gpus), len(uplinks))]
            below[target] += lanes
            out.append((LinkKind.PCIE, gpu, target, lanes))
    for k, (nic, lanes) in enumerate(h.compute):
        if nic in h.on_accelerator and k < len(h.gpus):
            out.append((LinkKind.PCIE, nic, h.gpus[k][0], lanes))
        elif uplinks and nic not in h.done:
            out.append((LinkKind.PCIE, nic, uplinks[switch_for(k, len(h.compute), len(uplinks))], lanes))
    out += [(LinkKind.PCIE, psw, h.cpus[switch_for(j, len(h.psws), len(h.cpus))], uplink_lanes(below[psw]))
            for j, psw in enumerate(h.psws) if h.cpus and psw not in h.done]
    roots = h.cpus or uplinks
    out += [(LinkKind.PCIE, nic, roots[k % len(roots)], lanes)
            for k, (nic, lanes) in enumerate(h.storage) if roots and nic not in h.done]
    return [link for link in out if link[1] not in h.done]


def link_for(a: PartBase, b: PartBase, design_gpus: int = 8, switch_planes: int = 1) -> tuple[LinkKind, int]:
    """The link kind and default count for connecting part a to part b, or WiringError."""
    for x, y in ((a, b), (b, a)):
        if isinstance(x, GpuSpec) and isinstance(y, GpuSpec):
            if x.fabric is Fabric.NONE or x.fabric is not y.fabric:
                raise WiringError(f"{x.name} and {y.name} share no scale-up fabric")
            return FABRIC_LINK[x.fabric], per_peer(x, mesh_group(x, design_gpus))
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
    return revalidated(design, links=[*design.links, link])


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

    def plan(self, links: list[Planned]) -> None:
        for kind, a, b, count in links:
            self.add(kind, a, b, count)

    def scaleup(self) -> None:
        """Every accelerator's scale-up links as planned (plane_links, mesh_links). An accelerator whose links already
        follow the plan keeps them untouched; one wired in part or unevenly by hand is rewired to the plan, keeping
        each link of its own whose two ends the plan links too (its count set to the plan's)."""
        gpus = self.of(GpuSpec)
        switches = self.of(ScaleupSwitchSpec)
        scaled = [g for g in gpus if self.spec(g, GpuSpec).fabric is not Fabric.NONE]
        planned: list[Planned] = []
        for gpu in scaled:
            spec = self.spec(gpu, GpuSpec)
            planned += plane_links(gpu, spec, [s for s in switches
                                               if self.spec(s, ScaleupSwitchSpec).fabric is spec.fabric])
        if not switches:
            planned += mesh_links([(g, self.spec(g, GpuSpec)) for g in gpus])
        have = [lk for lk in self.links if lk.kind in SCALEUP_KINDS]

        def ends(kind: LinkKind, a: str, b: str, n: int) -> tuple[LinkKind, frozenset[str], int]:
            return kind, frozenset((a, b)), n

        def of_gpu(items: list[tuple[LinkKind, frozenset[str], int]], gpu: str) -> Counter:
            return Counter(item for item in items if gpu in item[1])

        want = [ends(*lk) for lk in planned]
        got = [ends(lk.kind, lk.a, lk.b, lk.count) for lk in have]
        redo = {g for g in scaled if of_gpu(want, g) != of_gpu(got, g)}
        if not redo:
            return
        kept: dict[tuple[LinkKind, frozenset[str]], Link] = {}
        for lk in have:
            if (lk.a in redo or lk.b in redo) and (lk.kind, frozenset((lk.a, lk.b))) not in kept:
                kept[(lk.kind, frozenset((lk.a, lk.b)))] = lk
        self.links = [lk for lk in self.links if not (lk.kind in SCALEUP_KINDS and (lk.a in redo or lk.b in redo))]
        for kind, a, b, n in planned:
            if a not in redo and b not in redo:
                continue
            own = kept.get((kind, frozenset((a, b))))
            if own is None:
                self.add(kind, a, b, n)
            else:
                self.links.append(own if own.count == n else own.model_copy(update={"count": n}))

    def nic_roles(self) -> tuple[list[str], list[str]]:
        return split_nics([(n, self.spec(n, NicSpec)) for n in self.of(NicSpec)], len(self.of(GpuSpec)))

    def host(self) -> None:
        cpus, psws, gpus = self.of(CpuSpec), self.of(PcieSwitchSpec), self.of(GpuSpec)
        pcie = {LinkKind.PCIE, LinkKind.C2C}
        superchips = [g for g in gpus if self.spec(g, GpuSpec).c2c_bw_gbytes_s_per_dir > 0]
        self.plan([lk for lk in superchip_links(superchips, cpus) if not self.linked(lk[1], {LinkKind.C2C})])
        if not superchips and not any(lk.kind is LinkKind.SOCKET for lk in self.links):
            self.plan(socket_links(cpus))
        compute, storage = self.nic_roles()
        nic_lanes = {n: self.spec(n, NicSpec).pcie_lanes for n in compute + storage}
        hosts = set(cpus) | set(psws)  # a GPU is wired once it hangs from the host (its on-die NIC's link is not that)
        # a superchip GPU with PCIe lanes of its own (GB300: to its ConnectX-8's switch) still needs its PCIe link
        own_lanes = {g for g in gpus if self.spec(g, GpuSpec).host_pcie_lanes}
        done = {g for g in gpus if hosts.intersection(self.linked(g, {LinkKind.PCIE} if g in own_lanes else pcie))}
        done |= {n for n in compute + storage if self.linked(n, pcie)}
        done |= {s for s in psws if set(cpus).intersection(self.linked(s, pcie))}
        self.plan(host_links(HostParts(
            gpus=[(g, self.spec(g, GpuSpec).host_pcie_lanes) for g in gpus],
            compute=[(n, nic_lanes[n]) for n in compute], storage=[(n, nic_lanes[n]) for n in storage],
            psws=psws, cpus=cpus, on_accelerator=frozenset(n for n in compute if self.spec(n, NicSpec).on_accelerator),
            done=frozenset(done))))

    def fabric(self, purpose: str, catalog_fabric: str | None, added: list[Placement]) -> str | None:
        """The design's fabric of a purpose, or a new placement of the catalog's."""
        have = [f for f in self.of(FabricSpec) if self.spec(f, FabricSpec).purpose == purpose]
        have += [p.id for p in added if p.part == catalog_fabric]
        if have:
            return have[0]
        if catalog_fabric is None:
            return None
        fid = next_id("storage" if purpose == "storage" else "fabric", self.ids)
        self.ids.add(fid)
        added.append(Placement(id=fid, part=catalog_fabric))
        return fid

    def network(self, catalog_fabrics: dict[str, str | None]) -> list[Placement]:
        added: list[Placement] = []
        compute, storage = self.nic_roles()
        for purpose, nics in (("compute", compute), ("storage", storage)):
            todo = [n for n in nics if not self.linked(n, {LinkKind.NETWORK})]
            fabric = self.fabric(purpose, catalog_fabrics.get(purpose), added) if todo else None
            if fabric is not None:
                self.plan(network_links([(n, self.spec(n, NicSpec)) for n in todo], fabric))
        return added


def _catalog_fabric(catalog: Catalog, purpose: str) -> str | None:
    return next((p.id for p in catalog.parts.values() if isinstance(p, FabricSpec) and p.purpose == purpose), None)


def auto_wire(design: Design, catalog: Catalog) -> Design:
    """Every GPU to every switch plane with an even split of its links (or a full mesh without switches);
    GPU i and compute NIC i under one PCIe switch, switch uplinks at 2:1, storage NICs on the CPU root ports;
    CPUs to each other; compute NICs to the compute fabric and the others to the storage fabric."""
    w = _Wirer(design, catalog)
    w.scaleup()
    w.host()
    added = w.network({p: _catalog_fabric(catalog, p) for p in ("compute", "storage")})
    raw = design.model_dump()
    raw["components"] += [p.model_dump() for p in added]
    raw["links"] = [lk.model_dump() for lk in w.links]
    return Design.model_validate(raw)


@dataclass(frozen=True)
class WiringChanges:
    """What auto-wire changed: link ids added, changed (count or ends) and removed; components it added (fabrics)."""

    added: tuple[str, ...]
    changed: tuple[str, ...]
    removed: tuple[str, ...]
    parts: tuple[str, ...]

    @property
    def nothing(self) -> bool:
        return not (self.added or self.changed or self.removed or self.parts)


def wiring_changes(before: Design, after: Design) -> WiringChanges:
    old = {lk.id: lk for lk in before.links}
    new = {lk.id: lk for lk in after.links}
    have = {c.id for c in before.components}
    return WiringChanges(
        added=tuple(i for i in new if i not in old),
        changed=tuple(i for i in new if i in old and new[i] != old[i]),
        removed=tuple(i for i in old if i not in new),
        parts=tuple(c.id for c in after.components if c.id not in have))
