"""Destroyed scenery is removed for every figure: once a wall of destruction(x) falls, the
zombies of the typed engine walk through it too (docs/terrain.md, *Destruction*), and the
validator's map with the breakable walls open is the engine's, for survivors and zombies."""

from __future__ import annotations

import json

import pytest

from designer.engine import session
from designer.engine.board import Board
from designer.io.files import parse
from designer.plans import bot_plan
from designer.rules.zombies import ZINDEX
from designer.rules.terrain import terrain_tables

from .conftest import ROOT

def _map(x: int = 2) -> dict:
    """Start A; the wall A-B (impassable, destruction(x)); a way round A-E-F-G-B; a token in C
    beyond B, a spawn in D."""
    zones = [{"id": z, "kind": "street"} for z in "ABCDEFG"]
    conns = [{"id": "AB", "kind": "opening", "from": "A", "to": "B",
              "terrain": {"impassable": True, "destruction": x}},
             {"id": "BC", "kind": "opening", "from": "B", "to": "C"},
             {"id": "CD", "kind": "opening", "from": "C", "to": "D"}]
    conns += [{"id": a + b, "kind": "opening", "from": a, "to": b} for a, b in ("AE", "EF", "FG", "GB")]
    return {
        "schema_version": 1, "id": "walled", "meta": {"title": "Walled"},
        "zones": zones, "connections": conns,
        "objectives": [{"id": "tok", "kind": "token", "zone": "C"}],
        "spawns": [{"id": "sp", "zone": "D", "order": 1}],
        "victory": {"steps": [{"kind": "take_objectives", "objectives": ["tok"]}]},
        "setup": {"start_zones": ["A"], "rules": {"profile": "zombicide"},
                  "survivors": {"min": 1, "max": 1, "health": 3, "starting_equipment": ["fire axe", "pistol"]}},
    }


def _game(data: dict, compiled: bool | None = None, seed: int = 1) -> session.TypedGame:
    board = Board(parse(data))
    return session.TypedGame(board, seed, "greedy", log=True, plan=bot_plan(board.scenario), compiled=compiled)


def _walker_in_b(g: session.TypedGame, damage: int | None = None, actions: int = 0) -> None:
    """The survivor in A, one walker in B (and nothing else on the board); ``damage`` attacks on
    the wall A-B so far."""
    z = g.board.zone_index
    row = [0] * (max(ZINDEX.values()) + 1)
    row[ZINDEX["walker"]] = 1
    pool = g.engine.state()["pool"]
    pool[ZINDEX["walker"]] -= 1  # the walker comes out of the box
    pos = {"survivors": [{"zone": z["A"], "actions_left": actions}], "zombies": {z["B"]: row}, "pool": pool}
    if damage is not None:
        pos["damage"] = {_wall(g): damage}
    g.engine.load(pos)


def _wall(g: session.TypedGame) -> int:
    return terrain_tables(g.board.rules).piece_ids.index("AB")


def _walker_zone(g: session.TypedGame) -> str:
    st = g.engine.state()
    (z,) = [z for z, row in st["zombies"].items() if sum(row)]
    return g.board.scenario.zones[z].id


def _compiled_available() -> bool:
    """Whether the compiled build is there and used (not under ``DESIGNER_ENGINE=python``)."""
    return session._typed_module(True) is not session._typed_module(False)


ENGINES = [False, pytest.param(True, marks=pytest.mark.skipif(not _compiled_available(),
                                                              reason="the typed engine is not compiled"))]


@pytest.mark.parametrize("compiled", ENGINES)
def test_a_zombie_walks_through_a_wall_once_it_is_destroyed_and_not_before(compiled):
    """Seed 004: "Un tel décor est détruit s'il subit X Attaques dans la partie. [...] Lorsqu'un
    tel décor est détruit, retirez-le du Terrain" - for every figure. A walker in B hunting the
    survivor in A: with the wall standing (no attack, or one of its two) it takes the way round
    (B to G); once the wall has taken its two attacks it steps through it into A."""
    for damage, expected in ((None, "G"), (1, "G"), (2, "A")):
        g = _game(_map(2), compiled)
        _walker_in_b(g, damage)
        g.zombie_phase()
        assert _walker_zone(g) == expected, damage


@pytest.mark.parametrize("compiled", ENGINES)
def test_the_survivors_attacks_open_the_wall_to_the_zombies_and_a_copy_keeps_it(compiled):
    """Seed 004: "L'attaque est automatiquement réussie et les dés ne sont pas lancés. Un tel décor
    est détruit s'il subit X Attaques dans la partie." The survivor in A attacks the wall twice
    (two actions, ``smash``); the walker in B then comes through it. A copy taken before the second
    attack sends the walker round, one taken after it (``TypedGame.copy``, the engine's snapshot)
    through; and an engine that played another game first, restored from the snapshot, too."""
    g = _game(_map(2), compiled)
    _walker_in_b(g, actions=3)
    wall = _wall(g)
    g.apply(0, ("smash", wall))
    before = g.copy()
    g.apply(0, ("smash", wall))
    assert g.engine.state()["damage"] == {wall: 2}
    after = g.copy()
    snap = g.engine.snapshot()
    other = g.module.Engine(g.tables)
    other.play_one(9, 0, -1, None)
    other.restore(snap)
    assert other.snapshot().words() == snap.words()
    for game, expected in ((before, "G"), (after, "A"), (g, "A")):
        game.zombie_phase()
        assert _walker_zone(game) == expected
    before.zombie_phase()  # the walker round the way: now in F, the wall still standing
    assert _walker_zone(before) == "F"


def test_interpreted_and_compiled_engines_play_the_same_games_through_fallen_walls():
    """The same seeds, random bots (which attack the scenery) on the wall map and on the Eden
    sample: the interpreted engine (``DESIGNER_ENGINE=python``'s source) and the compiled one give
    the same records, and some of these games destroy a wall the zombies then cross."""
    if not _compiled_available():
        pytest.skip("the typed engine is not compiled")
    sample = json.loads((ROOT / "scenarios" / "eden-skirmish.json").read_text(encoding="utf-8"))
    fallen = 0
    for data, games in ((_map(2), 30), (sample, 20)):
        board = Board(parse(data))
        plan = bot_plan(board.scenario)
        for seed in range(games):
            records = []
            for compiled in (False, True):
                g = session.TypedGame(board, seed, "random", log=True, plan=plan, compiled=compiled)
                records.append((dict(g.play()), [e for e in g.log]))
            assert records[0] == records[1], seed
            fallen += any(e["event"] == "destroyed" for e in records[0][1])
    assert fallen


def test_the_validator_opens_the_walls_the_engine_opens_for_survivors_and_zombies():
    """The reachability search's map with the breakable walls open (``rules.terrain.open_walls``)
    is the engine's once they have fallen: survivors cross the wall A-B as the engine's
    ``reopen_adj`` lets them, zombies as its ``zreopen_adj`` does (destroyed scenery is removed
    for every figure), and a door into a breakable pylon stays shut for both, as the engine never
    reopens a door."""
    from designer.rules.compiled import compile as compile_scenario
    from designer.rules.terrain import open_walls

    data = _map(3)
    data["zones"].append({"id": "P", "kind": "street", "terrain": {"impassable": True, "destruction": 3}})
    data["zones"].append({"id": "H", "kind": "room"})
    data["connections"] += [{"id": "AP", "kind": "opening", "from": "A", "to": "P"},
                            {"id": "PB", "kind": "opening", "from": "P", "to": "B"},
                            {"id": "PH", "kind": "door", "from": "P", "to": "H"},
                            {"id": "HA", "kind": "opening", "from": "H", "to": "A"}]
    s = parse(data)
    written, opened = compile_scenario(s), compile_scenario(open_walls(s))
    t = terrain_tables(written)
    survivors = {(u, v, c) for u in range(written.n) for v, c in (*written.surv_adj[u], *t.reopen_adj[u])}
    assert survivors == {(u, v, c) for u in range(opened.n) for v, c in opened.surv_adj[u]}
    zombies = {(u, v, c, bool(ok)) for u in range(written.n) for v, c, ok in (*written.zpath_adj[u], *t.zreopen_adj[u])}
    assert zombies == {(u, v, c, bool(ok)) for u in range(opened.n) for v, c, ok in opened.zpath_adj[u]}
    ci = written.conn_index
    assert {c for _u, _v, c, _ok in zombies} >= {ci["AB"], ci["AP"], ci["PB"]}
    assert ci["PH"] not in {c for _u, _v, c, _ok in zombies}
