"""Doors that survivors cannot open by hand (``by_hand: false``): only a trigger opens them, in
the reference engine and in the batch path, for the bots and any policy."""

from __future__ import annotations

import copy
import json

import pytest

import designer
from designer.engine import Board
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine import core
from designer.engine.batch import game_seed
from designer.io.files import parse

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "broken" / "button-only-door.json"


def _scenario(fixed: bool):
    """The issue's sample; ``fixed``: its button's trigger opens the cell door (not the yard's)."""
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    if fixed:
        data = copy.deepcopy(data)
        data["triggers"][0]["then"][0]["door"] = "cell-door"
    return parse(data)


def _next_to_cell(board: Board) -> Game:
    g = Game(board, 1, "greedy", plan=())
    s = g.state.survivors[0]
    s.zone = board.zone_index["B"]
    s.actions_left = 3
    assert "crowbar" in s.items
    return g


def test_no_survivor_opens_a_button_door_by_hand():
    board = Board(_scenario(fixed=False))
    d = board.door_index["cell-door"]
    assert board.door_by_hand[d] is False
    g = _next_to_cell(board)
    s = g.state.survivors[0]
    acts = g.legal_actions(s)
    assert ("open", d) not in acts
    assert not g.door_passable(s) >> d & 1, "the bots do not plan through it"
    g.state.doors_unlocked |= 1 << d  # unlocked is not enough: it still opens only by its button
    assert ("open", d) not in g.legal_actions(s)
    # the other closed door opens by hand with the crowbar
    g.state.survivors[0].zone = board.zone_index["Y"]
    assert ("open", board.door_index["y-g"]) in g.legal_actions(s)


def test_its_trigger_opens_it():
    board = Board(_scenario(fixed=True))
    d = board.door_index["cell-door"]
    g = _next_to_cell(board)
    s = g.state.survivors[0]
    press = ("press", board.obj_index["purple-button"])
    assert press in g.legal_actions(s)
    g.apply(s, press)
    assert g.state.doors_open >> d & 1
    assert any(a[0] == "move" and a[1] == board.zone_index["C"] for a in g.legal_actions(s))


@pytest.mark.parametrize("policy", ["greedy", "cautious", "random"])
def test_games_never_open_the_cell_by_hand_in_either_engine(policy):
    board = Board(_scenario(fixed=False))
    seeds = [game_seed(4, i) for i in range(60)]
    games = []
    for seed in seeds:
        g = Game(board, seed, policy, log=True, plan=())
        record = dict(g.play())
        assert not any(e["event"] == "open" and e["door"] == "cell-door" for e in g.log)
        assert "cell-token" not in record["objectives"]
        games.append(record)
    if core.unsupported(board, policy) is None:  # the batch path plays the same games
        fast = core.play_games(board, seeds, policy, None, 0, ()).records()
        assert [{k: v for k, v in r.items() if k != "game"} for r in fast] == games


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_with_its_button_fixed_the_cell_token_is_taken(policy):
    board = Board(_scenario(fixed=True))
    plan = designer.plans.bot_plan(board.scenario) if policy == "greedy" else ()
    seeds = [game_seed(5, i) for i in range(40)]
    records = [dict(Game(board, seed, policy, plan=plan).play()) for seed in seeds]
    assert any("cell-token" in r["objectives"] for r in records)
    if core.unsupported(board, policy, plan=plan) is None:
        fast = core.play_games(board, seeds, policy, None, 0, plan).records()
        assert [{k: v for k, v in r.items() if k != "game"} for r in fast] == records
