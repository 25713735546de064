"""Sketch a design from a topology paste: `gpu-designer-cli new --from-topo` and File > Import topology.

What the paste shows is taken as given: the GPU count, the scale-up class between GPUs, which devices
share a PCIe switch (PIX) or a switch tree (PXB), which CPU (NUMA node) each hangs from. What it does not
show is borrowed from the reference design with the same GPU (switch planes, chassis, PSUs, cooling)
and every guess is listed in the design's notes, marked as inferred.
"""

from __future__ import annotations

import re
from collections import Counter

from designer.asbuilt.check import fabric
from designer.asbuilt.fit import fit_chassis
from designer.asbuilt.hosttree import HostTree, plan_host_tree
from designer.asbuilt.parse import TopoError, TopoPaste
from designer.model.catalog import Catalog
from designer.model.design import SCALEUP_KINDS, Design, Link, LinkKind, Metadata, Placement
from designer.model.parts import (
    CpuSpec,
    Fabric,
    FabricSpec,
    FormFactor,
    GpuSpec,
    NicSpec,
    PcieSwitchSpec,
    slot_kind_for,
)
from designer.model.wiring import mesh_links, network_links, socket_links  # one wiring knowledge
from designer.templates import TEMPLATES, build_template
from designer.topology.graph import build_topology
from designer.topology.outcomes import documented_waivers

FABRIC_OF = {"NV": Fabric.NVLINK4, "XG": Fabric.XGMI, "HC": Fabric.HCCS, "RE": Fabric.ROCE}
HOST_KINDS = frozenset({"cpu", "pcie_switch", "nic"})
DEFAULT_PCIE_SWITCH = "pex89144"


def _scaleup_label(paste: TopoPaste) -> str | None:
    accels = paste.accelerators
    labels = Counter(paste.relation(a, b) for i, a in enumerate(accels) for b in accels[i + 1:])
    labels.pop(None, None)
    fab = [lab for lab in labels if lab and fabric(lab)]
    return max(fab, key=lambda lab: labels[lab]) if fab else None


def _name_keys(spec: GpuSpec) -> list[str]:
    return [t for t in re.split(r"[\s()]+", spec.name) if any(ch.isdigit() for ch in t) and not t.endswith("GB")]


def _gpu_pairs_shown(paste: TopoPaste) -> bool:
    accels = paste.accelerators
    return any(paste.relation(a, b) for i, a in enumerate(accels) for b in accels[i + 1:])


def choose_gpu(paste: TopoPaste, catalog: Catalog, part: str | None = None) -> tuple[GpuSpec, list[str]]:
    if part:
        return catalog.typed(part, GpuSpec), [f"GPU model given: {catalog.get(part).name}"]
    label = _scaleup_label(paste)
    gpus = [p for p in catalog.of_kind("gpu") if isinstance(p, GpuSpec)]
    if label is None and not _gpu_pairs_shown(paste):
        pool = gpus
        why = "the paste shows no GPU-to-GPU relation"
    elif label is None:
        pool = [g for g in gpus if g.form_factor == FormFactor.PCIE] or gpus
        why = "no scale-up link between GPUs"
    else:
        prefix = fabric(label) or "NV"
        count = label[len(prefix):]
        pool = [g for g in gpus if g.fabric.value.startswith(FABRIC_OF[prefix].value.rstrip("0123456789"))]
        exact = [g for g in pool if count and g.fabric_links == int(count)]
        pool = sorted(exact or pool, key=lambda g: g.form_factor == FormFactor.PCIE)  # bridged cards last
        why = f"{label} between GPUs"
    vendor = {"rocm-smi": "AMD", "npu-smi": "Huawei", "nvidia-smi": "NVIDIA"}.get(paste.tool, "")
    pool = [g for g in pool if g.vendor == vendor] or [g for g in gpus if g.vendor == vendor] or pool
    hinted = [g for g in pool if any(re.search(rf"\b{re.escape(k)}\b", paste.text, re.I) for k in _name_keys(g))]
    pick = (hinted or pool)[0]
    alternatives = [g.name for g in pool if g is not pick]
    note = f"GPU model inferred: {pick.name} ({why}" + (", named in the paste" if hinted else "") + ")"
    if alternatives and not hinted:
        note += f"; also fits: {', '.join(alternatives)}"
    return pick, [note]


def _template_for(gpu: GpuSpec, catalog: Catalog) -> tuple[Design, list[str]]:
    for tid in TEMPLATES:
        design = build_template(tid, catalog)
        if any(c.part == gpu.id for c in design.components):
            return design, [f"chassis, scale-up switches, PSUs and cooling inferred from the template '{tid}'"]
    for tid in TEMPLATES:
        design = build_template(tid, catalog)
        parts = [catalog.get(c.part) for c in design.components]
        other = next((p for p in parts if isinstance(p, GpuSpec)), None)
        if other is not None and other.fabric == gpu.fabric and other.form_factor == gpu.form_factor:
            comps = [c.model_copy(update={"part": gpu.id}) if c.part == other.id else c for c in design.components]
            return design.model_copy(update={"components": comps}), [
                f"chassis, PSUs and cooling inferred from the template '{tid}' (its {other.name} swapped)"]
    for tid in TEMPLATES:  # the same form factor, whatever its links: the GPUs swapped, scale-up parts not kept
        design = build_template(tid, catalog)
        other = next((p for c in design.components if isinstance(p := catalog.get(c.part), GpuSpec)), None)
        if other is not None and other.form_factor == gpu.form_factor:
            comps = [c.model_copy(update={"part": gpu.id}) if c.part == other.id else c for c in design.components]
            return _without_scaleup(design.model_copy(update={"components": comps}), catalog), [
                f"chassis, PSUs and cooling inferred from the template '{tid}' (its {other.name} swapped; "
                "no reference design has this GPU's form and links)"]
    raise TopoError(f"no reference design to sketch a {gpu.name} box from")


def _part_of_kind(design: Design, catalog: Catalog, kind: str, prefix: str = "") -> str | None:
    for c in design.components:
        if catalog.get(c.part).kind == kind and c.id.startswith(prefix):
            return c.part
    return None


def sketch_design(paste: TopoPaste, catalog: Catalog, source: str = "paste",
                  gpu_part: str | None = None, fit: bool = True) -> Design:
    """The design the paste shows. With `fit` (File > Import Topology, `new --from-topo`) it is made to pass its
    own rule check: a chassis that holds it, else what the catalog's chassis cannot hold folded (designer.asbuilt.fit,
    every fold in the notes); without, the PCIe tree exactly as read (an as-built check of it agrees with the paste)."""
    gpu, notes = choose_gpu(paste, catalog, gpu_part)
    base, more = _template_for(gpu, catalog)
    notes += more
    parts = {kind: _part_of_kind(base, catalog, kind) for kind in ("cpu", "pcie_switch")}
    nic_part = _part_of_kind(base, catalog, "nic", "nic") or "cx7-400"
    storage_part = _part_of_kind(base, catalog, "nic", "snic") or nic_part
    gpus = [c.id for c in base.components if isinstance(catalog.get(c.part), GpuSpec)]
    if _scaleup_label(paste) is None and _gpu_pairs_shown(paste):
        base = _without_scaleup(base, catalog)
        notes.append("no scale-up links between GPUs in the paste: none in the sketch")
    n = len(paste.accelerators)
    if n > len(gpus):
        notes.append(f"the paste shows {n} GPUs; the sketch has the template's {len(gpus)}")
    keep_gpus = set(gpus[:n])
    drop = {c.id for c in base.components
            if catalog.get(c.part).kind in HOST_KINDS or (c.id in gpus and c.id not in keep_gpus)}
    comps = [c for c in base.components if c.id not in drop]
    links = [lk for lk in base.links if lk.a not in drop and lk.b not in drop]
    links += _mesh_if_shown(paste, gpu, [g for g in gpus if g in keep_gpus], links, notes)
    gmap = dict(zip(paste.accelerators, gpus[:n], strict=False))
    tree = plan_host_tree(paste, gmap, sum(catalog.get(c.part).kind == "cpu" for c in base.components))
    notes += tree.notes
    design = Design(meta=Metadata(name=f"Sketch from {source}"[:200], notes=""), chassis=base.chassis,
                    settings=base.settings, components=comps, links=links)
    cpu_part, cpu_note = _cpu_for(paste, catalog, parts["cpu"] or "xeon-8480c")
    if cpu_note:
        notes.append(cpu_note)
    switch_part, switch_note = _switch_for(catalog, parts["pcie_switch"] or DEFAULT_PCIE_SWITCH)
    if switch_note:
        notes.append(switch_note)
    design = _add_host(design, catalog, tree, cpu_part, switch_part,
                       nic_part, storage_part)
    notes.append(f"NICs: {nic_part} on GPU switches, {storage_part} elsewhere (inferred)")
    if fit:
        design = fit_chassis(design, catalog, notes)
        # A machine as the vendor ships it follows its documented failure policy, as the templates do: the same
        # waivers (a switch failure that leaves the fabric down is documented behaviour, not a design fault).
        documented = documented_waivers(build_topology(design, catalog))
        design = design.model_copy(update={"waivers": [*design.waivers, *documented]})
    text = "Inferred from a topology paste (" + paste.tool + "). " + " ".join(f"- {n}." for n in notes)
    return design.model_copy(update={"meta": design.meta.model_copy(update={"notes": text[:20_000]})})


def _mesh_if_shown(paste: TopoPaste, gpu: GpuSpec, gpus: list[str], links: list[Link], notes: list[str]) -> list[Link]:
    """The paste shows scale-up links between the GPUs but the borrowed template had none for this GPU (its own
    was swapped in): the shared wiring's mesh (designer.model.wiring.mesh_links), inferred."""
    if _scaleup_label(paste) is None or gpu.fabric is Fabric.NONE or any(lk.kind in SCALEUP_KINDS for lk in links):
        return []
    mesh = mesh_links([(g, gpu) for g in gpus])
    if mesh:
        notes.append(f"scale-up: {_scaleup_label(paste)} between the GPUs in the paste; the {gpu.fabric.value} links "
                     "meshed as the shared wiring does (inferred)")
    taken = {lk.id for lk in links}
    names = (f"m{i}" for i in range(len(taken) + len(mesh) + 1) if f"m{i}" not in taken)
    return [Link(id=next(names), kind=kind, a=a, b=b, count=n) for kind, a, b, n in mesh]


def _cpu_for(paste: TopoPaste, catalog: Catalog, template_cpu: str) -> tuple[str, str]:
    """The template's CPU, unless the paste shows NODE (devices on one NUMA node's socket) and that CPU is set up
    with several NUMA nodes per socket (EPYC NPS4 reads SYS there): then a same-vendor CPU with one per socket."""
    cpu = catalog.typed(template_cpu, CpuSpec)
    if cpu.numa_nodes_per_socket == 1 or "NODE" not in set(paste.cells.values()):
        return template_cpu, ""
    same = [p for p in catalog.parts.values() if isinstance(p, CpuSpec) and p.numa_nodes_per_socket == 1
            and p.vendor == cpu.vendor]
    if not same:
        return template_cpu, ""
    return same[0].id, (f"CPU {same[0].id}: the paste shows NODE, so one NUMA node per socket, not "
                        f"{template_cpu}'s {cpu.numa_nodes_per_socket} (inferred)")


def _switch_for(catalog: Catalog, template_switch: str) -> tuple[str, str]:
    """The template's PCIe switch, unless it nests bridges inside (a GPU and its NIC read PXB through one chip):
    the sketch draws every switch level the paste shows as its own switch, so it takes a one-level part."""
    switch = catalog.typed(template_switch, PcieSwitchSpec)
    if switch.internal_bridges == 1:
        return template_switch, ""
    flat = [p for p in catalog.parts.values() if isinstance(p, PcieSwitchSpec) and p.internal_bridges == 1
            and p.pcie_gen == switch.pcie_gen] or [p for p in catalog.parts.values()
                                                    if isinstance(p, PcieSwitchSpec) and p.internal_bridges == 1]
    if not flat:
        return template_switch, ""
    return flat[0].id, (f"PCIe switch {flat[0].id}: each switch level the paste shows is drawn as its own switch "
                        "(inferred)")


def _without_scaleup(design: Design, catalog: Catalog) -> Design:
    switches = {c.id for c in design.components if catalog.get(c.part).kind == "scaleup_switch"}
    comps = [c for c in design.components if c.id not in switches]
    links = [lk for lk in design.links
             if lk.kind not in SCALEUP_KINDS and lk.a not in switches and lk.b not in switches]
    return design.model_copy(update={"components": comps, "links": links})


class _Ids:
    def __init__(self, design: Design, catalog: Catalog) -> None:
        self.taken = design.all_ids()
        self.catalog = catalog
        self.slots = Counter(slot_kind_for(catalog.get(c.part)) for c in design.components)
        self.link_n = 0

    def component(self, prefix: str, part: str) -> Placement:
        i = 0
        while f"{prefix}{i}" in self.taken:
            i += 1
        cid = f"{prefix}{i}"
        self.taken.add(cid)
        kind = slot_kind_for(self.catalog.get(part))
        slot = None
        if kind is not None:
            slot = self.slots[kind]
            self.slots[kind] += 1
        return Placement(id=cid, part=part, slot=slot)

    def link(self, kind: LinkKind, a: str, b: str, count: int) -> Link:
        while f"t{self.link_n}" in self.taken:
            self.link_n += 1
        lid = f"t{self.link_n}"
        self.taken.add(lid)
        return Link(id=lid, kind=kind, a=a, b=b, count=count)


def _add_host(design: Design, catalog: Catalog, tree: HostTree, cpu_part: str, psw_part: str, nic_part: str,
              storage_part: str) -> Design:
    ids = _Ids(design, catalog)
    comps, links = list(design.components), list(design.links)
    cpus = [ids.component("cpu", cpu_part) for _ in range(tree.sockets)]
    comps += cpus
    links += [ids.link(kind, a, b, n) for kind, a, b, n in socket_links([c.id for c in cpus])]
    names: dict[str, str] = {f"cpu:{i}": c.id for i, c in enumerate(cpus)}
    for node in tree.switches:
        comp = ids.component("psw", psw_part)
        comps.append(comp)
        names[node] = comp.id
    for nic in tree.nics:
        comp = ids.component("nic" if nic in tree.compute_nics else "snic",
                             nic_part if nic in tree.compute_nics else storage_part)
        comps.append(comp)
        names[nic] = comp.id
    fabrics = _fabrics(design, catalog, comps, ids, tree)
    for child, parent in tree.edges:
        links.append(ids.link(LinkKind.PCIE, names.get(child, child), names[parent], 16))
    for nic in tree.nics:
        spec = catalog.typed(nic_part if nic in tree.compute_nics else storage_part, NicSpec)
        target = fabrics["compute" if nic in tree.compute_nics else "storage"]
        links += [ids.link(*planned) for planned in network_links([(names[nic], spec)], target)]
    return design.model_copy(update={"components": comps, "links": links})


def _fabrics(design: Design, catalog: Catalog, comps: list[Placement], ids: _Ids, tree: HostTree) -> dict[str, str]:
    out: dict[str, str] = {}
    for c in design.components:
        spec = catalog.get(c.part)
        if isinstance(spec, FabricSpec):
            out.setdefault(spec.purpose, c.id)
    for purpose, part in (("compute", "scaleout-compute"), ("storage", "scaleout-storage")):
        if purpose not in out:
            comp = ids.component("fabric" if purpose == "compute" else "storage", part)
            comps.append(comp)
            out[purpose] = comp.id
    return out
