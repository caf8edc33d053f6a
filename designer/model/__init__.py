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

__all__ = [
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
    "VictoryCondition",
    "ZombieType",
    "Zone",
    "iter_reference_problems",
]
