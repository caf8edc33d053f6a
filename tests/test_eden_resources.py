"""Resources that accumulate across a campaign (Arctic Scavengers, seed 002): gained and spent
by trigger effects, carried between campaign steps, shown in the funnel and bands
(docs/campaign.md, *Resources*)."""

from __future__ import annotations

import json

import pytest

import designer
from designer.analysis.campaign import simulate_campaign
from designer.campaign.runner import campaign_resources, load_campaign, play_campaign
from designer.checks import check
from designer.engine import Board
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.engine import core
from tests.reference.profiles import make_profile
from designer.io.files import LoadError, dumps, load, parse
from designer.model.campaign import Campaign

from .conftest import ROOT

RUN = ROOT / "scenarios" / "scavenger-run.json"
CAMPAIGN = ROOT / "scenarios" / "campaigns" / "arctic-scavengers.json"


def _idle(view, s, acts):
    return ("pass",)


def test_taking_a_cache_gains_food_and_the_camp_spends_it():
    """"Chasser génère de la Nourriture pour le tour en cours afin de Recruter un Mercenaire ...
    Il peut payer avec de la Nourriture et des Remèdes": the rations give 2 food, the camp
    recruits two tribe members for two food."""
    s = load(RUN)
    board = Board(s)
    g = Game(board, 1, _idle, plan=(), resources={"food": 1, "tribe": 5})
    hero = g.state.survivors[0]
    g.take(hero, board.obj_index["food-1"])
    assert g.state.resources == {"food": 3, "tribe": 5}
    g.enter_zone(hero, board.zone_index["C1"])
    assert g.state.resources == {"food": 1, "tribe": 7}
    r = g.result()
    assert r["resources"] == {"food": 1, "tribe": 7} and r["resources_short"] == 0


def test_a_spend_takes_what_there_is_and_counts_the_rest_short():
    """The stock never goes below zero; what a spend could not take is the game's shortfall."""
    board = Board(load(RUN))
    g = Game(board, 1, _idle, plan=(), resources={"food": 1})
    g.enter_zone(g.state.survivors[0], board.zone_index["C1"])
    assert g.state.resources["food"] == 0 and g.state.resources_short == 1


def test_a_copy_keeps_its_own_stock():
    """A copied game's resources are its own (the dict is replaced, never changed in place)."""
    board = Board(load(RUN))
    g = Game(board, 1, _idle, plan=(), resources={"food": 0})
    c = g.copy()
    c.take(c.state.survivors[0], board.obj_index["food-2"])
    assert c.state.resources["food"] == 3 and g.state.resources["food"] == 0


def test_games_without_resources_keep_their_records():
    """A scenario that names no resource, played outside a campaign, has no resource fields."""
    r = Game(Board(load(ROOT / "scenarios" / "night-shift.json")), 1, plan=()).play()
    assert "resources" not in r


def test_resource_effects_are_played_by_the_typed_engine():
    """The typed engine plays resources: a scenario that gains or spends them is no reason to
    leave it (tests/test_eden_typed.py compares the records)."""
    board = Board(load(RUN))
    assert core._board_problem(board, make_profile("zombicide")) is None


def test_the_dig_validates_and_the_reachability_search_ignores_resources():
    """Resource effects change no option of the survivors: the dig is winnable without errors."""
    report = check(load(RUN))
    assert report.winnable and not report.errors, [f.message for f in report.errors]


def test_a_resource_effect_names_an_id():
    data = json.loads(RUN.read_text())
    data["triggers"][0]["then"][0]["resource"] = "not a name!"
    with pytest.raises(LoadError) as e:
        parse(data)
    assert "triggers[0].then[0]" in str(e.value)


def test_the_stock_is_carried_from_game_to_game():
    """"Chaque joueur ... ajoute de nouvelles ressources (cartes) à son paquet": each game starts
    with the stock the games before it left; every game row says what went in and came out."""
    loaded = load_campaign(CAMPAIGN)
    assert campaign_resources(loaded.campaign, loaded.scenarios) == ["food", "medicine", "tribe"]
    run, rows = play_campaign(loaded.campaign, loaded.texts(), 3, 0)
    played = [r for r in rows if r["played"]]
    assert played[0]["res_in_food"] == 2 and played[0]["res_in_tribe"] == 5
    for a, b in zip(played, played[1:]):
        assert [b[f"res_in_{k}"] for k in ("food", "medicine", "tribe")] == \
            [a[f"res_out_{k}"] for k in ("food", "medicine", "tribe")]
    assert run["res_end_tribe"] == played[-1]["res_out_tribe"]
    assert run["won"] == (run["res_end_tribe"] >= 9)


def test_the_funnel_and_bands_show_the_stock():
    """The campaign funnel gives the mean stock each step is reached with; the bands its spread."""
    r = simulate_campaign(CAMPAIGN, n=12, seed=2, progress=False)
    funnel, bands = r.funnel(), r.bands()
    assert {"food_in_mean", "medicine_in_mean", "tribe_in_mean"} <= set(funnel.columns)
    assert funnel.loc[0, "food_in_mean"] == 2.0 and funnel.loc[0, "tribe_in_mean"] == 5.0
    assert {"res_in_tribe_mean", "res_in_tribe_min", "res_in_tribe_max"} <= set(bands.columns)
    assert (r.runs["won"] == (r.runs["res_end_tribe"] >= 9)).all()


def test_a_campaign_without_resources_has_no_resource_columns():
    r = simulate_campaign(ROOT / "scenarios" / "campaigns" / "frozen-winter.json", n=3, seed=1, progress=False)
    assert not [c for c in r.games.columns if c.startswith("res_")]
    assert "food_in_mean" not in r.funnel().columns


def test_a_campaign_stock_must_be_whole_and_not_negative():
    data = json.loads(CAMPAIGN.read_text())
    data["resources"]["food"] = -1
    with pytest.raises(LoadError) as e:
        designer.io.files.parse(data, model=Campaign)
    assert "resources.food" in str(e.value)
    assert dumps(load(CAMPAIGN, Campaign))
