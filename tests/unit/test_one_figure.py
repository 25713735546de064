"""One figure, one value (issue 34 item 2, a first slice): the figures the node sheet, the comparison and the cluster
sheet share are the same numbers, and the cluster sheet's rack groups add up, as printed, to its site total."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from designer.cluster.build import ClusterModel
from designer.cluster.plan import ClusterPlan, NodeRef
from designer.compare import comparison
from designer.cost.bill import node_tco
from designer.cost.cluster import cluster_bill
from designer.cost.prices import catalog_prices
from designer.export.brand import Brand
from designer.export.cluster_data import ClusterSheet
from designer.export.sheet_data import sheet_data
from designer.model.budget import power_budget
from designer.templates import build_template

NOW = datetime(2026, 12, 5, tzinfo=UTC)
PLANS = {"dgx-h100": 1024, "amd-mi300x": 1024, "gb200-nvl72": 1152, "dgx-b200": 1024}


def _num(text: str) -> float:
    return float(text.replace(",", ""))


@pytest.mark.parametrize(("template", "gpus"), PLANS.items())
def test_the_rack_groups_add_up_to_the_site_total_as_printed(catalog, template, gpus):
    model = ClusterModel(ClusterPlan(name="p", node=NodeRef(template=template), gpus=gpus), catalog)
    sheet = ClusterSheet(model, "en", NOW, Brand())
    *groups, total = sheet.rack_rows()
    it = next(row[1] for row in sheet.site_rows() if row[0] == sheet.t["cl_it"])
    assert total[3] == it.removesuffix(" kW")  # the total row is the site's IT power
    assert round(sum(_num(g[3]) for g in groups), 1) == _num(total[3])  # and the groups add up to it, printed
    for g in groups:  # each group's total is its racks' kW each times their count, within the rounding
        count = sum(1 for r in model.racks.racks if r.name in _names(g[0]))
        assert abs(_num(g[3]) - count * _num(g[2])) <= 0.05 * count + 0.1


def _names(ranges: str) -> set[str]:
    out: set[str] = set()
    for part in ranges.split(", "):
        first, _, last = part.partition("–")
        prefix = first.rstrip("0123456789")
        lo, hi = int(first[len(prefix):]), int((last or first)[len(prefix):])
        width = len(first) - len(prefix)
        out |= {f"{prefix}{i:0{width}d}" for i in range(lo, hi + 1)}
    return out


@pytest.mark.parametrize("template", PLANS)
def test_a_nodes_power_and_price_are_one_value_across_the_sheet_the_comparison_and_the_cluster(catalog, template):
    design = build_template(template, catalog)
    wall = power_budget(design, catalog).wall_w
    compared = comparison([("a", design), ("b", build_template("dgx-h100", catalog))], catalog)
    power = {row["key"]: row["values"][0] for row in compared["power"]}
    assert power["wall_peak_w"] == pytest.approx(wall, abs=0.05)
    headline = sheet_data(design, catalog, now=NOW)["headlines"][-1]["value"]  # the sheet's power card, kW
    assert _num(headline) == pytest.approx(wall / 1000, abs=0.05)
    cluster = ClusterModel(ClusterPlan(name="p", node=NodeRef(template=template), gpus=PLANS[template]), catalog)
    assert cluster.node.wall_w == pytest.approx(wall)
    prices = catalog_prices(catalog)
    bill, tco = node_tco(design, catalog, prices)
    gpus = sum(1 for c in design.components if catalog.get(c.part).kind == "gpu")
    assert power["capex_usd_per_gpu"] == pytest.approx(bill.total_usd / gpus, abs=0.5)
    assert tco is not None and power["usd_per_gpu_hour"] == pytest.approx(tco.usd_per_gpu_hour, abs=0.005)
    nodes_capital = sum(ln.total_usd for ln in cluster_bill(cluster, prices).lines if ln.category == "nodes")
    assert nodes_capital == pytest.approx(bill.total_usd * cluster.nodes)
