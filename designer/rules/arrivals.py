"""Zombie arrivals per player (Les morts aux trousses, seed 003), read by the validator and both
engines: where the first turn's zombies may arrive on each level of the map.

"First turn of the game: each player brings in 1 zombie on the ground floor (red arrow) / 1 in the
basement / 1 on the 1st floor (except the office). All other turns: each player brings in 1 zombie
through a red arrow on the ground floor or basement". A scenario asks for it with the fixed spawn
method's ``per_player`` and ``first_turn_each_level`` (:class:`designer.model.scenario.FixedSpawns`).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ArrivalLevel", "arrival_levels", "is_arrival_zone"]

ArrivalLevel = tuple[int, tuple[int, ...], tuple[int, ...]]
"""A level, its spawn zones (spawn indices in spawn order, manholes left out) and the zones a
zombie may arrive in when no spawn zone of the level is active (zone indices, in map order)."""


def is_arrival_zone(cs: Any, z: int) -> bool:
    """Whether a first-turn zombie may arrive in zone ``z`` of a level without an active spawn
    zone: zombies may spawn there (not ``no_spawn``, not a tower, security zone or gate) and enter
    it (not on fire, a capacity above 0)."""
    return not cs.no_spawn[z] and not cs.no_zombies[z] and cs.max_zombies[z] > 0 \
        and cs.kind[z] not in ("tower", "security", "gate")


def arrival_levels(cs: Any) -> tuple[ArrivalLevel, ...]:
    """The levels of the map, lowest first, each with its spawn zones and its arrival zones
    (``cs``: a :class:`designer.rules.CompiledScenario` or a board copying its fields).

    Examples
    --------
    >>> import designer
    >>> from designer.rules import compile
    >>> cs = compile(designer.load("scenarios/les-morts-aux-trousses.json"))
    >>> [(lv, [cs.zone_ids[z] for z in zones]) for lv, _, zones in arrival_levels(cs)][2]
    (1, ['landing', 'walkway', 'bedroom'])
    """
    out = []
    for level in sorted(set(cs.level)):
        spawns = tuple(i for i in range(len(cs.spawn_zone))
                       if cs.spawn_kind[i] != "manhole" and cs.level[cs.spawn_zone[i]] == level)
        zones = tuple(z for z in range(len(cs.level)) if cs.level[z] == level and is_arrival_zone(cs, z))
        out.append((level, spawns, zones))
    return tuple(out)
