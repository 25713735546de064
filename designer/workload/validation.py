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


def points() -> list[Point]:
    return _narayanan() + _korthikanti() + _megatron_h100()


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


TRTLLM = ("NVIDIA TensorRT-LLM perf-overview.md (v0.17, github.com/NVIDIA/TensorRT-LLM commit 258c7540): offline "
          "throughput at maximum load, Llama 3.1 70B, TP 8, FP8 weights and KV cache, output tokens per second")
# (node, input, output, output tokens/s, fitted)
_TRTLLM_ROWS = (("dgx-h100", 128, 128, 14730.69, False), ("dgx-h100", 128, 2048, 17061.82, True),
                ("dgx-h100", 2048, 2048, 8801.95, False), ("dgx-h200", 128, 128, 15355.84, False),
                ("dgx-h200", 2048, 2048, 11142.47, True))


@dataclass(frozen=True)
class ServingPoint:
    label: str
    source: str
    template: str
    model: str
    context: int
    output: int
    measured: float  # output tokens per second, the node
    fitted: bool


def serving_points() -> list[ServingPoint]:
    return [ServingPoint(f"TensorRT-LLM: Llama 3.1 70B {i}/{o} on 8 {t.removeprefix('dgx-').upper()}", TRTLLM, t,
                         "llama3-70b", i, o, tps, fitted) for t, i, o, tps, fitted in _TRTLLM_ROWS]


def check_serving(catalog: Catalog, rates: ServingRates | None = None) -> list[tuple[ServingPoint, float]]:
    out = []
    for p in serving_points():
        hw = node_hardware(build_template(p.template, catalog), catalog)
        result = infer(model_by_id(p.model), Serving(8, 0, p.context, p.output, "fp8"), hw, rates)
        out.append((p, result.tokens_per_s))
    return out
