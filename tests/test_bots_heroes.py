"""Named survivors and the cards dealt to each: the model, the validator and the engine."""

from __future__ import annotations

import pytest

import designer
from designer.checks import check
from designer.engine import Board, core
from tests.reference.game import Game  # the reference engine (record-for-record checks)
from designer.plans import bot_plan


def _with_heroes(s, heroes, **survivors):
    sv = s.setup.survivors.model_copy(update={"heroes": heroes, **survivors})
    return s.model_copy(update={"setup": s.setup.model_copy(update={"survivors": sv})})


def _heroes(*rows):
    from designer.model.scenario import Hero

    return [Hero(name=n, items=list(items)) for n, items in rows]


def test_each_named_survivor_starts_with_its_own_cards_and_the_rest_with_the_common_equipment():
    s = designer.load("scenarios/night-shift.json")
    s = _with_heroes(s, _heroes(("Amy", ["fire axe"]), ("Ned", ["pistol", "flashlight"])),
                     starting_equipment=["kitchen knife"])
    game = Game(Board(s), 5, "greedy", survivors=3, plan=bot_plan(s))
    items = [sv.items for sv in game.state.survivors]
    assert items == [["kitchen knife", "fire axe"], ["kitchen knife", "pistol", "flashlight"], ["kitchen knife"]]


def test_heroes_without_cards_change_nothing_and_the_core_plays_them():
    s = designer.load("scenarios/night-shift.json")
    named = _with_heroes(s, _heroes(("Amy", []), ("Ned", [])))
    plan = bot_plan(s)
    for seed in range(5):
        assert Game(Board(named), seed, "greedy", plan=plan).play() == Game(Board(s), seed, "greedy", plan=plan).play()
    assert core.unsupported(Board(named), "greedy", plan=plan) == core.unsupported(Board(s), "greedy", plan=plan)


def test_dealt_cards_are_played_by_the_typed_engine_with_the_same_records_every_time():
    s = designer.load("scenarios/prison-outbreak/m05-an-easy-mission.json")
    board = Board(s)
    assert core.unsupported(board, "greedy") is None
    a = designer.playtest(s, n=40, policy="casual", workers=1, store=None)
    b = designer.playtest(s, n=40, policy="casual", workers=1, store=None)
    assert a.summary()["wins"] == b.summary()["wins"]
    game = Game(board, 1, "greedy", plan=bot_plan(s))
    assert [sv.items for sv in game.state.survivors] == [h.items for h in s.setup.survivors.heroes]


def test_the_dealt_cards_open_doors_for_the_validator():
    s = designer.load("scenarios/night-shift.json")
    bare = _with_heroes(s, [], starting_equipment=[], max=4)
    assert any(f.code == "no-door-opener" for f in check(bare).findings)
    dealt = _with_heroes(s, _heroes(("Amy", ["crowbar"])), starting_equipment=[], max=4)
    assert not any(f.code == "no-door-opener" for f in check(dealt).findings)


@pytest.mark.parametrize("heroes, extra, code, path", [
    ([("Amy", []), ("Amy", [])], {}, "duplicate-hero", "setup.survivors.heroes[1].name"),
    ([("Amy", ["laser sword"])], {}, "unknown-item", "setup.survivors.heroes[0].items[0]"),
    ([("A", []), ("B", []), ("C", [])], {"max": 2, "min": 1}, "hero-never-plays", "setup.survivors.heroes"),
    ([("Amy", ["pistol", "pistol", "crowbar", "fire axe", "katana", "flashlight"])], {}, "too-many-starting-items",
     "setup.survivors.heroes[0]"),
])
def test_the_validator_checks_the_named_survivors(heroes, extra, code, path):
    s = designer.load("scenarios/night-shift.json")
    found = [f for f in check(_with_heroes(s, _heroes(*heroes), **extra)).findings if f.code == code]
    assert found and found[0].path == path
    assert not [f for f in check(s).findings if f.code == code]


def test_the_schema_knows_the_heroes():
    import json
    from pathlib import Path

    schema = json.loads((Path(__file__).resolve().parents[1] / "schemas" / "scenario.schema.json").read_text())
    text = json.dumps(schema)
    assert '"heroes"' in text and "Cards this survivor starts with" in text


def test_the_set_up_form_edits_the_named_survivors(tmp_path):
    from designer.edit import Editor
    from designer.widgets.app import DesignerApp

    ed = Editor(designer.load("scenarios/night-shift.json"))
    app = DesignerApp(ed, folder=tmp_path)
    app.heroes_text.value = "Amy: fire axe\nNed: pistol, flashlight"
    assert ed.data["setup"]["survivors"]["heroes"] == [{"name": "Amy", "items": ["fire axe"]},
                                                       {"name": "Ned", "items": ["pistol", "flashlight"]}]
    app.heroes_text.value = ": no name"
    assert [h["name"] for h in ed.data["setup"]["survivors"]["heroes"]] == ["Amy", "Ned"]  # refused, kept
