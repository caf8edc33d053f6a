# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""Whole games on a board's typed tables (:mod:`.tables`), rule for rule the games of the
reference engine (:mod:`designer.engine.game`, ``profiles``, ``policies``) with the same dice
(:class:`designer.engine.rng.Twister`), written in Cython's pure Python mode: compiled by
``setup.py``, run as plain Python where it is not built, with the same records.

One :class:`Engine` holds a board's tables and one game's state, and plays games one after the
other. Its arrays are sized from the board, and a game costs what it touches, not the size of
the map: the zones a game writes to (zombies, noise, deaths, kills, visits, entries) are kept in
a sorted list, and activations, the end phase, the record and the next game's reset visit only
those. Distance rows (zombies through the open doors or through every door, survivors through
the doors they can pass) and lines of sight are computed per target zone and door state the
first time a game asks for them, and kept for the next games.

Zombie types come from the zombie table (``rules/zombies.py``): toughness, XP, melee order,
ranged groups, spawn companions, splitting and second actions are rows of arrays, so the engine
names no type except the three the rules name (walkers of an "Aaah!" card, the default spawn
and the dead rising in house games).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # installed without Cython: the same code runs as plain Python
    from .. import _cyshim as cython

from array import array

from ...rules.zombies import (MELEE_ORDER, RANGED_GROUPS, SPAWN_DEFAULT, WALKER, ZINDEX, ZOMBIE, ZOMBIE_TYPES,
                              ZTYPES)
if cython.compiled:
    from cython.cimports.designer.engine.rng import Twister
else:
    from ..rng import Twister
from ..table import ZONE_KEY as TABLE_ZONE_KEY

__all__ = ["Engine", "MAX_TYPES", "NSCALARS", "play_seeds"]

NT_MAX = cython.declare(cython.int, 8)
MAX_TYPES = 8
"""Zombie types the engine's fixed rows hold (the zombie table has fewer)."""
MAXS = cython.declare(cython.int, 12)
MAXI = cython.declare(cython.int, 72)
INF = cython.declare(cython.int, 1 << 20)
ONE = cython.declare(cython.ulonglong, 1)
ALL_DOORS = cython.declare(cython.ulonglong, 0x8000000000000000)
"""The cache key of "every door open" (no board has 64 doors)."""
ARENA_LIMIT = cython.declare(cython.longlong, 48_000_000)
"""Distance cells kept between games (about 190 MB); beyond, the caches start again."""

P_ZOMBICIDE = cython.declare(cython.int, 0)
P_LNOE = cython.declare(cython.int, 1)
P_HOUSE = cython.declare(cython.int, 2)
O_KEY = cython.declare(cython.int, 1)
O_SWITCH = cython.declare(cython.int, 2)
O_ITEM = cython.declare(cython.int, 3)
O_MARKER = cython.declare(cython.int, 4)
EV_TAKEN = cython.declare(cython.int, 0)
EV_PRESSED = cython.declare(cython.int, 1)
EV_DOOR = cython.declare(cython.int, 2)
EV_ZONE = cython.declare(cython.int, 3)
EV_TURN = cython.declare(cython.int, 4)
EV_KILLS = cython.declare(cython.int, 5)
E_OPEN = cython.declare(cython.int, 0)
E_CLOSE = cython.declare(cython.int, 1)
E_TOGGLE = cython.declare(cython.int, 2)
E_UNLOCK = cython.declare(cython.int, 3)
E_LOCK = cython.declare(cython.int, 4)
E_ACT = cython.declare(cython.int, 5)
E_DEACT = cython.declare(cython.int, 6)
E_TOGGLE_SPAWN = cython.declare(cython.int, 7)
E_SPAWN = cython.declare(cython.int, 8)
E_XP = cython.declare(cython.int, 9)
E_END = cython.declare(cython.int, 10)
V_TAKE = cython.declare(cython.int, 0)
V_KILL = cython.declare(cython.int, 1)
V_REACH = cython.declare(cython.int, 2)
V_ESCAPE = cython.declare(cython.int, 3)
V_SURVIVE = cython.declare(cython.int, 4)
V_CLEAR = cython.declare(cython.int, 5)
V_DOORS = cython.declare(cython.int, 6)
S_OPEN = cython.declare(cython.int, 0)
S_TAKE = cython.declare(cython.int, 1)
S_PRESS = cython.declare(cython.int, 2)
S_ENTER = cython.declare(cython.int, 3)
S_CROSS = cython.declare(cython.int, 4)
S_WAIT = cython.declare(cython.int, 5)
S_KILL = cython.declare(cython.int, 6)
S_GOAL = cython.declare(cython.int, 7)
M_CARDS = cython.declare(cython.int, 0)
M_DICE = cython.declare(cython.int, 1)
C_NONE = cython.declare(cython.int, 0)
C_SURVIVOR_DIED = cython.declare(cython.int, 1)
C_ALL_DEAD = cython.declare(cython.int, 2)
C_TURN_LIMIT = cython.declare(cython.int, 3)
C_STALLED = cython.declare(cython.int, 4)
C_SPECIAL = cython.declare(cython.int, 5)
C_RUNAWAY = cython.declare(cython.int, 6)
# survivor actions, in the order of their names (the reference engine's tuple order)
A_MELEE = cython.declare(cython.int, 0)
A_MOVE = cython.declare(cython.int, 1)
A_NOISE = cython.declare(cython.int, 2)
A_OPEN = cython.declare(cython.int, 3)
A_PASS = cython.declare(cython.int, 4)
A_PRESS = cython.declare(cython.int, 5)
A_RANGED = cython.declare(cython.int, 6)
A_SEARCH = cython.declare(cython.int, 7)
A_TAKE = cython.declare(cython.int, 8)
# what a bot's goal asks for
G_NONE = cython.declare(cython.int, 0)
G_TAKE = cython.declare(cython.int, 1)
G_PRESS = cython.declare(cython.int, 2)
G_OPEN = cython.declare(cython.int, 3)
G_REACH = cython.declare(cython.int, 4)
G_ESCAPE = cython.declare(cython.int, 5)
G_HUNT = cython.declare(cython.int, 6)

ZONE_KEY = cython.declare(cython.int, TABLE_ZONE_KEY)
"""A zone entry's key is ``what * ZONE_KEY + zone`` (:data:`designer.engine.table.ZONE_KEY`)."""
WALKER_T = cython.declare(cython.int, WALKER)
ZOMBIE_T = cython.declare(cython.int, ZOMBIE)
SPAWN_T = cython.declare(cython.int, SPAWN_DEFAULT)

NSCALARS = 24
NSC = cython.declare(cython.int, 24)
"""Record fields after the seed, as ``table.SCALARS`` orders them (one int32 row per game)."""


def _ia(n, fill=0) -> array:
    return array("i", [fill]) * max(int(n), 1)


@cython.final
@cython.cclass
class Rows:
    """Distance rows (or lines of sight) of one door state: ``off[target]`` is the row's
    offset in the engine's arena, -1 until a game asks for it."""

    off: cython.int[::1]

    def __init__(self, n: cython.int):
        self.off = _ia(n, -1)


@cython.final
@cython.cclass
class IntBuf:
    """A growing column of ints (a record's objectives and zone entries)."""

    buf: object
    data: cython.int[::1]
    n: cython.int

    def __init__(self, cap: cython.int = 256):
        self.buf = _ia(cap)
        self.data = self.buf
        self.n = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def add(self, x: cython.int) -> cython.void:
        if self.n == len(self.data):
            self.buf = self.buf + self.buf  # twice the room (the copy's second half is overwritten)
            self.data = self.buf
        self.data[self.n] = x
        self.n += 1

    def array(self) -> array:
        return self.buf[:self.n]


@cython.final
@cython.cclass
class Frame:
    """One activation's own rows (an attack can set off another activation inside it): the
    zones touched when it started, their acting zombies, the types that ran out."""

    acting: cython.int[::1]
    zone: cython.int[::1]
    out: cython.int[::1]

    def __init__(self, rows: cython.int, nt: cython.int):
        self.acting = _ia(rows * nt)
        self.zone = _ia(rows)
        self.out = _ia(NT_MAX)


@cython.final
@cython.cclass
class Engine:
    """A board's tables and one game's state (see the module notes)."""

    # -- the board ------------------------------------------------------------------------------
    profile: cython.int
    actions: cython.int
    yellow_bonus: cython.int
    dark_actions: cython.int
    max_items: cython.int
    max_turns: cython.int
    building_spawn: cython.int
    doors_need_item: cython.int
    pool_out: cython.int
    hero_dice: cython.int
    split_adds: cython.int
    max_extra: cython.int
    n: cython.int
    nt: cython.int
    nc: cython.int
    nd: cython.int
    nbld: cython.int
    nsp: cython.int
    nman: cython.int
    nobj: cython.int
    ngroups: cython.int
    nstart: cython.int
    nexit: cython.int
    ntr: cython.int
    nsteps: cython.int
    ncards: cython.int
    nedeck0: cython.int
    nstart_eq: cython.int
    nplaced: cython.int
    nit: cython.int
    nplan: cython.int
    ordered: cython.int
    escape_step: cython.int
    any_dies: cython.int
    at_turn_limit: cython.int
    turn_limit: cython.int
    method: cython.int
    mdcount: cython.int
    mdsides: cython.int
    mdbonus: cython.int
    mcount: cython.int
    smin: cython.int
    smax: cython.int
    health: cython.int
    starting_cards: cython.int
    action_limit: cython.int
    all_types: cython.int
    twice: cython.int
    door_open0: cython.ulonglong
    door_unlocked0: cython.ulonglong
    spawn_active0: cython.int[::1]
    danger_xp: cython.int[4]
    tough: cython.int[8]
    kill_xp: cython.int[8]
    pool0: cython.int[8]
    melee_order: cython.int[8]
    splits: cython.int[8]
    comp_type: cython.int[8]
    comp_count: cython.int[8]
    rg_start: cython.int[9]
    rg_types: cython.int[8]
    rg_absorbs: cython.int[8]
    nrg: cython.int
    searchable: cython.int[::1]
    breakthrough: cython.int[::1]
    max_z: cython.int[::1]
    max_s: cython.int[::1]
    dark: cython.int[::1]
    fire: cython.int[::1]
    is_exit: cython.int[::1]
    building_of: cython.int[::1]
    c_from: cython.int[::1]
    c_to: cython.int[::1]
    c_door: cython.int[::1]
    c_cost: cython.int[::1]
    sadj_start: cython.int[::1]
    sadj_v: cython.int[::1]
    sadj_c: cython.int[::1]
    sback_start: cython.int[::1]
    sback_u: cython.int[::1]
    sback_c: cython.int[::1]
    zadj_start: cython.int[::1]
    zadj_v: cython.int[::1]
    zadj_c: cython.int[::1]
    zadj_ok: cython.int[::1]
    zback_start: cython.int[::1]
    zback_u: cython.int[::1]
    zback_c: cython.int[::1]
    sc_start: cython.int[::1]
    sc_v: cython.int[::1]
    sc_c: cython.int[::1]
    line_start: cython.int[::1]
    line_zones: cython.int[::1]
    zl_start: cython.int[::1]
    zl_line: cython.int[::1]
    zl_pos: cython.int[::1]
    door_conn: cython.int[::1]
    lock_kind: cython.int[::1]
    lock_val: cython.int[::1]
    door_breakable: cython.int[::1]
    door_spawns: cython.int[::1]
    door_by_hand: cython.int[::1]
    bld_start: cython.int[::1]
    bld_zones: cython.int[::1]
    sp_zone: cython.int[::1]
    sp_manhole: cython.int[::1]
    man_zone: cython.int[::1]
    zman_start: cython.int[::1]
    zman_m: cython.int[::1]
    obj_kind: cython.int[::1]
    obj_zone0: cython.int[::1]
    obj_xp: cython.int[::1]
    obj_colour: cython.int[::1]
    obj_item: cython.int[::1]
    obj_repeatable: cython.int[::1]
    grp_start: cython.int[::1]
    grp_objs: cython.int[::1]
    start_zones: cython.int[::1]
    exits: cython.int[::1]
    tr_kind: cython.int[::1]
    tr_target: cython.int[::1]
    tr_once: cython.int[::1]
    tr_estart: cython.int[::1]
    e_kind: cython.int[::1]
    e_a: cython.int[::1]
    e_ztype: cython.int[::1]
    e_count: cython.int[::1]
    e_dcount: cython.int[::1]
    e_dsides: cython.int[::1]
    e_dbonus: cython.int[::1]
    e_has_dice: cython.int[::1]
    e_amount: cython.int[::1]
    e_to_actor: cython.int[::1]
    e_win: cython.int[::1]
    st_kind: cython.int[::1]
    st_who_all: cython.int[::1]
    st_count: cython.int[::1]
    st_ztype: cython.int[::1]
    st_turns: cython.int[::1]
    st_start: cython.int[::1]
    st_ids: cython.int[::1]
    cards: cython.int[::1]
    edeck0: cython.int[::1]
    start_eq: cython.int[::1]
    placed: cython.int[::1]
    it_dice: cython.int[::1]
    it_accuracy: cython.int[::1]
    it_damage: cython.int[::1]
    it_min_range: cython.int[::1]
    it_max_range: cython.int[::1]
    it_dual: cython.int[::1]
    it_noisy_attack: cython.int[::1]
    it_opens_doors: cython.int[::1]
    it_noisy_door: cython.int[::1]
    it_search_bonus: cython.int[::1]
    it_aaah: cython.int[::1]
    it_value: cython.double[::1]
    pl_action: cython.int[::1]
    pl_target: cython.int[::1]
    pl_zone: cython.int[::1]

    # ---- truth: zones that allow only moving ----
    only_moves: cython.int[::1]

    # -- caches of door-dependent rows (kept from game to game) ----------------------------------
    arena: cython.int[::1]
    arena_used: cython.longlong
    zcache: dict
    scache: dict
    vcache: dict
    zrows_mask: cython.ulonglong
    zrows: Rows
    zall: Rows
    srows_mask: cython.ulonglong
    srows: Rows
    vrows_mask: cython.ulonglong
    vrows: Rows
    queue: cython.int[::1]
    seen: cython.int[::1]
    seen_list: cython.int[::1]

    # -- one game ---------------------------------------------------------------------------------
    rng: Twister
    policy: cython.int
    turn: cython.int
    zombies: cython.int[::1]
    noise: cython.int[::1]
    zone_deaths: cython.int[::1]
    zone_kills: cython.int[::1]
    zone_visits: cython.int[::1]
    entered: cython.int[::1]
    touched: cython.int[::1]
    is_touched: cython.int[::1]
    ntouched: cython.int
    bspawned: cython.int[::1]
    obj_zone: cython.int[::1]
    obj_turn: cython.int[::1]
    obj_order: cython.int[::1]
    nobj_order: cython.int
    pool: cython.int[8]
    sv_zone: cython.int[12]
    sv_wounds: cython.int[12]
    sv_health: cython.int[12]
    sv_xp: cython.int[12]
    sv_nitems: cython.int[12]
    sv_alive: cython.int[12]
    sv_escaped: cython.int[12]
    sv_searched: cython.int[12]
    sv_moved: cython.int[12]
    sv_left: cython.int[12]
    sv_items: cython.int[864]
    ns: cython.int
    first_player: cython.int
    doors_open: cython.ulonglong
    doors_unlocked: cython.ulonglong
    doors_ever: cython.ulonglong
    spawns_active: cython.int[::1]
    taken: cython.int[::1]
    pressed: cython.int[::1]
    fired: cython.int[::1]
    colours: cython.ulonglong
    progress: cython.int
    step_done: cython.int[::1]
    kills: cython.int
    kills_by_type: cython.int[8]
    spawned_by_type: cython.int[8]
    zdeck: cython.int[::1]
    nzdeck: cython.int
    zdiscard: cython.int[::1]
    nzdiscard: cython.int
    edeck: cython.int[::1]
    nedeck: cython.int
    ediscard: cython.int[::1]
    nediscard: cython.int
    outcome: cython.int
    cause: cython.int
    survivor_actions: cython.int
    zombie_actions: cython.int
    max_danger: cython.int
    rising: cython.int[48]
    nrising: cython.int
    extra_limit: cython.longlong
    extras: cython.longlong
    plan_done: cython.int
    # scratch
    moves: cython.int[::1]
    outs: cython.int[::1]
    frames: list
    depth: cython.int
    active: cython.int[::1]
    goal_action: cython.int
    goal_target: cython.int
    nz: cython.int[::1]
    nl: cython.int[::1]
    tg: cython.int[::1]
    options: cython.int[::1]
    added: cython.int[::1]
    order: cython.int[::1]
    act_kind: cython.int[::1]
    act_a: cython.int[::1]
    act_b: cython.int[::1]
    gz: cython.int[::1]
    group: cython.int[::1]

    def __init__(self, t):
        if not cython.compiled:
            for name, size in (("danger_xp", 4), ("tough", 8), ("kill_xp", 8), ("pool0", 8), ("melee_order", 8),
                               ("splits", 8), ("comp_type", 8), ("comp_count", 8), ("rg_start", 9),
                               ("rg_types", 8), ("rg_absorbs", 8), ("pool", 8), ("sv_zone", 12),
                               ("sv_wounds", 12), ("sv_health", 12), ("sv_xp", 12), ("sv_nitems", 12),
                               ("sv_alive", 12), ("sv_escaped", 12), ("sv_searched", 12), ("sv_moved", 12),
                               ("sv_left", 12), ("sv_items", 864), ("kills_by_type", 8),
                               ("spawned_by_type", 8), ("rising", 48)):
                setattr(self, name, _ia(size))
        i: cython.int
        self.profile = t.profile
        self.actions = t.actions
        self.yellow_bonus = t.yellow_bonus
        self.dark_actions = t.dark_actions
        self.max_items = t.max_items
        self.max_turns = t.max_turns
        self.building_spawn = t.building_spawn
        self.doors_need_item = t.doors_need_item
        self.pool_out = t.pool_out
        self.hero_dice = t.hero_dice
        self.split_adds = t.split_adds
        self.max_extra = t.max_extra
        self.n = t.n
        self.nc = t.nc
        self.nd = t.nd
        self.nbld = t.nbld
        self.nsp = t.nsp
        self.nman = t.nman
        self.nobj = t.nobj
        self.ngroups = t.ngroups
        self.nstart = t.nstart
        self.nexit = t.nexit
        self.ntr = t.ntr
        self.nsteps = t.nsteps
        self.ncards = t.ncards
        self.nstart_eq = t.nstart_eq
        self.nplaced = t.nplaced
        self.nit = t.nit
        self.nplan = t.nplan
        self.ordered = t.ordered
        self.escape_step = t.escape_step
        self.any_dies = t.any_dies
        self.at_turn_limit = t.at_turn_limit
        self.turn_limit = t.turn_limit
        self.method = t.method
        self.mdcount = t.mdcount
        self.mdsides = t.mdsides
        self.mdbonus = t.mdbonus
        self.mcount = t.mcount
        self.smin = t.smin
        self.smax = t.smax
        self.health = t.health
        self.starting_cards = t.starting_cards
        self.action_limit = t.action_limit
        self._set_board(t)
        nt = len(ZTYPES)
        if nt > NT_MAX:
            raise ValueError(f"the zombie table has {nt} types (the typed engine holds {NT_MAX})")
        self.nt = nt
        self.nedeck0 = t.nedeck
        self.door_open0 = t.door_open0
        self.door_unlocked0 = t.door_unlocked0
        self.spawn_active0 = _ia(self.nsp + 1)
        for i in range(self.nsp):
            self.spawn_active0[i] = (t.spawn_active0 >> i) & 1
        for i in range(3):
            self.danger_xp[i] = t.danger_xp[i]
        self.all_types = (1 << nt) - 1
        self.twice = 0
        for i in range(nt):
            self.tough[i] = t.tough[i]
            self.kill_xp[i] = t.kill_xp[i]
            self.pool0[i] = t.pool0[i]
            self.melee_order[i] = MELEE_ORDER[i]
            row = ZOMBIE_TYPES[i]
            self.splits[i] = int(row.splits)
            if row.actions >= 2:
                self.twice |= 1 << i
            if len(row.companions) > 1:
                raise ValueError(f"zombie type {row.name}: the typed engine spawns one kind of companion")
            self.comp_type[i] = ZINDEX[row.companions[0][0]] if row.companions else -1
            self.comp_count[i] = row.companions[0][1] if row.companions else 0
        k: cython.int = 0
        self.nrg = len(RANGED_GROUPS)
        for i, (absorbs, types) in enumerate(RANGED_GROUPS):
            self.rg_start[i] = k
            self.rg_absorbs[i] = int(absorbs)
            for ty in types:
                self.rg_types[k] = ty
                k += 1
        self.rg_start[self.nrg] = k
        n = self.n
        self.arena = _ia(1 << 16)
        self.arena_used = 0
        self.zcache, self.scache, self.vcache = {}, {}, {}
        self.zrows_mask = ALL_DOORS
        self.srows_mask = ALL_DOORS
        self.vrows_mask = ALL_DOORS
        self.zall = Rows(n)
        self.zrows = self.zall
        self.srows = Rows(n)
        self.vrows = Rows(n)
        self.queue = _ia(n)
        self.seen = _ia(n, INF)
        self.seen_list = _ia(n)
        self.rng = Twister(0)
        self.zombies = _ia(n * nt)
        self.noise = _ia(n)
        self.zone_deaths = _ia(n)
        self.zone_kills = _ia(n)
        self.zone_visits = _ia(n)
        self.entered = _ia(n)
        self.touched = _ia(n)
        self.is_touched = _ia(n)
        self.order = _ia(2 * n)
        self.active = _ia(self.nsp + 1)
        self.frames = []
        self.depth = 0
        self.ntouched = 0
        self.bspawned = _ia(self.nbld + 1)
        self.obj_zone = _ia(self.nobj + 1)
        self.taken = _ia(self.nobj + 1)
        self.pressed = _ia(self.nobj + 1)
        self.fired = _ia(self.ntr + 1)
        self.spawns_active = _ia(self.nsp + 1)
        self.step_done = _ia(self.nsteps + 1)
        self.obj_turn = _ia(self.nobj + 1, -1)
        self.obj_order = _ia(self.nobj + 1)
        self.zdeck = _ia(self.ncards + 1)
        self.zdiscard = _ia(self.ncards + 1)
        ecap = self.nedeck0 + MAXS * (MAXI + 4) + self.nobj + 16
        self.edeck = _ia(ecap)
        self.ediscard = _ia(ecap)
        self.moves = _ia(4 * 64)
        self.outs = _ia(t.max_zdeg + 1)
        self.nz = _ia(n + MAXS)
        self.nl = _ia(n + MAXS)
        self.tg = _ia(n + MAXS)
        self.options = _ia(n + MAXS)
        self.added = _ia(3 * n * nt)
        self.act_kind = _ia(t.max_acts)
        self.act_a = _ia(t.max_acts)
        self.act_b = _ia(t.max_acts)
        self.gz = _ia(n + self.nexit + 8)
        self.group = _ia(t.max_group + 1)
        self.policy = 0
        self.outcome = 1

    def _set_board(self, t) -> None:
        self.searchable = t.searchable
        self.breakthrough = t.breakthrough
        self.max_z = t.max_z
        self.max_s = t.max_s
        self.dark = t.dark
        self.fire = t.fire
        self.is_exit = t.is_exit
        self.building_of = t.building_of
        self.c_from = t.c_from
        self.c_to = t.c_to
        self.c_door = t.c_door
        self.c_cost = t.c_cost
        self.sadj_start = t.sadj_start
        self.sadj_v = t.sadj_v
        self.sadj_c = t.sadj_c
        self.sback_start = t.sback_start
        self.sback_u = t.sback_u
        self.sback_c = t.sback_c
        self.zadj_start = t.zadj_start
        self.zadj_v = t.zadj_v
        self.zadj_c = t.zadj_c
        self.zadj_ok = t.zadj_ok
        self.zback_start = t.zback_start
        self.zback_u = t.zback_u
        self.zback_c = t.zback_c
        self.sc_start = t.sc_start
        self.sc_v = t.sc_v
        self.sc_c = t.sc_c
        self.line_start = t.line_start
        self.line_zones = t.line_zones
        self.zl_start = t.zl_start
        self.zl_line = t.zl_line
        self.zl_pos = t.zl_pos
        self.door_conn = t.door_conn
        self.lock_kind = t.lock_kind
        self.lock_val = t.lock_val
        self.door_breakable = t.door_breakable
        self.door_spawns = t.door_spawns
        self.door_by_hand = t.door_by_hand
        self.bld_start = t.bld_start
        self.bld_zones = t.bld_zones
        self.sp_zone = t.sp_zone
        self.sp_manhole = t.sp_manhole
        self.man_zone = t.man_zone
        self.zman_start = t.zman_start
        self.zman_m = t.zman_m
        self.obj_kind = t.obj_kind
        self.obj_zone0 = t.obj_zone0
        self.obj_xp = t.obj_xp
        self.obj_colour = t.obj_colour
        self.obj_item = t.obj_item
        self.obj_repeatable = t.obj_repeatable
        self.grp_start = t.grp_start
        self.grp_objs = t.grp_objs
        self.start_zones = t.start_zones
        self.exits = t.exits
        self.tr_kind = t.tr_kind
        self.tr_target = t.tr_target
        self.tr_once = t.tr_once
        self.tr_estart = t.tr_estart
        self.e_kind = t.e_kind
        self.e_a = t.e_a
        self.e_ztype = t.e_ztype
        self.e_count = t.e_count
        self.e_dcount = t.e_dcount
        self.e_dsides = t.e_dsides
        self.e_dbonus = t.e_dbonus
        self.e_has_dice = t.e_has_dice
        self.e_amount = t.e_amount
        self.e_to_actor = t.e_to_actor
        self.e_win = t.e_win
        self.st_kind = t.st_kind
        self.st_who_all = t.st_who_all
        self.st_count = t.st_count
        self.st_ztype = t.st_ztype
        self.st_turns = t.st_turns
        self.st_start = t.st_start
        self.st_ids = t.st_ids
        self.cards = t.cards
        self.edeck0 = t.edeck0
        self.start_eq = t.start_eq
        self.placed = t.placed
        self.it_dice = t.it_dice
        self.it_accuracy = t.it_accuracy
        self.it_damage = t.it_damage
        self.it_min_range = t.it_min_range
        self.it_max_range = t.it_max_range
        self.it_dual = t.it_dual
        self.it_noisy_attack = t.it_noisy_attack
        self.it_opens_doors = t.it_opens_doors
        self.it_noisy_door = t.it_noisy_door
        self.it_search_bonus = t.it_search_bonus
        self.it_aaah = t.it_aaah
        self.it_value = t.it_value
        self.pl_action = t.pl_action
        self.pl_target = t.pl_target
        self.pl_zone = t.pl_zone
        self.only_moves = t.only_moves

    # == distance rows and lines of sight ===========================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    def _reserve(self, cells: cython.longlong) -> cython.longlong:
        """Room for ``cells`` more cells in the arena; return where they start."""
        used: cython.longlong = self.arena_used
        cap: cython.longlong = len(self.arena)
        if used + cells > cap:
            while cap < used + cells:
                cap *= 2
            bigger = array("i", bytes(4 * cap))
            bigger[:used] = array("i", self.arena[:used])
            self.arena = bigger
        self.arena_used = used + cells
        return used

    @cython.cfunc
    @cython.exceptval(check=False)
    def _forget_rows(self) -> cython.void:
        """Start the caches again (between games, when they hold too many cells)."""
        self.zcache.clear()
        self.scache.clear()
        self.vcache.clear()
        self.arena_used = 0
        self.zall = Rows(self.n)
        self.zrows = self.zall
        self.zrows_mask = ALL_DOORS
        self.srows = Rows(self.n)
        self.srows_mask = ALL_DOORS
        self.vrows = Rows(self.n)
        self.vrows_mask = ALL_DOORS

    @cython.cfunc
    def _zombie_rows(self, mask: cython.ulonglong) -> Rows:
        if mask == ALL_DOORS:
            return self.zall
        if mask != self.zrows_mask:
            rows = self.zcache.get(mask)
            if rows is None:
                rows = Rows(self.n)
                self.zcache[mask] = rows
            self.zrows = rows
            self.zrows_mask = mask
        return self.zrows

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def zrow(self, mask: cython.ulonglong, target: cython.int) -> cython.longlong:
        """Offset of the row ``dist[zone]`` (zombie steps from zone to ``target`` through the
        doors of ``mask``; ALL_DOORS: every door)."""
        rows: Rows = self._zombie_rows(mask)
        off: cython.longlong = rows.off[target]
        if off >= 0:
            return off
        n: cython.int = self.n
        off = self._reserve(n)
        arena = self.arena
        i: cython.int
        k: cython.int
        u: cython.int
        v: cython.int
        d: cython.int
        dv: cython.int
        for i in range(n):
            arena[off + i] = INF
        arena[off + target] = 0
        q = self.queue
        head: cython.int = 0
        tail: cython.int = 1
        q[0] = target
        every: cython.bint = mask == ALL_DOORS
        while head < tail:
            v = q[head]
            head += 1
            dv = arena[off + v] + 1
            for k in range(self.zback_start[v], self.zback_start[v + 1]):
                u = self.zback_u[k]
                if arena[off + u] != INF:
                    continue
                d = self.c_door[self.zback_c[k]]
                if every or d < 0 or (mask >> d) & 1:
                    arena[off + u] = dv
                    q[tail] = u
                    tail += 1
        rows.off[target] = off
        return off

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def srow(self, target: cython.int, mask: cython.ulonglong) -> cython.longlong:
        """Offset of the row of survivor steps from every zone to ``target`` through the doors
        of ``mask``."""
        if mask != self.srows_mask:
            rows = self.scache.get(mask)
            if rows is None:
                rows = Rows(self.n)
                self.scache[mask] = rows
            self.srows = rows
            self.srows_mask = mask
        r: Rows = self.srows
        off: cython.longlong = r.off[target]
        if off >= 0:
            return off
        n: cython.int = self.n
        off = self._reserve(n)
        arena = self.arena
        i: cython.int
        k: cython.int
        u: cython.int
        v: cython.int
        d: cython.int
        dv: cython.int
        for i in range(n):
            arena[off + i] = INF
        arena[off + target] = 0
        q = self.queue
        head: cython.int = 0
        tail: cython.int = 1
        q[0] = target
        while head < tail:
            v = q[head]
            head += 1
            dv = arena[off + v] + 1
            for k in range(self.sback_start[v], self.sback_start[v + 1]):
                u = self.sback_u[k]
                d = self.c_door[self.sback_c[k]]
                if arena[off + u] == INF and (d < 0 or (mask >> d) & 1):
                    arena[off + u] = dv
                    q[tail] = u
                    tail += 1
        r.off[target] = off
        return off

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def _link(self, a: cython.int, b: cython.int) -> cython.bint:
        """Whether a sight-carrying connection joins ``a`` and ``b`` with its door (if any) open."""
        k: cython.int
        d: cython.int
        for k in range(self.sc_start[a], self.sc_start[a + 1]):
            if self.sc_v[k] == b:
                d = self.c_door[self.sc_c[k]]
                if d < 0 or (self.doors_open >> d) & 1:
                    return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def vrow(self, z: cython.int) -> cython.longlong:
        """Offset of the zones seen from ``z`` with the doors as they are: a count, then (zone,
        distance) pairs, zones ascending (``z`` itself at distance 0)."""
        mask: cython.ulonglong = self.doors_open
        if mask != self.vrows_mask:
            rows = self.vcache.get(mask)
            if rows is None:
                rows = Rows(self.n)
                self.vcache[mask] = rows
            self.vrows = rows
            self.vrows_mask = mask
        r: Rows = self.vrows
        off: cython.longlong = r.off[z]
        if off >= 0:
            return off
        seen = self.seen
        lst = self.seen_list
        m: cython.int = 1
        k: cython.int
        d: cython.int
        v: cython.int
        i: cython.int
        j: cython.int
        step: cython.int
        ln: cython.int
        ls: cython.int
        dist: cython.int
        seen[z] = 0
        lst[0] = z
        for k in range(self.sc_start[z], self.sc_start[z + 1]):
            d = self.c_door[self.sc_c[k]]
            if d >= 0 and not (mask >> d) & 1:
                continue
            v = self.sc_v[k]
            if seen[v] == INF:
                seen[v] = 1
                lst[m] = v
                m += 1
        for k in range(self.zl_start[z], self.zl_start[z + 1]):
            ls = self.line_start[self.zl_line[k]]
            ln = self.line_start[self.zl_line[k] + 1] - ls
            i = self.zl_pos[k]
            for step in (1, -1):
                j = i
                while 0 <= j + step < ln and self._link(self.line_zones[ls + j], self.line_zones[ls + j + step]):
                    j += step
                    dist = j - i if j > i else i - j
                    v = self.line_zones[ls + j]
                    if seen[v] > dist:
                        if seen[v] == INF:
                            lst[m] = v
                            m += 1
                        seen[v] = dist
        # zones ascending (insertion sort: a zone sees few others)
        for i in range(1, m):
            v = lst[i]
            j = i - 1
            while j >= 0 and lst[j] > v:
                lst[j + 1] = lst[j]
                j -= 1
            lst[j + 1] = v
        off = self._reserve(1 + 2 * m)
        arena = self.arena
        arena[off] = m
        for i in range(m):
            v = lst[i]
            arena[off + 1 + 2 * i] = v
            arena[off + 2 + 2 * i] = seen[v]
            seen[v] = INF
        r.off[z] = off
        return off

    # == the state =================================================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def touch(self, z: cython.int) -> cython.void:
        """Note that the game wrote to zone ``z`` (the touched zones stay in board order)."""
        if self.is_touched[z]:
            return
        self.is_touched[z] = 1
        j: cython.int = self.ntouched
        t = self.touched
        while j > 0 and t[j - 1] > z:
            t[j] = t[j - 1]
            j -= 1
        t[j] = z
        self.ntouched += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    def zombies_in(self, z: cython.int) -> cython.int:
        if not self.is_touched[z]:
            return 0
        s: cython.int = 0
        t: cython.int
        base: cython.int = z * self.nt
        for t in range(self.nt):
            s += self.zombies[base + t]
        return s

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.inline
    def on_board(self, i: cython.int) -> cython.bint:
        return self.sv_alive[i] and not self.sv_escaped[i]

    @cython.cfunc
    @cython.exceptval(check=False)
    def survivors_in(self, z: cython.int) -> cython.int:
        k: cython.int = 0
        i: cython.int
        for i in range(self.ns):
            if self.sv_zone[i] == z and self.on_board(i):
                k += 1
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def first_survivor_in(self, z: cython.int) -> cython.int:
        i: cython.int
        for i in range(self.ns):
            if self.sv_zone[i] == z and self.on_board(i):
                return i
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def count_living(self) -> cython.int:
        k: cython.int = 0
        i: cython.int
        for i in range(self.ns):
            k += self.on_board(i)
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def danger(self, xp: cython.int) -> cython.int:
        if xp >= self.danger_xp[2]:
            return 3
        if xp >= self.danger_xp[1]:
            return 2
        if xp >= self.danger_xp[0]:
            return 1
        return 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def danger_level(self) -> cython.int:
        xp: cython.int = 0
        i: cython.int
        for i in range(self.ns):
            if self.on_board(i) and self.sv_xp[i] > xp:
                xp = self.sv_xp[i]
        return self.danger(xp)

    @cython.cfunc
    @cython.exceptval(check=False)
    def d6(self, sides: cython.int) -> cython.int:
        return 1 + self.rng.randbelow(sides)

    @cython.cfunc
    @cython.exceptval(check=False)
    def roll(self, count: cython.int, sides: cython.int, bonus: cython.int) -> cython.int:
        t: cython.int = 0
        i: cython.int
        for i in range(count):
            t += self.d6(sides)
        return t + bonus

    @cython.cfunc
    @cython.exceptval(check=False)
    def runaway(self) -> cython.void:
        if not self.outcome:
            self.outcome = 2
            self.cause = C_RUNAWAY

    @cython.cfunc
    @cython.exceptval(check=False)
    def extra_allowed(self) -> cython.bint:
        """Count one extra activation against the turn's bound (``game.extra_allowed``)."""
        if self.extras < self.extra_limit:
            self.extras += 1
            return True
        if self.extras == self.extra_limit:
            self.extras += 1
            self.runaway()
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def out_of_miniatures(self, t: cython.int) -> cython.void:
        """The box ran out of type ``t`` while placing: every zombie of ``t`` gets an extra
        activation that owes nothing more."""
        if self.pool_out and self.extra_allowed():
            self.activate(1 << t, False, True)

    @cython.cfunc
    @cython.exceptval(check=False)
    def place(self, zone: cython.int, t: cython.int, count: cython.int) -> cython.int:
        """Place up to ``count`` zombies from the pool; return how many were missing."""
        placed: cython.int = count if count < self.pool[t] else self.pool[t]
        if placed < 0:
            placed = 0
        if placed:
            self.touch(zone)
            self.pool[t] -= placed
            self.zombies[zone * self.nt + t] += placed
            self.spawned_by_type[t] += placed
            self.zone_visits[zone] += placed
        return count - placed

    @cython.cfunc
    @cython.exceptval(check=False)
    def draw_equipment(self) -> cython.int:
        if not self.nedeck:
            if not self.nediscard:
                return -1
            deck = self.edeck
            self.edeck = self.ediscard
            self.ediscard = deck
            self.nedeck = self.nediscard
            self.nediscard = 0
            self.shuffle(self.edeck, self.nedeck)
        self.nedeck -= 1
        return self.edeck[self.nedeck]

    @cython.cfunc
    @cython.exceptval(check=False)
    def shuffle(self, a: cython.int[::1], length: cython.int) -> cython.void:
        i: cython.int
        j: cython.int
        x: cython.int
        for i in range(length - 1, 0, -1):
            j = self.rng.randbelow(i + 1)
            x = a[i]
            a[i] = a[j]
            a[j] = x

    @cython.cfunc
    @cython.exceptval(check=False)
    def min_value_index(self, s: cython.int) -> cython.int:
        best: cython.int = 0
        i: cython.int
        base: cython.int = s * MAXI
        for i in range(1, self.sv_nitems[s]):
            if self.it_value[self.sv_items[base + i]] < self.it_value[self.sv_items[base + best]]:
                best = i
        return best

    @cython.cfunc
    @cython.exceptval(check=False)
    def remove_item(self, s: cython.int, i: cython.int) -> cython.void:
        base: cython.int = s * MAXI
        k: cython.int
        for k in range(i, self.sv_nitems[s] - 1):
            self.sv_items[base + k] = self.sv_items[base + k + 1]
        self.sv_nitems[s] -= 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def discard_worst(self, s: cython.int) -> cython.void:
        w: cython.int = self.min_value_index(s)
        self.ediscard[self.nediscard] = self.sv_items[s * MAXI + w]
        self.nediscard += 1
        self.remove_item(s, w)

    @cython.cfunc
    @cython.exceptval(check=False)
    def keep(self, s: cython.int, card: cython.int) -> cython.void:
        if self.sv_nitems[s] < MAXI:
            self.sv_items[s * MAXI + self.sv_nitems[s]] = card
            self.sv_nitems[s] += 1
        if self.sv_nitems[s] > self.max_items:
            self.discard_worst(s)

    @cython.cfunc
    @cython.exceptval(check=False)
    def has_item(self, s: cython.int, it: cython.int) -> cython.bint:
        i: cython.int
        for i in range(self.sv_nitems[s]):
            if self.sv_items[s * MAXI + i] == it:
                return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def count_item(self, s: cython.int, it: cython.int) -> cython.int:
        k: cython.int = 0
        i: cython.int
        for i in range(self.sv_nitems[s]):
            if self.sv_items[s * MAXI + i] == it:
                k += 1
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def door_tool(self, s: cython.int) -> cython.int:
        """-1: no tool; -2: bare hands; else the item."""
        best: cython.int = -1
        i: cython.int
        it: cython.int
        for i in range(self.sv_nitems[s]):
            it = self.sv_items[s * MAXI + i]
            if self.it_opens_doors[it] and (best < 0 or (self.it_noisy_door[best] and not self.it_noisy_door[it])):
                best = it
        if best < 0 and not self.doors_need_item:
            return -2
        return best

    @cython.cfunc
    @cython.exceptval(check=False)
    def can_unlock(self, s: cython.int, d: cython.int) -> cython.bint:
        if not self.door_by_hand[d]:
            return False
        if (self.doors_unlocked >> d) & 1:
            return True
        if self.lock_kind[d] == 1 and (self.colours >> self.lock_val[d]) & 1:
            return True
        if self.lock_kind[d] == 2 and self.has_item(s, self.lock_val[d]):
            return True
        return self.door_breakable[d] != 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def door_passable(self, s: cython.int) -> cython.ulonglong:
        mask: cython.ulonglong = self.doors_open
        d: cython.int
        if self.door_tool(s) == -1:
            return mask
        for d in range(self.nd):
            if not (mask >> d) & 1 and self.can_unlock(s, d):
                mask |= ONE << d
        return mask

    # == wounds, kills, doors, triggers ===========================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    def wound(self, si: cython.int, n: cython.int) -> cython.void:
        if not self.on_board(si):
            return
        k: cython.int
        i: cython.int
        for k in range(n):
            self.sv_wounds[si] += 1
            if self.sv_nitems[si]:
                self.discard_worst(si)
            if self.sv_wounds[si] >= self.sv_health[si]:
                self.sv_alive[si] = 0
                z: cython.int = self.sv_zone[si]
                self.touch(z)
                self.zone_deaths[z] += 1
                for i in range(self.sv_nitems[si]):
                    self.ediscard[self.nediscard] = self.sv_items[si * MAXI + i]
                    self.nediscard += 1
                self.sv_nitems[si] = 0
                if self.profile == P_HOUSE and self.nrising < MAXS * 4:
                    self.rising[self.nrising] = z
                    self.nrising += 1
                if self.any_dies and not self.outcome:
                    self.outcome = 2
                    self.cause = C_SURVIVOR_DIED
                return

    @cython.cfunc
    @cython.exceptval(check=False)
    def kill(self, si: cython.int, zone: cython.int, t: cython.int) -> cython.void:
        self.zombies[zone * self.nt + t] -= 1
        self.pool[t] += 1
        self.kills += 1
        self.kills_by_type[t] += 1
        self.zone_kills[zone] += 1
        self.sv_xp[si] += self.kill_xp[t]
        self.fire_event(EV_KILLS, self.kills, si)

    @cython.cfunc
    @cython.exceptval(check=False)
    def spawn(self, zone: cython.int, t: cython.int, count: cython.int) -> cython.void:
        if count <= 0:
            return
        missing_t: cython.bint = self.place(zone, t, count) > 0
        c: cython.int = self.comp_type[t]
        missing_c: cython.bint = False
        if c >= 0:
            missing_c = self.place(zone, c, self.comp_count[t] * count) > 0
        if missing_t:
            self.out_of_miniatures(t)
        if missing_c:
            self.out_of_miniatures(c)

    @cython.cfunc
    @cython.exceptval(check=False)
    def resolve_card(self, card: cython.int, zone: cython.int) -> cython.void:
        base: cython.int = card * 12 + self.danger_level() * 3
        kind: cython.int = self.cards[base]
        ty: cython.int = self.cards[base + 1]
        count: cython.int = self.cards[base + 2]
        m: cython.int
        i: cython.int
        k: cython.int
        if kind == 0:
            self.spawn(zone, ty, count)
        elif kind == 1:
            if self.danger_level() >= 1 and self.extra_allowed():
                self.activate(1 << ty, False, False)
        else:
            # every manhole on a tile a survivor stands on, in board order
            for m in range(self.nman):
                near: cython.bint = False
                for i in range(self.ns):
                    if not self.on_board(i):
                        continue
                    z: cython.int = self.sv_zone[i]
                    for k in range(self.zman_start[z], self.zman_start[z + 1]):
                        if self.zman_m[k] == m:
                            near = True
                            break
                    if near:
                        break
                if near:
                    self.spawn(self.man_zone[m], ty, count)

    @cython.cfunc
    @cython.exceptval(check=False)
    def draw_spawn_card(self, zone: cython.int) -> cython.void:
        i: cython.int
        if not self.nzdeck:
            deck = self.zdeck
            self.zdeck = self.zdiscard
            self.zdiscard = deck
            self.nzdeck = self.nzdiscard
            self.nzdiscard = 0
            if not self.nzdeck:
                for i in range(self.ncards):
                    self.zdeck[i] = i
                self.nzdeck = self.ncards
            self.shuffle(self.zdeck, self.nzdeck)
        self.nzdeck -= 1
        card: cython.int = self.zdeck[self.nzdeck]
        self.zdiscard[self.nzdiscard] = card
        self.nzdiscard += 1
        self.resolve_card(card, zone)

    @cython.cfunc
    @cython.exceptval(check=False)
    def open_door(self, d: cython.int, actor: cython.int) -> cython.void:
        bit: cython.ulonglong = ONE << d
        self.doors_open |= bit
        self.doors_unlocked |= bit
        if self.doors_ever & bit:
            return
        self.doors_ever |= bit
        e: cython.int
        k: cython.int
        if self.building_spawn and self.door_spawns[d]:
            c: cython.int = self.door_conn[d]
            for e in range(2):
                bld: cython.int = self.building_of[self.c_from[c] if e == 0 else self.c_to[c]]
                if bld >= 0 and not self.bspawned[bld]:
                    self.bspawned[bld] = 1
                    for k in range(self.bld_start[bld], self.bld_start[bld + 1]):
                        self.draw_spawn_card(self.bld_zones[k])
        self.fire_event(EV_DOOR, d, actor)

    @cython.cfunc
    @cython.exceptval(check=False)
    def apply_effect(self, e: cython.int, actor: cython.int) -> cython.void:
        kind: cython.int = self.e_kind[e]
        a: cython.int = self.e_a[e]
        bit: cython.ulonglong = ONE << a
        i: cython.int
        if kind <= E_LOCK:
            if kind == E_OPEN or (kind == E_TOGGLE and not self.doors_open & bit):
                self.open_door(a, -1)
            elif kind == E_UNLOCK:
                self.doors_unlocked |= bit
            elif kind == E_CLOSE or kind == E_TOGGLE:
                self.doors_open &= ~bit
            else:
                self.doors_open &= ~bit
                self.doors_unlocked &= ~bit
        elif kind == E_ACT:
            self.spawns_active[a] = 1
        elif kind == E_DEACT:
            self.spawns_active[a] = 0
        elif kind == E_TOGGLE_SPAWN:
            self.spawns_active[a] = 1 - self.spawns_active[a]
        elif kind == E_SPAWN:
            count: cython.int = self.roll(self.e_dcount[e], self.e_dsides[e], self.e_dbonus[e]) \
                if self.e_has_dice[e] else self.e_count[e]
            if self.place(a, self.e_ztype[e], count):
                self.out_of_miniatures(self.e_ztype[e])
        elif kind == E_XP:
            if self.e_to_actor[e] and actor >= 0:
                self.sv_xp[actor] += self.e_amount[e]
            else:
                for i in range(self.ns):
                    if self.on_board(i):
                        self.sv_xp[i] += self.e_amount[e]
        elif kind == E_END:
            if not self.outcome:
                self.outcome = 1 if self.e_win[e] else 2
                self.cause = C_NONE if self.e_win[e] else C_SPECIAL

    @cython.cfunc
    @cython.exceptval(check=False)
    def fire_event(self, kind: cython.int, target: cython.int, actor: cython.int) -> cython.void:
        ti: cython.int
        k: cython.int
        for ti in range(self.ntr):
            if self.tr_kind[ti] != kind:
                continue
            if kind == EV_KILLS:
                if target < self.tr_target[ti]:
                    continue
            elif self.tr_target[ti] != target:
                continue
            if self.tr_once[ti] and self.fired[ti]:
                continue
            self.fired[ti] = 1
            for k in range(self.tr_estart[ti], self.tr_estart[ti + 1]):
                self.apply_effect(k, actor)

    @cython.cfunc
    @cython.exceptval(check=False)
    def reveal_keys(self) -> cython.void:
        o: cython.int
        for o in range(self.nobj):
            if self.obj_kind[o] == O_KEY and self.taken[o]:
                self.colours |= ONE << self.obj_colour[o]

    @cython.cfunc
    @cython.exceptval(check=False)
    def note_objective(self, o: cython.int) -> cython.void:
        if self.obj_turn[o] < 0:
            self.obj_turn[o] = self.turn
            self.obj_order[self.nobj_order] = o
            self.nobj_order += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def take(self, si: cython.int, o: cython.int) -> cython.void:
        self.taken[o] = 1
        self.note_objective(o)
        self.sv_xp[si] += self.obj_xp[o]
        kind: cython.int = self.obj_kind[o]
        if kind == O_KEY:
            self.reveal_keys()
        elif kind == O_ITEM:
            self.keep(si, self.obj_item[o])
            self.reveal_keys()
        elif kind == O_MARKER:
            card: cython.int = self.draw_equipment()
            if card >= 0 and not self.it_aaah[card]:
                self.keep(si, card)
        self.fire_event(EV_TAKEN, o, si)

    @cython.cfunc
    @cython.exceptval(check=False)
    def press(self, si: cython.int, o: cython.int) -> cython.void:
        first: cython.bint = not self.pressed[o]
        self.pressed[o] = 1
        if first:
            self.taken[o] = 1
            self.note_objective(o)
            self.sv_xp[si] += self.obj_xp[o]
        self.fire_event(EV_PRESSED, o, si)

    @cython.cfunc
    @cython.exceptval(check=False)
    def enter_zone(self, si: cython.int, zone: cython.int) -> cython.void:
        if not self.entered[zone]:
            self.touch(zone)
            self.entered[zone] = 1
            self.fire_event(EV_ZONE, zone, si)

    # == combat (the profiles' rules) =============================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    def dice_for(self, s: cython.int, it: cython.int) -> cython.int:
        if self.it_dual[it] and self.count_item(s, it) >= 2:
            return self.it_dice[it] * 2
        return self.it_dice[it]

    @cython.cfunc
    @cython.exceptval(check=False)
    def first_type(self, zone: cython.int) -> cython.int:
        t: cython.int
        if not self.is_touched[zone]:
            return -1
        for t in range(self.nt):
            if self.zombies[zone * self.nt + t]:
                return t
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def victim_of(self, zone: cython.int, exclude: cython.int) -> cython.int:
        """The survivor with the most health left (the lowest index first)."""
        best: cython.int = -1
        bh: cython.int = 0
        i: cython.int
        h: cython.int
        for i in range(self.ns):
            if i == exclude or self.sv_zone[i] != zone or not self.on_board(i):
                continue
            h = self.sv_health[i] - self.sv_wounds[i]
            if best < 0 or h > bh:
                best = i
                bh = h
        return best

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_fight(self, armed: cython.bint) -> cython.int:
        nd: cython.int = self.hero_dice
        hi: cython.int = 0
        second: cython.int = 0
        i: cython.int
        x: cython.int
        for i in range(nd):
            x = self.d6(6)
            if x > hi:
                second = hi
                hi = x
            elif x > second:
                second = x
        best: cython.int = hi + (1 if armed else 0)
        zombie: cython.int = self.d6(6)
        if best <= zombie:
            return -1
        return 1 if (armed or hi == second) else 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def best_melee(self, s: cython.int) -> cython.int:
        best: cython.int = -1
        i: cython.int
        it: cython.int
        for i in range(self.sv_nitems[s]):
            it = self.sv_items[s * MAXI + i]
            if self.it_dice[it] > 0 and self.it_max_range[it] == 0 and \
                    (best < 0 or self.it_damage[it] > self.it_damage[best]):
                best = it
        return best

    @cython.cfunc
    @cython.exceptval(check=False)
    def any_melee(self, s: cython.int) -> cython.bint:
        i: cython.int
        it: cython.int
        for i in range(self.sv_nitems[s]):
            it = self.sv_items[s * MAXI + i]
            if self.it_dice[it] > 0 and self.it_max_range[it] == 0:
                return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def brawl(self, si: cython.int, weapon: cython.int) -> cython.bint:
        """House: one melee round; True when the survivor won."""
        z: cython.int = self.sv_zone[si]
        n: cython.int = self.zombies_in(z)
        mine: cython.int = self.d6(6) + (self.it_damage[weapon] if weapon >= 0 else 0)
        theirs: cython.int = self.d6(6) + (n - 1 if n - 1 < 2 else 2)
        if mine > theirs:
            if weapon >= 0:
                self.kill(si, z, self.first_type(z))
                return True
            return False
        self.wound(si, 1)
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def hits_of(self, s: cython.int, it: cython.int) -> cython.int:
        n: cython.int = self.dice_for(s, it)
        hits: cython.int = 0
        acc: cython.int = self.it_accuracy[it]
        i: cython.int
        for i in range(n):
            if self.d6(6) >= acc:
                hits += 1
        return hits

    @cython.cfunc
    @cython.exceptval(check=False)
    def melee(self, si: cython.int, it: cython.int) -> cython.void:
        z: cython.int = self.sv_zone[si]
        t: cython.int
        r: cython.int
        h: cython.int
        k: cython.int
        if self.profile == P_LNOE:
            t = self.first_type(z)
            if t < 0:
                return
            r = self.lnoe_fight(self.it_dice[it] > 0 and self.it_max_range[it] == 0)
            if r > 0:
                self.kill(si, z, t)
            elif r < 0:
                self.wound(si, 1)
            return
        if self.profile == P_HOUSE:
            self.brawl(si, it)
            return
        hits: cython.int = self.hits_of(si, it)
        dmg: cython.int = self.it_damage[it]
        for h in range(hits):
            for k in range(self.nt):
                t = self.melee_order[k]
                if self.zombies[z * self.nt + t] and dmg >= self.tough[t]:
                    self.kill(si, z, t)
                    break
        if self.it_noisy_attack[it]:
            self.touch(z)
            self.noise[z] += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def ranged(self, si: cython.int, it: cython.int, zone: cython.int) -> cython.void:
        t: cython.int
        i: cython.int
        n: cython.int
        if self.profile == P_LNOE:
            n = self.dice_for(si, it)
            for i in range(n):
                t = self.first_type(zone)
                if t >= 0 and self.d6(6) >= 4:
                    self.kill(si, zone, t)
            return
        if self.profile == P_HOUSE:
            if self.d6(6) >= 4:
                t = self.first_type(zone)
                if t >= 0:
                    self.kill(si, zone, t)
            return
        hits: cython.int = self.hits_of(si, it)
        dmg: cython.int = self.it_damage[it]
        h: cython.int
        g: cython.int
        k: cython.int
        base: cython.int = zone * self.nt
        for h in range(hits):
            victim: cython.int = self.victim_of(zone, si)
            if victim >= 0:
                self.wound(victim, dmg)
                continue
            # the first group (by ranged rank) with a zombie present takes the hit
            for g in range(self.nrg):
                present: cython.int = -1
                for k in range(self.rg_start[g], self.rg_start[g + 1]):
                    if self.zombies[base + self.rg_types[k]]:
                        present = self.rg_types[k]
                        break
                if present < 0:
                    continue
                if self.rg_absorbs[g]:
                    for k in range(self.rg_start[g], self.rg_start[g + 1]):
                        t = self.rg_types[k]
                        if self.zombies[base + t] and dmg >= self.tough[t]:
                            self.kill(si, zone, t)
                            break
                else:
                    self.kill(si, zone, present)
                break
        if self.it_noisy_attack[it]:
            z: cython.int = self.sv_zone[si]
            self.touch(z)
            self.noise[z] += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def zombie_attack(self, zone: cython.int, acting: cython.int[::1], row: cython.int) -> cython.void:
        """The zombies of ``acting`` row ``row`` attack the survivors of ``zone``."""
        nt: cython.int = self.nt
        t: cython.int
        k: cython.int
        h: cython.int
        r: cython.int
        total: cython.int = 0
        if self.profile == P_LNOE:
            for t in range(nt):
                for k in range(acting[row * nt + t]):
                    h = self.first_survivor_in(zone)
                    if h < 0 or not self.zombies[zone * nt + t]:
                        break
                    r = self.lnoe_fight(self.any_melee(h))
                    if r > 0:
                        self.kill(h, zone, t)
                    elif r < 0:
                        self.wound(h, 1)
            return
        for t in range(nt):
            total += acting[row * nt + t]
        if self.profile == P_HOUSE:
            nh: cython.int = self.survivors_in(zone)
            if not nh or not total:
                return
            pick: cython.int = self.rng.randbelow(nh)
            v: cython.int = -1
            for k in range(self.ns):
                if self.sv_zone[k] == zone and self.on_board(k):
                    if pick == 0:
                        v = k
                        break
                    pick -= 1
            weapon: cython.int = self.best_melee(v)
            n: cython.int = self.zombies_in(zone)
            theirs: cython.int = self.d6(6) + (n - 1 if n - 1 < 2 else 2)
            mine: cython.int = self.d6(6) + (self.it_damage[weapon] if weapon >= 0 else 0)
            if theirs >= mine:
                self.wound(v, 1)
            elif weapon >= 0:
                self.kill(v, zone, self.first_type(zone))
            return
        for k in range(total):
            h = self.victim_of(zone, -1)
            if h < 0:
                break
            self.wound(h, 1)

    # == the zombies' phase ========================================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    def noise_map(self) -> cython.int:
        """Noise per zone in the reference engine's order (token zones in board order, then the
        survivors' zones in survivor order) into ``nz`` / ``nl``; return how many."""
        k: cython.int = 0
        i: cython.int
        j: cython.int
        z: cython.int
        nz = self.nz
        nl = self.nl
        for i in range(self.ntouched):
            z = self.touched[i]
            if self.noise[z]:
                nz[k] = z
                nl[k] = self.noise[z]
                k += 1
        for i in range(self.ns):
            if not self.on_board(i):
                continue
            z = self.sv_zone[i]
            j = 0
            while j < k and nz[j] != z:
                j += 1
            if j == k:
                nz[k] = z
                nl[k] = 0
                k += 1
            nl[j] += 1
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def hunt(self, zone: cython.int) -> cython.int:
        """Targets of zombies that hunt the nearest survivors (Last Night on Earth, house) into
        ``tg``; the sign bit of the result says "through every door" (return -(k + 1))."""
        tg = self.tg
        pas: cython.int
        i: cython.int
        j: cython.int
        a: cython.int
        c: cython.int
        x: cython.int
        for pas in range(2):
            mask: cython.ulonglong = self.doors_open if pas == 0 else ALL_DOORS
            best: cython.int = INF
            k: cython.int = 0
            for i in range(self.ns):
                if not self.on_board(i):
                    continue
                v: cython.int = self.sv_zone[i]
                dup: cython.bint = False
                for j in range(i):
                    if self.on_board(j) and self.sv_zone[j] == v:
                        dup = True
                        break
                if dup:
                    continue
                hoff: cython.longlong = self.zrow(mask, v)
                d: cython.int = self.arena[hoff + zone]
                if d < best:
                    best = d
                    k = 0
                    tg[k] = v
                    k += 1
                elif d == best and d < INF:
                    tg[k] = v
                    k += 1
            if k and best < INF:
                for a in range(1, k):
                    c = a
                    while c > 0 and tg[c - 1] > tg[c]:
                        x = tg[c]
                        tg[c] = tg[c - 1]
                        tg[c - 1] = x
                        c -= 1
                return k if pas == 0 else -(k + 1)
        return 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def targets(self, zone: cython.int, nn: cython.int) -> cython.int:
        """The zones the zombies of ``zone`` head for, into ``tg`` (-(k + 1): through every
        door)."""
        if self.profile != P_ZOMBICIDE:
            return self.hunt(zone)
        if not nn:
            return 0
        tg = self.tg
        nz = self.nz
        nl = self.nl
        off: cython.longlong = self.vrow(zone)
        cnt: cython.int = self.arena[off]
        best: cython.int = 0
        k: cython.int = 0
        i: cython.int
        j: cython.int
        v: cython.int
        lv: cython.int
        r: cython.int
        for i in range(cnt):
            v = self.arena[off + 1 + 2 * i]
            lv = -1
            for j in range(nn):
                if nz[j] == v:
                    lv = nl[j]
                    break
            if lv < 0 or not self.survivors_in(v):
                continue
            if lv > best:
                best = lv
                k = 0
                tg[k] = v
                k += 1
            elif lv == best:
                tg[k] = v
                k += 1
        if k:
            r = 0
            for i in range(k):
                off = self.zrow(self.doors_open, tg[i])
                if self.arena[off + zone] < INF:
                    tg[r] = tg[i]
                    r += 1
            if r:
                return r
            for i in range(k):
                off = self.zrow(ALL_DOORS, tg[i])
                if self.arena[off + zone] < INF:
                    tg[r] = tg[i]
                    r += 1
            return -(r + 1)
        pas: cython.int
        for pas in range(2):
            mask: cython.ulonglong = self.doors_open if pas == 0 else ALL_DOORS
            best = 0
            k = 0
            for j in range(nn):
                v = nz[j]
                lv = nl[j]
                off = self.zrow(mask, v)
                if self.arena[off + zone] < INF:
                    if lv > best:
                        best = lv
                        k = 0
                        tg[k] = v
                        k += 1
                    elif lv == best:
                        tg[k] = v
                        k += 1
            if k:
                return k if pas == 0 else -(k + 1)
        return 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def next_steps(self, z: cython.int, ntg: cython.int, all_doors: cython.bint) -> cython.int:
        """The distinct first steps of all shortest paths from ``z`` to the targets, into
        ``options``."""
        k: cython.int = 0
        i: cython.int
        a: cython.int
        j: cython.int
        v: cython.int
        d: cython.int
        options = self.options
        mask: cython.ulonglong = ALL_DOORS if all_doors else self.doors_open
        for i in range(ntg):
            off: cython.longlong = self.zrow(mask, self.tg[i])
            arena = self.arena
            here: cython.int = arena[off + z]
            if here == 0 or here >= INF:
                continue
            for a in range(self.zadj_start[z], self.zadj_start[z + 1]):
                v = self.zadj_v[a]
                if arena[off + v] != here - 1:
                    continue
                d = self.c_door[self.zadj_c[a]]
                if not all_doors and d >= 0 and not (self.doors_open >> d) & 1:
                    continue
                j = 0
                while j < k and options[j] != v:
                    j += 1
                if j == k:
                    options[k] = v
                    k += 1
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def move_zombies(self, z: cython.int, dest: cython.int, t: cython.int, count: cython.int) -> cython.void:
        a: cython.int
        c: cython.int
        d: cython.int
        v: cython.int
        nt: cython.int = self.nt
        found: cython.bint = False
        for a in range(self.zadj_start[z], self.zadj_start[z + 1]):
            c = self.zadj_c[a]
            d = self.c_door[c]
            if self.zadj_v[a] == dest and self.zadj_ok[a] and (d < 0 or (self.doors_open >> d) & 1):
                found = True
                break
        if not found:
            return
        room: cython.int = self.max_z[dest] - self.zombies_in(dest)
        if not self.breakthrough[dest]:
            if room < 0:
                room = 0
            if count > room:
                count = room
        if count <= 0:
            return
        self.touch(dest)
        self.zombies[z * nt + t] -= count
        self.zombies[dest * nt + t] += count
        self.zone_visits[dest] += count
        over: cython.int = self.zombies_in(dest) - self.max_z[dest]
        if over > self.zombies[dest * nt + t]:
            over = self.zombies[dest * nt + t]
        if over > 0:
            outs = self.outs
            no: cython.int = 0
            for a in range(self.zadj_start[dest], self.zadj_start[dest + 1]):
                v = self.zadj_v[a]
                if self.zadj_ok[a] and v != z and self.zombies_in(v) < self.max_z[v]:
                    outs[no] = v
                    no += 1
            if not no:
                outs[0] = z
                no = 1
            push: cython.int = outs[self.rng.randbelow(no)]
            self.touch(push)
            self.zombies[dest * nt + t] -= over
            self.zombies[push * nt + t] += over

    @cython.cfunc
    @cython.exceptval(check=False)
    def add_move(self, nm: cython.int, z: cython.int, dest: cython.int, t: cython.int,
                 c: cython.int) -> cython.int:
        if 4 * nm + 4 > len(self.moves):
            bigger = _ia(8 * (nm + 1))
            bigger[:4 * nm] = array("i", self.moves[:4 * nm])
            self.moves = bigger
        mv = self.moves
        mv[4 * nm] = z
        mv[4 * nm + 1] = dest
        mv[4 * nm + 2] = t
        mv[4 * nm + 3] = c
        return nm + 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def activate_once(self, types: cython.int, f: Frame, nout: cython.int) -> cython.int:
        """One action of the acting zombies (``game._activate_once``); the types whose splits
        could not be evened from the box are added to ``out`` (each once); return its length."""
        nt: cython.int = self.nt
        t: cython.int
        i: cython.int
        k: cython.int
        z: cython.int
        c: cython.int
        any_acts: cython.bint = False
        for t in range(nt):
            if (types >> t) & 1 and self.pool0[t] - self.pool[t] > 0:
                any_acts = True
        if not any_acts:
            return nout  # nobody acts: nothing happens and no die is rolled
        # each activation has its own rows (an attack can open a door whose spawn activates
        # again): the zones touched so far, in board order, with their acting zombies
        na: cython.int = self.ntouched
        if na > len(f.zone):
            f.acting = _ia(2 * na * nt)
            f.zone = _ia(2 * na)
        acting = f.acting
        act_zone = f.zone
        out = f.out
        for k in range(na):
            z = self.touched[k]
            act_zone[k] = z
            for t in range(nt):
                acting[k * nt + t] = self.zombies[z * nt + t] if (types >> t) & 1 else 0
        if self.profile == P_HOUSE:  # as many zombies act as there are survivors, nearest first
            self.house_limit(f, na)
        for k in range(na):
            z = act_zone[k]
            s: cython.int = 0
            for t in range(nt):
                s += acting[k * nt + t]
            if s and self.survivors_in(z):
                self.zombie_actions += s
                self.zombie_attack(z, acting, k)
                for t in range(nt):
                    acting[k * nt + t] = 0
        nm: cython.int = 0
        nadd: cython.int = 0
        nn: cython.int = -1
        added = self.added
        for k in range(na):
            z = act_zone[k]
            s2: cython.int = 0
            for t in range(nt):
                s2 += acting[k * nt + t]
            if not s2:
                continue
            self.zombie_actions += s2
            if nn < 0:
                nn = self.noise_map() if self.profile == P_ZOMBICIDE else 0
            ntg: cython.int = self.targets(z, nn)
            all_doors: cython.bint = ntg < 0
            if all_doors:
                ntg = -ntg - 1
            if not ntg:
                continue
            no: cython.int = self.next_steps(z, ntg, all_doors)
            if not no:
                continue
            options = self.options
            for t in range(nt):
                c = acting[k * nt + t]
                if not c:
                    continue
                if not self.splits[t] or no == 1:
                    dest: cython.int = options[0] if no == 1 else options[self.rng.randbelow(no)]
                    nm = self.add_move(nm, z, dest, t, c)
                    continue
                if not self.split_adds:
                    first: cython.int = self.rng.randbelow(no)
                    for i in range(no):
                        share: cython.int = c // no + (1 if (i - first) % no < c % no else 0)
                        if share:
                            nm = self.add_move(nm, z, options[i], t, share)
                    continue
                per: cython.int = (c + no - 1) // no
                need: cython.int = per * no - c
                got: cython.int = need if need < self.pool[t] else self.pool[t]
                if got:
                    self.pool[t] -= got
                    added[3 * nadd] = z
                    added[3 * nadd + 1] = t
                    added[3 * nadd + 2] = got
                    nadd += 1
                if got < need:
                    seen: cython.bint = False
                    for i in range(nout):
                        if out[i] == t:
                            seen = True
                    if not seen:
                        out[nout] = t
                        nout += 1
                left: cython.int = c + got
                for i in range(no):
                    share2: cython.int = per if per < left else left
                    left -= share2
                    if share2:
                        nm = self.add_move(nm, z, options[i], t, share2)
        for i in range(nadd):
            self.zombies[added[3 * i] * nt + added[3 * i + 1]] += added[3 * i + 2]
            self.spawned_by_type[added[3 * i + 1]] += added[3 * i + 2]
        mv = self.moves
        for i in range(nm):
            self.move_zombies(mv[4 * i], mv[4 * i + 1], mv[4 * i + 2], mv[4 * i + 3])
        return nout

    @cython.cfunc
    @cython.exceptval(check=False)
    def house_limit(self, f: Frame, na: cython.int) -> cython.void:
        """House rules: only as many zombies act as there are survivors (at least one), the
        nearest to a survivor first (zones by distance, then board order)."""
        nt: cython.int = self.nt
        acting = f.acting
        act_zone = f.zone
        order = self.order
        living: cython.int = self.count_living()
        limit: cython.int = living if living > 1 else 1
        k: cython.int
        i: cython.int
        t: cython.int
        j: cython.int
        if not living:
            for k in range(na * nt):
                acting[k] = 0
            return
        for k in range(na):
            z: cython.int = act_zone[k]
            m: cython.int = INF + 1
            for i in range(self.ns):
                if self.on_board(i):
                    roff: cython.longlong = self.zrow(ALL_DOORS, self.sv_zone[i])
                    d: cython.int = self.arena[roff + z]
                    if d < m:
                        m = d
            # insertion by (distance, zone): the rows are in zone order already
            j = k
            while j > 0 and order[2 * (j - 1)] > m:
                order[2 * j] = order[2 * (j - 1)]
                order[2 * j + 1] = order[2 * (j - 1) + 1]
                j -= 1
            order[2 * j] = m
            order[2 * j + 1] = k
        left: cython.int = limit
        keep = _ia(na * nt) if na * nt > 0 else _ia(1)
        kept: cython.int[::1] = keep
        for j in range(na):
            k = order[2 * j + 1]
            for t in range(nt):
                c: cython.int = acting[k * nt + t]
                tk: cython.int = c if c < left else left
                kept[k * nt + t] = tk
                left -= tk
            if left <= 0:
                break
        for k in range(na * nt):
            acting[k] = kept[k]

    @cython.cfunc
    @cython.exceptval(check=False)
    def activate(self, types: cython.int, runners_second: cython.bint, extra: cython.bint) -> cython.void:
        """``game.activate``: types that act twice act again in an extra activation; every type
        that ran out while splitting gets one extra activation after this one, unless this is
        itself such an extra activation."""
        if self.depth == len(self.frames):
            self.frames.append(Frame(self.ntouched + 16, self.nt))
        f: Frame = self.frames[self.depth]
        self.depth += 1
        nout: cython.int = self.activate_once(types, f, 0)
        if types != self.all_types and types & self.twice and not runners_second:
            nout = self.activate_once(types & self.twice, f, nout)
        self.depth -= 1
        if extra:
            return
        i: cython.int
        for i in range(nout):
            self.out_of_miniatures(f.out[i])

    @cython.cfunc
    @cython.exceptval(check=False)
    def spawn_phase(self) -> cython.void:
        i: cython.int
        k: cython.int
        for i in range(self.nrising):
            self.place(self.rising[i], ZOMBIE_T, 1)
        self.nrising = 0
        act = self.active
        na: cython.int = 0
        for i in range(self.nsp):
            if self.spawns_active[i] and not self.sp_manhole[i]:
                act[na] = i
                na += 1
        if not na:
            return
        if self.method == M_CARDS:
            for i in range(na):
                self.draw_spawn_card(self.sp_zone[act[i]])
            return
        t: cython.int = SPAWN_T
        for k in range(self.nt):
            if self.pool[k] > 0:
                t = k
                break
        if self.method == M_DICE:
            r: cython.int = self.roll(self.mdcount, self.mdsides, self.mdbonus)
            for k in range(r):
                self.spawn(self.sp_zone[act[self.rng.randbelow(na)]], t, 1)
        else:
            for i in range(na):
                self.spawn(self.sp_zone[act[i]], t, self.mcount)

    # == victory and defeat ========================================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    def step_met(self, i: cython.int) -> cython.bint:
        kind: cython.int = self.st_kind[i]
        k: cython.int
        s: cython.int
        a: cython.int = self.st_start[i]
        b: cython.int = self.st_start[i + 1]
        if kind == V_TAKE:
            for k in range(a, b):
                if not self.taken[self.st_ids[k]]:
                    return False
            return True
        if kind == V_KILL:
            if self.st_ztype[i] >= 0:
                return self.kills_by_type[self.st_ztype[i]] >= self.st_count[i]
            return self.kills >= self.st_count[i]
        if kind == V_REACH:
            alive: cython.int = 0
            inside: cython.int = 0
            for s in range(self.ns):
                if not self.on_board(s):
                    continue
                alive += 1
                for k in range(a, b):
                    if self.st_ids[k] == self.sv_zone[s]:
                        inside += 1
                        break
            return inside > 0 and (not self.st_who_all[i] or inside == alive)
        if kind == V_ESCAPE:
            alive2: cython.int = 0
            out: cython.int = 0
            for s in range(self.ns):
                if self.sv_alive[s]:
                    alive2 += 1
                    out += self.sv_escaped[s]
            return out > 0 and (not self.st_who_all[i] or out == alive2)
        if kind == V_SURVIVE:
            return self.turn > self.st_turns[i]
        if kind == V_CLEAR:
            for k in range(a, b):
                if self.zombies_in(self.st_ids[k]):
                    return False
            return True
        if kind == V_DOORS:
            for k in range(a, b):
                if not (self.doors_ever >> self.st_ids[k]) & 1:
                    return False
            return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def escape_step_open(self) -> cython.bint:
        i: cython.int = self.escape_step
        j: cython.int
        if i < 0:
            return False
        if self.ordered:
            for j in range(i):
                if not self.step_met(j):
                    return False
            return True
        for j in range(self.nsteps):
            if self.st_kind[j] != V_ESCAPE and not self.step_met(j):
                return False
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def check_victory(self) -> cython.void:
        if self.outcome:
            return
        won: cython.bint
        i: cython.int
        if self.ordered:
            while self.progress < self.nsteps and self.step_met(self.progress):
                self.progress += 1
            won = self.progress == self.nsteps
        else:
            for i in range(self.nsteps):
                if not self.step_done[i] and self.step_met(i):
                    self.step_done[i] = 1
                    self.progress += 1
            won = self.progress == self.nsteps
        if won:
            self.outcome = 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def check_defeat(self) -> cython.void:
        if self.outcome:
            return
        alive: cython.int = 0
        i: cython.int
        for i in range(self.ns):
            alive += self.sv_alive[i]
        if not alive:
            self.outcome = 2
            self.cause = C_ALL_DEAD
            return
        if not self.count_living():
            self.check_victory()
            if not self.outcome:
                self.outcome = 2
                self.cause = C_ALL_DEAD

    # == survivor actions ==========================================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    def act_less(self, x: cython.int, y: cython.int) -> cython.bint:
        if self.act_kind[x] != self.act_kind[y]:
            return self.act_kind[x] < self.act_kind[y]
        if self.act_a[x] != self.act_a[y]:
            return self.act_a[x] < self.act_a[y]
        return self.act_b[x] < self.act_b[y]

    @cython.cfunc
    @cython.exceptval(check=False)
    def move_cost(self, s: cython.int, c: cython.int) -> cython.int:
        if self.profile == P_LNOE:
            return 1
        if self.profile == P_HOUSE:
            return self.c_cost[c]
        return 1 + self.zombies_in(self.sv_zone[s])

    @cython.cfunc
    @cython.exceptval(check=False)
    def can_search(self, s: cython.int) -> cython.bint:
        if self.profile == P_HOUSE:
            return False
        z: cython.int = self.sv_zone[s]
        if not self.searchable[z] or self.sv_searched[s] or self.zombies_in(z):
            return False
        return not self.sv_moved[s] if self.profile == P_LNOE else True

    @cython.cfunc
    @cython.exceptval(check=False)
    def push_act(self, k: cython.int, kind: cython.int, a: cython.int, b: cython.int) -> cython.int:
        self.act_kind[k] = kind
        self.act_a[k] = a
        self.act_b[k] = b
        return k + 1

    # ---- truth: zones that allow only moving ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def moves_only(self, z: cython.int) -> cython.bint:
        """A security zone allows only the Move action (Prison Outbreak, chapter 10: "L'unica
        Azione consentita ... e Muovere"): a survivor there may move or open a door, nothing else."""
        return self.only_moves[z] != 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def legal_actions(self, s: cython.int) -> cython.int:
        k: cython.int = self.push_act(0, A_PASS, 0, 0)
        if self.sv_left[s] <= 0 or not self.on_board(s):
            return k
        z: cython.int = self.sv_zone[s]
        left: cython.int = self.sv_left[s]
        tool: cython.int = -1
        tool_checked: cython.bint = False
        a: cython.int
        v: cython.int
        c: cython.int
        d: cython.int
        i: cython.int
        j: cython.int
        q: cython.int
        o: cython.int
        for a in range(self.sadj_start[z], self.sadj_start[z + 1]):
            v = self.sadj_v[a]
            c = self.sadj_c[a]
            d = self.c_door[c]
            if d >= 0 and not (self.doors_open >> d) & 1:
                if not self.can_unlock(s, d):
                    continue
                if not tool_checked:
                    tool = self.door_tool(s)
                    tool_checked = True
                if tool != -1:
                    k = self.push_act(k, A_OPEN, d, 0)
                continue
            if self.move_cost(s, c) <= left and (self.max_s[v] >= INF or self.survivors_in(v) < self.max_s[v]):
                k = self.push_act(k, A_MOVE, v, c)
        if self.moves_only(z):
            return k
        if self.can_search(s):
            k = self.push_act(k, A_SEARCH, 0, 0)
        here: cython.int = self.zombies_in(z)
        off: cython.longlong = -1
        base: cython.int = s * MAXI
        for i in range(self.sv_nitems[s]):
            it: cython.int = self.sv_items[base + i]
            dup: cython.bint = False
            for j in range(i):
                if self.sv_items[base + j] == it:
                    dup = True
                    break
            if dup or self.it_dice[it] <= 0:
                continue
            if self.it_max_range[it] == 0:
                if here:
                    k = self.push_act(k, A_MELEE, it, 0)
            else:
                if off < 0:
                    off = self.vrow(z)
                cnt: cython.int = self.arena[off]
                for q in range(cnt):
                    v = self.arena[off + 1 + 2 * q]
                    dist: cython.int = self.arena[off + 2 + 2 * q]
                    if self.it_min_range[it] <= dist <= self.it_max_range[it] and self.zombies_in(v):
                        k = self.push_act(k, A_RANGED, it, v)
        for o in range(self.nobj):
            if self.obj_zone[o] != z:
                continue
            if self.obj_kind[o] == O_SWITCH:
                if self.obj_repeatable[o] or not self.pressed[o]:
                    k = self.push_act(k, A_PRESS, o, 0)
            elif not self.taken[o]:
                k = self.push_act(k, A_TAKE, o, 0)
        return self.push_act(k, A_NOISE, 0, 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def after_move(self, si: cython.int) -> cython.void:
        if self.profile != P_HOUSE:
            return
        z: cython.int = self.sv_zone[si]
        if self.fire[z]:
            self.wound(si, 1)
        if self.zombies_in(z) and self.on_board(si):
            weapon: cython.int = self.best_melee(si)
            while self.zombies_in(z) and self.on_board(si):
                if not self.brawl(si, weapon):
                    self.sv_left[si] = 0
                    break

    @cython.cfunc
    @cython.exceptval(check=False)
    def apply_action(self, si: cython.int, c: cython.int) -> cython.void:
        kind: cython.int = self.act_kind[c]
        a: cython.int = self.act_a[c]
        b: cython.int = self.act_b[c]
        k: cython.int
        i: cython.int
        z: cython.int
        self.survivor_actions += 1
        if kind == A_PASS:
            self.sv_left[si] = 0
            return
        if kind == A_MOVE:
            self.sv_left[si] -= self.move_cost(si, b)
            self.sv_zone[si] = a
            self.sv_moved[si] = 1
            self.enter_zone(si, a)
            self.after_move(si)
            return
        if kind == A_SEARCH and self.profile == P_LNOE:
            self.sv_left[si] = 0
        else:
            self.sv_left[si] -= 1
        if kind == A_OPEN:
            tool: cython.int = self.door_tool(si)
            if tool >= 0 and self.it_noisy_door[tool]:
                z = self.sv_zone[si]
                self.touch(z)
                self.noise[z] += 1
            self.open_door(a, si)
        elif kind == A_SEARCH:
            self.sv_searched[si] = 1
            draws: cython.int = 1
            for i in range(self.sv_nitems[si]):
                if self.it_search_bonus[self.sv_items[si * MAXI + i]]:
                    draws = 2
                    break
            for k in range(draws):
                card: cython.int = self.draw_equipment()
                if card < 0:
                    break
                if self.it_aaah[card]:
                    self.ediscard[self.nediscard] = card
                    self.nediscard += 1
                    if self.place(self.sv_zone[si], WALKER_T, 1):
                        self.out_of_miniatures(WALKER_T)
                    break
                self.keep(si, card)
        elif kind == A_MELEE:
            self.melee(si, a)
        elif kind == A_RANGED:
            self.ranged(si, a, b)
        elif kind == A_TAKE:
            self.take(si, a)
        elif kind == A_PRESS:
            self.press(si, a)
        elif kind == A_NOISE:
            z = self.sv_zone[si]
            self.touch(z)
            self.noise[z] += 1

    # == the bots ==================================================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    def plan_step_done(self, p: cython.int) -> cython.bint:
        action: cython.int = self.pl_action[p]
        target: cython.int = self.pl_target[p]
        if action == S_OPEN:
            return ((self.doors_ever | self.doors_open) >> target) & 1
        if action == S_TAKE:
            return self.taken[target] != 0
        if action == S_PRESS:
            return self.pressed[target] != 0
        if action == S_ENTER:
            return self.entered[target] != 0
        if action == S_CROSS:
            return self.entered[self.c_to[target]] != 0
        if action == S_WAIT:
            return self.turn >= target
        if action == S_KILL:
            return self.kills >= target
        if action == S_GOAL:
            return self.step_met(target)
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def step_zones(self, i: cython.int) -> cython.int:
        k: cython.int
        gz = self.gz
        if self.st_kind[i] == V_ESCAPE:
            for k in range(self.nexit):
                gz[k] = self.exits[k]
            return self.nexit
        a: cython.int = self.st_start[i]
        for k in range(a, self.st_start[i + 1]):
            gz[k - a] = self.st_ids[k]
        return self.st_start[i + 1] - a

    @cython.cfunc
    @cython.exceptval(check=False)
    def goal_zones(self) -> cython.int:
        """Where the survivor should go next (into ``gz``; return how many), what to do there
        (``goal_action``) and on what (``goal_target``)."""
        self.goal_action = G_NONE
        self.goal_target = -1
        gz = self.gz
        first: cython.int = self.plan_done
        i: cython.int
        j: cython.int
        k: cython.int
        z: cython.int
        for i in range(first, self.nplan):
            action: cython.int = self.pl_action[i]
            if self.plan_step_done(i):
                if i == first and action != S_GOAL:
                    first += 1
                continue
            self.plan_done = first
            if action == S_TAKE or action == S_PRESS:
                gz[0] = self.obj_zone[self.pl_target[i]]
                self.goal_action = G_TAKE if action == S_TAKE else G_PRESS
                self.goal_target = self.pl_target[i]
                return 1
            if action == S_OPEN:
                gz[0] = self.pl_zone[i]
                self.goal_action = G_OPEN
                self.goal_target = self.pl_target[i]
                return 1
            if action == S_ENTER or action == S_CROSS:
                gz[0] = self.pl_zone[i]
                self.goal_action = G_REACH
                return 1
            if action == S_KILL:
                break
            if action == S_GOAL:
                kind: cython.int = self.st_kind[self.pl_target[i]]
                if kind == V_REACH or kind == V_ESCAPE:
                    self.goal_action = G_ESCAPE if kind == V_ESCAPE else G_REACH
                    return self.step_zones(self.pl_target[i])
                break
            if action == S_WAIT:
                break
        self.plan_done = first
        for i in range(self.nsteps):
            if self.step_met(i):
                continue
            sk: cython.int = self.st_kind[i]
            a: cython.int = self.st_start[i]
            b: cython.int = self.st_start[i + 1]
            if sk == V_TAKE:
                k = 0
                for j in range(a, b):
                    if not self.taken[self.st_ids[j]]:
                        gz[k] = self.obj_zone[self.st_ids[j]]
                        k += 1
                self.goal_action = G_TAKE
                return k
            if sk == V_REACH or sk == V_ESCAPE:
                self.goal_action = G_ESCAPE if sk == V_ESCAPE else G_REACH
                return self.step_zones(i)
            if sk == V_KILL or sk == V_CLEAR:
                k = 0
                if sk == V_KILL:
                    for j in range(self.ntouched):
                        z = self.touched[j]
                        if self.zombies_in(z):
                            gz[k] = z
                            k += 1
                else:
                    for j in range(a, b):
                        if self.zombies_in(self.st_ids[j]):
                            gz[k] = self.st_ids[j]
                            k += 1
                self.goal_action = G_HUNT
                return k
            if sk == V_DOORS:
                for j in range(a, b):
                    if not (self.doors_ever >> self.st_ids[j]) & 1:
                        c: cython.int = self.door_conn[self.st_ids[j]]
                        gz[0] = self.c_from[c]
                        gz[1] = self.c_to[c]
                        self.goal_action = G_OPEN
                        self.goal_target = self.st_ids[j]
                        return 2
            if self.ordered:
                break
        return 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def killable(self, zone: cython.int, weapon: cython.int) -> cython.bint:
        dmg: cython.int = self.it_damage[weapon]
        t: cython.int
        if not self.is_touched[zone]:
            return False
        for t in range(self.nt):
            if self.zombies[zone * self.nt + t] and dmg >= self.tough[t]:
                return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def toward(self, s: cython.int, na: cython.int, nz: cython.int, avoid: cython.bint) -> cython.int:
        """The move or door opening one step closer to the nearest goal zone; -1 when none."""
        if not nz:
            return -1
        mask: cython.ulonglong = self.door_passable(s)
        best: cython.longlong = -1
        best_d: cython.int = INF
        i: cython.int
        here: cython.int = self.sv_zone[s]
        for i in range(nz):
            off: cython.longlong = self.srow(self.gz[i], mask)
            if self.arena[off + here] < best_d:
                best = off
                best_d = self.arena[off + here]
        if best < 0 or best_d == 0 or best_d >= INF:
            return -1
        want: cython.int = best_d - 1
        choice: cython.int = -1
        cz: cython.int = 0
        other: cython.int
        for i in range(na):
            kind: cython.int = self.act_kind[i]
            if kind == A_MOVE:
                other = self.act_a[i]
            elif kind == A_OPEN:
                c: cython.int = self.door_conn[self.act_a[i]]
                other = self.c_to[c] if self.c_from[c] == here else self.c_from[c]
            else:
                continue
            if self.arena[best + other] != want:
                continue
            zc: cython.int = self.zombies_in(other)
            if choice < 0 or zc < cz or (zc == cz and self.act_less(i, choice)):
                choice = i
                cz = zc
        if choice < 0 or (avoid and cz > 0):
            return -1
        return choice

    @cython.cfunc
    @cython.exceptval(check=False)
    def find_act(self, na: cython.int, kind: cython.int) -> cython.int:
        i: cython.int
        for i in range(na):
            if self.act_kind[i] == kind:
                return i
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def decide(self, si: cython.int, na: cython.int, cautious: cython.bint) -> cython.int:
        z: cython.int = self.sv_zone[si]
        here: cython.int = self.zombies_in(z)
        nz: cython.int = self.goal_zones()
        action: cython.int = self.goal_action
        target: cython.int = self.goal_target
        pas: cython.int = self.find_act(na, A_PASS)
        i: cython.int
        c: cython.int
        q: cython.int
        best: cython.int
        bv: cython.int
        step: cython.int
        sc: cython.int
        kind: cython.int
        if here:
            best = -1
            bv = 0
            for i in range(na):
                if self.act_kind[i] == A_MELEE and self.killable(z, self.act_a[i]):
                    v: cython.int = self.it_dice[self.act_a[i]] * self.it_damage[self.act_a[i]]
                    if best < 0 or v > bv:
                        best = i
                        bv = v
            if best >= 0:
                return best
            if self.survivors_in(z) == 1:
                for i in range(na):
                    if self.act_kind[i] == A_RANGED and self.act_b[i] == z:
                        return i
            step = self.toward(si, na, nz, False)
            if step < 0 or self.act_kind[step] != A_MOVE:
                step = -1
                sc = 0
                for i in range(na):
                    if self.act_kind[i] != A_MOVE:
                        continue
                    c = self.zombies_in(self.act_a[i])
                    if step < 0 or c < sc or (c == sc and self.act_less(i, step)):
                        step = i
                        sc = c
            return step if step >= 0 else pas
        if action == G_TAKE and target < 0:
            for i in range(na):
                if self.act_kind[i] == A_TAKE and self.obj_zone[self.act_a[i]] == z:
                    return i
        for i in range(na):
            kind = self.act_kind[i]
            if ((kind == A_TAKE and action == G_TAKE) or (kind == A_PRESS and action == G_PRESS)) and \
                    self.act_a[i] == target:
                return i
            if kind == A_OPEN and action == G_OPEN and self.act_a[i] == target:
                return i
        if action == G_ESCAPE and self.is_exit[z]:
            return pas
        if action == G_REACH:
            for i in range(nz):
                if self.gz[i] == z:
                    return pas
        safe: cython.int = -1
        safe_c: cython.int = 0
        for i in range(na):
            if self.act_kind[i] != A_RANGED or self.survivors_in(self.act_b[i]):
                continue
            c = self.zombies_in(self.act_b[i])
            if safe < 0 or c > safe_c or (c == safe_c and self.act_b[i] < self.act_b[safe]):
                safe = i
                safe_c = c
        if safe >= 0:
            close: cython.bint = action == G_HUNT or cautious
            if not close:
                off: cython.longlong = self.vrow(z)
                cnt: cython.int = self.arena[off]
                for q in range(cnt):
                    if self.arena[off + 2 + 2 * q] <= 1 and self.zombies_in(self.arena[off + 1 + 2 * q]):
                        close = True
                        break
            if close:
                return safe
        armed: cython.bint = False
        melee2: cython.bint = False
        ranged_item: cython.bint = False
        for i in range(self.sv_nitems[si]):
            w: cython.int = self.sv_items[si * MAXI + i]
            if self.it_dice[w] > 0:
                armed = True
                if self.it_max_range[w] == 0 and self.it_damage[w] >= 2:
                    melee2 = True
                if self.it_max_range[w] > 0:
                    ranged_item = True
        search: cython.int = self.find_act(na, A_SEARCH)
        if search >= 0 and (not armed or (not (melee2 and ranged_item) and self.turn <= 2)):
            return search
        for i in range(na):
            if self.act_kind[i] == A_TAKE and self.obj_kind[self.act_a[i]] == O_MARKER:
                return i
        if cautious:
            for i in range(self.ns):
                if i == si or not self.on_board(i):
                    continue
                soff: cython.longlong = self.srow(z, self.door_passable(i))
                if self.arena[soff + self.sv_zone[i]] > 1:
                    return pas
        if action == G_HUNT:
            step = self.toward(si, na, nz, False)
            if step >= 0:
                return step
            if nz:
                for i in range(na):
                    if self.act_kind[i] == A_MELEE and self.killable(z, self.act_a[i]):
                        return i
        step = self.toward(si, na, nz, cautious)
        if step >= 0 and self.act_kind[step] == A_MOVE and self.zombies_in(self.act_a[step]):
            dest: cython.int = self.act_a[step]
            if not self.survivors_in(dest):
                for i in range(na):
                    if self.act_kind[i] == A_RANGED and self.act_b[i] == dest:
                        return i
            ok: cython.bint = False
            for i in range(self.sv_nitems[si]):
                w2: cython.int = self.sv_items[si * MAXI + i]
                if self.it_dice[w2] > 0 and self.it_max_range[w2] == 0 and self.killable(dest, w2):
                    ok = True
                    break
            if not ok:
                step = -1
        if step >= 0:
            return step
        if search >= 0:
            return search
        return pas

    @cython.cfunc
    @cython.exceptval(check=False)
    def choose(self, si: cython.int, na: cython.int) -> cython.int:
        if self.policy == 2:
            return self.rng.randbelow(na)
        return self.decide(si, na, self.policy == 1)

    # == turns =====================================================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    def survivor_phase(self) -> cython.void:
        k: cython.int
        for k in range(self.ns):
            si: cython.int = (self.first_player + k) % self.ns
            if not self.on_board(si) or self.outcome:
                continue
            if self.profile == P_HOUSE:
                self.sv_left[si] = self.dark_actions if self.dark[self.sv_zone[si]] else self.actions
            else:
                self.sv_left[si] = self.actions + (self.yellow_bonus if self.danger(self.sv_xp[si]) >= 1 else 0)
            self.sv_searched[si] = 0
            self.sv_moved[si] = 0
            taken: cython.int = 0
            limit: cython.int = self.sv_left[si] + self.action_limit
            while self.on_board(si) and self.sv_left[si] > 0 and not self.outcome:
                if taken >= limit:
                    self.runaway()
                    break
                na: cython.int = self.legal_actions(si)
                c: cython.int = self.choose(si, na)
                self.apply_action(si, c)
                self.check_victory()
                taken += 1
            if self.on_board(si) and self.escape_step_open() and self.is_exit[self.sv_zone[si]] and \
                    self.zombies_in(self.sv_zone[si]) == 0:
                self.sv_escaped[si] = 1
                self.check_victory()

    @cython.cfunc
    @cython.exceptval(check=False)
    def play_turn(self) -> cython.void:
        i: cython.int
        self.extras = 0
        self.fire_event(EV_TURN, self.turn, -1)
        self.survivor_phase()
        if not self.outcome:
            self.activate(self.all_types, False, False)
            self.activate(self.twice, True, False)
            self.spawn_phase()
        self.check_victory()
        self.check_defeat()
        if not self.outcome:
            for i in range(self.ntouched):
                self.noise[self.touched[i]] = 0
            if self.ns:
                self.first_player = (self.first_player + 1) % self.ns
            for i in range(self.ns):
                self.sv_searched[i] = 0
            if self.turn_limit >= 0 and self.turn >= self.turn_limit and self.at_turn_limit:
                self.outcome = 2
                self.cause = C_TURN_LIMIT
            elif self.turn >= self.max_turns:
                self.outcome = 2
                self.cause = C_STALLED
            else:
                self.turn += 1
        dl: cython.int = self.danger_level()
        if dl > self.max_danger:
            self.max_danger = dl

    @cython.cfunc
    @cython.exceptval(check=False)
    def reset(self) -> cython.void:
        """Clear what the last game wrote (only the zones it touched)."""
        i: cython.int
        t: cython.int
        z: cython.int
        nt: cython.int = self.nt
        for i in range(self.ntouched):
            z = self.touched[i]
            for t in range(nt):
                self.zombies[z * nt + t] = 0
            self.noise[z] = 0
            self.zone_deaths[z] = 0
            self.zone_kills[z] = 0
            self.zone_visits[z] = 0
            self.entered[z] = 0
            self.is_touched[z] = 0
        self.ntouched = 0
        if self.arena_used > ARENA_LIMIT:
            self._forget_rows()

    @cython.cfunc
    @cython.exceptval(check=False)
    def setup(self, seed: cython.ulonglong, survivors: cython.int, heroes: object) -> cython.void:
        i: cython.int
        k: cython.int
        g: cython.int
        c: cython.int
        self.reset()
        self.rng.seed(seed)
        self.turn = 1
        for i in range(self.nbld + 1):
            self.bspawned[i] = 0
        for i in range(self.nt):
            self.pool[i] = self.pool0[i]
            self.kills_by_type[i] = 0
            self.spawned_by_type[i] = 0
        self.ns = 0
        self.first_player = 0
        self.doors_open = self.door_open0
        self.doors_unlocked = self.door_unlocked0
        self.doors_ever = 0
        for i in range(self.nsp):
            self.spawns_active[i] = self.spawn_active0[i]
        for i in range(self.ntr):
            self.fired[i] = 0
        for i in range(self.nsteps):
            self.step_done[i] = 0
        for i in range(self.nobj):
            self.obj_zone[i] = self.obj_zone0[i]
            self.obj_turn[i] = -1
            self.taken[i] = 0
            self.pressed[i] = 0
        self.nobj_order = 0
        self.colours = 0
        self.progress = 0
        self.kills = 0
        self.nzdeck = 0
        self.nzdiscard = 0
        self.nediscard = 0
        self.outcome = 0
        self.cause = C_NONE
        self.survivor_actions = 0
        self.zombie_actions = 0
        self.max_danger = 0
        self.nrising = 0
        self.extras = 0
        self.plan_done = 0
        if self.method == M_CARDS:
            for i in range(self.ncards):
                self.zdeck[i] = i
            self.nzdeck = self.ncards
            self.shuffle(self.zdeck, self.nzdeck)
        for i in range(self.nedeck0):
            self.edeck[i] = self.edeck0[i]
        self.nedeck = self.nedeck0
        self.shuffle(self.edeck, self.nedeck)
        grp = self.group
        for g in range(self.ngroups):
            a: cython.int = self.grp_start[g]
            ln: cython.int = self.grp_start[g + 1] - a
            for k in range(ln):
                grp[k] = self.obj_zone[self.grp_objs[a + k]]
            self.shuffle(grp, ln)
            for k in range(ln):
                self.obj_zone[self.grp_objs[a + k]] = grp[k]
        count: cython.int = survivors
        if survivors < 0:
            count = self.smax if self.smax < 4 else 4
            if count < self.smin:
                count = self.smin
        start: cython.int = self.start_zones[self.rng.randbelow(self.nstart)]
        if heroes is not None:
            for hero in heroes:
                s: cython.int = self.new_survivor(start)
                items, xp, wounds = hero
                for it in items:
                    self.sv_items[s * MAXI + self.sv_nitems[s]] = it
                    self.sv_nitems[s] += 1
                self.sv_xp[s] = xp
                self.sv_wounds[s] = wounds if wounds < self.health - 1 else self.health - 1
            count = 0
        for k in range(count):
            s2: cython.int = self.new_survivor(start)
            for i in range(self.nstart_eq):
                self.sv_items[s2 * MAXI + i] = self.start_eq[i]
            self.sv_nitems[s2] = self.nstart_eq
            for c in range(self.starting_cards):
                card: cython.int = self.draw_equipment()
                if card >= 0 and not self.it_aaah[card]:
                    self.sv_items[s2 * MAXI + self.sv_nitems[s2]] = card
                    self.sv_nitems[s2] += 1
        for i in range(self.nplaced):
            self.place(self.placed[3 * i], self.placed[3 * i + 1], self.placed[3 * i + 2])
        # game.extra_activation_limit
        if self.max_extra:
            self.extra_limit = self.max_extra
        else:
            effects: cython.longlong = self.tr_estart[self.ntr]
            actions: cython.longlong = self.action_limit + self.actions + self.yellow_bonus + self.dark_actions
            self.extra_limit = 1000 + 16 * (cython.cast(cython.longlong, self.n) + self.ns
                                            + cython.cast(cython.longlong, self.nsp) * (1 + self.nman)
                                            + effects * (1 + self.ns * actions))

    @cython.cfunc
    @cython.exceptval(check=False)
    def new_survivor(self, zone: cython.int) -> cython.int:
        s: cython.int = self.ns
        self.ns += 1
        self.sv_zone[s] = zone
        self.sv_wounds[s] = 0
        self.sv_health[s] = self.health
        self.sv_xp[s] = 0
        self.sv_nitems[s] = 0
        self.sv_alive[s] = 1
        self.sv_escaped[s] = 0
        self.sv_searched[s] = 0
        self.sv_moved[s] = 0
        self.sv_left[s] = 0
        return s

    # == records ===================================================================================

    @cython.ccall
    def play_one(self, seed: cython.ulonglong, policy: cython.int, survivors: cython.int,
                 heroes: object) -> cython.void:
        """Play one game to its end (``heroes``: (items, xp, wounds) rows carried over, or None)."""
        self.policy = policy
        self.setup(seed, survivors, heroes)
        while not self.outcome:
            self.play_turn()

    def play_batch(self, seeds, policy: cython.int, survivors: cython.int, first_index: cython.longlong):
        """Play one game per seed; return the seven arrays of a
        :class:`~designer.engine.table.GameTable` (seeds, scalar rows, objectives per game,
        (objective, turn) pairs, zone entries per game, their keys and counts)."""
        count: cython.int = len(seeds)
        seed_col = array("q", bytes(8 * count))
        rows = _ia(NSC * count)
        row: cython.int[::1] = rows
        obj_counts = _ia(count)
        oc: cython.int[::1] = obj_counts
        zone_counts = _ia(count)
        zc: cython.int[::1] = zone_counts
        pairs: IntBuf = IntBuf()
        keys: IntBuf = IntBuf()
        values: IntBuf = IntBuf()
        g: cython.int
        i: cython.int
        t: cython.int
        k: cython.int
        w: cython.int
        z: cython.int
        for g in range(count):
            seed: cython.ulonglong = seeds[g]
            seed_col[g] = seed
            self.play_one(seed, policy, survivors, None)
            dead: cython.int = 0
            escaped: cython.int = 0
            spawned: cython.int = 0
            for i in range(self.ns):
                dead += 1 - self.sv_alive[i]
                escaped += self.sv_escaped[i]
            for t in range(self.nt):
                spawned += self.spawned_by_type[t]
            k = g * NSC
            row[k] = 1 if self.outcome == 1 else 0
            row[k + 1] = C_NONE if self.outcome == 1 else self.cause
            row[k + 2] = self.turn
            row[k + 3] = self.ns
            row[k + 4] = dead
            row[k + 5] = escaped
            row[k + 6] = self.kills
            k += 7
            for t in range(self.nt):
                row[k] = self.kills_by_type[t]
                k += 1
            row[k] = spawned
            k += 1
            for t in range(self.nt):
                row[k] = self.spawned_by_type[t]
                k += 1
            row[k] = self.max_danger
            row[k + 1] = self.survivor_actions
            row[k + 2] = self.zombie_actions
            row[k + 3] = first_index + g if first_index >= 0 else -1
            oc[g] = self.nobj_order
            for i in range(self.nobj_order):
                pairs.add(self.obj_order[i])
                pairs.add(self.obj_turn[self.obj_order[i]])
            entries: cython.int = 0
            for w in range(3):
                for i in range(self.ntouched):
                    z = self.touched[i]
                    c: cython.int = self.zone_deaths[z] if w == 0 else self.zone_kills[z] if w == 1 \
                        else self.zone_visits[z]
                    if c:
                        keys.add(w * ZONE_KEY + z)
                        values.add(c)
                        entries += 1
            zc[g] = entries
        return seed_col, rows, obj_counts, pairs.array(), zone_counts, keys.array(), values.array()

    def heroes_out(self):
        """(items, xp, wounds) of every survivor alive at the end of the last game."""
        out = []
        i: cython.int
        k: cython.int
        for i in range(self.ns):
            if self.sv_alive[i]:
                out.append((tuple(self.sv_items[i * MAXI + k] for k in range(self.sv_nitems[i])), self.sv_xp[i],
                            self.sv_wounds[i]))
        return out

    def touched_zones(self) -> int:
        """How many zones the last game wrote to (the zones the next game resets)."""
        return self.ntouched

    def result(self):
        """(won, cause code, turns, survivors) of the last game."""
        return self.outcome == 1, C_NONE if self.outcome == 1 else self.cause, self.turn, self.ns


def play_seeds(tables, seeds, policy: int, survivors: int = -1, first_index: int = -1):
    """Play one game per seed on ``tables`` (:func:`designer.engine.typed.tables.build`)."""
    return Engine(tables).play_batch(seeds, policy, survivors, first_index)
