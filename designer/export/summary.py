"""The one line under a design's name (spec sheet, slide, Inspector): what the design holds, never stale.

A reference design's own description is kept while the design still has the template's parts and PSU policy;
after any change of parts (NICs or PSUs deleted, a GPU swapped) the line is derived from the design itself.
A description the user wrote (in the Inspector) is theirs and is shown as written.
"""

from __future__ import annotations

from collections import Counter

from designer.core.memo import memo_by_identity
from designer.model.budget import power_budget
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.templates import TEMPLATES, build_template

ORDER = ("gpu", "scaleup_switch", "cpu", "nic", "psu")


def parts_line(design: Design, catalog: Catalog) -> str:
    """'8x NVIDIA H100 SXM5 80GB, 4x NVSwitch ..., 2x ..., 8x ConnectX-7 400G + 2x ..., 6x 3.3 kW PSU (5+1)'."""
    counts = Counter(c.part for c in design.components)
    groups: list[str] = []
    for kind in ORDER:
        here = [(part, n) for part, n in counts.items() if catalog.get(part).kind == kind]
        if not here:
            continue
        text = " + ".join(f"{n}x {catalog.get(part).name}" for part, n in here)
        if kind == "psu":
            budget = power_budget(design, catalog)
            spare = budget.redundant_psus
            text += f" ({budget.psu_count - spare}+{spare})" if spare else " (no spare)"
        groups.append(text)
    return ", ".join(groups)


def _signature(design: Design) -> tuple:
    return design.chassis, Counter(c.part for c in design.components), design.settings.psu_redundancy


@memo_by_identity(size=32)
def _reference_signature(template_id: str, catalog: Catalog) -> tuple:
    """The template's chassis, part counts and PSU policy, built once per template and catalog: the Inspector asks
    on every edit, and building the 72-GPU rack's template costs about 100 ms."""
    return _signature(build_template(template_id, catalog))


def _is_template_as_built(design: Design, catalog: Catalog) -> bool:
    tpl = TEMPLATES.get(design.meta.template)
    if tpl is None or design.meta.description != tpl.description:
        return False
    return _signature(design) == _reference_signature(tpl.id, catalog)


def stale_template_description(design: Design, catalog: Catalog) -> bool:
    """The description is the template's text but the design no longer has the template's parts."""
    tpl = TEMPLATES.get(design.meta.template)
    return (tpl is not None and design.meta.description == tpl.description
            and not _is_template_as_built(design, catalog))


def description_line(design: Design, catalog: Catalog) -> str:
    if design.meta.description and not stale_template_description(design, catalog):
        return design.meta.description
    return parts_line(design, catalog)
