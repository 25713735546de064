"""The cluster sheet's data: one JSON-ready dict from a ClusterModel, typeset by the `cluster-sheet` template.

Every figure is computed from the plan (sizing, racks, feeds, cooling, BOM, rule check, cross-tier model);
every word comes from the text table (designer.export.cluster_text) or, for rule findings, assumptions, BOM
places and what-if effects, from their messages (designer.core.locale.render), in the document's language.
Part names stay as vendors write them.
"""

from __future__ import annotations

import math
import re
from datetime import datetime, timedelta
from typing import Any

from designer import __version__
from designer.cluster.bom import bom
from designer.cluster.build import ClusterModel
from designer.cluster.cabling import DAC_REACH_M
from designer.cluster.files import plan_to_json
from designer.cluster.perf import WHAT_IF_BYTES, place, simulate_job, what_if
from designer.cluster.racks import SLOT_WORDS, rack_types
from designer.cluster.rules import check_plan
from designer.cluster.summary import plan_title
from designer.core import i18n
from designer.core.electrical import btu_per_hr
from designer.core.locale import render
from designer.core.messages import Audience, Msg
from designer.cost.cluster import cost_summary, priced_bom
from designer.cost.money import currency as money_currency
from designer.cost.prices import catalog_prices
from designer.cost.tco import TcoParams
from designer.export.brand import Brand, document_fields
from designer.export.cluster_drawings import elevations, fabric_diagram, name_ranges
from designer.export.cluster_text import CLUSTER_TEXT
from designer.export.doc_number import generator_line
from designer.export.sheet_charts import Series, line_chart
from designer.model.data_text import part_name
from designer.model.parts import PartBase
from designer.simulation import SimConfig
from designer.simulation.calibration import NO_CALIBRATION
from designer.simulation.model import MAX_NODES, band

URL = re.compile(r"https?://\S+")
REFERENCES = (
    "NVIDIA DGX SuperPOD Reference Architecture with DGX H100 (RA-11333-001), Network fabrics: scalable units, "
    "compute fabric tables and cable and transceiver counts. "
    "https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100/latest/",
    "NetBox: power feed model, available power = voltage x amperage x max utilisation (x sqrt 3 for three "
    "phases), netbox/dcim/models/power.py. https://github.com/netbox-community/netbox",
    "NVIDIA. NCCL Tests: Performance reported by NCCL tests (algbw, busbw). doc/PERFORMANCE.md, "
    "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md",
)


def _num(value: float, decimals: int = 0) -> str:
    return f"{value:,.{decimals}f}"


def _largest_remainder(values: list[float], total: int) -> list[int]:
    """Whole numbers, each the floor or ceiling of its value, that add up to `total` (the largest remainders
    rounded up)."""
    floors = [math.floor(v) for v in values]
    short = total - sum(floors)
    order = sorted(range(len(values)), key=lambda i: values[i] - floors[i], reverse=True)
    for i in order[:max(0, short)]:
        floors[i] += 1
    return floors


def reference(text: str) -> list[dict[str, str]]:
    """A reference as pieces of text and the URLs it names (the template makes each URL a link)."""
    pieces, at = [], 0
    for found in URL.finditer(text):
        url = found.group(0).rstrip(".,;)'")
        pieces.append({"text": text[at:found.start()], "url": url})
        at = found.start() + len(url)
    return [*pieces, {"text": text[at:], "url": ""}]


def _title(title: Msg | str, lang: str) -> str:
    """A reference design's title (a message) in a language; a name of the user's own as written."""
    return render(title, lang, Audience.DOCUMENT) if isinstance(title, Msg) else title


class ClusterSheet:
    """Builds the dict; one instance per export."""

    def __init__(self, model: ClusterModel, lang: str, now: datetime, brand: Brand, cost: dict | None = None,
                 trains: list[dict] | None = None, currency: str | None = None) -> None:
        self.m, self.lang, self.now, self.brand = model, lang, now, brand
        self.trains = trains or []
        self.t = i18n.sheet_text(CLUSTER_TEXT, lang)
        self.prices = catalog_prices(model.catalog)  # the shipped price book (cluster info's default)
        self.cur = money_currency(self.prices, currency)
        self.t = self.t | {"cl_tr_cost": self.t["cl_tr_cost"].format(cur=self.cur.symbol)}  # a column heading
        if cost is None:  # at the plan's PUE (cluster info's default)
            cost = cost_summary(model, self.prices, TcoParams(pue=model.site.pue))
        self.cost = cost

    def money(self, usd: float, decimals: int = 0) -> str:
        """An amount in the sheet's currency: 'NT$9,918,105'."""
        return self.cur.format(usd, decimals)

    def millions(self, usd: float, decimals: int = 1) -> str:
        """An amount in millions of the sheet's currency, the number alone ('372.6'; the text says the unit)."""
        return _num(self.cur.from_usd(usd) / 1e6, decimals)

    def fmt(self, key: str, **values: object) -> str:
        return self.t[key].format(**values)

    @property
    def name(self) -> str:
        """The plan's name; the name `cluster new` gives by default ("DGX H100 cluster") in the sheet's language
        ("DGX H100 叢集"), a name of the user's own as written."""
        return _title(plan_title(self.m), self.lang)  # the default as the CLI or the window wrote it, in any language

    @property
    def node_name(self) -> str:
        """The node's name in the sheet's language: a reference design's title translated ("GB200 NVL72 機櫃")."""
        return _title(self.m.node_title(), self.lang)

    # Cover ----------------------------------------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        m = self.m
        return {"name": self.name, "node": self.node_name, "date": self.now.date().isoformat(),
                "generator": generator_line("cluster", m.plan.name, plan_to_json(m.plan), self.lang,
                                            self.brand.document_prefix),
                "catalog_version": m.catalog.version,
                "subtitle": self.fmt("cl_subtitle", gpus=_num(m.compute.gpus), nodes=_num(m.nodes), node=self.node_name,
                                     per_node=m.node.gpus)}

    def brand_data(self) -> dict[str, Any]:
        return document_fields(self.brand)

    def role_counts(self) -> dict[str, int]:
        return {role: len(self.m.racks.of_role(role)) for role in ("compute", "network", "management")}

    def headlines(self, busbw: float) -> list[dict[str, str]]:
        m, site, roles = self.m, self.m.site, self.role_counts()
        job = min(m.compute.gpus, MAX_NODES * m.node.gpus)
        return [
            {"value": _num(m.compute.gpus), "unit": self.t["cl_card_gpus"], "detail": self.node_name},
            {"value": _num(m.nodes), "unit": self.t["cl_card_nodes"],
             "detail": self.fmt("cl_card_nodes_detail", per_rack=m.racks.nodes_per_rack)},
            {"value": _num(len(m.racks.racks)), "unit": self.t["cl_card_racks"],
             "detail": self.fmt("cl_card_racks_detail", **{k: _num(v) for k, v in roles.items()})},
            {"value": _num(m.it_w / 1000, 1), "unit": self.t["cl_card_it"],
             "detail": self.fmt("cl_card_it_detail", facility=_num(m.it_w * site.pue / 1000, 1), pue=f"{site.pue:g}")},
            {"value": _num(busbw, 1), "unit": self.t["cl_card_busbw"],
             "detail": self.fmt("cl_card_busbw_detail", gpus=_num(job))},
            {"value": f"{self.cur.from_usd(self.cost['usd_per_gpu_hour']):,.2f}",
             "unit": self.fmt("cl_card_cost", cur=self.cur.symbol),
             "detail": self.fmt("cl_card_cost_detail", cur=self.cur.symbol,
                                capital=self.millions(self.cost["capital_usd"]))},
        ]

    def overview(self) -> list[list[str]]:
        m, c, f, site = self.m, self.m.compute, self.m.fabric, self.m.site
        fabric = self.fmt("cl_fabric_value", switch=self.part_text(m.switch.id), topology=self.t[f"cl_{f.topology}"],
                          tiers=self.fmt("cl_n_tier" if c.tiers == 1 else "cl_n_tiers", n=c.tiers),
                          planes=self.fmt("cl_n_plane" if c.planes == 1 else "cl_n_planes", n=c.planes),
                          sus=_num(c.scalable_units), per_su=c.positions_per_su,
                          ratio=f"{c.oversubscription:g}")
        feed = site.feed
        site_text = self.fmt("cl_site_value", rack_kw=_num(site.power_limit_w / 1000, 1),
                             height=site.rack_height_u,
                             cooling=self.t[f"cl_{site.cooling}"], feeds=site.feeds_per_rack, volts=f"{feed.volts:g}",
                             amps=f"{feed.amps:g}", phases=feed.phases, policy=site.ab_policy.upper(),
                             pue=f"{site.pue:g}")
        return [[self.t["cl_node"], self.node_name], [self.t["cl_size"], self.meta()["subtitle"]],
                [self.t["cl_fabric_row"], fabric], [self.t["cl_site_row"], site_text]]

    # Fabric ---------------------------------------------------------------------------------------------
    def fabric_rows(self) -> list[list[str]]:
        c = self.m.compute
        groups = self.fmt("cl_leaf_groups" if c.planes == 1 else "cl_leaf_groups_planes", sus=_num(c.scalable_units),
                          rails=c.leaf_switches // max(1, c.scalable_units * c.planes), planes=c.planes)
        rows = [[self.t["cl_tier_leaf"], _num(c.leaf_switches), groups, _num(c.leaf_spine_cables)]]
        if c.spine_switches:
            rows.append([self.t["cl_tier_spine"], _num(c.spine_switches),
                         self.fmt("cl_per_plane", count=_num(c.spine_switches // c.planes), planes=c.planes),
                         _num(c.spine_core_cables) if c.spine_core_cables else "—"])
        if c.core_switches:
            rows.append([self.t["cl_tier_core"], _num(c.core_switches),
                         self.fmt("cl_per_plane", count=_num(c.core_switches // c.planes), planes=c.planes), "—"])
        return [[self.t["cl_tier_node"], _num(self.m.nodes), "", _num(c.node_leaf_cables)], *rows]

    def fabric_notes(self) -> list[str]:
        on_switches, on_nodes = self.m.optics
        notes = [self.fmt("cl_optics", switch_side=_num(on_switches), node_side=_num(on_nodes))]
        for a in self.m.aux:
            notes.append(self.fmt("cl_aux", role=self.t[f"cl_{a.role}"], switch=self.part_text(a.switch),
                                  leaves=_num(a.leaves + a.storage_leaves), spines=_num(a.spines),
                                  ports=_num(a.ports)))
        return notes

    # BOM, power, cooling ---------------------------------------------------------------------------------
    def bom_rows(self) -> list[dict[str, Any]]:
        """The BOM priced: each line with its unit and extended price, a subtotal after each category, the total."""
        rows: list[dict[str, Any]] = []
        lines = priced_bom(self.m, self.prices)
        for category in dict.fromkeys(p.line.category for p in lines):
            group = [p for p in lines if p.line.category == category]
            for p in group:
                b = p.line
                rows.append({"kind": "line", "cells": [
                    self.t.get(f"cl_cat_{b.category}", b.category), self.part_text(b.part, b.name), _num(b.quantity),
                    self.money(p.unit_usd) + (" *" if p.estimate else ""), self.money(p.total_usd), self.say(b.where)]})
            rows.append({"kind": "subtotal", "cells": [
                "", self.fmt("cl_subtotal", category=self.t.get(f"cl_cat_{category}", category)), "", "",
                self.money(sum(p.total_usd for p in group)), ""]})
        total = sum(p.total_usd for p in lines)
        rows.append({"kind": "total", "cells": ["", self.t["cl_total"], "", "", self.money(total), ""]})
        return rows

    def bom_note(self) -> str:
        """Under the priced BOM: the price book and its version, the currency's rate and source, the estimate mark."""
        book = self.t["cl_shipped_book"] if self.prices.origin == "shipped" else self.prices.origin
        note = self.fmt("cl_bom_book", book=book, version=self.prices.version)
        if not self.cur.is_usd:
            note += self.t["cl_sentence_gap"] + self.fmt("cl_bom_rate", code=self.cur.code,
                                                          rate=f"{1 / self.cur.usd_per_unit:,.4g}", date=self.cur.date)
        days = self.brand.quote_validity_days
        valid = self.fmt("cl_valid_until", date=(self.now.date() + timedelta(days=days)).isoformat(), days=days) \
            if days else self.t["cl_not_offer"]
        return note + self.t["cl_sentence_gap"] + self.t["cl_bom_estimate"] + self.t["cl_sentence_gap"] + valid

    def part_text(self, part_id: str, written: str | None = None) -> str:
        """A part's name in the plan's language (designer.model.data_text: English words beside the product name
        translated); `written`: the BOM's name, which may add to the part's name (" (<=30 m)")."""
        part = self.m.catalog.parts.get(part_id)
        if part is None:  # a part the plan makes (a feed-rated PDU, a generic transceiver): its name as a message
            label = self.m.part_label(part_id)
            return render(label, self.lang, Audience.DOCUMENT) if label is not None else written or part_id
        local = render(part_name(part), self.lang, Audience.DOCUMENT)
        if written is None or written == part.name:
            return local
        if not written.startswith(part.name):
            return written
        extra = written[len(part.name):].replace("<=", "≤")  # " (<=30 m)": the reach the BOM line is for
        bracket = re.fullmatch(r" \((.*)\)", extra)
        return local + (f"（{bracket.group(1)}）" if bracket and self.lang != "en" else extra)

    def say(self, msg: Msg) -> str:
        """A message (a BOM line's place, a slot word, a what-if effect, an assumption) in the document's language."""
        return render(msg, self.lang, Audience.DOCUMENT)

    def per_rack_rows(self) -> list[list[str]]:
        """The bill of one rack of each type: what it holds, how many racks alike."""
        return [[self.t[f"cl_role_{rt.role}"], _num(rt.count), _num(rt.watts / 1000, 1),
                 "; ".join(f"{n} x {self.slot_word(what)}" for what, n in rt.contents)]
                for rt in rack_types(self.m.racks.racks)]

    def slot_word(self, what: str) -> str:
        """A slot's label in the language: a switch part id with its tier or fabric, a tray or server word, or
        a part name as the vendor writes it."""
        part, _, role = what.rpartition(" ")
        if part in self.m.catalog and (key := f"cl_tier_{role}" if role in ("leaf", "spine", "core") else
                                       f"cl_{role}") in self.t:
            return f"{part} {self.t[key]}"
        word = SLOT_WORDS.get(what)
        return self.say(word) if word else what

    def rack_rows(self) -> list[list[str]]:
        """A row per group of equal racks: kW each and in all, and a total row equal to the site's IT power. The
        groups' totals are rounded so that they add up to the total as printed (largest remainder): 32 racks of
        38.47 kW printed as 38.5 each would otherwise sum 1 kW past the site's 1,317.6 kW."""
        feeds = {f.rack: f for f in self.m.feeds}
        groups: dict[tuple, list] = {}
        for r in self.m.racks.racks:
            groups.setdefault((r.role, round(r.watts), round(r.heat_to_liquid_w)), []).append(r)
        tenths = _largest_remainder([sum(x.watts for x in racks) / 100 for racks in groups.values()],
                                    round(self.m.it_w / 100))
        rows = []
        for ((role, _, _), racks), total in zip(groups.items(), tenths, strict=True):
            r, f = racks[0], feeds[racks[0].name]
            after = "—" if math.isinf(f.after_loss_load) else f"{f.after_loss_load:.0%}"
            rows.append([name_ranges([x.name for x in racks]), self.t[f"cl_role_{role}"], _num(r.watts / 1000, 1),
                         _num(total / 10, 1), _num(r.btu_hr), _num(r.heat_to_liquid_w / 1000, 1),
                         f"{f.normal_load:.0%}", after])
        rows.append([self.t["cl_total"], "", "", _num(self.m.it_w / 1000, 1), "", "", "", ""])
        return rows

    def site_rows(self) -> list[list[str]]:
        m, site = self.m, self.m.site
        feed = m.feeds[0]
        policy = self.t["cl_2n"] if site.ab_policy == "2n" else self.t["cl_n"]
        it, liquid = m.it_w, m.heat_to_liquid_w
        return [
            [self.t["cl_it"], f"{_num(it / 1000, 1)} kW"],
            [self.t["cl_facility"], f"{_num(it * site.pue / 1000, 1)} kW (PUE {site.pue:g})"],
            [self.t["cl_tons"], self.fmt("cl_tons_value", tons=_num(m.cooling_tons, 1), btu=_num(btu_per_hr(it)))],
            [self.t["cl_heat"], f"{_num((it - liquid) / 1000, 1)} kW / {_num(liquid / 1000, 1)} kW"],
            [self.t["cl_coolant"], self.fmt("cl_coolant_value", flow=_num(m.coolant_flow_l_min, 1),
                                            dt=f"{site.coolant_delta_t_k:g}", supply=f"{site.supply_water_c:g}")],
            [self.t["cl_cdus"], _num(m.cdus) if m.cdus else self.t["cl_none"]],
            [self.t["cl_feeds"], self.fmt("cl_feeds_value", feeds=feed.feeds,
                                          capacity=_num(feed.feed_capacity_w / 1000, 1), policy=policy)],
            *self.cost_rows(),
        ]

    def cost_rows(self) -> list[list[str]]:
        c, p = self.cost, self.cost["params"]
        book = self.t["cl_shipped_book"] if c["price_book"] == "shipped" else c["price_book"]
        return [[self.t["cl_capital"], self.fmt("cl_capital_value", cur=self.cur.symbol,
                                                total=self.millions(c["capital_usd"]),
                                                estimated=self.millions(c["estimated_capital_usd"]), book=book)],
                [self.t["cl_tco"], self.fmt("cl_tco_value", cur=self.cur.symbol,
                                            yearly=self.millions(c["yearly_usd"], 2),
                                            per_hour=f"{self.cur.from_usd(c['usd_per_gpu_hour']):,.2f}",
                                            util=f"{p['utilisation']:.0%}",
                                            kwh=f"{p['electricity_usd_kwh']:g}",
                                            energy=_num(c["energy_kwh_per_year"] / 1000))]]

    # Rules ----------------------------------------------------------------------------------------------
    def rules(self) -> dict[str, Any]:
        report = check_plan(self.m)
        counts = {s: sum(1 for v in report.active if v.severity.value == s) for s in ("error", "warning", "info")}
        summary = self.fmt("cl_rules_summary", rules=len(report.rules_run), errors=counts["error"],
                           warnings=counts["warning"], infos=counts["info"], waived=len(report.waived))
        return {"summary": summary, "findings": self.finding_rows(report.active),
                "waived": self.finding_rows(report.waived)}

    def train_rows(self) -> dict[str, Any]:
        """What the plan trains (given as data: designer.workload.summary), each row a model's fastest layout."""
        rows = []
        for r in self.trains:
            if not r["fits"]:
                rows.append([r["model"], self.t["cl_tr_none"], "—", "—", "—"])
                continue
            lay = r["layout"]
            layout = f"TP {lay['tp']} × PP {lay['pp']} × DP {_num(lay['dp'])} × CP {lay['cp']}"
            rows.append([r["model"], layout, f"{r['mfu']:.0%}", _num(r["days"], 1), self.millions(r["cost_usd"], 2)])
        intro = self.fmt("cl_tr_intro", gpus=_num(self.trains[0]["gpus"])) if self.trains else ""
        return {"intro": intro, "rows": rows}

    def problems(self) -> dict[str, Any]:
        """The unwaived errors, said on the cover before any figure: a plan that cannot run says so first."""
        errors = [v for v in check_plan(self.m).active if v.severity.value == "error"]
        if not errors:
            return {"lead": "", "items": []}
        return {"lead": self.fmt("cl_cannot_run", n=len(errors)),
                "items": [render(v.text, self.lang, Audience.DOCUMENT) for v in errors]}

    def finding_rows(self, violations) -> list[dict[str, str]]:
        """One row per finding (the rules make alike racks one finding naming them)."""
        return [{"severity": i18n.severity(v.severity.value, self.lang),
                 "title": i18n.rule_title(v.rule, v.title, self.lang),
                 "message": render(v.text, self.lang, Audience.DOCUMENT),
                 "fix": render(v.hint, self.lang, Audience.DOCUMENT), "reason": v.waiver_reason} for v in violations]

    # Performance ------------------------------------------------------------------------------------------
    def job_sizes(self) -> list[int]:
        g, total = self.m.node.gpus, min(self.m.compute.gpus, MAX_NODES * self.m.node.gpus)
        sizes, n = [], g
        while n < total:
            sizes.append(n)
            n *= 2
        return [*sizes, total]

    def performance(self) -> dict[str, Any]:
        cfg = SimConfig(("allreduce",), sizes=(WHAT_IF_BYTES,))
        rows, xs, ys, lo, hi = [], [], [], [], []
        for gpus in self.job_sizes():
            result, p = simulate_job(self.m, gpus, cfg)
            r = result.rows[-1]
            xs.append(p.gpus)
            ys.append(r.busbw_GBps)
            lo.append(r.busbw_low_GBps or r.busbw_GBps)
            hi.append(r.busbw_high_GBps or r.busbw_GBps)
            rows.append([_num(p.gpus), _num(p.nodes), self.t[f"cl_tier_{p.tier}_job"], _num(r.busbw_GBps, 1),
                         _num(lo[-1], 1), _num(hi[-1], 1)])
        ticks = [(float(x), f"{x:,}") for x in (xs if len(xs) <= 8 else xs[::2])]
        chart = None if len(xs) < 2 else line_chart(  # one node: the table alone
            [Series(self.t["cl_chart_series"], xs, ys, lo, hi)], 490, 200, self.t["cl_chart_x"], self.t["cl_chart_y"],
            self.t["cl_chart_title"], ticks, band_label=self.t["cl_band"]).as_dict()
        core = place(self.m, xs[-1]).tier == "core"
        return {"rows": rows, "chart": chart, "busbw": ys[-1],
                "band": self.fmt("cl_perf_band", band=f"{band(NO_CALIBRATION) * 100:.0f}"),
                "core_note": self.t["cl_perf_core"] if core else ""}

    def whatif_rows(self) -> list[list[str]]:
        rows = []
        for w in what_if(self.m):
            before, after = w["busbw_before_GBps"], w["busbw_after_GBps"]
            bw = "—" if after is None else f"{_num(before or 0, 1)} → {_num(after, 1)} GB/s"
            rows.append([self.t[f"cl_fail_{w['failure']}"], _num(w["gpus_affected"]), self.say(w["effect"]), bw])
        return rows

    # Assumptions and references -------------------------------------------------------------------------
    def assumptions(self) -> list[str]:
        runs = self.m.cabling.runs

        def span(link: str) -> str:
            found = sorted({r.length_m for r in runs if r.fabric == "compute" and r.link == link})
            return "—" if not found else f"{found[0]:g} m" if len(found) == 1 else f"{found[0]:g}–{found[-1]:g} m"
        lengths = self.fmt("cl_lengths", nl=span("node-leaf"), ls=span("leaf-spine"), sc=span("spine-core"),
                           dac=f"{DAC_REACH_M:g}")
        return [*(self.say(a) for a in self.m.assumptions()), lengths]

    def references(self) -> list[list[dict[str, str]]]:
        parts: dict[str, PartBase] = {}
        for line in bom(self.m):
            if line.part in self.m.catalog:
                parts.setdefault(line.part, self.m.catalog.get(line.part))
        part_refs = [reference(f"{p.name}: {p.source}") for p in parts.values() if getattr(p, "source", "")]
        ra = self.m.architecture  # the plan's own RA first, where it is not the H100 RA already listed
        own = [] if ra.generic or ra.document in REFERENCES[0] else \
            [reference(f"{ra.title} ({ra.document}), {ra.follows}. {ra.url}")]
        rate = [] if self.cur.is_usd else [reference(f"{self.cur.code} exchange rate: {self.cur.source}")]
        return [*own, *(reference(r) for r in REFERENCES), *part_refs, *rate]

    def build(self) -> dict[str, Any]:
        perf = self.performance()
        chart, elev_left = elevations(self.m, self.t, self.fmt)
        return {"text": self.t, "meta": self.meta(), "brand": self.brand_data(),
                "headlines": self.headlines(perf["busbw"]),
                "overview": self.overview(), "elevations": chart.as_dict(),
                "elevations_note": self.fmt("cl_types_left", count=elev_left) if elev_left else "",
                "closing": self.fmt("cl_closing", generator=f"GPU Node Designer {__version__}",
                                    catalog=self.m.catalog.version, date=self.now.date().isoformat()),
                "racks": self.rack_rows(), "site": self.site_rows(),
                "fabric": fabric_diagram(self.m, self.t, self.fmt).as_dict(), "fabric_rows": self.fabric_rows(),
                "fabric_notes": self.fabric_notes(), "bom": self.bom_rows(), "bom_note": self.bom_note(),
                "per_rack": self.per_rack_rows(),
                "rules": self.rules(), "problems": self.problems(), "trains": self.train_rows(),
                "performance": perf, "whatif": self.whatif_rows(), "assumptions": self.assumptions(),
                "references": self.references(), "attachment": plan_to_json(self.m.plan)}


def cluster_sheet_data(model: ClusterModel, lang: str = "en", now: datetime | None = None,
                       brand: Brand | None = None, trains: list[dict] | None = None,
                       currency: str | None = None) -> dict[str, Any]:
    from datetime import UTC  # noqa: PLC0415

    return ClusterSheet(model, lang, now or datetime.now(UTC), brand or Brand(), trains=trains,
                        currency=currency).build()
