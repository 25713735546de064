"""One table of the headline figures: the five a customer asks for first, for every place that shows them (the
app's presentation mode, the spec sheet's cover cards, the slide, the comparison, `info`).

A figure is data: a label, a number, its unit words and a detail line, each a message (designer.core.messages)
rendered for a language and an audience by designer.core.locale. `headlines(values)` builds the five from one
mapping of the JSON spec's keys (designer.export.spec_model: key_figures and power) and the modelled busbw of a
1 GiB AllReduce (BUSBW_KEY; None where the failure policy takes the NVLink domain down), so every place shows the
same set, written the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from designer.core.messages import EMPTY, Msg, Name, Number, Param, Quantity, _m

HEADLINE_SIZE_BYTES = 1 << 30  # the AllReduce size quoted in the headline (large-message busbw)
BUSBW_KEY = "allreduce_busbw_1gib_GBps"


@dataclass(frozen=True)
class Headline:
    """One headline figure of one design: `value` is the number and its unit words ("450 GB/s per direction");
    a card shows the number large, the unit under it and the detail (the label and what stands behind it)."""

    key: str
    label: Msg
    number: Param | None  # None: no figure (the unit words say why)
    unit: Msg
    detail: Msg = EMPTY
    instead: Param | None = None  # what a card shows large where there is no number ("PCIe")

    @property
    def value(self) -> Msg:
        return self.unit if self.number is None else _m("{number} {unit}", number=self.number, unit=self.unit)

    @property
    def card_value(self) -> Param:
        return self.number if self.number is not None else self.instead or Name("-")

    @property
    def card_detail(self) -> Msg:
        return self.label if not self.detail else _m("{label}; {detail}", label=self.label, detail=self.detail)


def _gpus(v: Mapping[str, Any]) -> bool:
    """GPUs, or accelerators where the design holds non-GPU parts (NPUs, Gaudi): the figures name them so."""
    return v.get("device_word", "GPUs") == "GPUs"


def _scaleup(v: Mapping[str, Any]) -> Headline:
    label = _m("Scale-up per GPU") if _gpus(v) else _m("Scale-up per accelerator")
    per_dir = float(v["scaleup_gbytes_s_per_gpu_per_dir"])
    if per_dir <= 0 and v.get("scaleup_fabric") in (None, "none"):
        return Headline("scaleup", label, None, _m("no scale-up fabric (PCIe only)"), instead=Name("PCIe"))
    detail = _m("{bw} bidirectional", bw=Quantity(v["scaleup_gbytes_s_per_gpu_bidir"], "GB/s"))
    return Headline("scaleup", label, Number(per_dir), _m("GB/s per direction"), detail)


def _busbw(v: Mapping[str, Any]) -> Headline:
    label = _m("AllReduce busbw, 1 GiB")
    busbw = v.get(BUSBW_KEY)
    if busbw is None:
        down = _m("none: the NVLink domain is down (failure policy)")
        return Headline("busbw", label, None, down, instead=_m("none"))
    n = v["gpu_count"]
    detail = _m("modelled over {n} GPUs", n=n) if _gpus(v) else _m("modelled over {n} accelerators", n=n)
    return Headline("busbw", label, Number(busbw), _m("GB/s"), detail)


def _memory(v: Mapping[str, Any]) -> Headline:
    n, gpus = v["gpu_count"], _gpus(v)
    unit = _m("GB on {n} GPUs", n=n) if gpus else _m("GB on {n} accelerators", n=n)
    bw, models = v.get("mem_bw_total_tbytes_s"), Name(", ".join(v.get("gpu_models") or ()))
    detail = _m("{models}; {bw} aggregate", models=models, bw=Quantity(bw, "TB/s", 1)) if bw is not None else \
        _m("{models}; aggregate bandwidth not published", models=models)
    label = _m("GPU memory") if gpus else _m("Accelerator memory")
    return Headline("memory", label, Number(v["hbm_total_gb"]), unit, detail)


def _scaleout(v: Mapping[str, Any]) -> Headline:
    detail = _m("{n} compute NICs", n=v["nic_count"]) if v.get("nic_count") else _m("no compute NICs")
    label = _m("Scale-out per GPU") if _gpus(v) else _m("Scale-out per accelerator")
    return Headline("scaleout", label, Number(v["scaleout_gbit_s_per_gpu"]), _m("Gb/s"), detail)


def psu_line(count: int, unit_w: float, redundancy: str) -> Msg:
    """'6 x 3,300 W, N+2': the PSUs as every document writes them (the sheet's cards and power table, the
    comparison)."""
    return _m("{n} x {w} W, {policy}", n=count, w=Number(unit_w), policy=Name(str(redundancy)))


def _power(v: Mapping[str, Any]) -> Headline:
    """The peak at the wall (AC, what the feed sees), then the DC load at the PSU outputs beside the PSU capacity
    that survives the redundancy policy: the two that compare are both DC (a 10.2 kW AC wall figure set against
    13.2 kW of PSU output read as if the supplies were sized against the wall)."""
    wall, dc, usable = v["wall_peak_w"] / 1000, v["dc_load_w"] / 1000, v["psu_usable_w"] / 1000
    # one decimal, two where one would show a load below the capacity as equal to it (5.95 of 6.00, not 6.0 of 6.0)
    decimals = 2 if round(dc, 1) == round(usable, 1) and dc < usable else 1
    psus = psu_line(v["psu_count"], v["psu_unit_output_w"], v["psu_redundancy"]) if v.get("psu_count") else None
    if psus:
        detail = _m("peak; DC {dc} of {usable} kW usable; PSUs {psus}", dc=Number(dc, decimals),
                    usable=Number(usable, decimals), psus=psus)
    else:
        detail = _m("peak; DC {dc} of {usable} kW usable", dc=Number(dc, decimals), usable=Number(usable, decimals))
    return Headline("power", _m("Power at the wall"), Number(wall, 1), _m("kW (AC)"), detail)


HEADLINE_FIGURES: tuple[Callable[[Mapping[str, Any]], Headline], ...] = (_scaleup, _busbw, _memory, _scaleout,
                                                                         _power)


def headlines(values: Mapping[str, Any]) -> list[Headline]:
    """The five headline figures from the JSON spec's figures of a design and its 1 GiB AllReduce busbw."""
    return [figure(values) for figure in HEADLINE_FIGURES]
