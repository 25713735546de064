"""`train`: what a training job gets on a design: step time and its breakdown, TFLOP/s per GPU, MFU and HFU,
memory per GPU and whether it fits, tokens per second, days, GPU-hours, energy and dollars to train."""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass

from designer.cli.common import EXIT_FAIL, EXIT_OK, UsageError, print_json, resolve_design
from designer.core.errors import DesignerError
from designer.model.catalog import Catalog, default_catalog
from designer.model.design import Design

NETWORK_FABRIC = {"ib": "scaleout-ib", "roce": "scaleout-roce"}


def _model(args: argparse.Namespace):
    from designer.workload.shapes import load_model_file, model_by_id  # noqa: PLC0415

    if args.model_file:
        return load_model_file(args.model_file)
    if not args.model:
        raise UsageError("train: give MODEL (a shipped id) or --model-file F")
    return model_by_id(args.model)


@dataclass(frozen=True)
class Target:
    """What a job runs on: the design the collective model reads (a plan's node with the plan's scale-out wiring:
    its SU and oversubscription), its name, the GPUs (a plan's own by default), each node's share of the wall
    power (a plan's: its IT power over its nodes, switches included), the PUE and the price of a GPU-hour."""

    design: Design
    name: str
    gpus: int | None
    node_wall_w: float
    pue: float
    usd_per_gpu_hour: float
    basis: str  # tco, rental
    energy_scope: str = "nodes"  # nodes: the nodes' power only; plan: the plan's IT power, switches included


def _target(args: argparse.Namespace, catalog: Catalog) -> Target:
    given = [a for a in ("node", "design", "plan") if getattr(args, a)]
    if len(given) != 1:
        raise UsageError(f"{args.command}: give one of --node ID, --design FILE or --plan FILE")
    if args.plan:
        return _plan_target(args, catalog)
    design = resolve_design(args.node or args.design, catalog)
    if args.network:
        design = _on_network(design, catalog, args.network)
    from designer.cost.tco import TcoParams  # noqa: PLC0415 (imports what the command uses)
    from designer.model.budget import power_budget  # noqa: PLC0415
    from designer.workload.summary import node_usd_per_gpu_hour  # noqa: PLC0415

    pue = getattr(args, "pue", None)
    params = TcoParams(pue=pue) if pue else TcoParams()
    price, basis = args.rental_usd_gpu_hour, "rental"
    if price is None:
        price, basis = node_usd_per_gpu_hour(design, catalog, params), "tco"
    return Target(design, design.meta.name, args.gpus, power_budget(design, catalog).wall_w, params.pue, price, basis)


def _plan_target(args: argparse.Namespace, catalog: Catalog) -> Target:
    from designer.cluster.build import ClusterModel  # noqa: PLC0415
    from designer.cluster.files import load_plan  # noqa: PLC0415
    from designer.cluster.perf import cluster_design  # noqa: PLC0415
    from designer.workload.summary import plan_usd_per_gpu_hour  # noqa: PLC0415

    m = ClusterModel(load_plan(args.plan, catalog), catalog)
    pue = getattr(args, "pue", None) or m.site.pue
    price, basis = args.rental_usd_gpu_hour, "rental"
    if price is None:
        price, basis = plan_usd_per_gpu_hour(m, pue), "tco"
    gpus = args.gpus or m.compute.gpus
    if gpus > m.compute.gpus:
        raise UsageError(f"--gpus {gpus:,} is more than the plan's {m.compute.gpus:,} GPUs")
    return Target(cluster_design(m), m.plan.name, gpus, m.it_w / m.nodes, pue, price, basis, "plan")


def _on_network(design: Design, catalog: Catalog, network: str) -> Design:
    from designer.model.edits import replace_parts  # noqa: PLC0415
    from designer.model.parts import FabricSpec  # noqa: PLC0415

    fabrics = [c.id for c in design.components
               if isinstance(p := catalog.get(c.part), FabricSpec) and p.purpose == "compute"]
    return replace_parts(design, fabrics, NETWORK_FABRIC[network]) if fabrics else design


def _gpus(target: Target) -> int:
    if target.gpus is None:
        raise UsageError("give --gpus N (a plan's own GPUs are the default only with --plan)")
    return target.gpus


def _positive(args: argparse.Namespace) -> None:
    for name in ("gpus", "tp", "pp", "dp", "cp", "ep", "microbatch", "vpp", "seq", "global_batch"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be at least 1, not {value}")
    if args.tokens is not None and not args.tokens > 0:
        raise UsageError(f"--tokens must be positive, not {args.tokens:g}")


def cmd_train(args: argparse.Namespace) -> int:
    from designer.workload.hardware import node_hardware  # noqa: PLC0415
    from designer.workload.job import Job, default_global_batch, default_tokens, job_dict  # noqa: PLC0415
    from designer.workload.step import Layout, simulate_step  # noqa: PLC0415

    _positive(args)
    catalog = default_catalog()
    model = _model(args)
    target = _target(args, catalog)
    gpus = _gpus(target)
    hw = node_hardware(target.design, catalog)
    tp = args.tp or math.gcd(hw.gpus_per_node, model.heads)
    pp, cp = args.pp or 1, args.cp or 1
    if model.heads % tp:
        raise UsageError(f"train: TP {tp} does not divide the {model.heads} attention heads")
    if gpus % (tp * pp * cp):
        raise UsageError(f"--gpus {gpus} is not a multiple of TP x PP x CP = {tp * pp * cp}")
    dp = args.dp or gpus // (tp * pp * cp)
    mb, seq = args.microbatch or 1, args.seq or model.seq_len
    batch = args.global_batch or default_global_batch(seq, dp, mb)
    lay = Layout(tp=tp, pp=pp, dp=dp, cp=cp, ep=args.ep or 1, micro_batch=mb, global_batch=batch, vpp=args.vpp or 1,
                 recompute=args.recompute, zero=args.zero, seq_len=seq, precision=args.precision)
    if lay.gpus != gpus:
        raise UsageError(f"TP x PP x DP x CP = {lay.gpus}, not --gpus {gpus}")
    try:
        step = simulate_step(model, lay, hw)
    except DesignerError as exc:
        raise UsageError(f"train: {exc}") from None
    job = Job(step, args.tokens or default_tokens(model), target.node_wall_w, hw.gpus_per_node, target.pue,
              target.usd_per_gpu_hour, target.basis)
    data = {"model": model.id, "model_name": model.name, "design": target.name, "gpus": gpus,
            "validated": not model.moe,  # a mixture of experts' throughput is above every published run
            "energy_scope": target.energy_scope, "pue": target.pue,
            "state_exceeds_memory": 16 * model.params > gpus * hw.hbm_gib * 2**30} | job_dict(job)
    if args.json:
        print_json(data)
    else:
        print("\n".join(_lines(data, args.tokens is None)))
    return EXIT_OK if step.memory.fits else EXIT_FAIL


def _lines(d: dict, default_budget: bool) -> list[str]:
    lay, mem = d["layout"], d["memory"]
    head = [f"{d['model_name']} on {d['gpus']:,} GPUs of {d['design']}: TP {lay['tp']} x PP {lay['pp']} x DP "
            f"{lay['dp']} x CP {lay['cp']} (EP {lay['ep']}), micro-batch {lay['microbatch']}, global batch "
            f"{lay['global_batch']:,} x {lay['seq']:,} tokens, recompute {lay['recompute']}, ZeRO {lay['zero']}, "
            f"{lay['precision']}",
            f"Memory per GPU: {d['memory_gib_per_gpu']:,.1f} GiB of {mem['capacity_gib']:,.1f} (weights "
            f"{mem['weights_gib']:,.1f}, gradients {mem['gradients_gib']:,.1f}, optimizer {mem['optimizer_gib']:,.1f}, "
            f"activations {mem['activations_gib']:,.1f})"]
    if not d["fits"]:
        return [*head, "Does not fit: not timed. " + (
            "The weights, gradients and optimizer state alone (16 bytes a parameter) exceed the GPUs' memory: more "
            "GPUs, or GPUs with more memory." if d["state_exceeds_memory"] else
            "Raise TP, PP or CP, shard the optimizer (--zero 3), recompute more, or use a smaller micro-batch; "
            "train-search tries every layout.")]
    b = d["breakdown"]
    budget = f"{d['tokens']:,.0f} tokens" + (" (20 per parameter, assumed)" if default_budget else "")
    caveat = [] if d["validated"] else [
        "Throughput not validated for a mixture of experts: the model runs above every one of Megatron-Bridge 25.11's "
        "Qwen3 runs (token permutation, the router and small expert GEMMs are not modelled); see the user guide, "
        "'What a job gets'."]
    return [*head, *caveat,
            f"Step: {d['step_time_s']:,.3f} s = compute {b['compute_s']:,.3f} + bubble {b['bubble_s']:,.3f} + exposed "
            f"TP {b['tp_comm_s']:,.3f}, CP {b['cp_comm_s']:,.3f}, PP {b['pp_comm_s']:,.3f}, DP {b['dp_comm_s']:,.3f}, "
            f"EP {b['ep_comm_s']:,.3f} (modelled)",
            f"Throughput: {d['tokens_per_s']:,} tokens/s; {d['tflops_per_gpu']:,.1f} TFLOP/s per GPU; MFU "
            f"{d['mfu']:.1%}, HFU {d['hfu']:.1%}",
            f"To train {budget}: {d['days_to_train']:,.1f} days, {d['gpu_hours']:,} GPU-hours, "
            f"{d['energy_mwh']:,.1f} MWh ({SCOPE[d['energy_scope']]}, at PUE {d['pue']:g}), US${d['cost_usd']:,} at "
            f"US${d['usd_per_gpu_hour']:.2f} per GPU-hour ({PRICE_BASIS[d['price_basis']]})"]


PRICE_BASIS = {"tco": "the design's cost of ownership", "rental": "rental"}
SCOPE = {"nodes": "the nodes only", "plan": "the plan's IT power, switches included"}


LAYOUT_HELP = {"tp": "tensor-parallel size", "pp": "pipeline-parallel stages", "dp": "data-parallel size",
               "cp": "context-parallel size", "ep": "expert-parallel size",
               "vpp": "virtual pipeline stages per rank (interleaved 1F1B)"}  # unset: the best the search finds


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("train", help="what a training job gets on a design: step time, MFU, memory, days, dollars")
    p.add_argument("model", nargs="?", help="a shipped model id (gpt3-175b, llama3-8b, llama3-70b, llama3-405b, "
                                            "mixtral-8x7b, qwen3-30b-a3b, qwen3-235b-a22b)")
    p.add_argument("--model-file", metavar="F", help="your model shape (JSON)")
    p.add_argument("--node", metavar="ID", help="a template id")
    p.add_argument("--design", metavar="FILE", help="a design file")
    p.add_argument("--plan", metavar="FILE", help="a cluster plan (its node design)")
    p.add_argument("--gpus", type=int, help="GPUs of the job (default with --plan: the plan's)")
    for name in ("tp", "pp", "dp", "cp", "ep", "vpp"):
        p.add_argument(f"--{name}", type=int, help=LAYOUT_HELP[name])
    p.add_argument("--microbatch", type=int, help="sequences per micro-batch (default: the best the search finds)")
    p.add_argument("--recompute", choices=["none", "selective", "full"], default="selective",
                   help="activation recomputation (default selective)")
    p.add_argument("--zero", type=int, choices=[0, 1, 2, 3], default=1,
                   help="ZeRO stage; 1 is Megatron's distributed optimizer (default 1)")
    p.add_argument("--seq", type=int, help="sequence length (default: the model's)")
    p.add_argument("--global-batch", type=int, help="sequences per step (default: about 4M tokens)")
    p.add_argument("--tokens", type=float, help="tokens to train (default: 20 per parameter)")
    p.add_argument("--precision", choices=["bf16", "fp8"], default="bf16", help="compute precision (default bf16)")
    p.add_argument("--network", choices=["ib", "roce"], help="the node's scale-out network kind")
    p.add_argument("--pue", type=float, help="site PUE (default: the cost model's)")
    p.add_argument("--rental-usd-gpu-hour", type=float, metavar="P", help="price GPU-hours at a rental price")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_train)
    register_infer(sub)
    register_search(sub)


def cmd_infer(args: argparse.Namespace) -> int:
    from designer.workload.hardware import node_hardware  # noqa: PLC0415
    from designer.workload.infer import Serving, infer  # noqa: PLC0415

    for name in ("tp", "batch", "context", "output"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise UsageError(f"--{name} must be at least 1, not {value}")
    catalog = default_catalog()
    model = _model(args)
    args.gpus = None
    target = _target(args, catalog)
    hw = node_hardware(target.design, catalog)
    tp = args.tp or math.gcd(hw.gpus_per_node, model.heads)
    try:
        result = infer(model, Serving(tp, args.batch or 0, args.context, args.output, args.precision), hw)
    except DesignerError as exc:
        raise UsageError(f"infer: {exc}") from None
    price, basis = target.usd_per_gpu_hour, target.basis
    s = result.serving
    fits = result.fits and s.batch > 0
    timed = {"tokens_per_s": round(result.tokens_per_s), "tokens_per_s_per_gpu": round(result.tokens_per_s_per_gpu, 1),
             "ttft_s": round(result.ttft_s, 4), "tpot_s": round(result.tpot_s, 5),
             "usd_per_million_tokens": round(result.usd_per_million_tokens(price), 4)}
    data = {"model": model.id, "model_name": model.name, "design": target.name, "tp": s.tp,
            "replicas_per_node": result.replicas, "batch": s.batch, "batch_is_largest_that_fits": result.batch_chosen,
            "context": s.context, "output": s.output, "precision": s.precision, "fits": fits,
            "memory_gib_per_gpu": round(result.memory_gib_per_gpu, 2), "weights_gib": round(result.weights_gib, 2),
            "kv_cache_gib": round(result.kv_cache_gib, 2), "capacity_gib": round(result.capacity_gib, 2),
            "usd_per_gpu_hour": round(price, 4), "price_basis": basis,
            **(timed if fits else {k: None for k in timed})}
    if args.json:
        print_json(data)
    else:
        print("\n".join(_infer_lines(data)))
    return EXIT_OK if fits else EXIT_FAIL


def _infer_lines(d: dict) -> list[str]:
    chosen = " (the largest that fits)" if d["batch_is_largest_that_fits"] else ""
    n = d["replicas_per_node"]
    replicas = f"{n} replica{'' if n == 1 else 's'} per node" if n else \
        f"a replica spans {d['tp']} GPUs, more than a node"
    head = [f"{d['model_name']} on {d['design']}: TP {d['tp']} ({replicas}), batch "
            f"{d['batch']:,}{chosen}, {d['context']:,} prompt + {d['output']:,} output tokens, {d['precision']}",
            f"Memory per GPU: {d['memory_gib_per_gpu']:,.1f} GiB of {d['capacity_gib']:,.1f} (weights "
            f"{d['weights_gib']:,.1f}, KV cache {d['kv_cache_gib']:,.1f})"]
    if not d["fits"]:
        return [*head, "Does not fit: not timed. Raise TP, use a lower precision or a smaller batch or context."]
    return [*head,
            f"Time to first token {d['ttft_s']:,.3f} s (a request's own prefill, nothing queued); time per output "
            f"token {d['tpot_s'] * 1000:,.2f} ms at this batch, prompts of new requests batched in (modelled)",
            f"Throughput: {d['tokens_per_s']:,} output tokens/s per node's GPUs ({d['tokens_per_s_per_gpu']:,.1f} per "
            f"GPU); "
            f"US${d['usd_per_million_tokens']:.3f} per million tokens at US${d['usd_per_gpu_hour']:.2f} per GPU-hour "
            f"({PRICE_BASIS[d['price_basis']]})"]


def register_infer(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("infer", help="serving a model on a design: TTFT, TPOT, tokens/s, memory, US$ per million")
    p.add_argument("model", nargs="?", help="a shipped model id")
    p.add_argument("--model-file", metavar="F", help="your model shape (JSON)")
    p.add_argument("--node", metavar="ID", help="a template id")
    p.add_argument("--design", metavar="FILE", help="a design file")
    p.add_argument("--plan", metavar="FILE", help="a cluster plan (its node design)")
    p.add_argument("--network", choices=["ib", "roce"], help=argparse.SUPPRESS)
    p.add_argument("--tp", type=int, help="tensor parallel size (default: the node's GPUs)")
    p.add_argument("--batch", type=int, help="concurrent sequences (default: the largest that fits)")
    p.add_argument("--context", type=int, default=2048, help="prompt tokens (default 2048)")
    p.add_argument("--output", type=int, default=256, help="output tokens (default 256)")
    p.add_argument("--precision", choices=["bf16", "fp8", "fp4"], default="bf16",
                   help="weights and compute precision (default bf16)")
    p.add_argument("--rental-usd-gpu-hour", type=float, metavar="P", help="price GPU-hours at a rental price")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_infer)


def _ints(text: str | None, flag: str) -> tuple[int, ...] | None:
    if text is None:
        return None
    try:
        values = tuple(int(v) for v in text.split(","))
    except ValueError:
        raise UsageError(f"{flag}: give comma-separated whole numbers, not '{text}'") from None
    if not values or min(values) < 1:
        raise UsageError(f"{flag}: every value must be at least 1, not '{text}'")
    return values


def cmd_train_search(args: argparse.Namespace) -> int:
    from designer.workload.hardware import node_hardware  # noqa: PLC0415
    from designer.workload.search import Ranges, search  # noqa: PLC0415

    catalog = default_catalog()
    model = _model(args)
    target = _target(args, catalog)
    gpus = _gpus(target)
    hw = node_hardware(target.design, catalog)
    if gpus < 1 or args.top < 1 or args.trials < 1:
        raise UsageError("--gpus, --top and --trials must be at least 1")
    given = {k: v for k, v in (("tp", _ints(args.tp, "--tp")), ("pp", _ints(args.pp, "--pp")),
                                ("cp", _ints(args.cp, "--cp")), ("micro_batch", _ints(args.microbatch, "--microbatch")))
             if v is not None}
    ranges = Ranges(**given, global_batch=args.global_batch)  # type: ignore[arg-type]
    try:
        result = search(model, gpus, hw, args.seq, args.precision, ranges, args.top, trials=args.trials)
    except DesignerError as exc:
        raise UsageError(f"train-search: {exc}") from None
    rows = [_row(step, args, target, model, hw.gpus_per_node) for step in result.best]
    if args.json:
        print_json({"model": model.id, "design": target.name, "gpus": gpus, "grid": result.grid,
                    "guided": result.guided, "evaluated": result.evaluated, "fitting": result.fitting, "rows": rows})
        return EXIT_OK if rows else EXIT_FAIL
    if result.guided:
        print(f"{model.name} on {gpus:,} GPUs of {target.name}: {result.grid:,} layouts, more than an exhaustive "
              f"search takes; a guided search (Optuna TPE, {args.trials:,} trials) evaluated {result.evaluated:,}, "
              f"{result.fitting:,} fit" + (f"; the fastest {len(rows)} found (not proven best):" if rows else "."))
    else:
        print(f"{model.name} on {gpus:,} GPUs of {target.name}: {result.evaluated:,} layouts evaluated, "
              f"{result.fitting:,} fit" + (f"; the fastest {len(rows)}:" if rows else "."))
    for r in rows:
        lay = r["layout"]
        print(f"  TP {lay['tp']} PP {lay['pp']} (v {lay['vpp']}) DP {lay['dp']} CP {lay['cp']} EP {lay['ep']}, mb "
              f"{lay['microbatch']}, recompute {lay['recompute']}, ZeRO {lay['zero']}: {r['step_time_s']:.3f} s, "
              f"{r['tokens_per_s']:,} tokens/s, MFU {r['mfu']:.1%}, {r['memory_gib_per_gpu']:.1f} GiB, "
              f"{r['days_to_train']:,.1f} days")
    if not rows:
        print("No layout fits: more GPUs, a larger TP or PP range, or a GPU with more memory.")
    return EXIT_OK if rows else EXIT_FAIL


def _row(step, args: argparse.Namespace, target: Target, model, gpus_per_node: int) -> dict:
    from designer.workload.job import Job, default_tokens, job_dict  # noqa: PLC0415

    job = Job(step, args.tokens or default_tokens(model), target.node_wall_w, gpus_per_node, target.pue,
              target.usd_per_gpu_hour, target.basis)
    return job_dict(job)


def register_search(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("train-search", help="the fastest parallel layouts for a training job on a design")
    p.add_argument("model", nargs="?", help="a shipped model id")
    p.add_argument("--model-file", metavar="F", help="your model shape (JSON)")
    p.add_argument("--node", metavar="ID", help="a template id")
    p.add_argument("--design", metavar="FILE", help="a design file")
    p.add_argument("--plan", metavar="FILE", help="a cluster plan (its node design)")
    p.add_argument("--network", choices=["ib", "roce"], help="the node's scale-out network kind")
    p.add_argument("--gpus", type=int, help="GPUs of the job (default with --plan: the plan's)")
    for name in ("tp", "pp", "cp", "microbatch"):
        p.add_argument(f"--{name}", metavar="N[,N...]", help=f"{name} values to try (default: the whole range)")
    p.add_argument("--seq", type=int, help="sequence length (default: the model's)")
    p.add_argument("--global-batch", type=int, help="sequences per step (default: about 4M tokens)")
    p.add_argument("--tokens", type=float, help="tokens to train (default: 20 per parameter)")
    p.add_argument("--precision", choices=["bf16", "fp8"], default="bf16", help="compute precision (default bf16)")
    p.add_argument("--rental-usd-gpu-hour", type=float, metavar="P", help="price GPU-hours at a rental price")
    p.add_argument("--top", type=int, default=10, help="layouts to list (default 10)")
    p.add_argument("--trials", type=int, default=1000, metavar="N",
                   help="layouts a guided search tries when the grid is past 200,000 (default 1,000)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_train_search)
