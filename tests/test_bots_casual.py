"""``casual`` is ``greedy`` with its bugs removed: each fixed bug is shown failing with greedy and
passing with casual; greedy itself is unchanged (the goldens and the typed engine play it)."""

from __future__ import annotations

import json

import pytest

import designer
from designer.engine import Board, core
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine.casual import CasualBot, escape_wins, known_goal
from tests.reference.policies import PlanBot, resolve_policy
from designer.io.files import dumps, parse
from designer.plans import bot_plan

from designer.engine.batch import game_seed

from .conftest import ROOT
from .test_checks_plans import PLAN_SHAPES, _bots_win, mission
from .test_terrain_typed import BRANCHES, _line, _reference, _same_games


def _wins(s, policy, seeds=range(3)) -> list[bool]:
    plan = bot_plan(s)
    return [designer.play(s, seed=seed, policy=policy, plan=plan)["won"] for seed in seeds]


def test_casual_is_its_own_bot_and_greedy_is_unchanged():
    bot = resolve_policy("casual")
    assert isinstance(bot, CasualBot) and resolve_policy("casual") is not bot
    assert type(resolve_policy("greedy")) is PlanBot
    copy = bot.copy()
    assert isinstance(copy, CasualBot) and copy.done == bot.done


def test_casual_is_played_by_the_typed_engine():
    s = designer.load("scenarios/night-shift.json")
    board = Board(s)
    assert core.unsupported(board, "casual", plan=bot_plan(s)) is None and "casual" in core.POLICY_CODES
    r = designer.playtest(s, n=20, policy="casual", store=None, workers=1)
    assert r.meta["played_by"] == "core"  # compiled, or its source where it is not built


def test_casual_crosses_a_one_way_connection_of_the_plan():
    s = mission([("z0", "street"), ("z1", "street")], [("c", "opening", "z0", "z1", {"one_way": True})],
                [{"kind": "reach_zone", "zones": ["z1"]}])
    assert PLAN_SHAPES["cross"](s, bot_plan(s))
    assert not any(_wins(s, "greedy"))
    assert _bots_win(s, policy="casual")


def test_casual_waits_for_a_survive_step_before_escaping():
    """Escaped in turn 1, the team has left the board before the end of turn 2: greedy loses
    (all gone), casual stays on until 'survive 2 turns' is met (the engine counts it at the end
    of turn 2; casual waits until it is met during an activation, in turn 3)."""
    s = mission([("z0", "street"), ("z1", "street")], [("a", "opening", "z0", "z1")],
                [{"kind": "escape"}, {"kind": "survive", "turns": 2}], exits=["z0"])
    s = parse(dict(json.loads(dumps(s)), victory={"ordered": True, "steps": [
        {"kind": "escape"}, {"kind": "survive", "turns": 2}]}))
    assert not any(_wins(s, "greedy"))
    assert _bots_win(s, policy="casual")
    records = [designer.play(s, seed=seed, policy="casual", plan=bot_plan(s)) for seed in range(3)]
    assert all(r["turns"] == 3 and r["survivors_escaped"] == 1 for r in records)


def test_the_last_survivor_escapes_only_when_it_wins():
    s = mission([("z0", "street"), ("z1", "street")], [("a", "opening", "z0", "z1")],
                [{"kind": "escape"}, {"kind": "survive", "turns": 2}], exits=["z0"])
    game = Game(Board(s), 0, "casual", plan=bot_plan(s))
    v, st = game.view, game.state
    assert not escape_wins(v, st.survivors[0])
    st.turn = 3
    assert escape_wins(v, st.survivors[0])


def test_casual_enters_the_start_zone_it_stands_in():
    trigger = [{"id": "t", "when": {"kind": "zone_entered", "zone": "z1"},
                "then": [{"kind": "open_door", "door": "d"}]}]
    s = mission([("z0", "street"), ("z1", "street"), ("z2", "street")],
                [("a", "opening", "z0", "z1"), ("d", "door", "z1", "z2", {"by_hand": False})],
                [{"kind": "reach_zone", "zones": ["z2"]}], start=["z0", "z1"], triggers=trigger)
    plan = bot_plan(s)
    assert PLAN_SHAPES["enter another start zone"](s, tuple(plan))
    seeds = range(8)
    # with one plan for both start zones greedy waited in z1 unentered; with a plan per start
    # zone (designer.engine.view.PlanSet) the games drawn in z1 follow z1's own plan
    greedy = [designer.play(s, seed=seed, plan=plan)["won"] for seed in seeds]
    common = [designer.play(s, seed=seed, plan=tuple(plan))["won"] for seed in seeds]
    casual = [designer.play(s, seed=seed, policy="casual", plan=tuple(plan))["won"] for seed in seeds]
    assert all(greedy)
    assert not all(common)  # the games that start in z1 wait there
    assert all(casual)


def test_casual_does_not_read_hidden_tokens():
    """The plan's first step takes a token shuffled face down in a hidden group: greedy walks to
    that token's zone (it reads the face), casual to every zone of the group, whichever token
    the key is; swapping two tokens of the group changes greedy's goal and not casual's."""
    from tests.reference.policies import goal_zones
    s = designer.load("scenarios/prison-outbreak/m00-the-break-in.json")
    board, plan = Board(s), bot_plan(s)
    game = Game(board, 1, "casual", plan=plan)
    st, v = game.state, game.view
    sv = st.survivors[0]
    zones, action, key = goal_zones(v, sv, PlanBot(False))
    group = next(g for g in board.hidden_groups if key in g)
    assert action == "take" and zones == [st.obj_zone[key]]
    before = known_goal(v, sv, CasualBot())
    assert before[1] == "take" and before[2] is None
    assert before[0] == sorted({st.obj_zone[o] for o in group})
    other = next(o for o in group if st.obj_zone[o] != st.obj_zone[key])
    acts = game.legal_actions(sv)
    first = CasualBot()(v, sv, acts)
    st.obj_zone[key], st.obj_zone[other] = st.obj_zone[other], st.obj_zone[key]
    assert goal_zones(v, sv, PlanBot(False))[0] != zones
    assert known_goal(v, sv, CasualBot()) == before
    assert CasualBot()(v, sv, acts) == first


def _street(n_zones=4):
    """A street z0-z1-z2-z3 with a side zone z4 off z0; the goal is z3."""
    zones = [(f"z{i}", "street") for i in range(n_zones)] + [("z4", "street")]
    conns = [(f"c{i}", "opening", f"z{i}", f"z{i + 1}") for i in range(n_zones - 1)] + [("side", "opening", "z0", "z4")]
    return mission(zones, conns, [{"kind": "reach_zone", "zones": [f"z{n_zones - 1}"]}])


def _decision(s, policy, items, zombies):
    game = Game(Board(s), 0, policy, plan=bot_plan(s))
    st, b = game.state, game.board
    sv = st.survivors[0]
    sv.items[:] = items
    for zone, kind, count in zombies:
        st.place_zombies(b.zone_index[zone], kind, count, from_pool=False)
    sv.actions_left = 3
    bot = resolve_policy(policy)
    act = bot(game.view, sv, game.legal_actions(sv))
    return act, b


def test_casual_stuck_among_zombies_gets_out_to_the_quietest_zone():
    s = _street()
    zombies = [("z0", "fatty", 1), ("z1", "walker", 3)]  # a fatty it cannot kill; more on the way
    g, b = _decision(s, "greedy", ["baseball bat"], zombies)
    c, _ = _decision(s, "casual", ["baseball bat"], zombies)
    assert g[0] == "move" and b.zone_ids[g[1]] == "z1"  # greedy walks on into three walkers
    assert c[0] == "move" and b.zone_ids[c[1]] == "z4"  # casual steps aside into the empty zone


def test_casual_melee_counts_the_chance_to_hit():
    s = _street()
    zombies = [("z0", "walker", 1)]
    g, _ = _decision(s, "greedy", ["pan", "baseball bat"], zombies)
    c, _ = _decision(s, "casual", ["pan", "baseball bat"], zombies)
    assert g == ("melee", "pan")  # 1 die x 1 damage either way: greedy takes the first, hitting on 6
    assert c == ("melee", "baseball bat")  # casual hits on 3+


def test_casual_trades_a_spare_weapon_to_a_worse_armed_team_mate():
    """The rulebook's trade (one action): the engine offers ``give`` only to a bot that asks
    for trades, so greedy's legal actions (and games) are unchanged; casual hands its lesser
    melee weapon to the team mate in its zone whose best melee weapon is worse."""
    zones = [("z0", "street"), ("z1", "street"), ("z2", "street")]
    s = mission(zones, [("a", "opening", "z0", "z1"), ("b", "opening", "z1", "z2")],
                [{"kind": "reach_zone", "zones": ["z2"], "who": "all"}], survivors=2)
    plan = bot_plan(s)
    greedy = Game(Board(s), 0, "greedy", plan=plan)
    game = Game(Board(s), 0, "casual", plan=plan, log=True)
    for g in (greedy, game):
        a, b = g.state.survivors
        a.items[:] = ["machete", "pan"]
        b.items[:] = ["water"]
        a.actions_left = 3
    assert not any(x[0] == "give" for x in greedy.legal_actions(greedy.state.survivors[0]))
    a, b = game.state.survivors
    acts = game.legal_actions(a)
    assert ("give", 1, "pan") in acts and ("give", 1, "machete") in acts
    act = game.policy(game.view, a, acts)
    assert act == ("give", 1, "pan")
    game.apply(a, act)
    assert a.items == ["machete"] and "pan" in b.items and a.actions_left == 2
    assert "survivor 1 gives a pan to survivor 2" in game.transcript()
    # nothing to spare: one melee weapon and one gun
    a.items[:] = ["machete", "pistol"]
    assert game.policy(game.view, a, game.legal_actions(a))[0] != "give"


def test_casual_walks_toward_an_exit_it_may_not_use_yet_and_waits_next_to_it():
    s = mission([("z0", "street"), ("z1", "street"), ("z2", "street"), ("z3", "street")],
                [("a", "opening", "z0", "z1"), ("b", "opening", "z1", "z2"), ("c", "opening", "z2", "z3")],
                [{"kind": "escape"}, {"kind": "survive", "turns": 3}], exits=["z3"])
    s = parse(dict(json.loads(dumps(s)), victory={"ordered": True, "steps": [
        {"kind": "escape"}, {"kind": "survive", "turns": 3}]}))
    game = Game(Board(s), 0, "casual", plan=bot_plan(s))
    st, b = game.state, game.board
    sv = st.survivors[0]
    sv.actions_left = 3
    act = game.policy(game.view, sv, game.legal_actions(sv))
    assert act[0] == "move" and b.zone_ids[act[1]] == "z1"  # on toward the exit
    sv.zone = b.zone_index["z2"]
    assert game.policy(game.view, sv, game.legal_actions(sv)) == ("pass",)  # next to it: waits
    r = designer.play(s, seed=0, policy="casual", plan=bot_plan(s))
    assert r["won"] and r["turns"] == 4


def _eden_terrain_map() -> dict:
    """eden-skirmish.json's map and terrain (seven scenery zones, a swim across the pond) without
    its victory points, infestation and budget, which the typed engine does not play."""
    data = json.loads((ROOT / "scenarios" / "eden-skirmish.json").read_text())
    for key in ("points", "infestation", "budget"):
        data.pop(key, None)
    if not data["victory"]["steps"]:
        data["victory"] = {"steps": [{"kind": "take_objectives", "objectives": []}]}
    return data


@pytest.mark.parametrize("branch", sorted(BRANCHES))
def test_casual_goes_round_scenery_in_the_typed_engine(branch):
    """casual's way round hostile scenery and swims (``terrain.terrain_toward``) is played by
    the typed engine (``terrain_toward`` in the casual banner), record for record with the
    reference engine, compiled and interpreted."""
    zone, conn = BRANCHES[branch]
    _same_games(_line(zone, conn), "casual", games=40)


def test_casual_on_eden_s_terrain_map_in_the_typed_engine():
    data = _eden_terrain_map()
    board = Board(parse(data))
    from designer.rules.terrain import terrain_tables
    assert terrain_tables(board.rules) is not None
    records = _same_games(data, "casual", games=60)
    assert len(records) == 60
    for path in ("frozen-depot.json", "scavenger-run.json"):  # terrain, weather, resources: the typed engine
        s = designer.load(ROOT / "scenarios" / path)
        board = Board(s)
        plan = bot_plan(s)
        assert core.unsupported(board, "casual", plan=plan) is None
        seeds = [game_seed(5, i) for i in range(60)]
        assert core.play_games(board, seeds, "casual", None, 0, plan).records() == _reference(board, seeds, "casual", plan)


def test_casual_avoids_the_pond_where_greedy_swims():
    """On a swim branch casual walks round (the cheaper way once expected wounds count) where
    greedy swims across: fewer wounds in the typed engine's own games."""
    zone, conn = BRANCHES["swim zone"]
    data = _line(zone, conn)
    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    seeds = [game_seed(3, i) for i in range(200)]
    greedy = core.play_games(board, seeds, "greedy", 1, 0, plan).records()
    casual = core.play_games(board, seeds, "casual", 1, 0, plan).records()
    assert sum(r["survivors_dead"] for r in casual) <= sum(r["survivors_dead"] for r in greedy)


def test_casual_goes_for_victory_points_in_the_typed_engine():
    """eden-skirmish.json: once the mission's steps leave casual nothing to do, it walks to the
    objectives worth points when taken, then holds those worth points each turn, one survivor
    per zone (``points.points_goal``): the typed engine plays it with the reference's records.
    A variant where every objective is worth points held, two of them face down in a hidden
    group (left out: the players do not know where they lie), spreads the team over the others."""
    data = json.loads((ROOT / "scenarios" / "eden-skirmish.json").read_text())
    records = _same_games(data, "casual", games=60)
    assert sum(r["won"] for r in records) > 0 and max(r["points"] for r in records) >= data["points"]["target"]
    held = json.loads(json.dumps(data))
    held["points"]["objectives"] = [{"objective": o["id"], "held": 1 + i % 2} for i, o in enumerate(data["objectives"])]
    for o in held["objectives"]:
        if o["id"] in ("cache", "wreck"):  # face down, shuffled between their two zones
            o["hidden_group"] = "crates"
    records = _same_games(held, "casual", games=60, base=3)
    assert len({r["points"] for r in records}) > 1


def _last_action(s, policy, zombies, actions_left=1):
    game = Game(Board(s), 0, policy, plan=bot_plan(s))
    st, b = game.state, game.board
    sv = st.survivors[0]
    sv.items[:] = ["baseball bat"]
    for zone, kind, count in zombies:
        st.place_zombies(b.zone_index[zone], kind, count, from_pool=False)
    sv.actions_left = actions_left
    return resolve_policy(policy)(game.view, sv, game.legal_actions(sv)), b


def test_casual_ends_its_turn_out_of_the_runners_reach():
    """Prison Outbreak, the zombies' phase: "Runners have two actions per activation", so a
    runner one zone away moves in and attacks ("zombies in a survivor's zone attack"). With its
    last action, in a zone without zombies that a runner next to it will reach, casual steps
    into the zone next to it that no zombie reaches (z4) rather than toward its goal (z1, the
    runner's zone); with actions to spare it walks on as before."""
    s = _street()
    runner = [("z1", "runner", 1)]
    g, b = _last_action(s, "greedy", runner)
    c, _ = _last_action(s, "casual", runner)
    assert c[0] == "move" and b.zone_ids[c[1]] == "z4"
    assert g != c
    walk, _ = _last_action(s, "casual", runner, actions_left=3)
    assert walk != c
    walkers, _ = _last_action(s, "casual", [("z1", "walker", 1)])  # a walker next door does not reach
    assert walkers != c
