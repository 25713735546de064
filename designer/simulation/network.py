"""The network between nodes: its kind (from the NIC and fabric parts) and the scale-out topology
(from the design's settings), as the collective model needs them.

Rail-optimised: NIC i of every node sits on leaf i, so same-rail traffic between nodes of one leaf
group crosses one switch; traffic between leaf groups goes leaf-spine-leaf (three switches) and shares
the leaf's uplinks, which an oversubscribed spine makes narrower than its downlinks. A fat tree puts
all NICs of a node on one leaf: the same hop counts, with nodes_per_leaf nodes per leaf.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from designer.model.design import ScaleOut
from designer.model.parts import FabricSpec, NetworkKind, NicSpec
from designer.simulation.constants import NET_STEP_EXTRA_US, NETWORK_EFFICIENCY, SWITCH_HOP_US
from designer.topology.graph import Topology

# Traffic shapes across nodes: "neighbour" patterns (rings, trees, chains) talk to adjacent nodes in
# rank order; "spread" patterns (AllToAll) talk to every node alike.
NEIGHBOUR, SPREAD = "neighbour", "spread"


@dataclass(frozen=True)
class Network:
    kind: NetworkKind
    in_network_reduction: bool
    scaleout: ScaleOut

    @property
    def efficiency(self) -> float:
        return NETWORK_EFFICIENCY[self.kind]

    def crossing_share(self, nodes: int, pattern: str) -> float:
        """Share of a node's inter-node traffic that leaves its leaf group (crosses the spine)."""
        per_leaf = self.scaleout.nodes_per_leaf
        if nodes <= per_leaf:
            return 0.0
        if pattern == SPREAD:
            return (nodes - per_leaf) / (nodes - 1)
        return 1.0 / per_leaf  # a ring or tree enters and leaves each leaf group once

    def spine_factor(self, nodes: int, pattern: str) -> float:
        """Fraction of the NIC rate left when the spine uplinks are the limit: leaf uplinks carry
        crossing_share x downlink traffic on 1/oversubscription of the downlink capacity."""
        load = self.crossing_share(nodes, pattern) * self.scaleout.oversubscription
        return 1.0 if load <= 1.0 else 1.0 / load

    def switch_hops(self, nodes: int) -> int:
        return 1 if nodes <= self.scaleout.nodes_per_leaf else 3

    def step_extra_us(self, nodes: int) -> float:
        """Latency a network step adds beyond the library's NET hop: the kind's per-step cost and the
        switch hops of the path."""
        return NET_STEP_EXTRA_US[self.kind] + self.switch_hops(nodes) * SWITCH_HOP_US[self.kind]


def network_of(topo: Topology) -> Network:
    """The compute network of a design: the fabric part's kind if it sets one, else the kind most of
    the compute NICs run."""
    settings = topo.design.settings.scaleout
    nics = topo.nics("compute")
    fabrics = {f for nic in nics for f in topo.graph.neighbors(nic) if isinstance(topo.part(f), FabricSpec)}
    specs = [p for f in sorted(fabrics) if isinstance(p := topo.part(f), FabricSpec) and p.purpose == "compute"]
    sharp = any(s.in_network_reduction for s in specs)
    forced = next((s.network_kind for s in specs if s.network_kind is not None), None)
    if forced is not None:
        return Network(forced, sharp, settings)
    kinds = Counter(p.network_kind for nic in nics if isinstance(p := topo.part(nic), NicSpec))
    kind = kinds.most_common(1)[0][0] if kinds else NetworkKind.INFINIBAND
    return Network(kind, sharp, settings)
