"""The designer's forms for victory points, the infestation and resource effects
(designer/widgets/eden_forms.py, docs/terrain.md): each edit one undo step, the findings panel
seeing the result."""

from __future__ import annotations

import json

import ipywidgets as w
from designer.edit import Editor
from designer.io.files import parse
from designer.widgets import DesignerApp

from .conftest import ROOT
from .widget_tree import checkbox, drafts, walk  # noqa: F401 (drafts: the module's autouse fixture)


def section(app, title):
    """The rows of the mission form from the header naming ``title`` to the next header."""
    rows, inside = [], False
    for row in app.setup_box.children:
        value = getattr(row, "value", None)
        if isinstance(value, str) and value.startswith("<b>"):
            inside = title in value
            continue
        if inside:
            rows.append(row)
    return w.VBox(rows)


def numbers(app, label, title=None):
    box = app.setup_box if title is None else section(app, title)
    return [c for c in walk(box) if getattr(c, "text", None) is not None and c.text.description == label]


def button(app, label):
    return next(c for c in walk(app.setup_box) if isinstance(getattr(c, "description", None), str)
                and c.description == label and hasattr(c, "on_click"))


def app_for(name: str) -> DesignerApp:
    return DesignerApp(Editor.open(str(ROOT / "scenarios" / name)), debounce=0)


def test_points_mission_switched_on_edited_and_undone():
    """Seed 004: "Une partie d'Eden se compose de 5 tours de jeu. A la fin de ces 5 tours, la partie
    s'arrête et les joueurs font le décompte de leurs points de victoire (PV) comme indiqué sur leur
    carte Mission." The form makes Night Shift a points mission of 5 turns, then sets its target."""
    app = app_for("night-shift.json")
    assert "points" not in app.editor.data
    checkbox(app, "victory points mission").value = True
    vp = app.editor.data["points"]
    assert vp["turns"] == 5 and vp["objectives"]
    numbers(app, "target", "Victory points")[0].text.value = "7"
    numbers(app, "held", "Victory points")[0].text.value = "2"
    vp = app.editor.data["points"]
    assert vp["target"] == 7 and vp["objectives"][0]["held"] == 2
    s = parse(app.editor.data)
    assert s.points.target == 7
    app.undo_button.click()
    assert app.editor.data["points"]["objectives"][0].get("held", 0) == 0


def test_points_kills_by_type_and_a_bad_value_refused_at_the_field():
    app = app_for("eden-skirmish.json")
    before = json.dumps(app.editor.data, sort_keys=True)
    turns = numbers(app, "turns", "Victory points")[0]
    turns.text.value = "0"
    assert json.dumps(app.editor.data, sort_keys=True) == before
    assert "expected 1 to 100" in turns.error.value
    numbers(app, "runner", "Victory points")[0].text.value = "3"
    assert app.editor.data["points"]["kills"]["runner"] == 3


def test_infestation_form_places_a_monster_and_the_findings_see_it():
    """Seed 004: "Un CNJ ne peut pas être placé sur le terrain à moins de 15 cm d'un autre CNJ":
    a monster placed from the form next to another one is reported as too close, with both ids."""
    app = app_for("eden-skirmish.json")
    placed = len(app.editor.data["infestation"]["placed"])
    button(app, "Place monster").click()
    inf = app.editor.data["infestation"]
    assert len(inf["placed"]) == placed + 1
    assert inf["placed"][-1]["zone"] not in app.editor.data["setup"]["start_zones"]
    # put the new monster right next to the brute in E1 (C2 joins E1)
    app.editor.set_section("infestation", {**inf, "placed": inf["placed"][:-1] + [{"monster": "ghoul", "zone": "C2"}]})
    found = [f for f in app.check() if f.code == "infestation-too-close"]
    assert found and {"C2", "E1"} <= set(found[0].ids)


def test_infestation_switched_on_offers_monsters_and_renames_follow_into_placements():
    app = app_for("night-shift.json")
    checkbox(app, "non-player monsters bought with points").value = True
    inf = app.editor.data["infestation"]
    assert [m["id"] for m in inf["monsters"]] == ["ghoul", "brute"]
    button(app, "Place monster").click()
    assert app.editor.data["infestation"]["placed"][0]["monster"] == "ghoul"
    ident = next(c for c in walk(app.setup_box) if getattr(c, "description", None) == "id"
                 and getattr(c, "value", None) == "ghoul")
    ident.value = "mutant-dog"
    inf = app.editor.data["infestation"]
    assert inf["monsters"][0]["id"] == "mutant-dog" and inf["placed"][0]["monster"] == "mutant-dog"
    numbers(app, "level", "Infestation")[1].text.value = "4"
    assert app.editor.data["infestation"]["monsters"][1]["level"] == 4
    assert parse(app.editor.data).infestation.spent() == 1
    checkbox(app, "non-player monsters bought with points").value = False
    assert "infestation" not in app.editor.data


def test_resource_effects_in_the_trigger_form():
    """Seed 002: "Chasser génère de la Nourriture ... afin de Recruter un Mercenaire": a trigger's
    effect gains food from the form, then spends it; the amount is refused out of range."""
    app = app_for("scavenger-run.json")
    triggers = app.editor.data["triggers"]
    i = next(k for k, t in enumerate(triggers) if any(e["kind"] == "gain_resource" for e in t["then"]))
    amount = numbers(app, "amount", "Triggers")[0]
    amount.text.value = "4"
    gains = [e for e in app.editor.data["triggers"][i]["then"] if e["kind"] == "gain_resource"]
    assert gains[0]["amount"] == 4
    before = json.dumps(app.editor.data, sort_keys=True)
    numbers(app, "amount", "Triggers")[0].text.value = "0"
    assert json.dumps(app.editor.data, sort_keys=True) == before
    app._set_effect(0, 0, "spend_resource")
    e = app.editor.data["triggers"][0]["then"][0]
    assert e["kind"] == "spend_resource" and e["resource"] and e["amount"] == 1
    parse(app.editor.data)
