"""Catalog specs: what a part *is* (an H100 SXM5, a ConnectX-7, a 3.3 kW PSU).

Placements (this GPU in slot 3) live in `designer.model.design`. Units are in field names;
bandwidths are per direction unless a name says otherwise. `None` means "not known": rules and
figures treat it as unknown and say so, rather than assuming a value. For FLOPS, 0 means
"not supported by the part" and `None` means unknown.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

NonNeg = Annotated[float, Field(ge=0, le=1e7)]
Count = Annotated[int, Field(ge=0, le=100_000)]
PcieGen = Annotated[int, Field(ge=3, le=6)]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Fabric(StrEnum):
    """Scale-up fabric families; links of one family only connect to that family."""

    NVLINK3 = "nvlink3"
    NVLINK4 = "nvlink4"
    NVLINK5 = "nvlink5"
    XGMI = "xgmi"
    HCCS = "hccs"
    ROCE = "roce"  # Gaudi's on-die Ethernet scale-up
    NONE = "none"


NVLINK_FABRICS = {Fabric.NVLINK3, Fabric.NVLINK4, Fabric.NVLINK5}


class NetworkKind(StrEnum):
    """The scale-out network technology a NIC or fabric runs; the collective model takes the achieved
    efficiency and per-step latencies of each kind from designer.simulation.constants."""

    INFINIBAND = "infiniband"  # NVIDIA Quantum (HDR/NDR/XDR) InfiniBand
    ROCE_SPECTRUM_X = "roce_spectrum_x"  # RoCE on NVIDIA Spectrum-X Ethernet (adaptive routing)
    ROCE = "roce"  # RoCE on a standard Ethernet fabric (e.g. Broadcom Thor NICs, Tomahawk switches)
    EFA = "efa"  # AWS Elastic Fabric Adapter (SRD)
    ROCE_ASCEND = "roce_ascend"  # Huawei Ascend on-package RoCE ports (HCCL)


class FormFactor(StrEnum):
    SXM = "sxm"  # on an HGX-class baseboard
    OAM = "oam"  # on an OCP UBB
    PCIE = "pcie"  # add-in card in an x16 slot
    SUPERCHIP = "superchip"  # Grace Hopper / Grace Blackwell module
    MODULE = "module"  # vendor NPU module on its own board (Ascend)


class Confidence(StrEnum):
    HIGH = "H"
    MEDIUM = "M"
    LOW = "L"


class PartBase(Frozen):
    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.\-]{0,63}$")]
    name: Annotated[str, Field(min_length=1, max_length=120)]
    vendor: Annotated[str, Field(max_length=60)] = ""
    source: Annotated[str, Field(min_length=3, max_length=2000)]
    confidence: Confidence = Confidence.MEDIUM
    notes: Annotated[str, Field(max_length=2000)] = ""
    power_w: NonNeg | None = None  # typical/max power draw; None = not published


class GpuSpec(PartBase):
    kind: Literal["gpu"] = "gpu"
    form_factor: FormFactor
    arch: str
    tdp_w: NonNeg
    memory_gb: NonNeg
    memory_type: str
    mem_bw_tbytes_s: NonNeg | None
    fabric: Fabric
    fabric_links: Count
    link_bw_gbytes_s_per_dir: NonNeg  # one scale-up link, one direction
    c2c_bw_gbytes_s_per_dir: NonNeg = 0  # NVLink-C2C to a Grace CPU, one direction
    host_pcie_gen: PcieGen | None
    host_pcie_lanes: Count
    bf16_dense_tflops: NonNeg | None
    fp8_dense_tflops: NonNeg | None
    # Further dense rates, only where they raise the EAR 'total processing performance' (TPP = dense rate x operand
    # bits, the highest over precisions): INT8 on GeForce/Ada parts, FP16 where BF16 is not published, FP6/FP4 on
    # Blackwell Ultra and CDNA4.
    int8_dense_tops: NonNeg | None = None
    fp16_dense_tflops: NonNeg | None = None
    fp6_dense_tflops: NonNeg | None = None
    fp4_dense_tflops: NonNeg | None = None
    # Area of the logic dies (no HBM), for the EAR 'performance density' (TPP / mm2); None where not published.
    die_area_mm2: NonNeg | None = None
    die_area_source: Annotated[str, Field(max_length=1000)] = ""
    needs_liquid: bool = False
    export_limited: bool = False
    device_class: Literal["gpu", "npu", "accelerator"] = "gpu"  # what the vendor calls it (Ascend: NPU)

    @property
    def memory_family(self) -> str:
        """HBM or the GDDR generation, for labels ("HBM3e" -> "HBM", "GDDR6X" -> "GDDR6X")."""
        return "HBM" if self.memory_type.upper().startswith("HBM") else self.memory_type

    @property
    def scaleup_gbytes_s_per_dir(self) -> float:
        return self.fabric_links * self.link_bw_gbytes_s_per_dir


class ScaleupSwitchSpec(PartBase):
    kind: Literal["scaleup_switch"] = "scaleup_switch"
    fabric: Fabric
    ports: Count
    port_bw_gbytes_s_per_dir: NonNeg
    in_switch_reduction: bool = False  # NVLink SHARP (NVLS)


class PcieSwitchSpec(PartBase):
    kind: Literal["pcie_switch"] = "pcie_switch"
    pcie_gen: PcieGen
    lanes: Count
    # PCIe bridges a port-to-port path crosses inside the switch as `nvidia-smi topo -m` counts them: 1 shows as
    # PIX; DGX A100's PEX88096 tree puts each GPU and NIC behind its own nested bridge, which shows as PXB (2).
    internal_bridges: Annotated[int, Field(ge=1, le=4)] = 1


class NicSpec(PartBase):
    kind: Literal["nic"] = "nic"
    ports: Annotated[int, Field(ge=1, le=16)]
    port_speed_gbit_s: NonNeg
    pcie_gen: PcieGen
    pcie_lanes: Count
    is_dpu: bool = False
    network_kind: NetworkKind = NetworkKind.ROCE  # what the NIC runs by default; a fabric may override

    @property
    def line_rate_gbit_s(self) -> float:
        return self.ports * self.port_speed_gbit_s


class CpuSpec(PartBase):
    kind: Literal["cpu"] = "cpu"
    cores: Count
    tdp_w: NonNeg | None
    pcie_gen: PcieGen | None
    pcie_lanes: Count | None
    memory_channels: Count | None = None
    # The socket interconnect of a two-socket platform (UPI, xGMI, ...) as published: all its links together,
    # one direction. Not NCCL's inter-CPU constants (AMD_BW 16, SPR 22): those are search heuristics.
    socket_link_gbytes_s_per_dir: NonNeg | None = None
    socket_interconnect: Annotated[str, Field(max_length=120)] = ""  # "UPI 2.0: 4 links x 16 GT/s"
    # NUMA nodes per socket as the reference systems configure it (EPYC NPS4 in DGX A100): with more than one,
    # two root ports of the socket are on different NUMA nodes and nvidia-smi reports SYS between them.
    numa_nodes_per_socket: Annotated[int, Field(ge=1, le=8)] = 1


Efficiency = Annotated[float, Field(gt=0.5, le=1.0)]


class EfficiencyPoint(Frozen):
    load_fraction: Annotated[float, Field(gt=0, le=1.0)]  # DC output / rated output
    efficiency: Efficiency


class PsuSpec(PartBase):
    kind: Literal["psu"] = "psu"
    output_w: NonNeg
    efficiency: Efficiency  # at about 50 % load
    # The published efficiency curve (80 PLUS level); empty = `efficiency` at every load.
    efficiency_curve: tuple[EfficiencyPoint, ...] = ()

    def efficiency_at(self, load_fraction: float) -> float:
        """Efficiency at a load fraction, interpolated linearly on the curve (clamped at its ends)."""
        pts = sorted(self.efficiency_curve, key=lambda p: p.load_fraction)
        if not pts:
            return self.efficiency
        if load_fraction <= pts[0].load_fraction:
            return pts[0].efficiency
        for lo, hi in zip(pts, pts[1:], strict=False):
            if load_fraction <= hi.load_fraction:
                t = (load_fraction - lo.load_fraction) / (hi.load_fraction - lo.load_fraction)
                return lo.efficiency + t * (hi.efficiency - lo.efficiency)
        return pts[-1].efficiency


class CoolingType(StrEnum):
    AIR = "air"
    COLD_PLATE = "cold_plate"
    IMMERSION = "immersion"


class CoolingSpec(PartBase):
    kind: Literal["cooling"] = "cooling"
    cooling_type: CoolingType
    heat_removal_w: NonNeg | None
    heat_removal_published: bool = False  # False: derived (from a system that ships with it) or assumed
    max_device_w: NonNeg | None = None  # hottest single device this solution can cool
    # Facility needs of a liquid solution (empty/None for air): the coolant distribution unit it expects, the
    # warmest coolant supply it accepts, the design temperature rise across the node and the share of the
    # node's heat the liquid carries (the rest goes to room air). Coolant flow is computed from these.
    cdu: Annotated[str, Field(max_length=300)] = ""
    coolant_inlet_c_max: Annotated[float, Field(ge=0, le=90)] | None = None
    coolant_delta_t_k: Annotated[float, Field(gt=0, le=40)] | None = None
    liquid_heat_fraction: Annotated[float, Field(gt=0, le=1)] | None = None


class FabricSpec(PartBase):
    """The scale-out network outside the chassis (leaf switches); NIC ports link to it."""

    kind: Literal["fabric"] = "fabric"
    purpose: Literal["compute", "storage"] = "compute"
    rail_optimized: bool = True
    network_kind: NetworkKind | None = None  # None: the kind of the NICs attached to it
    in_network_reduction: bool = False  # switch-side reduction (InfiniBand SHARP: NCCL CollNet)


class SlotKind(StrEnum):
    SXM = "sxm"
    OAM = "oam"
    PCIE_X16 = "pcie_x16"
    SUPERCHIP = "superchip"
    MODULE = "module"
    SCALEUP_SWITCH = "scaleup_switch"
    PCIE_SWITCH = "pcie_switch"
    CPU = "cpu"
    NIC = "nic"
    PSU = "psu"
    COOLING = "cooling"


class RackTray(Frozen):
    """A run of identical trays in a rack-scale chassis (listed from the top of the rack down): the slots of
    each tray, in U. Slot indices run through the trays in this order, per slot kind."""

    kind: Literal["compute", "switch", "power", "cooling", "network"]
    count: Annotated[int, Field(ge=1, le=60)] = 1
    height_u: Annotated[int, Field(ge=1, le=10)] = 1
    slots: dict[SlotKind, Count] = {}


class ChassisSpec(PartBase):
    kind: Literal["chassis"] = "chassis"
    rack_units: Annotated[int, Field(ge=1, le=52)]
    slots: dict[SlotKind, Count]
    cooling_type: CoolingType
    pcie_slot_gen: PcieGen = 5
    dimms: Count = 0
    drives: Count = 0
    base_power_w: NonNeg = 0  # board, BMC, fans excluded
    # The vendor's published maximum input power of the reference system built in this chassis, and where
    # it is published; None where no vendor publishes one.
    published_max_power_w: NonNeg | None = None
    published_power_source: Annotated[str, Field(max_length=2000)] = ""
    # Fans at full speed and the parts' load at which they reach it: derived per chassis from the published
    # maximum (no vendor publishes fan power); fans follow the cube of the load below it (fan affinity law).
    fan_max_w: NonNeg | None = None
    fan_full_load_w: NonNeg | None = None
    # A rack-scale chassis (a GB200 NVL72 rack): its trays from the top down; empty for a single node.
    rack_trays: tuple[RackTray, ...] = ()


AnyPart = (GpuSpec | ScaleupSwitchSpec | PcieSwitchSpec | NicSpec | CpuSpec | PsuSpec | CoolingSpec | FabricSpec
           | ChassisSpec)  # every part has `kind`; narrow with isinstance to read kind-specific fields
Part = Annotated[AnyPart, Field(discriminator="kind")]

GPU_SLOT_FOR_FORM = {
    FormFactor.SXM: SlotKind.SXM,
    FormFactor.OAM: SlotKind.OAM,
    FormFactor.PCIE: SlotKind.PCIE_X16,
    FormFactor.SUPERCHIP: SlotKind.SUPERCHIP,
    FormFactor.MODULE: SlotKind.MODULE,
}

SLOT_FOR_KIND = {
    "scaleup_switch": SlotKind.SCALEUP_SWITCH,
    "pcie_switch": SlotKind.PCIE_SWITCH,
    "cpu": SlotKind.CPU,
    "nic": SlotKind.NIC,
    "psu": SlotKind.PSU,
    "cooling": SlotKind.COOLING,
}


def slot_kind_for(part: PartBase) -> SlotKind | None:
    """The chassis slot kind a part occupies; None for parts outside the chassis (fabrics)."""
    if isinstance(part, GpuSpec):
        return GPU_SLOT_FOR_FORM[part.form_factor]
    return SLOT_FOR_KIND.get(getattr(part, "kind", ""))


class CatalogFile(Frozen):
    """The shape of one catalog data file."""

    catalog_version: str = "1"
    parts: list[Part]
