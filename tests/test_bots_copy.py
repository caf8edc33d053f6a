"""Game.copy() and Game.play_on(): a copy made in the middle of a survivor's turn plays on to
the same end as the game it was copied from, and playing it changes nothing in that game."""

from __future__ import annotations

import pytest

import designer
from designer.engine import Board, Game
from designer.engine.policies import PlanBot
from designer.plans import bot_plan


class CopyAt:
    """greedy, copying the game at its ``at``-th decision."""

    def __init__(self, at: int):
        self.at, self.calls, self.bot, self.copies = at, 0, PlanBot(False), []

    def __copy__(self):
        other = CopyAt(self.at)
        other.calls, other.bot.done = self.calls, self.bot.done
        return other

    def __call__(self, view, s, acts):
        self.calls += 1
        if self.calls == self.at:
            self.copies.append(view.copy_game())
        return self.bot(view, s, acts)


@pytest.mark.parametrize("name", ["night-shift", "seul-dans-le-noir", "woodinvale-last-stand"])
@pytest.mark.parametrize("at", [1, 7, 40])
def test_a_copy_made_mid_turn_plays_on_to_the_same_record(name, at):
    s = designer.load(f"scenarios/{name}.json")
    board, plan = Board(s), bot_plan(s)
    for seed in range(3):
        reference = Game(board, seed, "greedy", plan=plan).play()
        policy = CopyAt(at)
        game = Game(board, seed, policy, plan=plan)
        record = game.play()
        assert record == reference  # copying changed nothing in the game
        if not policy.copies:
            continue
        copy = policy.copies[0]
        assert copy.log is None
        again = copy.play_on()
        assert again == reference


def test_play_on_stops_after_max_turns_and_a_copy_is_independent():
    s = designer.load("scenarios/night-shift.json")
    board, plan = Board(s), bot_plan(s)
    game = Game(board, 3, "greedy", plan=plan)
    twin = game.copy()
    r1 = twin.play_on(max_turns=1)
    assert twin.state.turn == 2 or twin.state.outcome
    assert game.state.turn == 1 and game.state.survivor_actions == 0
    assert r1["turns"] <= 2
    assert game.play() == Game(board, 3, "greedy", plan=plan).play()
