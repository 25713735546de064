"""The cluster sheet's drawings as Canvas data: rack elevations to U scale and the compute fabric by tier.

Elevations: racks with the same slots (U, height, kind) are one rack type, drawn once with its count, so a
plan of thousands of racks is a handful of drawings. The fabric: one row of switch groups per tier (leaf
groups per scalable unit, spines and cores per plane), the cables between tiers written beside the lines.
Words come from the sheet's text table `t` (designer.export.cluster_text), already in the document's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from designer.cluster.build import ClusterModel
from designer.cluster.racks import Rack
from designer.export.canvas import Canvas

KIND_COLOR = {"node": "#1a5e8a", "switch": "#2e7d32", "server": "#757575", "pdu": "#ef6c00", "cdu": "#00838f",
              "power_shelf": "#f9a825"}
SLOT_COLOR = {**KIND_COLOR, "manifold": KIND_COLOR["cdu"]}  # a rack's coolant manifold drawn as its cooling
EMPTY = "#f2f2f2"
U_PT = 3.1  # points per rack unit
RACK_W, RACK_PITCH = 62.0, 80.0
MAX_TYPES = 12
Fmt = Callable[..., str]


@dataclass(frozen=True)
class RackDrawing:
    role: str
    racks: tuple[Rack, ...]

    @property
    def first(self) -> Rack:
        return self.racks[0]


def rack_drawings(racks: tuple[Rack, ...]) -> list[RackDrawing]:
    """Racks grouped by their drawing: role and every slot's U, height and kind (labels and numbers aside)."""
    groups: dict[tuple, list[Rack]] = {}
    for rack in racks:
        key = (rack.role, tuple(sorted((s.u, s.height_u, s.kind) for s in rack.slots)))
        groups.setdefault(key, []).append(rack)
    return [RackDrawing(key[0], tuple(members)) for key, members in groups.items()]


def name_ranges(names: list[str]) -> str:
    """C001, C002, C003, C007 -> 'C001–C003, C007' (names are a letter and a number)."""
    out: list[list[str]] = []
    for name in names:
        prev = out[-1][-1] if out else ""
        if prev and prev[0] == name[0] and prev[1:].isdigit() and name[1:].isdigit() and int(name[1:]) == int(
                prev[1:]) + 1:
            out[-1].append(name)
        else:
            out.append([name])
    return ", ".join(r[0] if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in out)


def _rack(c: Canvas, x: float, y: float, rack: Rack, height_u: int) -> None:
    c.rect(x, y, RACK_W, height_u * U_PT, fill=EMPTY, stroke="#424242", thickness=0.8)
    for s in rack.slots:
        if s.kind == "pdu":
            continue
        top = y + (height_u - (s.u + s.height_u - 1)) * U_PT
        c.rect(x + 3, top, RACK_W - 6, s.height_u * U_PT - 0.4, fill=SLOT_COLOR.get(s.kind, "#9e9e9e"),
               stroke="#ffffff", thickness=0.2)
    pdus = rack.count("pdu")
    for i in range(pdus):  # zero-U PDUs: bars on the rack's sides
        side = x + 0.6 if i % 2 == 0 else x + RACK_W - 2.4
        c.rect(side + (i // 2) * 0.0, y + 2, 1.8, height_u * U_PT - 4, fill=KIND_COLOR["pdu"])


def elevations(m: ClusterModel, t: dict[str, str], fmt: Fmt) -> tuple[Canvas, int]:
    """Each rack type once, to U scale, with its names, count and power; a legend of slot kinds. Returns the
    canvas and how many rack types were left out (beyond MAX_TYPES)."""
    types = rack_drawings(m.racks.racks)
    shown = types[:MAX_TYPES]
    height_u = max([m.site.rack_height_u] + [s.u + s.height_u - 1 for r in m.racks.racks for s in r.slots])
    per_row = max(1, int(490 // RACK_PITCH))
    rows = -(-len(shown) // per_row)
    row_h = height_u * U_PT + 46
    c = Canvas(490, rows * row_h + 24)
    for i, rt in enumerate(shown):
        x = (i % per_row) * RACK_PITCH + (RACK_PITCH - RACK_W) / 2
        y = (i // per_row) * row_h + 20
        role = t.get(f"cl_role_{rt.role}", rt.role)
        c.text((x + RACK_W / 2, y - 13), role, size=6.5, bold=True, width=RACK_PITCH)
        c.text((x + RACK_W / 2, y - 5), _short(name_ranges([r.name for r in rt.racks]), 18), size=6, width=RACK_PITCH,
               color="#555555")
        _rack(c, x, y, rt.first, height_u)
        base = y + height_u * U_PT
        c.text((x + RACK_W / 2, base + 7), fmt("cl_rack_count", count=f"{len(rt.racks):,}"), size=7.5, bold=True,
               width=RACK_PITCH)
        c.text((x + RACK_W / 2, base + 16), f"{rt.first.watts / 1000:,.1f} kW", size=6.5, width=RACK_PITCH)
    _legend(c, t, rows * row_h + 12)
    return c, len(types) - len(shown)


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _legend(c: Canvas, t: dict[str, str], y: float) -> None:
    x = 4.0
    for kind, color in KIND_COLOR.items():
        c.rect(x, y - 3.5, 7, 7, fill=color)
        label = t.get(f"cl_kind_{kind}", kind)
        c.text((x + 10, y), label, size=6.5, anchor="left", width=70)
        x += 12 + 6.5 * 0.62 * max(4, len(label)) + 8
    c.rect(x, y - 3.5, 7, 7, fill=EMPTY, stroke="#424242", thickness=0.4)
    c.text((x + 10, y), t.get("cl_kind_empty", "empty"), size=6.5, anchor="left", width=60)


# Fabric ---------------------------------------------------------------------------------------------------
TIER_COLOR = {"core": "#6a1b9a", "spine": "#c62828", "leaf": "#2e7d32", "node": "#1a5e8a"}
MAX_BOXES = 8


def _groups(count: int, label: Callable[[int], str]) -> list[str]:
    """Box labels for `count` groups; beyond MAX_BOXES the first ones, an ellipsis and the last."""
    if count <= MAX_BOXES:
        return [label(i) for i in range(count)]
    return [label(i) for i in range(MAX_BOXES - 2)] + ["…", label(count - 1)]


def fabric_tiers(m: ClusterModel, fmt: Fmt) -> list[dict]:
    """The tiers top-down: name, switch (or node) count, box labels and the cables to the tier below."""
    c = m.compute
    tiers = []
    if c.core_switches:
        per = c.core_switches // c.planes
        tiers.append({"tier": "core", "count": c.core_switches, "boxes": _groups(c.planes, lambda i: f"{per:,}"),
                      "down": (c.spine_core_cables, "spine-core")})
    if c.spine_switches:
        per = c.spine_switches // c.planes
        tiers.append({"tier": "spine", "count": c.spine_switches, "boxes": _groups(c.planes, lambda i: f"{per:,}"),
                      "down": (c.leaf_spine_cables, "leaf-spine")})
    su = c.scalable_units
    tiers.append({"tier": "leaf", "count": c.leaf_switches,
                  "boxes": _groups(su, lambda i: f"SU {i + 1}: {c.leaf_switches // max(1, su)}"),
                  "down": (c.node_leaf_cables, "node-leaf")})
    tiers.append({"tier": "node", "count": m.nodes, "boxes": _groups(su, lambda i: f"SU {i + 1}"), "down": None})
    return tiers


FABRIC_LEFT, FABRIC_RIGHT, FABRIC_ROW, BOX_H = 70.0, 120.0, 58.0, 22.0


def _box_centres(tiers: list[dict], width: float) -> list[list[float]]:
    span = width - FABRIC_LEFT - FABRIC_RIGHT
    return [[FABRIC_LEFT + span / len(t["boxes"]) * (i + 0.5) for i in range(len(t["boxes"]))] for t in tiers]


def _cables(c: Canvas, m: ClusterModel, t: dict[str, str], fmt: Fmt, down: tuple[int, str], y: float) -> None:
    """The cable count and kind between a tier and the one below, right of the lines: the medium of most of them
    and the longest run."""
    count, link = down
    runs = [r for r in m.cabling.runs if r.fabric == "compute" and r.link == link] or None
    if runs is None:
        return
    medium = max(runs, key=lambda r: r.cables).cable.medium
    length = max(r.length_m for r in runs)
    x, w = c.width - FABRIC_RIGHT + 6, FABRIC_RIGHT - 8
    c.text((x, y + 30), fmt("cl_cables", count=f"{count:,}"), size=7, bold=True, anchor="left", width=w)
    c.text((x, y + 40), f"{t.get(f'cl_medium_{medium}', medium)} <={length:g} m", size=6.5, anchor="left",
           width=w, color="#555555")


def _tier_boxes(c: Canvas, tier: dict, centres: list[float], y: float) -> None:
    step = (c.width - FABRIC_LEFT - FABRIC_RIGHT) / len(tier["boxes"])
    w = min(step - 6, 70.0)
    for xc, label in zip(centres, tier["boxes"], strict=True):
        if label == "…":
            c.text((xc, y + BOX_H / 2), "…", size=9, width=w)
            continue
        c.rect(xc - w / 2, y, w, BOX_H, fill=TIER_COLOR[tier["tier"]], radius=2)
        c.text((xc, y + BOX_H / 2), label, size=6.5, color="#ffffff", bold=True, width=w)


def _joins(c: Canvas, upper: dict, lower: dict, xs_up: list[float], xs_down: list[float], y: float) -> None:
    """Switch tiers: every group to every group below (a fat tree). Nodes: each SU's nodes to that SU's leaves."""
    if lower["tier"] == "node":
        pairs = [(a, b) for a, b, label in zip(xs_up, xs_down, upper["boxes"], strict=True) if label != "…"]
    else:
        pairs = [(a, b) for a in xs_up for b in xs_down]
    for xa, xb in pairs:
        c.line((xa, y + BOX_H), (xb, y + FABRIC_ROW), "#9e9e9e", 0.5 if lower["tier"] == "node" else 0.4)


def fabric_diagram(m: ClusterModel, t: dict[str, str], fmt: Fmt, width: float = 490.0) -> Canvas:
    """Tiers top-down (core, spine, leaf, nodes): a box per group, every box joined to the tier below (a fat
    tree), the tier's name and switch count on the left, the cables between tiers on the right."""
    tiers = fabric_tiers(m, fmt)
    c = Canvas(width, len(tiers) * FABRIC_ROW + 8)
    centres = _box_centres(tiers, width)
    for n, tier in enumerate(tiers):
        y = n * FABRIC_ROW + 10
        if tier["down"] is not None:
            _joins(c, tier, tiers[n + 1], centres[n], centres[n + 1], y)
            _cables(c, m, t, fmt, tier["down"], y)
        name = t.get(f"cl_tier_{tier['tier']}", tier["tier"])
        c.text((2, y + 6), name, size=8, bold=True, anchor="left", width=FABRIC_LEFT - 4,
               color=TIER_COLOR[tier["tier"]])
        c.text((2, y + 16), f"{tier['count']:,}", size=7.5, anchor="left", width=FABRIC_LEFT - 4)
        _tier_boxes(c, tier, centres[n], y)
    if m.compute.planes > 1:
        c.text((2, len(tiers) * FABRIC_ROW), fmt("cl_planes_note", planes=m.compute.planes), size=6.5, anchor="left",
               width=width, color="#555555")
    return c
