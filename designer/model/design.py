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
    # a field's docstring is its description in the JSON schema and the file-format reference
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


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
    """The part's id in this design (gpu0, nic3): what links and waivers name."""
    part: PartId
    """The catalog part placed (an id of the shipped catalog or a user catalog file)."""
    slot: Annotated[int, Field(ge=0, le=1000)] | None = None
    """The chassis slot of the part's kind it sits in, from 0; null: in no numbered slot."""
    label: Text = ""
    """The name shown on the canvas and in documents; empty: the part's id."""


class Link(Frozen):
    id: Id
    """The link's id in this design."""
    kind: LinkKind
    """What the link is: NVLink or another scale-up fabric, PCIe, the CPUs' socket link, a network port."""
    a: Id
    """The id of the part at one end."""
    b: Id
    """The id of the part at the other end."""
    count: Annotated[int, Field(ge=1, le=1024)] = 1  # links, lanes or ports, by kind
    """How many: NVLinks for a scale-up link, lanes for PCIe, ports for a network link."""
    pcie_gen: Annotated[int, Field(ge=3, le=6)] | None = None  # cap for a PCIe link; None = ends decide
    """A PCIe generation the link is held to; null: the lower of its two ends."""

    @model_validator(mode="after")
    def _distinct_ends(self) -> Link:
        if self.a == self.b:
            raise ValueError(f"link {self.id} connects {self.a} to itself")
        return self


class Waiver(Frozen):
    rule: Annotated[str, Field(pattern=r"^[a-z0-9_.]{1,80}$")]
    """The id of the rule whose finding is accepted (power.psu_redundancy); the rules reference lists them."""
    ids: tuple[Id, ...] = ()
    """The parts or links the finding names; empty: every finding of the rule."""
    reason: Annotated[str, Field(min_length=1, max_length=2000)]
    """Why the finding is accepted, as documents print it beside the waived finding."""


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
    """The design's name: window title, document titles."""
    author: Text = ""
    """Who made the design, as documents print it."""
    version: Annotated[str, Field(max_length=40)] = "1"
    """The design's own version, as documents print it."""
    description: Annotated[str, Field(max_length=500)] = ""
    """One line under the title of the design's documents."""
    notes: LongText = ""
    """Free notes kept with the design."""
    template: Annotated[str, Field(max_length=64)] = ""
    """The reference design it started from (dgx-h100); empty for a blank or imported design."""


class ScaleOutTopology(StrEnum):
    """The wiring's name; the collective model takes its effect from nodes_per_leaf and oversubscription."""

    RAIL_OPTIMIZED = "rail_optimized"  # NIC i of every node on leaf (rail) i; same-rail traffic stays on the leaf
    FAT_TREE = "fat_tree"  # all NICs of a node on one leaf; other nodes through the spine


class ScaleOut(Frozen):
    """How nodes are connected to each other (the network outside the chassis)."""

    topology: ScaleOutTopology = ScaleOutTopology.RAIL_OPTIMIZED
    """rail_optimized: NIC i of every node on leaf i; fat_tree: all of a node's NICs on one leaf."""
    nodes_per_leaf: Annotated[int, Field(ge=1, le=4096)] = 32
    """Nodes under one set of leaf switches (a DGX SuperPOD scalable unit has 32)."""
    oversubscription: Annotated[float, Field(ge=1.0, le=16.0)] = 1.0
    """Leaf downlink to spine uplink bandwidth (1: non-blocking, 2: 2:1 oversubscribed)."""


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
    """How many power supplies may fail with the load still carried: N+1, N+2 or N+N."""
    rack_power_budget_w: Annotated[float, Field(gt=0, le=2_000_000)] | None = None
    """A rack's power budget in W the nodes must fit; null: the rack limits by cooling kind judge it."""
    nodes_per_rack: Annotated[int, Field(ge=1, le=128)] = 1
    """Nodes of this design in one rack, for the rack checks."""
    # This design's rack limits by cooling kind (heat to air, heat to liquid per rack); None: the site's
    # (Preferences), else the public defaults (designer.model.rack_limits).
    rack_air_limit_w: Annotated[float, Field(gt=0, le=2_000_000)] | None = None
    """Heat in W one rack may give to room air; null: the site's (Preferences), else the public default."""
    rack_liquid_limit_w: Annotated[float, Field(gt=0, le=2_000_000)] | None = None
    """Heat in W one rack may give to its coolant; null: the site's (Preferences), else the public default."""
    rack_height_u: Annotated[int, Field(ge=1, le=60)] = 42
    """The rack's height in U, for the rack checks and the elevation."""
    air_delta_t_c: Annotated[float, Field(gt=0, le=60)] = 20.0
    """The air's temperature rise across the node in K (°C), which sets the airflow the heat to air needs."""
    scaleout: ScaleOut = ScaleOut()
    """How nodes of this design are connected to each other (the collective model across nodes)."""
    fabric_failure_policy: FailurePolicy = FailurePolicy.PLATFORM_DEFAULT
    """How the scale-up fabric reacts to a failed link or switch; platform_default: as the platform's vendor
    documents it."""


class Design(Frozen):
    schema_version: Annotated[int, Field(ge=1)] = SCHEMA_VERSION
    """The file format's version; an older file is read and upgraded, a newer one refused."""
    meta: Metadata = Metadata()
    """Name, author, version, description and notes."""
    chassis: PartId
    """The chassis part: its slots, cooling and base power."""
    settings: Settings = Settings()
    """Power redundancy, rack limits, scale-out wiring and the failure policy."""
    components: Annotated[list[Placement], Field(max_length=MAX_COMPONENTS)] = []
    """The parts placed in the chassis."""
    links: Annotated[list[Link], Field(max_length=MAX_LINKS)] = []
    """The links between the parts."""
    waivers: Annotated[list[Waiver], Field(max_length=MAX_WAIVERS)] = []
    """Rule findings accepted on purpose, each with its reason."""

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
