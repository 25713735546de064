"""How long an algorithm takes for one size and protocol: phases, latency terms and NCCL's chunk
pipeline (collectives.md s5; NVIDIA/nccl src/enqueue.cc and src/graph/tuning.cc).

Plain form (ring and tree, as NCCL's own model): time = latency + size x seconds-per-byte, the
slowest phase setting the rate. After the first loop NCCL's buffer slots keep several steps in
flight, so per-step costs are paid once along the ring, not per chunk.

Pipelined form (NVLS, NVLSTree, NVLS+SHARP): `lanes` concurrent pipelines (channels x heads) each
carry size/lanes in k chunks through `stages` steps; a chunk-step costs step_us plus the chunk's
transfer at the lane's share of the rate: time = fixed + (k + stages - 1) x (step_us + chunk / lane rate).
Chunks shrink for smaller messages (NCCL's cut rules), so mid-size messages run in few small chunks
and the pipeline's fill and per-step costs weigh on them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.simulation.constants import PROTOCOL_BW, TREE_CORRECTION
from designer.simulation.fabric import Bottleneck, Rate


@dataclass(frozen=True)
class Phase:
    seconds_per_byte: float  # time per byte of S (the nccl-tests size)
    rate: Rate
    what: str


@dataclass(frozen=True)
class Pipeline:
    lanes: int
    stages: int
    step_us: float
    fixed_us: float
    max_chunk: int
    cuts: tuple[tuple[int, int], ...]  # (m, c): chunk becomes c when size < m x lanes x chunk

    def chunk_bytes(self, size: int) -> int:
        chunk = self.max_chunk
        for mult, cut in self.cuts:
            if size < mult * self.lanes * chunk and chunk > cut:
                chunk = cut
        return chunk

    def chunks(self, size: int) -> int:
        """k: chunks each lane's share is cut into."""
        return max(1, math.ceil(size / self.lanes / self.chunk_bytes(size)))

    def time_us(self, size: int, seconds_per_byte: float) -> float:
        k = self.chunks(size)
        chunk = size / self.lanes / k
        step = self.step_us + chunk * seconds_per_byte * self.lanes * 1e6
        return self.fixed_us + (k + self.stages - 1) * step


def tree_correction(size: int, proto: str) -> float:
    """NCCL's size-binned Tree AllReduce bandwidth factor (bins of powers of two from 64 B)."""
    factors = TREE_CORRECTION[proto]
    log_size = int(math.log2(size >> 6)) if size >= 64 else -1
    return factors[log_size] if 0 <= log_size < len(factors) - 1 else 1.0


@dataclass(frozen=True)
class Plan:
    """How an algorithm moves a collective: its phases, latency steps and, if chunked, its pipeline."""

    phases: tuple[Phase, ...]
    latency_us: dict[str, float]  # per protocol
    overlap: float = 1.0  # share of the shorter phases hidden under the longest (1: fully)
    pipeline: Pipeline | None = None
    tree: bool = False  # Tree AllReduce: size-binned bandwidth correction
    ll_cap_busbw: float | None = None  # LL bus bandwidth cap (GB/s), NCCL's llMaxBw
    bus_factor: float = 1.0  # busbw / algbw of the collective (for the LL cap)
    max_bytes: int = 0  # largest size the library runs this algorithm at by itself (0: any)

    def seconds_per_byte(self) -> float:
        if not self.phases:
            return 0.0
        times = [p.seconds_per_byte for p in self.phases]
        slowest = max(times)
        return slowest + (1.0 - self.overlap) * (sum(times) - slowest)

    def time_us(self, size: int, proto: str) -> float:
        spb = self.seconds_per_byte() / PROTOCOL_BW[proto]
        if proto == "LL" and self.ll_cap_busbw:
            spb = max(spb, self.bus_factor / (self.ll_cap_busbw * 1e9))
        if self.tree:
            spb /= tree_correction(size, proto)
        if self.pipeline is not None:
            return self.pipeline.time_us(size, spb)
        return self.latency_us[proto] + size * spb * 1e6

    @property
    def bottleneck(self) -> tuple[Bottleneck | None, str]:
        phase = max(self.phases, key=lambda p: p.seconds_per_byte)
        return phase.rate.bottleneck, phase.what
