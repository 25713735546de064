"""The cross-tier collective model against public multi-node nccl-tests AllReduce results, in the style of
validate_model.py: model vs measured, error, source. The jobs are placed compactly in a plan of 256 nodes
(the B200-RA SU of 32 nodes; the H200 run's 248 nodes cross the spine).

Run: .venv/bin/python benchmarks/validate_cluster.py
"""

from __future__ import annotations

import statistics

from designer.cluster.build import ClusterModel
from designer.cluster.perf import simulate_job
from designer.cluster.plan import ClusterPlan, ComputeFabric, Fabrics, NodeRef
from designer.model.catalog import shipped_catalog
from designer.simulation import SimConfig

G, M = 1 << 30, 1 << 20
POINTS = (  # template, GPUs, size, measured busbw GB/s, source
    ("dgx-h100", 8, 16 * G, 480.0, "NVIDIA/nccl-tests#309 (HGX H100, NVLS on)"),
    ("dgx-h100", 16, 16 * G, 470.0, "NVIDIA/nccl-tests#309 (2 x HGX H100, 8 GPU-NIC pairs each, NVLS on)"),
    ("dgx-h100", 32, 16 * G, 365.84, "NVIDIA/nccl-tests#309 (4 x HGX H100)"),
    ("dgx-h200", 1984, 512 * M, 350.0, "NVIDIA/nccl-tests#283 (248 x 8 H200, 8 NICs each; 'typically around 350')"),
)


def main() -> None:
    catalog = shipped_catalog()
    errors = []
    print(f"{'design':<10}{'GPUs':>6}{'size':>7} {'tier':<6}{'measured':>9}{'model':>9}{'error':>8}  source")
    for template, gpus, size, measured, source in POINTS:
        plan = ClusterPlan(node=NodeRef(template=template), nodes=256,
                           fabrics=Fabrics(compute=ComputeFabric(ufm_positions=0)))
        result, placed = simulate_job(ClusterModel(plan, catalog), gpus, SimConfig(("allreduce",), sizes=(size,)))
        model = result.rows[-1].busbw_GBps
        err = (model - measured) / measured
        errors.append(abs(err))
        print(f"{template:<10}{gpus:>6}{size // M:>6}M {placed.tier:<6}{measured:>9.1f}{model:>9.1f}{err:>+8.1%}"
              f"  {source}")
    print(f"\n{len(errors)} points, median |error| {statistics.median(errors):.1%}, worst {max(errors):.1%}")


if __name__ == "__main__":
    main()
