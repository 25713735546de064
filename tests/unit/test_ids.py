"""Ids: the natural order (nvs2 before nvs10) that bottleneck lists and other id lists use."""

import re

from designer.core.ids import natural_key, next_id


def test_natural_key_orders_numbers_inside_ids_by_value():
    ids = ["nvs10", "nvs2", "nvs1", "gpu0", "nvs0", "nic11", "nic3"]
    assert sorted(ids, key=natural_key) == ["gpu0", "nic3", "nic11", "nvs0", "nvs1", "nvs2", "nvs10"]
    assert sorted(ids) != sorted(ids, key=natural_key)  # text order puts nvs10 before nvs2


def test_natural_key_on_ids_without_digits_and_with_several_numbers():
    assert sorted(["b", "a2b10", "a2b9", "a10b1"], key=natural_key) == ["a2b9", "a2b10", "a10b1", "b"]
    assert next_id("nvs", ["nvs0", "nvs1"]) == "nvs2"


def test_the_nvl72_bottleneck_names_its_switches_in_natural_order(catalog, design_of):
    from designer.simulation import SimConfig, simulate

    result = simulate(design_of("gb200-nvl72"), catalog, SimConfig(collectives=("allreduce",), sizes=(1 << 30,)))
    listed = [int(n) for n in re.findall(r"nvs(\d+)", result.rows[-1].bottleneck)]
    assert len(listed) == 18  # a GPU's 18 NVLink 5 links, one per switch chip: 9 switch trays x 2 chips (NVIDIA DGX
    # GB200 user guide, hardware; shared/reference/hardware-facts.md)
    assert listed == sorted(listed)
