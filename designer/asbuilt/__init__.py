"""As-built checks: read what a real box reports (`nvidia-smi topo -m`, `rocm-smi --showtopo`,
`npu-smi info -t topo`), compare it with what a design predicts, and sketch a design from a paste."""

from designer.asbuilt.check import AsBuiltReport, Mismatch, check_asbuilt
from designer.asbuilt.parse import TopoError, TopoPaste, parse_topo, read_topo_file
from designer.asbuilt.sketch import sketch_design

__all__ = ["AsBuiltReport", "Mismatch", "TopoError", "TopoPaste", "check_asbuilt", "parse_topo", "read_topo_file",
           "sketch_design"]
