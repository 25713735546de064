"""New from template: a gallery of the reference designs with thumbnails, headline figures and filters
(vendor, scheme A-D and rack-scale, cooling)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from designer.compare.data import scheme
from designer.core import i18n
from designer.core.colors import KIND_COLOR
from designer.core.locale import render
from designer.export.diagram_layout import component_rects
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.layout import chassis_layout
from designer.model.parts import GpuSpec
from designer.templates import (
    BLANK,
    BLANK_CHASSIS,
    TEMPLATES,
    build_blank,
    build_template,
    template_description,
    template_title,
)
from designer.topology.figures import KeyFigures, key_figures
from designer.topology.graph import build_topology
from designer.ui.window_layout import fit_to_screen

translate = QCoreApplication.translate
ALL = "all"
THUMB = QSize(120, 120)
SCHEMES = ("A", "B", "C", "D", "rack-scale")
SCHEME_NAMES = {  # the filter's entries: the schemes' names, not bare letters (designer.compare.data.scheme)
    "A": str(QT_TRANSLATE_NOOP("TemplateGallery", "A: PCIe switch")),
    "B": str(QT_TRANSLATE_NOOP("TemplateGallery", "B: full mesh (switched or direct links)")),
    "C": str(QT_TRANSLATE_NOOP("TemplateGallery", "C: CPU-GPU fusion")),
    "D": str(QT_TRANSLATE_NOOP("TemplateGallery", "D: custom liquid")),
    "rack-scale": str(QT_TRANSLATE_NOOP("TemplateGallery", "rack-scale (more than 8 GPUs)")),
}
COOLING_TEXT = {"air": "air", "cold_plate": "liquid (cold plate)", "immersion": "immersion"}


def scheme_text(label: str) -> str:
    """A scheme as designer.compare.data.scheme writes it ("B: switched full mesh; rack-scale"), in the language."""
    words = {"A: PCIe switch": translate("TemplateGallery", "A: PCIe switch"),
             "B: switched full mesh": translate("TemplateGallery", "B: switched full mesh"),
             "B: full mesh (direct links, no switch)": translate("TemplateGallery",
                                                                 "B: full mesh (direct links, no switch)"),
             "C: CPU-GPU fusion": translate("TemplateGallery", "C: CPU-GPU fusion"),
             "D: custom liquid": translate("TemplateGallery", "D: custom liquid"),
             "rack-scale": translate("TemplateGallery", "rack-scale")}
    return "; ".join(words.get(part, part) for part in label.split("; "))


def cooling_text(key: str) -> str:
    return {"air": translate("TemplateGallery", "air"),
            "cold_plate": translate("TemplateGallery", "liquid (cold plate)"),
            "immersion": translate("TemplateGallery", "immersion")}.get(key, key)


@dataclass(frozen=True)
class Entry:
    """What the gallery shows and filters on for one template."""

    id: str
    title: str
    description: str
    figures: str
    vendor: str
    scheme: str  # "C: CPU-GPU fusion; rack-scale"
    cooling: str  # air, cold_plate, immersion
    design: Design

    def matches(self, vendor: str, scheme_key: str, cooling: str, text: str = "") -> bool:
        scheme_ok = scheme_key == ALL or (self.scheme.endswith("rack-scale") if scheme_key == "rack-scale"
                                          else self.scheme.startswith(f"{scheme_key}:"))
        return (vendor in (ALL, self.vendor)) and scheme_ok and cooling in (ALL, self.cooling) and \
            self.says(text)

    def says(self, text: str) -> bool:
        """Whether every word of a search (any case) is in the design's id, title, description, figures or
        vendor: "b300 air" finds the air-cooled B300 designs."""
        haystack = " ".join((self.id, self.title, self.description, self.figures, self.vendor)).casefold()
        return all(word in haystack for word in text.casefold().split())


def figures_line(k: KeyFigures) -> str:
    n = i18n.format_number
    line = (translate("TemplateGallery", "{count} GPUs · {scaleup} GB/s/dir scale-up per GPU · {memory} GB {kind} · "
                      "{out} Gb/s per GPU out · {power} kW") if k.device_word == "GPUs" else
            translate("TemplateGallery", "{count} accelerators · {scaleup} GB/s/dir scale-up per accelerator · "
                      "{memory} GB {kind} · {out} Gb/s per accelerator out · {power} kW"))
    return line.format(count=k.gpu_count, scaleup=n(k.scaleup_gbytes_s_per_gpu_per_dir), memory=n(k.hbm_total_gb),
                       kind=k.memory_kind, out=n(k.scaleout_gbit_s_per_gpu), power=n(k.wall_peak_w / 1000, 1))


def entry(template_id: str, catalog: Catalog) -> Entry:
    tpl = TEMPLATES[template_id]
    design = build_template(template_id, catalog)
    topo = build_topology(design, catalog)
    gpus = [topo.part(g) for g in topo.gpus]
    vendor = next((p.vendor for p in gpus if isinstance(p, GpuSpec) and p.vendor), "") or "other"
    figs = key_figures(design, catalog, topo)
    return Entry(tpl.id, render(template_title(tpl.id)), template_description(tpl.id), figures_line(figs), vendor,
                 scheme(design, catalog, topo), catalog.chassis(design.chassis).cooling_type.value, design)


def thumbnail(design: Design, catalog: Catalog, size: QSize = THUMB) -> QPixmap:
    """The design's chassis (or rack) and its parts, drawn from the diagram layout: a box per part in its kind's
    colour, inside the chassis outline, scaled to fit."""
    pix = QPixmap(size)
    pix.fill(QColor("white"))
    ox, oy, ow, oh = chassis_layout(catalog.chassis(design.chassis)).outline
    rects = component_rects(design, catalog)
    right = max([ox + ow, *(x + w for x, _, w, _ in rects.values())])
    bottom = max([oy + oh, *(y + h for _, y, _, h in rects.values())])
    scale = min((size.width() - 4) / (right - ox), (size.height() - 4) / (bottom - oy))
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(2, 2)
    p.scale(scale, scale)
    p.translate(-ox, -oy)
    p.setPen(QPen(QColor("#888888"), 0))
    p.drawRect(QRectF(ox, oy, ow, oh))
    for comp in design.components:
        x, y, w, h = rects[comp.id]
        p.fillRect(QRectF(x, y, w, h), QColor(KIND_COLOR.get(catalog.get(comp.part).kind, "#9e9e9e")))
    p.end()
    return pix


class TemplateGallery(QDialog):
    def __init__(self, catalog: Catalog, parent=None, chassis: str | None = None) -> None:
        super().__init__(parent)
        self.first_chassis = chassis or BLANK_CHASSIS  # the open design's, as File > New Blank Design offers it
        self.setWindowTitle(self.tr("New design from a reference design"))
        self.entries = [entry(tid, catalog) for tid in TEMPLATES]
        self.list = QListWidget()
        self.list.setIconSize(THUMB)
        self.list.setWordWrap(True)  # long lines wrap to the dialog's width instead of scrolling sideways
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for e in self.entries:
            tags = self.tr("{vendor} · scheme {scheme} · {cooling}").format(
                vendor=e.vendor, scheme=scheme_text(e.scheme), cooling=cooling_text(e.cooling))
            item = QListWidgetItem(QIcon(thumbnail(e.design, catalog)),
                                   f"{e.title}\n{e.description}\n{e.figures}\n{tags}")
            item.setData(Qt.ItemDataRole.UserRole, e.id)
            item.setToolTip(e.description)
            self.list.addItem(item)
        self.list.insertItem(0, self._blank_item(catalog))
        self.list.setCurrentRow(2)  # the DGX H100, as before the blank design came first
        self.list.itemDoubleClicked.connect(self.accept)
        self.vendor = self._combo([(v, v) for v in sorted({e.vendor for e in self.entries})])
        self.scheme = self._combo([(k, translate("TemplateGallery", SCHEME_NAMES[k])) for k in SCHEMES])
        kinds = [c for c in COOLING_TEXT if any(e.cooling == c for e in self.entries)]
        self.cooling = self._combo([(c, cooling_text(c)) for c in kinds])
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search: name, GPU, vendor, figures"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.apply_filters)
        self.shown = QLabel()
        self.empty = QLabel(self.tr("No reference design matches this search and these filters."))  # the list's place
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.clear_filters = QPushButton(self.tr("Clear search and filters"))
        self.clear_filters.clicked.connect(self.reset_filters)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.list)
        self.pages.addWidget(self._empty_page())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        filters = QHBoxLayout()
        for label, combo in ((self.tr("Vendor:"), self.vendor), (self.tr("Scheme:"), self.scheme),
                             (self.tr("Cooling:"), self.cooling)):
            filters.addWidget(QLabel(label))
            filters.addWidget(combo)
        filters.addStretch(1)
        filters.addWidget(self.shown)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Start from a reference design:")))
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addWidget(self.pages)
        blank_row = QHBoxLayout()
        blank_row.addWidget(QLabel(self.tr("Chassis of a blank design:")))
        blank_row.addWidget(self.chassis, 1)
        layout.addLayout(blank_row)
        layout.addWidget(buttons)
        fit_to_screen(self, 900, 640)
        self.list.currentRowChanged.connect(self._blank_chosen)
        self.apply_filters()
        self.search.setFocus()  # type to find, as Qt Creator's and KiCad's choosers do
        self._blank_chosen(self.list.currentRow())

    def _blank_item(self, catalog: Catalog) -> QListWidgetItem:
        """The first entry: an empty chassis, picked in the combo under the list (always shown, whatever the
        filters: it is not a reference design)."""
        self.chassis = QComboBox()
        for part in sorted((p for p in catalog.parts.values() if p.kind == "chassis"), key=lambda p: p.name):
            self.chassis.addItem(part.name, part.id)
        index = self.chassis.findData(self.first_chassis)
        self.chassis.setCurrentIndex(index if index >= 0 else self.chassis.findData(BLANK_CHASSIS))
        item = QListWidgetItem(QIcon(thumbnail(build_blank(catalog), catalog)),
                               self.tr("Blank design\nAn empty chassis (choose it below): add parts from the library "
                                       "and wire them; Auto-wire finishes the wiring."))
        item.setData(Qt.ItemDataRole.UserRole, BLANK)
        return item

    def _blank_chosen(self, row: int) -> None:
        self.chassis.setEnabled(row == 0)

    def chosen_chassis(self) -> str | None:
        """The chassis for the blank design; None for a reference design (it brings its own)."""
        return self.chassis.currentData() if self.chosen() == BLANK else None

    def _empty_page(self) -> QWidget:
        """What shows instead of an empty list: that nothing matches, and a way back (as Qt Creator's does)."""
        page = QWidget()
        column = QVBoxLayout(page)
        column.addStretch(1)
        column.addWidget(self.empty)
        column.addWidget(self.clear_filters, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addStretch(1)
        return page

    def reset_filters(self) -> None:
        self.search.clear()
        for combo in (self.vendor, self.scheme, self.cooling):
            combo.setCurrentIndex(0)

    def _combo(self, values: list[tuple[str, str]]) -> QComboBox:
        """(value filtered on, text shown) pairs, after 'All'."""
        combo = QComboBox()
        for value, text in [(ALL, self.tr("All")), *values]:
            combo.addItem(text, value)
        combo.currentIndexChanged.connect(self.apply_filters)
        return combo

    def apply_filters(self) -> None:
        if not hasattr(self, "cooling"):
            return  # the combos are still being built
        wanted = (self.vendor.currentData(), self.scheme.currentData(), self.cooling.currentData(), self.search.text())
        visible = 0
        for row, e in enumerate(self.entries, start=1):  # row 0: the blank design, never filtered out
            hide = not e.matches(*wanted)
            self.list.item(row).setHidden(hide)
            visible += not hide
        current = self.list.currentItem()
        if current is None or current.isHidden():
            rows = [r for r in range(1, self.list.count()) if not self.list.item(r).isHidden()]
            self.list.setCurrentRow(rows[0] if rows else -1)
        self.shown.setText(self.tr("{visible} of {total} designs").format(visible=visible, total=len(self.entries)))
        self.pages.setCurrentIndex(0 if visible else 1)
        self.ok.setEnabled(bool(visible))

    def visible_ids(self) -> list[str]:
        """The reference designs the filters leave (the blank design is always there and not counted)."""
        return [self.list.item(r).data(Qt.ItemDataRole.UserRole) for r in range(1, self.list.count())
                if not self.list.item(r).isHidden()]

    def chosen(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item and not item.isHidden() else None
