"""Physical efficiencies and latencies of the collective model, each with where it comes from.

The bandwidth side is physical: raw link rates come from the catalog through the topology graph, and
each link technology carries a fraction of its raw rate in collective traffic. The fractions below are
fitted to public measurements and cross-checked with NCCL's own model (reference/collectives.md);
they are per link technology, never per product.
"""

from __future__ import annotations

from typing import TypedDict

from designer.model.design import LinkKind
from designer.model.parts import Fabric, NetworkKind

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
    # On-die Ethernet scale-up (Gaudi): RoCEv2 framing at a 4096 B MTU, 82 B per packet (preamble/SFD 8,
    # Ethernet 14 + FCS 4, inter-frame gap 12, IPv4 20, UDP 8, BTH 12, ICRC 4): 4096 / 4178 = 0.98. The
    # reduction runs in the chip's engines, so no GPU-protocol share is taken off (checked against
    # Intel's HLS-3 figures, docs.habana.ai Collectives Performance: 513 GB/s of 525 = 0.977).
    LinkKind.ROCE: 0.98,
    # NCCL models PCIe x16 as 24 (Gen4) / 48 (Gen5) GB/s of 31.5 / 63 raw (topo.h): 0.76.
    LinkKind.PCIE: 0.76,
    # The socket figure in the catalog is already NCCL's effective inter-CPU bandwidth.
    LinkKind.SOCKET: 1.0,
    # NCCL reaches 46-49 GB/s per 400 Gb/s NDR NIC (NVIDIA engineers, nccl-tests#290, #267): 0.94.
    LinkKind.NETWORK: 0.94,
}

# In-switch reduction (NVLS): AllReduce algbw as a fraction of the GPU's raw NVLink rate. Fitted to
# 8xH100 NVLS AllReduce busbw 475-480 GB/s at 8 GB (Azure ND H100 v5; nccl-tests#212) through the NVLS
# chunk pipeline below (its per-step cost leaves ~95 % of the rate at 8 GB: 1.75 x 0.645 x 450 x 0.95);
# consistent with "+30 % over ring". NVLink5 scaled by NCCL's nvlsEfficiency ratio 0.74 / 0.85.
NVLS_EFFICIENCY: dict[Fabric, float] = {Fabric.NVLINK4: 0.645, Fabric.NVLINK5: 0.645 * 0.74 / 0.85}
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
             "nvls": {"LL": 0.0, "LL128": 0.0, "Simple": 0.0}, "nvlstree": {"Simple": 0.0},
             "direct": {"LL": 6.6, "LL128": 14.0, "Simple": 8.4}},
    "hop": {
        "scaleup": {"ring": {"LL": 2.6, "LL128": 1.9, "Simple": 3.4}, "tree": {"LL": 2.6, "LL128": 1.25, "Simple": 4.0},
                    "nvls": {"Simple": 25.0}, "nvlstree": {"Simple": 25.0}},
        "pci": {"ring": {"LL": 1.0, "LL128": 2.5, "Simple": 5.7}, "tree": {"LL": 1.0, "LL128": 1.9, "Simple": 4.0}},
        "net": {"ring": {"LL": 2.7, "LL128": 4.0, "Simple": 14.0}, "tree": {"LL": 5.0, "LL128": 8.5, "Simple": 14.0},
                "nvls": {"Simple": 18.0}, "nvlstree": {"Simple": 20.9}},
    },
}
RCCL: LatencyTable = {
    "base": {a: {"LL": 12.0, "LL128": 12.0, "Simple": 17.0} for a in ("ring", "tree", "direct")},
    "hop": {
        "scaleup": {"ring": {"LL": 0.8, "Simple": 2.1}, "tree": {"LL": 0.9, "Simple": 2.3}},
        "pci": {"ring": {"LL": 2.2, "LL128": 2.2, "Simple": 5.7}, "tree": {"LL": 2.2, "LL128": 2.2, "Simple": 5.7}},
        "net": {"ring": {"LL": 9.5, "Simple": 14.0}, "tree": {"LL": 10.5, "Simple": 25.0}},
    },
}
# RCCL's NET Ring Simple entry (320 us) is replaced by NCCL's 14 us: it steers RCCL's choice away from
# ring, it is not a latency (MI325X ring AllReduce loses nothing from 1 to 8 nodes at 8 GB: 318 ->
# 350 GB/s busbw, hisohara/ai-scripts training/01_rccl-smoketest).
# Ring+Simple AllReduce across nodes: latency x1.4 ("plateau effect of ring", tuning.cc).
RING_SIMPLE_MULTINODE_LAT = 1.4

# --- Mid-size mechanisms (NCCL source, NVIDIA/nccl master 2.30; see collectives.md s5) -----------
# NVLS moves a message as chunks through `NVLS_STAGES` pipelined steps (copy into the multicast
# buffer, reduce + multicast through the switch, copy out: the three warp groups of NCCL's NVLS
# AllReduce kernel, src/device/all_reduce.h) on channels x heads concurrent lanes. NVLS channels per
# GPU generation: 16 on SM90, 24 on SM100 (32 across nodes) (src/transport/nvls.cc, collectives.md
# s5.7); heads = GPUs of the node. Chunk size: NCCL_NVLS_CHUNKSIZE 128 KiB, cut to 64/32/16 KiB when
# the message is below 64/8/2 x lanes x chunk (calcCollChunking, src/enqueue.cc).
NVLS_CHANNELS: dict[Fabric, int] = {Fabric.NVLINK4: 16, Fabric.NVLINK5: 24}
NVLS_CHANNELS_MULTINODE: dict[Fabric, int] = {Fabric.NVLINK4: 16, Fabric.NVLINK5: 32}
NVLS_CHUNK_BYTES = 128 * 1024
NVLS_CHUNK_CUTS = ((64, 64 * 1024), (8, 32 * 1024), (2, 16 * 1024))  # (x lanes x chunk, new chunk)
NVLS_STAGES = 3
# Per chunk-step synchronisation: NCCL's NVLink Simple per-hop latency (hwLatencies NVLINK Ring
# Simple 3.4 us, tuning.cc) on an 8-GPU node. The rest of NCCL's 25 us NVLS latency is fixed (launch
# and setup): 25 - NVLS_STAGES x 3.4 = 14.8 us, so a one-chunk message costs what NCCL's model says.
NVLS_STEP_US = 3.4
NVLS_FIXED_US = 25.0 - NVLS_STAGES * NVLS_STEP_US
# A chunk-step is one pass over every head: NCCL's NVLS kernel scatters and gathers each step through
# a FanAsymmetric<0|NVLS_ARITY> primitive that waits for and posts one flag per head in turn
# (src/device/all_reduce.h, runs of scatter/gather over nvls->nHeads; src/device/prims_simple.h). The
# per-step cost therefore grows with the heads: 3.4 us over the 8 heads it was taken on, 0.425 us per
# head (no constant part assumed). 8-GPU nodes are unchanged; 72 heads (GB200 NVL72) pay 30.6 us.
NVLS_STEP_HEADS = 8
# NVLSTree / NVLS+SHARP across nodes: the intra-node NVLS work and the network send/receive are run by
# the same kernel's warps and do not overlap perfectly. Share of the shorter phase hidden under the
# longer one, fitted to two 2-node H100 measurements with NVLS on: 470 GB/s busbw over 8 x 400G
# (NVIDIA/nccl-tests#309; 0.88 alone) and 430 GB/s over 8 x 400G RoCE (NVIDIA/nccl#1221; 0.77 alone).
NVLS_NET_OVERLAP = 0.82

# Tree AllReduce bandwidth correction by message size (NCCL treeCorrectionFactor, tuning.cc):
# power-of-two bins from 64 B, per protocol (collectives.md s5.5 item 5).
TREE_CORRECTION: dict[str, tuple[float, ...]] = {
    "LL": (1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0),
    "LL128": (1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0,
              1.0),
    "Simple": (.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9),
}
# Ring LL bus bandwidth cap per NVLink generation (llMaxBws, single node; tuning.cc): LL's flag
# polling limits it however fast the links are.
LL_MAX_BUSBW: dict[Fabric, float] = {Fabric.NVLINK3: 87.7, Fabric.NVLINK4: 141.0, Fabric.NVLINK5: 282.0}

# --- Scale-out network by kind (the NIC's or fabric's network_kind) --------------------------------
# Achieved fraction of the NIC line rate in NCCL ring traffic.
NETWORK_EFFICIENCY: dict[NetworkKind, float] = {
    # 46-48 GB/s per NDR 400G NIC (NVIDIA engineers, NVIDIA/nccl-tests#290, #267); 24 of 25 GB/s per
    # HDR NIC (NVIDIA/nccl-tests#252).
    NetworkKind.INFINIBAND: 0.94,
    # Spectrum-X: NVIDIA states 95 % effective bandwidth at scale (NVIDIA Spectrum-X Networking
    # Platform, nvidia.com/en-us/networking/spectrumx); taken as InfiniBand's NCCL figure.
    NetworkKind.ROCE_SPECTRUM_X: 0.94,
    # Standard RoCE: between 4 x 8 H100 over 8 x 400G RoCE, 320 GB/s ring busbw = 40 GB/s per NIC
    # (NVIDIA/nccl#1221, 0.80 of 50 GB/s), and 2-8 x 8 MI325X over 8 x 400G Broadcom RoCE, 349-350 GB/s
    # ring busbw (hisohara/ai-scripts training/01_rccl-smoketest; 0.87 with the ring's NIC share): 0.84.
    NetworkKind.ROCE: 0.84,
    # EFA: no public nccl-tests figure found; taken as standard RoCE (an assumption, confidence L).
    NetworkKind.EFA: 0.84,
    # Ascend RoCE (HCCL): no public measurement found; taken as standard RoCE (an assumption).
    NetworkKind.ROCE_ASCEND: 0.84,
}
# Extra latency per network step (us) on top of the library's NET hop latency (NCCL's NET row was
# measured on InfiniBand). Standard RoCE fitted to 2 x 8 MI300X over 8 x 400G RoCE, AllReduce of 8 B in
# 218-256 us (hisohara/ai-scripts training/01_rccl-smoketest), where RCCL's own model says 42 us.
NET_STEP_EXTRA_US: dict[NetworkKind, float] = {
    NetworkKind.INFINIBAND: 0.0,
    NetworkKind.ROCE_SPECTRUM_X: 0.0,  # same NIC and NCCL transport as InfiniBand (an assumption)
    NetworkKind.ROCE: 96.0,
    NetworkKind.EFA: 96.0,  # no public small-message figure found: taken as standard RoCE (assumption)
    NetworkKind.ROCE_ASCEND: 96.0,  # no public figure found: taken as standard RoCE (assumption)
}
# Latency of one switch hop (us): InfiniBand Quantum-2 ~0.13 us port to port (NVIDIA QM9700 data
# sheet); Ethernet switches ~0.6-0.8 us (Broadcom Tomahawk 4/5 and Spectrum-4 class, vendor briefs).
SWITCH_HOP_US: dict[NetworkKind, float] = {
    NetworkKind.INFINIBAND: 0.13, NetworkKind.ROCE_SPECTRUM_X: 0.6, NetworkKind.ROCE: 0.8,
    NetworkKind.EFA: 0.8, NetworkKind.ROCE_ASCEND: 0.8,
}

# Uncertainty band of a prediction without a calibration profile: busbw x (1 -/+ MODEL_SPREAD). The
# median |error| of the model on the held-out public measurements of benchmarks/validate_model.py (30
# points, 1-248 nodes, 8 B-16 GB, Gaudi 3 and MI355X included; 5.7 % when this was set; 5.4 % before
# those six points joined). The rack-scale NVL72 points are fit points and are summarised on their own
# line of that script (median 4.4 %, worst +9.1 %). A profile carries its own fit's spread.
MODEL_SPREAD = 0.057

# Direct (all-pairs) AllReduce on a full mesh is what RCCL runs through MSCCL on 8-GPU xGMI meshes, and
# only up to 20 MiB (ROCm/rccl tools/msccl-algorithms/allreduce-allpairs-8n-simple.xml: proto Simple,
# minBytes 524288, maxBytes 20971520; the LL variant covers 20 KB-320 KB); above it auto uses ring.
DIRECT_ALLREDUCE_MAX_BYTES = 20 * 1024 * 1024
