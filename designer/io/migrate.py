"""Schema versions: which versions this release reads, and how older files are brought up to date.

Each model that is stored in files (scenarios, campaigns) has a current version and a table of
migrations: ``MIGRATIONS[model][n]`` turns the data of version ``n`` into version ``n + 1``.
Migrations work on plain JSON data, before validation, and never modify their input.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

__all__ = ["MIGRATIONS", "MigrationError", "current_version", "migrate", "supported_versions"]

Migration = Callable[[dict[str, Any]], dict[str, Any]]

MIGRATIONS: dict[str, dict[int, Migration]] = {"Scenario": {}, "Campaign": {}}
"""Per model name, version -> function producing the data of the next version."""


class MigrationError(ValueError):
    """The schema version of a file is missing, unknown or newer than this release."""


def current_version(model: type) -> int:
    """The version this release writes for ``model``."""
    field = model.model_fields["schema_version"]
    return max(field.annotation.__args__)  # a Literal[...] of the versions written


def supported_versions(model: type) -> list[int]:
    """Every version this release can read for ``model`` (older ones are migrated)."""
    current = current_version(model)
    older = sorted(v for v in MIGRATIONS.get(model.__name__, {}) if v < current)
    # a version is readable when an unbroken chain of migrations leads from it to the current one
    readable = [current]
    for v in reversed(older):
        if v + 1 in readable:
            readable.append(v)
    return sorted(readable)


def migrate(data: dict[str, Any], model: type) -> dict[str, Any]:
    """Return ``data`` brought up to the current version of ``model``."""
    current = current_version(model)
    supported = supported_versions(model)
    version = data.get("schema_version")
    listed = ", ".join(str(v) for v in supported)
    if version is None:
        raise MigrationError(f"required field is missing; expected the schema version ({listed})")
    if isinstance(version, bool) or not isinstance(version, int):
        raise MigrationError(f"expected an integer version ({listed}), got {version!r}")
    if version > current:
        raise MigrationError(
            f"version {version} was written by a newer release; this release reads versions {listed}"
        )
    if version not in supported:
        raise MigrationError(f"version {version} is not supported; this release reads versions {listed}")
    if version == current:
        return data
    steps = MIGRATIONS[model.__name__]
    out = copy.deepcopy(data)
    while version < current:
        out = steps[version](out)
        version += 1
        out["schema_version"] = version
    return out
