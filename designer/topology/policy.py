"""The fabric failure policy: what one failed scale-up link or switch does, as the platform's vendor documents it.

The policies, their consequences and their sources are data (designer/data/failure_policy.json). NVSwitch
systems follow the NVIDIA Fabric Manager User Guide's high-availability modes (default: a GPU with a failed
access link leaves NVLink routing; a failed NVSwitch leaves the fabric uninitialised; the degraded-bandwidth
modes only on DGX A100 / HGX A100); a GB200 NVL72 rack follows NVIDIA NMX's partition modes (full bandwidth:
a lost switch makes the partition unhealthy; adaptive bandwidth: it runs degraded). No vendor publishes a
policy for the AMD, Gaudi or Ascend meshes: there the lost bandwidth is computed and marked as assumed.
The design's setting (`Settings.fabric_failure_policy`) picks one of the platform's documented modes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from designer.model.design import FailurePolicy
from designer.model.parts import NVLINK_FABRICS, Fabric, GpuSpec, ScaleupSwitchSpec
from designer.topology.graph import Topology

DOWN = frozenset({"fabric_down", "partition_unhealthy"})  # the consequences that stop the NVLink domain


@cache
def policy_data() -> dict[str, Any]:
    text = (resources.files("designer") / "data" / "failure_policy.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


@dataclass(frozen=True)
class Policy:
    """The policy in force for a design: the platform's documented mode the setting picks (or its default)."""

    id: str
    chosen: str  # the design's setting
    platform: str  # nvswitch_a100 | nvswitch | nvl72 | mesh
    alternatives: tuple[str, ...]
    not_effective: bool  # the chosen mode does not apply on this platform: the default is in force

    @property
    def spec(self) -> dict[str, Any]:
        return dict(policy_data()["policies"][self.id])

    @property
    def name(self) -> str:
        return str(self.spec["name"])

    @property
    def documented(self) -> bool:
        return bool(self.spec["documented"])

    @property
    def source(self) -> dict[str, str]:
        return dict(policy_data()["sources"][self.spec["source"]])

    def citation(self) -> str:
        s = self.source
        return s["title"] if not s["url"] else f"{s['title']} ({s['publisher']}), {s['url']}"

    def as_dict(self) -> dict[str, Any]:
        notes = policy_data()["notes"]
        extra = [notes["runtime"]] if self.spec["source"] == "fabric_manager" else []
        extra += [notes["nmx_default"], notes["adaptive_link"]] if self.platform == "nvl72" else []
        return {"id": self.id, "chosen": self.chosen, "platform": self.platform, "name": self.name,
                "documented": self.documented, "alternatives": list(self.alternatives),
                "not_effective": self.not_effective, "source": self.source, "notes": extra}


def platform_of(topo: Topology) -> str | None:
    """Which documented behaviour applies: None without scale-up links between accelerators."""
    specs = [p for p in map(topo.part, topo.gpus) if isinstance(p, GpuSpec)]
    if not specs or all(s.fabric is Fabric.NONE for s in specs):
        return None
    nvswitches = [s for s in topo.scaleup_switches
                  if isinstance(p := topo.part(s), ScaleupSwitchSpec) and p.fabric in NVLINK_FABRICS]
    if not nvswitches:
        return "mesh"
    if topo.catalog.chassis(topo.design.chassis).rack_trays:
        return "nvl72"
    return "nvswitch_a100" if all(s.fabric is Fabric.NVLINK3 for s in specs) else "nvswitch"


def resolve(topo: Topology) -> Policy | None:
    """The policy in force (cached per topology); None for a design without a scale-up fabric."""
    if "failure_policy" not in topo.cache:
        topo.cache["failure_policy"] = _resolve(topo)
    return topo.cache["failure_policy"]


def _resolve(topo: Topology) -> Policy | None:
    platform = platform_of(topo)
    if platform is None:
        return None
    rules = policy_data()["platforms"][platform]
    chosen = topo.design.settings.fabric_failure_policy
    alternatives = tuple(rules["alternatives"])
    if chosen is FailurePolicy.PLATFORM_DEFAULT or chosen.value in alternatives:
        effective = rules["default"] if chosen is FailurePolicy.PLATFORM_DEFAULT else chosen.value
        return Policy(effective, chosen.value, platform, alternatives, False)
    return Policy(rules["default"], chosen.value, platform, alternatives, True)
