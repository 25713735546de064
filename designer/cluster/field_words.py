"""A plan's settings in words, one table for the cluster window's Inspector labels, the refusal of a value
("Feed current (A): must be more than 0", was "site.feed.amps: Input should be greater than 0") and the undo step
("Set Feed current (A)"). `scale`: the model's unit per the unit shown (W per kW; a fraction per percent)."""

from __future__ import annotations

from designer.core.messages import Msg, _m

PLAN_FIELDS: dict[str, tuple[Msg, float]] = {
    "name": (_m("Name"), 1), "size.gpus": (_m("GPU count"), 1), "size.nodes": (_m("Node count"), 1),
    "site.rack_power_limit_w": (_m("Rack power limit (kW)"), 1000),
    "site.rack_air_limit_w": (_m("Rack heat to air limit (kW)"), 1000),
    "site.cooling": (_m("Cooling"), 1), "site.rack_height_u": (_m("Rack height (U)"), 1),
    "site.feed.volts": (_m("Feed voltage (V)"), 1), "site.feed.amps": (_m("Feed current (A)"), 1),
    "site.feed.phases": (_m("Feed phases"), 1), "site.feed.utilisation": (_m("Feed utilisation (%)"), 0.01),
    "site.feeds_per_rack": (_m("Feeds per rack"), 1), "site.nodes_per_rack": (_m("Nodes per rack"), 1),
    "site.ab_policy": (_m("A/B policy"), 1), "site.pue": (_m("PUE"), 1),
    "site.supply_water_c": (_m("Supply water (°C)"), 1),
    "fabrics.compute.topology": (_m("Topology"), 1),
    "fabrics.compute.oversubscription": (_m("Oversubscription (x:1)"), 1),
    "fabrics.compute.target_oversubscription": (_m("Target oversubscription (x:1)"), 1),
    "fabrics.compute.planes": (_m("Planes"), 1), "fabrics.compute.su_nodes": (_m("Nodes per SU"), 1),
    "fabrics.compute.spine_oversubscription": (_m("Spine oversubscription (x:1)"), 1),
    "fabrics.compute.pod_gpus": (_m("Pod size (GPUs)"), 1), "fabrics.compute.switch": (_m("Switch"), 1),
}


def field_word(path: str) -> tuple[Msg, float]:
    """A setting's words and scale; a path the table lacks is said as it is."""
    return PLAN_FIELDS.get(path, (Msg(path), 1.0))
