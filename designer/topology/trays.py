"""Single failures of a whole tray in a rack-scale chassis: a compute tray (its GPUs, CPUs and NICs leave the
domain), an NVLink switch tray (all its switch chips at once) and a power shelf (all its PSUs)."""

from __future__ import annotations

from dataclasses import dataclass

from designer.core.memo import memo_by_identity
from designer.core.messages import Msg, _m, many
from designer.model.parts import ChassisSpec, NicSpec, PsuSpec, SlotKind
from designer.model.rack import Tray, tray_label, trays
from designer.topology.failures import FailureCost, plane_losses
from designer.topology.graph import Topology


@dataclass(frozen=True)
class TrayParts:
    tray: Tray
    ids: tuple[str, ...]  # components placed in the tray, in design order


def tray_what(tray: Tray, chips: tuple[str, ...] | list[str]) -> Msg:
    """A switch tray named with its switch chips: "NVLink switch tray 1 (nvs0, nvs1)"."""
    return _m("{tray} ({ids})", tray=tray_label(tray), ids=many(chips))


def tray_parts(topo: Topology) -> list[TrayParts]:
    """Each tray of the design's rack-scale chassis with the components in its slots ([] for a single node);
    computed once per topology."""
    if "tray_parts" not in topo.cache:
        topo.cache["tray_parts"] = _tray_parts(topo)
    return topo.cache["tray_parts"]


@memo_by_identity(size=8)
def _slot_map(chassis: ChassisSpec) -> tuple[tuple[Tray, ...], dict[tuple[SlotKind | None, int | None], int]]:
    """A rack-scale chassis's trays and, per (slot kind, slot), the tray holding it: once per chassis object (the
    catalog's own), not per topology."""
    rack = tuple(trays(chassis))
    where: dict[tuple[SlotKind | None, int | None], int] = {}
    for n, tray in enumerate(rack):
        for kind, r in tray.slots.items():
            where.update({(kind, i): n for i in r})
    return rack, where


def _tray_parts(topo: Topology) -> list[TrayParts]:
    rack, where = _slot_map(topo.catalog.chassis(topo.design.chassis))
    if not rack:
        return []
    members: list[list[str]] = [[] for _ in rack]
    kinds = topo.slot_kinds
    for comp in topo.design.components:
        at = where.get((kinds[comp.id], comp.slot))
        if at is not None:
            members[at].append(comp.id)
    return [TrayParts(t, tuple(m)) for t, m in zip(rack, members, strict=True)]


def worst_switch_tray(topo: Topology, racks: list[TrayParts]) -> FailureCost | None:
    """The GPU pair that loses most when one switch tray (every switch chip in it) fails (once per topology and
    tray list)."""
    key = ("worst_switch_tray", tuple((tp.tray.name, tp.ids) for tp in racks))
    if key not in topo.cache:
        topo.cache[key] = _worst_switch_tray(topo, racks)
    return topo.cache[key]


def _worst_switch_tray(topo: Topology, racks: list[TrayParts]) -> FailureCost | None:
    switches = set(topo.scaleup_switches)
    groups = [(tp.tray, [c for c in tp.ids if c in switches]) for tp in racks if tp.tray.kind == "switch"]
    groups = [(tray, chips) for tray, chips in groups if chips]
    if not groups:
        return None
    losses = plane_losses(topo)
    if losses is None:
        return None
    base = losses.base
    worst: FailureCost | None = None
    for tray, chips in groups:
        lost = sum((losses.loss[c] for c in chips if c in losses.loss), base * 0.0)
        drop = lost / base.clip(min=1e-12)
        k = int(drop.argmax())
        cost = FailureCost("tray", tray_what(tray, chips), losses.pair(k), float(base[k]),
                           max(0.0, float(base[k] - lost[k])))
        if worst is None or cost.drop > worst.drop + 1e-12:
            worst = cost
    return worst


def compute_tray_loss(topo: Topology, tp: TrayParts) -> tuple[list[str], float]:
    """(GPUs a failed compute tray takes out, scale-out Gb/s of the NICs in it)."""
    gpus, compute = set(topo.gpus), set(topo.nics("compute"))
    nics = [c for c in tp.ids if isinstance(topo.part(c), NicSpec) and c in compute]
    gbit = sum(topo.part(n).line_rate_gbit_s for n in nics)  # type: ignore[attr-defined]
    return [c for c in tp.ids if c in gpus], gbit


def shelf_watts(topo: Topology, tp: TrayParts) -> float:
    return sum(p.output_w for p in (topo.part(c) for c in tp.ids) if isinstance(p, PsuSpec))
