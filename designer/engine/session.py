"""Games of the typed engine seen from Python: logged, steppable, decided from outside.

The typed engine (:mod:`designer.engine.typed.play`) logs compact integer events when its log
is on (``Engine.set_logging``; off in batches, which log nothing): :func:`render_events` turns
them into exactly the events the reference engine's ``Game.note`` writes, so transcripts and
golden playthroughs come from either engine. A policy given as a Python callable decides through
the engine's callback: the engine lists the legal actions, the callable gets the same arguments
the reference engine hands it (a read-only :class:`~designer.engine.view.GameView` over a
snapshot of the typed state, the deciding survivor and the actions as the reference engine
writes them) and its choice is applied by the engine.

:class:`TypedGame` is one such game, steppable turn by turn and phase by phase (set-up,
survivors' phase, zombies' phase, spawn phase, end phase), its state read through one read-only
:class:`TypedState` (:meth:`TypedGame.view`). :func:`play` is :func:`designer.engine.play`
on the typed engine, for every game :func:`typed_reason` finds nothing against.
"""

from __future__ import annotations

import os
from typing import Any, Iterable

from ..rules.zombies import RECORD_TYPES, ZTYPES, record_counts
from ..rules.terrain import terrain_tables
from .board import Board
from .record import GameResult, transcript

__all__ = ["HandGame", "LOGGED_KINDS", "LOGGED_RULES", "POLICY_CODES", "Position", "TypedGame", "TypedState", "action_tuple",
           "compiled", "log_covers", "play_typed", "reference_state", "render_events", "typed_source"]

_KIND_NAMES = ("move", "open", "search", "melee", "ranged", "take", "press", "noise", "trigger",
               "extra_activation", "spawn", "out_of_miniatures", "runaway", "runaway", "death", "wound", "kill",
               "attack", "split_added", "zombies_move", "pushed", "escape", "give",
               "weapon_broken", "weapon_jammed")
"""The typed engine's event codes (``L_*`` in :mod:`designer.engine.typed.play`), in order, as
the reference engine names its events."""

_MISSION_NAMES = ("search_car", "carrier_died", "fence_torn", "pushed_back", "instead", "gate_turned", "give_card",
                  "car_seat", "drive", "car_attack")
"""The typed engine's Prison Outbreak event codes (``L_SEARCH_CAR`` ... ``L_GIVE_CARD``, 30-36),
as the reference engine names its events (:func:`_render_mission`)."""

LOGGED_KINDS = frozenset(_KIND_NAMES) | frozenset(_MISSION_NAMES) | {"swim", "hostile", "points", "resource", "charge",
                                                                    "smash", "destroyed", "fire", "burn", "burning",
                                                                    "heal_or_draw", "collapse_dodged", "collapse_fall",
                                                                    "door_closed", "door_break", "zombies_break_door",
                                                                    "item_drawn", "loot"}
"""The events the typed engine logs: a game whose rules can write any other event (the
reference engine's Growing Hunger, terrain, Prison Outbreak mission rules...) is transcribed by
the reference engine (:func:`typed_reason`)."""

_ACTIONS = ("melee", "move", "noise", "open", "pass", "press", "ranged", "search", "take", "give",
            "enter", "leave", "drive", "seat", "smash", "douse", "close", "break", "loot")
"""The typed engine's action codes (``A_*``), as the reference engine names its actions (15 douses
a survivor's fire, Eden; 16 and 17 close and break a door, 18 loots a dead survivor's belongings,
Les morts aux trousses)."""


def _module(engine: Any) -> Any:
    import sys

    return sys.modules[type(engine).__module__]


def render_events(board: Board, tables: Any, events: Iterable[int], width: int = 6) -> list[dict]:
    """The typed engine's logged events (``width`` ints each: kind, turn and four fields) as
    the reference engine's log events (the same dicts, keys in the same order)."""
    from .typed.play import WOUND_CAUSES

    ev = list(events)
    names = list(tables.names)
    zid, cid, did, oid = board.zone_ids, board.conn_ids, board.door_ids, board.obj_ids
    triggers = board.scenario.triggers
    out: list[dict] = []
    for k in range(0, len(ev), width):
        kind, turn, a, b, c, d = ev[k:k + 6]
        if 30 <= kind < 40:
            _render_mission(board, names, out, kind - 30, turn, a, b, c, d)
            continue
        if 40 <= kind < 50:  # Growing Hunger's events (the lnoe codes)
            out.append(render_lnoe_event(board, tables, kind, turn, a, b, c, d))
            continue
        if 50 <= kind < 60:  # Eden's terrain, points, monsters and resources
            out.append(render_eden_event(board, kind, turn, a, b, c, d))
            continue
        if 60 <= kind < 70:  # Les morts aux trousses' events (_render_morts)
            out.append(_render_morts(kind, turn, a, b, c, d, zid, did, oid, names))
            continue
        name = _KIND_NAMES[kind]
        e: dict[str, Any] = {"turn": turn, "event": name}
        if name == "move":
            e.update(survivor=a, to=zid[b], via=cid[c])
        elif name == "open":
            e.update(survivor=a, door=did[b])
        elif name == "search":
            e.update(survivor=a, found="aaah" if b < 0 else names[b])
        elif name == "melee":
            e.update(survivor=a, weapon=names[b])
        elif name == "ranged":
            e.update(survivor=a, weapon=names[b], zone=zid[c])
        elif name == "take":
            e.update(survivor=a, objective=oid[b])
        elif name == "press":
            e.update(survivor=a, switch=oid[b])
        elif name == "noise":
            e.update(survivor=a)
        elif name == "trigger":
            e.update(trigger=triggers[a].id)
        elif name in ("extra_activation", "out_of_miniatures"):
            e.update(zombie=ZTYPES[a])
        elif name == "spawn":
            e.update(zone=zid[a], zombie=ZTYPES[b], count=c)
        elif kind == 12:
            e.update(message=f"more than {a} extra activations of the zombies in turn {turn}: "
                             "the game is stopped as a runaway")
        elif kind == 13:
            e.update(message=f"survivor {a + 1} took {b} actions in turn {turn}: the game is stopped as a runaway")
        elif name == "death":
            e.update(survivor=a, zone=zid[b], cause=WOUND_CAUSES[c])
        elif name == "wound":
            e.update(survivor=a, wounds=b, cause=WOUND_CAUSES[c])
        elif name == "kill":
            e.update(survivor=a, zone=zid[b], zombie=ZTYPES[c])
        elif name == "attack":
            e.update(zone=zid[a], zombies=b)
        elif name == "split_added":
            e.update(zone=zid[a], zombie=ZTYPES[b], count=c)
        elif name == "zombies_move":
            e.update(frm=zid[a], to=zid[b], zombie=ZTYPES[c], count=d)
        elif name == "pushed":
            e.update(frm=zid[a], to=zid[b], count=c)
        elif name == "escape":
            e.update(survivor=a, zone=zid[b])
        elif name == "give":
            e.update(survivor=a, mate=b + 1, item=names[c])
        elif name in ("weapon_broken", "weapon_jammed"):
            e.update(survivor=a, weapon=names[b])
        out.append(e)
    return out


def _render_mission(board: Board, names: list[str], out: list[dict], code: int, turn: int, a: int, b: int,
                    c: int, d: int = 0) -> None:
    """One of Prison Outbreak's events (code ``kind - 30``) as the reference engine writes it,
    appended to ``out``; a carrier's items, logged one event each, become one event."""
    zid = board.zone_ids
    name = _MISSION_NAMES[code]
    if name == "carrier_died":
        last = out[-1] if out else None
        if last is not None and last["event"] == name and last["turn"] == turn and last["survivor"] == a:
            last["items"] = sorted(set(last["items"]) | {names[b]})
        else:
            out.append({"turn": turn, "event": name, "survivor": a, "items": [names[b]]})
        return
    e: dict[str, Any] = {"turn": turn, "event": name}
    if name == "search_car":
        car = board.scenario.objectives[b]
        found = (", ".join(car.contents) or "nothing") if c == -2 else "aaah" if c == -1 else names[c]
        e.update(survivor=a, car=board.obj_ids[b], found=found)
    elif name == "fence_torn":
        e.update(frm=zid[a], to=zid[b], fence=board.conn_ids[c])
    elif name == "pushed_back":
        e.update(survivor=a, frm=zid[b], to=zid[c])
    elif name == "instead":
        e.update(zone=zid[a], zombie=ZTYPES[b])
    elif name == "gate_turned":
        effect = [fx for t in board.scenario.triggers for fx in t.then][a]
        e.update(gate=zid[board.zone_index[effect.gate]], turns=b)
    elif name == "give_card":
        e.update(survivor=a, card=names[b])
    elif name == "car_seat":
        e.update(survivor=a, car=board.obj_ids[b], seat=("out", "driver", "passenger")[c])
    elif name == "drive":
        e.update(survivor=a, car=board.obj_ids[b], frm=zid[c], to=zid[d])
    elif name == "car_attack":
        e.update(zone=zid[a], dice=b, hits=c)
    out.append(e)


def _render_morts(kind: int, turn: int, a: int, b: int, c: int, d: int, zid: Any = (), did: Any = (), oid: Any = (),
                  names: Any = ()) -> dict:
    """A Les morts aux trousses event of the typed engine (codes 60-69) as the reference engine
    writes it: 60 the office's choice (``heal_or_draw``: survivor, wounds healed, cards), 61 a
    floor collapsing (survivor, zone, the zone fallen to or -1 when dodged), 62 a door closed
    (survivor, door), 63 a survivor's try at breaking a door (survivor, door, broken), 64 the
    zombies' (zone, door, broken), 65 the item drawn from an objective's ``one_of`` (survivor,
    objective, item), 66 an item looted from a dead survivor (survivor, the dead one, item)."""
    if kind == 66:
        return {"turn": turn, "event": "loot", "survivor": a, "from": b, "item": names[c]}
    if kind == 62:
        return {"turn": turn, "event": "door_closed", "survivor": a, "door": did[b]}
    if kind == 63:
        return {"turn": turn, "event": "door_break", "survivor": a, "door": did[b], "broken": bool(c)}
    if kind == 65:
        return {"turn": turn, "event": "item_drawn", "survivor": a, "objective": oid[b], "item": names[c]}
    if kind == 64:
        return {"turn": turn, "event": "zombies_break_door", "zone": zid[a], "door": did[b], "broken": bool(c)}
    if kind == 60:
        return {"turn": turn, "event": "heal_or_draw", "survivor": a, "healed": b, "cards": c}
    if kind == 61:
        if c < 0:
            return {"turn": turn, "event": "collapse_dodged", "survivor": a, "zone": zid[b]}
        return {"turn": turn, "event": "collapse_fall", "survivor": a, "zone": zid[b], "to": zid[c]}
    raise ValueError(f"unknown Les morts aux trousses event code {kind}")


_LNOE_MARKERS = ("", "free-search", "surprise-1", "surprise-2", "new-hero")
"""Marker codes of the typed engine (``typed.tables.GH_MARKERS``)."""


def render_lnoe_event(board: Board, tables: Any, kind: int, turn: int, a: int, b: int, c: int, d: int) -> dict:
    """One of Growing Hunger's logged events (codes 40-49 of :mod:`designer.engine.typed.play`)
    as the reference engine's ``designer.engine.lnoe`` notes it."""
    zid, names = board.zone_ids, list(tables.names)
    e: dict[str, Any] = {"turn": turn}
    if kind == 40:
        e.update(event="grave_dead", ability=a)
    elif kind == 41:
        e.update(event="spawn_roll", roll=a, zombies=b)
    elif kind == 42:
        e.update(event="marker", survivor=a, marker=_LNOE_MARKERS[b], zone=zid[c])
    elif kind == 43:
        e.update(event="pick_up", survivor=a, card=names[b], source="deck" if c else "discard")
    elif kind == 44:
        e.update(event="event", survivor=a, card=names[b], wounds=c)
    elif kind == 45:
        e.update(event="first_aid", survivor=a, roll=b, wounds=c)
    elif kind == 46:
        e.update(event="heroes_killed", count=a)
    elif kind == 47:
        e.update(event="new_hero", survivor=a, zone=zid[b],
                 name=board.scenario.setup.survivors.heroes[c].name if c >= 0 else "")
    elif kind == 48:
        e.update(event="grave_dead_wounded" if b else "grave_dead_shrugs", zone=zid[a])
    elif b == 2:
        e.update(event="no_spawn_point")
    elif b == 1:
        e.update(event="sun", card=tables.gh_card_names[a], moved=-1)
    else:
        e.update(event="zombie_card", card=tables.gh_card_names[a])
    return e


# ---- eden: terrain, victory points, infestation and resources events (codes 50-59) ----

EDEN_EVENTS = ("swim", "hostile", "points", "resource", "charge", "smash", "destroyed", "fire", "burn", "burning")
"""The reference engine's names of the typed engine's events 50, 51, ... (``L_SWIM`` ...)."""


def _piece_id(board: Board, piece: int) -> str:
    """A piece of scenery's id: zone ``piece``, else connection ``piece - n`` (destruction(x))."""
    return board.zone_ids[piece] if piece < board.n else board.conn_ids[piece - board.n]


def render_eden_event(board: Board, kind: int, turn: int, a: int, b: int, c: int, d: int = 0) -> dict:
    """One of Eden's logged events as the reference engine writes it (``engine/terrain.py``,
    ``points.py``, ``resources.py``, ``profiles.EdenMonsters``)."""
    from .typed.tables import resource_names

    name = EDEN_EVENTS[kind - 50]
    e: dict[str, Any] = {"turn": turn, "event": name}
    if name in ("swim", "hostile"):
        e.update(survivor=a, zone=board.zone_ids[b], wounds=c)
    elif name == "points":
        e.update(points=a, total=b)
    elif name == "resource":
        e.update(resource=resource_names(board.scenario)[a], change=b, total=c)
    elif name == "smash":
        e.update(survivor=a, piece=_piece_id(board, b), hits=c, of=d)
    elif name == "destroyed":
        e.update(piece=_piece_id(board, a))
    elif name == "fire":  # eden: flammable scenery
        e.update(piece=_piece_id(board, a), markers=b)
    elif name == "burn":
        e.update(survivor=a, change=b, markers=c)
    elif name == "burning":
        e.update(survivor=a, dice=b, wounds=c, markers=d)
    else:
        e.update(zone=board.zone_ids[a], zombies=b)
    return e


def action_tuple(tables: Any, kind: int, a: int, b: int) -> tuple:
    """One of the typed engine's actions (kind code, two ints) as the reference engine writes it."""
    name = _ACTIONS[kind]
    if name in ("pass", "search", "noise", "leave", "seat", "douse"):
        return (name,)
    if name == "drive":
        return (name, a, b)
    if name == "move":
        return (name, a, b)
    if name == "give":
        return (name, a, list(tables.names)[b])
    if name in ("melee", "ranged"):
        weapon = list(tables.names)[a]
        return (name, weapon) if name == "melee" else (name, weapon, b)
    return (name, a)


POLICY_CODES = {"greedy": 0, "cautious": 1, "random": 2, "casual": 3}
"""The bots the typed engine plays itself (any other policy decides through its callback)."""

_SOURCE: Any = None


def typed_source() -> Any:
    """The typed engine's module run from its source, whatever is built (the interpreted mode of
    the same code)."""
    global _SOURCE
    if _SOURCE is None:
        import importlib.util
        from pathlib import Path

        from .typed import tables as typed_tables

        path = Path(typed_tables.__file__).with_name("play.py")
        spec = importlib.util.spec_from_file_location("designer.engine.typed._play_source", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _SOURCE = module
    return _SOURCE


def compiled() -> bool:
    """Whether the typed engine runs compiled in this process."""
    from .typed import play as typed_play

    return str(getattr(typed_play, "__file__", "")).endswith((".so", ".pyd"))


def _typed_module(compiled_: bool | None) -> Any:
    """The typed engine's module: compiled where it is built (``compiled_`` None or True) and
    ``DESIGNER_ENGINE`` is not ``python``, run from its source otherwise."""
    from .typed import play as typed_play

    if compiled_ is False or not compiled() or os.environ.get("DESIGNER_ENGINE", "") == "python":
        return typed_source()
    return typed_play


class TypedState:
    """A read-only view of a typed game's state (one snapshot, taken when it is asked for):
    the turn, the survivors (zone, wounds, health, XP, items, alive, escaped), the zombies per
    zone and type, noise, doors, spawns, objectives, decks and counters. Zones, doors and
    objectives are indices of the board (``board.zone_ids[z]`` names them); items are names."""

    __slots__ = ("_d", "_names")

    def __init__(self, data: dict, names: list[str]):
        object.__setattr__(self, "_d", data)
        object.__setattr__(self, "_names", names)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"'{name}' cannot be set: the typed game's state is read-only")

    def __getattr__(self, name: str) -> Any:
        try:
            return self._d[name]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def survivors(self) -> list[dict]:
        return [dict(s, items=[self._names[i] for i in s["items"]]) for s in self._d["survivors"]]

    def zombies_in(self, zone: int) -> int:
        return sum(self._d["zombies"].get(zone, ()))

    def zombies_of(self, zone: int) -> dict[str, int]:
        """The zombies of a zone by type name (only the types present)."""
        return {ZTYPES[t]: c for t, c in enumerate(self._d["zombies"].get(zone, ())) if c}

    def door_open(self, d: int) -> bool:
        return bool(self._d["doors_open"] >> d & 1)


def _cause(code: int) -> str:
    from .table import CAUSES

    return CAUSES[code]


def engine_position(board: Board, st: Any, names: dict, colours: list[str]) -> dict:
    """A reference :class:`~designer.engine.state.GameState` as the typed engine's
    ``Engine.load`` reads it (item names as the engine's indices)."""
    zones = st.zombies.keys() if hasattr(st.zombies, "keys") else range(len(st.zombies))
    return dict(
        survivors=[dict(zone=s.zone, wounds=s.wounds, health=s.health, xp=s.xp, items=[names[n] for n in s.items],
                        alive=s.alive, escaped=s.escaped, searched=s.searched, moved=s.moved,
                        actions_left=s.actions_left, came_from=s.came_from) for s in st.survivors],
        zombies={z: list(st.zombies[z]) for z in zones if any(st.zombies[z])},
        noise={z: st.noise[z] for z in (st.noise.keys() if hasattr(st.noise, "keys") else range(len(st.noise)))
               if st.noise[z]},
        pool=list(st.pool), doors_open=st.doors_open, doors_unlocked=st.doors_unlocked, doors_ever=st.doors_ever,
        held=st.held, holders=list(st.holders), broken=st.broken,
        spawns_active=[st.spawns_active >> i & 1 for i in range(len(board.spawn_ids))], turn=st.turn, first_player=st.first_player, kills=st.kills,
        colours=sum(1 << i for i, c in enumerate(colours) if c in st.colours), rng=st.rng.copy(),
        zombie_actions=st.zombie_actions, survivor_actions=st.survivor_actions,
        **({"zdeck": list(st.zdeck), "zdiscard": list(st.zdiscard)} if st.zdeck or st.zdiscard else {}),
        entered=[z for z in range(st.entered.bit_length()) if st.entered >> z & 1])


def reference_state(board: Board, data: dict, names: list[str], rng: Any, colours: list[str]) -> Any:
    """The reference engine's :class:`~designer.engine.state.GameState` of a typed game's state
    (what a policy written for the reference engine reads; ``rng`` is the typed game's
    generator, so the policy's draws are the game's)."""
    from .state import GameState

    st = GameState(board, 0)
    st.tracked = True
    st.rng = rng
    st.turn = data["turn"]
    for z, row in data["zombies"].items():
        for t, c in enumerate(row):
            if c:
                st.zombies[z][t] = c
        st.haunted.add(z)
    for z, n in data["noise"].items():
        st.noise[z] = n
        st.noisy.add(z)
    st.pool = list(data["pool"])[:len(ZTYPES)] + [0] * max(0, len(ZTYPES) - len(data["pool"]))
    for i, sv in enumerate(data["survivors"]):
        s = st.add_survivor(sv["zone"], sv["health"], [names[k] for k in sv["items"]])
        s.wounds, s.xp, s.alive, s.escaped = sv["wounds"], sv["xp"], sv["alive"], sv["escaped"]
        s.searched, s.moved, s.actions_left = sv["searched"], sv["moved"], sv["actions_left"]
        s.came_from = sv.get("came_from", -1)
    for s, markers in zip(st.survivors, data.get("burn", ())):  # eden: burn markers
        s.burn = markers
    st.burning = dict(data.get("burning", {}))
    st.damage = dict(data.get("damage", {}))  # eden: attacks on scenery (and burn markers), per piece
    t = terrain_tables(board.rules)
    if t is not None and st.damage:
        st.destroyed = sum(1 << p for p, hits in st.damage.items() if t.destruction[p] and hits >= t.destruction[p])
    st.first_player = data["first_player"]
    st.doors_open, st.doors_unlocked, st.doors_ever = data["doors_open"], data["doors_unlocked"], data["doors_ever"]
    st.held, st.holders, st.broken = data.get("held", 0), tuple(data.get("holders", st.holders)), data.get("broken", 0)
    st.buildings_spawned = sum(1 << i for i, v in enumerate(data["buildings_spawned"]) if v)
    st.spawns_active = sum(1 << i for i, v in enumerate(data["spawns_active"]) if v)
    st.obj_zone = list(data["obj_zone"])
    st.taken = sum(1 << i for i, v in enumerate(data["taken"]) if v)
    st.pressed = sum(1 << i for i, v in enumerate(data["pressed"]) if v)
    st.fired = sum(1 << i for i, v in enumerate(data["fired"]) if v)
    st.entered = sum(1 << z for z in data["entered"])
    st.colours = {c for i, c in enumerate(colours) if data["colours"] >> i & 1}
    st.kills, st.kills_by_type = data["kills"], list(data["kills_by_type"][:len(ZTYPES)])
    st.spawned_by_type = list(data["spawned_by_type"][:len(ZTYPES)])
    st.zdeck, st.zdiscard = list(data["zdeck"]), list(data["zdiscard"])
    st.edeck, st.ediscard = [names[k] for k in data["edeck"]], [names[k] for k in data["ediscard"]]
    st.progress = data["progress"] if board.scenario.victory.ordered else \
        sum(1 << i for i, done in enumerate(data["step_done"]) if done)
    st.objective_turns = {board.obj_ids[o]: t for o, t in data["objective_turns"]}
    st.survivor_actions, st.zombie_actions, st.max_danger = data["survivor_actions"], data["zombie_actions"], \
        data["max_danger"]
    for what in ("zone_deaths", "zone_kills", "zone_visits"):
        counts = getattr(st, what)
        for z, n in data[what].items():
            counts[z] = n
            st.haunted.add(z)
    st.rising = list(data["rising"])
    # zombicide: who sits in which car, who drives
    st.in_car = {i: o for i, o in enumerate(data.get("in_car", ())) if o >= 0}
    st.drivers = {o: i for o, i in enumerate(data.get("car_drivers", ())) if i >= 0}
    return st


LOGGED_RULES = {"effects": frozenset({"open_door", "close_door", "toggle_door", "unlock_door", "lock_door",
                                      "activate_spawn", "deactivate_spawn", "toggle_spawn", "spawn_zombies",
                                      "grant_xp", "end_game", "give_card", "rotate_gate", "heal_or_draw",
                                      "gain_resource", "spend_resource", "set_fire"}),
                "steps": frozenset({"take_objectives", "kill", "reach_zone", "escape", "survive", "clear_zones",
                                    "open_doors", "no_zombies", "doors_closed", "no_zombie_path", "carry_items",
                                    "hold_zone"}),
                "objectives": frozenset({"token", "key", "switch", "item", "search_marker", "car"}),
                "profiles": frozenset({"zombicide", "lnoe", "house"})}
"""The rules whose events the typed engine logs (every event of :data:`LOGGED_KINDS`): a rule
ported to the typed engine after these joins the list once it logs its events too."""


def log_covers(board: Board) -> str | None:
    """Why the typed engine's log does not cover this board's rules (None when it does)."""
    s = board.scenario
    kinds = [st.kind for st in s.victory.steps if st.kind not in LOGGED_RULES["steps"]]
    kinds += [e.kind for t in s.triggers for e in t.then if e.kind not in LOGGED_RULES["effects"]]
    kinds += [o.kind for o in s.objectives if o.kind not in LOGGED_RULES["objectives"]]
    if s.setup.rules.profile not in LOGGED_RULES["profiles"]:
        kinds.append(f"the profile {s.setup.rules.profile}")
    kinds += _unlogged_rules(board)
    if kinds:
        return f"the typed engine does not log {', '.join(dict.fromkeys(kinds))} yet"
    return None


def _unlogged_rules(board: Board) -> list[str]:
    """The rules the typed engine plays but does not log yet, beyond the kinds of
    :data:`LOGGED_RULES`: none today (Prison Outbreak's mission rules are logged by
    :func:`_render_mission`, Growing Hunger's by :func:`render_lnoe_event`, Eden's terrain,
    points, monsters and resources by :func:`render_eden_event`). A rule ported to the typed
    engine before its events joins this list until it logs them."""
    out: list[str] = []
    return out


def hero_names(board: Board, names: list[str], heroes: list[dict]) -> list[dict]:
    """``heroes`` (the typed engine's ``heroes_out``) with the name of each named hero of a
    Growing Hunger game (``names``: the engine's ``lnoe_heroes()``), as :meth:`Game.heroes_out`
    writes them."""
    for h, name in zip(heroes, names):
        if name:
            h["name"] = name
    return heroes


class Position:
    """A typed game at a decision point as a policy reads it: what the
    :class:`~designer.engine.view.GameView` handed to a Python policy wraps (the reference
    engine hands it its ``Game``; the typed engine hands it this, with the same public fields).

    ``state`` is a :class:`~designer.engine.state.GameState` written from the typed state
    (:func:`reference_state`: survivors, zombies, noise, pool, doors, spawns, objectives, decks,
    counters, ``outcome``, ``cause`` and ``seed``); at a decision its generator is the typed
    game's own, so a policy drawing from ``view.rng`` draws the game's dice (a copy otherwise);
    ``board``, ``profile`` (the rule profile of the scenario's id and overrides) and ``plan``
    are the game's. ``step_met``,
    ``door_passable`` and ``danger_level`` are the typed engine's rules, read at this moment;
    ``terrain_base`` is the map's terrain tables as written and ``terrain`` the tables the typed
    engine plays now (the scenery destroyed so far a devastated zone, the walls it shut open:
    ``terrain_base.devastated(state.destroyed)``); ``copy()`` is
    :meth:`TypedGame.copy` of this position. Nothing here runs the reference engine."""

    __slots__ = ("board", "profile", "plan", "state", "terrain", "terrain_base", "typed_game", "view", "_data",
                 "_engine")

    def __init__(self, game: "TypedGame", own_generator: bool = True):
        from .view import GameView

        data = game.engine.state()
        rng = game.engine.generator()
        self.board, self.profile, self.plan = game.board, game._profile, game._plan
        self._data, self._engine, self.typed_game = data, game.engine, game
        self.terrain = self.terrain_base = terrain_tables(game.board.rules)
        st = self.state = reference_state(game.board, data, game.names, rng.copy() if own_generator else rng,
                                          game.tables.colour_names)
        if st.destroyed:  # eden: the scenery as the typed engine plays it now
            self.terrain = self.terrain_base.devastated(st.destroyed)
        st.outcome = ("", "win", "loss")[data["outcome"]]
        st.cause = "" if data["outcome"] != 2 else _cause(data["cause"])
        st.seed = game.seed  # a bot may seed its own generator from the game's seed (the expert does)
        self.view = GameView(self)

    def step_met(self, i: int) -> bool:
        """Whether victory step ``i`` is met now (the typed engine's ``step_met``)."""
        return self._data["steps_met"][i]

    def door_passable(self, s: Any) -> int:
        """Doors (bitmask) survivor ``s`` (a :class:`~designer.engine.state.Survivor` of
        ``state``, or its index) may walk through or open now."""
        return self._engine.passable_doors(s if isinstance(s, int) else s.index)

    def danger_level(self) -> int:
        """The danger level of the most experienced survivor on the board (0 blue ... 3 red)."""
        return self._data["danger_level"]

    def copy(self, policy: Any = None) -> "TypedGame":
        """An independent typed game at this position (:meth:`TypedGame.copy`)."""
        return self.typed_game.copy(policy)


class TypedGame:
    """One game of the typed engine, steppable from Python.

    ``TypedGame(board, seed, policy, log=True, plan=plan)`` sets the game up; :meth:`play`
    plays it to the end, :meth:`play_turn` one turn, and the phases of a turn are
    :meth:`begin_turn`, :meth:`survivor_phase`, :meth:`zombie_phase` (the activation),
    :meth:`spawn_phase` and :meth:`end_phase`, called in that order. :meth:`view` reads the
    state (a :class:`TypedState`), :meth:`result` gives the record :meth:`Game.result` gives,
    :attr:`log` the reference engine's events and :meth:`transcript` their text. ``policy`` is
    a built-in bot the typed engine plays (``greedy``, ``cautious``, ``random``) or a callable
    ``policy(view, survivor, actions)``, called as the reference engine calls it."""

    def __init__(self, board: Board, seed: int = 0, policy: Any = "greedy", *, survivors: int | None = None,
                 log: bool = False, plan: Any = None, compiled: bool | None = None, heroes: Any = None,
                 resources: dict[str, int] | None = None):
        from .policies import resolve_policy
        from .typed import tables as typed_tables

        from .towns import has_library, town_of_seed, town_tables, typed_carried

        if has_library(board.scenario):  # a board library: the town this seed draws
            board, tables, problem = town_tables(board, town_of_seed(board, seed), plan)
        else:
            tables, problem = typed_tables.tables_for(board, plan)
        if problem is not None:
            raise ValueError(f"the typed engine cannot play this game: {problem}")
        if not 0 <= seed < 2**63:
            raise ValueError(f"game seeds must be 0 <= seed < 2**63, got {seed}")
        self.board = board
        self.tables = tables
        self.module = _typed_module(compiled)
        self.engine = self.module.Engine(self.tables)
        self.names = list(self.tables.names)
        self.seed = seed
        self.plan_steps = plan
        self._policy = policy
        self._error: BaseException | None = None
        self.engine.set_logging(log)
        self.logging = log
        code = POLICY_CODES.get(policy) if isinstance(policy, str) else None
        if code is None:
            self._policy = resolve_policy(policy)
            self.engine.set_trading(getattr(self._policy, "trades", False))
            self.engine.set_callback(self._decide)
            code = self.module.POLICY_CALLBACK
        self._pool: list = []
        """Engines of this board for copies of the game (a copy's engine goes back when the copy goes)."""
        self._pooled = False
        carried, names = typed_carried(board, heroes, self.tables.names)
        if names is not None:
            self.engine.lnoe_carry(names)
        self._stock_in = None if resources is None else dict(resources)
        """The party's stock going in (a campaign's ``resources``), or None: the scenario's own."""
        rnames = typed_tables.resource_names(board.scenario)
        if rnames:
            self.engine.set_resources([(resources or {}).get(n, -1) for n in rnames])
        self.engine.begin(seed, code, -1 if survivors is None else survivors, carried)
        self._stage = 0
        """The next phase of a turn begun phase by phase (1 survivors ... 4 end; 0: none)."""
        self._mid = False
        """Whether the game stands at a decision point of the survivors' phase (a copy made there)."""

    # -- decisions from outside ------------------------------------------------------------

    def _decide(self, engine: Any, si: int, na: int) -> int:
        try:
            acts = [action_tuple(self.tables, k, a, b) for k, a, b in engine.action_rows(na)]
            game = Position(self, own_generator=False)  # the policy's draws are the game's
            s = game.state.survivors[si]
            act = self._policy(game.view, s, acts)
            return acts.index(act) if act in acts else 0
        except BaseException as exc:  # the engine cannot raise through its phases: stop, re-raise after
            self._error = exc
            engine.stop()
            return 0

    def position(self) -> "Position":
        """This game at this moment as a policy reads it (:class:`Position`: the state, board,
        profile and plan, the typed engine's ``step_met``, ``door_passable`` and
        ``danger_level``; ``copy()`` gives a typed copy of this position). Its state is a fresh
        object, its generator a copy: changing them does not change this game."""
        return Position(self)

    # -- bots: copies, single actions, scripted dice ------------------------------------------

    def copy(self, policy: Any = None) -> "TypedGame":
        """An independent game in the same position (:meth:`Game.copy` on the typed engine):
        the whole state copied as arrays (``Engine.snapshot`` / ``restore``, the generator
        included) into an engine of its own, the position in the turn, the scripted dice. Made
        inside a decision (``view.copy_game()``), the copy stands at that decision point:
        :meth:`act` plays an action there, :meth:`play_on` asks the copy's policy. The copy's
        log is off. ``policy``: a bot the typed engine plays (by name) or a callable; by
        default this game's (a callable with a ``copy()`` method is copied)."""
        c = TypedGame.__new__(TypedGame)
        c.__dict__.update(self.__dict__)
        c.engine = self._pool.pop() if self._pool else self.module.Engine(self.tables)
        c._pooled = True
        c.engine.restore(self.engine.snapshot())
        c.engine.set_logging(False)
        c.logging = False
        c._error = None
        c._mid = self.engine.deciding() >= 0 or self._mid
        policy = policy if policy is not None else (
            self._policy.copy() if hasattr(self._policy, "copy") and not isinstance(self._policy, str) else self._policy)
        c._set_policy(policy)
        return c

    def _set_policy(self, policy: Any) -> None:
        code = POLICY_CODES.get(policy) if isinstance(policy, str) else None
        self._policy = policy
        if code is None:
            from .policies import resolve_policy

            self._policy = resolve_policy(policy)
            self.engine.set_callback(self._decide)
            code = self.module.POLICY_CALLBACK
        self.engine.set_trading(code == self.module.POLICY_CALLBACK and getattr(self._policy, "trades", False))
        self.engine.set_callback(self._decide if code == self.module.POLICY_CALLBACK else None)
        self.engine.set_policy(code)

    def determinize(self, rng: Any) -> None:
        """Deal this copy one future consistent with what the team knows, drawing from
        ``rng`` (a :class:`random.Random`) exactly as :func:`designer.engine.expert.determinize`
        does on a reference copy: the equipment and zombie decks reshuffled, the face-down
        tokens of each hidden group still on the board swapped, a generator of its own, no
        scripted dice."""
        d = self.engine.state()
        edeck, zdeck, obj_zone = d["edeck"], d["zdeck"], d["obj_zone"]
        rng.shuffle(edeck)
        rng.shuffle(zdeck)
        taken = d["taken"]
        for group in self.board.hidden_groups:
            left = [o for o in group if not taken[o]]
            if len(left) > 1:
                zones = [obj_zone[o] for o in left]
                rng.shuffle(zones)
                for o, zz in zip(left, zones):
                    obj_zone[o] = zz
        self.engine.set_deal(edeck, zdeck, obj_zone, rng.getrandbits(64))

    def evaluate(self, weights: tuple[float, ...]) -> float:
        """The expert's score of the position (:func:`designer.engine.expert.evaluate`, computed
        by the engine): ``weights`` are (win, loss, alive, wound, threat, step, plan, kill)."""
        return self.engine.evaluate(*weights)

    def action_code(self, action: tuple) -> tuple[int, int, int]:
        """The typed engine's (kind code, a, b) of an action written as the reference engine
        writes it (``("move", zone, connection)``, ``("melee", "kukri")``...)."""
        name = action[0]
        kind = _ACTIONS.index(name)
        index = self.tables.names
        if name in ("pass", "search", "noise", "leave", "seat", "douse"):
            return kind, 0, 0
        if name == "drive":
            return kind, action[1], action[2]
        if name == "move":
            return kind, action[1], action[2]
        if name == "give":
            return kind, action[1], index[action[2]]
        if name == "melee":
            return kind, index[action[1]], 0
        if name == "ranged":
            return kind, index[action[1]], action[2]
        return kind, action[1], 0

    def act(self, action: tuple) -> None:
        """Play one action for the survivor deciding now (a game copied at a decision point),
        as the survivors' phase plays its policy's choice: an action that is not legal is a
        pass (:meth:`Game.act`)."""
        if self.engine.deciding() < 0 or self.engine.ended():
            raise RuntimeError("act() plays an action at a decision point of the survivors' phase; "
                               "this game is not at one")
        self.engine.act(*self.action_code(action))
        self._raise()

    def legal_actions(self, survivor: int | None = None) -> list[tuple]:
        """The legal actions of a survivor (by default the one deciding now), as the reference
        engine writes them."""
        si = self.engine.deciding() if survivor is None else survivor
        return [action_tuple(self.tables, k, a, b) for k, a, b in self.engine.legal(si)]

    def apply(self, survivor: int, action: tuple) -> None:
        """Apply one action for a survivor without asking whether it is legal (a rulebook
        position played by hand, :meth:`Game.apply`)."""
        self.engine.apply_one(survivor, *self.action_code(action))

    @property
    def script(self) -> list[int] | None:
        """Dice results rolled instead of the generator until they run out (``Game.script``)."""
        return self.engine.script_left() or None

    @script.setter
    def script(self, dice: list[int] | None) -> None:
        self.engine.set_script(list(dice or ()))

    def play_on(self, max_turns: int | None = None) -> GameResult:
        """Carry on from where the game stands and return its record (:meth:`Game.play_on`):
        from a decision point the turn goes on there (the survivor deciding decides again, then
        the survivors after it, the zombies' phase and the end phase); then whole turns follow
        until the game ends or, with ``max_turns``, until that many turns have ended (the
        unfinished turn counts as one)."""
        ended = 0
        if self._stage:
            for stage in range(self._stage, 4):
                (self.survivor_phase, self.zombie_phase, self.spawn_phase, self.end_phase)[stage - 1]()
            ended = 1
        elif self._mid and not self.engine.ended():
            self.engine.finish_turn()
            self._raise()
            ended = 1
        self._mid = False
        while not self.engine.ended() and (max_turns is None or ended < max_turns):
            self.play_turn()
            ended += 1
        return self.result()

    @property
    def _profile(self) -> Any:
        p = self.__dict__.get("_profile_")
        if p is None:
            from .profiles import make_profile

            s = self.board.scenario
            p = self.__dict__["_profile_"] = make_profile(s.setup.rules.profile, s.setup.rules.overrides)
        return p

    @property
    def _plan(self) -> Any:
        """The plan the bots follow: the plan of the start zone the game drew
        (:func:`~designer.engine.view.plan_for_start`, as the engine's set-up picks it)."""
        p = self.__dict__.get("_plan_")
        if p is None:
            from .view import plan_for_start

            z = self.engine.state().get("plan_start", -1)
            p = self.__dict__["_plan_"] = plan_for_start(self.plan_steps, self.board.zone_ids[z] if z >= 0 else None)
        return p

    def step_met(self, i: int) -> bool:
        """Whether victory step ``i`` is met now."""
        return self.engine.state()["steps_met"][i]

    def resolve_card(self, card: int, zone: int) -> None:
        """Resolve card ``card`` of the zombie deck for a zone at the game's danger level
        (:meth:`Game.resolve_card`, which takes the card's row for the level)."""
        self.engine.resolve(card, zone)

    def move_cost(self, survivor: int, c: int) -> int:
        """The actions survivor ``survivor`` spends to move across connection ``c`` now."""
        return self.engine.move_actions(survivor, c)

    def __del__(self) -> None:
        if self.__dict__.get("_pooled"):  # a copy's engine serves the next copy
            self.__dict__["_pool"].append(self.engine)

    def _raise(self) -> None:
        if self._error is not None:
            err, self._error = self._error, None
            raise err

    @classmethod
    def from_state(cls, board: Board, st: Any, policy: Any = "greedy", *, plan: Any = None,
                   compiled: bool | None = None, log: bool = False) -> "TypedGame":
        """A typed game standing on a reference :class:`~designer.engine.state.GameState`
        (a rulebook position built by hand: ``board.new_state()``, ``add_survivor``,
        ``place_zombies``, noise, doors); its generator is the state's own (a copy)."""
        g = cls(board, 0, policy, plan=plan, compiled=compiled, log=log, survivors=0)
        g.engine.load(engine_position(board, st, g.tables.names, g.tables.colour_names))
        g.engine.set_logging(log)
        return g

    def sync_into(self, st: Any) -> None:
        """Write this game's state back into a reference state (the same survivor objects
        updated in place), so a test reads either engine's result the same way."""
        d = self.engine.state()
        for s, sv in zip(st.survivors, d["survivors"]):
            s.zone, s.wounds, s.health, s.xp = sv["zone"], sv["wounds"], sv["health"], sv["xp"]
            s.items = [self.names[i] for i in sv["items"]]
            s.alive, s.escaped, s.searched, s.moved = sv["alive"], sv["escaped"], sv["searched"], sv["moved"]
            s.actions_left = sv["actions_left"]
            s.came_from = sv.get("came_from", -1)
        for z in list(st.zombies.keys()) if hasattr(st.zombies, "keys") else range(len(st.zombies)):
            st.zombies[z] = [0] * len(ZTYPES)
        for z, row in d["zombies"].items():
            st.zombies[z] = list(row[:len(ZTYPES)])
        st.pool = list(d["pool"][:len(ZTYPES)])
        st.zombie_actions, st.survivor_actions, st.kills = d["zombie_actions"], d["survivor_actions"], d["kills"]
        st.kills_by_type = list(d["kills_by_type"][:len(ZTYPES)])
        st.spawned_by_type = list(d["spawned_by_type"][:len(ZTYPES)])
        st.doors_open, st.doors_unlocked, st.doors_ever = d["doors_open"], d["doors_unlocked"], d["doors_ever"]
        st.held, st.holders, st.broken = d.get("held", 0), tuple(d.get("holders", st.holders)), d.get("broken", 0)
        st.zdeck, st.zdiscard = list(d["zdeck"]), list(d["zdiscard"])
        for z, n in d["noise"].items():
            st.noise[z] = n
            st.noisy.add(z)
        for z in list(st.noise.keys()) if hasattr(st.noise, "keys") else range(len(st.noise)):
            if st.noise[z] and z not in d["noise"]:
                st.noise[z] = 0
        st.rng = self.engine.generator()

    def activate(self, types: Iterable[int] | None = None, runners_second: bool = False) -> None:
        """One activation of the zombies (of ``types``, zombie type indices; all when None), as
        :meth:`Game.activate`."""
        mask = -1 if types is None else sum(1 << t for t in types)
        self.engine.activation(mask, runners_second)

    def spawn(self, zone: int, t: int, count: int) -> None:
        """Place ``count`` zombies of type ``t`` in a zone as a spawn does (:meth:`Game.spawn`)."""
        self.engine.spawn_zombies(zone, t, count)

    def draw_spawn_card(self, zone: int) -> None:
        """Draw a zombie card for a zone and resolve it (:meth:`Game.draw_spawn_card`)."""
        self.engine.spawn_card(zone)

    # -- phases ------------------------------------------------------------------------------

    def begin_turn(self) -> None:
        self.engine.begin_turn()
        self._stage = 1

    def survivor_phase(self) -> None:
        self.engine.survivors_act()
        self._stage = 2
        self._raise()

    def zombie_phase(self) -> None:
        self.engine.zombies_act()
        self._stage = 3

    def spawn_phase(self) -> None:
        self.engine.zombies_spawn()
        self._stage = 4

    def end_phase(self) -> None:
        self.engine.end_turn()
        self._stage = 0

    def play_turn(self) -> None:
        self.engine.whole_turn()
        self._raise()

    def play(self, max_turns: int | None = None) -> GameResult:
        """Play on to the end (or ``max_turns`` more turns) and return the record."""
        if self._mid or self._stage:  # a copy made inside a turn: the turn goes on from there
            return self.play_on(max_turns)
        turns = 0
        while not self.engine.ended() and (max_turns is None or turns < max_turns):
            self.play_turn()
            turns += 1
        return self.result()

    @property
    def over(self) -> bool:
        return self.engine.ended()

    # -- reading -----------------------------------------------------------------------------

    def heroes_out(self) -> list[dict]:
        """The survivors alive at the end, as campaign heroes (:meth:`Game.heroes_out`)."""
        out = [{"items": [self.names[i] for i in items], "xp": xp, "wounds": wounds}
               for items, xp, wounds in self.engine.heroes_out()]
        return hero_names(self.board, self.engine.lnoe_heroes(), out)

    @property
    def state(self) -> Any:
        """The reference engine's :class:`~designer.engine.state.GameState` of this game as it
        stands (a fresh object each time: changing it does not change the game)."""
        return reference_state(self.board, self.engine.state(), self.names, self.engine.generator().copy(),
                               self.tables.colour_names)

    def view(self) -> TypedState:
        return TypedState(self.engine.state(), self.names)

    @property
    def log(self) -> list[dict] | None:
        if not self.logging:
            return None
        return render_events(self.board, self.tables, self.engine.events())

    def log_lines(self) -> Iterable[str]:
        """The log as JSON lines (as :meth:`Game.log_lines` writes them)."""
        import json

        for e in self.log or []:
            yield json.dumps(e, sort_keys=True)

    def transcript(self) -> str:
        return transcript(self.log or [], self.board)

    def result(self) -> GameResult:
        from .table import CAUSES, DANGERS

        d, b = self.engine.state(), self.board
        won = d["outcome"] == 1
        sv = d["survivors"]
        nt = len(ZTYPES)
        r = GameResult(
            seed=self.seed, won=won, cause="" if won else CAUSES[d["cause"]], turns=d["turn"], survivors=len(sv),
            survivors_dead=sum(1 for s in sv if not s["alive"]),
            survivors_escaped=sum(1 for s in sv if s["escaped"]), kills=d["kills"],
            **{f"kills_{t}": n for t, n in zip(RECORD_TYPES, record_counts(d["kills_by_type"]))},
            zombies_spawned=sum(d["spawned_by_type"][:nt]),
            **{f"spawned_{t}": n for t, n in zip(RECORD_TYPES, record_counts(d["spawned_by_type"]))},
            objectives={b.obj_ids[o]: t for o, t in d["objective_turns"]},
            max_danger=DANGERS[d["max_danger"]], survivor_actions=d["survivor_actions"],
            zombie_actions=d["zombie_actions"],
            zone_deaths={b.zone_ids[z]: n for z, n in d["zone_deaths"].items()},
            zone_kills={b.zone_ids[z]: n for z, n in d["zone_kills"].items()},
            zone_visits={b.zone_ids[z]: n for z, n in d["zone_visits"].items()},
            **self.engine.lnoe_result(),
            **({"points": self.engine.points()} if getattr(b.scenario, "points", None) is not None else {}),
            **self._resources())
        return r

    def _resources(self) -> dict:
        """The record's resources (a scenario that gains or spends one: Arctic Scavengers)."""
        from .typed.tables import resource_names
        from .record import resource_stock

        names = resource_names(self.board.scenario)
        stock_in = self.__dict__.get("_stock_in")
        if not names:
            return {} if stock_in is None else {"resources": dict(stock_in), "resources_short": 0}
        stock, order, short = self.engine.resources_out()
        return {"resources": resource_stock(names, stock_in, stock, order), "resources_short": short}


class HandGame:
    """A game on a position built by hand (a :class:`~designer.engine.state.GameState`:
    ``board.new_state()``, ``add_survivor``, ``place_zombies``, noise, doors), mutated in place
    as it is stepped: each step (a phase, ``activate``, ``spawn``, ``apply``, ``play_turn``,
    ``play``...) loads the state as it stands into a typed game (:meth:`TypedGame.from_state`),
    runs the step there and writes the result back into the same state, the same survivor
    objects included (:meth:`TypedGame.sync_into`), so a rulebook position may be changed
    between two steps. ``script`` (dice rolled instead of the generator) carries from step to
    step. The rules are the typed engine's (``designer.engine.Game(board, state=st)`` gives one)."""

    def __init__(self, board: Board, state: Any, policy: Any = "greedy", *, plan: Any = None, log: bool = False,
                 compiled: bool | None = None):
        self.board, self.state, self.policy, self.plan_steps = board, state, policy, plan
        self.logging, self.compiled, self.script = log, compiled, None
        self.last: TypedGame | None = None
        """The typed game of the last step (its record, log, engine)."""

    def _game(self) -> TypedGame:
        g = TypedGame.from_state(self.board, self.state, self.policy, plan=self.plan_steps, compiled=self.compiled,
                                 log=self.logging)
        g.script = self.script
        return g

    def _step(self, name: str, *args: Any) -> Any:
        g = self.last = self._game()
        try:
            return getattr(g, name)(*args)
        finally:
            g.sync_into(self.state)
            self.script = g.script

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or not callable(getattr(TypedGame, name, None)):
            raise AttributeError(name)
        return lambda *args: self._step(name, *args)

    def apply(self, s: Any, action: tuple) -> None:
        """Apply one action for a survivor (its object or its index) without asking whether it
        is legal."""
        self._step("apply", getattr(s, "index", s), action)

    def move_cost(self, s: Any, c: int) -> int:
        return self._step("move_cost", getattr(s, "index", s), c)

    def danger_level(self) -> int:
        return self._game().position().danger_level()

    def noise_map(self) -> dict[int, int]:
        return self._game().engine.noise_levels()

    def legal_actions(self, s: Any = None) -> list[tuple]:
        return self._game().legal_actions(None if s is None else getattr(s, "index", s))

    @property
    def log(self) -> list[dict] | None:
        return self.last.log if self.last is not None else ([] if self.logging else None)

    def result(self) -> GameResult:
        return (self.last or self._game()).result()


def play_typed(scenario: Any, seed: int = 0, policy: Any = "greedy", *, survivors: int | None = None,
               log: bool = False, board: Board | None = None, plan: Iterable[Any] | None = None,
               compiled: bool | None = None) -> GameResult:
    """:func:`designer.engine.play` on the typed engine (the caller checks
    :func:`typed_reason` first): the same record, and with ``log`` the same events."""
    board = board or Board(scenario)
    game = TypedGame(board, seed, policy, survivors=survivors, log=log, plan=plan, compiled=compiled)
    result = game.play()
    if log:
        result["log"] = game.log
    return result
