"""Serving a model on a design at full load: memory for weights and KV cache, time to first token, time per output
token, tokens per second and dollars per million tokens.

The serving engines this models (TensorRT-LLM, vLLM) batch continuously: every iteration runs one decode token of
each sequence in flight and, in the same GEMMs, the prompts of the sequences that replace those that finished. At
a steady state with B sequences of C prompt and O output tokens in flight:

- Memory per GPU of one tensor-parallel replica: the weights / TP (fp8 one byte per parameter, fp4 0.5625 with its
  block scales; the embedding and logit layers kept in bf16, as the quantised checkpoints keep them) and the KV
  cache reserved for every sequence's whole C + O tokens (TensorRT-LLM's default scheduler reserves it on
  admission), 2 x layers x KV width x its bytes (bf16 two; fp8 and fp4 checkpoints keep an fp8 cache) / TP.
- One iteration: B (1 + C/O) tokens through the GEMMs, at the GEMM-efficiency curve's share of the precision's
  peak (the same curve as training, times the precision's own share, fitted) or reading the weights, whichever is
  longer; the decode attention reading the batch's KV cache (on average C + O/2 tokens a sequence); the prompts'
  attention scores (B/O prompts an iteration); TP's two all-reduces per layer of the iteration's tokens, not
  overlapped. HBM reads at HBM_SHARE of the bandwidth.
- Time per output token is the iteration; throughput B / iteration per replica. The replicas of a node
  (GPUs / TP) serve apart. Without --batch the largest batch whose KV cache fits (at most MAX_BATCH).
- Time to first token is one request's own prefill with nothing queued before it (a lower bound at load).
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.core.errors import DesignerError
from designer.workload.efficiency import PRECISION_SHARE
from designer.workload.shapes import ModelShape
from designer.workload.step import USABLE_HBM, Hardware

GIB = 2**30
# The share of HBM bandwidth reads sustain: assumed (a third free constant fitted with the two below lands at 0.83).
HBM_SHARE = 0.8
BYTES = {"bf16": 2.0, "fp8": 1.0, "fp4": 0.5625}  # a weight's bytes (fp4: 4 bits and an fp8 scale per 16)
KV_BYTES = {"bf16": 2.0, "fp8": 1.0, "fp4": 1.0}  # a cached key or value (fp8 and fp4 checkpoints cache in fp8)
MAX_BATCH = 8192  # sequences in flight (TensorRT-LLM's published runs capture CUDA graphs up to 8,192)


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
    tpot_s: float  # one iteration at the steady state
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
    def tokens_per_s_per_gpu(self) -> float:
        """Output tokens per second per GPU of one replica (0 when nothing fits)."""
        if not self.serving.batch or not self.tpot_s:
            return 0.0
        return self.serving.batch / self.tpot_s / self.serving.tp

    @property
    def tokens_per_s(self) -> float:
        """Output tokens per second of a node's GPUs (a replica wider than the node counted by its share)."""
        return self.tokens_per_s_per_gpu * self.gpus_per_node

    def usd_per_million_tokens(self, usd_per_gpu_hour: float) -> float:
        rate = self.tokens_per_s_per_gpu
        return usd_per_gpu_hour / 3600 / rate * 1e6 if rate else float("inf")


def _weight_bytes(model: ModelShape, precision: str) -> float:
    """Weights of the whole model: the layers at the precision, the embedding and logit layers in bf16."""
    embedding = model.embedding_params + model.hidden
    return (model.params - embedding) * BYTES[precision] + embedding * BYTES["bf16"]


def _kv_per_token(model: ModelShape, s: Serving) -> float:
    """KV cache bytes of one token on one GPU of the replica."""
    return model.layers * 2 * model.kv_dim * KV_BYTES[s.precision] / s.tp


def _memory(model: ModelShape, s: Serving) -> tuple[float, float]:
    weights = _weight_bytes(model, s.precision) / s.tp
    kv = s.batch * (s.context + s.output) * _kv_per_token(model, s)
    return weights / GIB, kv / GIB


def _peak(hw: Hardware, precision: str, share: dict[str, float]) -> float:
    """The precision's dense peak times the share its GEMMs reach relative to bf16's."""
    peak = hw.peak_tflops.get(precision)
    if not peak:
        raise DesignerError(f"the GPU publishes no dense {precision} rate")
    return peak * 1e12 * share[precision]


@dataclass(frozen=True)
class ServingRates:
    """The serving model's constants (fitted or assumed; designer.workload.validation)."""

    hbm_share: float = HBM_SHARE
    fp8_share: float = PRECISION_SHARE["fp8"]
    fp4_share: float = PRECISION_SHARE["fp4"]

    def precision(self) -> dict[str, float]:
        return {**PRECISION_SHARE, "fp8": self.fp8_share, "fp4": self.fp4_share}


def _prefill_s(model: ModelShape, s: Serving, hw: Hardware, rates: ServingRates) -> float:
    """One request's prompt alone: its GEMMs and scores at the curve's share of the peak, TP's all-reduces."""
    peak = _peak(hw, s.precision, rates.precision())
    dense = 2 * (model.active_params - model.embedding_params / 2)
    flops = s.context * dense + model.layers * 2 * s.context * s.context * model.q_dim
    seconds = flops / s.tp / (peak * hw.efficiency(flops / s.tp / model.layers / 4))
    return seconds + 2 * model.layers * hw.comm("allreduce", int(s.context * model.hidden * 2), s.tp, 1)


def _iteration_s(model: ModelShape, s: Serving, hw: Hardware, rates: ServingRates) -> float:
    """One iteration at the steady state: a decode token of each of the batch's sequences and the prompts that
    replace the finished ones (B/O of them) in the same GEMMs."""
    peak = _peak(hw, s.precision, rates.precision())
    bandwidth = hw.hbm_tbytes_s * 1e12 * rates.hbm_share
    dense = 2 * (model.active_params - model.embedding_params / 2)
    prompts = s.batch / s.output
    tokens = s.batch + prompts * s.context
    flops = tokens * dense / s.tp
    gemms = max(_weight_bytes(model, s.precision) / s.tp / bandwidth,
                flops / (peak * hw.efficiency(flops / model.layers / 4)))
    kv_read = s.batch * (s.context + s.output / 2) * _kv_per_token(model, s) / bandwidth
    scores = prompts * model.layers * 2 * s.context * s.context * model.q_dim / s.tp / (peak * hw.efficiency.best)
    tp = 2 * model.layers * hw.comm("allreduce", int(tokens * model.hidden * 2), s.tp, 1)
    return gemms + kv_read + scores + tp


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
    tpot = _iteration_s(model, s, hw, rates) if s.batch else 0.0
    ttft = _prefill_s(model, s, hw, rates) if s.batch else 0.0
    replicas = hw.gpus_per_node // s.tp  # 0: one replica spans more than a node
    return Inference(s, weights, kv, hw.hbm_gib, ttft, tpot, replicas, hw.gpus_per_node, chosen)


def largest_batch(model: ModelShape, s: Serving, hw: Hardware) -> int:
    """The most sequences whose weights and KV cache fit one replica's memory (0 when the weights alone do not)."""
    weights, kv_one = _memory(model, Serving(s.tp, 1, s.context, s.output, s.precision))
    room = hw.hbm_gib * USABLE_HBM - weights
    return max(0, min(MAX_BATCH, int(room // kv_one))) if kv_one else MAX_BATCH
