"""The sweep's grid and its Pareto set, independent of what is evaluated."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from designer.sweep.grid import Grid, SweepError, at_least, one_of, parse_list
from designer.sweep.pareto import dominates, pareto_indices


def test_grid_points_are_every_combination_in_a_fixed_order():
    g = Grid(node=("a", "b"), gpus=(64, 128, 256), oversubscription=(1.0, 2.0), network=("ib", "roce"),
             electricity_usd_kwh=(0.05, 0.1, 0.2), pue=(1.2,))
    points = list(g.points())
    assert len(g) == len(points) == 2 * 3 * 2 * 2 * 3
    assert [p.index for p in points] == list(range(len(points)))
    assert len({(p.node, p.gpus, p.oversubscription, p.network, p.electricity_usd_kwh) for p in points}) == 72
    assert [len(c) for c in g.chunks(50)] == [50, 22]
    assert list(g.points(70))[0].index == 70


def test_the_1152_design_grid_of_the_benchmark_has_1152_points():
    g = Grid(node=tuple("abcd"), gpus=tuple(range(16)), oversubscription=(1.0, 2.0, 4.0), network=("ib", "roce"),
             electricity_usd_kwh=(0.05, 0.1, 0.15))
    assert len(g) == 1152


@pytest.mark.parametrize(("text", "says"), [
    ("", "one or more values"), ("1,,2", "one or more values"), ("x", "not a float"),
    ("-0.1", "at least 0"), ("nan", "finite"), ("inf", "finite")])
def test_a_bad_range_is_one_line(text, says):
    with pytest.raises(SweepError, match=says) as err:
        parse_list("--electricity-usd-kwh", text, float, at_least(0.0))
    assert "--electricity-usd-kwh" in str(err.value)


def test_a_range_keeps_its_order_and_drops_repeats():
    assert parse_list("--gpus", "256, 64,256", int, at_least(1)) == (256, 64)
    with pytest.raises(SweepError, match="unknown network"):
        parse_list("--network", "ib,ethernet", str, one_of(("ib", "roce"), "network"))


def _brute_force(points):
    return frozenset(i for i, p in enumerate(points) if not any(dominates(q, p) for q in points))


def test_dominance_is_strict_somewhere():
    assert dominates((1, 1, 1), (1, 1, 2)) and not dominates((1, 1, 1), (1, 1, 1))
    assert not dominates((0, 2, 1), (1, 1, 1)) and not dominates((1, 1, 1), (0, 2, 1))


def test_equal_points_are_both_on_the_front():
    assert pareto_indices([(1, 1, 1), (1, 1, 1), (2, 2, 2)]) == {0, 1}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(*(st.integers(0, 6),) * 3), max_size=60))
def test_the_streaming_front_equals_the_brute_force_front_in_any_order(points):
    assert pareto_indices(points) == _brute_force(points)
    order = list(range(len(points)))
    random.Random(len(points)).shuffle(order)
    shuffled = [points[i] for i in order]
    assert {order[i] for i in pareto_indices(shuffled)} == _brute_force(points)


def test_a_known_front():
    # (-busbw, $/GPU-h, W/GPU): a faster, dearer point and a slower, cheaper one both stay; a point worse than
    # another on all three does not.
    rows = [(-400, 2.0, 1500), (-300, 1.5, 1400), (-300, 2.1, 1500), (-400, 2.0, 1600)]
    assert pareto_indices(rows) == {0, 1}


def test_chunks_hold_whole_runs_of_the_energy_axes():
    """A plan (node, size, oversubscription, network) is one run of electricity x PUE points: an aligned chunk
    never splits it, so two workers never evaluate the same plan."""
    g = Grid(node=("a", "b"), gpus=(64, 128), electricity_usd_kwh=(0.04, 0.07, 0.1, 0.13, 0.16),
             pue=(1.1, 1.2, 1.3, 1.4, 1.5))
    size = g.aligned_chunk(64)
    assert size == 75 and size % 25 == 0
    for chunk in g.chunks(size):
        plans = [(p.node, p.gpus, p.oversubscription, p.network) for p in chunk]
        assert len(plans) % 25 == 0 and all(plans[i] == plans[i - i % 25] for i in range(len(plans)))
    assert Grid(node=("a",), gpus=(1,), electricity_usd_kwh=tuple(range(100))).aligned_chunk(64) == 100
