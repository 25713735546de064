"""Model constants pinned by public documents and physics, written here as numbers (issue 25: mutants of the tree
bus factor and of the airflow constant survived because expected values were rebuilt from the model's own tables).
"""

import pytest

from designer.core.units import airflow_cfm
from designer.simulation.collectives import BUS_FACTOR
from designer.simulation.constants import TREE_BUS_FACTOR

M3_S_PER_CFM = 0.028316846592 / 60  # 1 ft3 = 0.028316846592 m3 (exact, by the definition of the foot)


def test_airflow_follows_the_sensible_heat_of_air():
    """Air at sea level and ~20 C: density 1.20 kg/m3, specific heat 1005 J/(kg K) (ASHRAE Fundamentals, the
    1.08 BTU/(hr CFM F) of the sensible-heat equation). 1,000 W at a 20 K rise needs 1000 / (1.2 * 1005 * 20)
    m3/s = 87.8 CFM."""
    physical = 1000 / (1.20 * 1005 * 20) / M3_S_PER_CFM
    assert physical == pytest.approx(87.8, abs=0.1)
    assert airflow_cfm(1000, 20) == pytest.approx(physical, rel=0.002)
    assert airflow_cfm(10_000, 10) == pytest.approx(10 * 2 * physical, rel=0.002)  # linear in W, inverse in dT


@pytest.mark.parametrize("collective,ranks,factor", [
    # NVIDIA nccl-tests doc/PERFORMANCE.md, "Bus bandwidth": AllReduce 2(n-1)/n, ReduceScatter and AllGather
    # (n-1)/n, Broadcast and Reduce 1; AllToAll (n-1)/n (each rank keeps 1/n of its data).
    ("allreduce", 8, 1.75), ("allreduce", 2, 1.0), ("allreduce", 16, 1.875),
    ("allgather", 8, 0.875), ("reducescatter", 8, 0.875), ("alltoall", 8, 0.875), ("alltoall", 2, 0.5),
    ("broadcast", 8, 1.0), ("reduce", 8, 1.0), ("sendrecv", 2, 1.0),
])
def test_nccl_tests_bus_bandwidth_factors(collective, ranks, factor):
    assert BUS_FACTOR[collective](ranks) == pytest.approx(factor, abs=1e-12)


def test_tree_allreduce_is_capped_at_92_percent_of_the_bus_bandwidth():
    """NCCL src/graph/tuning.cc (ncclTopoTuneModel): tree AllReduce busBw = min(0.92 * busBw, ...), then x0.5 to
    algorithm bandwidth (/work/shared/reference/collectives.md s5)."""
    assert TREE_BUS_FACTOR == 0.92
