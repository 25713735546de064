"""Scale-out rules: NIC bandwidth per GPU, GPU-to-NIC affinity for GPUDirect RDMA, unconnected NICs."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from designer.core.messages import Quantity, _m, many
from designer.model.parts import FabricSpec, NicSpec, PcieSwitchSpec
from designer.rules.engine import Finding, RuleContext, Severity, rule
from designer.rules.words import device
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
        dev, devs = device(ctx.device), device(ctx.device, plural=True)
        yield Finding(_m("{n} compute NICs give {total} for {gpus} {devs} = {per} per {dev}; training nodes are built "
                         "with {low}-400 Gb/s per {dev}", n=len(nics), total=Quantity(total, "Gb/s", None),
                         gpus=len(gpus), devs=devs, per=Quantity(per_gpu, "Gb/s"), dev=dev,
                         low=int(MIN_GBIT_PER_GPU)),
                      tuple(nics), _m("add NICs (one 400G NIC per {dev} is the usual design)", dev=dev))


@rule("net.gpu_nic_affinity", "Each GPU's NIC close to it (GPUDirect RDMA)", Severity.WARNING)
def affinity(ctx: RuleContext) -> Iterator[Finding]:
    groups: dict[str, list[str]] = defaultdict(list)
    for a in gpu_nic_affinity(ctx.topo):
        if a.nic and a.path_class in ("SYS", "NODE", "PHB"):
            groups[a.path_class].append(a.gpu)
    rate = {a.gpu: a.gbytes_s_per_dir for a in gpu_nic_affinity(ctx.topo)}
    for cls, gpus in groups.items():
        where = _m("across the CPU socket link") if cls == "SYS" else _m("through the CPU root complex")
        slowest = min(rate[g] for g in gpus)
        yield Finding(_m("{n} {devs} ({ids}) reach their nearest NIC {where} ({cls}), not under a shared PCIe switch "
                         "(PIX/PXB): GPUDirect RDMA at most {bw} per direction ({gbit}) on that path", n=len(gpus),
                         devs=device(ctx.device, plural=True), ids=many(gpus), where=where, cls=cls,
                         bw=Quantity(slowest, "GB/s"), gbit=Quantity(slowest * 8, "Gb/s")),
                      tuple(gpus), _m("put a NIC under each GPU's PCIe switch") if ctx.topo.of_type(PcieSwitchSpec)
                      else _m("expected without PCIe switches: each NIC hangs off a CPU's root complex"),
                      None if cls == "SYS" else Severity.INFO)


@rule("net.gpu_nic_one_to_one", "Each GPU has its own compute NIC", Severity.WARNING)
def one_to_one(ctx: RuleContext) -> Iterator[Finding]:
    """Rail designs give every GPU its own NIC under its PCIe switch; GPUs sharing one split its line rate.
    A warning on a rail-optimized fabric or below the per-GPU norm; otherwise (a flat fabric) an info."""
    rail = any(isinstance(p := ctx.part(n), FabricSpec) and p.purpose == "compute" and p.rail_optimized
               for n in ctx.topo.of_type(FabricSpec))
    users: dict[str, list[str]] = defaultdict(list)
    for a in gpu_nic_affinity(ctx.topo):
        if a.nic:
            users[a.nic].append(a.gpu)
    for nic, gpus in users.items():
        if len(gpus) < 2:
            continue
        rate = ctx.part(nic).line_rate_gbit_s
        share = rate / len(gpus)
        yield Finding(_m("{gpus} share {nic}: {share} of scale-out per {dev} instead of {rate} with one NIC each",
                         gpus=many(gpus), nic=nic, share=Quantity(share, "Gb/s"), dev=device(ctx.device),
                         rate=Quantity(rate, "Gb/s", None)), (nic, *gpus),
                      _m("one compute NIC per GPU under the GPU's PCIe switch"),
                      None if rail or share < MIN_GBIT_PER_GPU else Severity.INFO)


@rule("net.nic_unconnected", "NICs are connected to a network", Severity.WARNING)
def nic_unconnected(ctx: RuleContext) -> Iterator[Finding]:
    for cid in ctx.topo.of_type(NicSpec):
        if not any(isinstance(ctx.part(n), FabricSpec) for n in ctx.topo.adjacency[cid]):
            yield Finding(_m("{id} has no network link", id=cid), (cid,),
                          _m("link it to the compute or storage fabric"))
