"""`compare --schemes`: the seed explainer's comparison of schemes A-D and of vendors, from real designs.

One reference design per scheme (A: PCIe switch, B: switched full mesh, C: CPU-GPU fusion, D: custom liquid,
and rack-scale), then one per GPU vendor not yet in the set, at most MAX_DESIGNS. The scheme of each template
is computed (`designer.compare.data.scheme`), never looked up; the first template of a scheme in the
catalog's order is its reference.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.compare.data import MAX_DESIGNS, SCHEME_WORDS, scheme
from designer.core.messages import Msg, Name, _m
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.parts import GpuSpec
from designer.templates import TEMPLATES, build_template
from designer.topology.graph import build_topology

SCHEMES = (("A", "PCIe switch"), ("B", "switched full mesh"), ("C", "CPU-GPU fusion"), ("D", "custom liquid"),
           ("rack-scale", "rack-scale NVLink domain"))
# What the CLI says of the preset (on stderr), in the comparison's language
SCHEME_NAMES: dict[str, Msg | Name] = {key: SCHEME_WORDS[f"{key}: {title}"] for key, title in SCHEMES[:4]} | {
    "rack-scale": _m("rack-scale NVLink domain")}


@dataclass(frozen=True)
class Pick:
    template: str
    design: Design
    scheme: str  # the computed scheme label (designer.compare.data.scheme_text writes it in a language)
    reason: Msg  # "scheme A", "vendor AMD"


@dataclass(frozen=True)
class Preset:
    picks: list[Pick]
    missing: list[str]  # schemes no reference design has ("D"; SCHEME_NAMES names them), said, not left out silently


def _key(label: str) -> set[str]:
    keys = {label.split(":", 1)[0]}
    return keys | ({"rack-scale"} if label.endswith("rack-scale") else set())


def _vendor(design: Design, catalog: Catalog) -> str:
    return next((p.vendor or p.name.split()[0] for c in design.components
                 if isinstance(p := catalog.get(c.part), GpuSpec)), "")


def scheme_preset(catalog: Catalog) -> Preset:
    built = [(tid, d, scheme(d, catalog, build_topology(d, catalog))) for tid in TEMPLATES
             if (d := build_template(tid, catalog))]
    picks: list[Pick] = []
    for key, _ in SCHEMES:
        hit = next(((tid, d, s) for tid, d, s in built if key in _key(s)), None)
        if hit and hit[0] not in {p.template for p in picks}:
            picks.append(Pick(hit[0], hit[1], hit[2], _m("scheme {key}", key=SCHEME_WORDS.get(key, Name(key)))))
    covered = {_vendor(p.design, catalog) for p in picks}
    for tid, d, s in built:
        vendor = _vendor(d, catalog)
        if vendor and vendor not in covered and len(picks) < MAX_DESIGNS:
            covered.add(vendor)
            picks.append(Pick(tid, d, s, _m("vendor {vendor}", vendor=Name(vendor))))
    have = set().union(*(_key(p.scheme) for p in picks)) if picks else set()
    missing = [key for key, _ in SCHEMES if key not in have]
    return Preset(picks[:MAX_DESIGNS], missing)
