"""Tests written for survivors of the mutation run (docs/mutation-survivors.md), at the edges they showed."""

import pytest

from designer.core.errors import DesignerError
from designer.model import edits
from designer.model.design import ScaleOut
from designer.simulation.model import node_fabric, scaleout_note
from designer.simulation.parallelism import TrainingSetup


@pytest.mark.parametrize("params", [0, -1])
def test_a_model_of_no_parameters_is_refused(params):
    """parallelism: `params <= 0` mutated to `< 0` survived."""
    with pytest.raises(DesignerError, match="params must be positive"):
        TrainingSetup(params=params, layers=80, hidden=8192).validate(gpus_per_node=8, nodes=1)


@pytest.mark.parametrize("nodes,where", [(31, "one leaf group"), (32, "one leaf group"), (33, "2 leaf groups")])
def test_nodes_that_fill_exactly_one_leaf_group_span_one(catalog, design_of, nodes, where):
    """model.scaleout_note: `nodes <= nodes_per_leaf` mutated to `<` survived (32 nodes per leaf)."""
    design = design_of("dgx-h100")
    design = edits.set_settings(design, scaleout=ScaleOut.model_validate(
        {**design.settings.scaleout.model_dump(), "nodes_per_leaf": 32}))
    assert scaleout_note(node_fabric(design, catalog), nodes).endswith(f"{nodes} nodes span {where}")
