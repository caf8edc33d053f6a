"""Zombie types as a table of rows: every fact the rules need about a type, written once.

Adding a zombie type is one row here (plus its name in the model's ``ZombieType``; see
"Adding a rule" in ``docs/engine.md``). The engine reads only this table: toughness and XP,
how many actions a zombie of the type spends per activation, the order in which melee
attackers pick it and ranged hits reach it, the companions that come with it when it spawns,
and whether its group splits on equal paths.

Tie-break rules written here, not left to incidental behaviour:

- melee: the attacker takes the present type with the lowest ``melee_rank`` it can kill;
- ranged: hits go to the lowest ``ranged_rank`` present (other survivors first, always); within a
  rank, the first type in table order; a rank whose rows ``absorb`` keeps hits its zombies are too
  tough for (Zombicide's fatties and abominations);
- a type without ``splits`` never splits: its group takes one option, drawn at random when there
  are several;
- a ``ranged_immune`` type (Prison Outbreak's berserkers) keeps every ranged hit that reaches it:
  in a rank without ``absorbs`` the hit is lost when it is the first type present (table order,
  so after the standard type of its rank), in an absorbing rank it is never the one killed;
- a type that moves ``zones_per_move`` 2 (the berserker abomination) takes a second step after
  every zombie's move of the activation, unless its first step ended with a survivor in its zone
  (it never splits: a table row that moves two zones must not split);
- ``counts_as`` names the record column a type's kills and spawns count in (the berserkers count
  as their standard type, so records keep one column per standard type);
- "the first type" (Last Night on Earth and house fights, fixed and dice spawns) means table order.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["ABOMINATION", "FATTY", "GRAVE_DEAD", "MELEE_ORDER", "RANGED_GROUPS", "RANGED_IMMUNE", "KILL_XP",
           "RECORD_COLUMN", "RECORD_TYPES", "RUNNER", "SPAWN_DEFAULT", "TOUGHNESS", "WALKER", "ZINDEX", "ZOMBIE",
           "ZONES_PER_MOVE", "ZOMBIE_TYPES", "ZTYPES", "ZombieRow", "record_counts"]


class ZombieRow(NamedTuple):
    """One zombie type."""

    name: str
    """The type's name in scenario files (the model's ``ZombieType``)."""
    toughness: int
    """Damage one hit needs to kill it."""
    xp: int
    """XP for killing one."""
    actions: int
    """Actions per activation (runners act twice: a second activation after everybody's first)."""
    melee_rank: int
    """Order in which a melee attacker picks its targets (lowest first)."""
    ranged_rank: int
    """Order in which ranged hits reach it (lowest first, after other survivors)."""
    absorbs: bool
    """Its rank keeps the hits it is too tough for instead of passing them on."""
    companions: tuple[tuple[str, int], ...]
    """Zombies that come with each one spawned: (type, count per zombie)."""
    splits: bool
    """Its group splits into equal groups on equal shortest paths."""
    ranged_immune: bool = False
    """Ranged hits cannot kill it (Prison Outbreak: "Gli Zombi Berserker sono immuni alle Armi a
    distanza"); it keeps the hits that reach it."""
    zones_per_move: int = 1
    """Zones one move action takes it ("Muovono di due Zone invece che una")."""
    counts_as: str = ""
    """The type whose record columns (``kills_<type>``, ``spawned_<type>``) count it ('' for its own)."""


ZOMBIE_TYPES: tuple[ZombieRow, ...] = (
    #          name          tough xp act melee ranged absorbs companions        splits
    ZombieRow("walker",       1,  1,  1,   3,    1,    False, (),                True),
    ZombieRow("runner",       1,  1,  2,   0,    3,    False, (),                True),
    ZombieRow("fatty",        2,  1,  1,   2,    2,    True,  (("walker", 2),),  True),
    ZombieRow("abomination",  3,  5,  1,   1,    2,    True,  (),                False),
    ZombieRow("zombie",       1,  1,  1,   4,    1,    False, (),                True),
    ZombieRow("grave_dead",   1,  1,  1,   5,    1,    False, (),                True),
    # Prison Outbreak's berserkers: "Hanno le stesse caratteristiche e seguono la stessa priorità
    # dei bersagli delle loro controparti Standard"; hit after them at range (table order)
    ZombieRow("walker_berserker",      1, 1, 1, 3, 1, False, (), True, True, 1, "walker"),
    ZombieRow("runner_berserker",      1, 1, 2, 0, 3, False, (), True, True, 1, "runner"),
    ZombieRow("fatty_berserker",       2, 1, 1, 2, 2, True, (("walker_berserker", 2),), True, True, 1, "fatty"),
    ZombieRow("abomination_berserker", 3, 5, 1, 1, 2, True, (), False, True, 2, "abomination"),
)
"""Every zombie type, in table order (the order of the per-type columns of results)."""

ZTYPES: tuple[str, ...] = tuple(r.name for r in ZOMBIE_TYPES)
ZINDEX: dict[str, int] = {name: i for i, name in enumerate(ZTYPES)}
WALKER, RUNNER, FATTY, ABOMINATION, ZOMBIE, GRAVE_DEAD = (ZINDEX[n] for n in
                                                          ("walker", "runner", "fatty", "abomination", "zombie",
                                                           "grave_dead"))
SPAWN_DEFAULT = ZOMBIE
"""The type fixed and dice spawns place when every type's pool is empty."""

MELEE_ORDER: tuple[int, ...] = tuple(sorted(range(len(ZTYPES)), key=lambda t: (ZOMBIE_TYPES[t].melee_rank, t)))
"""Types in the order a melee attacker picks them."""

RANGED_GROUPS: tuple[tuple[bool, tuple[int, ...]], ...] = tuple(
    (ZOMBIE_TYPES[group[0]].absorbs, group) for group in (
        tuple(t for t in range(len(ZTYPES)) if ZOMBIE_TYPES[t].ranged_rank == rank)
        for rank in sorted({r.ranged_rank for r in ZOMBIE_TYPES})))
"""Ranged target groups in order: (absorbs, types in table order)."""

RECORD_TYPES: tuple[str, ...] = tuple(r.name for r in ZOMBIE_TYPES if not r.counts_as)
"""The types with their own record columns (``kills_<type>``, ``spawned_<type>``), in table order."""
RECORD_COLUMN: tuple[int, ...] = tuple(RECORD_TYPES.index(r.counts_as or r.name) for r in ZOMBIE_TYPES)
"""Per type, the index in :data:`RECORD_TYPES` of the column it counts in."""
RANGED_IMMUNE: tuple[bool, ...] = tuple(r.ranged_immune for r in ZOMBIE_TYPES)
ZONES_PER_MOVE: tuple[int, ...] = tuple(r.zones_per_move for r in ZOMBIE_TYPES)
assert all(r.zones_per_move == 1 or not r.splits for r in ZOMBIE_TYPES), "a type moving two zones must not split"


def record_counts(per_type) -> list[int]:
    """Per-type counts (kills, spawns) folded into the record columns of :data:`RECORD_TYPES`."""
    out = [0] * len(RECORD_TYPES)
    for t, n in enumerate(per_type[:len(ZOMBIE_TYPES)]):
        out[RECORD_COLUMN[t]] += n
    return out


TOUGHNESS: tuple[int, ...] = tuple(r.toughness for r in ZOMBIE_TYPES)
KILL_XP: tuple[int, ...] = tuple(r.xp for r in ZOMBIE_TYPES)
