"""Les morts aux trousses (seed 003): a dead survivor's belongings, lying by the body until it
rises, looted by another survivor (action ``("loot", dead survivor)``, event ``loot``). Each test
quotes the rulebook; the typed engine plays it compiled and interpreted alike."""

from __future__ import annotations

import pytest

import designer
from designer.engine import Board
from designer.engine.board import ZOMBIE
from designer.engine.session import TypedGame
from designer.model.scenario import Scenario

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "les-morts-aux-trousses.json"
ITEMS = ["kitchen knife", "bunker B key", "pistol"]
ENGINES = [pytest.param(True, id="compiled"), pytest.param(False, id="interpreted")]


def _board(lit_boiler: bool = False) -> Board:
    data = designer.load(SAMPLE).model_dump(mode="json", by_alias=True, exclude_none=True)
    if lit_boiler:
        for z in data["zones"]:
            if z["id"] == "boiler":
                z["flags"] = {}
    return Board(Scenario.model_validate(data))


def _fall_to_death(board: Board, compiled: bool, policy: str = "greedy"):
    """Survivor 1 waits in the boiler room; survivor 0, one hit point left, steps into the dining
    room, whose floor gives way (dodge 1), and dies of the survival roll (2) in the boiler room."""
    st = board.new_state(1)
    st.zombies = [[0] * len(row) for row in st.zombies]
    st.pool[ZOMBIE] = 30
    victim = st.add_survivor(board.zone_index["hall"], health=5, items=list(ITEMS))
    victim.wounds = 4
    victim.actions_left = 3
    looter = st.add_survivor(board.zone_index["boiler"], health=5, items=[])
    looter.actions_left = 3
    g = TypedGame.from_state(board, st, policy, log=True, compiled=compiled)
    g.script = [1, 2]
    g.apply(victim.index, ("move", board.zone_index["dining"], board.conn_index["hall-dining"]))
    sv = g.engine.state()["survivors"]
    assert not sv[0]["alive"] and sv[0]["zone"] == board.zone_index["boiler"]
    return g


def _held(g: TypedGame, si: int) -> list[str]:
    return sorted(g.names[i] for i in g.engine.state()["survivors"][si]["items"])


@pytest.mark.parametrize("compiled", ENGINES)
def test_the_belongings_of_a_survivor_killed_by_an_event_are_recovered_like_an_object_token(compiled):
    """"If a survivor is killed at range from an adjacent room, or by a zombie, or by an event: his
    belongings may be recovered like an object token": killed by a fall in a lit boiler room, the
    dead survivor's items lie there; the survivor there takes them all with one action (event
    ``loot`` per item) and nothing is left to take."""
    board = _board(lit_boiler=True)
    g = _fall_to_death(board, compiled)
    assert ("loot", 0) in g.legal_actions(1)
    assert _held(g, 0) == []
    g.apply(1, ("loot", 0))
    loot = [e for e in g.log if e["event"] == "loot"]
    got = sorted(e["item"] for e in loot)
    assert got and set(got) <= set(ITEMS) and len(got) >= len(ITEMS) - 1, "a wound may discard one item"
    assert all(e["survivor"] == 1 and e["from"] == 0 for e in loot)
    assert _held(g, 1) == got
    assert g.engine.state()["survivors"][1]["actions_left"] == 2, "one action, like collecting a token"
    assert ("loot", 0) not in g.legal_actions(1)
    assert "survivor 2 takes kitchen knife from a dead survivor's belongings" in g.transcript() or \
        "kitchen knife" not in got


@pytest.mark.parametrize("compiled", ENGINES)
def test_no_looting_in_the_dark(compiled):
    """"Darkness: movement = 2 (no collection)": the belongings are recovered "like an object
    token", so nobody takes them in the dark boiler room."""
    g = _fall_to_death(_board(), compiled)
    assert not any(a[0] == "loot" for a in g.legal_actions(1))


@pytest.mark.parametrize("compiled", ENGINES)
def test_the_risen_keep_their_belongings(compiled):
    """"On the next turn, you become a zombie", "When you rise as a zombie, if you still have your
    objects, you keep them without using them": once the body has risen (the spawn phase), its
    items are no longer there to take."""
    board = _board(lit_boiler=True)
    g = _fall_to_death(board, compiled)
    g.spawn_phase()
    boiler = board.zone_index["boiler"]
    assert g.engine.state()["zombies"][boiler][ZOMBIE] == 1
    assert not any(a[0] == "loot" for a in g.legal_actions(1))


@pytest.mark.parametrize("compiled", ENGINES)
def test_a_body_destroyed_by_fire_keeps_its_belongings_on_the_floor(compiled):
    """"When a survivor dies in a ceiling collapse / in the fire, he is permanently destroyed!": a
    survivor the burning bathroom kills never rises, so its belongings stay there after the
    zombies' turn, and a survivor in the bathroom ("Fire in a dark room = light") takes them."""
    board = _board()
    st = board.new_state(1)
    st.zombies = [[0] * len(row) for row in st.zombies]
    st.pool[ZOMBIE] = 30
    bath = board.zone_index["bathroom"]
    victim = st.add_survivor(board.zone_index["landing"], health=5, items=["kitchen knife", "pistol"])
    victim.wounds = 4
    victim.actions_left = 3
    looter = st.add_survivor(bath, health=5, items=[])
    looter.actions_left = 3
    g = TypedGame.from_state(board, st, "greedy", log=True, compiled=compiled)
    g.apply(0, ("move", bath, board.conn_index["landing-bathroom"]))
    assert not g.engine.state()["survivors"][0]["alive"]
    g.spawn_phase()
    assert sum(g.engine.state()["zombies"].get(bath, [0])) == 0, "burnt for good: no zombie rises"
    assert ("loot", 0) in g.legal_actions(1)
    g.apply(1, ("loot", 0))
    assert _held(g, 1) and set(_held(g, 1)) <= {"kitchen knife", "pistol"}


def test_compiled_and_interpreted_loot_alike():
    """The same position gives the same log compiled and interpreted."""
    logs = []
    for compiled in (True, False):
        g = _fall_to_death(_board(lit_boiler=True), compiled)
        g.apply(1, ("loot", 0))
        logs.append(g.log)
    assert logs[0] == logs[1]


@pytest.mark.parametrize("compiled", ENGINES)
def test_casual_loots_free_items_greedy_walks_on(compiled):
    """casual takes a dead survivor's belongings lying in its zone when no zombie is there (free
    items, docs/bots.md); greedy follows its plan without them."""
    g = _fall_to_death(_board(lit_boiler=True), compiled, "casual")
    g.survivor_phase()
    loot = [e for e in g.log if e["event"] == "loot"]
    assert loot and all(e["survivor"] == 1 and e["from"] == 0 for e in loot)
    g = _fall_to_death(_board(lit_boiler=True), compiled, "greedy")
    g.survivor_phase()
    assert not [e for e in g.log if e["event"] == "loot"]


@pytest.mark.parametrize("compiled", ENGINES)
def test_a_copy_of_the_game_keeps_the_body_s_belongings(compiled):
    """A copy (the expert's look-ahead snapshots) has the same belongings to loot, and looting in
    the copy leaves the original's in place."""
    g = _fall_to_death(_board(lit_boiler=True), compiled)
    c = g.copy()
    assert ("loot", 0) in c.legal_actions(1)
    c.apply(1, ("loot", 0))
    assert ("loot", 0) not in c.legal_actions(1) and ("loot", 0) in g.legal_actions(1)
    assert _held(g, 1) == []
