"""Large synthetic designs for the benchmarks (not templates: a rack-scale NVL72-class domain)."""

from __future__ import annotations

from designer.model.catalog import Catalog
from designer.model.design import Design, LinkKind, Metadata, Redundancy
from designer.templates.builder import DesignBuilder


def nvl72_like(catalog: Catalog) -> Design:
    """72 Blackwell GPUs, each with one NVLink5 link to each of 18 switch chips; 36 Grace CPUs; 72 NICs."""
    b = DesignBuilder(catalog, "chassis-dgx-b200", Metadata(name="NVL72-class domain (synthetic)"), Redundancy.N_PLUS_1)
    gpus = b.add("gpu", "gb200-gpu", 72)
    switches = b.add("nvs", "nvlink5-switch", 18)
    for gpu in gpus:
        for sw in switches:
            b.link(LinkKind.NVLINK, gpu, sw, 1)
    cpus = b.add("cpu", "grace", 36)
    for i, gpu in enumerate(gpus):
        b.link(LinkKind.C2C, gpu, cpus[i // 2], 1)
    nics = b.add("nic", "cx7-400", 72)
    fabric = b.add("fabric", "scaleout-compute")[0]
    for i, nic in enumerate(nics):
        b.link(LinkKind.PCIE, nic, cpus[i // 2], 16)
        b.link(LinkKind.NETWORK, nic, fabric, 1)
    b.add("psu", "psu-3300", 48)
    b.add("cool", "cold-plate-loop", 6)
    return b.build()
