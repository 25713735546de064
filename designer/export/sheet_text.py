"""The spec sheet's fixed English text (headings, table headings, labels), given to the template as data
(`d.text`) so that `export --lang` can put it in another language (designer.core.i18n.sheet_text)."""

from __future__ import annotations

SHEET_TEXT = {
    "lang": "en",
    "spec_sheet": "Spec sheet", "page": "page", "of": "of", "page_end": "",
    "specification": "Specification", "notes": "Notes",
    "bom": "Bill of materials", "part": "Part", "qty": "Qty", "unit_w": "Unit (W)", "total_w": "Total (W)",
    "source": "Source", "bom_total": "Total (components at rated power)",
    "power": "Power and thermal", "dc_load": "DC load (components at rated power)",
    "wall_peak": "Peak power at the wall", "psus": "PSUs", "usable": "usable after redundancy", "heat": "Heat",
    "air_needed": "of air needed", "cooling": "Cooling capacity", "by_category": "By category",
    "assumptions": "Assumptions",
    "rules": "Design rule check", "severity": "Severity", "rule": "Rule", "finding": "Finding",
    "finding_reason": "Finding and reason", "fix": "Fix", "waived": "Waived",
    "failure_policy": "Single failures follow the fabric failure policy",
    "rack_limits": "Rack limits used",
    "export_control": "Export-control screening",
    "performance": "Collective performance", "collective": "Collective", "size": "Size", "time_us": "Time (µs)",
    "algorithm": "Algorithm", "topology": "Topology matrix", "references": "References",
    "rack": "Rack elevation", "pair": "Pair", "where": "Where", "class": "Class", "pairs": "Pairs",
    "meaning": "Meaning",
    "topology_classes": "Device pairs by path class, as nvidia-smi topo -m would name them (the full matrix is one "
                        "class per pair; here each class is said once)",
    # spec table row labels
    "GPUs": "GPUs", "GPU memory": "GPU memory", "Scale-up per GPU": "Scale-up per GPU",
    "Scale-up switches": "Scale-up switches", "Dense BF16 / FP8": "Dense BF16 / FP8", "CPUs": "CPUs",
    "System memory": "System memory", "Storage": "Storage", "NICs and scale-out": "NICs and scale-out",
    "PCIe": "PCIe", "Power at the wall (max)": "Power at the wall (max)", "PSUs and redundancy": "PSUs and redundancy",
    "Cooling": "Cooling", "Form factor": "Form factor", "Latency class": "Latency class",
}
