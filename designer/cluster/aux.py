"""The storage, in-band and out-of-band fabrics: sized by rule from the nodes' ports and the RA's ratios.

The DGX SuperPOD RAs publish these fabrics' switch counts only as totals of one example (the H100 RA's Table 7,
4 SU: 16 storage QM9700, 8 in-band SN4600C, 8 out-of-band SN2201) with the ratios that size them:
- storage: node-side leaves at "near 4:3" (downlinks : uplinks), the storage appliances on leaves of their own at
  1:1, spines for the node-side uplinks ("MQM9700-NS2F switches"; the appliances are the customer's choice, so
  one storage leaf per SU stands for them, as the 4-SU example has four);
- in-band: leaves of half their ports down, placed SU by SU (254 ports over 4 SU: two per SU, the RA's 8), each
  with three uplinks to the data centre's core (the RA's 24 "leaf to core" cables for 8 leaves), no spines;
- out-of-band: one port per node BMC, switch, PDU and management server (the RA's Table 8 OOB cable list),
  leaves of 48 RJ45 ports placed SU by SU (their copper stays among the SU's racks: 317 ports over 4 SU are two
  switches per SU, the RA's 8), each with two uplinks to the in-band fabric;
- a rack-scale node (GB200 NVL72) brings its own management top-of-rack switches (two per rack in the DGX GB200
  user guide), counted per rack.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.cluster.plan import AuxFabric
from designer.cluster.sizing import _balanced_spines, leaf_ports
from designer.model.parts import NetworkSwitchSpec

OOB_UPLINKS = 2  # the H100 RA's Table 8: "Two uplinks per OOB to in-band"


@dataclass(frozen=True)
class AuxSizing:
    role: str  # storage, inband, oob
    switch: str
    ports: int  # ports of nodes (and, out-of-band, of every managed device) on the fabric
    leaves: int
    spines: int
    storage_leaves: int = 0
    leaf_uplinks: int = 0  # per node-side leaf

    @property
    def switches(self) -> int:
        return self.leaves + self.spines + self.storage_leaves

    @property
    def cables(self) -> int:
        """Device links plus node-side leaf uplinks (to the spines, or to the site's core)."""
        return self.ports + self.leaves * self.leaf_uplinks


def size_aux(role: str, nodes: int, sus: int, fabric: AuxFabric, switch: NetworkSwitchSpec,
             managed_ports: int = 0) -> AuxSizing:
    """`managed_ports`: the out-of-band ports of switches, PDUs and servers (used where the fabric counts them)."""
    ports = nodes * fabric.ports_per_node + (managed_ports if fabric.management_ports else 0)
    if fabric.switches_per_rack:
        return AuxSizing(role, switch.id, ports, nodes * fabric.switches_per_rack, 0)
    if fabric.management_ports:  # RJ45 ports down, two uplinks to the in-band fabric on their own cages (RA)
        down, up = switch.ports, OOB_UPLINKS
    elif fabric.spines:
        down, up = leaf_ports(switch.ports, fabric.oversubscription)
    else:  # leaves with a few uplinks to the data centre's core (the H100 RA's in-band: 24 for 8 leaves)
        down, up = leaf_ports(switch.ports, fabric.oversubscription)[0], fabric.core_uplinks
    leaves = math.ceil(ports / down) if down else 0
    if not fabric.spines and sus > 1:  # placed SU by SU, so their cables stay among the SU's racks
        leaves = sus * math.ceil(ports / sus / down)
    spines = 0
    if fabric.spines and leaves > 1:
        spines = _balanced_spines(math.ceil(leaves * up / switch.ports), up)
    return AuxSizing(role, switch.id, ports, leaves, spines, fabric.storage_leaves_per_su * sus, up)
