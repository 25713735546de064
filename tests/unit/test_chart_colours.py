"""A collective keeps its colour, marker and line style whichever others are drawn (issue 25: chart colours
followed the curve's position, so AllToAll changed colour when AllReduce was unticked)."""

from matplotlib.figure import Figure

from designer.export.charts import draw_busbw
from designer.simulation import SimConfig, simulate


def styles(result) -> dict[str, tuple]:
    ax = Figure().add_subplot()
    draw_busbw(ax, result)
    return {line.get_label(): (line.get_color(), line.get_marker(), line.get_linestyle()) for line in ax.get_lines()}


def test_alltoall_looks_the_same_with_or_without_allreduce(catalog, design_of):
    design = design_of("dgx-h100")
    both = styles(simulate(design, catalog, SimConfig(collectives=("allreduce", "alltoall"))))
    alone = styles(simulate(design, catalog, SimConfig(collectives=("alltoall",))))
    assert alone["AllToAll"] == both["AllToAll"]
    assert both["AllToAll"] != both["AllReduce"]
