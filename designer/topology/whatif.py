"""A what-if failure under the design's fabric failure policy: which further links go out of service with the
failed parts, and what the platform does (the Performance panel's what-if, `simulate --fail`, presentation
mode's failure keys). Fabric Manager and NMX act on more than the failed part: a GPU with a failed access link
leaves NVLink routing altogether, a failed NVSwitch leaves the whole fabric uninitialised, a disabled switch
takes all its links."""

from __future__ import annotations

from dataclasses import dataclass

from designer.core.messages import EMPTY, Msg, _m
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.topology.graph import SCALEUP, Topology, build_topology
from designer.topology.policy import DOWN, Policy, resolve


@dataclass(frozen=True)
class PolicyEffect:
    extra: tuple[str, ...]  # further component or link ids out of service
    notes: tuple[Msg, ...]  # what the platform does, first in the what-if notes
    down: bool  # the NVLink domain stops (an uninitialised fabric, an unhealthy partition): nothing runs on it
    state: Msg = EMPTY  # where down: the documented state in words, shown in place of figures that do not exist


NONE = PolicyEffect((), (), False)


def _scaleup_link_ids(topo: Topology, ends: set[str] | None = None) -> tuple[str, ...]:
    return tuple(lk.id for lk in topo.design.links if lk.kind in SCALEUP
                 and (ends is None or lk.a in ends or lk.b in ends))


def _down_note(policy: Policy, switch: str) -> Msg:
    if policy.spec["switch"] == "fabric_down":
        return _m("failed {id}: Fabric Manager leaves the fabric uninitialised (NVSWITCH_FAILURE_MODE=0): no NVLink "
                  "for any GPU and CUDA launches fail (cudaErrorSystemNotReady); the figures are what PCIe and the "
                  "network alone would carry, not a state the node runs in", id=switch)
    return _m("failed {id}: the full-bandwidth partition becomes UNHEALTHY, not operational (NMX); the figures are "
              "what would remain without NVLink, not a state the rack runs in", id=switch)


def down_state(policy: Policy) -> Msg:
    """The documented state of a stopped NVLink domain, in words, naming the policy in force."""
    if policy.spec["switch"] == "fabric_down":
        return _m("fabric not operational (policy {policy}: Fabric Manager leaves the fabric uninitialised, "
                  "NVSWITCH_FAILURE_MODE=0)", policy=policy.id)
    return _m("fabric not operational (policy {policy}: the full-bandwidth partition is UNHEALTHY, NMX)",
              policy=policy.id)


def _switch_effect(topo: Topology, policy: Policy, switches: list[str]) -> PolicyEffect:
    several = len(switches) > 1 and policy.id == "fm_degraded"  # the guide: more than one falls back to mode 0
    if policy.spec["switch"] in DOWN or several:
        fallback = policy if not several else Policy("fm_default", policy.chosen, policy.platform,
                                                     policy.alternatives, False)
        return PolicyEffect(_scaleup_link_ids(topo), (_down_note(fallback, switches[0]),), True, down_state(fallback))
    if policy.id == "fm_degraded":
        return PolicyEffect((), (_m("failed {id}: Fabric Manager disables it (NVSWITCH_FAILURE_MODE=1)",
                                    id=switches[0]),), False)
    return NONE


def _link_effect(topo: Topology, policy: Policy, link_id: str) -> PolicyEffect:
    link = topo.design.link(link_id)
    switches = set(topo.scaleup_switches)
    gpu, other = (link.a, link.b) if link.a in topo.gpu_index else (link.b, link.a)
    if link.kind not in SCALEUP or gpu not in topo.gpu_index or other not in switches:
        return NONE
    if policy.spec["link"] == "gpu_removed":
        note = (_m("failed {id}: {gpu} leaves NVLink routing (Fabric Manager ACCESS_LINK_FAILURE_MODE=0); its traffic "
                   "goes over PCIe or the network", id=link_id, gpu=gpu) if policy.platform != "nvl72" else
                _m("failed {id}: {gpu} leaves NVLink routing (NMX full-bandwidth partition, state DEGRADED); its "
                   "traffic goes over PCIe or the network", id=link_id, gpu=gpu))
        return PolicyEffect(_scaleup_link_ids(topo, {gpu}), (note,), False)
    if policy.spec["link"] == "switch_disabled":
        return PolicyEffect((other,), (_m("failed {id}: Fabric Manager disables {sw} (ACCESS_LINK_FAILURE_MODE=1)",
                                          id=link_id, sw=other),), False)
    return NONE


def policy_effect(design: Design, catalog: Catalog, fail: tuple[str, ...]) -> PolicyEffect:
    """What the design's failure policy adds to the failed ids (unknown ids are left to the caller)."""
    topo = build_topology(design, catalog)
    policy = resolve(topo)
    if policy is None or not fail:
        return NONE
    links = {lk.id for lk in design.links}
    switches = [f for f in fail if f in set(topo.scaleup_switches)]
    effects = [_switch_effect(topo, policy, switches)] if switches else []
    effects += [_link_effect(topo, policy, f) for f in fail if f in links]
    if not policy.documented and (switches or any(f in links for f in fail)):
        effects.append(PolicyEffect((), (_m("no vendor failure policy published for this fabric: the failed parts' "
                                             "bandwidth is taken as lost (assumed)"),), False))
    extra = tuple(dict.fromkeys(i for e in effects for i in e.extra if i not in fail))
    return PolicyEffect(extra, tuple(n for e in effects for n in e.notes), any(e.down for e in effects),
                        next((e.state for e in effects if e.state), EMPTY))
