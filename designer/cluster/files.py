"""Load and save cluster plans with the care given to design files: size and depth limits, schema_version
(newer files refused), validation, part checks of the embedded design, atomic writes. Every problem is one
DesignFileError naming the file and the place in it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from designer.cluster.plan import PLAN_SCHEMA_VERSION, ClusterPlan
from designer.core.errors import DesignFileError
from designer.io.files import (
    atomic_write_bytes,
    check_parts,
    parse_json_text,
    read_file_bytes,
    validated_file,
)
from designer.io.migrations import migration
from designer.model.catalog import Catalog, default_catalog

PLAN_ATTACHMENT = "cluster-plan.json"  # the plan's file inside a cluster sheet PDF (designer.export.cluster_pdf)
PLAN_MIGRATIONS: dict = {}
# Version 1's settings that equal its defaults were written by the dump, not chosen: version 2 lets the plan's
# reference architecture and node set them (None), so an old file gets the RA's counts as a new plan does.
V1_DEFAULTS: dict[str, dict[str, object]] = {
    "site": {"rack_power_limit_w": 45_000.0, "rack_air_limit_w": 45_000.0, "cooling": "air", "feeds_per_rack": 2,
             "pdu_part": "pdu-415v-60a-3ph", "cdu_part": "cdu-inrow-1350kw"},
    "compute": {"planes": 1, "ufm_positions": 1, "node_leaf_length_m": 20.0, "leaf_spine_length_m": 50.0,
                "spine_core_length_m": 100.0}}


@migration(1, 2, PLAN_MIGRATIONS)
def _plan_v1_to_v2(raw: dict) -> dict:
    raw = {**raw, "schema_version": 2}
    site = raw.get("site")
    if isinstance(site, dict):
        raw["site"] = {k: (None if V1_DEFAULTS["site"].get(k, object()) == v else v) for k, v in site.items()}
    fabrics = raw.get("fabrics")
    if isinstance(fabrics, dict) and isinstance(fabrics.get("compute"), dict):
        compute = fabrics["compute"]
        raw["fabrics"] = {**fabrics, "compute": {k: (None if V1_DEFAULTS["compute"].get(k, object()) == v else v)
                                                 for k, v in compute.items()}}
    return raw


def plan_from_dict(raw: Any, source: str, catalog: Catalog | None = None) -> ClusterPlan:
    plan = validated_file(raw, source, ClusterPlan, PLAN_SCHEMA_VERSION, PLAN_MIGRATIONS)
    if plan.node.design is not None:
        check_parts(plan.node.design, catalog or default_catalog(), source)
    return plan


def plan_from_json(text: str, source: str, catalog: Catalog | None = None) -> ClusterPlan:
    return plan_from_dict(parse_json_text(text, source), source, catalog)


def load_plan(path: str | os.PathLike[str], catalog: Catalog | None = None) -> ClusterPlan:
    path = Path(path)
    data = read_file_bytes(path, "cluster plan")
    if data.startswith(b"%PDF-"):  # a cluster sheet: the plan is attached to it
        from designer.io.pdf_embed import json_from_pdf  # noqa: PLC0415 (only for PDFs)

        return plan_from_json(json_from_pdf(data, path.name, PLAN_ATTACHMENT, "cluster plan"), path.name, catalog)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DesignFileError(path.name, "not UTF-8 text (is it a cluster plan?)") from None
    return plan_from_json(text, path.name, catalog)


def plan_to_json(plan: ClusterPlan) -> str:
    return json.dumps(plan.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def save_plan(plan: ClusterPlan, path: str | os.PathLike[str]) -> None:
    atomic_write_bytes(path, plan_to_json(plan).encode("utf-8"))
