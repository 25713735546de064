"""Load and save designs as JSON: size limits, migration, validation, catalog checks, atomic writes.

Nothing from a file is executed: it is parsed as JSON (no object hooks) and validated into frozen
pydantic models; every error becomes one DesignFileError naming the place in the file.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from designer.core.errors import DesignFileError, one_line
from designer.io.migrations import MigrationError, migrate
from designer.model.catalog import Catalog, default_catalog
from designer.model.design import SCHEMA_VERSION, Design
from designer.model.parts import ChassisSpec

MAX_FILE_BYTES = 20_000_000
MAX_JSON_DEPTH = 32


def _depth(value: Any, limit: int) -> int:
    stack = [(value, 1)]
    deepest = 0
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > limit:
            return depth
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def _key(part: str) -> str:
    """A key as it appears in a place name: plain when it is a simple name, else quoted and escaped."""
    if part.isidentifier() and len(part) <= 64:
        return part
    return "[" + json.dumps(part[:64] + ("..." if len(part) > 64 else "")) + "]"


def _where(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not str(part).startswith(("function-", "list[", "union[")):
            key = _key(str(part))
            out += key if key.startswith("[") else ("." if out else "") + key
    return out


def validation_message(exc: ValidationError) -> tuple[str, str]:
    err = exc.errors(include_url=False)[0]
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg.removeprefix("Value error, ")
        if ": " in msg and msg.split(": ", 1)[0].replace("[", ".").split(".")[0] in ("components", "links"):
            where, msg = msg.split(": ", 1)
            return where, msg
    if err["type"] == "extra_forbidden":
        msg = "unknown field"
    return _where(tuple(err["loc"])), msg


def design_from_dict(raw: Any, source: str, catalog: Catalog | None = None) -> Design:
    """Validate a parsed JSON value into a Design; raise DesignFileError naming the place."""
    if isinstance(raw, dict) and "spec_version" in raw and "design" in raw:  # designer.export.spec's document
        raise DesignFileError(source, f"is a JSON spec (spec_version {one_line(str(raw['spec_version']))[:20]}, "
                                      "written by 'export --json'), not a design file; its design is the spec's "
                                      "\"design\" member")
    design = validated_file(raw, source, Design, SCHEMA_VERSION)
    check_parts(design, catalog or default_catalog(), source)
    return design


M = TypeVar("M", bound=BaseModel)


def validated_file(raw: Any, source: str, model: type[M], version: int, migrations: dict | None = None) -> M:
    """A parsed file (a JSON object, not too deep) migrated up to `version` and validated into `model`; every
    problem one DesignFileError naming the place."""
    if not isinstance(raw, dict):
        raise DesignFileError(source, "the top level must be a JSON object")
    if _depth(raw, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise DesignFileError(source, f"nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        raw = migrate(raw, version, migrations)
    except MigrationError as exc:
        raise DesignFileError(source, str(exc), "schema_version") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        where, msg = validation_message(exc)
        raise DesignFileError(source, msg, where) from None


def check_parts(design: Design, catalog: Catalog, source: str) -> None:
    if design.chassis not in catalog:
        raise DesignFileError(source, f"unknown part '{design.chassis}'", "chassis")
    if not isinstance(catalog.get(design.chassis), ChassisSpec):
        raise DesignFileError(source, f"'{design.chassis}' is not a chassis", "chassis")
    for i, comp in enumerate(design.components):
        if comp.part not in catalog:
            raise DesignFileError(source, f"unknown part '{comp.part}'", f"components[{i}].part")
        if isinstance(catalog.get(comp.part), ChassisSpec):
            raise DesignFileError(source, f"'{comp.part}' is a chassis, not a component", f"components[{i}].part")


def parse_json_text(text: str, source: str) -> Any:
    """JSON text of a file as plain values (no object hooks); size, syntax and depth errors as DesignFileError."""
    if len(text) > MAX_FILE_BYTES:
        raise DesignFileError(source, f"larger than {MAX_FILE_BYTES // 1_000_000} MB")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DesignFileError(source, f"not valid JSON: {exc.msg}", f"line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise DesignFileError(source, f"nested deeper than {MAX_JSON_DEPTH} levels") from None


def design_from_json(text: str, source: str, catalog: Catalog | None = None) -> Design:
    return design_from_dict(parse_json_text(text, source), source, catalog)


def read_file_bytes(path: Path, what: str = "design file") -> bytes:
    """The bytes of a file of at most MAX_FILE_BYTES; every failure one DesignFileError naming the file."""
    name = path.name
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise DesignFileError(name, f"larger than {MAX_FILE_BYTES // 1_000_000} MB ({size} bytes)")
        return path.read_bytes()
    except FileNotFoundError:
        raise DesignFileError(name, "no such file") from None
    except IsADirectoryError:
        raise DesignFileError(name, f"is a folder, not a {what}") from None
    except OSError as exc:
        raise DesignFileError(name, f"cannot be read ({exc.strerror or exc.__class__.__name__})") from None


def load_design(path: str | os.PathLike[str], catalog: Catalog | None = None) -> Design:
    path = Path(path)
    name = path.name
    data = read_file_bytes(path)
    if data.startswith(b"%PDF-"):
        from designer.io.pdf_embed import design_json_from_pdf  # noqa: PLC0415 (only for PDFs)

        text = design_json_from_pdf(data, name)
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DesignFileError(name, "not UTF-8 text (is it a design file?)") from None
    return design_from_json(text, name, catalog)


def design_to_json(design: Design) -> str:
    return json.dumps(design.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename over `path`."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def save_design(design: Design, path: str | os.PathLike[str]) -> None:
    atomic_write_bytes(path, design_to_json(design).encode("utf-8"))
