"""The 2026 reference designs buyers compare: Blackwell Ultra, MI355X, Gaudi 3, the China-market H20 and A800
systems, a PCIe H100 NVL box, a Supermicro HGX H100 box and a liquid high-density Blackwell node.

Wired with the shared wiring rules (designer.model.wiring) through the reference builders; facts and their
sources are in the catalog parts, assumptions in each description.
"""

from __future__ import annotations

from collections.abc import Callable

from designer.model.catalog import Catalog
from designer.model.design import Design, Metadata, Redundancy, Waiver
from designer.templates import reference as ref
from designer.templates.builder import DesignBuilder
from designer.templates.reference import Hgx

# The model has no on-die NIC: the x16 link stands in for the die-internal path. The collective model still takes
# its capacity (63 GB/s per direction, below the ports' 75), so Gaudi 3 inter-node figures are conservative.
ON_DIE_WAIVER = ("Gaudi 3's scale-out ports are on the die: the x16 link that wires each port group to its chip "
                 "is a modelling device, not PCIe, and its 63 GB/s per direction is not a limit of the real part")
BRIDGED_PAIRS_WAIVER = ("Scheme A by design: NVLink bridges join each pair of H100 NVL cards only; traffic between "
                        "pairs crosses the PCIe switches")
Build = Callable[[Catalog, Metadata], Design]
N1, N2, NN = Redundancy.N_PLUS_1, Redundancy.N_PLUS_2, Redundancy.N_PLUS_N
NVSWITCH_GEN2, NVSWITCH_GEN3, NVLINK5_CHIPS = 6, 4, 2  # planes; the shared wiring splits each GPU's links evenly


def _hgx(cfg: Hgx) -> Build:
    return lambda cat, meta: ref.build_hgx(cat, meta, cfg)


def build_gaudi3(catalog: Catalog, meta: Metadata) -> Design:
    """8 Gaudi 3 OAM: 21 of the 24 on-die 200GbE ports as an all-to-all mesh (3 to each peer), the other 3 per
    chip to scale-out; the accelerators reach the host through 4 PCIe switches."""
    b = DesignBuilder(catalog, "chassis-oam-8u", meta, N1)
    gpus = b.add("gpu", "gaudi3", 8)
    ref.add_scaleup(b, gpus)
    cpus = ref.add_host(b, "xeon-8480plus")
    psws = b.add("psw", "pex89144", 4)
    nics = b.add("nic", "gaudi3-roce-3x200", 8)
    ref.add_pcie(b, gpus, nics, cpus, psws)  # the on-die ports on their chip
    ref.add_network(b, nics, "scaleout-roce")
    ref.add_power_and_cooling(b, "psu-3000", 6, "fan-wall-oam-8u")
    waiver = Waiver(rule="pcie.nic_link_speed", reason=ON_DIE_WAIVER)
    return b.build().model_copy(update={"waivers": [waiver]})


def build_h100_nvl(catalog: Catalog, meta: Metadata) -> Design:
    """Scheme A: 8 H100 NVL cards on two PCIe Gen5 switches, each pair joined by NVLink bridges (12 links)."""
    b = DesignBuilder(catalog, "chassis-pcie-4u-10", meta, NN)
    gpus = b.add("gpu", "h100-nvl", 8)
    ref.add_scaleup(b, gpus)  # the card's bridge group: pairs
    cpus = ref.add_host(b, "epyc-9654")
    nics = b.add("nic", "cx7-400", 4)
    ref.add_pcie_tree(b, gpus, nics, cpus, "pex89144", 2)
    ref.add_network(b, nics, "scaleout-compute-flat")
    ref.add_power_and_cooling(b, "psu-3000", 4, "fan-wall-4u")
    waiver = Waiver(rule="scaleup.unreachable", reason=BRIDGED_PAIRS_WAIVER)
    return b.build().model_copy(update={"waivers": [waiver]})


def build_mi355x(catalog: Catalog, meta: Metadata) -> Design:
    return ref.build_mesh(catalog, meta, chassis="chassis-oam-4u-dlc", gpu="mi355x",
                          cpu="epyc-9654", n_cpu=2, pcie_switch="pex89144", nic="thor2-400", psu="psu-3300",
                          n_psu=6, redundancy=N1, cooling="cold-plate-cdu")


# (id, title, description, build): designer.templates adds these to TEMPLATES.
ROWS: list[tuple[str, str, str, Build]] = [
    ("hgx-b300", "HGX B300",
     "8x B300 (Blackwell Ultra, 1,100 W) air-cooled, 2 NVLink5 switch chips, 8x ConnectX-8 800G (each GPU on its "
     "NIC's Gen6 switch) + 2 BlueField-3, "
     "2x Xeon 8570; chassis, fan wall and PSUs (6x 3.3 kW, 5+1) assumed",
     _hgx(Hgx("chassis-hgx-10u", "b300-sxm", "nvlink5-switch", NVLINK5_CHIPS, "xeon-8570", "cx8-pcie-switch", "cx8-800",
              "bf3-b3240", 2, "psu-3300", 6, N1, "fan-wall-10u-b300", n_pcie_switch=8))),
    ("amd-mi355x", "AMD MI355X platform (liquid)",
     "8x MI355X 1,400 W OAM, Infinity Fabric full mesh (7 x 76.8 GB/s/dir), direct liquid cooling on a CDU, "
     "4U, 8x 400G, 2x EPYC 9654 (EPYC 9005 in shipping systems); PSUs assumed (6x 3.3 kW, 5+1)",
     build_mi355x),
    ("gaudi3-8", "Intel Gaudi 3 8-OAM",
     "8x Gaudi 3 OAM: 21 of 24 on-die 200GbE RoCE ports per chip as the all-to-all scale-up (3 per peer), "
     "3 per chip (600 Gb/s) to a RoCE scale-out, 2x Xeon 8480+; PSUs assumed (6x 3 kW, 5+1)",
     build_gaudi3),
    ("hgx-h20", "HGX H20 (China market)",
     "8x export-compliant H20 (96 GB, 400 W), 4 NVSwitch gen3 (NV18, 900 GB/s bidirectional per GPU), 8x 400G, "
     "6U; PSUs assumed (6x 3 kW, 3+3)",
     _hgx(Hgx("chassis-hgx-6u", "h20-sxm", "nvswitch-gen3", NVSWITCH_GEN3, "xeon-8480plus", "pex89144", "cx7-400",
              "cx7-2x200", 1, "psu-3000", 6, NN, "fan-wall-6u"))),
    ("h100-nvl-pcie", "8x H100 NVL PCIe (bridged pairs)",
     "Scheme A: 8x H100 NVL PCIe cards in NVLink-bridged pairs (600 GB/s bidirectional per pair), two PCIe Gen5 "
     "switches, 4x 400G, 2x EPYC 9654; PSUs assumed (4x 3 kW, 2+2)",
     build_h100_nvl),
    ("inspur-nf5688m6", "Inspur NF5688M6 (A800)",
     "China-market 6U HGX A800: 8x A800 (8 of 12 NVLinks), 6 NVSwitch gen2, 2x Xeon 8380, PCIe 4.0, 8x 200G HDR; "
     "PSUs taken as 6x 3 kW (3+3), not verified",
     _hgx(Hgx("chassis-inspur-nf5688m6", "a800-sxm", "nvswitch-gen2", NVSWITCH_GEN2, "xeon-8380", "pex88096",
              "cx6-200", "cx6-200", 1, "psu-3000", 6, NN, "fan-wall-6u"))),
    ("supermicro-821ge", "Supermicro SYS-821GE-TNHR (HGX H100)",
     "8U HGX H100 8-GPU (H200 board also offered), 4 NVSwitch gen3, 8x 400G, 2x Xeon 8480+, 6x 3 kW Titanium: "
     "Supermicro lists 3+3, which 9 kW cannot hold at the computed peak, so modelled 4+2",
     _hgx(Hgx("chassis-supermicro-821ge", "h100-sxm5", "nvswitch-gen3", NVSWITCH_GEN3, "xeon-8480plus", "pex89144",
              "cx7-400", "cx7-2x200", 2, "psu-3000", 6, N2, "fan-wall-8u"))),
    ("hgx-b200-dlc", "HGX B200 liquid high-density (scheme D)",
     "8x B200 in 4U with cold plates on a facility CDU (coolant up to 45 C, flow from the heat), "
     "2 NVLink5 switch chips, 8x 400G + 2 BlueField-3, 2x Xeon 8570; PSUs assumed (6x 3.3 kW, 5+1)",
     _hgx(Hgx("chassis-hgx-4u-dlc", "b200-sxm", "nvlink5-switch", NVLINK5_CHIPS, "xeon-8570", "pex89144", "cx7-400",
              "bf3-b3240", 2, "psu-3300", 6, N1, "cold-plate-cdu"))),
]
