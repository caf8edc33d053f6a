"""Les morts aux trousses (seed 003): the house rules the engines play, each checked against the
rulebook's sentence (quoted in the test's docstring), and played alike by the typed engine."""

from __future__ import annotations

import pytest

import designer
from designer.engine import Board, core
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine.batch import game_seed
from designer.engine.board import ZOMBIE
from designer.plans import bot_plan
from designer.rules.equipment import item

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "les-morts-aux-trousses.json"


def house_game(seed: int = 1) -> Game:
    b = Board(designer.load(SAMPLE))
    st = b.new_state(seed)
    st.pool[ZOMBIE] = 30
    return Game(b, state=st, policy="greedy")


def zi(g: Game, zone: str) -> int:
    return g.board.zone_index[zone]


def conn(g: Game, cid: str) -> int:
    return g.board.conn_index[cid]


def test_the_elevator_costs_three_in_all():
    """"Elevator: yes (entering + going up or down + leaving = 3 movement)": a survivor with 3
    movement rides from the hall to the landing in one turn."""
    g = house_game()
    hero = g.state.add_survivor(zi(g, "hall"), health=5)
    hero.actions_left = g.profile.action_budget(g, hero)
    for to, via in (("lift-0", "hall-lift"), ("lift-1", "lift-up"), ("landing", "landing-lift")):
        g.apply(hero, ("move", zi(g, to), conn(g, via)))
    assert hero.zone == zi(g, "landing") and hero.actions_left == 0


@pytest.mark.parametrize("roll,wounds,left", [(3, 1, 0), (4, 0, 2)])
def test_a_jump_asks_for_a_survival_roll_per_level(roll, wounds, left):
    """"Jumping into a collapse / from the walkway: from one floor to another = 1 movement, plus
    survival test (1D6 per floor)... 1 to 3 = -1 hit point / stop; 4 to 6 = good landing on the
    ground, plus movement continues"."""
    g = house_game()
    hero = g.state.add_survivor(zi(g, "walkway"), health=5)
    g.state.zombies[zi(g, "living")] = [0] * len(g.state.zombies[0])
    hero.actions_left = 3
    g.script = [roll]
    g.apply(hero, ("move", zi(g, "living"), conn(g, "walkway-hole")))
    assert hero.zone == zi(g, "living")
    assert hero.wounds == wounds and hero.actions_left == left


def test_a_deeper_fall_rolls_once_per_level():
    """"survival test (1D6 per floor)": a drop of two levels asks for two rolls."""
    data = designer.load(SAMPLE).model_dump(mode="json", by_alias=True, exclude_none=True)
    for c in data["connections"]:
        if c["id"] == "walkway-hole":
            c["to"] = "boiler"  # from the first floor to the basement
    from tests.reference.profiles import fall_levels
    from designer.model.scenario import Scenario

    b = Board(Scenario.model_validate(data))
    assert fall_levels(b, b.conn_index["walkway-hole"]) == 2
    assert fall_levels(b, b.conn_index["dining-collapse"]) == 1
    assert fall_levels(b, b.conn_index["main-stairs"]) == 0


def test_zombies_never_enter_a_burning_room():
    """"Zombie Movement ... Room on fire: no": no zombie path leads into the burning bathroom."""
    g = house_game()
    bath = zi(g, "bathroom")
    assert g.board.fire[bath]
    assert all(v != bath for z in range(g.board.n) for v, _, _ in g.board.zpath_adj[z])
    assert any(v == bath for v, _ in g.board.surv_adj[zi(g, "landing")]), "survivors may still go in"


def test_fire_costs_a_hit_point_crossing_and_another_for_staying():
    """"Burning room => you may cross it without stopping = cost 1 hit point (if you stay in
    place, you pay 1 hit point on the next turn)"."""
    g = house_game()
    hero = g.state.add_survivor(zi(g, "landing"), health=5)
    hero.actions_left = 3
    g.apply(hero, ("move", zi(g, "bathroom"), conn(g, "landing-bathroom")))
    assert hero.wounds == 1
    g.profile.action_budget(g, hero)  # the next turn starts in the burning room
    assert hero.wounds == 2


def test_a_survivor_killed_by_fire_does_not_rise():
    """"When a survivor dies in a ceiling collapse / in the fire, he is permanently destroyed!"
    (killed by zombies, he rises: "On the next turn, you become a zombie")."""
    g = house_game()
    burnt = g.state.add_survivor(zi(g, "bathroom"), health=1)
    bitten = g.state.add_survivor(zi(g, "hall"), health=1)
    g.profile.action_budget(g, burnt)
    g.wound(bitten, 1, cause="zombies")
    assert not burnt.alive and not bitten.alive
    assert g.state.rising == [zi(g, "hall")]


@pytest.mark.parametrize("zone,won", [("kitchen", True), ("cellar", False)])
def test_melee_in_the_dark_has_a_minus_one(zone, won):
    """"A survivor fighting in melee in the dark has a -1 penalty / A zombie in the dark has no
    penalty": the same dice kill a zombie in the kitchen and lose in the cellar."""
    g = house_game()
    z = zi(g, zone)
    g.state.zombies[z] = [0] * len(g.state.zombies[0])
    g.state.place_zombies(z, "zombie", 1)
    hero = g.state.add_survivor(z, health=5, items=["kitchen knife"])
    g.script = [4, 4]  # the survivor's die (4 + the knife's 1), the zombie's die (4)
    assert g.profile.brawl(g, hero, item("kitchen knife")) is won
    assert hero.wounds == (0 if won else 1)


def test_a_melee_die_of_one_breaks_the_weapon():
    """"Die score = 1 ===> weapon destroyed (discarded) / the combat is still resolved"."""
    g = house_game()
    z = zi(g, "kitchen")
    g.state.zombies[z] = [0] * len(g.state.zombies[0])
    g.state.place_zombies(z, "zombie", 1)
    hero = g.state.add_survivor(z, health=5, items=["fire axe", "pistol"])
    g.script = [1, 1]  # 1 + the axe's 2 beats the zombie's 1: a kill, and the axe breaks
    assert g.profile.brawl(g, hero, item("fire axe"))
    assert hero.items == ["pistol"] and "fire axe" in g.state.ediscard
    assert g.state.zombies[z][ZOMBIE] == 0


def test_a_shot_of_one_jams_the_gun():
    """"successful shot on 4, 5 or 6 / on 1 the weapon jams": clearing the jam takes the rest of
    the survivor's turn (docs/last-night-on-earth.md)."""
    g = house_game()
    z = zi(g, "kitchen")
    g.state.place_zombies(z, "zombie", 1)
    hero = g.state.add_survivor(zi(g, "living"), health=5, items=["pistol"])
    hero.actions_left = 3
    g.script = [1]
    g.profile.ranged(g, hero, item("pistol"), z)
    assert hero.actions_left == 0 and "pistol" in hero.items


@pytest.mark.parametrize("survivors", [1, 2, 3, 4])
def test_the_typed_engine_plays_the_house_rules_compiled_and_interpreted_alike(survivors):
    """Falls, fire, the dark's malus, broken and jammed weapons, the office's key drawn: the
    compiled typed engine gives the records of the same source interpreted, for every team
    size."""
    board = Board(designer.load(SAMPLE))
    plan = bot_plan(board.scenario)
    seeds = [game_seed(12, i) for i in range(12)]
    for policy in ("greedy", "cautious", "random"):
        assert core.unsupported(board, policy, survivors, plan=plan) is None
        assert core.play_games(board, seeds, policy, survivors, 0, plan) == \
            core.play_interpreted(board, seeds, policy, survivors, 0, plan)


def _sample_data() -> dict:
    return designer.load(SAMPLE).model_dump(mode="json", by_alias=True, exclude_none=True)


def _codes(data: dict) -> dict[str, list]:
    from designer.checks import check
    from designer.model.scenario import Scenario

    out: dict[str, list] = {}
    for f in check(Scenario.model_validate(data)).findings:
        out.setdefault(f.code, []).append(f)
    return out


def test_the_validator_flags_an_elevator_trip_that_does_not_cost_three():
    """"Elevator: yes (entering + going up or down + leaving = 3 movement)": a ride of cost 3
    between cars entered for 1 makes a trip of 5, which the validator names."""
    data = _sample_data()
    assert "house-elevator-cost" not in _codes(data)
    for c in data["connections"]:
        if c["id"] == "lift-up":
            c["cost"] = 3
    found = _codes(data)["house-elevator-cost"]
    assert len(found) == 1 and "lift-up" in found[0].ids and "costs 5" in found[0].message


def test_the_validator_flags_a_drop_that_does_not_go_down_and_a_spawn_on_fire():
    """A jump goes "from one floor to another" downward; zombies never enter a "Room on fire"."""
    data = _sample_data()
    for c in data["connections"]:
        if c["id"] == "dining-collapse":
            c["from"], c["to"] = "boiler", "dining"  # from the basement up to the ground floor
    for z in data["zones"]:
        if z["id"] == "coal":
            z.setdefault("flags", {})["fire"] = True
    found = _codes(data)
    assert [f.ids for f in found["house-drop-not-down"]] == [("dining-collapse",)]
    assert [f.ids for f in found["house-spawn-on-fire"]] == [("arrow-coal", "coal")]
