"""The pydantic models: the single source of truth for scenario files."""

from .common import ZOMBIE_TYPES, Colour, Id, Position, ZombieType
from .scenario import (
    SCHEMA_VERSION,
    Connection,
    Door,
    Effect,
    Event,
    Objective,
    ReferenceProblem,
    ReferenceProblems,
    Scenario,
    VictoryCondition,
    Zone,
    iter_reference_problems,
)
from .variants import Budget, Change, SideBudget, Variant, WeatherRow, WeatherTable

__all__ = [
    "Budget",
    "Change",
    "SCHEMA_VERSION",
    "ZOMBIE_TYPES",
    "Colour",
    "Connection",
    "Door",
    "Effect",
    "Event",
    "Id",
    "Objective",
    "Position",
    "ReferenceProblem",
    "ReferenceProblems",
    "Scenario",
    "SideBudget",
    "Variant",
    "VictoryCondition",
    "WeatherRow",
    "WeatherTable",
    "ZombieType",
    "Zone",
    "iter_reference_problems",
]
