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
from designer.model.catalog import Catalog, default_catalog

PLAN_ATTACHMENT = "cluster-plan.json"  # the plan's file inside a cluster sheet PDF (designer.export.cluster_pdf)
PLAN_MIGRATIONS: dict = {}  # none yet: version 1 is the first published plan format


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
