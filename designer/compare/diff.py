"""Revision diff: what changed between two files of one design and what it did to the key figures,
the rule findings and busbw at key sizes. Plain data, like `comparison`."""

from __future__ import annotations

from designer.compare.data import CURVE_COLLECTIVES, KEY_SIZES, size_label
from designer.core.locale import render
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.rules import Report, check
from designer.simulation import SimConfig, simulate
from designer.topology.figures import key_figures

FIGURE_KEYS = ("gpu_count", "scaleup_gbytes_s_per_gpu_per_dir", "scaleup_total_gbytes_s_per_dir",
               "bisection_gbytes_s_per_dir", "hbm_total_gb", "mem_bw_total_tbytes_s", "bf16_dense_pflops",
               "fp8_dense_pflops", "nic_count", "scaleout_gbit_s_per_gpu", "dc_load_w", "wall_peak_w",
               "psu_usable_w", "heat_btu_per_hr", "airflow_cfm")


def _components(old: Design, new: Design) -> dict:
    a = {c.id: c for c in old.components}
    b = {c.id: c for c in new.components}
    out: dict[str, list] = {"added": [], "removed": [], "swapped": [], "moved": [], "relabelled": []}
    out["added"] = [{"id": i, "part": b[i].part} for i in b if i not in a]
    out["removed"] = [{"id": i, "part": a[i].part} for i in a if i not in b]
    for i in a.keys() & b.keys():
        x, y = a[i], b[i]
        if x.part != y.part:
            out["swapped"].append({"id": i, "old": x.part, "new": y.part})
        if x.slot != y.slot:
            out["moved"].append({"id": i, "old": x.slot, "new": y.slot})
        if x.label != y.label:
            out["relabelled"].append({"id": i, "old": x.label, "new": y.label})
    for items in out.values():
        items.sort(key=lambda d: d["id"])
    return out


def _link_key(link) -> tuple[str, str, str]:
    a, b = sorted((link.a, link.b))
    return (link.kind.value, a, b)


def _links(old: Design, new: Design) -> dict:
    a = {_link_key(lk): lk for lk in old.links}
    b = {_link_key(lk): lk for lk in new.links}

    def row(k, lk):
        return {"kind": k[0], "a": k[1], "b": k[2], "count": lk.count, "pcie_gen": lk.pcie_gen}

    changed = [{**row(k, b[k]), "old_count": a[k].count, "old_pcie_gen": a[k].pcie_gen}
               for k in sorted(a.keys() & b.keys()) if (a[k].count, a[k].pcie_gen) != (b[k].count, b[k].pcie_gen)]
    return {"added": [row(k, b[k]) for k in sorted(b.keys() - a.keys())],
            "removed": [row(k, a[k]) for k in sorted(a.keys() - b.keys())], "changed": changed}


def _fields(old, new) -> list[dict]:
    x, y = old.model_dump(mode="json"), new.model_dump(mode="json")
    return [{"field": k, "old": x[k], "new": y[k]} for k in x if x[k] != y.get(k)]


def _waivers(old: Design, new: Design) -> dict:
    a = {(w.rule, w.ids): w.reason for w in old.waivers}
    b = {(w.rule, w.ids): w.reason for w in new.waivers}
    return {"added": [{"rule": r, "ids": list(i), "reason": b[(r, i)]} for r, i in sorted(b.keys() - a.keys())],
            "removed": [{"rule": r, "ids": list(i), "reason": a[(r, i)]} for r, i in sorted(a.keys() - b.keys())]}


def _figures(old: Design, new: Design, catalog: Catalog) -> list[dict]:
    a, b = key_figures(old, catalog).as_dict(), key_figures(new, catalog).as_dict()
    out = []
    for key in FIGURE_KEYS:
        if a[key] != b[key]:
            delta = b[key] - a[key] if a[key] is not None and b[key] is not None else None
            out.append({"key": key, "old": a[key], "new": b[key], "delta": delta})
    return out


def _findings(report: Report, waived: bool, lang: str) -> dict[tuple[str, str], dict]:
    return {(v.rule, v.message): {"rule": v.rule, "severity": v.severity.value,
                                  "message": v.message if lang == "en" else render(v.text, lang)}
            for v in (report.waived if waived else report.active)}


def _rules(old: Design, new: Design, catalog: Catalog, lang: str = "en") -> dict:
    """Active findings that are new, that went away (resolved), and that a new waiver now covers (their messages
    in `lang`)."""
    ra, rb = check(old, catalog), check(new, catalog)
    a, b, b_waived = _findings(ra, False, lang), _findings(rb, False, lang), _findings(rb, True, lang)
    gone = a.keys() - b.keys()
    return {"new": [b[k] for k in sorted(b.keys() - a.keys())],
            "resolved": [a[k] for k in sorted(gone - b_waived.keys())],
            "waived": [a[k] for k in sorted(gone & b_waived.keys())]}


def _busbw(old: Design, new: Design, catalog: Catalog) -> list[dict]:
    config = SimConfig(CURVE_COLLECTIVES, sizes=KEY_SIZES)
    ra, rb = simulate(old, catalog, config), simulate(new, catalog, config)
    out = []
    for coll in CURVE_COLLECTIVES:
        for x, y in zip(ra.for_collective(coll), rb.for_collective(coll), strict=True):
            change = (y.busbw_GBps / x.busbw_GBps - 1) * 100 if x.busbw_GBps else None
            out.append({"collective": coll, "size_bytes": x.size_bytes, "size": size_label(x.size_bytes),
                        "old_busbw_GBps": round(x.busbw_GBps, 3), "new_busbw_GBps": round(y.busbw_GBps, 3),
                        "change_percent": None if change is None else round(change, 2)})
    return out


def design_diff(old: Design, new: Design, catalog: Catalog, lang: str = "en") -> dict:
    """What changed between two revisions and what it did; the rule findings' messages in `lang` (the keys and
    the other values are the same in every language)."""
    return {"lang": lang, "old": old.meta.name, "new": new.meta.name, "chassis": _fields_chassis(old, new),
            "components": _components(old, new), "links": _links(old, new),
            "settings": _fields(old.settings, new.settings), "meta": _fields(old.meta, new.meta),
            "waivers": _waivers(old, new), "figures": _figures(old, new, catalog),
            "rules": _rules(old, new, catalog, lang), "busbw": _busbw(old, new, catalog)}


def _fields_chassis(old: Design, new: Design) -> list[dict]:
    return [] if old.chassis == new.chassis else [{"field": "chassis", "old": old.chassis, "new": new.chassis}]


def is_empty(diff: dict) -> bool:
    """No edit at all (the effects follow from the edits)."""
    edits = [diff["chassis"], diff["settings"], diff["meta"], *diff["components"].values(), *diff["links"].values(),
             *diff["waivers"].values()]
    return not any(edits)
