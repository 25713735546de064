"""The spec sheet's fixed English text (headings, table headings, labels), given to the template as data
(`d.text`) so that `export --lang` can put it in another language (designer.core.i18n.sheet_text). The app's charts
take their words from the same table (`sheet_word`), so a chart says the same in the window and on the sheet."""

from __future__ import annotations

from designer.core import i18n

SHEET_TEXT = {
    "lang": "en",
    "spec_sheet": "Spec sheet", "page": "page", "of": "of", "page_end": "",
    "specification": "Specification", "notes": "Notes",
    "bom": "Bill of materials", "part": "Part", "qty": "Qty", "unit_w": "Unit (W)", "total_w": "Total (W)",
    "source": "Source", "bom_total": "Total (components at rated power)",
    "power": "Power and thermal", "dc_load": "DC load (components at rated power)",
    "wall_peak": "Peak power at the wall", "psus": "PSUs", "usable": "usable after redundancy", "heat": "Heat",
    "cooling": "Cooling capacity", "by_category": "By category",
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
    "Accelerators": "Accelerators", "Accelerator memory": "Accelerator memory",
    "Scale-up per accelerator": "Scale-up per accelerator",
    "Scale-up switches": "Scale-up switches", "Dense BF16 / FP8": "Dense BF16 / FP8", "CPUs": "CPUs",
    "System memory": "System memory", "Storage": "Storage", "NICs and scale-out": "NICs and scale-out",
    "PCIe": "PCIe", "Power at the wall (max)": "Power at the wall (max)", "PSUs and redundancy": "PSUs and redundancy",
    "Cooling": "Cooling", "Form factor": "Form factor", "Physical and site": "Physical and site",
    "Latency class": "Latency class",
    # customer wording (designer/export/wording.py): sentences of the sections, with {placeholders}
    "bom_note": "* stated default: no published figure (see the assumptions under Power and thermal). Unit power "
        "is the rated TDP or published power. Source numbers refer to the References page.",
    "facility": "Facility needs (liquid cooling)",
    "coolant_supply": "Coolant supply",
    "coolant_flow": "Coolant flow",
    "heat_split": "Heat split",
    "rules_lead": "{count} rules run: {errors} errors, {warnings} warnings, {infos} infos; {waived} waived.",
    "cannot_work": "This design does not pass its design rule check: {n} rule error(s), listed under Design rule "
                   "check. Its figures and price describe a system that would not work until they are fixed.",
    "cannot_work_slide": "This design does not pass its design rule check: {n} rule error(s); it would not work "
                         "until they are fixed.",
    "ec_intro": "EAR 'total processing performance' (dense rate x operand bits, the highest over precisions) and "
        "performance density (TPP per mm² of die) against the ECCN 3A090 thresholds of",
    "ec_aid": "A screening aid, not a classification.",
    "ec_accelerator": "Accelerator",
    "ec_count": "Count",
    "ec_die_area": "Die area",
    "ec_density": "Density",
    "ec_screens_as": "Screens as",
    "ec_system": "The system screens as {eccn} (4A090: computers containing 3A090 ICs).",
    "ec_statement": "A screening aid, not a classification: it compares catalog figures with the thresholds of "
        "the rule named here. Later rules, license requirements, end-use and end-user controls are not "
        "covered; classification is the exporter's, with the manufacturer's ECCN.",
    "modelled": "Modelled in nccl-tests terms (time, algbw, busbw; GB = 10⁹ bytes)",
    "trains": "What it trains",
    "trains_intro": "Modelled, not measured: each model on as many of these nodes as shown, joined by the node's own "
                    "scale-out network; the fastest parallel layout found, training 20 tokens per parameter at the "
                    "node's cost per GPU-hour (the cost model's defaults). The model's mean error against published "
                    "training measurements is about 7 %.",
    "tr_model": "Model", "tr_layout": "Best layout", "tr_days": "Days", "tr_cost": "US$ million",
    "band_model": "The shaded band is the model's uncertainty (busbw +/-{spread}%).",
    "band_fitted": "Figures use a calibration profile fitted to {points} measured points; the shaded band is its "
        "spread (busbw +/-{spread}%).",
    "band_given": "Figures use a calibration profile given; the shaded band is its spread (busbw +/-{spread}%).",
    "bottleneck_line": "The largest AllReduce is limited by {}.",
    "topo_paths": "GPU-to-GPU and GPU-to-NIC paths as nvidia-smi topo -m prints them",
    "topo_paths_accel": "Accelerator-to-accelerator and accelerator-to-NIC paths in the notation of nvidia-smi topo -m",
    "nic_legend": "NIC legend",
    "version": "Version",
    "based_on": "based on the {} reference design",
    "closing": "Figures marked (model) come from the collective performance model; power lines marked * use "
        "stated defaults. Generated by {generator} with catalog {catalog} on {date}. The design file is "
        "attached to this PDF as design.json: open the PDF in GPU Node Designer or pass it to "
        "gpu-designer-cli.",
    "facility_flow": "{flow} L/min of water for {watts} W to liquid at a {rise} ({per_kw} L/min per kW; OCP guideline "
        "about 1.5, 1.25-2.0)",
    "abbreviation_colon": ": ", "abbreviation_separator": "; ", "full_stop": ".", "comma": ", ",
    "{n} per GPU": "{n} per GPU", "airflow_needed": "{cfm} CFM of air needed", "region": "US",
    "sentence_gap": " ", "word_gap": " ",
    "One failure does not cut the rack apart": "One failure does not cut the rack apart",
    "prepared_by": "Prepared by {}.",
    "contact": "Contact: {}",
}
# Text that is its own key: the drawing's and the power chart's words, nvidia-smi's legend explanations, the catalog's
# generic fabric parts (a vendor's part name stays as the vendor writes it)
SHEET_TEXT.update({text: text for text in (
    "top view, front at the left",
    "front view, trays from the top of the rack",
    "GPU baseboard",
    "Accelerator baseboard",
    "One line per connected pair; a number on a line is the links (PCIe: lanes) in it",
    ", {n} per line unless marked",
    "Abbreviations",
    "PCIe (count = lanes)",
    "CPU socket link",
    "network ports",
    "on-package link (an accelerator's own network port)",
    "NVLink with in-switch reduction (NVLS)",
    "network",
    "load",
    "PSUs",
    "kW (DC load at the PSU outputs; PSU capacity)",
    "usable ({redundancy})",
    "redundant",
    "cooling capacity",
    "PCIe switches",
    "NICs",
    "Memory",
    "Drives",
    "Board",
    "Self",
    "uncertainty band",
    "kW (DC load at the PSU outputs)",
    "message size (bytes, nccl-tests 'size')",
    "nodes",
    "Scaling over node counts (scale-out over the compute NICs)",
    "not given",
    "not named",
    "up to {c} °C",
    "{dt} K rise",
    " (assumed)",
    "Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g. UPI)",
    "Connection traversing PCIe and the interconnect between PCIe host bridges within a NUMA node",
    "Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)",
    "Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)",
    "Connection traversing at most a single PCIe bridge",
    "Connection traversing a bonded set of # NVLinks",
    "Connection traversing a bonded set of # Infinity Fabric (xGMI) links",
    "Connection traversing a bonded set of # HCCS links",
    "Connection traversing a bonded set of # on-die RoCE scale-up links",
    "No path",
    "Scale-out compute fabric (rail-optimized)",
    "Scale-out compute fabric (non-rail, fat tree)",
    "Storage / in-band fabric",
    "Scale-out InfiniBand fabric with SHARP (rail-optimized)",
    "Scale-out InfiniBand fabric (rail-optimized, no in-network reduction)",
    "Scale-out RoCE fabric, NVIDIA Spectrum-X (rail-optimized)",
    "Scale-out RoCE fabric, standard Ethernet (rail-optimized)",
    "AWS Elastic Fabric Adapter network",
)})


def sheet_word(english: str, lang: str | None = None) -> str:
    """One of the table's texts in `lang` (the current language when None); English where untranslated."""
    return i18n.sheet_text({english: SHEET_TEXT.get(english, english)}, lang)[english]
