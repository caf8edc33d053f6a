"""Les morts aux trousses (seed 003): doors a survivor closes (``closable``), which only the closer
or a key holder opens again, and which survivors (in melee or with a rifle) and zombies break.
Each test quotes the rulebook's sentence; the typed engine plays and logs them as the reference
engine does."""

from __future__ import annotations

import pytest

import designer
from designer.engine import Board, Game, core, session
from designer.engine.batch import game_seed
from designer.engine.board import ZOMBIE
from designer.engine.casual import close_behind
from designer.engine.table import GameTable
from designer.model.scenario import Scenario
from designer.plans import bot_plan


from .test_morts_collapse import SAMPLE, _data, _game  # the sample, and a position on it with no zombie


def _hero(g: Game, zone: str, items: tuple[str, ...] = ("kitchen knife",)):
    s = g.state.add_survivor(g.board.zone_index[zone], health=5, items=list(items))
    s.actions_left = 3
    return s


def _door(g: Game, door: str = "hall-living") -> int:
    return g.board.door_index[door]


def test_the_sample_s_house_doors_are_closable_and_breakable():
    """The sample's six house doors (and the 5-6 player office's) may be closed by a survivor and
    broken; the bunkers' locked doors may not."""
    s = designer.load(SAMPLE)
    doors = {c.id: c for c in s.connections if c.kind == "door"}
    closable = {d for d, c in doors.items() if c.closable}
    assert closable == {"hall-living", "hall-dining", "kitchen-dining", "landing-bathroom", "walkway-bedroom",
                        "walkway-office"}
    assert all(doors[d].breakable for d in closable)


def test_only_the_closer_or_a_key_holder_uses_a_closed_door():
    """"The one who closes a door is the only one who can use it from then on. (if another
    player also has a key, he may choose the same door)": once survivor 1 closes the hall's door
    to the living room, it may open it again; survivor 2 may only break it, unless it holds the
    key of the door's lock."""
    data = _data()
    for c in data["connections"]:
        if c["id"] == "hall-living":
            c["lock"] = {"kind": "item", "item": "office key"}
    g = _game(data)
    d = _door(g)
    closer, other = _hero(g, "hall"), _hero(g, "hall")
    assert ("close", d) in g.legal_actions(closer)
    g.apply(closer, ("close", d))
    assert not g.state.doors_open >> d & 1 and closer.actions_left == 2
    assert ("open", d) in g.legal_actions(closer) and ("break", d) not in g.legal_actions(closer)
    assert ("break", d) in g.legal_actions(other) and ("open", d) not in g.legal_actions(other)
    other.items.append("office key")
    assert ("open", d) in g.legal_actions(other)
    g.apply(closer, ("open", d))
    assert g.state.doors_open >> d & 1 and not g.state.held >> d & 1  # open again, nobody's
    assert [e["event"] for e in g.log if e["event"] in ("door_closed", "open")] == ["door_closed", "open"]


@pytest.mark.parametrize("dice,broken", [([6, 3], True), ([2, 1], False), ([3, 4], False)])
def test_a_survivor_breaks_a_door_in_melee_against_the_door_s_plus_two(dice, broken):
    """"Breaking a door in melee => +2 bonus for the door (on failure the movement is over!)":
    the survivor's die + its knife's 1 must beat the door's die + 2 (6 + 1 beats 3 + 2; 2 + 1
    ties 1 + 2, and a tie goes to the door; 3 + 1 loses to 4 + 2); a broken door stays open, and
    nobody closes it again."""
    g = _game()
    d = _door(g)
    closer, other = _hero(g, "hall"), _hero(g, "hall")
    g.apply(closer, ("close", d))
    g.script = list(dice)
    g.apply(other, ("break", d))
    assert bool(g.state.doors_open >> d & 1) == broken == bool(g.state.broken >> d & 1)
    assert other.actions_left == (2 if broken else 0)
    if broken:
        assert ("close", d) not in g.legal_actions(closer)
    assert [(e["survivor"], e["broken"]) for e in g.log if e["event"] == "door_break"] == [(other.index, broken)]


def test_a_melee_die_of_one_on_a_door_breaks_the_weapon():
    """"Die score = 1 ===> weapon destroyed (discarded)" (the rules of all combats): a 1 on the
    door breaks the knife as well as failing."""
    g = _game()
    d = _door(g)
    closer, other = _hero(g, "hall"), _hero(g, "hall")
    g.apply(closer, ("close", d))
    g.script = [1, 1]
    g.apply(other, ("break", d))
    assert "kitchen knife" not in other.items and not g.state.doors_open >> d & 1


@pytest.mark.parametrize("roll,broken,left", [(4, True, 2), (3, False, 2), (1, False, 0)])
def test_a_rifle_breaks_a_door_and_a_miss_does_not_stop_the_movement(roll, broken, left):
    """"A door may also be broken with a rifle! A failed shot does not stop the movement. (you
    can go elsewhere)"; "successful shot on 4, 5 or 6 / on 1 the weapon jams"."""
    g = _game()
    d = _door(g)
    closer, other = _hero(g, "hall"), _hero(g, "hall", ("kitchen knife", "rifle"))
    g.apply(closer, ("close", d))
    g.script = [roll]
    g.apply(other, ("break", d))
    assert bool(g.state.doors_open >> d & 1) == broken and other.actions_left == left
    assert ("weapon_jammed" in [e["event"] for e in g.log]) == (roll == 1)


@pytest.mark.parametrize("zombies,dice,broken", [(1, [6, 3], True), (1, [4, 2], False), (3, [2, 1], True)])
def test_zombies_break_a_closed_door(zombies, dice, broken):
    """"Zombies may also break a door (unless a survivor is in the room with them)", "Breaking a
    door: only if there is no survivor in the room / +2 for the door", "Accumulation of zombies =
    combat bonus: (1 zombie = 0 / 2 zombies = 1 / 3 zombies = 2)": one die plus the group's bonus
    must beat the door's die + 2; breaking is their action, they stay where they are."""
    g = _game()
    b, st = g.board, g.state
    d = _door(g)
    hall, living = b.zone_index["hall"], b.zone_index["living"]
    closer = _hero(g, "hall")
    g.apply(closer, ("close", d))
    st.zombies[living][ZOMBIE] = zombies
    g.script = list(dice)
    assert g.move_zombies(living, hall, ZOMBIE, zombies) == 0
    assert bool(st.doors_open >> d & 1) == broken and st.zombies[living][ZOMBIE] == zombies
    assert g.log[-1]["event"] == "zombies_break_door" and g.log[-1]["broken"] == broken


def test_zombies_do_not_break_a_door_with_a_survivor_in_their_room():
    """"Zombies may also break a door (unless a survivor is in the room with them)"."""
    g = _game()
    b, st = g.board, g.state
    d = _door(g)
    hall, living = b.zone_index["hall"], b.zone_index["living"]
    closer = _hero(g, "hall")
    g.apply(closer, ("close", d))
    _hero(g, "living")
    st.zombies[living][ZOMBIE] = 3
    g.script = [6, 1]
    assert g.move_zombies(living, hall, ZOMBIE, 3) == 0
    assert not st.doors_open >> d & 1 and g.script == [6, 1]  # no die rolled


def test_casual_closes_the_door_behind_it_on_the_zombies():
    """casual shuts the door it came through when the room it left holds zombies and no other
    survivor (docs/les-morts-aux-trousses.md)."""
    g = _game()
    b, st = g.board, g.state
    d = _door(g)
    hall, living = b.zone_index["hall"], b.zone_index["living"]
    hero = _hero(g, "living")
    st.zombies[b.zone_index["kitchen"]][ZOMBIE] = 0
    g.apply(hero, ("move", hall, b.conn_index["hall-living"]))
    st.zombies[living][ZOMBIE] = 2
    assert close_behind(g.view, hero, g.legal_actions(hero)) == ("close", d)
    mate = _hero(g, "living")
    assert close_behind(g.view, hero, g.legal_actions(hero)) is None, "a team mate is still there"
    mate.alive = False
    st.zombies[living][ZOMBIE] = 0
    assert close_behind(g.view, hero, g.legal_actions(hero)) is None, "no zombie behind"


def _with_doors() -> Board:
    return Board(designer.load(SAMPLE))


def _reference(board: Board, seeds: list[int], policy: str) -> GameTable:
    out = []
    for i, seed in enumerate(seeds):
        record = dict(Game(board, seed, policy, plan=bot_plan(board.scenario)).play())
        record["game"] = i
        out.append(record)
    return GameTable.from_records(out, board.zone_ids, board.obj_ids)


def test_the_typed_engine_logs_the_doors_as_the_reference():
    """Both engines close and break doors with the same dice and log them alike (event codes
    62-64), for the bots that close (casual), break (all) and pick at random."""
    board = _with_doors()
    plan = bot_plan(board.scenario)
    seen = set()
    for policy in ("random", "casual"):
        for seed in range(6):
            ref = Game(board, seed, policy, log=True, plan=plan)
            ref.play()
            typed = session.TypedGame(board, seed, policy, log=True, plan=plan)
            typed.play()
            assert typed.log == ref.log
            seen |= {e["event"] for e in ref.log if "door" in e["event"] and e["event"] != "open"}
    assert seen == {"door_closed", "door_break", "zombies_break_door"}


@pytest.mark.parametrize("policy", ["casual", "random"])
def test_the_typed_engine_plays_the_doors_like_the_reference(policy):
    """The typed engine gives the reference engine's records with the doors' rules, compiled and
    interpreted."""
    board = _with_doors()
    plan = bot_plan(board.scenario)
    seeds = [game_seed(14, i) for i in range(16)]
    assert core.unsupported(board, policy, None, plan=plan) is None
    assert core.play_games(board, seeds, policy, None, 0, plan) == _reference(board, seeds, policy)
    assert core.play_interpreted(board, seeds[:6], policy, None, 0, plan) == _reference(board, seeds[:6], policy)


def test_the_validator_flags_a_closable_door_without_effect_or_for_good():
    """A ``closable`` door outside a house game, or one only its button opens, is never closed
    (``house-closable-without-effect``); a house door a survivor may close but nobody may break
    stays shut for good when its closer dies (``house-closable-unbreakable``)."""
    from designer.checks import check

    def codes(data: dict) -> dict[str, list]:
        out: dict[str, list] = {}
        for f in check(Scenario.model_validate(data)).findings:
            out.setdefault(f.code, []).append(f.ids)
        return out

    data = _data()
    assert "house-closable-without-effect" not in codes(data) and "house-closable-unbreakable" not in codes(data)
    for c in data["connections"]:
        if c["id"] == "hall-living":
            c["breakable"] = False
        if c["id"] == "hall-dining":
            c["by_hand"] = False
    found = codes(data)
    assert found["house-closable-unbreakable"] == [("hall-living",)]
    assert found["house-closable-without-effect"] == [("hall-dining",)]
    data["setup"]["rules"]["profile"] = "zombicide"
    assert len(codes(data)["house-closable-without-effect"]) == 6
