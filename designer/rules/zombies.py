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
- "the first type" (Last Night on Earth and house fights, fixed and dice spawns) means table order.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["ABOMINATION", "FATTY", "GRAVE_DEAD", "MELEE_ORDER", "RANGED_GROUPS", "KILL_XP", "RUNNER", "SPAWN_DEFAULT",
           "TOUGHNESS", "WALKER", "ZINDEX", "ZOMBIE", "ZOMBIE_TYPES", "ZTYPES", "ZombieRow"]


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


ZOMBIE_TYPES: tuple[ZombieRow, ...] = (
    #          name          tough xp act melee ranged absorbs companions        splits
    ZombieRow("walker",       1,  1,  1,   3,    1,    False, (),                True),
    ZombieRow("runner",       1,  1,  2,   0,    3,    False, (),                True),
    ZombieRow("fatty",        2,  1,  1,   2,    2,    True,  (("walker", 2),),  True),
    ZombieRow("abomination",  3,  5,  1,   1,    2,    True,  (),                False),
    ZombieRow("zombie",       1,  1,  1,   4,    1,    False, (),                True),
    ZombieRow("grave_dead",   1,  1,  1,   5,    1,    False, (),                True),
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

TOUGHNESS: tuple[int, ...] = tuple(r.toughness for r in ZOMBIE_TYPES)
KILL_XP: tuple[int, ...] = tuple(r.xp for r in ZOMBIE_TYPES)
