"""Display names shared by the charts, the documents and the app (no plotting library here)."""

from designer.core.messages import Many, Msg, Name, _m

LABELS = {"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter",
          "alltoall": "AllToAll", "broadcast": "Broadcast", "reduce": "Reduce", "sendrecv": "SendRecv"}
SCALING_NODES = (1, 2, 4, 8, 16, 32, 64, 128)

# The scale-up fabrics (designer.model.parts.Fabric values) as documents name them
FABRIC_WORDS: dict[str, Msg | Name] = {
    "nvlink3": Name("NVLink 3"), "nvlink4": Name("NVLink 4"), "nvlink5": Name("NVLink 5"),
    "xgmi": Name("Infinity Fabric (xGMI)"), "hccs": Name("HCCS"), "roce": _m("RoCE (on-die Ethernet)"),
    "none": _m("none (PCIe only)")}


def fabric_words(fabrics: str) -> Many:
    """A design's scale-up fabric key ("nvlink4", "nvlink4/nvlink5") as documents name it ("NVLink 4")."""
    return Many(tuple(FABRIC_WORDS.get(f, Name(f)) for f in fabrics.split("/")), " / ")
