"""Zombie arrivals per player (Les morts aux trousses) in the reference engine: the fixed spawn
method's ``per_player`` and ``first_turn_each_level`` (:mod:`designer.rules.arrivals`). The typed
engine plays the same rule with the same dice (``typed/play.py``, ``morts: zombie arrivals``)."""

from __future__ import annotations

from typing import Any

from ..rules.arrivals import arrival_levels

__all__ = ["has_room", "spawn_arrivals", "uses_arrivals"]


def uses_arrivals(method: Any) -> bool:
    """Whether a spawn method brings its zombies in per player."""
    return method.kind == "fixed" and (method.per_player or method.first_turn_each_level)


def levels(board: Any) -> tuple:
    """The board's :func:`designer.rules.arrivals.arrival_levels`, computed once."""
    out = board.compiled.get(("arrival-levels",))
    if out is None:
        out = board.compiled[("arrival-levels",)] = arrival_levels(board.rules)
    return out


def has_room(game: Any, zone: int) -> bool:
    """Whether a player may bring a zombie into ``zone``: a breakthrough zone always (its 4th
    zombie is pushed on as it moves), any other while it holds fewer than its ``max_zombies``."""
    b = game.board
    return bool(b.breakthrough[zone]) or game.state.zombies_in(zone) < b.max_zombies[zone]


def spawn_arrivals(game: Any, active: list[int], t: int) -> None:
    """The zombies the players bring in this turn: in the first turn (``first_turn_each_level``)
    ``count`` per player on every level, lowest first, through an active spawn zone of the level
    drawn at random, else into one of the level's arrival zones drawn at random; in the other
    turns (``per_player``) ``count`` per player through an active spawn zone drawn at random.
    Every player of the set-up brings zombies in, a dead one too ("On your turn: you bring in a
    zombie"). A zombie never arrives in a zone that already holds its ``max_zombies`` ("Impossible
    to enter a location if it already holds 3 zombies (exception: breakthrough zone)"): the player
    draws among the zones with room, and brings none in when no zone has room (:func:`has_room`)."""
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
                    here = [i for i in here if has_room(game, b.spawn_zone[i])]
                    if here:
                        game.spawn(b.spawn_zone[here[rng.randrange(len(here))]], t, method.count)
                elif zones:
                    open_ = [z for z in zones if has_room(game, z)]
                    if open_:
                        game.spawn(open_[rng.randrange(len(open_))], t, method.count)
        return
    if method.per_player:
        for _ in range(players):
            here = [i for i in active if has_room(game, b.spawn_zone[i])]
            if here:
                game.spawn(b.spawn_zone[here[rng.randrange(len(here))]], t, method.count)
        return
    for i in active:
        game.spawn(b.spawn_zone[i], t, method.count)
