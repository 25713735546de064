"""Read nccl-tests / rccl-tests output (all_reduce_perf, all_gather_perf, reduce_scatter_perf,
alltoall_perf, sendrecv_perf, broadcast_perf, reduce_perf) into measured runs.

What is read: the result table (size, count, type, redop, [root], then out-of-place time, algbw, busbw,
#wrong and the same in-place), the test name ("Collective test starting: X_perf" or the command line
echoed before the run), the `# nThread` line that opens a run and the `# Rank N ... on HOST` lines.
Several runs per file are split at each `# nThread` line or test banner. `mpirun --tag-output` tags
(`[0]`, `[1,0]<stdout>:`) are removed. A paste that names no test is read by its busbw/algbw ratio:
only AllReduce has a ratio above 1 (2(r-1)/r), which also gives the rank count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from designer.core.errors import DesignerError

MAX_LOG_BYTES = 32 << 20
TESTS = {"all_reduce": "allreduce", "all_gather": "allgather", "reduce_scatter": "reducescatter",
         "alltoall": "alltoall", "sendrecv": "sendrecv", "broadcast": "broadcast", "reduce": "reduce"}
_TEST = re.compile(r"\b(all_reduce|all_gather|reduce_scatter|alltoall|sendrecv|broadcast|reduce)_perf")
_TAG = re.compile(r"\[\d+(?:,\d+)*\](?:<std(?:out|err)>:)?")
_RANK = re.compile(r"^#\s*Rank\s+(\d+)\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+(\S+)\s+device")
_NGPUS = re.compile(r"nGpus\s+(\d+)")


@dataclass(frozen=True)
class MeasuredRow:
    size_bytes: int
    time_us: float  # out-of-place
    algbw_GBps: float
    busbw_GBps: float


@dataclass(frozen=True)
class MeasuredRun:
    collective: str
    ranks: int
    hosts: int  # distinct host names in the rank lines (0: none listed)
    rows: tuple[MeasuredRow, ...]
    source: str = ""
    notes: tuple[str, ...] = ()

    @property
    def largest(self) -> MeasuredRow:
        return max(self.rows, key=lambda r: r.size_bytes)


@dataclass
class _Run:
    test: str | None = None
    ngpus: int = 0
    ranks: set[int] = field(default_factory=set)
    hosts: set[str] = field(default_factory=set)
    redops: set[str] = field(default_factory=set)
    rows: list[MeasuredRow] = field(default_factory=list)

    def started(self) -> bool:
        return bool(self.rows or self.ranks or self.ngpus)


def _number(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(text)
    return value


def parse_row(line: str) -> tuple[MeasuredRow, str] | None:
    """One table row (and its redop), or None when the line is not one."""
    tokens = line.split()
    if len(tokens) < 7 or not tokens[0].isdigit() or not tokens[1].isdigit():
        return None
    rest = tokens[4:]
    if len(rest) in (5, 9):  # newer tables have a root column (-1 or a rank) before the out-of-place group
        rest = rest[1:]
    try:
        size, time_us, algbw, busbw = int(tokens[0]), _number(rest[0]), _number(rest[1]), _number(rest[2])
    except (ValueError, IndexError):
        return None
    if size <= 0 or time_us <= 0 or algbw < 0 or busbw < 0:
        return None
    return MeasuredRow(size, time_us, algbw, busbw), tokens[3]


def _infer(run: _Run, name: str) -> tuple[str, int]:
    """Collective and rank count of a run that names no test, from busbw/algbw (see module doc)."""
    ratios = [r.busbw_GBps / r.algbw_GBps for r in run.rows if r.algbw_GBps >= 0.5]
    if not ratios:
        raise DesignerError(f"{name}: the log names no test (all_reduce_perf, ...) and its rows are too small "
                            "to tell which collective it measured")
    ratio = sorted(ratios)[len(ratios) // 2]
    if ratio > 1.02:
        return "allreduce", max(2, round(2 / (2 - ratio))) if ratio < 1.999 else 0
    raise DesignerError(f"{name}: the log names no test and busbw/algbw = {ratio:.3f} fits several collectives; "
                        "keep the 'Collective test starting' line or the command line in the file")


def _finish(run: _Run, name: str, runs: list[MeasuredRun]) -> None:
    if not run.rows:
        return
    notes: list[str] = []
    ranks = max(run.ranks) + 1 if run.ranks else 0
    if run.test:
        collective = TESTS[run.test]
    else:
        collective, inferred = _infer(run, name)
        notes.append(f"{name}: no test name in the log; read as {collective} from busbw/algbw")
        ranks = ranks or inferred
    if not ranks:
        raise DesignerError(f"{name}: the log lists no ranks (the '# Rank N ... on HOST' lines)")
    rows = tuple(sorted({r.size_bytes: r for r in run.rows}.values(), key=lambda r: r.size_bytes))
    runs.append(MeasuredRun(collective, ranks, len(run.hosts), rows, name, tuple(notes)))


def read_log(text: str, name: str = "log") -> list[MeasuredRun]:
    """Every run in an nccl-tests / rccl-tests output; DesignerError when there is none."""
    runs: list[MeasuredRun] = []
    run, pending = _Run(), None
    for raw in text.splitlines():
        line = _TAG.sub(" ", raw).strip() if not raw.lstrip().startswith("#") else raw.strip()
        test = None if "concluded" in line else _TEST.search(line)
        opens = line.startswith("# nThread") or "Collective test starting" in line
        if opens and run.rows:
            _finish(run, name, runs)
            run = _Run()
        if test:
            pending = test.group(1)
            run.test = pending if not run.rows else run.test
        if line.startswith("# nThread"):
            run.test = run.test or pending
            if m := _NGPUS.search(line):
                run.ngpus = int(m.group(1))
        elif m := _RANK.match(line):
            run.ranks.add(int(m.group(1)))
            run.hosts.add(m.group(2))
        elif not line.startswith("#") and (parsed := parse_row(line)):
            run.test = run.test or pending
            run.rows.append(parsed[0])
            run.redops.add(parsed[1])
    _finish(run, name, runs)
    if not runs:
        raise DesignerError(f"{name}: no nccl-tests result rows found (size count type redop ... time algbw busbw)")
    return runs


def read_log_file(path: Path) -> list[MeasuredRun]:
    try:
        if path.stat().st_size > MAX_LOG_BYTES:
            raise DesignerError(f"{path.name}: larger than {MAX_LOG_BYTES >> 20} MB; not an nccl-tests log")
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise DesignerError(f"cannot read {path}: {exc.strerror or exc}") from None
    return read_log(text, path.name)
