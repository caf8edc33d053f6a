"""The compiled core: whole games played in C, the same games as the reference engine.

:class:`~designer.engine.game.Game` is the reference: readable, steppable, with logs and
transcripts, and the rules live there. ``_core.c`` plays the same rules for the built-in rule
profiles and bots, rolling the same dice from the same seeds (CPython's Mersenne Twister, drawn
the way ``random.Random`` draws), so a batch played by the core gives record for record what the
reference engine gives; the tests compare them game by game on every sample scenario, profile and
bot.

Batches (:func:`designer.engine.batch.play_chunk`) use the core when it is built and the game is
one it plays; otherwise, and with ``DESIGNER_ENGINE=python`` in the environment, the reference
engine plays. :func:`unsupported` says why a game goes to the reference engine: a policy given
as a Python callable, heroes carried over from a campaign with items the board's tables do not
list, a profile subclassed in Python, or a board beyond the core's fixed sizes.
"""

from __future__ import annotations

import os
import struct
from typing import Any

from ..rules.equipment import ITEMS, Item, item
from .board import INF, ZINDEX, ZTYPES, Board
from .cards import DECKS
from .game import item_value, parse_dice
from .profiles import House, LastNightOnEarth, Profile, Zombicide, make_profile
from .seeds import game_seed
from .table import CAUSES, SCALARS, GameTable
from .view import PlanStep, as_plan

try:
    from . import _core
except ImportError:  # not built (no C compiler when installed): the reference engine plays
    _core = None

__all__ = ["POLICY_CODES", "available", "compile_board", "play_games", "play_range", "play_with_heroes",
           "unsupported"]

PACK_VERSION = 3
POLICY_CODES = {"greedy": 0, "casual": 0, "cautious": 1, "random": 2}
"""The bots the core plays (any other policy is played by the reference engine)."""

_PROFILE_CODES = {Zombicide: 0, LastNightOnEarth: 1, House: 2}
_OBJ = {"token": 0, "key": 1, "switch": 2, "item": 3, "search_marker": 4}
_EVENTS = {"objective_taken": 0, "switch_pressed": 1, "door_opened": 2, "zone_entered": 3, "turn_reached": 4,
           "kills_reached": 5}
_EFFECTS = {"open_door": 0, "close_door": 1, "toggle_door": 2, "unlock_door": 3, "lock_door": 4,
            "activate_spawn": 5, "deactivate_spawn": 6, "toggle_spawn": 7, "spawn_zombies": 8, "grant_xp": 9,
            "end_game": 10}
_STEPS = {"take_objectives": 0, "kill": 1, "reach_zone": 2, "escape": 3, "survive": 4, "clear_zones": 5,
          "open_doors": 6}
_PLAN = {"open": 0, "take": 1, "press": 2, "enter": 3, "cross": 4, "wait": 5, "kill": 6, "goal": 7}
_METHODS = {"cards": 0, "dice": 1, "fixed": 2}
_CARD_KINDS = {"spawn": 0, "extra": 1, "manhole": 2}

# the core's fixed sizes (bit sets of 64, survivors, inventory)
MAX_ZONES, MAX_BITS, MAX_SURVIVORS, MAX_ITEMS, MAX_MANHOLES = 2000, 62, 12, 40, 256


CORE_ZOMBIE_TYPES = 6
"""Zombie types ``_core.c`` plays (its ``NT``): with another number of rows in
``rules/zombies.py`` the core steps aside and the reference engine plays."""

_STALE: str | None = None
"""Why the built core cannot be used (set at the end of this module)."""


def available() -> bool:
    """Whether batches are played by the compiled core (built, for the current zombie table, and
    not switched off with ``DESIGNER_ENGINE=python``)."""
    return _core is not None and _STALE is None and os.environ.get("DESIGNER_ENGINE", "") != "python"


def _board_problem(board: Board, profile: Profile) -> str | None:
    s = board.scenario
    if type(profile) not in _PROFILE_CODES:
        return f"profile {type(profile).__name__} is not one the core plays"
    p = profile.params
    limits = [(board.n, MAX_ZONES, "zones"), (len(board.door_ids), MAX_BITS, "doors"),
              (len(board.obj_ids), MAX_BITS, "objectives"), (len(board.spawn_ids), MAX_BITS, "spawns"),
              (len(s.triggers), MAX_BITS, "triggers"), (len(board.manholes), MAX_MANHOLES, "manholes"),
              (p.max_items, MAX_ITEMS, "items a survivor carries"), (s.setup.survivors.max, MAX_SURVIVORS, "survivors")]
    for value, limit, what in limits:
        if value > limit:
            return f"{value} {what} (the core plays at most {limit})"
    if not 2 <= p.hero_dice <= 64:
        return "hero_dice outside 2-64"
    if any(len(g) > 256 for g in board.hidden_groups):
        return "a hidden group of more than 256 objectives"
    if any(h.items for h in s.setup.survivors.heroes):
        return "the survivors are dealt cards of their own (setup.survivors.heroes)"
    for name in ("tower_range", "security_push_back", "abominations_tear_fences", "zombies_cross_gates"):
        if getattr(p, name):
            return f"the rule override '{name}' (watchtowers, security zones, fences of Prison Outbreak)"
    return _mission_rule(s)


REFERENCE_ONLY_KINDS = {"effects": frozenset({"give_card", "rotate_gate"}),
                        "steps": frozenset({"no_zombies", "doors_closed", "no_zombie_path", "carry_items", "hold_zone"}),
                        "objectives": frozenset({"car"})}
"""Kinds of the Prison Outbreak mission rules the core does not play: a scenario using one is
played by the reference engine (:func:`_mission_rule`)."""


def _mission_rule(s: Any) -> str | None:
    """A Prison Outbreak mission rule the core does not play (the reference engine does)."""
    kinds = [st.kind for st in s.victory.steps if st.kind not in _STEPS]
    if kinds:
        return f"victory steps of kind {', '.join(dict.fromkeys(kinds))}"
    effects = [e.kind for t in s.triggers for e in t.then if e.kind not in _EFFECTS]
    if effects:
        return f"trigger effects of kind {', '.join(dict.fromkeys(effects))}"
    if any(o.kind not in _OBJ or getattr(o, "also", None) for o in s.objectives):
        return "cars, or items taken two at a time (objectives)"
    if s.defeat.carrier_dies:
        return "a carrier's death loses the game (defeat.carrier_dies)"
    if s.setup.start_groups:
        return "the survivors start in split groups (setup.start_groups)"
    if any(e.kind == "spawn_zombies" and (e.at_objective or e.instead) for t in s.triggers for e in t.then):
        return "zombies spawned where a shuffled token lay or instead of others (spawn_zombies)"
    return None


def unsupported(board: Board, policy: Any, survivors: int | None = None, heroes: Any = None,
                plan: Any = None) -> str | None:
    """Why a game of this board cannot be played by the core (None when it can)."""
    if _core is None:
        return "the compiled core is not built"
    if _STALE is not None:
        return _STALE
    if not isinstance(policy, str) or policy not in POLICY_CODES:
        return "the policy is a Python callable"
    if heroes is not None:
        if len(heroes) > MAX_SURVIVORS:
            return f"{len(heroes)} heroes (the core plays at most {MAX_SURVIVORS})"
        if any(len(h.get("items", ())) > MAX_ITEMS for h in heroes):
            return f"a hero carries more than {MAX_ITEMS} items"
    if survivors is not None and not 0 <= survivors <= MAX_SURVIVORS:
        return f"{survivors} survivors (the core plays 0-{MAX_SURVIVORS})"
    _, problem, names = _compiled(board, plan)
    if problem is None and heroes is not None:
        unknown = {n for h in heroes for n in h.get("items", ()) if n not in names}
        if unknown:
            return f"heroes carry items the board's tables do not list: {', '.join(sorted(unknown))}"
    return problem


def _compiled(board: Board, plan: Any) -> tuple[Any, str | None, dict[str, int]]:
    """(the packed core board, why the core cannot play it, the item table), cached in the
    board's ``compiled`` field per plan."""
    steps = as_plan(plan)
    key = ("core", steps)
    entry = board.compiled.get(key)
    if entry is None:
        s = board.scenario
        profile = make_profile(s.setup.rules.profile, s.setup.rules.overrides)
        problem = _board_problem(board, profile) if _core is not None else "the compiled core is not built"
        packed, names = None, {}
        if problem is None:
            data, names = pack(board, profile, steps)
            packed = _core.Board(data)
        entry = board.compiled[key] = (packed, problem, names)
    return entry


def compile_board(board: Board, plan: Any = None) -> Any:
    """The board packed for the core with the bots' witness plan (cached on the board); None
    when the core cannot play it."""
    return _compiled(board, plan)[0]


def play_games(board: Board, seeds: list[int], policy: str, survivors: int | None = None,
               first_index: int = -1, plan: Any = None) -> GameTable:
    """Play one game per seed (each below 2**63) in the core and return their table (``game``
    numbered from ``first_index``, or -1 when it is negative). The caller checks
    :func:`unsupported` first."""
    buffers = compile_board(board, plan).play(seeds, POLICY_CODES[policy], -1 if survivors is None else survivors,
                                        first_index)
    return GameTable.from_buffers(buffers, board.zone_ids, board.obj_ids)


def play_range(board: Board, base_seed: int, start: int, stop: int, policy: str,
               survivors: int | None = None, plan: Any = None) -> GameTable:
    """Play games ``start..stop`` of a run with base seed ``base_seed`` (game ``i`` plays with
    :func:`designer.engine.batch.game_seed` ``(base_seed, i)``, derived in the core) and return
    their table. The caller checks :func:`unsupported` first."""
    prefix = f"{base_seed}:".encode()
    if len(prefix) > 96:  # a base seed of more than 95 digits: derive the seeds here
        return play_games(board, [game_seed(base_seed, i) for i in range(start, stop)], policy, survivors, start,
                          plan)
    buffers = compile_board(board, plan).play_range(prefix, start, stop, POLICY_CODES[policy],
                                              -1 if survivors is None else survivors)
    return GameTable.from_buffers(buffers, board.zone_ids, board.obj_ids)


def play_with_heroes(board: Board, seed: int, policy: str, survivors: int | None,
                     heroes: list[dict] | None, plan: Any = None) -> tuple[dict, list[dict]]:
    """Play one game, with heroes carried over from an earlier one (dicts with ``items``, ``xp``
    and ``wounds``) or, when ``heroes`` is None, a new team; return (``won``, ``cause``,
    ``turns`` and ``survivors`` of its record, the heroes alive at the end as
    :meth:`Game.heroes_out` gives them). The caller checks :func:`unsupported` first."""
    packed, _, names = _compiled(board, plan)
    table = list(names)
    carried = None if heroes is None else [
        (tuple(names[n] for n in h.get("items", ())), h.get("xp", 0), h.get("wounds", 0)) for h in heroes]
    won, cause, turns, count, out = packed.play_heroes(
        seed, POLICY_CODES[policy], -1 if survivors is None else survivors, carried)
    record = {"won": won, "cause": CAUSES[cause], "turns": turns, "survivors": count}
    return record, [{"items": [table[i] for i in items], "xp": xp, "wounds": wounds} for items, xp, wounds in out]


# -- packing ---------------------------------------------------------------------------------------

def _csr(out: list[int], rows: list) -> None:
    for row in rows:
        out.append(len(row))
        for entry in row:
            if isinstance(entry, tuple):
                out.extend(int(x) for x in entry)
            else:
                out.append(int(entry))


def _double_bits(x: float) -> int:
    return struct.unpack("<q", struct.pack("<d", x))[0]


def pack(board: Board, profile: Profile, plan: tuple[PlanStep, ...] = ()) -> tuple[list[int], dict[str, int]]:
    """The flat list of integers ``_core.Board`` reads (same order as ``Board_new`` in _core.c),
    and the item table (name to index); ``plan`` is the bots' witness plan."""
    b, s = board, board.scenario
    p = profile.params
    out: list[int] = [PACK_VERSION, _PROFILE_CODES[type(profile)], p.actions, p.yellow_bonus, p.dark_actions,
                      p.max_items, *p.danger_xp, *p.toughness, *p.kill_xp, p.max_turns, int(p.building_spawn),
                      int(p.doors_need_item), int(p.pool_out_extra_activation), p.hero_dice, int(p.split_adds),
                      p.max_extra_activations]
    n = b.n
    out.append(n)
    for z in range(n):
        out += [int(b.searchable[z]), int(b.breakthrough[z]), min(b.max_zombies[z], INF),
                min(b.max_survivors[z], INF), int(b.dark[z]), int(b.fire[z]), int(b.is_exit[z]), b.building_of[z]]
    out.append(len(b.c_from))
    for c in range(len(b.c_from)):
        out += [b.c_from[c], b.c_to[c], b.c_door[c], b.c_cost[c], int(b.c_sight[c])]
    _csr(out, b.surv_adj)
    _csr(out, b.surv_back)
    _csr(out, [[(v, c, int(ok)) for v, c, ok in row] for row in b.zpath_adj])

    # items: every name a survivor may hold (index = position in this table)
    deck = s.setup.equipment_deck
    deck_names = [e.item for e in deck for _ in range(e.count)] if deck else \
        [nm for nm, c in profile.default_deck for _ in range(c)]
    names: dict[str, int] = {}
    for nm in [*deck_names, *s.setup.survivors.starting_equipment, *(v for lk in b.door_lock if lk for v in lk[1:]),
               *(x for x in b.obj_item if x), *ITEMS]:
        names.setdefault(nm, len(names))  # every known item too: heroes bring gear from other missions
    colours: dict[str, int] = {}
    for c in [*(lk[1] for lk in b.door_lock if lk and lk[0] == "colour"), *(c for c in b.obj_colour if c)]:
        colours.setdefault(c, len(colours))

    out.append(len(b.door_ids))
    for d in range(len(b.door_ids)):
        lock = b.door_lock[d]
        kind, value = (0, 0) if lock is None else (1, colours[lock[1]]) if lock[0] == "colour" else (2, names[lock[1]])
        out += [b.door_conn[d], kind, value, int(b.door_breakable[d]), int(b.door_spawns[d]), int(b.door_by_hand[d])]
    out += [b.door_open0, b.door_unlocked0]
    out.append(len(b.building_zones))
    _csr(out, b.building_zones)
    out.append(len(b.spawn_ids))
    for i in range(len(b.spawn_ids)):
        out += [b.spawn_zone[i], int(b.spawn_kind[i] == "manhole")]
    out.append(b.spawn_active0)
    out.append(len(b.manholes))
    out += b.manholes
    for z in range(n):
        tiles = set(b.zone_tiles[z])
        out += [int(bool(tiles & set(b.zone_tiles[mz]))) for mz in b.manholes]
    out.append(len(b.obj_ids))
    for o in range(len(b.obj_ids)):
        out += [_OBJ[b.obj_kind[o]], b.obj_zone0[o], b.obj_xp[o], colours.get(b.obj_colour[o], -1) if b.obj_colour[o] else -1,
                names[b.obj_item[o]] if b.obj_item[o] else -1, int(b.obj_repeatable[o])]
    out.append(len(b.hidden_groups))
    _csr(out, b.hidden_groups)
    out += [len(b.start_zones), *b.start_zones, len(b.exits), *b.exits]
    out.append(len(b.sight_lines))
    _csr(out, b.sight_lines)
    for t in range(n):
        out += b.zdist_all[t]

    out.append(len(s.triggers))
    for t in s.triggers:
        ev = t.when
        target = {"objective_taken": lambda: b.obj_index[ev.objective], "switch_pressed": lambda: b.obj_index[ev.switch],
                  "door_opened": lambda: b.door_index[ev.door], "zone_entered": lambda: b.zone_index[ev.zone],
                  "turn_reached": lambda: ev.turn, "kills_reached": lambda: ev.count}[ev.kind]()
        out += [_EVENTS[ev.kind], target, int(t.once), len(t.then)]
        for e in t.then:
            k = e.kind
            a = b.door_index[e.door] if hasattr(e, "door") else b.spawn_index[e.spawn] if hasattr(e, "spawn") else \
                b.zone_index[e.zone] if k == "spawn_zombies" else 0
            dice = parse_dice(e.dice) if k == "spawn_zombies" and e.dice else (0, 1, 0)
            out += [_EFFECTS[k], a, ZINDEX[e.zombie] if k == "spawn_zombies" else 0, getattr(e, "count", 0),
                    *dice, int(k == "spawn_zombies" and bool(e.dice)), getattr(e, "amount", 0),
                    int(getattr(e, "to", "") == "actor"), int(getattr(e, "outcome", "") == "win")]

    v = s.victory
    out += [int(v.ordered), len(v.steps)]
    for step in v.steps:
        k = step.kind
        if k == "take_objectives":
            ids = [b.obj_index[o] for o in (step.objectives or
                                            [o for o, kind in zip(b.obj_ids, b.obj_kind) if kind in ("token", "key")])]
        elif k in ("reach_zone", "clear_zones"):
            ids = [b.zone_index[z] for z in step.zones]
        elif k == "open_doors":
            ids = [b.door_index[d] for d in step.doors]
        else:
            ids = []
        ztype = getattr(step, "zombie", None)
        out += [_STEPS[k], int(getattr(step, "who", "any") == "all"), getattr(step, "count", 0),
                ZINDEX[ztype] if ztype else -1, getattr(step, "turns", 0), len(ids), *ids]
    limit = s.setup.turn_limit
    out += [int(s.defeat.any_survivor_dies), int(s.defeat.at_turn_limit), -1 if limit is None else limit]

    pool = [0] * len(ZTYPES)
    for name, count in s.setup.zombie_pool.items():
        pool[ZINDEX[name]] = count
    m = s.setup.spawn_method
    mdice = parse_dice(m.dice) if m.kind == "dice" else (0, 1, 0)
    out += [*pool, _METHODS[m.kind], *mdice, getattr(m, "count", 0)]
    cards = DECKS.get(m.deck if m.kind == "cards" else "standard", DECKS["standard"])
    out.append(len(cards))
    for card in cards:
        for entry in card:
            out += [_CARD_KINDS[entry[0]], ZINDEX[entry[1]], entry[2] if len(entry) > 2 else 0]
    out += [len(deck_names), *(names[nm] for nm in deck_names)]
    sv = s.setup.survivors
    out += [sv.min, sv.max, sv.health, len(sv.starting_equipment), *(names[nm] for nm in sv.starting_equipment),
            sv.starting_cards]
    out.append(len(s.setup.zombies))
    for pz in s.setup.zombies:
        out += [b.zone_index[pz.zone], ZINDEX[pz.zombie], pz.count]
    out.append(len(names))
    for nm in names:
        it: Item = item(nm)
        out += [it.dice, it.accuracy, it.damage, it.min_range, it.max_range, int(it.dual), int(it.noisy_attack),
                int(it.opens_doors), int(it.noisy_door), int(it.search_bonus), int(it.aaah),
                _double_bits(item_value(b, nm))]

    out.append(len(plan))
    for step in plan:
        a = step.action
        target = {"open": lambda: b.door_index[step.target], "take": lambda: b.obj_index[step.target],
                  "press": lambda: b.obj_index[step.target], "enter": lambda: b.zone_index[step.target],
                  "cross": lambda: b.conn_index[step.target]}.get(a, lambda: int(step.target) if step.target else 0)()
        out += [_PLAN.get(a, 8), target, b.zone_index.get(step.zone, -1)]
    out.append(0x5EED)
    return out, names


if _core is not None and (_core.NSCALARS != len(SCALARS) or len(ZTYPES) != CORE_ZOMBIE_TYPES):
    # a core built for another table of zombie types (rules/zombies.py has changed since _core.c):
    # the reference engine plays every game until _core.c follows
    _STALE = (f"the compiled core was written for {CORE_ZOMBIE_TYPES} zombie types, the zombie table has "
              f"{len(ZTYPES)}")

