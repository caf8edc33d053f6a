"""A scenario beyond the typed engine's fixed rows (:mod:`designer.rules.limits`): the designer
learns it when validating, before a playtest refuses the game."""

from __future__ import annotations

from typing import Any, Iterator

from ..rules.limits import beyond_limits
from .findings import Finding

__all__ = ["check_limits"]


def check_limits(scenario: Any) -> Iterator[Finding]:
    """One ``engine-limit`` error per part of the scenario the engine cannot hold."""
    s = getattr(scenario, "scenario", scenario)
    for message, path, ids, _limit in beyond_limits(s):
        yield Finding("engine-limit", "error", f"scenario '{s.id}': {message}; it cannot be playtested", ids, path)
