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
from pathlib import Path
from typing import Any, Callable

from .io.files import LoadError, SaveError, dumps, parse, parse_json, read_text, scenario_file_name, write_text_atomic
from .model.scenario import Scenario

__all__ = ["EditError", "Editor", "safe_file_name"]

DRAFTS = Path(os.environ.get("DESIGNER_DRAFTS", Path.home() / ".local" / "share" / "scenario-designer" / "drafts"))
"""Where drafts are autosaved (``DESIGNER_DRAFTS`` overrides it)."""


class EditError(ValueError):
    """An edit that cannot be made (unknown id, id already taken...)."""


def _copy(data: dict) -> dict:
    """A deep copy of JSON data (several times faster than ``copy.deepcopy``)."""
    return json.loads(json.dumps(data))


def safe_file_name(scenario_id: str) -> str:
    """A file name from a scenario id, never a path; two ids never share one
    (see :func:`designer.io.files.scenario_file_name`)."""
    return scenario_file_name(scenario_id)


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
            if e.get("kind") == "spawn_zombies":
                out.append((e, "zone"))
    out += [(d.setdefault("exits", []), i) for i in range(len(d.get("exits", [])))]
    for step in d["victory"]["steps"]:
        if step.get("kind") in ("reach_zone", "clear_zones"):
            out += [(step["zones"], i) for i in range(len(step["zones"]))]
    setup = d["setup"]
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
        if step.get("kind") == "open_doors":
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
    for step in d["victory"]["steps"]:
        if step.get("kind") == "take_objectives":
            out += [(step["objectives"], i) for i in range(len(step["objectives"]))]
    lost = d.get("defeat", {}).get("objectives_lost", [])
    out += [(lost, i) for i in range(len(lost))]
    return out


_REFS: dict[str, Callable[[dict], list]] = {"zone": _zone_refs, "connection": _door_refs, "spawn": _spawn_refs,
                                             "objective": _objective_refs}
_LISTS = {"zone": "zones", "connection": "connections", "spawn": "spawns", "objective": "objectives",
          "trigger": "triggers"}
_PREFIX = {"zone": "Z", "connection": "c", "spawn": "spawn-", "objective": "obj-", "trigger": "t"}


class Editor:
    """A scenario being designed, with undo / redo and safe renames and deletions."""

    def __init__(self, data: dict | Scenario, path: str | os.PathLike[str] | None = None, autosave: bool = False):
        if isinstance(data, Scenario):
            data = json.loads(dumps(data))
        self.data: dict = copy.deepcopy(data)
        self.data.setdefault("connections", [])
        self.path = Path(path) if path else None
        self.history: list[dict] = []
        self.future: list[dict] = []
        self.version = 0
        """Increases with every change (the widgets redraw when it moves)."""
        self.autosave = autosave
        self._scenario: tuple[int, Scenario | None, list] | None = None
        self.listeners: list[Callable[["Editor"], None]] = []

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

    def _change(self, fn: Callable[[dict], Any]) -> Any:
        before = _copy(self.data)
        try:
            result = fn(self.data)
        except Exception:
            self.data = before
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
            self.save_draft()
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
        self.future.append(self.data)
        self.data = self.history.pop()
        self._changed()

    def redo(self) -> None:
        """Make the last undone edit again."""
        if not self.future:
            raise EditError("nothing to redo")
        self.history.append(self.data)
        self.data = self.future.pop()
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
        self._change(do)

    def delete(self, what: str, ident: str) -> None:
        """Delete a zone (with its connections, spawns and objectives), a connection, a spawn,
        an objective or a trigger, and every reference to it (effects that lose their target are
        dropped; triggers left without effects are dropped)."""
        self._find(what, ident)

        def do(d: dict) -> None:
            self._delete(d, what, ident)
        self._change(do)

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
                if step.get("kind") in ("reach_zone", "clear_zones"):
                    step["zones"] = [z for z in step["zones"] if z != ident]
            self._drop_dead_triggers(d, lambda e: e.get("kind") == "spawn_zombies" and e.get("zone") == ident,
                                     lambda ev: ev.get("kind") == "zone_entered" and ev.get("zone") == ident)
        elif what == "connection":
            self._drop_dead_triggers(d, lambda e: e.get("door") == ident,
                                     lambda ev: ev.get("kind") == "door_opened" and ev.get("door") == ident)
            for step in d["victory"]["steps"]:
                if step.get("kind") == "open_doors":
                    step["doors"] = [x for x in step["doors"] if x != ident]
        elif what == "spawn":
            self._drop_dead_triggers(d, lambda e: e.get("spawn") == ident, lambda ev: False)
        elif what == "objective":
            self._drop_dead_triggers(d, lambda e: False,
                                     lambda ev: ev.get("objective") == ident or ev.get("switch") == ident)
            for step in d["victory"]["steps"]:
                if step.get("kind") == "take_objectives":
                    step["objectives"] = [x for x in step["objectives"] if x != ident]
            if "defeat" in d:
                d["defeat"]["objectives_lost"] = [x for x in d["defeat"].get("objectives_lost", []) if x != ident]
        d[_LISTS[what]] = [x for x in d.get(_LISTS[what], []) if x["id"] != ident]
        d["victory"]["steps"] = [st for st in d["victory"]["steps"]
                                 if not (st.get("kind") in ("reach_zone", "clear_zones") and not st["zones"])
                                 and not (st.get("kind") == "open_doors" and not st["doors"])] \
            or [{"kind": "kill", "count": 1}]

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
            x = next(x for x in d[_LISTS[what]] if x["id"] == ident)
            for k, v in fields.items():
                if v is None:
                    x.pop(k, None)
                else:
                    x[k] = copy.deepcopy(v)
        self._change(do)

    def move_zone(self, zone_id: str, x: float, y: float) -> None:
        """Move a zone on the canvas (a drag)."""
        self.update("zone", zone_id, position={"x": float(x), "y": float(y)})

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

    def set_meta(self, **fields: Any) -> None:
        """Change title, author, difficulty, description..."""
        def do(d: dict) -> None:
            d["meta"].update({k: v for k, v in fields.items() if v is not None})
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
        except (OSError, ValueError) as e:
            if isinstance(e, EditError):
                raise
            raise EditError(f"cannot save into {_shown(folder)}: {_reason(e)}") from None
        self.path = target
        return target

    def draft_path(self) -> Path:
        return DRAFTS / safe_file_name(str(self.data.get("id", "draft")))

    def save_draft(self) -> Path:
        """Write the working data (valid or not) as a draft, so a kernel restart loses nothing."""
        path = self.draft_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps(self.data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
        return path

    @classmethod
    def recover(cls, scenario_id: str) -> "Editor":
        """Reopen the autosaved draft of a scenario id."""
        path = DRAFTS / safe_file_name(scenario_id)
        if not path.exists():
            raise EditError(f"no draft for '{scenario_id}' in {DRAFTS}")
        try:
            data = parse_json(read_text(path), str(path))
        except LoadError as e:
            raise EditError(f"the draft cannot be read: {e}") from None
        if not isinstance(data, dict) or not isinstance(data.get("victory"), dict) \
                or not isinstance(data.get("setup"), dict):
            raise EditError(f"{path}: the draft is not scenario data (expected a JSON object with "
                            "'victory' and 'setup'); it was left as it is")
        return cls(data, autosave=True)


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
