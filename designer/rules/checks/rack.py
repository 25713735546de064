"""Single failures of a whole tray in a rack-scale chassis (reported by resilience.single_failure); a switch
tray's failure follows the fabric failure policy (resilience.fabric_failure, designer.topology.outcomes)."""

from __future__ import annotations

from collections.abc import Iterator

from designer.core.messages import Quantity, _m, many
from designer.model.rack import tray_label
from designer.rules.engine import Finding, RuleContext, Severity
from designer.rules.words import device
from designer.topology.trays import compute_tray_loss, shelf_watts, tray_parts


def tray_findings(ctx: RuleContext) -> Iterator[Finding]:
    racks = tray_parts(ctx.topo)
    if not racks:
        return
    yield from _compute_tray(ctx, [tp for tp in racks if tp.tray.kind == "compute" and tp.ids])
    yield from _power_shelf(ctx, [tp for tp in racks if tp.tray.kind == "power" and tp.ids])


def _compute_tray(ctx: RuleContext, trays) -> Iterator[Finding]:
    if not trays:
        return
    n = len(ctx.topo.gpus)
    worst = max(trays, key=lambda tp: len(compute_tray_loss(ctx.topo, tp)[0]))
    gpus, gbit = compute_tray_loss(ctx.topo, worst)
    if not gpus:
        return
    yield Finding(_m("a failed compute tray ({tray}: {ids}) takes {n} of {total} {devs} out of the scale-up domain "
                     "and {gbit} of scale-out; the other {rest} keep their scale-up bandwidth (scale-up paths never "
                     "run through another GPU)", tray=tray_label(worst.tray), ids=many(gpus), n=len(gpus), total=n,
                     devs=device(ctx.device, plural=True), gbit=Quantity(gbit, "Gb/s"), rest=n - len(gpus)),
                  tuple(gpus), _m("plan jobs for the smaller domain or keep a spare tray"), Severity.INFO)


def _power_shelf(ctx: RuleContext, shelves) -> Iterator[Finding]:
    b = ctx.budget
    if not shelves or b.psu_count == 0:
        return
    biggest = max(shelves, key=lambda tp: shelf_watts(ctx.topo, tp))
    total = b.psu_count * b.psu_unit_w
    left = total - shelf_watts(ctx.topo, biggest)
    severity = Severity.INFO if left >= b.load_w else Severity.ERROR
    yield Finding(_m("a failed power shelf ({tray}) leaves {left} of {total} installed for the {load} load",
                     tray=tray_label(biggest.tray), left=Quantity(left, "W"), total=Quantity(total, "W"),
                     load=Quantity(b.load_w, "W")), (), "" if severity is Severity.INFO else _m("add a power shelf"),
                  severity)
