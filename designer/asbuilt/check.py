"""Compare the relations a design predicts (`topo`) with the ones a real box reports.

GPUs pair up by index (both number them in PCI bus order). NICs pair up by their relations to the
GPUs, not by index: real boxes number storage and management NICs in between, and `mlx5_*` names
follow the bus, not the rail. Each mismatch names the devices and its likely cause.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import networkx as nx

from designer.asbuilt.hosttree import same_numa_sys_pairs
from designer.asbuilt.parse import TopoPaste
from designer.model.catalog import Catalog
from designer.model.design import Design
from designer.topology.graph import Topology, build_topology
from designer.topology.paths import class_rank, path_class

SCALEUP_PREFIXES = ("NV", "XG", "HC", "RE")
HOST_WORDS = {
    "PIX": "on the same PCIe switch as", "PXB": "two or more PCIe switches away from",
    "PHB": "behind the CPU's host bridge from", "NODE": "on another root port of the same CPU as",
    "SYS": "on the other CPU socket from", "PCIE": "on PCIe with",
}
SAME_SOCKET = frozenset({"PIX", "PXB", "PHB", "NODE"})


@dataclass(frozen=True)
class Mismatch:
    subject: str  # GPU3, NIC0 (mlx5_0), "GPUs"
    others: tuple[str, ...]  # the devices it relates to
    expected: str
    actual: str
    cause: str

    @property
    def message(self) -> str:
        return self.cause

    def as_dict(self) -> dict:
        return {**asdict(self), "others": list(self.others), "message": self.message}


@dataclass
class AsBuiltReport:
    design: str
    tool: str
    checked: int = 0
    agreed: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    not_checked: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    nic_map: dict[str, str] = field(default_factory=dict)  # paste NIC -> design NIC

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def as_dict(self) -> dict:
        return {"design": self.design, "tool": self.tool, "ok": self.ok, "relations_checked": self.checked,
                "relations_agreeing": self.agreed, "mismatches": [m.as_dict() for m in self.mismatches],
                "not_checked": self.not_checked, "notes": self.notes, "nic_map": self.nic_map}


def fabric(label: str) -> str | None:
    for prefix in SCALEUP_PREFIXES:
        if label.startswith(prefix) and (label[len(prefix):].isdigit() or label == prefix):
            return prefix
    return None


def agrees(expected: str, actual: str, coarse: bool) -> bool:
    """Same class; a fabric without a count (rocm-smi, npu-smi) matches any count of that fabric; PHB and
    NODE both mean 'through one CPU' (older drivers and single-root hosts say PHB)."""
    if expected == actual:
        return True
    fe, fa = fabric(expected), fabric(actual)
    if fe or fa:
        return fe == fa and (actual == fa or expected == fe)
    if actual == "PCIE":
        return True
    if coarse or {expected, actual} == {"PHB", "NODE"}:
        return (expected in SAME_SOCKET) == (actual in SAME_SOCKET)
    return False


def _rank(label: str) -> int:
    return class_rank("NODE" if label == "PCIE" else label)


# Matching NICs by their relations -------------------------------------------------------------
def _nic_cost(paste: TopoPaste, nic: str, design_row: list[str], gpus: list[str]) -> int:
    cost = 0
    for gpu, expected in zip(gpus, design_row, strict=False):
        actual = paste.relation(nic, gpu)
        if actual is not None and not agrees(expected, actual, paste.coarse):
            cost += 1 + abs(_rank(expected) - _rank(actual))
    return cost


def match_nics(paste: TopoPaste, design_nics: dict[str, list[str]]) -> dict[str, str]:
    """Paste NIC -> design NIC, the assignment with the fewest disagreements (ties: in index order)."""
    gpus = paste.accelerators
    g = nx.Graph()
    big = 1000 * (len(gpus) + 1)
    for i, real in enumerate(paste.nics):
        for j, (dnic, row) in enumerate(design_nics.items()):
            tie = (abs(i - j)) / (10 * (len(paste.nics) + len(design_nics)) ** 2)
            g.add_edge(("real", real), ("design", dnic), weight=big - 10 * _nic_cost(paste, real, row, gpus) - tie)
    pairs = nx.max_weight_matching(g, maxcardinality=True)
    out = {}
    for u, v in pairs:
        real, dnic = (u, v) if u[0] == "real" else (v, u)
        out[real[1]] = dnic[1]
    return {n: out[n] for n in paste.nics if n in out}


# The check ------------------------------------------------------------------------------------
def check_asbuilt(design: Design, catalog: Catalog, paste: TopoPaste) -> AsBuiltReport:
    topo = build_topology(design, catalog)
    report = AsBuiltReport(design.meta.name, paste.tool)
    gmap = _gpu_map(topo, paste, report)
    _check_gpus(topo, paste, gmap, report)
    _check_nics(topo, paste, gmap, report)
    report.not_checked += paste.missing
    if same_numa_sys_pairs(paste, paste.accelerators):
        report.notes.append("the paste reports SYS between devices of one NUMA node: a VM or a host that hides "
                            "its PCIe tree; SYS mismatches may be the hypervisor's view rather than wrong slots")
    return report


def _gpu_map(topo: Topology, paste: TopoPaste, report: AsBuiltReport) -> dict[str, str]:
    real, designed = paste.accelerators, topo.gpus
    if len(real) < len(designed):
        lost = ", ".join(f"GPU{i}" for i in range(len(real), len(designed)))
        report.mismatches.append(Mismatch("GPUs", (), f"{len(designed)} GPUs", f"{len(real)} GPUs",
                                          f"the box shows {len(real)} GPUs where the design has {len(designed)} "
                                          f"({lost} missing): a GPU is not detected (seating, power, or fallen off "
                                          "the bus: look for Xid 79 in dmesg)"))
    elif len(real) > len(designed):
        report.notes.append(f"the box shows {len(real)} GPUs, the design {len(designed)}: only the first "
                            f"{len(designed)} are compared")
    return dict(zip(real, designed, strict=False))


def _check_gpus(topo: Topology, paste: TopoPaste, gmap: dict[str, str], report: AsBuiltReport) -> None:
    names = list(gmap)
    pairs: list[tuple[str, str, str, str]] = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            actual = paste.relation(a, b)
            if actual is None:
                continue
            expected = path_class(topo, gmap[a], gmap[b])
            report.checked += 1
            if agrees(expected, actual, paste.coarse):
                report.agreed += 1
            else:
                pairs.append((a, b, expected, actual))
    down = _fabric_down(names, paste, pairs)
    report.mismatches += [_down_mismatch(gpu, pairs) for gpu in down]
    if down and len(down) == len(names):
        report.notes.append("no GPU reaches another over its scale-up fabric: on NVSwitch systems the Fabric "
                            "Manager (nvidia-fabricmanager) is most likely not running")
    rest = [p for p in pairs if p[0] not in down and p[1] not in down]
    report.mismatches += _grouped(rest, _pair_cause)


def _fabric_down(names: list[str], paste: TopoPaste, pairs: list[tuple[str, str, str, str]]) -> list[str]:
    """GPUs the design links to peers over a scale-up fabric that reach no peer over it in the paste."""
    expected_fabric = {n for a, b, e, _ in pairs if fabric(e) for n in (a, b)}
    down = []
    for gpu in names:
        if gpu not in expected_fabric:
            continue
        seen = [paste.relation(gpu, other) for other in names if other != gpu]
        if all(s is None or not fabric(s) for s in seen) and any(s is not None for s in seen):
            down.append(gpu)
    return down


def _down_mismatch(gpu: str, pairs: list[tuple[str, str, str, str]]) -> Mismatch:
    mine = [p for p in pairs if gpu in p[:2]]
    others = tuple(b if a == gpu else a for a, b, _, _ in mine)
    expected, actual = mine[0][2], mine[0][3]
    tech = {"NV": "NVLink", "XG": "xGMI", "HC": "HCCS", "RE": "RoCE scale-up"}[fabric(expected) or "NV"]
    cause = (f"{gpu} has no {tech} to any GPU (the design has {expected}, the box {actual}): {tech} down"
             + (" or Fabric Manager not running" if tech == "NVLink" else " (links or firmware)"))
    return Mismatch(gpu, others, expected, actual, cause)


def _pair_cause(a: str, others: list[str], expected: str, actual: str) -> str:
    who = f"{a} and {', '.join(others)}"
    fe, fa = fabric(expected), fabric(actual)
    if fe and fa and fe == fa:
        e, n = int(expected[len(fe):] or 0), int(actual[len(fa):] or 0)
        if n < e:
            return (f"{who}: {actual} where the design has {expected}: {e - n} links down, a cable/bridge "
                    "missing or a switch plane not working")
        return f"{who}: {actual} where the design has {expected}: the design's link split differs from the box"
    if fe:
        return f"{who} have no direct scale-up link ({actual}) where the design has {expected}: links down"
    if fa:
        return f"{who} are linked by {actual} where the design has only PCIe ({expected}): the design lacks the links"
    return _host_cause(who, "are", expected, actual)


def _host_cause(who: str, verb: str, expected: str, actual: str) -> str:
    words = HOST_WORDS.get(actual, actual)
    base = f"{who} {verb} {actual} apart where the design has {expected}"
    if _rank(actual) > _rank(expected):
        where = "in a slot of the other CPU" if actual == "SYS" else "in a different slot or riser"
        return f"{base}: wrong slot ({where}; or a VM that hides the PCIe tree)"
    return f"{base} ({words} the other): the design's PCIe tree differs from the box (update the design)"


def _grouped(items: list[tuple[str, str, str, str]], cause) -> list[Mismatch]:
    groups: dict[tuple[str, str, str], list[str]] = {}
    for a, b, e, act in items:
        groups.setdefault((a, e, act), []).append(b)
    return [Mismatch(a, tuple(bs), e, act, cause(a, bs, e, act)) for (a, e, act), bs in groups.items()]


def _check_nics(topo: Topology, paste: TopoPaste, gmap: dict[str, str], report: AsBuiltReport) -> None:
    design_nics = {n: [path_class(topo, n, gmap[g]) for g in gmap] for n in topo.nics(None)}
    nic_map = match_nics(paste, design_nics)
    report.nic_map = {paste.nic_label(k): v for k, v in nic_map.items()}
    for dnic in design_nics:
        if dnic not in nic_map.values():
            report.mismatches.append(Mismatch(dnic, (), "present", "absent",
                                              f"design NIC {dnic} has no counterpart in the paste: card not "
                                              "installed, driver not loaded or its port down"))
    for real in paste.nics:
        if real not in nic_map:
            report.notes.append(f"{paste.nic_label(real)} is not in the design (a storage or management NIC?)")
    items = []
    for real, dnic in nic_map.items():
        for gpu, dgpu in gmap.items():
            actual = paste.relation(real, gpu)
            if actual is None:
                continue
            expected = path_class(topo, dnic, dgpu)
            report.checked += 1
            if agrees(expected, actual, paste.coarse):
                report.agreed += 1
            else:
                items.append((paste.nic_label(real), gpu, expected, actual))
    report.mismatches += _grouped(items, _nic_cause)


def _nic_cause(nic: str, gpus: list[str], expected: str, actual: str) -> str:
    who = ", ".join(gpus)
    if _rank(actual) > _rank(expected):
        where = "a slot of the other CPU" if actual == "SYS" else "a different slot or riser"
        them = "them" if len(gpus) > 1 else "it"
        return (f"{nic} is {HOST_WORDS.get(actual, actual)} {who} ({actual}); the design puts it "
                f"{HOST_WORDS.get(expected, expected)} {them} ({expected}): wrong slot (it sits in {where})")
    return (f"{nic} is {HOST_WORDS.get(actual, actual)} {who} ({actual}), closer than the design's {expected}: "
            "the design's PCIe tree differs from the box (update the design)")
