"""Text and Markdown views of a comparison and of a revision diff (the data come from data.py/diff.py).

User text (design names, labels, waiver reasons) is data: in Markdown it is escaped so it can never
become a link, an image, HTML or a table cell break.
"""

from __future__ import annotations

import re
import unicodedata

from designer.compare.diff import is_empty
from designer.compare.rows import ASSUMED, FIGURE_ROWS, MARKS, POWER_ROWS, PSU_ASSUMED  # noqa: F401 (the marks, for the views)
from designer.core.locale import number, render
from designer.core.messages import Audience, Msg, Name, Number, _m
from designer.core.units import signed_percent
from designer.document.field_words import FIELD_WORDS

BEST = "*"
# What the marks mean, under every comparison (text, Markdown, PDF, the app), in the comparison's language
BEST_NOTE = _m("* marks the best value in a row among like designs: a figure of the whole design only among designs "
               "with the same GPU count, a figure per GPU among all")
ASSUMED_NOTE = _m("† the figure rests in part on assumed power (stated defaults where no figure is published); the row "
                  "'{row}' says how much", row=_m("DC load from assumed figures"))
PSU_NOTE = _m("‡ on the PSU capacity: the reference design's PSU configuration is assumed, not published (its "
              "description says what was assumed)")
MISSING_WORDS = {"unknown": _m("unknown"), "not_supported": _m("not supported"),
                 "no_scaleup": _m("no scale-up fabric")}
MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~])")
# The specification rows: (the comparison's display key, label); the lines are written in its language
SPEC_ROWS = (("scheme_line", _m("Scheme")), ("gpu_line", _m("GPUs")), ("fabric_line", _m("Scale-up fabric")),
             ("chassis_line", _m("Chassis")), ("cpu_line", _m("CPUs")), ("scaleup_switches", _m("Scale-up switches")),
             ("pcie_switches", _m("PCIe switches")), ("nics", _m("NICs")), ("psu_line", _m("PSUs")),
             ("cooling_parts", _m("Cooling")), ("reference_line", _m("Reference design")))
WORDS = {"bom": _m("Bill of materials: parts whose counts differ"), "none": _m("none"),
         "matrices": _m("Topology class matrices (nvidia-smi topo -m terms)"), "title": _m("Design comparison"),
         "pairs": _m("GPU-GPU classes (pairs)"), "nearest": _m("GPU to nearest NIC")}


def lang_of(data: dict) -> str:
    return str(data.get("lang", "en"))


def word(msg: Msg, data: dict) -> str:
    """A message in the comparison's language, for a customer."""
    return render(msg, lang_of(data), Audience.DOCUMENT)


def notes(data: dict) -> list[str]:
    """What the marks mean, for this comparison, in its language: the PSU note only where a design's PSUs are
    assumed."""
    return [word(n, data) for n in [BEST_NOTE, ASSUMED_NOTE] + ([PSU_NOTE] if any(data.get("psu_assumed", ())) else [])]


def md_escape(text: object) -> str:
    return MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")


def fmt_value(value: object, lang: str = "en") -> str:
    if value is None:
        return render(MISSING_WORDS["unknown"], lang)
    if isinstance(value, float):  # three significant digits: 2.90, 48.0, 186 (a column mixed 48.00 with 186)
        return number(value, 2 if abs(value) < 10 else 1 if abs(value) < 100 else 0, lang=lang)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value, 0, lang=lang)
    return str(value)


def cell_text(row: dict, i: int, lang: str = "en") -> str:
    """A cell without its best mark: the value, what stands instead where there is none ("not supported",
    "unknown", "no scale-up fabric"), and the mark of an assumed figure (†: power, ‡: PSU configuration)."""
    value, status = row["values"][i], row.get("status", [""] * (i + 1))[i]
    if value is None or status == "no_scaleup":
        return render(MISSING_WORDS.get(status, MISSING_WORDS["unknown"]), lang, Audience.DOCUMENT)
    mark = MARKS.get(status, "")
    return fmt_value(value, lang) + (f"\u00a0{mark}" if mark else "")  # never a lone mark on a line


def _cell(row: dict, i: int, lang: str) -> str:
    mark = f" {BEST}" if i in row["best"] else ""
    return cell_text(row, i, lang) + mark


def table_rows(data: dict) -> list[tuple[str, list[str]]]:
    """(label, one cell per design) for every row of the comparison, in order, in its language; best values
    marked."""
    n, lang = len(data["designs"]), lang_of(data)
    rows: list[tuple[str, list[str]]] = [(word(label, data), [str(data["spec"][i][key]) for i in range(n)])
                                         for key, label in SPEC_ROWS]
    for section in ("headline", "figures", "power", "rules", "busbw_at_sizes"):
        for row in data[section]:
            label = word(_m("{label} ({unit})", label=Name(row["label"]), unit=Name(row["unit"])), data) if \
                row["unit"] else row["label"]
            rows.append((label, [_cell(row, i, lang) for i in range(n)]))
    rows.append((word(WORDS["pairs"], data), [classes(t["gpu_pair_classes"]) for t in data["topology"]]))
    rows.append((word(WORDS["nearest"], data), [classes(t["gpu_to_nic_classes"]) for t in data["topology"]]))
    return rows


def classes(counts: dict) -> str:
    """Path classes with their counts: "NV18 x 2,556, SYS x 8"."""
    return ", ".join(f"{k} x {v:,}" for k, v in sorted(counts.items())) or "-"


def bom_rows(data: dict) -> list[tuple[str, list[str]]]:
    """The parts whose counts differ, named in the comparison's language with their catalog id (the app and the
    CLI; the PDF leaves the id out)."""
    return [(f"{r['label']} ({r['part']})", [str(c) for c in r["counts"]]) for r in data["bom_differences"]]


def matrices(topo: dict) -> list[tuple[str, list[list[str]]]]:
    """A design's GPU x GPU and GPU x NIC class matrices as (title, rows with a header row first)."""
    gpus = [f"{topo['device']}{i}" for i in range(len(topo["gpus"]))]  # the smi tool's names, never the ids
    nics = [f"NIC{i}" for i in range(len(topo["nics"]))]
    out = [("GPU x GPU", [["", *gpus], *[[g, *row] for g, row in zip(gpus, topo["gpu_matrix"], strict=True)]])]
    if nics:
        out.append(("GPU x NIC", [["", *nics], *[[g, *row] for g, row in zip(gpus, topo["gpu_nic_matrix"],
                                                                             strict=True)]]))
    return out


def comparison_text(data: dict) -> str:
    header = ["", *data["designs"]]
    body = table_rows(data)
    lines = _aligned([header, *[[label, *cells] for label, cells in body]])
    bracketed = lambda text: word(_m("({text})", text=Name(text)), data)  # noqa: E731 (full-width in Chinese)
    lines += [bracketed(note) for note in notes(data)]
    bom = bom_rows(data)
    lines += ["", word(WORDS["bom"], data)]
    none = word(WORDS["none"], data)
    lines += _aligned([header, *[[label, *cells] for label, cells in bom]]) if bom else [f"  {bracketed(none)}"]
    lines += ["", word(WORDS["matrices"], data)]
    for name, topo in zip(data["designs"], data["topology"], strict=True):
        for title, rows in matrices(topo):
            lines += ["", word(_m("{name}: {title}", name=Name(name), title=Name(title)), data), *_aligned(rows)]
    return "\n".join(lines) + "\n"


def _width(text: str) -> int:
    """Columns a text takes in a terminal: Chinese characters and full-width marks take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _aligned(rows: list[list[str]]) -> list[str]:
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    pad = lambda c, w: " " * (w - _width(c))  # noqa: E731
    return ["  ".join(c + pad(c, w) if i == 0 else pad(c, w) + c
                      for i, (c, w) in enumerate(zip(r, widths, strict=True))).rstrip() for r in rows]


def comparison_markdown(data: dict) -> str:
    def table(rows: list[tuple[str, list[str]]]) -> list[str]:
        head = "| | " + " | ".join(md_escape(d) for d in data["designs"]) + " |"
        sep = "|---|" + "---:|" * len(data["designs"])
        return [head, sep, *["| " + md_escape(label) + " | " + " | ".join(
            md_escape(c).replace(f" \\{BEST}", f" **\\{BEST}**") for c in cells) + " |" for label, cells in rows]]

    lines = [f"# {md_escape(word(WORDS['title'], data))}", "", *table(table_rows(data)),
             *[line for note in notes(data) for line in ("", md_escape(note))],
             "", f"## {md_escape(word(WORDS['bom'], data))}", ""]
    bom = bom_rows(data)
    lines += table(bom) if bom else [f"({md_escape(word(WORDS['none'], data))})"]
    lines += ["", f"## {md_escape(word(WORDS['matrices'], data))}", ""]
    for name, topo in zip(data["designs"], data["topology"], strict=True):
        for title, rows in matrices(topo):
            lines += [f"**{md_escape(name)}: {title}**", "", "| " + " | ".join(rows[0]) + " |",
                      "|" + "---|" * len(rows[0]), *["| " + " | ".join(r) + " |" for r in rows[1:]], ""]
    return "\n".join(lines)


def diff_lines(diff: dict) -> list[str]:
    """The revision diff as lines of text, in the diff's language (design_diff(lang=)); ids, part ids, kinds and
    values as they are."""
    lang = lang_of(diff)
    say = lambda msg: render(msg, lang)  # noqa: E731
    names = {"old": Name(str(diff["old"])), "new": Name(str(diff["new"]))}
    same = diff["old"] == diff["new"]  # one name, said once (it read "Review node -> Review node")
    if is_empty(diff):
        return [say(_m("{name}: no changes", name=names["new"]) if same else _m("{old} -> {new}: no changes", **names))]
    lines = [say(_m("{name}", name=names["new"]) if same else _m("{old} -> {new}", **names))]
    for f in diff["chassis"] + diff["settings"] + diff["meta"]:
        field = FIELD_WORDS.get(f["field"]) or Name(f["field"].replace("_", " "))
        lines.append(say(_m("  changed {field}: {old} -> {new}", field=field, old=Name(repr(f["old"])),
                            new=Name(repr(f["new"])))))
    comps, links, waivers = diff["components"], diff["links"], diff["waivers"]
    lines += [say(_m("  added {id} ({part})", id=Name(c["id"]), part=Name(c["part"]))) for c in comps["added"]]
    lines += [say(_m("  removed {id} ({part})", id=Name(c["id"]), part=Name(c["part"]))) for c in comps["removed"]]
    lines += [say(_m("  swapped {id}: {old} -> {new}", id=Name(c["id"]), old=Name(c["old"]), new=Name(c["new"])))
              for c in comps["swapped"]]
    lines += [say(_m("  moved {id}: slot {old} -> {new}", id=Name(c["id"]), old=Name(str(c["old"])),
                     new=Name(str(c["new"])))) for c in comps["moved"]]
    lines += [say(_m("  relabelled {id}: {old} -> {new}", id=Name(c["id"]), old=Name(repr(c["old"])),
                     new=Name(repr(c["new"])))) for c in comps["relabelled"]]
    lines += [say(_m("  link added: {link}", link=_link(lk))) for lk in links["added"]]
    lines += [say(_m("  link removed: {link}", link=_link(lk))) for lk in links["removed"]]
    for lk in links["changed"]:
        link = Name(f"{lk['kind']} {lk['a']}-{lk['b']} x{lk['old_count']} -> x{lk['count']}")
        if lk["old_pcie_gen"] != lk["pcie_gen"]:
            lines.append(say(_m("  link changed: {link}, PCIe gen cap {old} -> {new}", link=link,
                                old=Name(str(lk["old_pcie_gen"])), new=Name(str(lk["pcie_gen"])))))
        else:
            lines.append(say(_m("  link changed: {link}", link=link)))
    lines += [say(_m("  waiver added: {rule} {ids} ({reason})", rule=Name(w["rule"]), ids=Name(", ".join(w["ids"])),
                     reason=Name(repr(w["reason"])))) for w in waivers["added"]]
    lines += [say(_m("  waiver removed: {rule} {ids}", rule=Name(w["rule"]), ids=Name(", ".join(w["ids"]))))
              for w in waivers["removed"]]
    return lines + _effects(diff, lang)


def _link(lk: dict) -> Name:
    return Name(f"{lk['kind']} {lk['a']}-{lk['b']} x{lk['count']}")


# The key figures a diff reports, in the comparison's words with their units ("Component power (W)", not dc_load_w).
_FIGURE_WORDS: dict[str, tuple[Msg, str]] = {
    **{key: (label, unit) for key, label, unit, _better, _scope in (*FIGURE_ROWS, *POWER_ROWS)},
    "scaleup_total_gbytes_s_per_dir": (_m("Scale-up total, per direction"), "GB/s"), "nic_count": (_m("NICs"), ""),
}


def _figure_word(key: str) -> Msg | Name:
    label, unit = _FIGURE_WORDS.get(key, (None, ""))
    if label is None:
        return Name(key)
    return _m("{label} ({unit})", label=label, unit=Name(unit)) if unit else label


def _effects(diff: dict, lang: str = "en") -> list[str]:
    say = lambda msg: render(msg, lang)  # noqa: E731
    none = say(_m("  none"))
    lines = [say(_m("Effect on the key figures:"))]
    lines += [say(_m("  {key}: {old} -> {new}", key=_figure_word(f["key"]), old=Name(fmt_value(f["old"], lang)),
                     new=Name(fmt_value(f["new"], lang)))) for f in diff["figures"]] or [none]
    lines.append(say(_m("Effect on the rule check:")))
    severity = {"error": _m("error"), "warning": _m("warning"), "info": _m("info")}
    for what, rows in (("new", diff["rules"]["new"]), ("resolved", diff["rules"]["resolved"]),
                       ("waived", diff["rules"]["waived"])):
        for r in rows:
            fields = {"severity": severity.get(r["severity"], Name(r["severity"])), "rule": Name(r["rule"]),
                      "message": Name(r["message"])}
            lines.append(say(_m("  new {severity}: {rule}: {message}", **fields) if what == "new" else
                             _m("  resolved {severity}: {rule}: {message}", **fields) if what == "resolved" else
                             _m("  now waived {severity}: {rule}: {message}", **fields)))
    if not any(diff["rules"].values()):
        lines.append(none)
    lines.append(say(_m("Effect on busbw (GB/s):")))
    moved = [b for b in diff["busbw"] if b["old_busbw_GBps"] != b["new_busbw_GBps"]]
    for b in moved:
        figures: dict[str, Name | Number] = {"coll": Name(b["collective"]), "size": Name(b["size"]),
                                             "old": Number(b["old_busbw_GBps"], 1),
                                             "new": Number(b["new_busbw_GBps"], 1)}
        if b["change_percent"] is None:
            lines.append(say(_m("  {coll} at {size}: {old} -> {new}", **figures)))
        else:
            lines.append(say(_m("  {coll} at {size}: {old} -> {new} ({change})", **figures,
                                change=Name(signed_percent(b["change_percent"])))))
    if not moved:
        sizes = ", ".join(sorted({b["size"] for b in diff["busbw"]}, key=_label_bytes))
        lines.append(say(_m("  unchanged at {sizes}", sizes=Name(sizes))))
    return lines


def _label_bytes(label: str) -> int:
    """Bytes of a size label of designer.compare.data.size_label ('64 MiB'), for ordering."""
    number, unit = label.split()
    return int(number) * {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}[unit]
