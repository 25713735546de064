"""The JSON Schema of the cluster plan file, generated from the models and committed beside the design's."""

from __future__ import annotations

from designer.cluster.plan import ClusterPlan
from designer.io.schema import committed, model_schema, schema_text

PLAN_SCHEMA_ID = "https://gpu-node-designer.invalid/schema/cluster-plan.schema.json"
PLAN_SCHEMA_FILE = "cluster-plan.schema.json"
REGENERATE = ("python -c \"from designer.cluster.schema import plan_schema_text as t; "
              "open('designer/data/schema/cluster-plan.schema.json', 'w').write(t())\"")


def plan_schema() -> dict:
    return model_schema(ClusterPlan, PLAN_SCHEMA_ID, "GPU Node Designer cluster plan")


def plan_schema_text() -> str:
    return schema_text(plan_schema())


def committed_plan_schema_text() -> str:
    return committed(PLAN_SCHEMA_FILE)
