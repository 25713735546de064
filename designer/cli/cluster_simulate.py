"""`cluster simulate`: collective performance of a job placed in a cluster plan, output as `simulate`'s."""

from __future__ import annotations

import argparse

from designer.cli.common import EXIT_OK, print_json
from designer.cli.simulate import _collectives, _size, table_lines
from designer.cluster.build import ClusterModel
from designer.cluster.files import load_plan
from designer.cluster.perf import simulate_job, what_if
from designer.model.catalog import default_catalog
from designer.simulation import SimConfig
from designer.simulation.model import size_sweep


def cmd_simulate(args: argparse.Namespace) -> int:
    catalog = default_catalog()
    m = ClusterModel(load_plan(args.plan, catalog), catalog)
    gpus = args.gpus if args.gpus is not None else min(m.compute.gpus, 4096 * m.node.gpus)
    sizes = tuple(size_sweep(_size(args.min_bytes, "--min-bytes"), _size(args.max_bytes, "--max-bytes")))
    result, place = simulate_job(m, gpus, SimConfig(_collectives(args.collective), sizes=sizes))
    notes = [*map(str, result.notes), f"job of {place.gpus} GPUs on {place.nodes} nodes placed compactly; "
             f"highest tier crossed: {place.tier}"]
    if place.tier == "core":
        notes.append("the core tier's extra switch hops are not in the latency model")
    if args.json:
        print_json({"design": m.node.name, "nodes": place.nodes, "gpus_per_node": result.gpus_per_node,
                    "algorithm": "auto", "failed": [], "notes": notes, "fabric": result.fabric_summary,
                    "results": [r.as_dict() for r in result.rows], "tier": place.tier,
                    "what_if": [{**w, "effect": str(w["effect"])} for w in what_if(m)]})
        return EXIT_OK
    lines = table_lines(result, m.node.name)
    print("\n".join([lines[0], *[f"# note: {n}" for n in notes[len(result.notes):]], *lines[1:]]))
    for w in what_if(m):
        bw = "" if w["busbw_after_GBps"] is None else \
            f"; 1 GiB AllReduce busbw {w['busbw_before_GBps']:,.1f} -> {w['busbw_after_GBps']:,.1f} GB/s"
        print(f"# what if one {w['failure']} fails: {w['gpus_affected']:,} GPUs affected; {w['effect']}{bw}")
    return EXIT_OK


def register_simulate(csub: argparse._SubParsersAction) -> None:
    s = csub.add_parser("simulate", help="collective performance of a job in the plan (as 'simulate')")
    s.add_argument("plan", help="cluster plan (JSON, or a cluster sheet PDF the app wrote)")
    s.add_argument("--gpus", type=int, help="GPUs in the job (default: the whole plan)")
    s.add_argument("--collective", action="append", metavar="NAME|all",
                   help="collective to model: repeat or comma-separate (default all)")
    s.add_argument("--min-bytes", default="8", help="smallest message size, as nccl-tests -b (default 8)")
    s.add_argument("--max-bytes", default="16G", help="largest message size, as nccl-tests -e (default 16G)")
    s.add_argument("--json", action="store_true", help="print JSON instead of text")
    s.set_defaults(func=cmd_simulate)
