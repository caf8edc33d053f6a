"""Campaigns: forced outcomes give the exact funnel, independent steps multiply, validation,
carry-over, the command line and the samples."""

from __future__ import annotations

import json
import math
from pathlib import Path

import jsonschema
import pandas as pd
import pytest
from click.testing import CliRunner

import designer
from designer.analysis import playtest
from designer.analysis.campaign import simulate_campaign
from designer.campaign import check_campaign_file, load_campaign
from designer.cli import cli
from designer.io.files import LoadError

from .conftest import ROOT

FORCED_WIN = {
    "schema_version": 1, "id": "forced-win", "meta": {"title": "always won"},
    "zones": [{"id": "S"}, {"id": "X"}, {"id": "F"}],
    "connections": [{"id": "sx", "kind": "opening", "from": "S", "to": "X"},
                    {"id": "xf", "kind": "opening", "from": "X", "to": "F"}],
    "spawns": [{"id": "far", "zone": "F", "order": 1}],
    "exits": ["X"], "victory": {"steps": [{"kind": "escape"}]},
    "setup": {"start_zones": ["S"], "survivors": {"min": 1, "max": 6, "starting_equipment": ["pistol"]}},
}
FORCED_LOSS = {
    "schema_version": 1, "id": "forced-loss", "meta": {"title": "always lost"},
    "zones": [{"id": z} for z in "SABCDX"],
    "connections": [{"id": f"c{i}", "kind": "opening", "from": a, "to": b} for i, (a, b) in enumerate(zip("SABCD", "ABCDX"))],
    "spawns": [{"id": "far", "zone": "C", "order": 1}],
    "exits": ["X"], "victory": {"steps": [{"kind": "escape"}]},
    "setup": {"start_zones": ["S"], "turn_limit": 1},
}


def write(folder: Path, name: str, data: dict) -> str:
    path = folder / name
    path.write_text(json.dumps(data))
    return str(path)


def campaign(steps, victory=None):
    return {"schema_version": 1, "id": "c", "meta": {"title": "test campaign"}, "steps": steps,
            "victory": victory or {"kind": "win_step", "step": steps[-1]["id"]}}


@pytest.fixture
def forced(tmp_path):
    write(tmp_path, "win.json", FORCED_WIN)
    write(tmp_path, "loss.json", FORCED_LOSS)
    return tmp_path


def test_forced_outcomes_give_exactly_the_expected_funnel(forced):
    path = write(forced, "c.json", campaign([
        {"id": "a", "scenario": "win.json", "heroes": 2},
        {"id": "b", "scenario": "loss.json", "roster": "party", "on_loss": "d"},
        {"id": "c", "scenario": "win.json", "roster": "party"},
        {"id": "d", "scenario": "win.json", "roster": "party", "carry": {"items": False}},
    ], {"kind": "win_step", "step": "d"}))
    r = simulate_campaign(path, n=50, progress=False, workers=1)
    f = r.funnel().set_index("step")
    assert f["reached"].to_dict() == {"a": 1.0, "b": 1.0, "c": 0.0, "d": 1.0}
    assert f["won"].to_dict() == {"a": 1.0, "b": 0.0, "c": 0.0, "d": 1.0}
    assert r.win_rate()[0] == 1.0 and r.bottleneck() is None
    bands = r.bands().set_index("step")
    assert bands.loc["b", "heroes_in_mean"] == 2 and bands.loc["d", "heroes_in_mean"] == 2
    assert bands.loc["b", "items_in_mean"] == 2, "one pistol each, carried"
    assert (r.runs["ended_at"] == "d").all() and (r.runs["items_end"] == 0).all(), "items dropped after d"


def test_a_loss_that_ends_the_campaign(forced):
    path = write(forced, "c.json", campaign([
        {"id": "a", "scenario": "loss.json", "on_loss": "end"},
        {"id": "b", "scenario": "win.json"},
    ]))
    r = simulate_campaign(path, n=30, progress=False, workers=1)
    f = r.funnel().set_index("step")
    assert f.loc["a", "reached"] == 1 and f.loc["b", "reached"] == 0
    assert r.win_rate()[0] == 0 and r.bottleneck() == "a" and f.loc["a", "lost_here"] == 30


def test_independent_steps_multiply(tmp_path):
    ns, sd = ROOT / "scenarios" / "night-shift.json", ROOT / "scenarios" / "seul-dans-le-noir.json"
    path = write(tmp_path, "c.json", campaign([
        {"id": "one", "scenario": str(ns), "heroes": 4, "on_loss": "end", "join_party": False},
        {"id": "two", "scenario": str(sd), "on_loss": "end"},
    ]))
    n = 600
    r = simulate_campaign(path, n=n, progress=False)
    p1 = playtest(designer.load(ns), n=n, seed=11, survivors=4, store=None).win_rate()[0]
    p2 = playtest(designer.load(sd), n=n, seed=12, store=None).win_rate()[0]
    pc = r.win_rate()[0]
    expected = p1 * p2
    # the campaign rate and the product are both estimates: allow both spreads
    sigma = math.sqrt(expected * (1 - expected) / n + (p2 ** 2) * p1 * (1 - p1) / n + (p1 ** 2) * p2 * (1 - p2) / n)
    assert abs(pc - expected) < 4 * sigma, (pc, p1, p2)


def test_campaign_results_are_the_same_on_every_executor(forced, dask_client):
    path = write(forced, "c.json", campaign([
        {"id": "a", "scenario": str(ROOT / "scenarios" / "seul-dans-le-noir.json"), "repeat": 2},
        {"id": "b", "scenario": "win.json", "roster": "party"},
    ]))
    serial = simulate_campaign(path, n=40, progress=False, workers=1)
    local = simulate_campaign(path, n=40, progress=False, workers=2, chunk_size=3)
    pd.testing.assert_frame_equal(serial.runs, local.runs)
    pd.testing.assert_frame_equal(serial.games, local.games)
    dask = simulate_campaign(path, n=40, progress=False, executor=dask_client, chunk_size=7)
    pd.testing.assert_frame_equal(serial.runs, dask.runs)


def codes(path):
    return sorted(f.code for f in check_campaign_file(path)[2])


def test_campaign_validation(forced):
    assert codes(write(forced, "ok.json", campaign([{"id": "a", "scenario": "win.json"},
                                                    {"id": "b", "scenario": "win.json", "roster": "party"}]))) == []
    assert codes(write(forced, "u.json", campaign([
        {"id": "a", "scenario": "win.json", "on_win": "c", "on_loss": "c"},
        {"id": "b", "scenario": "win.json"},
        {"id": "c", "scenario": "win.json"}]))) == ["unreachable-step"]
    loop = codes(write(forced, "loop2.json", campaign([
        {"id": "a", "scenario": "win.json", "on_win": "b", "on_loss": "b"},
        {"id": "b", "scenario": "win.json", "on_win": "a", "on_loss": "a"}])))
    assert "cycle-without-exit" in loop
    assert codes(write(forced, "missing.json", campaign([{"id": "a", "scenario": "nope.json"}]))) == \
        ["invalid-step-scenario"]
    assert codes(write(forced, "party.json", campaign([{"id": "a", "scenario": "win.json", "roster": "party"}]))) == \
        ["party-without-heroes"]
    dangling = write(forced, "dangling.json", campaign([{"id": "a", "scenario": "win.json", "on_win": "zz"}]))
    with pytest.raises(LoadError, match=r"steps\[0\].on_win: no step has id 'zz'"):
        load_campaign(dangling)
    assert codes(dangling) == ["dangling-reference"]


def test_the_sample_campaigns_are_valid_and_match_the_schema():
    schema = json.loads((ROOT / "schemas" / "campaign.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted((ROOT / "scenarios" / "campaigns").glob("*.json")):
        assert list(validator.iter_errors(json.loads(path.read_text()))) == []
        found = check_campaign_file(path)[2]
        assert not [f for f in found if f.severity == "error"], found


def test_seul_dans_le_noir_campaign_runs_1000_times():
    r = simulate_campaign(ROOT / "scenarios" / "campaigns" / "seul-dans-le-noir.json", n=1000, progress=False)
    assert len(r.runs) == 1000
    games = r.games
    mini = games[games["step"] == "alone-in-the-dark"]
    assert len(mini) == 4000 and (mini["heroes"] == 1).all(), "four mini-games, one hero each"
    finale = games[games["step"] == "last-stand"]
    assert (finale["heroes_in"] == finale["heroes"]).all(), "the finale is played by the survivors"
    winners = mini[mini["won"]].groupby("run")["heroes_out"].sum()
    assert (finale.set_index("run")["heroes_in"] == winners.reindex(finale["run"]).fillna(0).values).all(), \
        "only the heroes who won their mini-game reach the finale"
    caught = mini[~mini["won"] & (mini["heroes_out"] > 0)]
    assert len(caught) > 0, "some heroes are caught alive at dawn and stay behind"
    what_if = r.what_if()
    played_finale = (games["step"] == "last-stand") & games["played"]
    assert what_if["runs"].sum() == played_finale.sum(), "an empty party does not play the finale"
    f = r.funnel().set_index("step")
    assert f.loc["last-stand", "runs_reached"] == played_finale.sum()
    assert f.loc["last-stand", "reached"] == pytest.approx(played_finale.sum() / 1000)
    # a repeated step: the per-game win rate beside "any game won"
    assert f.loc["alone-in-the-dark", "games"] == 4000
    assert f.loc["alone-in-the-dark", "game_win_rate"] == pytest.approx(mini["won"].mean())
    assert f.loc["alone-in-the-dark", "won"] == pytest.approx(mini.groupby("run")["won"].any().mean())
    # the bands count the hero who plays each fresh mini-game, not the party waiting for the finale
    bands = r.bands().set_index("step")
    assert bands.loc["alone-in-the-dark", "heroes_in_mean"] == 1 and bands.loc["alone-in-the-dark", "items_in_max"] == 0
    tables = r.what_if_tables()
    assert set(tables) == {"heroes_in", "items_in", "xp_in"}
    assert all(t["runs"].sum() == played_finale.sum() for t in tables.values())
    t = r.transitions()
    assert t[t["from"] == "alone-in-the-dark"]["runs"].sum() == 1000
    assert t["share"].sum() == pytest.approx(r.games.groupby(["run", "visit"]).ngroups / 1000)


def test_cli_campaign(tmp_path):
    runner = CliRunner()
    path = str(ROOT / "scenarios" / "campaigns" / "seul-dans-le-noir.json")
    rep = tmp_path / "c.html"
    r = runner.invoke(cli, ["campaign", path, "-n", "60", "--workers", "1", "--report", str(rep)])
    assert r.exit_code == 0, r.output
    assert "bottleneck:" in r.output and "alone-in-the-dark" in r.output and "95 % interval" in r.output
    assert rep.read_text().count("<svg") == 3 and "Reproducibility" in rep.read_text()
    # hover values on the flow, the bands and the what-if: every text names an element of the page
    import html as html_mod
    import re

    page = rep.read_text()
    texts = {}
    for block in re.findall(r"<script type='application/json' class='hover'>(.*?)</script>", page, re.S):
        texts.update(json.loads(html_mod.unescape(block)))
    assert texts and set(texts) == set(re.findall(r'id="(hover-\d+)"', page)) and "<script src" not in page
    assert any(t.startswith("alone-in-the-dark: reached by 60 campaigns") for t in texts.values())
    assert any("campaigns (" in t and "->" in t for t in texts.values())
    assert "reproduce: designer campaign" in r.output
    out = tmp_path / "runs.csv"
    r = runner.invoke(cli, ["campaign", path, "-n", "20", "--workers", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert len(pd.read_csv(out)) == 20 and (pd.read_csv(tmp_path / "runs.games.csv")["run"] < 20).all()
    # a won game's cause reads 'won' in CSV, as in a playtest's games table: never an empty cell
    games = pd.read_csv(tmp_path / "runs.games.csv", keep_default_na=False)
    assert games["won"].any() and (games.loc[games["won"], "cause"] == "won").all()
    assert (games["cause"] != "").all() and not (games.loc[~games["won"], "cause"] == "won").any()
    r = runner.invoke(cli, ["campaign", path, "-n", "30", "--workers", "1", "--format", "json"])
    doc = json.loads(r.output)
    assert doc["runs"] == 30 and [f["step"] for f in doc["funnel"]] == ["alone-in-the-dark", "last-stand"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(campaign([{"id": "a", "scenario": "nope.json"}])))
    r = runner.invoke(cli, ["campaign", str(bad)])
    assert r.exit_code == 1 and "invalid-step-scenario" in r.output


def test_carry_on_a_step_that_no_party_step_follows_is_flagged(forced):
    """The finale's carry settings do nothing: carry says what the party keeps into later steps."""
    late = write(forced, "late.json", campaign([
        {"id": "a", "scenario": "win.json"},
        {"id": "b", "scenario": "win.json", "roster": "party", "carry": {"wounds": "keep"}}]))
    found = [f for f in check_campaign_file(late)[2] if f.code == "carry-has-no-effect"]
    assert [f.ids for f in found] == [("b",)] and "wounds: keep" in found[0].message
    early = write(forced, "early.json", campaign([
        {"id": "a", "scenario": "win.json", "carry": {"wounds": "keep"}},
        {"id": "b", "scenario": "win.json", "roster": "party"}]))
    assert "carry-has-no-effect" not in codes(early)
    sample = ROOT / "scenarios" / "campaigns" / "seul-dans-le-noir.json"
    assert "carry-has-no-effect" not in codes(sample)


def test_carry_is_read_from_the_step_just_played_and_winners_join(monkeypatch):
    """Heroes of won mini-games join with their wounds (carry of the mini-game step); a hero
    alive at dawn (a lost game) stays behind."""
    from designer.campaign import runner
    from designer.model.campaign import Campaign

    calls = []

    def fake_play(board, seed, policy, survivors, heroes, *plan):
        calls.append(heroes)
        game = len(calls)
        if heroes is None:  # a mini-game: won on odd games, every hero ends wounded once
            return {"won": game % 2 == 1, "cause": "", "turns": 3, "survivors": 1}, \
                [{"items": [f"card-{game}"], "xp": 4, "wounds": 1}]
        return {"won": True, "cause": "", "turns": 5, "survivors": len(heroes)}, heroes

    monkeypatch.setattr(runner, "_play", fake_play)
    monkeypatch.setattr(runner, "bot_plan", lambda scenario: ())
    c = Campaign.model_validate(campaign([
        {"id": "mini", "scenario": "m.json", "repeat": 4, "heroes": 1, "joins": "winners",
         "carry": {"wounds": "keep", "xp": False}},
        {"id": "finale", "scenario": "f.json", "roster": "party"}]))
    monkeypatch.setattr(runner, "board_for", lambda text: type("B", (), {"scenario": None})())
    run, rows = runner.play_campaign(c, {"mini": "", "finale": ""}, 1, 0)
    assert calls[-1] == [{"items": ["card-1"], "xp": 0, "wounds": 1}, {"items": ["card-3"], "xp": 0, "wounds": 1}]
    assert run["won"] and rows[-1]["heroes_in"] == 2


def _fake_campaign(monkeypatch, carry, out_cards):
    from designer.campaign import runner
    from designer.model.campaign import Campaign

    calls = []

    def fake_play(board, seed, policy, survivors, heroes, *plan):
        calls.append(heroes)
        if heroes is None:  # every mini-game won; the hero ends it with an item and an event card
            return {"won": True, "cause": "", "turns": 3, "survivors": 1}, \
                [{"items": list(out_cards), "xp": 0, "wounds": 0, "name": f"hero-{len(calls)}"}]
        return {"won": True, "cause": "", "turns": 5, "survivors": len(heroes)}, heroes

    monkeypatch.setattr(runner, "_play", fake_play)
    monkeypatch.setattr(runner, "bot_plan", lambda scenario: ())
    monkeypatch.setattr(runner, "board_for", lambda text: type("B", (), {"scenario": None})())
    c = Campaign.model_validate(campaign([
        {"id": "mini", "scenario": "m.json", "repeat": 2, "heroes": 1, "joins": "winners", "carry": carry},
        {"id": "finale", "scenario": "f.json", "roster": "party"}]))
    run, rows = runner.play_campaign(c, {"mini": "", "finale": ""}, 1, 0)
    return calls[-1], rows


def test_the_campaign_carries_events_as_well_as_items(monkeypatch):
    """"jouer une partie avec un Scénario classique en n'utilisant que les Héros ayant survécu, mais
    avec tous les objets et événements qu'ils possédaient à la fin de chaque mini-jeu": items and
    event cards reach the finale, each hero under its own name."""
    heroes, rows = _fake_campaign(monkeypatch, {}, ["shotgun", "first aid"])
    assert heroes == [{"items": ["shotgun", "first aid"], "xp": 0, "wounds": 0, "name": "hero-1"},
                      {"items": ["shotgun", "first aid"], "xp": 0, "wounds": 0, "name": "hero-2"}]
    assert rows[-1]["items_in"] == 2 and rows[-1]["events_in"] == 2
    no_events, _ = _fake_campaign(monkeypatch, {"events": False}, ["shotgun", "first aid"])
    assert [h["items"] for h in no_events] == [["shotgun"], ["shotgun"]]
    only_events, _ = _fake_campaign(monkeypatch, {"items": False}, ["shotgun", "first aid"])
    assert [h["items"] for h in only_events] == [["first aid"], ["first aid"]]


def test_an_event_carried_into_the_finale_is_played_there():
    """A carried "first aid" event heals its hero at the start of a turn in the finale (the
    reference engine plays Growing Hunger's rules of the finale)."""
    from designer.engine.board import Board
    from tests.reference.game import Game

    s = designer.load(ROOT / "scenarios" / "woodinvale-last-stand.json")
    g = Game(Board(s), 3, heroes=[{"items": ["first aid"], "xp": 0, "wounds": 2, "name": "Becky, the nurse"}])
    hero = g.state.survivors[0]
    assert hero.wounds == 2 and g.state.lnoe.names[0] == "Becky, the nurse"
    g.profile.action_budget(g, hero)
    assert hero.wounds == 1 and "first aid" not in hero.items
    assert g.heroes_out()[0]["name"] == "Becky, the nurse"


def test_a_hero_caught_at_dawn_does_not_reach_the_finale():
    """"Les Zombies gagnent s'ils tuent le Héros ou si le Héros n'a pas réussi à s'enfuir lorsque
    l'aube se lève" and the finale is played "en n'utilisant que les Héros ayant survécu": a hero
    still in town at dawn lost the mini-game, and the sample lets only winners join."""
    c = load_campaign(ROOT / "scenarios" / "campaigns" / "seul-dans-le-noir.json").campaign
    mini = c.steps[0]
    assert mini.joins == "winners" and mini.carry.wounds == "keep" and mini.carry.events
    runs, games, _ = __import__("designer.campaign", fromlist=["run_campaigns"]).run_campaigns(
        load_campaign(ROOT / "scenarios" / "campaigns" / "seul-dans-le-noir.json"), 20, seed=3, workers=1,
        executor="serial")
    games = pd.DataFrame(games)
    mini_games = games[games["step"] == "alone-in-the-dark"]
    finale = games[games["step"] == "last-stand"]
    won = mini_games[mini_games["won"]].groupby("run")["heroes_out"].sum()
    for _, row in finale.iterrows():
        assert row["heroes_in"] == won.get(row["run"], 0)


def test_heroes_caught_at_dawn_joining_the_party_is_flagged(forced, tmp_path):
    """A new-roster step whose game is lost at the turn limit, with joins 'alive', lets heroes who
    lost reach the finale: "n'utilisant que les Héros ayant survécu" is read as the winners."""
    import shutil

    for name in ("seul-dans-le-noir.json", "woodinvale-last-stand.json"):
        shutil.copy(ROOT / "scenarios" / name, tmp_path / name)
    steps = [{"id": "mini", "scenario": "seul-dans-le-noir.json", "repeat": 4, "heroes": 1},
             {"id": "finale", "scenario": "woodinvale-last-stand.json", "roster": "party"}]
    alive = write(tmp_path, "alive.json", campaign(steps))
    found = [f for f in check_campaign_file(alive)[2] if f.code == "losers-join-party"]
    assert [f.ids for f in found] == [("mini",)] and found[0].severity == "info"
    steps[0]["joins"] = "winners"
    assert "losers-join-party" not in codes(write(tmp_path, "winners.json", campaign(steps)))


def test_carry_undone_by_a_fresh_roster_step_before_the_party_step_is_flagged(forced, monkeypatch):
    """Carry settings are read from the step being left: a step that keeps wounds, followed by a
    step with a fresh roster that heals them (its own carry), hands the party step healed
    heroes, so its ``wounds: keep`` has no effect (the runner shows it); the same setting on the
    fresh step too lets the wounds through, and a setting that drops something stays dropped."""
    from designer.campaign import runner
    from designer.model.campaign import Campaign

    steps = [{"id": "mini", "scenario": "win.json", "heroes": 1, "carry": {"wounds": "keep"}},
             {"id": "recruits", "scenario": "win.json", "heroes": 1},
             {"id": "finale", "scenario": "win.json", "roster": "party"}]

    def finale_heroes(data):
        calls = []

        def fake_play(board, seed, policy, survivors, heroes, *plan):
            calls.append(heroes)
            if heroes is None:
                return {"won": True, "cause": "", "turns": 3, "survivors": 1}, [{"items": [], "xp": 0, "wounds": 1}]
            return {"won": True, "cause": "", "turns": 5, "survivors": len(heroes)}, heroes

        monkeypatch.setattr(runner, "_play", fake_play)
        monkeypatch.setattr(runner, "bot_plan", lambda scenario: ())
        monkeypatch.setattr(runner, "board_for", lambda text: type("B", (), {"scenario": None})())
        runner.play_campaign(Campaign.model_validate(data), {s["id"]: "" for s in data["steps"]}, 1, 0)
        monkeypatch.undo()
        return [h["wounds"] for h in calls[-1]]

    undone = campaign(steps)
    assert finale_heroes(undone) == [0, 0], "the recruits' carry heals the mini-game's hero"
    found = [f for f in check_campaign_file(write(forced, "undone.json", undone))[2] if f.code == "carry-has-no-effect"]
    assert [f.ids for f in found] == [("mini", "recruits")]
    assert "wounds: keep" in found[0].message and "'recruits': wounds: heal" in found[0].message
    steps[1]["carry"] = {"wounds": "keep"}
    through = campaign(steps)
    assert finale_heroes(through) == [1, 1]
    assert "carry-has-no-effect" not in codes(write(forced, "through.json", through))
    steps[0]["carry"], steps[1]["carry"] = {"items": False}, {}
    assert "carry-has-no-effect" not in codes(write(forced, "dropped.json", campaign(steps)))
