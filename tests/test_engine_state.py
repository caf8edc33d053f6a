"""The game state stores only what a game touches: a new game costs nothing per zone of the map."""

from __future__ import annotations

import pytest

from designer.bench.playtest import padded
from designer.engine import Board
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine.state import ZoneCounts
from designer.plans import bot_plan

from .conftest import ROOT


def test_zone_counts_read_like_a_list():
    c = ZoneCounts(4)
    assert len(c) == 4 and list(c) == [0, 0, 0, 0] and c == [0, 0, 0, 0]
    c[2] += 3
    c[0] = 1
    assert c == [1, 0, 3, 0] and c != [1, 0, 3, 1]
    assert c[1] == 0 and dict.__len__(c) == 2, "reading a zone stores nothing"
    d = c.copy()
    d[3] += 1
    assert c == [1, 0, 3, 0] and d == [1, 0, 3, 1]
    with pytest.raises(IndexError, match="out of range"):
        c[4]
    with pytest.raises(IndexError):
        c[-1] += 1


def test_a_game_on_a_huge_map_stores_only_the_zones_it_touches():
    s = padded(str(ROOT / "scenarios" / "seul-dans-le-noir.json"), 20_000)
    board = Board(s)
    g = Game(board, 3, "greedy", plan=bot_plan(s))
    st = g.state
    for counts in (st.noise, st.zone_deaths, st.zone_kills, st.zone_visits):
        assert len(counts) == 20_000 and dict.__len__(counts) <= 22
    g.play()
    touched = set(range(22))  # the padding is unreachable
    for counts in (st.noise, st.zone_deaths, st.zone_kills, st.zone_visits, st.zombies):
        assert set(dict.keys(counts)) <= touched
    assert st.haunted <= touched


def test_the_board_is_the_one_compiled_scenario():
    import designer
    from designer.rules import compile as compile_scenario

    s = designer.load(ROOT / "scenarios" / "night-shift.json")
    cs = compile_scenario(s)
    board = Board(cs)
    assert board.rules is cs and board.scenario is s
    for name in Board.STATIC:
        assert getattr(board, name) is getattr(cs, name), name
    again = Board(s)  # from the scenario: compiled once more, the same tables
    assert all(getattr(again, name) == getattr(cs, name) for name in Board.STATIC)
    # one definition of a building: the engine's building zones are the compiled ones
    assert all((board.building_of[z] >= 0) == cs.is_building[z] for z in range(board.n))
