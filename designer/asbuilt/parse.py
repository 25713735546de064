"""Parsers for topology pastes: `nvidia-smi topo -m`, `npu-smi info -t topo`, `rocm-smi --showtopo`.

A paste is what a user copies from a terminal: tab- or space-aligned, with or without the NIC rows and
the legend, with old `mlx5_*` column names, with a prompt line or Markdown fences around it, or cut
off in the middle of a row. The parser keeps every relation it could read, says what it read and what
was missing, and refuses (one line, naming the line) text that is not a topology matrix at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from designer.core.errors import DesignerError, one_line

MAX_PASTE_BYTES = 1_000_000
MAX_DEVICES = 512

ACCEL_RE = re.compile(r"^(GPU|NPU)(\d+)$")
CLASS_RE = re.compile(r"^(X|NV\d+|XG\d*|HC\d*|RE\d+|PIX|PXB|PHB|NODE|SYS)$")
ALIASES = {"SOC": "SYS", "HCCS": "HC", "HCCS_SW": "HC", "SIO": "HC", "XGMI": "XG", "PCIE": "PCIE"}
UNKNOWN = frozenset({"NA", "N/A", "-", "?"})
NIC_LEGEND_RE = re.compile(r"^\s*(NIC\d+)\s*:\s*(\S+)\s*$")
TAIL_WORDS = frozenset({"CPU", "NUMA", "GPU"})


class TopoError(DesignerError):
    """A topology paste that cannot be read: the message names the file and the line."""


@dataclass
class TopoPaste:
    """The relations read from one paste, by the names the tool used (GPU0, NIC3, mlx5_2)."""

    tool: str
    accelerators: list[str] = field(default_factory=list)  # GPU0.. / NPU0.., in the tool's order
    nics: list[str] = field(default_factory=list)
    cells: dict[tuple[str, str], str] = field(default_factory=dict)  # both orders; normalised class
    numa: dict[str, str] = field(default_factory=dict)  # accelerator -> NUMA node (or CPU affinity list)
    nic_names: dict[str, str] = field(default_factory=dict)  # NIC0 -> mlx5_0 (legend)
    read: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    coarse: bool = False  # host classes only tell same socket (NODE) from the other socket (SYS)
    text: str = ""

    def relation(self, a: str, b: str) -> str | None:
        return self.cells.get((a, b))

    def nic_label(self, nic: str) -> str:
        name = self.nic_names.get(nic)
        return f"{nic} ({name})" if name and name != nic else nic

    def as_dict(self) -> dict:
        return {"tool": self.tool, "accelerators": self.accelerators, "nics": self.nics,
                "nic_names": self.nic_names, "numa": self.numa, "read": self.read, "missing": self.missing,
                "relations": {f"{a}-{b}": c for (a, b), c in self.cells.items() if a < b}}


def normalise(token: str) -> str | None:
    """A relation cell in the vocabulary of `designer.topology.paths` (None: unknown; raises on junk)."""
    token = token.strip().upper()
    token = ALIASES.get(token, token)
    if token in UNKNOWN:
        return None
    if CLASS_RE.match(token) or token == "PCIE":
        return token
    raise ValueError(token)


def read_topo_file(path: str | Path) -> TopoPaste:
    path = Path(path)
    name = one_line(path.name)
    try:
        if path.stat().st_size > MAX_PASTE_BYTES:
            raise TopoError(f"{name}: larger than {MAX_PASTE_BYTES // 1000} kB: not a topology paste")
        data = path.read_bytes()
    except FileNotFoundError:
        raise TopoError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise TopoError(f"{name}: is a folder") from None
    except OSError as exc:
        raise TopoError(f"{name}: cannot read ({exc.strerror or exc})") from None
    return parse_topo(data.decode("utf-8", errors="replace"), name)


def parse_topo(text: str, source: str = "paste") -> TopoPaste:
    if len(text) > MAX_PASTE_BYTES:
        raise TopoError(f"{source}: larger than {MAX_PASTE_BYTES // 1000} kB: not a topology paste")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "between two GPUs" in text or "ROCm System Management Interface" in text:
        from designer.asbuilt.rocm import parse_rocm  # noqa: PLC0415 (small sibling module)

        paste = parse_rocm(text, source)
    else:
        paste = _parse_matrix(text, source)
    paste.text = text
    if not paste.accelerators:
        raise TopoError(f"{source}: no GPU or NPU found in the matrix")
    return paste


# nvidia-smi / npu-smi matrices ------------------------------------------------------------------
def _header(lines: list[str], source: str) -> tuple[int, list[str]]:
    for i, line in enumerate(lines):
        tokens = line.split()
        if len(tokens) >= 2 and ACCEL_RE.match(tokens[0]) and not _is_cell(tokens[1]):
            return i, _columns(tokens, source, i)
        if tokens and not any(map(_is_cell, tokens)) and _gpu_row_follows(lines, i):
            return i, _columns(tokens, source, i)  # GPU rows under NIC columns only (a GPU-to-NIC excerpt)
    raise TopoError(f"{source}: no matrix header (a line of device names such as 'GPU0 GPU1 ... NIC0' "
                    "from nvidia-smi topo -m, npu-smi info -t topo or rocm-smi --showtopo)")


def _gpu_row_follows(lines: list[str], index: int) -> bool:
    following = next((ln.split() for ln in lines[index + 1:] if ln.strip()), [])
    return len(following) >= 2 and bool(ACCEL_RE.match(following[0])) and _is_cell(following[1])


def _is_cell(token: str) -> bool:
    try:
        normalise(token)
    except ValueError:
        return False
    return True


def _columns(tokens: list[str], source: str, index: int) -> list[str]:
    cols: list[str] = []
    for tok in tokens:
        if tok in TAIL_WORDS:
            break
        cols.append(tok)
    if not cols:  # "CPU Affinity ..." where the device names should be: a header of no devices
        raise TopoError(f"{source}: line {index + 1}: the header names no devices before '{tokens[0]}'")
    if len(cols) > MAX_DEVICES or len(set(cols)) != len(cols):
        raise TopoError(f"{source}: line {index + 1}: the header names {len(cols)} devices, some twice")
    return cols


def _parse_matrix(text: str, source: str) -> TopoPaste:
    lines = text.split("\n")
    start, cols = _header(lines, source)
    tool = "npu-smi" if cols[0].startswith("NPU") else "nvidia-smi"
    paste = TopoPaste(tool, [c for c in cols if ACCEL_RE.match(c)], [c for c in cols if not ACCEL_RE.match(c)])
    if not paste.accelerators:  # NIC columns only: the accelerators are the rows
        paste.accelerators = [t[0] for ln in lines[start + 1:] if (t := ln.split()) and ACCEL_RE.match(t[0])]
        paste.tool = "npu-smi" if paste.accelerators and paste.accelerators[0].startswith("NPU") else tool
    rows: dict[str, int] = {}
    last = _last_content_line(lines)
    for i in range(start + 1, len(lines)):
        tokens = lines[i].split()
        legend = NIC_LEGEND_RE.match(lines[i])
        if legend:
            paste.nic_names[legend.group(1)] = legend.group(2)
        elif tokens and (tokens[0] in cols or tokens[0] in paste.accelerators) and tokens[0] not in rows:
            rows[tokens[0]] = _row(paste, cols, tokens, i, i == last, source)
    if not paste.cells:
        raise TopoError(f"{source}: line {start + 1}: a header of {len(cols)} devices but no relation under it")
    _summarise(paste, cols, rows)
    return paste


def _last_content_line(lines: list[str]) -> int:
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].strip():
            return i
    return -1


def _row(paste: TopoPaste, cols: list[str], tokens: list[str], index: int, is_last: bool, source: str) -> int:
    name, cells = tokens[0], tokens[1:]
    count = 0
    for col, token in zip(cols, cells, strict=False):
        try:
            value = normalise(token)
        except ValueError:
            if is_last and count == len(cells) - 1:
                break  # the paste ends in the middle of this cell
            raise TopoError(f"{source}: line {index + 1}: {one_line(token[:20])!r} in column {col} of row {name} "
                            "is not a topology class (X, NV#, PIX, PXB, PHB, NODE, SYS, ...)") from None
        count += 1
        if value is not None and value != "X" and col != name:
            paste.cells[(name, col)] = value
            paste.cells.setdefault((col, name), value)
    rest = cells[len(cols):]
    if ACCEL_RE.match(name) and len(rest) >= 2 and count == len(cols):
        paste.numa[name] = rest[1] if re.fullmatch(r"\d+", rest[1]) else rest[0]
    elif ACCEL_RE.match(name) and len(rest) == 1 and count == len(cols):
        paste.numa[name] = rest[0]  # npu-smi: CPU affinity only
    return count


def _summarise(paste: TopoPaste, cols: list[str], rows: dict[str, int]) -> None:
    full = [r for r, n in rows.items() if n == len(cols)]
    names = list(dict.fromkeys(paste.accelerators + cols))
    paste.read.append(f"{paste.tool}: {len(paste.accelerators)} {'NPUs' if paste.tool == 'npu-smi' else 'GPUs'}, "
                      f"{len(paste.nics)} NICs in the header; {len(full)} of {len(names)} rows complete")
    if paste.nic_names:
        paste.read.append(f"NIC legend: {len(paste.nic_names)} names")
    partial = [f"{r} ({n} of {len(cols)} cells)" for r, n in rows.items() if n < len(cols)]
    if partial:
        paste.missing.append("cut off in row " + ", ".join(partial))
    absent = [c for c in names if c not in rows]
    if absent:
        paste.missing.append("rows not in the paste: " + _span(absent))
    accel_rows = [a for a in paste.accelerators if rows.get(a) == len(cols)]
    no_numa = [a for a in accel_rows if a not in paste.numa]
    if no_numa and accel_rows:
        paste.missing.append("no CPU/NUMA affinity for " + _span(no_numa))


def _span(names: list[str]) -> str:
    return ", ".join(names) if len(names) <= 4 else f"{', '.join(names[:3])}, ..., {names[-1]}"
