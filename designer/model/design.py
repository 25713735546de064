"""The Design: a chassis plus placed components plus links, with metadata and waivers.

Components and links refer to each other by string id, never by object identity, so a design is a
plain value: JSON stays natural, equality is by value and undo is trivial. Link endpoints are
component ids, not port numbers: a GPU's NVLink ports are interchangeable, so a link carries a count
(links or PCIe lanes) instead of naming ports.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from designer.core.errors import UnknownIdError
from designer.core.ids import ID_PATTERN

SCHEMA_VERSION = 3  # 2: rack heat limits per cooling kind in the settings; 3: settings.fabric_failure_policy
MAX_COMPONENTS = 2_000
MAX_LINKS = 20_000
MAX_WAIVERS = 1_000

Id = Annotated[str, Field(pattern=ID_PATTERN)]
PartId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.\-]{0,63}$")]
Text = Annotated[str, Field(max_length=200)]
LongText = Annotated[str, Field(max_length=20_000)]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LinkKind(StrEnum):
    NVLINK = "nvlink"  # GPU-GPU or GPU-NVSwitch
    XGMI = "xgmi"  # AMD Infinity Fabric
    HCCS = "hccs"  # Huawei Cache Coherent System
    ROCE = "roce"  # Gaudi on-die Ethernet scale-up
    PCIE = "pcie"
    C2C = "c2c"  # NVLink-C2C between Grace and its GPU
    SOCKET = "socket"  # CPU-to-CPU (UPI, Infinity Fabric socket link)
    NETWORK = "network"  # NIC port(s) to the scale-out fabric


SCALEUP_KINDS = frozenset({LinkKind.NVLINK, LinkKind.XGMI, LinkKind.HCCS, LinkKind.ROCE})


class Redundancy(StrEnum):
    NONE = "none"  # N: every PSU is needed
    N_PLUS_1 = "N+1"
    N_PLUS_2 = "N+2"
    N_PLUS_N = "N+N"  # two grids, half the PSUs on each


class Placement(Frozen):
    id: Id
    part: PartId
    slot: Annotated[int, Field(ge=0, le=1000)] | None = None
    label: Text = ""


class Link(Frozen):
    id: Id
    kind: LinkKind
    a: Id
    b: Id
    count: Annotated[int, Field(ge=1, le=1024)] = 1  # links, lanes or ports, by kind
    pcie_gen: Annotated[int, Field(ge=3, le=6)] | None = None  # cap for a PCIe link; None = ends decide

    @model_validator(mode="after")
    def _distinct_ends(self) -> Link:
        if self.a == self.b:
            raise ValueError(f"link {self.id} connects {self.a} to itself")
        return self


class Waiver(Frozen):
    rule: Annotated[str, Field(pattern=r"^[a-z0-9_.]{1,80}$")]
    ids: tuple[Id, ...] = ()
    reason: Annotated[str, Field(min_length=1, max_length=2000)]


def duplicate_waiver(waivers: Iterable[Waiver]) -> str | None:
    """The first waiver that repeats an earlier one (the same rule over the same ids, in any order), as a one-line
    reason to refuse the file; None when every waiver is its own."""
    seen: set[tuple[str, frozenset[str]]] = set()
    for i, w in enumerate(waivers):
        key = (w.rule, frozenset(w.ids))
        if key in seen:
            over = f" over {', '.join(w.ids)}" if w.ids else ""
            return f"waivers[{i}]: waives {w.rule}{over} a second time"
        seen.add(key)
    return None


class Metadata(Frozen):
    name: Text = "Untitled design"
    author: Text = ""
    version: Annotated[str, Field(max_length=40)] = "1"
    description: Annotated[str, Field(max_length=500)] = ""
    notes: LongText = ""
    template: Annotated[str, Field(max_length=64)] = ""


class ScaleOutTopology(StrEnum):
    """The wiring's name; the collective model takes its effect from nodes_per_leaf and oversubscription."""

    RAIL_OPTIMIZED = "rail_optimized"  # NIC i of every node on leaf (rail) i; same-rail traffic stays on the leaf
    FAT_TREE = "fat_tree"  # all NICs of a node on one leaf; other nodes through the spine


class ScaleOut(Frozen):
    """How nodes are connected to each other (the network outside the chassis)."""

    topology: ScaleOutTopology = ScaleOutTopology.RAIL_OPTIMIZED
    # Nodes under one set of leaf switches (a DGX SuperPOD scalable unit has 32 nodes).
    nodes_per_leaf: Annotated[int, Field(ge=1, le=4096)] = 32
    # Leaf downlink to spine uplink bandwidth ratio (1.0 = non-blocking, 2.0 = 2:1 oversubscribed).
    oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0


class FailurePolicy(StrEnum):
    """How the scale-up fabric reacts to one failed link or switch, as the platform's vendor documents it
    (designer/data/failure_policy.json holds each mode's consequences and source; designer.topology.policy)."""

    PLATFORM_DEFAULT = "platform_default"  # the documented default of the design's platform
    FM_DEFAULT = "fm_default"  # NVSwitch: Fabric Manager ACCESS_LINK_FAILURE_MODE=0, NVSWITCH_FAILURE_MODE=0
    FM_DEGRADED = "fm_degraded"  # the modes =1: disable the switch, 5/6 bandwidth (DGX A100 / HGX A100 only)
    NMX_FULL_BANDWIDTH = "nmx_full_bandwidth"  # GB200 NVL72 full-bandwidth partition
    NMX_ADAPTIVE_BANDWIDTH = "nmx_adaptive_bandwidth"  # GB200 NVL72 adaptive-bandwidth partition
    ASSUMED_LINK_LOSS = "assumed_link_loss"  # no published policy (AMD, Gaudi, Ascend meshes): assumed


class Settings(Frozen):
    psu_redundancy: Redundancy = Redundancy.N_PLUS_1
    rack_power_budget_w: Annotated[float, Field(gt=0, le=2_000_000)] | None = None
    nodes_per_rack: Annotated[int, Field(ge=1, le=128)] = 1
    # This design's rack limits by cooling kind (heat to air, heat to liquid per rack); None: the site's
    # (Preferences), else the public defaults (designer.model.rack_limits).
    rack_air_limit_w: Annotated[float, Field(gt=0, le=2_000_000)] | None = None
    rack_liquid_limit_w: Annotated[float, Field(gt=0, le=2_000_000)] | None = None
    rack_height_u: Annotated[int, Field(ge=1, le=60)] = 42
    air_delta_t_c: Annotated[float, Field(gt=0, le=60)] = 20.0
    scaleout: ScaleOut = ScaleOut()
    fabric_failure_policy: FailurePolicy = FailurePolicy.PLATFORM_DEFAULT


class Design(Frozen):
    schema_version: Annotated[int, Field(ge=1)] = SCHEMA_VERSION
    meta: Metadata = Metadata()
    chassis: PartId
    settings: Settings = Settings()
    components: Annotated[list[Placement], Field(max_length=MAX_COMPONENTS)] = []
    links: Annotated[list[Link], Field(max_length=MAX_LINKS)] = []
    waivers: Annotated[list[Waiver], Field(max_length=MAX_WAIVERS)] = []

    @model_validator(mode="after")
    def _references(self) -> Design:
        ids: set[str] = set()
        for i, comp in enumerate(self.components):
            if comp.id in ids:
                raise ValueError(f"components[{i}].id: duplicate id '{comp.id}'")
            ids.add(comp.id)
        link_ids: set[str] = set()
        for i, link in enumerate(self.links):
            if link.id in link_ids or link.id in ids:
                raise ValueError(f"links[{i}].id: duplicate id '{link.id}'")
            link_ids.add(link.id)
            for end in ("a", "b"):
                if getattr(link, end) not in ids:
                    raise ValueError(f"links[{i}].{end}: no component with id '{getattr(link, end)}'")
        if (twice := duplicate_waiver(self.waivers)) is not None:
            raise ValueError(twice)
        return self

    # Queries (pure, cheap) -------------------------------------------------------------
    def component(self, cid: str) -> Placement:
        for comp in self.components:
            if comp.id == cid:
                return comp
        raise UnknownIdError(f"no component '{cid}' in the design")

    def link(self, lid: str) -> Link:
        for link in self.links:
            if link.id == lid:
                return link
        raise UnknownIdError(f"no link '{lid}' in the design")

    def all_ids(self) -> set[str]:
        return {c.id for c in self.components} | {lk.id for lk in self.links}
