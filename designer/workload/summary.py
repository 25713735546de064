"""What a plan trains, as data for its documents (designer.export receives it; it never computes a job itself):
for each of a few shipped models, the fastest layout found on the plan's wiring, its MFU, days and dollars to train
the model's default budget (20 tokens per parameter) at the plan's cost per GPU-hour. Every figure is modelled."""

from __future__ import annotations

from designer.cluster.build import ClusterModel
from designer.cluster.perf import cluster_design
from designer.cost.cluster import cost_summary
from designer.cost.prices import catalog_prices
from designer.cost.tco import TcoParams
from designer.workload.hardware import node_hardware
from designer.workload.job import default_tokens
from designer.workload.search import search
from designer.workload.shapes import model_by_id

DOCUMENT_MODELS = ("llama3-8b", "llama3-70b", "llama3-405b")


def what_it_trains(m: ClusterModel, models: tuple[str, ...] = DOCUMENT_MODELS) -> list[dict]:
    hw = node_hardware(cluster_design(m), m.catalog)
    usd = float(cost_summary(m, catalog_prices(m.catalog), TcoParams(pue=m.site.pue))["usd_per_gpu_hour"])
    out = []
    for model_id in models:
        model = model_by_id(model_id)
        best = search(model, m.compute.gpus, hw, top=1).best
        row: dict = {"model": model.name, "gpus": m.compute.gpus, "tokens": default_tokens(model), "fits": bool(best)}
        if best:
            s = best[0]
            hours = default_tokens(model) / s.tokens_per_s / 3600
            lay = s.layout
            row |= {"layout": {"tp": lay.tp, "pp": lay.pp, "dp": lay.dp, "cp": lay.cp, "recompute": lay.recompute,
                               "zero": lay.zero},
                    "mfu": s.mfu, "days": hours / 24, "cost_usd": hours * m.compute.gpus * usd}
        out.append(row)
    return out
