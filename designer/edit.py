"""The editing API: every change the notebook designer makes, as a plain Python call.

An :class:`Editor` holds the scenario being designed as JSON data, applies edits, keeps undo and
redo history, and renames or deletes ids everywhere they are referenced. The widgets call these
methods and nothing else, so a notebook or a test can script exactly what the user does.

>>> from designer.edit import Editor
>>> ed = Editor.new("my-mission", title="My mission")
>>> hall = ed.add_zone(name="Hall", kind="room", x=100, y=0)
>>> ed.add_connection("Z1", hall, kind="door")
'c3'
>>> ed.undo(); ed.can_redo
True
"""

from __future__ import annotations

import copy
import json
import os
import re
import secrets
import threading
from pathlib import Path
from typing import Any, Callable

from .io.files import LoadError, SaveError, dumps, parse, parse_json, read_text, scenario_file_name, write_text_atomic
from .model.references import iter_references
from .model.scenario import Scenario

__all__ = ["COLOURS", "Draft", "EditError", "Editor", "library_tiles", "safe_file_name", "slug"]

DRAFTS = Path(os.environ.get("DESIGNER_DRAFTS", Path.home() / ".local" / "share" / "scenario-designer" / "drafts"))
"""Where drafts are autosaved (``DESIGNER_DRAFTS`` overrides it)."""


COLOURS = ["red", "blue", "green", "yellow", "purple", "orange", "white", "black"]
"""The colours of keys, locks, switches, tokens and spawns, in the order new keys take them."""
DRAFT_DELAY = 1.0
"""Seconds between an edit and the draft it writes (edits in between share one write)."""


class EditError(ValueError):
    """An edit that cannot be made (unknown id, id already taken...)."""


def _copy(data: dict) -> dict:
    """A deep copy of JSON data (several times faster than ``copy.deepcopy``)."""
    return json.loads(json.dumps(data))


def safe_file_name(scenario_id: str) -> str:
    """A file name from a scenario id, never a path; two ids never share one
    (see :func:`designer.io.files.scenario_file_name`)."""
    return scenario_file_name(scenario_id)


def slug(text: str) -> str:
    """A scenario id from a title: 'Warehouse Raid!' -> 'warehouse-raid'."""
    out = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:64].strip("-")
    return out or "new-mission"


class Draft(dict):
    """A draft on disk: ``path``, ``id``, ``title``, ``zones`` (count), ``saved`` (a Unix time)."""


# where each kind of id is referenced: (list path, field) pairs walked by rename / delete
def _zone_refs(d: dict) -> list[tuple[Any, Any]]:
    """(container, key) pairs holding a zone id."""
    out: list[tuple[Any, Any]] = []
    for c in d.get("connections", []):
        out += [(c, "from"), (c, "to")]
    for line in d.get("sight_lines", []):
        out += [(line["zones"], i) for i in range(len(line["zones"]))]
    for sp in d.get("spawns", []):
        out.append((sp, "zone"))
    for o in d.get("objectives", []):
        out.append((o, "zone"))
    for t in d.get("triggers", []):
        if t["when"].get("kind") == "zone_entered":
            out.append((t["when"], "zone"))
        for e in t["then"]:
            if e.get("kind") == "spawn_zombies" and "zone" in e:
                out.append((e, "zone"))
    out += [(d.setdefault("exits", []), i) for i in range(len(d.get("exits", [])))]
    for step in d["victory"]["steps"]:
        if step.get("kind") in _ZONE_STEPS:
            out += [(step["zones"], i) for i in range(len(step["zones"]))]
    setup = d["setup"]
    for g in setup.get("start_groups", []):
        out.append((g, "zone"))
    out += [(setup["start_zones"], i) for i in range(len(setup["start_zones"]))]
    for pz in setup.get("zombies", []):
        out.append((pz, "zone"))
    return out


def _door_refs(d: dict) -> list[tuple[Any, Any]]:
    out: list[tuple[Any, Any]] = []
    for t in d.get("triggers", []):
        if t["when"].get("kind") == "door_opened":
            out.append((t["when"], "door"))
        for e in t["then"]:
            if "door" in e:
                out.append((e, "door"))
    for step in d["victory"]["steps"]:
        if step.get("kind") in _DOOR_STEPS:
            out += [(step["doors"], i) for i in range(len(step["doors"]))]
    return out


def _spawn_refs(d: dict) -> list[tuple[Any, Any]]:
    return [(e, "spawn") for t in d.get("triggers", []) for e in t["then"] if "spawn" in e]


def _objective_refs(d: dict) -> list[tuple[Any, Any]]:
    out: list[tuple[Any, Any]] = []
    for t in d.get("triggers", []):
        if t["when"].get("kind") == "objective_taken":
            out.append((t["when"], "objective"))
        if t["when"].get("kind") == "switch_pressed":
            out.append((t["when"], "switch"))
        for e in t["then"]:
            if e.get("kind") == "spawn_zombies" and "at_objective" in e:
                out.append((e, "at_objective"))
    for step in d["victory"]["steps"]:
        if step.get("kind") == "take_objectives":
            out += [(step["objectives"], i) for i in range(len(step["objectives"]))]
    lost = d.get("defeat", {}).get("objectives_lost", [])
    out += [(lost, i) for i in range(len(lost))]
    return out


_ZONE_STEPS = ("reach_zone", "clear_zones", "no_zombie_path", "carry_items", "hold_zone")
"""Victory step kinds that name zones (``zones``)."""
_DOOR_STEPS = ("open_doors", "doors_closed")
"""Victory step kinds that name doors (``doors``)."""

_REFS: dict[str, Callable[[dict], list]] = {"zone": _zone_refs, "connection": _door_refs, "spawn": _spawn_refs,
                                             "objective": _objective_refs}
_LISTS = {"zone": "zones", "connection": "connections", "spawn": "spawns", "objective": "objectives",
          "trigger": "triggers"}
_WALKER_KINDS = {"zone": ("zone",), "connection": ("connection", "door"), "spawn": ("spawn",),
                 "objective": ("objective", "switch")}
"""Reference kinds of the model's walker (:data:`designer.model.references.REFERENCE_FIELDS`)
that name each kind of thing: a rename rewrites, and a delete follows, every reference it
finds beyond the lists above (victory points, infestation placements)."""
_OWNED = ("points.objectives[", "infestation.placed[")
"""Elements that go with the id they name when it is deleted (an objective's points entry, a
monster placed in a zone)."""
_PREFIX = {"zone": "Z", "connection": "c", "spawn": "spawn-", "objective": "obj-", "trigger": "t"}


class Editor:
    """A scenario being designed, with undo / redo and safe renames and deletions."""

    def __init__(self, data: dict | Scenario, path: str | os.PathLike[str] | None = None, autosave: bool = False):
        if isinstance(data, Scenario):
            data = json.loads(dumps(data))
        self.data: dict = copy.deepcopy(data)
        self.data.setdefault("connections", [])
        self.path = Path(path) if path else None
        # undo and redo keep the data as JSON text: compact, and nothing for the garbage collector
        # to walk (500 copies of a 200-zone map as dicts made each full collection 100 ms long)
        self.history: list[str] = []
        self.future: list[str] = []
        self.version = 0
        """Increases with every change (the widgets redraw when it moves)."""
        self.saved_version = 0
        """The version last saved or opened (see :attr:`dirty`)."""
        self.session = secrets.token_hex(4)
        """Names this editor's draft: two designers (a notebook and a Voilà app) never share one."""
        self.autosave = autosave
        self._draft_timer: threading.Timer | None = None
        self._draft_text = ""
        self._draft_lock = threading.Lock()
        self._scenario: tuple[int, Scenario | None, list] | None = None
        self.listeners: list[Callable[["Editor"], None]] = []
        self.shared_tiles: list = []
        """Tiles of other missions offered for placing (see :func:`library_tiles`)."""
        self.notes: list[str] = []
        """What the last edit changed beyond what was asked (a victory step that lost its
        objectives, a trigger left without effects), for the designer to tell the user."""

    # -- creating and opening ------------------------------------------------------------

    @classmethod
    def new(cls, scenario_id: str = "new-mission", title: str = "", profile: str = "zombicide") -> "Editor":
        """A new mission to build on (two connected street zones, a start, an exit and a spawn)."""
        from pydantic import ValidationError

        from .io.files import problems_from_validation
        from .model.templates import starter_scenario

        try:
            return cls(starter_scenario(scenario_id, title=title or scenario_id, profile=profile))
        except ValidationError as e:
            problems = problems_from_validation(e, {"id": scenario_id, "meta": {"title": title}})
            raise EditError("; ".join(str(p) for p in problems)) from None

    @classmethod
    def open(cls, path: str | os.PathLike[str], autosave: bool = False) -> "Editor":
        """Open a scenario file (raises :class:`LoadError` with one line per problem)."""
        from .io.files import load

        return cls(load(path), path=path, autosave=autosave)

    # -- the model -------------------------------------------------------------------------

    def _validate(self) -> tuple[Scenario | None, list]:
        if self._scenario is None or self._scenario[0] != self.version:
            try:
                s, problems = parse(_copy(self.data), "<editor>"), []
            except LoadError as e:
                s, problems = None, e.problems
            self._scenario = (self.version, s, problems)
        return self._scenario[1], self._scenario[2]

    @property
    def scenario(self) -> Scenario | None:
        """The scenario as the model reads it (None while the data is not valid)."""
        return self._validate()[0]

    @property
    def problems(self) -> list:
        """Why the data is not a valid scenario (empty when it is)."""
        return self._validate()[1]

    def findings(self) -> list:
        """Validation findings (model problems first, as errors)."""
        from .checks import Finding, check

        s, problems = self._validate()
        if s is None:
            return [Finding(p.code, "error", str(p), tuple(p.ids), p.path) for p in problems]
        return check(s).findings

    # -- history -------------------------------------------------------------------------

    @property
    def dirty(self) -> bool:
        """Whether there are edits since the file was opened or last saved."""
        return self.version != self.saved_version

    def _change(self, fn: Callable[[dict], Any]) -> Any:
        before = json.dumps(self.data)
        self.notes = []
        try:
            result = fn(self.data)
        except Exception:
            self.data = json.loads(before)
            raise
        self.history.append(before)
        if len(self.history) > 500:
            self.history.pop(0)
        self.future.clear()
        self._changed()
        return result

    def _changed(self) -> None:
        self.version += 1
        if self.autosave:
            self._schedule_draft()
        for listener in list(self.listeners):
            listener(self)

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> None:
        """Take the last edit back."""
        if not self.history:
            raise EditError("nothing to undo")
        self.notes = []
        self.future.append(json.dumps(self.data))
        self.data = json.loads(self.history.pop())
        self._changed()

    def redo(self) -> None:
        """Make the last undone edit again."""
        if not self.future:
            raise EditError("nothing to redo")
        self.notes = []
        self.history.append(json.dumps(self.data))
        self.data = json.loads(self.future.pop())
        self._changed()

    # -- ids ---------------------------------------------------------------------------------

    def ids(self, what: str) -> list[str]:
        return [x["id"] for x in self.data.get(_LISTS[what], [])]

    def _find(self, what: str, ident: str) -> dict:
        for x in self.data.get(_LISTS[what], []):
            if x["id"] == ident:
                return x
        raise EditError(f"no {what} has id '{ident}'")

    def _fresh(self, what: str) -> str:
        taken = set(self.ids(what))
        i = len(taken) + 1
        while f"{_PREFIX[what]}{i}" in taken:
            i += 1
        return f"{_PREFIX[what]}{i}"

    def _check_new_id(self, what: str, ident: str) -> None:
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}", ident or ""):
            raise EditError(f"'{ident}' is not a valid id: letters, digits, '_', '.', '-', at most 64")
        if ident in self.ids(what):
            raise EditError(f"a {what} already has id '{ident}'")

    def rename(self, what: str, old: str, new: str) -> None:
        """Rename a zone, connection, spawn, objective or trigger and every reference to it."""
        self._find(what, old)
        self._check_new_id(what, new)

        def do(d: dict) -> None:
            for x in d[_LISTS[what]]:
                if x["id"] == old:
                    x["id"] = new
            for holder, key in _REFS.get(what, lambda _d: [])(d):
                if holder[key] == old:
                    holder[key] = new
            for ref in list(iter_references(d)):  # what the lists above do not name
                if ref.kind in _WALKER_KINDS.get(what, ()) and ref.id == old and ref.holder is not None:
                    ref.holder[ref.key] = new
            if what == "zone":  # a tile's zone renamed: its tile still knows it (street ends, joins)
                from .model.tiles import join_id, placed_zone_id

                zone = next(z for z in d["zones"] if z["id"] == new)
                tiles = {t["id"]: t for t in d.get("tiles", {}).get("library", [])}
                for p in d.get("tiles", {}).get("placed", []):
                    if p["id"] not in zone.get("tiles", []) or p["tile"] not in tiles:
                        continue
                    renamed = p.get("renamed", {})
                    local = next((k for k, v in renamed.items() if v == old), None)
                    if local is None:
                        local = next((z["id"] for z in tiles[p["tile"]]["zones"]
                                      if placed_zone_id(p["id"], z["id"]) == old), None)
                    if local is not None:
                        renamed[local] = new
                        if new == f"{p['id']}.{local}":
                            del renamed[local]
                        if renamed:
                            p["renamed"] = renamed
                        else:
                            p.pop("renamed", None)
                # a join keeps its name after a rename of one of its zones
                taken = {x["id"] for x in d["connections"]}
                for c in d["connections"]:
                    if new in (c["from"], c["to"]) and c["id"] in (join_id(old, c["to"]), join_id(c["from"], old)) \
                            and join_id(c["from"], c["to"]) not in taken:
                        c["id"] = join_id(c["from"], c["to"])
        self._change(do)

    def delete(self, what: str, ident: str) -> list[str]:
        """Delete a zone (with its connections, spawns and objectives), a connection, a spawn,
        an objective or a trigger, and every reference to it (effects that lose their target are
        dropped; triggers left without effects are dropped; a victory step that loses all its
        objectives, zones or doors is dropped). Returns what else went (also in :attr:`notes`)."""
        return self.delete_many([(what, ident)])

    def delete_many(self, items: list[tuple[str, str]]) -> list[str]:
        """Delete several things in one edit (one undo step), as :meth:`delete` does."""
        for what, ident in items:
            self._find(what, ident)

        def do(d: dict) -> None:
            for what, ident in items:
                if any(x["id"] == ident for x in d.get(_LISTS[what], [])):  # not gone with a zone already
                    self._delete(d, what, ident)
        self._change(do)
        return self.notes

    def _delete(self, d: dict, what: str, ident: str) -> None:
        if what == "zone":
            for c in [c for c in d["connections"] if ident in (c["from"], c["to"])]:
                self._delete(d, "connection", c["id"])
            for sp in [sp for sp in d.get("spawns", []) if sp["zone"] == ident]:
                self._delete(d, "spawn", sp["id"])
            for o in [o for o in d.get("objectives", []) if o["zone"] == ident]:
                self._delete(d, "objective", o["id"])
            for line in d.get("sight_lines", []):
                line["zones"] = [z for z in line["zones"] if z != ident]
            d["sight_lines"] = [line for line in d.get("sight_lines", []) if len(line["zones"]) >= 2]
            d["exits"] = [z for z in d.get("exits", []) if z != ident]
            d["setup"]["start_zones"] = [z for z in d["setup"]["start_zones"] if z != ident]
            d["setup"]["zombies"] = [pz for pz in d["setup"].get("zombies", []) if pz["zone"] != ident]
            for step in d["victory"]["steps"]:
                if step.get("kind") in _ZONE_STEPS:
                    step["zones"] = [z for z in step["zones"] if z != ident]
            d["setup"]["start_groups"] = [g for g in d["setup"].get("start_groups", []) if g["zone"] != ident]
            self._drop_dead_triggers(d, lambda e: e.get("kind") == "spawn_zombies" and e.get("zone") == ident,
                                     lambda ev: ev.get("kind") == "zone_entered" and ev.get("zone") == ident)
        elif what == "connection":
            self._drop_dead_triggers(d, lambda e: e.get("door") == ident,
                                     lambda ev: ev.get("kind") == "door_opened" and ev.get("door") == ident)
            for step in d["victory"]["steps"]:
                if step.get("kind") in _DOOR_STEPS:
                    step["doors"] = [x for x in step["doors"] if x != ident]
        elif what == "spawn":
            self._drop_dead_triggers(d, lambda e: e.get("spawn") == ident, lambda ev: False)
        elif what == "objective":
            self._drop_dead_triggers(d, lambda e: e.get("at_objective") == ident,
                                     lambda ev: ev.get("objective") == ident or ev.get("switch") == ident)
            for step in d["victory"]["steps"]:
                if step.get("kind") == "take_objectives" and ident in step["objectives"]:
                    step["objectives"] = [x for x in step["objectives"] if x != ident]
                    # an empty list means "every token and key": never let a deletion mean that
                    step["gone"] = not step["objectives"]
            if "defeat" in d:
                d["defeat"]["objectives_lost"] = [x for x in d["defeat"].get("objectives_lost", []) if x != ident]
        d[_LISTS[what]] = [x for x in d.get(_LISTS[what], []) if x["id"] != ident]
        self._drop_owned(d, what, ident)
        steps = []
        for i, st in enumerate(d["victory"]["steps"], 1):
            if st.pop("gone", False) or (st.get("kind") in _ZONE_STEPS and not st["zones"]) \
                    or (st.get("kind") in _DOOR_STEPS and not st["doors"]):
                self.notes.append(f"victory step {i} ({st['kind'].replace('_', ' ')}) removed: "
                                  f"what it named was deleted")
            else:
                steps.append(st)
        if not steps:
            steps = [{"kind": "kill", "count": 1}]
            self.notes.append("the mission had no victory step left: 'kill 1 zombie' stands in for now")
        d["victory"]["steps"] = steps

    def _drop_owned(self, d: dict, what: str, ident: str) -> None:
        """Drop the victory points entries of a deleted objective and the monsters placed in a
        deleted zone (found by the model's reference walker); a points mission left scoring
        nothing loses its ``points`` section, with a note."""
        gone: dict[str, list[int]] = {}
        for ref in iter_references(d):
            if ref.kind in _WALKER_KINDS.get(what, ()) and ref.id == ident and ref.owner.startswith(_OWNED):
                name, index = ref.owner[:-1].split("[")
                gone.setdefault(name, []).append(int(index))
        for name, indices in gone.items():
            section, field = name.split(".")
            items = d[section][field]
            d[section][field] = [x for i, x in enumerate(items) if i not in set(indices)]
            self.notes.append(f"{len(indices)} entr{'y' if len(indices) == 1 else 'ies'} of {name} removed: "
                              f"{what} '{ident}' was deleted")
        vp = d.get("points")
        if "points.objectives" in gone and vp is not None and not vp["objectives"] \
                and not any((vp.get("kills") or {}).values()):
            del d["points"]
            self.notes.append("the victory points scored nothing any more: the mission is no longer a points mission")

    @staticmethod
    def _drop_dead_triggers(d: dict, dead_effect: Callable[[dict], bool], dead_event: Callable[[dict], bool]) -> None:
        kept = []
        for t in d.get("triggers", []):
            if dead_event(t["when"]):
                continue
            t["then"] = [e for e in t["then"] if not dead_effect(e)]
            if t["then"]:
                kept.append(t)
        d["triggers"] = kept

    # -- zones -----------------------------------------------------------------------------

    def add_zone(self, zone_id: str | None = None, name: str = "", kind: str = "street", x: float = 0.0,
                 y: float = 0.0, **fields: Any) -> str:
        """Add a zone at a position; returns its id."""
        zid = zone_id or self._fresh("zone")
        self._check_new_id("zone", zid)
        zone = {"id": zid, "kind": kind, "position": {"x": float(x), "y": float(y)}, **fields}
        if name:
            zone["name"] = name
        self._change(lambda d: d["zones"].append(zone))
        return zid

    def update(self, what: str, ident: str, **fields: Any) -> None:
        """Change fields of a zone, connection, spawn, objective or trigger. A field set to None
        goes back to its default; nested fields (``flags``, ``capacity``, ``lock``) are given
        whole."""
        self._find(what, ident)
        if "id" in fields:
            raise EditError("use rename() to change an id")
        if what == "connection" and ("from" in fields or "to" in fields):
            for key in ("from", "to"):
                if key in fields and fields[key] not in self.ids("zone"):
                    raise EditError(f"no zone has id '{fields[key]}'")

        def do(d: dict) -> None:
            _set_fields(next(x for x in d[_LISTS[what]] if x["id"] == ident), fields)
        self._change(do)

    def update_many(self, what: str, idents: list[str], **fields: Any) -> None:
        """Change the same fields of several zones, connections... in one edit (one undo step)."""
        for ident in idents:
            self._find(what, ident)
        if "id" in fields:
            raise EditError("use rename() to change an id")
        keep = set(idents)

        def do(d: dict) -> None:
            for x in d[_LISTS[what]]:
                if x["id"] in keep:
                    _set_fields(x, fields)
        self._change(do)

    def move_zone(self, zone_id: str, x: float, y: float) -> None:
        """Move a zone on the canvas (a drag)."""
        self.update("zone", zone_id, position={"x": float(x), "y": float(y)})

    def move_zones(self, positions: dict[str, tuple[float, float]]) -> None:
        """Move several zones in one edit (a group or a building dragged, a nudge, a layout)."""
        for zid in positions:
            self._find("zone", zid)

        def do(d: dict) -> None:
            for z in d["zones"]:
                if z["id"] in positions:
                    x, y = positions[z["id"]]
                    z["position"] = {"x": float(x), "y": float(y)}
        self._change(do)

    def copy(self, zone_ids: list[str]) -> dict:
        """The zones ``zone_ids`` with the connections between them and the spawns and
        objectives standing in them, ready for :meth:`paste`."""
        keep = set(zone_ids)
        for zid in keep:
            self._find("zone", zid)
        d = self.data
        return _copy({
            "zones": [z for z in d["zones"] if z["id"] in keep],
            "connections": [c for c in d["connections"] if c["from"] in keep and c["to"] in keep],
            "spawns": [sp for sp in d.get("spawns", []) if sp["zone"] in keep],
            "objectives": [o for o in d.get("objectives", []) if o["zone"] in keep],
        })

    def paste(self, fragment: dict, dx: float = 40.0, dy: float = 40.0) -> dict[str, str]:
        """Add a copy of a :meth:`copy` fragment, moved by (dx, dy), in one edit. Every id is
        new; copied rooms of a building form a new building ('warehouse' -> 'warehouse-2').
        Returns the new zone ids by old id."""
        if not fragment.get("zones"):
            raise EditError("nothing to paste: copy zones first")

        def fresh(taken: set[str], base: str) -> str:
            stem = re.sub(r"-\d+$", "", base) or base
            i = 2
            while f"{stem}-{i}" in taken:
                i += 1
            taken.add(f"{stem}-{i}")
            return f"{stem}-{i}"

        def do(d: dict) -> dict[str, str]:
            frag = _copy(fragment)
            zone_ids = {z["id"] for z in d["zones"]}
            buildings = {z["building"] for z in d["zones"] if z.get("building")}
            new_building: dict[str, str] = {}
            zmap = {z["id"]: fresh(zone_ids, z["id"]) for z in frag["zones"]}
            placed = {p["id"] for p in d.get("tiles", {}).get("placed", [])}
            for z in frag["zones"]:
                z["id"] = zmap[z["id"]]
                if z.get("tiles"):  # a copy is not on the tile it was copied from
                    z["tiles"] = [t for t in z["tiles"] if t not in placed]
                    if not z["tiles"]:
                        del z["tiles"]
                p = z.get("position") or {"x": 0.0, "y": 0.0}
                z["position"] = {"x": float(p["x"]) + dx, "y": float(p["y"]) + dy}
                if z.get("building"):
                    if z["building"] not in new_building:
                        new_building[z["building"]] = fresh(buildings, z["building"])
                    z["building"] = new_building[z["building"]]
                d["zones"].append(z)
            for key in ("connections", "spawns", "objectives"):
                taken = {x["id"] for x in d.get(key, [])}
                for x in frag.get(key, []):
                    x["id"] = fresh(taken, x["id"])
                    for field in ("from", "to", "zone"):
                        if field in x:
                            x[field] = zmap[x[field]]
                    if key == "spawns":
                        x["order"] = max((sp["order"] for sp in d.get("spawns", [])), default=0) + 1
                    d.setdefault(key, []).append(x)
            return zmap
        return self._change(do)

    def auto_layout(self, spacing: float = 170.0) -> None:
        """Place every zone by a force layout of the map (one edit): levels side by side, each
        level laid out on its own, connected zones near each other. Zones on placed tiles stay
        where their tiles put them."""
        import networkx as nx

        d = self.data
        levels = sorted({z.get("level", 0) for z in d["zones"]})
        positions: dict[str, tuple[float, float]] = {}
        placed = d.get("tiles", {}).get("placed", [])
        size = float(d.get("tiles", {}).get("size", 600.0))
        # the other zones go to the right of the tiles
        left = max(((p["col"] + 1) * size + spacing for p in placed), default=0.0)
        for level in levels:
            # zones on a placed tile stay where their tile puts them
            on_tiles = {p["id"] for p in d.get("tiles", {}).get("placed", [])}
            ids = [z["id"] for z in d["zones"] if z.get("level", 0) == level
                   and not on_tiles.intersection(z.get("tiles", []))]
            if not ids:
                continue
            G = nx.Graph()
            G.add_nodes_from(ids)
            G.add_edges_from((c["from"], c["to"]) for c in d["connections"] if c["from"] in G and c["to"] in G)
            # rooms of one building pull together even where no opening joins them
            by_building: dict[str, list[str]] = {}
            for z in d["zones"]:
                if z["id"] in G and z.get("building"):
                    by_building.setdefault(z["building"], []).append(z["id"])
            for rooms in by_building.values():
                G.add_edges_from((a, b) for a, b in zip(rooms, rooms[1:]))
            pos = nx.spring_layout(G, seed=1, k=1.0 / max(len(ids), 1) ** 0.5, iterations=100)
            xs = [p[0] for p in pos.values()] or [0.0]
            ys = [p[1] for p in pos.values()] or [0.0]
            scale = spacing * max(len(ids), 1) ** 0.5 / max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
            for zid, (x, y) in pos.items():
                positions[zid] = (round(left + (x - min(xs)) * scale), round((y - min(ys)) * scale))
            left += (max(xs) - min(xs)) * scale + 2 * spacing
        if positions:
            self.move_zones(positions)

    def replace(self, data: dict | Scenario) -> None:
        """Put another version of the mission in place of this one, in one edit (one undo step):
        the scenario :func:`designer.analysis.tune.tune` found, say."""
        new = json.loads(dumps(data)) if isinstance(data, Scenario) else _copy(data)
        if not isinstance(new, dict) or "zones" not in new:
            raise EditError("expected a scenario to put in place of this one")
        new.setdefault("connections", [])

        def do(d: dict) -> None:
            d.clear()
            d.update(new)
        self._change(do)

    # -- tiles -------------------------------------------------------------------------------

    def tile_map(self) -> "TileMap":
        """The map's tiles (an empty :class:`designer.model.tiles.TileMap` when it has none)."""
        return _tile_map(self.data)

    def tile_library(self) -> list["Tile"]:
        """The tiles a designer can place: the map's own library (its saved tiles and the tiles
        it places), the tiles of other missions (:attr:`shared_tiles`, the designer fills it from
        its library folder), then the designer's set (:mod:`designer.model.tile_library`)."""
        from .model.tile_library import builtin_tiles

        out = list(self.tile_map().library)
        known = {t.id for t in out}
        for t in [*self.shared_tiles, *builtin_tiles()]:
            if t.id not in known:
                out.append(t)
                known.add(t.id)
        return out

    def _library_tile(self, tile_id: str) -> "Tile":
        for t in self.tile_library():
            if t.id == tile_id:
                return t
        raise EditError(f"no tile has id '{tile_id}'; expected one of {', '.join(t.id for t in self.tile_library())}")

    def place_tile(self, tile_id: str, col: int, row: int, rotation: int = 0, placement_id: str | None = None) -> str:
        """Put a tile on the grid cell (col, row), turned ``rotation`` quarter turns clockwise, in
        one edit: its zones, connections and sight lines join the map (ids prefixed by the
        placement: '1A.W'), and its street ends are joined to the neighbours' by openings.
        Returns the placement's id (the tile's code, or '1A-2' for a second copy)."""
        tile = self._library_tile(tile_id)
        m = self.tile_map()
        col, row, rotation = int(col), int(row), int(rotation) % 4
        other = next((p.id for p in m.placed if (p.col, p.row) == (col, row)), None)
        if other:
            raise EditError(f"column {col}, row {row} already holds tile '{other}'")
        pid = placement_id or tile_id
        taken = {p.id for p in m.placed}
        if placement_id is None:
            i = 2
            while pid in taken:
                pid, i = f"{tile_id}-{i}", i + 1
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}", pid) or pid in taken:
            raise EditError(f"'{pid}' cannot name a placed tile: " + ("it is placed already" if pid in taken else
                            "letters, digits, '_', '.', '-', at most 64"))
        sheets = {t.sheet: p.id for p in m.placed for t in m.library if t.id == p.tile and t.sheet}
        twin = sheets.get(tile.sheet) if tile.sheet else None

        def do(d: dict) -> str:
            from .model.tiles import PlacedTile, expand

            tm = d.setdefault("tiles", {})
            lib = tm.setdefault("library", [])
            if not any(t["id"] == tile.id for t in lib):
                lib.append(tile.model_dump(mode="json", by_alias=True, exclude_defaults=True))
            tm.setdefault("placed", []).append(PlacedTile(id=pid, tile=tile.id, col=col, row=row,
                                                          rotation=rotation).model_dump(exclude_defaults=True))
            zones, conns, lines = expand(_tile_map(d), only=pid)
            clash = {z["id"] for z in zones} & {z["id"] for z in d["zones"]}
            if clash:
                raise EditError(f"the map has zones {', '.join(sorted(clash))} already: name the placement otherwise")
            d["zones"] += zones
            d["connections"] += conns
            d.setdefault("sight_lines", []).extend(lines)
            self._rejoin(d)
            if twin:
                self.notes.append(f"tile '{tile.id}' is the other face of '{twin}' (sheet {tile.sheet}): "
                                  "a box holds one of each")
            return pid
        return self._change(do)

    def _placement(self, pid: str) -> dict:
        for p in self.data.get("tiles", {}).get("placed", []):
            if p["id"] == pid:
                return p
        raise EditError(f"no placed tile has id '{pid}'")

    def move_tile(self, pid: str, col: int, row: int) -> None:
        """Move a placed tile to another grid cell (one edit): its zones go with it, edits made
        to them stay, and its streets are joined anew to its new neighbours."""
        p = self._placement(pid)
        col, row = int(col), int(row)
        if (p["col"], p["row"]) == (col, row):
            return
        other = next((q["id"] for q in self.data["tiles"]["placed"] if (q["col"], q["row"]) == (col, row)), None)
        if other:
            raise EditError(f"column {col}, row {row} already holds tile '{other}'")
        size = self.tile_map().size

        def do(d: dict) -> None:
            q = next(q for q in d["tiles"]["placed"] if q["id"] == pid)
            dx, dy = (col - q["col"]) * size, (row - q["row"]) * size
            q["col"], q["row"] = col, row
            for z in d["zones"]:
                if pid in z.get("tiles", []) and z.get("position"):
                    z["position"] = {"x": z["position"]["x"] + dx, "y": z["position"]["y"] + dy}
            self._rejoin(d)
        self._change(do)

    def rotate_tile(self, pid: str, turns: int = 1) -> None:
        """Turn a placed tile by quarter turns clockwise (-1: anticlockwise) in its cell (one
        edit): its zones turn with it and its streets are joined anew."""
        from .model.tiles import rotate_point

        self._placement(pid)
        size = self.tile_map().size
        k = int(turns) % 4

        def do(d: dict) -> None:
            q = next(q for q in d["tiles"]["placed"] if q["id"] == pid)
            q["rotation"] = (q.get("rotation", 0) + k) % 4
            if not q["rotation"]:
                del q["rotation"]
            ox, oy = q["col"] * size, q["row"] * size
            for z in d["zones"]:
                if pid in z.get("tiles", []) and z.get("position"):
                    x, y = rotate_point(z["position"]["x"] - ox, z["position"]["y"] - oy, size, k)
                    z["position"] = {"x": round(ox + x, 2), "y": round(oy + y, 2)}
            self._rejoin(d)
        if k:
            self._change(do)

    def remove_tile(self, pid: str) -> list[str]:
        """Take a placed tile off the map with its zones (and what stands in them, as deleting
        the zones does) in one edit. Returns what else went (also in :attr:`notes`)."""
        self._placement(pid)

        def do(d: dict) -> None:
            for z in [z["id"] for z in d["zones"] if pid in z.get("tiles", [])]:
                if any(x["id"] == z for x in d["zones"]):
                    self._delete(d, "zone", z)
            tm = d["tiles"]
            tm["placed"] = [q for q in tm["placed"] if q["id"] != pid]
            used = {q["tile"] for q in tm["placed"]}
            builtin = {b["id"]: b for b in _builtin_tiles()}
            # a tile of the designer's set goes with its last copy; the map's own tiles stay
            tm["library"] = [t for t in tm.get("library", []) if t["id"] in used or t["id"] not in builtin]
            self._rejoin(d)
            if not tm["placed"] and not tm["library"]:
                del d["tiles"]
        self._change(do)
        return self.notes

    def save_tile(self, zone_ids: list[str], tile_id: str, name: str = "", size: float | None = None) -> str:
        """Make a tile of the map's own from zones (a building, a street corner...) and keep it in
        the map's library, ready to place (one edit). The zones are fitted into the tile's
        square; street and corridor zones that touch its sides become its street ends."""
        from .model.tiles import SIDES, Tile

        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}", tile_id or ""):
            raise EditError(f"'{tile_id}' is not a valid tile code: letters, digits, '_', '.', '-', at most 64")
        if tile_id in {t.id for t in self.tile_library()}:
            raise EditError(f"a tile has code '{tile_id}' already")
        frag = self.copy(zone_ids)
        size = float(size or self.tile_map().size)
        xs = [z["position"]["x"] for z in frag["zones"] if z.get("position")] or [0.0]
        ys = [z["position"]["y"] for z in frag["zones"] if z.get("position")] or [0.0]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
        scale = min(1.0, (size - 200) / span)
        ox = (size - (max(xs) - min(xs)) * scale) / 2
        oy = (size - (max(ys) - min(ys)) * scale) / 2
        local = {z["id"]: re.sub(r"^.*\.", "", z["id"]) or z["id"] for z in frag["zones"]}
        if len(set(local.values())) < len(local):
            local = {z: z for z in local}
        edges: dict[str, list[dict]] = {}
        zones = []
        for z in frag["zones"]:
            p = z.get("position") or {"x": min(xs), "y": min(ys)}
            x, y = ox + (p["x"] - min(xs)) * scale, oy + (p["y"] - min(ys)) * scale
            zone = {k: v for k, v in z.items() if k not in ("tiles", "position")}
            zone["id"] = local[z["id"]]
            zone["position"] = {"x": round(x, 2), "y": round(y, 2)}
            if zone.get("building"):
                zone["building"] = re.sub(r"^.*\.", "", zone["building"]) or zone["building"]
            zones.append(zone)
            if z.get("kind", "street") in ("street", "corridor"):
                near = {"N": y, "S": size - y, "W": x, "E": size - x}
                for side in SIDES:
                    if near[side] <= 100.5:
                        at = (x if side in "NS" else y) / size
                        edges.setdefault(side, []).append({"zone": zone["id"], "at": round(at * 6) / 6})
        conns = []
        for c in frag["connections"]:
            c = dict(c, **{"from": local[c["from"]], "to": local[c["to"]]})
            c["id"] = re.sub(r"^.*\.", "", c["id"]) or c["id"]
            conns.append(c)
        if len({c["id"] for c in conns}) < len(conns):
            for i, c in enumerate(conns, 1):
                c["id"] = f"c{i}"
        keep = set(zone_ids)
        lines = [{"id": f"line{i}", "zones": [local[z] for z in line["zones"]]}
                 for i, line in enumerate((ln for ln in self.data.get("sight_lines", [])
                                           if set(ln["zones"]) <= keep), 1)]
        try:
            tile = Tile.model_validate({"id": tile_id, "name": name, "zones": zones, "connections": conns,
                                        "sight_lines": lines, "edges": edges})
        except ValueError as e:
            raise EditError(f"these zones do not make a tile: {e}") from None
        data = tile.model_dump(mode="json", by_alias=True, exclude_defaults=True)

        def do(d: dict) -> str:
            d.setdefault("tiles", {}).setdefault("library", []).append(data)
            d["tiles"].setdefault("placed", [])
            return tile_id
        return self._change(do)

    def _rejoin(self, d: dict) -> None:
        """Join the street ends that meet across tile edges (an opening each), drop the joins
        that no longer meet, and draw the sight lines that run on across joined tiles."""
        from .model.tiles import join_id, joins

        m = _tile_map(d)
        found, walls = joins(m)
        zone_ids = {z["id"] for z in d["zones"]}
        want = {join_id(j.a, j.b): j for j in found if j.a in zone_ids and j.b in zone_ids}
        on_tiles = {z["id"] for z in d["zones"] if z.get("tiles")}
        for c in list(d["connections"]):
            auto = c["id"] == join_id(c["from"], c["to"]) and c["from"] in on_tiles and c["to"] in on_tiles
            if auto and c["id"] not in want:
                self._delete(d, "connection", c["id"])
        have = {c["id"] for c in d["connections"]}
        for cid, j in want.items():
            if cid not in have:
                d["connections"].append({"id": cid, "kind": "opening", "from": j.a, "to": j.b})
        for zone, p, q in walls:
            if zone in zone_ids:
                self.notes.append(f"the street {zone} of tile '{p}' runs into a wall of tile '{q}'")
        # sight lines that run on across joined tiles, drawn anew each time
        lines = [ln["zones"] for ln in d.get("sight_lines", []) if not ln["id"].startswith(_THROUGH)]
        kept = [ln for ln in d.get("sight_lines", []) if not ln["id"].startswith(_THROUGH)]
        linked: dict[str, str] = {}
        for j in want.values():
            linked[j.a], linked[j.b] = j.b, j.a
        line_of: dict[str, int] = {}
        for i, zs in enumerate(lines):
            for z in (zs[0], zs[-1]):
                line_of.setdefault(z, i)

        def next_line(i: int, end: str) -> tuple[int, str] | None:
            mate = linked.get(end)
            j = line_of.get(mate) if mate is not None else None
            return (j, mate) if j is not None and j != i else None

        through: list[dict] = []
        seen: set[int] = set()
        for i, zs in enumerate(lines):
            if i in seen:
                continue
            # go back to the first line of the chain (a ring starts where it is entered)
            start, start_end = i, zs[0]
            visited = {i}
            while True:
                back = next_line(start, start_end)
                if back is None or back[0] in visited:
                    break
                j, mate = back
                visited.add(j)
                other = lines[j][-1] if lines[j][0] == mate else lines[j][0]
                start, start_end = j, other
            chain: list[str] = []
            cur, first = start, start_end
            walked: list[int] = []
            while cur is not None and cur not in walked:
                walked.append(cur)
                zs_cur = lines[cur] if lines[cur][0] == first else list(reversed(lines[cur]))
                chain += zs_cur
                step = next_line(cur, zs_cur[-1])
                cur, first = (step if step and step[0] not in walked else (None, ""))
            seen |= set(walked)
            if len(walked) > 1:
                through.append({"id": f"{_THROUGH}{len(through) + 1}", "zones": list(dict.fromkeys(chain))})
        lines = kept
        if through or len(lines) != len(d.get("sight_lines", [])):
            d["sight_lines"] = lines + through

    # -- connections -------------------------------------------------------------------------

    def add_connection(self, a: str, b: str, kind: str = "opening", connection_id: str | None = None,
                       **fields: Any) -> str:
        """Join two zones; returns the connection's id."""
        zones = self.ids("zone")
        for z in (a, b):
            if z not in zones:
                raise EditError(f"no zone has id '{z}'")
        if a == b:
            raise EditError("a connection joins two different zones")
        cid = connection_id or self._fresh("connection")
        self._check_new_id("connection", cid)
        self._change(lambda d: d["connections"].append({"id": cid, "kind": kind, "from": a, "to": b, **fields}))
        return cid

    # -- furniture -----------------------------------------------------------------------------

    def add_spawn(self, zone: str, spawn_id: str | None = None, **fields: Any) -> str:
        """Add a spawn zone (last in the resolution order unless ``order`` is given)."""
        self._find("zone", zone)
        sid = spawn_id or self._fresh("spawn")
        self._check_new_id("spawn", sid)
        order = fields.pop("order", max((sp["order"] for sp in self.data.get("spawns", [])), default=0) + 1)
        self._change(lambda d: d.setdefault("spawns", []).append({"id": sid, "zone": zone, "order": order, **fields}))
        return sid

    def add_objective(self, zone: str, kind: str = "token", objective_id: str | None = None, **fields: Any) -> str:
        """Add an objective, key, switch, item or search marker."""
        self._find("zone", zone)
        oid = objective_id or self._fresh("objective")
        self._check_new_id("objective", oid)
        self._change(lambda d: d.setdefault("objectives", []).append({"id": oid, "kind": kind, "zone": zone, **fields}))
        return oid

    def suggest_key_colour(self) -> str:
        """The colour a new key takes: that of a door locked by a colour no key has yet, else the
        first colour no key uses."""
        keys = {o.get("colour") for o in self.data.get("objectives", []) if o["kind"] == "key"}
        for c in self.data["connections"]:
            colour = (c.get("lock") or {}).get("colour")
            if colour and colour not in keys:
                return colour
        return next((c for c in COLOURS if c not in keys), COLOURS[0])

    def add_trigger(self, when: dict, then: list[dict], trigger_id: str | None = None, once: bool = True) -> str:
        """Add a trigger: when ``when`` happens, apply ``then``."""
        tid = trigger_id or self._fresh("trigger")
        self._check_new_id("trigger", tid)
        self._change(lambda d: d.setdefault("triggers", []).append(
            {"id": tid, "when": dict(when), "then": [dict(e) for e in then], "once": once}))
        return tid

    def set_start(self, zones: list[str]) -> None:
        """Set the start zones."""
        for z in zones:
            self._find("zone", z)
        self._change(lambda d: d["setup"].__setitem__("start_zones", list(zones)))

    def toggle_exit(self, zone: str) -> None:
        """Make a zone an exit, or not any more."""
        self._find("zone", zone)

        def do(d: dict) -> None:
            exits = d.setdefault("exits", [])
            if zone in exits:
                exits.remove(zone)
            else:
                exits.append(zone)
        self._change(do)

    def set_victory(self, steps: list[dict], ordered: bool | None = None) -> None:
        """Replace the victory steps."""
        def do(d: dict) -> None:
            d["victory"]["steps"] = [dict(s) for s in steps]
            if ordered is not None:
                d["victory"]["ordered"] = ordered
        self._change(do)

    def set_triggers(self, triggers: list[dict]) -> None:
        """Replace the triggers."""
        self._change(lambda d: d.__setitem__("triggers", _copy(list(triggers))))

    def set_setup(self, **fields: Any) -> None:
        """Change set-up fields (``survivors``, ``zombie_pool``, ``turn_limit``, ``rules``,
        ``special_rules``, ``spawn_method``...)."""
        def do(d: dict) -> None:
            for k, v in fields.items():
                if v is None:
                    d["setup"].pop(k, None)
                else:
                    d["setup"][k] = copy.deepcopy(v)
        self._change(do)

    def set_section(self, name: str, value: dict | None) -> None:
        """Replace an optional top-level section of the mission, ``points`` (victory points) or
        ``infestation`` (docs/terrain.md); None removes it."""
        if name not in ("points", "infestation"):
            raise EditError(f"set_section: expected 'points' or 'infestation', not {name!r}")

        def do(d: dict) -> None:
            if value is None:
                d.pop(name, None)
            else:
                d[name] = copy.deepcopy(value)
        self._change(do)

    def set_meta(self, **fields: Any) -> None:
        """Change title, author, difficulty, description..."""
        def do(d: dict) -> None:
            d["meta"].update({k: v for k, v in fields.items() if v is not None})
        self._change(do)

    def set_id(self, scenario_id: str) -> None:
        """Change the scenario id (the exported file is named after it)."""
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}", scenario_id or ""):
            raise EditError(f"'{scenario_id}' is not a valid scenario id: letters, digits, '_', '.', '-', "
                            "at most 64")
        self._change(lambda d: d.__setitem__("id", scenario_id))

    def set_title(self, title: str) -> None:
        """Change the title; an id that still follows the title (the starter's id, or the slug
        of the old title) follows it to the new one, so the exported file is named after it."""
        if not title.strip():
            raise EditError("the title cannot be empty")
        old = self.data["meta"].get("title", "")
        follows = self.data.get("id") in (slug(old), "new-mission", old)

        def do(d: dict) -> None:
            d["meta"]["title"] = title
            if follows:
                d["id"] = slug(title)
        self._change(do)

    def balance(self) -> dict[str, int]:
        """Points of the special rules per side."""
        totals = {"heroes": 0, "zombies": 0}
        for r in self.data["setup"].get("special_rules", []):
            totals[r["side"]] = totals.get(r["side"], 0) + int(r.get("points", 0))
        return totals

    # -- files ---------------------------------------------------------------------------------

    def save(self, folder: str | os.PathLike[str] = "scenarios", *, confirm_errors: bool = False) -> Path:
        """Save the scenario atomically into ``folder`` as ``<id>.json`` (the name comes from the
        scenario id and never leaves the folder). A scenario with validation errors is saved only
        with ``confirm_errors``; data the model refuses is never saved."""
        s = self.scenario
        if s is None:
            raise EditError("the scenario is not valid yet: " + "; ".join(str(p) for p in self.problems[:3]))
        errors = [f for f in self.findings() if f.severity == "error"]
        if errors and not confirm_errors:
            raise EditError(f"{len(errors)} validation error(s), first: {errors[0].message}; "
                            "confirm to save anyway")
        folder = Path(folder)
        target = folder / safe_file_name(s.id)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if target.resolve().parent != folder.resolve():
                raise EditError(f"refusing to write outside {folder}")
            other = _id_in_file(target)
            if other is not None and other != s.id:
                raise EditError(f"{target} holds another scenario ('{other}'); "
                                "rename one of them or save into another folder")
            write_text_atomic(target, dumps(s))
            _public(target)
        except (OSError, ValueError) as e:
            if isinstance(e, EditError):
                raise
            raise EditError(f"cannot save into {_shown(folder)}: {_reason(e)}") from None
        self.path = target
        self.saved_version = self.version
        return target

    # -- drafts ----------------------------------------------------------------------------------

    def draft_path(self) -> Path:
        """This editor's draft: ``<id>--<session>.json`` in :data:`DRAFTS`."""
        return DRAFTS / f"{safe_file_name(str(self.data.get('id', 'draft')))[:-5]}--{self.session}.json"

    def save_draft(self) -> Path:
        """Write the working data (valid or not) as a draft now, so a kernel restart loses nothing.
        A draft left under an earlier id of this mission goes."""
        with self._draft_lock:
            if self._draft_timer is not None:
                self._draft_timer.cancel()
                self._draft_timer = None
            return self._write_draft(json.dumps(self.data, ensure_ascii=False))

    def _write_draft(self, text: str) -> Path:
        path = self.draft_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, text + "\n")
        for old in path.parent.glob(f"*--{self.session}.json"):
            if old != path:
                old.unlink(missing_ok=True)
        return path

    def _schedule_draft(self) -> None:
        # the text is taken now (the data changes on the next edit); the file is written a moment
        # later, once for a burst of edits (a drag, typing)
        text = json.dumps(self.data, ensure_ascii=False)
        if DRAFT_DELAY <= 0:
            with self._draft_lock:
                self._write_draft(text)
            return
        with self._draft_lock:
            self._draft_text = text
            if self._draft_timer is None:
                def write() -> None:
                    with self._draft_lock:
                        self._draft_timer = None
                        self._write_draft(self._draft_text)
                self._draft_timer = threading.Timer(DRAFT_DELAY, write)  # read when the edit is made
                self._draft_timer.daemon = True
                self._draft_timer.start()

    def discard_draft(self) -> None:
        """Remove this editor's draft (after the user said it is not needed)."""
        with self._draft_lock:
            if self._draft_timer is not None:
                self._draft_timer.cancel()
                self._draft_timer = None
            self.draft_path().unlink(missing_ok=True)

    @staticmethod
    def drafts(scenario_id: str | None = None, exclude: str | None = None) -> list[Draft]:
        """Drafts on disk, newest first (those of ``scenario_id`` only, when given; not the one of
        session ``exclude``). Unreadable files are skipped."""
        out = []
        for path in DRAFTS.glob("*.json") if DRAFTS.is_dir() else []:
            if exclude and path.name.endswith(f"--{exclude}.json"):
                continue
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                sid = str(data["id"])
            except (OSError, ValueError, KeyError, TypeError):
                continue
            if scenario_id is not None and sid != scenario_id:
                continue
            out.append(Draft(path=path, id=sid, title=str((data.get("meta") or {}).get("title", sid)),
                             zones=len(data.get("zones") or []), saved=path.stat().st_mtime))
        return sorted(out, key=lambda d: -d["saved"])

    @classmethod
    def recover(cls, scenario_id: str | os.PathLike[str]) -> "Editor":
        """Reopen the newest autosaved draft of a scenario id (or the draft file given). The
        recovered editor writes its own draft from now on; the old one is removed once it has."""
        if isinstance(scenario_id, os.PathLike) or str(scenario_id).endswith(".json"):
            path = Path(scenario_id)
        else:
            found = cls.drafts(str(scenario_id))
            if not found:
                raise EditError(f"no draft for '{scenario_id}' in {DRAFTS}")
            path = found[0]["path"]
        try:
            data = parse_json(read_text(path), str(path))
        except LoadError as e:
            raise EditError(f"the draft cannot be read: {e}") from None
        if not isinstance(data, dict) or not isinstance(data.get("victory"), dict) \
                or not isinstance(data.get("setup"), dict):
            raise EditError(f"{path}: the draft is not scenario data (expected a JSON object with "
                            "'victory' and 'setup'); it was left as it is")
        ed = cls(data, autosave=True)
        ed.save_draft()
        if path != ed.draft_path():
            path.unlink(missing_ok=True)
        return ed


def library_tiles(folder: str | os.PathLike[str]) -> list[tuple[Any, str]]:
    """The tiles the missions in ``folder`` (and below) keep in their tile maps, with the file
    each comes from: a tile saved in one mission is there to place in the next. The designer's
    own set is left out; files that cannot be read, or whose tiles are not valid, are passed
    over (the validator speaks of them when they are opened)."""
    from .model.tile_library import BUILTIN_TILES
    from .model.tiles import Tile

    builtin = {t["id"] for t in BUILTIN_TILES}
    out: list[tuple[Any, str]] = []
    seen: set[str] = set()
    root = Path(folder)
    if not root.is_dir():
        return out
    for path in sorted(root.rglob("*.json")):
        try:
            text = path.read_text(encoding="utf-8")
            if '"tiles"' not in text:
                continue
            data = json.loads(text)
            library = (data.get("tiles") or {}).get("library", []) if isinstance(data, dict) else []
        except (OSError, ValueError, AttributeError):
            continue
        for raw in library if isinstance(library, list) else []:
            if not isinstance(raw, dict) or raw.get("id") in builtin or raw.get("id") in seen:
                continue
            try:
                tile = Tile.model_validate(raw)
            except ValueError:
                continue
            seen.add(tile.id)
            out.append((tile, str(path.relative_to(root))))
    return out


_THROUGH = "tiles-sight-"
"""Sight lines running on across joined tiles are named 'tiles-sight-1', ... and drawn anew
whenever tiles move."""


def _builtin_tiles() -> list[dict]:
    from .model.tile_library import BUILTIN_TILES

    return BUILTIN_TILES


def _tile_map(d: dict):
    """The tile map of JSON data (empty when it has none), as the model reads it."""
    from .model.tiles import TileMap

    try:
        return TileMap.model_validate(d.get("tiles") or {})
    except ValueError as e:
        raise EditError(f"the map's tiles are not valid: {e}") from None


def _set_fields(x: dict, fields: dict[str, Any]) -> None:
    """Set the fields of one element of the file (a None value removes the field: its default)."""
    for k, v in fields.items():
        if v is None:
            x.pop(k, None)
        else:
            x[k] = copy.deepcopy(v)


def _id_in_file(path: Path) -> str | None:
    """The scenario id stored in an existing file (None when there is no such file, or no id)."""
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_bytes()[:MAX_PEEK_BYTES]) if path.stat().st_size <= MAX_PEEK_BYTES else None
    except (OSError, ValueError):
        return None
    ident = data.get("id") if isinstance(data, dict) else None
    return ident if isinstance(ident, str) else None


MAX_PEEK_BYTES = 64 * 1024 * 1024


def _shown(path: Path) -> str:
    return str(path).replace("\0", "\\0")


def _reason(e: Exception) -> str:
    if isinstance(e, SaveError):
        return e.message
    if isinstance(e, ValueError):
        return "the path holds a NUL character" if "null" in str(e) else str(e)
    return getattr(e, "strerror", None) or str(e)


def _public(path: Path) -> None:
    """Give a file written through a private temporary file the permissions of any new file
    (0644 under the usual umask), so other tools and users can read an export."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)
