"""The spec sheet's specification rows that state the node's facts, as messages (designer.core.messages): memory,
scale-up, compute, CPUs, system memory, storage, NICs, PCIe, power, PSUs, form factor. English by str(); the sheet
renders them in its language."""

from __future__ import annotations

from designer.core.messages import Msg, Name, Number, Quantity, _m, many
from designer.export.names import fabric_words
from designer.model.data_text import part_name
from designer.model.parts import CpuSpec, PartBase, Physical
from designer.rules.words import device


def memory_row(gb: float, kinds: str, physical_gb: float, bw_tbytes_s: float | None) -> Msg:
    """'640 GB HBM3 usable in total; 26.8 TB/s aggregate bandwidth' (with the physical capacity where larger)."""
    bw = _m("not published") if bw_tbytes_s is None else Quantity(bw_tbytes_s, "TB/s", 1)
    if physical_gb > gb:
        return _m("{gb} GB {kind} usable in total ({phys} GB physical); {bw} aggregate bandwidth", gb=Number(gb),
                  kind=Name(kinds), phys=Number(physical_gb), bw=bw)
    return _m("{gb} GB {kind} usable in total; {bw} aggregate bandwidth", gb=Number(gb), kind=Name(kinds), bw=bw)


def dense_compute(bf16: float | None, fp8: float | None, fp8_supported: bool) -> Msg:
    """'2.50 / 5.00 PFLOPS', '180 / 360 PFLOPS' (three significant digits); a GPU without FP8 says so (a 0 or 'not
    published' would mislead)."""
    def pflops(value: float | None) -> Msg | Number:
        return _m("not published") if value is None else Number(value, 2 if value < 10 else 1 if value < 100 else 0)

    if not fp8_supported:
        return _m("{bf16} PFLOPS; no FP8", bf16=pflops(bf16))
    return _m("{bf16} / {fp8} PFLOPS", bf16=pflops(bf16), fp8=pflops(fp8))


def cpus_row(items: list[tuple[PartBase, int]], total_cores: int) -> Msg:
    """'2 x Intel Xeon Platinum 8480C (56 cores each): 112 cores in all'."""
    if not items:
        return _m("none")
    parts = [_m("{n} x {name} ({cores} cores each)", n=n, name=part_name(p), cores=p.cores)
             if isinstance(p, CpuSpec) else _m("{n} x {name}", n=n, name=part_name(p)) for p, n in items]
    return _m("{cpus}: {total} cores in all", cpus=many(parts, "; "), total=Number(total_cores))


def psus_row(count: int, unit_w: float, redundancy: str, usable_w: float) -> Msg:
    return _m("{n} x {w} W, {policy}: {u} W usable", n=count, w=Number(unit_w), policy=Name(str(redundancy)),
              u=Number(usable_w))


def form_factor_row(rack_units: int, chassis: str) -> Msg:
    return _m("{u}U rack-mount ({name})", u=rack_units, name=Name(chassis))


def _as_written(value: float) -> Number:
    """A vendor's figure with the decimals it was written with (356, 482.3, 130.45), at most two."""
    return Number(value, next(d for d in (0, 1, 2) if round(value, d) == round(value, 2)))


def physical_row(physical: Physical | None) -> Msg:
    """'356 x 482.3 x 897.1 mm (H x W x D), 130.45 kg max; 200-240 V AC, 6 power cords C19/C20 (250 V, 20 A);
    operating 5-30 °C', each fact the vendor's document does not give said to be not published."""
    if physical is None:
        return _m("not published in the vendor documents read")
    p, unknown = physical, _m("not published")
    dims = (_m("{h} x {w} x {d} mm (H x W x D)", h=_as_written(p.height_mm), w=_as_written(p.width_mm),
               d=_as_written(p.depth_mm)) if p.height_mm and p.width_mm and p.depth_mm
            else _m("dimensions {v}", v=unknown))
    weight = _m("{kg} kg max", kg=_as_written(p.weight_kg)) if p.weight_kg else _m("weight {v}", v=unknown)
    volts = _m("{lo}-{hi} V AC", lo=p.ac_volts[0], hi=p.ac_volts[1]) if p.ac_volts else _m("input voltage {v}",
                                                                                              v=unknown)
    cords = (_m("{n} power cords {plug} ({rating})", n=p.cords, plug=Name(p.plug), rating=Name(p.cord_rating))
             if p.cords and p.plug else _m("{n} power cords, plug {v}", n=p.cords, v=unknown) if p.cords
             else _m("power cords {v}", v=unknown))
    temp = (_m("operating {lo}-{hi} °C", lo=_as_written(p.operating_temp_c[0]),
                  hi=_as_written(p.operating_temp_c[1]))
            if p.operating_temp_c else _m("operating temperature {v}", v=unknown))
    return _m("{dims}, {weight}; {volts}, {cords}; {temp}", dims=dims, weight=weight, volts=volts, cords=cords,
              temp=temp)


def scaleup_row(per_dir: float, bidir: float, fabric: str) -> Msg:
    if not per_dir:
        return _m("no scale-up fabric (PCIe only)")  # not "0 GB/s": a PCIe box has no such fabric
    return _m("{a} per direction, {b} bidirectional ({fabric})", fabric=fabric_words(fabric),
              a=Quantity(per_dir, "GB/s"), b=Quantity(bidir, "GB/s"))


def budget_item(kind: str, quantity: int, english: str) -> Msg | str:
    """A bill-of-materials line of the power budget that is no catalog part (DIMMs, drives, the board), as a
    message; another one as its English text."""
    words = {"memory": _m("{n} DIMMs", n=quantity), "drives": _m("{n} NVMe drives", n=quantity),
             "board": _m("board, BMC, retimers")}
    return words.get(kind, english)


def dimm_row(dimms: int | None) -> Msg:
    return _m("{n} DIMM slots", n=dimms) if dimms else _m("not in the catalog")


def drive_row(drives: int | None) -> Msg:
    return _m("{n} NVMe drive bays", n=drives) if drives else _m("not in the catalog")


def wall_power_row(peak_w: float, dc_w: float) -> Msg:
    return _m("{w} peak ({dc} DC load)", w=Quantity(peak_w, "W"), dc=Quantity(dc_w, "W"))


def parts_list(items: list[tuple[PartBase, int]]) -> Msg:
    """'8 x NVIDIA H100 SXM5 80GB; 2 x ...': parts with their counts, each named as documents name it
    (designer.model.data_text)."""
    return _m("{parts}", parts=many([_m("{n} x {name}", n=n, name=part_name(p)) for p, n in items], "; "))


def nics_row(listed: Msg | None, compute_nics: int, gbit_per_gpu: float, device_word: str) -> Msg:
    """The NICs as listed, then the compute NICs and the scale-out per GPU (per accelerator on NPU designs)."""
    if not listed:
        return _m("none")
    if not compute_nics:
        return listed
    return _m("{nics}. Compute: {n} NICs, {rate} per {dev}", nics=listed, n=compute_nics,
              rate=Quantity(gbit_per_gpu, "Gb/s"), dev=device("GPU" if device_word == "GPUs" else "accelerator"))


def pcie_row(slot_gen: int, switches: Msg | None) -> Msg:
    if not switches:
        return _m("Gen{gen} slots; no PCIe switches", gen=slot_gen)
    return _m("Gen{gen} slots; {switches}", gen=slot_gen, switches=switches)
