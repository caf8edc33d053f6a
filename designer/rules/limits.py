"""The typed engine's fixed rows, written once: what a scenario or a campaign's party may hold
for the engine to play it. The engine's tables (:mod:`designer.engine.typed.tables`) size their
rows from these numbers; the validator reports a scenario beyond them (``engine-limit``,
:mod:`designer.checks.limits`) and the engine refuses such a game with
:class:`EngineLimit` (a message naming the limit and the scenario or zone it concerns).

The schema keeps most values below these already (at most 12 survivors, 20 items a survivor
carries, 20 items of starting equipment); what a valid file can still exceed is counted here.
"""

from __future__ import annotations

from typing import Any, Iterator

__all__ = ["EngineLimit", "MAX_HOUSE_DOORS", "MAX_ITEMS", "MAX_SURVIVORS", "beyond_limits"]

MAX_SURVIVORS = 12
"""Survivors (heroes) one game plays: the engine's survivor rows."""
MAX_ITEMS = 40
"""Items one survivor holds at the start (starting equipment and a named hero's own items) or
carries over from a campaign: the engine's item rows."""
MAX_HOUSE_DOORS = 62
"""Doors of a board played with the 'house' profile (Les morts aux trousses): its closed doors
and lost keys are one 64-bit word of bits in the engine."""


class EngineLimit(ValueError):
    """A game beyond the typed engine's fixed rows (:data:`MAX_SURVIVORS`, :data:`MAX_ITEMS`,
    :data:`MAX_HOUSE_DOORS`): the message names the limit and the scenario or zone concerned.
    A ``ValueError``, so a caller that caught the old refusals still catches it."""

    def __init__(self, message: str, scenario: str = "", limit: int | None = None):
        super().__init__(message)
        self.scenario = scenario
        self.limit = limit


def beyond_limits(scenario: Any) -> Iterator[tuple[str, str, tuple[str, ...], int]]:
    """(message, JSON path, ids, limit) for each part of a scenario beyond the typed engine's
    rows (nothing for a scenario it plays)."""
    s = scenario
    if s.setup.rules.profile == "house":
        doors = [c.id for c in s.connections if c.kind == "door"]
        if len(doors) > MAX_HOUSE_DOORS:
            yield (f"a 'house' board has {len(doors)} doors; the engine plays at most {MAX_HOUSE_DOORS} doors with "
                   f"the 'house' profile (its closed doors and lost keys are one 64-bit word)", "connections",
                   tuple(doors[MAX_HOUSE_DOORS:]), MAX_HOUSE_DOORS)
    equipment = len(s.setup.survivors.starting_equipment)
    for k, h in enumerate(s.setup.survivors.heroes):
        if equipment + len(h.items) > MAX_ITEMS:
            name = getattr(h, "name", "") or getattr(h, "id", "") or f"hero {k + 1}"
            yield (f"the named survivor {name} starts with {equipment + len(h.items)} items (starting equipment "
                   f"and its own); the engine holds at most {MAX_ITEMS} items a survivor",
                   f"setup.survivors.heroes[{k}].items", (), MAX_ITEMS)
