"""The typed engine plays Eden's victory points and infestation (docs/terrain.md) record for
record with the reference engine, compiled and interpreted: the score of every game, the end of
a points mission, the monsters placed at set-up and Eden's activation (attack, charge, prowl) on
each rule profile."""

from __future__ import annotations

import copy
import json

import pytest

from designer.engine import core
from designer.engine.batch import game_seed
from designer.engine.board import Board
from tests.reference.game import Game
from designer.io.files import parse
from designer.plans import bot_plan

from .conftest import ROOT

POLICIES = ("greedy", "cautious", "random")
SAMPLE = json.loads((ROOT / "scenarios" / "eden-skirmish.json").read_text())


def _reference(board: Board, seeds: list[int], policy: str, plan, survivors=None) -> tuple[list[dict], list]:
    records, points = [], []
    for i, seed in enumerate(seeds):
        record = dict(Game(board, seed, policy, survivors=survivors, plan=plan).play())
        record["game"] = i
        points.append(record.pop("points", None))
        records.append(record)
    return records, points


def _typed(engine, board: Board, seeds: list[int], policy: str, survivors=None) -> tuple[list[dict], list]:
    table = core._table(board, engine.play_batch(list(seeds), core.POLICY_CODES[policy],
                                                 -1 if survivors is None else survivors, 0), engine.batch_points())
    records = table.records()
    return records, [r.pop("points", None) for r in records]


def same_games(data: dict, policy: str, games: int = 60, base: int = 5, survivors=None) -> list:
    """Play ``games`` games of the typed engine (compiled when built, and from its source);
    assert it plays the board and that records and scores are equal. Returns the scores. (The
    typed engine's zombies walk through the walls destroyed scenery opened, docs/terrain.md,
    which the reference engine does not play: the records are the typed engine's alone.)"""
    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, policy, survivors=survivors, plan=plan) is None
    seeds = [game_seed(base, i) for i in range(games)]
    fast, fast_points = _typed(core.engine_for(board, plan), board, seeds, policy, survivors)
    assert len(fast) == games
    tables = core._compiled(board, plan)[0]
    src, src_points = _typed(core.typed_source().Engine(tables), board, seeds[:12], policy, survivors)
    assert src == fast[:12] and src_points == fast_points[:12]
    return fast_points


@pytest.mark.parametrize("policy", POLICIES)
def test_eden_skirmish_is_played_by_the_typed_engine(policy):
    """The sample (terrain, victory points over "5 tours de jeu", three monster placements):
    records and scores equal to the reference engine's."""
    points = same_games(SAMPLE, policy)
    assert any(points) and all(p >= 0 for p in points)


@pytest.mark.parametrize("survivors", [1, 2, 4])
def test_eden_skirmish_team_sizes(survivors):
    """"La partie s'arrête également à la fin de n'importe quel tour si un seul joueur possède
    encore des combattants": small teams die early, and the score decides then too."""
    same_games(SAMPLE, "greedy", games=40, survivors=survivors)


def _variant(**changes) -> dict:
    d = copy.deepcopy(SAMPLE)
    for key, value in changes.items():
        if value is None:
            d.pop(key, None)
        else:
            d[key] = value
    return d


BRANCHES = {
    "monsters keep the profile's AI": lambda d: d["infestation"].update(ai="profile"),
    "charge range 2": lambda d: d["infestation"].update(charge_range=2),
    "charge range 4": lambda d: d["infestation"].update(charge_range=4),
    "house profile": lambda d: d["setup"].setdefault("rules", {}).update(profile="house"),
    "Last Night on Earth profile": lambda d: d["setup"].setdefault("rules", {}).update(profile="lnoe"),
    "no victory points": lambda d: d.pop("points"),
    "no infestation": lambda d: d.pop("infestation"),
    "a target of 0": lambda d: d["points"].update(target=0),
    "a target out of reach": lambda d: d["points"].update(target=500),
    "kills only": lambda d: d["points"].update(objectives=[], kills={"walker": 1, "runner": 2, "fatty": 3}),
    "more turns than the turn limit": lambda d: d["points"].update(turns=8),
    "three turns": lambda d: d["points"].update(turns=3),
    "ordered steps": lambda d: d["victory"].update(ordered=True),
}


@pytest.mark.parametrize("name", sorted(BRANCHES))
def test_every_branch_equal(name):
    """Each branch of the rules: "Un CNJ ne peut effectuer qu'une seule action durant son tour
    parmi les trois suivantes" (attack, charge within range, prowl) on every profile, and the
    score "comptabilis[é] ... durant le tour" whatever the target and length."""
    d = copy.deepcopy(SAMPLE)
    BRANCHES[name](d)
    for policy in ("greedy", "random"):
        same_games(d, policy, games=30, base=len(name))


def _idle(view, s, acts):
    return ("pass",)


@pytest.mark.parametrize("ai,wounds", [("eden", 1), ("profile", 0)])
def test_a_monster_charges_and_attacks_in_the_same_activation(ai, wounds):
    """"Charger ... effectue immédiatement un déplacement qui l'amène au contact du combattant
    le plus proche ... Puis il effectue une attaque de corps à corps": a monster one zone from a
    survivor who stays put moves into its zone and wounds it in the first zombie phase; with the
    profile's AI a Zombicide walker that moves does not attack. The typed engine plays the same
    games as the reference engine."""
    d = {
        "schema_version": 1, "id": "charge", "meta": {"title": "Charge"},
        "zones": [{"id": z} for z in "ABC"],
        "connections": [{"id": f"{a}{b}", "kind": "opening", "from": a, "to": b} for a, b in ("AB", "BC")],
        "sight_lines": [{"id": "street", "zones": list("ABC")}],
        "objectives": [{"id": "tok", "kind": "token", "zone": "C"}],
        "spawns": [{"id": "sp", "zone": "C", "order": 1, "active": False}],
        "victory": {"steps": [{"kind": "survive", "turns": 3}]},
        "infestation": {"points": 3, "min_distance": 1, "ai": ai,
                        "monsters": [{"id": "brute", "level": 3, "zombie": "walker"}],
                        "placed": [{"monster": "brute", "zone": "B"}]},
        "setup": {"start_zones": ["A"], "survivors": {"min": 1, "max": 1, "health": 9, "starting_equipment": []}},
    }
    board = Board(parse(d))
    g = Game(board, 1, _idle, plan=())
    g.play_turn()
    assert g.state.survivors[0].wounds == wounds
    assert g.state.zombies[board.zone_index["A"]][0] == 1
    same_games(d, "random", games=20)
    same_games(d, "greedy", games=20)


def test_batches_carry_the_score_of_each_game():
    """"Chaque joueur ... font le décompte de leurs points de victoire": a batch of a points
    mission keeps each game's score in its table (``GameTable.points``), from the typed engine
    as from the reference engine's records, and the records equal ``Game.play()``'s key for key."""
    from designer.engine.table import GameTable

    board = Board(parse(SAMPLE))
    plan = bot_plan(board.scenario)
    seeds = [game_seed(9, i) for i in range(30)]
    fast = core.play_games(board, seeds, "greedy", None, 0, plan)
    slow = []
    for i, seed in enumerate(seeds):
        r = dict(Game(board, seed, "greedy", plan=plan).play())
        r["game"] = i
        slow.append(r)
    assert fast.records() == slow
    assert [list(r) for r in fast.records()] == [list(r) for r in slow]
    back = GameTable.from_records(slow, board.zone_ids, board.obj_ids)
    assert back == fast and back.points.tolist() == [r["points"] for r in slow]
    both = GameTable.concat([fast, back])
    assert both.points.tolist() == 2 * [r["points"] for r in slow]
    plain = Board(parse(_variant(points=None)))
    assert core.play_games(plain, seeds[:5], "greedy", None, 0, bot_plan(plain.scenario)).points is None


# -- campaign resources (Arctic Scavengers) -----------------------------------------------------------

RUN = json.loads((ROOT / "scenarios" / "scavenger-run.json").read_text())
CAMPAIGN = ROOT / "scenarios" / "campaigns" / "arctic-scavengers.json"


def _same_records(data: dict, policy: str, games: int = 40, base: int = 3) -> list[dict]:
    """Records of the typed engine's batch (compiled when built, and from its source) equal the
    reference engine's, ``resources`` and ``resources_short`` included."""
    board = Board(parse(data))
    plan = bot_plan(board.scenario)
    assert core.unsupported(board, policy, plan=plan) is None
    seeds = [game_seed(base, i) for i in range(games)]
    slow = [dict(Game(board, sd, policy, plan=plan).play(), game=i) for i, sd in enumerate(seeds)]
    assert core.play_games(board, seeds, policy, None, 0, plan).records() == slow
    assert core.play_interpreted(board, seeds[:10], policy, None, 0, plan).records() == slow[:10]
    return slow


@pytest.mark.parametrize("policy", POLICIES)
def test_scavenger_run_is_played_by_the_typed_engine(policy):
    """"Chasser génère de la Nourriture pour le tour en cours afin de Recruter un Mercenaire":
    the dig's caches gain food and the camp spends it on tribe members, in both engines alike."""
    records = _same_records(RUN, policy)
    assert all("resources" in r and "resources_short" in r for r in records)


@pytest.mark.parametrize("policy", POLICIES)
def test_frozen_depot_is_played_by_the_typed_engine(policy):
    """Frozen Depot (terrain and weather rows of the Arctic campaign) in both engines alike."""
    _same_records(json.loads((ROOT / "scenarios" / "frozen-depot.json").read_text()), policy)


def _resource_line(effects: list[dict]) -> dict:
    """A street A-B-C-D; entering B fires ``effects``, taking the cache in C gains 2 food."""
    return {
        "schema_version": 1, "id": "res", "meta": {"title": "Resources"},
        "zones": [{"id": z} for z in "ABCD"],
        "connections": [{"id": f"{a}{b}", "kind": "opening", "from": a, "to": b} for a, b in ("AB", "BC", "CD")],
        "objectives": [{"id": "cache", "kind": "token", "zone": "C"}, {"id": "out", "kind": "token", "zone": "D"}],
        "spawns": [{"id": "sp", "zone": "D", "order": 1}],
        "triggers": [{"id": "camp", "when": {"kind": "zone_entered", "zone": "B"}, "then": effects},
                     {"id": "found", "when": {"kind": "objective_taken", "objective": "cache"},
                      "then": [{"kind": "gain_resource", "resource": "food", "amount": 2}]}],
        "victory": {"steps": [{"kind": "take_objectives", "objectives": ["cache", "out"]}]},
        "setup": {"start_zones": ["A"], "survivors": {"min": 1, "max": 2, "health": 3,
                                                      "starting_equipment": ["fire axe"]}},
    }


RESOURCE_BRANCHES = {
    "a spend with nothing in stock": [{"kind": "spend_resource", "resource": "fuel", "amount": 3}],
    "a gain then a spend beyond it": [{"kind": "gain_resource", "resource": "fuel", "amount": 1},
                                      {"kind": "spend_resource", "resource": "fuel", "amount": 4}],
    "a spend of what the cache gives": [{"kind": "spend_resource", "resource": "food", "amount": 1}],
    "two resources": [{"kind": "gain_resource", "resource": "tribe", "amount": 2},
                      {"kind": "spend_resource", "resource": "medicine"}],
}


@pytest.mark.parametrize("name", sorted(RESOURCE_BRANCHES))
def test_every_resource_branch_equal(name):
    """"Il peut payer avec de la Nourriture et des Remèdes": gains, spends that take what there
    is and count the rest short, several resources; records equal in both engines."""
    for policy in POLICIES:
        _same_records(_resource_line(RESOURCE_BRANCHES[name]), policy, games=25, base=len(name))


@pytest.mark.parametrize("stock", [None, {}, {"food": 1}, {"food": 0, "tribe": 5}, {"water": 4, "fuel": 2}])
def test_a_campaign_stock_goes_in_and_comes_out_as_in_the_reference(stock):
    """"Chaque joueur ... ajoute de nouvelles ressources": a game started with the party's stock
    (resources the scenario never names pass through) ends with the same stock, shortfall and
    heroes in both engines."""
    board = Board(parse(_resource_line(RESOURCE_BRANCHES["a gain then a spend beyond it"])))
    plan = bot_plan(board.scenario)
    for seed in range(12):
        g = Game(board, seed, "greedy", plan=plan, resources=stock)
        slow = g.play()
        fast, out = core.play_with_heroes(board, seed, "greedy", None, None, plan, stock)
        assert {k: fast[k] for k in ("won", "cause", "turns", "survivors")} == \
            {k: slow[k] for k in ("won", "cause", "turns", "survivors")}
        assert fast["resources"] == slow["resources"] and list(fast["resources"]) == list(slow["resources"])
        assert fast["resources_short"] == slow["resources_short"]
        assert out == g.heroes_out()
    # the stock handed in is not kept for the next batch
    assert core.play_games(board, [1], "greedy", None, 0, plan).records()[0]["resources"] == \
        Game(board, 1, "greedy", plan=plan).play()["resources"]


def test_the_arctic_campaign_runs_alike_on_both_engines(monkeypatch):
    """The Arctic Scavengers campaign (stock carried from step to step, won with "le plus de
    membres dans sa tribu": ``resource_at_least``) gives the same runs and game rows whether
    the typed engine or the reference engine plays its games."""
    from designer.campaign.runner import load_campaign, play_campaign

    loaded = load_campaign(CAMPAIGN)
    fast = [play_campaign(loaded.campaign, loaded.texts(), 5, run) for run in range(6)]
    monkeypatch.setenv("DESIGNER_ENGINE", "python")
    assert not core.available()
    slow = [play_campaign(loaded.campaign, loaded.texts(), 5, run) for run in range(6)]
    assert fast == slow
    assert any(row.get("res_short", 0) or row.get("res_out_tribe") for _run, rows in fast for row in rows)


# -- the log -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("name", ["eden-skirmish.json", "scavenger-run.json", "frozen-depot.json"])
def test_transcripts_equal_the_reference_engine(name, compiled):
    """The typed engine logs Eden's events (swims and hostile presence with their wounds, the
    points of each turn, the monsters' charges, resources gained and spent): the log, the log
    lines, the transcript and the record equal the reference engine's."""
    from designer.engine import session
    import designer

    s = designer.load(ROOT / "scenarios" / name)
    board, plan = Board(s), bot_plan(s)
    assert session.log_covers(board) is None
    seen: set[str] = set()
    for policy in POLICIES:
        for seed in range(6):
            ref = Game(board, seed, policy, log=True, plan=plan)
            ref.play()
            typed = session.TypedGame(board, seed, policy, log=True, plan=plan, compiled=compiled)
            typed.play()
            assert typed.log == ref.log
            assert [list(e) for e in typed.log] == [list(e) for e in ref.log]
            assert typed.transcript() == ref.transcript()
            assert dict(typed.result()) == dict(ref.result())
            seen |= {e["event"] for e in ref.log}
    wanted = {"eden-skirmish.json": {"points", "hostile", "charge"}, "scavenger-run.json": {"resource"},
              "frozen-depot.json": set()}[name]
    assert wanted <= seen


def test_a_charge_is_logged_as_in_the_reference():
    """"Charger ... Puis il effectue une attaque": the charge event and the wound it deals."""
    from designer.engine import session

    d = json.loads(json.dumps(SAMPLE))
    d["infestation"]["charge_range"] = 3
    board = Board(parse(d))
    plan = bot_plan(board.scenario)
    charges = 0
    for seed in range(8):
        ref = Game(board, seed, "random", log=True, plan=plan)
        ref.play()
        typed = session.TypedGame(board, seed, "random", log=True, plan=plan)
        typed.play()
        assert typed.log == ref.log
        charges += sum(1 for e in ref.log if e["event"] == "charge")
    assert charges


@pytest.mark.parametrize("branch", ["swim zone", "swim connection", "hostile zone", "hostile connection"])
def test_terrain_wounds_are_logged_as_in_the_reference(branch):
    """"Il refait ensuite ce jet jusqu'à ce qu'il obtienne au moins une réussite": each swim is
    logged with its wounds (cause ``swim``), each hostile presence before its wounds (cause
    ``hostile``), in both engines alike."""
    from designer.engine import session
    from .test_terrain_typed import BRANCHES as TERRAIN, _line

    board = Board(parse(_line(*TERRAIN[branch])))
    plan = bot_plan(board.scenario)
    events: set[str] = set()
    for policy in POLICIES:
        for seed in range(5):
            ref = Game(board, seed, policy, log=True, plan=plan)
            ref.play()
            typed = session.TypedGame(board, seed, policy, log=True, plan=plan)
            typed.play()
            assert typed.log == ref.log and typed.transcript() == ref.transcript()
            events |= {e["event"] for e in ref.log} | {e.get("cause", "") for e in ref.log}
    assert branch.split()[0] in events


def test_every_weather_row_is_played_by_the_typed_engine():
    """"Conditions climatiques" (a 2d6 table rolled at set-up): each row of Frozen Depot's table
    (health, overrides, cards removed, a spawn woken, the turn limit, zombies) gives a scenario
    the typed engine plays with the reference engine's records."""
    import designer
    from designer.variants import derive

    s = designer.load(ROOT / "scenarios" / "frozen-depot.json")
    assert len(s.weather.rows) >= 6
    for row in s.weather.rows:
        d = derive(s, "base", row)
        board = Board(d)
        plan = bot_plan(d)
        assert core.unsupported(board, "greedy", plan=plan) is None, row.id
        seeds = [game_seed(2, i) for i in range(20)]
        slow = [dict(Game(board, sd, "greedy", plan=plan).play(), game=i) for i, sd in enumerate(seeds)]
        assert core.play_games(board, seeds, "greedy", None, 0, plan).records() == slow, row.id
