"""The designer's forms for Les morts aux trousses (designer/widgets/morts_forms.py): the zombie
arrivals per player and the office's choice, each edit one undo step the model accepts."""

from __future__ import annotations

import json

import pytest

from designer.edit import Editor
from designer.io.files import parse
from designer.widgets import DesignerApp

from .conftest import ROOT
from .widget_tree import checkbox, drafts, walk  # noqa: F401 (drafts: the module's autouse fixture)


def texts(app, label):
    return [c for c in walk(app.setup_box) if getattr(c, "text", None) is not None and c.text.description == label]


def app_for(name: str) -> DesignerApp:
    return DesignerApp(Editor.open(str(ROOT / "scenarios" / name)), debounce=0)


def test_the_arrival_switches_set_the_fixed_spawn_method_and_undo():
    """"each player brings in 1 zombie through a red arrow": the switches of a house game set
    the spawn method's per_player and first_turn_each_level, one undo step each."""
    ed = Editor.open(str(ROOT / "scenarios" / "les-morts-aux-trousses.json"))
    ed.set_setup(spawn_method={"first_turn_each_level": True, "kind": "fixed", "per_player": True})
    app = DesignerApp(ed, debounce=0)
    box = checkbox(app, "first turn: one per player on every floor")
    assert box.value
    box.value = False
    assert app.editor.data["setup"]["spawn_method"] == {"kind": "fixed", "per_player": True}
    parse(app.editor.data)
    app.editor.undo()
    assert app.editor.data["setup"]["spawn_method"].get("first_turn_each_level") is True


def test_switching_arrivals_on_turns_a_card_spawn_into_a_fixed_one():
    """A house game spawning by cards gets the fixed method with one zombie per player."""
    ed = Editor.open(str(ROOT / "scenarios" / "les-morts-aux-trousses.json"))
    ed.set_setup(spawn_method={"kind": "cards"})
    app2 = DesignerApp(ed, debounce=0)
    assert not checkbox(app2, "one zombie per player each turn").value
    checkbox(app2, "one zombie per player each turn").value = True
    assert app2.editor.data["setup"]["spawn_method"] == {"kind": "fixed", "per_player": True}
    parse(app2.editor.data)


def test_no_arrival_rows_outside_a_house_game():
    """The arrival switches are the house rules': a Zombicide mission does not show them."""
    app = app_for("night-shift.json")
    with pytest.raises(StopIteration):
        checkbox(app, "one zombie per player each turn")


def test_the_office_choice_in_the_trigger_form():
    """"either 1 hit point + 1 object card or 2 object cards": the effect's numbers are edited
    at their fields, a value out of range is refused and changes nothing."""
    app = app_for("les-morts-aux-trousses.json")
    triggers = app.editor.data["triggers"]
    i = next(k for k, t in enumerate(triggers) if any(e["kind"] == "heal_or_draw" for e in t["then"]))
    texts(app, "or cards")[0].text.value = "3"
    effect = next(e for e in app.editor.data["triggers"][i]["then"] if e["kind"] == "heal_or_draw")
    assert effect["draw"] == 3
    before = json.dumps(app.editor.data, sort_keys=True)
    texts(app, "heal")[0].text.value = "0"
    assert json.dumps(app.editor.data, sort_keys=True) == before
    app._set_effect(0, 0, "heal_or_draw")
    assert app.editor.data["triggers"][0]["then"][0] == {"kind": "heal_or_draw"}
    parse(app.editor.data)


def test_the_door_form_makes_a_door_closable_and_undo():
    """"The one who closes a door is the only one who can use it from then on": the door form's
    'closable' box sets the door's ``closable``, one undo step."""
    app = app_for("les-morts-aux-trousses.json")
    app.select("conn:hall-living")
    box = checkbox(app.form, "closable")
    assert box.value
    box.value = False
    door = next(c for c in app.editor.data["connections"] if c["id"] == "hall-living")
    assert "closable" not in door
    parse(app.editor.data)
    app.editor.undo()
    door = next(c for c in app.editor.data["connections"] if c["id"] == "hall-living")
    assert door.get("closable") is True


def test_the_office_keys_drawn_at_random_in_the_objective_form():
    """"In the office: there are zombies (dice roll) + 2 keys (one is drawn at random)": the item
    objective's row edits the items drawn with it (``one_of``), one undo step the model accepts."""
    app = app_for("les-morts-aux-trousses.json")
    ed = app.editor
    key = next(o for o in ed.data["objectives"] if o["id"] == "office-key")
    field = next(c for c in walk(app._objective_row(key)) if getattr(c, "placeholder", None) == "or, drawn at random")
    assert field.value == "bunker B key"
    field.value = "bunker B key, bunker C key"
    assert next(o for o in ed.data["objectives"] if o["id"] == "office-key")["one_of"] == ["bunker B key",
                                                                                         "bunker C key"]
    parse(ed.data)
    ed.undo()
    assert next(o for o in ed.data["objectives"] if o["id"] == "office-key")["one_of"] == ["bunker B key"]
