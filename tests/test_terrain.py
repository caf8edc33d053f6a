"""Terrain keywords (Eden, seed 004, *Les règles spéciales des décors*): the model, the
validator's findings and the reference engine's rules (docs/terrain.md)."""

from __future__ import annotations

import copy
import math

import pytest

from designer.checks import check
from designer.engine import Board
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine import core
from designer.io.files import LoadError, parse
from designer.rules.terrain import expected_swim_wounds, move_cost, terrain_tables


def _line(terrain: dict | None = None, conn_terrain: dict | None = None, *, health: int = 3) -> dict:
    """A street of four zones A-B-C-D, start A, a token in D to take; ``terrain`` goes on zone
    B, ``conn_terrain`` on the connection A-B."""
    zones = [{"id": z} for z in "ABCD"]
    if terrain:
        zones[1]["terrain"] = terrain
    conns = [{"id": f"{a}{b}", "kind": "opening", "from": a, "to": b} for a, b in ("AB", "BC", "CD")]
    if conn_terrain:
        conns[0]["terrain"] = conn_terrain
    return {
        "schema_version": 1, "id": "line", "meta": {"title": "Line"},
        "zones": zones, "connections": conns,
        "objectives": [{"id": "tok", "kind": "token", "zone": "D"}],
        "spawns": [{"id": "sp", "zone": "D", "order": 1, "active": False}],
        "victory": {"steps": [{"kind": "take_objectives", "objectives": ["tok"]}]},
        "setup": {"start_zones": ["A"], "survivors": {"min": 1, "max": 1, "health": health,
                                                      "starting_equipment": ["pistol"]}},
    }


def _with_bypass(data: dict) -> dict:
    """The same street with a detour A-E-C around zone B."""
    d = copy.deepcopy(data)
    d["zones"].append({"id": "E"})
    d["connections"] += [{"id": "AE", "kind": "opening", "from": "A", "to": "E"},
                         {"id": "EC", "kind": "opening", "from": "E", "to": "C"}]
    return d


def _game(data: dict, zone: str = "A", actions: int = 3) -> tuple[Game, object]:
    board = Board(parse(data))
    g = Game(board, 1, "greedy", plan=())
    s = g.state.survivors[0]
    s.zone = board.zone_index[zone]
    s.actions_left = actions
    return g, s


def _codes(data: dict) -> dict[str, list]:
    out: dict[str, list] = {}
    for f in check(parse(data)).findings:
        out.setdefault(f.code, []).append(f)
    return out


# -- the model ---------------------------------------------------------------------------------


def test_keywords_load_and_a_bad_value_names_its_path():
    """"Un certain nombre de règles spéciales ont une valeur indiquée entre parenthèses après
    leur nom": obstruction(x) takes a value of 2 or more; 1 is refused at its JSON path."""
    s = parse(_line({"obstruction": 2, "hostile": 1, "flammable": True}))
    assert s.zones[1].terrain.keywords() == ["obstruction(2)", "hostile(1)", "flammable"]
    with pytest.raises(LoadError) as e:
        parse(_line({"obstruction": 1}))
    assert "zones[1].terrain.obstruction" in str(e.value)


def test_a_map_without_terrain_has_no_tables():
    """A scenario without terrain keywords plays as before: the engine has no terrain tables."""
    board = Board(parse(_line()))
    assert terrain_tables(board.rules) is None
    assert Game(board, 1, plan=()).terrain is None


# -- impassable ----------------------------------------------------------------------------------


def test_reachability_never_wins_through_an_impassable_connection():
    """"on considère également qu'un décor ... ne peut être franchi par un combattant": the only
    way to the token crosses an impassable wall, so the mission cannot be won; the same map with
    the wall open can."""
    assert check(parse(_line())).winnable
    walled = check(parse(_line(conn_terrain={"impassable": True})))
    assert not walled.winnable
    assert "unwinnable" in {f.code for f in walled.findings}
    assert check(parse(_with_bypass(_line(conn_terrain={"impassable": True})))).winnable


def test_an_impassable_zone_shuts_every_connection_for_survivors_and_zombies():
    """"des décors infranchissables": nobody enters an impassable zone; zombies stop too."""
    board = Board(parse(_line({"impassable": True})))
    b = board.zone_index["B"]
    assert all(v != b for z in range(board.n) for v, _c in board.surv_adj[z])
    assert all(v != b for z in range(board.n) for v, _c, _ok in board.zpath_adj[z])


def test_an_objective_in_an_impassable_zone_is_an_error_naming_both():
    """"un combattant ne peut donc pas non plus terminer un mouvement sur un décor": a token in
    an impassable zone can never be taken."""
    d = _line()
    d["zones"][3]["terrain"] = {"impassable": True}
    found = _codes(d)["terrain-impassable-holds"]
    assert [f.ids for f in found] == [("D", "sp"), ("D", "tok")]
    assert all(f.severity == "error" for f in found)


def test_the_typed_engine_plays_terrain():
    """Terrain keywords are no reason to leave the typed engine (tests/test_terrain_typed.py
    compares its records with the reference engine's), nor are victory points
    (tests/test_eden_typed.py)."""
    board = Board(parse(_line({"obstruction": 2})))
    assert core._board_problem(board, Game(board, 1, plan=()).profile) is None
    if core.available():
        assert core.unsupported(board, "greedy", plan=()) is None
    data = _line({"obstruction": 2})
    data["points"] = {"turns": 3, "target": 1, "objectives": [{"objective": data["objectives"][0]["id"], "taken": 1}]}
    scored = Board(parse(data))
    assert core._board_problem(scored, Game(scored, 1, plan=()).profile) is None


# -- obstruction and crossable -------------------------------------------------------------------


def test_an_obstruction_doubles_the_move():
    """"Obstruction(X): Pour parcourir 1 cm dans un tel type de décor un combattant doit en
    dépenser X ... Avec un potentiel de déplacement de 10 cm ce combattant pourra donc au
    maximum parcourir 5 cm": a move into an obstruction(2) marsh costs 2 actions."""
    g, s = _game(_line({"obstruction": 2}))
    b = g.board.zone_index["B"]
    move = next(a for a in g.legal_actions(s) if a[0] == "move" and a[1] == b)
    g.apply(s, move)
    assert s.zone == b and s.actions_left == 1
    g2, s2 = _game(_line({"obstruction": 2}), actions=1)
    assert not any(a[0] == "move" and a[1] == b for a in g2.legal_actions(s2))


def test_obstruction_counts_the_moves_own_cost_and_the_zombies_once():
    """The marsh's cost with two zombies in the zone left: 2 for the marsh, 2 for the zombies."""
    g, s = _game(_line({"obstruction": 2}), actions=10)
    g.state.place_zombies(g.board.zone_index["A"], "walker", 2, from_pool=False)
    conn = g.board.conn_index["AB"]
    assert g.profile.move_cost(g, s, conn) == 3
    assert g.profile.terrain_move_cost(g, s, conn) == 4
    t = terrain_tables(g.board.rules)
    assert move_cost(t, 2, 2, conn, g.board.zone_index["B"]) == 4  # house stairs of 2 into the marsh


def test_a_crossable_zone_needs_the_actions_to_move_on():
    """"Franchissement: Les combattants peuvent franchir un tel décor sans finir un déplacement
    à l'intérieur": with one action left a survivor may not step into the bushes."""
    b_ok = _game(_line({"crossable": True}), actions=2)
    b_short = _game(_line({"crossable": True}), actions=1)
    for (g, s), allowed in ((b_ok, True), (b_short, False)):
        b = g.board.zone_index["B"]
        assert any(a[0] == "move" and a[1] == b for a in g.legal_actions(s)) is allowed


def test_a_zone_costing_more_than_a_turn_is_reported():
    """"Obstruction(X)" with X = 4 on the only way to the token: 4 actions, more than the 3 a
    survivor has in a turn; an error since the victory needs the zone behind it... and the zone
    itself when it holds the token."""
    d = _line()
    d["zones"][3]["terrain"] = {"obstruction": 4}
    found = _codes(d)["terrain-costly-zone"]
    assert [(f.severity, f.ids) for f in found] == [("error", ("D",))]
    assert "4 actions" in found[0].message
    d["objectives"][0]["zone"] = "C"
    assert [(f.severity, f.ids) for f in _codes(d)["terrain-costly-zone"]] == [("warning", ("D",))]


# -- hostile presence --------------------------------------------------------------------------


def test_a_hostile_zone_on_the_only_path_is_a_finding_with_the_ids():
    """"Présence Hostile(X): Les combattants qui ... terminent un déplacement au contact ou dans
    un décor possédant cette règle spéciale subissent immédiatement X blessures": the pond lies
    on the only path to the token."""
    found = _codes(_line({"hostile": 1}))["terrain-hostile-path"]
    assert [(f.severity, f.ids) for f in found] == [("warning", ("B", "D"))]
    assert "terrain-hostile-path" not in _codes(_with_bypass(_line({"hostile": 1})))


def test_a_deadly_hostile_zone_on_the_only_path_is_an_error():
    """Hostile presence(3) against survivors of 3 health: whoever crosses dies."""
    found = _codes(_line({"hostile": 3}, health=3))["terrain-hostile-path"]
    assert found[0].severity == "error" and "it dies" in found[0].message


def test_every_way_round_crossing_hostile_scenery_is_reported():
    """Two ponds, one on each way round: no single one cuts the token off, both together do."""
    d = _with_bypass(_line({"hostile": 1}))
    d["zones"][-1]["terrain"] = {"hostile": 1}
    found = _codes(d)["terrain-hostile-path"]
    assert len(found) == 1 and set(found[0].ids) == {"B", "E", "D"}


def test_hostile_presence_wounds_on_entry_and_at_the_start_of_an_activation():
    """"Les combattants qui commencent leur activation ou terminent un déplacement ... dans un
    décor possédant cette règle spéciale subissent immédiatement X blessures"."""
    g, s = _game(_line({"hostile": 1}))
    g.apply(s, ("move", g.board.zone_index["B"], g.board.conn_index["AB"]))
    assert s.wounds == 1
    g._begin_survivor_phase()
    g.policy = lambda view, sv, acts: ("pass",)
    g._survivors_act()
    assert s.wounds == 2


def test_a_hostile_connection_wounds_who_crosses_it():
    """Hostile presence on a connection (barbed wire): one wound per crossing."""
    g, s = _game(_line(conn_terrain={"hostile": 1}))
    g.apply(s, ("move", g.board.zone_index["B"], g.board.conn_index["AB"]))
    assert s.wounds == 1 and s.zone == g.board.zone_index["B"]


# -- swim and elevation ----------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", [3, 4, 5])
def test_swim_wounds_match_the_closed_form(difficulty):
    """"Nage(X): ... une action de déplacement qui coûte exceptionnellement 2PA. De plus, le
    combattant doit effectuer un jet de VIG d'une difficulté de X. S'il échoue, il subit une
    blessure ... Il refait ensuite ce jet jusqu'à ce qu'il obtienne au moins une réussite":
    misses before a d6 shows X are geometric, E = (X - 1) / (7 - X); 2,500 swims land within
    four standard errors of it."""
    data = _line({"swim": difficulty}, health=20)
    board = Board(parse(data))
    b, ab = board.zone_index["B"], board.conn_index["AB"]
    wounds = []
    for seed in range(2500):
        g = Game(board, seed, plan=())
        s = g.state.survivors[0]
        s.zone, s.actions_left, s.items = board.zone_index["A"], 3, []
        assert g.profile.terrain_move_cost(g, s, ab) == 2
        g.apply(s, ("move", b, ab))
        assert s.actions_left == 1
        wounds.append(s.wounds)
    p = (7 - difficulty) / 6
    mean = sum(wounds) / len(wounds)
    se = math.sqrt((1 - p) / p ** 2 / len(wounds))
    assert expected_swim_wounds(difficulty) == pytest.approx((difficulty - 1) / (7 - difficulty))
    assert abs(mean - expected_swim_wounds(difficulty)) < 4 * se


def test_elevation_reaches_one_zone_further():
    """"la portée des équipements de tir et de jet augmente de 5 cm pour les combattants situés
    sur une position surélevée": from the hill (zone B) a pistol (range 0-1) reaches D; from
    the street it does not."""
    for terrain, reaches in ((None, False), ({"elevation": True}, True)):
        d = _line(terrain)
        d["sight_lines"] = [{"id": "street", "zones": ["A", "B", "C", "D"]}]
        g, s = _game(d, zone="B")
        g.state.place_zombies(g.board.zone_index["D"], "walker", 1, from_pool=False)
        shots = [a for a in g.legal_actions(s) if a[0] == "ranged"]
        assert (("ranged", "pistol", g.board.zone_index["D"]) in shots) is reaches


def test_keywords_that_mean_nothing_where_they_stand_are_reported():
    """"Inflammable" and "Destruction(X)" are played (no finding of their own: docs/terrain.md,
    *Fire*, tests/test_terrain_fire.py); "Élévation" on a connection means nothing."""
    codes = _codes(_line({"destruction": 3, "flammable": True}, {"elevation": True}))
    assert not any(f.ids == ("B",) for fs in codes.values() for f in fs if f.code.startswith("terrain-"))
    assert codes["terrain-keyword-ignored"][0].ids == ("AB",)
