"""Key figures, the ones a spec sheet leads with, derived from the design, catalog and graph."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from designer.core.locale import render
from designer.core.messages import Msg, Name, Number, _m
from designer.model.budget import power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.facility import heat_balance
from designer.model.parts import CpuSpec, GpuSpec, NicSpec, only_gpus
from designer.topology.graph import HOST, SCALEUP, Topology, build_topology
from designer.topology.outcomes import outcomes
from designer.topology.policy import resolve


@dataclass(frozen=True)
class KeyFigures:
    gpu_count: int
    gpu_models: list[str]
    scaleup_fabric: str
    scaleup_gbytes_s_per_gpu_per_dir: float  # the least-connected GPU, wired links only
    scaleup_gbytes_s_per_gpu_bidir: float  # the vendor-style figure (2 x per direction)
    scaleup_total_gbytes_s_per_dir: float
    scaleup_total_gbytes_s_bidir: float
    bisection_gbytes_s_per_dir: float
    hbm_total_gb: float  # accelerator memory of every kind, usable as the vendors publish it (`memory_kind`: HBM/GDDR)
    memory_physical_total_gb: float  # the memory stacks' raw capacity (B200: 192 GB per GPU against 180 usable)
    memory_kind: str  # "HBM", "GDDR6", "GDDR6X", or a mix joined by " + "
    device_word: str  # "GPUs", or "accelerators" where the design holds non-GPU parts (NPUs, Gaudi)
    mem_bw_total_tbytes_s: float | None  # None when any GPU's figure is unknown
    mem_bw_unknown_gpus: int
    dc_load_w: float
    wall_peak_w: float
    psu_usable_w: float
    psu_summary: str
    nic_count: int
    nic_speeds_gbit_s: list[float]
    scaleout_gbit_s_total: float
    scaleout_gbit_s_per_gpu: float
    bf16_dense_pflops: float | None
    fp8_dense_pflops: float | None  # None: unknown, or not supported (fp8_supported says which)
    fp8_supported: bool
    heat_btu_per_hr: float  # all wall power
    airflow_cfm: float  # for the heat to air only (designer.model.facility.heat_balance)
    # One failure under the design's fabric failure policy (designer.topology.policy): one physical scale-up
    # link, one whole switch plane; the drop is the worst GPU pair's (1.0: no NVLink left), the severity "error"
    # where the NVLink domain stops
    failure_one_link_drop: float | None
    failure_one_link: str
    failure_one_plane_drop: float | None
    failure_one_plane: str
    failure_one_link_severity: str | None
    failure_one_plane_severity: str | None
    failure_policy: dict | None  # the policy in force, its source and alternatives; None without scale-up
    published_max_power_w: float | None  # the vendor's maximum for the reference system in this chassis
    published_max_is_calibration: bool  # True: a budget term (the fan term) is derived from that maximum
    cpu_count: int
    cpu_models: list[str]
    cpu_cores_total: int  # every core of every CPU in the node (2 x 56-core Xeon 8480C: 112)

    def as_dict(self) -> dict:
        return asdict(self)


def gpu_scaleup_capacity(topo: Topology, gpu: str) -> float:
    g = topo.graph
    return sum(d["capacity"] for _, _, d in g.edges(gpu, data=True) if d["kind"] in SCALEUP)


def bisection(topo: Topology) -> float:
    """Max flow between the first and second half of the GPUs (design order), per direction.

    Uses the scale-up fabric when there is one, else the host PCIe/socket fabric.
    """
    gpus = topo.gpus
    if len(gpus) < 2:
        return 0.0
    half = len(gpus) // 2
    kinds = SCALEUP if any(gpu_scaleup_capacity(topo, g) for g in gpus) else HOST
    return topo.max_flow(kinds, gpus[:half], gpus[half:])


def _sum_or_none(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return None if len(known) < len(values) else sum(known)


def _failure(topo: Topology, granularity: str) -> dict:
    o = outcomes(topo).get(granularity)
    name = f"failure_one_{granularity}"
    if o is None:
        return {f"{name}_drop": None, name: "", f"{name}_severity": None}
    return {f"{name}_drop": o.drop, name: str(o.text), f"{name}_severity": o.severity}


def _fp8(specs: list[GpuSpec]) -> tuple[float | None, bool]:
    """Catalog 0 means the part has no FP8: the figure is then None and `supported` False."""
    supported = all(s.fp8_dense_tflops != 0 for s in specs)
    total = _sum_or_none([s.fp8_dense_tflops for s in specs]) if supported else None
    return (None if total is None else total / 1000), supported


def key_figures(design: Design, catalog: Catalog, topo: Topology | None = None) -> KeyFigures:
    topo = topo or build_topology(design, catalog)
    specs = [p for p in map(topo.part, topo.gpus) if isinstance(p, GpuSpec)]
    per_gpu = [gpu_scaleup_capacity(topo, g) for g in topo.gpus]
    nics = [p for p in map(topo.part, topo.nics("compute")) if isinstance(p, NicSpec)]
    net_gbit = sum(n.line_rate_gbit_s for n in nics if isinstance(n, NicSpec))
    budget = power_budget(design, catalog)
    bf16 = _sum_or_none([s.bf16_dense_tflops for s in specs])
    fp8, fp8_supported = _fp8(specs)
    policy = resolve(topo)
    fabrics = sorted({s.fabric.value for s in specs})
    models = list(dict.fromkeys(s.name for s in specs))
    mem_bw = [s.mem_bw_tbytes_s for s in specs]
    mem_bw_sum = _sum_or_none(mem_bw)
    return KeyFigures(
        gpu_count=len(specs), gpu_models=models, scaleup_fabric="/".join(fabrics) or "none",
        scaleup_gbytes_s_per_gpu_per_dir=min(per_gpu, default=0.0),
        scaleup_gbytes_s_per_gpu_bidir=2 * min(per_gpu, default=0.0),
        scaleup_total_gbytes_s_per_dir=sum(per_gpu), scaleup_total_gbytes_s_bidir=2 * sum(per_gpu),
        bisection_gbytes_s_per_dir=bisection(topo),
        hbm_total_gb=sum(s.memory_gb for s in specs),
        memory_kind=" + ".join(dict.fromkeys(s.memory_family for s in specs)) or "HBM",
        device_word="GPUs" if only_gpus(specs) else "accelerators",
        mem_bw_total_tbytes_s=None if mem_bw_sum is None else round(mem_bw_sum, 6),
        mem_bw_unknown_gpus=sum(1 for v in mem_bw if v is None),
        dc_load_w=budget.load_w, wall_peak_w=budget.wall_w, psu_usable_w=budget.usable_w,
        psu_summary=f"{budget.psu_count} x {budget.psu_unit_w / 1000:g} kW, {budget.redundancy.value}",
        nic_count=len(nics), nic_speeds_gbit_s=sorted({n.line_rate_gbit_s for n in nics}),
        scaleout_gbit_s_total=net_gbit, scaleout_gbit_s_per_gpu=net_gbit / len(specs) if specs else 0.0,
        bf16_dense_pflops=None if bf16 is None else bf16 / 1000, fp8_dense_pflops=fp8, fp8_supported=fp8_supported,
        heat_btu_per_hr=budget.heat_btu_hr, airflow_cfm=heat_balance(design, catalog).airflow_cfm,
        **_failure(topo, "link"), **_failure(topo, "plane"),
        failure_policy=policy.as_dict() if policy else None, published_max_power_w=budget.published_max_w,
        published_max_is_calibration=budget.published_is_calibration, **_cpus(design, catalog),
        memory_physical_total_gb=sum(s.memory_physical_gb or s.memory_gb for s in specs),
    )


def cpu_line(cpu_count: int, cpu_models: list[str], cpu_cores_total: int) -> str:
    """The CPU line every view writes: "2 x Intel Xeon Platinum 8480C, 112 cores in all" (the system's total)."""
    return render(cpu_line_msg(cpu_count, cpu_models, cpu_cores_total), "en")


def cpu_line_msg(cpu_count: int, cpu_models: list[str], cpu_cores_total: int) -> Msg:
    """cpu_line as a message, for a document in another language."""
    if not cpu_count:
        return _m("none")
    return _m("{n} x {models}, {cores} cores in all", n=cpu_count, models=Name(", ".join(cpu_models)),
              cores=Number(cpu_cores_total))


def _cpus(design: Design, catalog: Catalog) -> dict:
    cpus = [p for p in (catalog.get(c.part) for c in design.components) if isinstance(p, CpuSpec)]
    return {"cpu_count": len(cpus), "cpu_models": list(dict.fromkeys(p.name for p in cpus)),
            "cpu_cores_total": sum(p.cores for p in cpus)}

