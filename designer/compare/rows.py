"""The comparison's figure rows, and which cells a best mark may go to (issue 24, item 6).

A best mark compares like with like: a figure of the whole design (a total: HBM, FLOPS, power, heat) is marked only
among designs with the same GPU count (a 72-GPU rack never "wins" HBM over an 8-GPU node, nor a 4-GPU box power);
a figure per GPU is marked among all. When the GPU counts differ, per-GPU rows derived from the totals are added,
so mixed nodes and racks still compare. A value that is missing says why: "not supported" (the part has no FP8)
is not "unknown" (not published). Power figures that rest in part on assumed power (stated defaults where no
figure is published) are marked, and a row says how much of the DC load that is; so is the PSU capacity of a
reference design whose PSU configuration is assumed, not published.
"""

from __future__ import annotations

from collections import defaultdict

from designer.core.locale import render
from designer.core.messages import Audience, Msg, Number, Percent, _m
from designer.cost.tco import TcoParams

# (key, label, unit, better, scope): better is "higher", "lower" or "" (not ranked); scope "total" (a figure of
# the whole design: marked among designs with the same GPU count) or "per_gpu" (marked among all)
Row = tuple[str, Msg, str, str, str]  # the label a message, written in the comparison's language
FIGURE_ROWS: tuple[Row, ...] = (
    ("gpu_count", _m("GPU count"), "", "", ""),  # not "GPUs": the specification above lists the GPUs by name
    ("scaleup_gbytes_s_per_gpu_per_dir", _m("Scale-up per GPU, per direction"), "GB/s", "higher", "per_gpu"),
    ("scaleup_gbytes_s_per_gpu_bidir", _m("Scale-up per GPU, bidirectional"), "GB/s", "higher", "per_gpu"),
    ("bisection_gbytes_s_per_dir", _m("Bisection, per direction"), "GB/s", "higher", "total"),
    ("hbm_total_gb", _m("GPU memory total"), "GB", "higher", "total"),
    ("mem_bw_total_tbytes_s", _m("Memory bandwidth total"), "TB/s", "higher", "total"),
    ("bf16_dense_pflops", _m("Dense BF16"), "PFLOPS", "higher", "total"),
    ("fp8_dense_pflops", _m("Dense FP8"), "PFLOPS", "higher", "total"),
    ("scaleout_gbit_s_per_gpu", _m("Scale-out per GPU"), "Gb/s", "higher", "per_gpu"),
)
POWER_ROWS: tuple[Row, ...] = (
    ("dc_load_w", _m("Component power"), "W", "lower", "total"),
    ("wall_peak_w", _m("Peak power at the wall"), "W", "lower", "total"),
    ("psu_usable_w", _m("PSU capacity usable"), "W", "", "total"),  # capacity is sized to the load: no "best"
    ("heat_btu_per_hr", _m("Heat"), "BTU/hr", "lower", "total"),
    ("airflow_cfm", _m("Airflow needed"), "CFM", "lower", "total"),
)
# Per-GPU rows for mixed GPU counts: (key, label, unit, better, the total's key, factor on total / gpu_count)
PER_GPU_FIGURES = (
    ("hbm_gb_per_gpu", _m("GPU memory per GPU"), "GB", "higher", "hbm_total_gb", 1.0),
    ("mem_bw_tbytes_s_per_gpu", _m("Memory bandwidth per GPU"), "TB/s", "higher", "mem_bw_total_tbytes_s", 1.0),
    ("bf16_dense_tflops_per_gpu", _m("Dense BF16 per GPU"), "TFLOPS", "higher", "bf16_dense_pflops", 1000.0),
    ("fp8_dense_tflops_per_gpu", _m("Dense FP8 per GPU"), "TFLOPS", "higher", "fp8_dense_pflops", 1000.0),
)
PER_GPU_POWER = (("wall_peak_w_per_gpu", _m("Peak power at the wall per GPU"), "W", "lower", "wall_peak_w", 1.0),)
ASSUMED_ROW: Row = ("assumed_dc_load_w", _m("DC load from assumed figures"), "W", "", "")
_SITE = TcoParams()  # the cost rows are at the TCO model's defaults, which their label states
# Cost from the shipped price book and the TCO model's default site (docs/user-guide/cost.md): per GPU, so a
# rack and a node compare alike; every figure rests on price estimates, which the label says.
COST_ROWS: tuple[Row, ...] = (
    ("capex_usd_per_gpu", _m("Capital per GPU (estimate)"), "US$", "lower", "per_gpu"),
    ("usd_per_gpu_hour", _m("Cost per GPU-hour (estimate; {used} used, PUE {pue}, US${price}/kWh)",
                            used=Percent(_SITE.utilisation), pue=Number(_SITE.pue, None),
                            price=Number(_SITE.electricity_usd_kwh, None)), "US$", "lower", "per_gpu"),
)
NOT_SUPPORTED_WHEN = {"fp8_dense_pflops": "fp8_supported", "fp8_dense_tflops_per_gpu": "fp8_supported"}
ASSUMED_POWER = {"dc_load_w", "wall_peak_w", "heat_btu_per_hr", "airflow_cfm", "wall_peak_w_per_gpu"}
ASSUMED_PSU = {"psu_usable_w"}  # the reference design's PSU configuration is assumed (designer.templates.PSUS_ASSUMED)


def best_indices(values: list[float | None], better: str) -> list[int]:
    known = [(v, i) for i, v in enumerate(values) if v is not None]
    if not better or len(known) < 2 or len({v for v, _ in known}) == 1:
        return []
    target = max(v for v, _ in known) if better == "higher" else min(v for v, _ in known)
    return [i for v, i in known if v == target]


def like_best(values: list[float | None], better: str, gpu_counts: list[int]) -> list[int]:
    """The best among each group of designs with the same GPU count (a group of one is marked nowhere)."""
    groups: dict[int, list[int]] = defaultdict(list)
    for i, n in enumerate(gpu_counts):
        groups[n].append(i)
    best = [members[j] for members in groups.values() for j in best_indices([values[i] for i in members], better)]
    return sorted(best)


ASSUMED = "†"  # the figure rests in part on assumed power
PSU_ASSUMED = "‡"  # the reference design's PSU configuration is assumed, not published
MARKS = {"assumed": ASSUMED, "psu_assumed": PSU_ASSUMED}
NO_SCALEUP = {"scaleup_gbytes_s_per_gpu_per_dir", "scaleup_gbytes_s_per_gpu_bidir"}  # 0 without a scale-up fabric


def _status(key: str, value: object, figures: dict) -> str:
    if key in NO_SCALEUP and not value and figures.get("scaleup_fabric") == "none":
        return "no_scaleup"  # PCIe only: said in words, not "0.00"
    if value is None:
        flag = NOT_SUPPORTED_WHEN.get(key)
        return "not_supported" if flag and figures.get(flag) is False else "unknown"
    if key in ASSUMED_POWER and figures.get("assumed_dc_load_w"):
        return "assumed"
    return "psu_assumed" if key in ASSUMED_PSU and figures.get("psu_assumed") else ""


def rows(defs: tuple[Row, ...], per_design: list[dict], derived: bool = False, lang: str = "en") -> list[dict]:
    """One row per definition, labelled in `lang`: values, best marks among like designs, a status per cell ("",
    "unknown", "not_supported", "no_scaleup", "assumed" (power), "psu_assumed" (PSU configuration)); derived: the
    comparison's own figure, not a JSON spec key."""
    counts = [int(d.get("gpu_count") or 0) for d in per_design]
    out = []
    for key, label, unit, better, scope in defs:
        values = [d.get(key) for d in per_design]
        best = like_best(values, better, counts) if scope == "total" else best_indices(values, better)
        out.append({"key": key, "label": render(label, lang, Audience.DOCUMENT), "unit": unit, "better": better,
                    "scope": scope, "values": values, "best": best,
                    "status": [_status(key, v, d) for v, d in zip(values, per_design, strict=True)],
                    "derived": derived})
    return out


def per_gpu(figures: dict, defs: tuple) -> dict:
    """The per-GPU figures of one design (None where the total is unknown or there are no GPUs)."""
    n = figures.get("gpu_count") or 0
    return {key: None if not n or figures.get(total) is None else round(figures[total] * factor / n, 3)
            for key, _, _, _, total, factor in defs}


def figure_rows(figs: list[dict], lang: str = "en") -> tuple[list[dict], list[dict]]:
    """The key-figure rows and the power rows (labelled in `lang`); per-GPU rows added when the designs' GPU counts
    differ."""
    mixed = len({f.get("gpu_count") for f in figs}) > 1
    extra = [f | per_gpu(f, PER_GPU_FIGURES + PER_GPU_POWER) for f in figs]
    as_rows = tuple((k, label, unit, better, "per_gpu") for k, label, unit, better, _, _ in PER_GPU_FIGURES)
    power_rows = tuple((k, label, unit, better, "per_gpu") for k, label, unit, better, _, _ in PER_GPU_POWER)
    figures = rows(FIGURE_ROWS, extra, lang=lang) + (rows(as_rows, extra, derived=True, lang=lang) if mixed else [])
    power = rows(POWER_ROWS, extra, lang=lang) + (rows(power_rows, extra, derived=True, lang=lang) if mixed else [])
    return figures, power + rows((ASSUMED_ROW,), extra, True, lang) + rows(COST_ROWS, extra, True, lang)
