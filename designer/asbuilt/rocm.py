"""`rocm-smi --showtopo`: the link-type, hops and weight matrices between GPUs, and the NUMA nodes.

rocm-smi names no link counts, so an xGMI relation reads as `XG` (count unknown), and its host
classes only tell the same CPU socket from the other one (hops 2 and 3 in AMD's MI200 guide), so the
paste is marked `coarse`. A weight of 15 is one xGMI hop (AMD SMI documentation: 15 per xGMI hop).
"""

from __future__ import annotations

import re

from designer.asbuilt.parse import TopoError, TopoPaste

SECTION_RE = re.compile(r"^=+\s*(.*?)\s*=+$")
NUMA_RE = re.compile(r"^GPU\[(\d+)\]\s*:\s*\(Topology\)\s*Numa Node:\s*(\d+)")
XGMI_HOP_WEIGHT = 15


def _sections(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    current = ""
    for line in text.split("\n"):
        m = SECTION_RE.match(line.strip())
        if m:
            current = m.group(1)
            out.setdefault(current, [])
        elif current:
            out[current].append(line)
    return out


def _matrix(lines: list[str]) -> tuple[list[str], dict[tuple[str, str], str], list[str]]:
    cols: list[str] = []
    cells: dict[tuple[str, str], str] = {}
    partial: list[str] = []
    for line in lines:
        tokens = line.split()
        if not tokens:
            continue
        if not cols and all(t.startswith("GPU") for t in tokens):
            cols = tokens
        elif cols and tokens[0] in cols:
            values = tokens[1:]
            if len(values) < len(cols):
                partial.append(tokens[0])
            for col, value in zip(cols, values, strict=False):
                cells[(tokens[0], col)] = value
    return cols, cells, partial


def _classify(link: str | None, hops: str | None, weight: str | None) -> str | None:
    if link == "XGMI" or (link is None and weight == str(XGMI_HOP_WEIGHT)):
        return "XG"
    if link == "PCIE" or (link is None and hops in ("2", "3")):
        return "SYS" if hops == "3" else "NODE" if hops == "2" else "PCIE"
    return None


def parse_rocm(text: str, source: str) -> TopoPaste:
    sections = _sections(text)
    link_cols, links, p1 = _matrix(sections.get("Link Type between two GPUs", []))
    hop_cols, hops, p2 = _matrix(sections.get("Hops between two GPUs", []))
    weight_cols, weights, p3 = _matrix(sections.get("Weight between two GPUs", []))
    cols = link_cols or hop_cols or weight_cols
    if not cols:
        raise TopoError(f"{source}: rocm-smi output without a GPU matrix (run rocm-smi --showtopo)")
    paste = TopoPaste("rocm-smi", list(cols), coarse=True)
    for a in cols:
        for b in cols:
            if a != b:
                value = _classify(links.get((a, b)), hops.get((a, b)), weights.get((a, b)))
                if value is not None:
                    paste.cells[(a, b)] = value
                    paste.cells.setdefault((b, a), value)
    for line in sections.get("Numa Nodes", []):
        m = NUMA_RE.match(line.strip())
        if m:
            paste.numa[f"GPU{m.group(1)}"] = m.group(2)
    found = [n for n, c in (("link type", link_cols), ("hops", hop_cols), ("weight", weight_cols)) if c]
    paste.read.append(f"rocm-smi: {len(cols)} GPUs; matrices: {', '.join(found)}; {len(paste.numa)} NUMA nodes")
    paste.missing += [f"{name} matrix cut off in row {', '.join(rows)}"
                      for name, rows in (("link type", p1), ("hops", p2), ("weight", p3)) if rows]
    if not link_cols:
        paste.missing.append("no link type matrix: classes from the hops/weight matrices")
    if not paste.numa:
        paste.missing.append("no NUMA nodes")
    return paste
