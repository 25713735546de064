"""The spec sheet's figures as Canvas data: block diagram, busbw and scaling line charts, power bars.

Line charts tell curves apart by marker and dash as well as colour; every label is at least MIN_TEXT_PT.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from designer.core.locale import render
from designer.core.messages import Audience, Msg, Number, _m
from designer.core.units import format_bytes
from designer.export.canvas import Canvas, nice_ticks, tick_label
from designer.export.diagram_layout import (
    LINK_COLOR,
    LINK_LABEL,
    SHORT_ZONE_LABELS,
    Rect,
    bundle_layout,
    component_rects,
    control_point,
    label_point,
    on_package_ports,
    part_boxes,
    tint,
)
from designer.export.sheet_text import SHEET_TEXT
from designer.export.wording import Wording
from designer.model.budget import PowerBudget
from designer.model.catalog import Catalog
from designer.model.data_text import part_name, with_height
from designer.model.design import Design
from designer.model.layout import chassis_layout
from designer.model.parts import only_gpus

ToPage = Callable[[float, float], tuple[float, float]]  # chassis millimetres to canvas points
SERIES = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf")
MARKS = ("circle", "square", "triangle", "diamond", "circle-open", "square-open", "triangle-open")
DASHES = ("solid", "dashed", "dotted", "dash-dotted", "loosely-dashed", "densely-dotted", "densely-dashed")
LINK_DASH = {"pcie": "dashed", "c2c": "dash-dotted", "socket": "dotted", "network": "densely-dash-dotted"}
CATEGORY_COLOR = ("#2e7d32", "#455a64", "#6a1b9a", "#1565c0", "#00838f", "#8d6e63", "#a1887f", "#78909c", "#0277bd")


BAND_OPACITY = 0.16


@dataclass(frozen=True)
class Series:
    label: str
    xs: Sequence[float]
    ys: Sequence[float]
    low: Sequence[float] = ()  # uncertainty band (busbw_low/high_GBps), drawn shaded when given
    high: Sequence[float] = ()


# Line charts ----------------------------------------------------------------------------------------------
def model_tag(spread: float) -> Msg:
    """What every performance chart says of its curves."""
    return _m("model, not measured: +/-{x}% uncertainty", x=Number(round(spread * 100, 1), None))


BAND_LABEL = _m("uncertainty band")


def chart_scope(n: int, rack: bool, gpus: bool = True) -> Msg:
    """What a busbw chart covers: '8 GPUs, 1 node', '72 GPUs, 1 rack (one scale-up domain)'."""
    if rack:
        return (_m("{n} GPUs, 1 rack (one scale-up domain)", n=n) if gpus
                else _m("{n} accelerators, 1 rack (one scale-up domain)", n=n))
    return _m("{n} GPUs, 1 node", n=n) if gpus else _m("{n} accelerators, 1 node", n=n)


LEGEND_PT = 6.5  # the legend's text size
LEGEND_KEY = 28.0  # the swatch before each label (line, marker), in points


def text_width(text: str, size: float) -> float:
    """The width of a line of text, estimated (the document engine measures it only when typesetting): a CJK
    character is a square em, a capital about 0.72 em, any other character about half."""
    return size * sum(1.0 if ord(ch) > 0x2E80 else 0.72 if ch.isupper() else 0.55 for ch in text)


@dataclass(frozen=True)
class Legend:
    """The legend's entries (the series' labels, then the band's) measured for a box of `width` points: each
    entry's lines at that width; `below` puts it under the plot in `columns` instead of inside it."""

    labels: list[str]
    series: int  # the first `series` labels are curves, the rest the band
    width: float
    below: bool = False
    columns: int = 1

    @property
    def text_width(self) -> float:
        return self.width - LEGEND_KEY - 4

    def lines(self, label: str) -> int:
        return _lines(label, self.text_width, LEGEND_PT)

    def row_height(self, label: str) -> float:
        return 8.0 * self.lines(label) + 2.0

    @property
    def height(self) -> float:
        rows = [self.labels[i:i + self.columns] for i in range(0, len(self.labels), self.columns)]
        return sum(max(self.row_height(label) for label in row) for row in rows) + 4.0


def _legend(series: list[Series], band_label: str, pw: float, ph: float) -> Legend:
    """A box inside the plot as wide as its longest label (at most half the plot); under the plot, in columns,
    where the box would cover more than 45% of the plot's height."""
    labels = [s.label for s in series] + ([band_label] if any(s.low and s.high for s in series) else [])
    widest = max((text_width(label, LEGEND_PT) for label in labels), default=0.0)
    inside = Legend(labels, len(series), min(widest + LEGEND_KEY + 8, pw / 2))
    if inside.height <= 0.45 * ph:
        return inside
    columns = max(1, min(len(labels), int(pw // min(widest + LEGEND_KEY + 12, pw))))
    return Legend(labels, len(series), pw / columns, below=True, columns=columns)


def line_chart(series: list[Series], width: float, height: float, x_label: str, y_label: str, title: str,
               x_ticks: list[tuple[float, str]], band_label: str = "uncertainty band", subtitle: str = "") -> Canvas:
    """A chart with a log2 x axis (the ticks given) and a linear y axis from 0; `band_label` names the shaded
    band in the legend (in the document's language); the subtitle (what the curves are: modelled, and how
    uncertain) goes under the title. The legend never covers a curve: it goes to a corner of the plot no curve
    or band crosses, else the y axis is raised until the top of the plot is free, else (many long labels) it goes
    under the plot, and the chart is taller by its height."""
    left, right, top, bottom = 46.0, 8.0, 25.0 if subtitle else 16.0, 26.0
    pw, ph = width - left - right, height - top - bottom
    legend = _legend(series, band_label, pw, ph)
    c = Canvas(width, height + (legend.height + 4 if legend.below else 0))  # a legend under the plot adds its height
    xs = [x for s in series for x in s.xs] + [t[0] for t in x_ticks]
    lo, hi = math.log2(min(xs)), math.log2(max(xs))
    y_max = max((max([*s.ys, *s.high], default=0) for s in series), default=1.0) or 1.0
    y_ticks = nice_ticks(y_max * 1.05)

    def at(x: float, y: float) -> tuple[float, float]:
        return (left + (math.log2(x) - lo) / (hi - lo) * pw, top + ph - y / y_ticks[-1] * ph)

    corner = None
    if not legend.below:
        corner = _free_corner(series, at, legend, left, top, pw, ph)
        if corner is None:  # raise the axis until the curves stay under the box
            y_ticks = nice_ticks(y_max * ph / max(ph - legend.height - 12, ph * 0.3))
            corner = _free_corner(series, at, legend, left, top, pw, ph) or (left + 6, top + 6)

    c.text((left + pw / 2, 7), title, size=8, bold=True, width=pw)
    if subtitle:
        c.text((left + pw / 2, 17), subtitle, size=6.5, color="#444444", width=pw)
    for v in y_ticks:
        y = at(x_ticks[0][0], v)[1]
        c.line((left, y), (left + pw, y), "#dddddd", 0.4)
        c.text((left - 3, y), tick_label(v), size=6.5, anchor="right", width=40)
    for x, label in x_ticks:
        px = at(x, 0)[0]
        c.line((px, top + ph), (px, top + ph + 2.5), "#555555", 0.5)
        c.text((px, top + ph + 8), label, size=6.5, width=40)
    c.rect(left, top, pw, ph, stroke="#555555", thickness=0.6)
    c.text((left + pw / 2, top + ph + 21), x_label, size=7, width=pw)
    c.text((9, top + ph / 2), y_label, size=7, rotate=True, width=ph)
    for i, s in enumerate(series):
        if s.low and s.high:
            band = [at(x, y) for x, y in zip(s.xs, s.high, strict=True)]
            band += [at(x, y) for x, y in reversed(list(zip(s.xs, s.low, strict=True)))]
            c.polygon(band, SERIES[i % len(SERIES)], BAND_OPACITY)
    for i, s in enumerate(series):
        pts = [at(x, y) for x, y in zip(s.xs, s.ys, strict=True)]
        color = SERIES[i % len(SERIES)]
        c.polyline(pts, color, 0.9, DASHES[i % len(DASHES)])
        for p in pts:
            c.marker(p, MARKS[i % len(MARKS)], color)
    if legend.below:
        _legend_box(c, legend, left, top + ph + 28, framed=False)
    else:
        assert corner is not None
        _legend_box(c, legend, *corner)
    return c


def _free_corner(series: list[Series], at: Callable[[float, float], tuple[float, float]], legend: Legend,
                 left: float, top: float, pw: float, ph: float) -> tuple[float, float] | None:
    """The first corner of the plot (top left, top right, bottom right, bottom left) where the legend's box covers
    no curve, marker or band edge; None where every corner does."""
    w, h = legend.width, legend.height
    corners = ((left + 6, top + 6), (left + pw - w - 6, top + 6), (left + pw - w - 6, top + ph - h - 6),
               (left + 6, top + ph - h - 6))
    edges = [[at(x, y) for x, y in zip(s.xs, ys, strict=True)] for s in series for ys in (s.ys, s.high, s.low)
             if len(ys) == len(s.xs)]
    samples = [(a[0] + (b[0] - a[0]) * k / 16, a[1] + (b[1] - a[1]) * k / 16)
               for pts in edges for a, b in zip(pts, pts[1:], strict=False) for k in range(17)]
    samples += [p for pts in edges for p in pts]
    for x, y in corners:
        if not any(x - 4 <= px <= x + w + 4 and y - 4 <= py <= y + h + 4 for px, py in samples):
            return x, y
    return None


def _legend_box(c: Canvas, legend: Legend, x: float, y: float, framed: bool = True) -> None:
    """The legend at (x, y): a framed box inside the plot, or rows of `columns` entries under it. A long label wraps
    within its entry; its key stands by its first line."""
    if framed:
        c.rect(x, y, legend.width, legend.height, fill="#ffffff", stroke="#bbbbbb", thickness=0.4)
    top = y + 2
    for start in range(0, len(legend.labels), legend.columns):
        row = legend.labels[start:start + legend.columns]
        for j, label in enumerate(row):
            i, ex, mid = start + j, x + j * legend.width, top + 5.5
            if i < legend.series:
                color = SERIES[i % len(SERIES)]
                c.line((ex + 4, mid), (ex + 24, mid), color, 0.9, DASHES[i % len(DASHES)])
                c.marker((ex + 14, mid), MARKS[i % len(MARKS)], color)
            else:  # the uncertainty band
                c.polygon([(ex + 4, mid - 3), (ex + 24, mid - 3), (ex + 24, mid + 3), (ex + 4, mid + 3)], "#555555",
                          BAND_OPACITY)
            c.text((ex + LEGEND_KEY, mid), label, size=LEGEND_PT, anchor="left", width=legend.text_width)
        top += max(legend.row_height(label) for label in row)


def size_ticks(sizes: Sequence[int]) -> list[tuple[float, str]]:
    step = max(1, len(sizes) // 9)
    return [(float(s), format_bytes(s)) for s in sizes[::step]]


# Power ----------------------------------------------------------------------------------------------------
def power_chart(budget: PowerBudget, width: float, height: float = 92.0, tr: Callable[[str], str] = str) -> Canvas:
    """Stacked load by category against the PSUs' usable and redundant capacity, in kW; `tr` gives each label in
    the document's language."""
    c = Canvas(width, height)
    left, right = 46.0, 8.0
    pw = width - left - right
    top_kw = max(budget.installed_w, budget.load_w, budget.cooling_capacity_w or 0) / 1000 * 1.05
    ticks = nice_ticks(top_kw)
    scale = pw / ticks[-1]
    bars = (("load", 8.0), ("PSUs", 30.0))
    for label, y in bars:
        c.text((left - 4, y + 8), tr(label), size=7, anchor="right", width=40)
    x = left
    items = [(cat, w) for cat, w in budget.by_category.items() if w > 0]
    for i, (_, watts) in enumerate(items):
        w = watts / 1000 * scale
        c.rect(x, 8, w, 16, fill=CATEGORY_COLOR[i % len(CATEGORY_COLOR)], stroke="#ffffff", thickness=0.4)
        x += w
    usable = budget.usable_w / 1000 * scale
    c.rect(left, 30, usable, 16, fill="#9e9e9e")
    c.rect(left + usable, 30, (budget.installed_w - budget.usable_w) / 1000 * scale, 16, fill="#e0e0e0")
    if budget.cooling_capacity_w:
        cx = left + budget.cooling_capacity_w / 1000 * scale
        c.line((cx, 4), (cx, 50), "#0277bd", 1.0, "dashed")
    for v in ticks:
        px = left + v * scale
        c.line((px, 50), (px, 53), "#555555", 0.5)
        c.text((px, 58), tick_label(v), size=6.5, width=30)
    c.line((left, 50), (left + pw, 50), "#555555", 0.5)
    c.text((left + pw / 2, 67), tr("kW (DC load at the PSU outputs; PSU capacity)"), size=7, width=pw)
    keys = [(tr(cat), CATEGORY_COLOR[i % len(CATEGORY_COLOR)], "box") for i, (cat, _) in enumerate(items)]
    keys += [(tr("usable ({redundancy})").format(redundancy=budget.redundancy.value), "#9e9e9e", "box"),
             (tr("redundant"), "#e0e0e0", "box")]
    keys += [(tr("cooling capacity"), "#0277bd", "line")] if budget.cooling_capacity_w else []
    _key_row(c, keys, left, 80, pw)
    return c


def _key_row(c: Canvas, keys: list[tuple[str, str, str]], x0: float, y: float, width: float) -> None:
    per_row = 5
    step = width / per_row
    for i, (label, color, kind) in enumerate(keys):
        x, yy = x0 + (i % per_row) * step, y + (i // per_row) * 11
        if kind == "box":
            c.rect(x, yy - 3.5, 7, 7, fill=color, stroke="#888888", thickness=0.3)
        else:
            c.line((x, yy), (x + 7, yy), color, 1.0, "dashed")
        c.text((x + 10, yy), label, size=6.5, anchor="left", width=step - 12)
    c.height = max(c.height, y + 11 * ((len(keys) - 1) // per_row) + 8)


# Block diagram --------------------------------------------------------------------------------------------
def diagram_chart(design: Design, catalog: Catalog, width: float, words: Wording | None = None) -> Canvas:
    """The chassis (top view) with one line per connected pair, counts, tags (display names) and a legend of link
    kinds and of the abbreviations drawn, in the words' language (English when none are given)."""
    words = words or Wording(design, catalog, "en", SHEET_TEXT)
    chassis = catalog.chassis(design.chassis)
    layout = chassis_layout(chassis)
    rects = component_rects(design, catalog)
    ox, oy, ow, oh = layout.outline
    x_max = max([r[0] + r[2] for r in rects.values()] + [ox + ow])
    k = width / (x_max - ox + 12)
    to: ToPage = lambda x, y: ((x - ox + 6) * k, (y - oy) * k + 14)  # noqa: E731
    c = Canvas(width, oh * k + 20)
    name = with_height(render(part_name(chassis), words.lang, Audience.DOCUMENT), chassis.rack_units)
    c.text((0, 6), f"{name}{words.tr('comma')}{words.tr(layout.view)}", size=7, anchor="left", color="#444444",
           width=width)
    accelerators = not only_gpus(catalog.get(comp.part) for comp in design.components)
    c.rect(*to(ox, oy), ow * k, oh * k, stroke="#757575", thickness=0.8)
    for name, (x, y, w, h) in layout.zones.items():
        c.rect(*to(x, y), w * k, h * k, fill="#f4f4f4", stroke="#c8c8c8", thickness=0.4)
        if name in SHORT_ZONE_LABELS:
            label = "Accelerator baseboard" if name == "gpu" and accelerators else SHORT_ZONE_LABELS[name]
            c.text(to(x + 2, y + h - 5), words.tr(label), size=6, anchor="left", color="#666666", width=80)
    kinds, counts = _diagram_links(c, design, rects, to, on_package_ports(design, catalog))
    tags = _diagram_parts(c, design, catalog, rects, to, k, words.short)
    for at, label in counts:  # over the parts: a count on a line that passes a box stays readable
        c.text(at, label, size=6, width=14, background="#ffffff")
    _diagram_legend(c, kinds, width, words, tags)
    return c


def _diagram_links(c: Canvas, design: Design, rects: dict[str, Rect], to: ToPage, on_package: frozenset[str]
                   ) -> tuple[dict[str, int | None], list[tuple[tuple[float, float], str]]]:
    """The lines; returns the kinds drawn (for the legend) and the count labels, drawn once the parts are."""
    layout, kinds = bundle_layout(design, rects, on_package)
    counts = []
    for b in layout:
        c.line(to(*b.p), to(*b.q), LINK_COLOR.get(b.kind, "#888888"), 0.7, LINK_DASH.get(b.kind, "solid"),
               bend=to(*control_point(b.p, b.q, b.rad)) if b.rad else None)
        if b.label:
            counts.append((to(*label_point(b)), b.label))
    return kinds, counts


def _diagram_parts(c: Canvas, design: Design, catalog: Catalog, rects: dict[str, Rect], to: ToPage, k: float,
                   tags: dict[str, str]) -> list[str]:
    drawn = []
    for box in part_boxes(design, catalog, rects, tags):
        x, y, w, h = box.rect
        c.rect(*to(x, y), w * k, h * k, fill=tint(box.color), stroke=box.color, thickness=0.7, radius=1.5)
        room = (h if box.vertical else w) * k + 4
        tag = box.tag if _lines(box.tag, room, 6.5) == 1 else box.tag.replace(" ", "\n", 1)  # "PSW" over "0"
        c.text(to(x + w / 2, y + h / 2), tag, size=6.5, rotate=box.vertical, width=room)
        drawn.append(box.tag)
    return drawn


def _lines(text: str, width: float, size: float) -> int:
    """Lines `text` takes at `size` in `width` (its estimated width, text_width)."""
    return max(1, math.ceil(text_width(text, size) / width))


def _diagram_legend(c: Canvas, kinds: dict[str, int | None], width: float, words: Wording, tags: list[str]) -> None:
    y = c.height + 6
    c.text((width / 2, y), words.tr("One line per connected pair; a number on a line is the links (PCIe: lanes) in it"),
           size=6.5, color="#444444", width=width)
    entries = [k for k in LINK_COLOR if k in kinds]
    step = width / 2
    for i, kind in enumerate(entries):
        x, yy = (i % 2) * step, y + 10 + (i // 2) * 10
        usual = kinds[kind]
        c.line((x, yy), (x + 18, yy), LINK_COLOR[kind], 1.0, LINK_DASH.get(kind, "solid"))
        label = words.tr(LINK_LABEL.get(kind, kind)) + (
            words.tr(", {n} per line unless marked").format(n=usual) if usual and usual > 1 else "")
        c.text((x + 22, yy), label, size=6.5, anchor="left", width=step - 24)
    y += 10 * (1 + (len(entries) + 1) // 2)
    abbreviations = words.abbreviations(tags)
    if abbreviations:
        line = f"{words.tr('Abbreviations')}{words.tr('abbreviation_colon')}{abbreviations}"
        c.text((0, y + 4), line, size=6.5, anchor="left", color="#444444", width=width)
        y += 9 * _lines(line, width, 6.5)
    c.height = y + 2
