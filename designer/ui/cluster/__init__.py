"""The cluster window: rack rows, fabric, inspector, problems, BOM and power of a cluster plan."""
