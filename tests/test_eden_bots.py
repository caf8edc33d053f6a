"""casual (and the expert built on it) weigh the scenery on their way and seek victory points
(docs/terrain.md, *The bots' way round*); greedy, cautious and random are unchanged."""

from __future__ import annotations

import designer
from designer.engine.batch import game_seed
from designer.engine.board import Board
from tests.reference.game import Game
from designer.engine.terrain import HAZARD_WEIGHT, hazard_distances, step_cost
from designer.io.files import parse
from designer.plans import bot_plan
from designer.rules.terrain import terrain_tables

from .conftest import ROOT


def _detour(terrain: dict) -> dict:
    """A street A-B-C with the token in C, and a way round A-D-E-C; ``terrain`` on zone B."""
    zones = [{"id": z} for z in "ABCDE"]
    zones[1]["terrain"] = terrain
    pairs = ("AB", "BC", "AD", "DE", "EC")
    return {
        "schema_version": 1, "id": "detour", "meta": {"title": "Detour"},
        "zones": zones, "connections": [{"id": f"{a}{b}", "kind": "opening", "from": a, "to": b} for a, b in pairs],
        "objectives": [{"id": "tok", "kind": "token", "zone": "C"}],
        "spawns": [{"id": "sp", "zone": "E", "order": 1, "active": False}],
        "victory": {"steps": [{"kind": "take_objectives", "objectives": ["tok"]}]},
        "setup": {"start_zones": ["A"], "survivors": {"min": 1, "max": 1, "health": 3,
                                                      "starting_equipment": ["pistol"]}},
    }


def _first_move(data: dict, policy: str) -> str:
    board = Board(parse(data))
    g = Game(board, 1, policy, plan=bot_plan(board.scenario), log=True)
    g.play()
    return next(e["to"] for e in g.log if e["event"] == "move")


def test_casual_walks_round_a_hostile_zone_greedy_walks_through():
    """Seed 004: "Présence Hostile(X) : Les combattants qui commencent leur activation ou terminent
    un déplacement ... dans un décor possédant cette règle spéciale subissent immédiatement X
    blessures": two zones more to save a wound is worth it to casual; greedy keeps the shortest way."""
    data = _detour({"hostile": 1})
    assert _first_move(data, "greedy") == "B"
    assert _first_move(data, "casual") == "D"


def test_a_detour_longer_than_a_wound_is_worth_is_not_taken():
    """The weight is HAZARD_WEIGHT steps per expected wound: an obstruction(2) marsh costs one
    action more, less than the two zones of the way round, so casual wades through it."""
    data = _detour({"obstruction": 2})
    assert _first_move(data, "casual") == "B"


def test_step_costs_count_actions_and_expected_wounds():
    """A lake (Nage(4), Présence Hostile(1)): two actions, 1 wound of hostile presence and an
    expected (4 - 1) / (7 - 4) = 1 wound of swimming: 2 + 2 * HAZARD_WEIGHT."""
    data = _detour({"swim": 4, "hostile": 1})
    board = Board(parse(data))
    t = terrain_tables(board.rules)
    ab = board.conn_index["AB"]
    assert step_cost(t, ab, board.zone_index["B"]) == 2 + 2 * HAZARD_WEIGHT
    dist = hazard_distances(board, board.zone_index["C"], 0)
    assert dist[board.zone_index["A"]] == 3  # round by D and E, three plain steps


def test_casual_takes_far_fewer_wounds_in_the_sample_than_greedy():
    """eden-skirmish.json: greedy walks through the pond (Étang: "Obstruction(2), Présence
    Hostile(1)"), casual round it; the same 120 seeds."""
    s = designer.load(str(ROOT / "scenarios" / "eden-skirmish.json"))
    board = Board(s)
    plan = bot_plan(s)
    hurt = {}
    for policy in ("greedy", "casual"):
        total = 0
        for i in range(120):
            g = Game(board, game_seed(1, i), policy, plan=plan, log=True)
            g.play()
            total += sum(e["wounds"] for e in g.log if e["event"] == "hostile" and e["zone"] == "P1")
        hurt[policy] = total / 120
    assert hurt["greedy"] > 3 and hurt["casual"] < hurt["greedy"] / 5


def test_casual_holds_an_objective_worth_points_once_the_steps_are_done():
    """Seed 004: the mission card's points for holding: "Les joueurs comptabilisent les points de
    victoire (PV) qu'ils ont obtenu durant le tour". With the token taken, a casual survivor goes
    to the flag worth 2 a turn and stays there."""
    data = _detour({"obstruction": 2})
    data["objectives"].append({"id": "flag", "kind": "token", "zone": "E"})
    data["points"] = {"turns": 4, "target": 1, "objectives": [{"objective": "flag", "held": 2},
                                                             {"objective": "tok", "taken": 1}]}
    board = Board(parse(data))
    g = Game(board, 3, "casual", plan=bot_plan(board.scenario), log=True)
    record = g.play()
    s = g.state.survivors[0]
    assert s.alive and board.zone_ids[s.zone] == "E"
    assert record["points"] >= 1 + 2
