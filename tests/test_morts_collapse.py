"""Les morts aux trousses (seed 003): a floor collapsing under a survivor and dodging it
(``flags.collapse``). Each test quotes the rulebook's sentence; the typed engine logs and plays
it as the reference engine does."""

from __future__ import annotations

import designer
from designer.engine import Board
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine.board import ZOMBIE
from designer.model.scenario import Scenario
from designer.plans import bot_plan

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "les-morts-aux-trousses.json"

def _data() -> dict:
    return designer.load(SAMPLE).model_dump(mode="json", by_alias=True, exclude_none=True)


def _game(data: dict | None = None) -> Game:
    b = Board(Scenario.model_validate(data or _data()))
    st = b.new_state(1)
    st.zombies = [[0] * len(row) for row in st.zombies]
    st.pool[ZOMBIE] = 30
    return Game(b, state=st, policy="greedy", log=True)


def _into_dining(g: Game, script: list[int]):
    b = g.board
    hero = g.state.add_survivor(b.zone_index["hall"], health=5, items=["kitchen knife"])
    hero.actions_left = 3
    g.script = list(script)
    g.apply(hero, ("move", b.zone_index["dining"], b.conn_index["hall-dining"]))
    return hero


def test_the_sample_s_dining_room_collapses_into_the_boiler_room():
    """The sample's collapsing floor is the dining room's, its drop the collapse to the boiler
    room one level down."""
    from designer.engine.morts import collapse_drops

    b = Board(designer.load(SAMPLE))
    drops = collapse_drops(b)
    assert [b.zone_ids[z] for z in range(b.n) if drops[z] >= 0] == ["dining"]
    c = drops[b.zone_index["dining"]]
    assert b.conn_ids[c] == "dining-collapse" and b.zone_ids[b.c_to[c]] == "boiler"


def test_a_dodge_of_4_to_6_ends_the_movement_without_falling():
    """"The victim of a hole / floor collapse may try to dodge with 1D6: - 1 to 3 => fall +
    survival test - 4 to 6 => end of movement without falling": a 4 keeps the survivor in the
    dining room, its movement over."""
    g = _game()
    hero = _into_dining(g, [4])
    b = g.board
    assert hero.zone == b.zone_index["dining"] and hero.actions_left == 0 and hero.wounds == 0
    assert [e for e in g.log if e["event"].startswith("collapse")] == [
        {"turn": g.state.turn, "event": "collapse_dodged", "survivor": hero.index, "zone": "dining"}]


def test_a_dodge_of_1_to_3_falls_with_the_survival_test():
    """"1 to 3 => fall + survival test", and the test: "1 to 3 = -1 hit point / stop / 4 to 6 =
    good landing on the ground, plus movement continues": a 3 then a 5 lands in the boiler room
    unhurt with the movement left (3 - 1 for the step into the dining room); a 3 then a 2 costs a
    hit point and stops."""
    g = _game()
    b = g.board
    hero = _into_dining(g, [3, 5])
    assert hero.zone == b.zone_index["boiler"] and hero.wounds == 0 and hero.actions_left == 2
    assert g.state.entered >> b.zone_index["boiler"] & 1, "the survivor entered the boiler room"
    assert {"turn": g.state.turn, "event": "collapse_fall", "survivor": hero.index, "zone": "dining",
            "to": "boiler"} in g.log
    g = _game()
    hero = _into_dining(g, [2, 2])
    assert hero.zone == g.board.zone_index["boiler"] and hero.wounds == 1 and hero.actions_left == 0


def test_the_fall_lands_among_the_zombies_below():
    """"4 to 6 = ok / movement continues (unless enemies fell at the same time, in which case they
    must be killed first)": a survivor who falls among zombies fights them (the house's "You
    encounter zombies => automatic combat")."""
    g = _game()
    b = g.board
    boiler = b.zone_index["boiler"]
    g.state.zombies[boiler][ZOMBIE] = 1
    # the dodge (1), the survival test (6), the survivor's melee die (6 + the knife's 1 - 1 in the dark)
    # against the zombie's (1)
    hero = _into_dining(g, [1, 6, 6, 1])
    assert hero.zone == boiler and sum(g.state.zombies[boiler]) == 0 and hero.wounds == 0


def test_only_the_first_survivor_is_the_victim():
    """A floor gives way once: the second survivor to step into the dining room rolls no dodge."""
    g = _game()
    b = g.board
    _into_dining(g, [4])
    second = _into_dining(g, [])
    assert second.zone == b.zone_index["dining"] and second.actions_left == 2
    assert sum(1 for e in g.log if e["event"].startswith("collapse")) == 1


def test_the_validator_flags_a_collapse_that_cannot_happen_and_one_in_a_breakthrough_zone():
    """"There is no collapse / hole in the floor / TV in a breakthrough zone"; and a collapsing
    floor needs a drop to fall through (and the house rules)."""
    from designer.checks import check

    def codes(data: dict) -> dict[str, list]:
        out: dict[str, list] = {}
        for f in check(Scenario.model_validate(data)).findings:
            out.setdefault(f.code, []).append(f.ids)
        return out

    data = _data()
    found = codes(data)
    assert "house-collapse-without-effect" not in found and "house-collapse-in-breakthrough" not in found
    next(z for z in data["zones"] if z["id"] == "hall").setdefault("flags", {})["collapse"] = True
    next(z for z in data["zones"] if z["id"] == "dining")["flags"]["breakthrough"] = True
    found = codes(data)
    assert found["house-collapse-without-effect"] == [("hall",)], "no drop leaves the hall"
    assert found["house-collapse-in-breakthrough"] == [("dining",)]
    data = _data()
    data["setup"]["rules"]["profile"] = "zombicide"
    assert ("dining",) in codes(data).get("house-collapse-without-effect", [])


def test_the_typed_engine_logs_the_collapse_compiled_and_interpreted_alike():
    """The compiled engine and the same source interpreted roll the dodge and the fall alike and
    log them alike (event code 61); whole games of the sample show both outcomes."""
    from designer.engine import session

    board = Board(designer.load(SAMPLE))
    plan = bot_plan(board.scenario)
    seen = set()
    for seed in range(12):
        logs = []
        for compiled in (True, False):
            typed = session.TypedGame(board, seed, "random", log=True, plan=plan, compiled=compiled)
            typed.play()
            logs.append(typed.log)
        assert logs[0] == logs[1]
        seen |= {e["event"] for e in logs[0] if e["event"].startswith("collapse")}
    assert seen == {"collapse_dodged", "collapse_fall"}
