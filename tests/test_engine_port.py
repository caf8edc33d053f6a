"""The rows of docs/engine.md's port table the typed engine closes: games that went to the
reference engine and are the typed engine's now, record for record and log line for log line
with the reference engine."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designer.engine import core, session
from designer.engine.batch import game_seed
from designer.engine.board import Board
from tests.reference.game import Game
from designer.engine.golden import playthrough_lines
from designer.io.files import parse
from designer.plans import bot_plan
from designer.rules.zombies import ZINDEX

from .conftest import ROOT, examples
from .test_engine_core import playable

WOODINVALE = json.loads((ROOT / "scenarios" / "woodinvale-last-stand.json").read_text())


def _reference(board: Board, seeds: list[int], policy: str, plan) -> list[dict]:
    out = []
    for i, seed in enumerate(seeds):
        record = dict(Game(board, seed, policy, plan=plan).play())
        record["game"] = i
        out.append(record)
    return out


def _infested(ai: str) -> dict:
    """Woodinvale (Growing Hunger's rules on a fixed map) with an infestation: a pack of two
    walkers in one zone and a lone zombie in another."""
    data = copy.deepcopy(WOODINVALE)
    zones = [z["id"] for z in data["zones"]]
    data["infestation"] = {"ai": ai, "charge_range": 2, "points": 6,
                           "monsters": [{"id": "pack", "level": 1, "name": "Pack", "count": 2},
                                        {"id": "lone", "level": 3, "name": "Lone", "zombie": "zombie"}],
                           "placed": [{"monster": "pack", "zone": zones[3]}, {"monster": "lone", "zone": zones[8]}]}
    return data


@pytest.mark.parametrize("ai", ["eden", "profile"])
def test_an_infestation_in_a_growing_hunger_game_is_the_typed_engines(ai):
    """The monsters are placed after the scenario's own zombies in a Growing Hunger game too
    (added to the box first), and the typed engine plays and logs the game as the reference."""
    board = Board(parse(_infested(ai)))
    plan = bot_plan(board.scenario)
    z3, z8 = board.zone_index[board.zone_ids[3]], board.zone_index[board.zone_ids[8]]
    game = Game(board, 5, "greedy", plan=plan)
    own = {board.zone_index[p.zone]: p.count for p in board.scenario.setup.zombies if p.zombie == "walker"}
    assert game.state.zombies[z3][ZINDEX["walker"]] == own.get(z3, 0) + 2
    assert game.state.zombies[z8][ZINDEX["zombie"]] >= 1
    for policy in ("greedy", "casual"):
        assert core.unsupported(board, policy, plan=plan) is None
        seeds = [game_seed(4, i) for i in range(25)]
        assert core.play_games(board, seeds, policy, None, 0, plan).records() == _reference(board, seeds, policy, plan)
    assert core.typed_reason(board, "greedy", plan, log=True) is None
    assert isinstance(core.open_game(board, 2, "greedy", log=True, plan=plan), session.TypedGame)
    assert playthrough_lines(board.scenario, 2, "greedy", plan, engine="typed-source") == \
        playthrough_lines(board.scenario, 2, "greedy", plan)


def test_the_goldens_and_engine_game_play_are_the_typed_engines(tmp_path, monkeypatch):
    """``make golden`` writes every golden playthrough with the typed engine, and
    ``designer.engine.play`` is the one entry point (``core.play``): with the reference
    ``Game`` unusable both still give the golden lines."""
    import designer
    from designer import engine
    from tests.reference import game as game_mod
    from designer.engine.golden import write_goldens

    night = designer.load(ROOT / "scenarios" / "night-shift.json")
    plan = bot_plan(night)
    want = Game(Board(night), 3, "cautious", log=True, plan=plan)
    want_record = dict(want.play())

    def refuse(*args, **kwargs):
        raise AssertionError("the reference Game was asked to play")
    monkeypatch.setattr(game_mod.Game, "__init__", refuse)
    record = engine.play(night, 3, "cautious", log=True, plan=plan)
    assert record.pop("log") == want.log and dict(record) == want_record
    written = write_goldens(tmp_path, ROOT / "scenarios", bot_plan)
    assert sorted(p.name for p in written) == sorted(p.name for p in (ROOT / "tests" / "golden").glob("*.jsonl"))
    for path in written:
        assert path.read_text(encoding="utf-8") == (ROOT / "tests" / "golden" / path.name).read_text(encoding="utf-8")


@st.composite
def _with_points(draw) -> dict:
    """A random playable scenario (``test_engine_core.playable``) scored with victory points: some
    objectives worth points when taken, some each turn they are held, kills worth points."""
    data = draw(playable())
    objs = [o["id"] for o in data["objectives"]]
    entries = [{"objective": o, "taken": draw(st.integers(0, 4)), "held": draw(st.integers(0, 3))}
               for o in draw(st.lists(st.sampled_from(objs), unique=True))] if objs else []
    data["points"] = {"turns": draw(st.integers(1, 12)), "target": draw(st.integers(0, 12)), "objectives": entries,
                      "kills": {"walker": draw(st.integers(1, 2)), "fatty": draw(st.integers(0, 3))}}
    return data


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.data_too_large])
@given(_with_points(), st.integers(0, 2**40))
def test_casual_seeks_points_in_the_typed_engine_like_the_reference_on_random_scenarios(data, base):
    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, "casual", plan=plan) is None
    seeds = [game_seed(base, i) for i in range(4)]
    assert core.play_games(board, seeds, "casual", None, 0, plan).records() == _reference(board, seeds, "casual", plan)
