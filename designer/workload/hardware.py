"""What the step model reads of a node design: its GPU's dense rates and memory, and the collective model on the
design's own topology (designer.simulation: NVLink, PCIe, the node's NICs and its scale-out network)."""

from __future__ import annotations

from functools import cache

from designer.core.errors import DesignerError
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.parts import GpuSpec
from designer.simulation.model import node_fabric
from designer.simulation.parallelism import collective_time_us, crosses_nodes
from designer.workload.efficiency import GemmEfficiency
from designer.workload.step import Hardware


def node_hardware(design: Design, catalog: Catalog, efficiency: GemmEfficiency | None = None) -> Hardware:
    gpus = [p for c in design.components if isinstance(p := catalog.get(c.part), GpuSpec)]
    if not gpus:
        raise DesignerError("the design has no GPUs")
    gpu = gpus[0]
    fab = node_fabric(design, catalog)

    @cache
    def comm(collective: str, nbytes: int, size: int, stride: int) -> float:
        return collective_time_us(fab, collective, nbytes, size, stride) * 1e-6 if size > 1 else 0.0

    peaks = {k: v for k, v in (("bf16", gpu.bf16_dense_tflops), ("fp8", gpu.fp8_dense_tflops),
                               ("fp4", gpu.fp4_dense_tflops)) if v}
    return Hardware(name=design.meta.name, gpus_per_node=len(gpus), peak_tflops=peaks,
                    hbm_gib=gpu.memory_gb * 1e9 / 2**30, hbm_tbytes_s=gpu.mem_bw_tbytes_s or 1.0, comm=comm,
                    crosses_nodes=lambda size, stride: crosses_nodes(fab, size, stride),
                    efficiency=efficiency or GemmEfficiency())
