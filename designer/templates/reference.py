"""Reference designs, built from catalog parts and wired as the real systems are.

Facts behind each one are in the catalog sources and in `description`/`notes`; where the public
record is thin (board link splits, PSU counts of OEM boxes) the notes say what was assumed.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.model.catalog import Catalog
from designer.model.design import Design, LinkKind, Metadata, Redundancy
from designer.model.wiring import socket_pairs, switch_for, uplink_lanes
from designer.templates.builder import DesignBuilder

NV, PCIE, NET, SOCK = LinkKind.NVLINK, LinkKind.PCIE, LinkKind.NETWORK, LinkKind.SOCKET


@dataclass(frozen=True)
class Hgx:
    """An 8-GPU switched board (HGX-class) in a two-socket host with 4 PCIe switches."""

    chassis: str
    gpu: str
    switch: str
    links_per_switch: tuple[int, ...]
    cpu: str
    pcie_switch: str
    nic: str
    storage_nic: str
    n_storage: int
    psu: str
    n_psu: int
    redundancy: Redundancy
    cooling: str
    fabric: str = "scaleout-compute"


def _host(b: DesignBuilder, cpu: str, n_cpu: int = 2) -> list[str]:
    cpus = b.add("cpu", cpu, n_cpu)
    for i, j in socket_pairs(n_cpu):
        b.link(SOCK, cpus[i], cpus[j])
    return cpus


def _pcie_tree(b: DesignBuilder, gpus: list[str], nics: list[str], cpus: list[str], psw_part: str,
               n_psw: int) -> None:
    """GPU i and compute NIC i under one PCIe switch, switches split across the sockets, uplinks at 2:1
    (designer.model.wiring: the same rules auto-wire follows)."""
    psws = b.add("psw", psw_part, n_psw)
    below = dict.fromkeys(psws, 0)
    for i, gpu in enumerate(gpus):
        psw = psws[switch_for(i, len(gpus), n_psw)]
        below[psw] += 16
        b.link(PCIE, gpu, psw, 16)
    for i, nic in enumerate(nics):
        b.link(PCIE, nic, psws[switch_for(i, len(nics), n_psw)], 16)
    for j, psw in enumerate(psws):
        b.link(PCIE, psw, cpus[switch_for(j, n_psw, len(cpus))], uplink_lanes(below[psw]))


def _power_and_cooling(b: DesignBuilder, psu: str, n_psu: int, cooling: str) -> None:
    b.add("psu", psu, n_psu)
    b.add("cool", cooling)


def _network(b: DesignBuilder, nics: list[str], fabric_part: str, prefix: str = "fabric") -> None:
    fabric = b.add(prefix, fabric_part)[0]
    for nic in nics:
        b.link(NET, nic, fabric, b.part_of(nic).ports)


def build_hgx(catalog: Catalog, meta: Metadata, cfg: Hgx) -> Design:
    b = DesignBuilder(catalog, cfg.chassis, meta, cfg.redundancy)
    gpus = b.add("gpu", cfg.gpu, 8)
    switches = b.add("nvs", cfg.switch, len(cfg.links_per_switch))
    for gpu in gpus:
        for sw, count in zip(switches, cfg.links_per_switch, strict=True):
            b.link(NV, gpu, sw, count)
    cpus = _host(b, cfg.cpu)
    nics = b.add("nic", cfg.nic, 8)
    _pcie_tree(b, gpus, nics, cpus, cfg.pcie_switch, 4)
    storage = b.add("snic", cfg.storage_nic, cfg.n_storage)
    for i, nic in enumerate(storage):
        b.link(PCIE, nic, cpus[i % len(cpus)], 16)
    _network(b, nics, cfg.fabric)
    if storage:
        _network(b, storage, "scaleout-storage", "storage")
    _power_and_cooling(b, cfg.psu, cfg.n_psu, cfg.cooling)
    return b.build()


def build_mesh(catalog: Catalog, meta: Metadata, *, chassis: str, gpu: str, kind: LinkKind, cpu: str, n_cpu: int,
               pcie_switch: str | None, nic: str, psu: str, n_psu: int, redundancy: Redundancy,
               cooling: str) -> Design:
    """8 accelerators in a full mesh (one link to each peer), no switch chip."""
    b = DesignBuilder(catalog, chassis, meta, redundancy)
    gpus = b.add("gpu", gpu, 8)
    for i in range(8):
        for j in range(i + 1, 8):
            b.link(kind, gpus[i], gpus[j], 1)
    cpus = _host(b, cpu, n_cpu)
    nics = b.add("nic", nic, 8)
    if pcie_switch:
        _pcie_tree(b, gpus, nics, cpus, pcie_switch, 4)
    else:  # NIC attached to its accelerator, accelerators on the CPU root ports
        for i, (g, n) in enumerate(zip(gpus, nics, strict=True)):
            b.link(PCIE, n, g, 16)
            b.link(PCIE, g, cpus[i * n_cpu // 8], 16)
    _network(b, nics, "scaleout-compute")
    _power_and_cooling(b, psu, n_psu, cooling)
    return b.build()


def build_pcie_l40s(catalog: Catalog, meta: Metadata) -> Design:
    b = DesignBuilder(catalog, "chassis-pcie-4u-10", meta, Redundancy.N_PLUS_N)
    gpus = b.add("gpu", "l40s", 8)
    cpus = _host(b, "epyc-9654")
    nics = b.add("nic", "cx7-400", 4)
    _pcie_tree(b, gpus, nics, cpus, "pex89144", 2)  # 4 GPUs per switch: dual x16 (x32) uplinks
    _network(b, nics, "scaleout-compute-flat")  # 4 NICs for 8 GPUs: an inference box, not a rail design
    _power_and_cooling(b, "psu-3000", 4, "fan-wall-4u")
    return b.build()


def build_rtx(catalog: Catalog, meta: Metadata) -> Design:
    b = DesignBuilder(catalog, "chassis-pcie-4u-8-consumer", meta, Redundancy.N_PLUS_1)
    gpus = b.add("gpu", "rtx-4090", 8)
    cpus = _host(b, "epyc-9654")
    for i, gpu in enumerate(gpus):
        b.link(PCIE, gpu, cpus[i // 4], 16)
    nic = b.add("nic", "cx6-200")
    b.link(PCIE, nic[0], cpus[0], 16)
    _network(b, nic, "scaleout-compute-flat")
    _power_and_cooling(b, "psu-3000", 3, "fan-wall-4u")
    return b.build()


def build_gh200_quad(catalog: Catalog, meta: Metadata) -> Design:
    b = DesignBuilder(catalog, "chassis-superchip-4", meta, Redundancy.N_PLUS_1)
    gpus = b.add("gpu", "gh200-gpu", 4)
    cpus = b.add("cpu", "grace", 4)
    for gpu, cpu in zip(gpus, cpus, strict=True):
        b.link(LinkKind.C2C, gpu, cpu, 1)
    for i in range(4):
        for j in range(i + 1, 4):
            b.link(NV, gpus[i], gpus[j], 6)  # 18 links, 6 to each of 3 peers
    nics = b.add("nic", "cx7-400", 4)
    for nic, cpu in zip(nics, cpus, strict=True):
        b.link(PCIE, nic, cpu, 16)
    _network(b, nics, "scaleout-compute")
    _power_and_cooling(b, "psu-3000", 4, "cold-plate-loop")
    return b.build()
