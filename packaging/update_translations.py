"""Update the interface translations: `python packaging/update_translations.py [--check]`.

1. pyside6-lupdate reads every tr()/QCoreApplication.translate() string in designer/ui and merges it into
   resources/i18n/gpu_designer_<lang>.ts (new strings come in as "unfinished"; gone ones are dropped).
2. Translate the unfinished entries (Qt Linguist: `pyside6-linguist resources/i18n/gpu_designer_zh_TW.ts`, or
   any editor), following resources/i18n/GLOSSARY.md.
3. pyside6-lrelease compiles each .ts to designer/data/i18n/gpu_designer_<lang>.qm, which ships as package data.

Both tools come with PySide6-Essentials (a dependency): nothing else is needed. --check only compiles and
exits 1 when a .ts has an unfinished translation (lrelease's own count).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TS_DIR = ROOT / "resources" / "i18n"
QM_DIR = ROOT / "designer" / "data" / "i18n"
LANGUAGES = ("zh_TW", "zh_CN")
SOURCES = ROOT / "designer" / "ui"


def tool(name: str) -> str:
    """pyside6-<name> from the running interpreter's environment (PySide6-Essentials installs it)."""
    beside = Path(sys.executable).parent / f"pyside6-{name}"
    for candidate in (beside, beside.with_suffix(".exe")):
        if candidate.exists():
            return str(candidate)
    found = shutil.which(f"pyside6-{name}")
    if found is None:
        raise SystemExit(f"update_translations: pyside6-{name} not found (install PySide6-Essentials)")
    return found


def ts_file(lang: str) -> Path:
    return TS_DIR / f"gpu_designer_{lang}.ts"


def lupdate() -> None:
    files = sorted(str(p) for p in SOURCES.rglob("*.py"))
    for lang in LANGUAGES:
        subprocess.run([tool("lupdate"), "-silent", "-no-obsolete", "-locations", "none", "-source-language", "en",
                        "-target-language", lang, *files, "-ts", str(ts_file(lang))], check=True)


def lrelease() -> dict[str, int]:
    """Compile every .ts; the number of unfinished translations per language, as lrelease counts them."""
    QM_DIR.mkdir(parents=True, exist_ok=True)
    unfinished = {}
    for lang in LANGUAGES:
        out = subprocess.run([tool("lrelease"), str(ts_file(lang)), "-qm", str(QM_DIR / f"gpu_designer_{lang}.qm")],
                             check=True, capture_output=True, text=True).stdout
        found = re.search(r"(\d+) unfinished", out)
        unfinished[lang] = int(found.group(1)) if found else 0
        print(out.strip())
    return unfinished


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compile only; fail on unfinished translations")
    args = parser.parse_args(argv)
    if not args.check:
        lupdate()
    unfinished = lrelease()
    missing = {lang: n for lang, n in unfinished.items() if n}
    if missing:
        print(f"unfinished translations: {missing}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
