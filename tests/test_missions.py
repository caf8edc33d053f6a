"""The victory and defeat kinds, effects and set-up of the Prison Outbreak missions (seed 001,
chapter #12 "MISSIONI"): the model, the validator and the reference engine, each test from a
sentence of the mission pages (quoted in its docstring)."""

from __future__ import annotations

import pytest

from designer.checks import check
from designer.engine import Board
from tests.reference.game import Game  # the reference engine (record-for-record checks)
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


def test_missions_with_the_new_rules_are_played_by_the_typed_engine():
    """The typed engine plays the mission rules: no reason sends the game to the reference
    engine, and the playtest's batch path gives the reference engine's games
    (tests/test_missions_typed.py compares them rule by rule)."""
    s = food_mission()
    b = Board(s)
    assert core._board_problem(b, Game(b, 1, plan=()).profile) is None
    import designer

    runs = designer.playtest(s, n=12, seed=1, workers=1, store=None)  # the batch path: the typed engine
    assert len(runs.games) == 12


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


# -- 2. effects where a shuffled token lay, conditional effects ---------------------------------


def shuffled(instead=True, pool_abominations=2):
    zones = [{"id": "S"}, {"id": "A", "kind": "room"}, {"id": "B", "kind": "room"}, {"id": "C", "kind": "room"}]
    conns = [{"id": f"s-{z}", "kind": "opening", "from": "S", "to": z} for z in "ABC"]
    objectives = [{"id": "purple", "kind": "key", "colour": "purple", "zone": "A", "hidden_group": "x"},
                  {"id": "green", "kind": "token", "colour": "green", "zone": "B", "hidden_group": "x"},
                  {"id": "red", "kind": "token", "zone": "C", "hidden_group": "x"}]
    effect = {"kind": "spawn_zombies", "at_objective": "green", "zombie": "abomination"}
    if instead:
        effect["instead"] = [{"zombie": "fatty", "count": 1}]
    return parse({
        "schema_version": 1, "id": "break-in", "meta": {"title": "the green token"},
        "zones": zones, "connections": conns, "objectives": objectives,
        "triggers": [{"id": "big", "when": {"kind": "objective_taken", "objective": "green"}, "then": [effect]}],
        "victory": {"steps": [{"kind": "take_objectives"}]},
        "setup": {"start_zones": ["S"], "survivors": {"min": 1, "max": 6},
                  "zombie_pool": {"walker": 10, "runner": 0, "fatty": 2, "abomination": pool_abominations}},
    })


def test_the_abomination_appears_where_the_green_token_lay():
    """M00: "Quando questo Segnalino Obiettivo viene preso, appare immediatamente un Abomination
    nella Zona dove si trovava il Segnalino"."""
    s = shuffled()
    b = Board(s)
    green = b.obj_index["green"]
    elsewhere = 0
    for seed in range(12):
        g = Game(b, seed, "greedy", survivors=1, plan=())
        st = g.state
        lay = st.obj_zone[green]
        elsewhere += lay != b.obj_zone0[green]
        g.take(st.survivors[0], green)
        assert st.zombies[lay][3] == 1, f"seed {seed}: the abomination is where the token lay"
        assert sum(st.zombies_in(z) for z in range(b.n)) == 1
    assert elsewhere, "the shuffle dealt the green token away from its file zone at least once"


def test_a_fatty_and_two_walkers_when_the_abomination_is_in_play():
    """M00: "Se l'Abomination è già in gioco, utilizza un Fatty con i suoi due Walker"."""
    b = Board(shuffled())
    g = Game(b, 3, "greedy", survivors=1, plan=())
    st = g.state
    st.place_zombies(b.zone_index["S"], "abomination", 1)
    green = b.obj_index["green"]
    g.take(st.survivors[0], green)
    lay = st.obj_zone[green]
    assert st.zombies[lay][:4] == [2, 0, 1, 0], "a fatty and its two walkers, no second abomination"


def test_the_fallback_also_covers_an_empty_box():
    """Chapter 5: "Se invece hai bisogno di generare un Abomination e non hai altre miniature,
    genera al suo posto un Fatty con i suoi due Walker"."""
    b = Board(shuffled(pool_abominations=0))
    g = Game(b, 3, "greedy", survivors=1, plan=())
    st = g.state
    g.take(st.survivors[0], b.obj_index["green"])
    assert st.zombies[st.obj_zone[b.obj_index["green"]]][:4] == [2, 0, 1, 0]


def test_without_a_fallback_an_empty_box_gives_an_extra_activation():
    """Without 'instead' the effect places what the box holds (and a type run out acts again)."""
    b = Board(shuffled(instead=False, pool_abominations=0))
    g = Game(b, 3, "greedy", survivors=1, plan=(), log=True)
    g.take(g.state.survivors[0], b.obj_index["green"])
    assert not any(g.state.zombies_in(z) for z in range(b.n))
    assert any(e["event"] == "out_of_miniatures" for e in g.log)


def test_spawns_at_an_objective_are_checked():
    """A spawn at an objective that is not shuffled always lands in its file zone (info); a
    fallback of the same type is flagged."""
    data = shuffled().model_dump(by_alias=True, exclude_none=True)
    for o in data["objectives"]:
        o.pop("hidden_group", None)
    data["triggers"][0]["then"][0]["instead"] = [{"zombie": "abomination", "count": 1}]
    found = {f.code for f in check(parse(data)).findings}
    assert {"spawn-at-fixed-objective", "conditional-spawn-same"} <= found


# -- 3. split starting groups -------------------------------------------------------------------


def split(groups, heroes=("Grindlock", "Watts", "Kim", "Belle", "Joshua", "Shannon")):
    s = mission([{"kind": "reach_zone", "zones": ["E"], "who": "all"}],
                setup={"start_zones": ["Y", "S"], "start_groups": groups,
                       "survivors": {"min": 1, "max": 6, "starting_equipment": ["claw hammer"],
                                     "heroes": [{"name": h} for h in heroes]}})
    return s


def test_two_start_zones_with_named_survivors():
    """M06: "Dividi il Team in due parti uguali (se il Team ha un numero disparo di membri,
    scegli quale gruppo avrà il Sopravvissuto Extra) dopo aver ditribuito l'Equipaggiamento
    Iniziale. Il Primo gruppo inizierà il gioco da una Zona di Partenza, il secondo gruppo
    dall'altra"."""
    s = split([{"zone": "Y", "heroes": ["Grindlock", "Kim"]}, {"zone": "S", "heroes": ["Watts"]}])
    b = Board(s)
    for seed in range(3):
        st = Game(b, seed, "greedy", survivors=6, plan=()).state
        where = [b.zone_ids[sv.zone] for sv in st.survivors]
        assert where[0] == where[2] == "Y" and where[1] == "S", "named survivors start with their group"
        assert where.count("Y") == 3 and where.count("S") == 3, "the others even the groups out"
    st = Game(b, 1, "greedy", survivors=5, plan=()).state
    assert [b.zone_ids[sv.zone] for sv in st.survivors].count("Y") == 3, "odd team: the first group takes the extra"


def test_split_groups_are_checked():
    """A group names a survivor who is not among the heroes, or starts outside the start zones;
    the search's one-team limit is said."""
    s = split([{"zone": "Y", "heroes": ["Grindlock", "Nobody"]}, {"zone": "C", "heroes": ["Grindlock"]}])
    found = [f for f in check(s).findings]
    codes_ = [f.code for f in found]
    assert codes_.count("start-group-unknown-hero") == 2
    assert "start-group-zone" in codes_
    assert any(f.code == "goal-not-checked" and "split groups" in f.message for f in found)
    b = Board(s)
    assert core._board_problem(b, Game(b, 1, plan=()).profile) is None, "the typed engine plays split groups"


def test_a_survivor_stays_behind_at_a_button():
    """M04: "Colui che premerà il Pulsante Giallo verrà lasciato solo per un po' di tempo": the
    group in the safe area presses the white button for the others, who walk out."""
    s = mission([{"kind": "reach_zone", "zones": ["E"], "who": "any"}],
                extra={"connections": [
                    {"id": "purple-door", "kind": "door", "from": "Y", "to": "C", "state": "locked", "by_hand": False},
                    {"id": "white-door", "kind": "door", "from": "C", "to": "S", "state": "open"},
                    {"id": "cell-door", "kind": "door", "from": "C", "to": "K", "state": "locked", "by_hand": False},
                    {"id": "c-e", "kind": "opening", "from": "C", "to": "E"}]},
                setup={"start_zones": ["Y", "S"], "start_groups": [{"zone": "Y", "heroes": ["A"]},
                                                                   {"zone": "S", "heroes": ["B"]}],
                       "survivors": {"min": 1, "max": 6, "heroes": [{"name": "A"}, {"name": "B"}]}})
    b = Board(s)
    g = Game(b, 1, "greedy", survivors=2, plan=())
    a, bb = g.state.survivors
    assert b.zone_ids[a.zone] == "Y" and b.zone_ids[bb.zone] == "S"
    g.press(bb, b.obj_index["purple-button"])
    assert g.state.doors_open >> b.door_index["purple-door"] & 1
    a.actions_left = 3
    assert ("move", b.zone_index["C"], b.conn_index["purple-door"]) in g.legal_actions(a)
    wins = sum(Game(b, seed, "greedy", survivors=2, plan=()).play()["won"] for seed in range(5))
    assert wins == 5, "the group that starts in the safe area walks out"


# -- 4. watchtowers, security zones, the rotating gate, fences, cars -----------------------------


def zones_board(zones, conns, *, overrides=None, objectives=(), triggers=(), sight_lines=(), deck=None,
                pool=None):
    data = {
        "schema_version": 1, "id": "prison-furniture", "meta": {"title": "prison furniture"},
        "zones": [z if isinstance(z, dict) else {"id": z} for z in zones],
        "connections": [dict(zip(("id", "kind", "from", "to"), c[:4]), **(c[4] if len(c) > 4 else {}))
                        for c in conns],
        "sight_lines": [{"id": f"l{i}", "zones": list(line)} for i, line in enumerate(sight_lines)],
        "objectives": list(objectives), "triggers": list(triggers),
        "victory": {"steps": [{"kind": "kill", "count": 100}]},
        "setup": {"start_zones": [zones[0] if isinstance(zones[0], str) else zones[0]["id"]],
                  "survivors": {"min": 1, "max": 6},
                  "zombie_pool": pool or {"walker": 40, "runner": 16, "fatty": 16, "abomination": 1},
                  "rules": {"overrides": overrides or {}}},
    }
    if deck is not None:
        data["setup"]["equipment_deck"] = deck
    return Board(parse(data))


def bare_game(b, seed=1):
    st = b.new_state(seed=seed)
    st.pool = [40, 16, 16, 1, 0, 0]
    return Game(b, policy="greedy", state=st, plan=())


def test_a_watchtower_gives_one_more_zone_of_range():
    """Chapter 10: "I Sopravvissuti guadagno +1 alla Gittata Massima dell'Arma finché si trovano
    sulla Torre di Osservazione"."""
    zones = [{"id": "T", "kind": "tower"}, "A", "B", "C"]
    conns = [("t-a", "ladder", "T", "A", {"sight": True}), ("a-b", "opening", "A", "B"), ("b-c", "opening", "B", "C")]
    lines = [("T", "A", "B", "C")]
    for bonus, reach in ((0, {"A"}), (1, {"A", "B"})):
        b = zones_board(zones, conns, overrides={"tower_range": bonus} if bonus else None, sight_lines=lines)
        g = bare_game(b)
        s = g.state.add_survivor(b.zone_index["T"], items=["pistol"])
        s.actions_left = 3
        for z in "ABC":
            g.state.place_zombies(b.zone_index[z], "walker", 1)
        shots = {b.zone_ids[a[2]] for a in g.legal_actions(s) if a[0] == "ranged"}
        assert shots == reach, f"pistol (range 0-1) from the tower with tower_range {bonus}"
    g.state.survivors[0].zone = b.zone_index["A"]
    assert {b.zone_ids[a[2]] for a in g.legal_actions(g.state.survivors[0]) if a[0] == "ranged"} == {"A", "B"}, \
        "off the tower the pistol reaches one zone"


def test_a_survivor_cannot_end_its_activation_in_a_security_zone():
    """Chapter 10: "I Sopravvissuti e gli Zombi non possono terminare la loro Attivazione su una
    Zona di Sicurezza. Se questo accade, vengono spinti indietro nella Zona da cui sono partiti";
    "L'unica Azione consentita in una Zona di Sicurezza è Muovere"."""
    zones = ["A", {"id": "X", "kind": "security"}, "B"]
    conns = [("a-x", "opening", "A", "X"), ("x-b", "opening", "X", "B")]
    b = zones_board(zones, conns, overrides={"security_push_back": True})
    g = bare_game(b)
    s = g.state.add_survivor(b.zone_index["A"], items=["pistol", "kukri"])
    g.state.place_zombies(b.zone_index["X"], "walker", 0, from_pool=False)
    moves = iter([("move", b.zone_index["X"], b.conn_index["a-x"]), ("noise",), ("pass",)])
    seen = []

    def policy(view, sv, acts):
        seen.append(acts)
        return next(moves)
    g.policy = policy
    g.survivor_phase()
    assert all(a[0] in ("pass", "move", "open") for a in seen[1]), "in the security zone only moving is allowed"
    assert b.zone_ids[s.zone] == "A", "the activation ended in the security zone: pushed back"
    # with the rule off the survivor stays
    b2 = zones_board(zones, conns)
    g2 = bare_game(b2)
    s2 = g2.state.add_survivor(b2.zone_index["A"])
    moves2 = iter([("move", b2.zone_index["X"], b2.conn_index["a-x"]), ("pass",)])
    g2.policy = lambda view, sv, acts: next(moves2)
    g2.survivor_phase()
    assert b2.zone_ids[s2.zone] == "X"


def test_a_survivor_crossing_a_security_zone_in_one_activation_is_not_pushed_back():
    """Chapter 10, example 2: Belle moves into the security zone and, with her next action,
    out of it."""
    zones = ["A", {"id": "X", "kind": "security"}, "B"]
    conns = [("a-x", "opening", "A", "X"), ("x-b", "opening", "X", "B")]
    b = zones_board(zones, conns, overrides={"security_push_back": True})
    g = bare_game(b)
    s = g.state.add_survivor(b.zone_index["A"])
    moves = iter([("move", b.zone_index["X"], b.conn_index["a-x"]), ("move", b.zone_index["B"], b.conn_index["x-b"]),
                  ("pass",)])
    g.policy = lambda view, sv, acts: next(moves)
    g.survivor_phase()
    assert b.zone_ids[s.zone] == "B"


def gate_board(passage, direction="choose"):
    zones = [{"id": "G", "kind": "gate"}, "N", "E", "S", "W", {"id": "R", "kind": "room"}]
    conns = [(f"g-{k}", "door", "G", k, {"state": "open" if passage[i] else "closed", "by_hand": False,
                                         "spawns_on_first_open": False})
             for i, k in enumerate("NESW")]
    conns.append(("r-n", "opening", "R", "N"))
    trig = [{"id": "yellow", "when": {"kind": "switch_pressed", "switch": "yellow-button"}, "once": False,
             "then": [{"kind": "rotate_gate", "gate": "G", "sides": ["g-N", "g-E", "g-S", "g-W"],
                       "passage": passage, "direction": direction}]}]
    objectives = [{"id": "yellow-button", "kind": "switch", "zone": "R", "colour": "yellow"}]
    return zones_board(zones, conns, objectives=objectives, triggers=trig)


def open_sides(g, b):
    return "".join(k for k in "NESW" if g.state.doors_open >> b.door_index[f"g-{k}"] & 1)


def test_the_rotating_gate_turns_a_quarter_per_press():
    """Chapter 10: "Spendere un'Azione per premere il Pulsante dedicato, permette al Giocatore di
    attivare il Cancello di Sicurezza facendolo ruotare di 1/4 di giro in una qualsiasi
    direzione"; a straight passage (north-south) swaps with east-west at each press."""
    b = gate_board([True, False, True, False])
    g = bare_game(b)
    s = g.state.add_survivor(b.zone_index["R"])
    seen = [open_sides(g, b)]
    for _ in range(4):
        g.press(s, b.obj_index["yellow-button"])
        seen.append(open_sides(g, b))
    assert seen == ["NS", "EW", "NS", "EW", "NS"]


def test_a_corner_passage_takes_four_positions_clockwise():
    """M01: "il Cancello di Sicurezza ruota di 1/4 verso Destra o Sinistra": a corner passage
    (north and east) goes round the four sides."""
    b = gate_board([True, True, False, False], direction="clockwise")
    g = bare_game(b)
    s = g.state.add_survivor(b.zone_index["R"])
    seen = [open_sides(g, b)]
    for _ in range(4):
        g.press(s, b.obj_index["yellow-button"])
        seen.append(open_sides(g, b))
    assert seen == ["NE", "ES", "SW", "NW", "NE"]
    b2 = gate_board([True, True, False, False], direction="counterclockwise")
    g2 = bare_game(b2)
    g2.press(g2.state.add_survivor(b2.zone_index["R"]), b2.obj_index["yellow-button"])
    assert open_sides(g2, b2) == "NW"


def test_the_validator_proves_a_straight_gate_exactly():
    """A straight gate is two positions: the search toggles its sides at each press."""
    b = gate_board([True, False, True, False])
    rows = b.rules.trig_effects[0]
    assert sorted(arg for _, arg in rows) == [b.door_index[f"g-{k}"] for k in "NESW"]
    assert {op for op, _ in rows} == {2}  # toggles
    corner = gate_board([True, True, False, False])
    assert any(f.code == "goal-not-checked" and "four different positions" in f.message
               for f in check(corner.scenario).findings)


def test_a_gate_side_that_misses_the_gate_is_an_error():
    """Each side of the gate is a door of the gate zone."""
    b = gate_board([True, False, True, False])
    data = b.scenario.model_dump(by_alias=True, exclude_none=True)
    data["triggers"][0]["then"][0]["sides"][1] = None
    data["connections"].append({"id": "r-e", "kind": "door", "from": "R", "to": "E"})
    data["triggers"][0]["then"][0]["sides"][3] = "r-e"
    found = [f for f in check(parse(data)).findings if f.code == "gate-problem"]
    assert found and "r-e" in found[0].ids


def test_an_abomination_tears_through_the_fence():
    """Chapter 10: "L'Abomination è abbastanza forte da attraversare la Recinzione di Filo
    Spinato, distruggendola"; then the way is open for everyone."""
    zones = ["A", "B"]
    conns = [("wire", "fence", "A", "B")]
    for tear in (False, True):
        b = zones_board(zones, conns, overrides={"abominations_tear_fences": True} if tear else None)
        g = bare_game(b)
        s = g.state.add_survivor(b.zone_index["B"])
        g.state.place_zombies(b.zone_index["A"], "abomination", 1)
        g.state.place_zombies(b.zone_index["A"], "walker", 1)
        g.activate()
        row_a, row_b = g.state.zombies[b.zone_index["A"]], g.state.zombies[b.zone_index["B"]]
        if not tear:
            assert row_a[3] == 1 and row_a[0] == 1, "both pile up behind the fence"
            continue
        assert row_b[3] == 1 and row_a[0] == 1, "the abomination tore through; the walker moved first"
        g.activate()
        assert g.state.zombies[b.zone_index["B"]][0] == 1, "the torn fence lets the walker through"
        s.actions_left = 3
        assert any(a[0] == "move" and a[1] == b.zone_index["A"] for a in g.legal_actions(s))


def car_board(search, contents=(), deck=None):
    zones = ["S", {"id": "R", "kind": "room"}]
    conns = [("s-r", "door", "S", "R")]
    car = {"id": "car", "kind": "car", "zone": "S", "search": search, "contents": list(contents)}
    return zones_board(zones, conns, objectives=[car], deck=deck)


def test_the_police_car_is_searched_until_a_weapon():
    """M00: "Puoi cercare nell'Auto più di una volta; scarta finché non trovi un'Arma. La Carta
    Aaahh! interrompe la ricerca e causa la comparsa di Zombi"."""
    b = car_board("until_weapon", deck=[{"item": "water", "count": 3}, {"item": "pistol", "count": 1}])
    g = Game(b, 2, "greedy", survivors=1, plan=())
    s = g.state.survivors[0]
    s.actions_left = 3
    assert ("search",) in g.legal_actions(s), "the street is no search zone, but the car is"
    g.apply(s, ("search",))
    assert "pistol" in s.items and not any(n == "water" for n in s.items)
    assert ("search",) not in g.legal_actions(s), "one search a turn"
    s.searched = False
    assert ("search",) in g.legal_actions(s), "searched again next turn"
    b2 = car_board("until_weapon", deck=[{"item": "aaah", "count": 1}])
    g2 = Game(b2, 2, "greedy", survivors=1, plan=())
    s2 = g2.state.survivors[0]
    s2.actions_left = 3
    g2.apply(s2, ("search",))
    assert g2.state.zombies[b2.zone_index["S"]][0] == 1, "an Aaahh! brings a walker and ends the search"


def test_the_pimpmobile_is_searched_once_for_its_gunblade():
    """M10: "Puoi cercare in ogni Pimpmobile una sola volta. Ognuna contiene una Gunblade"."""
    b = car_board("once", ["gunblade"])
    g = Game(b, 2, "greedy", survivors=1, plan=())
    s = g.state.survivors[0]
    s.actions_left = 3
    g.apply(s, ("search",))
    assert "gunblade" in s.items
    s.searched = False
    assert ("search",) not in g.legal_actions(s)
    g.state.place_zombies(b.zone_index["S"], "walker", 1)
    assert "car-empty" in codes(car_board("once").scenario)


def test_one_action_takes_both_cards():
    """M01: "Un Sopravvissuto che si trova in questa Torre puo spendere un'Azione per prendere
    entrambe le Carte"."""
    zones = ["S", {"id": "T", "kind": "tower"}]
    conns = [("ladder", "ladder", "S", "T")]
    objectives = [{"id": "scope-rifle", "kind": "item", "zone": "T", "item": "rifle", "also": ["scope"]}]
    b = zones_board(zones, conns, objectives=objectives)
    g = Game(b, 2, "greedy", survivors=1, plan=())
    s = g.state.survivors[0]
    s.zone = b.zone_index["T"]
    s.actions_left = 3
    g.apply(s, ("take", b.obj_index["scope-rifle"]))
    assert {"rifle", "scope"} <= set(s.items) and s.actions_left == 2


def test_a_fallback_for_an_empty_box_only():
    """M02: the green token wakes the standard abomination and the blue one the berserker one
    ("Se l'Abomination Berserker è già in gioco, utilizza in Fatty Berserker"): two miniatures,
    so the fallback applies only when the box has none left ('instead_if': 'none_left')."""
    data = shuffled().model_dump(by_alias=True, exclude_none=True)
    data["triggers"][0]["then"][0]["instead_if"] = "none_left"
    b = Board(parse(data))
    g = Game(b, 3, "greedy", survivors=1, plan=())
    st = g.state
    st.place_zombies(b.zone_index["S"], "abomination", 1)
    g.take(st.survivors[0], b.obj_index["green"])
    assert st.zombies[st.obj_zone[b.obj_index["green"]]][3] == 1, "the second abomination comes out of the box"


def test_the_zombie_free_m08_is_won_by_carrying_the_food_back():
    """M08 with no zombie: the bots take the eight red X, each giving a food card, and carry
    them back to the start zone."""
    import json

    from designer.model.scenario import Scenario
    from designer.plans import bot_plan

    from .conftest import ROOT

    data = json.loads((ROOT / "scenarios" / "prison-outbreak" / "m08-fooood.json").read_text(encoding="utf-8"))
    data["setup"]["zombie_pool"] = {t: 0 for t in ("walker", "runner", "fatty", "abomination")}
    data["setup"]["zombies"] = []
    s = Scenario.model_validate(data)
    plan = bot_plan(s)
    b = Board(s)
    for seed in range(3):
        g = Game(b, seed, "greedy", survivors=6, plan=plan)
        r = g.play()
        assert r["won"], r["cause"]
        food = sum(1 for sv in g.state.survivors for n in sv.items if n in FOOD)
        assert food >= 8


def test_the_designer_forms_edit_the_mission_rules(tmp_path):
    """The victory form lists the conditions with their fields; a new 'carry_items' step and a
    'rotate_gate' effect come with usable defaults; cars and two-card items have their fields."""
    import json as _json

    from designer.edit import Editor
    from designer.widgets.app import DesignerApp, EFFECT_KINDS, OBJ_KINDS, STEP_KINDS

    from .conftest import ROOT

    assert {"no_zombies", "doors_closed", "no_zombie_path", "carry_items", "hold_zone"} <= set(STEP_KINDS)
    assert {"give_card", "rotate_gate"} <= set(EFFECT_KINDS) and "car" in OBJ_KINDS
    ed = Editor.open(ROOT / "scenarios" / "prison-outbreak" / "m01-the-blueprints.json")
    app = DesignerApp(ed, folder=tmp_path, debounce=0)
    app._victory_rows()
    assert len(app.victory_rows) == 4
    app.step_kind.value = "carry_items"
    before = len(ed.data["victory"]["steps"])
    app._do_at(app._victory_rows()[-1], ed.set_victory, [*ed.data["victory"]["steps"],
                                                        {"kind": "carry_items", "items": ["water"], "count": 1,
                                                         "zones": ["I1"]}])
    assert len(ed.data["victory"]["steps"]) == before + 1
    gate = app._default_effect("rotate_gate")
    assert gate["gate"] == "G" and set(gate["sides"]) >= {"gate-west", "gate-east"}
    app._trigger_rows()  # every effect of the file has its form
    ed.save(tmp_path)
    saved = _json.loads((tmp_path / "m01-the-blueprints.json").read_text(encoding="utf-8"))
    assert saved["victory"]["steps"][-1]["kind"] == "carry_items"


def test_zombies_walk_through_an_open_gate():
    """Chapter 10: "Gli Zombi non possono essere generati all'interno del Cancello di Sicurezza
    Rotante" (they may walk through it): with 'zombies_cross_gates' a walker crosses the open
    gate toward a survivor; without it, it never enters the gate zone."""
    zones = ["A", {"id": "G", "kind": "gate"}, "B"]
    conns = [("a-g", "door", "A", "G", {"state": "open"}), ("g-b", "door", "G", "B", {"state": "open"})]
    for cross in (False, True):
        b = zones_board(zones, conns, overrides={"zombies_cross_gates": True} if cross else None)
        g = bare_game(b)
        g.state.add_survivor(b.zone_index["B"])
        g.state.place_zombies(b.zone_index["A"], "walker", 1)
        g.activate()
        g.activate()
        assert g.state.zombies[b.zone_index["B"]][0] == (1 if cross else 0)
        assert core._board_problem(b, g.profile) is None, "the typed engine plays gates either way"


def test_the_set_up_form_edits_start_groups_and_set_aside_cards(tmp_path):
    """M06's split team and M08's set-aside food are edited in the set-up form."""
    from designer.edit import Editor
    from designer.widgets.app import DesignerApp

    from .conftest import ROOT

    ed = Editor.open(ROOT / "scenarios" / "prison-outbreak" / "m06-rescue-mission.json")
    app = DesignerApp(ed, folder=tmp_path, debounce=0)
    rows = app._mission_panel()
    texts = [r for r in rows for r in ([r] + list(getattr(r, "children", ())))
             if getattr(r, "description", "") in ("Start groups", "Set aside")]
    assert {t.description for t in texts} == {"Start groups", "Set aside"}
    groups = next(t for t in texts if t.description == "Start groups")
    assert groups.value.splitlines()[0].startswith("F1: Grindlock")
    groups.value = "F1: Grindlock, Watts, Kim\nT1: Joshua"
    assert [g["heroes"] for g in ed.data["setup"]["start_groups"]] == [["Grindlock", "Watts", "Kim"], ["Joshua"]]
    aside = next(t for t in texts if t.description == "Set aside")
    aside.value = "canned food x3, water"
    assert ed.data["setup"]["set_aside"] == [{"item": "canned food", "count": 3}, {"item": "water", "count": 1}]
