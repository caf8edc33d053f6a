"""Victory points in play: the score counted at the end of each turn, and the end of a points
mission at its last turn (:class:`designer.model.points.VictoryPoints`, docs/terrain.md).

The score lives in the game state as plain integers (``points``, and what is already counted:
``points_taken`` as an objective bit mask, ``points_kills`` per zombie type), so copying a game
copies it. A game of a scenario without victory points never calls this module.
"""

from __future__ import annotations

from typing import Any

from ..rules.zombies import ZINDEX, ZTYPES


__all__ = ["ENDS_SCORED", "PointsTable", "finish_turn", "points_goal", "points_table", "score_turn"]


class PointsTable:
    """A scenario's victory points as index tables of its compiled board."""

    __slots__ = ("turns", "target", "taken", "held", "held_zones", "kills")

    def __init__(self, board: Any):
        vp = board.scenario.points
        self.turns = vp.turns
        self.target = vp.target
        taken = [0] * len(board.obj_ids)
        held = [0] * len(board.obj_ids)
        for entry in vp.objectives:
            o = board.obj_index[entry.objective]
            taken[o] += entry.taken
            held[o] += entry.held
        self.taken = tuple(taken)
        self.held = tuple(held)
        self.held_zones = tuple(o for o, h in enumerate(held) if h)
        kills = [0] * len(ZTYPES)
        for name, value in vp.kills.items():
            kills[ZINDEX[name]] = value
        self.kills = tuple(kills)


def points_table(board: Any) -> PointsTable | None:
    """The points table of a board (cached on it); None when the scenario has no points."""
    if getattr(board.scenario, "points", None) is None:
        return None
    cache = board.rules.caches.setdefault("points", {})
    if "table" not in cache:
        cache["table"] = PointsTable(board)
    return cache["table"]


def score_turn(game: Any, table: PointsTable) -> int:
    """Count the points of the turn that ends: objectives taken this turn, objectives held now,
    zombies killed this turn. Returns the turn's points (added to ``state.points``)."""
    st = game.state
    got = 0
    counted = getattr(st, "points_taken", 0)
    new = st.taken & ~counted
    o = 0
    while new:
        if new & 1:
            got += table.taken[o]
        new >>= 1
        o += 1
    st.points_taken = st.taken
    living = st.living()
    for o in table.held_zones:
        zone = st.obj_zone[o]
        if st.zombies_in(zone) == 0 and any(s.zone == zone for s in living):
            got += table.held[o]
    before = getattr(st, "points_kills", None) or (0,) * len(ZTYPES)
    for t, value in enumerate(table.kills):
        if value:
            got += value * (st.kills_by_type[t] - before[t])
    st.points_kills = tuple(st.kills_by_type)
    st.points = max(0, getattr(st, "points", 0) + got)  # "Les PV d'un joueur ne peuvent jamais être inférieurs à 0"
    if got:
        game.note("points", points=got, total=st.points)
    return got


ENDS_SCORED = frozenset({"", "all_dead", "survivor_died"})
"""How a points mission's game may stand when its score decides: going on (then only at the last
turn), or ended by the survivors' deaths (Eden: "La partie s'arrête également à la fin de
n'importe quel tour si un seul joueur possède encore des combattants", and the points decide)."""


def finish_turn(game: Any, table: PointsTable) -> None:
    """The end of a turn of a points mission: score it; at the last turn, or when the survivors'
    deaths end the game, the score decides: won when it reaches the target ("A la fin de ces 5
    tours, la partie s'arrête et les joueurs font le décompte de leurs points de victoire")."""
    st = game.state
    score_turn(game, table)
    if st.outcome == "win" or st.cause not in ENDS_SCORED:
        return  # an 'end_game' effect, a runaway or a stalled game stands as it is
    if st.outcome or st.turn >= table.turns:
        if st.points >= table.target:
            st.outcome, st.cause = "win", ""
        else:
            st.outcome, st.cause = "loss", st.cause or "turn_limit"


def points_goal(game: Any, s: Any, zones: list[int], action: str, target: Any) -> tuple[list[int], str, Any]:
    """Where a bot goes for points once the mission's steps leave it nothing to do (``zones``
    empty): to an objective still worth points when taken, else to hold an objective worth
    points each turn, one survivor per zone while there are zones enough (it stays there: its
    goal is the zone it stands in). Anything else is returned as it came: a mission without
    victory points, or a goal still open. Objectives of a face-down group are left out (a
    player does not know where they lie)."""
    if zones or action:
        return zones, action, target
    table = points_table(game.board)
    if table is None:
        return zones, action, target
    st = game.state
    hidden = {o for group in game.board.hidden_groups for o in group}
    take = sorted({st.obj_zone[o] for o, value in enumerate(table.taken)
                   if value and not st.taken >> o & 1 and o not in hidden})
    if take:
        return take, "take", None
    held = [st.obj_zone[o] for o in table.held_zones if o not in hidden]
    if not held:
        return zones, action, target
    if s.zone in held and not any(t is not s and t.zone == s.zone for t in st.living()):
        return [s.zone], "reach", None
    mates = {t.zone for t in st.living() if t is not s}
    free = sorted(set(z for z in held if z not in mates))
    return (free or sorted(set(held))), "reach", None
