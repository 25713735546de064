"""Calibration profiles: physical parameters fitted to a user's nccl-tests logs, never answers.

A profile holds per-technology values (scale-up link efficiency by link kind, NVLS efficiency by
NVLink generation, network efficiency by network kind) and one latency scale for every per-step and
fixed latency, plus the spread of the fit's residuals (median |error|: the uncertainty band of later
predictions).
It applies to any design that uses those technologies; nothing in it names a product.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from designer.core.errors import DesignerError, first_error
from designer.model.design import LinkKind
from designer.model.parts import Fabric, NetworkKind

Efficiency = Annotated[float, Field(gt=0, le=1)]
MAX_PROFILE_BYTES = 1 << 20


class FitSummary(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    design: Annotated[str, Field(max_length=200)] = ""
    logs: Annotated[list[Annotated[str, Field(max_length=300)]], Field(max_length=200)] = []
    points: Annotated[int, Field(ge=0)] = 0
    rms_before: Annotated[float, Field(ge=0)] = 0.0  # relative busbw error, root mean square
    rms_after: Annotated[float, Field(ge=0)] = 0.0
    median_before: Annotated[float, Field(ge=0)] = 0.0  # median |relative busbw error|
    median_after: Annotated[float, Field(ge=0)] = 0.0


class Calibration(BaseModel):
    """What a profile file holds (JSON, `gpu-designer-cli calibrate -o`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["gpu-node-designer calibration"] = "gpu-node-designer calibration"
    version: Literal[1] = 1
    link_efficiency: dict[LinkKind, Efficiency] = {}
    nvls_efficiency: dict[Fabric, Efficiency] = {}
    network_efficiency: dict[NetworkKind, Efficiency] = {}
    latency_scale: Annotated[float, Field(gt=0, le=100)] = 1.0
    spread: Annotated[float, Field(ge=0, le=1)] | None = None  # median |relative error| after the fit
    fit: FitSummary | None = None


NO_CALIBRATION = Calibration()


def load_calibration(path: Path) -> Calibration:
    """A profile from a file; one clear line (DesignerError) when it is not one."""
    try:
        if path.stat().st_size > MAX_PROFILE_BYTES:
            raise DesignerError(f"{path.name}: too large for a calibration profile")
        data = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        raise DesignerError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DesignerError(f"{path.name}: not a JSON calibration profile ({exc.__class__.__name__})") from None
    try:
        return Calibration.model_validate(data)
    except ValidationError as exc:
        where, msg = first_error(exc, "profile")
        raise DesignerError(f"{path.name}: not a calibration profile: {where}: {msg}") from None


def calibration_json(cal: Calibration) -> bytes:
    return (json.dumps(cal.model_dump(mode="json"), indent=2) + "\n").encode()
