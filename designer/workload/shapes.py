"""Model shapes as data: the shipped ones (designer/data/models.json, each with its source) and a user's own file,
validated with the care of a design file (one line naming the file and the place).

A shape is what the step model needs: layers, hidden size, FFN size, attention and KV heads, vocabulary, the
sequence length it was trained at, and for a mixture of experts the experts, how many a token uses (top-k) and
their FFN size. Parameter counts are computed from the shape, never stored: a test compares them with the
published totals.
"""

from __future__ import annotations

import json
import os
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from designer.core.errors import DesignerError
from designer.io.files import parse_json_text, read_file_bytes, validated_file

Pos = Annotated[int, Field(ge=1, le=10_000_000)]


class ModelShape(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: Annotated[int, Field(ge=1, le=1)] = 1
    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.\-]{0,63}$")]
    name: Annotated[str, Field(min_length=1, max_length=120)]
    source: Annotated[str, Field(min_length=3, max_length=2000)] = "user's model file"
    layers: Annotated[int, Field(ge=1, le=1000)]
    hidden: Annotated[int, Field(ge=1, le=1_000_000)]
    ffn: Pos  # the dense FFN's inner size
    heads: Annotated[int, Field(ge=1, le=4096)]
    kv_heads: Annotated[int, Field(ge=1, le=4096)] | None = None  # None: as many as heads (multi-head attention)
    vocab: Pos
    seq_len: Annotated[int, Field(ge=1, le=10_000_000)] = 4096
    gated: bool = True  # SwiGLU: three FFN matrices; GPT-3: two
    tied_embeddings: bool = False
    experts: Annotated[int, Field(ge=1, le=4096)] = 1
    top_k: Annotated[int, Field(ge=1, le=64)] = 1
    moe_ffn: Pos | None = None  # an expert's FFN size (None: ffn)
    # an attention head's size where it is not hidden / heads (Qwen3: 128 with hidden 2048 and 32 heads, so the
    # query projection is 4,096 wide); None: hidden / heads
    head_dim: Annotated[int, Field(ge=1, le=4096)] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> ModelShape:
        if self.head_dim is None and self.hidden % self.heads:
            raise ValueError(f"hidden ({self.hidden}) is not a multiple of heads ({self.heads}): give head_dim")
        if self.heads % (self.kv_heads or self.heads):
            raise ValueError(f"heads ({self.heads}) is not a multiple of kv_heads ({self.kv_heads})")
        if self.top_k > self.experts:
            raise ValueError(f"top_k ({self.top_k}) is more than the {self.experts} experts")
        return self

    @property
    def head_size(self) -> int:
        return self.head_dim or self.hidden // self.heads

    @property
    def q_dim(self) -> int:
        """The width of the queries (and of the attention's output before its projection): heads x head size."""
        return self.heads * self.head_size

    @property
    def kv_dim(self) -> int:
        return (self.kv_heads or self.heads) * self.head_size

    @property
    def moe(self) -> bool:
        return self.experts > 1

    @property
    def attention_params(self) -> int:
        """Q and O (h x q_dim each; h x h where heads x head size is the hidden size), K and V (h x kv_dim each),
        per layer."""
        return 2 * self.hidden * self.q_dim + 2 * self.hidden * self.kv_dim

    def _mlp(self, ffn: int) -> int:
        return (3 if self.gated else 2) * self.hidden * ffn

    @property
    def expert_params(self) -> int:
        return self._mlp(self.moe_ffn or self.ffn)

    @property
    def mlp_params(self) -> int:
        """All of a layer's FFN parameters (every expert and the router for a MoE)."""
        if not self.moe:
            return self._mlp(self.ffn)
        return self.experts * self.expert_params + self.hidden * self.experts

    @property
    def active_mlp_params(self) -> int:
        """The FFN parameters one token uses (top-k experts and the router)."""
        if not self.moe:
            return self._mlp(self.ffn)
        return self.top_k * self.expert_params + self.hidden * self.experts

    @property
    def layer_params(self) -> int:
        return self.attention_params + self.mlp_params + 2 * self.hidden  # two norms

    @property
    def embedding_params(self) -> int:
        return self.vocab * self.hidden * (1 if self.tied_embeddings else 2)

    @property
    def params(self) -> int:
        return self.layers * self.layer_params + self.embedding_params + self.hidden

    @property
    def active_params(self) -> int:
        """Parameters one token uses (a MoE's top-k experts only)."""
        per_layer = self.attention_params + self.active_mlp_params + 2 * self.hidden
        return self.layers * per_layer + self.embedding_params + self.hidden


@cache
def shipped_models() -> dict[str, ModelShape]:
    text = (resources.files("designer") / "data" / "models.json").read_text(encoding="utf-8")
    return {m["id"]: ModelShape.model_validate(m) for m in json.loads(text)["models"]}


def model_by_id(model_id: str) -> ModelShape:
    models = shipped_models()
    if model_id not in models:
        raise DesignerError(f"unknown model '{model_id}' (shipped: {', '.join(models)}; or give --model-file F)")
    return models[model_id]


def load_model_file(path: str | os.PathLike[str]) -> ModelShape:
    """A user's model shape (JSON, the shipped records' fields); every problem one DesignFileError line."""
    path = Path(path)
    data = read_file_bytes(path, "model file")
    return validated_file(parse_json_text(data.decode("utf-8", errors="replace"), path.name), path.name, ModelShape,
                          1)
