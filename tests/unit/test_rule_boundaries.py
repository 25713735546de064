"""Every numeric threshold of the rule check at, just under and just over its edge (issue 25: hand mutants such
as `>` to `>=` at the PSU capacity edge, the 5 % derived-cooling band and the PCIe uplink warning ratio survived
the suite). The power figures are set on a real design's budget (the budget's own arithmetic derives load, wall,
usable and heat from them); the link and NIC thresholds are reached by editing a real design. The edges are
written as numbers here, not read from the rules' constants, so a changed constant fails too."""

from dataclasses import replace

import pytest

import designer.rules.checks  # noqa: F401 (registers the rules)
from designer.model import edits
from designer.model.budget import PowerLine
from designer.model.design import Redundancy
from designer.rules.engine import RULES, RuleContext, Severity
from designer.topology.graph import build_topology

ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


def findings(rule_id: str, design, catalog, load_w: float | None = None, **budget) -> list[Severity]:
    """Severities the rule reports; with `load_w`, the budget's load is exactly that (one line) and, unless told,
    the PSUs are 100 % efficient so the wall and the heat equal the load."""
    ctx = RuleContext(design, catalog)
    if load_w is not None:
        budget = {"psu_efficiency": 1.0, **budget, "lines": (PowerLine("GPUs", "gpu0", "test", load_w),)}
    if budget:
        ctx.__dict__["budget"] = replace(ctx.budget, **budget)
    rule = RULES[rule_id]
    return [f.severity or rule.severity for f in rule.fn(ctx)]


@pytest.fixture
def h100(design_of):
    return design_of("dgx-h100")


# --- power.psu_capacity: load above all PSUs together (6 x 3,300 W = 19,800 W) --------------------------------
@pytest.mark.parametrize("load,expected", [(19_799.99, []), (19_800.0, []), (19_800.01, [ERROR])])
def test_psu_capacity_edge(h100, catalog, load, expected):
    assert findings("power.psu_capacity", h100, catalog, load, psu_count=6, psu_unit_w=3300.0) == expected


# --- power.psu_redundancy: N+1 of 6 x 3,300 W leaves 16,500 W; above 95 % of that (15,675 W) no margin -------------
@pytest.mark.parametrize("load,expected", [
    (15_674.99, []), (15_675.0, []), (15_675.01, [WARNING]),
    (16_499.99, [WARNING]), (16_500.0, [WARNING]), (16_500.01, [ERROR]),
])
def test_psu_redundancy_edges(h100, catalog, load, expected):
    assert findings("power.psu_redundancy", h100, catalog, load, psu_count=6, psu_unit_w=3300.0,
                    redundancy=Redundancy.N_PLUS_1) == expected


@pytest.mark.parametrize("count,expected", [(5, [WARNING]), (6, []), (7, [WARNING])])
def test_n_plus_n_needs_an_even_psu_count(h100, catalog, count, expected):
    assert findings("power.psu_redundancy", h100, catalog, 1000.0, psu_count=count, psu_unit_w=3300.0,
                    redundancy=Redundancy.N_PLUS_N) == expected


# --- power.rack_budget: 4 nodes x 10,000 W at the wall against a 40,000 W budget ------------------------------
@pytest.mark.parametrize("budget_w,expected", [(40_000.01, []), (40_000.0, []), (39_999.99, [ERROR])])
def test_rack_budget_edge(h100, catalog, budget_w, expected):
    design = edits.set_settings(h100, rack_power_budget_w=budget_w, nodes_per_rack=4)
    assert findings("power.rack_budget", design, catalog, 10_000.0) == expected


# --- power.published_maximum: more than 5 % from a published 10,000 W ------------------------------------------
@pytest.mark.parametrize("wall,expected", [
    (10_499.99, [INFO]), (10_500.0, [INFO]), (10_500.01, [WARNING]),
    (9_500.01, [INFO]), (9_500.0, [INFO]), (9_499.99, [WARNING]),
])
def test_published_maximum_band(h100, catalog, wall, expected):
    assert findings("power.published_maximum", h100, catalog, wall, published_max_w=10_000.0) == expected


# --- cooling.capacity: over 10,000 W; a derived limit gets a 5 % warning band -----------------------------------
@pytest.mark.parametrize("heat,published,expected", [
    (9_999.99, True, []), (10_000.0, True, []), (10_000.01, True, [ERROR]),
    (10_000.01, False, [WARNING]), (10_499.0, False, [WARNING]), (10_501.0, False, [ERROR]),
])
def test_cooling_capacity_edges(h100, catalog, heat, published, expected):
    assert findings("cooling.capacity", h100, catalog, heat, cooling_capacity_w=10_000.0,
                    cooling_capacity_published=published) == expected


def test_cooling_band_at_exactly_five_percent_is_the_warning_side_within_float_rounding(h100, catalog):
    """heat / limit - 1 at 10,500 / 10,000 is 0.05000000000000004 in floating point: the exact edge lands on the
    error side by 4e-17. Documented here so a change of that comparison is a deliberate one."""
    assert findings("cooling.capacity", h100, catalog, 10_500.0, cooling_capacity_w=10_000.0,
                    cooling_capacity_published=False) == [ERROR]
    assert findings("cooling.capacity", h100, catalog, 10_499.9999, cooling_capacity_w=10_000.0,
                    cooling_capacity_published=False) == [WARNING]


# --- cooling.liquid_required: an air design's GPUs above the fan wall's 1,000 W per-device limit ---------------
@pytest.mark.parametrize("tdp,expected", [(999.99, []), (1000.0, []), (1000.01, [ERROR])])
def test_air_limit_per_accelerator(design_of, catalog, tdp, expected):
    design = design_of("dgx-b200")  # air-cooled, 1,000 W B200s (NVIDIA DGX B200 user guide)
    gpu = catalog.get(design.component("gpu0").part)
    hot = replace(catalog, parts={**catalog.parts, gpu.id: gpu.model_copy(update={"tdp_w": tdp})})
    assert findings("cooling.liquid_required", design, hot) == expected


# --- pcie.lanes_oversubscribed: lanes on a CPU root complex against its 80 (Xeon 8480C) --------------------------
def _cpu_lanes(design, catalog, cpu: str) -> int:
    return sum(lk.count for lk in design.links if lk.kind.value == "pcie" and cpu in (lk.a, lk.b))


@pytest.mark.parametrize("extra,expected", [(-1, []), (0, []), (1, [ERROR])])
def test_root_complex_lane_edge(h100, catalog, extra, expected):
    assert catalog.get(h100.component("cpu0").part).pcie_lanes == 80
    link = next(lk for lk in h100.links if lk.kind.value == "pcie" and "cpu0" in (lk.a, lk.b))
    used = _cpu_lanes(h100, catalog, "cpu0")
    design = edits.update_link(h100, link.id, count=link.count + (80 - used) + extra)
    assert _cpu_lanes(design, catalog, "cpu0") == 80 + extra
    assert findings("pcie.lanes_oversubscribed", design, catalog) == expected


# --- pcie.uplink_oversubscribed: GPU lanes below a switch over its uplink; above 2:1 an info, above 4:1 a warning --
@pytest.mark.parametrize("uplink_lanes,expected", [
    (17, []), (16, []), (15, [INFO]),  # 32 GPU lanes: 1.88, 2.00, 2.13
    (9, [INFO]), (8, [INFO]), (7, [WARNING]),  # 3.56, 4.00, 4.57
])
def test_uplink_ratio_edges(h100, catalog, uplink_lanes, expected):
    topo = build_topology(h100, catalog)
    switch = "psw0"
    gpus = [n for n in topo.graph[switch] if n in topo.gpus]
    assert len(gpus) == 2 and all(topo.graph.edges[switch, g]["count"] == 16 for g in gpus)
    up = next(lk for lk in h100.links if switch in (lk.a, lk.b) and {lk.a, lk.b} & {"cpu0", "cpu1"})
    design = edits.update_link(h100, up.id, count=uplink_lanes)
    found = findings("pcie.uplink_oversubscribed", design, catalog)
    assert found == expected


# --- net.scaleout_per_gpu: compute NIC line rate per GPU under 200 Gb/s ----------------------------------------
@pytest.mark.parametrize("keep,expected", [(3, [WARNING]), (4, []), (5, [])])  # 8 GPUs: 150, 200, 250 Gb/s each
def test_scaleout_per_gpu_edge(h100, catalog, keep, expected):
    nics = [c.id for c in h100.components if c.id.startswith("nic")]
    assert len(nics) == 8 and all(catalog.get(h100.component(n).part).line_rate_gbit_s == 400 for n in nics)
    design = edits.remove_components(h100, nics[keep:])
    assert findings("net.scaleout_per_gpu", design, catalog) == expected
