"""The published missions of Zombicide Season 2: Prison Outbreak (seed 001, chapter #12), encoded
in ``scenarios/prison-outbreak/``: each file loads, matches the JSON Schema, validates, encodes the
facts its mission page states, and plays.

The facts below are read from the mission pages ("MEDIO / 6+ SOPRAVVISSUTI / 90 MINUTI", the
objectives in order and the special rules). The zone graphs are reconstructions (the tile
geometry is not in the text), so only what the page says is checked here.
"""

from __future__ import annotations

import json

import jsonschema
import pytest

import designer
from designer.checks import check
from designer.engine.board import ABOMINATION, Board
from tests.reference.game import Game
from designer.model import Scenario

from .conftest import ROOT

FOLDER = ROOT / "scenarios" / "prison-outbreak"
FILES = sorted(FOLDER.glob("*.json"))

# What each mission page says: difficulty (MEDIO -> medium, DIFFICILE -> hard), survivors
# ("6+ SOPRAVVISSUTI"), minutes, and the validator verdicts that are known to be wrong.
PAGE = {
    "m00-the-break-in": {"difficulty": "medium", "survivors": 6, "minutes": 90, "exit": "P2"},
    "m02-finding-the-keys": {"difficulty": "medium", "survivors": 6, "minutes": 120, "exit": "C6"},
    "m03-concrete-saw": {"difficulty": "medium", "survivors": 6, "minutes": 120, "exit": None},
    "m04-the-welder": {"difficulty": "medium", "survivors": 6, "minutes": 90, "exit": None},
    "m05-an-easy-mission": {"difficulty": "medium", "survivors": 6, "minutes": 150, "exit": "E1"},
    "m06-rescue-mission": {"difficulty": "medium", "survivors": 6, "minutes": 150, "exit": "X3"},
    "m01-the-blueprints": {"difficulty": "hard", "survivors": 6, "minutes": 150, "exit": None},
    "m07-the-haven": {"difficulty": "hard", "survivors": 6, "minutes": 120, "exit": None},
    "m08-fooood": {"difficulty": "hard", "survivors": 6, "minutes": 180, "exit": None},
    "m09-endless-cleaning": {"difficulty": "hard", "survivors": 6, "minutes": 120, "exit": "E2"},
    "m10-prison-is-hell": {"difficulty": "hard", "survivors": 6, "minutes": 120, "exit": None},
}


def _load(name: str):
    return designer.load(FOLDER / f"{name}.json")


def _verdict_param(name: str):
    reason = PAGE[name].get("validator_wrong")
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(name, marks=marks, id=name)


@pytest.fixture(scope="module")
def schema():
    doc = json.loads((ROOT / "schemas" / "scenario.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(doc)


def test_the_folder_holds_the_missions_the_page_table_describes():
    assert len(FILES) == 11  # M00-M10
    assert {p.stem for p in FILES} == set(PAGE)
    assert sorted(p.stem[:3] for p in FILES) == [f"m{i:02d}" for i in range(11)]


@pytest.mark.parametrize("name", sorted(PAGE))
def test_the_file_loads_and_matches_the_json_schema(name, schema):
    raw = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in schema.iter_errors(raw)]
    assert errors == []
    s = _load(name)
    assert s.id == name
    assert designer.dumps(s) == (FOLDER / f"{name}.json").read_text(encoding="utf-8"), "not in the saved form"


@pytest.mark.parametrize("name", [_verdict_param(n) for n in sorted(PAGE)])
def test_the_validator_finds_no_error(name):
    errors = check(_load(name)).errors
    assert errors == [], [f"{f.code}: {f.message}" for f in errors]


@pytest.mark.parametrize("name", [_verdict_param(n) for n in sorted(PAGE)])
def test_the_validator_finds_a_way_to_win(name):
    """The missions are published and winnable: the search must find a plan (what `designer
    validate --explain` prints)."""
    report = check(_load(name))
    assert report.winnable and report.plan


@pytest.mark.parametrize("name", [_verdict_param(n) for n in sorted(PAGE)])
def test_the_bots_win_the_zombie_free_version_by_following_the_plan(name):
    """With no zombie miniature in the pool (no spawn, no placed zombie, no abomination), the
    greedy bot, which follows the validator's plan, wins every game: the engine can win what the
    validator calls winnable. (For M03 the validator gives no plan, so the bot never presses the
    buttons and the game stalls.)"""
    data = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    data["setup"]["zombie_pool"] = {t: 0 for t in ("walker", "runner", "fatty", "abomination")}
    data["setup"]["zombies"] = []
    s = Scenario.model_validate(data)
    records = [designer.play(s, seed=seed, policy="greedy") for seed in range(4)]
    assert [r["cause"] for r in records] == [""] * 4
    assert all(r["won"] and r["survivors_dead"] == 0 for r in records)


@pytest.mark.parametrize("name", sorted(PAGE))
def test_the_header_of_the_page(name):
    s, page = _load(name), PAGE[name]
    assert s.meta.difficulty == page["difficulty"]
    assert s.meta.duration_minutes == page["minutes"]
    assert s.setup.survivors.min == page["survivors"]
    assert s.setup.survivors.max >= page["survivors"]
    assert s.meta.tags[:4] == ["zombicide", "prison-outbreak", "published", page["difficulty"]]
    assert s.meta.title.startswith(name[:3].upper() + " ")
    assert s.setup.rules.profile == "zombicide"


@pytest.mark.parametrize("name", sorted(PAGE))
def test_the_description_says_what_is_reconstructed_and_approximated(name):
    text = _load(name).meta.description
    assert "plausible reconstruction" in text
    assert "Not expressed by the format, or approximated:" in text
    approximations = text.split("Not expressed by the format, or approximated:")[1]
    items = [line for line in approximations.splitlines() if line.startswith("- ")]
    assert len(items) >= 6
    assert "Claw Hammer" in approximations and "Nightstick" in approximations


@pytest.mark.parametrize("name", sorted(PAGE))
def test_starting_equipment_and_deck_follow_chapter_3(name):
    """Chapter #3 deals Claw Hammer, Fire Axe, Pistol and Nightsticks (each survivor at least one
    card) and sets aside the Gunblades, Nailbats, Nightsticks and Molotovs."""
    s = _load(name)
    sv = s.setup.survivors
    assert sv.starting_equipment == []
    # the six survivors of the box, each dealt its card: the Claw Hammer, the Fire Axe, the Pistol
    # and three Nightsticks; Watts also starts with his Baseball Bat (the rulebook's example)
    assert [h.name for h in sv.heroes] == ["Grindlock", "Watts", "Kim", "Parkour Belle", "Joshua", "Shannon"]
    dealt = sorted(n for h in sv.heroes for n in h.items)
    assert dealt == sorted(["claw hammer", "fire axe", "pistol", "nightstick", "nightstick", "nightstick",
                            "baseball bat"])
    assert all(h.items for h in sv.heroes)  # every survivor at least one card
    assert [sv.items_of(k) for k in range(sv.min)] == [h.items for h in sv.heroes]
    deck = {e.item: e.count for e in s.setup.equipment_deck}
    assert deck["baseball bat"] == 1  # Watts' bat comes out of the deck
    for aside in ("gunblade", "nailbat", "nightstick", "molotov"):
        assert aside not in deck
    # one Fire Axe, one Pistol and one Claw Hammer of the box are dealt, not in the deck
    assert deck["fire axe"] == 1 and deck["pistol"] == 5 and deck["claw hammer"] == 3
    assert deck["aaah"] == 4


@pytest.mark.parametrize("name", sorted(PAGE))
def test_every_objective_token_is_worth_5_xp(name):
    """'Ogni Segnalino Obiettivo vale 5 Punti Esperienza per il Sopravvissuto che lo raccoglie',
    and the first survivor to press a button takes its token and 5 XP."""
    s = _load(name)
    tokens = [o for o in s.objectives if o.kind in ("token", "key", "switch")]
    tokens += [o for o in s.objectives if o.kind == "item" and o.name.startswith(("Red X", "Concrete saw"))]
    assert tokens
    assert all(o.xp == 5 for o in tokens), {o.id: o.xp for o in tokens}


@pytest.mark.parametrize("name", sorted(PAGE))
def test_the_exit(name):
    s, want = _load(name), PAGE[name]["exit"]
    escapes = [st for st in s.victory.steps if st.kind == "escape"]
    if want is None:
        assert s.exits == [] and escapes == []
    else:
        assert s.exits == [want]
        assert len(escapes) == 1 and escapes[0].who == "all"
        assert s.victory.steps[-1].kind == "escape"
    assert s.victory.ordered  # "Segui questi punti in ordine"


def _hidden(s, colour):
    (coloured,) = [o for o in s.objectives if getattr(o, "colour", None) == colour and o.hidden_group]
    reds = [o for o in s.objectives if o.hidden_group == coloured.hidden_group and o is not coloured]
    return coloured, reds


def _game(s, seed=3):
    return Game(Board(s), seed=seed)


# -- M00 -----------------------------------------------------------------------------------------


def test_m00_the_purple_key_is_shuffled_among_the_red_tokens_and_opens_the_purple_main_door():
    s = _load("m00-the-break-in")
    key, reds = _hidden(s, "purple")
    assert key.kind == "key" and len(reds) >= 2
    assert all(o.kind == "token" and o.colour in ("red", "green") for o in reds)
    door = s.connection("main-door-purple")
    assert door.state == "locked" and door.lock.kind == "colour" and door.lock.colour == "purple"
    assert s.victory.steps[0].objectives == ["purple-key"]


def test_m00_taking_the_purple_key_activates_the_purple_spawn_and_unlocks_the_door():
    s = _load("m00-the-break-in")
    g = _game(s)
    b, st = g.board, g.state
    spawn, door = 1 << b.spawn_index["spawn-purple"], b.door_index["main-door-purple"]
    survivor = st.survivors[0]
    assert not st.spawns_active & spawn and not g.can_unlock(survivor, door)
    g.take(survivor, b.obj_index["purple-key"])
    assert st.spawns_active & spawn
    assert g.can_unlock(survivor, door)
    assert survivor.xp == 5


def test_m00_the_green_token_wakes_an_abomination():
    s = _load("m00-the-break-in")
    g = _game(s)
    b, st = g.board, g.state
    before = sum(st.zombies[z][ABOMINATION] for z in range(b.n))
    g.take(st.survivors[0], b.obj_index["green-token"])
    assert sum(st.zombies[z][ABOMINATION] for z in range(b.n)) == before + 1


def test_m00_the_bots_can_win_the_tutorial_and_only_with_the_purple_key():
    runs = designer.playtest(_load("m00-the-break-in"), n=200, seed=1, store=None, workers=1)
    games = runs.games
    assert len(games) == 200
    won = games[games["won"]]
    assert len(won) >= 1
    assert won["objective_purple-key"].notna().all()
    assert (won["survivors_escaped"] == won["survivors"] - won["survivors_dead"]).all()


def test_m00_no_purple_spawn_before_the_purple_key_is_taken():
    s = _load("m00-the-break-in")
    checked = 0
    for seed in range(12):
        log = designer.play(s, seed=seed, log=True)["log"]
        taken = next((i for i, e in enumerate(log) if e["event"] == "take" and e["objective"] == "purple-key"), None)
        spawns = [i for i, e in enumerate(log) if e["event"] == "spawn" and e["zone"] == "F2"]
        if taken is None:
            assert spawns == []
        else:
            assert log[taken + 1] == {"turn": log[taken]["turn"], "event": "trigger", "trigger": "silent-alarm"}
            assert all(i > taken for i in spawns)
            checked += 1
    assert checked >= 1


# -- M02 -----------------------------------------------------------------------------------------


def test_m02_the_green_and_blue_tokens_are_shuffled_among_the_red_ones():
    s = _load("m02-finding-the-keys")
    green, reds = _hidden(s, "green")
    blue, _ = _hidden(s, "blue")
    assert blue.hidden_group == green.hidden_group
    assert sum(o.colour == "red" for o in reds) >= 2
    # 1 - Trova le Chiavi: every objective of the admin area
    assert s.victory.steps[0].kind == "take_objectives" and s.victory.steps[0].objectives == []
    assert all(s.zone(o.zone).building == "admin" for o in [green, *reds])


def test_m02_the_blue_token_brings_an_abomination_and_wakes_the_blue_spawn():
    """M02: "Di Male in Peggio ... un Abomination Berserker compare immediatamente nella Zona";
    "Brutta Sorpresa ... un Abomination compare immediatamente nella Zona": two miniatures, one
    of each type."""
    from designer.rules.zombies import ZINDEX

    s = _load("m02-finding-the-keys")
    g = _game(s)
    b, st = g.board, g.state
    berserker = ZINDEX["abomination_berserker"]
    spawn = 1 << b.spawn_index["spawn-blue"]
    assert not st.spawns_active & spawn
    g.take(st.survivors[0], b.obj_index["blue-token"])
    assert st.spawns_active & spawn
    assert sum(st.zombies[z][berserker] for z in range(b.n)) == 1
    assert sum(st.zombies[z][ABOMINATION] for z in range(b.n)) == 0
    g.take(st.survivors[1], b.obj_index["green-token"])
    assert sum(st.zombies[z][ABOMINATION] for z in range(b.n)) == 1


def test_m02_a_second_berserker_abomination_is_a_berserker_fatty_and_its_walkers():
    """M02: "Se l'Abomination Berserker è già in gioco, utilizza in Fatty Berserker con i suoi due
    Walker Berserker"."""
    from designer.rules.zombies import ZINDEX

    s = _load("m02-finding-the-keys")
    g = _game(s)
    b, st = g.board, g.state
    st.place_zombies(0, "abomination_berserker", 1)
    g.take(st.survivors[0], b.obj_index["blue-token"])
    zone = st.obj_zone[b.obj_index["blue-token"]]
    assert st.zombies[zone][ZINDEX["fatty_berserker"]] == 1 and st.zombies[zone][ZINDEX["walker_berserker"]] == 2


def test_m02_games_spawn_in_the_blue_zone_only_after_the_blue_token():
    s = _load("m02-finding-the-keys")
    blue_zone = s.spawn("spawn-blue").zone
    taken_games = 0
    for seed in range(12):
        log = designer.play(s, seed=seed, log=True)["log"]
        taken = next((i for i, e in enumerate(log) if e["event"] == "take" and e["objective"] == "blue-token"), None)
        spawns = [i for i, e in enumerate(log) if e["event"] == "spawn" and e["zone"] == blue_zone]
        if taken is None:
            assert spawns == []
        else:
            taken_games += 1
            assert all(i > taken for i in spawns)
    assert taken_games >= 1


# -- M03 -----------------------------------------------------------------------------------------


def test_m03_only_the_concrete_saw_opens_the_green_door():
    s = _load("m03-concrete-saw")
    door = s.connection("green-door")
    assert door.state == "locked" and door.lock.kind == "item" and door.lock.item == "concrete saw"
    saw = s.objective("concrete-saw")
    assert saw.kind == "item" and saw.item == "concrete saw" and saw.xp == 5
    assert "concrete saw" not in {e.item for e in s.setup.equipment_deck}
    g = _game(s)
    b, st = g.board, g.state
    a, other = st.survivors[0], st.survivors[1]
    d = b.door_index["green-door"]
    assert not g.can_unlock(a, d)
    g.take(a, b.obj_index["concrete-saw"])
    assert "concrete saw" in a.items and a.xp == 5
    assert g.can_unlock(a, d) and not g.can_unlock(other, d)


def test_m03_the_yellow_button_turns_the_gate_and_the_buttons_toggle_their_cells():
    s = _load("m03-concrete-saw")
    g = _game(s)
    b, st = g.board, g.state
    sv = st.survivors[0]
    gate = [b.door_index["gate-north"], b.door_index["gate-south"]]
    cells = [b.door_index[c.id] for c in s.connections if c.id.startswith("cell-purple-")]
    assert all(not st.doors_open >> d & 1 for d in gate + cells)
    assert all(s.connection(b.door_ids[d]).lock is None for d in gate + cells)  # button only
    g.press(sv, b.obj_index["yellow-button"])
    g.press(sv, b.obj_index["purple-button"])
    assert all(st.doors_open >> d & 1 for d in gate + cells)
    assert sv.xp == 10
    g.press(sv, b.obj_index["yellow-button"])  # a second quarter turn: closed again
    g.press(sv, b.obj_index["purple-button"])  # the button back in its original position
    assert all(not st.doors_open >> d & 1 for d in gate + cells)
    assert sv.xp == 10  # only the first press gives the token


def test_m03_the_engine_counts_a_pressed_button_as_its_token_taken():
    """The engine's half of the validator disagreement: once the saw, the green door, the three red
    X and the three buttons are done, step 3 ('take every token inside the prison') is met."""
    s = _load("m03-concrete-saw")
    g = _game(s)
    b, st = g.board, g.state
    sv = st.survivors[0]
    assert [step.kind for step in s.victory.steps] == ["take_objectives", "open_doors",
                                                      "take_objectives", "clear_zones"]
    assert not g.step_met(2)
    for o in ("red-1", "red-2", "red-3"):
        g.take(sv, b.obj_index[o])
    for o in ("purple-button", "white-button", "yellow-button"):
        g.press(sv, b.obj_index[o])
    assert g.step_met(2)
    sectors = set(s.victory.steps[3].zones)
    tagged = {z.id for z in s.zones if {"central-corridor", "purple-sector", "white-sector"} & set(z.tags)}
    assert sectors == tagged and len(sectors) >= 10


# -- M04 -----------------------------------------------------------------------------------------


def test_m04_the_abomination_is_placed_and_the_purple_button_toggles_door_cells_and_spawn():
    s = _load("m04-the-welder")
    assert [(z.zone, z.zombie, z.count) for z in s.setup.zombies] == [("Y4", "abomination", 1)]
    g = _game(s)
    b, st = g.board, g.state
    assert st.zombies[b.zone_index["Y4"]][ABOMINATION] == 1
    spawn = 1 << b.spawn_index["spawn-purple"]
    door = b.door_index["purple-door"]
    sv = st.survivors[0]
    g.press(sv, b.obj_index["purple-button"])
    assert st.doors_open >> door & 1 and st.spawns_active & spawn
    g.press(sv, b.obj_index["purple-button"])
    assert not st.doors_open >> door & 1 and not st.spawns_active & spawn
    steps = s.victory.steps
    assert [st_.kind for st_ in steps] == ["open_doors", "open_doors", "take_objectives", "hold_zone", "doors_closed"]
    assert steps[3].who == "all" and s.setup.start_zones[0] in steps[3].zones
    assert set(steps[4].doors) == {"purple-door", "gate-west", "gate-east"}  # "chiudi la Porta Viola ed il Cancello"


# -- M05 -----------------------------------------------------------------------------------------


def test_m05_the_buttons_open_every_cell_and_the_purple_one_wakes_the_dining_hall():
    s = _load("m05-an-easy-mission")
    cells = [c.id for c in s.connections if c.id.startswith("cell-")]
    assert len(cells) == 16  # the box's 8 purple and 8 white cell doors
    assert s.victory.steps[0].kind == "open_doors" and sorted(s.victory.steps[0].doors) == sorted(cells)
    g = _game(s)
    b, st = g.board, g.state
    sv = st.survivors[0]
    spawn = 1 << b.spawn_index["spawn-purple"]
    g.press(sv, b.obj_index["purple-button"])
    assert st.spawns_active & spawn
    purple = [b.door_index[c] for c in cells if "purple" in c]
    white = [b.door_index[c] for c in cells if "white" in c]
    assert all(st.doors_open >> d & 1 for d in purple)
    assert not any(st.doors_open >> d & 1 for d in white)
    assert ("press", b.obj_index["purple-button"]) not in [
        a for a in g.legal_actions(_at(g, sv, "purple-button"))]  # pressed once, for good
    assert {(o.item, *o.also) for o in s.objectives if o.kind == "item"} == {("gunblade", "riot shield")}


def _at(g, sv, objective):
    sv.zone = g.state.obj_zone[g.board.obj_index[objective]]
    sv.actions_left = 3
    return sv


def test_m05_the_bots_win_some_games_by_opening_every_cell_first():
    runs = designer.playtest(_load("m05-an-easy-mission"), n=200, seed=1, store=None, workers=1)
    won = runs.games[runs.games["won"]]
    assert len(won) >= 1
    assert won["objective_purple-button"].notna().all() and won["objective_white-button"].notna().all()


# -- M06 -----------------------------------------------------------------------------------------


def test_m06_the_buttons_work_once_and_the_team_starts_in_two_groups():
    """'Team diviso. ... Il Primo gruppo inizierà il gioco da una Zona di Partenza, il secondo
    gruppo dall'altra.'"""
    s = _load("m06-rescue-mission")
    assert all(not o.repeatable for o in s.objectives if o.kind == "switch")
    assert s.setup.start_zones == ["F1", "T1"]
    assert [g.zone for g in s.setup.start_groups] == ["F1", "T1"]
    g = _game(s)
    b, st = g.board, g.state
    zones = [sv.zone for sv in st.survivors]
    assert zones.count(b.zone_index["F1"]) == zones.count(b.zone_index["T1"]) == 3 and len(st.survivors) == 6
    g.press(st.survivors[0], b.obj_index["purple-button"])
    for d in ("purple-door-south", "purple-door-north"):
        assert st.doors_open >> b.door_index[d] & 1
    assert not st.doors_open >> b.door_index["white-door"] & 1
    g.press(st.survivors[0], b.obj_index["white-button"])
    assert st.doors_open >> b.door_index["white-door"] & 1


def test_m06_won_games_opened_both_colours_and_brought_everyone_out():
    runs = designer.playtest(_load("m06-rescue-mission"), n=200, seed=1, store=None, workers=1)
    won = runs.games[runs.games["won"]]
    assert len(won) >= 1
    assert won["objective_purple-button"].notna().all() and won["objective_white-button"].notna().all()
    assert (won["objective_purple-button"] <= won["objective_white-button"]).all()
    assert (won["survivors_escaped"] + won["survivors_dead"] == won["survivors"]).all()


# -- M01 -----------------------------------------------------------------------------------------


def test_m01_scope_and_rifle_in_the_tower_the_berserker_guardian_and_the_purple_spawn():
    s = _load("m01-the-blueprints")
    tower = [z for z in s.zones if z.kind == "tower"]
    assert len(tower) == 1
    assert {(o.item, *o.also) for o in s.objectives if o.kind == "item" and o.zone == tower[0].id} == {("rifle", "scope")}
    assert [c.kind for c in s.connections if tower[0].id in c.zones] == ["ladder"]
    # "All'inizio del gioco, piazza un Abomination Berserker nella Zona contrassegnata sulla Mappa"
    assert [(z.zombie, z.count) for z in s.setup.zombies] == [("abomination_berserker", 1)]
    g = _game(s)
    b, st = g.board, g.state
    spawn, door = 1 << b.spawn_index["spawn-purple"], b.door_index["purple-door"]
    g.press(st.survivors[0], b.obj_index["purple-button"])
    assert st.doors_open >> door & 1 and st.spawns_active & spawn  # Oh Oh
    g.press(st.survivors[0], b.obj_index["purple-button"])
    assert not st.doors_open >> door & 1 and not st.spawns_active & spawn
    # the small room spawns with the white cells: one building with the fourth cell
    assert b.building_of[b.zone_index["X1"]] == b.building_of[b.zone_index["WC4"]] >= 0
    red = [o.id for o in s.objectives if o.kind == "token"]
    assert s.victory.steps[0].objectives == red


# -- M07 -----------------------------------------------------------------------------------------


def test_m07_no_zombie_left_on_the_board():
    """'La Missione ha successo se, in qualunque momento dopo aver completato i due Obiettivi
    precedenti, non ci sono più Zombi sul Tabellone.'"""
    s = _load("m07-the-haven")
    last = s.victory.steps[-1]
    assert last.kind == "no_zombies"
    assert [(z.zone, z.zombie) for z in s.setup.zombies] == [("Y3", "abomination")]
    g = _game(s)
    b, st = g.board, g.state
    spawn = 1 << b.spawn_index["spawn-purple"]
    g.press(st.survivors[0], b.obj_index["purple-button"])
    assert st.spawns_active & spawn and st.doors_open >> b.door_index["purple-door"] & 1
    assert g.step_met(0) and not g.step_met(2)  # the abomination is still there
    g.press(st.survivors[0], b.obj_index["purple-button"])
    assert not st.spawns_active & spawn


# -- M08 -----------------------------------------------------------------------------------------


def test_m08_every_red_x_gives_a_food_card_and_the_food_is_out_of_the_deck():
    s = _load("m08-fooood")
    food = [o for o in s.objectives if o.id.startswith("food-")]
    assert len(food) == 8 and all(o.kind == "token" and o.xp == 5 for o in food)
    gives = {t.when.objective for t in s.triggers if t.when.kind == "objective_taken"
             and [e.kind for e in t.then] == ["give_card"]}
    assert gives == {o.id for o in food}
    assert {(e.item, e.count) for e in s.setup.set_aside} == {("canned food", 3), ("bag of rice", 3), ("water", 3)}
    deck = {e.item for e in s.setup.equipment_deck}
    assert not deck & {"canned food", "bag of rice", "water"}
    assert s.victory.steps[0].objectives == [o.id for o in food]
    back = s.victory.steps[1]
    assert back.kind == "carry_items" and back.count == 8 and back.zones == s.setup.start_zones
    assert set(s.defeat.carrier_dies) == {"canned food", "bag of rice", "water"}
    runners = [z for z in s.setup.zombies if z.zombie == "runner"]
    assert len(runners) >= 2 and all(z.count == 1 for z in runners)
    g = _game(s)
    sv = g.state.survivors[0]
    before = list(sv.items)
    g.take(sv, g.board.obj_index[food[0].id])
    got = [n for n in sv.items if n not in before]
    assert len(got) == 1 and got[0] in {"canned food", "bag of rice", "water"} and sv.xp == 5
    assert len(g.state.set_aside) == 8


# -- M09 -----------------------------------------------------------------------------------------


def test_m09_green_key_and_silent_alarm_among_the_red_tokens_white_button_behind_the_green_door():
    s = _load("m09-endless-cleaning")
    key, reds = _hidden(s, "green")
    blue, _ = _hidden(s, "blue")
    assert key.kind == "key" and blue in reds
    assert {s.zone(o.zone).building for o in [key, *reds]} <= {"wardens-rooms", "wardens-archive"}
    green_door = s.connection("green-door")
    assert green_door.lock.colour == "green"
    assert s.objective("white-button").zone in green_door.zones
    g = _game(s)
    b, st = g.board, g.state
    spawn = 1 << b.spawn_index["spawn-blue"]
    g.take(st.survivors[0], b.obj_index["blue-token"])
    assert st.spawns_active & spawn
    g.press(st.survivors[0], b.obj_index["white-button"])
    assert st.doors_open >> b.door_index["white-main-door"] & 1


# -- M10 -----------------------------------------------------------------------------------------


def test_m10_the_blue_key_is_among_five_red_tokens_outside_and_opens_the_main_door():
    """'Piazza il Segnalino Obiettivo Blu casualmente, capovolto, tra i cinque Segnalini Obiettivo
    Rossi posizionati fuori dall'Edificio principale.'"""
    s = _load("m10-prison-is-hell")
    key, reds = _hidden(s, "blue")
    assert key.kind == "key" and len(reds) == 5 and all(o.colour == "red" for o in reds)
    assert all(s.zone(o.zone).kind == "room" and s.zone(o.zone).building in ("wardens-house", "guards-lodge")
               for o in [key, *reds])
    main = s.connection("main-door")
    assert main.state == "locked" and main.lock.colour == "blue"
    assert [z.kind for z in s.zones].count("tower") == 1
    buttons = {o.id for o in s.objectives if o.kind == "switch"}
    assert set(s.victory.steps[2].objectives) == {key.id, *(o.id for o in reds), *buttons}


# -- the engine on a published mission ------------------------------------------------------------


def _play_m01(seed, conn):
    record = designer.play(_load("m01-the-blueprints"), seed=seed, policy="random")
    conn.send((record["cause"], record["turns"]))


def test_m01_a_game_where_the_fatties_run_out_while_splitting_ends():
    """Game 1145 of M01 under the random bot: the fatties run out of miniatures while splitting
    between two equally short paths at turn 21; the game must end by the rules."""
    import multiprocessing

    from designer.engine.batch import game_seed

    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_play_m01, args=(game_seed(1, 1145), send), daemon=True)
    proc.start()
    # the game takes milliseconds; a generous bound on a loaded machine, not a speed figure
    finished = recv.poll(20)
    if not finished:
        proc.kill()
    proc.join()
    assert finished, "the game did not end"
    cause, turns = recv.recv()
    assert cause in ("all_dead", "stalled", "") and 1 <= turns <= 60
