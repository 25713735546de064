"""Public training measurements the step model is checked against, each with its source, and which of them the
GEMM-efficiency curve (designer.workload.efficiency) was fitted to; the rest are held out.

The fit: scipy's least_squares on the relative error of the fitted rows' TFLOP/s, over BEST and HALF_GFLOP
(`python benchmarks/validate_workload.py --fit` repeats it and prints every point's error).
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.model.catalog import Catalog
from designer.templates import build_template
from designer.workload.efficiency import GemmEfficiency
from designer.workload.hardware import node_hardware
from designer.workload.infer import Serving, ServingRates, infer
from designer.workload.shapes import ModelShape, model_by_id
from designer.workload.step import Layout, simulate_step

NARAYANAN = ("Narayanan et al., 'Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM', "
             "SC'21 (arXiv 2104.04473), Table 1: DGX A100 80 GB, sequence 2,048, vocabulary 51,200, full activation "
             "recompute; achieved teraFLOP/s per GPU counted with 96 B s l h^2 (1 + s/6h + V/16lh)")


KORTHIKANTI = ("Korthikanti et al., 'Reducing Activation Recomputation in Large Transformer Models', MLSys 2023 "
               "(arXiv 2205.05198), Tables 3 and 5: end-to-end iteration time on A100 80 GB, sequence 2,048, "
               "vocabulary 51,200, full recompute and 'present work' (sequence parallelism and selective recompute)")
MEGATRON_H100 = ("NVIDIA Megatron-LM README (github.com/NVIDIA/Megatron-LM, commit f2e5db40, 2024-07-15), the "
                 "weak-scaling table (image model_table.png, read by eye): GPT models on H100, vocabulary 131,072, "
                 "sequence 4,096, with --overlap-grad-reduce, --overlap-param-gather and --tp-comm-overlap; model "
                 "TFLOP/s per GPU")


@dataclass(frozen=True)
class Point:
    label: str
    source: str
    template: str
    model: ModelShape
    layout: Layout
    measured: float
    metric: str  # hardware_tflops_per_gpu, tflops_per_gpu (model FLOPs), step_time_s
    fitted: bool


def _gpt(params: str, heads: int, hidden: int, layers: int, vocab: int = 51200, seq: int = 2048) -> ModelShape:
    return ModelShape(id=f"gpt-{params.lower()}", name=f"GPT {params}", source=NARAYANAN, layers=layers, hidden=hidden,
                      ffn=4 * hidden, heads=heads, vocab=vocab, seq_len=seq, gated=False, tied_embeddings=True)


# (parameters, heads, hidden, layers, TP, PP, GPUs, batch, teraFLOP/s per GPU, fitted)
_NARAYANAN_ROWS = (
    ("1.7B", 24, 2304, 24, 1, 1, 32, 512, 137, True), ("3.6B", 32, 3072, 30, 2, 1, 64, 512, 138, False),
    ("7.5B", 32, 4096, 36, 4, 1, 128, 512, 142, False), ("18.4B", 48, 6144, 40, 8, 1, 256, 1024, 135, True),
    ("39.1B", 64, 8192, 48, 8, 2, 512, 1536, 138, False), ("76.1B", 80, 10240, 60, 8, 4, 1024, 1792, 140, False),
    ("145.6B", 96, 12288, 80, 8, 8, 1536, 2304, 148, True), ("310.1B", 128, 16384, 96, 8, 16, 1920, 2160, 155, False),
    ("529.6B", 128, 20480, 105, 8, 35, 2520, 2520, 163, False), ("1T", 160, 25600, 128, 8, 64, 3072, 3072, 163, True),
)


# (model, heads, hidden, layers, TP, PP, GPUs, global batch, micro-batch, interleaving, full recompute s, present s)
_KORTHIKANTI_ROWS = (
    ("22B", 64, 6144, 48, 8, 1, 8, 4, 4, 1, 1.42, 1.10), ("175B", 96, 12288, 96, 8, 8, 64, 64, 1, 3, 18.13, 13.75),
    ("530B", 128, 20480, 105, 8, 35, 280, 280, 1, 3, 49.05, 37.83),
    ("1T", 160, 25600, 128, 8, 64, 512, 512, 1, 1, 94.42, 71.49),
)
# (model, heads, hidden, layers, TP, PP, DP, batch, model TFLOP/s per GPU)
_MEGATRON_H100_ROWS = (
    ("1.7B", 16, 2048, 24, 1, 1, 48, 192, 408.8), ("7.1B", 32, 4096, 30, 2, 1, 48, 192, 465.9),
    ("16B", 48, 6144, 32, 4, 1, 48, 192, 489.1), ("32B", 56, 7168, 48, 8, 1, 48, 192, 459.6),
    ("70B", 64, 8192, 84, 8, 2, 48, 384, 419.7), ("119B", 80, 10240, 92, 8, 4, 48, 768, 420.5),
    ("177B", 96, 12288, 96, 8, 6, 48, 1152, 432.8), ("314B", 128, 16384, 96, 8, 8, 48, 1536, 474.4),
    ("462B", 144, 18432, 112, 8, 16, 48, 3072, 459.9),
)


def _narayanan() -> list[Point]:
    out = []
    for params, heads, hidden, layers, tp, pp, gpus, batch, tflops, fitted in _NARAYANAN_ROWS:
        lay = Layout(tp=tp, pp=pp, dp=gpus // (tp * pp), micro_batch=1, global_batch=batch, seq_len=2048,
                     recompute="full", zero=0, flash_attention=False, sequence_parallel=False, tp_overlap=False)
        out.append(Point(f"Narayanan: GPT {params} on {gpus} A100", NARAYANAN, "dgx-a100",
                         _gpt(params, heads, hidden, layers), lay, float(tflops), "hardware_tflops_per_gpu", fitted))
    return out


def _korthikanti() -> list[Point]:
    out = []
    for name, heads, hidden, layers, tp, pp, gpus, batch, mb, v, full, present in _KORTHIKANTI_ROWS:
        model = _gpt(name, heads, hidden, layers)
        for recompute, sp, seconds in (("full", False, full), ("selective", True, present)):
            lay = Layout(tp=tp, pp=pp, dp=gpus // (tp * pp), micro_batch=mb, global_batch=batch, seq_len=2048, vpp=v,
                         recompute=recompute, zero=0, flash_attention=False, sequence_parallel=sp, tp_overlap=False)
            what = "full recompute" if recompute == "full" else "SP + selective"
            out.append(Point(f"Korthikanti: {name} on {gpus} A100, {what}", KORTHIKANTI, "dgx-a100", model, lay,
                             seconds, "step_time_s", False))
    return out


def _megatron_h100() -> list[Point]:
    out = []
    for name, heads, hidden, layers, tp, pp, dp, batch, tflops in _MEGATRON_H100_ROWS:
        lay = Layout(tp=tp, pp=pp, dp=dp, micro_batch=1, global_batch=batch, seq_len=4096, recompute="selective")
        out.append(Point(f"Megatron-LM README: GPT {name} on {tp * pp * dp} H100", MEGATRON_H100, "dgx-h100",
                         _gpt(name, heads, hidden, layers, 131072, 4096), lay, tflops, "tflops_per_gpu", False))
    return out


NEMO_2407 = ("NVIDIA NeMo performance_summary.md (github.com/NVIDIA/NeMo, commit 070a0bb1), NeMo 24.07 container on "
             "DGX H100, FP8 pre-training: tokens/s per GPU with each row's GBS, MBS, sequence, TP, PP, CP and VP")
BRIDGE_2511 = ("NVIDIA Megatron-Bridge docs/performance-summary.md (github.com/NVIDIA-NeMo/Megatron-Bridge, commit "
               "00b7660b), NeMo 25.11 container, FP8 (current scaling) pre-training on DGX H100, DGX B200 and DGX "
               "GB200: tokens/s per GPU with each row's GBS, MBS, sequence, FSDP, TP, PP, CP and VP")
LLAMA2 = "Touvron et al., 'Llama 2: Open Foundation and Fine-Tuned Chat Models' (arXiv 2307.09288), Table 1 and code"


def _llama2(params: str) -> ModelShape:
    layers, hidden, ffn, heads, kv = {"7B": (32, 4096, 11008, 32, 32), "13B": (40, 5120, 13824, 40, 40),
                                      "70B": (80, 8192, 28672, 64, 8)}[params]
    return ModelShape(id=f"llama2-{params.lower()}", name=f"Llama 2 {params}", source=LLAMA2, layers=layers,
                      hidden=hidden, ffn=ffn, heads=heads, kv_heads=kv, vocab=32000, seq_len=4096)


def _model(name: str) -> ModelShape:
    if name.startswith("llama2-"):
        return _llama2(name.removeprefix("llama2-").upper())
    if name == "gpt3-175b":
        return _gpt("175B", 96, 12288, 96)
    return model_by_id(name)


# (source, node, model, GPUs, GBS, MBS, sequence, FSDP, TP, PP, CP, VP, tokens/s per GPU). The Llama 3.1 405B rows
# split 126 layers unevenly over the virtual stages (designer.workload.step.stage_layers). The MoE rows are
# moe_points(), reported apart: the model misses them (see there).
_FP8_ROWS = (
    (NEMO_2407, "dgx-h100", "gpt3-175b", 128, 256, 1, 2048, 0, 4, 8, 1, 6, 726),
    (NEMO_2407, "dgx-h100", "gpt3-175b", 512, 2048, 2, 2048, 0, 4, 8, 1, 6, 782),
    (NEMO_2407, "dgx-h100", "llama2-7b", 8, 128, 1, 4096, 0, 1, 1, 1, 1, 16847),
    (NEMO_2407, "dgx-h100", "llama2-13b", 16, 128, 1, 4096, 0, 1, 4, 1, 10, 8646),
    (NEMO_2407, "dgx-h100", "llama2-70b", 64, 128, 1, 4096, 0, 4, 4, 1, 20, 1707),
    (NEMO_2407, "dgx-h100", "llama3-8b", 8, 128, 1, 8192, 0, 1, 1, 2, 1, 12036),
    (NEMO_2407, "dgx-h100", "llama3-70b", 64, 128, 1, 8192, 0, 4, 4, 2, 5, 1533),
    (BRIDGE_2511, "dgx-h100", "llama3-8b", 8, 128, 1, 8192, 1, 1, 1, 1, 1, 14451),
    (BRIDGE_2511, "dgx-h100", "llama3-70b", 64, 128, 1, 8192, 0, 4, 8, 1, 5, 1602),
    (BRIDGE_2511, "dgx-b200", "llama3-8b", 8, 128, 2, 8192, 0, 1, 1, 1, 1, 30624),
    (BRIDGE_2511, "gb200-nvl72", "llama3-8b", 8, 128, 2, 8192, 0, 1, 1, 1, 1, 31508),
    (BRIDGE_2511, "gb200-nvl72", "llama3-70b", 64, 256, 2, 8192, 1, 1, 1, 1, 1, 4312),
    (BRIDGE_2511, "gb300-nvl72", "llama3-405b", 256, 1536, 1, 8192, 0, 2, 8, 2, 4, 999),
    (BRIDGE_2511, "gb200-nvl72", "llama3-405b", 256, 1536, 1, 8192, 0, 4, 16, 1, 4, 813),
    (BRIDGE_2511, "dgx-b200", "llama3-405b", 128, 64, 1, 8192, 0, 4, 8, 2, 8, 661),
    (BRIDGE_2511, "dgx-h100", "llama3-405b", 1024, 512, 1, 8192, 0, 8, 8, 2, 8, 292),
)
# Megatron-Bridge 25.11's MoE rows (the same table): (node, model, GPUs, precision, GBS, MBS, sequence, TP, PP, CP,
# VP, EP, tokens/s per GPU). FP8-MX and FP8-CS are both the model's fp8. Left out: the DGX H100 Qwen3 235B row (a
# column missing in the table), DeepSeek-V3 (multi-head latent attention, which the shape cannot state) and GPT-OSS
# (alternating sliding-window attention, likewise).
_MOE_ROWS = (
    ("gb300-nvl72", "qwen3-30b-a3b", 8, "fp8", 512, 4, 4096, 1, 1, 1, 1, 8, 28934),
    ("gb300-nvl72", "qwen3-235b-a22b", 256, "bf16", 8192, 2, 4096, 1, 4, 1, 12, 16, 6131),
    ("gb200-nvl72", "qwen3-30b-a3b", 8, "fp8", 512, 4, 4096, 1, 1, 1, 1, 8, 23766),
    ("gb200-nvl72", "qwen3-235b-a22b", 256, "bf16", 8192, 1, 4096, 1, 8, 1, 3, 32, 4916),
    ("dgx-b200", "qwen3-30b-a3b", 8, "fp8", 512, 1, 4096, 1, 1, 1, 1, 8, 9299),
    ("dgx-b200", "qwen3-235b-a22b", 64, "fp8", 1024, 1, 4096, 1, 8, 1, 2, 8, 3269),
    ("dgx-h100", "qwen3-30b-a3b", 16, "fp8", 512, 2, 4096, 1, 2, 1, 24, 8, 5275),
)


def _fp8() -> list[Point]:
    out = []
    for source, node, name, gpus, gbs, mbs, seq, fsdp, tp, pp, cp, vp, tokens in _FP8_ROWS:
        model = _model(name)
        lay = Layout(tp=tp, pp=pp, cp=cp, dp=gpus // (tp * pp * cp), micro_batch=mbs, global_batch=gbs, seq_len=seq,
                     vpp=vp, recompute="selective", zero=3 if fsdp else 1, precision="fp8")
        release = "NeMo 24.07" if source == NEMO_2407 else "Megatron-Bridge 25.11"
        gpu = _gpu_word(node)
        out.append(Point(f"{release}: {model.name} fp8 on {gpus} {gpu}", source, node, model, lay, float(tokens),
                         "tokens_per_s_per_gpu", False))
    return out


def points() -> list[Point]:
    return _narayanan() + _korthikanti() + _megatron_h100() + _fp8()


def moe_points() -> list[Point]:
    """Megatron-Bridge 25.11's Qwen3 MoE runs, all held out and reported apart from points(): beyond a MoE's FLOPs,
    all-to-alls, token permutation and per-expert GEMM sizes the model has no term for the router, load imbalance or
    the dispatcher's host synchronisation, and misses the small-micro-batch runs by up to 2.7x (+173 %)."""
    out = []
    for node, name, gpus, precision, gbs, mbs, seq, tp, pp, cp, vp, ep, tokens in _MOE_ROWS:
        model = model_by_id(name)
        lay = Layout(tp=tp, pp=pp, cp=cp, ep=ep, dp=gpus // (tp * pp * cp), micro_batch=mbs, global_batch=gbs,
                     seq_len=seq, vpp=vp, recompute="selective", precision=precision)
        out.append(Point(f"Megatron-Bridge 25.11: {model.name} {precision} on {gpus} {_gpu_word(node)} (EP {ep})",
                         BRIDGE_2511, node, model, lay, float(tokens), "tokens_per_s_per_gpu", False))
    return out


def check_moe(catalog: Catalog) -> list[Checked]:
    return [Checked(p, predict(p, catalog)) for p in moe_points()]


@dataclass(frozen=True)
class Checked:
    point: Point
    predicted: float

    @property
    def error(self) -> float:
        return (self.predicted - self.point.measured) / self.point.measured


def predict(point: Point, catalog: Catalog, efficiency: GemmEfficiency | None = None) -> float:
    hw = node_hardware(build_template(point.template, catalog), catalog, efficiency)
    step = simulate_step(point.model, point.layout, hw)
    return float(getattr(step, point.metric))


def check(catalog: Catalog, efficiency: GemmEfficiency | None = None) -> list[Checked]:
    return [Checked(p, predict(p, catalog, efficiency)) for p in points()]


TRTLLM = ("NVIDIA TensorRT-LLM perf-overview.md (the v1.0 tables, github.com/NVIDIA/TensorRT-LLM commit 00f37686): "
          "trtllm-bench offline throughput at maximum load, synthetic requests of fixed prompt (ISL) and output (OSL) "
          "lengths, PyTorch backend, NVIDIA's FP8 and FP4 ModelOpt checkpoints (Llama 3.1 8B, Llama 3.3 70B, "
          "Llama 3.1 405B: the shapes of Llama 3 8B, 70B and 405B); total output tokens per second of the run's GPUs")
TRTLLM_V017 = ("NVIDIA TensorRT-LLM perf-overview.md (v0.17, github.com/NVIDIA/TensorRT-LLM commit 258c7540): offline "
               "throughput at maximum load, Llama 3.1 70B, TP 8, FP8 weights and KV cache, output tokens per second")
ISL_OSL = ((128, 128), (128, 2048), (128, 4096), (500, 2000), (1000, 1000), (1000, 2000), (2048, 128), (2048, 2048),
           (5000, 500), (20000, 2000))
# (model, node, TP, precision, output tokens/s for each ISL/OSL above)
_TRTLLM_ROWS = (
    ("llama3-8b", "dgx-h200", 1, "fp8", (27911, 26221, 18027, 20770, 17744, 16828, 3538, 12194, 3902, 1804)),
    ("llama3-8b", "dgx-h100", 1, "fp8", (28312, 22714, 14325, 17660, 15220, 13899, 3450, 9305, 3459, 1351)),
    ("llama3-70b", "dgx-h200", 1, "fp8", (3803, 4336, 2872, 3666, 2909, 2994, 442, 2003, 566, 283)),
    ("llama3-70b", "dgx-h100", 2, "fp8", (6378, 6651, 4199, 5222, 4205, 4146, 762, 3082, 898, 437)),
    ("llama3-405b", "dgx-h200", 8, "fp8", (3814, 5348, 4741, 4724, 3330, 3722, 456, 2948, 650, 505)),
    ("llama3-405b", "dgx-h100", 8, "fp8", (3627, 4340, 3116, 3994, 2919, 2895, 453, 2296, 610, 345)),
    ("llama3-70b", "dgx-b200", 1, "fp4", (11147, 9922, 6831, 7762, 7007, 6271, 1339, 4783, 1459, 665)),
    ("llama3-70b", "gb200-nvl72", 1, "fp4", (12189, 11309, 7849, 9028, 7326, 6513, 1450, 5646, 1602, 755)),
    ("llama3-405b", "dgx-b200", 4, "fp4", (6281, 8020, 6345, 6244, 5209, 4933, 749, 4212, 1048, 672)),
    ("llama3-405b", "gb200-nvl72", 4, "fp4", (6740, 8151, 6608, 6540, 5389, 5135, 797, 4407, 1112, 739)),
)
# The four points the precisions' shares were fitted to (1,000/1,000 of two fp8 and two fp4 rows); the rest held out.
SERVING_FITTED = {("llama3-70b", "dgx-h100", 1000, 1000), ("llama3-8b", "dgx-h200", 1000, 1000),
                  ("llama3-70b", "dgx-b200", 1000, 1000), ("llama3-405b", "gb200-nvl72", 1000, 1000)}
# (node, input, output, output tokens/s of the node): an older release, its own engine; all held out
_TRTLLM_V017_ROWS = (("dgx-h100", 128, 128, 14730.69), ("dgx-h100", 128, 2048, 17061.82),
                     ("dgx-h100", 2048, 2048, 8801.95), ("dgx-h200", 128, 128, 15355.84),
                     ("dgx-h200", 2048, 2048, 11142.47))


@dataclass(frozen=True)
class ServingPoint:
    label: str
    source: str
    template: str
    model: str
    tp: int
    precision: str
    context: int
    output: int
    measured: float  # output tokens per second of the run's GPUs (TP of them)
    fitted: bool


def _gpu_word(template: str) -> str:
    return {"gb200-nvl72": "GB200", "gb300-nvl72": "GB300"}.get(template, template.removeprefix("dgx-").upper())


def serving_points() -> list[ServingPoint]:
    out = []
    for model, node, tp, precision, values in _TRTLLM_ROWS:
        name = model_by_id(model).name
        for (i, o), tps in zip(ISL_OSL, values, strict=True):
            out.append(ServingPoint(f"TensorRT-LLM 1.0: {name} {i}/{o} on {tp} {_gpu_word(node)} {precision}",
                                    TRTLLM, node, model, tp, precision, i, o, float(tps),
                                    (model, node, i, o) in SERVING_FITTED))
    out += [ServingPoint(f"TensorRT-LLM 0.17: Llama 3 70B {i}/{o} on 8 {_gpu_word(t)} fp8", TRTLLM_V017, t,
                         "llama3-70b", 8, "fp8", i, o, tps, False) for t, i, o, tps in _TRTLLM_V017_ROWS]
    return out


def predict_serving(p: ServingPoint, catalog: Catalog, rates: ServingRates | None = None) -> float:
    """The modelled output tokens per second of the point's TP GPUs at the largest batch that fits."""
    hw = node_hardware(build_template(p.template, catalog), catalog)
    result = infer(model_by_id(p.model), Serving(p.tp, 0, p.context, p.output, p.precision), hw, rates)
    return result.tokens_per_s_per_gpu * p.tp


def check_serving(catalog: Catalog, rates: ServingRates | None = None) -> list[tuple[ServingPoint, float]]:
    return [(p, predict_serving(p, catalog, rates)) for p in serving_points()]
