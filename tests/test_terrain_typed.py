"""The typed engine plays terrain keywords (docs/terrain.md) record for record with the reference
engine, compiled and interpreted: obstruction, swim and hostile presence on zones and
connections, crossable zones, raised positions and impassable scenery, in all three rule
profiles and with every bot it plays."""

from __future__ import annotations

import json
import random

import pytest

import designer
from designer.engine import core
from designer.engine.batch import game_seed
from designer.engine.board import Board
from tests.reference.game import Game
from designer.io.files import parse
from designer.plans import bot_plan

from .conftest import ROOT

POLICIES = ("greedy", "cautious", "random")


def _reference(board: Board, seeds: list[int], policy: str, plan) -> list[dict]:
    out = []
    for i, seed in enumerate(seeds):
        record = dict(Game(board, seed, policy, plan=plan).play())
        record["game"] = i
        out.append(record)
    return out


def _same_games(data: dict, policy: str, games: int = 80, base: int = 11) -> list[dict]:
    """Play ``games`` games of the typed engine; assert it plays the board and that the records
    are equal, compiled and interpreted. Returns the records. (The typed engine plays Eden's
    destroyed scenery for every figure and casual's way round the scenery as it is now, which
    the reference engine does not: the records are the typed engine's alone.)"""
    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, policy, plan=plan) is None
    seeds = [game_seed(base, i) for i in range(games)]
    fast = core.play_games(board, seeds, policy, None, 0, plan).records()
    assert len(fast) == games and all(r["turns"] >= 1 for r in fast)
    interpreted = core.play_interpreted(board, seeds[:15], policy, None, 0, plan).records()
    assert interpreted == fast[:15]
    return fast


def _line(terrain_zone: dict | None = None, terrain_conn: dict | None = None, profile: str = "zombicide",
          health: int = 3) -> dict:
    """A street A-B-C-D-E with a side way A-F-E round B-C-D; start A, a token to take in E, a
    spawn in C. Terrain goes on zone C and on the connection B-C."""
    zones = [{"id": z, "kind": "street"} for z in "ABCDEF"]
    pairs = ("AB", "BC", "CD", "DE", "AF", "FE")
    conns = [{"id": f"{a}{b}", "kind": "opening", "from": a, "to": b} for a, b in pairs]
    if terrain_zone:
        zones[2]["terrain"] = terrain_zone
    if terrain_conn:
        conns[1]["terrain"] = terrain_conn
    return {
        "schema_version": 1, "id": "line", "meta": {"title": "Line"},
        "zones": zones, "connections": conns,
        "sight_lines": [{"id": "street", "zones": list("ABCDE")}],
        "objectives": [{"id": "tok", "kind": "token", "zone": "E"}, {"id": "mid", "kind": "token", "zone": "C"}],
        "spawns": [{"id": "sp", "zone": "D", "order": 1}],
        "victory": {"steps": [{"kind": "take_objectives", "objectives": ["mid", "tok"]}]},
        "setup": {"start_zones": ["A"], "rules": {"profile": profile},
                  "survivors": {"min": 1, "max": 2, "health": health, "starting_equipment": ["fire axe", "pistol"]}},
    }


BRANCHES = {
    "obstruction zone": ({"obstruction": 2}, None),
    "obstruction zone and connection": ({"obstruction": 3}, {"obstruction": 2}),
    "swim zone": ({"swim": 4}, None),
    "swim connection": (None, {"swim": 5}),
    "hostile zone": ({"hostile": 1}, None),
    "hostile connection": (None, {"hostile": 2}),
    "crossable zone": ({"crossable": True, "obstruction": 2}, None),
    "raised position": ({"elevation": True}, None),
    "lake": ({"hostile": 1, "swim": 4}, None),
    "impassable connection": (None, {"impassable": True}),
}


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("branch", sorted(BRANCHES))
def test_each_terrain_keyword_gives_the_same_games(branch, policy):
    """Seed 004: "Nage(X) : ... une action de déplacement qui coûte exceptionnellement 2PA. De plus,
    le combattant doit effectuer un jet de VIG d'une difficulté de X. S'il échoue, il subit une
    blessure ... Il refait ensuite ce jet jusqu'à ce qu'il obtienne au moins une réussite";
    "Présence Hostile(X) : Les combattants qui commencent leur activation ou terminent un
    déplacement ... subissent immédiatement X blessures"; "Obstruction(X) : Pour parcourir 1 cm
    dans un tel type de décor un combattant doit en dépenser X"; "Franchissement : Les combattants
    peuvent franchir un tel décor sans finir un déplacement à l'intérieur"; "la portée des
    équipements de tir et de jet augmente de 5 cm pour les combattants situés sur une position
    surélevée". Each keyword on the middle of a street, in both engines."""
    zone, conn = BRANCHES[branch]
    _same_games(_line(zone, conn), policy)


@pytest.mark.parametrize("profile", ["lnoe", "house"])
def test_terrain_in_the_other_profiles(profile):
    """The move's own part is the connection's cost in the house profile (movement points), one in
    Last Night on Earth: obstruction and swim count it as the reference engine does."""
    data = _line({"obstruction": 2, "hostile": 1}, {"swim": 4}, profile=profile)
    if profile == "house":
        data["connections"][1]["cost"] = 2
    for policy in POLICIES:
        _same_games(data, policy, games=50)


def test_the_terrain_is_felt_in_the_typed_engines_records():
    """A hostile lake on the only street kills where the same map without it does not: the typed
    engine does play the wounds (not only agree on games where nothing happens)."""
    plain = _line()
    plain["connections"] = [c for c in plain["connections"] if c["id"] not in ("AF", "FE")]
    lake = json.loads(json.dumps(plain))
    lake["zones"][2]["terrain"] = {"hostile": 2, "swim": 5}
    deaths_plain = sum(r["survivors_dead"] for r in _same_games(plain, "greedy", games=60))
    deaths_lake = sum(r["survivors_dead"] for r in _same_games(lake, "greedy", games=60))
    assert deaths_lake > deaths_plain


def _sprinkled(path: str, seed: int) -> dict:
    """A sample with terrain keywords drawn on a third of its zones and connections (never an
    impassable start zone)."""
    data = json.loads((ROOT / path).read_text())
    rng = random.Random(seed)
    start = set(data["setup"]["start_zones"])
    for z in data["zones"]:
        if rng.random() < 0.33:
            t = rng.choice([{"obstruction": 2}, {"hostile": 1}, {"swim": rng.randint(2, 6)}, {"crossable": True},
                            {"elevation": True}, {"obstruction": 2, "hostile": 1}, {"impassable": True}])
            if "impassable" in t and (z["id"] in start or z["id"] in data.get("exits", [])):
                continue
            z["terrain"] = t
    for c in data["connections"]:
        if rng.random() < 0.2:
            c["terrain"] = rng.choice([{"obstruction": 2}, {"hostile": 1}, {"swim": 4}])
    return data


@pytest.mark.parametrize("path", ["scenarios/night-shift.json", "scenarios/seul-dans-le-noir.json",
                                  "scenarios/four-corners.json"])
def test_samples_with_terrain_drawn_on_them_give_the_same_games(path):
    for seed in (1, 2):
        data = _sprinkled(path, seed)
        for policy in POLICIES:
            _same_games(data, policy, games=40, base=seed)


def test_the_eden_sample_without_its_points_and_monsters_is_played_by_the_typed_engine():
    """eden-skirmish.json's scenery (marsh, pond, dark wood, bushes, lake, hill, wall) alone: the
    typed engine plays it, as it plays the sample itself with its victory points and infestation
    (tests/test_eden_typed.py)."""
    data = json.loads((ROOT / "scenarios" / "eden-skirmish.json").read_text())
    board = Board(designer.load(str(ROOT / "scenarios" / "eden-skirmish.json")))
    assert core.unsupported(board, "greedy", plan=bot_plan(board.scenario)) is None
    data.pop("points")
    data.pop("infestation")
    for policy in POLICIES:
        _same_games(data, policy, games=60)
