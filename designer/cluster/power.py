"""A lost feed judged down to the PSU: each node's power supplies are spread over its rack's feeds (PDUs), and a
node keeps running after a feed is lost only if the PSUs left are as many as its own redundancy policy needs.

The DGX H100 has 6 PSUs of which 4 must run (N+2, its user guide): on the RA's three PDUs per rack a lost feed
takes 2 PSUs and every node runs on; on two feeds it takes 3, leaving 3 x 3.3 kW below the node's 10.2 kW, and the
rack's GPUs stop whatever the feeds' capacity.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.cluster.node import NodeFigures

MAX_FEEDS = 8


@dataclass(frozen=True)
class PsuFeedLoss:
    feeds: int
    psus: int
    lost: int  # PSUs on the lost feed (the feed with the most of them: PSUs go to feeds in turn)
    needed: int
    policy: str

    @property
    def left(self) -> int:
        return self.psus - self.lost

    @property
    def survives(self) -> bool:
        return self.psus == 0 or self.left >= self.needed


def psu_feed_loss(node: NodeFigures, feeds: int) -> PsuFeedLoss:
    lost = math.ceil(node.psus / feeds) if feeds else node.psus
    return PsuFeedLoss(feeds, node.psus, lost, node.psus_needed, node.psu_policy)


def feeds_to_survive(node: NodeFigures) -> int | None:
    """The fewest feeds per rack that keep every node running when one is lost (None: not within 8)."""
    return next((f for f in range(2, MAX_FEEDS + 1) if psu_feed_loss(node, f).survives), None)
