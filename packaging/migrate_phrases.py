"""One-off: seed the untranslated entries of designer/locale/<lang>/LC_MESSAGES/designer.po from the regular-
expression sentence templates of designer/data/i18n/strings.<lang>.json, which the catalogs replace.

For each message the rules give on the reference designs and their broken variants (and each id in the code),
the English is written with a marker in every placeholder ("no PSUs for a [[load]] W load"), the old templates
translate it, and the markers become placeholders again ("{load} 的負載沒有任何 PSU"). Entries no template
matches stay empty for a translator. Run packaging/update_catalogs.py afterwards to compile.
Run: .venv/bin/python packaging/migrate_phrases.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import update_catalogs  # noqa: E402

from designer.core import i18n  # noqa: E402
from designer.core.messages import Many, Msg, Quantity  # noqa: E402


def probe(msg: Msg) -> tuple[str, dict[str, str]]:
    """The English with a marker per placeholder, and what each marker (with its unit) stands for."""
    values, back = {}, {}
    for name, param in msg.params:
        marker = f"[[{name}]]"
        unit = f" {param.unit}" if isinstance(param, Quantity) else ""
        values[name] = marker + unit
        back[marker + unit] = "{" + name + "}"
    return msg.id.format(**values) if values else msg.id, back


def seed(msg: Msg, lang: str) -> str | None:
    english, back = probe(msg)
    local = i18n.phrase(english, lang)
    if local == english:
        return None
    for marked, placeholder in sorted(back.items(), key=lambda kv: -len(kv[0])):
        local = local.replace(marked, placeholder)
    return None if re.search(r"\[\[\w+\]\]", local) else local


def instances() -> list[Msg]:
    """The messages (and the pieces inside them) of the reference designs and broken variants of them."""
    from designer.analysis import Analysis  # noqa: PLC0415
    from designer.model.catalog import shipped_catalog  # noqa: PLC0415
    from designer.model.edits import remove_components  # noqa: PLC0415
    from designer.templates import TEMPLATES, build_template  # noqa: PLC0415

    catalog, out = shipped_catalog(), []
    for tid in TEMPLATES:
        design = build_template(tid, catalog)
        variants = [design]
        for kind in ("psu", "nic", "scaleup_switch", "cooling"):
            gone = {c.id for c in design.components if catalog.get(c.part).kind == kind}
            if gone:
                variants += [remove_components(design, set(sorted(gone)[:1])), remove_components(design, gone)]
        for variant in variants:
            for v in Analysis(variant, catalog).report.violations:
                out += [m for m in (v.text, v.hint) if isinstance(m, Msg)]
    return _with_inner(out)


def _with_inner(msgs: list[Msg]) -> list[Msg]:
    out = []
    while msgs:
        m = msgs.pop()
        out.append(m)
        for _, p in m.params:
            msgs += [p] if isinstance(p, Msg) else [i for i in p.items if isinstance(i, Msg)] \
                if isinstance(p, Many) else []
    return out


def main() -> None:
    found = instances()
    for lang in update_catalogs.LANGUAGES:
        catalog = update_catalogs.updated(lang, update_catalogs.extract())
        seeded = 0
        for entry in catalog:
            if not entry.id or entry.string:
                continue
            alike = [m for m in found if m.id == entry.id] or [Msg(entry.id, tuple(
                (n, Quantity(0, "")) for n in re.findall(r"\{(\w+)\}", entry.id)))]
            local = next((s for m in alike if (s := seed(m, lang))), None)
            if local:
                entry.string, seeded = local.replace("{} ", "{}").strip(), seeded + 1
        path = update_catalogs.po_file(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(update_catalogs.po_bytes(catalog))
        print(f"{lang}: {seeded} seeded, {sum(1 for m in catalog if m.id and not m.string)} left to translate")


if __name__ == "__main__":
    main()
