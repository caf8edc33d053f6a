"""The game state: small, plain and cheap to copy.

Everything that changes during a game lives here as ints and short lists: zombies per zone and
type, noise, survivors, doors, spawns, objectives, decks and the random generator
(:class:`designer.engine.rng.Twister`). A state can be
built by hand (place survivors, zombies, noise, open doors) to reproduce a rulebook example, then
one phase stepped with :class:`designer.engine.game.Game`.
"""

from __future__ import annotations

from typing import Any

from ..rules.zombies import ZINDEX, ZTYPES
from .rng import Twister

__all__ = ["GameState", "INF", "Survivor", "ZoneCounts", "ZoneRows"]

INF = 1 << 20
"""Distance to a zone that cannot be reached (and capacity of a zone without a limit)."""


class Survivor:
    """One survivor (hero)."""

    __slots__ = ("index", "zone", "wounds", "health", "xp", "items", "alive", "escaped",
                 "searched", "moved", "actions_left", "acted", "came_from", "burn")

    def __init__(self, index: int, zone: int, health: int, items: list[str] | None = None):
        self.index = index
        self.zone = zone
        self.wounds = 0
        self.health = health
        self.xp = 0
        self.items: list[str] = list(items or [])
        self.alive = True
        self.escaped = False
        self.searched = False
        self.moved = False
        self.actions_left = 0
        self.acted = 0
        self.came_from = -1
        """The zone this survivor last moved from (a security zone pushes it back there)."""
        self.burn = 0
        """Burn markers (Eden's Brûlure: flammable scenery, docs/terrain.md)."""

    @property
    def on_board(self) -> bool:
        return self.alive and not self.escaped

    def copy(self) -> "Survivor":
        c = Survivor.__new__(Survivor)
        for k in self.__slots__:
            setattr(c, k, getattr(self, k))
        c.items = list(self.items)
        return c

    def __repr__(self) -> str:
        state = "dead" if not self.alive else "escaped" if self.escaped else f"zone {self.zone}"
        return f"Survivor({self.index}, {state}, wounds={self.wounds}/{self.health}, xp={self.xp}, items={self.items})"


class ZoneRows(dict):
    """``zombies[zone][type]`` for every zone of the board, a zone's row made the first time it
    is used: a new game costs nothing per zone of the map. Reads like a list of rows (``len``,
    iteration in zone order, ``[zone][type]``)."""

    __slots__ = ("n", "width")

    def __init__(self, n: int, width: int):
        super().__init__()
        self.n = n
        self.width = width

    def __missing__(self, zone: int) -> list[int]:
        if not isinstance(zone, int) or not 0 <= zone < self.n:
            raise IndexError(f"zone index {zone!r} out of range 0-{self.n - 1}")
        row = self[zone] = [0] * self.width
        return row

    def __len__(self) -> int:
        return self.n

    def __iter__(self):
        return (self[z] for z in range(self.n))

    def rows(self) -> list[list[int]]:
        """Every zone's row as a plain list of lists (no row is made)."""
        zero = [0] * self.width
        return [dict.get(self, z) or zero[:] for z in range(self.n)]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ZoneRows):
            other = other.rows()
        if isinstance(other, (list, tuple)):
            return self.rows() == list(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> "ZoneRows":
        c = ZoneRows(self.n, self.width)
        dict.update(c, {z: row[:] for z, row in dict.items(self)})
        return c


class ZoneCounts(dict):
    """A count per zone of the board (noise tokens, deaths, kills, zombie visits), stored only
    for the zones that have one: reads and writes like a list of ``n`` counts (a zone without
    one counts 0; ``len``, iteration in zone order, ``counts[zone] += 1``), so a new game costs
    nothing per zone of the map."""

    __slots__ = ("n",)

    def __init__(self, n: int):
        super().__init__()
        self.n = n

    def __missing__(self, zone: int) -> int:
        if not isinstance(zone, int) or not 0 <= zone < self.n:
            raise IndexError(f"zone index {zone!r} out of range 0-{self.n - 1}")
        return 0

    def __len__(self) -> int:
        return self.n

    def __iter__(self):
        get = dict.get
        return (get(self, z, 0) for z in range(self.n))

    def counts(self) -> list[int]:
        """Every zone's count as a plain list."""
        return list(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ZoneCounts):
            other = other.counts()
        if isinstance(other, (list, tuple)):
            return self.counts() == list(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> "ZoneCounts":
        c = ZoneCounts(self.n)
        dict.update(c, dict.items(self))
        return c


class GameState:
    """Everything that changes during one game."""

    def __init__(self, board: Any, seed: int):
        """A state for ``board`` (a :class:`designer.engine.board.Board`)."""
        n = board.n
        self.seed = seed
        self.rng = Twister(seed)
        """The game's generator (draws exactly what ``random.Random(seed)`` draws)."""
        self.turn = 1
        self.zombies: ZoneRows = ZoneRows(n, len(ZTYPES))
        """Zombies per zone and type: ``zombies[zone][type]``."""
        self.pool: list[int] = [0] * len(ZTYPES)
        """Miniatures left in the box per type."""
        self.noise: ZoneCounts = ZoneCounts(n)
        """Noise tokens per zone (survivors count as noise on top of these)."""
        self.survivors: list[Survivor] = []
        self.first_player = 0
        self.doors_open = board.door_open0
        self.doors_unlocked = board.door_unlocked0
        self.doors_ever = 0
        # ---- morts: doors closed by a survivor ----
        self.held = 0
        """Doors a survivor closed (bit mask): only it, or a key holder, opens them again."""
        self.holders: tuple[int, ...] = (-1,) * len(getattr(board, "door_ids", ()))
        """Per door, the survivor who closed it last (-1: none); a tuple, so a copy shares it safely."""
        self.broken = 0
        """Doors broken by survivors or zombies (bit mask): they stay open."""
        self.buildings_spawned = 0
        self.torn = 0
        self.damage: dict[int, int] = {}
        """Attacks each piece of scenery has taken (destruction(x); piece numbering of
        ``rules.terrain.TerrainTables``)."""
        self.destroyed = 0
        """Pieces of scenery destroyed (bit mask over pieces)."""
        self.burning: dict[int, int] = {}
        """Burn markers on each burning piece of flammable scenery (piece -> markers, at least 1)."""
        self.gate_turns: dict[str, int] = {}
        """Quarter turns of each rotating gate (by gate zone id) since the start."""
        """Barbed-wire fences an abomination has torn down (bit mask over connection indices)."""
        # ---- zombicide: driving cars ----
        self.in_car: dict[int, int] = {}
        """Survivors in a car: survivor index -> the car (objective index)."""
        self.drivers: dict[int, int] = {}
        """Cars with a survivor in the driver's seat: car -> survivor index."""
        self.spawns_active = board.spawn_active0
        self.obj_zone = list(board.obj_zone0)
        self.taken = 0
        self.pressed = 0
        self.fired = 0
        self.entered = 0
        self.colours: set[str] = set()
        self.kills = 0
        self.kills_by_type = [0] * len(ZTYPES)
        self.spawned_by_type = [0] * len(ZTYPES)
        self.zdeck: list[int] = []
        self.zdiscard: list[int] = []
        self.edeck: list[str] = []
        self.ediscard: list[str] = []
        self.set_aside: list[str] = []
        """Cards set aside at set-up, handed out by 'give_card' effects."""
        self.progress = 0
        self.outcome = ""
        self.cause = ""
        self.objective_turns: dict[str, int] = {}
        self.survivor_actions = 0
        self.zombie_actions = 0
        self.max_danger = 0
        self.zone_deaths = ZoneCounts(n)
        self.zone_kills = ZoneCounts(n)
        self.zone_visits = ZoneCounts(n)
        self.rising: list[int] = []
        """Zones where dead survivors rise as zombies next turn (house rules)."""
        self.tracked = False
        """Whether the zones below are kept (a game's own set-up keeps them): the engine then
        visits only them, so a game costs what it touches, not the size of the map. A state set
        up by hand, whose lists may be written directly, is scanned zone by zone."""
        self.haunted: set[int] = set()
        """Zones that have held a zombie or seen a death this game."""
        self.noisy: set[int] = set()
        """Zones with noise tokens since the last end phase."""

    # -- building a state by hand --------------------------------------------------------------

    def place_zombies(self, zone: int, ztype: str | int, count: int = 1, from_pool: bool = True) -> None:
        """Put zombies in a zone (taken from the pool when ``from_pool``)."""
        t = ZINDEX[ztype] if isinstance(ztype, str) else ztype
        self.zombies[zone][t] += count
        self.haunted.add(zone)
        if from_pool:
            self.pool[t] -= count

    def add_survivor(self, zone: int, health: int = 2, items: list[str] | None = None) -> Survivor:
        """Put a survivor in a zone."""
        s = Survivor(len(self.survivors), zone, health, items)
        self.survivors.append(s)
        return s

    # -- queries ---------------------------------------------------------------------------------

    def zombies_in(self, zone: int) -> int:
        return sum(self.zombies[zone])

    def survivors_in(self, zone: int) -> list[Survivor]:
        return [s for s in self.survivors if s.zone == zone and s.alive and not s.escaped]

    def living(self) -> list[Survivor]:
        return [s for s in self.survivors if s.alive and not s.escaped]

    def add_noise(self, zone: int, tokens: int = 1) -> None:
        """Leave noise tokens in a zone."""
        self.noise[zone] += tokens
        self.noisy.add(zone)

    def clear_noise(self) -> None:
        """The end phase: every noise token is removed."""
        dict.clear(self.noise)
        self.noisy.clear()

    def zombie_zones(self) -> list[int] | range:
        """Zones that may hold zombies (or a count of the record), in board order: those the game
        touched, or every zone of a state set up by hand."""
        return sorted(self.haunted) if self.tracked else range(len(self.zombies))

    def noise_zones(self) -> list[int] | range:
        """Zones that may hold noise tokens, in board order."""
        return sorted(self.noisy) if self.tracked else range(len(self.noise))

    def zombies_on_board(self, ztype: int) -> int:
        return sum(z[ztype] for z in self.zombies)

    def copy(self) -> "GameState":
        """An independent copy (the random generator included)."""
        c = GameState.__new__(GameState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c.zombies = self.zombies.copy()
        c.pool = self.pool[:]
        c.noise = self.noise.copy()
        c.survivors = [s.copy() for s in self.survivors]
        c.obj_zone = self.obj_zone[:]
        c.colours = set(self.colours)
        c.kills_by_type = self.kills_by_type[:]
        c.spawned_by_type = self.spawned_by_type[:]
        c.zdeck, c.zdiscard = self.zdeck[:], self.zdiscard[:]
        c.edeck, c.ediscard = self.edeck[:], self.ediscard[:]
        c.set_aside = self.set_aside[:]
        c.gate_turns = dict(self.gate_turns)
        c.in_car, c.drivers = dict(self.in_car), dict(self.drivers)
        c.damage = dict(self.damage)
        c.burning = dict(self.burning)
        c.objective_turns = dict(self.objective_turns)
        c.zone_deaths, c.zone_kills, c.zone_visits = self.zone_deaths.copy(), self.zone_kills.copy(), \
            self.zone_visits.copy()
        c.rising = self.rising[:]
        c.haunted, c.noisy = set(self.haunted), set(self.noisy)
        extra = self.__dict__.get("lnoe")
        if extra is not None:  # a profile's own rules state (Last Night on Earth)
            c.lnoe = extra.copy()
        return c
