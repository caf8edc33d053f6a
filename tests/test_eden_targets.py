"""Issue #15's targets, one test each: a budget that does not add up, a module combination the
scenario forbids, infestation placed closer than allowed and a hostile zone on the only path
each give a finding with the ids; every item has a sample scenario and a sample campaign,
validated and playtested (the weather roll's closed form: tests/test_variants.py,
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


ITEMS = ("points budgets", "infestation", "terrain keywords", "weather", "victory points", "resources",
         "rule modules", "player-count variants")
"""Issue #15's items, in its order."""


def _scenario_items(s) -> set[str]:
    """The items of #15 a scenario file uses."""
    from designer.rules.terrain import eden_rules_used, has_terrain

    used = {"points budgets": s.budget is not None, "infestation": s.infestation is not None,
            "terrain keywords": has_terrain(s), "weather": s.weather is not None,
            "victory points": s.points is not None, "resources": "resources" in eden_rules_used(s),
            "rule modules": any(v.kind == "module" for v in s.variants),
            "player-count variants": any(v.players is not None for v in s.variants)}
    return {k for k, v in used.items() if v}


def _step_items(step, s) -> set[str]:
    """The items a campaign step plays: what its scenario file holds, with the modules, the
    weather and the player-count variant only when the step switches them on."""
    items = _scenario_items(s) - {"weather", "rule modules", "player-count variants"}
    if step.modules:
        items.add("rule modules")
    if step.weather:
        items.add("weather")
    if step.variant and any(v.id == step.variant and v.players is not None for v in s.variants):
        items.add("player-count variants")
    return items


def test_each_item_has_a_sample_scenario_and_a_sample_campaign_validated_and_playtested():
    """#15's target "A sample scenario and a sample campaign that use each item above, validated
    and playtested": for every item, a sample scenario that uses it validates without errors and
    plays, and a sample campaign plays it in one of its steps, validates without errors and
    runs (the step that uses it is played)."""
    import designer
    from designer.analysis import playtest
    from designer.campaign import check_campaign_file, load_campaign, run_campaigns

    scenarios = {p.name: designer.load(p) for p in sorted((ROOT / "scenarios").glob("*.json"))}
    by_item = {item: [name for name, s in scenarios.items() if item in _scenario_items(s)] for item in ITEMS}
    assert all(by_item.values()), {k: v for k, v in by_item.items() if not v}
    for name in sorted({n for names in by_item.values() for n in names}):
        s = scenarios[name]
        assert not check(s).errors, (name, [f.code for f in check(s).errors])
        r = playtest(s, n=20, seed=3, workers=1, store=None)
        assert len(r.table) == 20 and r.table.column("turns").min() >= 1, name
    campaigns = {}
    for path in sorted((ROOT / "scenarios" / "campaigns").glob("*.json")):
        c, _, found = check_campaign_file(path)
        files = {st.id: designer.load(path.parent / st.scenario) for st in c.steps}
        campaigns[path] = {st.id: _step_items(st, files[st.id]) for st in c.steps}
        campaigns[path] = (campaigns[path], [f for f in found if f.severity == "error"])
    played = {}
    for path, (steps, errors) in campaigns.items():
        if not any(steps.values()):
            continue
        assert not errors, (path.name, [f.code for f in errors])
        runs, games, _ = run_campaigns(load_campaign(path), 12, seed=4, executor="serial")
        assert len(runs) == 12, path.name
        played[path] = {g["step"] for g in games if g["played"]}
    for item in ITEMS:
        using = [(path.name, step) for path, (steps, _) in campaigns.items() for step, items in steps.items()
                 if item in items]
        assert using, f"no sample campaign plays {item}"
        assert any(step in played[ROOT / "scenarios" / "campaigns" / name] for name, step in using), (item, using)


def test_a_sample_campaign_plays_the_fire():
    """The flammable keyword in play, not only on the map: a sample campaign's step plays a
    scenario whose triggers light scenery (``set_fire``), and every run plays that step."""
    from designer.campaign import load_campaign, run_campaigns

    path = ROOT / "scenarios" / "campaigns" / "eden-dry-season.json"
    c = load_campaign(path)
    step = next(st for st in c.campaign.steps if st.scenario.endswith("eden-wildfire.json"))
    s = c.scenarios[step.id]
    assert any(e.kind == "set_fire" for t in s.triggers for e in t.then)
    runs, games, _ = run_campaigns(c, 20, seed=4, executor="serial")
    played = [g for g in games if g["step"] == step.id and g["played"]]
    assert len(runs) == 20 and len(played) == 20
    assert sum(g["won"] for g in played) >= 12  # greedy wins about 9 in 10 (docs/terrain.md, *Fire*)
