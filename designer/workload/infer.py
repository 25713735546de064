"""Serving a model on a design: memory for weights and KV cache, prefill (time to first token), decode (time per
output token), tokens per second and dollars per million tokens.

- Memory per GPU of one tensor-parallel replica: weights (bytes per parameter of the precision) / TP, and the KV
  cache, 2 x layers x KV width x bytes per value for every token of every sequence in the batch, / TP.
- Prefill is bound by compute: 2 x active parameters per prompt token plus the scores (2 x 2 s^2 h per layer for a
  causal prompt, halved), at the GEMM-efficiency curve's share of the peak, plus TP's two all-reduces per layer.
- Decode is bound by memory: each step reads the weights once and the batch's KV cache, at HBM_SHARE of the GPU's
  bandwidth, or by compute where the batch is large; plus TP's two all-reduces per layer of the batch's tokens.
- A batch runs its prefill then its decode; throughput = batch x output tokens / (prefill + output x step). The
  replicas of a node (GPUs / TP) serve apart. Without --batch the largest batch that fits is used (said). Time to
  first token is one request's own prefill, with nothing queued before it.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.core.errors import DesignerError
from designer.workload.shapes import ModelShape
from designer.workload.step import USABLE_HBM, Hardware

GIB = 2**30
HBM_SHARE = 0.8  # the share of HBM bandwidth a decode step sustains (assumed: the public points are compute-bound)
# The GEMM curve's share reached at a precision's own peak, relative to bf16's: fp8 fitted to two TensorRT-LLM points
# (designer.workload.validation), fp4 assumed as fp8.
PRECISION_SHARE = {"bf16": 1.0, "fp8": 0.569, "fp4": 0.569}
DECODE_SHARE = 0.58  # a decode step's GEMMs' share of the prefill's (batched tokens of different sequences; fitted)
BYTES = {"bf16": 2.0, "fp8": 1.0, "fp4": 0.5}
MAX_BATCH = 4096


@dataclass(frozen=True)
class Serving:
    tp: int
    batch: int
    context: int  # prompt tokens
    output: int  # generated tokens
    precision: str = "bf16"


@dataclass(frozen=True)
class Inference:
    serving: Serving
    weights_gib: float
    kv_cache_gib: float
    capacity_gib: float
    ttft_s: float  # one request's own prefill, nothing queued before it
    tpot_s: float
    prefill_s: float  # the whole batch's prefill (what throughput pays)
    replicas: int  # whole replicas per node (0: a replica spans nodes)
    gpus_per_node: int
    batch_chosen: bool  # the batch is the largest that fits

    @property
    def memory_gib_per_gpu(self) -> float:
        return self.weights_gib + self.kv_cache_gib

    @property
    def fits(self) -> bool:
        return self.memory_gib_per_gpu <= self.capacity_gib * USABLE_HBM

    @property
    def request_s(self) -> float:
        return self.prefill_s + self.serving.output * self.tpot_s

    @property
    def tokens_per_s_per_gpu(self) -> float:
        """Output tokens per second per GPU of one replica (0 when nothing fits)."""
        if not self.serving.batch or not self.request_s:
            return 0.0
        return self.serving.batch * self.serving.output / self.request_s / self.serving.tp

    @property
    def tokens_per_s(self) -> float:
        """Output tokens per second of a node's GPUs (a replica wider than the node counted by its share)."""
        return self.tokens_per_s_per_gpu * self.gpus_per_node

    def usd_per_million_tokens(self, usd_per_gpu_hour: float) -> float:
        rate = self.tokens_per_s_per_gpu
        return usd_per_gpu_hour / 3600 / rate * 1e6 if rate else float("inf")


def _memory(model: ModelShape, s: Serving) -> tuple[float, float]:
    b = BYTES[s.precision]
    weights = model.params * b / s.tp
    kv = s.batch * (s.context + s.output) * model.layers * 2 * model.kv_dim * b / s.tp
    return weights / GIB, kv / GIB


def _peak(hw: Hardware, precision: str, share: dict[str, float]) -> float:
    """The precision's dense peak times the share its GEMMs reach relative to bf16's."""
    peak = hw.peak_tflops.get(precision)
    if not peak:
        raise DesignerError(f"the GPU publishes no dense {precision} rate")
    return peak * 1e12 * share[precision]


@dataclass(frozen=True)
class ServingRates:
    """The two constants of the serving model (fitted; designer.workload.validation)."""

    hbm_share: float = HBM_SHARE
    fp8_share: float = PRECISION_SHARE["fp8"]
    decode_share: float = DECODE_SHARE

    def precision(self) -> dict[str, float]:
        return {**PRECISION_SHARE, "fp8": self.fp8_share, "fp4": self.fp8_share}


def _times(model: ModelShape, s: Serving, hw: Hardware, rates: ServingRates) -> tuple[float, float]:
    peak, b = _peak(hw, s.precision, rates.precision()), BYTES[s.precision]
    dense = 2 * (model.active_params - model.embedding_params / 2)
    tokens = s.batch * s.context
    prefill_flops = tokens * dense + s.batch * model.layers * 2 * s.context * s.context * model.hidden
    ttft = prefill_flops / s.tp / (peak * hw.efficiency(prefill_flops / s.tp / model.layers / 4))
    act = int(tokens * model.hidden * 2)
    ttft += 2 * model.layers * hw.comm("allreduce", act, s.tp, 1)
    weight_bytes = model.params * b / s.tp
    kv_bytes = s.batch * (s.context + s.output / 2) * model.layers * 2 * model.kv_dim * b / s.tp
    read = (weight_bytes + kv_bytes) / (hw.hbm_tbytes_s * 1e12 * rates.hbm_share)
    step_flops = s.batch * dense / s.tp  # at the curve's best: a small batch's GEMMs are bound by the reads above
    compute = step_flops / (peak * hw.efficiency.best * rates.decode_share)
    tpot = max(read, compute) + 2 * model.layers * hw.comm("allreduce", int(s.batch * model.hidden * 2), s.tp, 1)
    return ttft, tpot


def infer(model: ModelShape, s: Serving, hw: Hardware, rates: ServingRates | None = None) -> Inference:
    if s.tp < 1 or s.context < 1 or s.output < 1 or s.batch < 0:
        raise DesignerError("TP, context and output must be at least 1")
    if model.heads % s.tp:
        raise DesignerError(f"TP {s.tp} does not divide the {model.heads} attention heads")
    if s.precision not in BYTES:
        raise DesignerError(f"precision must be one of {', '.join(BYTES)}")
    chosen = s.batch == 0
    if chosen:
        s = Serving(s.tp, largest_batch(model, s, hw), s.context, s.output, s.precision)
    weights, kv = _memory(model, s)
    rates = rates or ServingRates()
    prefill, tpot = _times(model, s, hw, rates) if s.batch else (0.0, 0.0)
    ttft = _times(model, Serving(s.tp, 1, s.context, s.output, s.precision), hw, rates)[0] if s.batch else 0.0
    replicas = hw.gpus_per_node // s.tp  # 0: one replica spans more than a node
    return Inference(s, weights, kv, hw.hbm_gib, ttft, tpot, prefill, replicas, hw.gpus_per_node, chosen)


def largest_batch(model: ModelShape, s: Serving, hw: Hardware) -> int:
    """The most sequences whose weights and KV cache fit one replica's memory (0 when the weights alone do not)."""
    weights, kv_one = _memory(model, Serving(s.tp, 1, s.context, s.output, s.precision))
    room = hw.hbm_gib * USABLE_HBM - weights
    return max(0, min(MAX_BATCH, int(room // kv_one))) if kv_one else MAX_BATCH
