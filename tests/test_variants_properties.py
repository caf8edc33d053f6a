"""Property tests of variants: any list of changes either gives a scenario that loads, or a
VariantError naming the JSON path of a change (or of the result), never another exception; and
per-game draws depend on the game's seed alone."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from designer.engine.batch import game_seed
from designer.io.files import dumps, load, parse
from designer.model.scenario import RULE_OVERRIDES
from designer.variants import VariantError, derive, draw_purchase, kit_cost, pool_cost, roll_2d6

from .conftest import ROOT, examples

SAMPLE = load(ROOT / "scenarios" / "frozen-depot.json")
IDS = ["spawn-north", "spawn-green", "door-blue", "s1-s2", "crate-1", "nope", "green-switch", "P1"]
ITEMS = ["crowbar", "rifle", "pistol", "shotgun", "water", "grenade", "fire axe"]

changes = st.one_of(
    st.builds(lambda n, v: {"kind": "set_override", "name": n, "value": v},
              st.sampled_from([*RULE_OVERRIDES, "bogus"]), st.one_of(st.booleans(), st.integers(0, 12))),
    st.builds(lambda n: {"kind": "clear_override", "name": n}, st.sampled_from(["actions", "max_items"])),
    st.builds(lambda i, c: {"kind": "add_cards", "item": i, "count": c}, st.sampled_from(ITEMS), st.integers(1, 5)),
    st.builds(lambda i, c: {"kind": "remove_cards", "item": i, "count": c}, st.sampled_from(ITEMS),
              st.one_of(st.integers(1, 5), st.just("all"))),
    st.builds(lambda c: {"kind": "remove_each_card", "count": c}, st.integers(1, 4)),
    st.builds(lambda z, b: {"kind": "change_zombies", "zombie": z, "by": b},
              st.sampled_from(["walker", "runner", "fatty", "abomination"]), st.integers(-30, 30)),
    st.builds(lambda k, i: {"kind": k, "spawn": i},
              st.sampled_from(["activate_spawn", "deactivate_spawn", "remove_spawn"]), st.sampled_from(IDS)),
    st.builds(lambda k, i: {"kind": k, "item": i}, st.sampled_from(["add_equipment", "remove_equipment"]),
              st.sampled_from(ITEMS)),
    st.builds(lambda a, b: {"kind": "set_survivors", "min": a, "max": b}, st.integers(1, 6), st.integers(1, 6)),
    st.builds(lambda b: {"kind": "change_turn_limit", "by": b}, st.integers(-20, 20)),
    st.builds(lambda i: {"kind": "remove_connection", "connection": i}, st.sampled_from(IDS)),
    st.builds(lambda i: {"kind": "remove_objective", "objective": i}, st.sampled_from(IDS)),
)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(changes, min_size=1, max_size=6))
def test_any_changes_give_a_scenario_or_a_located_error(changes_):
    d = json.loads(dumps(SAMPLE))
    d["variants"] = [{"id": "v", "changes": changes_}]
    try:
        s = parse(d, "x.json")
    except Exception as e:  # a change the model refuses is a load error with its path
        assert type(e).__name__ == "LoadError" and all(p.path.startswith("variants[0].changes") for p in e.problems)
        return
    try:
        out = derive(s, "v", source="x.json")
    except VariantError as e:
        assert e.problems and all(p.path for p in e.problems)
        assert all(line.startswith("x.json: ") for line in e.lines())
        applied = [p for p in e.problems if p.code == "variant-invalid"]
        assert all(p.path.startswith("variants[0].changes[") for p in applied)
        return
    assert parse(json.loads(dumps(out)), "y.json") == out and out.variants == []


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(-2**40, 2**40), st.integers(0, 10**6))
def test_draws_depend_on_the_game_seed_alone(base, index):
    seed = game_seed(base, index)
    assert 2 <= roll_2d6(seed) <= 12 and roll_2d6(seed) == roll_2d6(seed)
    p = draw_purchase(SAMPLE, seed, 4)
    assert p == draw_purchase(SAMPLE, seed, 4)
    b = SAMPLE.budget
    assert kit_cost(b.survivors, list(p.kit))[0] <= b.survivors.points
    assert pool_cost(b.zombies, dict(p.zombies)) <= b.zombies.points
