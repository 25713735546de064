"""The component catalog: shipped data files plus the user's own, validated at load."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TypeVar

from pydantic import TypeAdapter, ValidationError

from designer.core.errors import CatalogError, UnknownPartError, first_error
from designer.model.parts import AnyPart, CatalogFile, ChassisSpec, PartBase

P = TypeVar("P", bound=PartBase)

USER_CATALOG_ENV = "GPU_DESIGNER_CATALOG_PATH"
MAX_CATALOG_FILE_BYTES = 2_000_000
_FILE_ADAPTER = TypeAdapter(CatalogFile)


@dataclass
class Catalog:
    parts: dict[str, AnyPart] = field(default_factory=dict)
    origin: dict[str, str] = field(default_factory=dict)  # part id -> file it came from
    version: str = "1"
    problems: list[str] = field(default_factory=list)  # user files that were skipped, and why

    def get(self, part_id: str) -> AnyPart:
        try:
            return self.parts[part_id]
        except KeyError:
            raise UnknownPartError(f"unknown part '{part_id}'") from None

    def typed(self, part_id: str, cls: type[P]) -> P:
        """The part, known to be of `cls` (a GpuSpec, a NicSpec...); another kind is an UnknownPartError."""
        part = self.get(part_id)
        if not isinstance(part, cls):
            raise UnknownPartError(f"'{part_id}' is a {part.kind}, not a {cls.__name__}")
        return part

    def __contains__(self, part_id: object) -> bool:
        return part_id in self.parts

    def __iter__(self) -> Iterator[AnyPart]:
        return iter(self.parts.values())

    def of_kind(self, kind: str) -> list[AnyPart]:
        return [p for p in self.parts.values() if p.kind == kind]

    def chassis(self, part_id: str) -> ChassisSpec:
        part = self.get(part_id)
        if not isinstance(part, ChassisSpec):
            raise UnknownPartError(f"'{part_id}' is a {part.kind}, not a chassis")
        return part

    def add_file(self, name: str, text: str, *, user: bool) -> None:
        parsed = _parse(name, text)
        for part in parsed.parts:
            if part.id in self.parts:
                raise CatalogError(f"{name}: part '{part.id}' is already defined in {self.origin[part.id]}")
        for part in parsed.parts:
            self.parts[part.id] = part
            self.origin[part.id] = name
        if not user:
            self.version = parsed.catalog_version


def _parse(name: str, text: str) -> CatalogFile:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogError(f"{name}: not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    try:
        return _FILE_ADAPTER.validate_python(raw)
    except ValidationError as exc:
        where, msg = first_error(exc)
        raise CatalogError(f"{name}: {where}: {msg}") from None


def _shipped_files() -> list[tuple[str, str]]:
    folder = resources.files("designer") / "data" / "catalog"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return [(f"catalog/{f.name}", f.read_text(encoding="utf-8")) for f in files]


def user_catalog_dirs() -> list[Path]:
    """Folders searched for the user's own part files: $GPU_DESIGNER_CATALOG_PATH, then the data dir."""
    dirs = [Path(p) for p in os.environ.get(USER_CATALOG_ENV, "").split(os.pathsep) if p]
    from platformdirs import user_data_dir  # noqa: PLC0415 (only when the user's catalog folders are looked for)

    dirs.append(Path(user_data_dir("gpu-node-designer", appauthor=False)) / "catalog")
    return dirs


def _user_files(dirs: Iterable[Path]) -> Iterator[tuple[str, str | None, str]]:
    for folder in dirs:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.json")):
            try:
                if path.stat().st_size > MAX_CATALOG_FILE_BYTES:
                    yield str(path), None, f"larger than {MAX_CATALOG_FILE_BYTES} bytes"
                    continue
                yield str(path), path.read_text(encoding="utf-8"), ""
            except (OSError, UnicodeDecodeError) as exc:
                yield str(path), None, f"cannot be read ({exc.__class__.__name__})"


def load_catalog(user_dirs: Iterable[Path] | None = None) -> Catalog:
    """Shipped parts (errors there are bugs and raise) plus user parts (errors are collected)."""
    catalog = Catalog()
    for name, text in _shipped_files():
        catalog.add_file(name, text, user=False)
    for name, user_text, problem in _user_files(user_catalog_dirs() if user_dirs is None else user_dirs):
        if user_text is None:
            catalog.problems.append(f"{name}: skipped: {problem}")
            continue
        try:
            catalog.add_file(name, user_text, user=True)
        except CatalogError as exc:
            catalog.problems.append(f"skipped: {exc}")
    return catalog


@lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    return load_catalog()


def shipped_catalog() -> Catalog:
    """Only the parts that ship with the app (what templates and tests rely on)."""
    return load_catalog(user_dirs=[])
