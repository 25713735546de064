"""One training step of a model on a design: compute, exposed communication, pipeline bubble, memory per GPU.

Arithmetic (reference: ../shared/reference/workload.md; Narayanan et al., SC'21; Korthikanti et al., MLSys 2023):
- FLOPs. Per token and layer, the forward pass is 2 x the layer's active parameters plus 4 s h for the attention
  scores (QK^T and AV, counted whole as Megatron-LM does); the logit layer 2 h V. A step executes the forward once,
  the backward twice as much, and with full recompute the forward again (selective recompute: the scores again).
  Model FLOPs (MFU) count forward and backward only; hardware FLOPs (HFU) everything executed. For GPT-3's shape
  this is Narayanan's 96 B s l h^2 (1 + s/6h + V/16lh) with full recompute.
- Compute time. Each GEMM of a layer (QKV, attention out, FFN up and down, the scores) runs at a share of the GPU's
  dense peak that grows with its size (designer.workload.efficiency), the memory-bound work (norms, activations,
  softmax) at the HBM bandwidth: three passes over the activation bytes Korthikanti counts per layer. In fp8 the
  linear layers run at the fp8 peak times PRECISION_SHARE (designer.workload.efficiency), the attention core and
  the logits at bf16, as Transformer Engine's fp8 recipe does.
- Communication from the collective model on the design's real topology (designer.simulation.parallelism: ranks
  TP innermost, then CP, PP, DP, as Megatron-LM lays them out): TP with sequence parallelism does 2 all-gathers and
  2 reduce-scatters of the layer's activations per layer and micro-batch forward (the same backward, again with
  full recompute), not overlapped; CP exchanges keys and values around its ring, overlapped with the scores; EP two
  all-to-alls of the routed tokens forward and two backward, not overlapped; PP sends activations forward and
  gradients back at each stage boundary; DP reduces the gradients once a step (reduce-scatter and all-gather with a
  distributed optimizer), overlapped with the last micro-batch's backward.
- Bubble (1F1B): (p - 1) / (v m) of the pipeline's ideal time, v virtual stages, m micro-batches per pipeline.
- Memory (Korthikanti, Table 2): activations per layer s b h (34/t + 5 a s / (h t)) bytes with sequence
  parallelism, each term taken from the shape's own widths (queries, keys and values under grouped-query
  attention, a gated FFN, a MoE's top-k experts: _activation_bytes_per_layer); the 5 a s / h term gone with
  selective recompute or flash attention; full recompute keeps 2 s b h / t
  per layer and one layer whole. The first stage holds p micro-batches of its layers (the whole model's layers'
  worth; x (1 + (p - 1)/(p v)) interleaved). Weights, gradients and Adam state: 2 + 2 + 12 bytes per parameter,
  the optimizer state sharded over DP from ZeRO 1 (a distributed optimizer), gradients from ZeRO 2, weights ZeRO 3.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from designer.core.errors import DesignerError
from designer.workload.efficiency import PRECISION_SHARE, GemmEfficiency
from designer.workload.shapes import ModelShape

GIB = 2**30
USABLE_HBM = 0.92  # the share of HBM a framework can use (allocator reserve, CUDA context): an assumption
RECOMPUTE = ("none", "selective", "full")

CommTime = Callable[[str, int, int, int], float]  # (collective, bytes, group size, stride) -> seconds


@dataclass(frozen=True)
class Layout:
    tp: int = 1
    pp: int = 1
    dp: int = 1
    cp: int = 1
    ep: int = 1
    micro_batch: int = 1
    global_batch: int = 1024  # sequences per step
    vpp: int = 1  # virtual pipeline stages per GPU (interleaved 1F1B)
    recompute: str = "selective"
    zero: int = 1  # 0: none; 1: optimizer state sharded over DP (Megatron's distributed optimizer); 2; 3
    seq_len: int = 4096
    precision: str = "bf16"
    flash_attention: bool = True
    sequence_parallel: bool = True
    tp_overlap: bool = True  # TP communication overlapped with the layer's GEMMs (Megatron-Core --tp-comm-overlap)

    @property
    def gpus(self) -> int:
        return self.tp * self.pp * self.dp * self.cp

    @property
    def micro_batches(self) -> int:
        """Micro-batches per pipeline per step."""
        return self.global_batch // (self.dp * self.micro_batch)


@dataclass(frozen=True)
class Hardware:
    """What the step model reads of a design: one GPU's rates and memory, and the collective model."""

    name: str
    gpus_per_node: int
    peak_tflops: dict[str, float]  # dense, by precision
    hbm_gib: float
    hbm_tbytes_s: float
    comm: CommTime
    crosses_nodes: Callable[[int, int], bool]
    efficiency: GemmEfficiency = field(default_factory=GemmEfficiency)


@dataclass(frozen=True)
class Memory:
    weights_gib: float
    gradients_gib: float
    optimizer_gib: float
    activations_gib: float
    capacity_gib: float

    @property
    def total_gib(self) -> float:
        return self.weights_gib + self.gradients_gib + self.optimizer_gib + self.activations_gib

    @property
    def fits(self) -> bool:
        return self.total_gib <= self.capacity_gib * USABLE_HBM


@dataclass(frozen=True)
class Step:
    layout: Layout
    memory: Memory
    step_time_s: float
    compute_s: float
    bubble_s: float
    tp_comm_s: float
    cp_comm_s: float
    pp_comm_s: float
    dp_comm_s: float
    ep_comm_s: float
    optimizer_s: float  # the optimizer's update (in compute_s)
    model_flops: float  # per step, all GPUs
    hardware_flops: float
    peak_tflops: float
    tokens: int  # per step

    @property
    def tflops_per_gpu(self) -> float:
        return self.model_flops / self.layout.gpus / self.step_time_s / 1e12

    @property
    def hardware_tflops_per_gpu(self) -> float:
        return self.hardware_flops / self.layout.gpus / self.step_time_s / 1e12

    @property
    def mfu(self) -> float:
        return self.tflops_per_gpu / self.peak_tflops

    @property
    def hfu(self) -> float:
        return self.hardware_tflops_per_gpu / self.peak_tflops

    @property
    def tokens_per_s(self) -> float:
        return self.tokens / self.step_time_s

    @property
    def tokens_per_s_per_gpu(self) -> float:
        return self.tokens_per_s / self.layout.gpus

    def breakdown(self) -> dict[str, float]:
        return {"compute_s": self.compute_s, "bubble_s": self.bubble_s, "tp_comm_s": self.tp_comm_s,
                "cp_comm_s": self.cp_comm_s, "pp_comm_s": self.pp_comm_s, "dp_comm_s": self.dp_comm_s,
                "ep_comm_s": self.ep_comm_s}


def check_layout(model: ModelShape, lay: Layout, gpus: int) -> None:
    """Raise DesignerError (one line) for a layout that cannot run this model on `gpus` GPUs."""
    for name in ("tp", "pp", "dp", "cp", "ep", "micro_batch", "global_batch", "vpp", "seq_len"):
        if getattr(lay, name) < 1:
            raise DesignerError(f"{name} must be at least 1")
    if lay.gpus != gpus:
        raise DesignerError(f"TP x PP x DP x CP = {lay.gpus}, not the {gpus} GPUs")
    if lay.recompute not in RECOMPUTE:
        raise DesignerError(f"recompute must be one of {', '.join(RECOMPUTE)}")
    if lay.zero not in (0, 1, 2, 3):
        raise DesignerError("zero must be 0, 1, 2 or 3")
    if model.heads % lay.tp:
        raise DesignerError(f"TP {lay.tp} does not divide the {model.heads} attention heads")
    if model.layers < lay.pp * lay.vpp:
        raise DesignerError(f"the {model.layers} layers are fewer than PP {lay.pp} x {lay.vpp} virtual stage(s)")
    if lay.global_batch % (lay.dp * lay.micro_batch):
        raise DesignerError(f"the global batch ({lay.global_batch}) is not a multiple of DP x micro-batch "
                            f"({lay.dp} x {lay.micro_batch})")
    if lay.seq_len % lay.cp:
        raise DesignerError(f"CP {lay.cp} does not divide the sequence length {lay.seq_len}")
    if lay.ep > 1 and (not model.moe or model.experts % lay.ep or lay.dp * lay.cp % lay.ep):
        raise DesignerError(f"EP {lay.ep} must divide the model's experts ({model.experts}) and DP x CP")
    if lay.vpp > 1 and lay.pp == 1:
        raise DesignerError("virtual pipeline stages need PP above 1")


# FLOPs -----------------------------------------------------------------------------------------------------------
def _gemms(model: ModelShape, lay: Layout) -> list[tuple[float, float]]:
    """The forward GEMMs of one layer for one micro-batch on one GPU, each as (FLOPs, FLOPs of one kernel): QKV,
    attention out, the scores (QK^T and AV), FFN up and down. A mixture of experts runs its up and down projections
    as one small GEMM per local expert (experts / EP of them), each over the tokens routed to it (this GPU's tokens
    x top-k / experts, times EP as the all-to-all brings the EP group's tokens): the kernel's size, not the layer's
    total, sets the share of the peak it reaches (designer.workload.efficiency)."""
    t = lay.micro_batch * lay.seq_len / lay.cp  # tokens on this GPU
    h, tp = model.hidden, lay.tp
    ffn = model.moe_ffn or model.ffn if model.moe else model.ffn
    up = (2 if model.gated else 1) * ffn
    experts = model.top_k if model.moe else 1
    kernels = model.experts // lay.ep if model.moe else 1  # expert GEMMs per layer on one GPU
    q = model.q_dim  # the hidden size where heads x head size is the hidden size
    qkv, out, scores = 2 * t * h * (q + 2 * model.kv_dim) / tp, 2 * t * q * h / tp, 4 * t * lay.seq_len * q / tp
    ffn_up, ffn_down = experts * 2 * t * h * up / tp, experts * 2 * t * ffn * h / tp
    return [(qkv, qkv), (out, out), (scores, scores), (ffn_up, ffn_up / kernels), (ffn_down, ffn_down / kernels)]


def _permute_bytes(model: ModelShape, lay: Layout) -> float:
    """A mixture of experts' token permutation in one layer, forward and backward, for one micro-batch on one GPU:
    each routed copy of a token (top-k a token, bf16) is read and written when sorted to its expert and again when
    restored; the backward scatters the gradients back the same way, once (a permutation has no weight gradient),
    so twice the forward's traffic in all (memory-bound, at the HBM bandwidth)."""
    if not model.moe:
        return 0.0
    routed = lay.micro_batch * lay.seq_len / lay.cp * model.top_k * model.hidden * 2 / lay.tp
    return routed * 2 * 2 * 2  # read and write, permute and unpermute, forward and backward


def flops_per_token(model: ModelShape, seq_len: int, recompute: str) -> tuple[float, float]:
    """(model, hardware) FLOPs per token: forward + backward, and what recompute adds."""
    per_layer_fwd = 2 * (model.attention_params + model.active_mlp_params) + 4 * seq_len * model.q_dim
    logits_fwd = 2 * model.hidden * model.vocab
    model_flops = 3 * (model.layers * per_layer_fwd + logits_fwd)
    extra = {"none": 0.0, "selective": model.layers * 4 * seq_len * model.q_dim,
             "full": model.layers * per_layer_fwd}[recompute]
    return model_flops, model_flops + extra


def _passes(recompute: str) -> tuple[float, float]:
    """(GEMM passes, scores passes) per layer and micro-batch: forward 1 + backward 2, and the recomputed forward."""
    return {"none": (3.0, 3.0), "selective": (3.0, 4.0), "full": (4.0, 4.0)}[recompute]


# Memory ----------------------------------------------------------------------------------------------------------
def _activation_bytes_per_layer(model: ModelShape, lay: Layout) -> float:
    """Korthikanti et al.'s Table 2 term by term, for any shape (GPT's q = kv = h and 4h FFN give their 34 s b h):
    per token, the attention keeps its input (2h bytes) and dropout mask (h), Q and K (2q + 2kv), V (2kv) and the
    output projection's input (2q); the MLP its input (2h) and mask (h), the up projection's output (2 x its width:
    2 ffn gated, ffn not) and the down projection's input (2 ffn); the two norms' inputs 4h. The 10h of inputs,
    masks and norms is split over TP only with sequence parallelism; the rest always. A mixture of experts keeps the
    MLP's per-expert part and the permuted input for each of its top-k experts."""
    s, b, h, a, t = lay.seq_len / lay.cp, lay.micro_batch, model.hidden, model.heads, lay.tp
    if lay.recompute == "full":
        return 2 * s * b * h / t
    scores = 0.0 if (lay.flash_attention or lay.recompute != "none") else 5 * a * s * s * b / t
    ffn = model.moe_ffn or model.ffn if model.moe else model.ffn
    k = model.top_k if model.moe else 1
    split = 4 * model.q_dim + 4 * model.kv_dim + k * ((2 if model.gated else 1) * 2 * ffn + 2 * ffn)
    whole = 10 * h + (2 * h * k if model.moe else 0)  # a MoE's permuted copies of the MLP's input
    per_token = split / t + (whole / t if lay.sequence_parallel or t == 1 else whole)
    return s * b * per_token + scores


def stage_layers(model: ModelShape, lay: Layout) -> int:
    """The layers of the busiest pipeline stage, which sets the pipeline's pace and the first stage's memory: the
    layers split as evenly as they go into PP x VPP virtual stages, the r left over one each to the first r virtual
    stages, which the PP stages take in turn (126 layers over 8 x 8: 2 a virtual stage but for 2, so 16 on the first
    stages; 100 over 8 x 4: 3 each and 4 left, so 13, not 4 x 4)."""
    whole, left = divmod(model.layers, lay.pp * lay.vpp)
    return whole * lay.vpp + math.ceil(left / lay.pp)


def memory(model: ModelShape, lay: Layout, hbm_gib: float) -> Memory:
    layers_here = stage_layers(model, lay)
    dense = model.attention_params + 2 * model.hidden
    expert_part = model.mlp_params / lay.ep if model.moe else model.mlp_params
    params = layers_here * (dense + expert_part) / lay.tp + model.vocab * model.hidden / lay.tp  # first stage
    dp = lay.dp * lay.cp  # the optimizer is sharded over the data-parallel ranks (CP ranks hold the same weights)
    weights = 2 * params / (dp if lay.zero >= 3 else 1)
    grads = 2 * params / (dp if lay.zero >= 2 else 1)
    optimizer = 12 * params / (dp if lay.zero >= 1 else 1)
    in_flight = lay.pp * (1 + (lay.pp - 1) / (lay.pp * lay.vpp)) if lay.vpp > 1 else lay.pp
    per_layer = _activation_bytes_per_layer(model, lay)
    acts = per_layer * layers_here * min(in_flight, max(1, lay.micro_batches))
    if lay.recompute == "full":  # one layer's whole activations while it is recomputed
        acts += _activation_bytes_per_layer(model, Layout(**{**lay.__dict__, "recompute": "selective"}))
    logits = lay.micro_batch * lay.seq_len / lay.cp * model.vocab * 6 / lay.tp  # bf16 logits and fp32 loss
    return Memory(weights / GIB, grads / GIB, optimizer / GIB, (acts + logits) / GIB, hbm_gib)


# Time ------------------------------------------------------------------------------------------------------------
def _peaks(hw: Hardware, precision: str) -> tuple[float, float]:
    """FLOP/s of (the linear layers' GEMMs, the attention core and logits) at a precision: the linear layers at its
    dense peak times the share its GEMMs reach relative to bf16's (designer.workload.efficiency.PRECISION_SHARE);
    Transformer Engine's fp8 recipes keep the attention core and the output layer in bf16."""
    peak = hw.peak_tflops.get(precision)
    if not peak:
        raise DesignerError(f"the GPU publishes no dense {precision} rate")
    bf16 = hw.peak_tflops.get("bf16") or peak
    return peak * 1e12 * PRECISION_SHARE.get(precision, 1.0), bf16 * 1e12


def _compute_per_microbatch(model: ModelShape, lay: Layout, hw: Hardware) -> float:
    """One micro-batch's forward and backward (and recompute) of one stage's layers on one GPU, seconds."""
    linear, core = _peaks(hw, lay.precision)
    gemm_pass, score_pass = _passes(lay.recompute)
    eff = hw.efficiency
    layer = 0.0
    for i, (f, kernel) in enumerate(_gemms(model, lay)):
        layer += score_pass * f / (core * eff(kernel)) if i == 2 else gemm_pass * f / (linear * eff(kernel))
    traffic = hw.efficiency.elementwise_passes * gemm_pass / 3  # the recomputed forward reads and writes again
    memory_bound = traffic * _activation_bytes_per_layer(model, Layout(**{**lay.__dict__, "recompute": "selective"}))
    layer += (memory_bound + _permute_bytes(model, lay) * gemm_pass / 3) / (hw.hbm_tbytes_s * 1e12)
    stage = layer * stage_layers(model, lay)
    logits = 3 * 2 * lay.micro_batch * lay.seq_len / lay.cp * model.hidden * model.vocab / lay.tp
    return stage + logits / lay.pp / (core * eff(logits))


def _gemm_time(model: ModelShape, lay: Layout, hw: Hardware) -> float:
    """One layer's GEMMs (not the scores), forward and backward, for one micro-batch, seconds."""
    linear = _peaks(hw, lay.precision)[0]
    return sum(3 * f / (linear * hw.efficiency(k)) for i, (f, k) in enumerate(_gemms(model, lay)) if i != 2)


def simulate_step(model: ModelShape, lay: Layout, hw: Hardware) -> Step:
    check_layout(model, lay, lay.gpus)
    peak = hw.peak_tflops.get(lay.precision)
    if not peak:
        raise DesignerError(f"the GPU publishes no dense {lay.precision} rate")
    core = _peaks(hw, lay.precision)[1]
    m = lay.micro_batches
    compute_mb = _compute_per_microbatch(model, lay, hw)
    tokens_mb = lay.micro_batch * lay.seq_len / lay.cp
    act = int(tokens_mb * model.hidden * 2)  # bf16 activations of one micro-batch on one GPU's sequence share
    layers = stage_layers(model, lay)
    gemm_pass = _passes(lay.recompute)[0]
    # TP (sequence parallel): 2 all-gathers + 2 reduce-scatters of the layer's activations per pass, each pair one
    # all-reduce's worth; passes: forward, backward, and the recomputed forward
    tp = hw.comm("allreduce", act, lay.tp, 1) * 2 * (gemm_pass - 1) * layers if lay.tp > 1 else 0.0
    if lay.tp_overlap and not hw.crosses_nodes(lay.tp, 1):  # hidden behind the GEMMs it feeds, inside NVLink only:
        tp = max(0.0, tp - _gemm_time(model, lay, hw) * layers)  # over the network it is exposed
    cp = 0.0
    if lay.cp > 1:  # keys and values around the ring, forward and twice backward, against the scores' time
        kv = int(tokens_mb * model.kv_dim * 2 * 2 / lay.tp)
        ring = hw.comm("allgather", kv * lay.cp, lay.cp, lay.tp) * 3 * layers
        f = _gemms(model, lay)[2][0]
        scores = f * 3 * layers / (core * hw.efficiency(f))
        cp = max(0.0, ring - scores)
    ep = 0.0
    if lay.ep > 1:
        routed = int(tokens_mb * model.top_k * model.hidden * 2 / lay.tp)
        ep = hw.comm("alltoall", routed, lay.ep, lay.tp * lay.cp) * 4 * layers
    boundary = act // lay.tp if lay.sequence_parallel else act
    pp = hw.comm("sendrecv", boundary, 2, lay.tp * lay.cp * lay.dp) * 2 * lay.vpp if lay.pp > 1 else 0.0
    per_mb = compute_mb + tp + cp + ep + pp
    ideal = m * per_mb
    bubble = ideal * (lay.pp - 1) / (lay.vpp * m) if lay.pp > 1 else 0.0
    params_gpu = model.params / (lay.tp * lay.pp)
    dp_ranks = lay.dp * lay.cp
    dp_comm = 0.0
    if dp_ranks > 1:  # Megatron's rank order: TP innermost, then CP and DP, PP outermost
        grads = int(params_gpu * 2)
        dp_comm = hw.comm("reducescatter", grads, dp_ranks, lay.tp) + hw.comm("allgather", grads, dp_ranks, lay.tp) \
            if lay.zero >= 1 else hw.comm("allreduce", grads, dp_ranks, lay.tp)
    # the gradients' reduction hides behind the last micro-batch's backward, a distributed optimizer's parameter
    # all-gather behind the first one's forward
    window = compute_mb if lay.zero >= 1 else compute_mb * 2 / 3
    if lay.zero >= 3 and dp_ranks > 1:
        # ZeRO 3 (FSDP) gathers every layer's weights for the forward and again for the backward and reduce-scatters
        # its gradients, every micro-batch: prefetched behind the compute, exposed where it outlasts it
        dp_comm = m * (2 * hw.comm("allgather", int(params_gpu * 2), dp_ranks, lay.tp)
                       + hw.comm("reducescatter", int(params_gpu * 2), dp_ranks, lay.tp))
        window = m * compute_mb
    dp_exposed = max(0.0, dp_comm - window)
    optimizer = params_gpu * 16 * 2 / (dp_ranks if lay.zero >= 1 else 1) / (hw.hbm_tbytes_s * 1e12)
    step = ideal + bubble + dp_exposed + optimizer
    tokens = lay.global_batch * lay.seq_len
    model_flops, hw_flops = flops_per_token(model, lay.seq_len, lay.recompute)
    return Step(lay, memory(model, lay, hw.hbm_gib), step, m * compute_mb + optimizer, bubble, m * tp, m * cp,
                m * pp, dp_exposed, m * ep, optimizer, model_flops * tokens, hw_flops * tokens, peak, tokens)
