"""`cluster new|info|validate|bom|simulate|export`: cluster plans from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from designer.cli.common import EXIT_FAIL, EXIT_OK, UsageError, print_json
from designer.cli.cost import add_currency_argument, add_tco_arguments, currency_for, prices_for, tco_params
from designer.cluster.architecture import architectures
from designer.cluster.bom import bom
from designer.cluster.build import ClusterModel
from designer.cluster.files import load_plan, plan_to_json, save_plan
from designer.cluster.plan import ClusterPlan, ComputeFabric, Fabrics, Feed, NodeRef, Site
from designer.cluster.racks import rack_dict, rack_types
from designer.cluster.rules import check_plan
from designer.cluster.summary import info_dict, info_lines, plural
from designer.core import i18n
from designer.core.errors import DesignerError
from designer.cost.cluster import cost_lines, cost_summary, priced_bom, priced_bom_csv
from designer.cost.prices import catalog_prices
from designer.cost.quote import book_line
from designer.io.files import atomic_write_bytes, load_design, validation_message
from designer.model.catalog import default_catalog
from designer.templates import TEMPLATES


def _output(path_text: str, force: bool) -> Path:
    out = Path(path_text)
    if out.is_dir():
        raise UsageError(f"{out} is a folder")
    if out.exists() and not force:
        raise UsageError(f"{out} exists (use --force to replace it)")
    if str(out.parent) and not out.parent.is_dir():
        raise UsageError(f"folder {out.parent} does not exist")
    return out


def _feed(text: str) -> Feed:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (3, 4):
        raise UsageError(f"--feed: give VOLTS,AMPS,PHASES[,UTIL], not '{text}'")
    try:
        volts, amps, phases = float(parts[0]), float(parts[1]), int(parts[2])
        util = float(parts[3]) if len(parts) == 4 else 0.8
    except ValueError:
        raise UsageError(f"--feed: '{text}' is not numbers") from None
    if volts <= 0 or amps <= 0 or phases not in (1, 3) or not 0 < util <= 1:
        raise UsageError(f"--feed: volts and amps must be positive, phases 1 or 3, utilisation in (0, 1]: '{text}'")
    return Feed(volts=volts, amps=amps, phases=phases, utilisation=util)  # type: ignore[arg-type]


def _node(arg: str) -> NodeRef:
    path = Path(arg)
    if path.exists():
        return NodeRef(design=load_design(path, default_catalog()))
    if arg in TEMPLATES:
        return NodeRef(template=arg)
    raise UsageError(f"--node: '{arg}' is neither a design file nor a template id")


def _node_title(node: NodeRef) -> str:
    """What a customer calls the node: the reference design's title or the design's name, never a template id."""
    if node.design is not None:
        return node.design.meta.name
    return TEMPLATES[node.template].title if node.template in TEMPLATES else str(node.template)


def _positive(value: float | None, flag: str) -> None:
    if value is not None and not value > 0:
        raise UsageError(f"{flag} must be a positive number, not {value:g}")


def _ufm(text: str | None) -> int | str | None:
    if text is None:
        return None
    if text == "if-free":
        return "if_free"
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"--ufm-positions: give a count (0-8) or 'if-free', not '{text}'") from None


def _site_args(args: argparse.Namespace) -> dict:
    """Site settings the command line gives; the rest stay the plan's defaults (the node's RA and cooling)."""
    site: dict = {"cooling": args.cooling} if args.cooling else {}
    for value, key, scale in ((args.rack_kw, "rack_power_limit_w", 1000), (args.rack_air_kw, "rack_air_limit_w", 1000),
                              (args.pue, "pue", 1), (args.feeds_per_rack, "feeds_per_rack", 1),
                              (args.nodes_per_rack, "nodes_per_rack", 1)):
        if value is not None:
            site[key] = value * scale
    if args.feed:
        site["feed"] = _feed(args.feed)
    return site


def _compute_args(args: argparse.Namespace) -> dict:
    compute: dict = {}
    for key in ("oversubscription", "planes", "switch", "su_nodes", "spine_oversubscription", "pod_gpus"):
        if getattr(args, key) is not None:
            compute[key] = getattr(args, key)
    if "oversubscription" in compute:
        compute["target_oversubscription"] = compute["oversubscription"]
    if (ufm := _ufm(args.ufm_positions)) is not None:
        compute["ufm_positions"] = ufm
    return compute


def plan_from_args(args: argparse.Namespace) -> ClusterPlan:
    """The plan of `cluster new`: only what the command line says is set; every other setting is the default that
    the node's reference architecture gives (ClusterModel resolves it), so the file follows the RA."""
    if (args.gpus is None) == (args.nodes is None):
        raise UsageError("cluster new: give --gpus N or --nodes N (one of them)")
    for value, flag in ((args.gpus, "--gpus"), (args.nodes, "--nodes"), (args.rack_kw, "--rack-kw"),
                        (args.rack_air_kw, "--rack-air-kw"), (args.oversubscription, "--oversubscription"),
                        (args.planes, "--planes"), (args.pue, "--pue"), (args.su_nodes, "--su-nodes"),
                        (args.feeds_per_rack, "--feeds-per-rack"), (args.nodes_per_rack, "--nodes-per-rack"),
                        (args.spine_oversubscription, "--spine-oversubscription"), (args.pod_gpus, "--pod-gpus")):
        _positive(value, flag)
    if args.architecture is not None and args.architecture not in architectures():
        raise UsageError(f"--architecture: '{args.architecture}' is not one of {', '.join(architectures())}")
    node = _node(args.node)
    dropped: dict[str, Literal["off"]] = {role: "off" for role in args.drop_fabric or ()}
    try:
        return ClusterPlan(name=args.name or f"{_node_title(node)} cluster", node=node, gpus=args.gpus,
                           nodes=args.nodes, architecture=args.architecture, site=Site(**_site_args(args)),
                           fabrics=Fabrics(compute=ComputeFabric(**_compute_args(args)), **dropped))
    except ValidationError as exc:
        where, msg = validation_message(exc)
        raise UsageError(f"cluster new: {where}: {msg}") from None


def cmd_new(args: argparse.Namespace) -> int:
    out = _output(args.output, args.force)
    plan = plan_from_args(args)
    model = ClusterModel(plan, default_catalog())
    model.compute  # noqa: B018 (size it before writing: a plan that cannot be built is bad input)
    model.racks  # noqa: B018
    save_plan(plan, out)
    print(f"wrote {out}: {model.compute.gpus:,} GPUs, {model.nodes:,} nodes, {len(model.racks.racks)} racks; "
          f"follows {model.architecture.title}" + (f", {model.architecture.follows}" if model.architecture.follows
                                                   else ""))
    for note in model.resolved.notes:
        print(f"note: {note}")
    report = check_plan(model)
    errors = [v for v in report.active if v.severity.value == "error"]
    for v in errors:
        print(f"error: {v.rule}: {v.message}" + (f" -- fix: {v.fix}" if v.fix else ""))
    if errors:
        print(f"the plan cannot run as it stands: {plural(len(errors), 'error')}; 'cluster validate' lists every "
              "finding")
    return EXIT_OK


def _model(path: str) -> ClusterModel:
    catalog = default_catalog()
    return ClusterModel(load_plan(path, catalog), catalog)


def cmd_info(args: argparse.Namespace) -> int:
    lang = i18n.parse_language(args.lang)  # a wrong --lang is bad input before any work
    params = tco_params(args)
    model = _model(args.plan)
    if args.pue is None:  # the plan's site PUE unless the command line sets another
        params = params.model_copy(update={"pue": model.site.pue})
    prices = prices_for(args, model.catalog)
    cur = currency_for(args, prices)
    data = info_dict(model) | {"cost": cost_summary(model, prices, params) | {"currency": cur.as_dict()}}
    if args.json:
        print_json(data)
    else:
        print("\n".join(info_lines(model, data, lang) + cost_lines(data["cost"], cur, lang)))
    return EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    report = check_plan(_model(args.plan))
    if args.json:
        print_json(report.as_dict(Path(args.plan).name))
    else:
        for v in report.violations:
            mark = " (waived)" if v.waived else ""
            print(f"{v.severity.value:<7} {v.rule}: {v.message}{mark}" + (f" -- fix: {v.fix}" if v.fix else ""))
        errors = sum(1 for v in report.active if v.severity.value == "error")
        print(f"{plural(len(report.active), 'finding')}, {plural(errors, 'error')}")
    return EXIT_FAIL if report.has_errors else EXIT_OK


def cmd_bom(args: argparse.Namespace) -> int:
    model = _model(args.plan)
    prices = prices_for(args, model.catalog)
    cur = currency_for(args, prices)
    lines = priced_bom(model, prices)
    if args.csv:
        sys.stdout.write(priced_bom_csv(lines, cur))
        return EXIT_OK
    print(book_line(prices, cur))
    width = max([len(cur.format(p.total_usd)) for p in lines] + [10])
    print(f"{'Qty':>8}  {'Category':<12} {'Unit price':>{width + 2}}  {'Extended':>{width}}  Part")
    subtotals: dict[str, float] = {}
    for p in lines:
        line = p.line
        subtotals[line.category] = subtotals.get(line.category, 0.0) + p.total_usd
        mark = " *" if p.estimate else "  "
        print(f"{line.quantity:>8,}  {line.category:<12} {cur.format(p.unit_usd):>{width}}{mark}  "
              f"{cur.format(p.total_usd):>{width}}  {line.name}  [{line.part}; {line.where}]")
    for category, usd in subtotals.items():
        print(f"{'':>8}  {'Subtotal, ' + category:<{width + 16}}  {cur.format(usd):>{width}}")
    total = sum(p.total_usd for p in lines)
    estimated = sum(p.total_usd for p in lines if p.estimate)
    print(f"{'':>8}  {'Total':<{width + 16}}  {cur.format(total):>{width}}"
          + (f" (estimated; {cur.format(estimated)} of it from estimates)" if estimated else ""))
    print("* estimate, not a list price (cluster info --json gives each price's source and basis)")
    print("\nPer rack:")
    for t in rack_types(model.racks.racks):
        items = ", ".join(f"{n} x {what}" for what, n in t.contents)
        print(f"{t.count:>8,}  {t.role} rack of {t.watts / 1000:,.1f} kW ({t.btu_hr:,.0f} BTU/h): {items}")
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    """--json (plan, figures, BOM, rule report), --pdf (the cluster sheet), --svg (the fabric diagram);
    every target and the language are checked before anything is written."""
    from designer.export.brand import default_brand  # noqa: PLC0415
    from designer.export.cluster_pdf import export_cluster  # noqa: PLC0415 (Typst only when exporting)
    from designer.export.files import check_target  # noqa: PLC0415

    if not (args.json or args.pdf or args.svg):
        raise UsageError("cluster export: give --pdf F, --json F and/or --svg F")
    try:
        lang = i18n.parse_language(args.lang)
        documents = {k: check_target(Path(v), k) for k in ("pdf", "svg") if (v := getattr(args, k))}
    except DesignerError as exc:
        raise UsageError(str(exc)) from None
    out = _output(args.json, True) if args.json else None
    brand = default_brand() if args.pdf else None  # the user's brand file, as the node sheet takes it
    model = _model(args.plan)
    cur = currency_for(args, catalog_prices(model.catalog))  # the sheet prices from the shipped book
    trains = None
    if "pdf" in documents:
        from designer.workload.summary import what_it_trains  # noqa: PLC0415

        trains = what_it_trains(model)
    try:
        written = export_cluster(model, documents, lang, brand, trains, cur.code)
    except OSError as exc:
        raise DesignerError(f"cannot write: {exc.strerror or exc}") from None
    if out is not None:
        data = {"plan": json.loads(plan_to_json(model.plan)), "info": info_dict(model),
                "bom": [line.as_dict() for line in bom(model)], "racks": [rack_dict(r) for r in model.racks.racks],
                "rules": check_plan(model).as_dict(Path(args.plan).name)}
        atomic_write_bytes(out, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
        written.append(out)
    for path in written:
        print(f"wrote {path}")
    return EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cluster", help="cluster plans: racks, power, cooling, fabrics, BOM, rules, performance")
    csub = p.add_subparsers(dest="cluster_command", required=True, parser_class=type(p))
    new = csub.add_parser("new", help="plan a cluster of a node design")
    new.add_argument("--node", required=True, help="node design file or template id")
    new.add_argument("--gpus", type=int, help="GPUs in the cluster (or --nodes)")
    new.add_argument("--nodes", type=int, help="nodes in the cluster (or --gpus)")
    new.add_argument("--architecture", help="reference architecture to follow (default: the node's own)")
    new.add_argument("--oversubscription", type=float, help="leaf downlink : uplink ratio (default 1)")
    new.add_argument("--planes", type=int, help="independent compute fabric planes (default: the RA's)")
    new.add_argument("--switch", help="compute switch part (default: the RA's)")
    new.add_argument("--su-nodes", type=int, help="nodes per scalable unit (default: the RA's)")
    new.add_argument("--spine-oversubscription", type=float,
                     help="spine downlink : uplink ratio to the core tier (default 1, non-blocking)")
    new.add_argument("--pod-gpus", type=int, help="GPUs of a non-blocking pod; the spine ratio applies above it")
    new.add_argument("--ufm-positions", metavar="N|if-free",
                     help="node positions the fabric manager takes (default: the RA's)")
    new.add_argument("--drop-fabric", action="append", choices=["storage", "inband", "oob"],
                     help="leave a fabric the RA sizes out of the plan (repeatable)")
    new.add_argument("--rack-kw", type=float, help="rack power limit in kW (default: what the RA's rack needs)")
    new.add_argument("--rack-air-kw", type=float,
                     help="heat a rack may give to room air, in kW (default: the rack limit; 40 on a liquid site, as "
                          "the node's rack check)")
    new.add_argument("--nodes-per-rack", type=int, help="nodes per compute rack (default: the RA's)")
    new.add_argument("--cooling", choices=["air", "liquid"], help="site cooling (default: the node's)")
    new.add_argument("--feed", help="VOLTS,AMPS,PHASES[,UTIL] of each rack feed (default 415,60,3,0.8)")
    new.add_argument("--feeds-per-rack", type=int, help="feeds (one PDU each) per compute rack (default: the RA's)")
    new.add_argument("--pue", type=float, help="site PUE (default: the cost model's)")
    new.add_argument("--name", help="the plan's name on its documents (default: 'NODE cluster', in the document's "
                                    "language)")
    new.add_argument("-o", "--output", required=True, help="the plan file to write (JSON)")
    new.add_argument("--force", action="store_true", help="replace an existing file")
    new.set_defaults(func=cmd_new)
    for name, func, help_text in (("info", cmd_info, "headline figures, with capital and cost per GPU-hour"),
                                  ("validate", cmd_validate, "cluster rule check")):
        c = csub.add_parser(name, help=help_text)
        c.add_argument("plan", help="cluster plan (JSON, or a cluster sheet PDF the app wrote)")
        c.add_argument("--json", action="store_true", help="print JSON instead of text")
        if name == "info":
            add_tco_arguments(c)
            add_currency_argument(c)
            c.add_argument("--lang", default="en", help="language of the text lines: en (default), zh-TW or zh-CN "
                                                        "(--json keeps the English words)")
        c.set_defaults(func=func)
    b = csub.add_parser("bom", help="bill of materials with unit and extended prices")
    b.add_argument("plan", help="cluster plan (JSON, or a cluster sheet PDF the app wrote)")
    b.add_argument("--csv", action="store_true", help="one row a line, with its unit and extended price")
    b.add_argument("--price-book", type=Path, metavar="FILE", help="your price book (JSON), over the shipped one")
    add_currency_argument(b)
    b.set_defaults(func=cmd_bom)
    e = csub.add_parser("export", help="the cluster PDF sheet, the fabric diagram as SVG, the plan's figures as JSON")
    e.add_argument("plan", help="cluster plan (JSON, or a cluster sheet PDF the app wrote)")
    e.add_argument("--pdf", metavar="F", help="the cluster sheet (PDF, the plan attached as cluster-plan.json)")
    e.add_argument("--json", metavar="F", help="plan, figures, BOM and rule report")
    e.add_argument("--svg", metavar="F", help="the compute fabric diagram (SVG)")
    e.add_argument("--lang", default="en", help="language of the PDF and SVG: en (default), zh-TW or zh-CN")
    add_currency_argument(e)
    e.set_defaults(func=cmd_export)
    from designer.cli.cluster_simulate import register_simulate  # noqa: PLC0415

    register_simulate(csub)
