"""The JSON Schema of the design file, generated from the models."""

from __future__ import annotations

import json
from importlib import resources

from pydantic import BaseModel

from designer.model.design import Design

SCHEMA_ID = "https://gpu-node-designer.invalid/schema/design.schema.json"


def model_schema(model: type[BaseModel], schema_id: str, title: str) -> dict:
    schema = model.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = schema_id
    schema["title"] = title
    return schema


def schema_text(schema: dict) -> str:
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def committed(name: str) -> str:
    return (resources.files("designer") / "data" / "schema" / name).read_text("utf-8")


def design_schema() -> dict:
    return model_schema(Design, SCHEMA_ID, "GPU Node Designer design file")


def design_schema_text() -> str:
    return schema_text(design_schema())


def committed_schema_text() -> str:
    return committed("design.schema.json")
