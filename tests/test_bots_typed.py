"""``casual`` in the typed engine: the same games, record for record, as the reference engine's
:class:`~designer.engine.casual.CasualBot`, compiled and interpreted, on every sample and team
size the typed engine plays, with its trades (the ``give`` action)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import designer
from designer.engine import core
from designer.engine.batch import game_seed
from designer.engine.board import Board
from tests.reference.game import Game
from designer.io.files import parse
from designer.plans import bot_plan

from .conftest import examples
from .conftest import draws_items
from .test_engine_core import CORE_SAMPLES, HERO_ITEMS, playable, reference

CASUAL_SAMPLES = [p for p in CORE_SAMPLES if core.unsupported(Board(designer.load(p)), "casual") is None]
"""The samples the typed engine plays with casual (casual's way round scenery and to victory
points is the reference engine's: ``core.unsupported``)."""


@pytest.mark.parametrize("path", CASUAL_SAMPLES)
def test_the_typed_engine_plays_casual_record_for_record(path):
    board = Board(designer.load(path))
    if draws_items(board.scenario):
        pytest.skip("the reference engine does not draw an item at random (one_of)")
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, "casual", plan=plan) is None
    seeds = [game_seed(4, i) for i in range(120)]
    fast = core.play_games(board, seeds, "casual", None, 0, plan).records()
    slow = reference(board, seeds, "casual", plan=plan)
    assert len(fast) == len(slow) == 120
    for a, b in zip(fast, slow):
        assert a == b


@pytest.mark.parametrize("survivors", [1, 2, 3, 6])
@pytest.mark.parametrize("name", ["night-shift.json", "four-corners.json", "seul-dans-le-noir.json"])
def test_casual_in_the_typed_engine_plays_any_team_size(name, survivors):
    board = Board(designer.load(f"scenarios/{name}"))
    plan = bot_plan(board.scenario)
    seeds = [game_seed(6, i) for i in range(40)]
    assert core.play_games(board, seeds, "casual", survivors, 0, plan).records() == \
        reference(board, seeds, "casual", survivors, plan)


@pytest.mark.parametrize("path", CORE_SAMPLES)
def test_casual_interpreted_plays_the_compiled_games(path):
    board = Board(designer.load(path))
    plan = bot_plan(board.scenario)
    seeds = [game_seed(12, i) for i in range(15)]
    slow = core.play_interpreted(board, seeds, "casual", None, 0, plan)
    assert slow.records() == core.play_games(board, seeds, "casual", None, 0, plan).records()


def _trading_board() -> Board:
    """A street, a lane where zombies spawn and a yard to escape to."""
    data = {"schema_version": 1, "id": "trade", "meta": {"title": "Trade"},
            "zones": [{"id": "street"}, {"id": "lane"}, {"id": "yard"}],
            "connections": [{"id": "c1", "kind": "opening", "from": "street", "to": "lane"},
                            {"id": "c2", "kind": "opening", "from": "lane", "to": "yard"}],
            "exits": ["yard"], "victory": {"steps": [{"kind": "escape", "who": "all"}]},
            "setup": {"start_zones": ["street"], "turn_limit": 10,
                      "survivors": {"min": 1, "max": 3},
                      "zombie_pool": {"walker": 20}, "spawn_method": {"kind": "fixed", "count": 1}},
            "spawns": [{"id": "s1", "zone": "lane", "order": 1}]}
    return Board(parse(data))


HEROES = [{"items": ["fire axe", "crowbar", "pistol", "rifle"], "xp": 0, "wounds": 0},
          {"items": [], "xp": 0, "wounds": 0}, {"items": ["crowbar"], "xp": 0, "wounds": 0}]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_casual_trades_in_the_typed_engine_as_in_the_reference(seed):
    """The armed survivor hands its spare crowbar and gun over (``give``), the same trades in
    both engines: the same record and the same cards in the same hands at the end."""
    board = _trading_board()
    game = Game(board, seed, "casual", heroes=[dict(h) for h in HEROES], log=True)
    record = game.play()
    assert any(e["event"] == "give" for e in game.log)
    assert core.unsupported(board, "casual", heroes=HEROES) is None
    fast, out = core.play_with_heroes(board, seed, "casual", None, HEROES, None)
    assert fast == {k: record[k] for k in ("won", "cause", "turns", "survivors")}
    assert out == game.heroes_out()
    # greedy never trades: the cards stay where they were dealt
    plain = Game(board, seed, "greedy", heroes=[dict(h) for h in HEROES], log=True)
    plain.play()
    assert not any(e["event"] == "give" for e in plain.log)


REFERENCE_SAMPLES = [p for p in CASUAL_SAMPLES if not draws_items(designer.load(p))]
"""The samples the reference engine still plays as the typed engine does (it does not draw an
item at random, nor leave a house survivor's items on its body for looting)."""


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(REFERENCE_SAMPLES), st.integers(0, 2**62),
       st.lists(st.fixed_dictionaries({"items": st.lists(st.sampled_from(HERO_ITEMS), max_size=6),
                                       "xp": st.integers(0, 50), "wounds": st.integers(0, 4)}), max_size=5))
def test_casual_plays_carried_heroes_like_the_reference(path, seed, heroes):
    board = Board(designer.load(path))
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, "casual", heroes=heroes, plan=plan) is None
    game = Game(board, seed, "casual", heroes=[dict(h) for h in heroes], plan=plan)
    record = game.play()
    fast, out = core.play_with_heroes(board, seed, "casual", None, heroes, plan)
    assert {"won", "cause", "turns", "survivors"} <= set(fast)  # and the resources, when the scenario has some
    assert fast == {k: record[k] for k in fast}
    assert out == game.heroes_out()


@pytest.mark.slow
@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(playable(), st.integers(0, 2**40))
def test_casual_plays_random_scenarios_like_the_reference(data, base):
    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, "casual", plan=plan) is None
    seeds = [game_seed(base, i) for i in range(4)]
    assert core.play_games(board, seeds, "casual", None, 0, plan).records() == \
        reference(board, seeds, "casual", plan=plan)


def _door_board() -> Board:
    """A street and a building behind a door that needs a tool (``doors_need_item``), with the
    exit inside."""
    data = {"schema_version": 1, "id": "opener", "meta": {"title": "Opener"},
            "zones": [{"id": "street"}, {"id": "hall", "kind": "room"}, {"id": "yard"}],
            "connections": [{"id": "door", "kind": "door", "from": "street", "to": "hall"},
                            {"id": "c2", "kind": "opening", "from": "hall", "to": "yard"}],
            "exits": ["yard"], "victory": {"steps": [{"kind": "escape", "who": "all"}]},
            "setup": {"start_zones": ["street"], "turn_limit": 12,
                      "rules": {"profile": "zombicide", "overrides": {"doors_need_item": True}},
                      "survivors": {"min": 1, "max": 3},
                      "zombie_pool": {"walker": 20}, "spawn_method": {"kind": "fixed", "count": 1}},
            "spawns": [{"id": "s1", "zone": "street", "order": 1}]}
    return Board(parse(data))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_casual_hands_a_spare_door_opener_to_a_mate_without_one(seed):
    """The katana is the better weapon, so no weapon trade: but its carrier cannot open a door,
    and the team mate with an axe and a crowbar hands it the crowbar (both engines alike)."""
    board = _door_board()
    heroes = [{"items": ["fire axe", "crowbar"], "xp": 0, "wounds": 0}, {"items": ["katana"], "xp": 0, "wounds": 0}]
    game = Game(board, seed, "casual", heroes=[dict(h) for h in heroes], log=True)
    record = game.play()
    gives = [e for e in game.log if e["event"] == "give"]
    assert gives and gives[0]["item"] == "crowbar" and gives[0]["mate"] == 2
    fast, out = core.play_with_heroes(board, seed, "casual", None, heroes, None)
    assert fast == {k: record[k] for k in ("won", "cause", "turns", "survivors")}
    assert out == game.heroes_out()


def test_casual_batches_are_the_same_in_both_engines(monkeypatch):
    """A casual playtest batch runs in the typed engine (no reason left in ``unsupported``) and
    gives the reference engine's table; a mission with rules only the reference engine knows
    still goes there, with its reason."""
    from designer.engine.batch import play_chunk
    from designer.io.files import dumps

    text = dumps(designer.load("scenarios/night-shift.json"))
    fast = play_chunk(text, "casual", 5, None, 0, 40)
    monkeypatch.setenv("DESIGNER_ENGINE", "python")
    assert not core.available()
    slow = play_chunk(text, "casual", 5, None, 0, 40)
    assert slow.records() == fast.records()
    monkeypatch.delenv("DESIGNER_ENGINE")
    eden = Board(designer.load("scenarios/eden-skirmish.json"))  # casual's way to the points: typed too
    assert core.unsupported(eden, "casual") is None and core.unsupported(eden, "greedy") is None
