"""The ``expert`` bot: ``casual``'s plan played as a team, checked by determinized look-ahead.

The skill ladder of the bots is ``random`` (a legal action drawn uniformly), ``casual``
(:mod:`designer.engine.casual`: the plan-following ``greedy`` with its bugs removed) and
``expert`` (this module).

**The base play** (:func:`team_decide`) is ``casual``'s decision (it never reads the face of a
hidden token, crosses the plan's one-way steps, escapes only when escaping wins, fights with the
surest weapon, shoots only where no team mate stands) with what a group adds on top of it: every
survivor without a two-damage melee weapon and a gun searches in the first three turns (two under a turn limit); the
survivor nearest the goal leads (the runner for the key, the presser of the switch), and the
others walk to the goal on their own (``escort=True``: they escort the leader, staying within
one zone; measured to lose games, so off by default); and, where a zombie's attack always wounds (not in
Last Night on Earth's fights, :func:`fights_back`), no survivor spends the turn's last action
moving into a zone the zombies will reach in their phase (zombies there, or a runner next to
it) from one they will not (:func:`team_step`).

**The look-ahead** (:class:`ExpertBot`): when a decision matters (zombies in the zone, next to
it or in sight two zones away, or a door to open, which may spawn a building), the candidate
actions (:func:`_candidates`) are played out on copies of the game
(:meth:`designer.engine.game.Game.copy`) to the end of the turn, zombies' phase and spawns
included (:meth:`~designer.engine.game.Game.play_on` with ``max_turns=1``), the rest of the
team playing the base play. Before each play-out the copy is **determinized** from what the team
knows: the equipment deck and the zombie deck are reshuffled (the discards are public and stay),
the face-down tokens of each hidden group that are still on the board swap zones at random, and
the copy gets a generator of its own (future dice are unknown). The end position is scored
(:func:`evaluate`: a win, a loss, survivors alive, wounds, zombies on or next to the team,
victory steps and plan steps done, kills). A candidate replaces the best so far (the base
play's choice first) only when it scores more in **every** future (``agree``, paired future by
future) and :data:`MARGIN` more on average: the dice of one future move a score by a wound or
two, so a looser rule follows the luck of the draws rather than the actions' difference.

**The budget** is counted in play-outs, never in time, so the same seed gives the same game on
any machine: ``width`` candidates at most (default 3), ``rollouts`` determinized futures per
candidate (default 3, the same futures for every candidate: common random numbers), at most
``per_turn`` play-outs per turn (default 9, so the search covers the whole game rather than its
first turns) and ``budget`` per game (default 400); past a limit the base play decides alone.
The look-ahead's generator is seeded from the game's seed, and it never draws from the game's
own generator, so a game is reproducible and the look-ahead changes the game only through the
actions it chooses.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..rules.equipment import item
from ..rules.zombies import RUNNER
from .casual import casual_decide, known_goal
from .policies import BOTS, _done, _toward, walk_on
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
MARGIN = 150.0
"""How much better than the base play's choice (the first candidate) an action must score on
average to be played instead (more than a wound: the dice of a single future move the score by a
wound or two)."""


# -- what the team knows ------------------------------------------------------------------------


# -- the base play --------------------------------------------------------------------------------


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


def escort_step(game: "GameView", s: "Survivor", acts: list, zones: list[int], action: str) -> tuple | None:
    """The escort's step: back toward the leader (the team mate nearest the goal) when more
    than one zone behind it, around zombies; None when the survivor leads or keeps up."""
    if not zones:
        return None
    lead = _leader(game, zones, s)
    if lead is None or lead is s:
        return None
    mask = game.door_passable(s)
    gap = game.board.survivor_distances(lead.zone, mask)[s.zone]
    if 1 < gap < INF:
        return _toward(game, s, acts, [lead.zone], True)
    return None


def reached(game: "GameView", zone: int) -> bool:
    """Whether zombies attack a survivor standing in ``zone`` in the coming zombies' phase:
    zombies stand there, or runners (two actions: a move and an attack) one zone away."""
    st = game.state
    if st.zombies_in(zone):
        return True
    return any(st.zombies[v][RUNNER] for v, _c in game.board.surv_adj[zone])


def team_step(game: "GameView", s: "Survivor", acts: list, zones: list[int], action: str) -> tuple | None:
    """What the team adds before a survivor walks on toward its goal: the escort's step, and
    never spending the turn's last action on a move into a zone the zombies will reach from a
    zone they will not (the survivor waits where it is and goes on next turn)."""
    step = escort_step(game, s, acts, zones, action)
    if step is not None:
        return step
    if s.actions_left == 1 and not fights_back(game) and not reached(game, s.zone):
        walk = walk_on(game, s, acts, zones, action, [], [a for a in acts if a[0] == "ranged"], False)
        if walk[0] == "move" and reached(game, walk[1]):
            return ("pass",)
        return walk
    return None


def team_decide(game: "GameView", s: "Survivor", acts: list, memory: Any, escort: bool = False) -> tuple:
    """The base play of the expert: ``casual``'s decision (:func:`designer.engine.casual.casual_decide`)
    with the team's searches for weapons in the first three turns (two, as casual, when the
    mission has a turn limit), the escorts (with ``escort``) and no last move into the zombies' reach
    (:func:`team_step`)."""
    turns = 2 if game.board.scenario.setup.turn_limit is not None else 3  # a race against the clock arms less
    return casual_decide(game, s, acts, memory, search_turns=turns, team=team_step if escort else escort_step_off)


def fights_back(game: "GameView") -> bool:
    """Whether a zombie that reaches a survivor starts a fight the survivor may win: Last
    Night on Earth's fight is the hero's two dice against one zombie die, and the hero kills on
    a win with a double or a melee weapon (docs/engine.md, the profiles), where a Zombicide
    zombie's attack always wounds. There, waiting out of the zombies' reach spends an action and
    wins nothing ("Seul dans le noir" asks for kills)."""
    return game.profile.id == "lnoe"


def escort_step_off(game: "GameView", s: "Survivor", acts: list, zones: list[int], action: str) -> tuple | None:
    """The team hook without escorts (``TeamBot(escort=False)``): only the last-move rule, and
    not where zombies start fights the survivor may win (:func:`fights_back`): there the wait
    lost games (200 paired games, base seed 1: Woodinvale 81.0 % with it against 88.0 %
    without, 22 games flipped to 8; docs/bots.md)."""
    if fights_back(game):
        return None
    if s.actions_left == 1 and not reached(game, s.zone):
        walk = walk_on(game, s, acts, zones, action, [], [a for a in acts if a[0] == "ranged"], False)
        if walk[0] == "move" and reached(game, walk[1]):
            return ("pass",)
        return walk
    return None


class TeamBot:
    """The expert's base play for one game, with its memory of the plan steps done.
    ``escort``: whether the others escort the leader (:func:`escort_step`); off by default:
    on paired seeds escorts were never significantly ahead and lost games on M06 (Rescue
    Mission, base seed 2: 45 % without them against 29 % with them, 17 games flipped to 1;
    docs/bots.md)."""

    __slots__ = ("done", "escort")
    trades = True

    def __init__(self, escort: bool = False):
        self.done = 0
        self.escort = escort

    def __copy__(self) -> "TeamBot":
        c = TeamBot(self.escort)
        c.done = self.done
        return c

    def __call__(self, game: "GameView", s: "Survivor", acts: list) -> tuple:
        return team_decide(game, s, acts, self, self.escort)


# -- the look-ahead ----------------------------------------------------------------------------------


ROLLOUT = "casual"
"""The bot that plays a play-out after its first action (every survivor, the rest of the turn
and the turns of the horizon): casual, which both engines play, so the play-outs run on the
typed engine's snapshots wherever it plays the scenario."""

WEIGHTS = (WIN, LOSS, ALIVE, WOUND, THREAT, STEP, PLAN, KILL)
""":func:`evaluate`'s weights in the order the typed engine's ``Engine.evaluate`` takes them."""


def determinize(g: Any, rng: random.Random) -> None:
    """Make the copy ``g`` one future consistent with what the team knows: reshuffle the
    equipment and zombie decks, swap the face-down tokens of each hidden group still on the
    board, and give the copy a generator of its own. A typed copy
    (:class:`designer.engine.session.TypedGame`) is dealt the same future from the same draws."""
    if hasattr(g, "determinize"):
        g.determinize(rng)
        return
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
    """The score of a play-out's end position (see the weights above); the typed engine
    scores a typed copy itself, operation for operation."""
    if hasattr(g, "evaluate"):
        return g.evaluate(WEIGHTS)
    st, b = g.state, g.board
    if st.outcome == "win":
        return WIN - st.turn
    if st.outcome:
        return LOSS + 10 * sum(1 for s in st.survivors if s.alive)
    score = 0.0
    living = st.living()
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
    return score - THREAT * threat


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


def lures(game: "GameView", s: "Survivor", acts: list) -> bool:
    """Whether making noise is worth trying as a lure: no zombie in the survivor's zone, and it
    does not lead the team (the zombies that see no survivor walk toward the noisiest zone, so
    noise made by a team mate away from the leader pulls them off the leader's way)."""
    if ("noise",) not in acts or game.state.zombies_in(s.zone):
        return False
    zones, _a, _t = known_goal(game, s, None)
    lead = _leader(game, zones, s)
    return lead is not None and lead is not s and lead.zone != s.zone


def _candidates(game: "GameView", s: "Survivor", acts: list, base: tuple, lure: bool = True) -> list[tuple]:
    """The actions worth comparing, the most telling first: the base play's choice, a noise
    lure (when :func:`lures` says it may help), the best melee weapon, the shot at the zone with
    the most zombies, the safest move (fewest zombies in and next to the zone moved to), pass
    (stay), then every other move, door, shot, search and objective in the order of the legal
    actions."""
    st, b = game.state, game.board
    out = [base]

    def add(a: tuple | None) -> None:
        if a is not None and a not in out:
            out.append(a)

    if lure and lures(game, s, acts):
        add(("noise",))

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

    trades = True
    rollout = ROLLOUT
    """The bot that plays the play-outs (:data:`ROLLOUT`)."""
    __slots__ = ("agree", "evaluate", "lure", "base", "rollouts", "budget", "spent", "rng", "searched", "horizon", "margin", "per_turn",
                 "turn", "turn_spent", "width")

    def __init__(self, rollouts: int = 3, budget: int = 400, escort: bool = False, horizon: int = 1,
                 margin: float = MARGIN, per_turn: int = 9, width: int = 3, agree: float = 1.0,
                 evaluate: Any = None, lure: bool = True):
        self.base = TeamBot(escort)
        self.per_turn = per_turn
        """Play-outs per turn at most (0: no limit but the game's budget)."""
        self.width = width
        """Candidates compared at most (0: all of them)."""
        self.turn = 0
        self.turn_spent = 0
        self.horizon = horizon
        """Turns each play-out plays (the current one counts as the first)."""
        self.evaluate = evaluate or globals()["evaluate"]
        """The score of a play-out's end position (:func:`evaluate`)."""
        self.lure = lure
        """Whether a noise lure is among the candidates (:func:`lures`)."""
        self.agree = agree
        """The share of the futures in which a candidate must score more than the best so far
        (paired, future by future) to replace it."""
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
        c.horizon, c.margin, c.agree, c.evaluate = self.horizon, self.margin, self.agree, self.evaluate
        c.lure = self.lure
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
        cands = _candidates(game, s, acts, base, self.lure)
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
        best, best_scores = base, None
        score = self.evaluate
        for act in cands:
            scores = []
            for future in futures:
                g = game.copy_game(ROLLOUT)
                determinize(g, random.Random(future))
                g.act(act)
                g.play_on(max_turns=self.horizon)
                if score is not evaluate and hasattr(g, "position"):
                    g = g.position()  # a score written for the reference engine's Game reads this
                scores.append(score(g))
                self.spent += 1
                self.turn_spent += 1
            if best_scores is None:
                best_scores = scores
                continue
            gains = [a - b for a, b in zip(scores, best_scores)]
            better = sum(1 for d in gains if d > 0)
            if sum(gains) / len(gains) > self.margin and better >= self.agree * len(gains):
                best, best_scores = act, scores
        return best


BOTS["expert"] = ExpertBot
