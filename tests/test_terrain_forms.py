"""The designer's forms for terrain keywords (docs/terrain.md): a box per keyword and a number
per keyword with a value, on zones and connections, each edit one undo step."""

from __future__ import annotations

import json

from designer.edit import Editor
from designer.widgets import DesignerApp

from .widget_tree import checkbox, drafts, walk  # noqa: F401 (drafts: the module's autouse fixture)


def number(form, label):
    return next(c for c in walk(form) if getattr(c, "text", None) is not None and c.text.description == label)


def zone(app, zid):
    return next(z for z in app.editor.data["zones"] if z["id"] == zid)


def test_zone_form_sets_and_clears_terrain_keywords():
    """"Obstruction(X): Pour parcourir 1 cm dans un tel type de décor un combattant doit en
    dépenser X": the zone form writes obstruction(2) and a hostile presence, and the findings
    panel then sees the scenery."""
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    app.select("zone:S2")
    number(app.form, "Obstruction").text.value = "2"
    assert zone(app, "S2")["terrain"] == {"obstruction": 2}
    app.select("zone:S2")
    checkbox(app.form, "flammable").value = True
    assert zone(app, "S2")["terrain"] == {"obstruction": 2, "flammable": True}
    assert not {f.code for f in app.check()} & {"terrain-not-modelled", "terrain-keyword-ignored"}  # played
    app.select("zone:S2")
    number(app.form, "Obstruction").text.value = ""
    checkbox_now = checkbox(app.form, "flammable")
    checkbox_now.value = False
    assert "terrain" not in zone(app, "S2")
    app.undo_button.click()
    assert zone(app, "S2")["terrain"] == {"flammable": True}


def test_a_value_out_of_range_is_refused_at_the_field():
    """"Cette valeur est par défaut de 1": an obstruction of 1 would change nothing; the form
    refuses it and the file stays as it was."""
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    app.select("zone:S2")
    before = json.dumps(app.editor.data, sort_keys=True)
    box = number(app.form, "Obstruction")
    box.text.value = "1"
    assert json.dumps(app.editor.data, sort_keys=True) == before
    assert "expected 2 to 10" in box.error.value


def test_connection_form_offers_only_connection_keywords():
    """A connection may be impassable (a wall) but not crossable or elevated (zones only)."""
    app = DesignerApp(Editor.open("scenarios/night-shift.json"), debounce=0)
    app.select("conn:door-pharmacy")
    labels = {getattr(c, "description", None) for c in walk(app.form)}
    assert "impassable" in labels and "crossable" not in labels and "elevation" not in labels
    checkbox(app.form, "impassable").value = True
    door = next(c for c in app.editor.data["connections"] if c["id"] == "door-pharmacy")
    assert door["terrain"] == {"impassable": True}
