"""The GB200 and GB300 NVL72 racks: one 72-GPU NVLink domain built as one design (the chassis is the rack).

18 compute trays, each 2 Grace CPUs and 4 Blackwell GPUs (two superchips: each GPU on NVLink-C2C to its Grace),
4 scale-out NICs (ConnectX-7 400G on GB200, ConnectX-8 800G on GB300) and 2 BlueField-3 per tray; 9 NVLink switch
trays of 2 NVLink 5 switch chips: every GPU has one NVLink 5 link to each of the 18 chips (18 x 50 GB/s = 900 GB/s
per direction, 1.8 TB/s bidirectional); 8 power shelves of 6 x 5.5 kW; liquid cooled through the rack manifolds
to a CDU. Sources are in the catalog entries (chassis-gb200-nvl72, chassis-gb300-nvl72, gb200-gpu, gb300-gpu,
nvlink5-switch, psu-5500-shelf, cdu-rack-250kw).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from designer.model.catalog import Catalog
from designer.model.design import Design, Metadata, Redundancy
from designer.model.wiring import superchip_links
from designer.templates import reference as ref
from designer.templates.builder import DesignBuilder

TRAYS = 18
GPUS_PER_TRAY = 4
CPUS_PER_TRAY = 2
SWITCH_CHIPS = 18  # 9 trays x 2
SHELVES, PSUS_PER_SHELF = 8, 6
RACK_U = 48

TITLE = "GB200 NVL72 rack"
DESCRIPTION = ("72 Blackwell GPUs + 36 Grace in 18 compute trays, one NVLink domain over 18 NVLink 5 switch chips in 9 "
               "switch trays (900 GB/s per GPU per direction), 72x ConnectX-7 400G + 36 BlueField-3, 8 power "
               "shelves (48 x 5.5 kW, N+N), liquid cooled with its CDU; ~120 kW per rack")
GB300_TITLE = "GB300 NVL72 rack"
GB300_DESCRIPTION = ("72 Blackwell Ultra GPUs (288 GB) + 36 Grace in 18 compute trays, one NVLink domain over 18 "
                     "NVLink 5 switch chips in 9 switch trays (900 GB/s per GPU per direction), 72x ConnectX-8 800G "
                     "+ 36 BlueField-3, 8 power shelves (48 x 5.5 kW, N+N), liquid cooled with its CDU; up to 142 kW "
                     "per rack (NVIDIA)")


@dataclass(frozen=True)
class Nvl72:
    chassis: str
    gpu: str
    nic: str  # the scale-out NIC, one per GPU
    nic_switch: str | None = None  # a GPU reaches its NIC through this PCIe switch (ConnectX-8's own), one per GPU


GB200 = Nvl72("chassis-gb200-nvl72", "gb200-gpu", "cx7-400")
GB300 = Nvl72("chassis-gb300-nvl72", "gb300-gpu", "cx8-800", "cx8-pcie-switch")


def _tray(b: DesignBuilder, cfg: Nvl72) -> tuple[list[str], list[str], list[str], list[str], list[str]]:
    """One compute tray's parts: 2 superchips (Grace + 2 GPUs), 2 scale-out NICs (with their PCIe switches where the
    GPU reaches its NIC through one) and 1 BlueField-3 per Grace, added in tray order so their slots fall in this
    tray of the rack. Returns (GPUs, CPUs, compute NICs, storage NICs, PCIe switches)."""
    gpus = b.add("gpu", cfg.gpu, GPUS_PER_TRAY)
    psws = b.add("psw", cfg.nic_switch, GPUS_PER_TRAY) if cfg.nic_switch else []
    cpus = b.add("cpu", "grace", CPUS_PER_TRAY)
    nics, dpus = [], []
    for _ in cpus:
        nics += b.add("nic", cfg.nic, 2)
        dpus += b.add("dpu", "bf3-b3240")
    return gpus, cpus, nics, dpus, psws


def build_nvl72(catalog: Catalog, meta: Metadata, cfg: Nvl72) -> Design:
    """Wired by the shared wiring (designer.model.wiring): each GPU on NVLink-C2C to its Grace (2 per Grace), one
    NVLink 5 link to each of the 18 switch chips, 2 scale-out NICs and 1 BlueField-3 on each Grace's PCIe (on
    GB300 each GPU and its ConnectX-8 under the NIC's PCIe switch, the switch on its Grace)."""
    b = DesignBuilder(catalog, cfg.chassis, meta, Redundancy.N_PLUS_N)
    switches = b.add("nvs", "nvlink5-switch", SWITCH_CHIPS)
    gpus: list[str] = []
    cpus: list[str] = []
    nics: list[str] = []
    dpus: list[str] = []
    psws: list[str] = []
    for _ in range(TRAYS):
        for into, ids in zip((gpus, cpus, nics, dpus, psws), _tray(b, cfg), strict=True):
            into += ids
    b.plan(superchip_links(gpus, cpus))
    ref.add_scaleup(b, gpus, switches)
    ref.add_pcie(b, gpus if psws else [], nics, cpus, psws, storage=dpus)
    for prefix, part, ends in (("fabric", "scaleout-compute", nics), ("storage", "scaleout-storage", dpus)):
        ref.add_network(b, ends, part, prefix)
    b.add("psu", "psu-5500-shelf", SHELVES * PSUS_PER_SHELF)
    b.add("cool", "cdu-rack-250kw")
    design = b.build()
    return design.model_copy(update={"settings": design.settings.model_copy(update={"rack_height_u": RACK_U})})


def build_gb200_nvl72(catalog: Catalog, meta: Metadata) -> Design:
    return build_nvl72(catalog, meta, GB200)


def builder(cfg: Nvl72) -> Callable[[Catalog, Metadata], Design]:
    return lambda catalog, meta: build_nvl72(catalog, meta, cfg)
