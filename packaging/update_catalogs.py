"""Update the message catalogs of the code below the UI: `python packaging/update_catalogs.py [--check]`.

1. Extract: Babel reads every _m("English template {x}", ...) in designer/ (keyword _m, the first argument), and
   the shipped data's texts that documents show (designer.model.data_text, the failure policies' names).
2. Update: designer/locale/<lang>/LC_MESSAGES/designer.po gets the new ids (untranslated) and loses the gone ones.
3. Translate the empty msgstr entries (any .po editor, or a text editor) following resources/i18n/GLOSSARY.md,
   keeping every {placeholder}; run again.
4. Compile: each .po to designer.mo next to it, shipped as package data.

--check changes nothing and exits 1 when a .po is out of date with the code, has an untranslated entry, or its
.mo does not hold exactly its translations. (The Qt side keeps Qt Linguist: packaging/update_translations.py.)
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "designer"
LOCALE = ROOT / "designer" / "locale"
LANGUAGES = ("zh_TW", "zh_CN")
KEYWORDS = {"_m": None}


def po_file(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "designer.po"


def extract() -> Catalog:
    """Every message id in the code (the template catalog)."""
    template = Catalog(project="gpu-node-designer", domain="designer")  # one per catalog: update() shares its entries
    found = extract_from_dir(str(SOURCES), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    for _file, _line, message, comments, context in found:
        template.add(message, None, auto_comments=comments, context=context)
    for text in data_texts():
        template.add(text, None, auto_comments=["shipped data (designer.model.data_text)"])
    return template


def data_texts() -> list[str]:
    """Text of the shipped data that documents show translated: catalog texts, the failure policies' names and the
    reference designs' titles that carry English words."""
    from designer.cluster.architecture import architecture_texts  # noqa: PLC0415
    from designer.model.catalog import shipped_catalog  # noqa: PLC0415
    from designer.model.data_text import catalog_texts  # noqa: PLC0415
    from designer.templates import template_titles  # noqa: PLC0415
    from designer.topology.policy import policy_data  # noqa: PLC0415

    policies = policy_data()
    return (catalog_texts(shipped_catalog()) + [p["name"] for p in policies["policies"].values()]
            + architecture_texts()  # what a plan says it follows (cluster info --lang)
            + [s["title"] for s in policies["sources"].values() if not s["url"]]  # no document: a sentence
            + template_titles())


def read(lang: str) -> Catalog:
    path = po_file(lang)
    if not path.exists():
        return Catalog(locale=lang, domain="designer", project="gpu-node-designer", version="",
                       copyright_holder="the GPU Node Designer authors", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain="designer")


def updated(lang: str, template: Catalog) -> Catalog:
    catalog = read(lang)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False, update_creation_date=False)
    catalog.obsolete.clear()
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=120, no_location=True, omit_header=False, sort_output=True,
             include_previous=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def problems(lang: str, template: Catalog) -> list[str]:
    """What --check finds for one language: ids missing or stale, untranslated entries, a stale .mo."""
    committed = read(lang)
    ids = {m.id for m in template if m.id}
    have = {m.id for m in committed if m.id}
    out = [f"{lang}: not in the .po: {i!r}" for i in sorted(ids - have, key=str)]
    out += [f"{lang}: no longer in the code: {i!r}" for i in sorted(have - ids, key=str)]
    out += [f"{lang}: untranslated: {m.id!r}" for m in committed if m.id and not m.string]
    mo = po_file(lang).with_suffix(".mo")
    if not mo.exists():
        return [*out, f"{lang}: {mo.name} missing"]
    with mo.open("rb") as f:
        compiled = {m.id: m.string for m in read_mo(f) if m.id}
    if compiled != {m.id: m.string for m in committed if m.id and m.string and not m.fuzzy}:
        out.append(f"{lang}: {mo.name} does not match the .po")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 on anything out of date")
    args = parser.parse_args(argv)
    if args.check:
        found = [p for lang in LANGUAGES for p in problems(lang, extract())]
        print("\n".join(found) or f"{len(extract())} messages, all translated in {', '.join(LANGUAGES)}")
        return 1 if found else 0
    for lang in LANGUAGES:
        catalog = updated(lang, extract())
        po_file(lang).parent.mkdir(parents=True, exist_ok=True)
        po_file(lang).write_bytes(po_bytes(catalog))
        po_file(lang).with_suffix(".mo").write_bytes(mo_bytes(catalog))
        missing = sum(1 for m in catalog if m.id and not m.string)
        print(f"{lang}: {len(catalog)} messages, {missing} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
