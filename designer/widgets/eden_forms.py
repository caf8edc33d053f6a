"""The designer's forms for Eden's and Arctic Scavengers' rules (docs/terrain.md, docs/campaign.md):
victory points, the infestation and its placements, and the resource effects of triggers.

Each function returns the rows of one section of the mission form of a
:class:`~designer.widgets.app.DesignerApp`; every change is one call on the
:class:`~designer.edit.Editor` (one undo step), and a value the model refuses is named at the
field with what it expects. Nothing here is a rule: the model (``designer.model.points``,
``infestation``, ``resources``) is the one source of what a field may hold.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w

from ..edit import EditError
from ..model.common import ZOMBIE_TYPES as _MODEL_ZOMBIES

if TYPE_CHECKING:
    from .app import DesignerApp

__all__ = ["FIRE_EFFECT", "default_fire_effect", "fire_effect_fields", "RESOURCE_EFFECTS", "infestation_rows", "points_rows", "resource_effect_fields"]

RESOURCE_EFFECTS = {"gain_resource": "gain a resource", "spend_resource": "spend a resource"}
"""Trigger effects on the party's resources (``designer.model.resources``), as the effect menu
names them."""

FIRE_EFFECT = {"set_fire": "set scenery alight"}
"""The trigger effect that lights flammable scenery (``designer.model.terrain.SetFire``), as the
effect menu names it."""

_ZOMBIES = list(_MODEL_ZOMBIES)


def _row(children: list[w.Widget]) -> w.HBox:
    box = w.HBox(children, layout=w.Layout(width="100%"))
    box.add_class("sd-row")
    return box


def _hint(text: str) -> w.HTML:
    return w.HTML(f"<span style='font-size:11px;color:#616161'>{text}</span>")


def _now(app: "DesignerApp", key: str) -> dict | None:
    value = app.editor.data.get(key)
    return json.loads(json.dumps(value)) if value is not None else None


def _put(app: "DesignerApp", key: str, fn: Callable[[dict], None]) -> None:
    now = _now(app, key)
    if now is None:
        raise EditError(f"the mission has no '{key}' section")
    fn(now)
    app.editor.set_section(key, now)


def _button(label: str, tip: str, width: str = "32px") -> w.Button:
    return w.Button(description=label, tooltip=tip, layout=w.Layout(width=width))


# -- victory points --------------------------------------------------------------------------------


def default_points(data: dict) -> dict:
    """A points mission's first draft: Eden's 5 turns, 1 point for each objective taken."""
    objectives = [{"objective": o["id"], "taken": 1} for o in data.get("objectives", [])][:4]
    return {"turns": 5, "target": max(1, len(objectives)), "objectives": objectives,
            **({} if objectives else {"kills": {"walker": 1}})}


def points_rows(app: "DesignerApp") -> list[w.Widget]:
    """The victory points section (``points``): on or off; turns and target; per objective the
    points taken once and held each turn; points per kill by zombie type."""
    ed = app.editor
    error = w.HTML(layout=w.Layout(display="none", width="100%"))
    vp = _now(app, "points")
    on = w.Checkbox(value=vp is not None, description="victory points mission", indent=False,
                    layout=w.Layout(width="auto"))
    rows: list[w.Widget] = [w.HTML("<b>Victory points</b> (Eden: a fixed number of turns, the score decides)"),
                            _row([app._mfield(on, lambda v: ed.set_section("points", default_points(ed.data) if v
                                                                          else None), rebuild=True, error=error)])]
    if vp is None:
        return rows + [error]
    rows.append(_row([
        app._int_field("turns", vp.get("turns", 5), 1, 100,
                       lambda v: _put(app, "points", lambda p: p.__setitem__("turns", v)), width="170px"),
        app._int_field("target", vp.get("target", 1), 0, 100_000,
                       lambda v: _put(app, "points", lambda p: p.__setitem__("target", v)), width="170px")]))
    objectives = [(f"{o['id']} ({o['kind']}, {o['zone']})", o["id"]) for o in ed.data.get("objectives", [])]
    known = {v for _l, v in objectives}
    for i, entry in enumerate(vp.get("objectives", [])):
        opts = objectives if entry["objective"] in known else [(f"{entry['objective']} (missing)",
                                                                entry["objective"]), *objectives]
        which = w.Dropdown(options=opts, value=entry["objective"], layout=w.Layout(width="220px"))
        rm = _button("x", f"stop scoring {entry['objective']}")
        rm.on_click(lambda _b, i=i: app._do_at(error, _put, app, "points",
                                               lambda p: p["objectives"].pop(i)))
        rows.append(_row([
            app._mfield(which, lambda v, i=i: _put(app, "points", lambda p: p["objectives"][i].__setitem__(
                "objective", v)), error=error),
            app._int_field("taken", entry.get("taken", 0), 0, 1000, lambda v, i=i: _put(
                app, "points", lambda p: p["objectives"][i].__setitem__("taken", v)), width="150px"),
            app._int_field("held", entry.get("held", 0), 0, 1000, lambda v, i=i: _put(
                app, "points", lambda p: p["objectives"][i].__setitem__("held", v)), width="150px"),
            rm]))
    add = _button("Add objective", "score one more objective", width="120px")

    def add_entry(_b: Any) -> None:
        listed = {e["objective"] for e in vp.get("objectives", [])}
        free = [v for _l, v in objectives if v not in listed]
        if not free:
            app._show_error(error, "every objective already scores: add an objective to the map first")
            return
        app._do_at(error, _put, app, "points", lambda p: p.setdefault("objectives", []).append(
            {"objective": free[0], "taken": 1}))
    add.on_click(add_entry)
    rows.append(add)
    kills = vp.get("kills", {})

    def set_kill(kind: str, v: int | None) -> None:
        def fn(p: dict) -> None:
            k = dict(p.get("kills", {}))
            if v:
                k[kind] = v
            else:
                k.pop(kind, None)
            p["kills"] = k
        _put(app, "points", fn)
    rows.append(_hint("points per zombie killed, by type (empty: none)"))
    rows.append(_row([app._int_field(z.replace("_", " "), kills.get(z), 0, 1000, lambda v, z=z: set_kill(z, v),
                                     empty="none", width="170px") for z in _ZOMBIES]))
    return rows + [error]


# -- infestation -----------------------------------------------------------------------------------


def default_infestation(data: dict) -> dict:
    """An infestation's first draft: 4 points, a level-1 monster and a level-3 brute, nothing placed."""
    return {"points": 4, "min_distance": 2, "monsters": [
        {"id": "ghoul", "name": "Ghoul", "level": 1},
        {"id": "brute", "name": "Brute", "level": 3, "zombie": "fatty"}]}


def infestation_rows(app: "DesignerApp") -> list[w.Widget]:
    """The infestation section (``infestation``): its points, the fewest zones between two
    monsters, the activation rule and charge range, the monsters on offer (level, cost, zombie
    type, miniatures) and where they are placed, with the points spent."""
    ed = app.editor
    error = w.HTML(layout=w.Layout(display="none", width="100%"))
    inf = _now(app, "infestation")
    on = w.Checkbox(value=inf is not None, description="non-player monsters bought with points", indent=False,
                    layout=w.Layout(width="auto"))
    rows: list[w.Widget] = [w.HTML("<b>Infestation</b> (Eden: monsters bought with infestation points)"),
                            _row([app._mfield(on, lambda v: ed.set_section(
                                "infestation", default_infestation(ed.data) if v else None), rebuild=True,
                                error=error)])]
    if inf is None:
        return rows + [error]

    def put(fn: Callable[[dict], None]) -> None:
        _put(app, "infestation", fn)
    ai = w.Dropdown(options=[("Eden's activation", "eden"), ("the rule profile's zombies", "profile")],
                    value=inf.get("ai", "eden"), description="monsters act", layout=w.Layout(width="300px"),
                    style={"description_width": "90px"})
    rows.append(_row([
        app._int_field("points", inf.get("points", 0), 0, 1000, lambda v: put(lambda d: d.__setitem__("points", v)),
                       width="170px"),
        app._int_field("apart (zones)", inf.get("min_distance", 2), 1, 50,
                       lambda v: put(lambda d: d.__setitem__("min_distance", v)), width="190px"),
        app._int_field("charge range", inf.get("charge_range", 1), 1, 5,
                       lambda v: put(lambda d: d.__setitem__("charge_range", v)), width="190px"),
        app._mfield(ai, lambda v: put(lambda d: d.__setitem__("ai", v)), error=error)]))
    monsters = inf.get("monsters", [])
    prices = {m["id"]: m["level"] if m.get("cost") is None else m["cost"] for m in monsters}
    spent = sum(prices.get(p["monster"], 0) for p in inf.get("placed", []))
    rows.append(_hint(f"monsters on offer; placed: {spent} of {inf.get('points', 0)} points spent"))
    for i, m in enumerate(monsters):
        ident = w.Text(value=m["id"], description="id", continuous_update=False, layout=w.Layout(width="170px"),
                       style={"description_width": "24px"})

        def rename(v: str, i: int = i) -> None:
            new = v.strip()
            old = ed.data["infestation"]["monsters"][i]["id"]
            if not new:
                raise EditError("monster id: expected a name such as 'ghoul'")

            def fn(d: dict) -> None:
                d["monsters"][i]["id"] = new
                for p in d.get("placed", []):  # the placements follow the monster's new id
                    if p["monster"] == old:
                        p["monster"] = new
            put(fn)
        zombie = w.Dropdown(options=_ZOMBIES, value=m.get("zombie", "walker"), layout=w.Layout(width="110px"))
        rm = _button("x", f"remove monster type {m['id']} and its placements")

        def remove(_b: Any, i: int = i) -> None:
            def fn(d: dict) -> None:
                if len(d["monsters"]) == 1:
                    raise EditError("an infestation offers at least one monster: switch the infestation off instead")
                gone = d["monsters"].pop(i)["id"]
                d["placed"] = [p for p in d.get("placed", []) if p["monster"] != gone]
            app._do_at(error, put, fn)
        rm.on_click(remove)
        rows.append(_row([
            app._mfield(ident, rename, error=error),
            app._int_field("level", m.get("level", 1), 1, 10, lambda v, i=i: put(
                lambda d: d["monsters"][i].__setitem__("level", v)), width="150px"),
            app._int_field("cost", m.get("cost"), 0, 100, lambda v, i=i: put(
                lambda d: _set_or_drop(d["monsters"][i], "cost", v)), empty="its level", width="170px"),
            app._mfield(zombie, lambda v, i=i: put(lambda d: d["monsters"][i].__setitem__("zombie", v)), error=error),
            app._int_field("miniatures", m.get("count", 1), 1, 20, lambda v, i=i: put(
                lambda d: _set_or_drop(d["monsters"][i], "count", None if v == 1 else v)), width="170px"),
            rm]))
    add = _button("Add monster", "offer one more monster type", width="120px")

    def add_monster(_b: Any) -> None:
        taken = {m["id"] for m in monsters}
        n = next(k for k in range(1, 10_000) if f"monster-{k}" not in taken)
        app._do_at(error, put, lambda d: d["monsters"].append({"id": f"monster-{n}", "level": 1}))
    add.on_click(add_monster)
    rows.append(add)
    zones = app._ids_of("zone")
    zone_ids = {v for _l, v in zones}
    rows.append(_hint("placed at set-up"))
    for i, p in enumerate(inf.get("placed", [])):
        mopts = [m["id"] for m in monsters] + ([] if p["monster"] in prices else [p["monster"]])
        zopts = zones if p["zone"] in zone_ids else [(f"{p['zone']} (missing)", p["zone"]), *zones]
        rm = _button("x", "remove this placement")
        rm.on_click(lambda _b, i=i: app._do_at(error, put, lambda d: d["placed"].pop(i)))
        rows.append(_row([
            app._mfield(w.Dropdown(options=mopts, value=p["monster"], layout=w.Layout(width="150px")),
                        lambda v, i=i: put(lambda d: d["placed"][i].__setitem__("monster", v)), error=error),
            w.HTML("in"),
            app._mfield(w.Dropdown(options=zopts, value=p["zone"], layout=w.Layout(width="200px")),
                        lambda v, i=i: put(lambda d: d["placed"][i].__setitem__("zone", v)), error=error),
            rm]))
    place = _button("Place monster", "place a monster (the findings say when it stands too close)", width="120px")

    def add_placement(_b: Any) -> None:
        if not monsters or not zones:
            app._show_error(error, "a placement needs a monster type and a zone")
            return
        start = set(ed.data["setup"].get("start_zones", []))
        zone = next((v for _l, v in zones if v not in start), zones[0][1])
        app._do_at(error, put, lambda d: d.setdefault("placed", []).append({"monster": monsters[0]["id"],
                                                                            "zone": zone}))
    place.on_click(add_placement)
    rows.append(place)
    return rows + [error]


def _set_or_drop(d: dict, key: str, value: Any) -> None:
    if value is None:
        d.pop(key, None)
    else:
        d[key] = value


# -- resources -------------------------------------------------------------------------------------


def default_resource_effect(kind: str, data: dict) -> dict:
    """A new resource effect: the resource a trigger of the mission already names, else 'food'."""
    named = [e["resource"] for t in data.get("triggers", []) for e in t["then"] if "resource" in e]
    return {"kind": kind, "resource": named[0] if named else "food", "amount": 1}


def resource_effect_fields(app: "DesignerApp", e: dict, put: Callable[[Callable[[dict], None]], None],
                           error: w.HTML) -> list[w.Widget]:
    """The fields of a ``gain_resource`` / ``spend_resource`` effect: the resource's name and the
    amount; ``put(fn)`` applies ``fn`` to the effect's dict (one undo step)."""
    name = w.Text(value=e.get("resource", ""), placeholder="food, fuel, medicine, tribe", continuous_update=False,
                  layout=w.Layout(width="170px"), tooltip="the party's counter, carried from game to game")

    def set_name(v: str) -> None:
        raw = v.strip()
        if not raw or any(ch.isspace() for ch in raw):
            raise EditError(f"resource: expected a name without spaces such as 'food', not '{v}'")
        put(lambda x: x.__setitem__("resource", raw))
    return [app._mfield(name, set_name, error=error),
            app._int_field("amount", e.get("amount", 1), 1, 1000, lambda v: put(lambda x: x.__setitem__("amount", v)),
                           width="150px")]


# ---- eden: flammable scenery ----


def _flammable(data: dict) -> list[tuple[str, str]]:
    """(label, 'zone:ID' or 'connection:ID') for each zone and connection marked flammable."""
    out = []
    for what, key in (("zone", "zones"), ("connection", "connections")):
        for x in data.get(key, []):
            if (x.get("terrain") or {}).get("flammable"):
                out.append((f"{what} {x.get('name') or x['id']} ({x['id']})", f"{what}:{x['id']}"))
    return out


def default_fire_effect(data: dict) -> dict:
    """A new ``set_fire`` effect on the first flammable zone (else connection) of the map."""
    pieces = _flammable(data)
    if not pieces:
        raise EditError("there is no flammable scenery yet: mark a zone or a connection flammable first")
    what, ident = pieces[0][1].split(":", 1)
    return {"kind": "set_fire", what: ident, "markers": 1}


def fire_effect_fields(app: "DesignerApp", e: dict, put: Callable[[Callable[[dict], None]], None],
                       error: w.HTML) -> list[w.Widget]:
    """The fields of a ``set_fire`` effect: the flammable piece (a zone or a connection) and the
    burn markers put on it; ``put(fn)`` applies ``fn`` to the effect's dict (one undo step)."""
    what = "zone" if e.get("zone") is not None else "connection"
    value = f"{what}:{e.get(what)}"
    opts = _flammable(app.editor.data)
    if value not in {v for _l, v in opts}:
        opts = [(f"{e.get(what)} (not flammable)", value), *opts]

    def set_piece(v: str) -> None:
        kind, ident = v.split(":", 1)

        def apply(x: dict) -> None:
            x.pop("zone", None)
            x.pop("connection", None)
            x[kind] = ident
        put(apply)
    return [app._mfield(w.Dropdown(options=opts, value=value, layout=w.Layout(width="220px"),
                                   tooltip="flammable scenery (terrain: flammable)"), set_piece, error=error),
            app._int_field("markers", e.get("markers", 1), 1, 10, lambda v: put(lambda x: x.__setitem__("markers", v)),
                           width="150px")]


# ---- end eden: flammable scenery ----
