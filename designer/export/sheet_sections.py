"""Sections of the spec sheet's data that stand on their own: export-control screening, facility needs (liquid
cooling), the cooling row, heat split and rack limits (messages), the sentences about the design itself. A mixin
of designer.export.sheet_data.SheetData, whose text table (`self.text`, designer/export/sheet_text.py in the
sheet's language) they word themselves with."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from designer import __version__
from designer.core.locale import render, tidy
from designer.core.messages import Audience, Msg, Number, Quantity, _m, many
from designer.export.analysis import ExportAnalysis
from designer.export.brand import Brand
from designer.export.sheet_text import SHEET_TEXT
from designer.export.spec import SpecDocument
from designer.model.catalog import Catalog
from designer.model.data_text import data_msg, part_name
from designer.model.design import Design
from designer.model.export_control import export_control_dict
from designer.model.facility import heat_balance
from designer.model.parts import PartBase
from designer.model.rack_limits import effective_limits
from designer.templates import TEMPLATES, template_title


def not_published(value: float | None, fmt: str = ",.0f", unit: str = "", lang: str = "en") -> str:
    """A figure, or "not published" in the document's language."""
    return render(_m("not published"), lang, Audience.DOCUMENT) if value is None else f"{value:{fmt}}{unit}"


def _split(wall_w: float, liquid_w: float) -> dict[str, Number]:
    """Heat to liquid and to air as shown: whole watts that add up to the wall power shown."""
    return {"liquid": Number(round(liquid_w)), "air": Number(round(wall_w) - round(liquid_w))}


class SheetSections:
    design: Design
    catalog: Catalog
    brand: Brand
    now: datetime
    lang: str
    text: dict[str, str]
    refs: list[dict[str, str]]

    spec: SpecDocument
    analysis: ExportAnalysis

    def cite_part(self, part: PartBase) -> int:
        raise NotImplementedError

    def parts_of(self, kind: str) -> list[tuple[PartBase, int]]:
        raise NotImplementedError

    def t(self, english: Msg | str) -> str:
        raise NotImplementedError

    def cooling(self) -> tuple[Msg, list[int]]:
        p = self.spec.power
        items = self.parts_of("cooling")
        name = many([part_name(part) for part, _ in items], "; ") if items else _m("none")
        cap = (_m("capacity not published") if p.cooling_capacity_w is None else
               _m("removes {w}", w=Quantity(p.cooling_capacity_w, "W")))
        return (_m("{name}, {cap}; {liquid} W to liquid, {air} W to air; {cfm} CFM for the air share at a {dt} K rise",
                   name=name, cap=cap, **_split(p.wall_peak_w, p.facility.heat_to_liquid_w),
                   cfm=Number(p.facility.airflow_cfm), dt=Number(p.facility.air_delta_t_c, None)),
                [self.cite_part(part) for part, _ in items])

    def heat_split(self) -> str:
        p = self.spec.power
        return self.t(_m("{liquid} W to liquid, {air} W to air; the air share at a {rise} K rise",
                         **_split(p.wall_peak_w, p.facility.heat_to_liquid_w),
                         rise=Number(p.facility.air_delta_t_c, None)))

    def rack_limits(self) -> str:
        """The rack limits the check used (power.rack_density), each with where it comes from."""
        lim = effective_limits(self.design.settings, self.analysis.site)  # as the spec's rules.rack_limits
        return self.t(_m("{air} to air ({air_source}), {liquid} to liquid ({liquid_source})",
                         air=Quantity(lim.air_w / 1000, "kW"), air_source=lim.air_source,
                         liquid=Quantity(lim.liquid_w / 1000, "kW"), liquid_source=lim.liquid_source))


    def export_control(self) -> dict[str, Any]:
        """Export-control screening of the accelerators against the dated 3A090 thresholds (data)."""
        ec = export_control_dict(self.design, self.catalog)
        rule = ec["rule"]
        self.refs.append({"text": f"{rule['title']} ({rule['publisher']}), {rule['federal_register']}, "
                                  f"{rule['document_number']}, {rule['date']}, {rule['url']}", "note": ""})
        rule_ref = len(self.refs)
        rows = [{"name": a["name"], "count": str(a["count"]),
                 "tpp": self.t(_m("unknown")) if a["tpp"] is None else f"{a['tpp']:,.0f} ({a['tpp_basis']})",
                 "die_area": not_published(a["die_area_mm2"], ",.0f", " mm²", self.lang),
                 "density": not_published(a["performance_density"], ".2f", lang=self.lang), "eccn": a["eccn"],
                 "refs": [self.cite_part(self.catalog.get(a["part"]))]} for a in ec["accelerators"]]
        statement = self.text["ec_statement"] if ec["statement"] == SHEET_TEXT["ec_statement"] else ec["statement"]
        return {"rows": rows, "rule": f"{rule['federal_register']} ({rule['date']})", "statement": statement,
                "system": ec["system_eccn"], "system_line": self.text["ec_system"].format(eccn=ec["system_eccn"]),
                "refs": [rule_ref]}

    def facility(self) -> dict[str, str] | None:
        h, tx = heat_balance(self.design, self.catalog), self.text
        if h.coolant_flow_l_min is None or h.coolant_delta_t_k is None:
            return None
        inlet = tx["not given"] if h.coolant_inlet_c_max is None else tx["up to {c} °C"].format(
            c=f"{h.coolant_inlet_c_max:g}")
        rise = tx["{dt} K rise"].format(dt=f"{h.coolant_delta_t_k:g}") + (
            tx[" (assumed)"] if h.coolant_delta_t_assumed else "")
        flow = tx["facility_flow"].format(flow=f"{h.coolant_flow_l_min:,.1f}", watts=f"{h.heat_to_liquid_w:,.0f}",
                                          rise=rise, per_kw=f"{h.flow_l_min_per_kw or 0:.2f}")
        cdu = render(data_msg(h.cdu), self.lang, Audience.DOCUMENT) if h.cdu else tx["not named"]
        return {"cdu": cdu, "inlet": inlet, "flow": flow,
                "split": tx["abbreviation_separator"].join(render(a, self.lang, Audience.DOCUMENT)
                                                           for a in h.assumptions)}

    def meta_lines(self) -> dict[str, str]:
        """The sheet's sentences about the design itself: the reference design it started from (by its title, not
        its id), the closing paragraph, who prepared it."""
        m, b, tx = self.design.meta, self.brand, self.text
        template = render(template_title(m.template), self.lang, Audience.DOCUMENT) if m.template in TEMPLATES \
            else m.template
        based_on = tidy(tx["based_on"].format(template), self.lang) if template else ""
        return {"version_word": tx["version"], "based_on": based_on,
                "closing": tx["closing"].format(generator=f"GPU Node Designer {__version__}",
                                                catalog=self.catalog.version, date=self.now.date().isoformat()),
                "prepared_by": tx["prepared_by"].format(b.company) if b.company else "",
                "contact_line": tx["contact"].format(b.contact) if b.contact else ""}
