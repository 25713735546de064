"""Auto-wire completes and rebalances a partly hand-wired node (issue 35 item 3).

A user who drew a few scale-up links by hand and then chose Auto-wire got a DGX H100 with 10 rule errors ("gpu1
does not reach plane nvs0 where the other GPUs use 5"): accelerators with any link were skipped on a baseboard
chassis. Now every accelerator whose links differ from the plan (NVSwitch gen3: 18 links as 5/4/4/5 over the 4
planes, designer.model.wiring.plane_links; a baseboard mesh: mesh_links) is rewired to it, the user's own links kept
where the plan links the same two parts, in one command, and the status bar says what changed.
"""

from __future__ import annotations

from collections import Counter

import pytest

from designer.core.locale import render
from designer.document import commands as cmd
from designer.model.design import SCALEUP_KINDS
from designer.model.wiring import auto_wire, connect, wiring_changes
from designer.rules import check
from designer.rules.engine import Severity
from designer.templates import TEMPLATES


def scaleup(design) -> Counter:
    return Counter((lk.kind, frozenset((lk.a, lk.b)), lk.count) for lk in design.links if lk.kind in SCALEUP_KINDS)


def errors(design, catalog) -> set[str]:
    return {v.rule for v in check(design, catalog).active if v.severity is Severity.ERROR}


def hand_wired_h100(design_of, catalog):
    """The DGX H100 with no links, then three GPU-NVSwitch links drawn by hand (4 links each, as connect draws them:
    18 over 4 planes rounded down), one GPU with two planes."""
    d = design_of("dgx-h100").model_copy(update={"links": []})
    for gpu, plane in (("gpu0", "nvs0"), ("gpu1", "nvs1"), ("gpu0", "nvs1")):
        d = connect(d, catalog, gpu, plane)
    return d


def test_a_partly_hand_wired_dgx_h100_is_wired_as_the_reference_design(design_of, catalog):
    reference = design_of("dgx-h100")
    drawn = hand_wired_h100(design_of, catalog)
    assert errors(drawn, catalog) - errors(reference, catalog)  # the drawing alone is far from finished
    wired = auto_wire(drawn, catalog)
    assert scaleup(wired) == scaleup(reference)
    assert errors(wired, catalog) == errors(reference, catalog)  # was 10 uneven-plane errors more
    mine = {(lk.a, lk.b): lk for lk in drawn.links}
    kept = {(lk.a, lk.b): lk for lk in wired.links if lk.id in {m.id for m in mine.values()}}
    assert set(kept) == set(mine)  # the user's three links kept, ids and ends
    assert kept[("gpu0", "nvs0")].count == 5 and kept[("gpu0", "nvs1")].count == 4  # 5/4/4/5, the outer planes 5


def test_the_status_line_says_what_auto_wire_changed(design_of, catalog):
    drawn = hand_wired_h100(design_of, catalog)
    changes = wiring_changes(drawn, auto_wire(drawn, catalog))
    assert len(changes.changed) == 1  # gpu0-nvs0: 4 -> 5
    assert not changes.removed
    scaleup_added = 8 * 4 - 3
    assert len(changes.added) > scaleup_added  # and the PCIe, CPU and network links
    assert not changes.parts  # the fabrics were placed already
    text = str(cmd.autowire_report(changes))
    assert text == f"Auto-wire: {len(changes.added)} links added, 1 link changed"
    assert render(cmd.autowire_report(changes), "zh_TW") != text  # translated


def test_an_uneven_hand_drawn_plane_split_is_rebalanced_and_an_extra_link_removed(design_of, catalog):
    reference = design_of("dgx-h100")
    links = list(reference.links)
    i = next(i for i, lk in enumerate(links) if {lk.a, lk.b} == {"gpu3", "nvs1"})
    links[i] = links[i].model_copy(update={"count": 7})  # 5/7/4/5 = 21 links drawn
    drawn = reference.model_copy(update={"links": links})
    wired = auto_wire(drawn, catalog)
    assert scaleup(wired) == scaleup(reference)
    changes = wiring_changes(drawn, wired)
    assert changes.changed == (links[i].id,) and not changes.added and not changes.removed
    assert str(cmd.autowire_report(changes)) == "Auto-wire: 1 link changed"


@pytest.mark.parametrize("template_id", ["amd-mi300x", "huawei-atlas-910b", "gb200-nvl72", "h100-nvl-pcie"])
def test_half_the_scale_up_links_gone_auto_wire_restores_exactly_the_rest(design_of, catalog, template_id):
    reference = design_of(template_id)
    gone = {lk.id for lk in reference.links if lk.kind in SCALEUP_KINDS}
    gone = set(sorted(gone)[::2])
    drawn = reference.model_copy(update={"links": [lk for lk in reference.links if lk.id not in gone]})
    wired = auto_wire(drawn, catalog)
    assert scaleup(wired) == scaleup(reference)
    assert {lk.id for lk in drawn.links} <= {lk.id for lk in wired.links}  # nothing of the drawing removed


@pytest.mark.parametrize("template_id", list(TEMPLATES))
def test_auto_wire_on_a_finished_reference_design_changes_nothing_and_says_so(design_of, catalog, template_id):
    d = design_of(template_id)
    changes = wiring_changes(d, auto_wire(d, catalog))
    assert changes.nothing
    assert str(cmd.autowire_report(changes)) == "Auto-wire: every link already follows the plan; nothing changed"
