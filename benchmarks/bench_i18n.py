"""Time the Chinese interface's costs: installing the Qt translators at start, loading a string table with its
templates on first use, and translating one rule message or fix hint.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_i18n.py
"""

from __future__ import annotations

import statistics
import time

from PySide6.QtWidgets import QApplication

import designer.rules.checks  # noqa: F401 (registers every rule)
from designer.analysis import Analysis
from designer.core import i18n
from designer.model.catalog import shipped_catalog
from designer.templates import TEMPLATES, build_template
from designer.ui.i18n import install_translators


def ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    app = QApplication([])
    for lang in ("zh_TW", "zh_CN"):
        t0 = time.perf_counter()
        for translator in install_translators(app, lang):
            app.removeTranslator(translator)
        print(f"{lang}: install translators {ms(t0):.1f} ms")
    catalog = shipped_catalog()
    messages = sorted({text for tid in TEMPLATES for v in Analysis(build_template(tid, catalog), catalog).report
                       .violations for text in (v.message, v.fix) if text})
    for lang in ("zh_TW", "zh_CN"):
        t0 = time.perf_counter()
        i18n.phrase(messages[0], lang)  # first use: the JSON table and its compiled templates
        first = ms(t0)
        samples = []
        for text in messages:
            t0 = time.perf_counter()
            i18n.phrase(text, lang)
            samples.append(ms(t0))
        print(f"{lang}: table and templates on first use {first:.1f} ms; one of {len(messages)} messages "
              f"median {statistics.median(samples):.3f} ms, max {max(samples):.3f} ms")


if __name__ == "__main__":
    main()
