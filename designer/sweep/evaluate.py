"""One point of a sweep, evaluated: a cluster plan of the node, sized by the SuperPOD rules, its AllReduce of
1 GiB over all its GPUs from the cross-tier model, its capital from the price book and its cost per GPU-hour.

A pure function of the point's parameters and the sweep's context (price book, utilisation). What does not
depend on electricity price or PUE (the plan's sizing, performance and capital) is computed once per process
for each (node, network, GPUs, oversubscription) and reused across the energy axes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from designer.cluster.build import ClusterModel
from designer.cluster.perf import simulate_job
from designer.cluster.plan import ClusterPlan, ComputeFabric, Fabrics, NodeRef, Site
from designer.cost.cluster import cluster_bill
from designer.cost.prices import Prices
from designer.cost.tco import TcoParams, tco
from designer.model.catalog import Catalog, default_catalog
from designer.model.design import Design
from designer.model.edits import replace_parts
from designer.model.parts import FabricSpec
from designer.simulation import SimConfig
from designer.sweep.grid import Point
from designer.templates import build_template

ONE_GIB = 1 << 30
# A sweep's network kinds and the scale-out fabric part that sets each (designer/data/catalog).
NETWORK_FABRIC = {"ib": "scaleout-ib", "roce": "scaleout-roce"}
# ... and the compute switch of each (the SuperPOD RAs: Quantum-2 for InfiniBand, Spectrum-4 for Ethernet).
NETWORK_SWITCH = {"ib": "qm9700", "roce": "sn5600"}
COLUMNS = ("node", "gpus", "oversubscription", "network", "electricity_usd_kwh", "pue", "gpus_built", "nodes",
           "racks", "switches", "tiers", "allreduce_busbw_gbytes_s", "tco_usd_per_gpu_hour", "facility_w_per_gpu",
           "capex_usd", "capex_estimated", "it_w", "bottleneck")


JOB_COLUMNS = ("model", "job_layout", "job_mfu", "job_days", "job_gpu_hours", "job_energy_mwh", "job_cost_usd",
               "facility_mw")


@dataclass(frozen=True)
class SweepContext:
    prices: Prices
    utilisation: float = 0.8
    model: str | None = None  # a fixed training job: the model trained on every design (its default token budget)


@dataclass(frozen=True)
class Physical:
    """What a plan is, before energy prices: sized, modelled, priced."""

    gpus: int
    nodes: int
    racks: int
    switches: int
    tiers: int
    busbw_gbytes_s: float
    bottleneck: str
    capex_usd: float
    capex_estimated: bool
    it_w: float


@cache
def _catalog() -> Catalog:
    return default_catalog()


@cache
def node_variant(node: str, network: str) -> Design:
    """The node template with its compute fabric set to the network kind (one object per process, so the
    analyses memoised by design identity are shared by every plan of this node)."""
    catalog = _catalog()
    design = build_template(node, catalog)
    fabrics = [c.id for c in design.components
               if isinstance(p := catalog.get(c.part), FabricSpec) and p.purpose == "compute"]
    return replace_parts(design, fabrics, NETWORK_FABRIC[network]) if fabrics else design


def plan_of(point: Point) -> ClusterPlan:
    node = NodeRef(design=node_variant(point.node, point.network))
    # The network is the point's choice; everything else is the plan's default (the node's reference
    # architecture: SU, fabric manager, planes, racks, feeds, the other fabrics), as `cluster new` gives it.
    compute = ComputeFabric(oversubscription=point.oversubscription, target_oversubscription=point.oversubscription,
                            switch=NETWORK_SWITCH[point.network])
    return ClusterPlan(name=f"{point.node} x {point.gpus}", node=node, gpus=point.gpus, site=Site(pue=point.pue),
                       fabrics=Fabrics(compute=compute))


_PHYSICAL: dict[tuple[str, str, int, float, str], Physical] = {}


def _physical(node: str, network: str, gpus: int, oversubscription: float, prices: Prices) -> Physical:
    key = (node, network, gpus, oversubscription, prices.fingerprint)
    if key not in _PHYSICAL:
        _PHYSICAL[key] = _measure(node, network, gpus, oversubscription, prices)
    return _PHYSICAL[key]


def _measure(node: str, network: str, gpus: int, oversubscription: float, prices: Prices) -> Physical:
    point = Point(0, node, gpus, oversubscription, network, 0.0, 1.3)
    m = ClusterModel(plan_of(point), _catalog())
    result, _ = simulate_job(m, m.compute.gpus, SimConfig(("allreduce",), 1, sizes=(ONE_GIB,)))
    row = result.rows[-1]
    bill = cluster_bill(m, prices)
    return Physical(m.compute.gpus, m.nodes, len(m.racks.racks), m.compute.switches, m.compute.tiers,
                    row.busbw_GBps, row.bottleneck, bill.total_usd, bill.estimated, m.it_w)


def evaluate(point: Point, ctx: SweepContext) -> dict:
    ph = _physical(point.node, point.network, point.gpus, point.oversubscription, ctx.prices)
    params = TcoParams(electricity_usd_kwh=point.electricity_usd_kwh, pue=point.pue, utilisation=ctx.utilisation)
    t = tco(ph.capex_usd, ph.it_w, ph.gpus, params, ph.capex_estimated)
    row = _row(point, ph, t)
    if ctx.model is None:
        return row
    job = _job(ctx.model, point.node, point.network, point.gpus, point.oversubscription)
    hours = job.seconds / 3600 if job else None
    return row | {"model": ctx.model, "job_layout": job.layout if job else "does not fit",
                  "job_mfu": round(job.mfu, 4) if job else "", "job_days": round(hours / 24, 3) if hours else "",
                  "job_gpu_hours": round(ph.gpus * hours) if hours else "",
                  "job_energy_mwh": round(ph.it_w * point.pue * hours / 1e6, 2) if hours else "",
                  "job_cost_usd": round(ph.gpus * hours * t.usd_per_gpu_hour) if hours else "",
                  "facility_mw": round(ph.it_w * point.pue / 1e6, 4)}


@dataclass(frozen=True)
class JobFit:
    layout: str
    seconds: float
    mfu: float


_JOBS: dict[tuple[str, str, str, int, float], JobFit | None] = {}


def _job(model_id: str, node: str, network: str, gpus: int, oversubscription: float) -> JobFit | None:
    """The fastest layout of the model's training on the plan (its wiring), or None when none fits; per process."""
    key = (model_id, node, network, gpus, oversubscription)
    if key not in _JOBS:
        from designer.cluster.perf import cluster_design  # noqa: PLC0415
        from designer.workload.hardware import node_hardware  # noqa: PLC0415
        from designer.workload.job import default_tokens  # noqa: PLC0415
        from designer.workload.search import search  # noqa: PLC0415
        from designer.workload.shapes import model_by_id  # noqa: PLC0415

        model = model_by_id(model_id)
        m = ClusterModel(plan_of(Point(0, node, gpus, oversubscription, network, 0.0, 1.3)), _catalog())
        best = search(model, m.compute.gpus, node_hardware(cluster_design(m), _catalog()), top=1).best
        _JOBS[key] = None if not best else JobFit(
            f"TP{best[0].layout.tp} PP{best[0].layout.pp} DP{best[0].layout.dp} CP{best[0].layout.cp}",
            default_tokens(model) / best[0].tokens_per_s, best[0].mfu)
    return _JOBS[key]


def job_objectives(row: dict) -> tuple[float, float, float]:
    """A fixed job's Pareto objectives, all minimised: days to train, dollars, facility megawatts (a design on which
    the job does not fit is never on the front)."""
    if row["job_days"] == "":
        return (math.inf, math.inf, math.inf)
    return float(row["job_days"]), float(row["job_cost_usd"]), float(row["facility_mw"])


def scenario(row: dict) -> tuple[float, float]:
    """What the site imposes: the Pareto set is found within each electricity price and PUE."""
    return float(row["electricity_usd_kwh"]), float(row["pue"])


def job_rank(row: dict) -> float:
    return float(row["job_cost_usd"]) if row["job_cost_usd"] != "" else math.inf


def _row(point: Point, ph: Physical, t) -> dict:
    return {"node": point.node, "gpus": point.gpus, "oversubscription": point.oversubscription,
            "network": point.network, "electricity_usd_kwh": point.electricity_usd_kwh, "pue": point.pue,
            "gpus_built": ph.gpus, "nodes": ph.nodes, "racks": ph.racks, "switches": ph.switches, "tiers": ph.tiers,
            "allreduce_busbw_gbytes_s": round(ph.busbw_gbytes_s, 2),
            "tco_usd_per_gpu_hour": round(t.usd_per_gpu_hour, 4),
            "facility_w_per_gpu": round(ph.it_w * point.pue / ph.gpus, 1), "capex_usd": round(ph.capex_usd),
            "capex_estimated": ph.capex_estimated, "it_w": round(ph.it_w), "bottleneck": ph.bottleneck}


def evaluate_chunk(points: list[Point], ctx: SweepContext) -> list[dict]:
    return [evaluate(p, ctx) for p in points]


def objectives(row: dict) -> tuple[float, float, float]:
    """All minimised: busbw (higher is better), cost per GPU-hour, facility watts per GPU."""
    return (-float(row["allreduce_busbw_gbytes_s"]), float(row["tco_usd_per_gpu_hour"]),
            float(row["facility_w_per_gpu"]))


def rank(row: dict) -> float:
    return float(row["tco_usd_per_gpu_hour"])
