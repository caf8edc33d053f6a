"""Auto-tuning: the smallest change of a scenario that brings its win rate to a target.

The knobs are the ones a designer turns by hand (:func:`knobs_for`): the turn limit, the spawn
dice or the fixed spawn count, the count of each zombie type in the pool, the survivors' starting
equipment (add one weapon of the profile's deck, remove one item, or swap one item for another
weapon), and a spawn zone's activation at the start. A change's *size* is the number of knob
steps it takes from the original (one turn, one zombie, one step along the ordered list of spawn
dice, one item in or out, so a swap is two, one spawn switched).

The search (:func:`tune`):

1. Every candidate is screened on the same ``screen_games`` game seeds (paired: a change is
   compared with the original and with the other changes on identical games, so their ranking
   is not noise between seed sets), in stages: on the first twentieth of them, then the first
   fifth, then all (100, 400 and 2,000 games by default). After a stage short of the last, a
   rate whose Wilson interval at 4 standard errors (:data:`STAGE_Z`) lies wholly outside
   ``target +- tolerance`` is the screened rate; any other candidate is played on. A candidate
   whose full screen would land in the band therefore stops early with a probability under
   1e-4, and the candidates far from the target (most of them) cost 100 games, not 2,000.
2. Along each ordered knob a one-dimensional search from the current scenario finds the fewest
   steps whose screened rate falls within the tolerance (doubling steps until the rate crosses
   the target, then bisecting; a direction whose first two steps both move the rate away from
   the target is left); switch-like knobs are tried one step each. The candidate of
   smallest size that screens in the band is confirmed (a one-step change in the band is
   confirmed as soon as it is found: none is smaller), those screened within one standard error
   of the band's edge after the others (:meth:`_Search.edge`: fresh games put them out of the
   band half the time). When no single knob reaches the band, two moves are tried (a move past
   the target, then one ordered knob back: :func:`_bridge`, from the three closest such moves);
   failing that, the move that comes closest is taken and the search goes on from there (at
   most ``max_rounds`` moves). That move is raced (:func:`_closest`): every option whose
   interval could still put it closer than the best one is played on the next stage, so near
   0 % a move that wins 1 % of 400 games is told from those that win none of 100.
3. A candidate must pass validation (no error finding: disabling the last reachable spawn, say,
   is never proposed). Confirmation is then a sequential test on fresh seeds (a different base seed, so the selection
   among screened candidates does not bias it): after each look of 2,000, 8,000 and 32,000 games
   the candidate is accepted when the whole interval of its win rate lies inside
   ``target +- tolerance``, rejected when the interval lies outside it, and otherwise played
   further. Each look uses a ``1 - 0.05 / 3`` interval (Bonferroni over the three looks). At the
   last look a rate inside the band whose interval still crosses its edge is accepted and said
   to be so (``evidence['conclusive']`` is False).

The result holds the changed scenario, the path (each move with its screened rate) and the
evidence (the confirmation looks).
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.batch import run_games
from ..plans import bot_plan
from ..engine.shared import parse_dice
from ..engine.equipment import HOUSE_DECK, ITEMS, LNOE_DECK, ZOMBICIDE_DECK
from ..io.files import dumps
from ..model.scenario import Scenario
from .compare import scenario_diff
from .stats import wilson

__all__ = ["Knob", "TuneError", "TuneResult", "knobs_for", "tune"]

DICE_LADDER = ("1d2", "1d3", "1d2+1", "1d4", "1d3+1", "1d6", "2d3", "1d4+1", "1d3+2", "1d6+1", "2d4", "2d6")
"""Spawn dice in order of their mean (then spread): the steps of the spawn-dice knob."""

_DECKS = {"zombicide": ZOMBICIDE_DECK, "lnoe": LNOE_DECK, "house": HOUSE_DECK}
KNOB_KINDS = ("turn_limit", "spawn", "zombie_pool", "equipment", "spawn_active")
"""The kinds of knobs ``tune`` may turn (``allow=`` picks among them)."""

STAGES = (20, 5)
"""A candidate is screened in stages: on the first twentieth of the screening games, then the
first fifth, then all of them (:meth:`_Search.p`); a stage's rate stands when it is clearly out
of the band (:data:`STAGE_Z`)."""
STAGE_MIN = 100
"""No screening stage below this many games."""
STAGE_Z = 4.0
"""A stage's rate is the screened rate when its Wilson interval at this many standard errors
lies wholly outside ``target +- tolerance`` (two-sided 4-sigma: a candidate whose full screen
would land in the band stops early with probability under 1e-4)."""
COARSE = STAGES[-1]
"""The last stage before the full screen is a fifth of the screening games."""
FULL_SCREENS = 4
"""When no candidate is in the band and the search moves to the one that comes closest, at most
this many of the options still in the race are played on every screening seed (:func:`_closest`)."""
BRIDGE_FIRSTS = 3
"""A two-move bridge starts from at most this many moves past the target, the closest first
(each costs a line search along every other ordered knob)."""
RACE_Z = 2.0
"""The race among the moves that come closest keeps an option while its rate's Wilson interval
at this many standard errors could put it closer to the target than the best option's."""

AWAY = 0.01
"""A line search leaves a direction once its first and second steps both put the rate more than
this much farther from the target than where it starts (a flat stretch, as a turn limit that does
not bind yet, is walked on)."""

FINE_GAP = 0.15
"""One survivor's own items (:func:`_hero_knobs`, a knob per named survivor, each with a few dozen
values) are screened only when the current rate is within this of the target, or when the other
knobs leave no move: from 0 % a weapon for one survivor of six moves nothing, and screening
them there spends the budget that the coarse moves (a weapon for everyone, a spawn) need."""
PROGRESS = 0.5
"""A move taken when none reaches the band must bring the rate closer to the target by more than
this many standard errors of a full screen at its rate (:meth:`_Search.noise`); among the moves
that come within that of the closest, the one of fewest steps is taken."""

LOOKS = (2000, 8000, 32000)
_Z_LOOK = 2.393980  # two-sided normal quantile of 1 - 0.05 / 3


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes (games played on a pool
    count against the search's budget too)."""
    try:
        import resource

        c = resource.getrusage(resource.RUSAGE_CHILDREN)
        return time.process_time() + c.ru_utime + c.ru_stime
    except (ImportError, OSError):  # no resource module (Windows): this process alone
        return time.process_time()


class TuneError(ValueError):
    """Tuning cannot start: a bad target, tolerance or knob name."""


@dataclass(frozen=True)
class Knob:
    """One thing ``tune`` may change: ``values`` in order (``start`` indexes the scenario's own)
    and ``apply(scenario, value)`` giving the changed scenario."""

    name: str
    kind: str
    values: tuple[Any, ...]
    start: int
    ordered: bool
    apply: Callable[[Scenario, Any], Scenario] = field(repr=False, compare=False)
    hero: int | None = None
    """For an equipment knob: the named survivor (index in ``setup.survivors.heroes``) whose own
    items it changes; None for the items every survivor starts with."""

    def steps_to(self, value: Any) -> int:
        """The size of the change from the scenario's own value to ``value``: the distance along
        an ordered knob, the items out plus the items in for the equipment, one for a switch."""
        if self.ordered:
            return abs(self.values.index(value) - self.start)
        if self.kind == "equipment":
            from collections import Counter

            a, b = Counter(self.values[self.start]), Counter(value)
            return sum(((a - b) + (b - a)).values())
        return 0 if value == self.values[self.start] else 1

    def describe(self, value: Any) -> str:
        if self.kind == "equipment":
            return f"{self.name}: {value}"
        if self.kind == "spawn_active":
            return f"{self.name} {'active' if value else 'inactive'} at the start"
        return f"{self.name} {self.values[self.start]} -> {value}"


def _setup(s: Scenario, **update: Any) -> Scenario:
    return s.model_copy(update={"setup": s.setup.model_copy(update=update)})


def _dice_mean(d: str) -> float:
    count, sides, bonus = parse_dice(d)
    return count * (sides + 1) / 2 + bonus


def knobs_for(scenario: Scenario, allow: tuple[str, ...] | list[str] = KNOB_KINDS,
              survivors: int | None = None) -> list[Knob]:
    """The knobs a designer may turn on this scenario (of the kinds in ``allow``); ``survivors``
    (default: the scenario's own count) says whose own items are knobs."""
    unknown = [k for k in allow if k not in KNOB_KINDS]
    if unknown:
        raise TuneError(f"unknown knob kind {', '.join(unknown)}; expected some of {', '.join(KNOB_KINDS)}")
    st = scenario.setup
    out: list[Knob] = []
    if "turn_limit" in allow and st.turn_limit:
        L = st.turn_limit
        values = tuple(range(max(1, L - 12), L + 13))
        out.append(Knob("turn limit", "turn_limit", values, values.index(L), True,
                        lambda s, v: _setup(s, turn_limit=v)))
    if "spawn" in allow:
        m = st.spawn_method
        if m.kind == "dice":
            ladder = sorted(set(DICE_LADDER) | {m.dice}, key=lambda d: (_dice_mean(d), d))
            out.append(Knob("spawn dice", "spawn", tuple(ladder), ladder.index(m.dice), True,
                            lambda s, v: _setup(s, spawn_method=s.setup.spawn_method.model_copy(update={"dice": v}))))
        elif m.kind == "fixed":
            values = tuple(range(0, max(m.count * 2, m.count + 6) + 1))
            out.append(Knob("spawn count", "spawn", values, m.count, True,
                            lambda s, v: _setup(s, spawn_method=s.setup.spawn_method.model_copy(update={"count": v}))))
    if "zombie_pool" in allow:
        for ztype, count in st.zombie_pool.items():
            values = tuple(range(max(1, count - 12), count + 13))
            out.append(Knob(f"zombie pool {ztype}", "zombie_pool", values, values.index(count), True,
                            lambda s, v, z=ztype: _setup(s, zombie_pool={**s.setup.zombie_pool, z: v})))
    if "equipment" in allow:
        deck = [e.item for e in st.equipment_deck] if st.equipment_deck else [n for n, _ in _DECKS.get(
            st.rules.profile, ZOMBICIDE_DECK)]
        weapons = [n for n in dict.fromkeys(deck) if n in ITEMS and ITEMS[n].is_weapon]
        have = list(st.survivors.starting_equipment)
        options: list[tuple[str, ...]] = [tuple(have)]
        options += [tuple(have[:i] + have[i + 1:]) for i in range(len(have))]
        if len(have) < 20:
            options += [tuple(have + [w]) for w in weapons]
        # one item swapped for another weapon of the deck (two steps: one out, one in): a finer
        # step than adding or removing a whole weapon, where one weapon more jumps past the band
        options += [tuple(have[:i] + [w] + have[i + 1:]) for i in range(len(have)) for w in weapons
                    if w != have[i] and have.index(have[i]) == i]
        options = list(dict.fromkeys(options))
        def apply_equipment(s: Scenario, v: tuple[str, ...]) -> Scenario:
            return _setup(s, survivors=s.setup.survivors.model_copy(update={"starting_equipment": list(v)}))
        out.append(Knob("starting equipment", "equipment", tuple(options), 0, False, apply_equipment))
        out += _hero_knobs(scenario, weapons, survivors)
    if "spawn_active" in allow and len(scenario.spawns) > 1:
        for sp in scenario.spawns:
            def apply_spawn(s: Scenario, v: bool, sid: str = sp.id) -> Scenario:
                return s.model_copy(update={"spawns": [x.model_copy(update={"active": v}) if x.id == sid else x
                                                       for x in s.spawns]})
            out.append(Knob(f"spawn {sp.id}", "spawn_active", (sp.active, not sp.active), 0, False, apply_spawn))
    return out


def _equipment_options(have: list[str], weapons: list[str], room: int) -> list[tuple[str, ...]]:
    """A kit and its one-step neighbours: one item removed, one weapon added (while ``room``
    allows), one item swapped for another weapon."""
    options: list[tuple[str, ...]] = [tuple(have)]
    options += [tuple(have[:i] + have[i + 1:]) for i in range(len(have))]
    if room > 0:
        options += [tuple(have + [w]) for w in weapons]
    options += [tuple(have[:i] + [w] + have[i + 1:]) for i in range(len(have)) for w in weapons
                if w != have[i] and have.index(have[i]) == i]
    return list(dict.fromkeys(options))


def _hero_knobs(scenario: Scenario, weapons: list[str], survivors: int | None) -> list[Knob]:
    """One equipment knob per named survivor who plays (the first ``default_count()``): that
    survivor's own items (``setup.survivors.heroes[k].items``). One weapon given to one survivor
    is a finer step than one given to every survivor (``starting_equipment``), which on the
    six-survivor Prison Outbreak missions moves casual by 10 - 40 points."""
    from ..engine.typed.tables import MAX_ITEMS

    sv = scenario.setup.survivors
    out: list[Knob] = []
    for k, hero in enumerate(sv.heroes[:survivors or sv.default_count()]):
        have = list(hero.items)
        room = MAX_ITEMS - len(sv.starting_equipment) - len(have)

        def apply_hero(s: Scenario, v: tuple[str, ...], k: int = k) -> Scenario:
            heroes = list(s.setup.survivors.heroes)
            heroes[k] = heroes[k].model_copy(update={"items": list(v)})
            return _setup(s, survivors=s.setup.survivors.model_copy(update={"heroes": heroes}))
        out.append(Knob(f"items of {hero.name}", "equipment", tuple(_equipment_options(have, weapons, room)), 0,
                        False, apply_hero, hero=k))
    return out


@dataclass
class TuneResult:
    """What ``tune`` found: the changed scenario, the moves, the screening and the evidence."""

    scenario: Scenario
    original: Scenario
    target: float
    tolerance: float
    reached: bool
    path: list[dict[str, Any]]
    evidence: dict[str, Any]
    screened: int
    games_played: int
    seconds: float
    policy: str

    @property
    def changes(self) -> list[dict[str, Any]]:
        """The changed fields, as :func:`designer.analysis.compare.scenario_diff` gives them."""
        return scenario_diff(self.original, self.scenario)

    @property
    def size(self) -> int:
        return sum(m["steps"] for m in self.path)

    reproducibility: dict[str, Any] = field(default_factory=dict)
    refused: dict[str, int] = field(default_factory=dict)
    """How many screened candidates the validator refused, by finding code (a points budget's
    ``budget-over-spent``, say): what kept the search from going further that way."""
    closest: float | None = None
    """The screened win rate closest to the target among the valid scenarios the search played."""
    original_rate: float | None = None
    """The original scenario's screened win rate."""
    stop: str | None = None
    """Why the search ended without reaching the band: ``budget`` (its CPU budget ran out),
    ``rounds`` (it chained its moves), ``no_move`` (no valid move came closer), ``cannot`` (no knob
    can reach it, :attr:`cannot`); None when reached."""
    max_rounds: int = 6
    budget_s: float | None = None
    """The CPU budget of the search (None: none)."""
    ran_out: bool = False
    """Whether the search stopped because its CPU budget ran out (not because it had tried every move)."""
    engine: dict[str, Any] = field(default_factory=dict)
    """Which engine played the games (``typed`` or ``reference``), why not the typed one
    (``reason``) and the CPU cost of a game (``ms_per_game``)."""
    neighbours: list[dict[str, Any]] = field(default_factory=list)
    """When the target is not reached: from the last scenario searched, the valid move nearest the
    band below it and above it (``side``, ``change``, ``screened_win_rate``): the knobs step past
    the band between these two."""

    cannot: dict[str, Any] | None = None
    """When no knob can reach the target whatever the games (:func:`unkillable`): the zombie type
    the victory needs killed, its toughness and the best damage a weapon of the knobs deals."""
    lost_funnel: list[dict[str, Any]] = field(default_factory=list)
    """When no game of any candidate was won: the victory steps over every game the search
    played (``step``, ``goal``, ``reached``, ``completed``, ``games``), so the statement names the
    step the bots never get past."""

    def stuck_step(self) -> dict[str, Any] | None:
        """The first victory step no game of any candidate completed (None when every game of
        some candidate was won, or the steps are not known)."""
        return next((row for row in self.lost_funnel if row["completed"] == 0 and row.get("witnessed", True)), None)

    def as_dict(self) -> dict[str, Any]:
        return {"target": self.target, "tolerance": self.tolerance, "reached": self.reached, "size": self.size,
                "refused": self.refused, "closest_screened_win_rate": self.closest,
                "original_screened_win_rate": self.original_rate,
                "path": self.path, "changes": self.changes, "evidence": self.evidence,
                "candidates_screened": self.screened, "games_played": self.games_played,
                "cpu_seconds": self.seconds, "budget_s": self.budget_s, "ran_out_of_budget": self.ran_out,
                "stopped": self.stop, "neighbours": self.neighbours,
                "engine": self.engine, "why_not": self.why_not(), "policy": self.policy,
                "lost_funnel": self.lost_funnel, "cannot": self.cannot,
                "reproducibility": self.reproducibility}

    def why_not(self) -> str | None:
        """Why the target was not reached, in plain words (None when it was)."""
        if self.reached:
            return None
        why = [f"the closest valid change screened at {self.closest:.1%}" if self.closest is not None else
               "no valid change could be played"]
        if self.original_rate is not None and self.original_rate == self.original_rate:
            why[0] += f" (the scenario as it is: {self.original_rate:.1%})"
        if self.refused:
            why.append("the validator refused " + ", ".join(f"{n} for {code}" for code, n in self.refused.items())
                       + (" (a points budget limits the kit or the pool)" if any(c.startswith("budget")
                                                                               for c in self.refused) else ""))
        eng = self.engine or {}
        if self.cannot is not None:
            c = self.cannot
            return (f"no knob can reach it: the victory needs a board without zombies, and "
                    f"{'the ' + c['zombie'] + ' placed at set-up' if c['placed'] else 'a ' + c['zombie'] + ' of the pool'} "
                    f"needs {c['toughness']} damage to kill while the best weapon of the deck and the starting kits "
                    f"deals {c['best_damage']} (the pool keeps at least one of each type, and the knobs hand out "
                    "only the deck's weapons). Give the survivors a weapon that deals "
                    f"{c['toughness']} (a Molotov, which this engine does not play yet), take the {c['zombie']} "
                    "out of the set-up, or change the victory by hand")
        if self.ran_out:
            cost = f" ({eng['ms_per_game']:.2f} ms of CPU a game" if eng.get("ms_per_game") else " ("
            cost += (f"; the reference engine plays these games, because {eng['reason']}" if eng.get("reason")
                     else "; the typed engine plays these games") + ")"
            why.append(f"the CPU budget of {self.budget_s:g} s ran out after {self.screened} candidates{cost}, "
                       "before every knob was tried: a larger --budget lets the search go on")
            advice = "Give it a larger --budget, allow more knobs (--allow), or change the scenario's limits by hand"
        elif self.stop == "rounds":
            why.append(f"the search chained the {self.max_rounds} moves it may take without landing in the band")
            advice = "Start again from the written scenario (-o), allow other knobs (--allow), or change it by hand"
        else:
            why.append("no valid move of the allowed knobs brings the rate closer to the target")
            advice = "Allow more knobs (--allow), widen --tolerance, or change the scenario by hand"
            if self.closest in (0.0, 1.0) and self.original_rate == self.closest:
                why.append(f"every one of the {self.screened} candidates screened {'lost' if self.closest == 0 else 'won'} "
                           f"every game: no knob of these kinds moves {self.policy} off {self.closest:.0%}")
                advice = (f"See where {self.policy} {'loses' if self.closest == 0 else 'wins'} (designer playtest FILE "
                          f"--policy {self.policy} --report report.html: its funnel of the victory steps), "
                          "or change the scenario by hand")
                stuck = self.stuck_step() if self.closest == 0 else None
                if stuck is not None:
                    why.append(f"no game was won with any knob within its range: in the {stuck['games']:,} games "
                               f"played the bots never completed step {stuck['step']} ({stuck['goal']}), "
                               f"which they reached in {stuck['reached'] / stuck['games']:.0%} of them")
                    advice = (f"A knob of these kinds does not change that: the bots ({self.policy}) do not carry "
                              f"out step {stuck['step']} (designer playtest FILE --policy {self.policy} --report "
                              "report.html shows where they stop); change the scenario by hand (that step, or what "
                              "it needs), or try another --policy")
        if self.neighbours and not self.ran_out:
            why.append(f"from there ({self.neighbours[0]['from_win_rate']:.1%}) the nearest moves that change the rate "
                       "land outside the band, " + " and ".join(
                f"{n['screened_win_rate']:.1%} {n['side']} it ({n['change']})" for n in self.neighbours)
                + ": the knobs step past it")
            advice = "Allow more knobs (--allow), widen --tolerance, or change the scenario's limits (its budget, " \
                     "its spawns) by hand"
        return "; ".join(why) + ". " + advice

    def statement(self) -> str:
        e = self.evidence
        if not self.path and self.reached:
            head = "the scenario already plays at the target: no change"
        elif not self.path:
            head = "did not reach the target: no change found"
        else:
            head = f"{'reached' if self.reached else 'did not reach'} the target with {self.size} step(s): " + \
                "; ".join(m["change"] for m in self.path)
        lines = [head]
        if e.get("looks"):
            last = e["looks"][-1]
            lines.append(f"confirmed on {last['games']} fresh games (seed {e['seed']}): won {last['win_rate']:.1%} "
                         f"(interval {last['low']:.1%} - {last['high']:.1%}) against the target "
                         f"{self.target:.0%} +- {self.tolerance:.0%}"
                         + ("" if e.get("conclusive", True) else "; the interval still crosses the band's edge")
                         + ("; the CPU budget ran out before the next look" if e.get("budget") else ""))
        if not self.reached:
            lines.append("not reached: " + (self.why_not() or ""))
        lines.append(f"{self.screened} candidates screened, {self.games_played:,} games, {self.seconds:.1f} s CPU")
        return "\n".join(lines)


class _Search:
    def __init__(self, original: Scenario, target: float, tol: float, policy: str, survivors: int | None,
                 seed: int, screen_games: int, budget: float | None):
        self.original, self.target, self.tol = original, target, tol
        self.policy, self.survivors, self.seed, self.n = policy, survivors, seed, screen_games
        self.cache: dict[str, float] = {}
        self.invalid: dict[str, list[str]] = {}
        self.games = 0
        self.started = _cpu()
        self.budget = budget
        self.command = ""
        self.ran_out = False
        self.stop: str | None = None
        self.max_rounds = 0
        self.play_s = 0.0
        self.last: tuple[Scenario, list] | None = None
        self.confirmed: dict[str, float] = {}  # scenario text -> the win rate of its last confirmation look
        self._texts: dict[int, tuple[Scenario, str]] = {}
        self._plans: dict[str, Any] = {}
        self.screened_n: dict[str, int] = {}  # scenario text -> games its screened rate was read on
        self.won_any = False  # whether any game of any candidate was won
        self.hopeless: dict[str, Any] | None = None  # :func:`unkillable`, when it stopped the search
        self.step_labels: list[str] | None = None  # the victory steps, for the funnel of lost candidates
        self.step_witness: list[bool] | None = None  # whether a lost game's records can show each step done
        self.step_reached: list[int] = []
        self.step_done: list[int] = []
        self.step_games = 0

    def out_of_time(self) -> bool:
        if self.budget is not None and _cpu() - self.started > self.budget:
            self.ran_out = True
        return self.ran_out

    def engine_note(self) -> dict[str, Any]:
        """Which engine plays the scenario's games and why not the typed one (None when it does),
        and what a game cost the search on average (CPU ms): what the budget bought."""
        from ..engine import core
        from ..engine.batch import board_for

        if not core.available():
            reason = "the typed engine is not built or is switched off (DESIGNER_ENGINE=python)"
        else:
            reason = core.unsupported(board_for(dumps(self.original)), self.policy, self.survivors,
                                      plan=bot_plan(self.original))
        return {"engine": "reference" if reason else "typed", "reason": reason,
                "ms_per_game": 1000 * self.play_s / self.games if self.games else None}

    def text(self, s: Scenario) -> str:
        """The scenario's JSON text (the key of every cache), written once per scenario object."""
        hit = self._texts.get(id(s))
        if hit is None or hit[0] is not s:
            if len(self._texts) > 4096:
                self._texts.clear()
            hit = self._texts[id(s)] = (s, dumps(s))
        return hit[1]

    def rate(self, s: Scenario, n: int | None = None, seed: int | None = None) -> tuple[int, int]:
        n = n or self.n
        seed = self.seed if seed is None else seed
        text = self.text(s)
        key = f"{n}:{seed}:{text}"
        if key not in self.cache:
            started = _cpu()
            if s.weather is not None:
                # the games a playtest of this scenario plays: each rolls its own weather
                from .variant_runs import playtest_options

                r = playtest_options(s, n=n, seed=seed, policy=self.policy, survivors=self.survivors, progress=False)
                wins = r.result.tally.wins
                self._count_steps(r.result.tally)
            else:
                table, _ = run_games(text, n, seed, self.policy, survivors=self.survivors, plan=self.plan(s, text))
                wins = int(table.column("won").sum())
                if wins == 0 and s.victory.steps:
                    from .tally import Tally, spec_for

                    self._count_steps(Tally.from_table(table, spec_for(s)))
            self.games += n
            self.play_s += _cpu() - started
            self.cache[key] = wins
            self.won_any = self.won_any or wins > 0
        return self.cache[key], n

    def plan(self, s: Scenario, text: str) -> Any:
        """The bots' witness plan, cached here for the whole search (the plans module keeps a few)."""
        hit = self._plans.get(text)
        if hit is None:
            hit = self._plans[text] = bot_plan(s)
        return hit

    def _count_steps(self, tally: Any) -> None:
        """Add a candidate's games without a win to the funnel of lost candidates (how far along
        the victory steps the bots got when no knob let them win)."""
        steps = tally.spec.steps
        if self.step_labels is None:
            self.step_labels = [st.label for st in steps]
            self.step_witness = [st.witness != "win" for st in steps]
            self.step_reached = [0] * len(steps)
            self.step_done = [0] * len(steps)
        if len(steps) != len(self.step_labels):
            return
        for k in range(len(steps)):
            self.step_reached[k] += int(tally.step_reached[k])
            self.step_done[k] += int(tally.step_done[k])
        self.step_games += tally.n

    def stages(self) -> list[int]:
        """The screening stages: games of each look at a candidate, the last all ``screen_games``."""
        out = sorted({max(STAGE_MIN, self.n // d) for d in STAGES if max(STAGE_MIN, self.n // d) < self.n})
        return out + [self.n]

    def p(self, s: Scenario) -> float:
        """The screened win rate; NaN for a change the scenario's weather cannot be played with
        (a weather row that would leave no turn, say): such a candidate is never taken.

        A candidate is screened in stages on the first games of the screening seeds
        (:meth:`stages`: 100, 400 and 2,000 of 2,000): after each stage short of the last, when
        the Wilson interval of the rate at :data:`STAGE_Z` standard errors lies wholly outside
        the band, that rate is the screened rate; otherwise the next stage is played. Far from
        the target a twentieth of the games ranks moves as well, and the budget buys many more
        candidates; a candidate that could be in the band is always played on every seed."""
        from ..variants import VariantError

        raced = self.screened_n.get(self.text(s))
        if raced is not None:  # screened already (and perhaps raced further by :func:`_closest`)
            return self.cache[f"{raced}:{self.seed}:{self.text(s)}"] / raced
        try:
            for n in self.stages():
                w, _ = self.rate(s, n)
                if n == self.n:
                    break
                _, lo, hi = wilson(w, n, STAGE_Z)
                if hi < self.target - self.tol or lo > self.target + self.tol:
                    break
        except VariantError:
            return math.nan
        self.screened_n[self.text(s)] = n
        return w / n

    def stage(self, s: Scenario, n: int) -> float:
        """The rate on the first ``n`` screening seeds, which becomes the candidate's screened
        rate (a candidate whose screen stopped early, played on by a race)."""
        from ..variants import VariantError

        try:
            w, n = self.rate(s, n)
        except VariantError:
            return math.nan
        self.screened_n[self.text(s)] = n
        return w / n

    def se(self, s: Scenario) -> float:
        """The standard error of a candidate's screened rate (on the games it was screened on)."""
        p = self.p(s)
        n = self.screened_n.get(self.text(s), self.n)
        return math.sqrt(max(p * (1 - p), 0.25 / n) / n) if p == p else 0.0

    def noise(self, s: Scenario) -> float:
        """The standard error of a full screen at the candidate's rate (at least that of one win
        in the screen): what a move must gain to count as progress (:data:`PROGRESS`)."""
        p = self.p(s)
        p = 0.0 if p != p else p
        return math.sqrt(max(p * (1 - p), 1 / self.n) / self.n)

    def edge(self) -> float:
        """One standard error of a full screen at the target: a candidate screened within this
        of the band's edge is confirmed after those screened well inside it (fresh games put it
        outside the band about half the time, and its confirmation then costs the most looks)."""
        return math.sqrt(self.target * (1 - self.target) / self.n)

    def gap(self, s: Scenario) -> float:
        p = self.p(s)
        return math.inf if p != p else abs(p - self.target)

    def known_gap(self, s: Scenario) -> float:
        """The distance to the target by the best evidence: the last confirmation look of a
        candidate confirmed (and rejected) before, else its screened rate."""
        p = self.confirmed.get(self.text(s))
        return self.gap(s) if p is None else abs(p - self.target)

    def errors(self, s: Scenario) -> list[str]:
        """The validator's errors for a changed scenario (none for the original), cached."""
        from ..checks import check

        if s is self.original:
            return []
        key = self.text(s)
        if key not in self.invalid:
            self.invalid[key] = [f"{f.code}: {f.message}" for f in check(s).findings if f.severity == "error"]
        return self.invalid[key]

    def confirm(self, s: Scenario) -> dict[str, Any]:
        seed = self.seed + 1_000_003
        if s is not self.original:
            errors = self.errors(s)
            if errors:
                return {"seed": seed, "looks": [], "accepted": False, "conclusive": True, "validation": errors}
        looks = []
        for n in LOOKS:
            w, _ = self.rate(s, n, seed)
            p, lo, hi = wilson(w, n, _Z_LOOK)
            looks.append({"games": n, "wins": w, "win_rate": p, "low": lo, "high": hi})
            self.confirmed[self.text(s)] = w / n
            inside = self.target - self.tol <= lo and hi <= self.target + self.tol
            outside = hi < self.target - self.tol or lo > self.target + self.tol
            if inside:
                return {"seed": seed, "looks": looks, "accepted": True, "conclusive": True}
            if outside:
                return {"seed": seed, "looks": looks, "accepted": False, "conclusive": True}
            if n != LOOKS[-1] and self.out_of_time():
                # the budget holds for the confirmation too (a reference engine's 32,000 games take
                # about a minute): this look is the last, read as the last look is
                return {"seed": seed, "looks": looks, "accepted": abs(p - self.target) <= self.tol,
                        "conclusive": False, "budget": True}
        p = looks[-1]["win_rate"]
        return {"seed": seed, "looks": looks, "accepted": abs(p - self.target) <= self.tol, "conclusive": False}


def _line_search(search: _Search, base: Scenario, knob: Knob) -> tuple[int, Scenario, float] | None:
    """Along one ordered knob from the scenario's own value: the fewest steps whose screened rate
    is in the band, else the closest value; (steps, scenario, screened rate), or None when the
    knob cannot move."""
    target, tol = search.target, search.tol
    here_side = search.p(base) > target
    in_band: tuple[int, Scenario, float] | None = None
    closest: tuple[int, Scenario, float] | None = None

    def look(direction: int, step: int) -> tuple[Scenario, float]:
        nonlocal closest, in_band
        s = knob.apply(base, knob.values[knob.start + direction * step])
        p = search.p(s)
        if p != p:  # unplayable: neither closest nor in the band
            return s, p
        if closest is None or abs(p - target) < abs(closest[2] - target) - 1e-12:
            closest = (step, s, p)
        if abs(p - target) <= tol and (in_band is None or step < in_band[0]):
            in_band = (step, s, p)
        return s, p

    here_gap = abs(search.p(base) - target)
    for direction in (1, -1):
        room = len(knob.values) - 1 - knob.start if direction > 0 else knob.start
        lo, step, hi = 0, 1, None
        while step <= room and not search.out_of_time():
            s, p = look(direction, step)
            if p != p:
                break  # further along, the weather leaves no game either
            if abs(p - target) <= tol or (p > target) != here_side:
                hi = step
                break
            if step == 2 and abs(p - target) > here_gap + AWAY + 2 * search.se(s) and \
                    abs(search.p(one := knob.apply(base, knob.values[knob.start + direction])) - target) > \
                    here_gap + AWAY + 2 * search.se(one):
                # one step and two both moved the rate away from the target (by more than two
                # standard errors of a rate read on an early stage): the other way
                break
            lo = step
            step = step * 2 if step < 8 else step + 8
            step = min(step, room) if lo < room else step
        if hi is None:
            continue
        # the band lies between lo (this side, out of it) and hi: bisect for the fewest steps in it
        while hi - lo > 1 and not search.out_of_time():
            mid = (lo + hi) // 2
            _, p = look(direction, mid)
            if p == p and (abs(p - target) <= tol or (p > target) != here_side):
                hi = mid
            else:
                lo = mid
    return in_band or closest


def tune(scenario: Scenario, target: float = 0.4, tolerance: float = 0.03, policy: str = "greedy", *,
         survivors: int | None = None, seed: int = 1, allow: tuple[str, ...] | list[str] = KNOB_KINDS,
         screen_games: int = 2000, max_rounds: int = 6, budget_s: float | None = 50.0,
         command: str | None = None) -> TuneResult:
    """Search the knobs a designer allows for the smallest change that brings the win rate of
    ``policy`` into ``target +- tolerance`` (see the module's docstring for the search and the
    stopping rule).

    Parameters
    ----------
    scenario : Scenario
    target, tolerance : float
        The win rate wanted and how far from it is close enough (0.4 and 0.03: 37 % to 43 %).
    policy : str
        The bot whose win rate is tuned ('greedy', 'cautious', 'random').
    allow : kinds of knobs
        Some of :data:`KNOB_KINDS`.
    screen_games : int
        Games per screened candidate (the same seeds for every candidate).
    max_rounds : int
        Moves the search may chain when no single knob reaches the band.
    budget_s : float, optional
        CPU seconds after which the search stops with the best scenario found so far.

    Raises
    ------
    TuneError
        A target or tolerance outside 0..1, an unknown knob kind, or no knob to turn.
    """
    if not 0 < target < 1:
        raise TuneError(f"target {target}: expected a win rate between 0 and 1 (exclusive)")
    if not 0 < tolerance < 0.5:
        raise TuneError(f"tolerance {tolerance}: expected a number between 0 and 0.5")
    search = _Search(scenario, target, tolerance, policy, survivors, seed, screen_games, budget_s)
    search.max_rounds = max_rounds
    search.command = command or (f"designer.analysis.tune(<{scenario.id}>, target={target}, tolerance={tolerance}, "
                                 f"policy={policy!r}, seed={seed}, allow={list(allow)!r})")
    if not knobs_for(scenario, allow):
        raise TuneError(f"{scenario.id}: none of the knobs {', '.join(allow)} applies to this scenario")
    hopeless = unkillable(scenario)
    if hopeless is not None:
        search.stop = "cannot"
        search.hopeless = hopeless
        return _result(search, scenario, [], {}, False)
    current, path = scenario, []
    fine_forced = False
    rejected: set[str] = set()
    evidence: dict[str, Any] = {}
    for round_ in range(max_rounds + 1):
        if search.gap(current) <= tolerance and search.text(current) not in rejected:
            evidence = search.confirm(current)
            if evidence["accepted"]:
                return _result(search, current, path, evidence, True)
            rejected.add(search.text(current))
        if round_ == max_rounds or search.out_of_time():
            search.stop = search.stop or ("budget" if search.ran_out else "rounds")
            break
        # every knob, rebuilt from the current scenario (its own value is each knob's start); one
        # survivor's own items (a fine step) only near the target, or when the coarse knobs are stuck
        fine = fine_forced or search.gap(current) <= FINE_GAP
        fine_forced = False
        options: list[tuple[int, float, Knob, Scenario, float]] = []
        knobs = knobs_for(current, allow, search.survivors)
        if fine:  # near the target the survivors' own items first: most one-step changes in the band are theirs
            knobs = [k for k in knobs if k.hero is not None] + [k for k in knobs if k.hero is None]
        else:
            knobs = [k for k in knobs if k.hero is None]

        def one_step_in_band(these: list) -> Any:
            # a one-step change in the band: none is smaller, so it is confirmed before the other
            # knobs are screened (when its confirmation rejects it, the screening goes on)
            for o in sorted((o for o in these if o[0] == 1 and o[1] <= tolerance - search.edge()
                             and search.text(o[3]) not in rejected), key=lambda o: o[1]):
                found = search.confirm(o[3])
                if found["accepted"]:
                    return o, found
                rejected.add(search.text(o[3]))
            return None

        early = None
        if fine and any(k.hero is not None for k in knobs):
            # the switch-like knobs' values (a survivor's kit has a few dozen each), looked at on the
            # first stage of the screening seeds, then screened closest first, each one-step change in
            # the band confirmed at once: near the target most of them need the full screen
            first = search.stages()[0]
            pending = [(knob, v, knob.apply(current, v)) for knob in knobs if not knob.ordered for v in knob.values[1:]]
            look: dict[int, float] = {}
            for i, (_, _, s) in enumerate(pending):
                look[i] = _first_look(search, s, first)
                if search.out_of_time():
                    break
            for i in sorted(look, key=lambda i: abs(look[i] - target) if look[i] == look[i] else math.inf):
                knob, v, s = pending[i]
                p = search.p(s)
                if p == p:
                    options.append((knob.steps_to(v), abs(p - target), knob, s, p))
                    early = one_step_in_band(options[-1:])
                if early is not None or search.out_of_time():
                    break
            knobs = [k for k in knobs if k.ordered]
        for knob in knobs if early is None else []:
            if knob.ordered:
                hit = _line_search(search, current, knob)
                if hit is not None:
                    options.append((hit[0], abs(hit[2] - target), knob, hit[1], hit[2]))
            else:
                for v in knob.values[1:]:
                    s = knob.apply(current, v)
                    p = search.p(s)
                    if p == p:
                        options.append((knob.steps_to(v), abs(p - target), knob, s, p))
            if search.out_of_time():
                break
            early = one_step_in_band(options)
            if early is not None:
                break
        if early is None and fine and not search.out_of_time():
            early = one_step_in_band(options)
        if early is not None:
            steps, _, knob_, s, p = early[0]
            path.append(_move(current, s, knob_, steps, p))
            return _result(search, s, path, early[1], True)
        confirmed_here = [o for o in options if search.text(o[3]) in search.confirmed and search.text(o[3]) in rejected]
        options = [o for o in options if search.text(o[3]) not in rejected]
        search.last = (current, options)
        if not options and not confirmed_here:
            if not fine and _has_fine(current, allow, search.survivors):
                fine_forced = True
                continue
            search.stop = "no_move"
            break
        chosen = None
        for o in sorted((o for o in options if o[1] <= tolerance),
                        key=lambda o: (o[1] > tolerance - search.edge(), o[0], o[1])):
            evidence = search.confirm(o[3])
            if evidence["accepted"]:
                chosen = o
                break
            rejected.add(search.text(o[3]))
            if search.out_of_time():
                break
        if chosen is None:
            evidence = {}
            # a move that overshoots the target, then one ordered knob back into the band (a
            # spawn switched off, then fewer turns): the closest single move may lead nowhere
            # (not while the fine knobs wait: the move that comes closest puts them within reach,
            # and their next round costs less than a line search along every ordered knob from
            # each of three first moves)
            bridge = _bridge(search, current, options, allow, rejected) \
                if fine or not _has_fine(current, allow, search.survivors) else None
            if bridge is not None:
                (first, s1), (knob2, steps2, s2, p2), evidence = bridge
                path.append(_move(current, s1, first[2], first[0], first[4]))
                path.append(_move(s1, s2, knob2, steps2, p2))
                return _result(search, s2, path, evidence, True)
            # the move that comes closest among those the validator accepts (a budget, say, may
            # forbid more equipment)
            # (by the best evidence: a candidate confirmed and rejected by its confirmation's rate)
            # a move rejected by its confirmation in this round may still be the closest one
            chosen = _closest(search, options + confirmed_here)
            if chosen is None or search.known_gap(chosen[3]) >= search.known_gap(current) - PROGRESS * search.noise(chosen[3]):
                # no valid move brings the rate closer to the target by more than the noise of
                # its screen (a 9-step cut of the pool for a tenth of a point is no move)
                if not fine and _has_fine(current, allow, search.survivors):
                    fine_forced = True
                    continue
                search.stop = "no_move"
                break
        steps, _, knob, s, p = chosen
        path.append(_move(current, s, knob, steps, p))
        current = s
        if evidence.get("accepted"):
            return _result(search, current, path, evidence, True)
    if not evidence and path:
        evidence = search.confirm(current)
    return _result(search, current, path, evidence, bool(evidence.get("accepted")))


def unkillable(scenario: Scenario) -> dict[str, Any] | None:
    """When the victory needs a board without zombies (a ``no_zombies`` step) and a zombie the
    knobs cannot take away (placed at set-up, or of a type in the pool) needs more damage than
    any weapon the knobs can hand out (the deck's, the starting kits'): that zombie type, its
    toughness and the best damage. No knob of :data:`KNOB_KINDS` changes it (the pool's counts stay
    at one or more, and every weapon a knob adds comes from the deck). The rulebook: "Per
    eliminare un Fatty è richiesto un valore di “2” mentre per un Abominations è richiesto un
    valore di “3”"."""
    from ..rules.zombies import ZOMBIE_TYPES

    if not any(st.kind == "no_zombies" for st in scenario.victory.steps):
        return None
    st = scenario.setup
    sv = st.survivors
    deck = [e.item for e in st.equipment_deck] if st.equipment_deck else [n for n, _ in _DECKS.get(
        st.rules.profile, ZOMBICIDE_DECK)]
    names = [*deck, *sv.starting_equipment, *(i for h in sv.heroes for i in h.items)]
    best = max((ITEMS[n].damage for n in names if n in ITEMS and ITEMS[n].is_weapon), default=0)
    tough = {r.name: r.toughness for r in ZOMBIE_TYPES}
    present = [z.zombie for z in st.zombies] + [z for z, c in st.zombie_pool.items() if c > 0]
    worst = max(present, key=lambda z: tough.get(z, 0), default=None)
    if worst is None or tough.get(worst, 0) <= best:
        return None
    return {"zombie": worst, "toughness": tough[worst], "best_damage": best,
            "placed": worst in [z.zombie for z in st.zombies]}


def _first_look(search: _Search, s: Scenario, n: int) -> float:
    """The rate on the first ``n`` screening seeds (cached: the screen that follows reads it as its
    first stage); NaN for a change the weather cannot be played with."""
    from ..variants import VariantError

    try:
        w, n = search.rate(s, n)
    except VariantError:
        return math.nan
    return w / n


def _has_fine(s: Scenario, allow: Any, survivors: int | None) -> bool:
    """Whether the scenario has a knob of one survivor's own items (see :data:`FINE_GAP`)."""
    return any(k.hero is not None for k in knobs_for(s, allow, survivors))


def _closest(search: _Search, options: list) -> Any:
    """The valid option closest to the target by the best evidence, raced through the screening
    stages: after each stage, every option whose rate could still be closer to the target than
    the best one's (their Wilson intervals at :data:`RACE_Z` standard errors overlap in distance)
    is played on the next stage, the last (every screening seed) for the closest
    :data:`FULL_SCREENS` of them. The move taken is then ranked on more than 100 games, and a
    rate of 1 % is told from 0 % where every move starts near 0 %."""
    t = search.target

    def interval(o: Any) -> tuple[float, float]:
        text = search.text(o[3])
        p = search.confirmed.get(text)
        if p is not None:
            return p, p
        n = search.screened_n.get(text, search.n)
        _, lo, hi = wilson(round(search.p(o[3]) * n), n, RACE_Z)
        return lo, hi

    def far(o: Any) -> float:  # the largest distance to the target the interval allows
        lo, hi = interval(o)
        return max(abs(lo - t), abs(hi - t))

    def near(o: Any) -> float:  # the smallest
        lo, hi = interval(o)
        return 0.0 if lo <= t <= hi else min(abs(lo - t), abs(hi - t))

    live = [o for o in options if o[4] == o[4]]
    for stage in search.stages()[1:]:
        ranked = sorted(live, key=lambda o: (search.known_gap(o[3]), o[0]))
        best = next((o for o in ranked if not search.errors(o[3])), None)
        if best is None:
            return None
        bound = far(best)
        behind = [o for o in ranked if search.screened_n.get(search.text(o[3]), search.n) < stage
                  and search.text(o[3]) not in search.confirmed and near(o) <= bound]
        if stage == search.n:  # the validator only for the few played on every seed
            behind = list(itertools.islice((o for o in behind if not search.errors(o[3])), FULL_SCREENS))
        for o in behind:
            search.stage(o[3], stage)
    for i, o in enumerate(options):  # the rate an option carries is its screened rate
        if o[4] == o[4]:
            p = search.p(o[3])
            options[i] = (o[0], abs(p - t), o[2], o[3], p)
    # within the noise of the closest, the fewest steps (not nine zombies less for a tenth of a
    # point); the validator (costly with a weather table) only for those
    valid: list[Any] = []
    for o in sorted((o for o in options if o[4] == o[4]), key=lambda o: (search.known_gap(o[3]), o[0])):
        if valid and search.known_gap(o[3]) > search.known_gap(valid[0][3]) + PROGRESS * search.noise(valid[0][3]):
            break
        if not search.errors(o[3]):
            valid.append(o)
    return min(valid, key=lambda o: (o[0], search.known_gap(o[3])), default=None)


def _bridge(search: _Search, current: Scenario, options: list, allow: Any, rejected: set[str]) -> Any:
    """Two moves when no single one reaches the band: a valid move whose screened rate lies on the
    other side of the target (the :data:`BRIDGE_FIRSTS` closest), then the fewest steps of another ordered knob that
    bring it back into the band, confirmed. Returns ((the first option, its scenario), (the second
    knob, its steps, the scenario, its screened rate), the evidence), or None."""
    target, tol = search.target, search.tol
    here = search.p(current) > target
    crossing = sorted((o for o in options if o[4] == o[4] and (o[4] > target) != here), key=lambda o: (o[1], o[0]))
    # the validator (costly where a weather table multiplies its checks) only until enough pass
    for first in list(itertools.islice((o for o in crossing if not search.errors(o[3])), BRIDGE_FIRSTS)):
        hits = []
        for knob in knobs_for(first[3], allow, search.survivors):
            if not knob.ordered or knob.name == first[2].name:
                continue
            hit = _line_search(search, first[3], knob)
            if hit is not None and abs(hit[2] - target) <= tol and search.text(hit[1]) not in rejected:
                hits.append((hit[0], abs(hit[2] - target), knob, hit[1], hit[2]))
            if search.out_of_time():
                return None
        if not hits:
            # no ordered knob brings it back (a pool that never runs dry, no turn limit): one switch
            # of the team's kit or of a spawn (another spawn switched back, a weapon less)
            # (a survivor's own items too: looked at on the first stage, screened closest first,
            # stopping at the first in the band)
            pending = [(knob, knob.apply(first[3], v)) for knob in knobs_for(first[3], allow, search.survivors)
                       if not knob.ordered and knob.name != first[2].name
                       for v in knob.values[1:] if knob.steps_to(v) == 1]
            look = [_first_look(search, s2, search.stages()[0]) for _, s2 in pending]
            if search.out_of_time():
                return None
            for i in sorted(range(len(pending)), key=lambda i: abs(look[i] - target) if look[i] == look[i] else math.inf):
                knob, s2 = pending[i]
                p2 = search.p(s2)
                if p2 == p2 and abs(p2 - target) <= tol and search.text(s2) not in rejected:
                    hits.append((1, abs(p2 - target), knob, s2, p2))
                    break
                if search.out_of_time():
                    return None
        for steps, _, knob, s2, p2 in sorted(hits, key=lambda h: (h[0], h[1])):
            evidence = search.confirm(s2)
            if evidence["accepted"]:
                return (first, first[3]), (knob, steps, s2, p2), evidence
            rejected.add(search.text(s2))
            if search.out_of_time():
                return None
    return None


def _move(before: Scenario, after: Scenario, knob: Knob, steps: int, p: float) -> dict[str, Any]:
    diff = scenario_diff(before, after)
    text = "; ".join(f"{d['path']} {d['a']} -> {d['b']}" for d in diff)
    if knob.kind == "equipment" and knob.hero is not None:
        k = knob.hero
        text = f"items of {before.setup.survivors.heroes[k].name} {list(before.setup.survivors.heroes[k].items)} -> " \
               f"{list(after.setup.survivors.heroes[k].items)}"
    elif knob.kind == "equipment":
        text = f"starting equipment {list(before.setup.survivors.starting_equipment)} -> " \
               f"{list(after.setup.survivors.starting_equipment)}"
    return {"knob": knob.name, "kind": knob.kind, "steps": steps, "change": text, "diff": diff,
            "screened_win_rate": p}


def _result(search: _Search, current: Scenario, path: list[dict[str, Any]], evidence: dict[str, Any],
            reached: bool) -> TuneResult:
    import datetime as dt

    from ..engine.batch import ENGINE_VERSION
    from .runs import scenario_hash

    repro = {"seed": search.seed, "screen_games": search.n, "confirm_seed": evidence.get("seed"),
             "engine_version": ENGINE_VERSION, "policy": search.policy, "survivors": search.survivors,
             "scenario_hash": scenario_hash(search.original), "tuned_scenario_hash": scenario_hash(current),
             "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "command": search.command}
    refused: dict[str, int] = {}
    for errors in search.invalid.values():
        for code in dict.fromkeys(e.split(":", 1)[0] for e in errors):
            refused[code] = refused.get(code, 0) + 1
    screened: dict[str, tuple[int, int]] = {}  # each candidate's screen: its largest, when it had two
    for key, w in search.cache.items():
        n, seed, text = key.split(":", 2)
        if seed == str(search.seed) and int(n) > screened.get(text, (0, 0))[0]:
            screened[text] = (int(n), w)
    valid = [w / n for text, (n, w) in screened.items() if not search.invalid.get(text)]
    closest = min(valid, key=lambda p: abs(p - search.target), default=None)
    neighbours: list[dict[str, Any]] = []
    if not reached and search.last is not None:
        # from the last scenario searched, the valid moves nearest the band on each side
        base, options = search.last
        here = search.p(base)  # moves that leave the rate where it stands say nothing of the band
        played = [o for o in options if o[4] == o[4] and abs(o[4] - here) > 1e-12]
        for side in ("below", "above"):
            these = [o for o in played if (o[4] < search.target - search.tol if side == "below"
                                           else o[4] > search.target + search.tol)]
            # the validator (costly where a weather table multiplies the checks) only until one passes
            o = next((o for o in sorted(these, key=lambda o: (o[1], o[0])) if not search.errors(o[3])), None)
            if o is not None:
                neighbours.append({"side": side, "change": _move(base, o[3], o[2], o[0], o[4])["change"],
                                   "screened_win_rate": o[4], "from_win_rate": here})
    return TuneResult(current, search.original, search.target, search.tol, reached, path, evidence, len(screened),
                      search.games, _cpu() - search.started, search.policy, repro,
                      dict(sorted(refused.items(), key=lambda kv: -kv[1])), closest, search.p(search.original), None if reached else
                      ("budget" if search.ran_out else search.stop or "no_move"), search.max_rounds, search.budget,
                      search.ran_out, search.engine_note(), neighbours, search.hopeless, _lost_funnel(search))


def _lost_funnel(search: _Search) -> list[dict[str, Any]]:
    """The victory steps over every game the search played, when none was won (else empty)."""
    if search.won_any or not search.step_labels or not search.step_games:
        return []
    # a step the records witness only by the win (a door opened, a zone reached: ``StepSpec.witness``
    # 'win') shows as never completed in lost games whether or not it was: not a step to name
    witnessed = search.step_witness or [True] * len(search.step_labels)
    return [{"step": k + 1, "goal": label, "reached": search.step_reached[k], "completed": search.step_done[k],
             "games": search.step_games, "witnessed": witnessed[k]} for k, label in enumerate(search.step_labels)]

