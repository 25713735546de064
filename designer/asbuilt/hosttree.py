"""The PCIe tree a paste implies: who shares a switch (PIX), a switch tree (PXB), which CPU (NUMA node).

Devices joined by PIX share one switch; groups joined by PXB hang from a common parent switch (each
group on its own switch below it); a lone device goes straight to its CPU's root port, so two devices
under one CPU read NODE and across CPUs SYS, as `designer.topology.paths` classifies them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from designer.asbuilt.parse import TopoPaste
from designer.model.wiring import switch_for

SAME_CPU = frozenset({"PIX", "PXB", "PHB", "NODE"})


class _Union:
    def __init__(self, items: list[str]) -> None:
        self.parent = {i: i for i in items}

    def find(self, x: str) -> str:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def join(self, a: str, b: str) -> None:
        self.parent[self.find(a)] = self.find(b)

    def groups(self, items: list[str]) -> list[list[str]]:
        out: dict[str, list[str]] = {}
        for i in items:
            out.setdefault(self.find(i), []).append(i)
        return list(out.values())


@dataclass
class HostTree:
    sockets: int
    switches: list[str] = field(default_factory=list)  # node names "sw:N"
    nics: list[str] = field(default_factory=list)  # paste NIC names
    compute_nics: set[str] = field(default_factory=set)  # NICs sharing a switch (tree) with a GPU
    edges: list[tuple[str, str]] = field(default_factory=list)  # (child, parent); parent "sw:N" or "cpu:N"
    notes: list[str] = field(default_factory=list)


def _clusters(paste: TopoPaste, devices: list[str], label: str, within: list[list[str]]) -> list[list[list[str]]]:
    """Group `within` (lists of devices) by `label` relations between their members."""
    keys = [str(i) for i in range(len(within))]
    u = _Union(keys)
    for i, a in enumerate(within):
        for j in range(i + 1, len(within)):
            if any(paste.relation(x, y) == label for x in a for y in within[j]):
                u.join(keys[i], keys[j])
    return [[within[int(k)] for k in g] for g in u.groups(keys)]


def _gpu_sockets(paste: TopoPaste, gmap: dict[str, str], notes: list[str], unshown: int) -> dict[str, int]:
    """GPU -> socket index: from the NUMA/CPU affinity columns, else by same-CPU relations between GPUs, else (the
    paste shows neither) `unshown` sockets with the GPUs split over them as the shared wiring does."""
    keys = sorted({paste.numa[a] for a in gmap if a in paste.numa}, key=lambda k: (len(k), k))
    if keys:
        index = {k: i for i, k in enumerate(keys)}
        known = {a: index[paste.numa[a]] for a in gmap if a in paste.numa}
        return _fill_from_nics(paste, gmap, known, len(keys), notes)
    devices = list(gmap) + paste.nics  # GPUs and NICs: NVLink hides the GPU pairs' PCIe class, not the NICs'
    u = _Union(devices)
    if not any(paste.relation(a, b) in SAME_CPU | {"SYS"} for a in devices for b in devices):
        notes.append(f"no NUMA/CPU affinity nor PCIe relations in the paste: {unshown} CPU socket(s) as the "
                     "reference design, GPUs split over them (inferred)")
        return {a: switch_for(i, len(gmap), unshown) for i, a in enumerate(gmap)}
    for a in devices:
        for b in devices:
            if a < b and paste.relation(a, b) in SAME_CPU:
                u.join(a, b)
    shown = [g for g in u.groups(devices) if any(not _hidden(paste.relation(d, o)) for d in g for o in devices)]
    groups = [[d for d in g if d in gmap] for g in shown if any(d in gmap for d in g)]
    out = {a: i for i, group in enumerate(groups) for a in group}
    unknown = [a for a in gmap if a not in out]
    for a in unknown:  # no PCIe relation read (a row cut off): on the socket with the fewest GPUs
        out[a] = min(range(len(groups)), key=lambda i: sum(1 for s in out.values() if s == i)) if groups else 0
    notes.append(f"no NUMA/CPU affinity in the paste: {max(len(groups), 1)} CPU socket(s) inferred from the GPU and "
                 "NIC relations" + (f"; {', '.join(unknown)} (no relation read) on the emptiest" if unknown else ""))
    return out


def _fill_from_nics(paste: TopoPaste, gmap: dict[str, str], known: dict[str, int], sockets: int,
                    notes: list[str]) -> dict[str, int]:
    """A GPU whose row was cut off: the socket of the NICs it is same-CPU with (or, with two sockets at most,
    the other socket from the NICs it is SYS from), the NICs' sockets coming from the GPUs that were read."""
    nic_socket = {n: s for n in paste.nics if (s := _socket_of(paste, n, known)) is not None}
    for gpu in gmap:
        if gpu in known:
            continue
        votes = Counter(s for n, s in nic_socket.items() if paste.relation(gpu, n) in SAME_CPU)
        if sockets <= 2:  # SYS from a NIC on socket s: the other of two sockets
            votes.update(1 - s for n, s in nic_socket.items() if paste.relation(gpu, n) == "SYS")
        if votes:
            known[gpu] = votes.most_common(1)[0][0]
            notes.append(f"{gpu}: CPU socket inferred from its NIC relations (no affinity column read)")
    return known


def _socket_of(paste: TopoPaste, device: str, gsock: dict[str, int]) -> int | None:
    """A device's socket: its GPU's, else the one of the GPUs it is same-CPU with, else (two sockets at most)
    the other socket from the GPUs it is SYS from."""
    if device in gsock:
        return gsock[device]
    votes = Counter(s for g, s in gsock.items() if paste.relation(device, g) in SAME_CPU)
    if not votes and len(set(gsock.values())) <= 2:
        votes = Counter(1 - s for g, s in gsock.items() if paste.relation(device, g) == "SYS" and s in (0, 1))
    return votes.most_common(1)[0][0] if votes else None


def plan_host_tree(paste: TopoPaste, gmap: dict[str, str], unshown_sockets: int = 1) -> HostTree:
    """The tree the paste shows; `unshown_sockets`: the CPU sockets to take when it shows no socket at all."""
    notes: list[str] = []
    gsock = _gpu_sockets(paste, gmap, notes, max(1, unshown_sockets))
    tree = HostTree(sockets=1, nics=list(paste.nics), notes=notes)
    devices = list(gmap) + paste.nics
    pix = _clusters(paste, devices, "PIX", [[d] for d in devices])
    singles = [[d for group in cluster for d in group] for cluster in pix]
    for group in _clusters(paste, devices, "PXB", singles):
        _place(paste, tree, _merge_hidden(paste, devices, group), gmap, gsock)
    _note_hidden_tree(paste, gmap, tree)
    tree.sockets = 1 + max((int(parent[4:]) for _, parent in tree.edges if parent.startswith("cpu:")), default=0)
    return tree


def _place(paste: TopoPaste, tree: HostTree, group: list[list[str]], gmap: dict[str, str],
           gsock: dict[str, int]) -> None:
    members = [d for cluster in group for d in cluster]
    sockets = Counter(s for d in members if (s := _socket_of(paste, d, gsock)) is not None)
    socket = sockets.most_common(1)[0][0] if sockets else 0
    if not sockets:
        tree.notes.append(f"{', '.join(members)}: CPU socket not known, put on CPU0")
    has_gpu = any(d in gmap for d in members)
    tree.compute_nics |= {d for d in members if d not in gmap and has_gpu}
    cpu = f"cpu:{socket}"
    if len(group) == 1:
        parent = _switch(tree, cpu) if len(group[0]) > 1 else cpu
        tree.edges += [(gmap.get(d, d), parent) for d in group[0]]
        return
    # clusters joined by PXB: one with a GPU on a switch under the CPU, each other one on a switch below that
    group = sorted(group, key=lambda c: not any(d in gmap for d in c))
    top = _switch(tree, cpu)
    tree.edges += [(gmap.get(d, d), top) for d in group[0]]
    for cluster in group[1:]:
        below = _switch(tree, top)
        tree.edges += [(gmap.get(d, d), below) for d in cluster]


def _hidden(label: str | None) -> bool:
    """No PCIe class to read: not in the paste, or covered by a scale-up link (NV#, XG, HC, RE)."""
    return label is None or label[:2] in ("NV", "XG", "HC", "RE")


def _merge_hidden(paste: TopoPaste, devices: list[str], group: list[list[str]]) -> list[list[str]]:
    """Within a PXB group, clusters whose PCIe relation to each other the paste does not show (NVLink hides the
    GPU-GPU one; a cut paste hides NIC-NIC ones) share a switch when they relate alike to everything else."""
    merged: list[list[str]] = []
    for cluster in group:
        into = next((m for m in merged if _alike(paste, devices, m, cluster)), None)
        if into is None:
            merged.append(list(cluster))
        else:
            into.extend(cluster)
    return merged


def _alike(paste: TopoPaste, devices: list[str], a: list[str], b: list[str]) -> bool:
    if not all(_hidden(paste.relation(x, y)) for x in a for y in b):
        return False
    members = a + b
    for other in devices:
        if other not in members:
            seen = {r for x in members if not _hidden(r := paste.relation(x, other))}
            if len(seen) > 1:
                return False
    return True


def _switch(tree: HostTree, parent: str) -> str:
    name = f"sw:{len(tree.switches)}"
    tree.switches.append(name)
    tree.edges.append((name, parent))
    return name


def same_numa_sys_pairs(paste: TopoPaste, gpus: list[str]) -> int:
    """Pairs the paste calls SYS although they share a NUMA node (a VM, or a host hiding its PCIe tree): GPU
    pairs, and a NIC with a GPU of the NUMA node of the GPU it shares a switch with."""
    count = sum(1 for i, a in enumerate(gpus) for b in gpus[i + 1:]
                if paste.relation(a, b) == "SYS" and a in paste.numa and paste.numa.get(a) == paste.numa.get(b))
    for nic in paste.nics:
        home = {paste.numa[g] for g in gpus if g in paste.numa and paste.relation(nic, g) in ("PIX", "PXB")}
        count += sum(1 for g in gpus if paste.numa.get(g) in home and paste.relation(nic, g) == "SYS")
    return count


def _note_hidden_tree(paste: TopoPaste, gmap: dict[str, str], tree: HostTree) -> None:
    """SYS between devices of one NUMA node cannot be drawn with sockets; say so (a VM, usually)."""
    odd = same_numa_sys_pairs(paste, list(gmap))
    if odd:
        tree.notes.append(f"the paste reports SYS between {odd} device pairs of one NUMA node (a VM or a host "
                          "that hides its PCIe tree); the sketch puts them under one CPU (NODE)")
