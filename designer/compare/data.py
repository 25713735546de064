"""The comparison of 2-6 designs as one JSON-able structure: what the text, Markdown and PDF renderers,
the app's Compare window (and later the spec sheet's document engine) all draw from.

`comparison(named_designs, catalog)` is the one function to hand to a document engine: its result is
plain data (str, numbers, lists, dicts), user text included as data, never as markup.
"""

from __future__ import annotations

from collections import Counter

from designer.analysis import headline_figures
from designer.compare.rows import ASSUMED, PSU_ASSUMED, best_indices, figure_rows, rows
from designer.core import i18n
from designer.core.errors import DesignerError
from designer.core.figures import Headline, psu_line
from designer.core.locale import render
from designer.core.messages import Audience, Msg, Name, _m
from designer.cost.bill import node_tco
from designer.cost.prices import catalog_prices
from designer.export.names import LABELS, fabric_words
from designer.export.sheet_text import sheet_word
from designer.export.spec import calibration_spec, key_figures_spec, power_spec
from designer.model.budget import power_budget
from designer.model.catalog import Catalog
from designer.model.data_text import part_name
from designer.model.design import Design, LinkKind
from designer.model.parts import CoolingSpec, CoolingType, FabricSpec, GpuSpec, PartBase
from designer.rules import Severity, check
from designer.simulation import SimConfig, SimResult, simulate
from designer.simulation.calibration import NO_CALIBRATION, Calibration
from designer.simulation.model import size_sweep
from designer.templates import TEMPLATES, psus_assumed, template_title
from designer.topology.figures import KeyFigures, cpu_line_msg, key_figures
from designer.topology.graph import Topology, build_topology
from designer.topology.paths import gpu_nic_affinity, path_class

MIN_DESIGNS, MAX_DESIGNS = 2, 6
CURVE_COLLECTIVES = ("allreduce", "allgather", "alltoall")
KEY_SIZES = (1 << 20, 64 << 20, 1 << 30, 16 << 30)  # 1 MiB, 64 MiB, 1 GiB, 16 GiB
SWEEP = tuple(size_sweep(1 << 10, 16 << 30))


def node_cost(design: Design, catalog: Catalog) -> dict[str, float | None]:
    """Capital per GPU and cost per GPU-hour of one node at the TCO model's defaults; None without a price."""
    try:
        bill, t = node_tco(design, catalog, catalog_prices(catalog))
    except DesignerError:  # a user's part with no price
        t = None
    if t is None:
        return {"capex_usd_per_gpu": None, "usd_per_gpu_hour": None}
    return {"capex_usd_per_gpu": float(round(bill.total_usd / t.gpus)),
            "usd_per_gpu_hour": round(t.usd_per_gpu_hour, 2)}


def figure_values(design: Design, catalog: Catalog, k: KeyFigures) -> dict:
    """The figures by the JSON spec's keys and values (its key_figures and power sections), as `info --json`."""
    assumed = sum(line.watts for line in power_budget(design, catalog).assumed_lines)
    power = power_spec(design, catalog).model_dump(mode="json")
    facility = power.pop("facility")  # the heat balance: an object in the spec and info --json, rows here
    return (key_figures_spec(design, catalog, k).model_dump(mode="json") | power | facility
            | {"assumed_dc_load_w": round(assumed, 1), "psu_assumed": psus_assumed(design, catalog)})


def scheme(design: Design, catalog: Catalog, topo: Topology) -> str:
    """A: PCIe switch, B: switched full mesh, C: CPU-GPU fusion, D: custom liquid; rack-scale above 8 GPUs."""
    kinds = {lk.kind for lk in design.links}
    parts = [catalog.get(c.part) for c in design.components]
    liquid = any(isinstance(p, CoolingSpec) and p.cooling_type != CoolingType.AIR for p in parts) or any(
        isinstance(p, GpuSpec) and p.needs_liquid for p in parts)
    if LinkKind.C2C in kinds:
        label = "C: CPU-GPU fusion"
    elif liquid:
        label = "D: custom liquid"
    elif topo.scaleup_switches:
        label = "B: switched full mesh"
    elif _direct_full_mesh(design, catalog):
        label = "B: full mesh (direct links, no switch)"
    else:
        label = "A: PCIe switch"
    return label + ("; rack-scale" if len(topo.gpus) > 8 else "")


DIRECT_KINDS = (LinkKind.NVLINK, LinkKind.XGMI, LinkKind.HCCS, LinkKind.ROCE)


def _direct_full_mesh(design: Design, catalog: Catalog) -> bool:
    """Every pair of GPUs joined by a direct scale-up link (an MI300X's xGMI mesh); GPUs bridged in pairs (H100 NVL)
    are not a mesh: they talk to the other pairs over PCIe, scheme A."""
    gpus = {c.id for c in design.components if isinstance(catalog.get(c.part), GpuSpec)}
    pairs = {frozenset((lk.a, lk.b)) for lk in design.links
             if lk.kind in DIRECT_KINDS and lk.a in gpus and lk.b in gpus and lk.a != lk.b}
    return len(gpus) > 1 and len(pairs) == len(gpus) * (len(gpus) - 1) // 2


# The schemes as scheme() writes them, and the scale-up fabrics, in a comparison's language
SCHEME_WORDS: dict[str, Msg | Name] = {
    "A: PCIe switch": _m("A: PCIe switch"), "B: switched full mesh": _m("B: switched full mesh"),
    "B: full mesh (direct links, no switch)": _m("B: full mesh (direct links, no switch)"),
    "C: CPU-GPU fusion": _m("C: CPU-GPU fusion"), "D: custom liquid": _m("D: custom liquid"),
    "rack-scale": _m("rack-scale")}
NONE = _m("none")


def scheme_text(label: str, lang: str) -> str:
    """A scheme label of scheme() ("B: switched full mesh; rack-scale") in the language."""
    first, *rest = [SCHEME_WORDS.get(part, Name(part)) for part in label.split("; ")]
    msg = _m("{scheme}; {scale}", scheme=first, scale=rest[0]) if rest else _m("{parts}", parts=first)
    return render(msg, lang, Audience.DOCUMENT)


def display_name(part: PartBase, lang: str) -> str:
    """A part's name in a comparison's language: descriptive chassis and cooling names translated
    (designer.model.data_text), the generic fabric parts as the spec sheet writes them, product names as the
    vendor writes them."""
    if isinstance(part, FabricSpec):
        return sheet_word(part.name, lang)
    return render(part_name(part), lang, Audience.DOCUMENT)


def _spec(design: Design, catalog: Catalog, topo: Topology, figs: KeyFigures, lang: str = "en") -> dict:
    counts = Counter(catalog.get(c.part).kind for c in design.components)
    cooling = sorted({display_name(p, lang) for c in design.components
                      if isinstance(p := catalog.get(c.part), CoolingSpec)})
    template = TEMPLATES.get(design.meta.template or "")
    fabrics = fabric_words(figs.scaleup_fabric)
    word = lambda msg: render(msg, lang, Audience.DOCUMENT)  # noqa: E731
    budget = power_budget(design, catalog)
    # display lines in `lang`; a key the JSON spec also has (name, template, scaleup_fabric) holds the spec's value
    return {"cooling_parts": ", ".join(cooling) or word(NONE),
            "name": design.meta.name, "template": design.meta.template,
            "reference_line": word(template_title(template.id)) if template is not None else word(
                _m("none (a design of its own)")),
            "chassis_name": catalog.get(design.chassis).name, "scheme": scheme(design, catalog, topo),
            "chassis_line": display_name(catalog.get(design.chassis), lang),
            "scheme_line": scheme_text(scheme(design, catalog, topo), lang),
            "gpu_line": f"{figs.gpu_count} x {', '.join(figs.gpu_models)}",
            "scaleup_fabric": figs.scaleup_fabric, "fabric_line": word(_m("{fabrics}", fabrics=fabrics)),
            "pcie_switches": counts["pcie_switch"],
            "cpu_line": word(cpu_line_msg(figs.cpu_count, figs.cpu_models, figs.cpu_cores_total)),
            "scaleup_switches": counts["scaleup_switch"], "nics": counts["nic"],
            "psu_line": word(psu_line(budget.psu_count, budget.psu_unit_w, budget.redundancy.value))}


def _topology(topo: Topology) -> dict:
    gpus = topo.gpus
    matrix = [[path_class(topo, a, b) for b in gpus] for a in gpus]
    pairs = Counter(matrix[i][j] for i in range(len(gpus)) for j in range(i + 1, len(gpus)))
    nic = Counter(a.path_class for a in gpu_nic_affinity(topo))
    nics = topo.nics(None)
    classes = {getattr(topo.part(g), "device_class", "gpu") for g in gpus}
    return {"gpus": gpus, "gpu_matrix": matrix, "gpu_pair_classes": dict(pairs), "gpu_to_nic_classes": dict(nic),
            "nics": nics, "gpu_nic_matrix": [[path_class(topo, g, n) for n in nics] for g in gpus],
            "device": "NPU" if classes == {"npu"} else "GPU"}  # as the vendor's tool names them (npu-smi: NPU0)


def _curves(result: SimResult) -> dict:
    out = {}
    for coll in CURVE_COLLECTIVES:
        rows = result.for_collective(coll)
        out[coll] = {"size_bytes": [r.size_bytes for r in rows], "busbw_GBps": [round(r.busbw_GBps, 3) for r in rows],
                     "busbw_low_GBps": [round(r.busbw_low_GBps, 3) for r in rows],
                     "busbw_high_GBps": [round(r.busbw_high_GBps, 3) for r in rows]}
    return out


def _bom(designs: list[Design], catalog: Catalog, lang: str = "en") -> list[dict]:
    counts = [Counter(c.part for c in d.components) for d in designs]
    parts = sorted(set().union(*counts), key=lambda p: (catalog.get(p).kind, p))
    rows = []
    for part in parts:
        values = [c.get(part, 0) for c in counts]
        if len(set(values)) > 1:
            rows.append({"part": part, "name": catalog.get(part).name, "label": display_name(catalog.get(part), lang),
                         "kind": catalog.get(part).kind, "counts": values})
    return rows


def _busbw_rows(curves: list[dict], lang: str = "en") -> list[dict]:
    rows = []
    for coll in CURVE_COLLECTIVES:
        for size in KEY_SIZES:
            values = []
            for c in curves:
                sizes, bw = c[coll]["size_bytes"], c[coll]["busbw_GBps"]
                values.append(bw[sizes.index(size)] if size in sizes else None)
            label = render(_m("{coll} busbw at {size}", coll=Name(LABELS.get(coll, coll)), size=size_label(size)),
                           lang, Audience.DOCUMENT)
            rows.append({"key": f"{coll}@{size}", "label": label, "unit": "GB/s",
                         "better": "higher", "scope": "per_gpu", "values": values,
                         "best": best_indices(values, "higher"), "status": ["" if v is not None else "unknown"
                                                                           for v in values], "derived": True})
    return rows


def size_label(size: int) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale and size % scale == 0:
            return f"{size // scale} {unit}"
    return f"{size} B"


def _calibration(calibration: Calibration) -> dict | None:
    """The profile as the JSON spec writes it (one key per technology, null where not fitted)."""
    spec = calibration_spec(calibration)
    return None if spec is None else spec.model_dump(mode="json")


def headline_rows(named: list[tuple[str, Design]], catalog: Catalog, calibration: Calibration, figs: list[dict],
                  lang: str = "en") -> list[dict]:
    """The five headline figures of designer.core.figures, one row each, written in `lang` as every other place
    writes them; the power figure marked assumed where it rests on assumed power or an assumed PSU configuration."""
    per_design = [headline_figures(design, catalog, calibration=calibration) for _, design in named]
    out = []
    for i, first in enumerate(per_design[0]):
        values = [render(_marked(h[i], f) if first.key == "power" else h[i].value, lang, Audience.DOCUMENT)
                  for h, f in zip(per_design, figs, strict=True)]
        out.append({"key": first.key, "label": render(first.label, lang, Audience.DOCUMENT), "unit": "", "better": "",
                    "scope": "", "values": values, "best": [], "status": [""] * len(figs), "derived": True})
    return out


def _marked(power: Headline, figures: dict) -> Msg:
    """The headline power figure with each mark on the figure it qualifies: † on the wall and DC loads where they
    rest in part on assumed power, ‡ on the usable capacity where the PSU configuration is assumed."""
    params = dict(power.detail.params)
    if power.number is None or "usable" not in params:
        return power.value
    load_mark = Name("\u00a0" + ASSUMED if figures["assumed_dc_load_w"] else "")
    return _m("{load} kW{load_mark} (AC); DC {dc} kW{load_mark} of {usable} kW usable{usable_mark}",
              load=power.number, dc=params["dc"], usable=params["usable"], load_mark=load_mark,
              usable_mark=Name("\u00a0" + PSU_ASSUMED if figures["psu_assumed"] else ""))


def column_names(named: list[tuple[str, Design]]) -> list[str]:
    """Each column headed by its design's name; where two designs share a name, where it came from too (the label
    alone when it holds the name: "open: DGX H100")."""
    names = [design.meta.name or label for label, design in named]
    return [name if names.count(name) == 1 or name == label else label if name in label else f"{name} ({label})"
            for name, (label, _) in zip(names, named, strict=True)]


def comparison(named: list[tuple[str, Design]], catalog: Catalog, calibration: Calibration = NO_CALIBRATION,
               lang: str = "en") -> dict:
    """Columns per design: specification, the headline figures (in `lang`), key figures (best marked), power and
    cooling, rule findings, BOM differences, topology classes and matrices, and busbw curves (with their band) per
    collective."""
    if not MIN_DESIGNS <= len(named) <= MAX_DESIGNS:
        raise DesignerError(f"compare takes {MIN_DESIGNS} to {MAX_DESIGNS} designs, not {len(named)}")
    if lang not in i18n.LANGUAGES:
        raise DesignerError(f"a comparison is written in one of {', '.join(i18n.LANGUAGES)}, not '{lang}'")
    figs, specs, topos, curves, findings = [], [], [], [], []
    for _, design in named:
        topo = build_topology(design, catalog)
        k = key_figures(design, catalog, topo)
        figs.append(figure_values(design, catalog, k) | node_cost(design, catalog))
        specs.append(_spec(design, catalog, topo, k, lang))
        topos.append(_topology(topo))
        config = SimConfig(CURVE_COLLECTIVES, sizes=SWEEP, calibration=calibration)
        curves.append(_curves(simulate(design, catalog, config)))
        report = check(design, catalog)
        findings.append({"error": report.count(Severity.ERROR), "warning": report.count(Severity.WARNING),
                         "waived_error": sum(1 for v in report.waived if v.severity is Severity.ERROR),
                         "gpu_count": k.gpu_count})
    # waived errors counted beside the unwaived ones (a "0" alone hid them), never marked best or worst
    # (the JSON spec counts unwaived findings and lists the waived ones: this count is the comparison's own)
    rule_rows = (rows((("error", _m("Rule errors"), "", "lower", ""),), findings, lang=lang)
                 + rows((("waived_error", _m("Rule errors waived"), "", "", ""),), findings, derived=True, lang=lang)
                 + rows((("warning", _m("Rule warnings"), "", "lower", ""),), findings, lang=lang))
    figure_rows_, power_rows = figure_rows(figs, lang)
    return {"lang": lang, "designs": column_names(named), "sources": [label for label, _ in named], "spec": specs,
            "headline": headline_rows(named, catalog, calibration, figs, lang), "figures": figure_rows_,
            "psu_assumed": [f["psu_assumed"] for f in figs], "power": power_rows,
            "rules": rule_rows, "busbw_at_sizes": _busbw_rows(curves, lang),
            "bom_differences": _bom([d for _, d in named], catalog, lang), "topology": topos, "busbw_curves": curves,
            "calibration": _calibration(calibration)}
