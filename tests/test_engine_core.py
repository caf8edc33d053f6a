"""The typed engine (the batch path) plays the same games as the reference engine: same dice,
same records, compiled and interpreted."""

from __future__ import annotations

import pickle
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import designer
from designer.rules.terrain import eden_rules_used
from designer.engine import core
from designer.engine.batch import game_seed, play_chunk
from designer.engine.board import Board
from tests.reference.game import Game
from designer.engine.table import GameTable
from designer.io.files import dumps, parse
from tests.reference.profiles import make_profile
from designer.plans import bot_plan

from .conftest import SAMPLES, examples, draws_items
from .strategies import scenario_data



def _typed_plays(path: str) -> bool:
    s = designer.load(path)
    return core._board_problem(Board(s), make_profile(s.setup.rules.profile, s.setup.rules.overrides)) is None


CORE_SAMPLES = [p for p in SAMPLES if _typed_plays(p)]
"""The samples the typed engine plays (those using rules it does not know, such as Growing
Hunger's, the Prison Outbreak mission rules or Eden's, go to the reference engine)."""


def reference(board: Board, seeds: list[int], policy: str, survivors: int | None = None, plan=None) -> list[dict]:
    out = []
    for i, seed in enumerate(seeds):
        record = dict(Game(board, seed, policy, survivors=survivors, plan=plan).play())
        record["game"] = i
        for key in ("town", "turn_limit"):  # a single Growing Hunger game's; a batch's table keeps the usual columns
            record.pop(key, None)
        out.append(record)
    return out


def test_the_typed_engine_is_compiled():
    assert core.compiled(), "designer/engine/typed/play.py was not compiled: is a C compiler installed?"
    assert core.available()


@pytest.mark.parametrize("path", CORE_SAMPLES)
def test_the_typed_source_run_interpreted_plays_the_same_games(path):
    from designer.engine.typed.tables import tables_for

    board = Board(designer.load(path))
    plan = bot_plan(board.scenario)
    tables, problem = tables_for(board, plan)
    assert problem is None
    seeds = [game_seed(8, i) for i in range(25)]
    source = core.typed_source()
    assert source.__file__.endswith(".py")
    if board.scenario.town is not None:  # a board library: one engine per town (designer.engine.lnoe)
        for policy in ("greedy", "cautious", "random"):
            assert core.play_interpreted(board, seeds, policy, None, 0, plan) == core.play_games(board, seeds, policy,
                                                                                                 None, 0, plan)
        return
    for policy in (0, 1, 2):
        slow = source.Engine(tables).play_batch(seeds, policy, -1, 0)
        fast = core.engine_for(board, plan).play_batch(seeds, policy, -1, 0)
        assert [bytes(a) for a in slow] == [bytes(b) for b in fast]


@pytest.mark.parametrize("policy", ["greedy", "cautious", "random"])
@pytest.mark.parametrize("path", CORE_SAMPLES)
def test_the_typed_engine_plays_the_samples_record_for_record(path, policy):
    board = Board(designer.load(path))
    plan = bot_plan(board.scenario)
    if core.unsupported(board, policy, plan=plan) is not None and eden_rules_used(board.scenario):
        # rules the core does not know (campaign resources): the reference engine plays them
        assert "the scenario uses" in core.unsupported(board, policy, plan=plan)
        return
    assert core.unsupported(board, policy, plan=plan) is None
    seeds = [game_seed(3, i) for i in range(150)]
    if draws_items(board.scenario):  # morts: the reference does not draw
        assert core.play_games(board, seeds[:20], policy, None, 0, plan) == \
            core.play_interpreted(board, seeds[:20], policy, None, 0, plan)
        return
    fast = core.play_games(board, seeds, policy, None, 0, plan).records()
    from designer.rules.terrain import terrain_tables

    tt = terrain_tables(board.rules)
    if tt is not None and any(tt.zreopen_adj):  # eden: zombies through fallen walls, typed engine only
        assert core.play_interpreted(board, seeds[:20], policy, None, 0, plan).records() == fast[:20]
        return
    slow = reference(board, seeds, policy, plan=plan)
    for a, b in zip(fast, slow):
        assert a == b
        assert list(a) == list(b), "the columns come in the same order"


@pytest.mark.parametrize("survivors", [1, 2, 6])
def test_the_typed_engine_plays_any_team_size(survivors):
    board = Board(designer.load("scenarios/night-shift.json"))
    seeds = [game_seed(5, i) for i in range(60)]
    plan = bot_plan(board.scenario)
    assert core.play_games(board, seeds, "greedy", survivors, 0, plan).records() == \
        reference(board, seeds, "greedy", survivors, plan)


ITEMS = ["pistol", "fire axe", "crowbar", "flashlight", "katana", "shotgun", "sub mg", "saw", "canned food", "aaah"]


@st.composite
def playable(draw) -> dict:
    """A random valid scenario with the rules the typed engine must follow: spawn methods, small zombie
    pools (out of miniatures, split top-ups), manholes on shared tiles, sight lines, rule
    overrides, equipment, end-game and door triggers."""
    data = draw(scenario_data(max_zones=7))
    zone_ids = [z["id"] for z in data["zones"]]
    setup = data["setup"]
    setup["spawn_method"] = draw(st.sampled_from([
        {"kind": "cards"}, {"kind": "dice", "dice": "1d3"}, {"kind": "dice", "dice": "d6-2"}, {"kind": "fixed", "count": 2}]))
    setup["survivors"] = {"min": 1, "max": draw(st.integers(1, 6)), "health": draw(st.integers(1, 4)),
                          "starting_equipment": draw(st.lists(st.sampled_from(ITEMS[:-1]), max_size=3)),
                          "starting_cards": draw(st.integers(0, 2))}
    setup["zombie_pool"] = {t: draw(st.integers(0, 12)) for t in ("walker", "runner", "fatty", "abomination", "zombie")}
    setup["rules"]["overrides"] = draw(st.fixed_dictionaries({}, optional={
        "actions": st.integers(1, 4), "split_adds": st.booleans(), "pool_out_extra_activation": st.booleans(),
        "building_spawn": st.booleans(), "doors_need_item": st.booleans(), "max_items": st.integers(1, 6),
        "max_turns": st.integers(1, 25), "yellow_bonus": st.integers(0, 2),
        "max_extra_activations": st.integers(0, 3)}))
    if draw(st.booleans()):
        setup["equipment_deck"] = [{"item": i, "count": draw(st.integers(1, 3))}
                                   for i in draw(st.lists(st.sampled_from(ITEMS), min_size=1, max_size=5, unique=True))]
    for z in data["zones"]:
        z["tiles"] = draw(st.lists(st.sampled_from(["A", "B", "C"]), max_size=2, unique=True))
    if draw(st.booleans()):
        data["spawns"].append({"id": "mh", "zone": draw(st.sampled_from(zone_ids)), "kind": "manhole", "order": 50})
    if len(zone_ids) >= 3 and draw(st.booleans()):
        data["sight_lines"] = [{"id": "l0", "zones": draw(st.lists(st.sampled_from(zone_ids), min_size=2, max_size=4,
                                                                   unique=True))}]
    data["defeat"] = {"any_survivor_dies": draw(st.booleans())}
    doors = [c["id"] for c in data["connections"] if c["kind"] == "door"]
    extra = [{"id": "kills", "when": {"kind": "kills_reached", "count": draw(st.integers(1, 8))},
              "then": [{"kind": "end_game", "outcome": draw(st.sampled_from(["win", "loss"]))}]}]
    if doors:
        extra.append({"id": "door", "when": {"kind": "door_opened", "door": draw(st.sampled_from(doors))},
                      "then": [{"kind": "lock_door", "door": draw(st.sampled_from(doors))},
                               {"kind": "spawn_zombies", "zone": draw(st.sampled_from(zone_ids)), "zombie": "fatty",
                                "dice": "1d2"}]})
    if data["spawns"]:
        extra.append({"id": "flip", "when": {"kind": "turn_reached", "turn": draw(st.integers(1, 5))},
                      "then": [{"kind": "toggle_spawn", "spawn": draw(st.sampled_from(data["spawns"]))["id"]},
                               {"kind": "grant_xp", "amount": 10, "to": "team"}]})
    data["triggers"] += draw(st.lists(st.sampled_from(extra), max_size=len(extra), unique_by=lambda t: t["id"]))
    return data


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(playable(), st.sampled_from(["greedy", "cautious", "random"]), st.integers(0, 2**40))
def test_the_typed_engine_plays_random_scenarios_like_the_reference(data, policy, base):
    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, policy, plan=plan) is None
    seeds = [game_seed(base, i) for i in range(4)]
    assert core.play_games(board, seeds, policy, None, 0, plan).records() == reference(board, seeds, policy, plan=plan)


def test_batches_use_the_typed_engine_and_the_reference_engine_alike(monkeypatch):
    text = dumps(designer.load("scenarios/seul-dans-le-noir.json"))
    fast = play_chunk(text, "greedy", 9, None, 100, 160)
    monkeypatch.setenv("DESIGNER_ENGINE", "python")
    assert not core.available()
    slow = play_chunk(text, "greedy", 9, None, 100, 160)
    assert slow == fast
    assert slow.records() == fast.records()
    assert [r["game"] for r in fast.records()] == list(range(100, 160))


def test_games_the_typed_engine_does_not_play_go_to_the_reference_engine():
    s = designer.load("scenarios/night-shift.json")
    board = Board(s)
    assert core.unsupported(board, lambda view, survivor, acts: acts[0]) is None  # decides through the callback

    class Trader:
        trades = True

        def __call__(self, view, survivor, acts):
            return acts[0]
    assert core.unsupported(board, Trader()) is None  # the trades are listed for it (tests/test_bots_expert_typed.py)
    assert core.unsupported(board, "expert") is None  # it decides through the callback
    assert core.unsupported(Board(designer.load("scenarios/eden-skirmish.json")), "expert") is None  # points too
    assert core.unsupported(board, "greedy", heroes=[{"items": ["pistol"]}]) is None
    assert "do not list: golden idol" in core.unsupported(board, "greedy", heroes=[{"items": ["golden idol"]}])
    assert "13 heroes" in core.unsupported(board, "greedy", heroes=[{"items": []}] * 13)
    assert "survivors" in core.unsupported(board, "greedy", survivors=13)
    data = s.model_dump(mode="json", by_alias=True, exclude_none=True)
    data["connections"] += [{"id": f"extra{i}", "kind": "door", "from": data["zones"][0]["id"],
                             "to": data["zones"][1]["id"]} for i in range(63)]
    big = parse(data)
    assert core.unsupported(Board(big), "greedy") is None  # 65 doors: sets of two words (tests/test_engine_widedoors.py)
    records = play_chunk(dumps(big), "greedy", 1, None, 0, 5).records()  # played by the typed engine
    assert records == reference(Board(big), [game_seed(1, i) for i in range(5)], "greedy")


def test_a_table_gives_back_the_records_it_was_made_of():
    board = Board(designer.load("scenarios/les-morts-aux-trousses.json"))
    records = reference(board, [game_seed(2, i) for i in range(40)], "greedy")
    table = GameTable.from_records(records, board.zone_ids, board.obj_ids)
    assert table.records() == records
    both = GameTable.concat([table, GameTable.from_records(records[:3], board.zone_ids, board.obj_ids)])
    assert len(both) == 43 and both.records() == records + records[:3]
    assert pickle.loads(pickle.dumps(both)) == both
    assert both != table


def test_the_typed_engine_plays_a_hub_with_hundreds_of_legal_actions():
    """A plaza seen from 300 alleys full of zombies: a survivor with two guns has some 600 ranged
    actions to choose from, and pushed zombies have 300 ways out."""
    alleys = [f"a{i}" for i in range(300)]
    data = {"schema_version": 1, "id": "hub", "meta": {"title": "Hub"},
            "zones": [{"id": "plaza"}, *({"id": a, "capacity": {"max_zombies": 3}} for a in alleys)],
            "connections": [{"id": f"c{i}", "kind": "opening", "from": "plaza", "to": a} for i, a in enumerate(alleys)],
            "exits": [alleys[-1]], "victory": {"steps": [{"kind": "kill", "count": 50}]},
            "setup": {"start_zones": ["plaza"], "turn_limit": 8,
                      "survivors": {"max": 4, "starting_equipment": ["pistol", "rifle", "fire axe"]},
                      "zombie_pool": {"walker": 900, "runner": 100},
                      "zombies": [{"zone": a, "zombie": "walker", "count": 3} for a in alleys],
                      "spawn_method": {"kind": "fixed", "count": 3}},
            "spawns": [{"id": "s1", "zone": alleys[0], "order": 1}]}
    board = Board(parse(data))
    assert core.unsupported(board, "random") is None
    game = Game(board, 1, "random")
    hero = game.state.survivors[0]
    hero.actions_left = 3
    assert len(game.legal_actions(hero)) > 500
    for policy in ("random", "greedy"):
        seeds = [game_seed(11, i) for i in range(12)]
        assert core.play_games(board, seeds, policy, None, 0).records() == reference(board, seeds, policy)


HERO_ITEMS = ["pistol", "fire axe", "crowbar", "flashlight", "katana", "shotgun", "canned food", "chainsaw"]


@settings(max_examples=examples(120), deadline=None)
@given(st.sampled_from(CORE_SAMPLES), st.sampled_from(["greedy", "cautious", "random"]), st.integers(0, 2**62),
       st.lists(st.fixed_dictionaries({"items": st.lists(st.sampled_from(HERO_ITEMS), max_size=6),
                                       "xp": st.integers(0, 50), "wounds": st.integers(0, 4)}), max_size=5))
def test_the_typed_engine_plays_carried_heroes_like_the_reference(path, policy, seed, heroes):
    board = Board(designer.load(path))
    if eden_rules_used(board.scenario) or draws_items(board.scenario):
        return  # the reference copy does not play these rules (walls reopened, a drawn item, looting)
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, policy, heroes=heroes, plan=plan) is None
    game = Game(board, seed, policy, heroes=[dict(h) for h in heroes], plan=plan)
    record = game.play()
    fast, out = core.play_with_heroes(board, seed, policy, None, heroes, plan)
    assert fast == {k: record[k] for k in ("won", "cause", "turns", "survivors")}
    assert out == game.heroes_out()


@pytest.mark.parametrize("name", ["seul-dans-le-noir.json", "harlan-depot.json"])
def test_campaigns_give_the_same_runs_with_the_typed_engine_and_the_reference(name, monkeypatch):
    from designer.analysis.campaign import simulate_campaign

    path = Path(__file__).parent.parent / "scenarios" / "campaigns" / name
    fast = simulate_campaign(path, n=150, seed=4, progress=False, workers=1)
    monkeypatch.setenv("DESIGNER_ENGINE", "python")
    slow = simulate_campaign(path, n=150, seed=4, progress=False, workers=1)
    pd.testing.assert_frame_equal(fast.runs, slow.runs)
    pd.testing.assert_frame_equal(fast.games, slow.games)
    assert fast.games["heroes_out"].sum() > 0


@pytest.mark.parametrize("base", [0, 1, -7, 2**63, 10**40])
def test_the_typed_engine_plays_a_run_s_game_seeds(base):
    board = Board(designer.load("scenarios/night-shift.json"))
    table = core.play_range(board, base, 500, 540, "greedy")
    assert table.seeds.tolist() == [game_seed(base, i) for i in range(500, 540)]
    assert table == core.play_games(board, [game_seed(base, i) for i in range(500, 540)], "greedy", None, 500)


def test_a_base_seed_of_any_length_gives_the_same_games():
    board = Board(designer.load("scenarios/seul-dans-le-noir.json"))
    huge = 10**120
    assert core.play_range(board, huge, 0, 20, "greedy").records() == \
        reference(board, [game_seed(huge, i) for i in range(20)], "greedy")


def test_the_typed_engine_plays_the_golden_playthroughs():
    """Every golden game's record (tests/golden, written by the reference engine), played by the
    typed engine, compiled and from its source."""
    import json

    from designer.engine.golden import golden_name, iter_golden_games

    cases = list(iter_golden_games())
    assert cases
    boards: dict = {}
    played = 0
    for name, policy, seed in cases:
        path = str(Path(__file__).parent.parent / "scenarios" / f"{name}.json")
        if not _typed_plays(path):  # rules the typed engine does not know: the reference engine's goldens only
            continue
        if name not in boards:
            s = designer.load(path)
            boards[name] = (Board(s), bot_plan(s))
        board, plan = boards[name]
        played += 1
        golden = Path(__file__).parent / "golden" / golden_name(name, policy, seed)
        want = json.loads(golden.read_text().splitlines()[-1])["record"]
        assert core.unsupported(board, policy, plan=plan) is None
        for play in (core.play_games, core.play_interpreted):
            got = play(board, [seed], policy, None, -1, plan).records()[0]
            assert json.loads(json.dumps(got, sort_keys=True)) == want, f"{golden.name} ({play.__name__})"
    assert played >= len(cases) // 2, "most goldens are of samples the typed engine plays"


def test_a_padded_map_plays_the_same_games_and_costs_no_zone_ceiling():
    from designer.bench.playtest import padded

    path = str(Path(__file__).parent.parent / "scenarios" / "seul-dans-le-noir.json")
    base = Board(designer.load(path))
    plan = bot_plan(base.scenario)
    big = Board(padded(path, 20_000))
    assert big.n == 20_000 and core.unsupported(big, "greedy", plan=plan) is None
    seeds = [game_seed(6, i) for i in range(30)]
    want = core.play_games(base, seeds, "greedy", None, 0, plan).records()
    assert core.play_games(big, seeds, "greedy", None, 0, plan).records() == want
    engine = core.engine_for(big, plan)
    assert engine.touched_zones() <= 22, "a game touches only zones of the real map"


_NO_CYTHON = r"""
import json, sys
sys.modules["cython"] = None  # as on a machine without Cython: the typed source uses its shim
import designer
from designer.engine import core
from designer.engine.board import Board
from designer.engine.batch import game_seed
from designer.plans import bot_plan

out = {}
for path in sys.argv[1:]:
    board = Board(designer.load(path))
    plan = bot_plan(board.scenario)
    seeds = [game_seed(4, i) for i in range(12)]
    out[path] = {p: core.play_interpreted(board, seeds, p, None, 0, plan).records() for p in ("greedy", "random")}
out["shim"] = core.typed_source().cython.__name__
print(json.dumps(out))
"""


def test_the_typed_source_plays_the_same_games_without_cython():
    import json
    import subprocess
    import sys

    paths = [str(Path(__file__).parent.parent / "scenarios" / n) for n in ("night-shift.json",
                                                                           "les-morts-aux-trousses.json")]
    proc = subprocess.run([sys.executable, "-c", _NO_CYTHON, *paths], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out.pop("shim").endswith("_cyshim")
    for path in paths:
        board = Board(designer.load(path))
        plan = bot_plan(board.scenario)
        seeds = [game_seed(4, i) for i in range(12)]
        for policy in ("greedy", "random"):
            assert out[path][policy] == core.play_games(board, seeds, policy, None, 0, plan).records()


def test_objectives_spawns_and_triggers_beyond_64_play_in_the_typed_engine():
    s = designer.load(Path(__file__).parent.parent / "scenarios" / "night-shift.json")
    data = s.model_dump(mode="json", by_alias=True, exclude_none=True)
    zones = [z["id"] for z in data["zones"]]
    data["objectives"] += [{"id": f"extra-token-{i}", "kind": "token", "zone": zones[i % len(zones)], "xp": 1}
                           for i in range(70)]
    data["triggers"] += [{"id": f"extra-xp-{i}", "when": {"kind": "turn_reached", "turn": 1 + i % 9},
                          "then": [{"kind": "grant_xp", "amount": 1, "to": "team"}]} for i in range(70)]
    data["spawns"] += [{"id": f"extra-spawn-{i}", "zone": zones[i % len(zones)], "order": 100 + i, "active": False}
                       for i in range(70)]
    data["triggers"][-1]["then"].append({"kind": "activate_spawn", "spawn": "extra-spawn-69"})
    data["triggers"][-1]["when"] = {"kind": "turn_reached", "turn": 3}
    board = Board(parse(data))
    assert len(board.obj_ids) > 64 and len(board.spawn_ids) > 64 and len(board.scenario.triggers) > 64
    plan = bot_plan(board.scenario)
    for policy in ("greedy", "random"):
        assert core.unsupported(board, policy, plan=plan) is None
        seeds = [game_seed(12, i) for i in range(20)]
        assert core.play_games(board, seeds, policy, None, 0, plan).records() == \
            reference(board, seeds, policy, plan=plan)


def _wrapped_greedy():
    from tests.reference.policies import PlanBot

    bot = PlanBot(False)
    return lambda view, survivor, actions: bot(view, survivor, actions)


def test_a_python_callable_plays_in_the_typed_engine_batch_path_with_the_reference_records():
    """The batch path plays a callable policy through the typed engine's callback (no reason in
    ``unsupported`` any more), record for record as the reference engine plays it."""
    s = designer.load("scenarios/seul-dans-le-noir.json")
    board, plan = Board(s), bot_plan(s)
    seeds = [game_seed(4, i) for i in range(6)]
    assert core.unsupported(board, _wrapped_greedy(), plan=plan) is None
    want = [dict(Game(board, sd, _wrapped_greedy(), plan=plan).play(), game=i) for i, sd in enumerate(seeds)]
    got = [core.play_games(board, [sd], _wrapped_greedy(), None, i, plan).records()[0] for i, sd in enumerate(seeds)]
    assert got == want
    assert want == reference(board, seeds, "greedy", plan=plan), "the wrapper plays what greedy plays"


def _dealt(path: str, own: list[list[str]]):
    data = designer.load(path).model_dump(mode="json", by_alias=True, exclude_none=True)
    data["setup"]["survivors"]["heroes"] = [{"name": f"hero {k + 1}", "items": items} for k, items in enumerate(own)]
    return parse(data)


@pytest.mark.parametrize("path", ["scenarios/night-shift.json", "scenarios/four-corners.json"])
@pytest.mark.parametrize("policy", ["greedy", "cautious", "random"])
def test_dealt_heroes_play_in_the_typed_engine_like_the_reference(path, policy):
    """Named survivors dealt cards of their own (``setup.survivors.heroes``) start with the
    starting equipment and then their cards, in both engines."""
    s = _dealt(path, [["pistol", "crowbar"], [], ["fire axe"]])
    board = Board(s)
    plan = bot_plan(s)
    assert core._board_problem(board, make_profile(s.setup.rules.profile, s.setup.rules.overrides)) is None
    seeds = [game_seed(7, i) for i in range(12)]
    want = reference(board, seeds, policy, plan=plan)
    assert core.play_interpreted(board, seeds, policy, first_index=0, plan=plan).records() == want
    if core.available():
        assert core.play_games(board, seeds, policy, first_index=0, plan=plan).records() == want
    for seed in seeds[:2]:  # the cards are dealt: the first survivors hold them
        g = Game(board, seed, policy, plan=plan)
        assert g.state.survivors[0].items[:len(s.setup.survivors.starting_equipment) + 2][-2:] == ["pistol", "crowbar"]



class _NoReferenceGame:
    """Stands in for the reference ``Game`` where a test says none may start."""

    def __new__(cls, *args, **kwargs):
        raise AssertionError("a reference Game was started")


def test_designer_engine_python_plays_the_typed_source_and_never_the_reference_engine(monkeypatch):
    """``DESIGNER_ENGINE=python`` forces the interpreted path of the one engine: batches, a
    campaign step's game and single games are played by the typed engine's source (the same
    records as compiled), and no reference ``Game`` is started on the way."""
    import tests.reference.game as reference

    s = designer.load("scenarios/night-shift.json")
    board, plan = Board(s), bot_plan(s)
    text = dumps(s)
    fast = play_chunk(text, "greedy", 3, None, 10, 30)
    party = core.play_party(board, game_seed(3, 0), "cautious", None, None, plan)
    single = core.open_game(board, 5, "random", plan=plan).play()
    monkeypatch.setenv("DESIGNER_ENGINE", "python")
    monkeypatch.setattr(reference, "Game", _NoReferenceGame)
    assert not core.available() and core.played_by(board, "greedy", None, plan) == "core"
    assert play_chunk(text, "greedy", 3, None, 10, 30).records() == fast.records()
    assert core.play_party(board, game_seed(3, 0), "cautious", None, None, plan) == party
    game = core.open_game(board, 5, "random", plan=plan)
    assert game.module is core.typed_source() and game.play() == single


def test_designer_engine_game_is_the_typed_game_and_the_reference_only_for_a_hand_built_state(monkeypatch):
    """``designer.engine.Game`` gives the typed engine's game (steps, copies, transcript), the
    same game as the reference engine's; a position built by hand (``state=``) and a board the
    typed engine refuses (more than 62 doors) get the reference ``Game``; ``isinstance`` holds
    for both."""
    import designer.engine as engine

    s = designer.load("scenarios/night-shift.json")
    board, plan = Board(s), bot_plan(s)
    g = engine.Game(board, 7, "cautious", log=True, plan=plan)
    assert type(g).__name__ == "TypedGame" and isinstance(g, engine.Game)
    g.play_on(max_turns=2)
    copy = g.copy()
    ref = Game(board, 7, "cautious", log=True, plan=plan)
    assert copy.play_on() == ref.play() and g.play_on() == ref.result()
    assert g.transcript() == ref.transcript()
    hand = engine.Game(board, policy="greedy", state=board.new_state(1))
    assert type(hand) is __import__("designer.engine.session", fromlist=["HandGame"]).HandGame and isinstance(hand, engine.Game)
    many = Board(parse({
        "schema_version": 1, "id": "doors", "meta": {"title": "63 doors"},
        "zones": [{"id": "S"}] + [{"id": f"R{i}", "kind": "room"} for i in range(63)],
        "connections": [{"id": f"d{i}", "kind": "door", "from": "S", "to": f"R{i}"} for i in range(63)],
        "victory": {"steps": [{"kind": "kill", "count": 5}]}, "setup": {"start_zones": ["S"]}}))
    if core.unsupported(many, "greedy") is not None:  # until the typed engine plays wider door sets
        assert type(engine.Game(many, 1, "greedy")) is Game
