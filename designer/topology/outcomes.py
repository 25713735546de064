"""What one failed scale-up link, switch or switch tray does under the design's failure policy (policy.py).

One message per granularity (designer.core.messages: rendered in the language asked), a severity (error where
the NVLink domain stops: an uninitialised fabric, an unhealthy partition) and the ids it concerns. Where the
policy keeps the fabric running degraded the figures are the worst GPU pair's, computed from the topology
(failures.py); where no vendor publishes a policy the line says so and that the figure is assumed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from designer.core.locale import render
from designer.core.messages import EMPTY, Msg, Name, Number, Percent, _m, tool_hint
from designer.model.design import Link, Waiver
from designer.topology.failures import FailureCost, plane_losses, scaleup_links, sweep, switch_planes
from designer.topology.graph import Topology
from designer.topology.paths import gpu_scaleup_ports, scaleup_pair_matrix
from designer.topology.policy import DOWN, Policy, policy_data, resolve
from designer.topology.trays import tray_parts, tray_what, worst_switch_tray

RULE = "resilience.fabric_failure"


@dataclass(frozen=True)
class Outcome:
    granularity: str  # "link" (one physical link), "plane" (one switch chip), "tray" (a switch tray)
    kind: str  # gpu_removed | fabric_down | partition_unhealthy | switch_disabled | bandwidth_lost
    severity: str  # "error" where the NVLink domain stops, else "info"
    text: Msg
    ids: tuple[str, ...]
    drop: float  # the worst GPU pair's loss of scale-up bandwidth (1.0: no NVLink left)
    fix: Msg = EMPTY

    def as_dict(self) -> dict:
        return {**asdict(self), "text": str(self.text), "fix": str(self.fix)}


def _pct(cost: FailureCost) -> Msg:
    return _m("{a}-{b} {before} -> {after} GB/s per direction (-{pct})", a=cost.pair[0], b=cost.pair[1],
              before=Number(cost.before), after=Number(cost.after), pct=Percent(cost.drop))


def _access_what(lk: Link) -> Msg:
    if lk.count > 1:
        return _m("one {name} of {id} ({a}-{b})", name="NVLink", id=lk.id, a=lk.a, b=lk.b)
    return _m("link {id} ({a}-{b})", id=lk.id, a=lk.a, b=lk.b)


def _access_link(topo: Topology) -> tuple[str, str, Link] | None:
    """(GPU, switch, link) of the first GPU-switch link: under NVSwitch every access link is alike."""
    switches = set(topo.scaleup_switches)
    for lk in scaleup_links(topo, gpu_scaleup_ports(topo)):
        for gpu, sw in ((lk.a, lk.b), (lk.b, lk.a)):
            if sw in switches and gpu in topo.gpu_index:
                return gpu, sw, lk
    return None


def _switch_cost(topo: Topology, switch: str) -> FailureCost | None:
    losses = plane_losses(topo)
    if losses is None or switch not in losses.loss:
        return None
    drop = losses.loss[switch] / losses.base.clip(min=1e-12)
    k = int(drop.argmax())
    return FailureCost("plane", _m("switch plane {id}", id=switch), losses.pair(k), float(losses.base[k]),
                       max(0.0, float(losses.base[k] - losses.loss[switch][k])))


def _gpu_bw(topo: Topology, gpu: str) -> float:
    """The GPU's best pair capacity (its row of the pair array: capacities are >= 0, the diagonal 0)."""
    return float(scaleup_pair_matrix(topo)[topo.gpu_index[gpu]].max()) if len(topo.gpus) > 1 else 0.0


def _gpu_removed(topo: Topology, policy: Policy, gpu: str, lk: Link) -> Outcome:
    n = len(topo.gpus)
    figures = {"what": _access_what(lk), "gpu": gpu, "k": n - 1, "bw": Number(_gpu_bw(topo, gpu)), "n": n}
    if policy.platform == "nvl72":
        text = _m("{what} fails: {gpu} leaves NVLink routing (NMX full-bandwidth partition, state DEGRADED); the other "
                  "{k} keep {bw} GB/s per direction; a job on all {n} runs on {k} or sends {gpu}'s traffic over PCIe",
                  **figures)
    else:
        text = _m("{what} fails: {gpu} leaves NVLink routing (Fabric Manager ACCESS_LINK_FAILURE_MODE=0); the other "
                  "{k} keep {bw} GB/s per direction; a job on all {n} runs on {k} or sends {gpu}'s traffic over PCIe",
                  **figures)
    return Outcome("link", "gpu_removed", "info", text, (gpu, lk.id), 1.0)


def _link_outcome(topo: Topology, policy: Policy) -> Outcome | None:
    kind = policy.spec["link"]
    access = _access_link(topo)
    if kind == "gpu_removed" and access:
        return _gpu_removed(topo, policy, access[0], access[2])
    if kind == "switch_disabled" and access:
        _, sw, lk = access
        cost = _switch_cost(topo, sw)
        if cost is not None:
            return Outcome("link", kind, "info", _m("{what} fails: Fabric Manager disables {sw} "
                                                    "(ACCESS_LINK_FAILURE_MODE=1): {change} on every pair",
                                                    what=_access_what(lk), sw=sw, change=_pct(cost)),
                           (sw, lk.id), cost.drop)
    cost = sweep(topo).worst.get("link")
    if cost is None:
        return None
    if policy.documented:  # NMX adaptive bandwidth
        text = _m("{what} fails: all GPUs keep NVLink at degraded bandwidth (NMX adaptive-bandwidth partition): "
                  "{change}", what=cost.what, change=_pct(cost))
    elif cost.after <= 1e-9:
        text = _m("{what} fails (no vendor failure policy published; assumed: its bandwidth is lost): {change} (its "
                  "only scale-up path: falls back to PCIe or the network)", what=cost.what, change=_pct(cost))
    else:
        text = _m("{what} fails (no vendor failure policy published; assumed: its bandwidth is lost): {change}",
                  what=cost.what, change=_pct(cost))
    return Outcome("link", "bandwidth_lost", "info", text, cost.pair, cost.drop)


def _down(topo: Topology, policy: Policy, kind: str, what: Msg, ids: tuple[str, ...], granularity: str) -> Outcome:
    n = len(topo.gpus)
    if kind == "fabric_down":
        text = _m("{what} fails: Fabric Manager leaves the fabric uninitialised (NVSWITCH_FAILURE_MODE=0): no NVLink "
                  "for the {n} GPUs, CUDA launches fail until it is replaced", what=what, n=n)
        fix = (tool_hint(_m("set the failure policy to fm_degraded (NVSWITCH_FAILURE_MODE=1: 5/6 bandwidth)"),
                         _m("run Fabric Manager in degraded-bandwidth mode (NVSWITCH_FAILURE_MODE=1: 5/6 bandwidth)"))
               if "fm_degraded" in policy.alternatives else
               _m("plan a spare node (the degraded modes are A100 only)"))
    else:
        text = _m("{what} fails: the full-bandwidth partition of {n} GPUs becomes UNHEALTHY, not operational (NMX), "
                  "until the switch is back", what=what, n=n)
        fix = tool_hint(_m("use adaptive-bandwidth partitions (failure policy nmx_adaptive_bandwidth) or plan a spare "
                           "rack"), _m("use adaptive-bandwidth partitions (NMX) or plan a spare rack"))
    return Outcome(granularity, kind, "error", text, ids, 1.0, fix)


def _plane_outcome(topo: Topology, policy: Policy) -> Outcome | None:
    switches = switch_planes(topo)  # the losses are computed only where the policy runs on degraded
    if not switches:
        return None
    kind = policy.spec["switch"]
    if kind in DOWN:
        chip = _m("one NVSwitch (any of {n})", n=len(switches))  # as the documents name the chips: NVSwitch 0, ...
        return _down(topo, policy, kind, chip, tuple(switches), "plane")
    costs = [(sw, c) for sw in switches if (c := _switch_cost(topo, sw)) is not None]
    sw, cost = max(costs, key=lambda sc: sc[1].drop)
    if policy.id == "fm_degraded":
        text = _m("one NVSwitch ({sw}) fails: Fabric Manager disables it (NVSWITCH_FAILURE_MODE=1): {change}", sw=sw,
                  change=_pct(cost))
    elif policy.id == "nmx_adaptive_bandwidth":
        text = _m("one NVSwitch ({sw}) fails: the adaptive-bandwidth partition runs degraded (NMX): "
                  "{change}", sw=sw, change=_pct(cost))
    else:
        text = _m("one switch ({sw}) fails (no vendor failure policy published; assumed: its links are lost): "
                  "{change}", sw=sw, change=_pct(cost))
    return Outcome("plane", kind, "info", text, (sw, *cost.pair), cost.drop)


def _tray_outcome(topo: Topology, policy: Policy) -> Outcome | None:
    racks = tray_parts(topo)
    switches = set(topo.scaleup_switches)
    trays = [(tp.tray, tuple(c for c in tp.ids if c in switches)) for tp in racks if tp.tray.kind == "switch"]
    trays = [(tray, chips) for tray, chips in trays if chips]
    if not trays:
        return None
    if policy.spec["switch"] in DOWN:
        tray, chips = trays[0]
        return _down(topo, policy, policy.spec["switch"], tray_what(tray, chips), chips, "tray")
    cost = worst_switch_tray(topo, racks)
    if cost is None:
        return None
    if cost.after > 1e-9:
        return Outcome("tray", "switch_disabled", "info", _m("{what} fails: the adaptive-bandwidth partition runs "
                                                             "degraded (NMX): {change}", what=cost.what,
                                                             change=_pct(cost)), cost.pair, cost.drop)
    return Outcome("tray", "switch_disabled", "error", _m("{what} fails: {change}, no NVLink left between them",
                                                          what=cost.what, change=_pct(cost)), cost.pair, cost.drop,
                   _m("spread every GPU's links over more switch trays"))


def outcomes(topo: Topology) -> dict[str, Outcome]:
    """The outcome per granularity ("link", "plane", "tray") under the design's policy (cached per topology)."""
    if "failure_outcomes" not in topo.cache:
        policy = resolve(topo)
        found: dict[str, Outcome] = {}
        if policy is not None and len(topo.gpus) > 1:
            for make in (_link_outcome, _plane_outcome, _tray_outcome):
                o = make(topo, policy)
                if o is not None:
                    found[o.granularity] = o
        topo.cache["failure_outcomes"] = found
    return topo.cache["failure_outcomes"]


def documented_waivers(topo: Topology) -> list[Waiver]:
    """The waiver a reference design carries for its platform's documented single point of failure (one switch
    stops the NVLink domain): the design is built as the vendor ships it, and the finding stays visible as waived.
    It covers the rule as a whole, so it still holds when a switch is replaced or renamed."""
    policy = resolve(topo)
    if policy is None or not any(o.kind in DOWN for o in outcomes(topo).values()):
        return []
    return [Waiver(rule=RULE, reason=render(documented_reason(policy.source["short"]), "en"))]


def documented_reason(source: str) -> Msg:
    """The reason a reference design's documented waiver gives (saved in the design file in English)."""
    return _m("documented platform behaviour ({source}), as shipped", source=Name(source))


def waiver_reason(reason: str) -> Msg | Name:
    """A waiver's reason for a document: a documented waiver's own message (in the document's language), found by
    comparing with each published failure-policy source; anything else is the user's text, as written."""
    for source in policy_data()["sources"].values():
        msg = documented_reason(source["short"])
        if reason == render(msg, "en"):
            return msg
    return Name(reason)
