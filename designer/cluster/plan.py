"""The cluster plan: what a user decides (node design, size, site, fabrics), as frozen pydantic models.

Everything else (switch counts, racks, feeds, BOM, rule findings, performance) is derived from a plan by pure
functions in this package and never stored. Units are in field names; bandwidths are per direction.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from designer.model.design import Design, Waiver

PLAN_SCHEMA_VERSION = 1
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
    rack_power_limit_w: Annotated[float, Field(gt=0, le=2_000_000)] = 45_000.0
    rack_air_limit_w: Annotated[float, Field(gt=0, le=2_000_000)] = 45_000.0  # heat a rack may give to room air
    cooling: Literal["air", "liquid"] = "air"
    rack_height_u: Annotated[int, Field(ge=10, le=60)] = 48
    rack_part: PartId = "rack-48u-600x1200"
    feed: Feed = Feed()
    feeds_per_rack: Annotated[int, Field(ge=1, le=8)] = 2
    # "n": the feeds share the rack, as NVIDIA's DGX SuperPOD best practices size them (two circuits, each rated
    # for 50 % of the rack's peak); "2n": A and B feeds, each able to carry the whole rack when the other is lost.
    ab_policy: Literal["2n", "n"] = "n"
    pdu_part: PartId = "pdu-415v-60a-3ph"
    cdu_part: PartId = "cdu-inrow-1350kw"
    pue: Annotated[float, Field(ge=1.0, le=5.0)] = 1.3
    supply_water_c: Annotated[float, Field(ge=5, le=60)] = 25.0
    coolant_delta_t_k: Annotated[float, Field(gt=0, le=40)] = 10.0


class ComputeFabric(Frozen):
    topology: Literal["rail_optimized", "leaf_spine"] = "rail_optimized"
    oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0  # leaf downlink : uplink bandwidth
    target_oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0
    planes: Annotated[int, Field(ge=1, le=8)] = 1  # independent fabrics; each NIC port split into one link per plane
    switch: PartId = "qm9700"
    # Node positions of the fabric that hold the fabric manager (UFM) instead of a node, as the DGX H100 RA's
    # tables count them (31 + 1 in the first SU), and the leaf links each takes.
    ufm_positions: Annotated[int, Field(ge=0, le=8)] = 1
    ufm_links: Annotated[int, Field(ge=0, le=16)] = 4
    node_leaf_length_m: Annotated[float, Field(gt=0, le=2000)] = 20.0
    leaf_spine_length_m: Annotated[float, Field(gt=0, le=2000)] = 50.0
    spine_core_length_m: Annotated[float, Field(gt=0, le=2000)] = 100.0


class AuxFabric(Frozen):
    """Storage, in-band or out-of-band: a plain leaf-spine of one switch part with this many ports per node."""

    switch: PartId
    ports_per_node: Annotated[int, Field(ge=1, le=16)] = 2
    target_gbytes_s_per_node: Annotated[float, Field(ge=0, le=10_000)] = 0.0  # storage read target per node


class Fabrics(Frozen):
    compute: ComputeFabric = ComputeFabric()
    storage: AuxFabric | None = None
    inband: AuxFabric | None = None
    oob: AuxFabric | None = None


class ClusterPlan(Frozen):
    schema_version: Literal[1] = 1  # PLAN_SCHEMA_VERSION
    name: Text = "Untitled cluster"
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
        return self
