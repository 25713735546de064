"""A training job on a design: the step, then days, GPU-hours, energy and dollars to train a token budget.

Energy is the nodes' peak wall power (their power budget) for the job's hours, times the site's PUE; the network
outside the nodes is not in it for a node design (said). Dollars are the GPU-hours at the design's cost per
GPU-hour (designer.cost: capital and energy over the TCO model's life and utilisation) or at a rental price.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.workload.shapes import ModelShape
from designer.workload.step import Step

CHINCHILLA_TOKENS_PER_PARAM = 20  # the default budget: Hoffmann et al. 2022's compute-optimal tokens per parameter
DEFAULT_BATCH_TOKENS = 4 * 2**20  # tokens per step where the user gives no global batch (Llama 3 began at 4M)


@dataclass(frozen=True)
class Job:
    step: Step
    tokens: float  # to train
    node_wall_w: float
    gpus_per_node: int
    pue: float
    usd_per_gpu_hour: float
    price_basis: str  # "tco" or "rental"

    @property
    def seconds(self) -> float:
        return self.tokens / self.step.tokens_per_s

    @property
    def days(self) -> float:
        return self.seconds / 86_400

    @property
    def gpu_hours(self) -> float:
        return self.step.layout.gpus * self.seconds / 3600

    @property
    def energy_mwh(self) -> float:
        nodes = math.ceil(self.step.layout.gpus / self.gpus_per_node)
        return nodes * self.node_wall_w * self.pue * self.seconds / 3600 / 1e6

    @property
    def cost_usd(self) -> float:
        return self.gpu_hours * self.usd_per_gpu_hour


def default_tokens(model: ModelShape) -> float:
    return CHINCHILLA_TOKENS_PER_PARAM * model.params


def default_global_batch(seq_len: int, dp: int, micro_batch: int) -> int:
    """Sequences per step: about DEFAULT_BATCH_TOKENS, a multiple of DP x micro-batch."""
    unit = dp * micro_batch
    return max(unit, round(DEFAULT_BATCH_TOKENS / seq_len / unit) * unit)


def job_dict(job: Job) -> dict:
    s = job.step
    fits = s.memory.fits
    timed = {"step_time_s": round(s.step_time_s, 4), "tflops_per_gpu": round(s.tflops_per_gpu, 1),
             "mfu": round(s.mfu, 4), "hfu": round(s.hfu, 4), "tokens_per_s": round(s.tokens_per_s),
             "days_to_train": round(job.days, 2), "gpu_hours": round(job.gpu_hours),
             "energy_mwh": round(job.energy_mwh, 1), "cost_usd": round(job.cost_usd),
             "breakdown": {k: round(v, 4) for k, v in s.breakdown().items()}}
    lay = s.layout
    return {"fits": fits, "memory_gib_per_gpu": round(s.memory.total_gib, 2),
            "memory": {"weights_gib": round(s.memory.weights_gib, 2), "gradients_gib": round(s.memory.gradients_gib, 2),
                       "optimizer_gib": round(s.memory.optimizer_gib, 2),
                       "activations_gib": round(s.memory.activations_gib, 2),
                       "capacity_gib": round(s.memory.capacity_gib, 2)},
            "layout": {"gpus": lay.gpus, "tp": lay.tp, "pp": lay.pp, "dp": lay.dp, "cp": lay.cp, "ep": lay.ep,
                       "microbatch": lay.micro_batch, "global_batch": lay.global_batch, "vpp": lay.vpp,
                       "recompute": lay.recompute, "zero": lay.zero, "seq": lay.seq_len, "precision": lay.precision},
            "tokens": job.tokens, "usd_per_gpu_hour": round(job.usd_per_gpu_hour, 4), "price_basis": job.price_basis,
            **(timed if fits else {k: None for k in timed})}
