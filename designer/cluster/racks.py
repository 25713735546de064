"""Racks, elevations, power feeds and cooling of a cluster plan.

Nodes per rack: the fewest of what the rack's power limit, its heat-to-air limit and its height allow (a
rack-scale node such as GB200 NVL72 fills a rack by itself). Switches go in network racks, the fabric
manager (UFM) and management servers in management racks. Feeds follow NetBox's arithmetic
(designer.core.electrical). Elevations are data: (U from the bottom, height, kind, label).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from designer.cluster.node import NodeFigures
from designer.cluster.plan import Site
from designer.core.electrical import btu_per_hr, feed_capacity_w
from designer.core.errors import DesignerError
from designer.core.messages import Msg, Name, Quantity, _m, english

UFM_APPLIANCE_U, UFM_APPLIANCE_W = 1, 500.0  # assumption: a 1U fabric-manager server, 500 W (not published here)
MGMT_SERVERS, MGMT_SERVER_U, MGMT_SERVER_W = 5, 1, 800.0  # assumption after the RA's 5 management servers


@dataclass(frozen=True)
class Slot:
    u: int  # lowest U it occupies (1 = bottom); 0 for zero-U parts (vertical PDUs)
    height_u: int
    kind: str  # node, switch, pdu, cdu, power_shelf, server
    label: str
    watts: float = 0.0


@dataclass(frozen=True)
class Rack:
    name: str
    role: str  # compute, network, management
    slots: tuple[Slot, ...]
    heat_to_liquid_w: float = 0.0

    @property
    def watts(self) -> float:
        return sum(s.watts for s in self.slots)

    @property
    def heat_to_air_w(self) -> float:
        return self.watts - self.heat_to_liquid_w

    @property
    def btu_hr(self) -> float:
        return btu_per_hr(self.watts)

    def count(self, kind: str) -> int:
        return sum(1 for s in self.slots if s.kind == kind)


@dataclass(frozen=True)
class RackLayout:
    racks: tuple[Rack, ...]
    nodes_per_rack: int
    limited_by: str  # power, air, height, rack-scale
    notes: tuple[Msg, ...] = field(default_factory=tuple)

    def of_role(self, role: str) -> list[Rack]:
        return [r for r in self.racks if r.role == role]


def nodes_per_rack(node: NodeFigures, site: Site, cdu_u: int = 0) -> tuple[int, str]:
    """Nodes in one compute rack and what limits it; `cdu_u` U are kept for an in-rack CDU of liquid nodes. The
    site is resolved (ClusterModel.site): its nodes per rack (the RA's, as the RA racks them so that racks divide
    the SU) is a limit beside power, heat to air and height."""
    if node.rack_scale:
        return 1, "rack-scale"
    usable_u = site.rack_height_u - (cdu_u if node.liquid else 0)
    power = site.power_limit_w
    limits = {"power": math.floor(power / node.wall_w) if node.wall_w else usable_u,
              "height": usable_u // node.rack_units}
    if node.heat_to_air_w > 0:
        limits["air"] = math.floor(site.air_limit_w / node.heat_to_air_w)
    if site.nodes_per_rack:
        limits["architecture"] = site.nodes_per_rack
    kind = min(limits, key=lambda k: limits[k])
    if limits[kind] < 1:
        raise DesignerError(f"one node ({node.wall_w / 1000:,.1f} kW, {node.rack_units}U) does not fit a rack of "
                            f"{power / 1000:,.1f} kW and {site.rack_height_u}U")
    return limits[kind], kind


TRAY_SLOT = {"compute": ("node", _m("compute tray")), "switch": ("switch", _m("NVLink switch tray")),
             "power": ("power_shelf", _m("power shelf")), "network": ("switch", _m("network tray")),
             "cooling": ("cdu", _m("cooling (manifold / in-rack CDU)"))}
IN_RACK_CDU, UFM_APPLIANCE, MGMT_SERVER = _m("in-rack CDU"), _m("UFM appliance"), _m("management server")
# A rack-scale node's cooling tray on a site with in-row CDUs: the rack's coolant manifold, not a CDU of its own
# (one CDU model per plan: in-rack or in-row, never both).
MANIFOLD = ("manifold", _m("coolant manifold"))
# The words of the slot labels (a label is data, in English: "compute tray 3"), to show them in a language.
SLOT_WORDS = {str(w): w for w in (*(label for _, label in TRAY_SLOT.values()), IN_RACK_CDU, UFM_APPLIANCE,
                                   MGMT_SERVER, MANIFOLD[1])}


def slot_label(label: str) -> Msg:
    """A slot's label as a message: a word of SLOT_WORDS with its number kept ("compute tray 3"), else the label as
    it stands (a node's or a part's name, "PDU A1")."""
    word, _, number = label.rpartition(" ")
    if number.isdigit() and word in SLOT_WORDS:
        return _m("{what} {n}", what=SLOT_WORDS[word], n=Name(number))
    return SLOT_WORDS.get(label) or _m("{what}", what=label)


def _tray_slots(node: NodeFigures, site: Site, in_rack_cdu: bool) -> list[Slot]:
    """A rack-scale node's trays from the top of the rack down; its wall power shared by the compute trays. The
    cooling tray is an in-rack CDU only where the site's CDUs are in-rack; else the rack's manifold."""
    computes = sum(count for kind, count, _ in node.trays if kind == "compute") or 1
    top, slots = min(site.rack_height_u, node.rack_units), []
    numbered: Counter[str] = Counter()  # one count per kind over the whole rack (NVL72: compute trays 1-10 above
    for kind, count, height in node.trays:  # the switch trays, 11-18 below; power shelves 1-4 and 5-8)
        slot_kind, label = TRAY_SLOT.get(kind, ("node", Name(kind)))
        if kind == "cooling":
            slot_kind, label = ("cdu", IN_RACK_CDU) if in_rack_cdu else MANIFOLD
        for _ in range(count):
            top -= height
            numbered[kind] += 1
            watts = node.wall_w / computes if kind == "compute" else 0.0
            slots.append(Slot(top + 1, height, slot_kind, f"{english(label)} {numbered[kind]}", watts))
    return slots


def _compute_rack(index: int, count: int, node: NodeFigures, site: Site, cdu_u: int) -> Rack:
    if node.rack_scale and node.trays:
        slots = _tray_slots(node, site, cdu_u > 0)
    else:
        slots = [Slot(1 + i * node.rack_units, node.rack_units, "node", f"{node.name} {index * 1000 + i + 1}",
                      node.wall_w) for i in range(count)]
    if node.liquid and not node.rack_scale and cdu_u:
        slots.append(Slot(site.rack_height_u - cdu_u + 1, cdu_u, "cdu", str(IN_RACK_CDU)))
    slots += _pdus(site)
    return Rack(f"C{index + 1:03d}", "compute", tuple(slots), count * node.heat_to_liquid_w)


NETWORK_RACK_FEEDS = 2  # the H100 RA's Table 7: 12 PDUs for its 6 network and management racks


def _pdus(site: Site, role: str = "compute") -> list[Slot]:
    """One PDU per feed, named by feed (A1, B1, A2, ...): the RA's PDUs per compute rack (three in the H100 and B300
    RAs), two in a network or management rack."""
    feeds = site.feeds_per_rack or 2
    count = feeds if role == "compute" else min(feeds, NETWORK_RACK_FEEDS)
    return [Slot(0, 0, "pdu", f"PDU {'AB'[i % 2]}{i // 2 + 1}") for i in range(count)]


def _pack(items: list[tuple[str, int, float]], site: Site, role: str, prefix: str) -> list[Rack]:
    """First-fit of (label, U, W) items into racks by height and power, bottom up (each open rack's top U and
    watts are kept as it fills, so thousands of switches pack in linear time per rack). Switches and servers are
    air-cooled: a rack of them takes no more than the room's air limit per rack, nor the rack power limit, nor what
    its feeds left carry when one is lost (a network rack carries many racks' traffic: it never packs to a limit one
    lost feed would break)."""
    kind = "switch" if role == "network" else "server"
    f = site.feed
    feeds = len(_pdus(site, role))
    survive = feed_capacity_w(f.volts, f.amps, f.phases, f.utilisation) * max(1, feeds - 1)
    watts_limit = min(site.power_limit_w, site.air_limit_w, survive)
    racks: list[list[Slot]] = []
    tops: list[int] = []
    watts_in: list[float] = []
    for label, height, watts in items:
        for i, slots in enumerate(racks):
            if tops[i] + height - 1 <= site.rack_height_u and watts_in[i] + watts <= watts_limit:
                slots.append(Slot(tops[i], height, kind, label, watts))
                tops[i] += height
                watts_in[i] += watts
                break
        else:
            racks.append([Slot(1, height, kind, label, watts)])
            tops.append(1 + height)
            watts_in.append(watts)
    pdus = tuple(_pdus(site, role))
    return [Rack(f"{prefix}{i + 1:03d}", role, tuple(slots) + pdus) for i, slots in enumerate(racks)]


def layout(nodes: int, node: NodeFigures, site: Site, switches: list[tuple[str, int, float]],
           ufm_appliances: int, cdu_u: int = 0) -> RackLayout:
    per_rack, limited = nodes_per_rack(node, site, cdu_u)
    full, rest = divmod(nodes, per_rack)
    compute = [_compute_rack(i, per_rack, node, site, cdu_u) for i in range(full)]
    if rest:
        compute.append(_compute_rack(full, rest, node, site, cdu_u))
    network = _pack(switches, site, "network", "N")
    mgmt_items = [(str(UFM_APPLIANCE), UFM_APPLIANCE_U, UFM_APPLIANCE_W)] * ufm_appliances
    mgmt_items += [(str(MGMT_SERVER), MGMT_SERVER_U, MGMT_SERVER_W)] * MGMT_SERVERS
    management = _pack(mgmt_items, site, "management", "M")
    servers = {"k": MGMT_SERVERS, "v": Quantity(MGMT_SERVER_W, "W", None)}
    ufm = {"n": ufm_appliances, "w": Quantity(UFM_APPLIANCE_W, "W", None), **servers}
    notes = (_m("management rack: {n} UFM appliances of {w} and {k} management servers of {v} assumed (not "
                "published in the RA)", **ufm) if ufm_appliances > 1 else
             _m("management rack: 1 UFM appliance of {w} and {k} management servers of {v} assumed (not published in "
                "the RA)", **ufm) if ufm_appliances else
             _m("management rack: {k} management servers of {v} assumed (not published in the RA)", **servers),)
    return RackLayout(tuple(compute + network + management), per_rack, limited, notes)


@dataclass(frozen=True)
class FeedCheck:
    rack: str
    rack_w: float
    feed_capacity_w: float
    feeds: int
    normal_load: float  # share of the feeds' capacity used with every feed up
    after_loss_load: float  # share of the surviving feeds' capacity with one feed lost


def feed_checks(racks: tuple[Rack, ...], site: Site) -> list[FeedCheck]:
    """Each rack against its feeds: with all up (shared), and with one feed gone (the rest carry the rack)."""
    f = site.feed
    cap = feed_capacity_w(f.volts, f.amps, f.phases, f.utilisation)
    out = []
    for rack in racks:
        n = rack.count("pdu") or site.feeds_per_rack or 2
        normal = rack.watts / (cap * n)
        after = rack.watts / (cap * (n - 1)) if n > 1 else math.inf
        out.append(FeedCheck(rack.name, rack.watts, cap, n, normal, after))
    return out


@dataclass(frozen=True)
class RackType:
    role: str
    count: int
    contents: tuple[tuple[str, int], ...]  # (what, how many) in one rack
    watts: float

    @property
    def btu_hr(self) -> float:
        return btu_per_hr(self.watts)

    def as_dict(self) -> dict:
        return {"role": self.role, "count": self.count, "contents": dict(self.contents),
                "wall_peak_w": round(self.watts), "heat_btu_per_hr": round(self.btu_hr)}


def _what(slot: Slot) -> str:
    return slot.label.rsplit(" ", 1)[0] if slot.label.rsplit(" ", 1)[-1].isdigit() else slot.label


def rack_types(racks: tuple[Rack, ...]) -> list[RackType]:
    """Racks grouped by identical contents and power: the per-rack bill of materials."""
    groups: dict[tuple, list[Rack]] = {}
    for rack in racks:
        contents: dict[str, int] = {}
        for slot in rack.slots:
            what = "PDU" if slot.kind == "pdu" else _what(slot)
            contents[what] = contents.get(what, 0) + 1
        groups.setdefault((rack.role, tuple(sorted(contents.items())), round(rack.watts, 3)), []).append(rack)
    return [RackType(role, len(members), contents, members[0].watts) for (role, contents, _), members in groups.items()]


def rack_dict(rack: Rack) -> dict:
    """One rack's elevation as data: slots from the bottom (U 0 = zero-U parts such as vertical PDUs)."""
    return {"name": rack.name, "role": rack.role, "wall_peak_w": round(rack.watts),
            "heat_btu_per_hr": round(rack.btu_hr), "heat_to_liquid_w": round(rack.heat_to_liquid_w),
            "slots": [{"u": s.u, "height_u": s.height_u, "kind": s.kind, "label": s.label,
                       "wall_peak_w": round(s.watts)} for s in sorted(rack.slots, key=lambda s: s.u)]}
