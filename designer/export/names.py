"""Display names shared by the charts, the documents and the app (no plotting library here)."""

LABELS = {"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter",
          "alltoall": "AllToAll", "broadcast": "Broadcast", "reduce": "Reduce", "sendrecv": "SendRecv"}
SCALING_NODES = (1, 2, 4, 8, 16, 32, 64, 128)
