"""The spec sheet's data: one JSON-ready dict, typeset by the `spec-sheet` template (and the slide's).

Every figure here is computed (key figures, budget, rule check, collective model); every catalog figure cites
its part's source in the references list. Charts are matplotlib SVGs made at the size they are placed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from designer.core import i18n
from designer.core.figures import psu_line
from designer.core.locale import render, render_param
from designer.core.messages import EMPTY, Audience, Msg, Name, Number, _m, as_msg
from designer.core.units import format_bytes
from designer.export.analysis import ExportAnalysis
from designer.export.brand import Brand, document_fields
from designer.export.doc_number import generator_line
from designer.export.names import LABELS, SCALING_NODES
from designer.export.rack_view import is_rack, rack_view
from designer.export.sheet_charts import (
    BAND_LABEL,
    Series,
    chart_scope,
    diagram_chart,
    line_chart,
    model_tag,
    power_chart,
    size_ticks,
)
from designer.export.sheet_rows import (
    budget_item,
    cpus_row,
    dense_compute,
    dimm_row,
    drive_row,
    form_factor_row,
    memory_row,
    nics_row,
    parts_list,
    pcie_row,
    physical_row,
    psus_row,
    scaleup_row,
    wall_power_row,
)
from designer.export.sheet_sections import SheetSections
from designer.export.sheet_text import SHEET_TEXT
from designer.export.spec import SpecDocument
from designer.export.summary import description_line
from designer.export.topology_summary import SUMMARY_ABOVE_GPUS, topology_summary, tray_of
from designer.export.wording import Wording
from designer.model.budget import power_budget
from designer.model.catalog import Catalog
from designer.model.data_text import data_msg, part_name, part_source_note
from designer.model.design import Design
from designer.model.parts import FabricSpec, NicSpec, PartBase
from designer.simulation.calibration import NO_CALIBRATION, Calibration
from designer.simulation.model import band
from designer.templates import TEMPLATES, template_description
from designer.topology.graph import build_topology
from designer.topology.outcomes import waiver_reason
from designer.topology.paths import topo_matrix

FIG_WIDTH_IN = 6.8  # within the text width of both papers (A4 174 mm = 6.85 in, Letter 7.0 in): drawn at 1:1
SLIDE_DIAGRAM_PT, SLIDE_CHART_PT = 400.0, 250.0
MODEL_REFERENCES = {
    "busbw": "NVIDIA. NCCL Tests: Performance reported by NCCL tests (algbw, busbw). doc/PERFORMANCE.md, "
             "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md",
    "nccl": "NVIDIA. NCCL: NVIDIA Collective Communications Library, algorithm and protocol tuning model "
            "(src/graph/tuning.cc). https://github.com/NVIDIA/nccl",
    "topo": "NVIDIA. nvidia-smi: NVIDIA System Management Interface, 'topo -m' matrix and legend. "
            "https://docs.nvidia.com/deploy/nvidia-smi/index.html",
}


def _grouped_waivers(waived: list) -> list[tuple[Any, int]]:
    """One row per rule and waiver reason: the first finding, and how many more alike (the JSON spec lists all)."""
    groups: dict[tuple[str, str], list] = {}
    for f in waived:
        groups.setdefault((f.title, f.waiver_reason), []).append(f)
    return [(items[0], len(items) - 1) for items in groups.values()]


def _more_alike(count: int, lang: str) -> str:
    if not count:
        return ""
    return render(_m(" (and {n} more alike)", n=count), lang, Audience.DOCUMENT)


NONE = _m("none")
# Rule titles that name the node, as a rack-scale design's sheet says them (keys of the sheet's text table)
RACK_TITLES = {"resilience.single_failure": "One failure does not cut the rack apart"}

class SheetData(SheetSections):
    """Builds the dict from the export's one analysis (spec and simulations); one instance per document."""

    def __init__(self, analysis: ExportAnalysis, brand: Brand, lang: str = "en") -> None:
        self.analysis, self.design, self.catalog = analysis, analysis.design, analysis.catalog
        self.nodes, self.now = analysis.nodes, analysis.now
        self.brand, self.cal, self.lang = brand, analysis.calibration, lang
        self.text = i18n.sheet_text(SHEET_TEXT, lang)
        self.words = Wording(self.design, self.catalog, lang, self.text)
        self.spec: SpecDocument = analysis.spec
        self.refs: list[dict[str, str]] = []
        self.part_ref: dict[str, int] = {}

    # References -------------------------------------------------------------------------------------
    def cite_part(self, part: PartBase) -> int:
        if part.id not in self.part_ref:
            name = self.text.get(part.name, part.name) if isinstance(part, FabricSpec) else self.name(part)
            self.refs.append({"text": f"{name}: {part.source}",
                              "note": render(part_source_note(part), self.lang)})
            self.part_ref[part.id] = len(self.refs)
        return self.part_ref[part.id]

    def cite_model(self, key: str) -> int:
        return self.cite_text(MODEL_REFERENCES[key])

    def cite_text(self, text: str) -> int:
        """The reference number of a document (its title and URL as the catalog writes them, or its title alone
        where the references already hold it with its publisher and URL), added once."""
        for i, ref in enumerate(self.refs, 1):
            if ref["text"] == text or (ref["text"].startswith(text) and ref["text"][len(text):len(text) + 2] in (
                    " (", ", ")):
                return i
        self.refs.append({"text": text, "note": ""})
        return len(self.refs)

    def cited(self, msg: Msg | str) -> Msg | str:
        """A finding whose `source` parameter is a document (the published maximum's) with the document among the
        references and its number in the sentence: '(+0.0%; [12])', not the title and URL inline."""
        if not isinstance(msg, Msg):
            return msg
        params = dict(msg.params)
        source = params.get("source")
        if not isinstance(source, Name) or not source.text:
            return msg
        params["source"] = Name(f"[{self.cite_text(source.text)}]")
        return replace(msg, params=tuple(sorted(params.items())))

    def parts_of(self, kind: str) -> list[tuple[PartBase, int]]:
        counts = Counter(c.part for c in self.design.components if self.catalog.get(c.part).kind == kind)
        return [(self.catalog.get(p), n) for p, n in counts.items()]

    def listed(self, kind: str, empty: Msg = NONE) -> tuple[Msg, list[int]]:
        """'8 x NVIDIA H100 SXM5 80GB; ...': the parts of a kind with their counts, names as documents write them."""
        items = self.parts_of(kind)
        if not items:
            return empty, []
        return parts_list(items), [self.cite_part(p) for p, _ in items]

    # Specification table ------------------------------------------------------------------------------
    def spec_rows(self) -> list[dict[str, Any]]:
        k, p = self.spec.key_figures, self.spec.power
        gpus = self.parts_of("gpu")
        chassis = self.catalog.chassis(self.design.chassis)
        gpu_refs = [self.cite_part(g) for g, _ in gpus]
        mem_types = ", ".join(sorted({getattr(g, "memory_type", "") for g, _ in gpus}))
        gpu = k.device_word == "GPUs"  # NPUs and Gaudi: "accelerators" (the spec's device word)
        rows: list[tuple[str, Msg | str, list[int]]] = [
                ("GPUs" if gpu else "Accelerators", self.listed("gpu")[0], gpu_refs),
                ("GPU memory" if gpu else "Accelerator memory",
                 memory_row(k.hbm_total_gb, mem_types, k.memory_physical_total_gb, k.mem_bw_total_tbytes_s), gpu_refs),
                ("Scale-up per GPU" if gpu else "Scale-up per accelerator", self.scaleup_row(), gpu_refs),
                ("Scale-up switches", *self.listed("scaleup_switch", _m("none (direct links)"))),
                ("Dense BF16 / FP8", dense_compute(k.bf16_dense_pflops, k.fp8_dense_pflops, k.fp8_supported), gpu_refs),
                ("CPUs", *self.cpus()),
                ("System memory", dimm_row(chassis.dimms),
                 [self.cite_part(chassis)]),
                ("Storage", drive_row(chassis.drives),
                 [self.cite_part(chassis)]),
                ("NICs and scale-out", *self.nics()),
                ("PCIe", *self.pcie(chassis.pcie_slot_gen)),
                ("Power at the wall (max)", wall_power_row(p.wall_peak_w, p.dc_load_w), []),
                ("PSUs and redundancy", psus_row(p.psu_count, p.psu_unit_output_w, p.psu_redundancy, p.psu_usable_w),
                 [self.cite_part(self.catalog.get(p.psu_part))] if p.psu_part else []),
                ("Cooling", *self.cooling()),
                ("Form factor", form_factor_row(chassis.rack_units, self.name(chassis)), [self.cite_part(chassis)]),
                ("Physical and site", physical_row(chassis.physical),
                 [self.cite_text(chassis.physical.source)] if chassis.physical else []),
                ("Latency class", self.latency_class(), [self.cite_model("nccl")])]
        return [{"label": self.text.get(label, label), "refs": refs,
                 "value": render(value, self.lang, Audience.DOCUMENT)} for label, value, refs in rows]

    def scaleup_row(self) -> Msg:
        k = self.spec.key_figures
        return scaleup_row(k.scaleup_gbytes_s_per_gpu_per_dir, k.scaleup_gbytes_s_per_gpu_bidir, k.scaleup_fabric)

    def cpus(self) -> tuple[Msg, list[int]]:
        items = self.parts_of("cpu")
        return cpus_row(items, self.spec.key_figures.cpu_cores_total), [self.cite_part(p) for p, _ in items]

    def nics(self) -> tuple[Msg | str, list[int]]:
        k = self.spec.key_figures
        items = self.parts_of("nic")
        return (nics_row(parts_list(items) if items else None, k.nic_count, k.scaleout_gbit_s_per_gpu, k.device_word),
                [self.cite_part(p) for p, _ in items if isinstance(p, NicSpec)])

    def pcie(self, slot_gen: int) -> tuple[Msg, list[int]]:
        switches, refs = self.listed("pcie_switch", EMPTY)
        return pcie_row(slot_gen, switches or None), refs

    def category(self, label: str) -> str:
        """A power budget category in the sheet's language; "GPUs" says "Accelerators" for NPUs and Gaudi."""
        accelerators = label == "GPUs" and self.spec.key_figures.device_word != "GPUs"
        return self.words.tr("Accelerators" if accelerators else label)

    def latency_class(self) -> Msg:
        row = self.analysis.latency
        if self.spec.key_figures.device_word != "GPUs":
            return _m("8-byte AllReduce in {t} µs over {n} accelerators (model)", t=Number(row.time_us, 1),
                      n=row.gpus)
        return _m("8-byte AllReduce in {t} µs over {n} GPUs (model)", t=Number(row.time_us, 1), n=row.gpus)

    # Headline figures (cover cards, slide) --------------------------------------------------------------
    def headlines(self) -> list[dict[str, str]]:
        """The five cards of the headline table (designer.core.figures), in the sheet's language: the number, its
        unit words, and the label with what stands behind it."""
        return [{"value": render_param(h.card_value, self.lang, Audience.DOCUMENT),
                 "unit": self.doc(h.unit), "detail": self.doc(h.card_detail)} for h in self.analysis.headlines]

    def doc(self, msg: Msg) -> str:
        return render(msg, self.lang, Audience.DOCUMENT)

    def t(self, english: Msg | str) -> str:
        """Chart and card wording in the sheet's language (nccl-tests terms stay as they are); a message rendered
        for a customer document, an English str by the string tables."""
        return render(english, self.lang, Audience.DOCUMENT)

    def name(self, part: PartBase) -> str:
        """A part's name in the sheet's language (designer.model.data_text: descriptive chassis and cooling names
        translated, product names as the vendor writes them)."""
        return render(part_name(part), self.lang, Audience.DOCUMENT)

    # Sections -------------------------------------------------------------------------------------------
    def bom(self) -> dict[str, Any]:
        rows = []
        for b in self.spec.bom:
            part = self.catalog.get(b.part) if b.part else None
            name = (self.doc(as_msg(budget_item(b.kind, b.quantity, b.name))) if part is None
                    else self.text.get(b.name, b.name) if part.kind == "fabric" else self.name(part))
            rows.append({"name": name, "quantity": b.quantity, "unit_w": f"{b.unit_power_w:,.0f}",
                         "total_w": f"{b.total_power_w:,.0f}", "assumed": b.power_assumed,
                         "refs": [self.cite_part(part)] if part else []})
        total = sum(b.total_power_w for b in self.spec.bom)
        return {"rows": rows, "total_w": f"{total:,.0f}"}

    def power(self) -> dict[str, Any]:
        p = self.spec.power
        return {"dc_load_w": f"{p.dc_load_w:,.0f}", "wall_peak_w": f"{p.wall_peak_w:,.0f}",
                "psu": self.doc(psu_line(p.psu_count, p.psu_unit_output_w, p.psu_redundancy)),
                "psu_usable_w": f"{p.psu_usable_w:,.0f}", "heat_btu_per_hr": f"{p.heat_btu_per_hr:,.0f}",
                "airflow_cfm": f"{p.facility.airflow_cfm:,.0f}",
                "heat_split": self.heat_split(),
                "cooling_capacity": self.doc(_m("not published")) if p.cooling_capacity_w is None
                else f"{p.cooling_capacity_w:,.0f} W",
                "categories": [{"label": self.category(c.label), "power_w": f"{c.power_w:,.0f}"}
                               for c in p.by_category if c.power_w],
                "assumptions": self.assumptions(p.assumptions)}

    def assumptions(self, english: list[str]) -> list[str]:
        """The stated defaults in the sheet's language: the budget's notes as messages (the spec lists the English)."""
        notes = {ln.note: ln.note_text for ln in power_budget(self.design, self.catalog).assumed_lines}
        return [render(notes.get(e) or e, self.lang, Audience.DOCUMENT) for e in english]

    def rules(self) -> dict[str, Any]:
        r = self.spec.rules
        policy = self.failure_policy()  # its document first among the rules' references: a waiver's reason cites it
        finding = [self.finding(f) for f in r.violations]
        waived = [{**row, "message": row["message"] + _more_alike(more, self.lang)}
                  for f, more in _grouped_waivers(r.waived) for row in (self.finding(f),)]
        lead = self.text["rules_lead"].format(count=len(r.rules_run), errors=r.counts.error, warnings=r.counts.warning,
                                              infos=r.counts.info, waived=len(r.waived))
        return {"lead": lead, "count": len(r.rules_run), "errors": r.counts.error, "warnings": r.counts.warning,
                "infos": r.counts.info, "findings": finding, "waived": waived, "waived_count": len(r.waived),
                "rules_run": r.rules_run, "failure_policy": policy, "rack_limits": self.rack_limits()}

    def problems(self, lead: str = "cannot_work") -> dict[str, Any]:
        """The unwaived errors, said on the cover before any figure: a design that would not work says so first
        (`lead`: the sheet's words, which point to its rule check, or the slide's)."""
        errors = [self.finding(f) for f in self.spec.rules.violations if f.severity == "error"]
        if not errors:
            return {"lead": "", "items": []}
        return {"lead": self.text[lead].format(n=len(errors)), "items": [e["message"] for e in errors]}

    def failure_policy(self) -> dict[str, Any] | None:
        """The fabric failure policy the failure findings follow, with its document among the references."""
        failures = self.spec.failures
        if failures is None:
            return None
        p, src = failures.policy, failures.policy.source
        refs = [self.cite_text(f"{src.title} ({src.publisher}), {src.url}")] if src.url else []
        return {"name": self.t(data_msg(p.name)), "refs": refs}

    def finding(self, f: Any) -> dict[str, str]:
        """A rule finding in the sheet's language (the waiver's reason is the user's text, as written)."""
        lang = self.lang
        rack_title = RACK_TITLES.get(f.rule) if self.rack else None  # a rack-scale design is a rack, not a node
        title = self.text[rack_title] if rack_title else i18n.rule_title(f.rule, f.title, lang)
        return {"severity": i18n.severity(f.severity, lang), "title": title,
                "message": self.words.sentence(render(self.cited(f.text_msg or f.message), lang, Audience.DOCUMENT)),
                "fix": self.words.sentence(render(f.hint_msg if f.hint_msg is not None else f.fix, lang,
                                                  Audience.DOCUMENT)),
                "reason": self.doc(_m("{reason}", reason=self.cited(reason) if isinstance(
                    reason := waiver_reason(f.waiver_reason), Msg) else reason))}  # a user's: as written

    def performance(self) -> dict[str, Any]:
        rows = [{"collective": LABELS.get(pt.collective, pt.collective), "size": format_bytes(pt.size_bytes),
                 "time_us": f"{pt.time_us:,.1f}", "algbw": f"{pt.algbw_gbytes_s:,.1f}",
                 "busbw": f"{pt.busbw_gbytes_s:,.1f}", "algorithm": f"{pt.algorithm}/{pt.protocol}"}
                for pt in self.spec.performance if pt.nodes == 1]
        big = [pt for pt in self.spec.performance if pt.nodes == 1 and pt.collective == "allreduce"]
        neck = self.words.sentence(self.bottleneck(big[-1].bottleneck)) if big and big[-1].bottleneck else ""
        return {"rows": rows, "bottleneck": self.text["bottleneck_line"].format(neck) if neck else "",
                "band": self.band_note(),
                "refs": [self.cite_model("busbw"), self.cite_model("nccl")]}

    def bottleneck(self, label: str) -> str:
        """A bottleneck the spec names in English, in the sheet's language: its message from the export's single-node
        sweep, which computed the spec's single-node rows (no line where the sweep has none; nothing is parsed back
        from English)."""
        found = {r.bottleneck: r.bottleneck_msg for r in self.analysis.sweep.rows}.get(label)
        return self.doc(found) if found else ""

    def band_note(self) -> str:
        """What the shaded band on the busbw chart is: the profile's fit spread, or the model's."""
        spread = f"{band(self.cal) * 100:.1f}"
        if self.cal == NO_CALIBRATION:
            return self.text["band_model"].format(spread=spread)
        fit = self.cal.fit
        if fit:
            return self.text["band_fitted"].format(points=fit.points, spread=spread)
        return self.text["band_given"].format(spread=spread)

    def topology(self) -> dict[str, Any]:
        """The nvidia-smi style matrix, or above SUMMARY_ABOVE_GPUS GPUs its classes (each said once)."""
        topo = build_topology(self.design, self.catalog)
        refs = [self.cite_model("topo")]
        if len(topo.gpus) > SUMMARY_ABOVE_GPUS:
            rows = topology_summary(topo, tray_of(self.design, self.catalog), self.t)
            return {"devices": [], "matrix": [], "legend": [], "nic_legend": [], "refs": refs,
                    "summary": [{**r, "meaning": self.words.class_meaning(r["meaning"])} for r in rows]}
        devices, matrix = topo_matrix(topo)
        parts = {c.id: self.name(self.catalog.get(c.part)) for c in self.design.components}
        lead = self.text["topo_paths" if self.spec.key_figures.device_word == "GPUs" else "topo_paths_accel"]
        return {"devices": self.words.matrix_names(devices), "matrix": matrix, "legend": self.words.topo_legend(),
                "lead": lead,
                "nic_legend": self.words.nic_legend(devices, parts), "refs": refs, "summary": None}

    @cached_property
    def rack(self) -> bool:
        return is_rack(self.design, self.catalog)

    def rack_words(self, english: str) -> str:
        """The rack elevation's words: the sheet's own table first (generic fabric parts), then the words table."""
        if english in self.text:
            return self.text[english]
        data = self.t(data_msg(english))  # a catalog text (a cooling part's or chassis's name), where translated
        return data if data != english else self.t(english)

    def model_tag(self) -> str:
        """What every performance chart says of its curves: modelled, and how uncertain."""
        return self.doc(model_tag(band(self.cal)))

    def figures(self, width: float = FIG_WIDTH_IN * 72, chart_height: float = 200.0) -> dict[str, Any]:
        """The charts; a rack's drawing is the elevation (data["rack"]), not a block diagram of every link."""
        return {"diagram": None if self.rack else self.diagram_figure(width), "power": self.power_figure(width),
                "busbw": self.busbw_figure(width, chart_height), "scaling": self.scaling_figure(width)}

    def diagram_figure(self, width: float) -> dict[str, Any]:
        return diagram_chart(self.design, self.catalog, width, self.words).as_dict()

    def power_figure(self, width: float) -> dict[str, Any]:
        return power_chart(power_budget(self.design, self.catalog), width, tr=self.category).as_dict()

    def busbw_figure(self, width: float, height: float) -> dict[str, Any]:
        sweep = self.analysis.sweep
        sizes = sorted({r.size_bytes for r in sweep.rows})
        busbw = [Series(LABELS.get(n, n), [r.size_bytes for r in sweep.for_collective(n)],
                        [r.busbw_GBps for r in sweep.for_collective(n)],
                        [r.busbw_low_GBps for r in sweep.for_collective(n)],
                        [r.busbw_high_GBps for r in sweep.for_collective(n)])
                 for n in dict.fromkeys(r.collective for r in sweep.rows)]
        scope = chart_scope(sweep.gpus_per_node, self.rack, self.spec.key_figures.device_word == "GPUs")
        return line_chart(busbw, width, height, self.t("message size (bytes, nccl-tests 'size')"),
                          self.doc(_m("busbw (GB/s, GB = 10⁹ B)")), self.doc(scope), size_ticks(sizes),
                          band_label=self.doc(BAND_LABEL), subtitle=self.model_tag()).as_dict()

    def scaling_figure(self, width: float) -> dict[str, Any]:
        scaling = [Series(f"{LABELS[n]} 1 GiB", SCALING_NODES, busbw) for n, busbw in self.analysis.scaling.items()]
        unit, title = (("racks", "Scaling over rack counts (scale-out over the compute NICs)") if self.rack else
                       ("nodes", "Scaling over node counts (scale-out over the compute NICs)"))
        return line_chart(scaling, width, 160, self.t(unit), "busbw (GB/s)", self.t(title),
                          [(float(n), str(n)) for n in SCALING_NODES], band_label=self.doc(BAND_LABEL),
                          subtitle=self.model_tag()).as_dict()

    def description(self) -> str:
        """The design's description; a reference design's own, unchanged, in the sheet's language."""
        line, m = description_line(self.design, self.catalog), self.design.meta
        same = m.template in TEMPLATES and line == TEMPLATES[m.template].description
        return template_description(m.template, self.lang) if same else line

    def meta(self) -> dict[str, Any]:
        m = self.design.meta
        return {"name": m.name, "description": self.description(), "author": m.author,
                "version": m.version, "notes": m.notes, "template": m.template, "date": self.now.date().isoformat(),
                "generator": self.generator("sheet"), "catalog_version": self.catalog.version,
                **self.meta_lines()}

    def generator(self, kind: str) -> str:
        """The tool, the document's number and revision (the design's name and its content)."""
        return generator_line(kind, self.design.meta.name, self.design.model_dump_json(), self.lang,
                              self.brand.document_prefix)

    def brand_data(self) -> dict[str, Any]:
        return document_fields(self.brand)

    def build(self, paper: str) -> dict[str, Any]:
        data = {"paper": paper, "text": self.text, "meta": self.meta(), "brand": self.brand_data(),
                "headlines": self.headlines(),
                "spec_rows": self.spec_rows(), "bom": self.bom(), "power": self.power(), "rules": self.rules(),
                "problems": self.problems(),
                "export_control": self.export_control(), "facility": self.facility(),
                "performance": self.performance(), "topology": self.topology(), "figures": self.figures(),
                "rack": rack_view(self.design, self.catalog, self.rack_words, self.words.short) if self.rack else None}
        data["references"] = self.refs
        return data


def slide_data(design: Design, catalog: Catalog, now: datetime | None = None, brand: Brand | None = None,
               calibration: Calibration = NO_CALIBRATION, lang: str = "en",
               analysis: ExportAnalysis | None = None) -> dict:
    """The 16:9 slide: name, the five headline figures, the block diagram and the busbw curve."""
    analysis = analysis or ExportAnalysis(design, catalog, 1, calibration, now or datetime.now(UTC))
    sheet = SheetData(analysis, brand or Brand(), lang)
    diagram = None if sheet.rack else sheet.diagram_figure(SLIDE_DIAGRAM_PT)
    busbw = sheet.busbw_figure(SLIDE_CHART_PT, 190.0)
    return {"meta": sheet.meta() | {"generator": sheet.generator("slide")}, "brand": sheet.brand_data(),
            "headlines": sheet.headlines(), "figures": {"diagram": diagram, "busbw": busbw}, "lang": sheet.text["lang"],
            "problems": sheet.problems("cannot_work_slide"),
            "rack": rack_view(design, catalog, sheet.rack_words, sheet.words.short) if sheet.rack else None}


def sheet_data(design: Design, catalog: Catalog, paper: str = "a4", nodes: int = 8, now: datetime | None = None,
               brand: Brand | None = None, calibration: Calibration = NO_CALIBRATION,
               lang: str = "en", analysis: ExportAnalysis | None = None, trains: list[dict] | None = None
               ) -> dict[str, Any]:
    analysis = analysis or ExportAnalysis(design, catalog, nodes, calibration, now or datetime.now(UTC))
    data = SheetData(analysis, brand or Brand(), lang).build(paper)
    return data | {"trains": train_rows(trains or [])}


def train_rows(trains: list[dict]) -> list[list[str]]:
    """What the node trains (given as data: designer.workload.summary), a row per model: GPUs, layout, MFU, days,
    US$ million; a model that fits no layout says so."""
    rows = []
    for r in trains:
        gpus = f"{r['gpus']:,}"
        if not r["fits"]:
            rows.append([r["model"], gpus, "—", "—", "—", "—"])
            continue
        lay = r["layout"]
        rows.append([r["model"], gpus, f"TP {lay['tp']} × PP {lay['pp']} × DP {lay['dp']:,} × CP {lay['cp']}",
                     f"{r['mfu']:.0%}", f"{r['days']:,.1f}", f"{r['cost_usd'] / 1e6:,.2f}"])
    return rows
