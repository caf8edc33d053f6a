"""The ``expert`` bot: a team plan played by a heuristic, checked by determinized look-ahead.

The skill ladder of the bots is ``random`` (a legal action drawn uniformly), ``casual`` (the
plan-following ``greedy`` bot of :mod:`designer.engine.policies`) and ``expert`` (this module).

**The base play** (:func:`team_decide`) follows the witness plan as ``casual`` does, with what a
competent group does on top of it: it never reads the face of a hidden token (a key shuffled
among red tokens is looked for in every zone that still holds a face-down token of its group),
searches early for weapons (every survivor without a two-damage melee weapon and a gun searches
in the first turns), shoots only into zones where no team mate stands (ranged hits go to
survivors first), and keeps the group together: the survivor nearest the goal leads (the
runner for the key, the presser of the switch), the others escort it, staying within one zone.

**The look-ahead** (:class:`ExpertBot`): when a decision matters (zombies in the zone, next to
it or in sight two zones away, or a door to open, which may spawn a building), every candidate
action is played out on copies of the game (:meth:`designer.engine.game.Game.copy`) to the end
of the turn, zombies' phase and spawns included (:meth:`~designer.engine.game.Game.play_on`
with ``max_turns=1``), the rest of the team playing the base play. Before each play-out the
copy is **determinized** from what the team knows: the equipment deck and the zombie deck are
reshuffled (the discards are public and stay), the face-down tokens of each hidden group that
are still on the board swap zones at random, and the copy gets a generator of its own (future
dice are unknown). The end position is scored (:func:`evaluate`: a win, a loss, survivors
alive, wounds, zombies on or next to the team, victory steps and plan steps done, kills; the
team's distance to its goal has a weight of 0 by default) and the candidate with the best mean
score is played.

**The budget** is counted in play-outs, never in time, so the same seed gives the same game on
any machine: ``width`` candidates at most (default 4, in the order :func:`_candidates` gives),
``rollouts`` determinized futures per candidate (default 2, the same futures for every
candidate: common random numbers), at most ``per_turn`` play-outs per turn (default 12, so the
search covers the whole game rather than its first turns)
and ``budget`` per game (default 400); past a limit the base play decides alone. A candidate
replaces the base play's choice only when it scores :data:`MARGIN` more on average. The
look-ahead's generator is seeded from the game's seed, and it never draws from the game's own
generator, so a game is reproducible and the look-ahead changes the game only through the
actions it chooses.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .equipment import item
from .casual import known_goal
from .policies import BOTS, _done, _killable, _toward, job_here, walk_on
from .state import INF

if TYPE_CHECKING:
    from .state import Survivor
    from .view import GameView

__all__ = ["ExpertBot", "TeamBot", "evaluate", "team_decide"]

WIN, LOSS = 10_000.0, -10_000.0
"""Scores of a play-out that ends the game."""
ALIVE, WOUND, THREAT, STEP, PLAN, DISTANCE, KILL = 400.0, 120.0, 10.0, 300.0, 150.0, 0.0, 5.0
"""Weights of :func:`evaluate`: per survivor alive, per wound, per zombie on or next to a
survivor's zone, per victory step met, per plan step done, per zone between the team and its
goal, per kill."""
MARGIN = 60.0
"""How much better than the base play's choice (the first candidate) an action must score to be
played instead."""


# -- what the team knows ------------------------------------------------------------------------


# -- the base play --------------------------------------------------------------------------------


def _well_armed(s: "Survivor") -> bool:
    its = [item(n) for n in s.items]
    return any(i.is_melee and i.damage >= 2 for i in its) and any(i.is_ranged for i in its)


def _melee_value(game: "GameView", s: "Survivor", name: str) -> float:
    it = item(name)
    return it.dice * max(0, 7 - it.accuracy) * it.damage


def _leader(game: "GameView", zones: list[int], s: "Survivor") -> "Survivor | None":
    """The team mate nearest the goal (the lowest index among equals): the one the others escort."""
    if not zones:
        return None
    b, st = game.board, game.state
    mask = game.door_passable(s)
    rows = [b.survivor_distances(z, mask) for z in zones[:4]]
    best, best_d = None, INF
    for o in st.living():
        d = min(r[o.zone] for r in rows)
        if d < best_d:
            best, best_d = o, d
    return best


def team_decide(game: "GameView", s: "Survivor", acts: list, memory: Any, escort: bool = True) -> tuple:
    """The base play of the expert (see the module's docstring)."""
    st, b = game.state, game.board
    z = s.zone
    here = st.zombies_in(z)
    melee = [a for a in acts if a[0] == "melee" and _killable(game, s, z, a[1])]
    ranged = [a for a in acts if a[0] == "ranged"]
    zones, action, target = known_goal(game, s, memory)
    alone_here = len(st.survivors_in(z)) == 1

    if here:
        if melee:
            return max(melee, key=lambda a: _melee_value(game, s, a[1]))
        own = [a for a in ranged if a[2] == z and alone_here]
        if own:
            return own[0]
        step = _toward(game, s, acts, zones, False)
        if step is None or step[0] != "move":
            moves = [a for a in acts if a[0] == "move"]
            step = min(moves, key=lambda a: (st.zombies_in(a[1]), a), default=None)
        return step or ("pass",)

    job = job_here(game, s, acts, zones, action, target)
    if job is not None:
        return job

    # ranged fire only where no team mate stands (hits go to survivors first)
    safe = [a for a in ranged if not st.survivors_in(a[2])]
    if safe:
        near = any(st.zombies_in(v) for v, d in b.visible(st.doors_open)[z] if d <= 1)
        if near or action == "hunt":
            return max(safe, key=lambda a: (st.zombies_in(a[2]), -a[2]))

    if ("search",) in acts and (not any(item(n).is_weapon for n in s.items) or
                                (not _well_armed(s) and st.turn <= 3)):
        return ("search",)
    free = [a for a in acts if a[0] == "take" and b.obj_kind[a[1]] == "search_marker"]
    if free:
        return free[0]

    if escort and zones:
        lead = _leader(game, zones, s)
        if lead is not None and lead is not s:
            mask = game.door_passable(s)
            gap = b.survivor_distances(lead.zone, mask)[z]
            if 1 < gap < INF:
                step = _toward(game, s, acts, [lead.zone], True)
                if step:
                    return step

    return walk_on(game, s, acts, zones, action, melee, ranged, False)


class TeamBot:
    """The expert's base play for one game, with its memory of the plan steps done."""

    __slots__ = ("done", "escort")

    def __init__(self, escort: bool = True):
        self.done = 0
        self.escort = escort

    def __copy__(self) -> "TeamBot":
        c = TeamBot(self.escort)
        c.done = self.done
        return c

    def __call__(self, game: "GameView", s: "Survivor", acts: list) -> tuple:
        return team_decide(game, s, acts, self, self.escort)


class _First:
    """Play ``act`` at the current decision, then the base play (a play-out's policy)."""

    __slots__ = ("act", "bot")

    def __init__(self, act: tuple, bot: TeamBot):
        self.act, self.bot = act, bot

    def __call__(self, game: "GameView", s: "Survivor", acts: list) -> tuple:
        if self.act is not None:
            act, self.act = self.act, None
            return act
        return self.bot(game, s, acts)


# -- the look-ahead ----------------------------------------------------------------------------------


def determinize(g: Any, rng: random.Random) -> None:
    """Make the copy ``g`` one future consistent with what the team knows: reshuffle the
    equipment and zombie decks, swap the face-down tokens of each hidden group still on the
    board, and give the copy a generator of its own."""
    st, b = g.state, g.board
    rng.shuffle(st.edeck)
    rng.shuffle(st.zdeck)
    for group in b.hidden_groups:
        left = [o for o in group if not st.taken >> o & 1]
        if len(left) > 1:
            zones = [st.obj_zone[o] for o in left]
            rng.shuffle(zones)
            for o, zz in zip(left, zones):
                st.obj_zone[o] = zz
    st.rng.seed(rng.getrandbits(64))  # the copy has a generator of its own: reseed it
    g.script = None


def _plan_done(g: Any) -> int:
    view = g.view
    return sum(1 for step in g.plan if _done(view, step))


def evaluate(g: Any) -> float:
    """The score of a play-out's end position (see the weights above)."""
    st, b = g.state, g.board
    if st.outcome == "win":
        return WIN - st.turn
    if st.outcome:
        return LOSS + 10 * sum(1 for s in st.survivors if s.alive)
    score = 0.0
    living = st.living()
    view = g.view
    steps = len(b.scenario.victory.steps)
    score += STEP * sum(1 for i in range(steps) if g.step_met(i))
    score += PLAN * _plan_done(g)
    score += KILL * st.kills
    for s in st.survivors:
        if s.alive:
            score += ALIVE - WOUND * s.wounds
    threat = 0
    for s in living:
        threat += st.zombies_in(s.zone)
        for v, _c in b.surv_adj[s.zone]:
            threat += st.zombies_in(v)
    score -= THREAT * threat
    if DISTANCE and living:  # (weight 0 by default: the plan steps done measure progress)
        memory = TeamBot()
        zones, _a, _t = known_goal(view, living[0], memory)
        if zones:
            far = 0
            for s in living:
                mask = g.door_passable(s)
                d = min(b.survivor_distances(zz, mask)[s.zone] for zz in zones[:4])
                far += d if d < INF else 20
            score -= DISTANCE * far / len(living)
    return score


def _critical(game: "GameView", s: "Survivor", acts: list) -> bool:
    """Whether this decision is worth a look-ahead: zombies in the zone, next to it or in sight
    within two zones, or a door that may be opened."""
    st, b = game.state, game.board
    z = s.zone
    if st.zombies_in(z):
        return True
    for v, _c in b.surv_adj[z]:
        if st.zombies_in(v):
            return True
    for v, d in b.visible(st.doors_open)[z]:
        if d <= 2 and st.zombies_in(v):
            return True
    return any(a[0] == "open" for a in acts)


def _candidates(game: "GameView", s: "Survivor", acts: list, base: tuple) -> list[tuple]:
    """The actions worth comparing, the most telling first: the base play's choice, the best
    melee weapon, the shot at the zone with the most zombies, the safest move (fewest zombies in
    and next to the zone moved to), pass (stay), then every other move, door, shot, search and
    objective in the order of the legal actions; noise is left out."""
    st, b = game.state, game.board
    out = [base]

    def add(a: tuple | None) -> None:
        if a is not None and a not in out:
            out.append(a)

    melee = [a for a in acts if a[0] == "melee"]
    if melee:
        add(max(melee, key=lambda a: _melee_value(game, s, a[1])))
    ranged = [a for a in acts if a[0] == "ranged" and not st.survivors_in(a[2])]
    if ranged:
        add(max(ranged, key=lambda a: (st.zombies_in(a[2]), -a[2])))
    moves = [a for a in acts if a[0] == "move"]
    if moves:
        def danger(a: tuple) -> tuple:
            v = a[1]
            return (st.zombies_in(v) + sum(st.zombies_in(u) for u, _c in b.surv_adj[v]), a)

        add(min(moves, key=danger))
    add(("pass",) if ("pass",) in acts else None)
    for a in acts:
        if a[0] in ("move", "open", "ranged", "search", "take", "press"):
            add(a)
    return out


class ExpertBot:
    """The expert for one game (see the module's docstring): base play plus determinized
    look-ahead, budgeted in play-outs."""

    __slots__ = ("base", "rollouts", "budget", "spent", "rng", "searched", "horizon", "margin", "per_turn",
                 "turn", "turn_spent", "width")

    def __init__(self, rollouts: int = 2, budget: int = 400, escort: bool = True, horizon: int = 1,
                 margin: float = MARGIN, per_turn: int = 12, width: int = 4):
        self.base = TeamBot(escort)
        self.per_turn = per_turn
        """Play-outs per turn at most (0: no limit but the game's budget)."""
        self.width = width
        """Candidates compared at most (0: all of them)."""
        self.turn = 0
        self.turn_spent = 0
        self.horizon = horizon
        """Turns each play-out plays (the current one counts as the first)."""
        self.margin = margin
        """How much better than the base play's choice an action must score to be played."""
        self.rollouts = rollouts
        """Determinized play-outs per candidate action."""
        self.budget = budget
        """Play-outs per game at most (then the base play decides alone)."""
        self.spent = 0
        self.rng: random.Random | None = None
        self.searched = 0
        """Decisions decided by a look-ahead so far."""

    def __copy__(self) -> "ExpertBot":
        c = ExpertBot.__new__(ExpertBot)
        c.base = self.base.__copy__()
        c.rollouts, c.budget, c.spent, c.searched = self.rollouts, self.budget, self.spent, self.searched
        c.horizon, c.margin = self.horizon, self.margin
        c.per_turn, c.turn, c.turn_spent, c.width = self.per_turn, self.turn, self.turn_spent, self.width
        c.rng = None
        if self.rng is not None:
            c.rng = random.Random()
            c.rng.setstate(self.rng.getstate())
        return c

    def __call__(self, game: "GameView", s: "Survivor", acts: list) -> tuple:
        base = self.base(game, s, acts)
        turn = game.state.turn
        if turn != self.turn:
            self.turn, self.turn_spent = turn, 0
        left = self.budget - self.spent
        if self.per_turn:
            left = min(left, self.per_turn - self.turn_spent)
        if len(acts) <= 1 or left < 2 * self.rollouts or not _critical(game, s, acts):
            return base
        cands = _candidates(game, s, acts, base)
        if len(cands) <= 1:
            return base
        cands = cands[:max(2, left // self.rollouts)]
        if self.width:
            cands = cands[:self.width]
        if self.rng is None:
            self.rng = random.Random(f"expert:{game.state.seed}")
        self.searched += 1
        # the same futures for every candidate (common random numbers): the comparison sees
        # the actions' difference, not the luck of the draws
        futures = [self.rng.getrandbits(64) for _ in range(self.rollouts)]
        best, best_score = base, None
        for act in cands:
            total = 0.0
            for future in futures:
                g = game.copy_game()
                determinize(g, random.Random(future))
                g.policy = _First(act, self.base.__copy__())
                g.play_on(max_turns=self.horizon)
                total += evaluate(g)
                self.spent += 1
                self.turn_spent += 1
            mean = total / self.rollouts
            if best_score is None or mean > best_score + self.margin:
                best, best_score = act, mean
        return best


BOTS["expert"] = ExpertBot
