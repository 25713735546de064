"""The PDF spec sheet: matplotlib pages (vector diagram and charts, real text), the design JSON embedded.

Every number names where it comes from: the catalog (the sources page lists each part's source), the rule
check, or the performance model. User text is drawn with parse_math=False, so nothing in a name or a note is
interpreted as markup.
"""

from __future__ import annotations

import io
import textwrap
from datetime import date

import matplotlib
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure

from designer import __version__
from designer.core.units import format_bytes
from designer.export.charts import LABELS, draw_busbw, draw_power
from designer.export.diagram import draw_diagram
from designer.export.fonts import export_rc
from designer.export.spec import build_spec
from designer.io.files import design_to_json
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.simulation import SimConfig, simulate
from designer.topology.graph import build_topology
from designer.topology.paths import LEGEND, topo_matrix

PAPER = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
ATTACHMENT = "design.json"
SCALING_NODES = (1, 2, 4, 8, 16, 32, 64, 128)


class SheetWriter:
    def __init__(self, design: Design, catalog: Catalog, paper: str, nodes: int, today: date) -> None:
        self.design, self.catalog, self.paper, self.nodes, self.today = design, catalog, paper, nodes, today
        self.size = PAPER[paper]
        self.spec = build_spec(design, catalog, nodes, today)
        self.k = self.spec.key_figures
        self.pages: list[Figure] = []

    # Page furniture ---------------------------------------------------------------------------
    def page(self, title: str) -> Figure:
        fig = Figure(figsize=self.size)
        fig.text(0.06, 0.965, f"{self.design.meta.name}  -  GPU Node Designer spec sheet", fontsize=7, color="#666",
                 parse_math=False)
        fig.text(0.94, 0.965, self.today.isoformat(), fontsize=7, color="#666", ha="right")
        fig.text(0.06, 0.93, title, fontsize=15, weight="bold")
        self.pages.append(fig)
        return fig

    def number_pages(self) -> None:
        for i, fig in enumerate(self.pages, 1):
            fig.text(0.5, 0.02, f"page {i} of {len(self.pages)}", fontsize=7, color="#666", ha="center")

    @staticmethod
    def lines(fig: Figure, x: float, y: float, rows: list[str], size: float = 8, step: float = 0.018,
              width: int = 110) -> float:
        for row in rows:
            for part in textwrap.wrap(row, width) or [""]:
                fig.text(x, y, part, fontsize=size, parse_math=False, va="top")
                y -= step
        return y

    # Pages ------------------------------------------------------------------------------------
    def cover(self) -> None:
        fig = self.page(self.design.meta.name)
        m = self.design.meta
        y = self.lines(fig, 0.06, 0.905, [f"Author: {m.author or '-'}    Version: {m.version}    Date: "
                                          f"{self.today.isoformat()}    Template: {m.template or '-'}",
                                          m.description] + ([f"Notes: {m.notes}"] if m.notes else []))
        ax = fig.add_axes((0.04, y - 0.36, 0.92, 0.34))
        draw_diagram(ax, self.design, self.catalog)
        fig.text(0.06, y - 0.38, "Headline figures", fontsize=11, weight="bold")
        self.lines(fig, 0.06, y - 0.40, self.headlines(), size=8.5, step=0.02, width=100)

    def headlines(self) -> list[str]:
        k = self.k
        mem_bw = "unknown" if k["mem_bw_total_tbytes_s"] is None else f"{k['mem_bw_total_tbytes_s']:.1f} TB/s"
        power = self.spec.power
        fail = [v for v in self.spec.rules["violations"] if v["rule"] == "resilience.single_failure"]
        bf16 = "unknown" if k["bf16_dense_pflops"] is None else f"{k['bf16_dense_pflops']:.2f}"
        fp8 = "unknown" if k["fp8_dense_pflops"] is None else f"{k['fp8_dense_pflops']:.2f}"
        rows = [
            f"GPUs: {k['gpu_count']} x {', '.join(k['gpu_models'])} [1]",
            f"Scale-up bandwidth per GPU: {k['scaleup_gbytes_s_per_gpu_per_dir']:.1f} GB/s per direction, "
            f"{k['scaleup_gbytes_s_per_gpu_bidir']:.1f} GB/s bidirectional ({k['scaleup_fabric']}) [1,2]",
            f"Latency class: {self.latency_class()} [3]",
            f"Total HBM: {k['hbm_total_gb']:,.0f} GB; aggregate memory bandwidth {mem_bw} [1]",
            f"System power: {power.load_w:,.0f} W components, {power.wall_w:,.0f} W peak at the wall; PSUs "
            f"{power.psu} ({power.usable_w:,.0f} W usable) [1,4]",
            f"Cooling: {power.heat_btu_hr:,.0f} BTU/hr, {power.airflow_cfm:,.0f} CFM; capacity "
            f"{'unknown' if power.cooling_capacity_w is None else f'{power.cooling_capacity_w:,.0f} W'} [1,4]",
            f"Scale-out: {k['nic_count']} NICs x {'/'.join(f'{s:g}' for s in k['nic_speeds_gbit_s']) or '-'} Gb/s = "
            f"{k['scaleout_gbit_s_per_gpu']:.0f} Gb/s per GPU [1]",
            f"Dense BF16 / FP8: {bf16} / {fp8} PFLOPS [1]",
        ]
        rows += [f"Resilience: {v['message']} [4]" for v in fail]
        rows += ["", "[1] catalog figures, sources on the last page; [2] topology graph (designer.topology); "
                 "[3] collective model (designer.simulation); [4] rule check (designer.rules)."]
        return rows

    def latency_class(self) -> str:
        row = simulate(self.design, self.catalog, SimConfig(collectives=("allreduce",), sizes=(8,))).rows[0]
        return f"8 B AllReduce in {row.time_us:.1f} us ({row.algorithm}/{row.protocol}, {row.gpus} GPUs)"

    def bom(self) -> None:
        fig = self.page("Bill of materials")
        rows = [[b.name, b.kind, str(b.quantity), f"{b.unit_power_w:,.0f}", f"{b.total_power_w:,.0f}"]
                for b in self.spec.bom]
        total = sum(b.total_power_w for b in self.spec.bom)
        rows.append(["Total (components at rated power)", "", "", "", f"{total:,.0f}"])
        ax = fig.add_axes((0.06, 0.25, 0.88, 0.64))
        ax.axis("off")
        table = ax.table(cellText=rows, colLabels=["Part", "Kind", "Qty", "Unit W", "Total W"], loc="upper center",
                         colWidths=[0.55, 0.17, 0.07, 0.1, 0.11], cellLoc="left")
        table.auto_set_font_size(False)
        table.set_fontsize(7.5)
        for cell in table.get_celld().values():
            cell.get_text().set_parse_math(False)
        self.lines(fig, 0.06, 0.22, ["Unit power: rated TDP or published power; where none is published the "
                                     "budget uses a stated default (see the power page)."], size=7)

    def power(self) -> None:
        fig = self.page("Power and thermal budget")
        draw_power(fig.add_axes((0.11, 0.55, 0.83, 0.33)), self.design, self.catalog)
        p = self.spec.power
        rows = [f"Component load {p.load_w:,.0f} W; peak wall power {p.wall_w:,.0f} W; PSUs {p.psu}: "
                f"{p.usable_w:,.0f} W usable",
                f"Heat {p.heat_btu_hr:,.0f} BTU/hr; airflow needed {p.airflow_cfm:,.0f} CFM",
                "By category: " + ", ".join(f"{c} {w:,.0f} W" for c, w in p.by_category_w.items() if w),
                "Assumed defaults:"] + [f"  - {a}" for a in p.assumptions]
        self.lines(fig, 0.06, 0.5, rows)

    def rules(self) -> None:
        fig = self.page("Design rule check")
        r = self.spec.rules
        counts = ", ".join(f"{n} {s}" for s, n in r["counts"].items())
        rows = [f"{len(r['rules_run'])} rules run; severities included: {', '.join(r['severities'])}; {counts}; "
                f"{len(r['waived'])} waived.", ""]
        for v in r["violations"]:
            rows.append(f"[{v['severity']}] {v['rule']}: {v['message']}")
        if r["waived"]:
            rows += ["", "Waived:"] + [f"[{v['severity']}] {v['rule']} ({', '.join(v['ids'])}): {v['message']} - "
                                       f"reason: {v['waiver_reason']}" for v in r["waived"]]
        rows += ["", "Rules run: " + ", ".join(r["rules_run"])]
        self.lines(fig, 0.06, 0.9, rows, size=7, step=0.015, width=125)

    def performance(self) -> None:
        fig = self.page("Collective performance (nccl-tests terms)")
        result = simulate(self.design, self.catalog, SimConfig(collectives=("allreduce", "allgather", "reducescatter",
                                                                            "alltoall")))
        draw_busbw(fig.add_axes((0.08, 0.6, 0.86, 0.3)), result, f"{result.gpus_per_node} GPUs, 1 node")
        key = [r for r in result.rows if r.size_bytes in (1 << 20, 64 << 20, 1 << 30, 16 << 30)]
        rows = [f"{'collective':<14}{'size':>8}{'time us':>12}{'algbw GB/s':>12}{'busbw GB/s':>12}  algorithm"]
        rows += [f"{LABELS[r.collective]:<14}{format_bytes(r.size_bytes):>8}{r.time_us:>12,.1f}{r.algbw_GBps:>12.1f}"
                 f"{r.busbw_GBps:>12.1f}  {r.algorithm}/{r.protocol}" for r in key]
        y = 0.545
        for row in rows:
            fig.text(0.06, y, row, fontsize=7, family="DejaVu Sans Mono", va="top")
            y -= 0.014
        neck = result.for_collective("allreduce")[-1]
        y = self.lines(fig, 0.06, y - 0.01, [f"AllReduce at 16 GiB is limited by {neck.bottleneck}."], size=7)
        self.draw_scaling(fig.add_axes((0.08, 0.07, 0.86, y - 0.12)))

    def draw_scaling(self, ax) -> None:
        for coll in ("allreduce", "alltoall"):
            values = []
            for n in SCALING_NODES:
                row = simulate(self.design, self.catalog, SimConfig(collectives=(coll,), nodes=n,
                                                                    sizes=(1 << 30,))).rows[0]
                values.append(row.busbw_GBps)
            ax.plot(SCALING_NODES, values, marker="o", label=f"{LABELS[coll]} 1 GiB")
        ax.set_xscale("log", base=2)
        ax.set_xticks(SCALING_NODES, [str(n) for n in SCALING_NODES])
        ax.set_xlabel("nodes")
        ax.set_ylabel("busbw (GB/s)")
        ax.set_title("Scaling over node counts (scale-out over the design's compute NICs)", fontsize=9)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)

    def topo(self) -> None:
        fig = self.page("GPU-to-GPU and GPU-to-NIC matrix (nvidia-smi topo -m)")
        devices, matrix = topo_matrix(build_topology(self.design, self.catalog))
        width = max(6, max(len(d) for d in devices) + 1)
        rows = [" " * width + "".join(f"{d.upper():<{width}}" for d in devices)]
        rows += [f"{d.upper():<{width}}" + "".join(f"{c:<{width}}" for c in row) for d, row in zip(devices, matrix,
                                                                                                   strict=True)]
        size = max(3.5, min(7.0, 560 / (width * (len(devices) + 1))))
        y = 0.9
        for row in rows + [""] + LEGEND.splitlines():
            fig.text(0.04, y, row, fontsize=size, family="DejaVu Sans Mono", va="top", parse_math=False)
            y -= size / 520

    def sources(self) -> None:
        fig = self.page("Sources")
        rows = [f"{b.name}: {b.source}" for b in self.spec.bom]
        chassis = self.catalog.chassis(self.design.chassis)
        rows.append(f"{chassis.name}: {chassis.source}")
        rows += ["", "Performance model: link efficiencies and latencies in designer/simulation/constants.py "
                 "(NCCL tuning model, nccl-tests, public measurements). Power defaults: designer/model/budget.py.",
                 f"Generated by GPU Node Designer {__version__}, catalog {self.catalog.version}. The design file is "
                 f"embedded in this PDF as {ATTACHMENT}; open the PDF in the app or pass it to gpu-designer-cli."]
        self.lines(fig, 0.06, 0.9, rows, size=7, step=0.015, width=125)

    def render(self) -> bytes:
        with matplotlib.rc_context(export_rc()):
            for step in (self.cover, self.bom, self.power, self.rules, self.performance, self.topo, self.sources):
                step()
            self.number_pages()
            buf = io.BytesIO()
            with PdfPages(buf, metadata={"Title": self.design.meta.name, "Author": self.design.meta.author,
                                         "Creator": f"GPU Node Designer {__version__}"}) as pdf:
                for fig in self.pages:
                    pdf.savefig(fig)
        return attach_design(buf.getvalue(), self.design)


def attach_design(pdf: bytes, design: Design) -> bytes:
    from pypdf import PdfReader, PdfWriter  # noqa: PLC0415

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    writer.add_attachment(ATTACHMENT, design_to_json(design).encode("utf-8"))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def spec_sheet_pdf(design: Design, catalog: Catalog, paper: str = "a4", nodes: int = 8,
                   today: date | None = None) -> bytes:
    return SheetWriter(design, catalog, paper, nodes, today or date.today()).render()
