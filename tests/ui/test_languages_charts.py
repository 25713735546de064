"""The app in Chinese beyond its widgets (issue 24, item 9): the Power and Performance charts (legend, axes, the
uncertainty band), confidence words, the template gallery's scheme names and descriptions, the generic fabric
parts on the canvas, and a Collectives button wide enough for its text and arrow."""

from __future__ import annotations

import re

import pytest
from matplotlib.figure import Figure
from PySide6.QtWidgets import QApplication, QStyle
from ui_harness.gestures import settle

from designer.core import i18n
from designer.export.charts import busbw_figure, power_figure
from designer.simulation import SimConfig, simulate
from designer.templates import TEMPLATES
from designer.ui.gallery import TemplateGallery, scheme_text
from designer.ui.i18n import install_translators

KEPT = re.compile(r"GPUs?|CPUs?|PSUs?|NICs?|PCIe|NVLink|Scale-up|scale-up|scale-out|AllReduce|AllGather|"
                  r"ReduceScatter|AllToAll|busbw|kW|GB/s|GB|nccl-tests|size|N\+\d|CPU-GPU|DC")
ENGLISH = re.compile(r"[A-Za-z]{2,}")
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(params=["zh_TW", "zh_CN"])
def lang(request, qapp):
    app = QApplication.instance()
    installed = install_translators(app, request.param)
    yield request.param
    for translator in installed:
        app.removeTranslator(translator)
    i18n.set_language("en")


def english_left(texts: list[str]) -> list[str]:
    return [t for t in texts if ENGLISH.search(KEPT.sub(" ", t))]


def chart_texts(fig: Figure) -> list[str]:
    ax = fig.axes[0]
    legend = ax.get_legend()
    return [ax.get_xlabel(), *(t.get_text() for t in legend.get_texts()), *(t.get_text() for t in
                                                                         ax.get_yticklabels())]


def test_power_and_busbw_charts_speak_the_language(lang, catalog, design_of):
    design = design_of("dgx-h100")
    power = chart_texts(power_figure(design, catalog))
    assert len(power) > 10 and not english_left(power), english_left(power)
    result = simulate(design, catalog, SimConfig(collectives=("allreduce",)))
    busbw = chart_texts(busbw_figure(result, title="x"))
    band = "不確定度範圍" if lang == "zh_TW" else "不确定度范围"
    assert band in busbw and "uncertainty band" not in busbw


def test_confidence_words_and_the_collectives_button(lang, make_window):
    window = make_window("dgx-h100")
    window.analyse()
    settle()
    numbers = window.power.numbers.text()
    assert "confidence" not in numbers and "可信度" in numbers
    window.bottom.setCurrentWidget(window.performance)
    settle()
    pick = window.performance.pick
    assert pick.isVisible()
    text = pick.fontMetrics().horizontalAdvance(pick.text())
    arrow = pick.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, None, pick)
    # the text is drawn centred, the arrow in the right-hand corner: the text must end before the arrow starts
    assert CJK.search(pick.text()) and (pick.width() + text) / 2 <= pick.width() - arrow - 2


def test_gallery_schemes_and_descriptions_in_the_language(lang, catalog):
    gallery = TemplateGallery(catalog)
    schemes = {scheme_text(e.scheme) for e in gallery.entries}
    assert len(schemes) >= 4 and not english_left(sorted(schemes)), schemes
    assert len(gallery.entries) == len(TEMPLATES)
    assert all(CJK.search(e.description) for e in gallery.entries)
    gallery.deleteLater()


def test_generic_fabric_parts_on_the_canvas_in_the_language(lang, make_window):
    window = make_window("dgx-h100")
    settle()
    titles = [item.title for item in window.scene.components.values() if item.kind == "fabric"]
    assert titles and all(CJK.search(t) for t in titles), titles
