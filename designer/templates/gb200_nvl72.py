"""The GB200 NVL72 rack: one 72-GPU NVLink domain built as one design (the chassis is the rack).

18 compute trays, each 2 Grace CPUs and 4 Blackwell GPUs (two GB200 superchips: each GPU on NVLink-C2C to its
Grace), 4 ConnectX-7 400G and 2 BlueField-3 per tray; 9 NVLink switch trays of 2 NVLink 5 switch chips: every
GPU has one NVLink 5 link to each of the 18 chips (18 x 50 GB/s = 900 GB/s per direction, 1.8 TB/s
bidirectional); 8 power shelves of 6 x 5.5 kW; liquid cooled through the rack manifolds to a CDU. Sources are
in the catalog entries (chassis-gb200-nvl72, gb200-gpu, nvlink5-switch, psu-5500-shelf, cdu-rack-250kw).
"""

from __future__ import annotations

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


def _tray(b: DesignBuilder) -> tuple[list[str], list[str], list[str], list[str]]:
    """One compute tray's parts: 2 superchips (Grace + 2 GPUs), 2 ConnectX-7 and 1 BlueField-3 per Grace, added in
    tray order so their slots fall in this tray of the rack. Returns (GPUs, CPUs, compute NICs, storage NICs)."""
    gpus = b.add("gpu", "gb200-gpu", GPUS_PER_TRAY)
    cpus = b.add("cpu", "grace", CPUS_PER_TRAY)
    nics, dpus = [], []
    for _ in cpus:
        nics += b.add("nic", "cx7-400", 2)
        dpus += b.add("dpu", "bf3-b3240")
    return gpus, cpus, nics, dpus


def build_gb200_nvl72(catalog: Catalog, meta: Metadata) -> Design:
    """Wired by the shared wiring (designer.model.wiring): each GPU on NVLink-C2C to its Grace (2 per Grace), one
    NVLink 5 link to each of the 18 switch chips, 2 ConnectX-7 and 1 BlueField-3 on each Grace's PCIe."""
    b = DesignBuilder(catalog, "chassis-gb200-nvl72", meta, Redundancy.N_PLUS_N)
    switches = b.add("nvs", "nvlink5-switch", SWITCH_CHIPS)
    gpus: list[str] = []
    cpus: list[str] = []
    nics: list[str] = []
    dpus: list[str] = []
    for _ in range(TRAYS):
        for into, ids in zip((gpus, cpus, nics, dpus), _tray(b), strict=True):
            into += ids
    b.plan(superchip_links(gpus, cpus))
    ref._scaleup(b, gpus, switches)
    ref._pcie(b, [], nics, cpus, storage=dpus)
    for prefix, part, ends in (("fabric", "scaleout-compute", nics), ("storage", "scaleout-storage", dpus)):
        ref._network(b, ends, part, prefix)
    b.add("psu", "psu-5500-shelf", SHELVES * PSUS_PER_SHELF)
    b.add("cool", "cdu-rack-250kw")
    design = b.build()
    return design.model_copy(update={"settings": design.settings.model_copy(update={"rack_height_u": RACK_U})})
