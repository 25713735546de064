"""Time the design rule check per reference design, by template id (the gb200-nvl72 row is the 72-GPU rack).

Three figures per design: the check of a new revision with new wiring (one link edited in place, as the
inspector's count edit does: the topology, the power budget and every rule computed afresh), of a new revision that
keeps the wiring (a fresh design object sharing the links and settings, as after a label, waiver or metadata
edit: the topology and the per-wiring findings are reused, the power budget and the other rules run again),
and a repeat check of the same revision (everything memoised, as the canvas, panels and exports share it).
A new wiring is timed as the edit after other edits of the same design: each edit re-makes the next link of the
list (a new object with the same values, so every round checks the same design) in the links of the edit before
it, whose topology is at hand; the edges of the pairs whose links did not change are taken from it
(designer.topology.edges), every rule and derived figure is computed afresh.

The designs are timed round robin (each round times every design once), so that every design meets the same
phases of the machine's other load (a shared 2-core virtual machine: the same check varies by 1.5x between
minutes). The last lines compare the 72-GPU rack with the median 8-GPU reference design: the ratio of the medians,
and the median of the per-round ratios (the rack against the 8-GPU designs of the same round) with its quartiles,
in wall time and, for the new wiring, in CPU time of the thread (waits for a core left out).

Run: .venv/bin/python benchmarks/bench_rules.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scale_designs import nvl72_like

from designer.model.catalog import shipped_catalog
from designer.model.design import SCALEUP_KINDS, LinkKind
from designer.rules import check
from designer.templates import TEMPLATES, build_template

ROUNDS = 20
KEPT = 4  # topologies kept by wiring (designer.topology.graph._WIRING_KEEP)
SCALEUP = frozenset(SCALEUP_KINDS)
SIDES = SCALEUP | {LinkKind.PCIE, LinkKind.C2C, LinkKind.SOCKET}


def _cpu_ms(design, catalog) -> tuple[float, float]:
    """(wall ms, CPU ms of the thread) of one check."""
    t0, c0 = time.perf_counter(), time.thread_time()
    check(design, catalog)
    return (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000


def edit(design, step: int):
    """The design with a link re-made as a new object with the same values (a wiring edit in place): on even steps
    a scale-up link, on odd steps a host link (PCIe, C2C, socket), the next one of its side each time, from the
    middle of the list on. An edit of one side leaves the other side's results valid (designer.topology.graph
    ._carry), so the two are timed alike for every design."""
    links = list(design.links)
    side = [i for i, lk in enumerate(links) if (lk.kind in SCALEUP) is (step % 2 == 0) and lk.kind in SIDES]
    side = side or list(range(len(links)))  # a design without scale-up links: any link
    k = side[(len(side) // 2 + step // 2) % len(side)]
    links[k] = links[k].model_copy()
    return design.model_copy(update={"links": links})


def one_round(design, catalog, step: int) -> tuple[object, tuple[tuple[float, float], float, float]]:
    """One edit of a design, timed three ways: a new wiring ((wall, CPU) ms), the same wiring, a repeat (wall ms);
    and the design after it. Unmeasured edits first stand for the edits before it: the kept topologies are then
    this design's (as when a user edits one design), so the timed edit finds the last one and frees its own oldest,
    as an edit in the app does (on the rack, freeing a topology costs about a millisecond)."""
    for i in range(KEPT):
        design = edit(design, step + 2 * (i + 1) * ROUNDS)  # the same side as the timed edit, other links
        check(design, catalog)
    edited = edit(design, step)
    rewired = _cpu_ms(edited, catalog)
    revision = edited.model_copy()  # a new object sharing the links and settings: a label edit after it
    kept = _cpu_ms(revision, catalog)[0]
    return edited, (rewired, kept, _cpu_ms(revision, catalog)[0])


def main() -> None:
    catalog = shipped_catalog()
    rows = [(tid, build_template(tid, catalog)) for tid in TEMPLATES]
    rows.append(("nvl72-like (synthetic)", nvl72_like(catalog)))
    gpu_ids = {p.id for p in catalog.of_kind("gpu")}
    gpus = {name: sum(1 for c in d.components if c.part in gpu_ids) for name, d in rows}
    for _, design in rows:
        check(design, catalog)  # warm-up (imports, rule registration)
    timed: dict[str, list[tuple[tuple[float, float], float, float]]] = {name: [] for name, _ in rows}
    current = dict(rows)
    for step in range(ROUNDS):  # round robin: every design sees the same phases of the machine's other load
        for name, _ in rows:
            current[name], figures = one_round(current[name], catalog, step)
            timed[name].append(figures)
    print(f"{'design':<24}{'GPUs':>6}{'links':>7}{'new wiring ms':>15}{'same wiring ms':>16}{'repeat ms':>11}")
    for name, design in rows:
        t = timed[name]
        print(f"{name:<24}{gpus[name]:>6}{len(design.links):>7}{statistics.median(r[0][0] for r in t):>15.2f}"
              f"{statistics.median(r[1] for r in t):>16.2f}{statistics.median(r[2] for r in t):>11.2f}")
    eight = [name for name, _ in rows if gpus[name] == 8]
    every, scaleup, host = range(ROUNDS), range(0, ROUNDS, 2), range(1, ROUNDS, 2)
    for what, pick, rounds in (("new wiring", lambda r: r[0][0], every), ("same wiring", lambda r: r[1], every),
                               ("new wiring, CPU time of the thread", lambda r: r[0][1], every),
                               ("  a scale-up link edited, CPU time", lambda r: r[0][1], scaleup),
                               ("  a host link edited, CPU time", lambda r: r[0][1], host)):
        per_round = [pick(timed["gb200-nvl72"][i]) / statistics.median(pick(timed[n][i]) for n in eight)
                     for i in rounds]
        rack = statistics.median(pick(timed["gb200-nvl72"][i]) for i in rounds)
        node = statistics.median(statistics.median(pick(timed[n][i]) for i in rounds) for n in eight)
        print(f"gb200-nvl72 / median 8-GPU design, {what}: {rack:.2f} / {node:.2f} ms; median of the per-round "
              f"ratios {statistics.median(per_round):.1f}x (quartiles {_quartiles(per_round)})")
    alternating(catalog, dict(rows), eight)


def alternating(catalog, designs: dict, eight: list[str]) -> None:
    """The rack's new-wiring check and an 8-GPU design's, one after the other (the 8-GPU designs in turn): each
    check then starts with caches the other one used, as in the app, where the canvas and panels run between two
    checks. Each design keeps its own last topologies (the cache holds both designs' latest two)."""
    current = dict(designs)
    ratios, rack_ms, node_ms = [], [], []
    for i in range(ROUNDS * 3):
        name = eight[i % len(eight)]
        current[name] = edit(current[name], i + 6 * ROUNDS)  # its edit before: the same side, another link
        check(current[name], catalog)
        current["gb200-nvl72"] = edit(current["gb200-nvl72"], i)  # scale-up and host links in turn
        a = _cpu_ms(current["gb200-nvl72"], catalog)[1]
        current[name] = edit(current[name], i)
        b = _cpu_ms(current[name], catalog)[1]
        rack_ms.append(a)
        node_ms.append(b)
        ratios.append(a / b)
    print(f"alternating with the 8-GPU designs, new wiring, CPU time of the thread: gb200-nvl72 "
          f"{statistics.median(rack_ms):.2f} ms, 8-GPU {statistics.median(node_ms):.2f} ms; median of the pair ratios "
          f"{statistics.median(ratios):.1f}x (quartiles {_quartiles(ratios)})")


def _quartiles(values: list[float]) -> str:
    q = statistics.quantiles(values, n=4)
    return f"{q[0]:.1f}-{q[2]:.1f}x"


if __name__ == "__main__":
    main()
