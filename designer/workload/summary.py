"""What a plan or a node design trains, as data for its documents (designer.export receives it; it never computes a
job itself) and for the Workload panel: for each of a few shipped models, the fastest layout found on the plan's
wiring, its MFU, days and dollars to train the model's default budget (20 tokens per parameter) at the plan's cost
per GPU-hour; and the panel's search of one model on a design or a plan. Every figure is modelled."""

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
from designer.workload.job import Job, default_tokens, job_dict
from designer.workload.search import search
from designer.workload.shapes import model_by_id

DOCUMENT_MODELS = ("llama3-8b", "llama3-70b", "llama3-405b")


def plan_usd_per_gpu_hour(m: ClusterModel, pue: float | None = None) -> float:
    """A plan's cost of a GPU-hour (its TCO at its site's PUE, or `pue`)."""
    return float(cost_summary(m, catalog_prices(m.catalog), TcoParams(pue=pue or m.site.pue))["usd_per_gpu_hour"])


def node_usd_per_gpu_hour(design: Design, catalog: Catalog, params: TcoParams | None = None) -> float:
    """A node design's cost of a GPU-hour (its TCO at the cost model's defaults, or `params`; 0 without a price)."""
    from designer.cost.bill import node_tco  # noqa: PLC0415

    _, tco = node_tco(design, catalog, catalog_prices(catalog), params or TcoParams())
    return tco.usd_per_gpu_hour if tco else 0.0


def layouts_on(source: Design | ClusterModel, catalog: Catalog, model_id: str, gpus: int, precision: str,
               top: int) -> dict:
    """The `top` fastest layouts of a model on `gpus` GPUs of a node design (at the cost model's defaults) or of a
    plan (its wiring, IT power per node, PUE and cost; its GPUs at most), as the Workload panel shows them."""
    from designer.model.budget import power_budget  # noqa: PLC0415

    if isinstance(source, ClusterModel):
        design, gpus, pue = cluster_design(source), min(gpus, source.compute.gpus), source.site.pue
        wall, usd = source.it_w / source.nodes, plan_usd_per_gpu_hour(source)
    else:
        design, pue = source, TcoParams().pue
        wall, usd = power_budget(design, catalog).wall_w, node_usd_per_gpu_hour(design, catalog)
    model = model_by_id(model_id)
    hw = node_hardware(design, catalog)
    result = search(model, gpus, hw, precision=precision, top=top)
    rows = [job_dict(Job(s, default_tokens(model), wall, hw.gpus_per_node, pue, usd, "tco")) for s in result.best]
    return {"model": model.name, "tokens": default_tokens(model), "evaluated": result.evaluated,
            "fitting": result.fitting, "rows": rows, "gpus": gpus,
            "validated": not model.moe}  # a mixture of experts' throughput is above every published run


def what_it_trains(m: ClusterModel, models: tuple[str, ...] = DOCUMENT_MODELS) -> list[dict]:
    hw = node_hardware(cluster_design(m), m.catalog)
    usd = plan_usd_per_gpu_hour(m)
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
    try:
        hw = node_hardware(design, catalog)
    except DesignerError:
        return []
    if "bf16" not in hw.peak_tflops:
        return []
    usd = node_usd_per_gpu_hour(design, catalog)
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
