"""Reference designs, built from catalog parts and wired as the real systems are.

Facts behind each one are in the catalog sources and in `description`/`notes`; where the public
record is thin (board link splits, PSU counts of OEM boxes) the notes say what was assumed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from designer.model.catalog import Catalog
from designer.model.design import Design, Metadata, Redundancy
from designer.model.parts import GpuSpec, NicSpec
from designer.model.wiring import (
    HostParts,
    host_links,
    mesh_links,
    network_links,
    plane_links,
    socket_links,
    superchip_links,
)
from designer.templates.builder import DesignBuilder


@dataclass(frozen=True)
class Hgx:
    """An 8-GPU switched board (HGX-class) in a two-socket host with 4 PCIe switches; every link follows the shared
    wiring (designer.model.wiring), as auto-wire does."""

    chassis: str
    gpu: str
    switch: str
    n_switches: int  # scale-up switch chips (planes); each GPU's links split evenly over them
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
    n_pcie_switch: int = 4  # HGX B300: the 8 ConnectX-8s' own Gen6 switches


def add_host(b: DesignBuilder, cpu: str, n_cpu: int = 2) -> list[str]:
    cpus = b.add("cpu", cpu, n_cpu)
    b.plan(socket_links(cpus))
    return cpus


def _lanes(b: DesignBuilder, cids: list[str]) -> list[tuple[str, int]]:
    return [(cid, p.host_pcie_lanes if isinstance(p := b.part_of(cid), GpuSpec) else p.pcie_lanes) for cid in cids]


def add_pcie(b: DesignBuilder, gpus: list[str], nics: list[str], cpus: list[str], psws: Sequence[str] = (),
          storage: Sequence[str] = ()) -> None:
    """GPU i and compute NIC i under one PCIe switch, switches split across the sockets, uplinks at 2:1, storage
    NICs on the CPU root ports; on-accelerator ports on their accelerator (designer.model.wiring.host_links)."""
    on_accel = frozenset(n for n, spec in b.typed(nics, NicSpec) if spec.on_accelerator)
    b.plan(host_links(HostParts(gpus=_lanes(b, gpus), compute=_lanes(b, nics), storage=_lanes(b, list(storage)),
                                psws=list(psws), cpus=cpus, on_accelerator=on_accel)))


def add_pcie_tree(b: DesignBuilder, gpus: list[str], nics: list[str], cpus: list[str], psw_part: str,
               n_psw: int) -> None:
    add_pcie(b, gpus, nics, cpus, b.add("psw", psw_part, n_psw))


def add_power_and_cooling(b: DesignBuilder, psu: str, n_psu: int, cooling: str) -> None:
    b.add("psu", psu, n_psu)
    b.add("cool", cooling)


def add_network(b: DesignBuilder, nics: list[str], fabric_part: str, prefix: str = "fabric") -> None:
    b.plan(network_links(b.typed(nics, NicSpec), b.add(prefix, fabric_part)[0]))


def add_scaleup(b: DesignBuilder, gpus: list[str], switches: Sequence[str] = ()) -> None:
    """Each GPU to every switch plane (even split), or an all-to-all mesh without switches."""
    typed = b.typed(gpus, GpuSpec)
    if switches:
        for gpu, spec in typed:
            b.plan(plane_links(gpu, spec, list(switches)))
    else:
        b.plan(mesh_links(typed))


def build_hgx(catalog: Catalog, meta: Metadata, cfg: Hgx) -> Design:
    b = DesignBuilder(catalog, cfg.chassis, meta, cfg.redundancy)
    gpus = b.add("gpu", cfg.gpu, 8)
    add_scaleup(b, gpus, b.add("nvs", cfg.switch, cfg.n_switches))
    cpus = add_host(b, cfg.cpu)
    nics = b.add("nic", cfg.nic, 8)
    psws = b.add("psw", cfg.pcie_switch, cfg.n_pcie_switch)
    storage = b.add("snic", cfg.storage_nic, cfg.n_storage)
    add_pcie(b, gpus, nics, cpus, psws, storage)
    add_network(b, nics, cfg.fabric)
    if storage:
        add_network(b, storage, "scaleout-storage", "storage")
    add_power_and_cooling(b, cfg.psu, cfg.n_psu, cfg.cooling)
    return b.build()


def build_mesh(catalog: Catalog, meta: Metadata, *, chassis: str, gpu: str, cpu: str, n_cpu: int,
               pcie_switch: str | None, nic: str, psu: str, n_psu: int, redundancy: Redundancy,
               cooling: str) -> Design:
    """8 accelerators in a full mesh (the shared wiring's per-peer count), no switch chip; without PCIe switches
    the accelerators sit on the CPU root ports and on-package NICs on their accelerator."""
    b = DesignBuilder(catalog, chassis, meta, redundancy)
    gpus = b.add("gpu", gpu, 8)
    add_scaleup(b, gpus)
    cpus = add_host(b, cpu, n_cpu)
    nics = b.add("nic", nic, 8)
    psws = b.add("psw", pcie_switch, 4) if pcie_switch else []
    add_pcie(b, gpus, nics, cpus, psws)
    add_network(b, nics, "scaleout-compute")
    add_power_and_cooling(b, psu, n_psu, cooling)
    return b.build()


def build_pcie_l40s(catalog: Catalog, meta: Metadata) -> Design:
    b = DesignBuilder(catalog, "chassis-pcie-4u-10", meta, Redundancy.N_PLUS_N)
    gpus = b.add("gpu", "l40s", 8)
    cpus = add_host(b, "epyc-9654")
    nics = b.add("nic", "cx7-400", 4)
    add_pcie_tree(b, gpus, nics, cpus, "pex89144", 2)  # 4 GPUs per switch: dual x16 (x32) uplinks
    add_network(b, nics, "scaleout-compute-flat")  # 4 NICs for 8 GPUs: an inference box, not a rail design
    add_power_and_cooling(b, "psu-3000", 4, "fan-wall-4u")
    return b.build()


def build_rtx(catalog: Catalog, meta: Metadata) -> Design:
    b = DesignBuilder(catalog, "chassis-pcie-4u-8-consumer", meta, Redundancy.N_PLUS_1)
    gpus = b.add("gpu", "rtx-4090", 8)
    cpus = add_host(b, "epyc-9654")
    nic = b.add("nic", "cx6-200")
    add_pcie(b, gpus, nic, cpus)  # no PCIe switch: 4 GPUs on each socket's root ports, the NIC on socket 0
    add_network(b, nic, "scaleout-compute-flat")
    add_power_and_cooling(b, "psu-3000", 3, "fan-wall-4u")
    return b.build()


def build_gh200_quad(catalog: Catalog, meta: Metadata) -> Design:
    b = DesignBuilder(catalog, "chassis-superchip-4", meta, Redundancy.N_PLUS_1)
    gpus = b.add("gpu", "gh200-gpu", 4)
    cpus = b.add("cpu", "grace", 4)
    b.plan(superchip_links(gpus, cpus))
    add_scaleup(b, gpus)  # 18 links, 6 to each of 3 peers
    nics = b.add("nic", "cx7-400", 4)
    add_pcie(b, [], nics, cpus)  # each Grace's PCIe
    add_network(b, nics, "scaleout-compute")
    add_power_and_cooling(b, "psu-3000", 4, "cold-plate-loop")
    return b.build()
