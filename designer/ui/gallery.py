"""New from template: a gallery with names, one-line descriptions and key figures."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout

from designer.core import i18n
from designer.model.catalog import Catalog
from designer.templates import TEMPLATES, build_template
from designer.topology.figures import key_figures
from designer.ui.style import kind_icon

translate = QCoreApplication.translate


def figures_line(template_id: str, catalog: Catalog) -> str:
    k = key_figures(build_template(template_id, catalog), catalog)
    n = i18n.format_number
    line = (translate("TemplateGallery", "{count} GPUs · {scaleup} GB/s/dir scale-up per GPU · {memory} GB {kind} · "
                      "{out} Gb/s per GPU out · {power} kW") if k.device_word == "GPUs" else
            translate("TemplateGallery", "{count} accelerators · {scaleup} GB/s/dir scale-up per accelerator · "
                      "{memory} GB {kind} · {out} Gb/s per accelerator out · {power} kW"))
    return line.format(count=k.gpu_count, scaleup=n(k.scaleup_gbytes_s_per_gpu_per_dir), memory=n(k.hbm_total_gb),
                       kind=k.memory_kind, out=n(k.scaleout_gbit_s_per_gpu), power=n(k.wall_power_peak_w / 1000, 1))


class TemplateGallery(QDialog):
    def __init__(self, catalog: Catalog, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New design from a reference design"))
        self.list = QListWidget()
        for tpl in TEMPLATES.values():
            item = QListWidgetItem(kind_icon("gpu"), f"{tpl.title}\n{tpl.description}\n{figures_line(tpl.id, catalog)}")
            item.setData(Qt.ItemDataRole.UserRole, tpl.id)
            self.list.addItem(item)
        self.list.setCurrentRow(1)
        self.list.itemDoubleClicked.connect(self.accept)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Start from a reference design:")))
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(760, 560)

    def chosen(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None
