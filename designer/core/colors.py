"""One colour per part kind and per link kind, shared by the canvas and every export (no plotting imports)."""

from __future__ import annotations

KIND_COLOR = {
    "gpu": "#2e7d32", "scaleup_switch": "#6a1b9a", "pcie_switch": "#1565c0", "nic": "#00838f", "cpu": "#455a64",
    "psu": "#ef6c00", "cooling": "#0277bd", "fabric": "#37474f",
}
LINK_COLOR = {
    "nvlink": "#76b900", "xgmi": "#e53935", "hccs": "#c62828", "roce": "#8e24aa", "pcie": "#1e88e5",
    "c2c": "#43a047", "socket": "#6d4c41", "network": "#546e7a",
    "on_package": "#00897b",  # an accelerator to its own network port on the package (drawn, not a PCIe slot link)
}
