"""The topology matrix of a large design said by classes: above SUMMARY_ABOVE_GPUS GPUs a device-by-device matrix
(180 x 180 for a GB200 NVL72 rack) is unreadable, so the sheet lists each pair kind (GPU-GPU, GPU-NIC, NIC-NIC),
where the two ends are (same tray or not, in a rack) and the `nvidia-smi topo -m` class with its pair count.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Callable

from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.model.parts import ScaleupSwitchSpec, slot_kind_for
from designer.model.rack import tray_of_slots
from designer.topology.graph import SCALEUP, Topology
from designer.topology.paths import FABRIC_PREFIX, LEGEND, host_classes_from, path_class

SUMMARY_ABOVE_GPUS = 16
EVERY = "every pair"
SAME_TRAY, OTHER_TRAY = "same tray", "different trays"
Translate = Callable[[str], str]


def tray_of(design: Design, catalog: Catalog) -> dict[str, str]:
    """Component id -> tray name, for a rack-scale chassis (empty otherwise)."""
    where = tray_of_slots(catalog.chassis(design.chassis))
    out = {}
    for comp in design.components:
        kind = slot_kind_for(catalog.get(comp.part))
        if kind is not None and comp.slot is not None and (kind, comp.slot) in where:
            out[comp.id] = where[(kind, comp.slot)].name
    return out


def meaning(label: str) -> str:
    """The nvidia-smi legend line for a class (NV18: '... a bonded set of 18 NVLinks')."""
    lines = {ln.split("=")[0].strip(): ln.split("=", 1)[1].strip() for ln in LEGEND.splitlines() if "=" in ln}
    for prefix in FABRIC_PREFIX.values():
        if label.startswith(prefix) and label[len(prefix):].isdigit():
            return lines[f"{prefix}#"].replace("#", label[len(prefix):])
    return lines.get(label, "")


def gpu_pair_classes(topo: Topology) -> list[tuple[str, str, str]]:
    """(a, b, class) of every GPU pair, as `path_class` gives it; the scale-up links of all pairs at once (arrays:
    72 GPUs x 18 switch chips), the host path only for pairs without any."""
    g, gpus = topo.graph, topo.gpus
    switches = [s for s in topo.scaleup_switches if isinstance(topo.part(s), ScaleupSwitchSpec)]
    if not gpus:
        return []
    import numpy as np  # noqa: PLC0415 (loaded on first use, not at CLI start-up)

    def links(a: str, b: str) -> int:
        return g.edges[a, b]["count"] if g.has_edge(a, b) and g.edges[a, b]["kind"] in SCALEUP else 0

    per_switch = np.array([[links(a, s) for s in switches] for a in gpus], dtype=float).reshape(len(gpus), -1)
    shared = np.minimum(per_switch[:, None, :], per_switch[None, :, :]).sum(axis=2)
    kinds = {a: next((d["kind"] for d in g[a].values() if d["kind"] in SCALEUP), None) for a in gpus}
    out = []
    for (i, a), (j, b) in itertools.combinations(enumerate(gpus), 2):
        total = int(shared[i, j]) + links(a, b)
        kind = kinds[a] or kinds[b]
        scaleup = total and kind in FABRIC_PREFIX
        out.append((a, b, f"{FABRIC_PREFIX[kind]}{total}" if scaleup else path_class(topo, a, b)))  # type: ignore[index]
    return out


def _pair_classes(topo: Topology) -> dict[tuple[str, str], list[tuple[str, str, str]]]:
    """Per pair kind, (end a, end b, class) of every unordered pair of distinct devices."""
    gpus, nics = topo.gpus, topo.nics(None)
    out: dict[tuple[str, str], list[tuple[str, str, str]]] = defaultdict(list)
    out[("GPU", "GPU")] = gpu_pair_classes(topo)
    for g in gpus:
        out[("GPU", "NIC")] += [(g, n, c) for n, c in host_classes_from(topo, g, nics).items()]
    for i, a in enumerate(nics):
        out[("NIC", "NIC")] += [(a, b, c) for b, c in host_classes_from(topo, a, nics[i + 1:]).items()]
    return out


def topology_summary(topo: Topology, trays: dict[str, str], t: Translate = str) -> list[dict[str, str]]:
    """One row per pair kind, place and class, with the number of pairs; a class shared by every pair of a kind
    wherever its ends are is said once."""
    rows = []
    for (ka, kb), pairs in _pair_classes(topo).items():
        if not pairs:
            continue
        counts: Counter[tuple[str, str]] = Counter()
        for a, b, label in pairs:
            place = (SAME_TRAY if trays.get(a) == trays.get(b) else OTHER_TRAY) if trays else EVERY
            counts[(place, label)] += 1
        if len({label for _, label in counts}) == 1:
            counts = Counter({(EVERY, next(iter(counts))[1]): len(pairs)})
        for (place, label), n in sorted(counts.items(), key=lambda kv: (kv[0][0] != SAME_TRAY, kv[0][0], -kv[1])):
            rows.append({"between": f"{ka} – {kb}", "where": t(place), "class": label, "pairs": f"{n:,}",
                         "meaning": meaning(label)})
    return rows
