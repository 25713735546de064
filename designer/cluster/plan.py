"""The cluster plan: what a user decides (node design, size, site, fabrics), as frozen pydantic models.

Everything else (switch counts, racks, feeds, BOM, rule findings, performance) is derived from a plan by pure
functions in this package and never stored. Units are in field names; bandwidths are per direction.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from designer.model.design import Design, Waiver, duplicate_waiver

# One default PUE for every command and window (cost, compare, cluster, sweep, train; designer.cost.tco reads it):
# a new large site, where the tool's plans go; the industry's average is higher (1.56 in 2024, Uptime Institute),
# and a user sets the site's own.
DEFAULT_PUE = 1.3

PLAN_SCHEMA_VERSION = 2
PartId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.\-]{0,63}$")]
Text = Annotated[str, Field(max_length=200)]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class NodeRef(Frozen):
    """The node design: a template id, or a design embedded whole (so the plan file is self-contained)."""

    template: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.\-]{0,63}$")] | None = None
    design: Design | None = None

    @model_validator(mode="after")
    def _one_source(self) -> NodeRef:
        if (self.template is None) == (self.design is None):
            raise ValueError("give the node as a template id or an embedded design (one of them)")
        return self


class Feed(Frozen):
    """One power feed to a rack (NetBox's PowerFeed: voltage, amperage, phases, maximum utilisation)."""

    volts: Annotated[float, Field(gt=0, le=1000)] = 415.0
    amps: Annotated[float, Field(gt=0, le=1000)] = 60.0
    phases: Literal[1, 3] = 3
    utilisation: Annotated[float, Field(gt=0, le=1.0)] = 0.8


class Site(Frozen):
    """The site. A setting left None (null in the file) is the plan's default, resolved from its reference
    architecture and node by designer.cluster.architecture (`ClusterModel.site`): what a user gets unless they set
    it, and what the plan follows again when its node changes."""

    rack_power_limit_w: Annotated[float, Field(gt=0, le=2_000_000)] | None = None  # None: fits the RA's rack
    rack_air_limit_w: Annotated[float, Field(gt=0, le=2_000_000)] | None = None  # heat a rack may give to room air
    cooling: Literal["air", "liquid"] | None = None  # None: the node's (a liquid-cooled node: a liquid site)
    rack_height_u: Annotated[int, Field(ge=10, le=60)] = 48
    rack_part: PartId = "rack-48u-600x1200"
    nodes_per_rack: Annotated[int, Field(ge=1, le=64)] | None = None  # None: the RA's, within the rack's limits
    feed: Feed = Feed()
    feeds_per_rack: Annotated[int, Field(ge=1, le=8)] | None = None  # None: the RA's PDUs per rack (one per feed)
    # "n": the feeds share the rack, as NVIDIA's DGX SuperPOD best practices size them (two circuits, each rated
    # for 50 % of the rack's peak); "2n": A and B feeds, each able to carry the whole rack when the other is lost.
    ab_policy: Literal["2n", "n"] = "n"
    pdu_part: PartId | None = None  # None: a PDU rated to the feed
    cdu_part: PartId | None = None  # None: the RA's CDU (in-row for liquid racks)
    spare_cdus: Annotated[int, Field(ge=0, le=8)] = 1  # N+1: one CDU may fail with every rack still cooled
    pue: Annotated[float, Field(ge=1.0, le=5.0)] = DEFAULT_PUE
    supply_water_c: Annotated[float, Field(ge=5, le=60)] = 25.0
    coolant_delta_t_k: Annotated[float, Field(gt=0, le=40)] = 10.0

    @property
    def power_limit_w(self) -> float:
        """The rack power limit of a resolved site (ClusterModel.site)."""
        return _resolved(self.rack_power_limit_w)

    @property
    def air_limit_w(self) -> float:
        """The heat a rack may give to room air, of a resolved site (ClusterModel.site)."""
        return _resolved(self.rack_air_limit_w)


def _resolved(value: float | None) -> float:
    if value is None:
        raise ValueError("the site's limits are not resolved (read them from ClusterModel.site)")
    return value


class ComputeFabric(Frozen):
    topology: Literal["rail_optimized", "leaf_spine"] = "rail_optimized"
    oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0  # leaf downlink : uplink bandwidth
    target_oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0
    # Past two tiers: the spines' downlink : uplink ratio to the core (1: non-blocking), and pods of this many GPUs
    # non-blocking inside (their own spines), the spine ratio above them (Meta's 24k-GPU clusters: 7:1).
    spine_oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0
    pod_gpus: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    # None: the reference architecture's (designer.cluster.architecture); a value overrides it.
    planes: Annotated[int, Field(ge=1, le=8)] | None = None  # each NIC port split into one link per plane
    switch: PartId | None = None
    su_nodes: Annotated[int, Field(ge=1, le=4096)] | None = None  # nodes per scalable unit (else the leaf's ports)
    # "su": one leaf per rail per SU (DGX SuperPOD H100/B200/B300); "rack": one leaf per rail per rack, the leaves of
    # a rail in an SU and their spines a spine-leaf group, the groups joined by core groups (GB200 RA).
    leaf_scope: Literal["su", "rack"] | None = None
    # Node positions that hold the fabric manager (UFM) instead of a node, as the DGX H100 RA's Table 4 counts
    # them (31 + 1 in the first SU); "if_free": one where the last SU has a free position (Table 3 otherwise).
    ufm_positions: Annotated[int, Field(ge=0, le=8)] | Literal["if_free"] | None = None
    ufm_links: Annotated[int, Field(ge=0, le=16)] = 4
    # None: each run's length from the floor layout (designer.cluster.floor); a value sets every link of the class.
    node_leaf_length_m: Annotated[float, Field(gt=0, le=2000)] | None = None
    leaf_spine_length_m: Annotated[float, Field(gt=0, le=2000)] | None = None
    spine_core_length_m: Annotated[float, Field(gt=0, le=2000)] | None = None


class AuxFabric(Frozen):
    """Storage, in-band or out-of-band: leaves of one switch part for the nodes' ports (a rack-scale node's ports
    are its whole rack's), spines above them or uplinks to the site's core (designer.cluster.aux)."""

    switch: PartId
    ports_per_node: Annotated[int, Field(ge=1, le=256)] = 2
    target_gbytes_s_per_node: Annotated[float, Field(ge=0, le=10_000)] = 0.0  # storage read target per node
    oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0  # node-side leaf downlink : uplink
    spines: bool = True  # False: the leaves uplink to the data centre's core (the RA's in-band fabric)
    core_uplinks: Annotated[int, Field(ge=0, le=64)] = 0  # a spineless fabric's leaf uplinks to the site's core
    storage_leaves_per_su: Annotated[int, Field(ge=0, le=64)] = 0  # leaves for the storage appliances (1:1)
    switches_per_rack: Annotated[int, Field(ge=0, le=8)] = 0  # top-of-rack switches per compute rack instead
    management_ports: bool = False  # out-of-band: every switch, PDU and server has a port on it as well


class Fabrics(Frozen):
    """None: the fabric as the reference architecture sizes it; "off": no such fabric in this plan."""

    compute: ComputeFabric = ComputeFabric()
    storage: AuxFabric | Literal["off"] | None = None
    inband: AuxFabric | Literal["off"] | None = None
    oob: AuxFabric | Literal["off"] | None = None


class ClusterPlan(Frozen):
    schema_version: Literal[2] = 2  # PLAN_SCHEMA_VERSION
    name: Text = "Untitled cluster"
    architecture: PartId | None = None  # the reference architecture it follows (None: the node's own)
    node: NodeRef
    gpus: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    nodes: Annotated[int, Field(ge=1, le=200_000)] | None = None
    site: Site = Site()
    fabrics: Fabrics = Fabrics()
    waivers: tuple[Waiver, ...] = ()

    @model_validator(mode="after")
    def _one_count(self) -> ClusterPlan:
        if (self.gpus is None) == (self.nodes is None):
            raise ValueError("give the size as a GPU count or a node count (one of them)")
        if (twice := duplicate_waiver(self.waivers)) is not None:
            raise ValueError(twice)
        return self
