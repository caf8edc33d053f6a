"""Terrain in play: what a survivor's move into scenery costs and does (docs/terrain.md).

The tables come from :mod:`designer.rules.terrain` (one per compiled scenario). The cost of a
move goes through the rule profile's move-cost hook (:meth:`designer.engine.profiles.Profile.
terrain_move_cost`); this module holds what happens once the survivor is in: the swim roll and
the wounds of a hostile presence, and the wounds of a hostile zone at the start of an
activation. Zombies are not hurt or slowed by scenery (Eden's non-player fighters walk through
it as the rule profile moves them); impassable terrain stops them as it stops survivors.
"""

from __future__ import annotations

from typing import Any


__all__ = ["after_move", "start_activation", "swim_roll"]


def swim_roll(game: Any, s: Any, difficulty: int) -> int:
    """Roll a d6 until it shows ``difficulty`` or more, one wound per miss ("Il refait ensuite ce
    jet jusqu'à ce qu'il obtienne au moins une réussite"); stops when the survivor dies. Returns
    the wounds taken."""
    wounds = 0
    while s.on_board and game.d6() < difficulty:
        wounds += 1
        game.wound(s, 1, cause="swim")
    return wounds


def after_move(game: Any, s: Any, conn: int, zone: int) -> None:
    """A survivor has moved across ``conn`` into ``zone``: it swims, then takes the wounds of a
    hostile presence."""
    t = game.terrain
    difficulty = t.swim(conn, zone)
    if difficulty:
        wounds = swim_roll(game, s, difficulty)
        game.note("swim", survivor=s.index, zone=game.board.zone_ids[zone], wounds=wounds)
    if t.entry_hostile and s.on_board:
        hurt = t.hostile(conn, zone)
        if hurt:
            game.note("hostile", survivor=s.index, zone=game.board.zone_ids[zone], wounds=hurt)
            game.wound(s, hurt, cause="hostile")


def start_activation(game: Any, s: Any) -> None:
    """A survivor begins its activation in a hostile zone: it takes the zone's wounds."""
    hurt = game.terrain.zone_hostile[s.zone]
    if hurt:
        game.note("hostile", survivor=s.index, zone=game.board.zone_ids[s.zone], wounds=hurt)
        game.wound(s, hurt, cause="hostile")
