"""Reference architectures as data, and a plan's defaults resolved from its own.

Each public reference architecture (RA) that sizes clusters of a node family is a record in
`designer/data/architectures.json`: the document and the tables a plan follows, the node chassis it applies to,
its compute fabric rules (switch, planes, scalable-unit size, the fabric manager's place), its storage, in-band
and out-of-band fabrics, nodes and PDUs per rack, and its cooling. The node chooses its RA (chassis and network
kind); a node no RA names gets the generic record of its network kind, which says that it follows the DGX
SuperPOD rules for want of a public document of its own.

A plan's settings left None are resolved here, once per plan (`resolve`): the RA's values, the node's cooling,
a rack power limit that fits the RA's nodes per rack, a PDU rated to the feed. A setting a user gives wins. The
notes say what was assumed, so every output that shows a resolved figure can say why.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from designer.cluster.node import NodeFigures
from designer.cluster.plan import AuxFabric, ClusterPlan, ComputeFabric, Fabrics, Site
from designer.core.errors import DesignerError
from designer.core.messages import Msg, Name, Quantity, _m
from designer.model.catalog import Catalog
from designer.model.parts import NetworkKind, NetworkSwitchSpec, PduSpec
from designer.model.rack_limits import DEFAULT_AIR_W

AUX_FABRICS = {"storage": _m("storage fabric"), "inband": _m("inband fabric"), "oob": _m("oob fabric")}
MIN_RACK_LIMIT_W = 45_000.0  # the least default rack power limit where the RA's rack needs less (assumption)
# A liquid site's room air per rack where nothing else is said: the same default the node's rack check uses
# (Preferences), so the two windows never judge one rack's heat to air against different limits.
ROOM_AIR_PER_RACK_W = DEFAULT_AIR_W
RACK_LIMIT_STEP_W = 5_000.0  # a default rack limit is the RA's rack rounded up to whole 5 kW


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RaCompute(_Frozen):
    switch: str
    planes: Annotated[int, Field(ge=1, le=8)] = 1
    su_nodes: Annotated[int, Field(ge=1, le=4096)] | None = None
    leaf_scope: Literal["su", "rack"] = "su"
    ufm_positions: Annotated[int, Field(ge=0, le=8)] | Literal["if_free"] = 0


class RaFabric(_Frozen):
    switch: str
    ports_per_node: Annotated[int, Field(ge=1, le=256)]
    oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0
    spines: bool = True
    core_uplinks: Annotated[int, Field(ge=0, le=64)] = 0  # a spineless fabric's leaf uplinks to the site's core
    storage_leaves_per_su: Annotated[int, Field(ge=0, le=64)] = 0
    switches_per_rack: Annotated[int, Field(ge=0, le=8)] = 0
    management_ports: bool = False


class RaSite(_Frozen):
    nodes_per_rack: Annotated[int, Field(ge=1, le=64)] | None = None
    feeds_per_rack: Annotated[int, Field(ge=1, le=8)] = 2
    cdu_part: str = "cdu-inrow-1350kw"


class ReferenceArchitecture(_Frozen):
    id: str
    title: str
    document: str  # the document number or edition
    url: str
    follows: str  # the tables or sections a plan follows, in the document's words
    chassis: tuple[str, ...]  # the node chassis it applies to; () for a generic record
    network: Literal["infiniband", "ethernet"]
    compute: RaCompute
    storage: RaFabric | None = None
    inband: RaFabric | None = None
    oob: RaFabric | None = None
    site: RaSite = RaSite()
    # Settings the document does not give, taken as said (compute: the document's rules on another node; feeds_per_rack,
    # nodes_per_rack, storage, inband, oob):
    # every plan that follows the RA lists them among its assumptions.
    assumed: tuple[Literal["compute", "feeds_per_rack", "nodes_per_rack", "storage", "inband", "oob",
                           "inband_in_storage", "oob_in_rack"], ...] = ()
    generic: bool = False  # no public RA of this node: the DGX SuperPOD rules, said wherever it is named
    # Where the RA has two tables by the fabric manager's place: the one a plan with the UFM in a node position
    # follows, and the one for whole SUs (the plan's info says which applies).
    table_ufm: str = ""
    table_full: str = ""

    @property
    def source(self) -> str:
        return f"{self.title} ({self.document}), {self.follows}, {self.url}" if self.document else self.title


@cache
def architectures() -> dict[str, ReferenceArchitecture]:
    text = (resources.files("designer") / "data" / "architectures.json").read_text(encoding="utf-8")
    records = [ReferenceArchitecture.model_validate(r) for r in json.loads(text)["architectures"]]
    return {r.id: r for r in records}


def _network(kind: NetworkKind) -> str:
    return "infiniband" if kind is NetworkKind.INFINIBAND else "ethernet"


def architecture_for(node: NodeFigures, chosen: str | None = None) -> ReferenceArchitecture:
    """The plan's RA: the one it names, else the node's (its chassis and network kind), else the generic one."""
    table = architectures()
    if chosen is not None:
        if chosen not in table:
            raise DesignerError(f"unknown reference architecture '{chosen}'")
        return table[chosen]
    network = _network(node.network_kind)
    for ra in table.values():
        if node.chassis in ra.chassis and ra.network == network:
            return ra
    return next(ra for ra in table.values() if ra.generic and ra.network == network)


@dataclass(frozen=True)
class Resolved:
    """A plan with every default filled in, the RA it follows and what was assumed to fill it."""

    architecture: ReferenceArchitecture
    site: Site
    fabrics: Fabrics
    notes: tuple[Msg, ...]

    @property
    def compute(self) -> ComputeFabric:
        return self.fabrics.compute


def _round_up(watts: float) -> float:
    return math.ceil(watts / RACK_LIMIT_STEP_W - 1e-9) * RACK_LIMIT_STEP_W


def _rack_limit(node: NodeFigures, nodes_per_rack: int | None) -> float:
    """A rack limit that holds the RA's rack: the rack-scale node, or its nodes per rack; 45 kW at the least."""
    if node.rack_scale:
        return _round_up(node.wall_w)
    if nodes_per_rack:
        return max(MIN_RACK_LIMIT_W, _round_up(nodes_per_rack * node.wall_w))
    return MIN_RACK_LIMIT_W


def pdu_for_feed(site: Site, catalog: Catalog) -> PduSpec | None:
    """The catalog's PDU rated to the site's feed (volts, amps and phases alike), or None."""
    f = site.feed
    return next((p for p in catalog.of_kind("pdu") if isinstance(p, PduSpec) and p.volts == f.volts
                 and p.amps == f.amps and p.phases == f.phases), None)


def _site(plan: ClusterPlan, node: NodeFigures, ra: ReferenceArchitecture, catalog: Catalog) -> tuple[Site, list[Msg]]:
    s, notes = plan.site, []
    cooling = s.cooling or ("liquid" if node.liquid else "air")
    if s.cooling is None and node.liquid:
        notes.append(_m("the node sends heat to liquid: a liquid-cooled site is assumed"))
    per_rack = s.nodes_per_rack or (None if node.rack_scale else ra.site.nodes_per_rack)
    limit = s.rack_power_limit_w or _rack_limit(node, per_rack)
    air = s.rack_air_limit_w or (limit if cooling == "air" else ROOM_AIR_PER_RACK_W)
    if s.rack_air_limit_w is None and cooling == "liquid":
        notes.append(_m("room air takes {w} per rack on the liquid site (assumed: the public default the node "
                        "window's rack check starts from)", w=Quantity(air / 1000, "kW", None)))
    pdu = s.pdu_part
    if pdu is None and (match := pdu_for_feed(s, catalog)) is not None:
        pdu = match.id
    site = s.model_copy(update={
        "cooling": cooling, "rack_power_limit_w": limit, "rack_air_limit_w": air, "nodes_per_rack": per_rack,
        "feeds_per_rack": s.feeds_per_rack or ra.site.feeds_per_rack, "pdu_part": pdu,
        "cdu_part": s.cdu_part or ra.site.cdu_part})
    return site, notes


def _aux(given: AuxFabric | Literal["off"] | None, ra: RaFabric | None) -> AuxFabric | Literal["off"] | None:
    if given is not None:
        return given
    return AuxFabric(**ra.model_dump()) if ra is not None else None


def _compute(given: ComputeFabric, ra: ReferenceArchitecture, catalog: Catalog) -> ComputeFabric:
    """The RA's compute fabric where the plan sets nothing; the fabric manager's position is InfiniBand's, so a plan
    that puts the node on an Ethernet switch gives it none unless it says so."""
    rc = ra.compute
    switch = given.switch or rc.switch
    part = catalog.parts.get(switch)
    ufm = rc.ufm_positions if isinstance(part, NetworkSwitchSpec) and part.network_kind is NetworkKind.INFINIBAND \
        else 0
    return given.model_copy(update={
        "switch": switch,
        "planes": given.planes or rc.planes,
        "su_nodes": given.su_nodes or rc.su_nodes,
        "leaf_scope": given.leaf_scope or rc.leaf_scope,
        "ufm_positions": ufm if given.ufm_positions is None else given.ufm_positions})


def resolve(plan: ClusterPlan, node: NodeFigures, catalog: Catalog) -> Resolved:
    ra = architecture_for(node, plan.architecture)
    site, notes = _site(plan, node, ra, catalog)
    f = plan.fabrics
    compute = _compute(f.compute, ra, catalog)
    fabrics = Fabrics(compute=compute, storage=_aux(f.storage, ra.storage), inband=_aux(f.inband, ra.inband),
                      oob=_aux(f.oob, ra.oob))
    if ra.generic:
        notes.insert(0, _m("no public reference architecture for this node: sized by the DGX SuperPOD rules"))
    notes += _assumed(ra, plan, site)
    return Resolved(ra, site, fabrics, tuple(notes))


def _assumed(ra: ReferenceArchitecture, plan: ClusterPlan, site: Site) -> list[Msg]:
    """What the RA's record takes where its document is silent, for the settings the plan leaves to it."""
    name, out = Name(ra.document or ra.title), []  # the document's number reads the same in every language
    if "compute" in ra.assumed:
        out.append(_m("{ra}: its compute fabric rules applied to this node on {switch} (the document covers another "
                      "node: assumed)", ra=name, switch=Name(ra.compute.switch)))
    if "feeds_per_rack" in ra.assumed and plan.site.feeds_per_rack is None:
        out.append(_m("{ra}: {n} feeds (PDUs) per compute rack assumed (the document names none)", ra=name,
                      n=site.feeds_per_rack or 0))
    if "nodes_per_rack" in ra.assumed and plan.site.nodes_per_rack is None and site.nodes_per_rack:
        out.append(_m("{ra}: {n} nodes per rack assumed (the document names none)", ra=name, n=site.nodes_per_rack))
    if "inband_in_storage" in ra.assumed:
        out.append(_m("{ra}: in-band management shares the storage fabric (one Ethernet fabric for both)", ra=name))
    if "oob_in_rack" in ra.assumed:
        out.append(_m("{ra}: out-of-band management on each rack's own two top-of-rack switches (its network trays)",
                      ra=name))
    for role in ("storage", "inband", "oob"):
        if role in ra.assumed and getattr(plan.fabrics, role) is None:
            out.append(_m("{ra}: {fabric} sized by the DGX H100 RA's rules (the document gives no count)", ra=name,
                          fabric=AUX_FABRICS[role]))
    return out


def architecture_texts() -> list[str]:
    """The shipped architectures' words a plan shows translated: which of the document's tables it follows, and the
    sentence a generic record has for a title (a document's own title is cited as written)."""
    return sorted({t for ra in architectures().values() for t in (ra.follows, ra.table_ufm, ra.table_full,
                                                                   ra.title if ra.generic else "") if t})
