"""The spec sheet's specification rows that state the node's facts, as messages (designer.core.messages): memory,
compute, CPUs, PSUs, form factor. English by str(); the sheet renders them in its language."""

from __future__ import annotations

from designer.core.messages import Msg, Name, Number, Quantity, _m, many
from designer.model.parts import CpuSpec, PartBase


def memory_row(gb: float, kinds: str, physical_gb: float, bw_tbytes_s: float | None) -> Msg:
    """'640 GB HBM3 usable in total; 26.8 TB/s aggregate bandwidth' (with the physical capacity where larger)."""
    bw = _m("not published") if bw_tbytes_s is None else Quantity(bw_tbytes_s, "TB/s", 1)
    if physical_gb > gb:
        return _m("{gb} GB {kind} usable in total ({phys} GB physical); {bw} aggregate bandwidth", gb=Number(gb),
                  kind=Name(kinds), phys=Number(physical_gb), bw=bw)
    return _m("{gb} GB {kind} usable in total; {bw} aggregate bandwidth", gb=Number(gb), kind=Name(kinds), bw=bw)


def dense_compute(bf16: float | None, fp8: float | None, fp8_supported: bool) -> Msg:
    """'2.50 / 5.00 PFLOPS'; a GPU without FP8 says so (a 0 or 'not published' would mislead)."""
    def pflops(value: float | None) -> Msg | Number:
        return _m("not published") if value is None else Number(value, 2)

    if not fp8_supported:
        return _m("{bf16} PFLOPS; no FP8", bf16=pflops(bf16))
    return _m("{bf16} / {fp8} PFLOPS", bf16=pflops(bf16), fp8=pflops(fp8))


def cpus_row(items: list[tuple[PartBase, int]], total_cores: int) -> Msg:
    """'2 x Intel Xeon Platinum 8480C (56 cores each): 112 cores in all'."""
    if not items:
        return _m("none")
    parts = [_m("{n} x {name} ({cores} cores each)", n=n, name=Name(p.name), cores=p.cores)
             if isinstance(p, CpuSpec) else _m("{n} x {name}", n=n, name=Name(p.name)) for p, n in items]
    return _m("{cpus}: {total} cores in all", cpus=many(parts, "; "), total=Number(total_cores))


def psus_row(count: int, unit_w: float, redundancy: str, usable_w: float) -> Msg:
    return _m("{n} x {w} W, {policy}: {u} W usable", n=count, w=Number(unit_w), policy=Name(str(redundancy)),
              u=Number(usable_w))


def form_factor_row(rack_units: int, chassis: str) -> Msg:
    return _m("{u}U rack-mount ({name})", u=rack_units, name=Name(chassis))
