"""Les morts aux trousses (seed 003): zombie arrivals per player, no collecting in the dark or in
smoke, the dark's and the smoke's shooting rules, no combat in smoke. Each test quotes the
rulebook's sentence; the typed engine plays them with the reference engine's records."""

from __future__ import annotations

import pytest

import designer
from designer.engine import Board, core
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine.batch import game_seed
from designer.engine.board import ZOMBIE
from designer.engine.session import TypedGame
from designer.model.scenario import Scenario
from designer.plans import bot_plan
from designer.rules.equipment import item

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "les-morts-aux-trousses.json"


def _data() -> dict:
    return designer.load(SAMPLE).model_dump(mode="json", by_alias=True, exclude_none=True)


def _zone(data: dict, zid: str) -> dict:
    return next(z for z in data["zones"] if z["id"] == zid)


def _board(data: dict) -> Board:
    return Board(Scenario.model_validate(data))


def _arrivals_data(first: bool = True) -> dict:
    data = _data()
    data["setup"]["spawn_method"] = {"kind": "fixed", "per_player": True, "first_turn_each_level": first}
    data["setup"]["zombies"] = []
    return data


def _game(data: dict, survivors: int, seed: int = 3) -> Game:
    g = Game(_board(data), seed, "greedy", survivors=survivors)
    st = g.state
    st.zombies = [[0] * len(row) for row in st.zombies]
    st.pool[ZOMBIE] = 40
    return g


def _per_level(g: Game) -> dict[int, int]:
    out: dict[int, int] = {}
    for z, row in enumerate(g.state.zombies):
        if sum(row):
            out[g.board.level[z]] = out.get(g.board.level[z], 0) + sum(row)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_turn_brings_one_zombie_per_player_on_each_floor(players):
    """"First turn of the game: each player brings in 1 zombie on the ground floor (red arrow) /
    1 in the basement / 1 on the 1st floor (except the office)"."""
    g = _game(_arrivals_data(), players)
    assert g.state.turn == 1
    g.spawn_phase()
    # one red arrow on the ground floor and one in the basement, each room holding at most 3
    assert _per_level(g) == {-1: min(players, 3), 0: min(players, 3), 1: players}
    b = g.board
    office = b.zone_index["office"]
    assert sum(g.state.zombies[office]) == 0
    ground = [z for z in range(b.n) if b.level[z] == 0 and sum(g.state.zombies[z])]
    assert ground == [b.zone_index["kitchen"]], "on the ground floor through the red arrow"
    first = {b.zone_ids[z] for z in range(b.n) if b.level[z] == 1 and sum(g.state.zombies[z])}
    assert first <= {"landing", "walkway", "bedroom"}, "never the office, the burning bathroom or the lift"


@pytest.mark.parametrize("players", [2, 4])
def test_the_other_turns_bring_one_zombie_per_player_through_a_red_arrow(players):
    """"All other turns: each player brings in 1 zombie through a red arrow on the ground floor
    or basement"."""
    g = _game(_arrivals_data(), players)
    g.state.turn = 2
    g.spawn_phase()
    b = g.board
    arrows = {b.zone_index["kitchen"], b.zone_index["coal"]}
    assert sum(map(sum, g.state.zombies)) == players
    assert {z for z, row in enumerate(g.state.zombies) if sum(row)} <= arrows


def test_no_zombie_arrives_in_a_full_room():
    """"Impossible to enter a location if it already holds 3 zombies (exception: breakthrough
    zone)": with 3 zombies in the kitchen every player brings his zombie in through the coal
    cellar's arrow, until the coal cellar holds 3 too; then nobody brings one in."""
    g = _game(_arrivals_data(), 4)
    g.state.turn = 2
    b = g.board
    kitchen, coal = b.zone_index["kitchen"], b.zone_index["coal"]
    g.state.zombies[kitchen][ZOMBIE] = 3
    g.spawn_phase()
    assert sum(g.state.zombies[kitchen]) == 3
    assert sum(g.state.zombies[coal]) == 3, "the 4th player finds both arrows' rooms full"
    assert sum(map(sum, g.state.zombies)) == 6


def test_a_breakthrough_zone_takes_a_4th_arrival():
    """"Maximum 3 zombies (beyond that, one is pushed into an adjacent room)": an arrow in a
    breakthrough zone still brings its zombie in when the zone holds 3."""
    data = _arrivals_data()
    _zone(data, "kitchen").setdefault("flags", {})["breakthrough"] = True
    g = _game(data, 2)
    g.state.turn = 2
    b = g.board
    kitchen, coal = b.zone_index["kitchen"], b.zone_index["coal"]
    g.state.zombies[kitchen][ZOMBIE] = 3
    g.state.zombies[coal][ZOMBIE] = 3
    g.spawn_phase()
    assert sum(map(sum, g.state.zombies)) == 8, "both players bring theirs in through the kitchen"
    assert sum(g.state.zombies[coal]) == 3


def test_a_dead_player_still_brings_in_a_zombie():
    """Dead survivors: "On your turn: you bring in a zombie"."""
    g = _game(_arrivals_data(), 3)
    g.state.turn = 2
    g.state.survivors[0].alive = False
    g.spawn_phase()
    assert sum(map(sum, g.state.zombies)) == 3


def test_without_per_player_every_arrow_brings_its_count():
    """The fixed method without ``per_player`` is unchanged: one zombie at every active spawn."""
    data = _data()
    data["setup"]["spawn_method"] = {"kind": "fixed"}
    g = _game(data, 4)
    g.spawn_phase()
    assert sum(map(sum, g.state.zombies)) == 2


def _house(data: dict | None = None) -> Game:
    g = Game(_board(data or _data()), 1, "greedy")
    st = g.state
    st.zombies = [[0] * len(row) for row in st.zombies]
    st.pool[ZOMBIE] = 30
    return g


def test_nothing_is_collected_in_the_dark_unless_it_burns():
    """"Darkness: movement = 2 (no collection)"; "Fire in a dark room = light"."""
    data = _data()
    for o in data["objectives"]:
        o["zone"] = "cellar"
    g = _house(data)
    hero = g.state.add_survivor(g.board.zone_index["cellar"], health=5)
    hero.actions_left = 2
    assert not [a for a in g.legal_actions(hero) if a[0] == "take"]
    _zone(data, "cellar")["flags"]["fire"] = True
    g = _house(data)
    hero = g.state.add_survivor(g.board.zone_index["cellar"], health=5)
    hero.actions_left = 2
    assert [a for a in g.legal_actions(hero) if a[0] == "take"]


def test_nothing_is_collected_in_smoke():
    """"Smoke => no collection / no movement penalty / passage possible and combat not
    compulsory!"."""
    data = _data()
    _zone(data, "office").setdefault("flags", {})["smoke"] = True
    g = _house(data)
    hero = g.state.add_survivor(g.board.zone_index["office"], health=5)
    hero.actions_left = 3
    assert not [a for a in g.legal_actions(hero) if a[0] == "take"]


def test_smoke_passage_without_compulsory_combat():
    """"passage possible and combat not compulsory!": a survivor walks into a smoke-filled room
    with a zombie, no fight starts, and it may walk on."""
    data = _data()
    _zone(data, "living").setdefault("flags", {})["smoke"] = True
    g = _house(data)
    b = g.board
    living = b.zone_index["living"]
    g.state.place_zombies(living, "zombie", 2)
    hero = g.state.add_survivor(b.zone_index["hall"], health=5, items=["fire axe"])
    hero.actions_left = 3
    g.script = []  # any die rolled would fail the test
    g.apply(hero, ("move", living, b.conn_index["hall-living"]))
    assert hero.zone == living and hero.wounds == 0 and hero.actions_left == 2
    acts = g.legal_actions(hero)
    assert not [a for a in acts if a[0] == "melee"], "No combat in smoke"
    assert ("move", b.zone_index["kitchen"], b.conn_index["living-kitchen"]) in acts


def test_zombies_do_not_fight_in_smoke():
    """"No combat in smoke": zombies in a smoke-filled room with a survivor do not attack."""
    data = _data()
    _zone(data, "living").setdefault("flags", {})["smoke"] = True
    g = _house(data)
    living = g.board.zone_index["living"]
    g.state.place_zombies(living, "zombie", 3)
    hero = g.state.add_survivor(living, health=5)
    g.script = []
    g.profile.zombie_attack(g, living, [0] * ZOMBIE + [3])
    assert hero.wounds == 0


def test_no_shot_into_smoke_or_next_to_it():
    """"No shooting / throwing into a room filled with smoke or adjacent to smoke"."""
    data = _data()
    g = _house(data)
    b = g.board
    kitchen, living = b.zone_index["kitchen"], b.zone_index["living"]
    g.state.place_zombies(kitchen, "zombie", 1)
    hero = g.state.add_survivor(living, health=5, items=["pistol"])
    hero.actions_left = 3
    assert ("ranged", "pistol", kitchen) in g.legal_actions(hero)
    _zone(data, "dining").setdefault("flags", {})["smoke"] = True  # the dining room is next to the kitchen
    g = _house(data)
    g.state.place_zombies(kitchen, "zombie", 1)
    hero = g.state.add_survivor(living, health=5, items=["pistol"])
    hero.actions_left = 3
    assert not [a for a in g.legal_actions(hero) if a[0] == "ranged"]


def test_in_the_dark_a_shot_goes_only_to_an_adjacent_lit_room():
    """"In the dark, a ranged weapon cannot reach a survivor (except molotov) / A survivor in the
    dark may attack at range toward an adjacent lit room" and "Fire in a dark room = light": from
    the dark cellar no shot reaches the dark boiler room, until the boiler room burns."""
    data = _data()
    for lit in (False, True):
        _zone(data, "boiler")["flags"]["fire"] = lit
        g = _house(data)
        b = g.board
        cellar, boiler = b.zone_index["cellar"], b.zone_index["boiler"]
        g.state.place_zombies(boiler, "zombie", 1)
        hero = g.state.add_survivor(cellar, health=5, items=["pistol"])
        hero.actions_left = 2
        assert (("ranged", "pistol", boiler) in g.legal_actions(hero)) is lit
        assert g.profile.can_shoot(g, hero, boiler, 1) is lit
        assert not g.profile.can_shoot(g, hero, boiler, 2), "from the dark: an adjacent room only"


def test_zombicide_ignores_the_smoke_and_dark_rules():
    """The rules are the house profile's: a Zombicide game shoots and collects as before."""
    data = _data()
    data["setup"]["rules"] = {"profile": "zombicide"}
    _zone(data, "office").setdefault("flags", {})["smoke"] = True
    g = _house(data)
    hero = g.state.add_survivor(g.board.zone_index["office"], health=5)
    hero.actions_left = 3
    assert [a for a in g.legal_actions(hero) if a[0] == "take"]


def _codes(data: dict) -> dict[str, list]:
    from designer.checks import check

    out: dict[str, list] = {}
    for f in check(Scenario.model_validate(data)).findings:
        out.setdefault(f.code, []).append(f)
    return out


def test_the_validator_flags_a_key_in_the_dark():
    """"Darkness: movement = 2 (no collection)": a key the mission needs, placed in the dark
    cellar, can never be taken."""
    data = _data()
    assert "house-collect-in-dark" not in _codes(data)
    data["objectives"][0]["zone"] = "cellar"
    found = _codes(data)["house-collect-in-dark"]
    assert [(f.severity, f.ids) for f in found] == [("error", ("office-key", "cellar"))]
    assert "cannot be won" in found[0].message


def test_the_validator_flags_a_level_where_nobody_arrives():
    """"1 on the 1st floor (except the office)": with every first-floor zone closed to spawns,
    the first turn's zombie of that floor has nowhere to arrive."""
    data = _arrivals_data()
    assert "arrivals-level-without-zone" not in _codes(data)
    for zid in ("landing", "walkway", "bedroom"):
        _zone(data, zid).setdefault("flags", {})["no_spawn"] = True
    found = _codes(data)["arrivals-level-without-zone"]
    assert len(found) == 1 and "level 1" in found[0].message and "office" in found[0].ids


def _rules_data() -> dict:
    """The sample with arrivals per player, a smoke-filled living room and an extra bunker A key
    in the dark cellar and in the burning-lit boiler room (the bots reach for it)."""
    data = _arrivals_data()
    _zone(data, "living").setdefault("flags", {})["smoke"] = True
    _zone(data, "boiler")["flags"]["fire"] = True
    data["objectives"] += [{"id": "cellar-key", "kind": "item", "item": "bunker A key", "zone": "cellar"},
                           {"id": "boiler-key", "kind": "item", "item": "bunker A key", "zone": "boiler"}]
    data["setup"]["survivors"]["starting_equipment"] = ["kitchen knife", "pistol"]
    return data


@pytest.mark.parametrize("survivors", [1, 2, 4])
def test_the_typed_engine_plays_arrivals_dark_and_smoke_compiled_and_interpreted_alike(survivors):
    """Arrivals per player, no collecting in the dark or smoke, the shooting rules, no combat in
    smoke: the compiled typed engine gives the records of the same source interpreted."""
    board = _board(_rules_data())
    plan = bot_plan(board.scenario)
    seeds = [game_seed(23, i) for i in range(10)]
    for policy in ("greedy", "cautious", "random", "casual"):
        assert core.unsupported(board, policy, survivors, plan=plan) is None
        assert core.play_games(board, seeds, policy, survivors, 0, plan) == \
            core.play_interpreted(board, seeds, policy, survivors, 0, plan)


def _office_game(wounds: int) -> tuple[TypedGame, dict, list[str]]:
    """A survivor alone in the office with a kitchen knife takes the key (typed engine): the game,
    the survivor's state and its items."""
    board = _board(_data())
    st = board.new_state(1)
    st.zombies = [[0] * len(row) for row in st.zombies]
    st.pool[ZOMBIE] = 30
    hero = st.add_survivor(board.zone_index["office"], health=5, items=["kitchen knife"])
    hero.wounds = wounds
    hero.actions_left = 3
    g = TypedGame.from_state(board, st, "greedy", log=True)
    g.apply(hero.index, ("take", board.obj_index["office-key"]))
    sv = g.engine.state()["survivors"][hero.index]
    return g, sv, [g.names[i] for i in sv["items"]]


def test_the_office_key_gives_a_hit_point_and_a_card_to_a_wounded_survivor():
    """"First combat, then collection of the key (object token). Plus, a choice of: either 1 hit
    point + 1 object card or 2 object cards": a wounded survivor takes the hit point and one card."""
    g, sv, items = _office_game(wounds=2)
    assert sv["wounds"] == 1
    assert len(items) == 3 and items[0] == "kitchen knife" and items[1] in ("bunker A key", "bunker B key")
    assert {"turn": 1, "event": "heal_or_draw", "survivor": 0, "healed": 1, "cards": 1} in g.log


def test_the_office_key_gives_two_cards_to_an_unhurt_survivor():
    """"either 1 hit point + 1 object card or 2 object cards": unhurt, the survivor draws two."""
    g, sv, items = _office_game(wounds=0)
    assert sv["wounds"] == 0
    assert len(items) == 4 and items[0] == "kitchen knife" and items[1] in ("bunker A key", "bunker B key")
    assert {"turn": 1, "event": "heal_or_draw", "survivor": 0, "healed": 0, "cards": 2} in g.log


def test_the_validator_flags_the_choice_on_a_turn():
    """The choice goes to the survivor who collects the key: on a turn nobody takes it."""
    data = _data()
    assert "heal-or-draw-no-survivor" not in _codes(data)
    data["triggers"].append({"id": "dawn-gift", "when": {"kind": "turn_reached", "turn": 3},
                             "then": [{"kind": "heal_or_draw"}]})
    assert [f.ids for f in _codes(data)["heal-or-draw-no-survivor"]] == [("dawn-gift",)]


@pytest.mark.parametrize("survivors", [2, 4])
def test_the_typed_log_of_the_office_choice_compiled_and_interpreted(survivors):
    """The typed engine logs the office's choice (event code 60) and the key drawn (65) alike,
    compiled and interpreted: the same transcript of whole games of the sample."""
    from designer.engine import session

    board = Board(designer.load(SAMPLE))
    assert session.log_covers(board) is None
    seen = 0
    for i in range(12):
        seed = game_seed(5, i)
        logs = [session.play_typed(board.scenario, seed, "greedy", survivors=survivors, log=True, board=board,
                                   plan=bot_plan(board.scenario), compiled=compiled)["log"]
                for compiled in (True, False)]
        assert logs[0] == logs[1]
        choices = [e for e in logs[0] if e["event"] == "heal_or_draw"]
        assert len(choices) == sum(1 for e in logs[0] if e["event"] == "item_drawn")
        seen += len(choices)
    assert seen, "the greedy bots take the office key in some of these games"


def test_an_object_token_on_the_floor_is_collected_for_an_object_card():
    """"Place the objects on the floor (to be collected and converted at the end of the turn)"
    and "Draw: ... plus possibly 1 object card (if an object token was collected)": the sample's
    object tokens are collected for a card of the object deck (drawn at once), never in the dark."""
    g = _house()
    b = g.board
    tokens = [o for o, oid in enumerate(b.obj_ids) if oid.startswith("object-")]
    assert len(tokens) == 5 and all(b.obj_kind[o] == "search_marker" for o in tokens)
    assert not any(b.dark[b.obj_zone0[o]] for o in tokens), "nothing is collected in the dark"
    kitchen = b.zone_index["kitchen"]
    token = next(o for o in tokens if b.obj_zone0[o] == kitchen)
    hero = g.state.add_survivor(kitchen, health=5, items=["kitchen knife"])
    hero.actions_left = 3
    g.state.edeck = ["shotgun"]
    assert ("take", token) in g.legal_actions(hero)
    g.apply(hero, ("take", token))
    assert hero.items == ["kitchen knife", "shotgun"]


def test_a_dead_player_still_activates_a_zombie():
    """"All other turns: each player brings in 1 zombie ... plus activates 1 zombie (move / attack
    / break a door)" and, dead, "On your turn: you bring in a zombie / you move another one (or
    even your own)": three players, one dead, activate three zombies; an escaped one none."""
    g = _game(_data(), 3)
    st = g.state
    assert g.profile.activation_limit(g) == 3
    st.survivors[0].alive = False
    assert g.profile.activation_limit(g) == 3
    st.survivors[1].escaped = True
    assert g.profile.activation_limit(g) == 2
    st.survivors[2].alive = False
    assert g.profile.activation_limit(g) == 0
