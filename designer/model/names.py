"""Display names for customer documents: "GPU 0", "NVSwitch 1", "NIC 3", "PCIe switch 2", never the design's ids
(gpu0, nvs1, l5), which are the file's keys and the app's handles.

A name is the component's role (from its catalog part and, for a NIC, the fabrics it is wired to) and its position
among the design's components of that role, counted from 0 as nvidia-smi counts GPUs. A role with one member that
is not a device (the cooling, a fabric) has no number. Every name has a short form for small boxes on a drawing
("NVS 1", "PSW 2"); ABBREVIATIONS explains each short word, so a drawing can carry a legend of the ones it uses.
Words are English here; `lang` takes them from the string tables' "names" section (designer/data/i18n).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from designer.core import i18n
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.parts import NVLINK_FABRICS, FabricSpec, GpuSpec, NicSpec, PartBase, ScaleupSwitchSpec

# role: (long word, short word); the short word is what a drawing shows
ROLES: dict[str, tuple[str, str]] = {
    "gpu": ("GPU", "GPU"), "npu": ("NPU", "NPU"), "accelerator": ("Accelerator", "ACC"),
    "nvswitch": ("NVSwitch", "NVS"), "scaleup_switch": ("Scale-up switch", "SUS"),
    "pcie_switch": ("PCIe switch", "PSW"), "cpu": ("CPU", "CPU"), "nic": ("NIC", "NIC"),
    "storage_nic": ("Storage NIC", "SNIC"), "dpu": ("DPU", "DPU"), "psu": ("PSU", "PSU"),
    "cooling": ("Cooling", "Cooling"), "compute_fabric": ("Compute fabric", "Compute fabric"),
    "storage_fabric": ("Storage fabric", "Storage fabric"), "part": ("Part", "Part"),
}
ABBREVIATIONS: dict[str, str] = {
    "GPU": "graphics processing unit", "NPU": "neural processing unit", "ACC": "accelerator",
    "NVS": "NVSwitch", "SUS": "scale-up switch", "PSW": "PCIe switch", "CPU": "host processor",
    "NIC": "network interface card (compute)", "SNIC": "storage network interface card",
    "DPU": "data processing unit", "PSU": "power supply unit",
}
UNNUMBERED_WHEN_ALONE = {"cooling", "compute_fabric", "storage_fabric"}


@dataclass(frozen=True)
class DisplayName:
    role: str
    index: int | None  # None: the only one of its role and not numbered

    def text(self, lang: str = "en", short: bool = False) -> str:
        word = role_word(self.role, lang, short)
        return word if self.index is None else f"{word} {self.index}"


def role_word(role: str, lang: str = "en", short: bool = False) -> str:
    long, abbreviation = ROLES[role]
    english = abbreviation if short else long
    if lang == "en" or (short and english in ABBREVIATIONS):  # abbreviations stay, as nvidia-smi's do
        return english
    return str(i18n.table(lang).get("names", {}).get(english, english))


def abbreviation_meaning(short: str, lang: str = "en") -> str:
    english = ABBREVIATIONS[short]
    return str(i18n.table(lang).get("names", {}).get(english, english)) if lang != "en" else english


def role_of(design: Design, catalog: Catalog, cid: str, part: PartBase) -> str:
    if isinstance(part, GpuSpec):
        return part.device_class
    if isinstance(part, ScaleupSwitchSpec):
        return "nvswitch" if part.fabric in NVLINK_FABRICS else "scaleup_switch"
    if isinstance(part, NicSpec):
        return "dpu" if part.is_dpu else _nic_role(design, catalog, cid)
    if isinstance(part, FabricSpec):
        return f"{part.purpose}_fabric"
    kind = str(getattr(part, "kind", "part"))
    return kind if kind in ROLES else "part"


def _nic_role(design: Design, catalog: Catalog, cid: str) -> str:
    """A NIC wired only to storage fabrics is a storage NIC; any other NIC is a compute NIC."""
    ends = {lk.b if lk.a == cid else lk.a for lk in design.links if cid in (lk.a, lk.b)}
    purposes = {getattr(catalog.get(design.component(e).part), "purpose", None) for e in ends}
    return "storage_nic" if "storage" in purposes and "compute" not in purposes else "nic"


def display_names(design: Design, catalog: Catalog) -> dict[str, DisplayName]:
    """Every component's display name, by component id."""
    roles = {c.id: role_of(design, catalog, c.id, catalog.get(c.part)) for c in design.components}
    members: dict[str, list[str]] = defaultdict(list)
    for cid, role in roles.items():
        members[role].append(cid)
    return {cid: DisplayName(role, None if role in UNNUMBERED_WHEN_ALONE and len(members[role]) == 1
                             else members[role].index(cid)) for cid, role in roles.items()}


def name_texts(design: Design, catalog: Catalog, lang: str = "en", short: bool = False) -> dict[str, str]:
    return {cid: name.text(lang, short) for cid, name in display_names(design, catalog).items()}


def link_texts(design: Design, names: dict[str, str]) -> dict[str, str]:
    """Each link as its two ends ("GPU 0–NVSwitch 0"), by link id."""
    return {lk.id: f"{names.get(lk.a, lk.a)}–{names.get(lk.b, lk.b)}" for lk in design.links}


def _token(ident: str) -> str:
    return rf"(?<![A-Za-z0-9_.]){re.escape(ident)}(?![A-Za-z0-9_])"


class IdReplacer:
    """Replaces the design's ids in text by display names: a link written with its ends ("l0 (gpu0-nvs0)") and a
    bare link id become its ends, a component id its name. For documents, where rule and failure lines written
    with ids are shown to customers (ids are whole tokens: "gpu0's" holds one, "gpu01" does not)."""

    def __init__(self, design: Design, names: dict[str, str]) -> None:
        self.links = {lk.id: (lk.a, lk.b) for lk in design.links}
        self.table = {**link_texts(design, names), **names}
        ids = sorted(self.table, key=len, reverse=True)
        self.pattern = re.compile("|".join(_token(i) for i in ids)) if ids else None
        # "l0 (gpu0-nvs0)", and as a Chinese sentence writes it: "l0（gpu0-nvs0）" (full-width brackets, no space)
        self.with_ends = re.compile(r"(?<![A-Za-z0-9_.])([A-Za-z][\w.-]*)(?: \(|（)"
                                    r"([A-Za-z][\w.]*)-([A-Za-z][\w.]*)[)）]")

    def __call__(self, text: str) -> str:
        if not text or self.pattern is None:
            return text
        text = self.with_ends.sub(self._link_with_ends, text)
        return self.pattern.sub(lambda m: self.table[m.group(0)], text)

    def _link_with_ends(self, m: re.Match[str]) -> str:
        ends = self.links.get(m.group(1))
        return self.table[m.group(1)] if ends in ((m.group(2), m.group(3)), (m.group(3), m.group(2))) else m.group(0)
