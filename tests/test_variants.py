"""Variants, optional modules, weather tables and points budgets (issues #14 and #15)."""

from __future__ import annotations

import json
from collections import Counter
from math import sqrt

import pytest
from click.testing import CliRunner

from designer.analysis.variant_runs import playtest_options, playtest_variants
from designer.checks import check
from designer.cli import cli
from designer.engine.batch import game_seed
from designer.engine.equipment import ZOMBICIDE_DECK
from designer.io.files import LoadError, dumps, load, parse
from designer.model.variants import WEATHER_TOTALS, two_d6_probability
from designer.variants import (
    Selection,
    VariantError,
    derive,
    draw_purchase,
    iter_selections,
    kit_cost,
    parse_selection,
    pool_cost,
    roll_2d6,
    with_purchase,
)

from .conftest import ROOT

SAMPLE = ROOT / "scenarios" / "frozen-depot.json"


@pytest.fixture(scope="module")
def depot():
    return load(SAMPLE)


def data_of(s):
    return json.loads(dumps(s))


def with_data(s, **changes):
    d = data_of(s)
    d.update(changes)
    return parse(d, "test.json")


def codes(findings):
    return [f.code for f in findings]


# ---------------------------------------------------------------------------------------------
# Applying variants


def test_two_player_variant_removes_two_cards_of_each_type(depot):
    """Arctic Scavengers, "Jeu à 2 joueurs": "Retirez 2 cartes de chaque type de la Décharge
    (2 Dépotoir, 2 Medkit, 2 Pioche, etc.)"."""
    two = derive(depot, "two-players")
    deck = {c.item: c.count for c in two.setup.equipment_deck}
    expected = {name: count - 2 for name, count in ZOMBICIDE_DECK if count > 2}
    assert deck == expected
    assert sum(deck.values()) == sum(c for _, c in ZOMBICIDE_DECK) - sum(min(2, c) for _, c in ZOMBICIDE_DECK)


def test_a_selection_gives_an_ordinary_scenario(depot):
    s = derive(depot, "tools+awake-dock")
    assert s.variants == [] and s.weather is None and s.budget is None
    assert "variant:tools" in s.meta.tags and "variant:awake-dock" in s.meta.tags
    assert s.spawn("spawn-green").active and not depot.spawn("spawn-green").active
    deck = Counter({c.item: c.count for c in s.setup.equipment_deck})
    assert deck["rifle"] == dict(ZOMBICIDE_DECK)["rifle"] + 4
    assert deck["crowbar"] == dict(ZOMBICIDE_DECK)["crowbar"] + 4
    # the base game is the file without its options
    base = derive(depot, "base")
    assert base.setup == depot.setup and base.zones == depot.zones and base.variants == []


def test_selections_follow_requires_and_excludes(depot):
    labels = [sel.label for sel in iter_selections(depot)]
    assert labels[0] == "base"
    assert "two-players+scarce" not in labels and "scarce" in labels and "two-players" in labels
    assert len(labels) == len(set(labels)) == 2 * 2 * 2 * 2 - 4  # scarce excludes two-players: 4 combinations out
    with pytest.raises(VariantError) as e:
        parse_selection(depot, "two-players+scarce", "frozen-depot.json")
    p = e.value.problems[0]
    assert p.code == "module-combination-forbidden" and p.path == "variants[3].excludes[0]"
    assert "frozen-depot.json: variants[3].excludes[0]: 'scarce' and 'two-players'" in e.value.lines()[0]


def test_unknown_variant_names_the_file_the_path_and_the_ids(depot):
    with pytest.raises(VariantError) as e:
        derive(depot, "three-players", source="frozen-depot.json")
    line = e.value.lines()[0]
    assert line.startswith("frozen-depot.json: variants: no variant or module has id 'three-players'")
    assert "'two-players', 'tools', 'awake-dock', 'scarce'" in line


def test_variant_reference_problems_are_refused_at_load(depot):
    d = data_of(depot)
    d["variants"][1]["requires"] = ["no-such-module"]
    d["variants"][2]["requires"] = ["two-players"]
    d["variants"].append(dict(d["variants"][0]))
    with pytest.raises(LoadError) as e:
        parse(d, "x.json")
    got = {(p.path, p.code) for p in e.value.problems}
    assert ("variants[1].requires[0]", "dangling-reference") in got
    assert ("variants[2].requires[0]", "wrong-reference-kind") in got
    assert ("variants[4].id", "duplicate-id") in got


# ---------------------------------------------------------------------------------------------
# Validation of every combination


def test_the_sample_validates_in_every_combination(depot):
    found = check(depot).findings
    assert not [f for f in found if f.severity == "error"], [f.message for f in found]
    assert set(codes(found)) == {"variant-not-modelled"}


def test_a_module_that_removes_what_another_needs_names_the_combination(depot):
    d = data_of(depot)
    d["variants"] = [
        {"id": "looted", "kind": "module", "changes": [{"kind": "remove_cards", "item": "crowbar", "count": 2}]},
        {"id": "more-looted", "kind": "module", "changes": [{"kind": "remove_cards", "item": "crowbar", "count": 1}]},
    ]
    s = parse(d, "x.json")
    found = [f for f in check(s).findings if f.code == "variant-invalid"]
    assert len(found) == 1
    f = found[0]
    assert f.path == "variants[1].changes[0]" and set(f.ids) >= {"looted", "more-looted", "crowbar"}
    assert "combination 'looted+more-looted' (variants[0], variants[1]): variants[1].changes[0]" in f.message
    assert "holds 0" in f.message


def test_removing_a_spawn_a_trigger_needs_breaks_the_scenario(depot):
    d = data_of(depot)
    d["variants"] = [{"id": "quiet-dock", "changes": [{"kind": "remove_spawn", "spawn": "spawn-green"}]}]
    found = [f for f in check(parse(d, "x.json")).findings if f.code == "variant-breaks-scenario"]
    assert found and found[0].path == "triggers[0].then[1].spawn"
    assert "variant 'quiet-dock' gives a scenario that does not hold together: no spawn has id 'spawn-green'" in \
        found[0].message and "spawn-green" in found[0].ids


def test_a_variant_that_cannot_be_won_is_an_error_of_that_variant(depot):
    d = data_of(depot)
    d["variants"] = [{"id": "no-vault", "changes": [{"kind": "remove_connection", "connection": "door-blue"}]}]
    found = [f for f in check(parse(d, "x.json")).findings if f.code == "variant-has-errors"]
    assert any("variant 'no-vault' (variants[0]): unwinnable" in f.message for f in found)
    assert all("no-vault" in f.ids for f in found)


def test_cli_validate_variant(tmp_path):
    r = CliRunner().invoke(cli, ["validate", str(SAMPLE), "--variant", "two-players", "--variant", "tools"])
    assert r.exit_code == 0, r.output
    assert f"{SAMPLE} [two-players]: ok" in r.output and f"{SAMPLE} [tools]: ok" in r.output
    r = CliRunner().invoke(cli, ["validate", str(SAMPLE), "--variant", "two-players+scarce"])
    assert r.exit_code == 1
    assert f"{SAMPLE} [two-players+scarce]: error module-combination-forbidden: variants[3].excludes[0]" in r.output
    r = CliRunner().invoke(cli, ["validate", str(SAMPLE), "--variant", "base", "--weather", "sunny"])
    assert r.exit_code == 1 and "no weather row has id 'sunny'" in r.output


# ---------------------------------------------------------------------------------------------
# Weather


def test_two_d6_probabilities_in_closed_form():
    pairs = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    for total in WEATHER_TOTALS:
        assert two_d6_probability(total) == pairs[total] / 36
    assert sum(two_d6_probability(t) for t in WEATHER_TOTALS) == pytest.approx(1.0)


def test_weather_rolls_follow_the_2d6_frequencies():
    n = 36_000
    counts = Counter(roll_2d6(game_seed(11, i)) for i in range(n))
    assert set(counts) == set(WEATHER_TOTALS)
    for total in WEATHER_TOTALS:
        p = two_d6_probability(total)
        sigma = sqrt(n * p * (1 - p))
        assert abs(counts[total] - n * p) < 4.5 * sigma, (total, counts[total], n * p)
    assert roll_2d6(game_seed(11, 5)) == roll_2d6(game_seed(11, 5))  # per game, from its seed


def test_a_table_that_does_not_cover_2_to_12_is_refused(depot):
    d = data_of(depot)
    d["weather"]["rows"][4]["rolls"] = [8]        # mist: 8 only; 9 is left without a row
    d["weather"]["rows"][5]["rolls"] = [10, 11, 3]  # 3 belongs to head wind already
    with pytest.raises(LoadError) as e:
        parse(d, "frozen.json")
    lines = e.value.lines()
    assert any(line.startswith("frozen.json: weather.rows: no row is given by the 2d6 total 9;") for line in lines)
    assert any(line.startswith("frozen.json: weather.rows[5].rolls[2]: the total 3 already gives row 'head-wind'")
               for line in lines)


def test_weather_row_probabilities_in_the_table(depot):
    rows = {r.id: r.probability for r in depot.weather.rows}
    assert rows["normal"] == pytest.approx(11 / 36) and rows["thick-fog"] == pytest.approx(7 / 36)
    assert sum(rows.values()) == pytest.approx(1.0)


def test_weather_effect_matches_its_closed_form_and_leaves_the_engine_dice_alone(depot):
    """A row that leaves one turn before dawn loses every game that rolls it at the turn limit:
    the number of such losses is the number of games that rolled 2 or 3, whose share is 3/36."""
    d = data_of(depot)
    d["weather"]["rows"][1]["rolls"] = [2, 3]
    d["weather"]["rows"][1]["changes"] = [{"kind": "set_turn_limit", "turns": 1}]
    d["weather"]["rows"][0]["rolls"] = []
    del d["weather"]["rows"][0]
    s = parse(d, "x.json")
    n = 3000
    r = playtest_options(s, n=n, seed=5, progress=False)
    games = r.games
    short = games["weather"] == "head-wind"
    assert (games.loc[short, "cause"] == "turn_limit").all() and (games.loc[short, "turns"] == 1).all()
    assert int(short.sum()) == int((games["weather_roll"] <= 3).sum())
    p = 3 / 36
    assert abs(short.sum() - n * p) < 4.5 * sqrt(n * p * (1 - p))
    table = r.by_weather().set_index("weather")
    assert table.loc["head-wind", "win_rate"] == 0.0 and table.loc["head-wind", "chance"] == pytest.approx(p)
    assert table["games"].sum() == n
    # the games that rolled normal weather are the very games of the plain scenario
    plain = playtest_options(s, n=n, seed=5, weather=None, progress=False).result.games
    normal = games[games["weather"] == "normal"]
    merged = normal.merge(plain, on="game", suffixes=("", "_plain"))
    assert len(merged) == len(normal) > 0
    for col in ("seed", "won", "turns", "kills", "zombies_spawned"):
        assert (merged[col] == merged[f"{col}_plain"]).all(), col


# ---------------------------------------------------------------------------------------------
# Budgets


def test_the_sample_spends_its_budgets(depot):
    assert kit_cost(depot.budget.survivors, depot.setup.survivors.starting_equipment) == (25, [])
    assert pool_cost(depot.budget.zombies, depot.setup.zombie_pool) == 54


def test_over_and_under_spent_sides_are_reported(depot):
    d = data_of(depot)
    d["setup"]["survivors"]["starting_equipment"] = ["fire axe", "shotgun", "grenade"]
    d["setup"]["zombie_pool"]["walker"] = 10
    found = check(parse(d, "x.json")).findings
    over = [f for f in found if f.code == "budget-over-spent"]
    under = [f for f in found if f.code == "budget-under-spent"]
    unpriced = [f for f in found if f.code == "budget-unpriced-item"]
    assert over and over[0].path == "budget.survivors" and "spend 30 points" in over[0].message
    assert under and under[0].path == "budget.zombies" and "10 are left" in under[0].message
    assert unpriced and "grenade" in unpriced[0].ids


def test_team_budget_counts_every_survivor(depot):
    d = data_of(depot)
    d["budget"]["survivors"].update(per="team", points=100)
    d["budget"]["zombies"] = None
    d["setup"]["survivors"].update(min=4, max=5)
    found = [f for f in check(parse(d, "x.json")).findings if f.code.startswith("budget")]
    assert [f.code for f in found] == ["budget-over-spent"]
    assert "5 survivor(s) x 25" in found[0].message and "spend 125 points" in found[0].message


def test_a_module_that_overspends_is_reported_with_its_name(depot):
    d = data_of(depot)
    d["variants"].append({"id": "heavy", "kind": "module", "changes": [{"kind": "add_equipment", "item": "shotgun"}]})
    found = [f for f in check(parse(d, "x.json")).findings if f.code == "budget-over-spent"]
    assert found and all("heavy" in f.ids for f in found)
    assert len(found) == 1  # reported for the module, not again for every combination holding it
    assert found[0].message.startswith("module 'heavy' (variants[4]): budget.survivors: the survivors spend 43 points (each survivor's kit: "
                                       "fire axe+pistol+shotgun) of a budget of 25")


def test_random_purchases_stay_within_the_budget_and_spend_it(depot):
    b = depot.budget
    for i in range(300):
        p = draw_purchase(depot, game_seed(3, i))
        assert p == draw_purchase(depot, game_seed(3, i))  # reproducible from the game's seed
        cost, unpriced = kit_cost(b.survivors, list(p.kit))
        assert not unpriced and cost == p.kit_points <= b.survivors.points
        assert max(Counter(p.kit).values(), default=0) <= b.survivors.max_each
        left = b.survivors.points - cost
        assert all(price > left or item in p.kit for item, price in b.survivors.prices.items())  # nothing more fits
        assert p.zombie_points <= b.zombies.points and b.zombies.points - p.zombie_points < min(b.zombies.prices.values())


def test_purchase_playtest_splits_by_purchase_and_item(depot):
    n = 400
    r = playtest_options(depot, n=n, seed=2, weather=None, purchases=True, progress=False)
    items = r.by_item()
    assert set(items["item"]) == set(depot.budget.survivors.prices)
    assert ((items["games_with"] + items["games_without"]) == n).all()
    purchases = r.by_purchase()
    assert purchases["games"].sum() == n and (purchases["points"] <= 25 + 54).all()
    games = r.games
    first = draw_purchase(depot, game_seed(2, 0), 4)
    assert games.loc[games["game"] == 0, "purchase"].item() == first.label


# ---------------------------------------------------------------------------------------------
# Playtests of every combination, campaigns, CLI


def test_all_variants_play_the_same_seeds(depot):
    v = playtest_variants(depot, n=200, seed=4, weather=None, selections=["awake-dock", "tools"], progress=False)
    t = v.table()
    assert list(t["selection"]) == ["base", "awake-dock", "tools"]
    c = v.comparisons["awake-dock"]
    assert c.n == 200 and c.base_seed == 4
    assert any(ch["path"] == "spawns[spawn-green].active" for ch in c.changes)
    assert t.loc[1, "win_rate"] < t.loc[0, "win_rate"]  # an awake dock spawns more zombies


def test_campaign_step_switches_modules_on(tmp_path):
    from designer.campaign.runner import load_campaign, run_campaigns

    loaded = load_campaign(ROOT / "scenarios" / "campaigns" / "frozen-winter.json")
    second = loaded.scenarios["second-night"]
    assert "variant:tools" in second.meta.tags and second.variants == []
    third = loaded.scenarios["storm-night"]
    assert "variant:tools" in third.meta.tags and third.weather is not None  # each game rolls its weather
    runs, games, _ = run_campaigns(loaded, 60, seed=2)
    rolled = [g for g in games if g["step"] == "storm-night" and g["played"]]
    assert rolled and all(g["weather"] == third.weather.row_for(
        roll_2d6(game_seed(2, f"{g['run']}:{g['visit']}:{g['game']}"))).id for g in rolled)
    assert all("weather" not in g for g in games if g["step"] != "storm-night")
    d = json.loads((ROOT / "scenarios" / "campaigns" / "frozen-winter.json").read_text())
    d["steps"][1]["modules"] = ["tools", "jetpacks"]
    for st in d["steps"]:
        st["scenario"] = str(SAMPLE)
    path = tmp_path / "c.json"
    path.write_text(json.dumps(d))
    with pytest.raises(LoadError) as e:
        load_campaign(path)
    assert e.value.problems[0].path == "steps[1].modules" and "jetpacks" in e.value.problems[0].message
    r = CliRunner().invoke(cli, ["campaign", str(path), "--check"])
    assert r.exit_code == 1 and "error unknown-variant: steps[1].modules" in r.output


def test_cli_playtest_weather_and_all_variants():
    r = CliRunner().invoke(cli, ["playtest", str(SAMPLE), "-n", "300", "--no-store"])
    assert r.exit_code == 0, r.output
    assert "weather rolled per game" in r.output and "thick-fog" in r.output and "95 % interval" in r.output
    r = CliRunner().invoke(cli, ["playtest", str(SAMPLE), "-n", "100", "--no-store", "--all-variants",
                                 "--weather", "off", "--format", "json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output.strip().splitlines()[-1])
    assert [row["selection"] for row in doc["selections"]] == [sel.label for sel in iter_selections(load(SAMPLE))]
    r = CliRunner().invoke(cli, ["playtest", str(SAMPLE), "-n", "50", "--no-store", "--variant", "tools",
                                 "--variant", "awake-dock", "--weather", "normal"])
    assert r.exit_code == 0, r.output
    assert [line.split()[0] for line in r.output.splitlines()[3:6]] == ["base", "tools", "awake-dock"]
    r = CliRunner().invoke(cli, ["playtest", str(SAMPLE), "-n", "10", "--no-store", "--weather", "sunny"])
    assert r.exit_code == 1 and "no weather row has id 'sunny'" in r.output
    r = CliRunner().invoke(cli, ["playtest", str(ROOT / "scenarios" / "night-shift.json"), "-n", "10", "--no-store",
                                 "--random-purchases"])
    assert r.exit_code == 1 and "needs a budget" in r.output


def test_selection_labels():
    assert Selection().label == "base" and Selection("two-players", ("tools",)).label == "two-players+tools"


def test_fast_purchase_path_gives_the_derived_scenario_and_plan(depot):
    from designer.analysis.variant_runs import _plan_items
    from designer.plans import bot_plan
    from designer.variants import with_purchase

    plain = derive(depot, "tools", "mist")
    relevant = _plan_items(depot)
    assert {"crowbar", "fire axe", "chainsaw"} <= relevant and "pistol" not in relevant
    plans = {}
    for i in range(12):
        p = draw_purchase(depot, game_seed(9, i), 4)
        fast = with_purchase(plain, depot, p)
        assert fast.model_dump() == derive(depot, "tools", "mist", p).model_dump()
        plans.setdefault(frozenset(p.kit) & relevant, []).append(bot_plan(fast))
    assert len(plans) > 1  # kits with and without a door opener were drawn
    for same in plans.values():
        assert all(plan == same[0] for plan in same)


def test_play_replays_a_playtest_game_with_its_weather_and_purchase(depot):
    r = playtest_options(depot, "tools", n=40, seed=8, purchases=True, progress=False)
    g = r.games.iloc[17]
    out = CliRunner().invoke(cli, ["play", str(SAMPLE), "--seed", str(int(g["seed"])), "--variant", "tools",
                                   "--random-purchases", "--format", "json"])
    assert out.exit_code == 0, out.output
    record = json.loads(out.output.strip().splitlines()[-1])
    assert (record["weather_roll"], record["weather"]) == (int(g["weather_roll"]), g["weather"])
    assert record["purchase"] == g["purchase"] and record["selection"] == "tools"
    assert (record["won"], record["turns"], record["kills"]) == (bool(g["won"]), int(g["turns"]), int(g["kills"]))


def test_the_modules_doctests():
    import doctest

    import designer.model.variants
    import designer.variants

    for module in (designer.variants, designer.model.variants):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_every_selection_of_the_sample_round_trips(depot):
    for sel in iter_selections(depot):
        s = derive(depot, sel)
        assert parse(json.loads(dumps(s)), "x.json") == s
        assert s.variants == [] and s.weather is None and s.budget is None


LNOE = ROOT / "scenarios" / "seul-dans-le-noir.json"


def test_lnoe_handicap_module_rebalances_the_special_rules():
    """Last Night on Earth, Growing Hunger, "Règles optionnelles": "ajouter une règle valant 3
    points pour les Zombies signifie que vous devriez ajouter pour 3 points de règles spéciales
    pour les Héros"; against strong hero players, "les Zombies de la fosse ou la Génération
    spontanée de Zombies peuvent être très efficaces pour rééquilibrer le jeu"."""
    d = json.loads(LNOE.read_text(encoding="utf-8"))
    d["variants"] = [{"id": "handicap-heroes", "kind": "module", "name": "Handicap for the heroes' player",
                      "changes": [{"kind": "add_special_rule", "rule": {
                          "id": "zombie-autospawn", "name": "Zombie autospawn", "side": "zombies", "points": 3}}]}]
    s = parse(d, "seul.json")
    base = check(derive(s, "base")).findings
    handicapped = check(derive(s, "handicap-heroes")).findings
    assert "balance-points" in codes(base) and "balance-points" not in codes(handicapped)


def test_lnoe_endless_night_lengthens_the_sun_track():
    """Seul dans le noir, "Règles spéciales optionnelles": the card "Une nuit sans fin" also says
    "reculez le pion sur la piste du soleil de 2 emplacements" (two more turns before dawn)."""
    d = json.loads(LNOE.read_text(encoding="utf-8"))
    d["variants"] = [{"id": "endless-night", "kind": "module",
                      "changes": [{"kind": "change_turn_limit", "by": 2}],
                      "not_modelled": "the card is drawn at random; its extra zombie on each spawning point"}]
    s = parse(d, "seul.json")
    longer = derive(s, "endless-night")
    assert longer.setup.turn_limit == s.setup.turn_limit + 2
    found = check(s).findings
    assert "variant-not-modelled" in codes(found) and "variant-has-errors" not in codes(found)
    # with a short night, dawn decides games: two more turns never turn a won game into a lost one
    # (game i plays the same first turns in both), and games lost at dawn end two turns later
    d["setup"]["turn_limit"] = 5
    v = playtest_variants(parse(d, "seul.json"), n=400, seed=1, weather=None, progress=False)
    base, night = (v.runs[k].result.games for k in ("base", "endless-night"))
    assert set(base.loc[base["cause"] == "turn_limit", "turns"]) == {5}
    assert set(night.loc[night["cause"] == "turn_limit", "turns"]) <= {7}
    c = v.comparisons["endless-night"]
    assert len(c.win_to_loss) == 0 and len(c.loss_to_win) > 0
    assert (base["cause"] == "turn_limit").sum() > (night["cause"] == "turn_limit").sum()


HOUSE = ROOT / "scenarios" / "les-morts-aux-trousses.json"

FIVE_SIX = {
    "id": "five-six", "kind": "variant", "name": "5-6 players", "players": {"min": 5, "max": 6},
    "changes": [
        {"kind": "set_survivors", "min": 5, "max": 6},
        {"kind": "set_health", "health": 6},
        {"kind": "add_zone", "zone": {"id": "office-2", "name": "Office (dark blue)", "kind": "room", "level": 1}},
        {"kind": "add_connection", "connection": {"id": "landing-office-2", "kind": "door", "from": "landing",
                                                  "to": "office-2", "breakable": True,
                                                  "spawns_on_first_open": False}},
        {"kind": "add_objective", "objective": {"id": "office-key-2", "kind": "item", "item": "office key",
                                                "zone": "office-2"}},
        {"kind": "set_victory", "victory": {"ordered": True, "steps": [
            {"kind": "take_objectives", "objectives": ["office-key", "office-key-2"]},
            {"kind": "reach_zone", "zones": ["bunker-a", "bunker-b"]}]}},
        {"kind": "remove_connection", "connection": "lift-up"},
        {"kind": "remove_connection", "connection": "lift-down"},
    ]}


def test_house_five_six_player_variant():
    """Les morts aux trousses, "5-6 Player Variant": "6 hit points each / 2 office zones (light
    blue + dark blue) / 1 key in each office / Elevator out of order"."""
    d = json.loads(HOUSE.read_text(encoding="utf-8"))
    d["variants"] = [FIVE_SIX]
    s = parse(d, "house.json")
    big = derive(s, "five-six")
    assert big.setup.survivors.health == 6 and (big.setup.survivors.min, big.setup.survivors.max) == (5, 6)
    assert not [c for c in big.connections if c.kind == "elevator"]
    assert [o.id for o in big.objectives if o.kind == "item"] == ["office-key", "office-key-2"]
    assert big.zone("office-2").level == 1
    found = check(s).findings
    assert not [f for f in found if f.severity == "error"], [f.message for f in found if f.severity == "error"]
    r = playtest_options(s, "five-six", n=60, seed=3, progress=False)
    assert (r.result.games["survivors"] == 5).all()


def test_two_variants_for_the_same_players_are_flagged(depot):
    d = data_of(depot)
    d["variants"].append({"id": "duo", "players": {"min": 1, "max": 2},
                          "changes": [{"kind": "set_survivors", "min": 2, "max": 2}]})
    found = [f for f in check(parse(d, "x.json")).findings if f.code == "variant-players-overlap"]
    assert len(found) == 1 and found[0].ids == ("two-players", "duo") and "both for 2-2 players" in found[0].message


def test_report_has_the_weather_and_purchase_tables(depot, tmp_path):
    out = tmp_path / "r.html"
    r = CliRunner().invoke(cli, ["playtest", str(SAMPLE), "-n", "120", "--no-store", "--random-purchases",
                                 "--report", str(out)])
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    for title in ("By weather (2d6 rolled per game)", "By purchase", "By item bought", "Reproducibility"):
        assert f"<h2>{title}</h2>" in page
    assert page.index("By item bought") < page.index("<h2>Reproducibility</h2>") and "thick-fog" in page


def test_many_modules_check_the_smallest_combinations_first(depot):
    d = data_of(depot)
    d["variants"] = [{"id": f"m{i}", "kind": "module", "changes": [{"kind": "change_zombies", "zombie": "walker",
                                                                      "by": 1}]} for i in range(20)]
    d["budget"] = None
    s = parse(d, "x.json")
    from designer.variants import count_selections

    assert count_selections(s) == 10_001  # counted up to the limit, not to 2**20
    found = check(s).findings
    many = [f for f in found if f.code == "too-many-combinations"]
    assert len(many) == 1 and "more than 10,000 combinations" in many[0].message
    assert [f for f in found if f.severity == "error"] == []


def test_check_without_options_looks_at_the_base_game_alone():
    s = load(ROOT / "scenarios" / "broken" / "variant-problems.json")
    assert codes(check(s, options=False).findings) == []
    assert "variant-invalid" in codes(check(s).findings)


def test_reserved_ids_are_refused(depot):
    d = data_of(depot)
    d["variants"][0]["id"] = "base"
    d["variants"][3]["excludes"] = ["base"]
    with pytest.raises(LoadError) as e:
        parse(d, "x.json")
    assert "variants[0].id" in {p.path for p in e.value.problems}
    d = data_of(depot)
    d["weather"]["rows"][3]["id"] = "roll"
    with pytest.raises(LoadError) as e:
        parse(d, "x.json")
    assert [p.path for p in e.value.problems] == ["weather.rows[3].id"]
    assert derive(depot, "base+tools") == derive(depot, "tools")


def test_worker_processes_play_the_same_games(depot):
    serial = playtest_options(depot, "tools", n=120, seed=6, purchases=True, progress=False)
    pooled = playtest_options(depot, "tools", n=120, seed=6, purchases=True, progress=False, executor="local",
                              workers=2)
    assert serial.games.equals(pooled.games)
    assert serial.result.tally.wins == pooled.result.tally.wins


def test_compare_and_sweep_play_a_variant():
    r = CliRunner().invoke(cli, ["compare", str(SAMPLE), str(SAMPLE), "-n", "60", "--variant", "awake-dock",
                                 "--format", "json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output.strip().splitlines()[-1])
    assert doc["changes"] == [] and doc["a"]["wins"] == doc["b"]["wins"]
    assert "--variant awake-dock" in doc["reproducibility"]["command"]
    plain = CliRunner().invoke(cli, ["compare", str(SAMPLE), str(SAMPLE), "-n", "60", "--format", "json"])
    assert json.loads(plain.output.strip().splitlines()[-1])["a"]["wins"] != doc["a"]["wins"]
    r = CliRunner().invoke(cli, ["sweep", str(SAMPLE), "--parameter", "turn_limit", "--values", "6,16", "-n", "40",
                                 "--variant", "nope"])
    assert r.exit_code == 1 and "no variant or module has id 'nope'" in r.output
    r = CliRunner().invoke(cli, ["sweep", str(SAMPLE), "--parameter", "turn_limit", "--values", "6,16", "-n", "40",
                                 "--variant", "tools", "--format", "json"])
    assert r.exit_code == 0, r.output
    assert "--variant tools" in json.loads(r.output.strip().splitlines()[-1])["command"]


def test_every_weather_row_on_the_same_seeds(depot):
    """A row with no changes plays the very games of no weather; a shorter night (acid rain) can
    only turn wins into losses; the rolled weather's win rate agrees with the rows' win rates
    weighted by their 2d6 chances."""
    from designer.analysis.variant_runs import playtest_weathers

    n = 600
    v = playtest_weathers(depot, n=n, seed=12, progress=False)
    normal, acid = v.comparisons["normal"], v.comparisons["acid-rain"]
    assert len(normal.win_to_loss) == len(normal.loss_to_win) == 0
    assert len(acid.loss_to_win) == 0 and len(acid.win_to_loss) > 0
    expected = v.expected_win_rate()
    assert expected == pytest.approx(sum(r.probability * v.runs[r.id].result.win_rate()[0]
                                         for r in depot.weather.rows))
    assert v.table()["chance"].iloc[1:].sum() == pytest.approx(1.0)
    rolled = playtest_options(depot, n=n, seed=12, progress=False).result.win_rate()[0]
    # each rolled game is one of the rows' games on the same seed: the two agree up to the draw
    assert abs(rolled - expected) < 4 * sqrt(expected * (1 - expected) / n)
    r = CliRunner().invoke(cli, ["playtest", str(SAMPLE), "-n", "50", "--no-store", "--all-weather"])
    assert r.exit_code == 0 and "win rate with the weather rolled (sum of chance x win rate)" in r.output


def test_comparisons_write_their_table_and_report(tmp_path):
    out, page = tmp_path / "cmp.csv", tmp_path / "cmp.html"
    r = CliRunner().invoke(cli, ["playtest", str(SAMPLE), "-n", "40", "--no-store", "--all-variants", "--weather",
                                 "off", "--out", str(out), "--report", str(page)])
    assert r.exit_code == 0, r.output
    import pandas as pd

    table = pd.read_csv(out)
    assert list(table["selection"])[:2] == ["base", "two-players"] and "mcnemar_p" in table
    assert "<h2>Reproducibility</h2>" in page.read_text(encoding="utf-8")
    r = CliRunner().invoke(cli, ["playtest", str(SAMPLE), "-n", "40", "--no-store", "--all-weather",
                                 "--report", str(page)])
    assert r.exit_code == 0 and "sum of chance x win rate" in page.read_text(encoding="utf-8")


def test_an_override_out_of_range_names_the_change(depot):
    d = data_of(depot)
    d["variants"] = [{"id": "frantic", "changes": [{"kind": "set_override", "name": "actions", "value": 11}]}]
    with pytest.raises(VariantError) as e:
        derive(parse(d, "x.json"), "frantic", source="x.json")
    assert e.value.lines() == ["x.json: variants[0].changes[0]: rule override 'actions' expects a whole number from 1 "
                               "to 10 (actions per survivor per turn; movement points for the house profile), got 11"]


CHANGE_CASES = [
    ({"kind": "set_override", "name": "max_items", "value": 3}, lambda s: s.setup.rules.overrides == {"max_items": 3}),
    ({"kind": "add_special_rule", "rule": {"id": "dark-night", "side": "zombies", "points": 1}},
     lambda s: [r.id for r in s.setup.special_rules] == ["dark-night"]),
    ({"kind": "add_cards", "item": "katana", "count": 3},
     lambda s: {c.item: c.count for c in s.setup.equipment_deck}["katana"] == dict(ZOMBICIDE_DECK)["katana"] + 3),
    ({"kind": "remove_cards", "item": "aaah", "count": "all"},
     lambda s: "aaah" not in {c.item for c in s.setup.equipment_deck}),
    ({"kind": "set_zombies", "zombie": "runner", "count": 0}, lambda s: s.setup.zombie_pool["runner"] == 0),
    ({"kind": "change_zombies", "zombie": "walker", "by": -5}, lambda s: s.setup.zombie_pool["walker"] == 15),
    ({"kind": "deactivate_spawn", "spawn": "spawn-north"}, lambda s: not s.spawn("spawn-north").active),
    ({"kind": "add_equipment", "item": "flashlight"},
     lambda s: s.setup.survivors.starting_equipment == ["fire axe", "pistol", "flashlight"]),
    ({"kind": "remove_equipment", "item": "pistol"}, lambda s: s.setup.survivors.starting_equipment == ["fire axe"]),
    ({"kind": "set_health", "health": 3}, lambda s: s.setup.survivors.health == 3),
    ({"kind": "set_starting_cards", "count": 2}, lambda s: s.setup.survivors.starting_cards == 2),
    ({"kind": "set_turn_limit", "turns": None}, lambda s: s.setup.turn_limit is None),
    ({"kind": "change_turn_limit", "by": 4}, lambda s: s.setup.turn_limit == 20),
    ({"kind": "set_spawn_method", "method": {"kind": "dice", "dice": "1d3"}},
     lambda s: s.setup.spawn_method.kind == "dice" and s.setup.spawn_method.dice == "1d3"),
    ({"kind": "remove_objective", "objective": "crate-2"},
     lambda s: [o.id for o in s.objectives] == ["crate-1", "blue-key", "green-switch"]),
]


@pytest.mark.parametrize("change,holds", CHANGE_CASES, ids=[c["kind"] for c, _ in CHANGE_CASES])
def test_each_change_does_what_it_says(depot, change, holds):
    d = data_of(depot)
    d["variants"] = [{"id": "v", "changes": [change]}]
    if change["kind"] == "remove_objective":  # nothing may still need the crate
        d["victory"]["steps"][0]["objectives"] = ["crate-1", "blue-key"]
    s = derive(parse(d, "x.json"), "v")
    assert holds(s)


BAD_CHANGES = [
    ({"kind": "clear_override", "name": "actions"}, "the scenario does not override 'actions' here"),
    ({"kind": "remove_special_rule", "rule": "zombie-horde"}, "no special rule of the set-up has id 'zombie-horde'"),
    ({"kind": "remove_cards", "item": "crowbar", "count": 3}, "removes 3 'crowbar' card(s) but the equipment deck "
                                                              "holds 2"),
    ({"kind": "change_zombies", "zombie": "fatty", "by": -5}, "leaves -1 fatty miniature(s) in the pool (it holds 4)"),
    ({"kind": "activate_spawn", "spawn": "spawn-west"}, "no spawn zone has id 'spawn-west'; expected one of "
                                                        "spawn-north, spawn-south, spawn-green"),
    ({"kind": "remove_equipment", "item": "katana"}, "the survivors do not start with 'katana'"),
    ({"kind": "set_survivors", "min": 5, "max": 3}, "expected min <= max"),
    ({"kind": "change_turn_limit", "by": -16}, "leaves a turn limit of 0 (from 16); expected 1 to 1000"),
    ({"kind": "remove_connection", "connection": "door-red"}, "no connection has id 'door-red'"),
    ({"kind": "add_objective", "objective": {"id": "crate-1", "kind": "token", "zone": "S1"}},
     "an objective with id 'crate-1' is already on the map"),
    ({"kind": "add_zone", "zone": {"id": "S1"}}, "a zone with id 'S1' is already on the map"),
]


@pytest.mark.parametrize("change,message", BAD_CHANGES, ids=[c["kind"] for c, _ in BAD_CHANGES])
def test_each_change_that_cannot_apply_says_why(depot, change, message):
    d = data_of(depot)
    d["variants"] = [{"id": "v", "changes": [{"kind": "set_health", "health": 3}, change]}]
    with pytest.raises(VariantError) as e:
        derive(parse(d, "x.json"), "v", source="x.json")
    p = e.value.problems[0]
    assert p.path == "variants[0].changes[1]" and p.code == "variant-invalid" and message in p.message


# ---------------------------------------------------------------------------------------------
# One kit per survivor


def _each(depot, per: str = "survivor"):
    data = json.loads(dumps(depot))
    data["budget"]["survivors"]["kits"] = "each"
    data["budget"]["survivors"]["per"] = per
    if per == "team":
        data["budget"]["survivors"]["points"] = 60
    return parse(data)


def test_each_survivor_buys_a_kit_of_its_own(depot):
    """"Chaque combattant d'une bande est équipé" on its own: with kits 'each', every survivor
    draws its own kit from its own stream, within its points, and survivor k's kit does not
    depend on how many survivors follow it."""
    s = _each(depot)
    b = s.budget.survivors
    different = 0
    for i in range(200):
        p = draw_purchase(s, game_seed(5, i), 3)
        assert p.kit == () and len(p.kits) == 3
        assert p.kits[:2] == draw_purchase(s, game_seed(5, i), 2).kits
        costs = [kit_cost(b, list(k))[0] for k in p.kits]
        assert p.kit_points == sum(costs) and all(c <= b.points for c in costs)
        for k, c in zip(p.kits, costs):  # each spends as far as it goes
            assert all(price > b.points - c or item in k for item, price in b.prices.items())
        different += len(set(p.kits)) > 1
    assert different > 150
    t = _each(depot, "team")
    for i in range(50):
        p = draw_purchase(t, game_seed(6, i), 4)
        assert p.kit_points <= 60 and all(kit_cost(b, list(k))[0] <= 60 // 4 for k in p.kits)


def test_a_kit_per_survivor_deals_each_survivor_its_cards(depot):
    """The purchase's kits become the survivors' own cards, so each survivor of the game starts
    with its kit; the playtest splits by the kits bought and counts an item held by anyone."""
    from designer.engine import Board
    from tests.reference.game import Game  # the reference engine (record-for-record checks)

    s = _each(depot)
    p = draw_purchase(s, game_seed(7, 0), 3)
    played = with_purchase(derive(s), s, p)
    assert played == derive(s, purchase=p)
    assert [h.items for h in played.setup.survivors.heroes] == [list(k) for k in p.kits]
    g = Game(Board(played), game_seed(7, 0), plan=())
    assert [sv.items for sv in g.state.survivors] == [list(k) for k in p.kits]
    r = playtest_options(s, n=30, seed=7, weather=None, purchases=True, survivors=3, progress=False)
    games = r.games
    assert games.loc[0, "kits"] == " | ".join("+".join(k) for k in p.kits)
    assert set(games.loc[0, "kit"].split("+")) == set(p.items)
    assert r.by_purchase()["games"].sum() == 30


def test_each_kit_is_checked_against_the_budget(depot):
    """Named survivors with kits of their own: each kit against its points (per survivor), or
    their sum against the team's budget."""
    data = json.loads(dumps(_each(depot)))
    data["setup"]["survivors"]["starting_equipment"] = []
    data["setup"]["survivors"]["heroes"] = [{"name": "Ash", "items": ["shotgun", "katana"]},
                                            {"name": "Bea", "items": ["pistol"]}]
    found = [f for f in check(parse(data)).findings if f.code.startswith("budget-")]
    over = [f for f in found if f.code == "budget-over-spent"]
    assert len(over) == 1 and "Ash" in over[0].ids
    assert any(f.code == "budget-under-spent" and "Bea" in f.ids for f in found)
    data["budget"]["survivors"]["per"] = "team"
    data["budget"]["survivors"]["points"] = 40
    found = [f for f in check(parse(data)).findings if f.code == "budget-over-spent"]
    assert found and "Ash 32; Bea 13" in found[0].message
