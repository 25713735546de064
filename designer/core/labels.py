"""Field names in words with their units: one table for the inspector, the CLI and the documents.

Keys are the model's field names (units live in the names); values are (label, unit). Per-direction and
bidirectional figures say so, and so do Gb/s (network) against GB/s (bytes).
"""

from __future__ import annotations

from designer.core.messages import Msg, _m

FIELD_LABELS: dict[str, tuple[str, str]] = {
    "tdp_w": ("TDP", "W"),
    "power_w": ("Power", "W"),
    "memory_gb": ("Memory, usable", "GB"),
    "memory_physical_gb": ("Memory, physical", "GB"),
    "memory_type": ("Memory type", ""),
    "mem_bw_tbytes_s": ("Memory bandwidth", "TB/s"),
    "fabric": ("Scale-up fabric", ""),
    "fabric_links": ("Scale-up links", "links"),
    "link_bw_gbytes_s_per_dir": ("Bandwidth per link", "GB/s per direction"),
    "port_bw_gbytes_s_per_dir": ("Bandwidth per port", "GB/s per direction"),
    "bf16_dense_tflops": ("BF16 dense", "TFLOPS"),
    "fp8_dense_tflops": ("FP8 dense", "TFLOPS"),
    "host_pcie_gen": ("Host PCIe generation", ""),
    "host_pcie_lanes": ("Host PCIe lanes", "lanes"),
    "ports": ("Ports", "ports"),
    "port_speed_gbit_s": ("Port speed", "Gb/s"),
    "pcie_gen": ("PCIe generation", ""),
    "pcie_lanes": ("PCIe lanes", "lanes"),
    "lanes": ("PCIe lanes", "lanes"),
    "cores": ("Cores per CPU", ""),
    "output_w": ("Output", "W"),
    "efficiency": ("Efficiency", ""),
    "heat_removal_w": ("Heat removal", "W"),
    "max_device_w": ("Hottest device it cools", "W"),
    "rack_units": ("Height", "U"),
}


COLLECTIVE_LABELS = {"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter",
                     "alltoall": "AllToAll", "broadcast": "Broadcast", "reduce": "Reduce", "sendrecv": "SendRecv"}

# A part's confidence in words: one table for the inspector, the palette, the budget panel and the documents. Each
# level is a message (designer.core.messages) with its reason; the short form is the level alone.
CONFIDENCE_WORDS: dict[str, tuple[Msg, Msg]] = {
    "H": (_m("high confidence"), _m("the vendor's or a standard's document about this part")),
    "M": (_m("medium confidence"), _m("a secondary source, or another part's document")),
    "L": (_m("low confidence"), _m("no primary public source; treat as an estimate")),
}


def confidence_message(code: object, short: bool = False) -> Msg:
    """'high confidence (vendor document or several agreeing sources)', or without the reason (short)."""
    found = CONFIDENCE_WORDS.get(str(getattr(code, "value", code)))
    if found is None:
        return _m("confidence unknown")
    level, reason = found
    return level if short else _m("{level} ({reason})", level=level, reason=reason)


def confidence_label(code: object) -> str:
    """A part's confidence in words (English), for tooltips, the inspector and documents."""
    return str(confidence_message(code))


def field_label(name: str, with_unit: bool = True) -> str:
    """'Memory bandwidth (TB/s)' for a table heading; without the unit where the value carries it."""
    label, unit = FIELD_LABELS.get(name, (name.replace("_", " "), ""))
    return f"{label} ({unit})" if unit and with_unit else label


SINGULAR = {"ports": "port", "links": "link", "lanes": "lane"}  # "1 port", never "1 ports"


def format_value(name: str, value: object) -> str:
    """A catalog value for people: unknown, not supported, or the number with its unit."""
    if value is None:
        return "not published" if name.endswith(("_w", "_tbytes_s")) else "unknown"
    if name.endswith("_tflops") and value == 0:
        return "not supported"
    if name == "efficiency" and isinstance(value, float):
        return f"{value:.0%}"
    unit = FIELD_LABELS.get(name, ("", ""))[1]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float | int):
        text = f"{value:,.0f}" if float(value).is_integer() and abs(value) >= 1000 else f"{value:g}"
        return f"{text} {SINGULAR.get(unit, unit) if value == 1 else unit}".strip()
    return str(getattr(value, "value", value))
