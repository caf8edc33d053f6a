"""Zombie arrivals per player (Les morts aux trousses) in the reference engine: the fixed spawn
method's ``per_player`` and ``first_turn_each_level`` (:mod:`designer.rules.arrivals`). The typed
engine plays the same rule with the same dice (``typed/play.py``, ``morts: zombie arrivals``)."""

from __future__ import annotations

from typing import Any

from ..rules.arrivals import arrival_levels

__all__ = ["spawn_arrivals", "uses_arrivals"]


def uses_arrivals(method: Any) -> bool:
    """Whether a spawn method brings its zombies in per player."""
    return method.kind == "fixed" and (method.per_player or method.first_turn_each_level)


def levels(board: Any) -> tuple:
    """The board's :func:`designer.rules.arrivals.arrival_levels`, computed once."""
    out = board.compiled.get(("arrival-levels",))
    if out is None:
        out = board.compiled[("arrival-levels",)] = arrival_levels(board.rules)
    return out


def spawn_arrivals(game: Any, active: list[int], t: int) -> None:
    """The zombies the players bring in this turn: in the first turn (``first_turn_each_level``)
    ``count`` per player on every level, lowest first, through an active spawn zone of the level
    drawn at random, else into one of the level's arrival zones drawn at random; in the other
    turns (``per_player``) ``count`` per player through an active spawn zone drawn at random.
    Every player of the set-up brings zombies in, a dead one too ("On your turn: you bring in a
    zombie")."""
    st, b = game.state, game.board
    method = b.scenario.setup.spawn_method
    players = len(st.survivors)
    rng = st.rng
    if method.first_turn_each_level and st.turn == 1:
        on = set(active)
        for _ in range(players):
            for _level, spawns, zones in levels(b):
                here = [i for i in spawns if i in on]
                if here:
                    game.spawn(b.spawn_zone[here[rng.randrange(len(here))]], t, method.count)
                elif zones:
                    game.spawn(zones[rng.randrange(len(zones))], t, method.count)
        return
    if method.per_player:
        for _ in range(players):
            game.spawn(b.spawn_zone[active[rng.randrange(len(active))]], t, method.count)
        return
    for i in active:
        game.spawn(b.spawn_zone[i], t, method.count)
