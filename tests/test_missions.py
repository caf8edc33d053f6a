"""The victory and defeat kinds, effects and set-up of the Prison Outbreak missions (seed 001,
chapter #12 "MISSIONI"): the model, the validator and the reference engine, each test from a
sentence of the mission pages (quoted in its docstring)."""

from __future__ import annotations

import pytest

from designer.checks import check
from designer.engine import Board, Game
from designer.engine import core
from designer.io.files import LoadError, parse

# A small prison: the yard Y (start), a corridor C behind the purple door, the safe area S behind
# the white door, a cell K behind a cell door (a spawn inside), an exit E off the corridor. The
# purple button in C toggles the purple door; the white button in S toggles the white door.


def mission(steps, *, ordered=True, extra=None, triggers=None, objectives=None, spawns=None, setup=None,
            defeat=None):
    data = {
        "schema_version": 1, "id": "mini-prison", "meta": {"title": "mini prison"},
        "zones": [{"id": "Y"}, {"id": "C", "kind": "corridor"}, {"id": "S", "kind": "room"},
                  {"id": "K", "kind": "cell"}, {"id": "E"}],
        "connections": [
            {"id": "purple-door", "kind": "door", "from": "Y", "to": "C", "state": "open"},
            {"id": "white-door", "kind": "door", "from": "C", "to": "S", "state": "open",
             "spawns_on_first_open": False},
            {"id": "cell-door", "kind": "door", "from": "C", "to": "K", "state": "locked", "by_hand": False},
            {"id": "c-e", "kind": "opening", "from": "C", "to": "E"},
        ],
        "objectives": objectives if objectives is not None else [
            {"id": "purple-button", "kind": "switch", "zone": "S", "colour": "purple"},
            {"id": "white-button", "kind": "switch", "zone": "S", "colour": "white"},
        ],
        "triggers": triggers if triggers is not None else [
            {"id": "purple", "when": {"kind": "switch_pressed", "switch": "purple-button"},
             "then": [{"kind": "toggle_door", "door": "purple-door"}], "once": False},
            {"id": "white", "when": {"kind": "switch_pressed", "switch": "white-button"},
             "then": [{"kind": "toggle_door", "door": "white-door"}], "once": False},
        ],
        "spawns": spawns if spawns is not None else [],
        "exits": ["E"],
        "victory": {"ordered": ordered, "steps": steps},
        "setup": {"start_zones": ["Y"], "survivors": {"min": 1, "max": 6,
                                                       "starting_equipment": ["claw hammer", "pistol"]},
                  "zombie_pool": {"walker": 40, "runner": 16, "fatty": 16, "abomination": 1},
                  **(setup or {})},
    }
    if defeat is not None:
        data["defeat"] = defeat
    data.update(extra or {})
    return parse(data)


def game(s, survivors=1, seed=1):
    b = Board(s)
    g = Game(b, seed, "greedy", survivors=survivors, plan=())
    return b, g


def codes(s):
    return [f.code for f in check(s).findings]


# -- 1. victory and defeat kinds --------------------------------------------------------------


def test_no_zombie_on_the_board_is_won_at_the_moment_the_last_one_dies():
    """M07: "La Missione ha successo se, in qualunque momento dopo aver completato i due
    Obiettivi precedenti, non ci sono più Zombi sul Tabellone"."""
    s = mission([{"kind": "open_doors", "doors": ["purple-door"]}, {"kind": "no_zombies"}],
                extra={"connections": [
                    {"id": "purple-door", "kind": "door", "from": "Y", "to": "C", "state": "closed"},
                    {"id": "c-e", "kind": "opening", "from": "C", "to": "E"},
                    {"id": "c-s", "kind": "opening", "from": "C", "to": "S"}]}, objectives=[], triggers=[])
    b, g = game(s)
    st = g.state
    st.place_zombies(b.zone_index["E"], "walker", 1)
    g.check_victory()
    assert st.outcome == "", "the earlier step is not done: a board with zombies does not matter yet"
    st.doors_open |= 1 << b.door_index["purple-door"]
    st.doors_ever |= 1 << b.door_index["purple-door"]
    g.check_victory()
    assert st.outcome == "" and st.progress == 1, "door opened, one walker still on the board"
    g.kill(st.survivors[0], b.zone_index["E"], 0)
    g.check_victory()
    assert st.outcome == "win"


def test_a_condition_is_never_kept_once_met():
    """M01, step 2: "bloccate la Porta Viola e quella Bianca": the doors must be closed when
    the mission is won, not once at some moment before."""
    s = mission([{"kind": "doors_closed", "doors": ["purple-door", "white-door"]},
                 {"kind": "hold_zone", "zones": ["S"]}])
    b, g = game(s)
    st = g.state
    st.doors_open = 0
    g.check_victory()
    assert st.outcome == "" and st.progress == 0, "doors closed but nobody holds the safe area"
    st.doors_open = 1 << b.door_index["purple-door"]
    st.survivors[0].zone = b.zone_index["S"]
    g.check_victory()
    assert st.outcome == "", "the purple door is open again: closing it earlier does not count"
    st.doors_open = 0
    g.check_victory()
    assert st.outcome == "win"


def test_unordered_conditions_hold_together():
    """M01: "Almeno un Sopravvissuto deve trovarsi all'interno della Prigione in quest'area
    sicura" (at the end, together with the doors closed)."""
    s = mission([{"kind": "hold_zone", "zones": ["S"]}, {"kind": "doors_closed", "doors": ["white-door"]}],
                ordered=False)
    b, g = game(s)
    st = g.state
    st.survivors[0].zone = b.zone_index["S"]
    g.check_victory()
    assert st.outcome == "" and st.progress == 0
    st.survivors[0].zone = b.zone_index["Y"]
    st.doors_open = 0
    g.check_victory()
    assert st.outcome == "", "the safe area was held earlier, not now"
    st.survivors[0].zone = b.zone_index["S"]
    g.check_victory()
    assert st.outcome == "win"


def test_zombies_with_no_path_to_the_safe_area():
    """M01: "Uccidete tutti gli Zombi che sono riusciti ad entrare, finchè quelli rimasti non
    avranno più un percorso valido per raggiungere i Sopravvissuti"."""
    s = mission([{"kind": "no_zombie_path", "zones": ["S"]}])
    b, g = game(s)
    st = g.state
    st.place_zombies(b.zone_index["Y"], "walker", 2)
    g.check_victory()
    assert st.outcome == "", "both doors open: the walkers in the yard walk in"
    st.doors_open &= ~(1 << b.door_index["purple-door"])
    g.check_victory()
    assert st.outcome == "win", "the purple door closed cuts the yard off"


def test_a_zombie_inside_the_safe_area_has_a_path():
    """M01: "Uccidete tutti gli Zombi che sono riusciti ad entrare"."""
    s = mission([{"kind": "no_zombie_path", "zones": ["S"]}])
    b, g = game(s)
    st = g.state
    st.doors_open = 0
    st.place_zombies(b.zone_index["S"], "runner", 1)
    g.check_victory()
    assert st.outcome == ""
    g.kill(st.survivors[0], b.zone_index["S"], 1)
    g.check_victory()
    assert st.outcome == "win"


FOOD = ["canned food", "bag of rice", "water"]


def food_mission(count=2, tokens=3, pile=3):
    objectives = [{"id": f"red-{k}", "kind": "token", "zone": "C"} for k in range(tokens)]
    triggers = [{"id": f"food-{k}", "when": {"kind": "objective_taken", "objective": f"red-{k}"},
                 "then": [{"kind": "give_card"}]} for k in range(tokens)]
    return mission([{"kind": "carry_items", "items": FOOD, "count": count, "zones": ["Y"]}],
                   objectives=objectives, triggers=triggers, defeat={"carrier_dies": FOOD},
                   setup={"set_aside": [{"item": "canned food", "count": pile}],
                          "equipment_deck": [{"item": "pistol", "count": 4}, {"item": "aaah", "count": 1}]})


def test_each_red_token_gives_a_set_aside_food_card():
    """M08: "Ogni Volta che viene raccolto un Segnalino Obiettivo Rosso, il Sopravvissuto che
    l'ha preso riceve una di queste Carte a caso e può riorganizzare liberamente l'Inventario"."""
    s = food_mission(pile=2)
    b, g = game(s)
    st = g.state
    hero = st.survivors[0]
    assert st.set_aside == ["canned food", "canned food"]
    for k in range(3):
        g.take(hero, b.obj_index[f"red-{k}"])
    assert hero.items.count("canned food") == 2, "two cards set aside: the third token gives nothing"
    assert st.set_aside == []
    assert "canned food" not in st.edeck


def test_carry_food_back_to_the_start():
    """M08: "Torna alla Zona di Partenza con almeno otto carte Cibo ottenute dagli Obiettivi"
    (two here)."""
    s = food_mission(count=2)
    b, g = game(s, survivors=2)
    st = g.state
    a, c = st.survivors
    a.zone = c.zone = b.zone_index["C"]
    g.take(a, b.obj_index["red-0"])
    g.take(c, b.obj_index["red-1"])
    g.check_victory()
    assert st.outcome == "", "the food is in the corridor, not at the start"
    a.zone = b.zone_index["Y"]
    g.check_victory()
    assert st.outcome == "", "one card at the start zone of the two asked"
    c.zone = b.zone_index["Y"]
    g.check_victory()
    assert st.outcome == "win"


def test_the_mission_is_lost_when_a_food_carrier_dies():
    """M08: "Se un Sopravvissuto viene ucciso mentre trasporta una di queste Carte, la Missione
    è fallita"."""
    s = food_mission()
    b, g = game(s, survivors=2)
    st = g.state
    a, c = st.survivors
    g.wound(c, 2, "zombie")  # dies carrying nothing of the kind
    assert st.outcome == ""
    a.items = ["water", "pistol"]
    g.wound(a, 1, "zombie")
    assert a.items == ["water"] and st.outcome == "", "the first wound takes the pistol, not the food"
    g.wound(a, 1, "zombie")  # killed while carrying the water
    assert st.outcome == "loss" and st.cause == "carrier_died"


def test_a_food_card_is_kept_before_anything_else():
    """M08: the food is what the survivors came for; a wound or a full inventory takes any
    other card first."""
    s = food_mission()
    b, g = game(s)
    hero = g.state.survivors[0]
    hero.items = ["water", "pistol"]
    g.wound(hero, 1, "zombie")
    assert hero.items == ["water"]


def test_new_kinds_are_refused_with_a_message_naming_the_field():
    """A 'carry_items' step without its count names the field."""
    with pytest.raises(LoadError) as e:
        mission([{"kind": "carry_items", "items": FOOD, "zones": ["Y"]}])
    assert "count" in str(e.value)
    with pytest.raises(LoadError) as e:
        mission([{"kind": "doors_closed", "doors": ["no-such-door"]}])
    assert "no-such-door" in str(e.value)


def test_the_validator_proves_a_fall_back_behind_closed_doors():
    """M01: "Ripiegate all'interno della Prigione con i Sopravvissuti rimasti, quindi bloccate
    la Porta Viola e quella Bianca"; a spawn in the yard that never stops makes 'no path' depend
    on the doors."""
    steps = [{"kind": "doors_closed", "doors": ["purple-door", "white-door"]},
             {"kind": "no_zombie_path", "zones": ["S"]}, {"kind": "hold_zone", "zones": ["S"]}]
    spawns = [{"id": "yard", "zone": "Y", "order": 1}]
    r = check(mission(steps, spawns=spawns))
    assert r.winnable, [f.message for f in r.findings]
    presses = [p for p in r.plan if p.action == "press"]
    assert {p.target for p in presses} == {"purple-button", "white-button"}
    assert "goal-not-checked" in [f.code for f in r.findings]


def test_the_validator_refuses_doors_nothing_closes():
    """A 'doors_closed' step on a door that starts open and that no button closes can never
    hold: the survivors never close a door by hand."""
    steps = [{"kind": "doors_closed", "doors": ["purple-door"]}]
    s = mission(steps, triggers=[], objectives=[])
    r = check(s)
    assert not r.winnable
    found = [f for f in r.findings if f.code == "condition-never-holds"]
    assert found and "purple-door" in found[0].ids


def test_the_validator_calls_an_always_open_path_unwinnable():
    """M01: with the white door left open for good (no button), the yard's spawn always has a
    path into the safe area."""
    steps = [{"kind": "no_zombie_path", "zones": ["S"]}]
    triggers = [{"id": "purple", "when": {"kind": "switch_pressed", "switch": "purple-button"},
                 "then": [{"kind": "open_door", "door": "purple-door"}]}]
    s = mission(steps, triggers=triggers, spawns=[{"id": "yard", "zone": "Y", "order": 1}])
    assert not check(s).winnable


def test_the_validator_counts_the_food_the_tokens_give():
    """M08: eight food cards from the tokens (two of three here); too few cards set aside is an
    error."""
    assert check(food_mission(count=2)).winnable
    r = check(food_mission(count=4))
    assert "carry-not-enough" in [f.code for f in r.findings]
    assert not r.winnable


def test_a_carrier_defeat_naming_an_unknown_item_is_flagged():
    """A defeat on carrying an item nobody can have never applies."""
    s = mission([{"kind": "hold_zone", "zones": ["S"]}], defeat={"carrier_dies": ["welder"]})
    found = [f for f in check(s).findings if f.code == "carrier-item-unknown"]
    assert found and found[0].ids == ("welder",)


def test_missions_with_the_new_rules_are_played_by_the_reference_engine():
    """The compiled core does not know the new kinds: a reason sends the game to the reference
    engine (and the playtest still plays it)."""
    s = food_mission()
    b = Board(s)
    reason = core._board_problem(b, Game(b, 1, plan=()).profile)
    assert reason is not None and "carry_items" in reason
    plain = mission([{"kind": "reach_zone", "zones": ["S"]}])
    assert core._board_problem(Board(plain), Game(Board(plain), 1, plan=()).profile) is None


def test_the_bots_close_the_doors_and_hold_the_safe_area():
    """M01's fall-back with no zombie: the bots walk in, press both buttons and win."""
    steps = [{"kind": "doors_closed", "doors": ["purple-door", "white-door"]},
             {"kind": "hold_zone", "zones": ["S"]}]
    s = mission(steps)
    from designer.plans import bot_plan

    plan = bot_plan(s)
    b = Board(s)
    wins = sum(Game(b, seed, "greedy", survivors=2, plan=plan).play()["won"] for seed in range(10))
    assert wins == 10
