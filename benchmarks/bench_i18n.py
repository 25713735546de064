"""Time the Chinese interface's costs: installing the Qt translators at start, loading the message catalog (and
what is left of the string table's templates) on first use, and rendering one rule message or fix hint.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_i18n.py
"""

from __future__ import annotations

import statistics
import time

from PySide6.QtWidgets import QApplication

import designer.rules.checks  # noqa: F401 (registers every rule)
from designer.analysis import Analysis
from designer.core import i18n
from designer.core.locale import render, translations
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
    messages = {str(text): text for tid in TEMPLATES for v in Analysis(build_template(tid, catalog), catalog).report
                .violations for text in (v.text, v.hint) if text}
    texts = [messages[k] for k in sorted(messages)]
    converted = sum(not isinstance(t, str) for t in texts)
    for lang in ("zh_TW", "zh_CN"):
        table = i18n.table(lang)
        print(f"{lang}: {len(translations(lang)._catalog) - 1} catalog messages; "  # type: ignore[attr-defined]  # noqa: SLF001
              f"{len(table.get('phrases', []))} sentence templates and {len(table.get('parts', []))} pieces left")
        t0 = time.perf_counter()
        render(texts[0], lang)  # first use: the compiled catalog (and the JSON table where a str needs it)
        first = ms(t0)
        samples = []
        for text in texts:
            t0 = time.perf_counter()
            render(text, lang)
            samples.append(ms(t0))
        print(f"{lang}: catalog on first use {first:.1f} ms; one of {len(texts)} messages ({converted} as data) "
              f"median {statistics.median(samples):.3f} ms, max {max(samples):.3f} ms")


if __name__ == "__main__":
    main()
