"""Catalog specs: what a part *is* (an H100 SXM5, a ConnectX-7, a 3.3 kW PSU).

Placements (this GPU in slot 3) live in `designer.model.design`. Units are in field names;
bandwidths are per direction unless a name says otherwise. `None` means "not known": rules and
figures treat it as unknown and say so, rather than assuming a value. For FLOPS, 0 means
"not supported by the part" and `None` means unknown.
"""

from __future__ import annotations

from collections.abc import Iterable
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
    # The part whose published figures these are, where this part has none of its own ("the DGX A100's 3 kW
    # PSU"): said wherever the part is cited, and never graded high (designer.model.sources).
    borrowed_from: Annotated[str, Field(max_length=200)] = ""
    notes: Annotated[str, Field(max_length=2000)] = ""
    power_w: NonNeg | None = None  # typical/max power draw; None = not published


class GpuSpec(PartBase):
    kind: Literal["gpu"] = "gpu"
    form_factor: FormFactor
    arch: str
    tdp_w: NonNeg
    memory_gb: NonNeg  # usable capacity, as the vendor publishes it (B200: 180 of 192 GB)
    memory_type: str
    memory_physical_gb: NonNeg | None = None  # the memory stacks' raw capacity where above memory_gb; None: same
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
    # Cards joined by bridges come in groups of this many (H100 NVL: 2-way bridges, pairs); None: every peer of the
    # fabric is reachable (a baseboard mesh or switch). The shared wiring (designer.model.wiring) meshes each group.
    bridge_group: Annotated[int, Field(ge=2, le=16)] | None = None

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
    # Ports on the accelerator's package or die (Ascend 910B RoCE, Gaudi 3): wired to their accelerator, one each.
    on_accelerator: bool = False
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


ColdPlated = Literal["gpu", "cpu", "scaleup_switch", "pcie_switch", "nic", "dpu"]


class CoolingSpec(PartBase):
    kind: Literal["cooling"] = "cooling"
    cooling_type: CoolingType
    heat_removal_w: NonNeg | None
    heat_removal_published: bool = False  # False: derived (from a system that ships with it) or assumed
    max_device_w: NonNeg | None = None  # hottest single device this solution can cool
    # Facility needs of a liquid solution (empty/None for air): the coolant distribution unit it expects, the
    # warmest coolant supply it accepts, the design temperature rise across the node. Coolant flow is computed
    # from these (designer.model.facility.heat_balance).
    cdu: Annotated[str, Field(max_length=300)] = ""
    coolant_inlet_c_max: Annotated[float, Field(ge=0, le=90)] | None = None
    coolant_delta_t_k: Annotated[float, Field(gt=0, le=40)] | None = None
    # What the liquid carries: the part kinds under cold plates ("gpu", "cpu", "scaleup_switch", "pcie_switch",
    # "nic" (NICs that are not DPUs), "dpu") and the share of each such part's heat its cold plate captures (the rest
    # leaves through the board into the air). Everything else (PSU losses, fans, DIMMs, drives, board) goes to air.
    # Immersion takes every part. `liquid_split_note` says where these come from (a source, or "assumed").
    cold_plated: tuple[ColdPlated, ...] = ()
    liquid_heat_fraction: Annotated[float, Field(gt=0, le=1)] | None = None  # None: all of it (stated)
    liquid_split_note: Annotated[str, Field(max_length=1000)] = ""
    # The coolant distribution unit's published capacity (an in-rack CDU serves one rack), and its source.
    cdu_capacity_w: NonNeg | None = None
    cdu_capacity_source: Annotated[str, Field(max_length=1000)] = ""


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


class FixedWiring(Frozen):
    """Scale-up links the chassis carries itself (baseboard traces, a rack's cable cartridges): every accelerator
    slot's links to the switch positions or to its peers, as built. They cannot be re-wired, so a missing part or
    link is bandwidth lost, not an idle port to wire."""

    what: Annotated[str, Field(min_length=3, max_length=200)]  # "HGX H100 baseboard NVLink traces"
    source: Annotated[str, Field(min_length=3, max_length=1000)]


class Physical(Frozen):
    """The vendor's physical and site facts of the system built in this chassis, as its document writes them (a DGX
    user guide's mechanical, power and environmental tables); a fact the document does not give stays None and every
    place that shows the facts says "not published" for it."""

    height_mm: Annotated[float, Field(gt=0, le=3000)] | None = None
    width_mm: Annotated[float, Field(gt=0, le=1500)] | None = None
    depth_mm: Annotated[float, Field(gt=0, le=2000)] | None = None
    weight_kg: Annotated[float, Field(gt=0, le=5000)] | None = None  # the document's maximum where it says "max"
    ac_volts: tuple[Annotated[int, Field(ge=90, le=480)], Annotated[int, Field(ge=90, le=480)]] | None = None
    cords: Annotated[int, Field(ge=1, le=64)] | None = None  # power cords shipped with the system
    plug: Annotated[str, Field(max_length=40, pattern=r"^[A-Za-z0-9/ .-]*$")] = ""  # the plug standard: "C19/C20"
    cord_rating: Annotated[str, Field(max_length=40, pattern=r"^[A-Za-z0-9 .,/-]*$")] = ""  # "250 V, 20 A"
    operating_temp_c: tuple[float, float] | None = None  # (low, high) inlet air, the document's operating range
    source: Annotated[str, Field(min_length=3, max_length=1000)]


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
    # The vendor's physical and site facts of its reference system (None: none read in a vendor document).
    physical: Physical | None = None
    # A rack-scale chassis (a GB200 NVL72 rack): its trays from the top down; empty for a single node.
    rack_trays: tuple[RackTray, ...] = ()
    # Scale-out NIC ports behind one front-panel cage (DGX H100: 8 ConnectX-7 ports in 4 twin-port OSFP cages), so
    # one node-side transceiver serves this many links; 1 where each NIC has its own cage.
    scaleout_ports_per_cage: Annotated[int, Field(ge=1, le=4)] = 1
    # The scale-up links the chassis carries itself (None: links are the design's to make, as PCIe bridges are).
    fixed_scaleup: FixedWiring | None = None


class NetworkSwitchSpec(PartBase):
    """A scale-out (or storage, in-band, out-of-band) switch: ports at their native speed, in cages."""

    kind: Literal["network_switch"] = "network_switch"
    ports: Annotated[int, Field(ge=1, le=4096)]
    port_speed_gbit_s: NonNeg
    cages: Annotated[int, Field(ge=1, le=4096)]  # OSFP/QSFP cages on the front panel (twin-port: ports / 2)
    rack_units: Annotated[int, Field(ge=1, le=20)] = 1
    network_kind: NetworkKind = NetworkKind.INFINIBAND
    role: Literal["compute", "storage", "inband", "oob"] = "compute"
    liquid: bool = False
    # the most it can draw on its redundant supplies with one failed (one PSU's rating, 1+1): an assumed draw from
    # its ports is never above it (designer.cluster.build.switch_watts)
    psu_limit_w: NonNeg | None = None
    # independent switches in one box (Quantum-X800 Q3200-RA: two 36-port switches in a 2U box): `ports` and `cages`
    # are one switch's, `rack_units`, `power_w`, `psu_limit_w` and the price the box's
    switches_per_box: Annotated[int, Field(ge=1, le=8)] = 1


class CableSpec(PartBase):
    kind: Literal["cable"] = "cable"
    medium: Literal["dac", "acc", "aoc", "fiber", "utp"]  # utp: twisted-pair copper patch cord (out-of-band)
    speed_gbit_s: NonNeg
    max_length_m: Annotated[float, Field(gt=0, le=10_000)]
    needs_transceivers: bool = False  # passive fiber runs between two transceivers
    fiber: Literal["multimode", "single_mode"] | None = None


class TransceiverSpec(PartBase):
    kind: Literal["transceiver"] = "transceiver"
    form_factor: Literal["osfp", "qsfp112", "qsfp-dd"] = "osfp"
    ports: Annotated[int, Field(ge=1, le=8)] = 1  # twin-port OSFP: 2 links per cage
    port_speed_gbit_s: NonNeg
    reach_m: Annotated[float, Field(gt=0, le=100_000)]
    fiber: Literal["multimode", "single_mode"] = "single_mode"
    top: Literal["finned", "flat"] = "finned"  # flat: for a NIC's cage in a server (riding heat sink), finned: switch


class PduSpec(PartBase):
    kind: Literal["pdu"] = "pdu"
    volts: Annotated[float, Field(gt=0, le=1000)]
    amps: Annotated[float, Field(gt=0, le=1000)]
    phases: Literal[1, 3]
    outlets: Count
    rack_units: Annotated[int, Field(ge=0, le=4)] = 0  # 0: vertical (zero-U)


class RackSpec(PartBase):
    kind: Literal["rack"] = "rack"
    height_u: Annotated[int, Field(ge=10, le=60)]
    width_mm: Annotated[int, Field(ge=400, le=1200)]
    depth_mm: Annotated[int, Field(ge=600, le=1600)]


class CduSpec(PartBase):
    kind: Literal["cdu"] = "cdu"
    capacity_w: NonNeg
    placement: Literal["in_rack", "in_row"] = "in_row"
    rack_units: Annotated[int, Field(ge=0, le=10)] = 0
    approach_k: Annotated[float, Field(ge=0, le=30)] | None = None  # coolant above facility water (None: unpublished)


AnyPart = (GpuSpec | ScaleupSwitchSpec | PcieSwitchSpec | NicSpec | CpuSpec | PsuSpec | CoolingSpec | FabricSpec
           | ChassisSpec | NetworkSwitchSpec | CableSpec | TransceiverSpec | PduSpec | RackSpec
           | CduSpec)  # every part has `kind`; narrow with isinstance to read kind-specific fields
Part = Annotated[AnyPart, Field(discriminator="kind")]

PartKind = Literal[
    "gpu", "scaleup_switch", "pcie_switch", "nic", "cpu", "psu", "cooling", "fabric", "chassis",
    "network_switch", "cable", "transceiver", "pdu", "rack", "cdu",
]

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


def only_gpus(parts: Iterable[PartBase]) -> bool:
    """Whether every accelerator among the parts is a GPU, not an NPU or a Gaudi: documents and messages then say
    "GPU", else "accelerator"."""
    return all(p.device_class == "gpu" for p in parts if isinstance(p, GpuSpec))


def slot_kind_for(part: PartBase) -> SlotKind | None:
    """The chassis slot kind a part occupies; None for parts outside the chassis (fabrics)."""
    if isinstance(part, GpuSpec):
        return GPU_SLOT_FOR_FORM[part.form_factor]
    return SLOT_FOR_KIND.get(getattr(part, "kind", ""))


class CatalogFile(Frozen):
    """The shape of one catalog data file."""

    catalog_version: str = "1"
    parts: list[Part]
