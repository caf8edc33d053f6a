"""The four properties of "one truth about what is possible", over thousands of small maps
checked in bulk in one test, counted.

Hypothesis shrinks and reports, but draws a few hundred maps a second at best; these maps are
drawn from a seeded :class:`random.Random` (:func:`tests.strategies.small_mission_random`, the
same kind of mission as ``small_mission_data``), so that one test checks thousands of them
cheaply and every failure names the map's (seed, index), reproducible with
``small_mission_random(random.Random(f"{seed}:{index}"))``. On each map:

1. **the brute force agrees**: the validator says winnable exactly when the independent
   brute-force search (:class:`tests.test_checks_bruteforce.Oracle`, one survivor, the engine's
   rules, every situation) finds a win; every dead end it reports is real; every real dead end
   is reported (these maps are small);
2. **unwinnable means never won**: when it says unwinnable, no game of one survivor is won
   by greedy or random (two seeds each) in the typed engine;
3. **winnable means the plan wins**: when it says winnable, casual following the bots' plan
   wins every game (two seeds) with spawning switched off and no zombies placed, and the plan
   replays;
4. **every game ends**: each of these games ends by the rules (a cause other than ``runaway``,
   within the engine's turn bound).

``DESIGNER_BULK_MAPS=N`` checks N maps (5,000 by default, on every run, CI included) and
``DESIGNER_BULK_SEED=S`` another seed (a longer local run: docs/validation.md gives the
figures).
"""

from __future__ import annotations

import os
import random

import pytest

from designer.checks import check
from designer.checks.plan import replay
from designer.engine import Board, core
from designer.engine.batch import game_seed
from designer.io.files import parse
from designer.plans import bot_plan
from designer.rules.profiles import DEFAULT_PARAMS

from .strategies import small_mission_random, without_spawning
from .test_checks_bruteforce import Oracle

MAPS = int(os.environ.get("DESIGNER_BULK_MAPS") or 5000)
SEED = int(os.environ.get("DESIGNER_BULK_SEED") or 26)
TARGET = 5000
"""The number of maps a run of the suite checks (the issue's target: at least 5,000 per CI run)."""


KNOWN = {
    773: "winnable, but casual stalls to the turn bound (not diagnosed)",
    1390: "winnable, but casual stalls to the turn bound (not diagnosed)",
    1904: "a real dead end not reported: crossing 'c1' (a drop)",
    3554: "winnable, but casual stalls to the turn bound (not diagnosed)",
    3611: "casual stalls: the saw (the lock's item) and the crowbar (the opener) turn up in two survivors' "
          "hands; whoever opens needs both, and casual hands over neither",
    3854: "the witness plan does not replay: 'step out into z2', entering z1 shuts the way on",
    4298: "winnable, but casual stalls to the turn bound (not diagnosed)",
}
"""The maps of seed 26 (the suite's) that break a property today, by index, each with what breaks:
found by this test when it was written, not fixed yet (docs/validation.md). The bulk test fails
on any other failing map; :func:`test_the_known_disagreements_still_disagree` is a strict xfail per
map, so that a fix shows (remove the map from here)."""


def bulk_map(seed: int, index: int) -> dict:
    """The ``index``-th map of ``seed`` (its own generator: any map is drawn alone)."""
    return small_mission_random(random.Random(f"{seed}:{index}"))


def _records(s, policy: str, seeds: list[int], survivors: int | None = None, plan=None) -> list[dict]:
    board = Board(s)
    problem = core.unsupported(board, policy, plan=plan)
    assert problem is None, f"the typed engine does not play it: {problem}"
    return core.play_games(board, seeds, policy, survivors, 0, plan).records()


def check_map(data: dict) -> tuple[str, str]:
    """The four properties on one map: ('', verdict) when they hold, else (what failed, verdict)."""
    s = parse(data)
    report = check(s)
    verdict = "winnable" if report.winnable else "unwinnable"
    winnable, dead, arcs, good = Oracle(s).explore()
    if report.winnable != winnable:
        return f"the validator says {verdict}, the brute force {'winnable' if winnable else 'unwinnable'}", verdict
    reported = {(step.action, step.target) for step, _ in report.reachability.dead_ends}
    real = {label for a, b, label in arcs if good[a] and not good[b]}
    start = s.setup.start_zones[0]
    real |= {label for a, b, label in arcs if label == ("enter", start) and not good[b]}
    if not reported <= real:
        return f"reported dead ends that are not real: {sorted(reported - real)}", verdict
    if not dead <= reported:
        return f"real dead ends not reported: {sorted(dead - reported)}", verdict
    seeds = [game_seed(SEED, i) for i in range(2)]
    games = []
    if report.winnable:
        replay(s, report.plan)
        quiet = parse(without_spawning(data))
        if any(f.code == "plan-too-slow" for f in check(quiet).findings):
            return "", "too slow"
        plan = bot_plan(quiet)
        records = _records(quiet, "casual", seeds, plan=plan)
        games += records
        if not all(r["won"] for r in records):
            return f"casual lost a game the plan wins: {[(r['cause'], r['turns']) for r in records]}", verdict
    else:
        plan = bot_plan(s)
        for policy in ("greedy", "random"):
            records = _records(s, policy, seeds, survivors=1, plan=plan)
            games += records
            if any(r["won"] for r in records):
                return f"{policy} won a game of a map called unwinnable", verdict
    bound = DEFAULT_PARAMS[s.setup.rules.profile].max_turns
    for r in games:
        if r["cause"] == "runaway" or r["turns"] > bound:
            return f"a game did not end by the rules: {r['cause']}, {r['turns']} turns", verdict
    return "", verdict


def test_bulk_maps_are_reproducible():
    """A map depends on (seed, index) alone, not on the maps drawn before it."""
    assert bulk_map(SEED, 7) == bulk_map(SEED, 7)
    assert bulk_map(SEED, 7) != bulk_map(SEED, 8)
    assert bulk_map(SEED, 7) != bulk_map(SEED + 1, 7)


@pytest.mark.slow
def test_thousands_of_small_maps_hold_the_four_properties():
    """Zero disagreements over ``MAPS`` maps (5,000 by default), counted: the test fails when
    fewer maps than the target were checked, or when any map breaks any of the four
    properties (every failing map is listed, with its index)."""
    failures, verdicts = [], {}
    checked = 0
    for index in range(MAPS):
        try:
            problem, verdict = check_map(bulk_map(SEED, index))
        except Exception as e:  # noqa: BLE001 - every failing map is listed, whatever broke
            problem, verdict = f"{type(e).__name__}: {e}", "error"
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
        checked += 1
        if problem:
            failures.append((index, f"map {SEED}:{index}: {problem}"))
    known = KNOWN if SEED == 26 else {}
    new = [f for i, f in failures if i not in known]
    print(f"bulk maps: {checked} checked (seed {SEED}), {verdicts}, {len(failures)} failing "
          f"({len(failures) - len(new)} known)")
    assert not new, "\n".join(new[:20])
    assert checked >= TARGET or "DESIGNER_BULK_MAPS" in os.environ, f"only {checked} maps checked"
    assert verdicts.get("winnable", 0) > checked // 10 and verdicts.get("unwinnable", 0) > checked // 10, \
        f"both verdicts are checked in numbers: {verdicts}"


@pytest.mark.parametrize("index", sorted(KNOWN))
@pytest.mark.xfail(strict=True, reason="a known disagreement of the bulk maps (KNOWN), not fixed yet")
def test_the_known_disagreements_still_disagree(index):
    problem, _ = check_map(bulk_map(26, index))
    assert not problem, f"{KNOWN[index]}: {problem}"


def test_a_switch_pressed_too_early_in_a_zone_whose_entry_only_adds_options_is_a_dead_end():
    """Found by the bulk maps (26:4997): the token lies in the start zone z1; z0 beyond the open
    door c0 holds a repeatable switch whose trigger locks and unlocks c0 (shut, and only a
    trigger opens it), and z0's entry only unlocks c0. Pressing before taking the token loses:
    the early press was skipped because z0's entry had not fired (acting there is entering it,
    and the early walk now enters such a zone first)."""
    data = bulk_map(26, 4997)
    problem, verdict = check_map(data)
    assert (problem, verdict) == ("", "winnable")
    report = check(parse(data))
    assert [(step.action, step.target) for step, _ in report.reachability.dead_ends] == [("press", "o1")]


def test_the_last_survivor_does_not_step_onto_an_open_exit_with_its_last_action():
    """Found by the bulk maps (26:2229): ordered "escape", then "take o1, o0, o2"; the tokens lie
    on the exit z1. The survivor walked onto z1 with its last action and was taken off the board
    (all gone, the game lost in turn 1); casual now passes instead and takes the tokens on the
    exit the next turn, stepping off it with its last action until escaping wins."""
    data = bulk_map(26, 2229)
    assert data["victory"] == {"ordered": True, "steps": [
        {"kind": "escape"}, {"kind": "take_objectives", "objectives": ["o1", "o0", "o2"]}]}
    problem, verdict = check_map(data)
    assert (problem, verdict) == ("", "winnable")
