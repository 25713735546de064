"""Communication per training step for a TP x PP x DP (x EP) layout, from the collective model.

Ranks are laid out TP innermost (consecutive GPUs of a node), then PP, then DP, as Megatron-LM does.
Volumes follow Megatron's standard analysis: per layer and micro-batch, TP does 2 AllReduce of the
activations forward and 2 backward; PP sends activations forward and gradients backward at each stage
boundary; DP all-reduces the bf16 gradients of its model shard once per step; EP (MoE) does 2 AllToAll
of the routed tokens forward and 2 backward per MoE layer.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from designer.core.errors import DesignerError
from designer.simulation.collectives import BUS_FACTOR
from designer.simulation.fabric import NodeFabric
from designer.simulation.model import _best


@dataclass(frozen=True)
class TrainingSetup:
    params: float  # total parameters
    layers: int
    hidden: int
    seq_len: int = 4096
    micro_batch: int = 1
    micro_batches: int = 8  # per step (gradient accumulation), per pipeline
    tp: int = 8
    pp: int = 1
    dp: int = 1
    ep: int = 1
    bytes_per_value: int = 2  # bf16 activations and gradients

    def validate(self, gpus_per_node: int, nodes: int) -> None:
        for name in ("layers", "hidden", "seq_len", "micro_batch", "micro_batches", "tp", "pp", "dp", "ep"):
            if getattr(self, name) < 1:
                raise DesignerError(f"{name} must be at least 1")
        if self.params <= 0:
            raise DesignerError("params must be positive")
        if self.tp * self.pp * self.dp != gpus_per_node * nodes:
            raise DesignerError(f"TP x PP x DP = {self.tp * self.pp * self.dp} must equal the "
                                f"{gpus_per_node * nodes} GPUs of {nodes} nodes")
        if self.layers % self.pp:
            raise DesignerError(f"{self.layers} layers do not split into {self.pp} pipeline stages")
        if self.dp % self.ep:
            raise DesignerError(f"EP ({self.ep}) must divide DP ({self.dp})")


@dataclass(frozen=True)
class CommLine:
    dimension: str
    group_size: int
    collective: str
    bytes_per_op: int
    ops_per_step: int
    time_per_op_us: float
    time_per_step_ms: float
    busbw_GBps: float
    spans_nodes: bool
    note: str

    def as_dict(self) -> dict:
        return asdict(self)


def _group(size: int, stride: int, gpus_per_node: int) -> tuple[int, int]:
    """(ranks per node, nodes) of a group of `size` ranks spaced `stride` apart."""
    if stride >= gpus_per_node:
        return 1, size
    per_node = max(1, min(size, gpus_per_node // stride))
    return per_node, max(1, size // per_node)


def _op(fab: NodeFabric, collective: str, size: int, per_node: int, nodes: int) -> tuple[float, float]:
    """Time (us) and busbw of one op on a group with `per_node` ranks in each of `nodes` nodes."""
    if per_node * nodes < 2 or size == 0:
        return 0.0, 0.0
    sub = fab.subset(per_node)
    _, _, _, t = _best(collective, sub, nodes, size, "auto")
    ranks = per_node * nodes
    return t, size / (t * 1e-6) / 1e9 * BUS_FACTOR[collective](ranks)


def collective_time_us(fab: NodeFabric, collective: str, nbytes: int, size: int, stride: int) -> float:
    """Time (us) of one `collective` of `nbytes` on a group of `size` ranks spaced `stride` apart, ranks laid out
    as Megatron-LM does (TP innermost, consecutive GPUs of a node): 0 for a group of one."""
    per_node, group_nodes = _group(size, stride, fab.n)
    return _op(fab, collective, nbytes, per_node, group_nodes)[0]


def crosses_nodes(fab: NodeFabric, size: int, stride: int) -> bool:
    return _group(size, stride, fab.n)[1] > 1


def estimate(fab: NodeFabric, nodes: int, setup: TrainingSetup) -> list[CommLine]:
    n = fab.n
    setup.validate(n, nodes)
    act = setup.micro_batch * setup.seq_len * setup.hidden * setup.bytes_per_value
    m, layers_per_stage = setup.micro_batches, setup.layers // setup.pp
    lines = []
    specs = [
        ("TP", setup.tp, 1, "allreduce", act, 4 * layers_per_stage * m),
        ("PP", setup.pp, setup.tp, "sendrecv", act, 2 * m if setup.pp > 1 else 0),
        ("DP", setup.dp, setup.tp * setup.pp, "allreduce",
         int(setup.params / (setup.tp * setup.pp) * setup.bytes_per_value), 1),
        ("EP", setup.ep, setup.tp * setup.pp, "alltoall", act, 4 * layers_per_stage * m if setup.ep > 1 else 0),
    ]
    for dim, size, stride, coll, nbytes, ops in specs:
        if size < 2 or ops == 0:
            continue
        per_node, group_nodes = _group(size, stride, n)
        t, bus = _op(fab, coll, nbytes, per_node, group_nodes)
        note = ""
        if dim == "TP" and group_nodes > 1:
            note = f"TP group of {size} leaves the {n}-GPU scale-up domain: its AllReduces cross the network"
        lines.append(CommLine(dim, size, coll, nbytes, ops, t, t * ops / 1000, bus, group_nodes > 1, note))
    return lines
