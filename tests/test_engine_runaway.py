"""Every game ends: running out of miniatures follows the rulebook (Zombicide Season 2, seed 001,
chapter 7 "Divisione" and "Esaurire le Miniature"), and a hard bound ends a runaway game with
cause ``runaway`` in both engines, never a hang."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import designer
from designer.engine import Board, core
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine.batch import game_seed
from designer.engine.board import FATTY, RUNNER, WALKER
from tests.reference.game import SURVIVOR_ACTION_LIMIT, extra_activation_limit
from designer.engine.table import CAUSES
from designer.io.files import parse
from designer.plans import bot_plan

from .test_engine_core import playable
from .test_engine_rulebook import board, new_game, zi, zone_counts

ROOT = Path(__file__).resolve().parents[1]
BLUEPRINTS = Path(__file__).parent / "data" / "m01-the-blueprints-before-mission-rules.json"
"""M01 as it was when the loop was found (before the mission rules, which the core does not play)."""
"""Prison Outbreak M01 as published in the campaign samples: at turn 21 of game_seed(1, 1145)
with the random policy the fatties run out while splitting between two equally short paths."""


def outs(g: Game) -> list[str]:
    return [e["zombie"] for e in g.log if e["event"] == "out_of_miniatures"]


def logged(b: Board) -> Game:
    g = new_game(b)
    g.log = []
    return g


# -- chapter 7: splits that cannot be evened ---------------------------------------------------------


def ladder():
    """S splits to P or Q, P splits to R or U, every path then leads to the survivor in T."""
    return board(["T", "S", "P", "Q", "R", "U", "M"],
                 [("s-p", "opening", "S", "P"), ("s-q", "opening", "S", "Q"), ("p-r", "opening", "P", "R"),
                  ("p-u", "opening", "P", "U"), ("q-m", "opening", "Q", "M"), ("r-t", "opening", "R", "T"),
                  ("u-t", "opening", "U", "T"), ("m-t", "opening", "M", "T")])


def test_a_split_that_cannot_be_evened_owes_one_extra_activation_and_that_one_owes_none():
    """ "Se non ci sono abbastanza miniature degli Zombi per effettuare una divisione equa, ogni
    Zombi del tipo mancante riceve un'attivazione extra (vedi Terminare le Miniature a pagina 18)."
    and "In questi casi vengono piazzati solo gli Zombi rimanenti e dopo, tutti quelli del tipo
    richiesto (ma non più disponibile), ricevono un'Attivazione Extra." One extra activation per
    running-out event: the extra activation's own split finds the same empty box and owes none."""
    g = logged(ladder())
    g.state.add_survivor(zi(g, "T"))
    g.state.place_zombies(zi(g, "S"), "walker", 1)
    g.state.pool[WALKER] = 0
    g.activate()
    # S -> P (the split that ran out), the extra activation P -> R (its split owes nothing)
    assert zone_counts(g, "R") == {"walker": 1}
    assert outs(g) == ["walker"]


def test_two_groups_running_out_in_one_activation_give_one_extra_activation():
    """ "tutti quelli del tipo richiesto (ma non più disponibile), ricevono un'Attivazione Extra":
    every walker gets one extra activation, however many groups found the box empty."""
    b = board(["T", "S", "P", "Q", "S2", "P2", "Q2"],
              [("s-p", "opening", "S", "P"), ("s-q", "opening", "S", "Q"), ("p-t", "opening", "P", "T"),
               ("q-t", "opening", "Q", "T"), ("s2-p2", "opening", "S2", "P2"), ("s2-q2", "opening", "S2", "Q2"),
               ("p2-x", "opening", "P2", "S"), ("q2-x", "opening", "Q2", "S")])
    g = logged(b)
    g.state.add_survivor(zi(g, "T"))
    g.state.place_zombies(zi(g, "S"), "walker", 1)
    g.state.place_zombies(zi(g, "S2"), "walker", 1)
    g.state.pool[WALKER] = 0
    g.activate()
    assert outs(g) == ["walker"]
    # each walker took two steps: S -> P -> T and S2 -> P2 -> S
    assert zone_counts(g, "T") == {"walker": 1} and zone_counts(g, "S") == {"walker": 1}


def test_runners_given_an_extra_activation_by_a_split_act_twice():
    """ "Nel caso in cui l'attivazione extra riguardasse i Runner, riceverebbero due azioni come al
    solito." The runners' extra activation for running out is two actions too."""
    b = board(["T", "S", "P", "Q", "A", "B"],
              [("s-p", "opening", "S", "P"), ("s-q", "opening", "S", "Q"), ("p-a", "opening", "P", "A"),
               ("q-a", "opening", "Q", "A"), ("a-b", "opening", "A", "B"), ("b-t", "opening", "B", "T")])
    g = logged(b)
    g.state.add_survivor(zi(g, "T"))
    g.state.place_zombies(zi(g, "S"), "runner", 1)
    g.state.pool[RUNNER] = 0
    g.activate()  # every zombie's first action: S -> P, then the extra activation: P -> A -> B
    assert zone_counts(g, "B") == {"runner": 1}
    assert outs(g) == ["runner"]


def stuck_fatty() -> Game:
    """A fatty heads for the survivor as if the doors were open: two equally short paths through
    closed doors, no fatty left in the box; one zombie phase."""
    b = board(["S", {"id": "P", "kind": "room"}, {"id": "Q", "kind": "room"}, "T"],
              [("s-p", "door", "S", "P", {"spawns_on_first_open": False}),
               ("s-q", "door", "S", "Q", {"spawns_on_first_open": False}),
               ("p-t", "opening", "P", "T"), ("q-t", "opening", "Q", "T")])
    g = logged(b)
    g.state.add_survivor(zi(g, "T"))
    g.state.place_zombies(zi(g, "S"), "fatty", 1)
    g.state.pool[FATTY] = 0
    g.zombie_phase()
    return g


def test_zombies_stuck_behind_two_closed_doors_stop_splitting():
    """The loop of the issue, by hand: every split of the fatty runs out of miniatures; only the
    first owes an extra activation (in a child process: a regression would loop for ever)."""
    out = run_child("from tests.test_engine_runaway import outs, stuck_fatty, zone_counts\n"
                    "g = stuck_fatty()\n"
                    "print(json.dumps({'S': zone_counts(g, 'S'), 'outs': outs(g), 'outcome': g.state.outcome}))")
    assert out == {"S": {"fatty": 1}, "outs": ["fatty"], "outcome": ""}


# -- chapter 7: spawns that run out ---------------------------------------------------------------------


def test_a_spawn_zombies_effect_that_runs_out_activates_them_at_once():
    """ "vengono piazzati solo gli Zombi rimanenti e dopo, tutti quelli del tipo richiesto (ma non
    più disponibile), ricevono un'Attivazione Extra": a trigger that spawns more walkers than the
    box holds gives the extra activation when it places them, not at the next activation."""
    b = board(["A", "B", "C"], [("ab", "opening", "A", "B"), ("bc", "opening", "B", "C")],
              triggers=[{"id": "horde", "when": {"kind": "turn_reached", "turn": 1},
                         "then": [{"kind": "spawn_zombies", "zone": "C", "zombie": "walker", "count": 3}]}])
    g = logged(b)
    g.state.add_survivor(zi(g, "A"))
    g.state.pool[WALKER] = 1
    g.apply_effect(b.scenario.triggers[0].then[0], None)
    assert g.state.pool[WALKER] == 0
    assert zone_counts(g, "B") == {"walker": 1} and not zone_counts(g, "C")
    assert outs(g) == ["walker"]


def test_the_aaah_walker_found_while_searching_runs_out_like_any_spawn():
    """ "La Carta Aaahh! causa la comparsa di un Walker ed interrompe la ricerca." and, "ad esempio
    durante la Fase 2 Generazione degli Zombi, oppure mentre viene popolato un Edificio", running
    out gives every walker an extra activation: with no walker left in the box, the walker next
    door steps in."""
    b = board([{"id": "R", "kind": "room"}, "Z"], [("rz", "opening", "R", "Z")])
    g = logged(b)
    s = g.state.add_survivor(zi(g, "R"))
    s.actions_left = 3
    g.state.place_zombies(zi(g, "Z"), "walker", 1)
    g.state.pool[WALKER] = 0
    g.state.edeck = ["aaah"]
    assert ("search",) in g.legal_actions(s)
    g.apply(s, ("search",))
    assert [e["found"] for e in g.log if e["event"] == "search"] == ["aaah"]
    assert zone_counts(g, "R") == {"walker": 1} and not zone_counts(g, "Z")
    assert outs(g) == ["walker"]


# -- the hard bound ---------------------------------------------------------------------------------


def test_runaway_is_a_cause_of_the_record():
    assert CAUSES[6] == "runaway"  # its code in the typed engine's records (later causes are the reference engine's)
    assert core.play_games(Board(designer.load(ROOT / "scenarios" / "night-shift.json")), [1], "greedy").records()[0][
        "cause"] in CAUSES


def test_the_default_bound_is_far_beyond_any_turn_by_the_rules():
    b = Board(designer.load(ROOT / "scenarios" / "night-shift.json"))
    g = Game(b, 1)
    limit = extra_activation_limit(b, 4, g.profile.params)
    assert g.extra_limit == extra_activation_limit(b, len(g.state.survivors), g.profile.params)
    # zones, survivors, spawn zones with the manholes and trigger effects each give a few at most
    assert limit >= 1000 + 16 * (b.n + 4 + len(b.spawn_ids))


def horde(extra_limit: int | None, pool: int = 3) -> dict:
    data = json.loads((ROOT / "scenarios" / "night-shift.json").read_text(encoding="utf-8"))
    data["setup"]["zombie_pool"] = {"walker": pool, "runner": 12, "fatty": 6, "abomination": 1}
    data["triggers"] += [{"id": f"horde-{i}", "when": {"kind": "turn_reached", "turn": 1},
                          "then": [{"kind": "spawn_zombies", "zone": "S3", "zombie": "walker", "count": 100}]}
                         for i in range(10)]
    if extra_limit is not None:
        data["setup"].setdefault("rules", {})["overrides"] = {"max_extra_activations": extra_limit}
    return data


def test_too_many_extra_activations_in_a_turn_end_the_game_as_runaway_in_both_engines():
    b = Board(parse(horde(4)))
    g = Game(b, 7, "random", log=True)
    record = dict(g.play())
    assert record["cause"] == "runaway" and record["turns"] == 1 and not record["won"]
    stops = [e for e in g.log if e["event"] == "runaway"]
    assert len(stops) == 1 and "more than 4 extra activations of the zombies in turn 1" in stops[0]["message"]
    assert len(outs(g)) == 4
    fast = core.play_games(b, [7], "random", None, 0).records()[0]
    fast.pop("game")
    assert fast == record


def test_the_same_horde_without_a_bound_set_ends_by_the_rules():
    b = Board(parse(horde(None)))
    for seed in range(5):
        record = dict(Game(b, seed, "random").play())
        assert record["cause"] != "runaway"
        fast = core.play_games(b, [seed], "random", None, 0).records()[0]
        fast.pop("game")
        assert fast == record


def test_a_survivor_whose_actions_cost_nothing_ends_the_game_as_runaway():
    b = board(["A", "B"], [("ab", "opening", "A", "B")])
    g = Game(b, 1, lambda view, s, acts: next(a for a in acts if a[0] == "move"), log=True)
    g.profile.move_cost = lambda game, s, conn: 0  # a broken rule: moving is free
    g.play_turn()
    assert g.state.outcome == "loss" and g.state.cause == "runaway"
    assert g.state.survivor_actions == 3 + SURVIVOR_ACTION_LIMIT
    assert [e["message"] for e in g.log if e["event"] == "runaway"] == [
        f"survivor 1 took {3 + SURVIVOR_ACTION_LIMIT} actions in turn 1: the game is stopped as a runaway"]


# -- the reproducers, in a child process so that a regression fails instead of hanging ------------------


CHILD = textwrap.dedent("""
    import json, sys
    import designer
    from designer.engine import Board, core
    from tests.reference.game import Game  # the reference engine (record-for-record checks)
    from designer.engine.batch import game_seed
    from designer.io.files import parse
    from designer.plans import bot_plan
    path, seed = sys.argv[1], int(sys.argv[2])
    board = Board(parse(json.loads(open(path, encoding="utf-8").read())))
    plan = bot_plan(board.scenario)
    slow = dict(Game(board, seed, "random", plan=plan).play())
    fast = core.play_games(board, [seed], "random", None, 0, plan).records()[0]
    fast.pop("game")
    print(json.dumps({"slow": slow, "fast": fast, "unsupported": core.unsupported(board, "random", plan=plan)}))
""")


def run_child(code: str, *args: str) -> dict:
    """Run ``code`` in a fresh interpreter (from the checkout) and return the JSON it prints; a
    child still running after 120 s fails the test."""
    try:
        done = subprocess.run([sys.executable, "-c", "import json, sys\n" + code, *args], capture_output=True,
                              text=True, timeout=120, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running after 120 s: {code.strip().splitlines()[0]} {' '.join(args)}")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def play_in_child(path: Path, seed: int) -> dict:
    return run_child(CHILD, str(path), str(seed))


def test_the_issue_s_horde_ends_quickly_and_alike_in_both_engines(tmp_path):
    path = tmp_path / "horde.json"
    path.write_text(json.dumps(horde(None, pool=40)), encoding="utf-8")
    out = play_in_child(path, 8295039993901747018)
    assert out["unsupported"] is None
    assert out["slow"] == out["fast"]
    assert out["slow"]["cause"] in ("all_dead", "survivor_died", "stalled", "")


def test_the_blueprints_game_that_looped_ends_alike_in_both_engines(tmp_path):
    path = tmp_path / BLUEPRINTS.name
    data = json.loads(BLUEPRINTS.read_text(encoding="utf-8"))
    # the set-up the loop was found with (a Claw Hammer for everyone): the core plays it; dealt
    # cards of the survivors' own are played by the reference engine only
    data["setup"]["survivors"].pop("heroes", None)
    data["setup"]["survivors"]["starting_equipment"] = ["claw hammer"]
    path.write_text(json.dumps(data), encoding="utf-8")
    out = play_in_child(path, game_seed(1, 1145))
    assert out["unsupported"] is None
    assert out["slow"] == out["fast"]
    assert out["slow"]["turns"] > 21, "the game goes on past the turn where it used to loop"
    assert out["slow"]["cause"] != "runaway", "the rules alone end it"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(playable(), st.sampled_from(["greedy", "random"]), st.integers(0, 2**40))
def test_generated_scenarios_end_by_the_rules_in_both_engines(data, policy, base):
    """Small boxes (running out is common), splits, triggers that spawn: with the bound the board
    gives, no game is stopped as a runaway, and both engines keep the same records."""
    data["setup"]["rules"]["overrides"].pop("max_extra_activations", None)
    b = Board(parse(data))
    plan = bot_plan(b.scenario)
    seeds = [game_seed(base, i) for i in range(4)]
    slow = [dict(Game(b, s, policy, plan=plan).play(), game=i) for i, s in enumerate(seeds)]
    assert all(r["cause"] != "runaway" for r in slow)
    assert core.play_games(b, seeds, policy, None, 0, plan).records() == slow
