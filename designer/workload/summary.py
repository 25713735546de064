"""What a plan trains, as data for its documents (designer.export receives it; it never computes a job itself):
for each of a few shipped models, the fastest layout found on the plan's wiring, its MFU, days and dollars to train
the model's default budget (20 tokens per parameter) at the plan's cost per GPU-hour. Every figure is modelled."""

from __future__ import annotations

from designer.cluster.build import ClusterModel
from designer.cluster.perf import cluster_design
from designer.core.errors import DesignerError
from designer.cost.cluster import cost_summary
from designer.cost.prices import catalog_prices
from designer.cost.tco import TcoParams
from designer.model.catalog import Catalog
from designer.model.design import Design
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


NODE_JOBS = (("llama3-8b", 1), ("llama3-70b", 32), ("llama3-405b", 128))  # (model, nodes) a node's sheet shows


def node_trains(design: Design, catalog: Catalog) -> list[dict]:
    """What a node design trains, for its spec sheet: each model on a number of these nodes joined by the node's own
    scale-out network, the fastest layout found, MFU, days and dollars at the node's cost per GPU-hour (the cost
    model's defaults). Nothing for a design without GPUs or a dense bf16 rate."""
    from designer.cost.bill import node_tco  # noqa: PLC0415

    try:
        hw = node_hardware(design, catalog)
    except DesignerError:
        return []
    if "bf16" not in hw.peak_tflops:
        return []
    _, tco = node_tco(design, catalog, catalog_prices(catalog), TcoParams())
    usd = tco.usd_per_gpu_hour if tco else 0.0
    out = []
    for model_id, nodes in NODE_JOBS:
        model, gpus = model_by_id(model_id), nodes * hw.gpus_per_node
        best = search(model, gpus, hw, top=1).best
        row: dict = {"model": model.name, "gpus": gpus, "tokens": default_tokens(model), "fits": bool(best)}
        if best:
            s = best[0]
            hours = default_tokens(model) / s.tokens_per_s / 3600
            lay = s.layout
            row |= {"layout": {"tp": lay.tp, "pp": lay.pp, "dp": lay.dp, "cp": lay.cp}, "mfu": s.mfu,
                    "days": hours / 24, "cost_usd": hours * gpus * usd}
        out.append(row)
    return out
