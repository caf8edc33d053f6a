"""The typed engine's tables, read from a :class:`~designer.engine.board.Board` (the compiled
scenario) and its rule profile: one integer array per field, sized from the board.

Everything here is built once per board and plan (:func:`tables_for` caches it in the board's
``compiled`` field); the games themselves never touch a Python object (:mod:`.play`). Codes
(objective kinds, events, effects, victory steps, plan actions) are the module constants below,
which :mod:`.play` declares with the same values.
"""

from __future__ import annotations

from array import array
from itertools import accumulate
from typing import Any

from ...rules.compiled import EV_PRESSED, FX_CLOSE, FX_LOCK, FX_OPEN, FX_TOGGLE
from ...rules.equipment import ITEMS, item
from ...rules.terrain import BURN_DICE, BURN_WOUND_ON, DEVASTATED_OBSTRUCTION, SWIM_MOVE_COST, terrain_tables
from ...rules.zombies import ZINDEX, ZTYPES
from ..board import INF, Board, collector_paused
from ..cards import DECKS
from ...rules.profiles import Params, default_deck, profile_params
from ..shared import SURVIVOR_ACTION_LIMIT, fall_levels, house_zones, item_value, parse_dice
from ..view import PlanStep, as_plan

__all__ = ["MAX_ITEMS", "MAX_SURVIVORS", "PROFILE_CODES", "RuleProfile", "Tables", "build", "rule_profile",
           "tables_for"]

PROFILE_CODES = {"zombicide": 0, "lnoe": 1, "house": 2}
"""The rule profiles the typed engine plays, by id (``setup.rules.profile``): a profile is
chosen by its id and tuned by ``setup.rules.overrides``, never subclassed (docs/engine.md)."""


class RuleProfile:
    """A rule profile as the typed engine reads it: its id, its numbers (``Params``, the
    scenario's overrides applied) and its default search deck. The reference engine's profile
    objects (:mod:`designer.engine.profiles`) carry the same three fields and are read alike."""

    __slots__ = ("id", "params", "default_deck")

    def __init__(self, profile_id: str, params: Params, deck: tuple[tuple[str, int], ...]):
        self.id, self.params, self.default_deck = profile_id, params, deck


def rule_profile(scenario: Any) -> RuleProfile:
    """The profile a scenario is played with (``setup.rules``: its id and overrides;
    :class:`~designer.rules.profiles.ProfileError` for an unknown id or a bad override)."""
    rules = scenario.setup.rules
    return RuleProfile(rules.profile, profile_params(rules.profile, rules.overrides), default_deck(rules.profile))

OBJ = {"token": 0, "key": 1, "switch": 2, "item": 3, "search_marker": 4}
OBJ.update({"car": 5})
EVENTS = {"objective_taken": 0, "switch_pressed": 1, "door_opened": 2, "zone_entered": 3, "turn_reached": 4,
          "kills_reached": 5}
EFFECTS = {"open_door": 0, "close_door": 1, "toggle_door": 2, "unlock_door": 3, "lock_door": 4,
           "activate_spawn": 5, "deactivate_spawn": 6, "toggle_spawn": 7, "spawn_zombies": 8, "grant_xp": 9,
           "end_game": 10}
STEPS = {"take_objectives": 0, "kill": 1, "reach_zone": 2, "escape": 3, "survive": 4, "clear_zones": 5,
         "open_doors": 6}
EFFECTS.update({"give_card": 11, "rotate_gate": 12})
STEPS.update({"no_zombies": 7, "doors_closed": 8, "no_zombie_path": 9, "carry_items": 10, "hold_zone": 11})
EFFECTS.update({"gain_resource": 50, "spend_resource": 51})  # eden: campaign resources (eden_rules)
EFFECTS.update({"set_fire": 55})  # eden: flammable scenery set alight (its a: the piece, its count: the markers)
PLAN = {"open": 0, "take": 1, "press": 2, "enter": 3, "cross": 4, "wait": 5, "kill": 6, "goal": 7, "search": 8, "move": 9}
METHODS = {"cards": 0, "dice": 1, "fixed": 2}
CARD_KINDS = {"spawn": 0, "extra": 1, "manhole": 2}

# survivors, items one survivor carries (the profile's ``max_items``; the engine's rows hold 72), a house's doors
from ...rules.limits import MAX_HOUSE_DOORS, MAX_ITEMS, MAX_SURVIVORS  # noqa: E402  (written once there)


def _ints(values) -> array:
    a = array("i", values)
    if not a:
        a.append(0)  # never an empty buffer (a typed view of it is indexable at 0)
    return a


def _csr(rows: list[list], width: int) -> tuple[array, list[array]]:
    """Rows of entries (ints, or tuples of ``width`` ints) as a start array (len(rows) + 1) and
    one column per entry field."""
    start = array("i", [0])
    start.extend(accumulate(map(len, rows)))
    flat = [entry for row in rows for entry in row]
    if width == 1:
        cols = [array("i", map(int, flat))]
    else:
        cols = [array("i", map(int, col)) for col in zip(*flat)] if flat else [array("i") for _ in range(width)]
    for c in cols:
        if not c:
            c.append(0)
    return start, cols


class Tables:
    """The typed engine's view of one board, one profile and one witness plan (plain arrays and
    ints; :class:`designer.engine.typed.play.Engine` copies them into typed fields)."""

    def __init__(self, **fields: Any):
        self.__dict__.update(fields)


def problem(board: Board, profile: RuleProfile) -> str | None:
    """Why the typed engine cannot play this board (None when it can)."""
    s = board.scenario
    if profile.id not in PROFILE_CODES:
        return f"the rule profile '{profile.id}' is not one the typed engine plays"
    p = profile.params
    limits = [(p.max_items, MAX_ITEMS, "items a survivor carries"), (s.setup.survivors.max, MAX_SURVIVORS, "survivors")]
    for value, limit, what in limits:
        if value > limit:
            return f"{value} {what} (the typed engine plays at most {limit})"
    if not 2 <= p.hero_dice <= 64:
        return "hero_dice outside 2-64"
    if len(s.setup.survivors.starting_equipment) > 20:
        return "more than 20 items of starting equipment"
    if profile.id == "house" and len(board.door_ids) > MAX_HOUSE_DOORS:
        return (f"a house board of {len(board.door_ids)} doors, more than {MAX_HOUSE_DOORS} (closed doors and lost "
                f"keys are one 64-bit word)")
    return None


def build(board: Board, profile: RuleProfile, plan: tuple[PlanStep, ...] = ()) -> Tables:
    """The tables of ``board`` played with ``profile`` and the bots' witness plan ``plan``."""
    b, s = board, board.scenario
    p = profile.params
    n = b.n
    t: dict[str, Any] = dict(
        profile=PROFILE_CODES[profile.id], actions=p.actions, yellow_bonus=p.yellow_bonus,
        dark_actions=p.dark_actions, max_items=p.max_items, danger_xp=_ints(p.danger_xp),
        tough=_ints(p.toughness), kill_xp=_ints(p.kill_xp), max_turns=p.max_turns,
        building_spawn=int(p.building_spawn), doors_need_item=int(p.doors_need_item),
        pool_out=int(p.pool_out_extra_activation), hero_dice=p.hero_dice, split_adds=int(p.split_adds),
        max_extra=p.max_extra_activations, n=n, nt=len(ZTYPES))
    t.update(searchable=_ints(int(x) for x in b.searchable), breakthrough=_ints(int(x) for x in b.breakthrough),
             max_z=_ints(min(x, INF) for x in b.max_zombies), max_s=_ints(min(x, INF) for x in b.max_survivors),
             dark=_ints(int(x) for x in b.dark), fire=_ints(int(x) for x in b.fire),
             is_exit=_ints(int(x) for x in b.is_exit), building_of=_ints(b.building_of))
    nc = len(b.c_from)
    t.update(nc=nc, c_from=_ints(b.c_from), c_to=_ints(b.c_to), c_door=_ints(b.c_door), c_cost=_ints(b.c_cost),
             c_sight=_ints(int(x) for x in b.c_sight))
    t["sadj_start"], (t["sadj_v"], t["sadj_c"]) = _csr(b.surv_adj, 2)
    t["sback_start"], (t["sback_u"], t["sback_c"]) = _csr(b.surv_back, 2)
    t["zadj_start"], (t["zadj_v"], t["zadj_c"], t["zadj_ok"]) = _csr(
        [[(v, c, int(ok)) for v, c, ok in row] for row in b.zpath_adj], 3)
    back: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u in range(n):
        for v, c, _ in b.zpath_adj[u]:
            back[v].append((u, c))
    t["zback_start"], (t["zback_u"], t["zback_c"]) = _csr(back, 2)
    # connections that carry sight, per zone (the other end and the connection)
    sight_conns: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for c in range(nc):
        if b.c_sight[c]:
            sight_conns[b.c_from[c]].append((b.c_to[c], c))
            sight_conns[b.c_to[c]].append((b.c_from[c], c))
    t["sc_start"], (t["sc_v"], t["sc_c"]) = _csr(sight_conns, 2)
    t["line_start"], (t["line_zones"],) = _csr(b.sight_lines, 1)
    on_lines: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for li, line in enumerate(b.sight_lines):
        for i, z in enumerate(line):
            on_lines[z].append((li, i))
    t["zl_start"], (t["zl_line"], t["zl_pos"]) = _csr(on_lines, 2)

    # items: every name a survivor may hold (index = position in this table)
    deck = s.setup.equipment_deck
    deck_names = [e.item for e in deck for _ in range(e.count)] if deck else \
        [nm for nm, c in profile.default_deck for _ in range(c)]
    names: dict[str, int] = {}
    for nm in [*deck_names, *s.setup.survivors.starting_equipment, *(v for lk in b.door_lock if lk for v in lk[1:]),
               *(x for x in b.obj_item if x), *(x for xs in b.rules.obj_one_of for x in xs), *ITEMS, *(n for h in s.setup.survivors.heroes for n in h.items)]:
        names.setdefault(nm, len(names))  # every known item too: heroes bring gear from other missions
    for nm in _mission_items(s):
        names.setdefault(nm, len(names))
    colours: dict[str, int] = {}
    for c in [*(lk[1] for lk in b.door_lock if lk and lk[0] == "colour"), *(c for c in b.obj_colour if c)]:
        colours.setdefault(c, len(colours))
    t["colour_names"] = list(colours)  # a colour's bit in the engine's set of colours found
    nd = len(b.door_ids)
    kinds, values = [], []
    for d in range(nd):
        lock = b.door_lock[d]
        kind, value = (0, 0) if lock is None else (1, colours[lock[1]]) if lock[0] == "colour" else (2, names[lock[1]])
        kinds.append(kind)
        values.append(value)
    t.update(nd=nd, door_conn=_ints(b.door_conn), lock_kind=_ints(kinds), lock_val=_ints(values),
             door_breakable=_ints(int(x) for x in b.door_breakable), door_spawns=_ints(int(x) for x in b.door_spawns),
             door_by_hand=_ints(int(x) for x in b.door_by_hand), door_open0=b.door_open0,
             door_unlocked0=b.door_unlocked0, nbld=len(b.building_zones))
    t["bld_start"], (t["bld_zones"],) = _csr(b.building_zones, 1)
    t.update(nsp=len(b.spawn_ids), sp_zone=_ints(b.spawn_zone),
             sp_manhole=_ints(int(k == "manhole") for k in b.spawn_kind), spawn_active0=b.spawn_active0,
             nman=len(b.manholes), man_zone=_ints(b.manholes))
    # per zone, the manholes on a tile it shares
    mtiles = [set(b.zone_tiles[mz]) for mz in b.manholes]
    near = [[m for m, tiles in enumerate(mtiles) if tiles & set(b.zone_tiles[z])] if b.zone_tiles[z] else []
            for z in range(n)]
    t["zman_start"], (t["zman_m"],) = _csr(near, 1)
    nobj = len(b.obj_ids)
    t.update(nobj=nobj, obj_kind=_ints(OBJ[k] for k in b.obj_kind), obj_zone0=_ints(b.obj_zone0),
             obj_xp=_ints(b.obj_xp), obj_colour=_ints(colours[c] if c else -1 for c in b.obj_colour),
             obj_item=_ints(names[x] if x else -1 for x in b.obj_item),
             obj_repeatable=_ints(int(x) for x in b.obj_repeatable), ngroups=len(b.hidden_groups),
             max_group=max((len(g) for g in b.hidden_groups), default=0))
    t["grp_start"], (t["grp_objs"],) = _csr(b.hidden_groups, 1)
    t.update(nstart=len(b.start_zones), start_zones=_ints(b.start_zones), nexit=len(b.exits), exits=_ints(b.exits))

    # triggers and their effects
    tr_kind, tr_target, tr_once, estart = [], [], [], [0]
    eff: dict[str, list[int]] = {k: [] for k in ("kind", "a", "ztype", "count", "dcount", "dsides", "dbonus",
                                                 "has_dice", "amount", "to_actor", "win")}
    for tr in s.triggers:
        ev = tr.when
        target = {"objective_taken": lambda: b.obj_index[ev.objective],
                  "switch_pressed": lambda: b.obj_index[ev.switch],
                  "door_opened": lambda: b.door_index[ev.door], "zone_entered": lambda: b.zone_index[ev.zone],
                  "turn_reached": lambda: ev.turn, "kills_reached": lambda: ev.count}[ev.kind]()
        tr_kind.append(EVENTS[ev.kind])
        tr_target.append(target)
        tr_once.append(int(tr.once))
        for e in tr.then:
            k = e.kind
            a = b.door_index[e.door] if hasattr(e, "door") else b.spawn_index[e.spawn] if hasattr(e, "spawn") else \
                b.zone_index[e.zone] if k == "spawn_zombies" and e.zone is not None else 0
            if k == "set_fire":  # eden: the piece of scenery (zone i, connection c as n + c)
                a = b.zone_index[e.zone] if e.zone is not None else b.n + b.rules.conn_index[e.connection]
            dice = parse_dice(e.dice) if k == "spawn_zombies" and e.dice else (0, 1, 0)
            row = [EFFECTS[k], a, ZINDEX[e.zombie] if k == "spawn_zombies" else 0, getattr(e, "count", getattr(e, "markers", 0)), *dice,
                   int(k == "spawn_zombies" and bool(e.dice)), getattr(e, "amount", 0),
                   int(getattr(e, "to", "") == "actor"), int(getattr(e, "outcome", "") == "win")]
            for key, value in zip(eff, row):
                eff[key].append(value)
        estart.append(len(eff["kind"]))
    t.update(ntr=len(s.triggers), tr_kind=_ints(tr_kind), tr_target=_ints(tr_target), tr_once=_ints(tr_once),
             tr_estart=_ints(estart), **{f"e_{k}": _ints(v) for k, v in eff.items()})

    # victory steps
    v = s.victory
    st = {k: [] for k in ("kind", "who_all", "count", "ztype", "turns")}
    st_start, st_ids = [0], []
    escape_step = -1
    for i, step in enumerate(v.steps):
        k = step.kind
        if k == "take_objectives":
            ids = list(b.rules.step_targets[i])  # an empty list: the default targets, defined once
        elif k in ("reach_zone", "clear_zones"):
            ids = [b.zone_index[z] for z in step.zones]
        elif k == "open_doors":
            ids = [b.door_index[d] for d in step.doors]
        elif b.rules.step_condition[i]:  # the zones or doors of a mission condition (none for no_zombies)
            ids = list(b.rules.step_targets[i])
        else:
            ids = []
        ztype = getattr(step, "zombie", None)
        for key, value in zip(st, [STEPS[k], int(getattr(step, "who", "any") == "all"), getattr(step, "count", 0),
                                   ZINDEX[ztype] if ztype else -1, getattr(step, "turns", 0)]):
            st[key].append(value)
        st_ids += ids
        st_start.append(len(st_ids))
        if k == "escape" and escape_step < 0:
            escape_step = i
    limit = s.setup.turn_limit
    t.update(ordered=int(v.ordered), nsteps=len(v.steps), st_start=_ints(st_start), st_ids=_ints(st_ids),
             escape_step=escape_step, any_dies=int(s.defeat.any_survivor_dies),
             at_turn_limit=int(s.defeat.at_turn_limit), turn_limit=-1 if limit is None else limit,
             **{f"st_{k}": _ints(val) for k, val in st.items()})

    pool = [0] * len(ZTYPES)
    for name, count in s.setup.zombie_pool.items():
        pool[ZINDEX[name]] = count
    m = s.setup.spawn_method
    mdcount, mdsides, mdbonus = parse_dice(m.dice) if m.kind == "dice" else (0, 1, 0)
    cards = DECKS.get(m.deck if m.kind == "cards" else "standard", DECKS["standard"])
    card_rows = []
    for card in cards:
        for entry in card:
            card_rows += [CARD_KINDS[entry[0]], ZINDEX[entry[1]], entry[2] if len(entry) > 2 else 0]
    sv = s.setup.survivors
    placed = []
    for pz in s.setup.zombies:
        placed += [b.zone_index[pz.zone], ZINDEX[pz.zombie], pz.count]
    t.update(pool0=_ints(pool), method=METHODS[m.kind], mdcount=mdcount, mdsides=mdsides, mdbonus=mdbonus,
             mcount=getattr(m, "count", 0), ncards=len(cards), cards=_ints(card_rows), nedeck=len(deck_names),
             edeck0=_ints(names[nm] for nm in deck_names), smin=sv.min, smax=sv.max, health=sv.health,
             nstart_eq=len(sv.starting_equipment), start_eq=_ints(names[nm] for nm in sv.starting_equipment),
             starting_cards=sv.starting_cards, nplaced=len(s.setup.zombies), placed=_ints(placed))
    its = [item(nm) for nm in names]
    t.update(nit=len(names), it_dice=_ints(i.dice for i in its), it_accuracy=_ints(i.accuracy for i in its),
             it_damage=_ints(i.damage for i in its), it_min_range=_ints(i.min_range for i in its),
             it_max_range=_ints(i.max_range for i in its), it_dual=_ints(int(i.dual) for i in its),
             it_noisy_attack=_ints(int(i.noisy_attack) for i in its),
             it_opens_doors=_ints(int(i.opens_doors) for i in its), it_noisy_door=_ints(int(i.noisy_door) for i in its),
             it_search_bonus=_ints(int(i.search_bonus) for i in its), it_aaah=_ints(int(i.aaah) for i in its),
             it_value=array("d", [item_value(b, nm) for nm in names] or [0.0]), names=names)

    t.update(_mission_tables(b, names))
    t.update(_mission_zones(b, p))
    t.update(_plan_tables(b, plan))

    # the most legal actions a survivor can have: pass, search, noise, one open or move per
    # survivor connection, one melee or ranged action per weapon kind and zone in sight, one per
    # objective
    max_sdeg = max((len(r) for r in b.surv_adj), default=0)
    max_zdeg = max((len(r) for r in b.zpath_adj), default=0)
    weapons = sum(1 for i in its if i.dice > 0)
    _only_moves(t, b)
    # (morts: a door's close action beside its move, hence two per connection)
    t.update(max_acts=8 + 2 * max_sdeg + weapons * n + nobj, max_zdeg=max_zdeg,
             action_limit=SURVIVOR_ACTION_LIMIT)
    t.update(lnoe_tables(b, profile, names, t["pool0"]))
    t.update(house_tables(b))
    t.update(morts_tables(b, profile, names))
    t.update(eden_terrain(b))
    t.update(eden_rules(b, t["pool0"]))
    return Tables(**t)


# ---- zombicide: Prison Outbreak mission rules ----


def _mission_items(s: Any) -> list[str]:
    """Item names the mission rules name (carried for a 'carry_items' step, lost with their carrier)."""
    return [*(nm for st in s.victory.steps if st.kind == "carry_items" for nm in st.items), *s.defeat.carrier_dies,
            *(c.item for c in s.setup.set_aside), *(nm for t in s.triggers for e in t.then if e.kind == "give_card"
                                                     for nm in e.cards),
            *(nm for o in s.objectives if o.kind in ("item", "car") for nm in (o.also if o.kind == "item" else o.contents)),
            *(nm for h in s.setup.survivors.heroes for nm in h.items)]


def _mission_tables(b: Board, names: dict[str, int]) -> dict[str, Any]:
    """The arrays of the mission conditions: which steps are conditions, the items a 'carry_items'
    step counts, the zombie-crossable connections backwards (a zombie's path into a zone), the
    items whose carrier's death loses, and, for the bots, the switches that close each door and
    what a press does to the doors (in the order of the compiled triggers, as the reference
    engine reads them)."""
    cs = b.rules
    n = b.n
    back: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u in range(n):
        for v, c, ok in cs.zpath_adj[u]:
            if ok:
                back[v].append((u, cs.c_door[c]))
    t: dict[str, Any] = {"st_cond": _ints(int(x) for x in cs.step_condition),
                         "nconds": sum(1 for x in cs.step_condition if x)}
    t["mzb_start"], (t["mzb_u"], t["mzb_d"]) = _csr(back, 2)
    t["sti_start"], (t["sti_ids"],) = _csr([[names[nm] for nm in sorted(items)] for items in cs.step_items], 1)
    t["carrier_it"] = _ints(int(nm in cs.carrier_items) for nm in names)
    t["ncarrier"] = len(cs.carrier_items)
    closers: list[list[int]] = [[] for _ in range(len(b.door_ids))]
    press: list[list[tuple[int, int]]] = [[] for _ in range(len(b.obj_ids))]
    for o, tis in cs.triggers_on[EV_PRESSED].items():
        for ti in tis:
            for op, arg in cs.trig_effects[ti]:
                if op in (FX_CLOSE, FX_TOGGLE, FX_LOCK) and o not in closers[arg]:
                    closers[arg].append(o)
                if op in (FX_OPEN, FX_CLOSE, FX_TOGGLE, FX_LOCK):  # the doors after the press: 0 toggle, 1 shut, 2 open
                    press[o].append((0 if op == FX_TOGGLE else 1 if op in (FX_CLOSE, FX_LOCK) else 2, arg))
    t["cl_start"], (t["cl_obj"],) = _csr(closers, 1)
    t["pe_start"], (t["pe_op"], t["pe_door"]) = _csr(press, 2)
    t.update(_mission_effects(b, names))
    t.update(_mission_setup(b, names))
    return t


def _mission_zones(b: Board, p: Any) -> dict[str, Any]:
    """The rule overrides of Prison Outbreak's zones: the range a watchtower adds per zone, the
    security zones a survivor is pushed back from (when ``security_push_back``), the fences an
    abomination tears down (when ``abominations_tear_fences``). Zombies walking through gates
    (``zombies_cross_gates``) are in the compiled board's zombie paths already."""
    cs = b.rules
    return {"tower_bonus": _ints(p.tower_range if k == "tower" else 0 for k in cs.kind),
            "is_security": _ints(int(k == "security") for k in cs.kind), "push_back": int(p.security_push_back),
            "tear_fences": int(p.abominations_tear_fences), "c_fence": _ints(int(k == "fence") for k in cs.c_kind)}


def _mission_setup(b: Board, names: dict[str, int]) -> dict[str, Any]:
    """Split starting groups: the start zone of each survivor for each team size
    (rules.missions.start_group_zones, ``sg_zone[count * MAX_SURVIVORS + k]``); the named
    survivors' own cards (``setup.survivors.heroes``); cars (searched once for their contents,
    or until a weapon) and the items an item objective also gives."""
    from ...rules.missions import start_group_zones

    s, cs = b.scenario, b.rules
    sg = [0] * ((MAX_SURVIVORS + 1) * MAX_SURVIVORS)
    if cs.start_groups:
        for count in range(MAX_SURVIVORS + 1):
            for k, z in enumerate(start_group_zones(cs, s.setup.survivors, count)):
                sg[count * MAX_SURVIVORS + k] = z
    rows = [[names[nm] for nm in (o.also if o.kind == "item" else o.contents if o.kind == "car" else ())]
            for o in s.objectives]
    t: dict[str, Any] = {"sgroups": int(bool(cs.start_groups)), "sg_zone": _ints(sg), "ncars": len(cs.cars),
                         "car_once": _ints(int(o.kind == "car" and o.search == "once") for o in s.objectives)}
    t["also_start"], (t["also_ids"],) = _csr(rows, 1)
    t["hero_start"], (t["hero_ids"],) = _csr([[names[nm] for nm in h.items] for h in s.setup.survivors.heroes], 1)
    t["nheroes"] = len(s.setup.survivors.heroes)
    # ---- zombicide: driving cars ----
    t["ndrive"] = sum(cs.car_drive)
    t["car_drive"] = _ints(int(x) for x in cs.car_drive)
    t["drivable"] = _ints(int(x) for x in cs.drivable)
    t["dadj_start"], (t["dadj_v"],) = _csr([list(x) for x in cs.drive_adj], 1)
    return t


def _mission_effects(b: Board, names: dict[str, int]) -> dict[str, Any]:
    """Per trigger effect (in the order of ``e_kind``): whether a mission rule plays it
    (``fx_mission``), where a spawn appears (the objective whose zone in this game it takes, or
    -1), its fallback groups and whether they apply when the type is in play; the names a
    'give_card' draws among; a rotating gate's slot, side doors, passage and direction. And the
    cards set aside at set-up, as item indices."""
    s = b.scenario
    special, obj, inplay, inst, cards, gate, sides, passage, way = [], [], [], [], [], [], [], [], []
    gates: dict[str, int] = {}
    for tr in s.triggers:
        for e in tr.then:
            k = e.kind
            spawn = k == "spawn_zombies"
            special.append(int(k in ("give_card", "rotate_gate") or spawn and bool(e.at_objective or e.instead)))
            obj.append(b.obj_index[e.at_objective] if spawn and e.at_objective else -1)
            inplay.append(int(spawn and e.instead_if == "in_play"))
            inst.append([(ZINDEX[g.zombie], g.count) for g in e.instead] if spawn else [])
            cards.append([names[nm] for nm in e.cards] if k == "give_card" else [])
            rotate = k == "rotate_gate"
            gate.append(gates.setdefault(e.gate, len(gates)) if rotate else -1)
            sides += [b.door_index[d] if rotate and d is not None else -1 for d in (e.sides if rotate else [None] * 4)]
            passage += [int(x) for x in (e.passage if rotate else [False] * 4)]
            way.append({"choose": 0, "clockwise": 1, "counterclockwise": -1}[e.direction] if rotate else 0)
    t: dict[str, Any] = {"fx_mission": _ints(special), "fx_obj": _ints(obj), "fx_inplay": _ints(inplay),
                         "fx_sides": _ints(sides), "fx_passage": _ints(passage), "fx_way": _ints(way),
                         "fx_gate": _ints(gate), "ngates": len(gates),
                         "set_aside0": _ints(names[c.item] for c in s.setup.set_aside for _ in range(c.count)),
                         "nset_aside": sum(c.count for c in s.setup.set_aside)}
    t["fxi_start"], (t["fxi_type"], t["fxi_count"]) = _csr(inst, 2)
    t["fxc_start"], (t["fxc_ids"],) = _csr(cards, 1)
    return t
# ---- lnoe: Growing Hunger's special rules on a fixed map ----

def house_tables(b: Board) -> dict[str, Any]:
    """Les morts aux trousses: the survival rolls a jump down each connection asks for
    (:func:`designer.engine.shared.fall_levels`)."""
    return {"c_fall": _ints(fall_levels(b, c) for c in range(len(b.c_from)))}


# ---- morts: zombie arrivals, darkness and smoke, the office's choice ----

EFFECTS.update({"heal_or_draw": 60})


def morts_tables(b: Board, profile: RuleProfile, names: dict[str, int] | None = None) -> dict[str, Any]:
    """Les morts aux trousses: the fixed spawn method's arrivals per player with the levels of
    the map (:func:`designer.rules.arrivals.arrival_levels`), and per zone the bits of darkness
    and smoke the house profile reads (:func:`designer.engine.shared.house_zones`; zeros for
    the other profiles) and the drop a collapsing floor falls through
    (:func:`designer.engine.morts.collapse_drops`; -1 for none); per door whether a survivor may
    close it (:func:`designer.engine.morts.closable_doors`) and the rifle's item index (-1: none)."""
    from ..arrivals import levels
    from ..morts import DOOR_RIFLE, closable_doors, collapse_drops
    m = b.scenario.setup.spawn_method
    lv_sp_start, lv_sp, lv_z_start, lv_z = [0], [], [0], []
    for _level, spawns, zones in levels(b):
        lv_sp += spawns
        lv_z += zones
        lv_sp_start.append(len(lv_sp))
        lv_z_start.append(len(lv_z))
    house = profile.id == "house"
    return {"m_per_player": int(m.kind == "fixed" and m.per_player),
            "m_first_levels": int(m.kind == "fixed" and m.first_turn_each_level),
            "m_nlv": len(lv_sp_start) - 1, "m_lv_sp_start": _ints(lv_sp_start), "m_lv_sp": _ints(lv_sp),
            "m_lv_z_start": _ints(lv_z_start), "m_lv_z": _ints(lv_z),
            "m_zone": _ints(house_zones(b) if house else [0] * b.n),
            "m_collapse": _ints(collapse_drops(b) if house else [-1] * b.n),
            "m_closable": _ints(int(x) for x in closable_doors(b)) if b.door_ids else _ints([0]),
            "m_rifle": (names or {}).get(DOOR_RIFLE, -1),
            **_morts_draws(b, names or {}),
            **_morts_effects(b)}


def _morts_draws(b: Board, names: dict[str, int]) -> dict[str, Any]:
    """Per objective, the items drawn at random with its item (``one_of``; the office's two
    keys), as rows of item indices."""
    from ..morts import drawn_locks

    start, rows = _csr([[names[x] for x in xs] for xs in b.rules.obj_one_of], 1)
    dkey = [-1] * len(b.door_ids)
    for d, name in drawn_locks(b):
        dkey[d] = names[name]
    return {"m_one_start": start, "m_one_ids": rows[0], "m_dkey": _ints(dkey), "m_ndkey": sum(k >= 0 for k in dkey)}


def _morts_effects(b: Board) -> dict[str, Any]:
    """Per trigger effect (in the order of ``e_kind``): a 'heal_or_draw' effect's wounds healed,
    cards drawn with them and cards drawn instead (zeros for the other kinds)."""
    heal, with_heal, draw = [], [], []
    for tr in b.scenario.triggers:
        for e in tr.then:
            mine = e.kind == "heal_or_draw"
            heal.append(e.heal if mine else 0)
            with_heal.append(e.draw_with_heal if mine else 0)
            draw.append(e.draw if mine else 0)
    return {"m_fx_heal": _ints(heal), "m_fx_with_heal": _ints(with_heal), "m_fx_draw": _ints(draw)}


def lnoe_tables(b: Board, profile: RuleProfile, names: dict[str, int], pool0: array) -> dict[str, Any]:
    """The fields of Growing Hunger's rules the typed engine plays (:mod:`designer.engine.lnoe`;
    ``gh`` is 0 when the scenario does not opt in). The rules it does not play send the scenario
    to the reference engine (:func:`designer.engine.towns.typed_problem`). Adds the horde's red
    zombies to ``pool0``."""
    from ...model.lnoe import LnoeSetup
    from ...model.special_rules import rules_in_force
    from ...rules.profiles import EXPLORATION_BAG, GRAVE_DEAD_POOL, HORDE_RED, LNOE_EVENTS
    from ...rules.zombies import GRAVE_DEAD
    from ..towns import EXPLOSIVES, _dice, uses_lnoe_setup

    s = b.scenario
    nbld = len(b.building_zones)
    out: dict[str, Any] = dict(gh=0, gh_markers=0, gh_random_start=0, gh_roll=0, gh_rcount=0, gh_rsides=1,
                               gh_rbonus=0, gh_well=0, gh_nsp_loss=0, gh_pickup=_ints([-1] * nbld),
                               it_heal=_ints(int(LNOE_EVENTS.get(nm.lower()) == "heal") for nm in names),
                               gh_hand=0, gh_ncards=0, gh_card=_ints([]), gh_card_names=(), gh_endless=0, gh_multi=0,
                               gh_random_hero=0, gh_first_aid=0, gh_becky=_ints([]), gh_extra=0, gh_town="",
                               gh_names=tuple(h.name for h in s.setup.survivors.heroes),
                               gh_nlib=0, gh_nbgrp=1, gh_bgrp_start=_ints([0, nbld]), gh_bgrp=_ints(range(nbld)),
                               gh_replenish=0, gh_to_lose=0, gh_explore=0, gh_bag0=_ints([]),
                               gh_grave=0, gh_ability0=0, gh_explosive=_ints(int(nm in EXPLOSIVES) for nm in names))
    if not (profile.id == "lnoe" and uses_lnoe_setup(s)):
        return out
    rules = rules_in_force(s.setup.special_rules)
    lnoe = s.setup.lnoe or LnoeSetup()
    if "zombie-horde" in rules:
        pool0[ZINDEX["zombie"]] += HORDE_RED
    if "grave-dead" in rules:  # "prenez les 7 Zombies rouges et placez les dans une pioche "Fosse" séparée"
        pool0[GRAVE_DEAD] = GRAVE_DEAD_POOL
        out.update(gh_grave=1, gh_ability0=lnoe.grave_dead_ability or 0)
    labels: dict[int, str] = {}
    for z, bld in enumerate(b.building_of):
        if bld >= 0 and not labels.get(bld) and s.zones[z].building:
            labels[bld] = s.zones[z].building
    pickup = [-1] * nbld
    for bld, label in labels.items():
        card = lnoe.pick_ups.get(label)
        if card is not None:
            pickup[bld] = names.get(card, -1)  # a card no deck holds is never in the discard
    out.update(gh=1, gh_markers=int("free-search-markers" in rules), gh_well=int("well-stocked-buildings" in rules),
               gh_random_start=int(lnoe.start == "random_building" and nbld > 0),
               gh_nsp_loss=int(bool(lnoe.no_spawn_point_loss)), gh_pickup=_ints(pickup))
    if lnoe.spawn_roll and "zombie-autospawn" not in rules:
        count, sides, bonus = _dice(lnoe.spawn_roll)
        out.update(gh_roll=1, gh_rcount=count + int("zombie-horde" in rules), gh_rsides=sides, gh_rbonus=bonus)
    out.update(lnoe_hand_tables(s, lnoe))
    out.update(gh_replenish=int("heroes-replenish" in rules), gh_to_lose=lnoe.heroes_to_lose,
               gh_explore=int("exploration-markers" in rules),
               gh_bag0=_ints(GH_MARKERS.index(kind) for kind, n in EXPLORATION_BAG for _ in range(n)))
    return out


GH_MARKERS = ("", "free-search", "surprise-1", "surprise-2", "new-hero")
"""The markers a building holds by code (``gh_marker``; 0: none)."""


GH_CARD_EFFECTS = ("none", "endless-night", "names-heroes", "surprise-attack", "extra-spawn")
"""The zombie cards' effects by code (``designer.model.lnoe.ZOMBIE_CARD_EFFECTS``), as the typed
engine's ``gh_card`` holds them."""


def lnoe_hand_tables(s: Any, lnoe: Any) -> dict[str, Any]:
    """The zombie player's hand and deck (``lnoe.LnoeConfig.zombie_deck``: one code of
    :data:`GH_CARD_EFFECTS` per card), the optional rules of "Seul dans le noir" and the named
    heroes (drawn at random or in order; which of them is Becky, for her first aid)."""
    from ...rules.profiles import LNOE_ZOMBIE_DECK

    deck = [(c.name, c.count, c.effect) for c in lnoe.zombie_deck] or list(LNOE_ZOMBIE_DECK)
    cards = [GH_CARD_EFFECTS.index(effect) for _, count, effect in deck for _ in range(count)]
    heroes = s.setup.survivors.heroes
    return dict(gh_hand=lnoe.zombie_hand if cards else 0, gh_ncards=len(cards), gh_card=_ints(cards),
                gh_card_names=tuple(name for name, count, _ in deck for _ in range(count)),
                gh_endless=int(lnoe.endless_night), gh_multi=int(lnoe.multi_hero_cards),
                gh_random_hero=int(lnoe.random_hero), gh_first_aid=int(lnoe.becky_first_aid),
                gh_becky=_ints(int("becky" in h.name.lower()) for h in heroes), gh_names=tuple(h.name for h in heroes),
                gh_extra=int(bool(lnoe.zombie_hand)), gh_town="")


# ---- eden: terrain ----


def eden_terrain(board: Board) -> dict[str, Any]:
    """The map's terrain keywords (docs/terrain.md) as the typed engine's arrays: per zone the
    obstruction factor (1: none), hostile wounds, swim difficulty (0: none), crossable and
    elevated flags; per connection its obstruction, hostile wounds and swim. ``terrain`` is 0 on
    a map without keywords (then the engine never reads the arrays). Impassable terrain needs no
    array: the compiled adjacency the board reads has dropped what it shuts."""
    tt = terrain_tables(board.rules)
    if tt is None:
        one = _ints([1])
        zero = _ints([0])
        return dict(terrain=0, entry_hostile=0, swim_cost=SWIM_MOVE_COST, tz_obst=one, tz_hostile=zero,
                    tz_swim=zero, tz_cross=zero, tz_elev=zero, tc_obst=one, tc_hostile=zero, tc_swim=zero,
                    sc_on=0, npieces=0, sc_x=zero, sc_obst=DEVASTATED_OBSTRUCTION, sc_at_start=_ints([0, 0]),
                    sc_at=zero, sc_shut_start=_ints([0, 0]), sc_shut=zero, ro_start=_ints([0, 0]), ro_v=zero,
                    ro_c=zero, zro_start=_ints([0, 0]), zro_v=zero, zro_c=zero, zro_ok=zero, zrb_start=_ints([0, 0]),
                    zrb_u=zero, zrb_c=zero, zro_conn=zero, fl_on=0, fl_piece=zero, fl_at_start=_ints([0, 0]), fl_at=zero, burn_dice=BURN_DICE,
                    burn_on=BURN_WOUND_ON)
    return dict(terrain=1, entry_hostile=int(tt.entry_hostile), swim_cost=SWIM_MOVE_COST,
                tz_obst=_ints(tt.zone_obstruction), tz_hostile=_ints(tt.zone_hostile), tz_swim=_ints(tt.zone_swim),
                tz_cross=_ints(int(x) for x in tt.crossable), tz_elev=_ints(int(x) for x in tt.elevated),
                tc_obst=_ints(tt.c_obstruction), tc_hostile=_ints(tt.c_hostile), tc_swim=_ints(tt.c_swim),
                **eden_destruction(tt), **eden_fire(tt))


# ---- eden: destruction(x) ----


def eden_destruction(tt: Any) -> dict[str, Any]:
    """Destruction(x) (docs/terrain.md) as the typed engine's arrays, from the terrain tables'
    pieces (zone ``i`` is piece ``i``, connection ``c`` piece ``n + c``): ``sc_on`` when any
    piece is destructible, ``sc_x`` the attacks that destroy each piece (0: none),
    ``sc_at_start``/``sc_at`` the pieces a survivor may attack from each zone,
    ``sc_shut_start``/``sc_shut`` the pieces shutting each connection, and
    ``ro_start``/``ro_v``/``ro_c`` the moves each zone gets once they are all destroyed."""
    sc_at_start, (sc_at,) = _csr([list(r) for r in tt.smash_at], 1)
    sc_shut_start, (sc_shut,) = _csr([list(r) for r in tt.shut_by], 1)
    ro_start, (ro_v, ro_c) = _csr([list(r) for r in tt.reopen_adj], 2)
    # ---- OWNER: eden: destroyed scenery is removed for every figure ----
    # the zombies' steps across the same walls (``zro_*`` out of each zone, ``zrb_*`` into it,
    # ``zro_conn[c]`` 1 when connection c reopens for them): their distance rows and steps
    zro_start, (zro_v, zro_c, zro_ok) = _csr([list(r) for r in tt.zreopen_adj], 3)
    nz = len(tt.zreopen_adj)
    back: list[list[tuple[int, int]]] = [[] for _ in range(nz)]
    zro_conn = [0] * max(len(tt.shut_by), 1)
    for u in range(nz):
        for v, c, _ in tt.zreopen_adj[u]:
            back[v].append((u, c))
            zro_conn[c] = 1
    zrb_start, (zrb_u, zrb_c) = _csr(back, 2)
    # ---- end OWNER: eden ----
    return dict(sc_on=int(any(tt.destruction)), npieces=len(tt.destruction), sc_x=_ints(tt.destruction),
                sc_obst=DEVASTATED_OBSTRUCTION, sc_at_start=sc_at_start, sc_at=sc_at, sc_shut_start=sc_shut_start,
                sc_shut=sc_shut, ro_start=ro_start, ro_v=ro_v, ro_c=ro_c, zro_start=zro_start, zro_v=zro_v,
                zro_c=zro_c, zro_ok=zro_ok, zrb_start=zrb_start, zrb_u=zrb_u, zrb_c=zrb_c, zro_conn=_ints(zro_conn))


# ---- end eden: destruction(x) ----
# ---- eden: flammable scenery ----


def eden_fire(tt: Any) -> dict[str, Any]:
    """Flammable scenery (docs/terrain.md, *Fire*) as the typed engine's arrays: ``fl_on`` when
    any piece is flammable, ``fl_piece`` per piece, ``fl_at_start``/``fl_at`` the flammable
    pieces at hand of each zone, and the burn roll (dice, the face that wounds)."""
    fl_at_start, (fl_at,) = _csr([list(r) for r in tt.fire_at], 1)
    return dict(fl_on=int(tt.fire_on), fl_piece=_ints(int(x) for x in tt.flammable), fl_at_start=fl_at_start,
                fl_at=fl_at, burn_dice=BURN_DICE, burn_on=BURN_WOUND_ON)


# ---- end eden: flammable scenery ----
# ---- eden: victory points and infestation ----


def eden_rules(board: Board, pool0: array) -> dict[str, Any]:
    """A points mission and an infestation (docs/terrain.md) as the typed engine's arrays.

    Campaign resources (``engine/resources.py``): the names the effects gain or spend, and per
    effect its resource index (-1: not a resource effect). Victory points (``engine/points.py``'s ``PointsTable``): ``vp_on``, the last turn and the
    target, per objective the points when taken and per turn held, per zombie type the points
    per kill. Infestation (``engine/infestation.py``): (zone, type, count) per placement, the
    monsters added to ``pool0`` (the box) so that placing them uses none of the spawn deck's
    zombies; ``inf_ai`` gives the zombies Eden's activation (``profiles.EdenMonsters``) with its
    charge range."""
    s = board.scenario
    nobj = len(board.obj_ids)
    taken, held, kills = [0] * nobj, [0] * nobj, [0] * len(ZTYPES)
    vp = getattr(s, "points", None)
    if vp is not None:
        for entry in vp.objectives:
            o = board.obj_index[entry.objective]
            taken[o] += entry.taken
            held[o] += entry.held
        for name, value in vp.kills.items():
            kills[ZINDEX[name]] = value
    res_names = resource_names(s)
    fx_res = [res_names.index(e.resource) if e.kind in ("gain_resource", "spend_resource") else -1
              for tr in s.triggers for e in tr.then]
    placed: list[int] = []
    inf = getattr(s, "infestation", None)
    if inf is not None:
        for p in inf.placed:
            m = inf.monster(p.monster)
            t = ZINDEX[m.zombie]
            pool0[t] += m.count
            placed += [board.zone_index[p.zone], t, m.count]
    return dict(vp_on=int(vp is not None), vp_turns=vp.turns if vp is not None else 0,
                vp_target=vp.target if vp is not None else 0, vp_taken=_ints(taken), vp_held=_ints(held),
                vp_kills=_ints(kills), inf_ai=int(inf is not None and inf.ai == "eden"),
                inf_range=inf.charge_range if inf is not None else 0, ninf=len(placed) // 3, inf_placed=_ints(placed),
                res_names=tuple(res_names), nres=len(res_names), fx_res=_ints(fx_res))


def resource_names(s: Any) -> list[str]:
    """The resources a scenario's trigger effects gain or spend, in order of appearance (the
    typed engine's resource indices; ``engine/resources.py``)."""
    names: list[str] = []
    for tr in s.triggers:
        for e in tr.then:
            if e.kind in ("gain_resource", "spend_resource") and e.resource not in names:
                names.append(e.resource)
    return names


def _only_moves(t: dict[str, Any], b: Board) -> None:
    """Zones where a survivor may only move (security zones, Prison Outbreak chapter 10)."""
    t["only_moves"] = _ints(int(k == "security") for k in b.kind)


def _plan_arrays(b: Board, plan: tuple[PlanStep, ...]) -> tuple[int, Any, Any, Any]:
    """(steps, actions, targets, zones) of one plan as integer arrays."""
    pa, pt, pz = [], [], []
    for step in plan:
        a = step.action
        target = {"open": lambda: b.door_index[step.target], "take": lambda: b.obj_index[step.target],
                  "press": lambda: b.obj_index[step.target], "enter": lambda: b.zone_index[step.target],
                  "cross": lambda: b.conn_index[step.target], "move": lambda: b.conn_index[step.target],
                  "search": lambda: 0}.get(a, lambda: int(step.target) if step.target else 0)()
        pa.append(PLAN.get(a, len(PLAN)))
        pt.append(target)
        pz.append(b.zone_index.get(step.zone, -1))
    return len(plan), _ints(pa), _ints(pt), _ints(pz)


def _plan_tables(b: Board, plan: tuple[PlanStep, ...]) -> dict[str, Any]:
    """The plan's tables: the default plan (``nplan``, ``pl_*``), and ``pl_sets``, every plan
    the game may follow (the default first, then each start zone's of a
    :class:`~designer.engine.view.PlanSet`) with ``pl_of_zone``, the plan of each zone as a
    start zone (0, the default, for a zone without one): the engine's set-up picks the plan of
    the start zone it drew (``Engine.plan_for_start``)."""
    default = _plan_arrays(b, tuple(plan))
    sets = [default]
    of_zone = [0] * b.n
    for zone, steps in getattr(plan, "by_start", ()):
        z = b.zone_index.get(zone, -1)
        if z >= 0:
            of_zone[z] = len(sets)
            sets.append(_plan_arrays(b, steps))
    n, pa, pt, pz = default
    return dict(nplan=n, pl_action=pa, pl_target=pt, pl_zone=pz, pl_sets=tuple(sets), pl_of_zone=_ints(of_zone))


def tables_for(board: Board, plan: Any = None) -> tuple[Tables | None, str | None]:
    """(the tables, why the typed engine cannot play the board) for ``board`` and the witness
    plan ``plan``, cached in the board's ``compiled`` field per plan."""
    steps = as_plan(plan)
    key = ("typed", steps)
    entry = board.compiled.get(key)
    if entry is None:
        s = board.scenario
        profile = rule_profile(s)
        why = problem(board, profile)
        with collector_paused():
            entry = board.compiled[key] = (None if why else build(board, profile, steps), why)
    return entry
