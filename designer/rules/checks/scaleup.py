"""Scale-up fabric rules: ports, switch planes, generations, reachability, export limits."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from operator import attrgetter

from designer.core.messages import Msg, Name, Number, Quantity, _m, many, tool_hint
from designer.model.parts import Fabric, FixedWiring, FormFactor, GpuSpec, PartBase, ScaleupSwitchSpec, SlotKind
from designer.model.wiring import FABRIC_LINK
from designer.rules.engine import Finding, RuleContext, Severity, rule
from designer.rules.words import device
from designer.topology.graph import SCALEUP
from designer.topology.paths import host_path, pairs_without_scaleup

FIXED_FORMS = frozenset({FormFactor.SXM, FormFactor.OAM, FormFactor.SUPERCHIP})  # the chassis's own positions


def _fabric(part: PartBase) -> Fabric | None:
    return part.fabric if isinstance(part, GpuSpec | ScaleupSwitchSpec) else None


def used_links(ctx: RuleContext, cid: str) -> int:
    return ctx.topo.scaleup_links_used(cid)


@rule("scaleup.fabric_mismatch", "Scale-up link kinds and generations match", Severity.ERROR)
def fabric_mismatch(ctx: RuleContext) -> Iterator[Finding]:
    get = ctx.catalog.get
    verdicts = {(a, b, kind): v for a, b, kind, _ in ctx.topo.link_shapes  # per shape: a rack has a dozen
                if kind in SCALEUP and (v := _mismatch((get(a), get(b)), kind)) is not None}
    if not verdicts:
        return  # every shape of scale-up link is sound: no link to walk
    part_ids = ctx.topo.part_ids
    for link in ctx.design.links:
        a, b, kind = _ENDS_KIND(link)
        verdict = verdicts.get((part_ids[a], part_ids[b], kind))
        if verdict is None:
            continue
        end, what = verdict
        if end < 2:
            yield Finding(_m("{link}: {what}", link=link.id, what=what), (link.id, (link.a, link.b)[end]),
                          _m("delete the link or use the part's own fabric"))
        else:
            yield Finding(_m("{link}: {what}", link=link.id, what=what), (link.id, link.a, link.b),
                          _m("use a switch of the GPUs' NVLink generation"))


_ENDS_KIND = attrgetter("a", "b", "kind")


def _mismatch(ends: tuple[PartBase, PartBase], kind) -> tuple[int, Msg] | None:
    """(0 or 1: that end has no ports of the kind | 2: the ends differ in generation, message) or None."""
    fabrics = [_fabric(p) for p in ends]
    for end, (part, fab) in enumerate(zip(ends, fabrics, strict=True)):
        if fab is None or fab is Fabric.NONE or FABRIC_LINK[fab] is not kind:
            return end, _m("{name} has no {kind} ports", name=part.name, kind=Name(kind.value))
    fa, fb = fabrics
    if fa is not None and fb is not None and fa is not fb:
        return 2, _m("{a} ({fa}) and {b} ({fb}) are different link generations", a=ends[0].name, fa=Name(fa.value),
                     b=ends[1].name, fb=Name(fb.value))
    return None


@rule("scaleup.gpu_ports_exceeded", "GPU scale-up ports not over-used", Severity.ERROR)
def gpu_ports(ctx: RuleContext) -> Iterator[Finding]:
    for gpu in ctx.topo.gpus:
        spec = ctx.part(gpu)
        used = used_links(ctx, gpu)
        if used > spec.fabric_links:
            yield Finding(_m("{gpu} uses {used} scale-up links; {name} has {have}", gpu=gpu, used=used,
                             name=spec.name, have=spec.fabric_links), (gpu,),
                          _m("remove {n} links", n=used - spec.fabric_links))


@rule("scaleup.switch_ports_exceeded", "Switch ports not over-used", Severity.ERROR)
def switch_ports(ctx: RuleContext) -> Iterator[Finding]:
    for cid in ctx.topo.scaleup_switches:
        spec = ctx.part(cid)
        if isinstance(spec, ScaleupSwitchSpec):
            used = used_links(ctx, cid)
            if used > spec.ports:
                yield Finding(_m("{id} needs {used} ports; {name} has {have}", id=cid, used=used, name=spec.name,
                                 have=spec.ports), (cid,),
                              _m("remove {n} links or add a switch plane", n=used - spec.ports))


def plane_counts(ctx: RuleContext) -> dict[str, tuple[dict[str, int], int]]:
    """Per switch plane: each GPU's link count to it, and the count most GPUs use."""
    if "plane_counts" in ctx.topo.cache:
        return ctx.topo.cache["plane_counts"]
    adj = ctx.topo.adjacency
    gpus = ctx.topo.gpus
    switches = set(ctx.topo.scaleup_switches)
    per_plane: dict[str, dict[str, int]] = {}  # one pass over the GPUs' neighbours (72 x 18 on a rack)
    for gpu in gpus:
        for n, d in adj[gpu].items():
            if n in switches:
                per_plane.setdefault(n, {})[gpu] = d["count"]
    out = {}
    for plane in sorted(per_plane):
        counts = dict.fromkeys(gpus, 0) | per_plane[plane]  # every GPU in GPU order, 0 where it has no link
        out[plane] = (counts, Counter(counts.values()).most_common(1)[0][0])
    ctx.topo.cache["plane_counts"] = out
    return out


def short_on_planes(ctx: RuleContext) -> set[str]:
    return {gpu for counts, mode in plane_counts(ctx).values() for gpu, c in counts.items() if c < mode}


def _idle_groups(ctx: RuleContext) -> dict[tuple[str, int], list[str]]:
    """GPUs wired like their peers but with idle links, by (part, links used); uneven GPUs are excluded."""
    if "idle_groups" in ctx.topo.cache:
        return ctx.topo.cache["idle_groups"]
    groups: dict[tuple[str, int], list[str]] = {}
    if any(used_links(ctx, g) for g in ctx.topo.gpus):  # a PCIe-only design has nothing to compare with
        uneven = short_on_planes(ctx)
        for gpu in (g for g in ctx.topo.gpus if g not in uneven):
            spec = ctx.part(gpu)
            used = used_links(ctx, gpu)
            if used < spec.fabric_links:
                groups.setdefault((spec.id, used), []).append(gpu)
    ctx.topo.cache["idle_groups"] = groups
    return groups


def fixed_wiring(ctx: RuleContext) -> FixedWiring | None:
    """The scale-up links the chassis carries itself (baseboard traces, a rack's cable cartridges), from its data."""
    return ctx.catalog.chassis(ctx.design.chassis).fixed_scaleup


def fixed_traces(ctx: RuleContext, spec: GpuSpec) -> bool:
    """Accelerators in the chassis's own positions (SXM, OAM, superchip) of a chassis with fixed scale-up wiring."""
    return fixed_wiring(ctx) is not None and spec.form_factor in FIXED_FORMS and spec.fabric is not Fabric.NONE


def _idle_figures(spec: GpuSpec, used: int, gpus: list[str], dev: str = "GPU") -> tuple[dict[str, object], float]:
    """The parameters of the idle-links messages ({who} use {used} of {total} {fabric} links: {idle} of {all} ...)."""
    idle = (spec.fabric_links - used) * spec.link_bw_gbytes_s_per_dir
    return {"who": _names(gpus, dev), "used": used, "total": spec.fabric_links, "fabric": Name(spec.fabric.value),
            "idle": Number(idle), "all": Quantity(spec.scaleup_gbytes_s_per_dir, "GB/s"),
            "dev": device(dev)}, idle


@rule("scaleup.gpu_links_unused", "GPU scale-up links all wired", Severity.WARNING)
def gpu_links_unused(ctx: RuleContext) -> Iterator[Finding]:
    """Idle links on GPUs wired like their peers, where they can be re-wired (not on a fixed-trace baseboard)."""
    for (part_id, used), gpus in _idle_groups(ctx).items():
        spec = ctx.catalog.typed(part_id, GpuSpec)
        if not fixed_traces(ctx, spec):
            figures, _ = _idle_figures(spec, used, gpus, ctx.device)
            yield Finding(_m("{who} use {used} of {total} {fabric} links: {idle} of {all} per direction per {dev} idle",
                             **figures), tuple(gpus),
                          tool_hint(_m("wire the idle links (auto-wire splits them evenly over the switch planes)"),
                                    _m("wire the idle links evenly over the switch planes")))


@rule("scaleup.baseboard_switch_missing", "Fixed baseboard or spine wiring complete", Severity.ERROR)
def baseboard_switch_missing(ctx: RuleContext) -> Iterator[Finding]:
    """On an HGX or OAM baseboard, or an NVL72 spine, each accelerator's links run to fixed switch positions or
    peers: a missing switch chip or link loses them for good (chassis data: ChassisSpec.fixed_scaleup)."""
    fixed = fixed_wiring(ctx)
    chassis = ctx.catalog.chassis(ctx.design.chassis)
    empty = chassis.slots.get(SlotKind.SCALEUP_SWITCH, 0) - len(ctx.topo.scaleup_switches)
    vacant = sum(chassis.slots.get(k, 0) for k in (SlotKind.SXM, SlotKind.OAM, SlotKind.SUPERCHIP)) - len(ctx.topo.gpus)
    for (part_id, used), gpus in _idle_groups(ctx).items():
        spec = ctx.catalog.typed(part_id, GpuSpec)
        if fixed is not None and fixed_traces(ctx, spec):
            figures, idle = _idle_figures(spec, used, gpus, ctx.device)
            # (a generic chassis may have more positions than a board)
            why = (_m("a switch chip is missing") if empty > 0
                   else _m("{n} {dev} position empty", n=vacant, dev=device(ctx.device)) if vacant == 1
                   else _m("{n} {dev} positions empty", n=vacant, dev=device(ctx.device)) if vacant > 0
                   else _m("links missing"))
            yield Finding(_m("{who} use {used} of {total} {fabric} links: {idle} of {all} per direction per {dev} lost "
                             "({tb} bidirectional in all): {why}, and the {what} are fixed, so the links cannot be "
                             "re-wired", tb=Quantity(idle * len(gpus) * 2 / 1000, "TB/s", 2), why=why,
                             what=fixed.what, **figures), tuple(gpus),
                          _m("fit a switch chip in every position") if empty > 0 else
                          _m("fit an {dev} in every position", dev=device(ctx.device)) if vacant > 0
                          else RESTORE)


RESTORE = _m("restore the fixed links (a board or cartridge fault: repair or replace it)")


def _names(ids: list[str], dev: str = "GPU") -> Msg | str:
    if len(ids) == 1:
        return ids[0]
    shown = many([*ids[:4], "..."] if len(ids) > 4 else ids)
    return _m("{n} {devs} ({ids})", n=len(ids), devs=device(dev, plural=True), ids=shown)


@rule("scaleup.uneven_planes", "Every GPU reaches every switch plane equally", Severity.ERROR)
def uneven_planes(ctx: RuleContext) -> Iterator[Finding]:
    for plane, (counts, mode) in plane_counts(ctx).items():
        short = [gpu for gpu, c in counts.items() if c < mode]
        for gpu in short:
            rate = ctx.part(gpu).link_bw_gbytes_s_per_dir
            lost = (mode - counts[gpu]) * rate
            fix = (_m("give {gpu} {n} links to {plane}", gpu=gpu, n=mode, plane=plane)
                   if not fixed_traces(ctx, ctx.part(gpu)) else RESTORE)
            figures = {"gpu": gpu, "plane": plane, "mode": mode, "lost": Quantity(lost, "GB/s")}
            if counts[gpu] == 0:
                text = _m("{gpu} does not reach plane {plane} where the other GPUs use {mode}: its bandwidth to every "
                          "peer drops by {lost} per direction", **figures)
            else:
                text = _m("{gpu} reaches with {n} links plane {plane} where the other GPUs use {mode}: its bandwidth "
                          "to every peer drops by {lost} per direction", n=counts[gpu], **figures)
            yield Finding(text, (gpu, plane), fix)


@rule("scaleup.unreachable", "All GPUs reach each other", Severity.ERROR)
def unreachable(ctx: RuleContext) -> Iterator[Finding]:
    gpus = ctx.topo.gpus
    scaleup = any(used_links(ctx, g) for g in gpus)
    for a, b in pairs_without_scaleup(ctx.topo) if scaleup else itertools.combinations(gpus, 2):
        if scaleup:
            via_host = host_path(ctx.topo, a, b) is not None
            fix = (_m("connect both to the same switch plane or to each other") if not fixed_traces(ctx, ctx.part(a))
                   else RESTORE)
            text = (_m("{a} and {b} share no scale-up path: PCIe only", a=a, b=b) if via_host
                    else _m("{a} and {b} share no scale-up path nor any path", a=a, b=b))
            yield Finding(text, (a, b), fix, Severity.WARNING if via_host else None)
        elif not scaleup and host_path(ctx.topo, a, b) is None:
            yield Finding(_m("{a} and {b} have no path to each other", a=a, b=b), (a, b),
                          _m("connect both to the PCIe tree"))


@rule("scaleup.export_limited", "Export-limited parts", Severity.INFO)
def export_limited(ctx: RuleContext) -> Iterator[Finding]:
    limited = [g for g in ctx.topo.gpus if ctx.part(g).export_limited]
    if limited:
        spec = ctx.part(limited[0])
        yield Finding(_m("{name} is an export-limited part: {links} links, {bw} per direction per GPU",
                         name=spec.name, links=spec.fabric_links, bw=Quantity(spec.scaleup_gbytes_s_per_dir, "GB/s")),
                      tuple(limited),
                      _m("expected for this SKU; collectives are bounded by the reduced scale-up bandwidth"))

