"""Terrain keywords as tables: what the validator and the engine read of a map's scenery.

The model's :class:`designer.model.terrain.Terrain` holds the keywords as the designer writes
them; this module turns them, once per compiled scenario, into per-zone and per-connection
numbers (:class:`TerrainTables`) and into who may cross each connection
(:func:`passage_flags`, read by the compiled scenario's adjacency, so that the reachability
search and the engine see an impassable zone or connection the same way).

>>> from designer.rules.terrain import terrain_tables     # doctest: +SKIP
>>> t = terrain_tables(compiled)                         # doctest: +SKIP
>>> t.zone_obstruction[compiled.zone_index["marsh"]]      # doctest: +SKIP
2
"""

from __future__ import annotations

from typing import Any

from ..model.scenario import Scenario

__all__ = ["SWIM_MOVE_COST", "TerrainTables", "eden_rules_used", "expected_swim_wounds", "has_terrain", "move_cost",
           "passage_flags", "terrain_tables"]

SWIM_MOVE_COST = 2
"""Actions a swim costs ("une action de déplacement qui coûte exceptionnellement 2PA")."""


def has_terrain(scenario: Scenario) -> bool:
    """Whether any zone or connection carries terrain keywords."""
    return any(z.terrain is not None for z in scenario.zones) or \
        any(c.terrain is not None for c in scenario.connections)


def passage_flags(scenario: Scenario) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Per connection, whether survivors and whether zombies may cross it once terrain is
    applied: an impassable connection, or one into or out of an impassable zone, lets nobody
    through. O(V + E)."""
    conns = scenario.connections
    blocked_zone = {z.id for z in scenario.zones if z.terrain is not None and z.terrain.impassable}
    surv, zomb = [], []
    for c in conns:
        shut = (c.terrain is not None and c.terrain.impassable) or c.source in blocked_zone or c.target in blocked_zone
        surv.append(c.survivors and not shut)
        zomb.append(c.zombies and not shut)
    return tuple(surv), tuple(zomb)


def impassable_connections(scenario: Scenario) -> frozenset[int]:
    """Indices of the connections terrain shuts (impassable, or touching an impassable zone)."""
    blocked_zone = {z.id for z in scenario.zones if z.terrain is not None and z.terrain.impassable}
    return frozenset(i for i, c in enumerate(scenario.connections)
                     if (c.terrain is not None and c.terrain.impassable)
                     or c.source in blocked_zone or c.target in blocked_zone)


class TerrainTables:
    """Terrain as integer tables of one compiled scenario (zone ``i`` and connection ``c`` as
    the compiled scenario numbers them); 1 is "no obstruction", 0 "no hostile presence" and
    "no swim"."""

    __slots__ = ("zone_obstruction", "zone_hostile", "zone_swim", "crossable", "elevated", "impassable",
                 "c_obstruction", "c_hostile", "c_swim", "c_impassable", "entry_hostile")

    def __init__(self, cs: Any):
        s = cs.scenario

        def zone_value(name: str, default: int) -> tuple[int, ...]:
            return tuple((getattr(z.terrain, name) or default) if z.terrain else default for z in s.zones)

        def conn_value(name: str, default: int) -> tuple[int, ...]:
            return tuple((getattr(c.terrain, name) or default) if c.terrain else default for c in s.connections)

        self.zone_obstruction = zone_value("obstruction", 1)
        self.zone_hostile = zone_value("hostile", 0)
        self.zone_swim = zone_value("swim", 0)
        self.crossable = tuple(bool(z.terrain and z.terrain.crossable) for z in s.zones)
        self.elevated = tuple(bool(z.terrain and z.terrain.elevation) for z in s.zones)
        self.impassable = tuple(bool(z.terrain and z.terrain.impassable) for z in s.zones)
        self.c_obstruction = conn_value("obstruction", 1)
        self.c_hostile = conn_value("hostile", 0)
        self.c_swim = conn_value("swim", 0)
        self.c_impassable = tuple(bool(c.terrain and c.terrain.impassable) for c in s.connections)
        self.entry_hostile = any(self.zone_hostile) or any(self.c_hostile)
        """Whether any entry or crossing wounds (the engine skips the look-ups otherwise)."""

    def factor(self, conn: int, to_zone: int) -> int:
        """The obstruction factor of a move across ``conn`` into ``to_zone``."""
        return self.zone_obstruction[to_zone] * self.c_obstruction[conn]

    def swim(self, conn: int, to_zone: int) -> int:
        """The swim difficulty of a move across ``conn`` into ``to_zone`` (0: no swim)."""
        return max(self.zone_swim[to_zone], self.c_swim[conn])

    def hostile(self, conn: int, to_zone: int) -> int:
        """Wounds a survivor takes moving across ``conn`` into ``to_zone``."""
        return self.zone_hostile[to_zone] + self.c_hostile[conn]


def move_cost(tables: TerrainTables, base: int, unit: int, conn: int, to_zone: int) -> int:
    """The cost of a move once terrain is applied.

    ``base`` is the rule profile's cost (Zombicide: one action plus one per zombie in the zone
    left; the house profile: the connection's movement points) and ``unit`` the move's own part
    of it (the connection's ``cost``). Obstruction(x) counts the move's own part x times; a swim
    costs at least :data:`SWIM_MOVE_COST` for the move's own part. Extra costs of the zone left
    (its zombies) are counted once.

    >>> class T: pass
    >>> t = T(); t.zone_obstruction = (1, 2); t.c_obstruction = (1,); t.zone_swim = (0, 0); t.c_swim = (0,)
    >>> move_cost(t, 1, 1, 0, 1), move_cost(t, 3, 1, 0, 1)   # a marsh: 2 actions, 4 with 2 zombies left behind
    (2, 4)
    """
    own = unit * tables.zone_obstruction[to_zone] * tables.c_obstruction[conn]
    if tables.zone_swim[to_zone] or tables.c_swim[conn]:
        own = max(own, SWIM_MOVE_COST)
    return base + own - unit


def terrain_tables(cs: Any) -> TerrainTables | None:
    """The terrain tables of a compiled scenario (cached in its ``caches``); None when the map
    has no terrain keywords."""
    cache = cs.caches.setdefault("terrain", {})
    if "tables" not in cache:
        cache["tables"] = TerrainTables(cs) if has_terrain(cs.scenario) else None
    return cache["tables"]


def expected_swim_wounds(difficulty: int) -> float:
    """Closed form: the expected wounds of one swim (a d6 rolled until it shows ``difficulty`` or
    more, a wound per miss), ignoring death: a geometric count of misses with success chance
    p = (7 - x) / 6, so E = (1 - p) / p = (x - 1) / (7 - x). Nage(4): 1 wound, Nage(5): 2."""
    p = (7 - difficulty) / 6
    return (1 - p) / p


def eden_rules_used(scenario: Scenario) -> list[str]:
    """The Eden and Arctic Scavengers rules a scenario uses beyond terrain (victory points,
    infestation: docs/terrain.md; resources: docs/campaign.md), by name; empty when none. Both
    engines play them all (``designer.engine.core.TYPED_EDEN_RULES``), as they play terrain."""
    used = []
    if getattr(scenario, "points", None) is not None:
        used.append("victory points")
    if getattr(scenario, "infestation", None) is not None:
        used.append("infestation")
    if any(e.kind in ("gain_resource", "spend_resource") for t in scenario.triggers for e in t.then):
        used.append("resources")
    return used
