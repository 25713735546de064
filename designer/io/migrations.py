"""Step-by-step migration of raw design dicts from older schema versions.

Each step is registered with `@migration(from_version, to_version)` and works on plain dicts, before
validation, so old files never need old model classes. The chain must be contiguous.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Raw = dict[str, Any]
Step = Callable[[Raw], Raw]

MIGRATIONS: dict[int, tuple[int, Step]] = {}


def migration(from_version: int, to_version: int, registry: dict[int, tuple[int, Step]] | None = None):
    if to_version != from_version + 1:
        raise ValueError("a migration goes exactly one version up")
    reg = MIGRATIONS if registry is None else registry

    def register(fn: Step) -> Step:
        if from_version in reg:
            raise ValueError(f"two migrations from version {from_version}")
        reg[from_version] = (to_version, fn)
        return fn

    return register


class MigrationError(ValueError):
    pass


def migrate(raw: Raw, target: int, registry: dict[int, tuple[int, Step]] | None = None) -> Raw:
    """Bring `raw` up to `target`; raise MigrationError for newer or unmigratable files."""
    reg = MIGRATIONS if registry is None else registry
    version = raw.get("schema_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise MigrationError(f"schema_version must be a positive integer, not {version!r}")
    if version > target:
        raise MigrationError(
            f"the file has schema_version {version}; this version of GPU Node Designer reads up to "
            f"{target}. Open it with a newer release."
        )
    while version < target:
        if version not in reg:
            raise MigrationError(f"no migration from schema_version {version}")
        version, step = reg[version]
        raw = step(dict(raw))
        raw["schema_version"] = version
    return raw


@migration(1, 2)
def _rack_limits(raw: Raw) -> Raw:
    """Version 2 adds `settings.rack_air_limit_w` and `settings.rack_liquid_limit_w` (None: the site's limits).
    A version-1 file has neither, so it keeps the site's limits; nothing else changes."""
    settings = raw.get("settings")
    if isinstance(settings, dict):
        raw["settings"] = {**settings, "rack_air_limit_w": None, "rack_liquid_limit_w": None}
    return raw


@migration(2, 3)
def _settings_gain_failure_policy(raw: Raw) -> Raw:
    """Version 3 adds settings.fabric_failure_policy; a version 2 file had none, so it takes the platform's
    documented default (what an older file now means; its old figures were not a documented policy)."""
    settings = raw.get("settings")
    if isinstance(settings, dict) and "fabric_failure_policy" not in settings:
        raw["settings"] = {**settings, "fabric_failure_policy": "platform_default"}
    return raw
