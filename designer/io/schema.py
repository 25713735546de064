"""The JSON Schema of the design file, generated from the models."""

from __future__ import annotations

import json
from importlib import resources

from designer.model.design import Design

SCHEMA_ID = "https://gpu-node-designer.invalid/schema/design.schema.json"


def design_schema() -> dict:
    schema = Design.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_ID
    schema["title"] = "GPU Node Designer design file"
    return schema


def design_schema_text() -> str:
    return json.dumps(design_schema(), indent=2, sort_keys=True) + "\n"


def committed_schema_text() -> str:
    return (resources.files("designer") / "data" / "schema" / "design.schema.json").read_text("utf-8")
