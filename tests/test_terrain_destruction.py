"""Destruction(x): survivors attack scenery, which falls after x attacks, becomes a devastated zone
and opens the walls it shut (docs/terrain.md), in both engines, record for record."""

from __future__ import annotations

import json

import pytest

from designer.engine import session
from designer.engine.board import Board
from tests.reference.game import Game
from designer.io.files import parse
from designer.plans import bot_plan
from designer.rules.terrain import DEVASTATED_OBSTRUCTION, terrain_tables

from .conftest import ROOT
from .test_terrain_typed import POLICIES

EDEN = ROOT / "scenarios" / "eden-skirmish.json"


def _walled(wall: dict | None = None, pylon: dict | None = None, detour: bool = False) -> dict:
    """Start A, a token in C, a spawn in D beyond it: A-B is a wall (``wall`` terrain on the
    connection), or A-P-B runs through a pylon zone P (``pylon`` terrain); with ``detour`` a long
    way round A-E-F-G-B is open as well."""
    zones = [{"id": z, "kind": "street"} for z in "ABCD"]
    conns = [{"id": "BC", "kind": "opening", "from": "B", "to": "C"},
             {"id": "CD", "kind": "opening", "from": "C", "to": "D"}]
    if wall is not None:
        conns.insert(0, {"id": "AB", "kind": "opening", "from": "A", "to": "B", "terrain": wall})
    if pylon is not None:
        zones.append({"id": "P", "kind": "street", "terrain": pylon})
        conns += [{"id": "AP", "kind": "opening", "from": "A", "to": "P"},
                  {"id": "PB", "kind": "opening", "from": "P", "to": "B"}]
    if detour:
        zones += [{"id": z, "kind": "street"} for z in "EFG"]
        conns += [{"id": a + b, "kind": "opening", "from": a, "to": b} for a, b in ("AE", "EF", "FG", "GB")]
    return {
        "schema_version": 1, "id": "walled", "meta": {"title": "Walled"},
        "zones": zones, "connections": conns,
        "objectives": [{"id": "tok", "kind": "token", "zone": "C"}],
        "spawns": [{"id": "sp", "zone": "D", "order": 1}],
        "victory": {"steps": [{"kind": "take_objectives", "objectives": ["tok"]}]},
        "setup": {"start_zones": ["A"], "rules": {"profile": "zombicide"},
                  "survivors": {"min": 1, "max": 2, "health": 3, "starting_equipment": ["fire axe", "pistol"]}},
    }


def _log(data: dict, seed: int = 3, policy: str = "greedy") -> tuple[dict, list[dict]]:
    board = Board(parse(data))
    g = Game(board, seed, policy, log=True, plan=bot_plan(board.scenario))
    record = dict(g.play())
    return record, g.log


def _typed_games(data: dict, policy: str, games: int = 40, base: int = 11) -> list[dict]:
    """``games`` games of the typed engine, compiled (where built) and the first 15 interpreted:
    the records are equal. Returns them."""
    from designer.engine import core
    from designer.engine.batch import game_seed

    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, policy, plan=plan) is None
    seeds = [game_seed(base, i) for i in range(games)]
    fast = core.play_games(board, seeds, policy, None, 0, plan).records()
    assert core.play_interpreted(board, seeds[:15], policy, None, 0, plan).records() == fast[:15]
    return fast


def test_a_wall_falls_after_x_attacks_that_always_hit_and_opens_the_way():
    """Seed 004: "Destruction(X) : Un décor possédant cette règle spéciale peut être la cible d'une
    action d'Attaque. L'attaque est automatiquement réussie et les dés ne sont pas lancés. Un tel
    décor est détruit s'il subit X Attaques dans la partie." The only way to the token is a wall of
    destruction(3): the bot attacks it three times (one action each, no die rolled), the wall falls,
    and the survivors walk through it and win."""
    record, log = _log(_walled(wall={"impassable": True, "destruction": 3}))
    smashes = [e for e in log if e["event"] == "smash"]
    assert [e["hits"] for e in smashes] == [1, 2, 3] and {e["piece"] for e in smashes} == {"AB"}
    assert all(e["of"] == 3 for e in smashes)
    fallen = next(i for i, e in enumerate(log) if e["event"] == "destroyed")
    assert log[fallen]["piece"] == "AB"
    crossed = [i for i, e in enumerate(log) if e["event"] == "move" and e["via"] == "AB"]
    assert crossed and crossed[0] > fallen
    assert record["won"]
    # without destruction(x) the same wall holds for good and the token is never taken
    record, log = _log(_walled(wall={"impassable": True}))
    assert not record["won"] and not any(e["event"] in ("smash", "destroyed") for e in log)


def test_a_destroyed_piece_becomes_a_devastated_zone():
    """Seed 004: "Lorsqu'un tel décor est détruit, retirez-le du Terrain et remplacez-le par un décor
    Zone dévastée"; "Zone dévastée (2 points) : Obstruction(2), Occupation." A crossable, hostile,
    obstruction(3) thicket keeps nothing of its own once destroyed: obstruction(2), and a survivor
    may stop in it; an impassable pylon becomes a zone one walks into at obstruction(2), and both
    connections it shut open."""
    data = _walled(pylon={"impassable": True, "destruction": 2})
    data["zones"][1]["terrain"] = {"crossable": True, "hostile": 1, "obstruction": 3, "destruction": 1}
    board = Board(parse(data))
    t = terrain_tables(board.rules)
    zi, ci = board.zone_index, board.conn_index
    b, p = zi["B"], zi["P"]
    assert t.shut_by[ci["AP"]] == (p,) and t.shut_by[ci["PB"]] == (p,)
    assert ("smash", p) in [("smash", q) for q in t.smash_at[zi["A"]]]
    after = t.devastated(1 << b | 1 << p)
    assert (after.zone_obstruction[b], after.zone_hostile[b], after.crossable[b]) == (DEVASTATED_OBSTRUCTION, 0, False)
    assert (after.zone_obstruction[p], after.impassable[p]) == (DEVASTATED_OBSTRUCTION, False)
    assert after.reopened == 1 << ci["AP"] | 1 << ci["PB"]
    assert t.devastated(1 << b).reopened == 0  # the pylon still stands
    assert (t.zone_obstruction[b], t.crossable[b], t.reopened) == (3, True, 0)  # the scenario's own tables


def test_the_bots_attack_scenery_only_when_it_shuts_the_only_way():
    """With a way round (four zones longer) open, the bots walk it and never attack the wall."""
    data = _walled(wall={"impassable": True, "destruction": 2}, detour=True)
    for seed in range(6):
        record, log = _log(data, seed)
        assert not any(e["event"] == "smash" for e in log)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("where", ["wall", "pylon", "wall and detour"])
def test_destruction_gives_the_same_games_compiled_and_interpreted(where, policy):
    """Attacks, devastation and the walls they open (for survivors and zombies: destroyed
    scenery is removed for every figure, which the reference engine does not play), in the typed
    engine compiled and interpreted, and the bots' rule for attacking scenery."""
    if where == "pylon":
        data = _walled(pylon={"impassable": True, "destruction": 2})
    else:
        data = _walled(wall={"impassable": True, "destruction": 2}, detour=where != "wall")
    records = _typed_games(data, policy, games=40)
    if where == "wall" and policy == "greedy":
        assert sum(r["won"] for r in records) >= 30  # the wall does fall


def test_the_typed_engine_logs_the_attacks_as_the_reference_engine():
    """The typed engine's log events 55 (smash) and 56 (destroyed) render as the reference's notes."""
    data = _walled(pylon={"impassable": True, "destruction": 2})
    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    for seed in (1, 2, 4):
        typed = session.TypedGame(board, seed, "greedy", plan=plan, log=True)
        record = dict(typed.play())
        ref = Game(board, seed, "greedy", log=True, plan=plan)
        assert record == dict(ref.play())
        assert typed.log == ref.log
        assert any(e["event"] == "destroyed" for e in ref.log)


def test_a_snapshot_keeps_the_attacks_on_scenery():
    """A game saved after a wall took attacks, restored into an engine that played another game,
    plays on to the same record (the damage and the opened walls come back with it)."""
    data = _walled(wall={"impassable": True, "destruction": 3})
    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    for seed in (1, 2):
        game = session.TypedGame(board, seed, "greedy", plan=plan)
        game.play(max_turns=1)
        snap = game.engine.snapshot()
        other = game.module.Engine(game.tables)
        other.play_one(seed + 7, 0, -1, None)
        other.restore(snap)
        assert other.snapshot().words() == snap.words()
        assert dict(game.copy().play()) == dict(game.play())


def test_the_eden_sample_plays_its_destructible_scenery_compiled_and_interpreted():
    """The Eden sample's ruined wall (r2-h1, destruction(4)), pylon (destruction(8)), dark wood
    (destruction(6)) and bushes (destruction(3)) are attacked by the random bot, the same way
    compiled and interpreted."""
    data = json.loads(EDEN.read_text())
    records = _typed_games(data, "random", games=40)
    assert len(records) == 40
    _, log = _log(data, 5, "random")
    assert any(e["event"] == "smash" for e in log)


def _codes(data: dict) -> dict[str, list]:
    from designer.checks import check

    out: dict[str, list] = {}
    for f in check(parse(data)).findings:
        out.setdefault(f.code, []).append(f)
    return out


@pytest.mark.parametrize("where", ["wall", "pylon"])
def test_the_validator_counts_a_breakable_wall_on_the_only_way_as_open_and_says_so(where):
    """A wall or a pylon of destruction(x) on the only way to the token: the mission is winnable
    (no unwinnable error, no zone called unreachable), and an info finding names the piece and
    its x attacks. The same wall without destruction(x) makes the mission unwinnable."""
    piece = {"impassable": True, "destruction": 3}
    data = _walled(wall=piece) if where == "wall" else _walled(pylon=piece)
    codes = _codes(data)
    assert "unwinnable" not in codes and "zone-unreachable" not in codes and "objective-unreachable" not in codes
    (f,) = codes["terrain-breakthrough"]
    assert f.ids == (("AB",) if where == "wall" else ("P",)) and "3 attacks" in f.message
    held = {"impassable": True}
    codes = _codes(_walled(wall=held) if where == "wall" else _walled(pylon=held))
    assert "unwinnable" in codes and "terrain-breakthrough" not in codes


def test_a_breakable_wall_with_a_way_round_gives_no_finding():
    """With a way round open the search needs no wall: no breakthrough finding."""
    codes = _codes(_walled(wall={"impassable": True, "destruction": 2}, detour=True))
    assert "terrain-breakthrough" not in codes and "unwinnable" not in codes
