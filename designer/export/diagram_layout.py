"""Where the block diagram puts things, without drawing: link bundles per connected pair, their curvature and
labels, the part boxes and tags, the palette. Shared by the matplotlib diagram (app, SVG/PNG export) and the
documents' Typst drawing; imports no plotting library.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from designer.core.colors import KIND_COLOR, LINK_COLOR  # noqa: F401 (re-exported: one palette)
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.layout import chassis_layout, external_rect
from designer.model.parts import slot_kind_for

LINK_STYLE: dict[str, Any] = {"nvlink": "-", "xgmi": "-", "hccs": "-", "roce": "-", "pcie": "--", "c2c": "-.",
                              "socket": ":", "network": (0, (4, 1, 1, 1))}
LINK_LABEL = {"nvlink": "NVLink", "xgmi": "Infinity Fabric (xGMI)", "hccs": "HCCS", "roce": "RoCE scale-up",
              "pcie": "PCIe (count = lanes)", "c2c": "NVLink-C2C", "socket": "CPU socket link",
              "network": "network ports", "on_package": "on-package link (an accelerator's own network port)"}
SHORT_ZONE_LABELS = {"gpu": "GPU baseboard"}  # the host and PSU zones explain themselves (and their corners are full)
Rect = tuple[float, float, float, float]


def on_package_ports(design: Design, catalog: Catalog) -> frozenset[str]:
    """The components that are network ports on an accelerator's package (NicSpec.on_accelerator)."""
    return frozenset(c.id for c in design.components if getattr(catalog.get(c.part), "on_accelerator", False))


def component_rects(design: Design, catalog: Catalog) -> dict[str, Rect]:
    layout = chassis_layout(catalog.chassis(design.chassis))
    rects, external = {}, 0
    for comp in design.components:
        kind = slot_kind_for(catalog.get(comp.part))
        slot = layout.slot(kind, comp.slot) if kind is not None and comp.slot is not None else None
        if slot is None:
            rects[comp.id] = external_rect(external)
            external += 1
        else:
            x, y, w, h = slot.rect
            rects[comp.id] = (x + 3, y + 3, w - 6, h - 6)
    return rects


def bundles(design: Design) -> dict[tuple[str, str, str], int]:
    """Links grouped per (kind, end, end) with the summed count (ends in a stable order)."""
    out: dict[tuple[str, str, str], int] = defaultdict(int)
    for link in design.links:
        a, b = sorted((link.a, link.b))
        out[(link.kind.value, a, b)] += link.count
    return dict(out)


def bow(p: tuple[float, float], q: tuple[float, float], rects: dict[str, Rect]) -> float:
    """Curvature for a bundle: straight unless the two ends share a row or column with parts between."""
    (x1, y1), (x2, y2) = p, q
    same_row, same_col = abs(y1 - y2) < 1, abs(x1 - x2) < 1
    if not (same_row or same_col):
        return 0.0
    span = abs(x2 - x1) if same_row else abs(y2 - y1)
    typical = min((r[2] if same_row else r[3]) for r in rects.values())
    hops = max(1.0, span / max(typical, 1.0))
    return 0.0 if hops < 1.6 else min(0.55, 0.12 * hops)


def usual_counts(groups: dict[tuple[str, str, str], int]) -> dict[str, int]:
    """Per link kind, the count most bundles share (when at least 60 % do): the legend states it once."""
    per_kind: dict[str, list[int]] = defaultdict(list)
    for (kind, _, _), count in groups.items():
        per_kind[kind].append(count)
    out = {}
    for kind, counts in per_kind.items():
        top = max(set(counts), key=counts.count)
        if counts.count(top) >= 0.6 * len(counts):
            out[kind] = top
    return out


@dataclass(frozen=True)
class Bundle:
    kind: str
    ends: tuple[str, str]
    p: tuple[float, float]  # centre of the first end (chassis mm)
    q: tuple[float, float]
    rad: float  # arc3 curvature, 0 for a straight line
    label: str  # the count, or "" when it is the legend's usual count for the kind


def bundle_layout(design: Design, rects: dict[str, Rect],
                  on_package: frozenset[str] = frozenset()) -> tuple[list[Bundle], dict[str, int | None]]:
    """Every bundle with its geometry, and per kind drawn the count the legend states (None: none stated);
    `on_package`: network ports on an accelerator's package (Ascend 910B, Gaudi 3), whose link to it is drawn as
    an on-package link, not as PCIe lanes."""
    centers = {cid: (x + w / 2, y + h / 2) for cid, (x, y, w, h) in rects.items()}
    groups: dict[tuple[str, str, str], int] = {}
    for (kind, a, b), count in bundles(design).items():
        kind = "on_package" if kind == "pcie" and (a in on_package or b in on_package) else kind
        groups[(kind, a, b)] = count
    usual = usual_counts(groups)
    usual.pop("on_package", None)  # the modelled host lanes of an on-package port are not a count to draw
    out = []
    for (kind, a, b), count in groups.items():
        p, q = centers[a], centers[b]
        label = "" if kind == "on_package" or count == usual.get(kind) else str(count)
        out.append(Bundle(kind, (a, b), p, q, bow(p, q, rects), label))
    return out, {kind: usual.get(kind) for kind, _, _ in groups}


def label_point(b: Bundle) -> tuple[float, float]:
    return along(b.p, b.q, b.rad, 0.5 if b.rad else 0.42)


def control_point(p: tuple[float, float], q: tuple[float, float], rad: float) -> tuple[float, float]:
    """The control point of matplotlib's arc3 connection (a quadratic Bezier) with curvature `rad`."""
    return (p[0] + q[0]) / 2 + rad * (q[1] - p[1]), (p[1] + q[1]) / 2 - rad * (q[0] - p[0])


def along(p: tuple[float, float], q: tuple[float, float], rad: float, t: float) -> tuple[float, float]:
    """The point at fraction t along that curve."""
    c = control_point(p, q, rad)
    return tuple((1 - t) ** 2 * a + 2 * (1 - t) * t * m + t * t * b for a, m, b in zip(p, c, q, strict=True))  # type: ignore[return-value]


def tint(color: str, share: float = 0.3) -> str:
    """`color` at `share` over white, opaque (links end at the box edge instead of showing through)."""
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - share * (255 - c)):02x}" for c in rgb)


def short_tag(comp_id: str) -> str:
    return comp_id.upper()


@dataclass(frozen=True)
class PartBox:
    tag: str
    rect: Rect
    color: str
    vertical: bool  # the tag reads bottom to top


def part_boxes(design: Design, catalog: Catalog, rects: dict[str, Rect],
               tags: dict[str, str] | None = None) -> list[PartBox]:
    """The box drawn for each component: GPUs smaller than their slot, to leave room for mesh links. `tags`: the
    text in each box by component id (a document's display names); the id in capitals where none is given."""
    out = []
    for comp in design.components:
        part = catalog.get(comp.part)
        x, y, w, h = rects[comp.id]
        if part.kind == "gpu":
            x, y, w, h = x + 0.2 * w, y + 0.25 * h, 0.6 * w, 0.5 * h
        tag = tags[comp.id] if tags else short_tag(comp.id)
        out.append(PartBox(tag, (x, y, w, h), KIND_COLOR.get(part.kind, "#777777"), h > 2.2 * w and len(tag) > 3))
    return out


