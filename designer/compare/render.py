"""Text and Markdown views of a comparison and of a revision diff (the data come from data.py/diff.py).

User text (design names, labels, waiver reasons) is data: in Markdown it is escaped so it can never
become a link, an image, HTML or a table cell break.
"""

from __future__ import annotations

import re

from designer.compare.diff import is_empty
from designer.core.messages import Msg, _m
from designer.core.units import signed_percent

BEST = "*"
ASSUMED = "†"
# What the marks mean, under every comparison (text, Markdown, PDF, the app); translated by designer.core.i18n
BEST_NOTE = ("* marks the best value in a row among like designs: a figure of the whole design only among designs "
             "with the same GPU count, a figure per GPU among all")
ASSUMED_NOTE = ("† the figure rests in part on assumed power (stated defaults where no figure is published); the row "
                "'DC load from assumed figures' says how much")
PSU_NOTE = _m("† on the PSU capacity: the reference design's PSU configuration is assumed, not published (its "
              "description says what was assumed)")
MISSING_WORDS = {"unknown": "unknown", "not_supported": "not supported"}
MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~])")
SPEC_ROWS = (("scheme", "Scheme"), ("gpu_line", "GPUs"), ("scaleup_fabric", "Scale-up fabric"),
             ("chassis_name", "Chassis"), ("cpu_line", "CPUs"), ("scaleup_switches", "Scale-up switches"),
             ("pcie_switches", "PCIe switches"), ("nics", "NICs"), ("psu_line", "PSUs"), ("cooling_parts", "Cooling"),
             ("template", "Template"))


def notes(data: dict) -> list[Msg | str]:
    """What the marks mean, for this comparison: the PSU note only where a design's PSUs are assumed (a str: an
    English sentence of the string tables' words; render() takes either)."""
    return [BEST_NOTE, ASSUMED_NOTE] + ([PSU_NOTE] if any(data.get("psu_assumed", ())) else [])


def md_escape(text: object) -> str:
    return MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")


def fmt_value(value: object) -> str:
    if value is None:
        return "unknown"
    if isinstance(value, float):
        return f"{value:,.2f}" if abs(value) < 100 else f"{value:,.0f}"
    return str(value)


def cell_text(row: dict, i: int) -> str:
    """A cell without its best mark: the value, "not supported" or "unknown" where there is none, and the
    assumed-power mark."""
    value, status = row["values"][i], row.get("status", [""] * (i + 1))[i]
    if value is None:
        return MISSING_WORDS.get(status, "unknown")
    return fmt_value(value) + (f" {ASSUMED}" if status == "assumed" else "")


def _cell(row: dict, i: int) -> str:
    mark = f" {BEST}" if i in row["best"] else ""
    return cell_text(row, i) + mark


def table_rows(data: dict) -> list[tuple[str, list[str]]]:
    """(label, one cell per design) for every row of the comparison, in order; best values marked."""
    n = len(data["designs"])
    rows: list[tuple[str, list[str]]] = [(label, [str(data["spec"][i][key]) for i in range(n)])
                                         for key, label in SPEC_ROWS]
    for section in ("headline", "figures", "power", "rules", "busbw_at_sizes"):
        for row in data[section]:
            unit = f" ({row['unit']})" if row["unit"] else ""
            rows.append((row["label"] + unit, [_cell(row, i) for i in range(n)]))
    rows.append(("GPU-GPU classes (pairs)", [_classes(t["gpu_pair_classes"]) for t in data["topology"]]))
    rows.append(("GPU to nearest NIC", [_classes(t["gpu_to_nic_classes"]) for t in data["topology"]]))
    return rows


def _classes(counts: dict) -> str:
    return ", ".join(f"{k} x{v}" for k, v in sorted(counts.items())) or "-"


def bom_rows(data: dict) -> list[tuple[str, list[str]]]:
    return [(f"{r['name']} ({r['part']})", [str(c) for c in r["counts"]]) for r in data["bom_differences"]]


def matrices(topo: dict) -> list[tuple[str, list[list[str]]]]:
    """A design's GPU x GPU and GPU x NIC class matrices as (title, rows with a header row first)."""
    gpus, nics = [g.upper() for g in topo["gpus"]], [n.upper() for n in topo["nics"]]
    out = [("GPU x GPU", [["", *gpus], *[[g, *row] for g, row in zip(gpus, topo["gpu_matrix"], strict=True)]])]
    if nics:
        out.append(("GPU x NIC", [["", *nics], *[[g, *row] for g, row in zip(gpus, topo["gpu_nic_matrix"],
                                                                             strict=True)]]))
    return out


def comparison_text(data: dict) -> str:
    header = ["", *data["designs"]]
    body = table_rows(data)
    lines = _aligned([header, *[[label, *cells] for label, cells in body]])
    lines += [f"({note!s})" for note in notes(data)]
    bom = bom_rows(data)
    lines += ["", "Bill of materials, parts whose counts differ:"]
    lines += _aligned([header, *[[label, *cells] for label, cells in bom]]) if bom else ["  (none)"]
    lines += ["", "Topology class matrices (nvidia-smi topo -m terms):"]
    for name, topo in zip(data["designs"], data["topology"], strict=True):
        for title, rows in matrices(topo):
            lines += ["", f"{name}: {title}", *_aligned(rows)]
    return "\n".join(lines) + "\n"


def _aligned(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
            .rstrip() for r in rows]


def comparison_markdown(data: dict) -> str:
    def table(rows: list[tuple[str, list[str]]]) -> list[str]:
        head = "| | " + " | ".join(md_escape(d) for d in data["designs"]) + " |"
        sep = "|---|" + "---:|" * len(data["designs"])
        return [head, sep, *["| " + md_escape(label) + " | " + " | ".join(
            md_escape(c).replace(f" \\{BEST}", f" **{BEST}**") for c in cells) + " |" for label, cells in rows]]

    lines = ["# Design comparison", "", *table(table_rows(data)),
             *[line for note in notes(data) for line in ("", md_escape(str(note)))],
             "", "## Bill of materials: parts whose counts differ", ""]
    bom = bom_rows(data)
    lines += table(bom) if bom else ["(none)"]
    lines += ["", "## Topology class matrices", ""]
    for name, topo in zip(data["designs"], data["topology"], strict=True):
        for title, rows in matrices(topo):
            lines += [f"**{md_escape(name)}: {title}**", "", "| " + " | ".join(rows[0]) + " |",
                      "|" + "---|" * len(rows[0]), *["| " + " | ".join(r) + " |" for r in rows[1:]], ""]
    return "\n".join(lines)


def diff_lines(diff: dict) -> list[str]:
    if is_empty(diff):
        return [f"{diff['old']} -> {diff['new']}: no changes"]
    lines = [f"{diff['old']} -> {diff['new']}"]
    for f in diff["chassis"] + diff["settings"] + diff["meta"]:
        lines.append(f"  changed {f['field']}: {f['old']!r} -> {f['new']!r}")
    comps = diff["components"]
    lines += [f"  added {c['id']} ({c['part']})" for c in comps["added"]]
    lines += [f"  removed {c['id']} ({c['part']})" for c in comps["removed"]]
    lines += [f"  swapped {c['id']}: {c['old']} -> {c['new']}" for c in comps["swapped"]]
    lines += [f"  moved {c['id']}: slot {c['old']} -> {c['new']}" for c in comps["moved"]]
    lines += [f"  relabelled {c['id']}: {c['old']!r} -> {c['new']!r}" for c in comps["relabelled"]]
    links = diff["links"]
    lines += [f"  link added: {lk['kind']} {lk['a']}-{lk['b']} x{lk['count']}" for lk in links["added"]]
    lines += [f"  link removed: {lk['kind']} {lk['a']}-{lk['b']} x{lk['count']}" for lk in links["removed"]]
    lines += [f"  link changed: {lk['kind']} {lk['a']}-{lk['b']} x{lk['old_count']} -> x{lk['count']}"
              + (f", PCIe gen cap {lk['old_pcie_gen']} -> {lk['pcie_gen']}" if lk["old_pcie_gen"] != lk["pcie_gen"]
                 else "") for lk in links["changed"]]
    lines += [f"  waiver added: {w['rule']} {', '.join(w['ids'])} ({w['reason']!r})" for w in diff["waivers"]["added"]]
    lines += [f"  waiver removed: {w['rule']} {', '.join(w['ids'])}" for w in diff["waivers"]["removed"]]
    lines += _effects(diff)
    return lines


def _effects(diff: dict) -> list[str]:
    lines = ["Effect on the key figures:"]
    lines += [f"  {f['key']}: {fmt_value(f['old'])} -> {fmt_value(f['new'])}" for f in diff["figures"]] or ["  none"]
    lines.append("Effect on the rule check:")
    lines += [f"  new {r['severity']}: {r['rule']}: {r['message']}" for r in diff["rules"]["new"]]
    lines += [f"  resolved {r['severity']}: {r['rule']}: {r['message']}" for r in diff["rules"]["resolved"]]
    lines += [f"  now waived {r['severity']}: {r['rule']}: {r['message']}" for r in diff["rules"]["waived"]]
    if not any(diff["rules"].values()):
        lines.append("  none")
    lines.append("Effect on busbw (GB/s):")
    moved = [b for b in diff["busbw"] if b["old_busbw_GBps"] != b["new_busbw_GBps"]]
    lines += [f"  {b['collective']} at {b['size']}: {b['old_busbw_GBps']:.1f} -> {b['new_busbw_GBps']:.1f}"
              + (f" ({signed_percent(b['change_percent'])})" if b["change_percent"] is not None else "")
              for b in moved]
    if not moved:
        lines.append("  unchanged at " + ", ".join(sorted({b["size"] for b in diff["busbw"]}, key=_label_bytes)))
    return lines


def _label_bytes(label: str) -> int:
    """Bytes of a size label of designer.compare.data.size_label ('64 MiB'), for ordering."""
    number, unit = label.split()
    return int(number) * {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}[unit]
