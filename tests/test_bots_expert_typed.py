"""The expert on the typed engine: its decisions in Python through the engine's callback, its
play-outs on the typed engine's snapshots (copies as arrays, determinized futures, casual to the
horizon, the position scored by the engine), record for record the expert of the reference
engine, whose play-outs run on reference copies of the game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import designer
from designer.engine import Board, core, session
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine.expert import WEIGHTS, ExpertBot, determinize, evaluate
from designer.plans import bot_plan

from .conftest import SAMPLES, draws_items

ROOT = Path(__file__).resolve().parent.parent
MISSIONS = sorted((ROOT / "scenarios" / "prison-outbreak").glob("m*.json"))
MODES = [False, pytest.param(True, marks=pytest.mark.skipif(not core.compiled(), reason="not compiled"))]
"""The typed engine run from its source, and compiled."""


def _setup(path):
    s = designer.load(path)
    return s, Board(s), bot_plan(s)


def _typed(paths):
    out = []
    for p in paths:
        s, b, plan = _setup(p)
        if core.typed_reason(b, "expert", plan) is None:
            out.append(str(p))
    return out


TYPED_SAMPLES = _typed(SAMPLES)
TYPED_MISSIONS = _typed(MISSIONS)


def test_the_typed_engine_plays_the_expert_on_most_samples_and_every_published_mission():
    assert len(TYPED_SAMPLES) >= 4
    assert len(TYPED_MISSIONS) == len(MISSIONS) == 11


@pytest.mark.parametrize("path", TYPED_SAMPLES + TYPED_MISSIONS[::3])
def test_the_experts_games_are_the_reference_engines_record_for_record(path):
    s, board, plan = _setup(path)
    if draws_items(s):  # morts: the reference engine does not draw
        for seed in (1, 2):
            a = session.TypedGame(board, seed, ExpertBot(), plan=plan, compiled=True).play()
            assert dict(a) == dict(session.TypedGame(board, seed, ExpertBot(), plan=plan, compiled=False).play())
        return
    for seed in (1, 2, 3):
        ref_bot, typed_bot = ExpertBot(), ExpertBot()
        ref = Game(board, seed, ref_bot, plan=plan).play()
        typed = session.TypedGame(board, seed, typed_bot, plan=plan).play()
        assert dict(typed) == dict(ref)
        assert typed_bot.spent == ref_bot.spent and typed_bot.searched == ref_bot.searched


@pytest.mark.parametrize("compiled", MODES)
def test_the_experts_games_are_equal_interpreted_and_compiled(compiled):
    s, board, plan = _setup(ROOT / "scenarios" / "night-shift.json")
    ref = Game(board, 7, "expert", plan=plan).play()
    assert dict(session.TypedGame(board, 7, "expert", plan=plan, compiled=compiled).play()) == dict(ref)


def test_a_typed_copy_is_determinized_and_scored_as_the_reference_copy():
    """The same draws deal a typed copy and a reference copy the same future (decks, face-down
    tokens, dice), and the engine scores a position as :func:`evaluate` does."""
    s, board, plan = _setup(ROOT / "scenarios" / "prison-outbreak" / "m00-the-break-in.json")
    for seed in (1, 4):
        ref = Game(board, seed, "casual", plan=plan)
        typed = session.TypedGame(board, seed, "casual", plan=plan)
        for _ in range(3):
            rc, tc = ref.copy(), typed.copy()
            determinize(rc, random.Random(seed))
            determinize(tc, random.Random(seed))
            rs, ts = rc.state, tc.state
            assert [typed.names[i] for i in tc.engine.state()["edeck"]] == rs.edeck
            assert tc.engine.state()["zdeck"] == rs.zdeck and tc.engine.state()["obj_zone"] == rs.obj_zone
            assert tc.evaluate(WEIGHTS) == evaluate(rc) == evaluate(tc)
            rc.play_on(max_turns=2)
            tc.play_on(max_turns=2)
            assert evaluate(tc) == evaluate(rc)
            assert dict(tc.result()) == dict(rc.result())
            ref.play_on(max_turns=1)
            typed.play_on(max_turns=1)


def test_expert_batches_run_on_the_typed_engine_with_the_reference_records():
    s, board, plan = _setup(ROOT / "scenarios" / "night-shift.json")
    assert core.unsupported(board, "expert", plan=plan) is None
    table = core.play_games(board, [11, 12], "expert", None, 0, plan)
    ref = [Game(board, seed, "expert", plan=plan).play() for seed in (11, 12)]
    assert [r["won"] for r in table.records()] == [r["won"] for r in ref]
    assert [r["turns"] for r in table.records()] == [r["turns"] for r in ref]
    assert [r["kills"] for r in table.records()] == [r["kills"] for r in ref]


def test_a_callable_that_trades_gets_the_trades_and_plays_the_engines_casual():
    """A policy written in Python with ``trades`` (here casual's own decision, called from
    outside) is offered the trades in the typed engine, and plays the engine's own casual's
    games (a Zombicide mission where casual trades: M00)."""
    from designer.engine.casual import CasualBot

    s, board, plan = _setup(ROOT / "scenarios" / "prison-outbreak" / "m00-the-break-in.json")  # trades
    gave = []

    class Trader:
        trades = True

        def __init__(self):
            self.bot = CasualBot()

        def __call__(self, view, survivor, actions):
            act = self.bot(view, survivor, actions)
            if act[0] == "give":
                gave.append(act)
            return act

    for seed in range(12):
        typed = session.TypedGame(board, seed, Trader(), plan=plan).play()
        assert dict(typed) == dict(session.TypedGame(board, seed, "casual", plan=plan).play())
    assert gave  # some trades were offered and made
