"""Physical efficiencies and latencies of the collective model, each with where it comes from.

The bandwidth side is physical: raw link rates come from the catalog through the topology graph, and
each link technology carries a fraction of its raw rate in collective traffic. The fractions below are
fitted to public measurements and cross-checked with NCCL's own model (reference/collectives.md);
they are per link technology, never per product.
"""

from __future__ import annotations

from typing import TypedDict

from designer.model.design import LinkKind
from designer.model.parts import Fabric

# Achieved fraction of the raw per-direction link rate in large-message ring traffic.
LINK_EFFICIENCY: dict[LinkKind, float] = {
    # ~20 % protocol overhead on NVLink (NVIDIA, nccl-tests#212); measured ring AllReduce busbw
    # 8xA100 231-235 of 300 GB/s (0.78), 8xH100 361-370 of 450 (0.80-0.82); NCCL models 20.0/25
    # (SM80) and 20.6/25 (SM90) per link, 40.1/50 (SM100).
    LinkKind.NVLINK: 0.805,
    LinkKind.C2C: 0.805,  # NVLink-C2C: taken as NVLink (no separate measurement)
    # xGMI rings reach ~70 % of raw: MI300X ring AllReduce 313-316 of 448 GB/s (hisohara rccl smoketest).
    LinkKind.XGMI: 0.70,
    LinkKind.HCCS: 0.70,  # no public measurement: taken as xGMI (an assumption)
    LinkKind.ROCE: 0.85,  # on-die Ethernet scale-up: RoCE framing, an assumption
    # NCCL models PCIe x16 as 24 (Gen4) / 48 (Gen5) GB/s of 31.5 / 63 raw (topo.h): 0.76.
    LinkKind.PCIE: 0.76,
    # The socket figure in the catalog is already NCCL's effective inter-CPU bandwidth.
    LinkKind.SOCKET: 1.0,
    # NCCL reaches 46-49 GB/s per 400 Gb/s NDR NIC (NVIDIA engineers, nccl-tests#290, #267): 0.94.
    LinkKind.NETWORK: 0.94,
}

# In-switch reduction (NVLS): AllReduce algbw as a fraction of the GPU's raw NVLink rate. Fitted to
# 8xH100 NVLS AllReduce busbw 475-480 GB/s (Azure ND H100 v5; nccl-tests#212) = 1.75 x 0.61 x 450;
# consistent with "+30 % over ring". NVLink5 scaled by NCCL's nvlsEfficiency ratio 0.74 / 0.85.
NVLS_EFFICIENCY: dict[Fabric, float] = {Fabric.NVLINK4: 0.61, Fabric.NVLINK5: 0.61 * 0.74 / 0.85}
NVLS_MIN_GPUS = 5  # NVLS engages only above 4 GPUs (collectives.md s6)

# Tree bandwidth relative to ring: NCCL caps tree busBw at 0.92 of the link bandwidth and converts it
# to algorithm bandwidth with x0.5 (tuning.cc; collectives.md s5.5).
TREE_BUS_FACTOR = 0.92

PROTOCOLS = ("LL", "LL128", "Simple")
# Payload efficiency per protocol: LL carries 4 B of data per 8 B (flag + data), LL128 120 B per 128 B.
PROTOCOL_BW = {"LL": 0.5, "LL128": 120 / 128, "Simple": 1.0}

# Latencies (us) by library, (algorithm, protocol): NCCL 2.30.7 baseLatencies and hwLatencies
# (collectives.md s5.2-5.3); RCCL 2.21.5 tuning model 5 for 8-GPU xGMI meshes (s5.10).
# One change, fitted: the per-step LL latency over NVLink is 2.6 us instead of NCCL's 0.6, from the
# measured 43.8 us for a 32 KiB ring AllReduce on 8xA100 (stas00/ml-engineering).
class LatencyTable(TypedDict):
    """Microseconds: base[algorithm][protocol] and hop[link class][algorithm][protocol]."""

    base: dict[str, dict[str, float]]
    hop: dict[str, dict[str, dict[str, float]]]


NCCL: LatencyTable = {
    "base": {"ring": {"LL": 6.6, "LL128": 14.0, "Simple": 8.4}, "tree": {"LL": 6.8, "LL128": 14.0, "Simple": 8.4},
             "nvls": {"LL": 0.0, "LL128": 0.0, "Simple": 0.0}, "direct": {"LL": 6.6, "LL128": 14.0, "Simple": 8.4}},
    "hop": {
        "scaleup": {"ring": {"LL": 2.6, "LL128": 1.9, "Simple": 3.4}, "tree": {"LL": 2.6, "LL128": 1.25, "Simple": 4.0},
                    "nvls": {"Simple": 25.0}},
        "pci": {"ring": {"LL": 1.0, "LL128": 2.5, "Simple": 5.7}, "tree": {"LL": 1.0, "LL128": 1.9, "Simple": 4.0}},
        "net": {"ring": {"LL": 2.7, "LL128": 4.0, "Simple": 14.0}, "tree": {"LL": 5.0, "LL128": 8.5, "Simple": 14.0},
                "nvls": {"Simple": 18.0}},
    },
}
RCCL: LatencyTable = {
    "base": {a: {"LL": 12.0, "LL128": 12.0, "Simple": 17.0} for a in ("ring", "tree", "direct")},
    "hop": {
        "scaleup": {"ring": {"LL": 0.8, "Simple": 2.1}, "tree": {"LL": 0.9, "Simple": 2.3}},
        "pci": {"ring": {"LL": 2.2, "LL128": 2.2, "Simple": 5.7}, "tree": {"LL": 2.2, "LL128": 2.2, "Simple": 5.7}},
        "net": {"ring": {"LL": 9.5, "Simple": 320.0}, "tree": {"LL": 10.5, "Simple": 25.0}},
    },
}
# Ring+Simple AllReduce across nodes: latency x1.4 ("plateau effect of ring", tuning.cc).
RING_SIMPLE_MULTINODE_LAT = 1.4
