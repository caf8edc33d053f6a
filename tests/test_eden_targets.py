"""Issue #15's targets, one test each: a budget that does not add up, a module combination the
scenario forbids, infestation placed closer than allowed and a hostile zone on the only path
each give a finding with the ids (the weather roll's closed form: tests/test_variants.py,
``test_weather_effect_matches_its_closed_form_and_leaves_the_engine_dice_alone``; the swim's:
tests/test_terrain.py, ``test_swim_wounds_match_the_closed_form``)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from designer.checks import check
from designer.cli import cli
from designer.io.files import parse

from .conftest import ROOT

DEPOT = ROOT / "scenarios" / "frozen-depot.json"
EDEN = ROOT / "scenarios" / "eden-skirmish.json"


def _findings(data: dict, code: str) -> list:
    return [f for f in check(parse(data, "x.json")).findings if f.code == code]


def test_a_budget_that_does_not_add_up_names_what_was_bought():
    """Seed 004: "La somme des valeurs des combattants ainsi sélectionnés ne doit pas dépasser 100
    points": a kit dearer than a survivor's 25 points is over-spent, naming the priced items it
    bought; a zombie pool that leaves points unspent names the zombie types it bought."""
    d = json.loads(DEPOT.read_text())
    d["setup"]["survivors"]["starting_equipment"] = ["fire axe", "shotgun"]
    d["setup"]["zombie_pool"]["walker"] = 10
    over = _findings(d, "budget-over-spent")
    assert over and over[0].ids == ("fire axe", "shotgun") and over[0].path == "budget.survivors"
    under = _findings(d, "budget-under-spent")
    assert under and "walker" in under[0].ids and under[0].path == "budget.zombies"


def test_a_module_combination_the_scenario_forbids_names_both_modules():
    """Seed 002's two-player variant ("Jeu à 2 joueurs: Retirez 2 cartes de chaque type de la
    Décharge") with the scarce-supplies module, which the sample says excludes it."""
    r = CliRunner().invoke(cli, ["validate", str(DEPOT), "--variant", "two-players+scarce"])
    assert r.exit_code == 1
    line = next(x for x in r.output.splitlines() if "module-combination-forbidden" in x)
    assert line.rstrip().endswith("[two-players, scarce]")


def test_infestation_placed_closer_than_allowed_names_both_monsters_and_zones():
    """Seed 004: "Un CNJ ne peut pas être placé sur le terrain à moins de 15 cm d'un autre CNJ":
    the sample's brute in the beacon's zone and a ghoul put in the square next to it."""
    d = json.loads(EDEN.read_text())
    d["infestation"]["placed"][2]["zone"] = "C2"
    found = _findings(d, "infestation-too-close")
    assert found and {"C2", "E1", "ghoul", "brute"} <= set(found[0].ids)


def test_a_hostile_zone_on_the_only_path_names_the_zone_and_the_goal():
    """Seed 004: "Présence Hostile(X) : Les combattants qui commencent leur activation ou terminent
    un déplacement ... subissent immédiatement X blessures": the sample's far shore reached only
    through the lake once the bridge way (E1-E2) is cut."""
    d = json.loads(EDEN.read_text())
    d["connections"] = [c for c in d["connections"] if c["id"] != "e1-e2"]
    found = [f for f in _findings(d, "terrain-hostile-path") if "L1" in f.ids]
    assert found and "E2" in found[0].ids
