"""One engine: what the reference engine used to take is played by the typed engine or refused
with a clear message (a hand-built position, a profile object, a stock outside a campaign, a
game beyond the engine's fixed rows); ``designer validate`` reports a scenario beyond them."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import designer
from designer.checks import check
from designer.cli import cli
from designer.engine import Board, EngineLimit, Game, core, session
from designer.engine.board import WALKER
from designer.engine.profiles import Zombicide, make_profile
from designer.io.files import parse
from designer.rules.limits import MAX_HOUSE_DOORS, MAX_ITEMS, MAX_SURVIVORS
from designer.engine.typed import tables as typed_tables

from .conftest import ROOT


def _house(doors: int) -> dict:
    """A 'house' board: a corridor of ``doors + 1`` rooms, each joined to the next by a door."""
    zones = [{"id": f"R{i}", "kind": "room"} for i in range(doors + 1)]
    conns = [{"id": f"d{i}", "kind": "door", "from": f"R{i}", "to": f"R{i + 1}"} for i in range(doors)]
    return {"schema_version": 1, "id": "long-house", "meta": {"title": "a long house"}, "zones": zones,
            "connections": conns, "victory": {"steps": [{"kind": "reach_zone", "zones": [f"R{doors}"]}]},
            "setup": {"start_zones": ["R0"], "rules": {"profile": "house"}}}


def test_the_limits_are_the_engine_s_rows():
    assert (typed_tables.MAX_SURVIVORS, typed_tables.MAX_ITEMS) == (MAX_SURVIVORS, MAX_ITEMS) == (12, 40)
    assert MAX_HOUSE_DOORS == 62


def test_a_house_board_beyond_the_closed_door_word_is_refused_naming_the_scenario_and_the_limit():
    board = Board(parse(_house(MAX_HOUSE_DOORS + 1)))
    with pytest.raises(EngineLimit, match=r"scenario 'long-house'.*63 doors, more than 62") as e:
        Game(board, 1, "greedy")
    assert isinstance(e.value, ValueError) and e.value.scenario == "long-house"
    with pytest.raises(EngineLimit, match="long-house"):
        core.play_table(board, [1, 2], "greedy")
    with pytest.raises(EngineLimit, match="long-house"):
        core.play_party(board, 1, "greedy", None, None)
    Game(Board(parse(_house(MAX_HOUSE_DOORS))), 1, "greedy").play()  # 62 doors play


def test_validate_reports_a_scenario_beyond_the_engine_s_rows():
    over = check(parse(_house(MAX_HOUSE_DOORS + 1))).findings
    limit = [f for f in over if f.code == "engine-limit"]
    assert len(limit) == 1 and limit[0].severity == "error" and "long-house" in limit[0].message
    assert limit[0].ids == ("d62",) and limit[0].path == "connections"
    assert not [f for f in check(parse(_house(MAX_HOUSE_DOORS))).findings if f.code == "engine-limit"]


def test_the_command_line_prints_the_refusal_never_a_traceback(tmp_path):
    path = tmp_path / "long-house.json"
    path.write_text(json.dumps(_house(MAX_HOUSE_DOORS + 1)), encoding="utf-8")
    r = CliRunner().invoke(cli, ["play", str(path), "--seed", "1"])
    assert r.exit_code == 1, r.output
    assert "long-house" in r.output and "62" in r.output and "Traceback" not in r.output


def test_a_party_beyond_the_rows_is_refused():
    board = Board(designer.load(ROOT / "scenarios" / "night-shift.json"))
    heroes = [{"items": [], "xp": 0, "wounds": 0}] * (MAX_SURVIVORS + 1)
    with pytest.raises(EngineLimit, match=f"13 heroes.*at most {MAX_SURVIVORS}"):
        core.play_party(board, 1, "greedy", None, heroes)


def test_a_hand_built_position_steps_the_typed_engine_and_is_written_back():
    """The rulebook's first attack example (Zombicide S2, chapter 7): a walker with one survivor
    in its zone wounds it; the position built by hand is the one that changes."""
    board = Board(designer.load(ROOT / "scenarios" / "night-shift.json"))
    st = board.new_state(seed=1)
    s = st.add_survivor(board.start_zones[0])
    st.zombies[s.zone][WALKER] = 1
    g = Game(board, state=st)
    assert isinstance(g, session.HandGame) and isinstance(g, Game)
    g.activate()
    assert s.wounds == 1 and st.zombies[s.zone][WALKER] == 1


def test_a_built_in_profile_object_plays_its_id_and_overrides():
    s = designer.load(ROOT / "scenarios" / "night-shift.json")
    board = Board(s)
    assert Game(board, 3, "greedy", profile=Zombicide()).board is board
    four = Game(board, 3, "greedy", profile=make_profile("zombicide", {"actions": 4}))
    assert four.board is not board and four.board.scenario.setup.rules.overrides == {"actions": 4}
    assert four.tables.actions == 4

    class Mine(Zombicide):
        pass

    with pytest.raises(designer.engine.ProfileError, match="subclass"):
        Game(board, 3, "greedy", profile=Mine())


def _stock_scenario():
    return designer.load(ROOT / "scenarios" / "scavenger-run.json")


def test_a_stock_outside_a_campaign_is_the_engine_s_stock():
    """``resources=`` on one game: the record starts from the stock handed in."""
    s = _stock_scenario()
    board = Board(s)
    names = typed_tables.resource_names(s)
    assert names, "the sample gains or spends a resource"
    stock = {n: 5 for n in names}
    r = Game(board, 2, "greedy", resources=stock).play()
    assert set(r["resources"]) >= set(names)
    played, _ = core.play_with_heroes(board, 2, "greedy", None, None, None, stock)
    assert r["resources"] == played["resources"] and r["resources_short"] == played["resources_short"]


def test_a_python_callable_in_a_campaign_keeps_the_stock():
    s = _stock_scenario()
    board = Board(s)
    names = typed_tables.resource_names(s)
    stock = {n: 5 for n in names}

    def first(view, survivor, actions):
        return actions[0]

    record, _ = core.play_party(board, 2, first, None, None, resources=stock)
    assert "resources" in record and set(record["resources"]) >= set(names)
