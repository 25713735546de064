"""The words of the design fields an edit changes, for the undo names ("Change nodes per rack", "Change gpu3
label"): each a message, so the Edit menu says it in the interface's language. A field without a word here is
named by its key."""

from __future__ import annotations

from collections.abc import Iterable

from designer.core.messages import Many, Msg, Name, _m, many

FIELD_WORDS: dict[str, Msg] = {
    # Metadata
    "name": _m("name"), "author": _m("author"), "version": _m("version"), "description": _m("description"),
    "notes": _m("notes"), "template": _m("template"), "chassis": _m("chassis"),
    # Placement (a component)
    "part": _m("part"), "slot": _m("slot"), "label": _m("label"),
    # Link
    "kind": _m("kind"), "a": _m("end a"), "b": _m("end b"), "count": _m("count"), "pcie_gen": _m("PCIe generation cap"),
    # Settings
    "psu_redundancy": _m("PSU redundancy"), "rack_power_budget_w": _m("rack power budget"),
    "nodes_per_rack": _m("nodes per rack"), "rack_air_limit_w": _m("rack limit, heat to air"),
    "rack_liquid_limit_w": _m("rack limit, heat to liquid"), "rack_height_u": _m("rack height"),
    "air_delta_t_c": _m("air temperature rise"), "scaleout": _m("scale-out network"),
    "fabric_failure_policy": _m("failure policy"),
}


def field_words(keys: Iterable[str]) -> Many:
    """The changed fields' words, in their keys' order, joined by ', '."""
    return many(FIELD_WORDS.get(k) or Name(k.replace("_", " ")) for k in sorted(keys))
