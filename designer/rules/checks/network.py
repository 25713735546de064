"""Scale-out rules: NIC bandwidth per GPU, GPU-to-NIC affinity for GPUDirect RDMA, unconnected NICs."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from designer.model.parts import FabricSpec, NicSpec
from designer.rules.engine import Finding, RuleContext, Severity, rule
from designer.topology.paths import gpu_nic_affinity

MIN_GBIT_PER_GPU = 200.0  # architects expect 200-400 Gb/s per GPU for training


@rule("net.scaleout_per_gpu", "Scale-out bandwidth per GPU", Severity.WARNING)
def scaleout_per_gpu(ctx: RuleContext) -> Iterator[Finding]:
    gpus = ctx.topo.gpus
    if not gpus:
        return
    nics = ctx.topo.nics("compute")
    total = sum(ctx.part(n).line_rate_gbit_s for n in nics)
    per_gpu = total / len(gpus)
    if per_gpu < MIN_GBIT_PER_GPU:
        dev = ctx.device
        yield Finding(f"{len(nics)} compute NICs give {total:g} Gb/s for {len(gpus)} {dev}s = {per_gpu:.0f} Gb/s "
                      f"per {dev}; training nodes are built with {MIN_GBIT_PER_GPU:.0f}-400 Gb/s per {dev}",
                      tuple(nics), f"add NICs (one 400G NIC per {dev} is the usual design)")


@rule("net.gpu_nic_affinity", "Each GPU's NIC close to it (GPUDirect RDMA)", Severity.WARNING)
def affinity(ctx: RuleContext) -> Iterator[Finding]:
    groups: dict[str, list[str]] = defaultdict(list)
    for a in gpu_nic_affinity(ctx.topo):
        if a.nic and a.path_class in ("SYS", "NODE", "PHB"):
            groups[a.path_class].append(a.gpu)
    rate = {a.gpu: a.gbytes_s_per_dir for a in gpu_nic_affinity(ctx.topo)}
    for cls, gpus in groups.items():
        where = "across the CPU socket link" if cls == "SYS" else "through the CPU root complex"
        slowest = min(rate[g] for g in gpus)
        yield Finding(f"{len(gpus)} {ctx.device}s ({', '.join(gpus)}) reach their nearest NIC {where} ({cls}), not "
                      f"under a shared PCIe switch (PIX/PXB): GPUDirect RDMA at most {slowest:.0f} GB/s per direction "
                      f"({slowest * 8:.0f} Gb/s) on that path", tuple(gpus), "put a NIC under each GPU's PCIe switch",
                      None if cls == "SYS" else Severity.INFO)


@rule("net.gpu_nic_one_to_one", "Each GPU has its own compute NIC", Severity.WARNING)
def one_to_one(ctx: RuleContext) -> Iterator[Finding]:
    """Rail designs give every GPU its own NIC under its PCIe switch; GPUs sharing one split its line rate.
    A warning on a rail-optimized fabric or below the per-GPU norm; otherwise (a flat fabric) an info."""
    rail = any(isinstance(p := ctx.part(n), FabricSpec) and p.purpose == "compute" and p.rail_optimized
               for n in ctx.topo.graph.nodes)
    users: dict[str, list[str]] = defaultdict(list)
    for a in gpu_nic_affinity(ctx.topo):
        if a.nic:
            users[a.nic].append(a.gpu)
    for nic, gpus in users.items():
        if len(gpus) < 2:
            continue
        rate = ctx.part(nic).line_rate_gbit_s
        share = rate / len(gpus)
        yield Finding(f"{', '.join(gpus)} share {nic}: {share:.0f} Gb/s of scale-out per {ctx.device} instead of "
                      f"{rate:g} Gb/s with one NIC each", (nic, *gpus),
                      "one compute NIC per GPU under the GPU's PCIe switch",
                      None if rail or share < MIN_GBIT_PER_GPU else Severity.INFO)


@rule("net.nic_unconnected", "NICs are connected to a network", Severity.WARNING)
def nic_unconnected(ctx: RuleContext) -> Iterator[Finding]:
    g = ctx.topo.graph
    for cid in (n for n in g.nodes if isinstance(ctx.part(n), NicSpec)):
        if not any(isinstance(ctx.part(n), FabricSpec) for n in g.neighbors(cid)):
            yield Finding(f"{cid} has no network link", (cid,), "link it to the compute or storage fabric")
