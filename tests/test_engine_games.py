"""Whole games: closed-form combat odds, forced outcomes, invariants over many seeds, determinism,
logs, and every sample under every policy."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import designer
from designer.engine import Board, play
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine.board import ZTYPES
from designer.rules.zombies import RECORD_TYPES
from designer.engine.equipment import item
from tests.reference.profiles import ProfileError
from designer.io.files import parse
from designer.plans import bot_plan

from .conftest import SAMPLES, examples


def scenario(zones, connections, **extra):
    data = {
        "schema_version": 1, "id": "t", "meta": {"title": "t"},
        "zones": [z if isinstance(z, dict) else {"id": z} for z in zones],
        "connections": [dict(zip(("id", "kind", "from", "to"), c[:4]), **(c[4] if len(c) > 4 else {}))
                        for c in connections],
        "victory": {"steps": [{"kind": "escape"}]},
        "setup": {"start_zones": [zones[0] if isinstance(zones[0], str) else zones[0]["id"]]},
    }
    for key, value in extra.items():
        if key == "setup":
            data["setup"].update(value)
        else:
            data[key] = value
    return parse(data)


# -- closed-form probabilities -------------------------------------------------------------------


@pytest.mark.parametrize("weapon,zombies", [("sub mg", 2), ("pistol", 1), ("katana", 3)])
def test_single_weapon_combat_matches_the_binomial_closed_form(weapon, zombies):
    """Kills in one attack against N walkers = min(hits, N), hits ~ Binomial(dice, p)."""
    s = scenario(["A"], [], exits=["A"])
    b = Board(s)
    it = item(weapon)
    dice, p = it.dice, (7 - it.accuracy) / 6
    trials = 6000
    counts: Counter[int] = Counter()
    for seed in range(trials):
        state = b.new_state(seed)
        state.pool = [40, 16, 16, 1, 0, 0]
        g = Game(b, state=state, policy="greedy")
        hero = state.add_survivor(0, items=[weapon])
        hero.actions_left = 1
        state.place_zombies(0, "walker", zombies)
        g.apply(hero, ("melee", weapon) if it.is_melee else ("ranged", weapon, 0))
        counts[zombies - state.zombies[0][0]] += 1
    for k in range(zombies + 1):
        if k < zombies:
            expected = math.comb(dice, k) * p ** k * (1 - p) ** (dice - k) if k <= dice else 0.0
        else:
            expected = sum(math.comb(dice, h) * p ** h * (1 - p) ** (dice - h) for h in range(k, dice + 1))
        observed = counts[k] / trials
        sigma = math.sqrt(max(expected * (1 - expected), 1e-9) / trials)
        assert abs(observed - expected) <= 4.5 * sigma + 1e-9, (k, observed, expected)


# -- forced outcomes --------------------------------------------------------------------------------


def test_a_corridor_with_the_exit_next_door_is_won_in_every_seed():
    s = scenario(["S", "X", "F"], [("sx", "opening", "S", "X"), ("xf", "opening", "X", "F")], exits=["X"],
                 spawns=[{"id": "sp", "zone": "F", "order": 1, "active": False}])
    b = Board(s)
    for seed in range(200):
        r = play(s, seed=seed, board=b)
        assert r["won"] and r["turns"] == 1 and r["survivors_escaped"] == r["survivors"]


def test_an_exit_out_of_reach_before_dawn_is_lost_in_every_seed():
    zones = ["S", "A", "B", "C", "D", "E", "X"]
    conns = [(f"c{i}", "opening", a, b_) for i, (a, b_) in enumerate(zip(zones, zones[1:]))]
    s = scenario(zones, conns, exits=["X"], setup={"turn_limit": 1})
    b = Board(s)
    for seed in range(200):
        r = play(s, seed=seed, board=b)
        assert not r["won"] and r["cause"] == "turn_limit" and r["turns"] == 1


def test_an_unarmed_survivor_among_runners_dies_in_every_seed():
    s = scenario(["S", "A", "X"], [("sa", "opening", "S", "A"), ("ax", "opening", "A", "X")], exits=["X"],
                 setup={"survivors": {"min": 1, "max": 1, "health": 1},
                        "zombies": [{"zone": "S", "zombie": "runner", "count": 3}]})
    b = Board(s)
    for seed in range(200):
        r = play(s, seed=seed, board=b)
        assert not r["won"] and r["cause"] == "all_dead" and r["survivors_dead"] == 1


# -- invariants --------------------------------------------------------------------------------------


class CheckedGame(Game):
    """A game that checks the rules' invariants at every step."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.totals = [p + sum(z[t] for z in self.state.zombies) for t, p in enumerate(self.state.pool)]
        self.dead_acted = False

    def check_pool(self):
        st = self.state
        for t in range(len(ZTYPES)):
            assert st.pool[t] >= 0, "more zombies than miniatures"
            on_board = sum(z[t] for z in st.zombies)
            assert on_board + st.pool[t] == self.totals[t], "zombies appeared from nowhere"
            assert all(z[t] >= 0 for z in st.zombies)

    def apply(self, s, act):
        assert s.alive and not s.escaped, "a dead or escaped survivor acted"
        if act[0] == "move":
            d = self.board.c_door[act[2]]
            assert d < 0 or self.state.doors_open >> d & 1, "a survivor crossed a closed door"
        super().apply(s, act)
        self.check_pool()

    def move_zombies(self, z, dest, t, count):
        before = [row[:] for row in self.state.zombies]
        super().move_zombies(z, dest, t, count)
        if self.state.zombies != before:
            crossed = [c for v, c, ok in self.board.zpath_adj[z] if v == dest]
            assert any(self.board.c_door[c] < 0 or self.state.doors_open >> self.board.c_door[c] & 1
                       for c in crossed), "zombies crossed a closed door"

    def play_turn(self):
        super().play_turn()
        self.check_pool()


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(SAMPLES), st.sampled_from(["greedy", "cautious", "random"]), st.integers(0, 10**9))
def test_rules_invariants_hold_in_random_games(path, policy, seed):
    s = designer.load(path)
    g = CheckedGame(Board(s), seed, policy)
    g.play()
    g.check_pool()


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(SAMPLES), st.sampled_from(["greedy", "cautious", "random"]), st.integers(0, 10**9))
def test_the_same_seed_gives_the_same_game(path, policy, seed):
    s = designer.load(path)
    a = play(s, seed=seed, policy=policy, log=True)
    b = play(s, seed=seed, policy=policy, log=True, board=Board(s))
    assert a == b


def test_results_do_not_depend_on_earlier_games_on_the_same_board():
    s = designer.load("scenarios/night-shift.json")
    board = Board(s)
    first = [play(s, seed=i, board=board) for i in range(20)]
    again = [play(s, seed=i, board=Board(s)) for i in reversed(range(20))][::-1]
    assert first == again


# -- records and logs ------------------------------------------------------------------------------------


def test_the_result_record_has_every_field():
    r = designer.play(designer.load("scenarios/night-shift.json"), seed=3)
    for key in ("seed", "won", "cause", "turns", "survivors_dead", "kills", "zombies_spawned", "objectives",
                "max_danger", "survivor_actions", "zombie_actions", "zone_deaths", "zone_kills", "zone_visits"):
        assert key in r
    assert set(f"kills_{t}" for t in RECORD_TYPES) <= set(r)
    assert r["kills"] == sum(r[f"kills_{t}"] for t in RECORD_TYPES)
    assert r["kills"] == sum(r["zone_kills"].values())
    assert r["survivors_dead"] == sum(r["zone_deaths"].values())
    assert r["cause"] in ("", "all_dead", "turn_limit", "survivor_died", "special", "stalled")
    assert (r["cause"] == "") == r["won"]


def test_the_log_is_json_lines_and_reads_as_a_transcript():
    s = designer.load("scenarios/night-shift.json")
    g = Game(Board(s), 3, "greedy", log=True)
    g.play()
    lines = list(g.log_lines())
    assert lines and all(json.loads(l)["turn"] >= 1 for l in lines)
    text = g.transcript()
    assert text.startswith("Turn 1") and "moves to" in text


def test_bad_rule_overrides_are_refused_with_a_clear_message():
    s = scenario(["S", "X"], [("sx", "opening", "S", "X")], exits=["X"],
                 setup={"rules": {"profile": "zombicide", "overrides": {"actoins": 4}}})
    with pytest.raises(ProfileError, match="unknown rule override 'actoins'"):
        play(s, seed=1)


def test_overrides_change_the_rules():
    s = scenario(["S", "X"], [("sx", "opening", "S", "X")], exits=["X"],
                 setup={"rules": {"profile": "zombicide", "overrides": {"actions": 5}}})
    g = Game(Board(s), 1)
    assert g.profile.action_budget(g, g.state.survivors[0]) == 5


def test_a_user_supplied_policy_is_called_with_the_legal_actions():
    seen = []

    def wait(game, survivor, actions):
        seen.append(actions)
        return ("pass",)

    r = play(designer.load("scenarios/seul-dans-le-noir.json"), seed=2, policy=wait, log=True)
    assert seen and all(("pass",) in a for a in seen)
    assert r["survivor_actions"] == len(seen)
    assert not [e for e in r["log"] if e["event"] in ("move", "search", "take", "open")]


# -- every sample, every policy ---------------------------------------------------------------------------


@pytest.mark.parametrize("policy", ["greedy", "cautious", "random"])
@pytest.mark.parametrize("path", SAMPLES)
def test_every_game_of_the_samples_keeps_the_books_straight(path, policy):
    """200 seeded games of each sample with each bot, checked record by record: the outcome and
    its cause agree, a loss by dawn comes exactly at the turn limit, every kill, spawn and death is
    counted once by type and once by zone, objectives are taken during the game; and the
    goal-seeking bot wins every sample at least once."""
    from tests.reference.profiles import make_profile
    from designer.engine.table import CAUSES, DANGERS

    s = designer.load(path)
    board = Board(s)
    limit = s.setup.turn_limit or make_profile(s.setup.rules.profile, s.setup.rules.overrides).params.max_turns
    plan = bot_plan(s)  # the callers of the engine hand the bots their witness plan
    causes = Counter()
    for seed in range(200):
        r = play(s, seed=seed, policy=policy, board=board, plan=plan)
        causes[r["cause"]] += 1
        where = (path, policy, seed)
        assert r["won"] == (r["cause"] == "") and r["cause"] in CAUSES, where
        dawn = r.get("turn_limit") or limit  # Last Night on Earth: the sun track moves the limit
        assert 1 <= r["turns"] <= dawn, where
        assert r["cause"] != "turn_limit" or r["turns"] == dawn, where
        assert 0 <= r["survivors_dead"] + r["survivors_escaped"] <= r["survivors"], where
        assert r["cause"] != "all_dead" or r["survivors_dead"] == r["survivors"], where
        assert r["kills"] == sum(r[f"kills_{t}"] for t in RECORD_TYPES) == sum(r["zone_kills"].values()), where
        assert r["zombies_spawned"] == sum(r[f"spawned_{t}"] for t in RECORD_TYPES), where
        assert sum(r["zone_deaths"].values()) == r["survivors_dead"], where
        assert all(1 <= turn <= r["turns"] for turn in r["objectives"].values()), where
        assert r["max_danger"] in DANGERS and sum(r["zone_visits"].values()) >= 1, where
    if policy == "greedy":
        assert causes[""] >= 1, f"the goal-seeking bot never won {path} in 200 games: {dict(causes)}"
