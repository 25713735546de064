import json

from designer.io.schema import committed_schema_text, design_schema_text


def test_committed_schema_matches_the_models():
    assert committed_schema_text() == design_schema_text(), (
        "the committed JSON Schema is stale: run `gpu-designer-cli schema > designer/data/schema/design.schema.json`"
    )


def test_schema_describes_the_top_level_fields():
    schema = json.loads(design_schema_text())
    assert {"schema_version", "chassis", "components", "links", "waivers"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False


def test_committed_cluster_plan_schema_matches_the_models():
    from designer.cluster.schema import REGENERATE, committed_plan_schema_text, plan_schema_text

    assert committed_plan_schema_text() == plan_schema_text(), f"stale cluster plan schema: run {REGENERATE}"
    schema = json.loads(plan_schema_text())
    assert {"schema_version", "node", "gpus", "nodes", "site", "fabrics", "waivers"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False
