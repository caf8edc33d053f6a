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

import heapq
from array import array

from ...rules.zombies import ABOMINATION
from ...rules.zombies import (GRAVE_DEAD, MELEE_ORDER, RANGED_GROUPS, SPAWN_DEFAULT, WALKER, ZINDEX, ZOMBIE, ZOMBIE_TYPES,
                              ZTYPES)
from ...rules.zombies import RANGED_IMMUNE, RECORD_COLUMN, RECORD_TYPES, ZONES_PER_MOVE
if cython.compiled:
    from cython.cimports.designer.engine.rng import Twister
else:
    from ..rng import Twister
from ..table import ZONE_KEY as TABLE_ZONE_KEY

__all__ = ["Engine", "MAX_TYPES", "NSCALARS", "play_seeds"]

NT_MAX = cython.declare(cython.int, 16)
MAX_TYPES = 16
"""Zombie types the engine's fixed rows hold (the zombie table has fewer)."""
MAXS = cython.declare(cython.int, 12)
MAXI = cython.declare(cython.int, 72)
INF = cython.declare(cython.int, 1 << 20)
ONE = cython.declare(cython.ulonglong, 1)
ALL_DOORS = cython.declare(cython.ulonglong, 0x8000000000000000)
"""The cache key of "every door open" (a door set's word or number never has bit 63)."""
DS_SMALL = cython.declare(cython.int, 62)
"""widedoors: doors and key colours a board may have for its sets to be one word of bits."""
DS_LIMIT = cython.declare(cython.int, 200_000)
"""widedoors: door and colour sets a wide board's engine keeps numbered between games."""
LO32 = cython.declare(cython.ulonglong, 0xFFFFFFFF)
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
# ---- morts: darkness and smoke (profiles.SMOKE, NEAR_SMOKE, UNLIT, NO_COLLECT), the office's choice ----
M_SMOKE = cython.declare(cython.int, 1)
M_NEAR_SMOKE = cython.declare(cython.int, 2)
M_UNLIT = cython.declare(cython.int, 4)
M_NO_COLLECT = cython.declare(cython.int, 5)
E_HEAL_OR_DRAW = cython.declare(cython.int, 60)
L_HEAL_OR_DRAW = cython.declare(cython.int, 60)
L_COLLAPSE = cython.declare(cython.int, 61)
# ---- OWNER: morts: doors closed by a survivor, broken by survivors and zombies ----
A_CLOSE = cython.declare(cython.int, 16)
"""Close an open door of the survivor's zone (a: the door)."""
A_BREAK = cython.declare(cython.int, 17)
"""Break a closed door another survivor closed (a: the door)."""
L_DOOR_CLOSED = cython.declare(cython.int, 62)
L_DOOR_BREAK = cython.declare(cython.int, 63)
L_ZOMBIES_BREAK = cython.declare(cython.int, 64)
L_ITEM_DRAWN = cython.declare(cython.int, 65)
M_DOOR_BONUS = cython.declare(cython.int, 2)
# ---- end morts: doors ----
# ---- OWNER: morts: looting a dead survivor's belongings ----
A_LOOT = cython.declare(cython.int, 18)
"""Take a dead survivor's belongings lying in the survivor's zone (a: the dead survivor)."""
L_LOOT = cython.declare(cython.int, 66)
"""A dead survivor's item taken: the looter, the dead survivor, the item."""
# ---- end OWNER: morts ----
# ---- bots: casual ----
A_GIVE = cython.declare(cython.int, 9)
# ---- eden: destruction(x) ----
A_SMASH = cython.declare(cython.int, 14)
"""An attack on a piece of scenery (a: the piece)."""
"""A trade (``("give", mate, card)``), offered to casual only; never compared with another kind."""
G_REENTER = cython.declare(cython.int, 7)
"""casual's goal: step out of the zone to enter and back in."""
G_SEARCH = cython.declare(cython.int, 8)
"""casual's goal: search the zone for the door opener the plan's search step is for."""
S_SEARCH = cython.declare(cython.int, 8)
"""A plan's search step (``tables.PLAN``)."""
P_CASUAL = cython.declare(cython.int, 3)

# ---- steps: event log (the reference engine's ``note`` events, as kind + four ints) ----
L_MOVE = cython.declare(cython.int, 0)
L_OPEN = cython.declare(cython.int, 1)
L_SEARCH = cython.declare(cython.int, 2)
L_MELEE = cython.declare(cython.int, 3)
L_RANGED = cython.declare(cython.int, 4)
L_TAKE = cython.declare(cython.int, 5)
L_PRESS = cython.declare(cython.int, 6)
L_NOISE = cython.declare(cython.int, 7)
L_TRIGGER = cython.declare(cython.int, 8)
L_EXTRA = cython.declare(cython.int, 9)
L_SPAWN = cython.declare(cython.int, 10)
L_OUT = cython.declare(cython.int, 11)
L_RUNAWAY_EXTRAS = cython.declare(cython.int, 12)
L_RUNAWAY_ACTIONS = cython.declare(cython.int, 13)
L_DEATH = cython.declare(cython.int, 14)
L_WOUND = cython.declare(cython.int, 15)
L_KILL = cython.declare(cython.int, 16)
L_ATTACK = cython.declare(cython.int, 17)
L_SPLIT = cython.declare(cython.int, 18)
L_ZMOVE = cython.declare(cython.int, 19)
L_PUSHED = cython.declare(cython.int, 20)
L_ESCAPE = cython.declare(cython.int, 21)
L_GIVE = cython.declare(cython.int, 22)
L_BROKEN = cython.declare(cython.int, 23)
L_JAMMED = cython.declare(cython.int, 24)
LOG_WIDTH = 6
"""Ints per logged event: kind, turn and four fields (:mod:`designer.engine.session` renders them)."""
W_ZOMBIES = cython.declare(cython.int, 0)
W_FRIENDLY = cython.declare(cython.int, 1)
W_FIRE = cython.declare(cython.int, 2)
W_FALL = cython.declare(cython.int, 3)
WOUND_CAUSES = ("zombies", "friendly fire", "fire", "fall", "carrier")
"""The causes of a wound or a death, as the log names them (codes ``W_*``)."""
P_CALLBACK = cython.declare(cython.int, 4)
POLICY_CALLBACK = 4
"""``P_CALLBACK`` as Python sees it (a declared constant is C only in the compiled module)."""
"""The policy code of a decision made outside the engine (``Engine.callback``)."""

ZONE_KEY = cython.declare(cython.int, TABLE_ZONE_KEY)
"""A zone entry's key is ``what * ZONE_KEY + zone`` (:data:`designer.engine.table.ZONE_KEY`)."""
WALKER_T = cython.declare(cython.int, WALKER)
ZOMBIE_T = cython.declare(cython.int, ZOMBIE)
SPAWN_T = cython.declare(cython.int, SPAWN_DEFAULT)
GRAVE_T = cython.declare(cython.int, GRAVE_DEAD)

# ---- lnoe: Growing Hunger's log events (session.render_lnoe_event renders them) ----
L_GH_GRAVE = cython.declare(cython.int, 40)
L_GH_ROLL = cython.declare(cython.int, 41)
L_GH_MARKER = cython.declare(cython.int, 42)
L_GH_PICK_UP = cython.declare(cython.int, 43)
L_GH_EVENT = cython.declare(cython.int, 44)
L_GH_FIRST_AID = cython.declare(cython.int, 45)
L_GH_KILLED = cython.declare(cython.int, 46)
L_GH_NEW_HERO = cython.declare(cython.int, 47)
L_GH_GRAVE_HIT = cython.declare(cython.int, 48)
L_GH_CARD = cython.declare(cython.int, 49)
W_CARRIER = cython.declare(cython.int, 4)
# ---- eden: campaign resources ----
E_GAIN_RESOURCE = cython.declare(cython.int, 50)
E_SPEND_RESOURCE = cython.declare(cython.int, 51)
# ---- eden: log events (session.render_eden_event) and wound causes ----
L_SWIM = cython.declare(cython.int, 50)
L_HOSTILE = cython.declare(cython.int, 51)
L_POINTS = cython.declare(cython.int, 52)
L_RESOURCE = cython.declare(cython.int, 53)
L_CHARGE = cython.declare(cython.int, 54)
L_SMASH = cython.declare(cython.int, 55)
"""A survivor attacks a piece of scenery: survivor, piece, attacks so far, attacks that destroy it."""
L_DESTROYED = cython.declare(cython.int, 56)
"""A piece of scenery is destroyed: piece."""
W_SWIM = cython.declare(cython.int, 5)
W_HOSTILE = cython.declare(cython.int, 6)
WOUND_CAUSES = (*WOUND_CAUSES, "swim", "hostile")

# ---- zombicide: Prison Outbreak mission codes ----
V_NO_ZOMBIES = cython.declare(cython.int, 7)
V_DOORS_CLOSED = cython.declare(cython.int, 8)
V_NO_PATH = cython.declare(cython.int, 9)
V_CARRY = cython.declare(cython.int, 10)
V_HOLD = cython.declare(cython.int, 11)
C_CARRIER_DIED = cython.declare(cython.int, 7)
E_GIVE = cython.declare(cython.int, 11)
E_ROTATE = cython.declare(cython.int, 12)
O_CAR = cython.declare(cython.int, 5)
ABOMINATION_T = cython.declare(cython.int, ABOMINATION)
L_SEARCH_CAR = cython.declare(cython.int, 30)
"""A car searched: survivor, car objective, card found (-1 "Aaahh!", -2 the car's contents)."""
L_CARRIER = cython.declare(cython.int, 31)
"""A carrier died: survivor and one item of ``defeat.carrier_dies`` held (one event per item)."""
L_FENCE = cython.declare(cython.int, 32)
"""An abomination tears a fence down: from, to, the fence."""
L_PUSHED_BACK = cython.declare(cython.int, 33)
"""A survivor pushed back out of a security zone: survivor, from, to."""
L_INSTEAD = cython.declare(cython.int, 34)
"""A spawn's fallback groups appear: zone, the type already in play (or out of miniatures)."""
L_GATE = cython.declare(cython.int, 35)
"""A rotating gate turns: the effect, its quarter turns from the start."""
L_GIVE_CARD = cython.declare(cython.int, 36)
"""A set-aside card given: survivor, card."""
# ---- zombicide: driving cars (engine/missions.py's reference) ----
A_ENTER = cython.declare(cython.int, 10)
A_LEAVE = cython.declare(cython.int, 11)
A_DRIVE = cython.declare(cython.int, 12)
A_SEAT = cython.declare(cython.int, 13)
L_CAR_SEAT = cython.declare(cython.int, 37)
"""A survivor gets into or out of a car: survivor, car, 1 the driver's seat / 2 a passenger's / 0 out."""
L_DRIVE = cython.declare(cython.int, 38)
"""A car driven: survivor, car, the zone left, the zone reached."""
L_CAR_ATTACK = cython.declare(cython.int, 39)
"""A car runs over a zone's miniatures: zone, dice, hits."""
W_CAR = cython.declare(cython.int, 7)
WOUND_CAUSES = (*WOUND_CAUSES, "car")
CAR_SEATS = cython.declare(cython.int, 4)
CAR_HIT = cython.declare(cython.int, 4)

NSCALARS = 24
# ---- OWNER: eden: flammable scenery's codes (docs/terrain.md, *Fire*) ----
A_DOUSE = cython.declare(cython.int, 15)
"""A survivor removes one of its burn markers (one action)."""
E_SET_FIRE = cython.declare(cython.int, 55)
"""A trigger effect: burn markers on a flammable piece (a: the piece, count: the markers)."""
L_FIRE = cython.declare(cython.int, 57)
"""A burn marker put on a piece of scenery: piece, its markers now."""
L_BURN = cython.declare(cython.int, 58)
"""A survivor's burn markers change: survivor, +1 caught / -1 doused, its markers now."""
L_BURNING = cython.declare(cython.int, 59)
"""A burning survivor's end-of-turn roll: survivor, dice, wounds, markers left."""
W_BURN = cython.declare(cython.int, 8)
WOUND_CAUSES = (*WOUND_CAUSES, "burn")
# ---- end OWNER: eden ----
# ---- bots: snapshot ----
SNAP_SCALARS = cython.declare(cython.int, 37)  # plans: d[36], the start zone whose plan the bots follow
"""The counters at the head of a :class:`Snapshot`."""

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


# ---- bots: snapshot ----
@cython.final
@cython.cclass
class Snapshot:
    """One game's whole state at a moment (:meth:`Engine.snapshot`), as arrays: every counter
    and per-game array, the zones the game touched with their zombies, noise and counters, and
    the generator's words. :meth:`Engine.restore` puts it into any engine of the same board."""

    data: cython.longlong[::1]
    buf: object
    mt: cython.uint[::1]
    mtbuf: object
    mti: cython.int
    n: cython.int
    twister: object
    carry: object

    def __init__(self, size: cython.int):
        self.buf = array("q", bytes(8 * max(size, 1)))
        self.data = self.buf
        self.mtbuf = array("I", bytes(4 * 624))
        self.mt = self.mtbuf
        self.mti = 0
        self.n = size
        self.twister = None
        self.carry = ()

    @property
    def size(self) -> int:
        """How many ints the state takes (the generator's 624 words aside)."""
        return self.n

    def words(self) -> tuple:
        """The snapshot as plain values (equal snapshots give equal words; the generator's
        state as its next draws where the source runs)."""
        if self.twister is not None:
            c = self.twister.copy()
            return tuple(self.buf[:self.n]), tuple(c.next32() for _ in range(16)), self.carry
        return tuple(self.buf[:self.n]), tuple(self.mtbuf), self.mti, self.carry
# ---- end bots: snapshot ----


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
    tough: cython.int[16]
    kill_xp: cython.int[16]
    pool0: cython.int[16]
    melee_order: cython.int[16]
    splits: cython.int[16]
    comp_type: cython.int[16]
    comp_count: cython.int[16]
    rg_start: cython.int[17]
    rg_types: cython.int[16]
    rg_absorbs: cython.int[16]
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
    # ---- eden: terrain ----
    terrain: cython.bint
    entry_hostile: cython.bint
    swim_cost: cython.int
    tz_obst: cython.int[::1]
    tz_hostile: cython.int[::1]
    tz_swim: cython.int[::1]
    tz_cross: cython.int[::1]
    tz_elev: cython.int[::1]
    tc_obst: cython.int[::1]
    tc_hostile: cython.int[::1]
    tc_swim: cython.int[::1]
    # ---- end eden: terrain ----
    # ---- eden: destruction(x) ----
    sc_on: cython.bint
    npieces: cython.int
    sc_x: cython.int[::1]
    sc_obst: cython.int
    sc_at_start: cython.int[::1]
    sc_at: cython.int[::1]
    sc_shut_start: cython.int[::1]
    sc_shut: cython.int[::1]
    ro_start: cython.int[::1]
    ro_v: cython.int[::1]
    ro_c: cython.int[::1]
    sc_dmg: cython.int[::1]
    ro_open: cython.int[::1]
    nreopened: cython.int
    tz_obst0: cython.int[::1]
    tz_hostile0: cython.int[::1]
    tz_swim0: cython.int[::1]
    tz_cross0: cython.int[::1]
    tz_elev0: cython.int[::1]
    tc_obst0: cython.int[::1]
    tc_hostile0: cython.int[::1]
    tc_swim0: cython.int[::1]
    # ---- OWNER: eden: destroyed scenery is removed for every figure ----
    zro_start: cython.int[::1]
    zro_v: cython.int[::1]
    zro_c: cython.int[::1]
    zro_ok: cython.int[::1]
    zrb_start: cython.int[::1]
    zrb_u: cython.int[::1]
    zrb_c: cython.int[::1]
    zro_conn: cython.int[::1]
    zro_n: cython.int
    zro_gen: cython.longlong
    zro_bits: object
    ezcache: dict
    ezrows: Rows
    ezrows_mask: cython.ulonglong
    ezrows_gen: cython.longlong
    sc_gone: object
    # ---- end OWNER: eden ----
    # ---- end eden: destruction(x) ----
    # ---- OWNER: eden: burning scenery and survivors ----
    fl_on: cython.bint
    fl_piece: cython.int[::1]
    fl_at_start: cython.int[::1]
    fl_at: cython.int[::1]
    fl_burn: cython.int[::1]
    nburning: cython.int
    sv_burn: cython.int[::1]
    burn_dice: cython.int
    burn_on: cython.int
    # ---- end OWNER: eden ----
    # ---- eden: victory points and infestation ----
    vp_on: cython.bint
    vp_turns: cython.int
    vp_target: cython.int
    vp_points: cython.int
    vp_taken: cython.int[::1]
    vp_held: cython.int[::1]
    vp_kills: cython.int[::1]
    vp_counted: cython.int[::1]
    vp_killed: cython.int[::1]
    vp_scores: IntBuf
    res_rows: IntBuf
    inf_ai: cython.bint
    inf_range: cython.int
    ninf: cython.int
    inf_placed: cython.int[::1]
    inf_row: cython.int[::1]
    nres: cython.int
    fx_res: cython.int[::1]
    res_stock: cython.int[::1]
    res_start: cython.int[::1]
    res_order: cython.int[::1]
    nres_order: cython.int
    res_short: cython.int
    # ---- end eden: victory points and infestation ----
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
    # ---- OWNER: plans: a plan per start zone (the board's plans) ----
    pl_sets: object
    pl_of_zone: cython.int[::1]
    pl_set: cython.int
    plan_start: cython.int

    # ---- zombicide: Prison Outbreak mission rules (the board's arrays and scratch) ----
    st_cond: cython.int[::1]
    nconds: cython.int
    mzb_start: cython.int[::1]
    mzb_u: cython.int[::1]
    mzb_d: cython.int[::1]
    sti_start: cython.int[::1]
    sti_ids: cython.int[::1]
    carrier_it: cython.int[::1]
    ncarrier: cython.int
    cl_start: cython.int[::1]
    cl_obj: cython.int[::1]
    pe_start: cython.int[::1]
    pe_op: cython.int[::1]
    pe_door: cython.int[::1]
    mz_seen: cython.int[::1]
    mz_list: cython.int[::1]
    mz_nseen: cython.int
    mz_opts: cython.int[::1]
    fx_mission: cython.int[::1]
    fx_obj: cython.int[::1]
    fx_inplay: cython.int[::1]
    fxi_start: cython.int[::1]
    fxi_type: cython.int[::1]
    fxi_count: cython.int[::1]
    fxc_start: cython.int[::1]
    fxc_ids: cython.int[::1]
    fx_gate: cython.int[::1]
    fx_sides: cython.int[::1]
    fx_passage: cython.int[::1]
    fx_way: cython.int[::1]
    ngates: cython.int
    gate_turns: cython.int[::1]
    set_aside0: cython.int[::1]
    nset_aside0: cython.int
    set_aside: cython.int[::1]
    nset_aside: cython.int
    sa_pile: cython.int[::1]
    sgroups: cython.int
    sg_zone: cython.int[::1]
    ncars: cython.int
    car_once: cython.int[::1]
    also_start: cython.int[::1]
    also_ids: cython.int[::1]
    hero_start: cython.int[::1]
    hero_ids: cython.int[::1]
    nheroes: cython.int
    tower_bonus: cython.int[::1]
    is_security: cython.int[::1]
    push_back: cython.int
    tear_fences: cython.int
    c_fence: cython.int[::1]
    torn: cython.int[::1]
    ntorn: cython.int
    sv_came: cython.int[::1]
    # ---- zombicide: driving cars ----
    ndrive: cython.int
    car_drive: cython.int[::1]
    drivable: cython.int[::1]
    dadj_start: cython.int[::1]
    dadj_v: cython.int[::1]
    sv_car: cython.int[::1]
    car_drv: cython.int[::1]
    cd_dist: cython.int[::1]
    cd_queue: cython.int[::1]
    car_inside: cython.int[::1]
    cw_seen: cython.int[::1]
    # ---- zombicide: berserker zombies (the zombie table's rows) ----
    z_immune: cython.int[::1]
    z_steps: cython.int[::1]
    rec_col: cython.int[::1]
    nrec: cython.int
    steps2: cython.int
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
    # ---- OWNER: speed: zombies per zone, every type (kept with ``zombies``) ----
    ztot: cython.int[::1]
    # ---- end OWNER: speed ----
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
    pool: cython.int[16]
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
    kills_by_type: cython.int[16]
    spawned_by_type: cython.int[16]
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
    # ---- steps: event log and decisions from outside ----
    logging: cython.bint
    lg: IntBuf
    lg_cause: cython.int
    callback: object
    cb_survivor: cython.int

    # ---- lnoe: Growing Hunger's special rules on a fixed map ----
    gh: cython.int
    gh_markers: cython.int
    gh_random_start: cython.int
    gh_roll: cython.int
    gh_rcount: cython.int
    gh_rsides: cython.int
    gh_rbonus: cython.int
    gh_well: cython.int
    gh_nsp_loss: cython.int
    gh_pickup: cython.int[::1]
    it_heal: cython.int[::1]
    gh_marker: cython.int[::1]
    # ---- lnoe: the zombie player's hand, the sun track, named heroes, Becky's first aid ----
    gh_hand: cython.int
    gh_ncards: cython.int
    gh_card: cython.int[::1]
    gh_endless: cython.int
    gh_multi: cython.int
    gh_random_hero: cython.int
    gh_first_aid: cython.int
    gh_becky: cython.int[::1]
    gh_limit0: cython.int
    gh_sun: cython.int
    gh_handc: cython.int[::1]
    gh_nhand: cython.int
    gh_deck: cython.int[::1]
    gh_ndeck: cython.int
    gh_disc: cython.int[::1]
    gh_ndisc: cython.int
    gh_roster: cython.int[::1]
    gh_nroster: cython.int
    gh_hero: cython.int[::1]
    gh_extra: cython.int
    gh_town: object
    # ---- lnoe: the board library (one engine per town) ----
    gh_nlib: cython.int
    gh_nbgrp: cython.int
    gh_bgrp_start: cython.int[::1]
    gh_bgrp: cython.int[::1]
    # ---- lnoe: heroes replenish, the exploration bag ----
    gh_replenish: cython.int
    gh_to_lose: cython.int
    gh_explore: cython.int
    gh_bag0: cython.int[::1]
    gh_bag: cython.int[::1]
    gh_next: cython.int
    gh_killed: cython.int
    gh_fifth: cython.int[::1]
    gh_idle: cython.int[::1]
    # ---- lnoe: grave dead ----
    gh_grave: cython.int
    gh_ability0: cython.int
    gh_ability: cython.int
    gh_explosive: cython.int[::1]
    gh_wounded: cython.int[::1]
    gh_zs: cython.int[::1]
    # ---- lnoe: heroes carried in with their names ----
    gh_names: object
    gh_carry: object
    gh_ncarry: cython.int
    gh_carry_new: cython.int
    gh_gone: cython.int[::1]
    gh_sbecky: cython.int[::1]

    # ---- lnoe: Les morts aux trousses (the house profile) ----
    c_fall: cython.int[::1]
    house_via: cython.int
    # ---- morts: zombie arrivals, darkness and smoke, the office's choice ----
    m_per_player: cython.int
    m_first_levels: cython.int
    m_nlv: cython.int
    m_lv_sp_start: cython.int[::1]
    m_lv_sp: cython.int[::1]
    m_lv_z_start: cython.int[::1]
    m_lv_z: cython.int[::1]
    m_zone: cython.int[::1]
    m_here: cython.int[::1]
    m_fx_heal: cython.int[::1]
    m_fx_with_heal: cython.int[::1]
    m_collapse: cython.int[::1]
    m_fresh: cython.int
    m_fx_draw: cython.int[::1]
    # ---- OWNER: morts: doors closed by a survivor, broken by survivors and zombies ----
    m_closable: cython.int[::1]
    m_rifle: cython.int
    m_held: cython.ulonglong
    m_holder: cython.int[::1]
    m_broken: cython.ulonglong
    m_one_start: cython.int[::1]
    m_one_ids: cython.int[::1]
    m_dkey: cython.int[::1]
    m_ndkey: cython.int
    # ---- OWNER: morts: looting a dead survivor's belongings ----
    m_body: cython.int[::1]
    m_nbody: cython.int[::1]
    m_rises: cython.int[::1]
    # ---- end OWNER: morts ----
    # ---- bots: casual ----
    obj_group: cython.int[::1]
    it_rank: cython.int[::1]
    hand_doors: cython.ulonglong
    casual_step: cython.int
    hazard_cache: dict
    hazard_back: object
    # ---- truth: the end of a turn ----
    turn_end: cython.bint
    # ---- bots: snapshot ----
    sp_pos: cython.int
    sp_ns: cython.int
    sp_started: cython.int
    sp_taken: cython.int
    sp_limit: cython.int
    sp_resume: cython.int
    script: cython.int[::1]
    nscript: cython.int
    script_at: cython.int
    cb_trades: cython.bint
    # ---- speed: a batch's generators, seeded four at a time ----
    rng_four: list
    rng_ready: cython.bint
    # ---- OWNER: widedoors: door and colour sets ----
    wide: cython.bint
    ds_w: cython.int
    ds_n: cython.int
    ds_cap: cython.int
    ds_arr: object
    ds_words: cython.ulonglong[::1]
    ds_tmp_arr: object
    ds_tmp: cython.ulonglong[::1]
    ds_index: dict

    def __init__(self, t):
        if not cython.compiled:
            for name, size in (("danger_xp", 4), ("tough", 16), ("kill_xp", 16), ("pool0", 16), ("melee_order", 16),
                               ("splits", 16), ("comp_type", 16), ("comp_count", 16), ("rg_start", 17),
                               ("rg_types", 16), ("rg_absorbs", 16), ("pool", 16), ("sv_zone", 12),
                               ("sv_wounds", 12), ("sv_health", 12), ("sv_xp", 12), ("sv_nitems", 12),
                               ("sv_alive", 12), ("sv_escaped", 12), ("sv_searched", 12), ("sv_moved", 12),
                               ("sv_left", 12), ("sv_items", 864), ("kills_by_type", 16),
                               ("spawned_by_type", 16), ("rising", 48)):
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
        self._door_sets_init(t)
        self.door_open0 = self.ds_of_int(t.door_open0)
        self.door_unlocked0 = self.ds_of_int(t.door_unlocked0)
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
        self.ztot = _ia(n)  # speed: zombies_in(z), kept as zombies changes
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
        self._mission_board(t)
        self.policy = 0
        self.outcome = 1
        self._steps_init(t)
        self.lnoe_init(t)
        self.morts_init(t)
        self._bots_init(t)
        self._snapshot_init()
        self.rng_four = [Twister(0), Twister(0), Twister(0), Twister(0)]  # speed: play_batch's
        self.rng_ready = False

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
        self.pl_sets = t.pl_sets  # plans: a plan per start zone
        self.pl_of_zone = t.pl_of_zone
        self.pl_set = 0
        self.plan_start = -1
        self._eden_terrain(t)
        self._eden_rules(t)

    # ---- zombicide: Prison Outbreak mission rules (reading the tables) ----
    def _mission_board(self, t) -> None:
        i: cython.int
        self.berserker_rows()
        self.st_cond = t.st_cond
        self.nconds = t.nconds
        self.mzb_start = t.mzb_start
        self.mzb_u = t.mzb_u
        self.mzb_d = t.mzb_d
        self.sti_start = t.sti_start
        self.sti_ids = t.sti_ids
        self.carrier_it = t.carrier_it
        self.ncarrier = t.ncarrier
        self.cl_start = t.cl_start
        self.cl_obj = t.cl_obj
        self.pe_start = t.pe_start
        self.pe_op = t.pe_op
        self.pe_door = t.pe_door
        self.mz_seen = _ia(self.n)
        self.mz_list = _ia(self.n)
        self.mz_nseen = 0
        self.mz_opts = _ia(self.nobj + 1)
        stand: cython.int = 0  # the zones of every hold and carry step may be goal zones at once
        for i in range(self.nsteps):
            if self.st_kind[i] == V_HOLD or self.st_kind[i] == V_CARRY:
                stand += self.st_start[i + 1] - self.st_start[i]
        if stand:
            self.gz = _ia(self.n + self.nexit + 8 + stand)
        self.fx_mission = t.fx_mission
        self.fx_obj = t.fx_obj
        self.fx_inplay = t.fx_inplay
        self.fxi_start = t.fxi_start
        self.fxi_type = t.fxi_type
        self.fxi_count = t.fxi_count
        self.fxc_start = t.fxc_start
        self.fxc_ids = t.fxc_ids
        self.fx_gate = t.fx_gate
        self.fx_sides = t.fx_sides
        self.fx_passage = t.fx_passage
        self.fx_way = t.fx_way
        self.ngates = t.ngates
        self.gate_turns = _ia(self.ngates + 1)
        self.set_aside0 = t.set_aside0
        self.nset_aside0 = t.nset_aside
        self.set_aside = _ia(self.nset_aside0 + 1)
        self.nset_aside = 0
        self.sa_pile = _ia(self.nset_aside0 + 1)
        self.sgroups = t.sgroups
        self.sg_zone = t.sg_zone
        self.ncars = t.ncars
        self.car_once = t.car_once
        self.also_start = t.also_start
        self.also_ids = t.also_ids
        self.hero_start = t.hero_start
        self.hero_ids = t.hero_ids
        self.nheroes = t.nheroes
        self.tower_bonus = t.tower_bonus
        self.is_security = t.is_security
        self.push_back = t.push_back
        self.tear_fences = t.tear_fences
        self.c_fence = t.c_fence
        self.torn = _ia(self.nc + 1)
        self.ntorn = 0
        self.sv_came = _ia(MAXS, -1)
        self.only_moves = t.only_moves
        self.ndrive = t.ndrive  # zombicide: driving cars
        self.car_drive = t.car_drive
        self.drivable = t.drivable
        self.dadj_start = t.dadj_start
        self.dadj_v = t.dadj_v
        self.sv_car = _ia(MAXS, -1)
        self.car_drv = _ia(self.nobj + 1, -1)
        self.cd_dist = _ia(self.n + 1)
        self.cd_queue = _ia(self.n + 1)
        self.car_inside = _ia(MAXS)
        self.cw_seen = _ia(self.n + 1)

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
        self.ezcache.clear()  # ---- OWNER: eden: the zombies' rows of destroyed scenery ----
        self.ezrows = Rows(self.n)
        self.ezrows_gen = -1  # ---- end OWNER: eden ----

    @cython.cfunc
    def _zombie_rows(self, mask: cython.ulonglong) -> Rows:
        if self.zro_n:  # walls destroyed scenery opened to zombies: rows of that scenery
            return self.eden_zombie_rows(mask)
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
                if every or d < 0 or self.ds_has(mask, d):
                    arena[off + u] = dv
                    q[tail] = u
                    tail += 1
            if self.zro_n:  # ---- OWNER: eden: across walls destroyed scenery opened ----
                for k in range(self.zrb_start[v], self.zrb_start[v + 1]):
                    u = self.zrb_u[k]
                    if arena[off + u] == INF and self.ro_open[self.zrb_c[k]]:
                        arena[off + u] = dv
                        q[tail] = u
                        tail += 1  # ---- end OWNER: eden ----
        rows.off[target] = off
        return off

    # ---- OWNER: eden: the zombies' rows of destroyed scenery ----
    @cython.cfunc
    def eden_zombie_rows(self, mask: cython.ulonglong) -> Rows:
        """The zombies' rows through the doors of ``mask`` with the walls destroyed scenery has
        opened (``zro_bits``): keyed by that set and the door state, kept for the next games."""
        if mask != self.ezrows_mask or self.zro_gen != self.ezrows_gen:
            key = (self.zro_bits, mask)
            rows = self.ezcache.get(key)
            if rows is None:
                rows = Rows(self.n)
                self.ezcache[key] = rows
            self.ezrows = rows
            self.ezrows_mask = mask
            self.ezrows_gen = self.zro_gen
        return self.ezrows
    # ---- end OWNER: eden ----

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
                if arena[off + u] == INF and (d < 0 or self.ds_has(mask, d)):
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
                if d < 0 or self.ds_has(self.doors_open, d):
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
            if d >= 0 and not self.ds_has(mask, d):
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
    @cython.inline
    def zombies_in(self, z: cython.int) -> cython.int:
        return self.ztot[z]  # speed: the sum of the zone's row, kept by every write to it (0 untouched)

    # ---- OWNER: speed: zombies per zone ----
    @cython.cfunc
    @cython.exceptval(check=False)
    def zone_total(self, z: cython.int) -> cython.void:
        """Sum zone ``z``'s row of ``zombies`` into ``ztot`` (after a load writes the row)."""
        s: cython.int = 0
        t: cython.int
        for t in range(self.nt):
            s += self.zombies[z * self.nt + t]
        self.ztot[z] = s
    # ---- end OWNER: speed ----

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
        if self.script_at < self.nscript:
            return self.scripted_die()
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
            if self.logging:
                self.ev(L_RUNAWAY_EXTRAS, cython.cast(cython.int, self.extra_limit), 0, 0, 0)
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def out_of_miniatures(self, t: cython.int) -> cython.void:
        """The box ran out of type ``t`` while placing: every zombie of ``t`` gets an extra
        activation that owes nothing more."""
        if self.pool_out and self.extra_allowed():
            if self.logging:
                self.ev(L_OUT, t, 0, 0, 0)
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
            self.ztot[zone] += placed
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
        if self.m_held and self.morts_held_against(s, d):  # morts: a door another survivor closed is only broken
            return self.door_breakable[d] != 0
        if self.ds_has(self.doors_unlocked, d):
            return True
        if self.lock_kind[d] == 1 and self.ds_has(self.colours, self.lock_val[d]):
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
        if self.wide:
            return self.wide_door_passable(s)
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
            carried: cython.bint = self.ncarrier > 0 and self.sv_wounds[si] >= self.sv_health[si] and self.carrying(si)
            lost: cython.int = -1
            if self.sv_nitems[si]:
                self.discard_worst(si)
                lost = self.ediscard[self.nediscard - 1]
            if self.sv_wounds[si] >= self.sv_health[si]:
                self.sv_alive[si] = 0
                if carried and not self.outcome:  # "ucciso mentre trasporta una di queste Carte"
                    self.outcome, self.cause = 2, C_CARRIER_DIED
                else:
                    carried = False
                z: cython.int = self.sv_zone[si]
                self.touch(z)
                self.zone_deaths[z] += 1
                if self.logging:
                    self.ev(L_DEATH, si, z, self.lg_cause, 0)
                    if carried:
                        self.log_carrier(si, lost)
                if self.profile == P_HOUSE:  # morts: the belongings lie by the body, to be looted
                    self.morts_lay(si)
                for i in range(self.sv_nitems[si]):
                    self.ediscard[self.nediscard] = self.sv_items[si * MAXI + i]
                    self.nediscard += 1
                self.sv_nitems[si] = 0
                if self.profile == P_HOUSE and self.nrising < MAXS * 4:
                    self.rising[self.nrising] = z
                    self.nrising += 1
                if self.gh:
                    self.lnoe_on_death(si)
                if self.any_dies and not self.outcome:
                    self.outcome = 2
                    self.cause = C_SURVIVOR_DIED
                return
        if self.logging:
            self.ev(L_WOUND, si, self.sv_wounds[si], self.lg_cause, 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def kill(self, si: cython.int, zone: cython.int, t: cython.int) -> cython.void:
        self.zombies[zone * self.nt + t] -= 1
        self.ztot[zone] -= 1
        self.pool[t] += 1
        self.kills += 1
        self.kills_by_type[t] += 1
        self.zone_kills[zone] += 1
        self.sv_xp[si] += self.kill_xp[t]
        if t == GRAVE_T and self.gh:  # "Quand un Zombie de la fosse est tué, il est retiré du jeu"
            self.pool[t] -= 1
        if self.logging:
            self.ev(L_KILL, si, zone, t, 0)
        self.fire_event(EV_KILLS, self.kills, si)

    @cython.cfunc
    @cython.exceptval(check=False)
    def spawn(self, zone: cython.int, t: cython.int, count: cython.int) -> cython.void:
        if count <= 0:
            return
        if self.logging:
            self.ev(L_SPAWN, zone, t, count, 0)
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
                if self.logging:
                    self.ev(L_EXTRA, ty, 0, 0, 0)
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
        self.doors_open = self.ds_add(self.doors_open, d)
        self.doors_unlocked = self.ds_add(self.doors_unlocked, d)
        if self.m_held:  # morts: open again, the door is nobody's (closable doors are among the first 62)
            self.m_held &= ~(ONE << d)
        if self.ds_has(self.doors_ever, d):
            return
        self.doors_ever = self.ds_add(self.doors_ever, d)
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
        i: cython.int
        if kind == E_HEAL_OR_DRAW:  # morts: the office's choice
            self.morts_heal_or_draw(e, actor)
            return
        if self.fx_mission[e]:  # spawns at an objective or instead of others, cards given, gates turned
            self.mission_effect(e, actor)
            return
        if self.fx_res[e] >= 0:  # eden: a resource gained or spent
            self.eden_resource(e)
            return
        if kind == E_SET_FIRE:  # eden: flammable scenery set alight
            self.eden_set_fire(a, self.e_count[e])
            return
        if kind <= E_LOCK:
            if kind == E_OPEN or (kind == E_TOGGLE and not self.ds_has(self.doors_open, a)):
                self.open_door(a, -1)
            elif kind == E_UNLOCK:
                self.doors_unlocked = self.ds_add(self.doors_unlocked, a)
            elif kind == E_CLOSE or kind == E_TOGGLE:
                self.doors_open = self.ds_del(self.doors_open, a)
            else:
                self.doors_open = self.ds_del(self.doors_open, a)
                self.doors_unlocked = self.ds_del(self.doors_unlocked, a)
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

    # ---- zombicide: Prison Outbreak mission effects ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def mission_setup(self) -> cython.void:
        """The cards set aside at set-up and the gates in their first position."""
        i: cython.int
        for i in range(self.nset_aside0):
            self.set_aside[i] = self.set_aside0[i]
        self.nset_aside = self.nset_aside0
        for i in range(self.ngates):
            self.gate_turns[i] = 0
        for i in range(self.nc):
            self.torn[i] = 0
        self.ntorn = 0
        for i in range(MAXS):
            self.sv_came[i] = -1
            self.sv_car[i] = -1  # zombicide: nobody in a car
        for i in range(self.nobj):
            self.car_drv[i] = -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def mission_effect(self, e: cython.int, actor: cython.int) -> cython.void:
        """game._spawn_zombies (at an objective, instead of others), game._give_card and
        game._rotate_gate."""
        kind: cython.int = self.e_kind[e]
        k: cython.int
        j: cython.int
        z: cython.int
        if kind == E_SPAWN:
            zone: cython.int = self.obj_zone[self.fx_obj[e]] if self.fx_obj[e] >= 0 else self.e_a[e]
            t: cython.int = self.e_ztype[e]
            a: cython.int = self.fxi_start[e]
            b: cython.int = self.fxi_start[e + 1]
            if a < b:
                fall_back: cython.bint = self.pool[t] <= 0
                if not fall_back and self.fx_inplay[e]:  # "se l'Abomination è già in gioco"
                    for j in range(self.ntouched):
                        if self.zombies[self.touched[j] * self.nt + t]:
                            fall_back = True
                            break
                if fall_back:
                    if self.logging:
                        self.ev(L_INSTEAD, zone, t, 0, 0)
                    for k in range(a, b):
                        self.spawn(zone, self.fxi_type[k], self.fxi_count[k])  # a fatty brings its walkers
                    return
            count: cython.int = self.roll(self.e_dcount[e], self.e_dsides[e], self.e_dbonus[e]) \
                if self.e_has_dice[e] else self.e_count[e]
            if self.place(zone, t, count):
                self.out_of_miniatures(t)
        elif kind == E_GIVE:
            if actor < 0:
                return
            pile = self.sa_pile  # the indices of the cards that may be drawn
            n: cython.int = 0
            c0: cython.int = self.fxc_start[e]
            c1: cython.int = self.fxc_start[e + 1]
            for k in range(self.nset_aside):
                if c0 == c1:
                    pile[n] = k
                    n += 1
                    continue
                for j in range(c0, c1):
                    if self.fxc_ids[j] == self.set_aside[k]:
                        pile[n] = k
                        n += 1
                        break
            if not n:
                return
            z = pile[self.rng.randbelow(n)]  # "una di queste Carte a caso"
            card: cython.int = self.set_aside[z]
            for k in range(z, self.nset_aside - 1):
                self.set_aside[k] = self.set_aside[k + 1]
            self.nset_aside -= 1
            if self.logging:
                self.ev(L_GIVE_CARD, actor, card, 0, 0)
            self.keep(actor, card)
        elif kind == E_ROTATE:
            self.rotate_gate(e)

    @cython.cfunc
    @cython.exceptval(check=False)
    def faces(self, e: cython.int, r: cython.int, k: cython.int) -> cython.bint:
        """Whether side ``k`` of the gate of effect ``e`` faces its passage after ``r`` quarter turns."""
        return self.fx_passage[4 * e + ((k - r) % 4 + 4) % 4] != 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def rotate_gate(self, e: cython.int) -> cython.void:
        """A quarter turn: the way of the effect, or the way that opens a side closed now
        (clockwise on a tie)."""
        g: cython.int = self.fx_gate[e]
        turns: cython.int = self.gate_turns[g]
        step: cython.int = self.fx_way[e]
        k: cython.int
        d: cython.int
        if step == 0:
            cw: cython.int = 0
            ccw: cython.int = 0
            for k in range(4):
                if self.fx_sides[4 * e + k] >= 0 and not self.faces(e, turns, k):
                    cw += self.faces(e, turns + 1, k)
                    ccw += self.faces(e, turns - 1, k)
            step = 1 if cw >= ccw else -1
        turns = ((turns + step) % 4 + 4) % 4
        self.gate_turns[g] = turns
        if self.logging:
            self.ev(L_GATE, e, turns, 0, 0)
        for k in range(4):
            d = self.fx_sides[4 * e + k]
            if d < 0:
                continue
            if self.faces(e, turns, k):
                if not self.ds_has(self.doors_open, d):
                    self.open_door(d, -1)
            else:
                self.doors_open = self.ds_del(self.doors_open, d)

    # ---- zombicide: Prison Outbreak start groups, cars, items taken two at a time ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def setup_groups(self, count: cython.int) -> cython.int:
        """game._setup_groups: each survivor starts in its group's zone (with the starting
        equipment and cards); return 0, the survivors left to place."""
        k: cython.int
        i: cython.int
        c: cython.int
        for k in range(count):
            s: cython.int = self.new_survivor(self.sg_zone[count * MAXS + k])
            for i in range(self.nstart_eq):
                self.sv_items[s * MAXI + i] = self.start_eq[i]
            self.sv_nitems[s] = self.nstart_eq
            self.hero_items(s, k)
            for c in range(self.starting_cards):
                card: cython.int = self.draw_equipment()
                if card >= 0 and not self.it_aaah[card]:
                    self.sv_items[s * MAXI + self.sv_nitems[s]] = card
                    self.sv_nitems[s] += 1
        return 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def hero_items(self, s: cython.int, k: cython.int) -> cython.void:
        """The own cards of the ``k``-th named survivor (``Survivors.items_of``), after the
        starting equipment."""
        i: cython.int
        if k >= self.nheroes:
            return
        for i in range(self.hero_start[k], self.hero_start[k + 1]):
            self.sv_items[s * MAXI + self.sv_nitems[s]] = self.hero_ids[i]
            self.sv_nitems[s] += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def take_also(self, si: cython.int, o: cython.int) -> cython.void:
        """The further items an item objective gives with the same action ("prendere entrambe
        le Carte")."""
        k: cython.int
        for k in range(self.also_start[o], self.also_start[o + 1]):
            self.keep(si, self.also_ids[k])

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_here(self, s: cython.int) -> cython.int:
        """game._car_here: a car survivor ``s`` may search now (in its zone, no zombie there, no
        search this turn, not a car searched once already); -1 for none."""
        z: cython.int = self.sv_zone[s]
        o: cython.int
        if self.sv_searched[s] or self.zombies_in(z):
            return -1
        for o in range(self.nobj):
            if self.obj_zone[o] == z and self.obj_kind[o] == O_CAR and not (self.car_once[o] and self.taken[o]):
                return o
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def search_car(self, si: cython.int, o: cython.int) -> cython.void:
        """game.search_car: a Pimpmobile once, for its contents; a police car "Scarta finché non
        trovi un'Arma" (an "Aaahh!" card brings a walker and ends the search)."""
        self.sv_searched[si] = 1
        first: cython.bint = not self.taken[o]
        k: cython.int
        if first:
            self.taken[o] = 1
            self.note_objective(o)
            self.sv_xp[si] += self.obj_xp[o]
        if self.car_once[o]:
            if self.logging:
                self.ev(L_SEARCH_CAR, si, o, -2, 0)
            self.take_also(si, o)
        else:
            tries: cython.int = self.nedeck + self.nediscard + 1
            for k in range(tries):
                card: cython.int = self.draw_equipment()
                if card < 0:
                    break
                if self.it_aaah[card]:
                    if self.logging:
                        self.ev(L_SEARCH_CAR, si, o, -1, 0)
                    self.ediscard[self.nediscard] = card
                    self.nediscard += 1
                    if self.place(self.sv_zone[si], WALKER_T, 1):
                        self.out_of_miniatures(WALKER_T)
                    break
                if self.it_dice[card] > 0:
                    if self.logging:
                        self.ev(L_SEARCH_CAR, si, o, card, 0)
                    self.keep(si, card)
                    break
                self.ediscard[self.nediscard] = card
                self.nediscard += 1
        if first:
            self.fire_event(EV_TAKEN, o, si)

    # ---- zombicide: driving cars (engine/missions.py: car_actions, drive, car_attack, car_choice) ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_driver(self, o: cython.int) -> cython.int:
        """missions.car_driver: the survivor at car ``o``'s wheel, or -1."""
        i: cython.int = self.car_drv[o]
        return i if i >= 0 and self.on_board(i) else -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_count(self, o: cython.int) -> cython.int:
        """The survivors sitting in car ``o``."""
        i: cython.int
        n: cython.int = 0
        for i in range(self.ns):
            if self.sv_car[i] == o and self.on_board(i):
                n += 1
        return n

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_actions(self, s: cython.int, k: cython.int) -> cython.int:
        """missions.car_actions: in a car, no move, door, take or press, and getting out and (the
        driver) the drives; out of one, getting into a drivable car of the zone with no zombie."""
        o: cython.int = self.sv_car[s]
        i: cython.int
        j: cython.int
        a: cython.int
        v: cython.int
        kind: cython.int
        if o >= 0:
            j = 0
            for i in range(k):
                kind = self.act_kind[i]
                if kind == A_MOVE or kind == A_OPEN or kind == A_TAKE or kind == A_PRESS:
                    continue
                self.act_kind[j] = kind
                self.act_a[j] = self.act_a[i]
                self.act_b[j] = self.act_b[i]
                j += 1
            k = self.push_act(j, A_LEAVE, 0, 0)
            if self.car_driver(o) < 0:  # "Cambiare posto in Auto": a passenger moves to the free wheel
                return self.push_act(k, A_SEAT, 0, 0)
            if self.car_driver(o) == s:
                z: cython.int = self.obj_zone[o]
                for a in range(self.dadj_start[z], self.dadj_start[z + 1]):
                    v = self.dadj_v[a]
                    k = self.push_act(k, A_DRIVE, v, -1)
                    for j in range(self.dadj_start[v], self.dadj_start[v + 1]):
                        k = self.push_act(k, A_DRIVE, v, self.dadj_v[j])
            return k
        if self.zombies_in(self.sv_zone[s]):
            return k
        for o in range(self.nobj):
            if self.car_drive[o] and self.obj_zone[o] == self.sv_zone[s] and self.car_count(o) < CAR_SEATS:
                k = self.push_act(k, A_ENTER, o, 0)
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_action(self, si: cython.int, kind: cython.int, a: cython.int, b: cython.int) -> cython.void:
        """missions.car_action: get in (at the wheel when it is free), get out, or drive."""
        o: cython.int
        seat: cython.int
        if kind == A_ENTER:
            seat = 2
            if self.car_driver(a) < 0:
                self.car_drv[a] = si
                seat = 1
            self.sv_car[si] = a
            if self.logging:
                self.ev(L_CAR_SEAT, si, a, seat, 0)
        elif kind == A_SEAT:
            o = self.sv_car[si]
            self.car_drv[o] = si
            if self.logging:
                self.ev(L_CAR_SEAT, si, o, 1, 0)
        elif kind == A_LEAVE:
            o = self.sv_car[si]
            self.sv_car[si] = -1
            if self.car_drv[o] == si:
                self.car_drv[o] = -1
            if self.logging:
                self.ev(L_CAR_SEAT, si, o, 0, 0)
        else:
            self.drive(si, a, b)

    @cython.cfunc
    @cython.exceptval(check=False)
    def drive(self, si: cython.int, v: cython.int, w: cython.int) -> cython.void:
        """missions.drive: the car attacks the zone it leaves, then moves one zone at a time with
        the survivors inside, attacking each zone it enters; they enter it."""
        o: cython.int = self.sv_car[si]
        start: cython.int = self.obj_zone[o]
        i: cython.int
        step: cython.int
        u: cython.int
        if self.logging:
            self.ev(L_DRIVE, si, o, start, w if w >= 0 else v)
        self.car_attack(si, o, start)
        for step in range(2):
            u = v if step == 0 else w
            if u < 0:
                break
            self.obj_zone[o] = u
            for i in range(self.ns):
                if self.sv_car[i] == o and self.on_board(i):
                    self.sv_zone[i] = u
                    self.car_inside[i] = 1
                else:
                    self.car_inside[i] = 0
            self.car_attack(si, o, u)
            for i in range(self.ns):
                if self.car_inside[i] and self.on_board(i):
                    self.enter_zone(i, u)

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_attack(self, si: cython.int, o: cython.int, zone: cython.int) -> cython.void:
        """missions.car_attack: one die per miniature but the car's own survivors, a hit on 4+
        deals one damage: survivors first, then the ranged groups (a fatty or an abomination
        absorbs the rest), berserkers included; the driver gains the XP."""
        n: cython.int = self.zombies_in(zone)
        i: cython.int
        h: cython.int
        for i in range(self.ns):
            if self.sv_zone[i] == zone and self.on_board(i) and self.sv_car[i] != o:
                n += 1
        if n == 0:
            return
        hits: cython.int = 0
        for i in range(n):
            if self.d6(6) >= CAR_HIT:
                hits += 1
        if self.logging:
            self.ev(L_CAR_ATTACK, zone, n, hits, 0)
        for h in range(hits):
            victim: cython.int = self.victim_of(zone, -1, o)
            if victim >= 0:
                self.lg_cause = W_CAR
                self.wound(victim, 1)
                self.lg_cause = W_ZOMBIES
                continue
            self.hit_zombies(si, zone, 1, False)

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_distances(self, nz: cython.int) -> cython.void:
        """missions.car_distances to missions.car_targets of the goal zones ``gz[:nz]``, into
        ``cd_dist`` (drives, INF where no car gets there)."""
        i: cython.int
        a: cython.int
        u: cython.int
        x: cython.int
        g: cython.int
        head: cython.int = 0
        tail: cython.int = 0
        lo: cython.int
        hi: cython.int
        found: cython.bint = False
        for i in range(self.n):
            self.cd_dist[i] = INF
            self.cw_seen[i] = 0
        for i in range(nz):  # the goal zones, then the zones one step out from them, ...
            g = self.gz[i]
            if not self.cw_seen[g]:
                self.cw_seen[g] = 1
                self.cd_queue[tail] = g
                tail += 1
        while head < tail and not found:
            lo = head
            hi = tail
            for i in range(lo, hi):
                if self.drivable[self.cd_queue[i]]:
                    found = True
            if found:  # the drivable zones of the first level holding one are the targets
                for i in range(lo, hi):
                    if self.drivable[self.cd_queue[i]]:
                        self.cd_dist[self.cd_queue[i]] = 0
                break
            for i in range(lo, hi):
                u = self.cd_queue[i]
                for a in range(self.sadj_start[u], self.sadj_start[u + 1]):
                    x = self.sadj_v[a]
                    if not self.cw_seen[x]:
                        self.cw_seen[x] = 1
                        self.cd_queue[tail] = x
                        tail += 1
            head = hi
        if not found:
            return
        head = 0
        tail = 0
        for i in range(self.n):
            if self.cd_dist[i] == 0:
                self.cd_queue[tail] = i
                tail += 1
        while head < tail:  # drive_adj is symmetric but for one-way openings: step backwards
            u = self.cd_queue[head]
            head += 1
            for x in range(self.n):
                if self.cd_dist[x] != INF or not self.drivable[x]:
                    continue
                for a in range(self.dadj_start[x], self.dadj_start[x + 1]):
                    if self.dadj_v[a] == u:
                        self.cd_dist[x] = self.cd_dist[u] + 1
                        self.cd_queue[tail] = x
                        tail += 1
                        break

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_runs_over_mates(self, o: cython.int, v: cython.int, w: cython.int) -> cython.bint:
        """Whether a survivor outside car ``o`` stands in its zone, ``v`` or ``w``."""
        i: cython.int
        z: cython.int
        start: cython.int = self.obj_zone[o]
        for i in range(self.ns):
            if self.on_board(i) and self.sv_car[i] != o:
                z = self.sv_zone[i]
                if z == start or z == v or z == w:
                    return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_choice(self, si: cython.int, na: cython.int, nz: cython.int) -> cython.int:
        """missions.car_choice: the action index of casual's car play, or -1."""
        o: cython.int = self.sv_car[si]
        i: cython.int
        a: cython.int
        d: cython.int
        if o >= 0:
            leave: cython.int = self.find_act(na, A_LEAVE)
            if leave < 0:
                return -1
            if self.car_driver(o) != si:
                return leave
            self.car_distances(nz)
            best: cython.int = -1
            bd: cython.int = self.cd_dist[self.obj_zone[o]]
            for i in range(na):
                if self.act_kind[i] == A_DRIVE and not self.car_runs_over_mates(o, self.act_a[i], self.act_b[i]):
                    d = self.cd_dist[self.act_b[i] if self.act_b[i] >= 0 else self.act_a[i]]
                    if d < bd:
                        best = i
                        bd = d
            return best if best >= 0 else leave
        enter: cython.int = -1
        for i in range(na):
            if self.act_kind[i] == A_ENTER and self.car_driver(self.act_a[i]) < 0:
                enter = i
                break
        if enter < 0:
            return -1
        self.car_distances(nz)
        z: cython.int = self.sv_zone[si]
        d = self.cd_dist[z]
        v: cython.int
        q: cython.int
        if not 0 < d < INF:
            return -1
        for a in range(self.dadj_start[z], self.dadj_start[z + 1]):
            v = self.dadj_v[a]
            if self.cd_dist[v] != d - 1:
                continue
            if self.zombies_in(v):
                return enter
            for q in range(self.dadj_start[v], self.dadj_start[v + 1]):
                if self.cd_dist[self.dadj_v[q]] == d - 2 and self.zombies_in(self.dadj_v[q]):
                    return enter
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_snap_size(self) -> cython.int:
        return self.ns + self.nobj if self.ndrive else 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_snap(self, d: cython.longlong[::1], k: cython.int) -> cython.int:
        """Who sits in which car, and who drives each."""
        if not self.ndrive:
            return k
        k = self.put_ints(d, k, self.sv_car, self.ns)
        return self.put_ints(d, k, self.car_drv, self.nobj)

    @cython.cfunc
    @cython.exceptval(check=False)
    def car_unsnap(self, d: cython.longlong[::1], k: cython.int) -> cython.int:
        i: cython.int
        for i in range(MAXS):
            self.sv_car[i] = -1
        for i in range(self.nobj):
            self.car_drv[i] = -1
        if not self.ndrive:
            return k
        k = self.get_ints(d, k, self.sv_car, self.ns)
        return self.get_ints(d, k, self.car_drv, self.nobj)

    # ---- zombicide: berserker zombies ----

    def berserker_rows(self) -> None:
        """The berserkers' rows of the zombie table: ranged immunity, zones per move, and the
        record column each type counts in (``rules.zombies``)."""
        nt = len(ZTYPES)
        self.z_immune = _ia(nt)
        self.z_steps = _ia(nt)
        self.rec_col = _ia(nt)
        self.nrec = len(RECORD_TYPES)
        self.steps2 = 0
        for i in range(nt):
            self.z_immune[i] = int(RANGED_IMMUNE[i])
            self.z_steps[i] = ZONES_PER_MOVE[i]
            self.rec_col[i] = RECORD_COLUMN[i]
            if ZONES_PER_MOVE[i] > 1:
                self.steps2 = 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def second_steps(self, nm: cython.int, nn: cython.int) -> cython.void:
        """game._second_step: "Gli Abomination Berserker ... Muovono di due Zone invece che
        una": after every move of the activation, the zombies of a two-zone type that stepped
        in (``moves[4 * i + 3]``) step again toward their target, unless a survivor stands
        where they are; they never split."""
        i: cython.int
        mv = self.moves
        for i in range(nm):
            t: cython.int = mv[4 * i + 2]
            if self.z_steps[t] < 2 or mv[4 * i + 3] <= 0:
                continue
            z: cython.int = mv[4 * i + 1]
            c: cython.int = mv[4 * i + 3]
            if c > self.zombies[z * self.nt + t]:
                c = self.zombies[z * self.nt + t]
            if c <= 0 or self.survivors_in(z):
                continue
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
            dest: cython.int = self.options[0] if no == 1 else self.options[self.rng.randbelow(no)]
            self.move_zombies(z, dest, t, c)

    # ---- zombicide: Prison Outbreak zones (torn fences) ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def torn_moves(self, s: cython.int, k: cython.int) -> cython.int:
        """The moves of survivor ``s`` through fences an abomination tore down."""
        z: cython.int = self.sv_zone[s]
        a: cython.int
        c: cython.int
        for a in range(self.zadj_start[z], self.zadj_start[z + 1]):
            c = self.zadj_c[a]
            if self.torn[c] and self.move_cost(s, c) <= self.sv_left[s]:
                k = self.push_act(k, A_MOVE, self.zadj_v[a], c)
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def tear_fence(self, z: cython.int, dest: cython.int) -> cython.bint:
        """"L'Abomination è abbastanza forte da attraversare la Recinzione di Filo Spinato,
        distruggendola": the fence from ``z`` to ``dest`` is torn down (True), if there is one."""
        a: cython.int
        c: cython.int
        for a in range(self.zadj_start[z], self.zadj_start[z + 1]):
            c = self.zadj_c[a]
            if self.zadj_v[a] == dest and self.c_fence[c]:
                if self.logging:
                    self.ev(L_FENCE, z, dest, c, 0)
                if not self.torn[c]:
                    self.torn[c] = 1
                    self.ntorn += 1
                return True
        return False

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
            if self.logging:
                self.ev(L_TRIGGER, ti, 0, 0, 0)
            for k in range(self.tr_estart[ti], self.tr_estart[ti + 1]):
                self.apply_effect(k, actor)

    @cython.cfunc
    @cython.exceptval(check=False)
    def reveal_keys(self) -> cython.void:
        o: cython.int
        for o in range(self.nobj):
            if self.obj_kind[o] == O_KEY and self.taken[o]:
                self.colours = self.ds_add(self.colours, self.obj_colour[o])

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
        if self.logging:
            self.ev(L_TAKE, si, o, 0, 0)
        kind: cython.int = self.obj_kind[o]
        if kind == O_KEY:
            self.reveal_keys()
        elif kind == O_ITEM:
            self.keep(si, self.obj_item[o] if self.m_one_start[o] == self.m_one_start[o + 1] else self.morts_drawn(si, o))
            self.take_also(si, o)
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
        if self.logging:
            self.ev(L_PRESS, si, o, 0, 0)
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
    def victim_of(self, zone: cython.int, exclude: cython.int, car: cython.int) -> cython.int:
        """The survivor of ``zone`` with the most health left (the lowest index first), but
        survivor ``exclude`` and those sitting in car ``car`` (-1: none)."""
        best: cython.int = -1
        bh: cython.int = 0
        i: cython.int
        h: cython.int
        for i in range(self.ns):
            if i == exclude or self.sv_zone[i] != zone or not self.on_board(i) or (car >= 0 and self.sv_car[i] == car):
                continue
            h = self.sv_health[i] - self.sv_wounds[i]
            if best < 0 or h > bh:
                best = i
                bh = h
        return best

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_fight(self, armed: cython.bint, t: cython.int) -> cython.int:
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
        zombie: cython.int = self.lnoe_zombie_die(t)
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
        roll: cython.int = self.d6(6)
        mine: cython.int = roll + (self.it_damage[weapon] if weapon >= 0 else 0) - self.dark[z]
        theirs: cython.int = self.d6(6) + (n - 1 if n - 1 < 2 else 2)
        won: cython.bint = False
        if mine > theirs:
            if weapon >= 0:
                self.kill(si, z, self.first_type(z))
                won = True
        else:
            self.wound(si, 1)
        if roll == 1:
            self.house_break(si, weapon)
        return won

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
            r = self.lnoe_fight(self.it_dice[it] > 0 and self.it_max_range[it] == 0, t)
            if r > 0:
                self.lnoe_hit(si, z, t, it)
            elif r < 0:
                self.lnoe_wounded(si, t)
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
    def hit_zombies(self, si: cython.int, zone: cython.int, dmg: cython.int, immune: cython.bint) -> cython.void:
        """One hit of ``dmg`` on the zombies of ``zone``, by ranged rank: the first group with a
        zombie present takes it; in a group that absorbs it (a fatty or an abomination shielding
        walkers) the first type it kills dies, else the hit is lost. With ``immune`` a berserker
        shrugs it off ("il Walker Berserker è immune"): a ranged attack; a car's attack kills them."""
        base: cython.int = zone * self.nt
        g: cython.int
        k: cython.int
        t: cython.int
        present: cython.int
        for g in range(self.nrg):
            present = -1
            for k in range(self.rg_start[g], self.rg_start[g + 1]):
                if self.zombies[base + self.rg_types[k]]:
                    present = self.rg_types[k]
                    break
            if present < 0:
                continue
            if self.rg_absorbs[g]:
                for k in range(self.rg_start[g], self.rg_start[g + 1]):
                    t = self.rg_types[k]
                    if self.zombies[base + t] and dmg >= self.tough[t] and not (immune and self.z_immune[t]):
                        self.kill(si, zone, t)
                        break
            elif not (immune and self.z_immune[present]):
                self.kill(si, zone, present)
            break

    @cython.cfunc
    @cython.exceptval(check=False)
    def ranged(self, si: cython.int, it: cython.int, zone: cython.int) -> cython.void:
        t: cython.int
        r: cython.int
        i: cython.int
        n: cython.int
        if self.profile == P_LNOE:
            n = self.dice_for(si, it)
            for i in range(n):
                t = self.first_type(zone)
                if t >= 0 and self.d6(6) >= 4:
                    self.lnoe_hit(si, zone, t, it)
            return
        if self.profile == P_HOUSE:
            r = self.d6(6)
            if r >= 4:
                t = self.first_type(zone)
                if t >= 0:
                    self.kill(si, zone, t)
            elif r == 1:
                self.sv_left[si] = 0  # jammed: clearing it takes the rest of the turn
                if self.logging:
                    self.ev(L_JAMMED, si, it, 0, 0)
            return
        hits: cython.int = self.hits_of(si, it)
        dmg: cython.int = self.it_damage[it]
        h: cython.int
        for h in range(hits):
            victim: cython.int = self.victim_of(zone, si, -1)
            if victim >= 0:
                self.lg_cause = W_FRIENDLY
                self.wound(victim, dmg)
                self.lg_cause = W_ZOMBIES
                continue
            self.hit_zombies(si, zone, dmg, True)
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
                    h = self.lnoe_attackable(zone) if self.gh else self.first_survivor_in(zone)
                    if h < 0 or not self.zombies[zone * nt + t]:
                        break
                    r = self.lnoe_fight(self.any_melee(h), t)
                    if r > 0:
                        self.lnoe_hit(h, zone, t, -1)
                    elif r < 0:
                        self.lnoe_wounded(h, t)
            return
        for t in range(nt):
            total += acting[row * nt + t]
        if self.profile == P_HOUSE:
            nh: cython.int = self.survivors_in(zone)
            if not nh or not total or self.m_zone[zone] & M_SMOKE:  # morts: "No combat in smoke"
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
            roll: cython.int = self.d6(6)
            mine: cython.int = roll + (self.it_damage[weapon] if weapon >= 0 else 0) - self.dark[zone]
            if theirs >= mine:
                self.wound(v, 1)
            elif weapon >= 0:
                self.kill(v, zone, self.first_type(zone))
            if roll == 1:
                self.house_break(v, weapon)
            return
        for k in range(total):
            h = self.victim_of(zone, -1, -1)
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
        for i in range(self.ntouched):
            z = self.touched[i]
            if self.noise[z]:
                self.nz[k] = z
                self.nl[k] = self.noise[z]
                k += 1
        for i in range(self.ns):
            if not self.on_board(i):
                continue
            z = self.sv_zone[i]
            j = 0
            while j < k and self.nz[j] != z:
                j += 1
            if j == k:
                self.nz[k] = z
                self.nl[k] = 0
                k += 1
            self.nl[j] += 1
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
        if self.inf_ai:
            return self.eden_targets(zone)
        if self.profile != P_ZOMBICIDE:
            return self.hunt(zone)
        if not nn:
            return 0
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
                if self.nz[j] == v:
                    lv = self.nl[j]
                    break
            if lv < 0 or not self.survivors_in(v):
                continue
            if lv > best:
                best = lv
                k = 0
                self.tg[k] = v
                k += 1
            elif lv == best:
                self.tg[k] = v
                k += 1
        if k:
            r = 0
            for i in range(k):
                off = self.zrow(self.doors_open, self.tg[i])
                if self.arena[off + zone] < INF:
                    self.tg[r] = self.tg[i]
                    r += 1
            if r:
                return r
            for i in range(k):
                off = self.zrow(ALL_DOORS, self.tg[i])
                if self.arena[off + zone] < INF:
                    self.tg[r] = self.tg[i]
                    r += 1
            return -(r + 1)
        pas: cython.int
        for pas in range(2):
            mask: cython.ulonglong = self.doors_open if pas == 0 else ALL_DOORS
            best = 0
            k = 0
            for j in range(nn):
                v = self.nz[j]
                lv = self.nl[j]
                off = self.zrow(mask, v)
                if self.arena[off + zone] < INF:
                    if lv > best:
                        best = lv
                        k = 0
                        self.tg[k] = v
                        k += 1
                    elif lv == best:
                        self.tg[k] = v
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
        mask: cython.ulonglong = ALL_DOORS if all_doors else self.doors_open
        for i in range(ntg):
            off: cython.longlong = self.zrow(mask, self.tg[i])
            here: cython.int = self.arena[off + z]
            if here == 0 or here >= INF:
                continue
            for a in range(self.zadj_start[z], self.zadj_start[z + 1]):
                v = self.zadj_v[a]
                if self.arena[off + v] != here - 1:
                    continue
                d = self.c_door[self.zadj_c[a]]
                if not all_doors and d >= 0 and not self.ds_has(self.doors_open, d):
                    continue
                j = 0
                while j < k and self.options[j] != v:
                    j += 1
                if j == k:
                    self.options[k] = v
                    k += 1
            if self.zro_n:  # ---- OWNER: eden: across walls destroyed scenery opened ----
                for a in range(self.zro_start[z], self.zro_start[z + 1]):
                    v = self.zro_v[a]
                    if self.arena[off + v] != here - 1 or not self.ro_open[self.zro_c[a]]:
                        continue
                    j = 0
                    while j < k and self.options[j] != v:
                        j += 1
                    if j == k:
                        self.options[k] = v
                        k += 1  # ---- end OWNER: eden ----
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def move_zombies(self, z: cython.int, dest: cython.int, t: cython.int, count: cython.int) -> cython.int:
        a: cython.int
        c: cython.int
        d: cython.int
        v: cython.int
        nt: cython.int = self.nt
        found: cython.bint = False
        for a in range(self.zadj_start[z], self.zadj_start[z + 1]):
            c = self.zadj_c[a]
            d = self.c_door[c]
            if self.zadj_v[a] == dest and (self.zadj_ok[a] or self.torn[c]) and (d < 0 or self.ds_has(self.doors_open, d)):
                found = True
                break
        if not found and self.zro_n:  # ---- OWNER: eden: across walls destroyed scenery opened ----
            for a in range(self.zro_start[z], self.zro_start[z + 1]):
                if self.zro_v[a] == dest and self.zro_ok[a] and self.ro_open[self.zro_c[a]]:
                    found = True
                    break  # ---- end OWNER: eden ----
        if not found and not (t == ABOMINATION_T and self.tear_fences and self.tear_fence(z, dest)):
            if self.profile == P_HOUSE:  # morts: zombies break the door that stops them
                self.morts_zombies_break(z, dest, count)
            return 0
        room: cython.int = self.max_z[dest] - self.zombies_in(dest)
        if not self.breakthrough[dest]:
            if room < 0:
                room = 0
            if count > room:
                count = room
        if count <= 0:
            return 0
        self.touch(dest)
        self.zombies[z * nt + t] -= count
        self.zombies[dest * nt + t] += count
        self.ztot[z] -= count
        self.ztot[dest] += count
        if t == GRAVE_T and self.gh_ability == 2:
            self.lnoe_marker_moves(z, dest, count)
        self.zone_visits[dest] += count
        if self.logging:
            self.ev(L_ZMOVE, z, dest, t, count)
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
            self.ztot[dest] -= over
            self.ztot[push] += over
            if self.logging:
                self.ev(L_PUSHED, dest, push, over, 0)
        return count

    @cython.cfunc
    @cython.exceptval(check=False)
    def add_move(self, nm: cython.int, z: cython.int, dest: cython.int, t: cython.int,
                 c: cython.int) -> cython.int:
        if 4 * nm + 4 > len(self.moves):
            bigger = _ia(8 * (nm + 1))
            bigger[:4 * nm] = array("i", self.moves[:4 * nm])
            self.moves = bigger
        self.moves[4 * nm] = z
        self.moves[4 * nm + 1] = dest
        self.moves[4 * nm + 2] = t
        self.moves[4 * nm + 3] = c
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
                break  # speed: one acting type is enough
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
        # ---- OWNER: speed: only the zones with acting zombies get a row (an empty row acts not) ----
        nrow: cython.int = 0
        for k in range(na):
            z = self.touched[k]
            if not self.ztot[z]:
                continue
            act_zone[nrow] = z
            s0: cython.int = 0
            for t in range(nt):
                c = self.zombies[z * nt + t] if (types >> t) & 1 else 0
                acting[nrow * nt + t] = c
                s0 += c
            if s0:
                nrow += 1
        na = nrow
        # ---- end OWNER: speed ----
        if self.profile == P_HOUSE:  # as many zombies act as there are survivors, nearest first
            self.house_limit(f, na)
        for k in range(na):
            z = act_zone[k]
            s: cython.int = 0
            for t in range(nt):
                s += acting[k * nt + t]
            if s and self.survivors_in(z):
                self.zombie_actions += s
                if self.logging:
                    self.ev(L_ATTACK, z, s, 0, 0)
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
            self.ztot[added[3 * i]] += added[3 * i + 2]
            self.spawned_by_type[added[3 * i + 1]] += added[3 * i + 2]
            if self.logging:
                self.ev(L_SPLIT, added[3 * i], added[3 * i + 1], added[3 * i + 2], 0)
        mv = self.moves
        for i in range(nm):
            moved: cython.int = self.move_zombies(mv[4 * i], mv[4 * i + 1], mv[4 * i + 2], mv[4 * i + 3])
            mv[4 * i + 3] = moved  # what stepped in: the two-zone movers go on from there
        if self.steps2:
            self.second_steps(nm, nn)
        self.eden_charge(nm)
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
        limit: cython.int = self.morts_players()  # morts: a dead player activates a zombie too
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
        if self.gh:
            self.lnoe_after_activation()
        if self.nrising and self.profile == P_HOUSE:  # morts: the risen keep their belongings
            self.morts_rise()
        for i in range(self.nrising):
            self.place(self.rising[i], ZOMBIE_T, 1)
        self.nrising = 0
        if self.gh and self.method == M_DICE:
            self.lnoe_spawn()
            return
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
        elif self.m_per_player or self.m_first_levels:
            self.morts_arrivals(na, t)
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
        if kind == V_SURVIVE:  # a living survivor at the end of turn N (``turn_end``) or after it
            return self.turn > self.st_turns[i] or (self.turn == self.st_turns[i] and self.turn_end)
        if kind == V_CLEAR:
            for k in range(a, b):
                if self.zombies_in(self.st_ids[k]):
                    return False
            return True
        if kind == V_DOORS:
            for k in range(a, b):
                if not self.ds_has(self.doors_ever, self.st_ids[k]):
                    return False
            return True
        if self.st_cond[i]:
            return self.condition_met(i)
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
                if j >= self.progress and not self.step_met(j):
                    return False
            return True
        for j in range(self.nsteps):
            if self.st_kind[j] != V_ESCAPE and not self.step_done[j] and not self.step_met(j):
                return False
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def check_victory(self) -> cython.void:
        if self.outcome:
            return
        if self.gh_nsp_loss and self.lnoe_no_spawn_left():
            self.outcome = 1
            if self.logging:
                self.ev(L_GH_CARD, 0, 2, 0, 0)
            return
        if self.nconds:
            self.check_conditions()
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
        if won and not self.vp_on:  # a points mission is decided by its score at the last turn
            self.outcome = 1

    # ---- zombicide: Prison Outbreak mission conditions ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def log_carrier(self, si: cython.int, lost: cython.int) -> cython.void:
        """Log the items of ``defeat.carrier_dies`` a dead survivor held (those still in the
        inventory and ``lost``, the card the fatal wound discarded), one event per item."""
        i: cython.int
        if lost >= 0 and self.carrier_it[lost]:
            self.ev(L_CARRIER, si, lost, 0, 0)
        for i in range(self.sv_nitems[si]):
            if self.carrier_it[self.sv_items[si * MAXI + i]]:
                self.ev(L_CARRIER, si, self.sv_items[si * MAXI + i], 0, 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def carrying(self, s: cython.int) -> cython.bint:
        """Whether survivor ``s`` holds an item whose carrier's death loses (defeat.carrier_dies)."""
        i: cython.int
        for i in range(self.sv_nitems[s]):
            if self.carrier_it[self.sv_items[s * MAXI + i]]:
                return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def zombie_reach(self, a: cython.int, b: cython.int, doors: cython.ulonglong) -> cython.int:
        """Mark (``mz_seen``, listed in ``mz_list``) the zones whose zombies have a path into the
        zones ``st_ids[a:b]`` through zombie-crossable connections and the doors open in
        ``doors`` (rules.missions.zombie_reach); return how many."""
        seen = self.mz_seen
        lst = self.mz_list
        k: cython.int
        z: cython.int
        u: cython.int
        d: cython.int
        for k in range(self.mz_nseen):
            seen[lst[k]] = 0
        m: cython.int = 0
        for k in range(a, b):
            z = self.st_ids[k]
            if not seen[z]:
                seen[z] = 1
                lst[m] = z
                m += 1
        head: cython.int = 0
        while head < m:
            z = lst[head]
            head += 1
            for k in range(self.mzb_start[z], self.mzb_start[z + 1]):
                u = self.mzb_u[k]
                d = self.mzb_d[k]
                if not seen[u] and (d < 0 or self.ds_has(doors, d)):
                    seen[u] = 1
                    lst[m] = u
                    m += 1
        self.mz_nseen = m
        return m

    @cython.cfunc
    @cython.exceptval(check=False)
    def condition_met(self, i: cython.int) -> cython.bint:
        """Whether the condition step ``i`` holds now (game.STEP_MET's rules of the kind)."""
        kind: cython.int = self.st_kind[i]
        a: cython.int = self.st_start[i]
        b: cython.int = self.st_start[i + 1]
        k: cython.int
        j: cython.int
        q: cython.int
        s: cython.int
        z: cython.int
        if kind == V_NO_ZOMBIES:
            for k in range(self.ntouched):
                if self.zombies_in(self.touched[k]):
                    return False
            return True
        if kind == V_DOORS_CLOSED:
            for k in range(a, b):
                if self.ds_has(self.doors_open, self.st_ids[k]):
                    return False
            return True
        if kind == V_NO_PATH:
            m: cython.int = self.zombie_reach(a, b, self.doors_open)
            for k in range(m):
                if self.zombies_in(self.mz_list[k]):
                    return False
            return True
        alive: cython.int = 0
        inside: cython.int = 0
        held: cython.int = 0
        for s in range(self.ns):
            if not self.on_board(s):
                continue
            alive += 1
            for k in range(a, b):
                if self.st_ids[k] == self.sv_zone[s]:
                    inside += 1
                    if kind == V_CARRY:
                        for j in range(self.sv_nitems[s]):
                            z = self.sv_items[s * MAXI + j]
                            for q in range(self.sti_start[i], self.sti_start[i + 1]):
                                if self.sti_ids[q] == z:
                                    held += 1
                                    break
                    break
        if kind == V_CARRY:
            return held >= self.st_count[i]
        return inside > 0 and (not self.st_who_all[i] or inside == alive)

    @cython.cfunc
    @cython.exceptval(check=False)
    def check_conditions(self) -> cython.void:
        """check_victory when some steps are conditions: a condition holds at the moment and is
        never kept; the mission is won when every other step is done and every condition holds
        at the same moment (in order: a condition and every step after it)."""
        i: cython.int
        j: cython.int
        now: cython.int = 0
        won: cython.bint
        if self.ordered:
            while self.progress < self.nsteps and self.step_met(self.progress):
                if self.st_cond[self.progress]:
                    won = True
                    for j in range(self.progress + 1, self.nsteps):
                        if not self.step_met(j):
                            won = False
                            break
                    if won:
                        self.progress = self.nsteps
                    break
                self.progress += 1
            won = self.progress == self.nsteps
        else:
            for i in range(self.nsteps):
                if (self.st_cond[i] or not self.step_done[i]) and self.step_met(i):
                    if self.st_cond[i]:
                        now += 1
                    else:
                        self.step_done[i] = 1
                        self.progress += 1
            won = self.progress + now == self.nsteps
        if won and not self.vp_on:
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
    @cython.inline
    def push_act(self, k: cython.int, kind: cython.int, a: cython.int, b: cython.int) -> cython.int:
        self.act_kind[k] = kind
        self.act_a[k] = a
        self.act_b[k] = b
        return k + 1

    # ---- truth: a goal step of several zones, the plan naming one ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def named_goal_zone(self, si: cython.int, p: cython.int, nz: cython.int) -> cython.int:
        """``casual.named_goal_zone``: of the ``nz`` zones of plan step ``p``'s goal (in ``gz``),
        the one the step names, while a way leads the survivor to it; else all of them."""
        k: cython.int
        z: cython.int = self.pl_zone[p]
        if nz < 2 or z < 0:
            return nz
        for k in range(nz):
            if self.gz[k] == z:
                mask: cython.ulonglong = self.morts_reach(self.ds_or(self.doors_open, self.hand_doors))  # morts: drawn key
                if self.arena[self.srow(z, mask) + self.sv_zone[si]] >= INF:
                    return nz
                self.gz[0] = z
                return 1
        return nz

    # ---- end truth: a goal step of several zones, the plan naming one ----

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
            if d >= 0 and not self.ds_has(self.doors_open, d):
                if not self.can_unlock(s, d):
                    continue
                if self.m_held and self.morts_held_against(s, d):  # morts: break a door another survivor closed
                    k = self.push_act(k, A_BREAK, d, 0)
                    continue
                if not tool_checked:
                    tool = self.door_tool(s)
                    tool_checked = True
                if tool != -1:
                    k = self.push_act(k, A_OPEN, d, 0)
                continue
            if self.nburning and self.eden_fire_blocks(c, v):  # eden: nobody enters or crosses burning scenery
                continue
            if self.eden_move_need(s, c, v) <= left and (self.max_s[v] >= INF or self.survivors_in(v) < self.max_s[v]):
                k = self.push_act(k, A_MOVE, v, c)
            if d >= 0 and self.m_closable[d] and not (self.m_broken >> d) & 1:  # morts: close a door
                k = self.push_act(k, A_CLOSE, d, 0)
        if self.ntorn:  # fences an abomination tore down are crossed like openings
            k = self.torn_moves(s, k)
        if self.nreopened:  # walls destroyed scenery no longer shuts
            k = self.eden_reopened_moves(s, k)
        if self.moves_only(z):  # "L'unica Azione consentita ... è Muovere" (security zones)
            return k
        if self.can_search(s) or (self.ncars and self.car_here(s) >= 0):
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
                if here and not self.m_zone[z] & M_SMOKE:  # morts: "No combat in smoke"
                    k = self.push_act(k, A_MELEE, it, 0)
            else:
                if off < 0:
                    off = self.vrow(z)
                cnt: cython.int = self.arena[off]
                for q in range(cnt):
                    v = self.arena[off + 1 + 2 * q]
                    if not self.zombies_in(v):  # speed: most zones in sight are empty (the tests below are pure)
                        continue
                    dist: cython.int = self.arena[off + 2 + 2 * q]
                    if self.it_min_range[it] <= dist <= self.it_max_range[it] + self.tower_bonus[z] + self.eden_reach(z) \
                            and self.morts_can_shoot(z, v, dist):
                        k = self.push_act(k, A_RANGED, it, v)
        for o in range(self.nobj):
            if self.obj_zone[o] != z or self.obj_kind[o] == O_CAR:  # a car is searched, never taken
                continue
            if self.obj_kind[o] == O_SWITCH:
                if self.obj_repeatable[o] or not self.pressed[o]:
                    k = self.push_act(k, A_PRESS, o, 0)
            elif not self.taken[o] and not self.m_zone[z] & M_NO_COLLECT:  # morts: no collecting
                k = self.push_act(k, A_TAKE, o, 0)
        if self.profile == P_HOUSE and not self.m_zone[z] & M_NO_COLLECT:  # morts: looting
            k = self.morts_loot_acts(z, k)
        if self.ndrive:  # zombicide: getting into, out of and driving cars
            k = self.car_actions(s, k)
        k = self.push_act(k, A_NOISE, 0, 0)
        if self.sc_on:  # destruction(x): attack the scenery at hand
            k = self.eden_smash_acts(s, k)
        if self.fl_on and self.sv_burn[s]:  # eden: remove one of its burn markers
            k = self.push_act(k, A_DOUSE, 0, 0)
        return self.trade_actions(s, k) if self.policy == P_CASUAL or self.cb_trades else k

    @cython.cfunc
    @cython.exceptval(check=False)
    def after_move(self, si: cython.int) -> cython.void:
        if self.gh:
            self.lnoe_after_move(si)
        if self.profile != P_HOUSE:
            return
        z: cython.int = self.sv_zone[si]
        if self.house_via >= 0 and self.c_fall[self.house_via]:
            self.house_fall(si, self.house_via)
            if not self.on_board(si):
                return
        if self.m_fresh and self.m_collapse[z] >= 0 and self.morts_collapse(si):  # morts: a floor collapses
            if not self.on_board(si):
                return
            z = self.sv_zone[si]
        if self.fire[z]:
            self.house_burn(si)
        if self.zombies_in(z) and self.on_board(si) and not self.m_zone[z] & M_SMOKE:  # morts: smoke
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
            if self.logging:
                self.ev(L_MOVE, si, a, b, 0)
            self.sv_left[si] -= self.eden_move_cost(si, b, a)
            self.sv_came[si] = self.sv_zone[si]
            self.sv_zone[si] = a
            self.sv_moved[si] = 1
            self.m_fresh = not self.entered[a]  # morts: a collapse falls under the first survivor
            self.enter_zone(si, a)
            self.eden_after_move(si, b, a)
            if self.nburning and self.terrain:  # eden: a move ended with burning scenery at hand
                self.eden_catch_fire(si)
            self.house_via = b
            self.after_move(si)
            self.house_via = -1
            self.m_fresh = 0
            return
        if kind == A_SEARCH and self.profile == P_LNOE:
            self.sv_left[si] = 0
        else:
            self.sv_left[si] -= 1
        if kind == A_OPEN:
            if self.logging:
                self.ev(L_OPEN, si, a, 0, 0)
            tool: cython.int = self.door_tool(si)
            if tool >= 0 and self.it_noisy_door[tool]:
                z = self.sv_zone[si]
                self.touch(z)
                self.noise[z] += 1
            self.open_door(a, si)
        elif kind == A_CLOSE:  # morts: doors closed by a survivor
            self.morts_close(si, a)
        elif kind == A_BREAK:
            self.morts_break(si, a)
        elif kind == A_LOOT:  # morts: looting
            self.morts_loot(si, a)
        elif kind == A_SEARCH and self.ncars and self.car_here(si) >= 0:
            self.search_car(si, self.car_here(si))
        elif kind == A_SEARCH:
            self.sv_searched[si] = 1
            draws: cython.int = 1
            for i in range(self.sv_nitems[si]):
                if self.it_search_bonus[self.sv_items[si * MAXI + i]]:
                    draws = 2
                    break
            for k in range(draws):
                card: cython.int = self.lnoe_search_card(si) if self.gh else self.draw_equipment()
                if card < 0:
                    break
                if self.logging:
                    self.ev(L_SEARCH, si, -1 if self.it_aaah[card] else card, 0, 0)
                if self.it_aaah[card]:
                    self.ediscard[self.nediscard] = card
                    self.nediscard += 1
                    if self.place(self.sv_zone[si], WALKER_T, 1):
                        self.out_of_miniatures(WALKER_T)
                    break
                self.keep(si, card)
        elif kind == A_MELEE:
            if self.logging:
                self.ev(L_MELEE, si, a, 0, 0)
            self.melee(si, a)
        elif kind == A_RANGED:
            if self.logging:
                self.ev(L_RANGED, si, a, b, 0)
            self.ranged(si, a, b)
        elif kind == A_TAKE:
            self.take(si, a)
        elif kind == A_PRESS:
            self.press(si, a)
        elif kind == A_NOISE:
            z = self.sv_zone[si]
            self.touch(z)
            self.noise[z] += 1
            if self.logging:
                self.ev(L_NOISE, si, 0, 0, 0)
        elif kind == A_GIVE:
            self.give(si, a, b)
        elif kind == A_ENTER or kind == A_LEAVE or kind == A_DRIVE or kind == A_SEAT:  # zombicide: driving cars
            self.car_action(si, kind, a, b)
        elif kind == A_SMASH:
            self.eden_smash(si, a)
        elif kind == A_DOUSE:
            self.eden_douse(si)

    # ---- eden: terrain (docs/terrain.md; the reference is engine/terrain.py and rules/terrain.py) ----

    def _eden_terrain(self, t) -> None:
        self.terrain = t.terrain
        self.entry_hostile = t.entry_hostile
        self.swim_cost = t.swim_cost
        self.tz_obst = t.tz_obst
        self.tz_hostile = t.tz_hostile
        self.tz_swim = t.tz_swim
        self.tz_cross = t.tz_cross
        self.tz_elev = t.tz_elev
        self.tc_obst = t.tc_obst
        self.tc_hostile = t.tc_hostile
        self.tc_swim = t.tc_swim
        self._eden_destruction(t)
        self._eden_fire(t)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_move_cost(self, s: cython.int, c: cython.int, v: cython.int) -> cython.int:
        """The profile's move cost with the move's own part (the connection's cost) counted x
        times into or across an obstruction(x), at least two actions for a swim
        (``rules.terrain.move_cost``)."""
        base: cython.int = self.move_cost(s, c)
        if not self.terrain:
            return base
        unit: cython.int = self.c_cost[c]
        own: cython.int = unit * self.tz_obst[v] * self.tc_obst[c]
        if (self.tz_swim[v] or self.tc_swim[c]) and own < self.swim_cost:
            own = self.swim_cost
        return base + own - unit

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_move_need(self, s: cython.int, c: cython.int, v: cython.int) -> cython.int:
        """Actions a move needs to be legal: its cost, and one more into a crossable zone (the
        actions to move on again)."""
        need: cython.int = self.eden_move_cost(s, c, v)
        if self.terrain and self.tz_cross[v]:
            need += 1
        return need

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_reach(self, z: cython.int) -> cython.int:
        """Extra range of ranged weapons fired from zone ``z`` (1 on a raised position)."""
        if self.terrain and self.tz_elev[z]:
            return 1
        return 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_after_move(self, si: cython.int, c: cython.int, v: cython.int) -> cython.void:
        """A survivor moved across ``c`` into ``v``: it swims (a d6 until it shows x or more, a
        wound per miss), then takes the wounds of a hostile presence."""
        if not self.terrain:
            return
        difficulty: cython.int = self.tz_swim[v] if self.tz_swim[v] > self.tc_swim[c] else self.tc_swim[c]
        wounds: cython.int = 0
        if difficulty:
            self.lg_cause = W_SWIM
            while self.on_board(si) and self.d6(6) < difficulty:
                wounds += 1
                self.wound(si, 1)
            self.lg_cause = W_ZOMBIES
            if self.logging:
                self.ev(L_SWIM, si, v, wounds, 0)
        if self.entry_hostile and self.on_board(si):
            hurt: cython.int = self.tz_hostile[v] + self.tc_hostile[c]
            if hurt:
                self.eden_hostile(si, v, hurt)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_start_activation(self, si: cython.int) -> cython.void:
        """A survivor begins its activation in a hostile zone: it takes the zone's wounds."""
        if self.terrain and self.tz_hostile[self.sv_zone[si]]:
            self.eden_hostile(si, self.sv_zone[si], self.tz_hostile[self.sv_zone[si]])

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_hostile(self, si: cython.int, z: cython.int, hurt: cython.int) -> cython.void:
        """The wounds of a hostile presence in zone ``z`` (logged as such)."""
        if self.logging:
            self.ev(L_HOSTILE, si, z, hurt, 0)
        self.lg_cause = W_HOSTILE
        self.wound(si, hurt)
        self.lg_cause = W_ZOMBIES

    # ---- end eden: terrain ----

    # ---- eden: destruction(x) (the reference is engine/terrain.py's smash and
    # rules/terrain.py's TerrainTables.devastated) ----
    # ``sc_dmg`` holds the attacks each piece took (a piece at its ``sc_x`` is destroyed),
    # ``ro_open`` the connections destroyed scenery no longer shuts; the terrain arrays ``tz_*`` /
    # ``tc_*`` are this game's copies of the scenario's (``*0``) with the destroyed pieces
    # devastated. The snapshot keeps ``sc_dmg`` and rebuilds the rest from it.

    def _eden_destruction(self, t) -> None:
        self.sc_on = t.sc_on
        self.npieces = t.npieces
        self.sc_x = t.sc_x
        self.sc_obst = t.sc_obst
        self.sc_at_start = t.sc_at_start
        self.sc_at = t.sc_at
        self.sc_shut_start = t.sc_shut_start
        self.sc_shut = t.sc_shut
        self.ro_start = t.ro_start
        self.ro_v = t.ro_v
        self.ro_c = t.ro_c
        self.sc_dmg = _ia(self.npieces + 1)
        self.ro_open = _ia(self.nc + 1)
        self.nreopened = 0
        # ---- OWNER: eden: destroyed scenery is removed for every figure ----
        self.zro_start, self.zro_v, self.zro_c, self.zro_ok = t.zro_start, t.zro_v, t.zro_c, t.zro_ok
        self.zrb_start, self.zrb_u, self.zrb_c, self.zro_conn = t.zrb_start, t.zrb_u, t.zrb_c, t.zro_conn
        self.zro_n = 0
        self.zro_gen = 0
        self.zro_bits = 0
        self.ezcache = {}
        self.ezrows = Rows(self.n)
        self.ezrows_mask = ALL_DOORS
        self.ezrows_gen = -1
        self.sc_gone = 0
        # ---- end OWNER: eden ----
        self.tz_obst0, self.tz_hostile0, self.tz_swim0 = t.tz_obst, t.tz_hostile, t.tz_swim
        self.tz_cross0, self.tz_elev0 = t.tz_cross, t.tz_elev
        self.tc_obst0, self.tc_hostile0, self.tc_swim0 = t.tc_obst, t.tc_hostile, t.tc_swim
        if self.sc_on:  # this game's own copies, devastated as pieces fall
            self.tz_obst, self.tz_hostile, self.tz_swim = array("i", t.tz_obst), array("i", t.tz_hostile), \
                array("i", t.tz_swim)
            self.tz_cross, self.tz_elev = array("i", t.tz_cross), array("i", t.tz_elev)
            self.tc_obst, self.tc_hostile, self.tc_swim = array("i", t.tc_obst), array("i", t.tc_hostile), \
                array("i", t.tc_swim)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_scenery(self) -> cython.void:
        """Rebuild the terrain arrays and the reopened connections from ``sc_dmg`` (a new game,
        a snapshot restored)."""
        if not self.sc_on:
            return
        i: cython.int
        n: cython.int = self.n
        for i in range(n):
            self.tz_obst[i] = self.tz_obst0[i]
            self.tz_hostile[i] = self.tz_hostile0[i]
            self.tz_swim[i] = self.tz_swim0[i]
            self.tz_cross[i] = self.tz_cross0[i]
            self.tz_elev[i] = self.tz_elev0[i]
        for i in range(self.nc):
            self.tc_obst[i] = self.tc_obst0[i]
            self.tc_hostile[i] = self.tc_hostile0[i]
            self.tc_swim[i] = self.tc_swim0[i]
            self.ro_open[i] = 0
        self.nreopened = 0
        if self.zro_n or self.zro_bits:  # ---- OWNER: eden: the zombies' map as built again ----
            self.zro_n = 0
            self.zro_bits = 0
            self.zro_gen += 1
        self.sc_gone = 0  # ---- end OWNER: eden ----
        for i in range(self.npieces):
            if self.sc_x[i] and self.sc_dmg[i] >= self.sc_x[i]:
                self.eden_devastate(i)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_devastate(self, p: cython.int) -> cython.void:
        """Piece ``p`` is a devastated zone now (obstruction(2), no other keyword); the connections
        it was the last to shut open."""
        n: cython.int = self.n
        c: cython.int
        j: cython.int
        if p < n:
            self.tz_obst[p] = self.sc_obst
            self.tz_hostile[p] = 0
            self.tz_swim[p] = 0
            self.tz_cross[p] = 0
            self.tz_elev[p] = 0
        else:
            self.tc_obst[p - n] = self.sc_obst
            self.tc_hostile[p - n] = 0
            self.tc_swim[p - n] = 0
        self.sc_gone = self.sc_gone | (1 << p)  # OWNER: eden: the key of casual's weighted rows
        for c in range(self.nc):
            if self.ro_open[c] or self.sc_shut_start[c] == self.sc_shut_start[c + 1]:
                continue
            standing: cython.bint = False
            for j in range(self.sc_shut_start[c], self.sc_shut_start[c + 1]):
                if self.sc_dmg[self.sc_shut[j]] < self.sc_x[self.sc_shut[j]] or not self.sc_x[self.sc_shut[j]]:
                    standing = True
                    break
            if not standing:
                self.ro_open[c] = 1
                self.nreopened += 1
                if self.zro_conn[c]:  # ---- OWNER: eden: the zombies' rows of this scenery ----
                    self.zro_n += 1
                    self.zro_bits = self.zro_bits | (1 << c)
                    self.zro_gen += 1  # ---- end OWNER: eden ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_smash_acts(self, s: cython.int, k: cython.int) -> cython.int:
        """``terrain.smash_actions``: an attack on each destructible piece at hand not yet destroyed."""
        j: cython.int
        p: cython.int
        z: cython.int = self.sv_zone[s]
        for j in range(self.sc_at_start[z], self.sc_at_start[z + 1]):
            p = self.sc_at[j]
            if self.sc_dmg[p] < self.sc_x[p]:
                k = self.push_act(k, A_SMASH, p, 0)
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_smash(self, si: cython.int, p: cython.int) -> cython.void:
        """``terrain.smash``: the attack always hits; at x attacks the piece is destroyed."""
        self.sc_dmg[p] += 1
        if self.logging:
            self.ev(L_SMASH, si, p, self.sc_dmg[p], self.sc_x[p])
        if self.sc_dmg[p] == self.sc_x[p]:
            self.eden_devastate(p)
            if self.fl_on and self.fl_burn[p]:  # a devastated zone has no keyword: its fire is out
                self.fl_burn[p] = 0
                self.nburning -= 1
            if self.logging:
                self.ev(L_DESTROYED, p, 0, 0, 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_reopened_moves(self, s: cython.int, k: cython.int) -> cython.int:
        """``terrain.reopened_moves``: moves across connections destroyed scenery has opened."""
        j: cython.int
        v: cython.int
        c: cython.int
        z: cython.int = self.sv_zone[s]
        for j in range(self.ro_start[z], self.ro_start[z + 1]):
            v = self.ro_v[j]
            c = self.ro_c[j]
            if self.ro_open[c] and not (self.nburning and self.eden_fire_blocks(c, v)) and \
                    self.eden_move_need(s, c, v) <= self.sv_left[s] and (
                    self.max_s[v] >= INF or self.survivors_in(v) < self.max_s[v]):
                k = self.push_act(k, A_MOVE, v, c)
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_break_through(self, s: cython.int, na: cython.int, nz: cython.int, mask: cython.ulonglong) -> cython.int:
        """``terrain.break_through``: the attack on the wall out of here that leads on to the
        nearest goal zone (or the move across it once open); -1 when none."""
        if not self.sc_on:
            return -1
        z: cython.int = self.sv_zone[s]
        j: cython.int
        i: cython.int
        d: cython.int
        off: cython.longlong
        best_j: cython.int = -1
        best_d: cython.int = INF
        q: cython.int
        w: cython.int
        for j in range(self.ro_start[z], self.ro_start[z + 1]):
            d = INF
            for i in range(nz):
                off = self.srow(self.gz[i], mask)
                if self.arena[off + self.ro_v[j]] < d:
                    d = self.arena[off + self.ro_v[j]]
            if d >= INF:  # an impassable piece of its own (a pylon): the way out of it on the far side
                for q in range(self.ro_start[self.ro_v[j]], self.ro_start[self.ro_v[j] + 1]):
                    w = self.ro_v[q]
                    for i in range(nz):
                        off = self.srow(self.gz[i], mask)
                        if self.arena[off + w] + 1 < d:
                            d = self.arena[off + w] + 1
            if d < best_d:
                best_j = j
                best_d = d
        if best_j < 0:
            return -1
        v: cython.int = self.ro_v[best_j]
        c: cython.int = self.ro_c[best_j]
        if self.ro_open[c]:
            for i in range(na):
                if self.act_kind[i] == A_MOVE and self.act_a[i] == v and self.act_b[i] == c:
                    return i
            return -1
        p: cython.int
        for j in range(self.sc_shut_start[c], self.sc_shut_start[c + 1]):
            p = self.sc_shut[j]
            if self.sc_dmg[p] < self.sc_x[p]:
                for i in range(na):
                    if self.act_kind[i] == A_SMASH and self.act_a[i] == p:
                        return i
                return -1
        return -1

    # ---- end eden: destruction(x) ----

    # ---- OWNER: eden: burning scenery and survivors (the reference is engine/terrain.py's
    # set_fire, catch_fire, fire_blocks, douse and fire_upkeep) ----
    # ``fl_burn`` holds each piece's burn markers (``nburning`` pieces burn), ``sv_burn`` each
    # survivor's; a marker on a piece is an attack for its destruction(x) (``sc_dmg``).

    def _eden_fire(self, t) -> None:
        self.fl_on = t.fl_on
        self.fl_piece = t.fl_piece
        self.fl_at_start = t.fl_at_start
        self.fl_at = t.fl_at
        self.fl_burn = _ia(self.npieces + 1)
        self.nburning = 0
        self.sv_burn = _ia(12)
        self.burn_dice = t.burn_dice
        self.burn_on = t.burn_on

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_burn_attack(self, p: cython.int) -> cython.void:
        """A burn marker counts as an attack for the piece's destruction(x); at x it is destroyed."""
        if not self.sc_on or not self.sc_x[p] or self.sc_dmg[p] >= self.sc_x[p]:
            return
        self.sc_dmg[p] += 1
        if self.sc_dmg[p] == self.sc_x[p]:
            self.eden_devastate(p)
            self.fl_burn[p] = 0
            self.nburning -= 1
            if self.logging:
                self.ev(L_DESTROYED, p, 0, 0, 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_set_fire(self, p: cython.int, markers: cython.int) -> cython.void:
        """``terrain.set_fire``: burn markers on a flammable piece not yet destroyed."""
        if not self.fl_on or not self.fl_piece[p] or (self.sc_on and self.sc_x[p] and self.sc_dmg[p] >= self.sc_x[p]):
            return
        i: cython.int
        for i in range(markers):
            if self.sc_on and self.sc_x[p] and self.sc_dmg[p] >= self.sc_x[p]:
                break
            if not self.fl_burn[p]:
                self.nburning += 1
            self.fl_burn[p] += 1
            if self.logging:
                self.ev(L_FIRE, p, self.fl_burn[p], 0, 0)
            self.eden_burn_attack(p)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_fire_at_hand(self, z: cython.int) -> cython.bint:
        """``terrain.burning_at_hand``: burning scenery at hand of a survivor in zone ``z``."""
        j: cython.int
        if not self.nburning:
            return False
        for j in range(self.fl_at_start[z], self.fl_at_start[z + 1]):
            if self.fl_burn[self.fl_at[j]]:
                return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_catch_fire(self, si: cython.int) -> cython.void:
        """``terrain.catch_fire``: one burn marker for a survivor with burning scenery at hand."""
        if self.on_board(si) and self.eden_fire_at_hand(self.sv_zone[si]):
            self.sv_burn[si] += 1
            if self.logging:
                self.ev(L_BURN, si, 1, self.sv_burn[si], 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_fire_blocks(self, c: cython.int, v: cython.int) -> cython.bint:
        """``terrain.fire_blocks``: nobody enters a burning zone or crosses a burning connection."""
        return self.fl_burn[v] != 0 or self.fl_burn[self.n + c] != 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_douse(self, si: cython.int) -> cython.void:
        """``terrain.douse``: one action removes one of the survivor's burn markers."""
        self.sv_burn[si] -= 1
        if self.logging:
            self.ev(L_BURN, si, -1, self.sv_burn[si], 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_fire_upkeep(self) -> cython.void:
        """``terrain.fire_upkeep``: each burning survivor, in turn order, rolls its burn dice (a
        wound per die at ``burn_on`` or more) and loses a marker; then each burning piece gains
        a marker, an attack for its destruction(x)."""
        i: cython.int
        j: cython.int
        si: cython.int
        wounds: cython.int
        ns: cython.int = self.ns
        for i in range(ns):
            si = (self.first_player + i) % ns
            if not self.on_board(si) or not self.sv_burn[si]:
                continue
            wounds = 0
            for j in range(self.burn_dice):
                if self.d6(6) >= self.burn_on:
                    wounds += 1
            self.sv_burn[si] -= 1
            if self.logging:
                self.ev(L_BURNING, si, self.burn_dice, wounds, self.sv_burn[si])
            if wounds:
                self.lg_cause = W_BURN
                self.wound(si, wounds)
                self.lg_cause = W_ZOMBIES
        if not self.nburning:
            return
        for i in range(self.npieces):
            if self.fl_burn[i]:
                self.fl_burn[i] += 1
                if self.logging:
                    self.ev(L_FIRE, i, self.fl_burn[i], 0, 0)
                self.eden_burn_attack(i)

    # ---- end OWNER: eden ----

    # ---- eden: victory points and infestation (the reference is engine/points.py,
    # engine/infestation.py and profiles.EdenMonsters) ----

    def _eden_rules(self, t) -> None:
        self.vp_on = t.vp_on
        self.vp_turns = t.vp_turns
        self.vp_target = t.vp_target
        self.vp_taken = t.vp_taken
        self.vp_held = t.vp_held
        self.vp_kills = t.vp_kills
        self.vp_counted = _ia(len(t.vp_taken))
        self.vp_killed = _ia(t.nt)
        self.vp_points = 0
        self.vp_scores = IntBuf()
        self.res_rows = IntBuf()
        self.inf_ai = t.inf_ai
        self.inf_range = t.inf_range
        self.ninf = t.ninf
        self.inf_placed = t.inf_placed
        self.inf_row = _ia(t.nt)
        self.nres = t.nres
        self.fx_res = t.fx_res
        self.res_stock = _ia(t.nres)
        self.res_start = _ia(t.nres, -1)
        self.res_order = _ia(t.nres)
        self.nres_order = 0
        self.res_short = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_setup(self) -> cython.void:
        """A new game: no points counted yet; the infestation's monsters placed in their zones
        (from the box, which holds them on top of the scenario's pool)."""
        i: cython.int
        self.vp_points = 0
        self.res_short = 0
        self.nres_order = 0
        if self.sc_on:  # eden: destruction(x): all scenery standing
            for i in range(self.npieces):
                self.sc_dmg[i] = 0
            self.eden_scenery()
        if self.fl_on:  # eden: nothing burns yet
            for i in range(self.npieces):
                self.fl_burn[i] = 0
            for i in range(12):
                self.sv_burn[i] = 0
            self.nburning = 0
        for i in range(self.nres):
            self.res_stock[i] = self.res_start[i]
        if self.vp_on:
            for i in range(self.nobj):
                self.vp_counted[i] = 0
            for i in range(self.nt):
                self.vp_killed[i] = 0
        for i in range(self.ninf):
            self.place(self.inf_placed[3 * i], self.inf_placed[3 * i + 1], self.inf_placed[3 * i + 2])

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_score_turn(self) -> cython.int:
        """The points of the turn that ends: objectives taken this turn, objectives held now (a
        survivor there and no zombie), zombies killed this turn (``points.score_turn``)."""
        got: cython.int = 0
        o: cython.int
        i: cython.int
        t: cython.int
        z: cython.int
        for o in range(self.nobj):
            if self.taken[o] and not self.vp_counted[o]:
                got += self.vp_taken[o]
            self.vp_counted[o] = self.taken[o]
        for o in range(self.nobj):
            if self.vp_held[o]:
                z = self.obj_zone[o]
                if self.zombies_in(z) == 0 and self.survivors_in(z):
                    got += self.vp_held[o]
        for t in range(self.nt):
            if self.vp_kills[t]:
                got += self.vp_kills[t] * (self.kills_by_type[t] - self.vp_killed[t])
            self.vp_killed[t] = self.kills_by_type[t]
        self.vp_points += got
        if self.vp_points < 0:  # "Les PV d'un joueur ne peuvent jamais être inférieurs à 0"
            self.vp_points = 0
        return got

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_points_turn(self) -> cython.void:
        """The end of a turn of a points mission (``points.finish_turn``): score it; at the last
        turn, or when the survivors' deaths end the game, the score decides."""
        if not self.vp_on:
            return
        got: cython.int = self.eden_score_turn()
        if got and self.logging:
            self.ev(L_POINTS, got, self.vp_points, 0, 0)
        if self.outcome == 1 or not (self.cause == C_NONE or self.cause == C_ALL_DEAD
                                     or self.cause == C_SURVIVOR_DIED):
            return  # an 'end_game' effect, a runaway or a stalled game stands as it is
        if self.outcome or self.turn >= self.vp_turns:
            if self.vp_points >= self.vp_target:
                self.outcome = 1
                self.cause = C_NONE
            else:
                self.outcome = 2
                if self.cause == C_NONE:
                    self.cause = C_TURN_LIMIT

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_targets(self, zone: cython.int) -> cython.int:
        """Eden's activation (``profiles.EdenMonsters.targets``) into ``tg``: charge the nearest
        survivors in sight within the charge range; else prowl one zone at random; else stay."""
        tg = self.tg
        off: cython.longlong = self.vrow(zone)
        cnt: cython.int = self.arena[off]
        best: cython.int = INF
        k: cython.int = 0
        i: cython.int
        v: cython.int
        dist: cython.int
        for i in range(cnt):
            v = self.arena[off + 1 + 2 * i]
            dist = self.arena[off + 2 + 2 * i]
            if 0 < dist <= self.inf_range and self.survivors_in(v):
                if dist < best:
                    best = dist
                    k = 0
                    tg[k] = v
                    k += 1
                elif dist == best:
                    tg[k] = v
                    k += 1
        if k:
            return k
        d: cython.int
        for i in range(self.zadj_start[zone], self.zadj_start[zone + 1]):
            d = self.c_door[self.zadj_c[i]]
            if self.zadj_ok[i] and (d < 0 or self.ds_has(self.doors_open, d)):
                tg[k] = self.zadj_v[i]
                k += 1
        if self.zro_n:  # ---- OWNER: eden: a prowl across walls destroyed scenery opened ----
            for i in range(self.zro_start[zone], self.zro_start[zone + 1]):
                if self.zro_ok[i] and self.ro_open[self.zro_c[i]]:
                    tg[k] = self.zro_v[i]
                    k += 1  # ---- end OWNER: eden ----
        if not k:
            return 0
        tg[0] = tg[self.rng.randbelow(k)]
        return 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_charge(self, nm: cython.int) -> cython.void:
        """Zombies that charged into a survivor's zone attack at once
        (``EdenMonsters.after_zombie_moves``), zones in the order the moves first reach them."""
        if not self.inf_ai:
            return
        mv = self.moves
        row = self.inf_row
        nt: cython.int = self.nt
        i: cython.int
        j: cython.int
        t: cython.int
        dest: cython.int
        seen: cython.bint
        total: cython.int
        for i in range(nm):
            dest = mv[4 * i + 1]
            seen = False
            for j in range(i):
                if mv[4 * j + 1] == dest:
                    seen = True
                    break
            if seen or not self.survivors_in(dest):
                continue
            for t in range(nt):
                row[t] = 0
            for j in range(i, nm):
                if mv[4 * j + 1] == dest:
                    row[mv[4 * j + 2]] += mv[4 * j + 3]
            total = 0
            for t in range(nt):
                if row[t] > self.zombies[dest * nt + t]:
                    row[t] = self.zombies[dest * nt + t]
                total += row[t]
            if total and self.survivors_in(dest):
                if self.logging:
                    self.ev(L_CHARGE, dest, total, 0, 0)
                self.zombie_attack(dest, row, 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_resource(self, e: cython.int) -> cython.void:
        """Gain or spend a resource; a spend takes what there is and counts the rest as short
        (``resources.resource_effect``). A stock of -1 is a resource the party has not had yet."""
        r: cython.int = self.fx_res[e]
        amount: cython.int = self.e_amount[e]
        have: cython.int = self.res_stock[r]
        if have < 0:
            have = 0
            if self.res_start[r] < 0:
                self.res_order[self.nres_order] = r
                self.nres_order += 1
        if self.e_kind[e] == E_GAIN_RESOURCE:
            self.res_stock[r] = have + amount
        else:
            self.res_stock[r] = have - amount if have > amount else 0
            self.res_short += amount - (have - self.res_stock[r])
        if self.logging:
            self.ev(L_RESOURCE, r, self.res_stock[r] - have, self.res_stock[r], 0)

    def set_resources(self, stock) -> None:
        """The stock of each resource (in ``Tables.res_names`` order) the next games start with;
        -1: a resource the party does not have (the campaign's stock, or none)."""
        i: cython.int
        for i in range(self.nres):
            self.res_start[i] = stock[i]

    def resources_out(self):
        """(the stock of each resource at the end of the last game, -1 for a resource it never
        had; the resources first gained or spent in it, in that order; the shortfall)."""
        return ([self.res_stock[i] for i in range(self.nres)], [self.res_order[i] for i in range(self.nres_order)],
                self.res_short)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_record(self) -> cython.void:
        """Keep the last game's score and resources (stock per resource, then the shortfall)."""
        i: cython.int
        self.vp_scores.add(self.vp_points)
        if self.nres:
            for i in range(self.nres):
                self.res_rows.add(self.res_stock[i])
            self.res_rows.add(self.res_short)

    def batch_resources(self):
        """Per game of the last batch: the stock of each resource (-1: never had), then the
        shortfall; empty when the scenario gains and spends none."""
        return list(self.res_rows.array())

    def batch_points(self):
        """The score of each game of the last batch (a points mission; empty otherwise)."""
        return list(self.vp_scores.array()) if self.vp_on else []

    def points(self) -> int:
        """The score of the last game (``Game.result()['points']``)."""
        return self.vp_points

    # The state of a game of this section a snapshot keeps (:meth:`snapshot`): the points
    # counted and what they were counted on, the resources' stock (the campaign's start stock
    # too: set between games) and the shortfall. ``vp_taken``/``vp_held``/``vp_kills``,
    # ``inf_placed`` are the board's tables, ``inf_row`` scratch, ``vp_scores``/``res_rows``
    # the batch's records.

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_snap_size(self) -> cython.int:
        return 3 + (self.nobj + self.nt if self.vp_on else 0) + 2 * self.nres + self.nres_order + (
            self.npieces if self.sc_on else 0) + (self.npieces + 13 if self.fl_on else 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_snap(self, d: cython.longlong[::1], k: cython.int) -> cython.int:
        d[k] = self.vp_points
        d[k + 1] = self.nres_order
        d[k + 2] = self.res_short
        k += 3
        if self.vp_on:
            k = self.put_ints(d, k, self.vp_counted, self.nobj)
            k = self.put_ints(d, k, self.vp_killed, self.nt)
        k = self.put_ints(d, k, self.res_stock, self.nres)
        k = self.put_ints(d, k, self.res_start, self.nres)
        if self.sc_on:
            k = self.put_ints(d, k, self.sc_dmg, self.npieces)
        if self.fl_on:  # eden: flammable scenery
            k = self.put_ints(d, k, self.fl_burn, self.npieces)
            k = self.put_ints(d, k, self.sv_burn, 12)
            d[k] = self.nburning
            k += 1
        return self.put_ints(d, k, self.res_order, self.nres_order)

    @cython.cfunc
    @cython.exceptval(check=False)
    def eden_unsnap(self, d: cython.longlong[::1], k: cython.int) -> cython.int:
        self.vp_points = cython.cast(cython.int, d[k])
        self.nres_order = cython.cast(cython.int, d[k + 1])
        self.res_short = cython.cast(cython.int, d[k + 2])
        k += 3
        if self.vp_on:
            k = self.get_ints(d, k, self.vp_counted, self.nobj)
            k = self.get_ints(d, k, self.vp_killed, self.nt)
        k = self.get_ints(d, k, self.res_stock, self.nres)
        k = self.get_ints(d, k, self.res_start, self.nres)
        if self.sc_on:
            k = self.get_ints(d, k, self.sc_dmg, self.npieces)
            self.eden_scenery()
        if self.fl_on:  # eden: flammable scenery
            k = self.get_ints(d, k, self.fl_burn, self.npieces)
            k = self.get_ints(d, k, self.sv_burn, 12)
            self.nburning = cython.cast(cython.int, d[k])
            k += 1
        return self.get_ints(d, k, self.res_order, self.nres_order)

    # ---- end eden: victory points and infestation ----

    # == the bots ==================================================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    def plan_step_done(self, p: cython.int) -> cython.bint:
        action: cython.int = self.pl_action[p]
        target: cython.int = self.pl_target[p]
        if action == S_OPEN:
            return self.ds_has(self.doors_ever, target) or self.ds_has(self.doors_open, target) or \
                (self.morts_lost() >> target) & 1  # morts: a key drawn the other way
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
        if self.st_kind[i] == V_ESCAPE:
            for k in range(self.nexit):
                self.gz[k] = self.exits[k]
            return self.nexit
        a: cython.int = self.st_start[i]
        for k in range(a, self.st_start[i + 1]):
            self.gz[k - a] = self.st_ids[k]
        return self.st_start[i + 1] - a

    @cython.cfunc
    @cython.exceptval(check=False)
    def goal_zones(self) -> cython.int:
        """Where the survivor should go next (into ``gz``; return how many), what to do there
        (``goal_action``) and on what (``goal_target``)."""
        self.goal_action = G_NONE
        self.goal_target = -1
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
                self.gz[0] = self.obj_zone[self.pl_target[i]]
                self.goal_action = G_TAKE if action == S_TAKE else G_PRESS
                self.goal_target = self.pl_target[i]
                return 1
            if action == S_OPEN:
                self.gz[0] = self.pl_zone[i]
                self.goal_action = G_OPEN
                self.goal_target = self.pl_target[i]
                return 1
            if action == S_ENTER or action == S_CROSS:
                self.gz[0] = self.pl_zone[i]
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
                        self.gz[k] = self.obj_zone[self.st_ids[j]]
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
                            self.gz[k] = z
                            k += 1
                else:
                    for j in range(a, b):
                        if self.zombies_in(self.st_ids[j]):
                            self.gz[k] = self.st_ids[j]
                            k += 1
                self.goal_action = G_HUNT
                return k
            if sk == V_DOORS:
                for j in range(a, b):
                    if not self.ds_has(self.doors_ever, self.st_ids[j]):
                        c: cython.int = self.door_conn[self.st_ids[j]]
                        self.gz[0] = self.c_from[c]
                        self.gz[1] = self.c_to[c]
                        self.goal_action = G_OPEN
                        self.goal_target = self.st_ids[j]
                        return 2
            if self.st_cond[i]:  # the mission conditions (engine/missions.py)
                k = self.condition_goal(i)
                if k >= 0:
                    return k
            if self.ordered:
                break
        return 0

    # ---- zombicide: where the bots go for the mission conditions (engine/missions.py) ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def condition_goal(self, i: cython.int) -> cython.int:
        """missions.condition_goal: the zones (into ``gz``; return how many, -1 for none) for the
        conditions from step ``i`` on, worked on together: a button that closes a door to shut,
        then the zombies to hunt, then the zones to stand in."""
        gz = self.gz
        j: cython.int
        k: cython.int
        z: cython.int
        kind: cython.int
        jdc: cython.int = -1
        jnp: cython.int = -1
        jnz: cython.int = -1
        jcarry: cython.int = -1
        jhold: cython.int = -1
        todo: cython.int = 0
        hi: cython.int = self.nsteps
        every: cython.bint = False
        while True:  # the conditions not met from step i on; when none, step i itself
            for j in range(i, hi):
                if not every and not (self.st_cond[j] and not self.step_met(j)):
                    continue
                todo += 1
                kind = self.st_kind[j]
                if kind == V_DOORS_CLOSED and jdc < 0:
                    jdc = j
                elif kind == V_NO_PATH and jnp < 0:
                    jnp = j
                elif kind == V_NO_ZOMBIES and jnz < 0:
                    jnz = j
                elif kind == V_CARRY and jcarry < 0:
                    jcarry = j
                elif kind == V_HOLD and jhold < 0:
                    jhold = j
            if todo or every:
                break
            every = True
            hi = i + 1
        if jdc >= 0:
            o: cython.int = self.closing_press(jdc, i)
            if o >= 0:
                gz[0] = self.obj_zone[o]
                self.goal_action = G_PRESS
                self.goal_target = o
                return 1
        if jnp >= 0:
            self.zombie_reach(self.st_start[jnp], self.st_start[jnp + 1], self.doors_open)
            k = 0
            for j in range(self.ntouched):
                z = self.touched[j]
                if self.mz_seen[z] and self.zombies_in(z):
                    gz[k] = z
                    k += 1
            if k:
                self.goal_action = G_HUNT
                return k
        if jnz >= 0:
            k = 0
            for j in range(self.ntouched):
                z = self.touched[j]
                if self.zombies_in(z):
                    gz[k] = z
                    k += 1
            if k:
                self.goal_action = G_HUNT
                return k
        if jcarry >= 0 or jhold >= 0:
            self.goal_action = G_REACH
            return self.step_zones(jcarry if jcarry >= 0 else jhold)
        k = 0
        for j in range(i, self.nsteps):
            if self.st_kind[j] == V_CARRY or self.st_kind[j] == V_HOLD:
                for z in range(self.st_start[j], self.st_start[j + 1]):
                    gz[k] = self.st_ids[z]
                    k += 1
        if k:
            self.goal_action = G_REACH
            return k
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def after_press(self, o: cython.int) -> cython.ulonglong:
        """The open doors after switch ``o`` is pressed (its close, toggle and open effects)."""
        out: cython.ulonglong = self.doors_open
        k: cython.int
        if self.wide:
            return self.wide_after_press(o)
        for k in range(self.pe_start[o], self.pe_start[o + 1]):
            if self.pe_op[k] == 0:
                out ^= ONE << self.pe_door[k]
            elif self.pe_op[k] == 1:
                out &= ~(ONE << self.pe_door[k])
            else:
                out |= ONE << self.pe_door[k]
        return out

    @cython.cfunc
    @cython.exceptval(check=False)
    def closes(self, x: cython.int, d: cython.int) -> cython.bint:
        k: cython.int
        for k in range(self.cl_start[d], self.cl_start[d + 1]):
            if self.cl_obj[k] == x:
                return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def closing_press(self, jdc: cython.int, i: cython.int) -> cython.int:
        """missions._closing_press: a switch whose press shuts doors of step ``jdc`` and leaves
        every other switch still needed, and every living survivor, within reach of it and of
        the zones to hold (steps ``i`` on); -1 when no press is safe yet."""
        opts = self.mz_opts
        nopt: cython.int = 0
        a: cython.int = self.st_start[jdc]
        b: cython.int = self.st_start[jdc + 1]
        k: cython.int
        c: cython.int
        d: cython.int
        o: cython.int
        x: cython.int
        y: cython.int
        j: cython.int
        z: cython.int
        s: cython.int
        off: cython.longlong
        for k in range(a, b):
            d = self.st_ids[k]
            if not self.ds_has(self.doors_open, d):
                continue
            for c in range(self.cl_start[d], self.cl_start[d + 1]):
                o = self.cl_obj[c]
                if not (self.obj_repeatable[o] or not self.pressed[o]):
                    continue
                for y in range(nopt):
                    if opts[y] == o:
                        break
                else:
                    opts[nopt] = o
                    nopt += 1
        for y in range(nopt):
            o = opts[y]
            after: cython.ulonglong = self.after_press(o)
            ok: cython.bint = True
            for x in range(nopt):
                if x == y:
                    continue
                still: cython.bint = False
                for k in range(a, b):
                    d = self.st_ids[k]
                    if self.ds_has(after, d) and self.closes(opts[x], d):
                        still = True
                        break
                if still:
                    off = self.srow(self.obj_zone[opts[x]], after)
                    if self.arena[off + self.obj_zone[o]] >= INF:
                        ok = False
                        break
            if not ok:
                continue
            for s in range(self.ns):
                if not self.on_board(s):
                    continue
                near: cython.bint = False
                stand: cython.bint = False
                for j in range(i, self.nsteps):
                    if self.st_kind[j] != V_CARRY and self.st_kind[j] != V_HOLD:
                        continue
                    for k in range(self.st_start[j], self.st_start[j + 1]):
                        stand = True
                        off = self.srow(self.st_ids[k], after)
                        if self.arena[off + self.sv_zone[s]] < INF:
                            near = True
                            break
                    if near:
                        break
                if stand and not near:
                    ok = False
                    break
            if ok:
                return o
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def killable(self, zone: cython.int, weapon: cython.int) -> cython.bint:
        dmg: cython.int = self.it_damage[weapon]
        t: cython.int
        if not self.ztot[zone]:  # speed: no zombie there (0 in an untouched zone too)
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
        if best_d >= INF:  # no way through the open map: through destructible scenery (docs/terrain.md)
            return self.eden_break_through(s, na, nz, mask)
        if best < 0 or best_d == 0:
            return -1
        want: cython.int = best_d - 1
        choice: cython.int = -1
        cz: cython.int = 0
        other: cython.int
        brk: cython.int = -1  # morts: a door another survivor closed, broken only when no move or opening will do
        bz: cython.int = 0
        for i in range(na):
            kind: cython.int = self.act_kind[i]
            if kind == A_MOVE:
                other = self.act_a[i]
            elif kind == A_OPEN or kind == A_BREAK:
                c: cython.int = self.door_conn[self.act_a[i]]
                other = self.c_to[c] if self.c_from[c] == here else self.c_from[c]
            else:
                continue
            if self.arena[best + other] != want:
                continue
            zc: cython.int = self.zombies_in(other)
            if kind == A_BREAK:
                if brk < 0 or zc < bz or (zc == bz and self.act_less(i, brk)):
                    brk = i
                    bz = zc
                continue
            if choice < 0 or zc < cz or (zc == cz and self.act_less(i, choice)):
                choice = i
                cz = zc
        if choice < 0:
            choice = brk
            cz = bz
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
        if cautious:  # policies._decide: wait for a team mate behind (farther from the goal, able to come)
            mine: cython.int = self.goal_distance(si, nz)
            for i in range(self.ns):
                if i == si or not self.on_board(i):
                    continue
                soff: cython.longlong = self.srow(z, self.door_passable(i))
                if 1 < self.arena[soff + self.sv_zone[i]] < INF and self.goal_distance(i, nz) > mine:
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
        if self.policy == P_CALLBACK:
            return self.decide_outside(si, na)
        if self.policy == 2:
            return self.rng.randbelow(na)
        if self.policy == P_CASUAL:
            return self.casual_off_exit(si, na, self.casual_decide(si, na))
        return self.decide(si, na, self.policy == 1)

    # ---- bots: casual ----

    def _bots_init(self, t) -> None:
        """casual's tables: each objective's hidden group, each item's rank in name order (the
        reference engine breaks ties by the action tuples, which hold the names), and room for
        the trades among the legal actions."""
        i: cython.int
        j: cython.int
        self.obj_group = _ia(self.nobj + 1, -1)
        for i in range(self.ngroups):
            for j in range(self.grp_start[i], self.grp_start[i + 1]):
                self.obj_group[self.grp_objs[j]] = i
        self.it_rank = _ia(len(t.names) + 1)
        for i, nm in enumerate(sorted(t.names)):
            self.it_rank[t.names[nm]] = i
        self.turn_end = False
        self.hand_doors = self.ds_of_flags(self.door_by_hand, self.nd)
        self.casual_step = -1
        self.hazard_cache = {}
        self.hazard_back = None
        cap = t.max_acts + (MAXS - 1) * MAXI
        self.act_kind = _ia(cap)
        self.act_a = _ia(cap)
        self.act_b = _ia(cap)

    @cython.cfunc
    @cython.exceptval(check=False)
    def trade_actions(self, s: cython.int, k: cython.int) -> cython.int:
        """Append the trades (``("give", mate, card)``: one per team mate in the zone and
        distinct card, in the reference engine's order) to the ``k`` legal actions."""
        m: cython.int
        i: cython.int
        j: cython.int
        z: cython.int = self.sv_zone[s]
        base: cython.int = s * MAXI
        for m in range(self.ns):
            if m == s or not self.on_board(m) or self.sv_zone[m] != z:
                continue
            for i in range(self.sv_nitems[s]):
                it: cython.int = self.sv_items[base + i]
                dup: cython.bint = False
                for j in range(i):
                    if self.sv_items[base + j] == it:
                        dup = True
                        break
                if not dup:
                    k = self.push_act(k, A_GIVE, m, it)
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def give(self, si: cython.int, mate: cython.int, card: cython.int) -> cython.void:
        """Hand a card to a team mate (who discards its least useful card when its hands are full)."""
        i: cython.int
        for i in range(self.sv_nitems[si]):
            if self.sv_items[si * MAXI + i] == card:
                self.remove_item(si, i)
                break
        if self.logging:
            self.ev(L_GIVE, si, mate, card, 0)
        self.keep(mate, card)

    @cython.cfunc
    @cython.exceptval(check=False)
    def committed(self, j: cython.int) -> cython.bint:
        """``casual.committed``: victory step ``j`` is met for good (counted)."""
        if self.ordered:
            return j < self.progress
        return self.step_done[j] != 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def searching_for_opener(self) -> cython.bint:
        """``casual.searching_for_opener``: doors need a tool, no survivor on the board carries
        one, and one still lies in the equipment deck or its discard pile."""
        i: cython.int
        o: cython.int
        if not self.doors_need_item:
            return False
        for o in range(self.ns):
            if self.on_board(o):
                for i in range(self.sv_nitems[o]):
                    if self.it_opens_doors[self.sv_items[o * MAXI + i]]:
                        return False
        for i in range(self.nedeck):
            if self.it_opens_doors[self.edeck[i]]:
                return True
        for i in range(self.nediscard):
            if self.it_opens_doors[self.ediscard[i]]:
                return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def weapon_can_turn_up(self) -> cython.bint:
        """A weapon still lies in the equipment deck or its discard pile."""
        i: cython.int
        for i in range(self.nedeck):
            if self.it_dice[self.edeck[i]] > 0:
                return True
        for i in range(self.nediscard):
            if self.it_dice[self.ediscard[i]] > 0:
                return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def casual_done(self, p: cython.int) -> cython.bint:
        """``casual.casual_done``: a goal counted stays done; a search step is done once the
        team holds the door opener (or none can turn up)."""
        action: cython.int = self.pl_action[p]
        if action == S_GOAL:
            return self.committed(self.pl_target[p]) or self.step_met(self.pl_target[p])
        if action == S_SEARCH:
            return not self.searching_for_opener()
        return self.plan_step_done(p)

    @cython.cfunc
    @cython.exceptval(check=False)
    def out_of_reach(self, si: cython.int, nz: cython.int) -> cython.bint:
        """``casual.out_of_reach``: no way leads to any of the ``nz`` goal zones, whatever doors
        opened by hand the survivor opens."""
        i: cython.int
        if not nz:
            return False
        mask: cython.ulonglong = self.morts_reach(self.ds_or(self.doors_open, self.hand_doors))  # morts: drawn key
        here: cython.int = self.sv_zone[si]
        for i in range(nz):
            if self.arena[self.srow(self.gz[i], mask) + here] < INF:
                return False
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def casual_plan_goal(self, si: cython.int) -> cython.int:
        """``casual.plan_goal``: :meth:`goal_zones` with the plan read as casual reads it (steps
        out of reach passed over, search steps searched, waits where they say); the step
        followed goes into ``casual_step`` (-1 once the victory steps are read)."""
        i: cython.int
        nz: cython.int
        first: cython.int = self.plan_done
        gz = self.gz
        self.casual_step = -1
        for i in range(first, self.nplan):
            action: cython.int = self.pl_action[i]
            if self.casual_done(i):
                if i == first and action != S_GOAL and action != S_SEARCH:
                    first += 1
                continue
            self.goal_target = -1
            if action == S_TAKE or action == S_PRESS:
                gz[0] = self.obj_zone[self.pl_target[i]]
                nz = 1
                self.goal_action = G_TAKE if action == S_TAKE else G_PRESS
                self.goal_target = self.pl_target[i]
            elif action == S_OPEN:
                gz[0] = self.pl_zone[i]
                nz = 1
                self.goal_action = G_OPEN
                self.goal_target = self.pl_target[i]
            elif action == S_ENTER or action == S_CROSS:
                gz[0] = self.pl_zone[i]
                nz = 1
                self.goal_action = G_REACH
            elif action == S_SEARCH:
                gz[0] = self.pl_zone[i]
                nz = 1
                self.goal_action = G_SEARCH
            elif action == S_WAIT or action == S_KILL:
                if self.pl_zone[i] < 0:
                    if action == S_WAIT and not self.is_exit[self.sv_zone[si]]:  # ---- truth: a wait that names no zone is waited out where it stands (off an exit) ----
                        gz[0] = self.sv_zone[si]
                        self.goal_action = G_REACH
                        self.plan_done = first
                        self.casual_step = i
                        return 1
                    break
                gz[0] = self.pl_zone[i]
                nz = 1
                self.goal_action = G_REACH
            elif action == S_GOAL:
                kind: cython.int = self.st_kind[self.pl_target[i]]
                if kind == V_SURVIVE and not self.is_exit[self.sv_zone[si]]:  # ---- truth: survived where it stands, as a wait ----
                    gz[0] = self.sv_zone[si]
                    self.goal_action = G_REACH
                    self.plan_done = first
                    self.casual_step = i
                    return 1
                if kind != V_REACH and kind != V_ESCAPE:
                    break
                if kind == V_ESCAPE and i + 1 < self.nplan and not self.escape_step_open():  # ---- truth: a shut escape waits for the plan steps after it ----
                    continue
                nz = self.step_zones(self.pl_target[i])
                nz = self.named_goal_zone(si, i, nz)
                self.goal_action = G_ESCAPE if kind == V_ESCAPE else G_REACH
            else:
                continue
            if self.out_of_reach(si, nz):
                continue
            self.plan_done = first
            self.casual_step = i
            return nz
        self.plan_done = self.nplan
        nz = self.goal_zones()
        self.plan_done = first
        return nz

    @cython.cfunc
    @cython.exceptval(check=False)
    def casual_goal(self, si: cython.int) -> cython.int:
        """``casual.known_goal``: :meth:`goal_zones` read the way players can read it (a hidden
        group's face-down tokens instead of the one that is the target; the zone a ``cross``
        step leads to; an ``enter`` step for the zone it stands in is ``G_REENTER``)."""
        nz: cython.int = self.casual_plan_goal(si)
        action: cython.int = self.goal_action
        target: cython.int = self.goal_target
        i: cython.int
        j: cython.int
        k: cython.int
        if not self.nplan or (action != G_TAKE and action != G_REACH):
            return nz
        gz = self.gz
        if action == G_TAKE:
            if target < 0:
                return nz
            g: cython.int = self.obj_group[target]
            if g < 0:
                return nz
            k = 0
            for j in range(self.grp_start[g], self.grp_start[g + 1]):
                o: cython.int = self.grp_objs[j]
                if self.taken[o]:
                    continue
                oz: cython.int = self.obj_zone[o]
                # sorted, without repeats
                i = 0
                while i < k and gz[i] < oz:
                    i += 1
                if i < k and gz[i] == oz:
                    continue
                q: cython.int = k
                while q > i:
                    gz[q] = gz[q - 1]
                    q -= 1
                gz[i] = oz
                k += 1
            self.goal_target = -1
            return k if k else nz
        step: cython.int = self.casual_step
        if step < 0 or (self.pl_action[step] != S_ENTER and self.pl_action[step] != S_CROSS):
            return nz
        zone: cython.int = self.c_to[self.pl_target[step]] if self.pl_action[step] == S_CROSS else \
            self.pl_target[step]
        gz[0] = zone
        self.goal_target = -1
        self.goal_action = G_REENTER if zone == self.sv_zone[si] else G_REACH
        return 1

    # ---- core: casual's points-seeking (engine/points.py's points_goal) ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def gz_add(self, k: cython.int, z: cython.int) -> cython.int:
        """Insert zone ``z`` into the first ``k`` zones of ``gz`` (sorted, without repeats);
        return how many there are then."""
        gz = self.gz
        i: cython.int = 0
        while i < k and gz[i] < z:
            i += 1
        if i < k and gz[i] == z:
            return k
        q: cython.int = k
        while q > i:
            gz[q] = gz[q - 1]
            q -= 1
        gz[i] = z
        return k + 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def casual_points_goal(self, si: cython.int) -> cython.int:
        """``points.points_goal``, once the mission's steps leave casual nothing to do: the
        zones of the objectives still worth points when taken (``G_TAKE``, no target), else the
        zones of the objectives worth points each turn (``G_REACH``): the survivor's own zone
        when it is one and no team mate stands there, else those no team mate stands in (all of
        them when every one has a team mate). Objectives of a hidden group are left out."""
        o: cython.int
        m: cython.int
        k: cython.int = 0
        for o in range(self.nobj):
            if self.vp_taken[o] and not self.taken[o] and self.obj_group[o] < 0:
                k = self.gz_add(k, self.obj_zone[o])
        if k:
            self.goal_action = G_TAKE
            self.goal_target = -1
            return k
        z: cython.int = self.sv_zone[si]
        held: cython.int = 0
        here: cython.bint = False
        for o in range(self.nobj):
            if self.vp_held[o] and self.obj_group[o] < 0:
                held += 1
                if self.obj_zone[o] == z:
                    here = True
        if not held:
            return 0
        self.goal_action = G_REACH
        self.goal_target = -1
        alone: cython.bint = True
        for m in range(self.ns):
            if m != si and self.on_board(m) and self.sv_zone[m] == z:
                alone = False
                break
        if here and alone:
            self.gz[0] = z
            return 1
        for o in range(self.nobj):
            if not self.vp_held[o] or self.obj_group[o] >= 0:
                continue
            free: cython.bint = True
            for m in range(self.ns):
                if m != si and self.on_board(m) and self.sv_zone[m] == self.obj_zone[o]:
                    free = False
                    break
            if free:
                k = self.gz_add(k, self.obj_zone[o])
        if k:
            return k
        for o in range(self.nobj):
            if self.vp_held[o] and self.obj_group[o] < 0:
                k = self.gz_add(k, self.obj_zone[o])
        return k

    # ---- end core: casual's points-seeking ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def melee_value(self, si: cython.int, zone: cython.int, w: cython.int) -> cython.double:
        """Expected kills of one melee attack: dice x chance to hit, at most the zombies there
        the weapon kills (the reference's floating-point sum, operation for operation)."""
        t: cython.int
        killable: cython.int = 0
        dmg: cython.int = self.it_damage[w]
        if self.is_touched[zone]:
            for t in range(self.nt):
                if self.zombies[zone * self.nt + t] and dmg >= self.tough[t]:
                    killable += self.zombies[zone * self.nt + t]
        h: cython.int = 7 - self.it_accuracy[w]
        if h < 0:
            h = 0
        hit: cython.double = h / 6.0
        ex: cython.double = self.dice_for(si, w) * hit
        kd: cython.double = killable
        if kd < ex:
            ex = kd
        return ex + 0.01 * dmg

    @cython.cfunc
    @cython.exceptval(check=False)
    def weapon_value2(self, w: cython.int) -> cython.int:
        """Twice ``casual._weapon_value`` (dice x chance x damage, guns x 1.5), as an integer."""
        h: cython.int = 7 - self.it_accuracy[w]
        if h < 0:
            h = 0
        return self.it_dice[w] * h * self.it_damage[w] * (3 if self.it_max_range[w] > 0 else 2)

    @cython.cfunc
    @cython.exceptval(check=False)
    def escape_wins(self, si: cython.int) -> cython.bint:
        """Whether ``si`` may escape now without losing (``casual.escape_wins``)."""
        o: cython.int
        j: cython.int
        k: cython.int
        before_escape: cython.bint
        for o in range(self.ns):
            if o != si and self.on_board(o):
                return True
        start: cython.int = self.progress if self.ordered else 0
        for j in range(start, self.nsteps):
            if not self.ordered and self.step_done[j]:
                continue
            if self.st_kind[j] == V_ESCAPE:
                if not self.st_who_all[j]:
                    continue
                for o in range(self.ns):
                    if self.sv_alive[o] and o != si and not self.sv_escaped[o]:
                        return False
            elif self.st_kind[j] == V_REACH or self.st_kind[j] == V_HOLD:
                # ---- truth: a zone reached is counted by the check after this action ----
                if self.st_kind[j] == V_REACH and not self.st_cond[j] and self.step_met(j):
                    if not self.ordered:
                        continue
                    before_escape = True
                    for k in range(start, j):
                        if self.st_kind[k] == V_ESCAPE:
                            before_escape = False
                    if before_escape:
                        continue
                return False  # with si out, nobody is left on the board to stand there
            elif not self.step_met(j):
                return False
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def safest_move(self, si: cython.int, na: cython.int, nz: cython.int) -> cython.int:
        """On toward the goal when the zone there holds no more zombies than this one, else the
        move into the zone with the fewest zombies (then the fewest next to it); -1 when none."""
        i: cython.int
        a: cython.int
        z: cython.int = self.sv_zone[si]
        if self.find_act(na, A_MOVE) < 0:
            return -1
        t: cython.int = self.toward(si, na, nz, False)
        if t >= 0 and self.act_kind[t] == A_MOVE and self.zombies_in(self.act_a[t]) <= self.zombies_in(z):
            return t
        best: cython.int = -1
        b1: cython.int = 0
        b2: cython.int = 0
        for i in range(na):
            if self.act_kind[i] != A_MOVE:
                continue
            v: cython.int = self.act_a[i]
            c1: cython.int = self.zombies_in(v)
            c2: cython.int = 0
            for a in range(self.sadj_start[v], self.sadj_start[v + 1]):
                c2 += self.zombies_in(self.sadj_v[a])
            if best < 0 or c1 < b1 or (c1 == b1 and (c2 < b2 or (c2 == b2 and self.act_less(i, best)))):
                best = i
                b1 = c1
                b2 = c2
        return best

    # ---- OWNER: bots: the turn's end out of the zombies' reach (casual.in_reach, end_out_of_reach) ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def in_reach(self, z: cython.int) -> cython.bint:
        """Whether zombies attack a survivor in ``z`` in the coming zombies' phase: zombies
        there, or zombies with two actions (runners) one zone away."""
        a: cython.int
        t: cython.int
        if self.zombies_in(z):
            return True
        for a in range(self.sadj_start[z], self.sadj_start[z + 1]):
            v: cython.int = self.sadj_v[a]
            if not self.is_touched[v]:
                continue
            for t in range(self.nt):
                if self.twice >> t & 1 and self.zombies[v * self.nt + t]:
                    return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def end_out_of_reach(self, si: cython.int, na: cython.int, nz: cython.int) -> cython.int:
        """The turn's last action from a zone without zombies that zombies will reach, when a
        zone they will not reach is one move away: the move toward the goal when it leads
        there, else the move into the zone with the fewest zombies next to it; -1 when the rule
        does not apply."""
        i: cython.int
        a: cython.int
        z: cython.int = self.sv_zone[si]
        if self.sv_left[si] != 1 or self.zombies_in(z) or not self.in_reach(z):
            return -1
        t: cython.int = self.toward(si, na, nz, False)
        if t >= 0 and self.act_kind[t] == A_MOVE and not self.in_reach(self.act_a[t]):
            return t
        best: cython.int = -1
        bc: cython.int = 0
        for i in range(na):
            if self.act_kind[i] != A_MOVE or self.in_reach(self.act_a[i]):
                continue
            v: cython.int = self.act_a[i]
            c: cython.int = 0
            for a in range(self.sadj_start[v], self.sadj_start[v + 1]):
                c += self.zombies_in(self.sadj_v[a])
            if best < 0 or c < bc or (c == bc and self.act_less(i, best)):
                best = i
                bc = c
        return best

    # ---- end OWNER: bots: the turn's end out of the zombies' reach ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def step_off(self, na: cython.int) -> cython.int:
        """A move into a zone that is not an exit (any move when there is none), fewest zombies
        first; -1 when none."""
        i: cython.int
        best: cython.int = -1
        bc: cython.int = 0
        exits_only: cython.bint = True
        for i in range(na):
            if self.act_kind[i] == A_MOVE and not self.is_exit[self.act_a[i]]:
                exits_only = False
                break
        for i in range(na):
            if self.act_kind[i] != A_MOVE or (not exits_only and self.is_exit[self.act_a[i]]):
                continue
            c: cython.int = self.zombies_in(self.act_a[i])
            if best < 0 or c < bc or (c == bc and self.act_less(i, best)):
                best = i
                bc = c
        return best

    @cython.cfunc
    @cython.exceptval(check=False)
    def give_weapon(self, si: cython.int, na: cython.int) -> cython.int:
        """``casual.give_weapon``: a survivor with two melee weapons (or two guns) hands the
        lesser one to the team mate in its zone whose best weapon of that kind is worse; -1
        when no such trade."""
        if self.find_act(na, A_GIVE) < 0:
            return -1
        r: cython.int
        i: cython.int
        j: cython.int
        base: cython.int = si * MAXI
        for r in range(2):
            count: cython.int = 0
            spare: cython.int = -1
            sv: cython.int = 0
            for i in range(self.sv_nitems[si]):
                w: cython.int = self.sv_items[base + i]
                if self.it_dice[w] <= 0 or (self.it_max_range[w] > 0) != (r == 1):
                    continue
                count += 1
                v: cython.int = self.weapon_value2(w)
                if spare < 0 or v < sv or (v == sv and self.it_rank[w] < self.it_rank[spare]):
                    spare = w
                    sv = v
            if count < 2:
                continue
            best: cython.int = -1
            best_gain: cython.int = 0
            for i in range(na):
                if self.act_kind[i] != A_GIVE or self.act_b[i] != spare:
                    continue
                m: cython.int = self.act_a[i]
                theirs: cython.int = -2
                for j in range(self.sv_nitems[m]):
                    x: cython.int = self.sv_items[m * MAXI + j]
                    if self.it_dice[x] <= 0 or (self.it_max_range[x] > 0) != (r == 1):
                        continue
                    if self.weapon_value2(x) > theirs:
                        theirs = self.weapon_value2(x)
                gain: cython.int = sv - theirs
                if gain > best_gain:
                    best = i
                    best_gain = gain
            if best >= 0:
                return best
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def give_opener(self, si: cython.int, na: cython.int) -> cython.int:
        """``casual.give_opener``: where doors need a tool and one is closed, a survivor with two
        door openers hands the one least useful as a weapon to the first team mate in its zone
        who has none; -1 when no such trade."""
        i: cython.int
        j: cython.int
        if not self.doors_need_item or self.find_act(na, A_GIVE) < 0:
            return -1
        closed: cython.bint = False
        for i in range(self.nd):
            if not self.ds_has(self.doors_open, i):
                closed = True
                break
        if not closed:
            return -1
        count: cython.int = 0
        spare: cython.int = -1
        sv: cython.int = 0
        for i in range(self.sv_nitems[si]):
            w: cython.int = self.sv_items[si * MAXI + i]
            if not self.it_opens_doors[w]:
                continue
            count += 1
            v: cython.int = self.weapon_value2(w)
            if spare < 0 or v < sv or (v == sv and self.it_rank[w] < self.it_rank[spare]):
                spare = w
                sv = v
        if count < 2:
            return -1
        for i in range(na):
            if self.act_kind[i] != A_GIVE or self.act_b[i] != spare:
                continue
            m: cython.int = self.act_a[i]
            has: cython.bint = False
            for j in range(self.sv_nitems[m]):
                if self.it_opens_doors[self.sv_items[m * MAXI + j]]:
                    has = True
                    break
            if not has:
                return i
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def step_cost(self, c: cython.int, v: cython.int) -> cython.int:
        """``terrain.step_cost``: a bot's count for a step across ``c`` into ``v`` (its actions,
        at least two for a swim, plus 4 per expected wound rounded up; the reference's
        floating-point sum, operation for operation). It reads the scenery as it is now (the
        destroyed pieces devastated; the rows it fills are keyed by them, ``sc_gone``)."""
        actions: cython.int = self.tz_obst[v] * self.tc_obst[c]
        difficulty: cython.int = self.tz_swim[v] if self.tz_swim[v] > self.tc_swim[c] else self.tc_swim[c]
        wounds: cython.double = self.tz_hostile[v] + self.tc_hostile[c]
        if difficulty:
            if actions < self.swim_cost:
                actions = self.swim_cost
            p: cython.double = (7 - difficulty) / 6.0
            wounds += (1 - p) / p
        w4: cython.double = 4 * wounds
        k: cython.int = cython.cast(cython.int, w4)
        if k < w4:
            k += 1
        return actions + k

    @cython.cfunc
    def hazard_row(self, target: cython.int, mask: cython.ulonglong) -> object:
        """``terrain.hazard_distances``: the weighted cost (:meth:`step_cost`) from every zone
        to ``target`` through the doors of ``mask`` (Dijkstra over the survivors' adjacency read
        backwards), cached per target, door set and destroyed scenery."""
        key = (target, mask, self.sc_gone)
        row = self.hazard_cache.get(key)
        if row is not None:
            return row
        if self.hazard_back is None:
            back = [[] for _ in range(self.n)]
            for u in range(self.n):
                for a in range(self.sadj_start[u], self.sadj_start[u + 1]):
                    back[self.sadj_v[a]].append((u, self.sadj_c[a]))
            self.hazard_back = back
        dist = [INF] * self.n
        dist[target] = 0
        heap = [(0, target)]
        while heap:
            dv, v = heapq.heappop(heap)
            if dv > dist[v]:
                continue
            for u, c in self.hazard_back[v]:
                d: cython.int = self.c_door[c]
                if d >= 0 and not self.ds_has(mask, d):
                    continue
                du = dv + self.step_cost(c, v)
                if du < dist[u]:
                    dist[u] = du
                    heapq.heappush(heap, (du, u))
        if len(self.hazard_cache) > 20000:
            self.hazard_cache.clear()
        self.hazard_cache[key] = dist
        return dist

    @cython.cfunc
    @cython.exceptval(check=False)
    def terrain_toward(self, si: cython.int, na: cython.int, nz: cython.int) -> cython.int:
        """``terrain.terrain_toward``: the move (or door opening) that starts the cheapest way to
        the nearest goal zone once the scenery's cost and wounds are counted; -1 on a map without
        terrain, when no such way exists, or when it starts into a zone with zombies."""
        i: cython.int
        a: cython.int
        if not self.terrain or not nz:
            return -1
        mask: cython.ulonglong = self.door_passable(si)
        here: cython.int = self.sv_zone[si]
        best = None
        best_d: cython.int = INF
        for i in range(nz):
            row = self.hazard_row(self.gz[i], mask)
            if row[here] < best_d:
                best = row
                best_d = row[here]
        if best is None or best_d == 0 or best_d >= INF:
            return -1
        step_to = {}
        for a in range(self.sadj_start[here], self.sadj_start[here + 1]):
            v: cython.int = self.sadj_v[a]
            if best[v] >= INF:
                continue
            cost: cython.int = self.step_cost(self.sadj_c[a], v) + best[v]
            if cost < step_to.get(v, INF):
                step_to[v] = cost
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
            if step_to.get(other, -1) != best_d:
                continue
            zc: cython.int = self.zombies_in(other)
            if choice < 0 or zc < cz or (zc == cz and self.act_less(i, choice)):
                choice = i
                cz = zc
        if choice < 0 or cz > 0:
            return -1
        return choice

    # ---- OWNER: truth: the last survivor does not end its activation on an open exit ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def casual_off_exit(self, si: cython.int, na: cython.int, act: cython.int) -> cython.int:
        """``casual.casual_decide``'s last word: on an exit with the escape open, where escaping
        would lose (the last survivor, a later step still to do), a pass or a last action that
        keeps the survivor there becomes a step off the exit, and a last action that would step
        onto such an exit becomes a pass."""
        z: cython.int = self.sv_zone[si]
        step: cython.int
        pas: cython.int
        if act < 0:
            return act
        if self.act_kind[act] == A_MOVE:  # nor steps onto one with its last action
            pas = self.find_act(na, A_PASS)
            if (self.sv_left[si] == 1 and self.is_exit[self.act_a[act]] and not self.zombies_in(self.act_a[act])
                    and pas >= 0 and self.escape_step_open() and not self.escape_wins(si)):
                return pas
            return act
        if not self.is_exit[z] or self.zombies_in(z):
            return act
        if self.act_kind[act] != A_PASS and self.sv_left[si] != 1:
            return act
        if not self.escape_step_open() or self.escape_wins(si):
            return act
        step = self.step_off(na)
        return step if step >= 0 else act

    # ---- end OWNER: truth ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def casual_decide(self, si: cython.int, na: cython.int) -> cython.int:
        """One decision of ``casual`` (``casual.casual_decide`` without the expert's team hook)."""
        z: cython.int = self.sv_zone[si]
        here: cython.int = self.zombies_in(z)
        nz: cython.int = self.casual_goal(si)
        if nz == 0 and self.goal_action == G_NONE and self.vp_on:
            nz = self.casual_points_goal(si)  # docs/terrain.md: victory points
        action: cython.int = self.goal_action
        target: cython.int = self.goal_target
        pas: cython.int = self.find_act(na, A_PASS)
        i: cython.int
        c: cython.int
        q: cython.int
        best: cython.int
        step: cython.int
        kind: cython.int
        if self.ndrive:  # zombicide: a car on the way to the goal (car_choice)
            step = self.car_choice(si, na, nz)
            if step >= 0:
                return step
        if here:
            best = -1
            bv: cython.double = 0.0
            for i in range(na):
                if self.act_kind[i] == A_MELEE and self.killable(z, self.act_a[i]):
                    v: cython.double = self.melee_value(si, z, self.act_a[i])
                    if best < 0 or v > bv or (v == bv and self.it_rank[self.act_a[i]] > self.it_rank[self.act_a[best]]):
                        best = i
                        bv = v
            if best >= 0:
                return best
            if self.survivors_in(z) == 1:
                for i in range(na):
                    if self.act_kind[i] == A_RANGED and self.act_b[i] == z:
                        return i
            step = self.safest_move(si, na, nz)
            return step if step >= 0 else pas
        if self.fl_on and self.sv_burn[si] and not self.eden_fire_at_hand(z):  # eden: no zombie here, no fire at hand
            step = self.find_act(na, A_DOUSE)
            if step >= 0:
                return step
        step = self.find_act(na, A_LOOT)  # morts: free items, no zombie here
        if step >= 0:
            return step
        step = self.morts_close_behind(si, na)  # morts: shut the zombies out
        if step >= 0:
            return step
        if action == G_REENTER:
            step = self.step_off(na)
            if step >= 0:
                return step
            action = G_REACH
        if action == G_ESCAPE and not self.escape_wins(si):
            if self.is_exit[z] and not self.escape_step_open():  # ---- truth: the engine keeps it on the board: it waits there ----
                step = self.find_act(na, A_SEARCH)
                return step if step >= 0 else pas
            if self.is_exit[z]:
                step = self.step_off(na)
                if step >= 0:
                    return step
            for i in range(self.sadj_start[z], self.sadj_start[z + 1]):
                if self.is_exit[self.sadj_v[i]]:
                    step = self.find_act(na, A_SEARCH)
                    return step if step >= 0 else pas
            action = G_REACH
        # the job at hand where the survivor stands
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
        if action == G_SEARCH and self.gz[0] == z:  # the plan's search for a door opener
            step = self.find_act(na, A_SEARCH)
            if step >= 0:
                return step
        # shoot zombies in sight that no team mate stands with
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
            close: cython.bint = action == G_HUNT
            if not close:
                off: cython.longlong = self.vrow(z)
                cnt: cython.int = self.arena[off]
                for q in range(cnt):
                    if self.arena[off + 2 + 2 * q] <= 1 and self.zombies_in(self.arena[off + 1 + 2 * q]):
                        close = True
                        break
            if close:
                return safe
        give: cython.int = self.give_weapon(si, na)
        if give < 0:
            give = self.give_opener(si, na)
        if give >= 0:
            return give
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
        if search >= 0 and ((not armed and self.weapon_can_turn_up()) or
                            (armed and not (melee2 and ranged_item) and self.turn <= 2)):
            return search
        for i in range(na):
            if self.act_kind[i] == A_TAKE and self.obj_kind[self.act_a[i]] == O_MARKER:
                return i
        step = self.end_out_of_reach(si, na, nz)  # the turn's end out of the zombies' reach
        if step >= 0:
            return step
        step = self.terrain_toward(si, na, nz)  # round hostile scenery and swims (docs/terrain.md)
        if step >= 0:
            return step
        # walk on toward the goal
        if action == G_HUNT:
            step = self.toward(si, na, nz, False)
            if step >= 0:
                return step
            if nz:
                for i in range(na):
                    if self.act_kind[i] == A_MELEE and self.killable(z, self.act_a[i]):
                        return i
        step = self.toward(si, na, nz, False)
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

    # == turns =====================================================================================

    @cython.cfunc
    @cython.exceptval(check=False)
    def survivor_phase(self) -> cython.void:
        if self.sp_resume:  # a game restored at a decision point goes on from it
            self.sp_resume = 0
        else:
            self.sp_pos = 0
            self.sp_started = 0
            self.sp_ns = self.ns  # the turn order is fixed when the phase starts (a hero may join)
        while self.sp_pos < self.sp_ns:
            si: cython.int = (self.first_player + self.sp_pos) % self.sp_ns
            if self.sp_started:
                self.survivor_acts(si)
                continue
            if not self.on_board(si) or self.outcome:
                self.sp_pos += 1
                continue
            if self.profile == P_HOUSE:
                self.sv_left[si] = self.dark_actions if self.dark[self.sv_zone[si]] else self.actions
            else:
                self.sv_left[si] = self.actions + (self.yellow_bonus if self.danger(self.sv_xp[si]) >= 1 else 0)
            if self.gh:
                self.lnoe_begin_turn(si)
            if self.profile == P_HOUSE and self.fire[self.sv_zone[si]]:
                self.house_burn(si)
            self.sv_searched[si] = 0
            self.sv_moved[si] = 0
            self.eden_start_activation(si)
            if self.nburning and self.terrain:  # eden: an activation begun with burning scenery at hand
                self.eden_catch_fire(si)
            self.sp_taken = 0
            self.sp_limit = self.sv_left[si] + self.action_limit
            self.sp_started = 1
            self.survivor_acts(si)

    @cython.cfunc
    @cython.exceptval(check=False)
    def survivor_acts(self, si: cython.int) -> cython.void:
        """The activation of survivor ``si`` from where it stands (``sp_taken`` actions taken
        of at most ``sp_limit``), then its push back and escape; the phase moves on to the
        next survivor."""
        while self.on_board(si) and self.sv_left[si] > 0 and not self.outcome:
            if self.sp_taken >= self.sp_limit:
                self.runaway()
                if self.logging:
                    self.ev(L_RUNAWAY_ACTIONS, si, self.sp_taken, 0, 0)
                break
            na: cython.int = self.legal_actions(si)
            c: cython.int = self.choose(si, na)
            self.apply_action(si, c)
            self.check_victory()
            self.sp_taken += 1
        if self.push_back and self.on_board(si) and self.is_security[self.sv_zone[si]] and self.sv_came[si] >= 0:
            if self.logging:
                self.ev(L_PUSHED_BACK, si, self.sv_zone[si], self.sv_came[si], 0)
            self.sv_zone[si] = self.sv_came[si]  # "vengono spinti indietro nella Zona da cui sono partiti"
        if self.on_board(si) and self.escape_step_open() and self.is_exit[self.sv_zone[si]] and \
                self.zombies_in(self.sv_zone[si]) == 0:
            self.sv_escaped[si] = 1
            if self.logging:
                self.ev(L_ESCAPE, si, self.sv_zone[si], 0, 0)
            self.check_victory()
        self.sp_started = 0
        self.sp_pos += 1

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
        if self.fl_on and self.terrain and not self.outcome:
            self.eden_fire_upkeep()  # eden: burning survivors and scenery (docs/terrain.md, *Fire*)
        self.turn_end = True
        self.check_victory()
        self.turn_end = False
        self.check_defeat()
        self.eden_points_turn()
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

    # ---- OWNER: plans: a plan per start zone ----
    # Game.setup / lnoe.setup_game: the bots follow the plan of the start zone the game drew
    # (designer.engine.view.PlanSet.for_start; tables.pl_sets, pl_of_zone).

    @cython.cfunc
    def plan_for_start(self, zone: cython.int) -> cython.void:
        """Follow the plan of start zone ``zone`` (-1: split starting groups or a position put
        in by hand, which follow the default plan)."""
        k: cython.int = self.pl_of_zone[zone] if zone >= 0 else 0
        self.plan_start = zone
        if k == self.pl_set:
            return
        self.pl_set = k
        n, a, tg, zz = self.pl_sets[k]
        self.nplan = n
        self.pl_action = a
        self.pl_target = tg
        self.pl_zone = zz

    @cython.cfunc
    @cython.exceptval(check=False)
    def goal_distance(self, si: cython.int, nz: cython.int) -> cython.int:
        """policies.goal_distance: steps from survivor ``si`` to the nearest of the ``nz`` goal
        zones in ``gz`` (0 without goal zones)."""
        i: cython.int
        mask: cython.ulonglong = self.door_passable(si)
        best: cython.int = INF
        if not nz:
            return 0
        for i in range(nz):
            d: cython.int = self.arena[self.srow(self.gz[i], mask) + self.sv_zone[si]]
            if d < best:
                best = d
        return best

    # ---- end plans: a plan per start zone ----

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
            self.ztot[z] = 0
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
        if self.rng_ready:  # speed: play_batch seeded this game's generator already
            self.rng_ready = False
        else:
            self.rng.seed(seed)
        self.lnoe_draw_town()
        self.turn = 1
        self.lg.n = 0
        for i in range(self.nbld + 1):
            self.bspawned[i] = 0
        for i in range(self.nt):
            self.pool[i] = self.pool0[i]
            self.kills_by_type[i] = 0
            self.spawned_by_type[i] = 0
        self.ns = 0
        self.first_player = 0
        if self.wide and self.ds_n > DS_LIMIT:
            self.ds_restart()
        self.doors_open = self.door_open0
        self.doors_unlocked = self.door_unlocked0
        self.doors_ever = 0
        self.morts_reset()
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
        self.mission_setup()
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
        if self.gh:
            self.lnoe_roster()
        count: cython.int = survivors
        if survivors < 0:
            count = self.smax if self.smax < 4 else 4
            if count < self.smin:
                count = self.smin
        start: cython.int = self.lnoe_start_zone() if self.gh_random_start else self.start_zones[self.rng.randbelow(self.nstart)]
        if self.sgroups and heroes is None:  # split starting groups
            count = self.setup_groups(count)
        self.plan_for_start(-1 if self.sgroups and heroes is None else start)
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
            self.hero_items(s2, self.lnoe_hero(s2, k))
            for c in range(self.starting_cards):
                card: cython.int = self.draw_equipment()
                if card >= 0 and not self.it_aaah[card]:
                    self.sv_items[s2 * MAXI + self.sv_nitems[s2]] = card
                    self.sv_nitems[s2] += 1
        for i in range(self.nplaced):
            self.place(self.placed[3 * i], self.placed[3 * i + 1], self.placed[3 * i + 2])
        self.eden_setup()
        if self.gh:
            self.lnoe_lay_markers()
            self.lnoe_deal_hand()
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

    # ---- steps: event log and decisions from outside ----

    def _steps_init(self, t) -> None:
        self.logging = False
        self.lg = IntBuf(64)
        self.lg_cause = W_ZOMBIES
        self.callback = None
        self.cb_survivor = -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def ev(self, kind: cython.int, a: cython.int, b: cython.int, c: cython.int, d: cython.int) -> cython.void:
        """Log one event (only called when ``logging`` is on)."""
        lg: IntBuf = self.lg
        lg.add(kind)
        lg.add(self.turn)
        lg.add(a)
        lg.add(b)
        lg.add(c)
        lg.add(d)

    def set_logging(self, on: bool) -> None:
        """Log the events of the next games (off in batches: the batch path logs nothing)."""
        self.logging = bool(on)
        self.lg.n = 0

    def events(self) -> array:
        """The events logged since the last game's set-up, ``LOG_WIDTH`` ints each."""
        return self.lg.array()

    def set_callback(self, callback: object) -> None:
        """Decide with ``callback(engine, survivor, count)`` (it returns the index of an action
        among the ``count`` legal actions the engine listed) when the policy code is
        ``P_CALLBACK``."""
        self.callback = callback

    @cython.cfunc
    def decide_outside(self, si: cython.int, na: cython.int) -> cython.int:
        """The index of the action the callback chooses (anything else: the pass)."""
        self.cb_survivor = si
        c = self.callback(self, si, na)
        self.cb_survivor = -1
        if c is None or not 0 <= c < na:
            return 0  # the pass (always the first legal action)
        return c

    def stop(self) -> None:
        """End the game now (a decision from outside failed: its caller raises the error)."""
        if not self.outcome:
            self.outcome = 2
            self.cause = C_RUNAWAY

    def generator(self):
        """The game's generator (a policy deciding from outside draws from it)."""
        return self.rng

    def action_rows(self, na: int):
        """The ``na`` legal actions listed last: (kind code, a, b) each."""
        i: cython.int
        return [(self.act_kind[i], self.act_a[i], self.act_b[i]) for i in range(na)]

    # -- steppable from Python: the phases of ``play_turn``, one call each ------------------------

    def begin(self, seed, policy: int, survivors: int, heroes: object) -> None:
        """Set a new game up (``play_one`` without playing it)."""
        self.policy = policy
        self.setup(seed, survivors, heroes)

    def begin_turn(self) -> None:
        """The start of a turn: its count of extra activations, the turn's triggers."""
        self.extras = 0
        self.fire_event(EV_TURN, self.turn, -1)

    def survivors_act(self) -> None:
        """The survivors' phase."""
        self.survivor_phase()

    def zombies_act(self) -> None:
        """The zombies' activation (every zombie, then the second action of those acting twice),
        unless the game has ended."""
        if not self.outcome:
            self.activate(self.all_types, False, False)
            self.activate(self.twice, True, False)

    def activation(self, types: int, runners_second: bool) -> None:
        """One activation of the zombies of the ``types`` bit set (-1: every type), as
        ``Game.activate``."""
        self.activate(self.all_types if types < 0 else types, runners_second, False)

    def spawn_zombies(self, zone: int, t: int, count: int) -> None:
        """Place zombies of a type in a zone as a spawn does (``Game.spawn``)."""
        self.spawn(zone, t, count)

    def spawn_card(self, zone: int) -> None:
        """Draw a zombie card for a zone and resolve it (``Game.draw_spawn_card``)."""
        self.draw_spawn_card(zone)

    def zombies_spawn(self) -> None:
        """The spawn phase, unless the game has ended."""
        if not self.outcome:
            self.spawn_phase()

    def end_turn(self) -> None:
        """Victory, defeat and the end phase (noise cleared, first player passed on, the turn
        counted or the game ended at its limit)."""
        i: cython.int
        if self.fl_on and self.terrain and not self.outcome:  # eden: the fire's upkeep, as play_turn
            self.eden_fire_upkeep()
        self.turn_end = True
        self.check_victory()
        self.turn_end = False
        self.check_defeat()
        self.eden_points_turn()
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

    def whole_turn(self) -> None:
        """One whole turn (``play_turn``)."""
        self.play_turn()

    def ended(self) -> bool:
        return self.outcome != 0

    def load(self, d: dict) -> None:
        """Put a position into the game set up last (a rulebook example built by hand): the
        survivors (zone, wounds, health, xp, item indices, alive, escaped, searched, moved,
        actions_left), the zombies per zone (rows by type), noise, pool, doors, spawns,
        objectives, counters and the generator (``rng``: a :class:`designer.engine.rng.Twister`,
        used as it is). Keys left out keep the set-up's values."""
        i: cython.int
        t: cython.int
        z: cython.int
        nt: cython.int = self.nt
        self.reset()
        self.plan_for_start(d.get("plan_start", -1))
        if "survivors" in d:
            self.ns = 0
            for sv in d["survivors"]:
                i = self.new_survivor(sv["zone"])
                self.sv_wounds[i] = sv.get("wounds", 0)
                self.sv_health[i] = sv.get("health", self.health)
                self.sv_xp[i] = sv.get("xp", 0)
                self.sv_nitems[i] = 0
                for it in sv.get("items", ()):
                    self.sv_items[i * MAXI + self.sv_nitems[i]] = it
                    self.sv_nitems[i] += 1
                self.sv_alive[i] = 1 if sv.get("alive", True) else 0
                self.sv_escaped[i] = 1 if sv.get("escaped", False) else 0
                self.sv_searched[i] = 1 if sv.get("searched", False) else 0
                self.sv_moved[i] = 1 if sv.get("moved", False) else 0
                self.sv_left[i] = sv.get("actions_left", 0)
                self.sv_came[i] = sv.get("came_from", -1)  # morts: the door closed behind
        for z, row in d.get("zombies", {}).items():
            self.touch(z)
            for t in range(min(nt, len(row))):
                self.zombies[z * nt + t] = row[t]
            self.zone_total(z)
        for z, n in d.get("noise", {}).items():
            self.touch(z)
            self.noise[z] = n
        if "pool" in d:
            for t in range(min(nt, len(d["pool"]))):
                self.pool[t] = d["pool"][t]
        if "doors_open" in d:
            self.doors_open = self.ds_of_int(d["doors_open"])
        if "doors_unlocked" in d:
            self.doors_unlocked = self.ds_of_int(d["doors_unlocked"])
        if "doors_ever" in d:
            self.doors_ever = self.ds_of_int(d["doors_ever"])
        if "held" in d:  # morts: doors closed by a survivor
            self.m_held = d["held"]
            self.m_broken = d.get("broken", 0)
            for i in range(len(d.get("holders", ()))):
                self.m_holder[i] = d["holders"][i]
        if "bodies" in d:  # morts: dead survivors' belongings, to be looted
            for i in range(MAXS):
                self.m_nbody[i] = 0
                self.m_rises[i] = 0
            for i, row in d["bodies"].items():
                self.m_nbody[i] = len(row[1])
                self.m_rises[i] = row[0]
                for k in range(len(row[1])):
                    self.m_body[i * MAXI + k] = row[1][k]
        for name, arr in (("spawns_active", self.spawns_active), ("taken", self.taken), ("pressed", self.pressed),
                          ("fired", self.fired)):
            if name in d:
                for i in range(len(d[name])):
                    arr[i] = d[name][i]
        for z in d.get("entered", ()):
            self.touch(z)
            self.entered[z] = 1
        if "turn" in d:
            self.turn = d["turn"]
        if "first_player" in d:
            self.first_player = d["first_player"]
        if "kills" in d:
            self.kills = d["kills"]
        if "colours" in d:
            self.colours = self.ds_of_int(d["colours"])
        if "rng" in d:
            self.rng = d["rng"]
        if "zdeck" in d:
            for i in range(len(d["zdeck"])):
                self.zdeck[i] = d["zdeck"][i]
            self.nzdeck = len(d["zdeck"])
            for i in range(len(d.get("zdiscard", ()))):
                self.zdiscard[i] = d["zdiscard"][i]
            self.nzdiscard = len(d.get("zdiscard", ()))
        if self.fl_on:  # eden: burn markers on survivors ("burn", one per survivor) and scenery ("burning")
            for i in range(min(self.ns, len(d.get("burn", ())))):
                self.sv_burn[i] = d["burn"][i]
            for z, n in d.get("burning", {}).items():
                self.fl_burn[z] = n
            self.nburning = 0
            for i in range(self.npieces):
                self.nburning += self.fl_burn[i] != 0
        if self.sc_on and "damage" in d:  # ---- OWNER: eden: attacks on scenery ("damage", per piece) ----
            for z, n in d["damage"].items():
                self.sc_dmg[z] = n
            self.eden_scenery()  # ---- end OWNER: eden ----
        self.outcome = 0
        self.zombie_actions = d.get("zombie_actions", 0)
        self.survivor_actions = d.get("survivor_actions", 0)

    def state(self) -> dict:
        """The game's state as Python values (:class:`designer.engine.session.TypedState` reads
        it): only the zones the game touched are listed."""
        i: cython.int
        k: cython.int
        t: cython.int
        z: cython.int
        nt: cython.int = self.nt
        zones = [self.touched[k] for k in range(self.ntouched)]
        return dict(
            turn=self.turn, outcome=self.outcome, cause=self.cause, first_player=self.first_player,
            survivors=[dict(zone=self.sv_zone[i], wounds=self.sv_wounds[i], health=self.sv_health[i],
                            xp=self.sv_xp[i], items=[self.sv_items[i * MAXI + k] for k in range(self.sv_nitems[i])],
                            alive=bool(self.sv_alive[i]), escaped=bool(self.sv_escaped[i]),
                            searched=bool(self.sv_searched[i]), moved=bool(self.sv_moved[i]),
                            actions_left=self.sv_left[i], came_from=self.sv_came[i]) for i in range(self.ns)],
            zombies={z: [self.zombies[z * nt + t] for t in range(nt)] for z in zones
                     if any(self.zombies[z * nt + t] for t in range(nt))},
            noise={z: self.noise[z] for z in zones if self.noise[z]},
            entered=[z for z in zones if self.entered[z]],
            zone_deaths={z: self.zone_deaths[z] for z in zones if self.zone_deaths[z]},
            zone_kills={z: self.zone_kills[z] for z in zones if self.zone_kills[z]},
            zone_visits={z: self.zone_visits[z] for z in zones if self.zone_visits[z]},
            pool=[self.pool[t] for t in range(nt)],
            doors_open=self.ds_int(self.doors_open), doors_unlocked=self.ds_int(self.doors_unlocked),
            doors_ever=self.ds_int(self.doors_ever),
            held=self.m_held, holders=[self.m_holder[i] for i in range(self.nd)], broken=self.m_broken,
            bodies={i: (self.m_rises[i], [self.m_body[i * MAXI + k] for k in range(self.m_nbody[i])])
                    for i in range(self.ns) if self.m_nbody[i]},
            spawns_active=[self.spawns_active[i] for i in range(self.nsp)],
            taken=[self.taken[i] for i in range(self.nobj)], pressed=[self.pressed[i] for i in range(self.nobj)],
            obj_zone=[self.obj_zone[i] for i in range(self.nobj)],
            objective_turns=[(self.obj_order[i], self.obj_turn[self.obj_order[i]]) for i in range(self.nobj_order)],
            fired=[self.fired[i] for i in range(self.ntr)], colours=self.ds_int(self.colours), progress=self.progress,
            kills=self.kills, kills_by_type=[self.kills_by_type[t] for t in range(nt)],
            spawned_by_type=[self.spawned_by_type[t] for t in range(nt)], max_danger=self.max_danger,
            survivor_actions=self.survivor_actions, zombie_actions=self.zombie_actions,
            zdeck=[self.zdeck[i] for i in range(self.nzdeck)], zdiscard=[self.zdiscard[i] for i in range(self.nzdiscard)],
            edeck=[self.edeck[i] for i in range(self.nedeck)], ediscard=[self.ediscard[i] for i in range(self.nediscard)],
            buildings_spawned=[self.bspawned[i] for i in range(self.nbld)],
            rising=[self.rising[i] for i in range(self.nrising)], danger_level=self.danger_level(),
            steps_met=[bool(self.step_met(i)) for i in range(self.nsteps)], plan_done=self.plan_done,
            plan_start=self.plan_start,
            step_done=[self.step_done[i] for i in range(self.nsteps)],
            in_car=[self.sv_car[i] for i in range(self.ns)], car_drivers=[self.car_drv[i] for i in range(self.nobj)],
            extras=self.extras, extra_limit=self.extra_limit,
            burn=[self.sv_burn[i] for i in range(self.ns)],
            burning={p: self.fl_burn[p] for p in range(self.npieces) if self.fl_burn[p]},
            damage={p: self.sc_dmg[p] for p in range(self.npieces) if self.sc_dmg[p]} if self.sc_on else {},
            deciding=self.cb_survivor)
    # ---- bots: snapshot ----
    # A game's whole state copied as arrays (:class:`Snapshot`) and put back into any engine of
    # the same board, so a searching bot plays futures from a decision point on a scratch
    # engine while the game itself waits; a script of dice results (the reference engine's
    # ``Game.script``) that ``d6`` reads before the generator; single actions from Python.

    def _snapshot_init(self) -> None:
        self.sp_pos = 0
        self.sp_ns = 0
        self.sp_started = 0
        self.sp_taken = 0
        self.sp_limit = 0
        self.sp_resume = 0
        self.script = _ia(16)
        self.nscript = 0
        self.script_at = 0
        self.cb_trades = False

    def set_trading(self, on: bool) -> None:
        """List the trades among the legal actions of a policy deciding from outside (one
        whose ``trades`` is true, as the reference engine lists them for it)."""
        self.cb_trades = bool(on)

    def resolve(self, card: int, zone: int) -> None:
        """Resolve zombie card ``card`` of the deck for ``zone`` at the danger level of the
        game (``Game.resolve_card``)."""
        self.resolve_card(card, zone)

    def move_actions(self, s: int, c: int) -> int:
        """The actions survivor ``s`` spends to move across connection ``c`` now (the
        profile's ``move_cost``)."""
        return self.move_cost(s, c)

    # ---- OWNER: onecore: what a policy's view asks the engine ----

    def passable_doors(self, s: int) -> int:
        """The doors (bitmask) survivor ``s`` may walk through or open now: the view's
        ``door_passable`` (:class:`designer.engine.session.Position`), as a Python int on a wide
        board too (the engine's own field is then the set's number)."""
        return self.ds_int(self.door_passable(s))

    def noise_levels(self) -> dict:
        """The noise map (zone -> tokens plus one per survivor on the board), in the order the
        zombies read it: token zones in board order, then the survivors' zones in turn order."""
        k: cython.int = self.noise_map()
        i: cython.int
        return {self.nz[i]: self.nl[i] for i in range(k)}

    # ---- end onecore ----

    def set_deal(self, edeck, zdeck, obj_zone, seed) -> None:
        """Deal the game another future (a searching bot's determinization): the equipment and
        zombie decks in these orders (the same cards), the objectives in these zones, and a
        generator seeded with ``seed``."""
        i: cython.int
        for i in range(self.nedeck):
            self.edeck[i] = edeck[i]
        for i in range(self.nzdeck):
            self.zdeck[i] = zdeck[i]
        for i in range(self.nobj):
            self.obj_zone[i] = obj_zone[i]
        self.rng.seed(seed)
        self.nscript = 0
        self.script_at = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def scripted_die(self) -> cython.int:
        """The next scripted die (the script empties as it is read, as ``Game.script`` does)."""
        v: cython.int = self.script[self.script_at]
        self.script_at += 1
        if self.script_at >= self.nscript:
            self.script_at = 0
            self.nscript = 0
        return v

    def set_script(self, dice) -> None:
        """Roll ``dice`` (die results, in order) instead of the generator until they run out."""
        i: cython.int
        n: cython.int = len(dice)
        if n > len(self.script):
            self.script = _ia(n)
        for i in range(n):
            self.script[i] = dice[i]
        self.nscript = n
        self.script_at = 0

    def script_left(self) -> list:
        """The scripted dice not rolled yet."""
        i: cython.int
        return [self.script[i] for i in range(self.script_at, self.nscript)]

    @cython.cfunc
    @cython.exceptval(check=False)
    def put_ints(self, d: cython.longlong[::1], k: cython.int, a: cython.int[::1], n: cython.int) -> cython.int:
        i: cython.int
        for i in range(n):
            d[k + i] = a[i]
        return k + n

    @cython.cfunc
    @cython.exceptval(check=False)
    def get_ints(self, d: cython.longlong[::1], k: cython.int, a: cython.int[::1], n: cython.int) -> cython.int:
        i: cython.int
        for i in range(n):
            a[i] = cython.cast(cython.int, d[k + i])
        return k + n

    @cython.ccall
    def snapshot_size(self) -> cython.int:
        """The ints a snapshot of the game as it stands takes."""
        i: cython.int
        items: cython.int = 0
        for i in range(self.ns):
            items += self.sv_nitems[i]
        return (SNAP_SCALARS + 2 * self.nbld + 3 * self.nobj + self.nobj_order + 3 * self.nt + self.nsp + self.ntr
                + self.nsteps + self.nzdeck + self.nzdiscard + self.nedeck + self.nediscard + self.nset_aside
                + self.ngates + self.nc + self.nrising + 12 * self.ns + items + self.ntouched * (self.nt + 6)
                + self.nscript - self.script_at + self.eden_snap_size() + self.lnoe_snap_size() + self.car_snap_size()
                + self.ds_snap_size() + self.morts_snap_size())

    @cython.ccall
    def snapshot(self, into: Snapshot = None) -> Snapshot:
        """The whole game state as it stands (``into``: a snapshot to overwrite when it has the
        room), at a decision point of the survivors' phase or between phases."""
        i: cython.int
        j: cython.int
        t: cython.int
        z: cython.int
        nt: cython.int = self.nt
        size: cython.int = self.snapshot_size()
        snap: Snapshot = into
        if snap is None or len(snap.data) < size:
            snap = Snapshot(size)
        snap.n = size
        d: cython.longlong[::1] = snap.data
        d[0] = self.policy
        d[1] = self.turn
        d[2] = self.ns
        d[3] = self.first_player
        d[4] = cython.cast(cython.longlong, self.doors_open)
        d[5] = cython.cast(cython.longlong, self.doors_unlocked)
        d[6] = cython.cast(cython.longlong, self.doors_ever)
        d[7] = cython.cast(cython.longlong, self.colours)
        d[8] = self.progress
        d[9] = self.kills
        d[10] = self.nzdeck
        d[11] = self.nzdiscard
        d[12] = self.nedeck
        d[13] = self.nediscard
        d[14] = self.outcome
        d[15] = self.cause
        d[16] = self.survivor_actions
        d[17] = self.zombie_actions
        d[18] = self.max_danger
        d[19] = self.nrising
        d[20] = self.extra_limit
        d[21] = self.extras
        d[22] = self.plan_done
        d[23] = self.nset_aside
        d[24] = self.ntorn
        d[25] = self.house_via
        d[26] = self.nobj_order
        d[27] = self.sp_pos
        d[28] = self.sp_started
        d[29] = self.sp_taken
        d[30] = self.sp_limit
        d[31] = self.lg_cause
        d[32] = self.ntouched
        d[33] = self.nscript - self.script_at
        d[34] = self.sp_ns
        d[35] = self.turn_end
        d[36] = self.plan_start  # plans: a plan per start zone
        k: cython.int = SNAP_SCALARS
        k = self.put_ints(d, k, self.bspawned, self.nbld)
        k = self.put_ints(d, k, self.gh_marker, self.nbld)
        k = self.put_ints(d, k, self.obj_zone, self.nobj)
        k = self.put_ints(d, k, self.taken, self.nobj)
        k = self.put_ints(d, k, self.pressed, self.nobj)
        for i in range(self.nobj_order):  # the turns of the objectives taken, in the order taken
            d[k + i] = self.obj_order[i] * 65536 + self.obj_turn[self.obj_order[i]]
        k += self.nobj_order
        k = self.put_ints(d, k, self.spawns_active, self.nsp)
        k = self.put_ints(d, k, self.fired, self.ntr)
        k = self.put_ints(d, k, self.step_done, self.nsteps)
        k = self.put_ints(d, k, self.zdeck, self.nzdeck)
        k = self.put_ints(d, k, self.zdiscard, self.nzdiscard)
        k = self.put_ints(d, k, self.edeck, self.nedeck)
        k = self.put_ints(d, k, self.ediscard, self.nediscard)
        k = self.put_ints(d, k, self.set_aside, self.nset_aside)
        k = self.put_ints(d, k, self.gate_turns, self.ngates)
        k = self.put_ints(d, k, self.torn, self.nc)
        k = self.put_ints(d, k, self.script[self.script_at:], self.nscript - self.script_at)
        k = self.eden_snap(d, k)
        k = self.lnoe_snap(d, k)
        k = self.car_snap(d, k)
        k = self.ds_snap(d, k)
        k = self.morts_snap(d, k)
        snap.carry = tuple(self.gh_carry)
        for t in range(nt):
            d[k] = self.pool[t]
            d[k + 1] = self.kills_by_type[t]
            d[k + 2] = self.spawned_by_type[t]
            k += 3
        for i in range(self.nrising):
            d[k] = self.rising[i]
            k += 1
        for i in range(self.ns):
            d[k] = self.sv_zone[i]
            d[k + 1] = self.sv_wounds[i]
            d[k + 2] = self.sv_health[i]
            d[k + 3] = self.sv_xp[i]
            d[k + 4] = self.sv_nitems[i]
            d[k + 5] = self.sv_alive[i]
            d[k + 6] = self.sv_escaped[i]
            d[k + 7] = self.sv_searched[i]
            d[k + 8] = self.sv_moved[i]
            d[k + 9] = self.sv_left[i]
            d[k + 10] = self.sv_came[i]
            d[k + 11] = 0
            k += 12
            for j in range(self.sv_nitems[i]):
                d[k] = self.sv_items[i * MAXI + j]
                k += 1
        for i in range(self.ntouched):
            z = self.touched[i]
            d[k] = z
            for t in range(nt):
                d[k + 1 + t] = self.zombies[z * nt + t]
            k += 1 + nt
            d[k] = self.noise[z]
            d[k + 1] = self.zone_deaths[z]
            d[k + 2] = self.zone_kills[z]
            d[k + 3] = self.zone_visits[z]
            d[k + 4] = self.entered[z]
            k += 5
        if cython.compiled:
            for i in range(624):
                snap.mt[i] = self.rng.mt[i]
            snap.mti = self.rng.mti
        else:  # the generator's words are C only: the source keeps a copy of it
            snap.twister = self.rng.copy()
        return snap

    @cython.ccall
    def restore(self, snap: Snapshot) -> cython.void:
        """Put a snapshot's game into this engine (of the same board): the state, the
        generator's words, the position in the survivors' phase; the log stays as it is."""
        i: cython.int
        j: cython.int
        t: cython.int
        z: cython.int
        nt: cython.int = self.nt
        d: cython.longlong[::1] = snap.data
        self.reset()
        self.policy = cython.cast(cython.int, d[0])
        self.turn = cython.cast(cython.int, d[1])
        self.ns = cython.cast(cython.int, d[2])
        self.first_player = cython.cast(cython.int, d[3])
        self.doors_open = cython.cast(cython.ulonglong, d[4])
        self.doors_unlocked = cython.cast(cython.ulonglong, d[5])
        self.doors_ever = cython.cast(cython.ulonglong, d[6])
        self.colours = cython.cast(cython.ulonglong, d[7])
        self.progress = cython.cast(cython.int, d[8])
        self.kills = cython.cast(cython.int, d[9])
        self.nzdeck = cython.cast(cython.int, d[10])
        self.nzdiscard = cython.cast(cython.int, d[11])
        self.nedeck = cython.cast(cython.int, d[12])
        self.nediscard = cython.cast(cython.int, d[13])
        self.outcome = cython.cast(cython.int, d[14])
        self.cause = cython.cast(cython.int, d[15])
        self.survivor_actions = cython.cast(cython.int, d[16])
        self.zombie_actions = cython.cast(cython.int, d[17])
        self.max_danger = cython.cast(cython.int, d[18])
        self.nrising = cython.cast(cython.int, d[19])
        self.extra_limit = d[20]
        self.extras = d[21]
        self.plan_done = cython.cast(cython.int, d[22])
        self.nset_aside = cython.cast(cython.int, d[23])
        self.ntorn = cython.cast(cython.int, d[24])
        self.house_via = cython.cast(cython.int, d[25])
        self.nobj_order = cython.cast(cython.int, d[26])
        self.sp_pos = cython.cast(cython.int, d[27])
        self.sp_started = cython.cast(cython.int, d[28])
        self.sp_taken = cython.cast(cython.int, d[29])
        self.sp_limit = cython.cast(cython.int, d[30])
        self.lg_cause = cython.cast(cython.int, d[31])
        ntouched: cython.int = cython.cast(cython.int, d[32])
        nscript: cython.int = cython.cast(cython.int, d[33])
        self.sp_ns = cython.cast(cython.int, d[34])
        self.turn_end = d[35] != 0
        self.plan_for_start(cython.cast(cython.int, d[36]))  # plans: a plan per start zone
        self.sp_resume = 0
        self.cb_survivor = -1
        self.depth = 0
        k: cython.int = SNAP_SCALARS
        k = self.get_ints(d, k, self.bspawned, self.nbld)
        k = self.get_ints(d, k, self.gh_marker, self.nbld)
        k = self.get_ints(d, k, self.obj_zone, self.nobj)
        k = self.get_ints(d, k, self.taken, self.nobj)
        k = self.get_ints(d, k, self.pressed, self.nobj)
        for i in range(self.nobj):
            self.obj_turn[i] = -1
        for i in range(self.nobj_order):
            o: cython.int = cython.cast(cython.int, d[k + i] // 65536)
            self.obj_order[i] = o
            self.obj_turn[o] = cython.cast(cython.int, d[k + i] - o * 65536)
        k += self.nobj_order
        k = self.get_ints(d, k, self.spawns_active, self.nsp)
        k = self.get_ints(d, k, self.fired, self.ntr)
        k = self.get_ints(d, k, self.step_done, self.nsteps)
        k = self.get_ints(d, k, self.zdeck, self.nzdeck)
        k = self.get_ints(d, k, self.zdiscard, self.nzdiscard)
        k = self.get_ints(d, k, self.edeck, self.nedeck)
        k = self.get_ints(d, k, self.ediscard, self.nediscard)
        k = self.get_ints(d, k, self.set_aside, self.nset_aside)
        k = self.get_ints(d, k, self.gate_turns, self.ngates)
        k = self.get_ints(d, k, self.torn, self.nc)
        if nscript > len(self.script):
            self.script = _ia(nscript)
        k = self.get_ints(d, k, self.script, nscript)
        self.nscript = nscript
        self.script_at = 0
        k = self.eden_unsnap(d, k)
        k = self.lnoe_unsnap(d, k)
        k = self.car_unsnap(d, k)
        k = self.ds_unsnap(d, k)
        k = self.morts_unsnap(d, k)
        self.gh_carry = list(snap.carry)
        for t in range(nt):
            self.pool[t] = cython.cast(cython.int, d[k])
            self.kills_by_type[t] = cython.cast(cython.int, d[k + 1])
            self.spawned_by_type[t] = cython.cast(cython.int, d[k + 2])
            k += 3
        for i in range(self.nrising):
            self.rising[i] = cython.cast(cython.int, d[k])
            k += 1
        for i in range(self.ns):
            self.sv_zone[i] = cython.cast(cython.int, d[k])
            self.sv_wounds[i] = cython.cast(cython.int, d[k + 1])
            self.sv_health[i] = cython.cast(cython.int, d[k + 2])
            self.sv_xp[i] = cython.cast(cython.int, d[k + 3])
            self.sv_nitems[i] = cython.cast(cython.int, d[k + 4])
            self.sv_alive[i] = cython.cast(cython.int, d[k + 5])
            self.sv_escaped[i] = cython.cast(cython.int, d[k + 6])
            self.sv_searched[i] = cython.cast(cython.int, d[k + 7])
            self.sv_moved[i] = cython.cast(cython.int, d[k + 8])
            self.sv_left[i] = cython.cast(cython.int, d[k + 9])
            self.sv_came[i] = cython.cast(cython.int, d[k + 10])
            k += 12
            for j in range(self.sv_nitems[i]):
                self.sv_items[i * MAXI + j] = cython.cast(cython.int, d[k])
                k += 1
        for i in range(ntouched):
            z = cython.cast(cython.int, d[k])
            self.touch(z)
            for t in range(nt):
                self.zombies[z * nt + t] = cython.cast(cython.int, d[k + 1 + t])
            self.zone_total(z)
            k += 1 + nt
            self.noise[z] = cython.cast(cython.int, d[k])
            self.zone_deaths[z] = cython.cast(cython.int, d[k + 1])
            self.zone_kills[z] = cython.cast(cython.int, d[k + 2])
            self.zone_visits[z] = cython.cast(cython.int, d[k + 3])
            self.entered[z] = cython.cast(cython.int, d[k + 4])
            k += 5
        if cython.compiled:
            for i in range(624):
                self.rng.mt[i] = snap.mt[i]
            self.rng.mti = snap.mti
        else:
            self.rng = snap.twister.copy()

    def set_policy(self, policy: int) -> None:
        """Play the rest of the game with another of the engine's bots (a policy code)."""
        self.policy = policy

    def deciding(self) -> int:
        """The survivor whose activation is under way (-1 between activations)."""
        if not self.sp_started or not self.ns:
            return -1
        return (self.first_player + self.sp_pos) % self.sp_ns

    def act(self, kind: int, a: int, b: int) -> bool:
        """Play one action (kind code, two ints) for the survivor whose activation is under
        way, as the survivors' phase plays a policy's choice: an action that is not legal is a
        pass (False). Then the activation waits for the next decision."""
        si: cython.int = (self.first_player + self.sp_pos) % self.sp_ns
        na: cython.int = self.legal_actions(si)
        c: cython.int
        found: cython.int = -1
        for c in range(na):
            if self.act_kind[c] == kind and self.act_a[c] == a and self.act_b[c] == b:
                found = c
                break
        if found < 0:
            found = self.find_act(na, A_PASS)
        self.apply_action(si, found)
        self.check_victory()
        self.sp_taken += 1
        return self.act_kind[found] == kind

    def apply_one(self, si: int, kind: int, a: int, b: int) -> None:
        """Apply one action for survivor ``si`` without asking whether it is legal (a rulebook
        position played by hand: ``Game.apply``)."""
        self.act_kind[0] = kind
        self.act_a[0] = a
        self.act_b[0] = b
        self.apply_action(si, 0)

    def legal(self, si: int) -> list:
        """The legal actions of survivor ``si`` now: (kind code, a, b) each."""
        return self.action_rows(self.legal_actions(si))

    @cython.ccall
    def finish_turn(self) -> cython.void:
        """The rest of the turn from where the game stands in its survivors' phase (the
        activation under way, the survivors after it), then the zombies' phase, spawns and
        the end phase, as ``play_turn`` plays them."""
        self.sp_resume = 1
        self.survivor_phase()
        if not self.outcome:
            self.activate(self.all_types, False, False)
            self.activate(self.twice, True, False)
            self.spawn_phase()
        self.end_turn()  # eden: the fire's upkeep first, as play_turn

    @cython.ccall
    def play_turns(self, turns: cython.int) -> cython.void:
        """Whole turns until the game ends or ``turns`` turns have been played (-1: no limit)."""
        k: cython.int = 0
        while not self.outcome and (turns < 0 or k < turns):
            self.play_turn()
            k += 1
    # ---- end bots: snapshot ----

    # ---- bots: expert ----
    # The score of a play-out's end position (``expert.evaluate``, weight for weight and in the
    # same order of operations, so both engines score a position alike).

    @cython.ccall
    def evaluate(self, win: cython.double, loss: cython.double, alive: cython.double, wound: cython.double,
                 threat: cython.double, step: cython.double, plan: cython.double, kill: cython.double) -> cython.double:
        """A win (``win`` - turn), a loss (``loss`` + 10 per survivor alive), else ``step`` per
        victory step met, ``plan`` per plan step done, ``kill`` per kill, ``alive`` less
        ``wound`` per wound per survivor alive, less ``threat`` per zombie in or next to the
        zone of a survivor on the board."""
        i: cython.int
        a: cython.int
        n: cython.int = 0
        if self.outcome == 1:
            return win - self.turn
        if self.outcome:
            for i in range(self.ns):
                n += self.sv_alive[i]
            return loss + 10 * n
        score: cython.double = 0.0
        for i in range(self.nsteps):
            n += self.step_met(i)
        score += step * n
        n = 0
        for i in range(self.nplan):
            n += self.plan_step_done(i)
        score += plan * n
        score += kill * self.kills
        for i in range(self.ns):
            if self.sv_alive[i]:
                score += alive - wound * self.sv_wounds[i]
        t: cython.longlong = 0
        for i in range(self.ns):
            if self.on_board(i):
                z: cython.int = self.sv_zone[i]
                t += self.zombies_in(z)
                for a in range(self.sadj_start[z], self.sadj_start[z + 1]):
                    t += self.zombies_in(self.sadj_v[a])
        return score - threat * t
    # ---- end bots: expert ----

    # ---- OWNER: widedoors: door and colour sets ----
    # The open, unlocked and opened doors and the key colours found are sets, each held in one
    # 64-bit field. While the board has at most 62 doors and key colours (every sample) the field
    # is the set itself, a word of bits, and these helpers are the shifts they always were. On a
    # wider board ("wide") every set met is interned: the field holds a small integer, the set's
    # number in ``ds_words`` (``ds_w`` words per set, the empty set number 0), so equal sets have
    # equal numbers and the number keys the distance, sight and hazard rows as the word does on
    # small boards. The number never reaches ALL_DOORS (bit 63), the key of "every door".

    def _door_sets_init(self, t) -> None:
        bits: int = max(int(t.nd), len(t.colour_names))
        self.wide = bits > DS_SMALL
        self.ds_w = (bits + 63) // 64 if self.wide else 1
        self.ds_n = 0
        self.ds_cap = 64
        self.ds_arr = array("Q", bytes(8 * self.ds_w * self.ds_cap))
        self.ds_words = self.ds_arr
        self.ds_tmp_arr = array("Q", bytes(8 * self.ds_w))
        self.ds_tmp = self.ds_tmp_arr
        self.ds_index = {}
        if self.wide:
            self.ds_intern()  # the empty set: number 0

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.inline
    def ds_has(self, k: cython.ulonglong, i: cython.int) -> cython.bint:
        """Whether ``i`` (a door, a colour) is in the set ``k``."""
        if not self.wide:
            return (k >> i) & 1
        return (self.ds_words[k * self.ds_w + (i >> 6)] >> (i & 63)) & 1

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.inline
    def ds_add(self, k: cython.ulonglong, i: cython.int) -> cython.ulonglong:
        """The set ``k`` with ``i``."""
        if not self.wide:
            return k | (ONE << i)
        if self.ds_has(k, i):
            return k
        self.ds_load(k)
        self.ds_tmp[i >> 6] |= ONE << (i & 63)
        return self.ds_intern()

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.inline
    def ds_del(self, k: cython.ulonglong, i: cython.int) -> cython.ulonglong:
        """The set ``k`` without ``i``."""
        if not self.wide:
            return k & ~(ONE << i)
        if not self.ds_has(k, i):
            return k
        self.ds_load(k)
        self.ds_tmp[i >> 6] &= ~(ONE << (i & 63))
        return self.ds_intern()

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.inline
    def ds_or(self, a: cython.ulonglong, b: cython.ulonglong) -> cython.ulonglong:
        """The union of the sets ``a`` and ``b``."""
        if not self.wide:
            return a | b
        w: cython.int
        self.ds_load(a)
        base: cython.ulonglong = b * self.ds_w
        for w in range(self.ds_w):
            self.ds_tmp[w] |= self.ds_words[base + w]
        return self.ds_intern()

    @cython.cfunc
    @cython.exceptval(check=False)
    def ds_load(self, k: cython.ulonglong) -> cython.void:
        """Copy the words of the set ``k`` into ``ds_tmp`` (wide boards)."""
        w: cython.int
        base: cython.ulonglong = k * self.ds_w
        for w in range(self.ds_w):
            self.ds_tmp[w] = self.ds_words[base + w]

    @cython.cfunc
    def ds_intern(self) -> cython.ulonglong:
        """The number of the set in ``ds_tmp`` (a new number the first time it is met)."""
        key = self.ds_tmp_arr.tobytes()
        got = self.ds_index.get(key)
        if got is not None:
            return got
        k: cython.ulonglong = self.ds_n
        w: cython.int
        W: cython.int = self.ds_w
        if self.ds_n >= self.ds_cap:
            self.ds_cap *= 2
            bigger = array("Q", bytes(8 * W * self.ds_cap))
            bigger[:W * self.ds_n] = self.ds_arr[:W * self.ds_n]
            self.ds_words = bigger
            self.ds_arr = bigger
        for w in range(W):
            self.ds_words[k * W + w] = self.ds_tmp[w]
        self.ds_index[key] = k
        self.ds_n += 1
        return k

    def ds_int(self, k) -> int:
        """The set ``k`` as a Python int (bit ``i`` for door or colour ``i``): the form of the
        reference engine, of :meth:`state` and of :meth:`load`."""
        if not self.wide:
            return int(k)
        W: int = self.ds_w
        out = 0
        for w in range(W):
            out |= int(self.ds_words[int(k) * W + w]) << (64 * w)
        return out

    def ds_of_int(self, x) -> int:
        """The field holding the set of a Python int's bits (the inverse of :meth:`ds_int`)."""
        x = int(x)
        if not self.wide:
            if x >> DS_SMALL:
                raise ValueError(f"a door or colour set {x:#x} beyond the board's {DS_SMALL} bits")
            return x
        if x < 0 or x >> (64 * self.ds_w):
            raise ValueError(f"a door or colour set {x:#x} beyond the board's {64 * self.ds_w} bits")
        for w in range(self.ds_w):
            self.ds_tmp[w] = (x >> (64 * w)) & 0xFFFFFFFFFFFFFFFF
        return self.ds_intern()

    def ds_of_flags(self, flags, n: int) -> int:
        """The set of the ``i < n`` whose ``flags[i]`` is set."""
        x = 0
        for i in range(n):
            if flags[i]:
                x |= 1 << i
        return self.ds_of_int(x)

    @cython.cfunc
    @cython.exceptval(check=False)
    def ds_restart(self) -> cython.void:
        """Forget the sets met (between games, once they are many): the rows they key go too,
        and the board's own sets (the doors open and unlocked at start, the doors opened by
        hand) take their numbers again."""
        o0 = self.ds_int(self.door_open0)
        u0 = self.ds_int(self.door_unlocked0)
        hd = self.ds_int(self.hand_doors)
        self.ds_index.clear()
        self.ds_n = 0
        w: cython.int
        for w in range(self.ds_w):
            self.ds_tmp[w] = 0
        self.ds_intern()
        self.door_open0 = self.ds_of_int(o0)
        self.door_unlocked0 = self.ds_of_int(u0)
        self.hand_doors = self.ds_of_int(hd)
        self._forget_rows()
        self.hazard_cache.clear()

    @cython.cfunc
    @cython.exceptval(check=False)
    def wide_door_passable(self, s: cython.int) -> cython.ulonglong:
        """:meth:`door_passable` on a wide board: the words changed, then one set interned."""
        d: cython.int
        self.ds_load(self.doors_open)
        for d in range(self.nd):
            if not (self.ds_tmp[d >> 6] >> (d & 63)) & 1 and self.can_unlock(s, d):
                self.ds_tmp[d >> 6] |= ONE << (d & 63)
        return self.ds_intern()

    @cython.cfunc
    @cython.exceptval(check=False)
    def wide_after_press(self, o: cython.int) -> cython.ulonglong:
        """:meth:`after_press` on a wide board."""
        k: cython.int
        d: cython.int
        self.ds_load(self.doors_open)
        for k in range(self.pe_start[o], self.pe_start[o + 1]):
            d = self.pe_door[k]
            if self.pe_op[k] == 0:
                self.ds_tmp[d >> 6] ^= ONE << (d & 63)
            elif self.pe_op[k] == 1:
                self.ds_tmp[d >> 6] &= ~(ONE << (d & 63))
            else:
                self.ds_tmp[d >> 6] |= ONE << (d & 63)
        return self.ds_intern()

    @cython.cfunc
    @cython.exceptval(check=False)
    def ds_snap_size(self) -> cython.int:
        """The ints a snapshot gives the four sets' words on a wide board (two per word)."""
        return 8 * self.ds_w if self.wide else 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def ds_snap(self, d: cython.longlong[::1], k: cython.int) -> cython.int:
        """The words of the four sets into a snapshot (wide boards: their numbers are this
        engine's own, and a snapshot may go into another engine of the board)."""
        if not self.wide:
            return k
        j: cython.int
        w: cython.int
        x: cython.ulonglong
        for j in range(4):
            x = self.doors_open if j == 0 else self.doors_unlocked if j == 1 else self.doors_ever if j == 2 \
                else self.colours
            for w in range(self.ds_w):
                d[k] = cython.cast(cython.longlong, self.ds_words[x * self.ds_w + w] & LO32)
                d[k + 1] = cython.cast(cython.longlong, self.ds_words[x * self.ds_w + w] >> 32)
                k += 2
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def ds_unsnap(self, d: cython.longlong[::1], k: cython.int) -> cython.int:
        """The four sets back from a snapshot's words (wide boards)."""
        if not self.wide:
            return k
        j: cython.int
        w: cython.int
        x: cython.ulonglong
        for j in range(4):
            for w in range(self.ds_w):
                self.ds_tmp[w] = cython.cast(cython.ulonglong, d[k]) | (cython.cast(cython.ulonglong, d[k + 1]) << 32)
                k += 2
            x = self.ds_intern()
            if j == 0:
                self.doors_open = x
            elif j == 1:
                self.doors_unlocked = x
            elif j == 2:
                self.doors_ever = x
            else:
                self.colours = x
        return k
    # ---- end widedoors: door and colour sets ----

    # ---- lnoe: Growing Hunger's special rules on a fixed map ----
    # The rules of designer/engine/lnoe.py the typed engine plays, with the same dice; the others
    # (a board library, grave dead, heroes replenish, exploration markers, the zombie player's
    # hand) send a scenario to the reference engine (lnoe.typed_problem).

    def lnoe_init(self, t) -> None:
        self.gh = t.gh
        self.gh_markers = t.gh_markers
        self.gh_random_start = t.gh_random_start
        self.gh_roll = t.gh_roll
        self.gh_rcount = t.gh_rcount
        self.gh_rsides = t.gh_rsides
        self.gh_rbonus = t.gh_rbonus
        self.gh_well = t.gh_well
        self.gh_nsp_loss = t.gh_nsp_loss
        self.gh_pickup = t.gh_pickup
        self.it_heal = t.it_heal
        self.gh_marker = _ia(self.nbld + 1)
        self.lnoe_hand_init(t)
        self.c_fall = t.c_fall
        self.house_via = -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_start_zone(self) -> cython.int:
        """lnoe.random_building, then a zone of the building: a d6 for the board (its buildings
        in ``gh_bgrp``; without a library the whole map is one board), a d6 for the building."""
        g: cython.int = (self.d6(6) - 1) * self.gh_nbgrp // 6
        a: cython.int = self.gh_bgrp_start[g]
        ln: cython.int = self.gh_bgrp_start[g + 1] - a
        bld: cython.int = self.gh_bgrp[a + (self.d6(6) - 1) * ln // 6]
        a = self.bld_start[bld]
        return self.bld_zones[a + self.rng.randbelow(self.bld_start[bld + 1] - a)]

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_draw_town(self) -> cython.void:
        """lnoe.pick_town's two draws from the game's generator (this engine is the town they
        give: lnoe.town_engine picked it from the same seed), then the grave dead's ability."""
        i: cython.int
        if self.gh_nlib:
            self.rng.randbelow(self.gh_nlib)
            self.rng.randbelow(self.gh_nlib - 1)
        self.gh_ability = 0
        if self.gh_grave:  # "Lancez un dé au début de la partie pour déterminer la capacité spéciale"
            self.gh_ability = self.gh_ability0 if self.gh_ability0 else self.d6(6)
            if self.gh_ability == 2:
                for i in range(self.n):
                    self.gh_wounded[i] = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_lay_markers(self) -> cython.void:
        """lnoe._lay_markers: a free search marker on every building without a hero."""
        bld: cython.int
        i: cython.int
        for bld in range(self.nbld):
            self.gh_marker[bld] = 0
        if not self.gh_markers and not self.gh_explore:
            return
        for bld in range(self.nbld):
            self.gh_marker[bld] = 1
        for i in range(self.ns):
            if self.on_board(i) and self.building_of[self.sv_zone[i]] >= 0:
                self.gh_marker[self.building_of[self.sv_zone[i]]] = 0
        if self.gh_explore:  # the bag of 20 shuffled, one marker per unoccupied building
            nbag: cython.int = len(self.gh_bag0)
            for i in range(nbag):
                self.gh_bag[i] = self.gh_bag0[i]
            self.shuffle(self.gh_bag, nbag)
            i = 0
            for bld in range(self.nbld):
                if self.gh_marker[bld]:
                    self.gh_marker[bld] = self.gh_bag[i] if i < nbag else 0
                    i += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_begin_turn(self, si: cython.int) -> cython.void:
        """lnoe.action_budget: an event card that heals is played when the hero is wounded,
        then Becky's first aid."""
        i: cython.int
        self.gh_idle[si] = 0
        if not self.sv_wounds[si]:
            return
        for i in range(self.sv_nitems[si]):
            it: cython.int = self.sv_items[si * MAXI + i]
            if self.it_heal[it]:
                self.remove_item(si, i)
                self.ediscard[self.nediscard] = it
                self.nediscard += 1
                self.sv_wounds[si] -= 1
                if self.logging:
                    self.ev(L_GH_EVENT, si, it, self.sv_wounds[si], 0)
                break
        self.lnoe_first_aid(si)

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_after_move(self, si: cython.int) -> cython.void:
        """lnoe.after_move: a hero whose move ends in a building with a marker takes it."""
        bld: cython.int = self.building_of[self.sv_zone[si]]
        if bld < 0 or not self.gh_marker[bld]:
            return
        kind: cython.int = self.gh_marker[bld]
        self.gh_marker[bld] = 0
        if self.logging:
            self.ev(L_GH_MARKER, si, kind, self.sv_zone[si], 0)
        if kind == 2 or kind == 3:  # a surprise attack: 1 or 2 zombies in the hero's zone
            self.place(self.sv_zone[si], self.lnoe_normal_type(), kind - 1)
            return
        if kind == 4:  # a new hero found: one more hero card, idle this turn, never replaced
            if self.ns < MAXS:
                h: cython.int = self.lnoe_add_hero(self.sv_zone[si], 1)
                self.gh_fifth[h] = 1
                self.gh_idle[h] = 1
            return
        card: cython.int = self.lnoe_search_card(si)
        if card < 0:
            return
        if self.it_aaah[card]:
            self.ediscard[self.nediscard] = card
            self.nediscard += 1
        else:
            self.keep(si, card)

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_search_card(self, si: cython.int) -> cython.int:
        """lnoe.search_card: the building's pick-up card from the discard (well-stocked: from
        the deck, which is then shuffled) when the hero has none, else the top card."""
        bld: cython.int = self.building_of[self.sv_zone[si]]
        card: cython.int = self.gh_pickup[bld] if bld >= 0 else -1
        i: cython.int
        k: cython.int
        if card >= 0 and not self.has_item(si, card):
            for i in range(self.nediscard):
                if self.ediscard[i] == card:
                    for k in range(i, self.nediscard - 1):
                        self.ediscard[k] = self.ediscard[k + 1]
                    self.nediscard -= 1
                    if self.logging:
                        self.ev(L_GH_PICK_UP, si, card, 0, 0)
                    return card
            if self.gh_well:
                for i in range(self.nedeck):
                    if self.edeck[i] == card:
                        for k in range(i, self.nedeck - 1):
                            self.edeck[k] = self.edeck[k + 1]
                        self.nedeck -= 1
                        self.shuffle(self.edeck, self.nedeck)
                        if self.logging:
                            self.ev(L_GH_PICK_UP, si, card, 1, 0)
                        return card
        return self.draw_equipment()

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_spawn(self) -> cython.void:
        """lnoe.spawn_phase with dice: the spawn roll must beat the zombies on the board
        (skipped with autospawn, one die more with the horde), then the dice's zombies at random
        active spawning points."""
        act = self.active
        na: cython.int = 0
        i: cython.int
        k: cython.int
        for i in range(self.nsp):
            if self.spawns_active[i] and not self.sp_manhole[i]:
                act[na] = i
                na += 1
        if not na:
            return
        if self.gh_roll:
            r: cython.int = self.roll(self.gh_rcount, self.gh_rsides, self.gh_rbonus)
            on_board: cython.int = 0
            for i in range(self.ntouched):
                on_board += self.zombies_in(self.touched[i])
            if self.logging:
                self.ev(L_GH_ROLL, r, on_board, 0, 0)
            if r <= on_board:
                return
        n: cython.int = self.roll(self.mdcount, self.mdsides, self.mdbonus)
        if n >= 2 and self.gh_grave and self.pool[GRAVE_T] > 0:
            n -= 2
            gz: cython.int = self.lnoe_grave_zone(na)
            self.touch(gz)
            self.pool[GRAVE_T] -= 1
            self.zombies[gz * self.nt + GRAVE_T] += 1
            self.ztot[gz] += 1
            self.spawned_by_type[GRAVE_T] += 1
            self.zone_visits[gz] += 1
            if self.logging:
                self.ev(L_SPAWN, gz, GRAVE_T, 1, 0)
        t: cython.int = ZOMBIE_T
        for k in range(self.nt):
            if k != GRAVE_T and self.pool[k] > 0:
                t = k
                break
        for k in range(n):
            self.spawn(self.sp_zone[act[self.rng.randbelow(na)]], t, 1)

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_no_spawn_left(self) -> cython.bint:
        """lnoe.check_end: no active spawning point left (the zombies lose)."""
        i: cython.int
        for i in range(self.nsp):
            if self.spawns_active[i] and not self.sp_manhole[i]:
                return False
        return True

    # ---- lnoe: the zombie player's hand, the sun track, named heroes, Becky's first aid ----
    # lnoe.setup_game's roster and hand, lnoe.play_card / refill_hand, lnoe.turn_limit and
    # lnoe.action_budget's first aid, with the same dice.

    def lnoe_hand_init(self, t) -> None:
        self.gh_hand = t.gh_hand
        self.gh_ncards = t.gh_ncards
        self.gh_card = t.gh_card
        self.gh_endless = t.gh_endless
        self.gh_multi = t.gh_multi
        self.gh_random_hero = t.gh_random_hero
        self.gh_first_aid = t.gh_first_aid
        self.gh_becky = t.gh_becky
        self.gh_limit0 = t.turn_limit
        self.gh_sun = 0
        self.gh_handc = _ia(self.gh_hand + 1)
        self.gh_nhand = 0
        self.gh_deck = _ia(self.gh_ncards + 1)
        self.gh_ndeck = 0
        self.gh_disc = _ia(self.gh_ncards + 1)
        self.gh_ndisc = 0
        self.gh_roster = _ia(self.nheroes + 1)
        self.gh_nroster = 0
        self.gh_hero = _ia(MAXS, -1)
        self.gh_extra = t.gh_extra
        self.gh_town = t.gh_town
        self.gh_nlib = t.gh_nlib
        self.gh_nbgrp = t.gh_nbgrp
        self.gh_bgrp_start = t.gh_bgrp_start
        self.gh_bgrp = t.gh_bgrp
        self.gh_replenish = t.gh_replenish
        self.gh_to_lose = t.gh_to_lose
        self.gh_explore = t.gh_explore
        self.gh_bag0 = t.gh_bag0
        self.gh_bag = _ia(len(t.gh_bag0))
        self.gh_next = 0
        self.gh_killed = 0
        self.gh_fifth = _ia(MAXS)
        self.gh_idle = _ia(MAXS)
        self.gh_grave = t.gh_grave
        self.gh_ability0 = t.gh_ability0
        self.gh_ability = 0
        self.gh_explosive = t.gh_explosive
        self.gh_wounded = _ia(self.n + 1 if t.gh_grave else 1)
        self.gh_zs = _ia(self.n + 1 if t.gh_grave else 1)
        self.gh_names = tuple(t.gh_names)
        self.gh_carry = []
        self.gh_ncarry = 0
        self.gh_carry_new = 0
        self.gh_gone = _ia(self.nheroes + 1)
        self.gh_sbecky = _ia(MAXS)

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_roster(self) -> cython.void:
        """lnoe.setup_game: the heroes of ``setup.survivors.heroes`` in order, or shuffled
        ("Le joueur Héros sélectionne au hasard un Héros"); the sun track starts at the turn
        limit."""
        i: cython.int
        if self.gh_grave and self.logging:
            self.ev(L_GH_GRAVE, self.gh_ability, 0, 0, 0)
        for i in range(self.nheroes):
            self.gh_roster[i] = i
        if self.gh_random_hero:
            self.shuffle(self.gh_roster, self.nheroes)
        for i in range(MAXS):
            self.gh_hero[i] = -1
            self.gh_fifth[i] = 0
            self.gh_idle[i] = 0
            self.gh_sbecky[i] = 0
        if not self.gh_carry_new:  # names given for one game only
            self.gh_ncarry = 0
            self.gh_carry = []
        self.gh_carry_new = 0
        self.gh_nroster = self.nheroes
        if self.gh_ncarry:  # heroes carried in under their names leave the roster
            k: cython.int = 0
            for i in range(self.nheroes):
                if not self.gh_gone[self.gh_roster[i]]:
                    self.gh_roster[k] = self.gh_roster[i]
                    k += 1
            self.gh_nroster = k
            for i in range(self.gh_ncarry):
                self.gh_sbecky[i] = int("becky" in self.gh_carry[i].lower())
        self.gh_next = 0
        self.gh_killed = 0
        self.gh_sun = 0
        self.turn_limit = self.gh_limit0
        self.gh_nhand = 0
        self.gh_ndeck = 0
        self.gh_ndisc = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_hero(self, s: cython.int, k: cython.int) -> cython.int:
        """The named hero the ``k``-th survivor of the set-up is (lnoe._add_hero: the next of
        the roster; ``nheroes`` when none is left)."""
        if not self.gh:
            return k
        if self.gh_next >= self.gh_nroster:
            return self.nheroes
        self.gh_hero[s] = self.gh_roster[self.gh_next]
        self.gh_sbecky[s] = self.gh_becky[self.gh_hero[s]]
        self.gh_next += 1
        return self.gh_hero[s]

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_deal_hand(self) -> cython.void:
        """lnoe.setup_game: the zombie deck shuffled, the hand drawn."""
        i: cython.int
        if not self.gh_hand:
            return
        for i in range(self.gh_ncards):
            self.gh_deck[i] = i
        self.gh_ndeck = self.gh_ncards
        self.shuffle(self.gh_deck, self.gh_ndeck)
        self.lnoe_refill_hand()

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_move_sun(self, spaces: cython.int) -> cython.void:
        """lnoe.turn_limit: the sun track is the turn limit moved by the cards (at least 1)."""
        self.gh_sun += spaces
        if self.gh_limit0 >= 0:
            self.turn_limit = self.gh_limit0 + self.gh_sun if self.gh_limit0 + self.gh_sun > 1 else 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_refill_hand(self) -> cython.void:
        """lnoe.refill_hand: draw back up to the hand size; with the optional rule a card naming
        two or more heroes is discarded as it is drawn and moves the sun toward dawn."""
        guard: cython.int = 0
        while self.gh_nhand < self.gh_hand and guard < 4 * self.gh_ncards + 4:
            guard += 1
            if not self.gh_ndeck:
                if not self.gh_ndisc:
                    return
                deck = self.gh_deck
                self.gh_deck = self.gh_disc
                self.gh_disc = deck
                self.gh_ndeck = self.gh_ndisc
                self.gh_ndisc = 0
                self.shuffle(self.gh_deck, self.gh_ndeck)
            self.gh_ndeck -= 1
            card: cython.int = self.gh_deck[self.gh_ndeck]
            if self.gh_card[card] == 2 and self.gh_multi:
                self.gh_disc[self.gh_ndisc] = card
                self.gh_ndisc += 1
                self.lnoe_move_sun(-1)
                if self.logging:
                    self.ev(L_GH_CARD, card, 1, 0, 0)
                continue
            self.gh_handc[self.gh_nhand] = card
            self.gh_nhand += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_normal_type(self) -> cython.int:
        """lnoe._normal_type: the first type with zombies in the pool, not a grave dead."""
        k: cython.int
        for k in range(self.nt):
            if k != GRAVE_T and self.pool[k] > 0:
                return k
        return ZOMBIE_T

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_play_card(self) -> cython.void:
        """lnoe.play_card: the first card of the hand that does something now (one a turn),
        then the hand drawn back up."""
        pos: cython.int
        i: cython.int
        k: cython.int
        act = self.active
        for pos in range(self.gh_nhand):
            card: cython.int = self.gh_handc[pos]
            e: cython.int = self.gh_card[card]
            if e == 0 or (e == 1 and not self.gh_endless) or (e == 2 and not self.gh_multi):
                continue
            inside: cython.int = -1
            for i in range(self.ns):
                if self.on_board(i) and self.building_of[self.sv_zone[i]] >= 0:
                    inside = i
                    break
            na: cython.int = 0
            for i in range(self.nsp):
                if self.spawns_active[i] and not self.sp_manhole[i]:
                    act[na] = i
                    na += 1
            if (e == 3 and inside < 0) or (e == 4 and not na):
                continue
            if self.logging:
                self.ev(L_GH_CARD, card, 0, 0, 0)
            if e == 3:
                self.place(self.sv_zone[inside], self.lnoe_normal_type(), 1)
            elif e == 4:
                self.spawn(self.sp_zone[act[self.rng.randbelow(na)]], self.lnoe_normal_type(), 1)
            elif e == 1:
                # "Placez un Zombie de la réserve de Zombies sur chacun de leurs points
                # d'apparition [...] De plus, reculez le pion sur la piste du soleil de 2 emplacements"
                for i in range(na):
                    self.place(self.sp_zone[act[i]], self.lnoe_normal_type(), 1)
                self.lnoe_move_sun(2)
            else:
                self.lnoe_move_sun(-1)
            for k in range(pos, self.gh_nhand - 1):
                self.gh_handc[k] = self.gh_handc[k + 1]
            self.gh_nhand -= 1
            self.gh_disc[self.gh_ndisc] = card
            self.gh_ndisc += 1
            break
        self.lnoe_refill_hand()

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_after_activation(self) -> cython.void:
        """lnoe.after_activation: the zombie player plays a card of his hand."""
        if self.gh_ability == 3:
            self.lnoe_freshly_dead()
        if self.gh_nhand:
            self.lnoe_play_card()

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_first_aid(self, si: cython.int) -> cython.void:
        """Becky's first aid (optional rule: "Becky, l'infirmière, peut utiliser sa capacité
        "Premiers soins" comme une action de déplacement pour se soigner à elle-même une
        blessure sur un jet de 4+"): at the start of her turn when wounded and no zombie is in
        her zone, for one action."""
        if not self.gh_first_aid or not self.sv_wounds[si] or not self.gh_sbecky[si] or \
                self.zombies_in(self.sv_zone[si]):
            return
        roll: cython.int = self.d6(6)
        if roll >= 4:
            self.sv_wounds[si] -= 1
        if self.logging:
            self.ev(L_GH_FIRST_AID, si, roll, self.sv_wounds[si], 0)
        self.sv_left[si] -= 1

    def lnoe_result(self) -> dict:
        """lnoe.result_extra: the town and the turn limit the sun track ended at, for a game
        with a board library or a zombie hand (else nothing)."""
        if not self.gh_extra:
            return {}
        return {"town": self.gh_town, "turn_limit": self.turn_limit if self.gh_limit0 >= 0 else None}

    def lnoe_heroes(self) -> list:
        """The name ('' for none) of every survivor alive at the end, in the order of
        ``heroes_out``: a hero carried in keeps its own, a hero of the roster has its name in
        ``setup.survivors.heroes``."""
        i: cython.int
        out = []
        for i in range(self.ns):
            if self.sv_alive[i]:
                if i < self.gh_ncarry and self.gh_carry[i]:
                    out.append(self.gh_carry[i])
                else:
                    out.append(self.gh_names[self.gh_hero[i]] if self.gh_hero[i] >= 0 else "")
        return out

    def lnoe_carry(self, names) -> None:
        """The names of the heroes the next game's set-up carries in ('' for none; the next
        game only): they keep them, Becky keeps her first aid, and the roster loses them
        (lnoe._add_hero)."""
        i: cython.int
        self.gh_carry = [n or "" for n in names]
        self.gh_ncarry = len(self.gh_carry)
        self.gh_carry_new = 1
        for i in range(self.nheroes):
            self.gh_gone[i] = int(self.gh_names[i] in self.gh_carry and self.gh_names[i] != "")

    # The state of a game of Growing Hunger a snapshot keeps (:meth:`snapshot`; ``gh_marker``
    # is in its head): the sun track and the turn limit it moves, the zombie player's hand,
    # deck and discard, the roster and who is who, the fifth and idle heroes, Becky's first aid,
    # the heroes killed, the grave dead's ability and wounded ones, the heroes carried in (their
    # names go in ``Snapshot.carry``). Tables: ``gh_card``, ``gh_becky``, ``gh_bag0``,
    # ``gh_explosive``, ``gh_names``, ``gh_town``, ``gh_extra``, ``gh_to_lose``, ``gh_limit0``,
    # the library's; scratch: ``gh_bag`` (read only as the markers are laid), ``gh_zs``.

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_snap_size(self) -> cython.int:
        return (11 + self.gh_nhand + self.gh_ndeck + self.gh_ndisc + self.gh_nroster + 4 * MAXS
                + (self.n if self.gh_grave else 0) + self.nheroes)

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_snap(self, d: cython.longlong[::1], k: cython.int) -> cython.int:
        d[k] = self.gh_sun
        d[k + 1] = self.turn_limit
        d[k + 2] = self.gh_nhand
        d[k + 3] = self.gh_ndeck
        d[k + 4] = self.gh_ndisc
        d[k + 5] = self.gh_nroster
        d[k + 6] = self.gh_next
        d[k + 7] = self.gh_killed
        d[k + 8] = self.gh_ability
        d[k + 9] = self.gh_ncarry
        d[k + 10] = self.gh_carry_new
        k += 11
        k = self.put_ints(d, k, self.gh_handc, self.gh_nhand)
        k = self.put_ints(d, k, self.gh_deck, self.gh_ndeck)
        k = self.put_ints(d, k, self.gh_disc, self.gh_ndisc)
        k = self.put_ints(d, k, self.gh_roster, self.gh_nroster)
        k = self.put_ints(d, k, self.gh_hero, MAXS)
        k = self.put_ints(d, k, self.gh_fifth, MAXS)
        k = self.put_ints(d, k, self.gh_idle, MAXS)
        k = self.put_ints(d, k, self.gh_sbecky, MAXS)
        if self.gh_grave:
            k = self.put_ints(d, k, self.gh_wounded, self.n)
        return self.put_ints(d, k, self.gh_gone, self.nheroes)

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_unsnap(self, d: cython.longlong[::1], k: cython.int) -> cython.int:
        self.gh_sun = cython.cast(cython.int, d[k])
        self.turn_limit = cython.cast(cython.int, d[k + 1])
        self.gh_nhand = cython.cast(cython.int, d[k + 2])
        self.gh_ndeck = cython.cast(cython.int, d[k + 3])
        self.gh_ndisc = cython.cast(cython.int, d[k + 4])
        self.gh_nroster = cython.cast(cython.int, d[k + 5])
        self.gh_next = cython.cast(cython.int, d[k + 6])
        self.gh_killed = cython.cast(cython.int, d[k + 7])
        self.gh_ability = cython.cast(cython.int, d[k + 8])
        self.gh_ncarry = cython.cast(cython.int, d[k + 9])
        self.gh_carry_new = cython.cast(cython.int, d[k + 10])
        k += 11
        k = self.get_ints(d, k, self.gh_handc, self.gh_nhand)
        k = self.get_ints(d, k, self.gh_deck, self.gh_ndeck)
        k = self.get_ints(d, k, self.gh_disc, self.gh_ndisc)
        k = self.get_ints(d, k, self.gh_roster, self.gh_nroster)
        k = self.get_ints(d, k, self.gh_hero, MAXS)
        k = self.get_ints(d, k, self.gh_fifth, MAXS)
        k = self.get_ints(d, k, self.gh_idle, MAXS)
        k = self.get_ints(d, k, self.gh_sbecky, MAXS)
        if self.gh_grave:
            k = self.get_ints(d, k, self.gh_wounded, self.n)
        return self.get_ints(d, k, self.gh_gone, self.nheroes)

    # ---- lnoe: heroes replenish, the exploration bag ----
    # lnoe._add_hero for a hero joining during the game, lnoe.on_death, lnoe.attackable.

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_add_hero(self, zone: cython.int, cards: cython.int) -> cython.int:
        """The next hero of the roster enters ``zone`` with the starting equipment, its own
        cards and ``cards`` hero cards (an "Aaah!" card drawn is lost)."""
        i: cython.int
        s: cython.int = self.new_survivor(zone)
        for i in range(self.nstart_eq):
            self.sv_items[s * MAXI + i] = self.start_eq[i]
        self.sv_nitems[s] = self.nstart_eq
        self.gh_hero[s] = -1
        self.gh_fifth[s] = 0
        self.gh_idle[s] = 0
        self.gh_sbecky[s] = 0
        self.hero_items(s, self.lnoe_hero(s, 0))
        for i in range(cards):
            card: cython.int = self.draw_equipment()
            if card >= 0 and not self.it_aaah[card]:
                self.sv_items[s * MAXI + self.sv_nitems[s]] = card
                self.sv_nitems[s] += 1
        return s

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_on_death(self, si: cython.int) -> cython.void:
        """lnoe.on_death: a hero killed is counted; with heroes replenish the next hero enters
        in a random building ("le joueur Héros peut immédiatement tirer un nouveau Héros pour le
        remplacer"), unless it was the fifth hero, and the zombies win at ``heroes_to_lose``."""
        self.gh_killed += 1
        if not self.gh_replenish:
            return
        if self.gh_killed >= self.gh_to_lose:
            if not self.outcome:
                self.outcome = 2
                self.cause = C_SURVIVOR_DIED
                if self.logging:
                    self.ev(L_GH_KILLED, self.gh_killed, 0, 0, 0)
            return
        if self.gh_fifth[si] or self.ns >= MAXS:
            return
        zone: cython.int
        if self.nbld:
            zone = self.lnoe_start_zone()
        else:
            zone = self.start_zones[self.rng.randbelow(self.nstart)]
        h: cython.int = self.lnoe_add_hero(zone, 0)
        if self.logging:
            self.ev(L_GH_NEW_HERO, h, zone, self.gh_hero[h], 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_attackable(self, z: cython.int) -> cython.int:
        """lnoe.attackable: the first hero in the zone zombies fight, not one who joined this
        turn ("il n'a pas à combattre les Zombies qui se trouveraient dans sa case pendant ce
        tour")."""
        i: cython.int
        for i in range(self.ns):
            if self.sv_zone[i] == z and self.on_board(i) and not self.gh_idle[i]:
                return i
        return -1

    # ---- lnoe: grave dead ----
    # lnoe.zombie_dice, hit_zombie, wounded_by, zombies_moved, _grave_dead_zone, _freshly_dead.

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_zombie_die(self, t: cython.int) -> cython.int:
        """The zombie's best die: ravenous grave dead roll one more ("lancent un dé
        supplémentaire en combat")."""
        a: cython.int = self.d6(6)
        if t == GRAVE_T and self.gh_ability == 4:
            b: cython.int = self.d6(6)
            return a if a > b else b
        return a

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_hit(self, si: cython.int, zone: cython.int, t: cython.int, weapon: cython.int) -> cython.void:
        """A hero's winning hit (``weapon`` -1: fending off bare-handed): very rotten grave dead
        ignore it on 4+ except from an explosive; brainthirsty ones need two."""
        if t == GRAVE_T and self.gh_ability:
            if self.gh_ability == 1 and (weapon < 0 or not self.gh_explosive[weapon]) and self.d6(6) >= 4:
                if self.logging:
                    self.ev(L_GH_GRAVE_HIT, zone, 0, 0, 0)
                return
            if self.gh_ability == 2:
                hurt: cython.int = self.gh_wounded[zone]
                if hurt < self.zombies[zone * self.nt + GRAVE_T]:
                    self.gh_wounded[zone] = hurt + 1
                    if self.logging:
                        self.ev(L_GH_GRAVE_HIT, zone, 1, 0, 0)
                    return
                self.gh_wounded[zone] = hurt - 1
        self.kill(si, zone, t)

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_wounded(self, si: cython.int, t: cython.int) -> cython.void:
        """A zombie wins a fight: one wound; a carrier grave dead turns the hero on 5-6 ("Sur un
        résultat de 5 ou 6 le Héros est immédiatement transformé en Héros-Zombie")."""
        self.wound(si, 1)
        if t == GRAVE_T and self.gh_ability == 6 and self.on_board(si):
            if self.d6(6) >= 5:
                self.lg_cause = W_CARRIER
                self.wound(si, self.sv_health[si] - self.sv_wounds[si])
                self.lg_cause = W_ZOMBIES

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_marker_moves(self, frm: cython.int, to: cython.int, count: cython.int) -> cython.void:
        """Wounded grave dead carry their wound marker with them."""
        moved: cython.int = self.gh_wounded[frm]
        if not moved:
            return
        if count < moved:
            moved = count
        self.gh_wounded[frm] -= moved
        self.gh_wounded[to] += moved

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_grave_zone(self, na: cython.int) -> cython.int:
        """A random active spawning point; pack mentality: the zone holding zombies nearest a
        hero ("peuvent apparaître dans toute case comportant déjà au moins un Zombie")."""
        i: cython.int
        h: cython.int
        if self.gh_ability == 5:
            best: cython.int = -1
            bestd: cython.int = 0
            anyone: cython.bint = False
            for h in range(self.ns):
                if self.on_board(h):
                    anyone = True
            if anyone:
                for i in range(self.ntouched):
                    z: cython.int = self.touched[i]
                    if not self.zombies_in(z):
                        continue
                    d: cython.int = INF
                    for h in range(self.ns):
                        if self.on_board(h):
                            off: cython.longlong = self.zrow(ALL_DOORS, self.sv_zone[h])
                            x: cython.int = self.arena[off + z]
                            if x < d:
                                d = x
                    if best < 0 or d < bestd:
                        best = z
                        bestd = d
                if best >= 0:
                    return best
        return self.sp_zone[self.active[self.rng.randbelow(na)]]

    @cython.cfunc
    @cython.exceptval(check=False)
    def lnoe_freshly_dead(self) -> cython.void:
        """Freshly dead grave dead move 1d3 zones in all ("se déplacent de 1D3 au lieu d'une
        seule case"): the extra steps, toward the nearest hero, after everyone has moved."""
        i: cython.int
        k: cython.int
        nz: cython.int = 0
        nt: cython.int = self.nt
        for i in range(self.ntouched):
            if self.zombies[self.touched[i] * nt + GRAVE_T]:
                self.gh_zs[nz] = self.touched[i]
                nz += 1
        for i in range(nz):
            steps: cython.int = self.d6(3) - 1
            here: cython.int = self.gh_zs[i]
            for k in range(steps):
                if self.survivors_in(here) or not self.zombies[here * nt + GRAVE_T]:
                    break
                ntg: cython.int = self.hunt(here)
                every: cython.bint = ntg < 0
                if every:
                    ntg = -ntg - 1
                no: cython.int = self.next_steps(here, ntg, every) if ntg else 0
                if not no:
                    break
                dest: cython.int = self.options[0] if no == 1 else self.options[self.rng.randbelow(no)]
                self.move_zombies(here, dest, GRAVE_T, self.zombies[here * nt + GRAVE_T])
                if self.zombies[here * nt + GRAVE_T]:
                    break  # stopped at a closed door
                here = dest

    # ---- lnoe: Les morts aux trousses (the house profile) ----
    # profiles.House's burn, fall and break_weapon, with the same dice.

    @cython.cfunc
    @cython.exceptval(check=False)
    def house_burn(self, si: cython.int) -> cython.void:
        """A hit point lost to fire; a survivor killed by fire does not rise."""
        rising: cython.int = self.nrising
        self.lg_cause = W_FIRE
        self.wound(si, 1)
        self.lg_cause = W_ZOMBIES
        self.nrising = rising
        self.m_rises[si] = 0  # morts: a body burnt for good never rises (its belongings stay)

    @cython.cfunc
    @cython.exceptval(check=False)
    def house_fall(self, si: cython.int, c: cython.int) -> cython.void:
        """A survival roll per level fallen: 1-3 a hit point and the move stops."""
        k: cython.int
        for k in range(self.c_fall[c]):
            if self.d6(6) <= 3:
                self.lg_cause = W_FALL
                self.wound(si, 1)
                self.lg_cause = W_ZOMBIES
                self.sv_left[si] = 0
                return

    @cython.cfunc
    @cython.exceptval(check=False)
    def house_break(self, si: cython.int, weapon: cython.int) -> cython.void:
        """A melee weapon that rolled a 1 is discarded (when the survivor still holds it)."""
        i: cython.int
        if weapon < 0:
            return
        for i in range(self.sv_nitems[si]):
            if self.sv_items[si * MAXI + i] == weapon:
                self.remove_item(si, i)
                self.ediscard[self.nediscard] = weapon
                self.nediscard += 1
                if self.logging:
                    self.ev(L_BROKEN, si, weapon, 0, 0)
                return

    # ---- morts: zombie arrivals, darkness and smoke, the office's choice, the players' activations ----
    # designer/engine/arrivals.py, designer/engine/morts.py and profiles.House's can_collect /
    # can_melee / can_shoot / activation_limit, with the same dice (docs/les-morts-aux-trousses.md).

    def morts_init(self, t) -> None:
        self.m_per_player = t.m_per_player
        self.m_first_levels = t.m_first_levels
        self.m_nlv = t.m_nlv
        self.m_lv_sp_start = t.m_lv_sp_start
        self.m_lv_sp = t.m_lv_sp
        self.m_lv_z_start = t.m_lv_z_start
        self.m_lv_z = t.m_lv_z
        self.m_zone = t.m_zone
        self.m_here = _ia(self.nsp + self.n + 1)
        self.m_fx_heal = t.m_fx_heal
        self.m_fx_with_heal = t.m_fx_with_heal
        self.m_fx_draw = t.m_fx_draw
        self.m_collapse = t.m_collapse
        self.m_fresh = 0
        self.m_closable = t.m_closable
        self.m_rifle = t.m_rifle
        self.m_one_start = t.m_one_start
        self.m_one_ids = t.m_one_ids
        self.m_dkey = t.m_dkey
        self.m_ndkey = t.m_ndkey
        self.m_holder = _ia(self.nd + 1, -1)
        self.m_body = _ia(MAXS * MAXI)  # morts: looting
        self.m_nbody = _ia(MAXS)
        self.m_rises = _ia(MAXS)
        self.morts_reset()

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_arrivals(self, na: cython.int, t: cython.int) -> cython.void:
        """arrivals.spawn_arrivals: in the first turn ``mcount`` zombies per player on every
        level (an active spawn zone of the level drawn at random, else an arrival zone of the
        level); in the other turns ``mcount`` per player through an active spawn zone; only into
        zones with room (``morts_room``)."""
        p: cython.int
        lv: cython.int
        k: cython.int
        i: cython.int
        nh: cython.int
        n: cython.int
        if self.m_first_levels and self.turn == 1:
            for p in range(self.ns):
                for lv in range(self.m_nlv):
                    nh = 0
                    for k in range(self.m_lv_sp_start[lv], self.m_lv_sp_start[lv + 1]):
                        i = self.m_lv_sp[k]
                        if self.spawns_active[i] and not self.sp_manhole[i]:
                            self.m_here[nh] = i
                            nh += 1
                    if nh:
                        n = 0
                        for k in range(nh):
                            if self.morts_room(self.sp_zone[self.m_here[k]]):
                                self.m_here[n] = self.m_here[k]
                                n += 1
                        if n:
                            self.spawn(self.sp_zone[self.m_here[self.rng.randbelow(n)]], t, self.mcount)
                    else:
                        n = 0
                        for k in range(self.m_lv_z_start[lv], self.m_lv_z_start[lv + 1]):
                            if self.morts_room(self.m_lv_z[k]):
                                self.m_here[n] = self.m_lv_z[k]
                                n += 1
                        if n:
                            self.spawn(self.m_here[self.rng.randbelow(n)], t, self.mcount)
            return
        if self.m_per_player:
            for p in range(self.ns):
                n = 0
                for k in range(na):
                    if self.morts_room(self.sp_zone[self.active[k]]):
                        self.m_here[n] = self.active[k]
                        n += 1
                if n:
                    self.spawn(self.sp_zone[self.m_here[self.rng.randbelow(n)]], t, self.mcount)
            return
        for i in range(na):
            self.spawn(self.sp_zone[self.active[i]], t, self.mcount)

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_room(self, z: cython.int) -> cython.bint:
        """arrivals.has_room: a breakthrough zone, or one holding fewer than its max_zombies."""
        return self.breakthrough[z] != 0 or self.zombies_in(z) < self.max_z[z]

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_players(self) -> cython.int:
        """House.activation_limit: the players who have not escaped, dead ones too (at least one)."""
        i: cython.int
        n: cython.int = 0
        for i in range(self.ns):
            if not self.sv_escaped[i]:
                n += 1
        return n if n > 1 else 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_heal_or_draw(self, e: cython.int, actor: cython.int) -> cython.void:
        """morts.heal_or_draw: a wounded survivor heals and draws ``m_fx_with_heal`` cards, an
        unhurt one draws ``m_fx_draw``; an "Aaah!" card goes to the discard pile."""
        k: cython.int
        if actor < 0 or not self.on_board(actor):
            return
        healed: cython.int = min(self.m_fx_heal[e], self.sv_wounds[actor])
        self.sv_wounds[actor] -= healed
        got: cython.int = 0
        for k in range(self.m_fx_with_heal[e] if healed else self.m_fx_draw[e]):
            card: cython.int = self.draw_equipment()
            if card < 0:
                break
            if self.it_aaah[card]:
                self.ediscard[self.nediscard] = card
                self.nediscard += 1
                continue
            self.keep(actor, card)
            got += 1
        if self.logging:
            self.ev(L_HEAL_OR_DRAW, actor, healed, got, 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_collapse(self, si: cython.int) -> cython.bint:
        """morts.collapse: 4-6 dodges (the movement ends), 1-3 falls through the zone's drop into
        the zone below, with the drop's survival rolls; True when the survivor fell."""
        z: cython.int = self.sv_zone[si]
        c: cython.int = self.m_collapse[z]
        if self.d6(6) >= 4:
            self.sv_left[si] = 0
            if self.logging:
                self.ev(L_COLLAPSE, si, z, -1, 0)
            return False
        below: cython.int = self.c_to[c]
        if self.logging:
            self.ev(L_COLLAPSE, si, z, below, 0)
        self.sv_came[si] = z
        self.sv_zone[si] = below
        self.enter_zone(si, below)
        self.house_fall(si, c)
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_can_shoot(self, z: cython.int, v: cython.int, dist: cython.int) -> cython.bint:
        """House.can_shoot: no shot from smoke, into smoke or next to it, into an unlit zone; from
        the dark only into an adjacent zone."""
        if self.m_zone[z] & M_SMOKE or self.m_zone[v] & (M_NEAR_SMOKE | M_UNLIT):
            return False
        return dist <= 1 or not self.m_zone[z] & M_UNLIT

    # ---- OWNER: morts: doors closed by a survivor, broken by survivors and zombies ----
    # designer/engine/morts.py's held_against, close_door, break_door and zombies_break_door, with
    # the same dice (docs/les-morts-aux-trousses.md).

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_reset(self) -> cython.void:
        i: cython.int
        self.m_held = 0
        self.m_broken = 0
        for i in range(self.nd):
            self.m_holder[i] = -1
        for i in range(MAXS):  # morts: looting
            self.m_nbody[i] = 0
            self.m_rises[i] = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_held_against(self, s: cython.int, d: cython.int) -> cython.bint:
        """morts.held_against: door ``d`` was closed by another survivor and ``s`` holds no key
        of its lock."""
        if not (self.m_held >> d) & 1 or self.m_holder[d] == s:
            return False
        if self.lock_kind[d] == 1 and (self.colours >> self.lock_val[d]) & 1:
            return False
        if self.lock_kind[d] == 2 and self.has_item(s, self.lock_val[d]):
            return False
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_close(self, si: cython.int, d: cython.int) -> cython.void:
        bit: cython.ulonglong = ONE << d
        self.doors_open &= ~bit
        self.m_held |= bit
        self.m_holder[d] = si
        if self.logging:
            self.ev(L_DOOR_CLOSED, si, d, 0, 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_broken(self, d: cython.int, actor: cython.int) -> cython.void:
        self.m_broken |= ONE << d
        self.open_door(d, actor)

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_break(self, si: cython.int, d: cython.int) -> cython.void:
        """morts.break_door: with a rifle 4-6 breaks the door, a 1 jams the gun; else the
        survivor's d6 + best melee damage (-1 in the dark) against the door's d6 + 2, a loss
        ending the movement, a 1 breaking the weapon."""
        roll: cython.int
        won: cython.bint
        if self.m_rifle >= 0 and self.has_item(si, self.m_rifle):
            roll = self.d6(6)
            won = roll >= 4
            if self.logging:
                self.ev(L_DOOR_BREAK, si, d, won, 0)
            if won:
                self.morts_broken(d, si)
            elif roll == 1:
                self.sv_left[si] = 0
                if self.logging:
                    self.ev(L_JAMMED, si, self.m_rifle, 0, 0)
            return
        weapon: cython.int = self.best_melee(si)
        roll = self.d6(6)
        mine: cython.int = roll + (self.it_damage[weapon] if weapon >= 0 else 0) - (1 if self.dark[self.sv_zone[si]] else 0)
        won = mine > self.d6(6) + M_DOOR_BONUS
        if self.logging:
            self.ev(L_DOOR_BREAK, si, d, won, 0)
        if won:
            self.morts_broken(d, si)
        else:
            self.sv_left[si] = 0
        if roll == 1:
            self.house_break(si, weapon)

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_zombies_break(self, z: cython.int, dest: cython.int, count: cython.int) -> cython.void:
        """morts.zombies_break_door: no survivor in their zone, the closed breakable door toward
        ``dest``: d6 + min(count - 1, 2) against the door's d6 + 2."""
        a: cython.int
        c: cython.int
        d: cython.int = -1
        if self.survivors_in(z):
            return
        for a in range(self.zadj_start[z], self.zadj_start[z + 1]):
            c = self.zadj_c[a]
            if self.zadj_v[a] == dest and self.zadj_ok[a] and self.c_door[c] >= 0 and \
                    not (self.doors_open >> self.c_door[c]) & 1:
                d = self.c_door[c]
                break
        if d < 0 or not self.door_breakable[d]:
            return
        mine: cython.int = self.d6(6) + (count - 1 if count < 3 else 2)
        won: cython.bint = mine > self.d6(6) + M_DOOR_BONUS
        if self.logging:
            self.ev(L_ZOMBIES_BREAK, z, d, won, 0)
        if won:
            self.morts_broken(d, -1)

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_close_behind(self, si: cython.int, na: cython.int) -> cython.int:
        """casual.close_behind: the door the survivor came through this turn, closed when the
        zone it left holds zombies and no other survivor; -1 when none."""
        i: cython.int
        c: cython.int
        if not self.sv_moved[si]:
            return -1
        back: cython.int = self.sv_came[si]
        if back < 0 or not self.zombies_in(back) or self.survivors_in(back):
            return -1
        for i in range(na):
            if self.act_kind[i] == A_CLOSE:
                c = self.door_conn[self.act_a[i]]
                if self.c_from[c] == back or self.c_to[c] == back:
                    return i
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_snap_size(self) -> cython.int:
        return 2 + self.nd + 2 * MAXS + MAXS * MAXI

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_snap(self, d: cython.longlong[::1], k: cython.int) -> cython.int:
        """The doors closed by a survivor, who closed each, the doors broken."""
        d[k] = cython.cast(cython.longlong, self.m_held)
        d[k + 1] = cython.cast(cython.longlong, self.m_broken)
        k = self.put_ints(d, k + 2, self.m_holder, self.nd)
        k = self.put_ints(d, k, self.m_nbody, MAXS)  # morts: looting
        k = self.put_ints(d, k, self.m_rises, MAXS)
        return self.put_ints(d, k, self.m_body, MAXS * MAXI)

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_unsnap(self, d: cython.longlong[::1], k: cython.int) -> cython.int:
        self.m_held = cython.cast(cython.ulonglong, d[k])
        self.m_broken = cython.cast(cython.ulonglong, d[k + 1])
        k = self.get_ints(d, k + 2, self.m_holder, self.nd)
        k = self.get_ints(d, k, self.m_nbody, MAXS)  # morts: looting
        k = self.get_ints(d, k, self.m_rises, MAXS)
        return self.get_ints(d, k, self.m_body, MAXS * MAXI)

    # ---- end morts: doors ----

    # ---- OWNER: morts: the office's two keys, one drawn at random (an item objective's one_of) ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_drawn(self, si: cython.int, o: cython.int) -> cython.int:
        """The item drawn with equal odds among objective ``o``'s item and its ``one_of``."""
        n: cython.int = 1 + self.m_one_start[o + 1] - self.m_one_start[o]
        k: cython.int = self.rng.randbelow(n)
        it: cython.int = self.obj_item[o] if k == 0 else self.m_one_ids[self.m_one_start[o] + k - 1]
        if self.logging:
            self.ev(L_ITEM_DRAWN, si, o, it, 0)
        return it

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_lost(self) -> cython.ulonglong:
        """Doors no survivor will open any more because the draw went the other way (bit mask,
        narrow boards): still locked, their lock's item one that a draw (``one_of``) may give
        (``morts.drawn_locks``), no objective left untaken gives it and no survivor on the board
        holds it. The bots pass over a plan's opening of such a door and no longer head for a
        zone behind it (the office's keys: the one drawn opens one bunker)."""
        d: cython.int
        o: cython.int
        k: cython.int
        i: cython.int
        it: cython.int
        mask: cython.ulonglong = 0
        if not self.m_ndkey or self.wide:
            return mask
        for d in range(self.nd):
            it = self.m_dkey[d]
            if it < 0 or self.ds_has(self.doors_unlocked, d):
                continue
            left: cython.bint = False
            for o in range(self.nobj):
                if self.obj_kind[o] != O_ITEM or self.taken[o]:
                    continue
                if self.obj_item[o] == it:
                    left = True
                for k in range(self.m_one_start[o], self.m_one_start[o + 1]):
                    if self.m_one_ids[k] == it:
                        left = True
            if left:
                continue
            for i in range(self.ns):
                if (self.on_board(i) and self.has_item(i, it)) or self.morts_body_has(i, it):
                    left = True
                    break
            if not left:
                mask |= ONE << d
        return mask

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.inline
    def morts_reach(self, mask: cython.ulonglong) -> cython.ulonglong:
        """The door set ``mask`` without the doors of :meth:`morts_lost` (narrow boards with a
        drawn key only; any other board's set is returned as it is)."""
        if not self.m_ndkey or self.wide:
            return mask
        return mask & ~self.morts_lost()

    # ---- end morts: the office's two keys ----

    # ---- OWNER: morts: looting a dead survivor's belongings ----
    # "If a survivor is killed at range from an adjacent room, or by a zombie, or by an event: his
    # belongings may be recovered like an object token"; "When you rise as a zombie, if you still
    # have your objects, you keep them without using them" (docs/les-morts-aux-trousses.md).

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_lay(self, si: cython.int) -> cython.void:
        """A house survivor's death: its items lie by its body (not discarded); the body rises
        at the next zombie phase unless fire destroyed it (house_burn clears ``m_rises``)."""
        i: cython.int
        n: cython.int = self.sv_nitems[si]
        for i in range(n):
            self.m_body[si * MAXI + i] = self.sv_items[si * MAXI + i]
        self.m_nbody[si] = n
        self.m_rises[si] = 1
        self.sv_nitems[si] = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_rise(self) -> cython.void:
        """The bodies that rise keep their belongings: out of the game (the engine's zombies are
        not individuals, so nobody takes them back), to the discard pile."""
        i: cython.int
        j: cython.int
        for i in range(self.ns):
            if self.m_rises[i]:
                for j in range(self.m_nbody[i]):
                    self.ediscard[self.nediscard] = self.m_body[i * MAXI + j]
                    self.nediscard += 1
                self.m_nbody[i] = 0
                self.m_rises[i] = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_body_has(self, b: cython.int, it: cython.int) -> cython.bint:
        j: cython.int
        for j in range(self.m_nbody[b]):
            if self.m_body[b * MAXI + j] == it:
                return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_loot_acts(self, z: cython.int, k: cython.int) -> cython.int:
        """A loot action per dead survivor of zone ``z`` whose belongings lie there."""
        b: cython.int
        for b in range(self.ns):
            if self.m_nbody[b] and not self.sv_alive[b] and self.sv_zone[b] == z:
                k = self.push_act(k, A_LOOT, b, 0)
        return k

    @cython.cfunc
    @cython.exceptval(check=False)
    def morts_loot(self, si: cython.int, b: cython.int) -> cython.void:
        """Survivor ``si`` takes every item of dead survivor ``b`` (one action, like an object
        token); a full hand discards its worst card as a search's draw does."""
        j: cython.int
        it: cython.int
        n: cython.int = self.m_nbody[b]
        self.m_nbody[b] = 0
        for j in range(n):
            it = self.m_body[b * MAXI + j]
            if self.logging:
                self.ev(L_LOOT, si, b, it, 0)
            self.keep(si, it)

    # ---- end OWNER: morts ----

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
        self.vp_scores = IntBuf()
        self.res_rows = IntBuf()
        # speed: the generators of four games in a row are seeded together (Twister.seed4:
        # the same words, four dependent chains side by side); the engine's own generator
        # plays the last games of the batch and ends in the last game's state, as before
        own: Twister = self.rng
        r0: Twister = self.rng_four[0]
        r1: Twister = self.rng_four[1]
        r2: Twister = self.rng_four[2]
        r3: Twister = self.rng_four[3]
        four: cython.int = count - count % 4
        for g in range(count):
            seed: cython.ulonglong = seeds[g]
            seed_col[g] = seed
            if g < four:
                if g % 4 == 0:
                    r0.seed4(seed, r1, seeds[g + 1], r2, seeds[g + 2], r3, seeds[g + 3])
                self.rng = r0 if g % 4 == 0 else r1 if g % 4 == 1 else r2 if g % 4 == 2 else r3
                self.rng_ready = True
            else:
                self.rng = own
            self.play_one(seed, policy, survivors, None)
            self.eden_record()
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
            for t in range(self.nt):  # per record column (a berserker counts as its standard type)
                row[k + self.rec_col[t]] += self.kills_by_type[t]
            k += self.nrec
            row[k] = spawned
            k += 1
            for t in range(self.nt):
                row[k + self.rec_col[t]] += self.spawned_by_type[t]
            k += self.nrec
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
        if self.rng is not own:  # speed: the engine's generator in the last game's state
            own.copy_from(self.rng)
            self.rng = own
        self.rng_ready = False
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
