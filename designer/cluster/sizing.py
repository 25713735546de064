"""Compute-fabric sizing by the public DGX SuperPOD rules, for any node from its own NIC ports and speed.

Rules (NVIDIA DGX SuperPOD reference architectures, H100 RA-11333-001 and B200, "Network fabrics"):
- Rail-optimised: NIC port r of every node goes to the leaf of rail r; one leaf per rail per scalable unit
  (SU). A leaf gives `downlinks` ports to nodes and `uplinks` to spines, downlinks : uplinks = the chosen
  oversubscription (1:1 in the RA: 32 + 32 of a 64-port QM9700); an SU therefore holds `downlinks` node
  positions, some of which may hold the fabric manager (UFM) instead of a node, as the H100 RA counts them.
- The full SU is built and cabled even when fewer nodes are bought (leaves and leaf-spine links).
- Two tiers while every spine can reach every leaf (leaves <= switch ports); the spine count is the least
  that takes all leaf uplinks and gives every leaf the same number of links to every spine (it divides the
  leaf's uplinks: 3 SU of DGX H100 need 768 / 64 = 12 spines, built as 16).
- Beyond two tiers' reach a core tier is added: spines then give half their ports to leaves and half to
  the core; core switches take all spine uplinks.
- A switch port faster than the NIC is split (an 800G port serves two 400G NIC ports); every used cage of
  every switch holds a transceiver where its links are optical, and each node holds one per scale-out cage.
- Planes (B300 RA, Spectrum-X): each plane is a whole fabric; every NIC port gives one link to each plane.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.cluster.node import NodeFigures
from designer.cluster.plan import ComputeFabric
from designer.core.errors import DesignerError
from designer.model.parts import NetworkSwitchSpec

MAX_TIERS_REACH = 3


@dataclass(frozen=True)
class ComputeSizing:
    nodes: int
    gpus: int
    rails: int  # scale-out ports per node
    planes: int
    radix: int  # switch ports at the NIC's speed
    leaf_downlinks: int
    leaf_uplinks: int
    positions_per_su: int
    scalable_units: int
    tiers: int
    leaf_switches: int
    spine_switches: int
    core_switches: int
    node_leaf_cables: int  # node links plus the UFM's links (the RA's "node-leaf" column)
    ufm_leaf_cables: int
    leaf_spine_cables: int
    spine_core_cables: int
    switch_cages_used: int
    node_cages: int
    leaf_down_cages: int = 0  # used switch cages by link class (every plane): leaf downlinks ...
    leaf_up_cages: int = 0
    spine_down_cages: int = 0
    spine_up_cages: int = 0
    core_cages: int = 0
    endpoints: int = 0  # node positions taken by nodes (a rack-scale node takes one per compute tray)
    ufm_positions: int = 0  # node positions that hold the fabric manager

    @property
    def oversubscription(self) -> float:
        return self.leaf_downlinks / self.leaf_uplinks if self.leaf_uplinks else math.inf

    @property
    def switches(self) -> int:
        return self.leaf_switches + self.spine_switches + self.core_switches

    @property
    def node_cables(self) -> int:
        return self.node_leaf_cables - self.ufm_leaf_cables

    @property
    def compute_cables(self) -> int:
        """Node, leaf-spine and spine-core links (the RA appendix's compute cable count; UFM links apart)."""
        return self.node_cables + self.leaf_spine_cables + self.spine_core_cables

    @property
    def positions(self) -> int:
        return self.scalable_units * self.positions_per_su


def nodes_for(gpus: int, node: NodeFigures) -> int:
    if node.gpus <= 0:
        raise DesignerError("the node design has no GPUs")
    return math.ceil(gpus / node.gpus)


def _radix(switch: NetworkSwitchSpec, port_speed_gbit_s: float) -> int:
    split = int(switch.port_speed_gbit_s // port_speed_gbit_s) if port_speed_gbit_s > 0 else 1
    return switch.ports * max(1, split)


def leaf_ports(radix: int, oversubscription: float) -> tuple[int, int]:
    """Downlinks and uplinks of a leaf of `radix` ports for a downlink : uplink ratio."""
    down = math.floor(radix * oversubscription / (oversubscription + 1) + 1e-9)
    up = math.ceil(down / oversubscription - 1e-9)
    return down, min(up, radix - down)


def _balanced_spines(needed: int, leaf_uplinks: int) -> int:
    """The least spine count >= needed that divides the leaf's uplinks (equal links from each leaf to each
    spine), as long as that costs at most half as many spines again (the H100 RA's 3 SU: 12 needed, 16 built);
    else the plain count (some leaf-spine pairs get one link more). Without the bound a prime uplink count (43 at
    2:1 on a split 128-port leaf) bought one spine per uplink: 43 spines for 8 leaves; with a bound of twice, 21
    uplinks at 2:1 on a QM9700 leaf bought 21 spines where 11 take them, more than the 1:1 fabric's 16."""
    divisors = [d for d in range(needed, min(leaf_uplinks, needed * 3 // 2) + 1) if leaf_uplinks % d == 0]
    return divisors[0] if divisors else needed


def _spine_core(leaves: int, uplinks: int, radix: int, spine_ratio: float = 1.0,
                pod_leaves: int | None = None) -> tuple[int, int, int, int]:
    """(tiers, spines, cores, spine-core cables) for `leaves` leaves of `uplinks` uplinks each, per plane.

    Two tiers while every spine reaches every leaf (and the leaves fit one pod). Past that a core tier: spines give
    their ports down : up at `spine_ratio` (1: half and half, a non-blocking fat tree; Meta's 24k-GPU clusters: 7:1
    above non-blocking pods), pod by pod when a pod size is given, and the core takes every spine uplink."""
    total_up = leaves * uplinks
    pods = math.ceil(leaves / pod_leaves) if pod_leaves else 1
    if leaves <= radix and pods == 1:
        return 2, _balanced_spines(math.ceil(total_up / radix), uplinks), 0, 0
    down, up = leaf_ports(radix, spine_ratio)
    if pod_leaves and pods > 1:  # each pod's spines take its leaves' uplinks whole: non-blocking inside the pod
        per_pod = _balanced_spines(math.ceil(pod_leaves * uplinks / down), uplinks)
        spines = pods * per_pod
    else:
        spines = math.ceil(total_up / down)
    if spines * up > radix * radix * down:
        raise DesignerError(f"{leaves} leaves are beyond a {MAX_TIERS_REACH}-tier fat tree of {radix}-port switches")
    spine_core = spines * up
    return 3, spines, math.ceil(spine_core / radix), spine_core


def _used_cages(ports: int, switches: int, ports_per_cage: int) -> int:
    """Cages holding at least one used port when `ports` links spread evenly over `switches` switches."""
    if switches == 0:
        return 0
    per = math.ceil(ports / switches)
    return switches * math.ceil(per / ports_per_cage)


def _rails(nodes: int, node: NodeFigures, fabric: ComputeFabric, switch: NetworkSwitchSpec) -> tuple[int, int]:
    """(endpoints, rails): a rack-scale node joins the fabric tray by tray, its trays' NIC ports being the rails."""
    units = node.fabric_units
    rails = node.scaleout_ports // units
    if rails <= 0:
        raise DesignerError("the node design has no scale-out (compute) NIC ports to build a fabric from")
    if switch.ports < rails:
        raise DesignerError(f"switch '{switch.id}' has {switch.ports} ports, fewer than the node's {rails} rails")
    return nodes * units, rails


def _su(rails: int, down: int, node: NodeFigures, fabric: ComputeFabric) -> tuple[int, int]:
    """(node positions, leaves) of one scalable unit of one plane. By default an SU is what one leaf per rail
    serves (its downlinks); an RA that sets its SU in nodes (GB200: 8 NVL72 racks, 576 GPUs) gets the leaves that
    take all its ports (8 racks x 72 ports / 32 downlinks = 18)."""
    if fabric.su_nodes:
        positions = fabric.su_nodes * node.fabric_units
        return positions, math.ceil(positions * rails / down)
    return (down if fabric.topology == "rail_optimized" else (down // rails) * rails), rails


def ufm_positions(fabric: ComputeFabric, endpoints: int, per_su: int) -> int:
    """Positions the fabric manager takes: the plan's count, or with "if_free" (the DGX H100 RA) one where the last
    SU has a free position (its Table 4: 31 DGX + the UFM) and none where the nodes fill whole SUs (Table 3)."""
    if fabric.ufm_positions == "if_free":
        return 1 if endpoints % per_su else 0
    return fabric.ufm_positions or 0


@dataclass(frozen=True)
class _Tiers:
    down: int
    up: int
    per_su: int
    sus: int
    leaves: int  # per plane
    tiers: int
    spines: int
    cores: int
    spine_core: int  # spine-core links per plane
    ufm: int = 0


def _rack_groups(endpoints: int, rails: int, radix: int, node: NodeFigures, fabric: ComputeFabric) -> _Tiers:
    """The GB200 RA's spine-leaf groups (SLG): an SU of `su_nodes` racks holds one SLG per rail; in a group, one
    leaf per rack takes that rail's port of every compute tray (18 down, as many up at 1:1), and the fewest spines
    that take the leaves' uplinks on half their ports and divide them evenly (8 x 18 / 32 -> 6, the RA's "8 leaf
    switches ... and 6 spine switches in each SLG"); spine i of every group joins core group i."""
    racks = fabric.su_nodes or 1
    down = node.fabric_units
    up = math.ceil(down / fabric.oversubscription - 1e-9)
    if down + up > radix:
        raise DesignerError(f"a leaf per rack needs {down + up} ports; the switch has {radix}")
    per_su = racks * node.fabric_units
    sus = math.ceil(endpoints / per_su)
    groups = sus * rails
    per_group = _balanced_spines(math.ceil(racks * up / (radix // 2)), up)
    spine_up = math.ceil(racks * up / per_group)
    cores = per_group * math.ceil(groups * spine_up / radix)
    return _Tiers(down, up, per_su, sus, groups * racks, 3, groups * per_group, cores, groups * per_group * spine_up)


def _su_tiers(endpoints: int, rails: int, radix: int, node: NodeFigures, fabric: ComputeFabric) -> _Tiers:
    down, up = leaf_ports(radix, fabric.oversubscription)
    if down <= 0 or up <= 0:
        raise DesignerError(f"the switch leaves no downlinks or uplinks at {fabric.oversubscription:g}:1")
    per_su, leaves_su = _su(rails, down, node, fabric)
    if per_su <= 0:
        raise DesignerError(f"the switch leaves no node positions at {fabric.oversubscription:g}:1")
    ufm_used = ufm_positions(fabric, endpoints, per_su)
    sus = math.ceil((endpoints + ufm_used) / per_su)
    leaves = sus * leaves_su
    pod_leaves = None
    if fabric.pod_gpus:  # a pod of whole SUs holding pod_gpus GPUs
        gpus_per_endpoint = node.gpus / node.fabric_units
        pod_sus = max(1, math.ceil(fabric.pod_gpus / gpus_per_endpoint / per_su))
        pod_leaves = pod_sus * leaves_su
    tiers, spines, cores, spine_core = _spine_core(leaves, up, radix, fabric.spine_oversubscription, pod_leaves)
    return _Tiers(down, up, per_su, sus, leaves, tiers, spines, cores, spine_core, ufm_used)


def size_compute(nodes: int, node: NodeFigures, fabric: ComputeFabric, switch: NetworkSwitchSpec) -> ComputeSizing:
    """Each plane is a whole fabric of its own: every NIC port is split into `planes` equal links, one per plane
    (Spectrum-X multiplane: an 800G port as 2 x 400G). Cables are counted as physical: one per node port, and
    switch-to-switch links at the switch's port speed (an 800G cable carries two 400G links). `fabric` is the
    resolved compute fabric (ClusterModel.fabric: the RA's settings where the plan sets none)."""
    endpoints, rails = _rails(nodes, node, fabric, switch)
    planes = fabric.planes or 1
    radix = _radix(switch, node.port_speed_gbit_s / planes)
    split = max(1, radix // switch.ports)
    sized = (_rack_groups if fabric.leaf_scope == "rack" else _su_tiers)(endpoints, rails, radix, node, fabric)
    down, up, per_su, sus, ufm_used = sized.down, sized.up, sized.per_su, sized.sus, sized.ufm
    leaves_plane, tiers, spines, cores, spine_core = sized.leaves, sized.tiers, sized.spines, sized.cores, \
        sized.spine_core
    ufm = fabric.ufm_links if ufm_used else 0
    cage = switch.ports // switch.cages
    leaf_down = leaves_plane * math.ceil(math.ceil(down / split) / cage)
    leaf_up = leaves_plane * math.ceil(math.ceil(up / split) / cage)
    spine_down = _used_cages(math.ceil(leaves_plane * up / split), spines, cage)
    spine_up = _used_cages(math.ceil(spine_core / split), spines, cage)
    core_cages = _used_cages(math.ceil(spine_core / split), cores, cage)
    return ComputeSizing(
        nodes=nodes, gpus=nodes * node.gpus, rails=rails, planes=planes, radix=radix, leaf_downlinks=down,
        leaf_uplinks=up, positions_per_su=per_su, scalable_units=sus, tiers=tiers,
        leaf_switches=leaves_plane * planes, spine_switches=spines * planes, core_switches=cores * planes,
        node_leaf_cables=endpoints * rails + ufm, ufm_leaf_cables=ufm,
        leaf_spine_cables=math.ceil(leaves_plane * up * planes / split),
        spine_core_cables=math.ceil(spine_core * planes / split),
        switch_cages_used=(leaf_down + leaf_up + spine_down + spine_up + core_cages) * planes,
        leaf_down_cages=leaf_down * planes, leaf_up_cages=leaf_up * planes, spine_down_cages=spine_down * planes,
        spine_up_cages=spine_up * planes, core_cages=core_cages * planes,
        node_cages=endpoints * math.ceil(rails / node.ports_per_cage), endpoints=endpoints, ufm_positions=ufm_used,
    )
