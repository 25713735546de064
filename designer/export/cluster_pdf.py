"""The cluster plan's documents: the PDF sheet (the `cluster-sheet` template, the plan attached as
cluster-plan.json) and the compute-fabric diagram as SVG (the same template typesetting the diagram alone)."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

from designer.cluster.build import ClusterModel
from designer.cluster.files import PLAN_ATTACHMENT, plan_to_json
from designer.export.brand import Brand
from designer.export.cluster_data import ClusterSheet, cluster_sheet_data
from designer.export.cluster_drawings import fabric_diagram
from designer.export.engine import render
from designer.export.files import check_target
from designer.export.pdf import without_short_last_page
from designer.io.files import atomic_write_bytes


def attach_plan(pdf: bytes, model: ClusterModel) -> bytes:
    """The plan attached afterwards, for a user's copy of the template that leaves the attachment out."""
    from pypdf import PdfReader, PdfWriter  # noqa: PLC0415

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    writer.add_attachment(PLAN_ATTACHMENT, plan_to_json(model.plan).encode("utf-8"))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def cluster_pdf(model: ClusterModel, lang: str = "en", brand: Brand | None = None,
                now: datetime | None = None, trains: list[dict] | None = None, currency: str | None = None) -> bytes:
    """`trains`: what the plan trains (designer.workload.summary), computed by the caller; None leaves it out.
    `currency`: the amounts' currency (a code the price book has a rate for; None: US dollars)."""
    data = cluster_sheet_data(model, lang, now, brand, trains, currency)
    pdf = without_short_last_page(lambda tight: render("cluster-sheet", {**data, "tight": tight}, lang=lang))
    return pdf if b"(" + PLAN_ATTACHMENT.encode() + b")" in pdf else attach_plan(pdf, model)


def fabric_svg(model: ClusterModel, lang: str = "en") -> bytes:
    from datetime import UTC  # noqa: PLC0415

    sheet = ClusterSheet(model, lang, datetime.now(UTC), Brand())
    data = {"mode": "fabric", "text": sheet.t, "brand": sheet.brand_data(),
            "title": sheet.fmt("cl_diagram_title", name=sheet.name),
            "fabric": fabric_diagram(model, sheet.t, sheet.fmt).as_dict()}
    return render("cluster-sheet", data, fmt="svg", lang=lang)


def export_cluster(model: ClusterModel, targets: dict[str, Path], lang: str = "en",
                   brand: Brand | None = None, trains: list[dict] | None = None,
                   currency: str | None = None) -> list[Path]:
    """Write the PDF and/or SVG; every target is checked before anything is made or written."""
    checked = {kind: check_target(Path(path), kind) for kind, path in targets.items()}
    made = {kind: cluster_pdf(model, lang, brand, trains=trains, currency=currency) if kind == "pdf"
            else fabric_svg(model, lang)
            for kind in checked}
    for kind, path in checked.items():
        atomic_write_bytes(path, made[kind])
    return list(checked.values())
