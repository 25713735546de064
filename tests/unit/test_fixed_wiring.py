"""Fixed scale-up wiring: baseboard traces and a rack's cable cartridges cannot be re-wired.

The chassis data says which chassis carry their scale-up links (ChassisSpec.fixed_scaleup, with its source): HGX
baseboards (NVIDIA Fabric Manager User Guide, 'GPU Baseboard Topologies'), OAM universal baseboards (MI300X,
MI325X, MI355X, Gaudi 3) and the GB200 NVL72 NVLink spine (NVIDIA DGX GB200 User Guide, Hardware). Expected
bandwidths: NVLink 5 is 18 links of 50 GB/s per direction per GPU (900 GB/s; NVIDIA GB200 NVL72 page: 1.8 TB/s
bidirectional), 2 of the 18 switch chips per switch tray; MI300X has 7 xGMI links of 64 GB/s per direction (AMD
Instinct MI300X data sheet: 448 GB/s peer-to-peer). The tool used to give 0 errors for a missing NVL72 switch tray
and a warning "wire the idle links (auto-wire ...)" for a missing MI300X board link.
"""

from __future__ import annotations

import pytest

from designer.model import edits
from designer.model.wiring import auto_wire
from designer.rules import check
from designer.rules.engine import Severity
from designer.topology.graph import SCALEUP, build_topology
from designer.topology.trays import tray_parts

RULE = "scaleup.baseboard_switch_missing"


def scaleup_ids(design):
    return {lk.id for lk in design.links if lk.kind in SCALEUP}


def test_a_missing_nvl72_switch_tray_is_an_error_naming_the_bandwidth(catalog, design_of):
    rack = design_of("gb200-nvl72")
    tray = next(tp for tp in tray_parts(build_topology(rack, catalog)) if tp.tray.kind == "switch")
    broken = edits.remove_components(rack, tray.ids)
    report = check(broken, catalog)
    (v,) = [v for v in report.active if v.rule == RULE]
    lost = 2 * 50  # 2 of 18 links of 50 GB/s per direction
    assert v.severity is Severity.ERROR and len(v.ids) == 72
    assert f"use 16 of 18 nvlink5 links: {lost} of 900 GB/s per direction per GPU lost" in v.message
    assert f"({lost * 72 * 2 / 1000:.2f} TB/s bidirectional in all)" in v.message
    assert "NVLink spine cable cartridges are fixed" in v.message
    assert not any("auto-wire" in x.fix for x in report.active)


@pytest.mark.parametrize("template", ["amd-mi300x", "gaudi3-8"])
def test_a_missing_oam_board_link_is_an_error_and_never_an_auto_wire_hint(catalog, design_of, template):
    d = design_of(template)
    link = next(lk for lk in d.links if lk.kind in SCALEUP and {lk.a, lk.b} == {"gpu0", "gpu1"})
    report = check(edits.remove_links(d, [link.id]), catalog)
    (v,) = [v for v in report.active if v.rule == RULE]
    part = catalog.get(next(c.part for c in d.components if c.id == "gpu0"))
    lost = link.count * part.link_bw_gbytes_s_per_dir
    assert v.severity is Severity.ERROR and set(v.ids) == {"gpu0", "gpu1"}
    assert f"{lost:.0f} of {part.scaleup_gbytes_s_per_dir:.0f} GB/s per direction per accelerator lost" in \
        v.message.replace("per GPU", "per accelerator")
    assert "universal baseboard (UBB) traces are fixed" in v.message
    assert not any("auto-wire" in x.fix or "wire the idle links" in x.fix for x in report.active)
    assert not [x for x in report.active if x.rule == "scaleup.gpu_links_unused"]


def test_auto_wire_draws_the_board_traces_a_drawing_lacks_and_touches_no_other(catalog, design_of):
    # A fixed board's traces are the plan: a drawing that lacks one (a link deleted or never drawn) gets it back
    # from Auto-wire, as the user asked for it; the rule above still never proposes auto-wire for a missing trace,
    # since on a real board that is a hardware fault. (Until issue 35 auto-wire skipped every accelerator with any
    # link on a fixed chassis, so a partly hand-wired DGX H100 kept 10 errors.)
    d = design_of("amd-mi300x")
    link = next(lk for lk in d.links if lk.kind in SCALEUP)
    broken = edits.remove_links(d, [link.id])
    wired = auto_wire(broken, catalog)
    assert scaleup_ids(broken) < scaleup_ids(wired) and len(scaleup_ids(wired)) == len(scaleup_ids(d))
    assert {lk for lk in wired.links if lk.id in scaleup_ids(broken)} == \
        {lk for lk in broken.links if lk.id in scaleup_ids(broken)}
    bare = d.model_copy(update={"links": []})  # a board placed without links: auto-wire records its traces
    assert len(scaleup_ids(auto_wire(bare, catalog))) == len(scaleup_ids(d))


def test_links_a_design_makes_itself_still_get_the_idle_hint(catalog, design_of):
    # H100 NVL PCIe cards with NVLink bridges: the bridges are the design's to fit (no fixed wiring)
    d = design_of("h100-nvl-pcie")
    assert catalog.chassis(d.chassis).fixed_scaleup is None
    link = next(lk for lk in d.links if lk.kind in SCALEUP)
    fired = {v.rule: v for v in check(edits.update_link(d, link.id, count=link.count - 1), catalog).active}
    assert RULE not in fired and fired["scaleup.gpu_links_unused"].severity is Severity.WARNING
