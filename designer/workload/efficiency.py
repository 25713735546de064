"""The share of a GPU's dense peak a GEMM reaches, by its size: large GEMMs near the best the GPU sustains, small
ones far below (launch, tail and memory costs). One curve, two constants, fitted to public training measurements
(designer.workload.validation says which points were fitted and which held out) and replaceable by a user's own
measurements (the device tool measures GEMMs on an H200 when a session has one).

    share(F) = best / (1 + half / F)        F: the GEMM's FLOPs; half: the size at which it reaches half of best
"""

from __future__ import annotations

from dataclasses import dataclass

# GEMMs' best share of the dense peak in a training step, framework overheads included (fitted to 4 of Narayanan's
# 10 rows; designer.workload.validation).
BEST = 0.667
HALF_GFLOP = 19.5  # the GEMM size, in GFLOP, at which half of the best is reached (fitted with BEST)


# The curve's share reached at a precision's own dense peak, relative to bf16's: fitted with scipy to four of
# TensorRT-LLM's published serving points (designer.workload.validation: two fp8, two fp4) and used for training's
# fp8 linear layers too, where it is checked against held-out NeMo / Megatron-Bridge measurements.
PRECISION_SHARE = {"bf16": 1.0, "fp8": 0.779, "fp4": 0.483}

# Times a layer's stored activation bytes cross HBM in its memory-bound work (written, read, read back in the
# backward): set, not fitted.
ELEMENTWISE_PASSES = 3.0


@dataclass(frozen=True)
class GemmEfficiency:
    best: float = BEST
    half_gflop: float = HALF_GFLOP
    elementwise_passes: float = ELEMENTWISE_PASSES

    def __call__(self, flops: float) -> float:
        return self.best / (1.0 + self.half_gflop * 1e9 / max(flops, 1.0))
