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
    # a field's docstring is its description in the JSON schema and the file-format reference
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class NodeRef(Frozen):
    """The node design: a template id, or a design embedded whole (so the plan file is self-contained)."""

    template: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.\-]{0,63}$")] | None = None
    """A reference design's id (dgx-h100); or give design."""
    design: Design | None = None
    """A node design embedded whole, so the plan file needs no other file; or give template."""

    @model_validator(mode="after")
    def _one_source(self) -> NodeRef:
        if (self.template is None) == (self.design is None):
            raise ValueError("give the node as a template id or an embedded design (one of them)")
        return self


class Feed(Frozen):
    """One power feed to a rack (NetBox's PowerFeed: voltage, amperage, phases, maximum utilisation)."""

    volts: Annotated[float, Field(gt=0, le=1000)] = 415.0
    """The feed's voltage (line to line for three phases), V."""
    amps: Annotated[float, Field(gt=0, le=1000)] = 60.0
    """The feed's breaker rating, A."""
    phases: Literal[1, 3] = 3
    """1 or 3."""
    utilisation: Annotated[float, Field(gt=0, le=1.0)] = 0.8
    """The share of the rating a feed may carry continuously (0.8: 80 %)."""


class Site(Frozen):
    """The site. A setting left None (null in the file) is the plan's default, resolved from its reference
    architecture and node by designer.cluster.architecture (`ClusterModel.site`): what a user gets unless they set
    it, and what the plan follows again when its node changes."""

    rack_power_limit_w: Annotated[float, Field(gt=0, le=2_000_000)] | None = None  # None: fits the RA's rack
    """A rack's power limit, W; null: what the reference architecture's rack needs (45 kW at the least; a
    rack-scale node's own power)."""
    rack_air_limit_w: Annotated[float, Field(gt=0, le=2_000_000)] | None = None  # heat a rack may give to room air
    """Heat a rack may give to room air, W; null: the rack limit on an air site, 40 kW on a liquid site."""
    cooling: Literal["air", "liquid"] | None = None  # None: the node's (a liquid-cooled node: a liquid site)
    """air or liquid; null: the node's (a liquid-cooled node sets a liquid site)."""
    rack_height_u: Annotated[int, Field(ge=10, le=60)] = 48
    """The racks' height in U."""
    rack_part: PartId = "rack-48u-600x1200"
    """The rack part (its size and price)."""
    nodes_per_rack: Annotated[int, Field(ge=1, le=64)] | None = None  # None: the RA's, within the rack's limits
    """Nodes per compute rack; null: the reference architecture's, within the rack's limits."""
    feed: Feed = Feed()
    """Each rack feed's voltage, rating, phases and utilisation."""
    feeds_per_rack: Annotated[int, Field(ge=1, le=8)] | None = None  # None: the RA's PDUs per rack (one per feed)
    """Feeds (one PDU each) per compute rack; null: the reference architecture's."""
    # "n": the feeds share the rack, as NVIDIA's DGX SuperPOD best practices size them (two circuits, each rated
    # for 50 % of the rack's peak); "2n": A and B feeds, each able to carry the whole rack when the other is lost.
    ab_policy: Literal["2n", "n"] = "n"
    """n: the feeds share the rack's load; 2n: each feed can carry the whole rack when another is lost."""
    pdu_part: PartId | None = None  # None: a PDU rated to the feed
    """The PDU part; null: the catalog's PDU rated to the feed."""
    cdu_part: PartId | None = None  # None: the RA's CDU (in-row for liquid racks)
    """The CDU part of liquid racks; null: the reference architecture's (in-row)."""
    spare_cdus: Annotated[int, Field(ge=0, le=8)] = 1  # N+1: one CDU may fail with every rack still cooled
    """CDUs beyond those the heat needs (1: N+1, one may fail with every rack still cooled)."""
    pue: Annotated[float, Field(ge=1.0, le=5.0)] = DEFAULT_PUE
    """The site's power usage effectiveness: facility power over IT power."""
    supply_water_c: Annotated[float, Field(ge=5, le=60)] = 25.0
    """The facility's supply water temperature, °C (checked against the warmest coolant the node takes)."""
    coolant_delta_t_k: Annotated[float, Field(gt=0, le=40)] = 10.0
    """The coolant's temperature rise through the racks, K (sets the flow)."""

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
    """rail_optimized: one leaf per NIC rail; leaf_spine: a node's NICs on one leaf."""
    oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0  # leaf downlink : uplink bandwidth
    """Leaf downlink to uplink bandwidth (1: non-blocking)."""
    target_oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0
    """The most oversubscription the plan accepts: a rule warns when the leaves come out above it."""
    # Past two tiers: the spines' downlink : uplink ratio to the core (1: non-blocking), and pods of this many GPUs
    # non-blocking inside (their own spines), the spine ratio above them (Meta's 24k-GPU clusters: 7:1).
    spine_oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0
    """Past two tiers, the spines' downlink to uplink ratio to the core (1: non-blocking)."""
    pod_gpus: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    """GPUs of a pod non-blocking inside, the spine ratio above it (Meta's 24k-GPU clusters); null: no pods."""
    # None: the reference architecture's (designer.cluster.architecture); a value overrides it.
    planes: Annotated[int, Field(ge=1, le=8)] | None = None  # each NIC port split into one link per plane
    """Independent fabric planes, each NIC port split into one link per plane; null: the reference architecture's."""
    switch: PartId | None = None
    """The compute switch part; null: the reference architecture's."""
    su_nodes: Annotated[int, Field(ge=1, le=4096)] | None = None  # nodes per scalable unit (else the leaf's ports)
    """Nodes per scalable unit; null: the reference architecture's (else the leaf's ports)."""
    # "su": one leaf per rail per SU (DGX SuperPOD H100/B200/B300); "rack": one leaf per rail per rack, the leaves of
    # a rail in an SU and their spines a spine-leaf group, the groups joined by core groups (GB200 RA).
    leaf_scope: Literal["su", "rack"] | None = None
    """su: one leaf per rail per SU (DGX SuperPOD H100/B200/B300); rack: one per rail per rack (GB200 RA); null: the
    reference architecture's."""
    # Node positions that hold the fabric manager (UFM) instead of a node, as the DGX H100 RA's Table 4 counts
    # them (31 + 1 in the first SU); "if_free": one where the last SU has a free position (Table 3 otherwise).
    ufm_positions: Annotated[int, Field(ge=0, le=8)] | Literal["if_free"] | None = None
    """Node positions the fabric manager (UFM) takes; if_free: one where the last SU has a free position; null: the
    reference architecture's."""
    ufm_links: Annotated[int, Field(ge=0, le=16)] = 4
    """Links from the fabric manager to the leaves."""
    # None: each run's length from the floor layout (designer.cluster.floor); a value sets every link of the class.
    node_leaf_length_m: Annotated[float, Field(gt=0, le=2000)] | None = None
    """Every node-leaf cable's length, m; null: each run's length from the floor layout."""
    leaf_spine_length_m: Annotated[float, Field(gt=0, le=2000)] | None = None
    """Every leaf-spine cable's length, m; null: from the floor layout."""
    spine_core_length_m: Annotated[float, Field(gt=0, le=2000)] | None = None
    """Every spine-core cable's length, m; null: from the floor layout."""


class AuxFabric(Frozen):
    """Storage, in-band or out-of-band: leaves of one switch part for the nodes' ports (a rack-scale node's ports
    are its whole rack's), spines above them or uplinks to the site's core (designer.cluster.aux)."""

    switch: PartId
    """The fabric's switch part."""
    ports_per_node: Annotated[int, Field(ge=1, le=256)] = 2
    """Ports each node has on this fabric (a rack-scale node's: its whole rack's)."""
    target_gbytes_s_per_node: Annotated[float, Field(ge=0, le=10_000)] = 0.0  # storage read target per node
    """Storage read target per node, GB/s (0: none)."""
    oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0  # node-side leaf downlink : uplink
    """Node-side leaf downlink to uplink bandwidth (1: non-blocking)."""
    spines: bool = True  # False: the leaves uplink to the data centre's core (the RA's in-band fabric)
    """false: the leaves uplink to the data centre's core (the reference architecture's in-band fabric)."""
    core_uplinks: Annotated[int, Field(ge=0, le=64)] = 0  # a spineless fabric's leaf uplinks to the site's core
    """A spineless fabric's leaf uplinks to the site's core."""
    storage_leaves_per_su: Annotated[int, Field(ge=0, le=64)] = 0  # leaves for the storage appliances (1:1)
    """Leaves per SU for the storage appliances."""
    switches_per_rack: Annotated[int, Field(ge=0, le=8)] = 0  # top-of-rack switches per compute rack instead
    """Top-of-rack switches per compute rack, instead of leaves by port count (0: by port count)."""
    management_ports: bool = False  # out-of-band: every switch, PDU and server has a port on it as well
    """Out-of-band: every switch, PDU and server has a port on it as well."""


class Fabrics(Frozen):
    """None: the fabric as the reference architecture sizes it; "off": no such fabric in this plan."""

    compute: ComputeFabric = ComputeFabric()
    """The compute fabric."""
    storage: AuxFabric | Literal["off"] | None = None
    """The storage fabric; null: as the reference architecture sizes it; off: none."""
    inband: AuxFabric | Literal["off"] | None = None
    """The in-band management fabric; null: as the reference architecture sizes it; off: none."""
    oob: AuxFabric | Literal["off"] | None = None
    """The out-of-band management fabric; null: as the reference architecture sizes it; off: none."""


class ClusterPlan(Frozen):
    schema_version: Literal[2] = 2  # PLAN_SCHEMA_VERSION
    """The plan file format's version."""
    name: Text = "Untitled cluster"
    """The plan's name on its documents."""
    architecture: PartId | None = None  # the reference architecture it follows (None: the node's own)
    """The reference architecture it follows; null: the node's own."""
    node: NodeRef
    """The node design, by template id or embedded."""
    gpus: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    """The cluster's size in GPUs; or give nodes."""
    nodes: Annotated[int, Field(ge=1, le=200_000)] | None = None
    """The cluster's size in nodes; or give gpus."""
    site: Site = Site()
    """Racks, power feeds, cooling and PUE."""
    fabrics: Fabrics = Fabrics()
    """The compute, storage, in-band and out-of-band fabrics."""
    waivers: tuple[Waiver, ...] = ()
    """Cluster rule findings accepted on purpose, each with its reason."""

    @model_validator(mode="after")
    def _one_count(self) -> ClusterPlan:
        if (self.gpus is None) == (self.nodes is None):
            raise ValueError("give the size as a GPU count or a node count (one of them)")
        if (twice := duplicate_waiver(self.waivers)) is not None:
            raise ValueError(twice)
        return self
