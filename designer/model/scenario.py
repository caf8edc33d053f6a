"""The scenario model: the single source of truth for a mission's map, furniture, rules and goals.

A scenario file holds only what a designer decides. Everything derived (distances, which zones
form a building, who can reach what) is computed by the checks and the engine.

Polymorphic parts are tagged unions on a ``kind`` field: connections, locks, objectives, trigger
events, trigger effects, victory conditions and spawn methods.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import islice
from typing import Annotated, Any, Iterator, Literal, Union

from pydantic import Field, model_validator

from .common import Colour, Id, Model, Position, Tagged, ZombieType
from .references import TARGETS, iter_references
from .lnoe import LnoeSetup, TownLibrary
from .special_rules import KnownRuleId
from .resources import GainResource, SpendResource
from .terrain import SetFire, Terrain

__all__ = [
    "BUILDING_KINDS",
    "CONDITION_KINDS",
    "SCHEMA_VERSION",
    "WALLED_KINDS",
    "Connection",
    "Effect",
    "Event",
    "Objective",
    "ReferenceProblem",
    "ReferenceProblems",
    "RULE_OVERRIDES",
    "Scenario",
    "VictoryCondition",
    "Zone",
]

SCHEMA_VERSION = 1
"""The version of the scenario format written by this release."""

MAX_ZONES = 50_000
MAX_CONNECTIONS = 200_000
MAX_ITEMS = 10_000
MAX_REFERENCE_PROBLEMS = 100
"""Broken references listed for one file; a file with more is reported after the first ones
(a generated map with 200,000 dangling connections gets a short answer, fast)."""

# --------------------------------------------------------------------------------------------
# Zones

ZoneKind = Literal[
    "street", "room", "corridor", "cell", "tower", "security", "gate", "extra", "elevator"
]

BUILDING_KINDS: frozenset[str] = frozenset({"room", "cell", "extra", "security", "gate", "elevator"})
"""Zone kinds that lie inside a building: opening the first door of a building spawns zombies in
each of its zones (Zombicide, chapter 6), and sight inside a building goes one zone.

Corridors are not among them: "Le Tessere Prigione contengono dei Corridoi Interni che vengono
considerati come Strade a tutti gli effetti" (Zombicide: Prison Outbreak, chapter 10,
*Corridoi*: the inner corridors of the prison tiles count as streets in every respect; they
cannot be searched). Cells ("Le Celle sono considerate come Zone di un Edificio") and security
zones ("Le Zone di Sicurezza sono Zone degli Edifici") are building zones; extra zones are
building-like zones placed anywhere; the rotating gate and an elevator car are counted with the
building they belong to. Towers stand apart: they are climbed by ladder and never spawn."""

WALLED_KINDS: frozenset[str] = frozenset({"room", "cell", "extra"})
"""Building zones that meet the street only through a door (the ``building-without-door``
check); security zones, gates and elevator cars sit in passages and may open onto corridors."""


class ZoneFlags(Model):
    """Special properties of a zone. All default to off."""

    searchable: bool | None = None
    """Whether survivors may search here. Leave empty to follow the zone kind: rooms and extra
    zones can be searched, streets, corridors, cells, towers, security zones and gates cannot."""
    dark: bool = False
    """Dark zone (Les morts aux trousses basement): movement is cut and nothing can be collected."""
    fire: bool = False
    """Burning zone: zombies never enter it; a survivor crossing it loses one health."""
    smoke: bool = False
    """Smoke-filled zone: no combat, no shooting into or next to it."""
    no_spawn: bool = False
    """Zombies may never spawn here."""
    breakthrough: bool = False
    """Breakthrough zone (blue floor): it may take more zombies than its capacity, the overflow
    is pushed into a neighbouring zone."""
    collapse: bool = False
    """Les morts aux trousses: a floor that gives way under the first survivor who steps on it.
    The survivor rolls to dodge (4-6: the movement ends there), else falls through the zone's
    first drop connection, with the drop's survival rolls."""


class Capacity(Model):
    """How many figures a zone may hold. Empty means no limit."""

    max_zombies: int | None = Field(default=None, ge=0, le=1000)
    """Largest number of zombies allowed in the zone (Les morts aux trousses: 3)."""
    max_survivors: int | None = Field(default=None, ge=0, le=100)
    """Largest number of survivors allowed in the zone at once (an elevator car: 1)."""


class Zone(Model):
    """A zone of the map: a room, a stretch of street, a corridor, a tower..."""

    id: Id
    """Identifier used by every reference to this zone (for example 'B2')."""
    name: str = Field(default="", max_length=200)
    """Name shown on the map and in messages (defaults to the id)."""
    kind: ZoneKind = "street"
    """What the zone is: street (open air, long sight lines), room (building zone), corridor
    (street-like inside a building), cell, tower (watchtower reached by ladder), security zone,
    gate (rotating security gate), extra zone (building-like, anywhere) or elevator car."""
    building: Id | None = None
    """Name of the building the zone belongs to, when the designer wants to fix it. Rooms joined
    by openings always form one building; this label groups them on the map."""
    level: int = Field(default=0, ge=-20, le=200)
    """Floor of the zone: 0 ground floor, -1 basement, 1 first floor..."""
    flags: ZoneFlags = Field(default_factory=ZoneFlags)
    """Special properties (searchable, dark, fire, smoke, no spawn, breakthrough)."""
    capacity: Capacity = Field(default_factory=Capacity)
    """Limits on the number of zombies and survivors in the zone."""
    position: Position | None = None
    """Where the zone is drawn."""
    tiles: list[Id] = Field(default_factory=list, max_length=8)
    """Map tiles the zone lies on (a street zone may span several). Manhole spawns use them:
    a manhole spawns only on a tile where a survivor stands."""
    tags: list[str] = Field(default_factory=list, max_length=50)
    """Free labels for the designer's own use."""
    terrain: Terrain | None = None
    """Terrain keywords of the zone (Eden's scenery: impassable, crossable, obstruction(x),
    hostile presence(x), elevation, swim(x), destruction(x), flammable; docs/terrain.md)."""

    @property
    def label(self) -> str:
        """The name if there is one, else the id."""
        return self.name or self.id

    @property
    def is_searchable(self) -> bool:
        """Whether a survivor may search here."""
        if self.flags.searchable is not None:
            return self.flags.searchable
        return self.kind in ("room", "extra")

    @property
    def is_building(self) -> bool:
        """Whether the zone is inside a building (see :data:`BUILDING_KINDS`; corridors are
        streets)."""
        return self.kind in BUILDING_KINDS


# --------------------------------------------------------------------------------------------
# Connections


class ColourLock(Tagged):
    """Opened once the objective (key) of the same colour has been taken."""

    kind: Literal["colour"]
    """Always 'colour'."""
    colour: Colour
    """Colour of the key that opens the lock."""


class ItemLock(Tagged):
    """Opened by a survivor carrying a named item (for example 'concrete_saw' or 'office_key')."""

    kind: Literal["item"]
    """Always 'item'."""
    item: str = Field(min_length=1, max_length=64)
    """Name of the item that opens the lock."""


Lock = Annotated[Union[ColourLock, ItemLock], Field(discriminator="kind")]


class _ConnectionBase(Tagged):
    id: Id
    """Identifier of the connection (for example 'door-1')."""
    source: Id = Field(alias="from")
    """Zone at one end. For a one-way connection, the zone it leaves from."""
    target: Id = Field(alias="to")
    """Zone at the other end. For a one-way connection, the zone it leads to."""
    one_way: bool = False
    """Whether the connection may only be crossed from 'from' to 'to' (a hole, a drop)."""
    survivors: bool = True
    """Whether survivors may cross it."""
    zombies: bool = True
    """Whether zombies may cross it."""
    sight: bool = True
    """Whether line of sight passes through it (when open, for doors)."""
    cost: int = Field(default=1, ge=1, le=20)
    """Movement it costs to cross (actions or movement points, as the rule profile counts)."""
    terrain: Terrain | None = None
    """Terrain keywords of the connection (impassable, obstruction(x), hostile presence(x),
    swim(x), destruction(x), flammable; docs/terrain.md)."""

    @property
    def zones(self) -> tuple[str, str]:
        """The two zones it joins, 'from' first."""
        return (self.source, self.target)


class Opening(_ConnectionBase):
    """A free passage: two street zones, or two rooms of the same building sharing an opening."""

    kind: Literal["opening"]
    """Always 'opening'."""


DoorState = Literal["open", "closed", "locked"]


class Door(_ConnectionBase):
    """A door. Closed doors block movement and sight; survivors open them (with a door-opening
    item in Zombicide); locked doors need their key, item or a trigger first."""

    kind: Literal["door"]
    """Always 'door'."""
    state: DoorState = "closed"
    """State at the start of the game."""
    lock: Lock | None = None
    """What unlocks the door when it is locked: a colour (taken with the key of that colour) or
    a named item."""
    breakable: bool = False
    """Whether the door can be broken (by zombies or with a melee attack) instead of opened."""
    spawns_on_first_open: bool = True
    """Whether opening it for the first time spawns zombies in every zone of the building behind
    it, when it is the first door of that building to open (Zombicide)."""
    by_hand: bool = True
    """Whether survivors may open it by hand. Off for a door that only its button opens (a
    trigger's effect): prison cells, the rotating security gate, doors a mission opens only with
    their button (Prison Outbreak)."""
    closable: bool = False
    """Whether a survivor may close it during play (the house rules, Les morts aux trousses: "The
    one who closes a door is the only one who can use it from then on"): once a survivor closes
    it, only that survivor, or one holding the key of its lock, opens it again; the others (and
    the zombies) break it when it is ``breakable``. A broken door stays open."""


class Stairs(_ConnectionBase):
    """Stairs between two levels."""

    kind: Literal["stairs"]
    """Always 'stairs'."""
    sight: bool = False
    """Whether line of sight passes through it (off by default for this kind)."""


class Elevator(_ConnectionBase):
    """An elevator ride between two levels: survivors only, a few at a time."""

    kind: Literal["elevator"]
    """Always 'elevator'."""
    zombies: bool = False
    """Whether zombies may cross it (off by default for this kind)."""
    sight: bool = False
    """Whether line of sight passes through it (off by default for this kind)."""
    capacity: int = Field(default=1, ge=1, le=20)
    """How many survivors ride at once."""


class Ladder(_ConnectionBase):
    """A ladder, the only way into a watchtower; it counts as an open door."""

    kind: Literal["ladder"]
    """Always 'ladder'."""
    zombies: bool = False
    """Whether zombies may cross it (off by default for this kind)."""
    sight: bool = False
    """Whether line of sight passes through it (off by default for this kind)."""


class Drop(_ConnectionBase):
    """A hole, a collapsed floor or the edge of a walkway: one way, down."""

    kind: Literal["drop"]
    """Always 'drop'."""
    one_way: bool = True
    """Whether it may only be crossed from 'from' to 'to' (on by default: drops go down)."""
    sight: bool = False
    """Whether line of sight passes through it (off by default for this kind)."""
    survival_roll: bool = True
    """Whether jumping asks for a survival roll per level (a failed roll costs a wound)."""


class Fence(_ConnectionBase):
    """A barbed-wire fence: blocks movement, not sight. Zombies path through it as if it were
    absent and pile up behind it; an abomination tears it down."""

    kind: Literal["fence"]
    """Always 'fence'."""
    survivors: bool = False
    """Whether survivors may cross it (off by default for this kind)."""
    zombies: bool = False
    """Whether zombies may cross it (off by default for this kind)."""


class Window(_ConnectionBase):
    """A window: sight passes; set 'survivors' or 'zombies' when it can be climbed through."""

    kind: Literal["window"]
    """Always 'window'."""
    survivors: bool = False
    """Whether survivors may cross it (off by default for this kind)."""
    zombies: bool = False
    """Whether zombies may cross it (off by default for this kind)."""


Connection = Annotated[
    Union[Opening, Door, Stairs, Elevator, Ladder, Drop, Fence, Window],
    Field(discriminator="kind"),
]
"""A connection between two zones, by kind."""


class SightLine(Model):
    """An explicit straight line of sight along a street: an actor in any of these zones sees
    all of them, until a closed door."""

    id: Id
    """Identifier of the sight line."""
    zones: list[Id] = Field(min_length=2, max_length=200)
    """The zones on the line, in order."""


# --------------------------------------------------------------------------------------------
# Spawns and objectives

SpawnKind = Literal["spawn", "manhole", "entry", "pit"]


class Spawn(Model):
    """A spawn zone: where new zombies appear in the zombies' phase."""

    id: Id
    """Identifier of the spawn (for example 'spawn-1')."""
    zone: Id
    """Zone where the zombies appear."""
    kind: SpawnKind = "spawn"
    """Spawn token (Zombicide), manhole (spawns only on a tile with a survivor), entry arrow
    (zombies walk in from outside) or spawning pit (Last Night on Earth)."""
    colour: Colour | None = None
    """Colour of a coloured spawn zone, turned on and off by objectives or switches."""
    active: bool = True
    """Whether the spawn is active at the start of the game."""
    order: int = Field(ge=1, le=1000)
    """Position in the fixed clockwise order in which spawns resolve (1 first)."""


class _ObjectiveBase(Tagged):
    id: Id
    """Identifier of the objective (for example 'obj-1')."""
    zone: Id
    """Zone where the token lies."""
    name: str = Field(default="", max_length=200)
    """Name shown on the map."""
    xp: int = Field(default=5, ge=0, le=100)
    """Experience gained by the survivor who takes it."""
    hidden_group: Id | None = None
    """Tokens sharing a group are shuffled face down among their zones at set-up, so a player
    does not know which one is which."""


class Token(_ObjectiveBase):
    """A plain objective token (red X)."""

    kind: Literal["token"]
    """Always 'token'."""
    colour: Colour = "red"
    """Colour of the token."""


class Key(_ObjectiveBase):
    """A coloured objective that unlocks the doors locked by its colour."""

    kind: Literal["key"]
    """Always 'key'."""
    colour: Colour
    """Colour of the doors it unlocks."""


class Switch(_ObjectiveBase):
    """A button: pressing it fires the triggers that listen to it (open or close doors of its
    colour, turn a spawn on or off). The first survivor to press it takes its XP."""

    kind: Literal["switch"]
    """Always 'switch'."""
    colour: Colour | None = None
    """Colour printed on the button."""
    repeatable: bool = True
    """Whether it can be pressed again (each press fires its triggers again)."""
    xp: int = Field(default=5, ge=0, le=100)
    """Experience gained by the first survivor to press it."""


class Item(_ObjectiveBase):
    """A named item lying in a zone (the office key, a concrete saw...)."""

    kind: Literal["item"]
    """Always 'item'."""
    item: str = Field(min_length=1, max_length=64)
    """Name of the item, as locks and starting equipment name it."""
    also: list[str] = Field(default_factory=list, max_length=10)
    """More items taken with the same action (Prison Outbreak M01: "spendere un'Azione per
    prendere entrambe le Carte", the Scope and the Rifle)."""
    one_of: list[str] = Field(default_factory=list, max_length=10)
    """When not empty, the item the survivor gets is drawn at random, with equal odds, among
    ``item`` and these (Les morts aux trousses: "In the office: ... 2 keys (one is drawn at
    random)")."""
    xp: int = Field(default=0, ge=0, le=100)
    """Experience gained by the survivor who picks it up (none by default)."""


class SearchMarker(_ObjectiveBase):
    """A free-search or exploration marker (Last Night on Earth): taking it gives a free search."""

    kind: Literal["search_marker"]
    """Always 'search_marker'."""
    xp: int = Field(default=0, ge=0, le=100)
    """Experience gained by the survivor who takes it (none by default)."""


class Car(_ObjectiveBase):
    """A car standing in a street zone, searched by a survivor in its zone with no zombie there
    (a search action, one per turn as any search): a police car "più di una volta. Scarta finché
    non trovi un'Arma" (draw until a weapon; an "Aaah!" card brings a walker and ends the
    search), a Pimpmobile "una sola volta" (its contents, a Gunblade). With ``drive`` the
    mission allows driving it ("Puoi guidare"): docs/missions.md, "Cars"."""

    kind: Literal["car"]
    """Always 'car'."""
    search: Literal["until_weapon", "once"] = "until_weapon"
    """'until_weapon': searched any number of times, each search drawing equipment cards until
    a weapon (a police car); 'once': searched once in the game, giving its contents (a
    Pimpmobile)."""
    contents: list[str] = Field(default_factory=list, max_length=10)
    """What a car searched once gives (the Pimpmobile's Gunblade); out of the equipment deck."""
    xp: int = Field(default=0, ge=0, le=100)
    """Experience gained by the survivor who searches it first (none by default)."""
    # ---- zombicide: driving cars ----
    drive: bool = False
    """Whether the mission lets survivors drive this car ("Le Auto possono essere guidate solo
    se la Missione lo permette"): a survivor in its zone with no zombie there gets in (the
    driver's seat first, then three passengers' seats), the driver moves it one or two street
    or corridor zones per action, and it runs over every miniature in the zones it leaves,
    crosses and enters (one die each, a hit on 4+, one damage per hit)."""


Objective = Annotated[
    Union[Token, Key, Switch, Item, SearchMarker, Car], Field(discriminator="kind")
]
"""An objective or item placed on the map, by kind."""


# --------------------------------------------------------------------------------------------
# Triggers


class ObjectiveTaken(Tagged):
    """An objective is taken."""

    kind: Literal["objective_taken"]
    """Always 'objective_taken'."""
    objective: Id
    """The objective."""


class SwitchPressed(Tagged):
    """A switch is pressed (every press when the switch is repeatable)."""

    kind: Literal["switch_pressed"]
    """Always 'switch_pressed'."""
    switch: Id
    """The switch (an objective of kind 'switch')."""


class DoorOpened(Tagged):
    """A door is opened for the first time."""

    kind: Literal["door_opened"]
    """Always 'door_opened'."""
    door: Id
    """The door (a connection of kind 'door')."""


class ZoneEntered(Tagged):
    """A survivor enters a zone for the first time."""

    kind: Literal["zone_entered"]
    """Always 'zone_entered'."""
    zone: Id
    """The zone."""


class TurnReached(Tagged):
    """A game turn begins."""

    kind: Literal["turn_reached"]
    """Always 'turn_reached'."""
    turn: int = Field(ge=1, le=1000)
    """The turn number (1 is the first turn)."""


class KillsReached(Tagged):
    """The survivors have killed this many zombies."""

    kind: Literal["kills_reached"]
    """Always 'kills_reached'."""
    count: int = Field(ge=1, le=10_000)
    """Number of kills."""


Event = Annotated[
    Union[ObjectiveTaken, SwitchPressed, DoorOpened, ZoneEntered, TurnReached, KillsReached],
    Field(discriminator="kind"),
]
"""What fires a trigger, by kind."""


class _DoorEffect(Tagged):
    door: Id
    """The door (a connection of kind 'door')."""


class OpenDoor(_DoorEffect):
    """Open a door (unlocking it if needed)."""

    kind: Literal["open_door"]
    """Always 'open_door'."""


class CloseDoor(_DoorEffect):
    """Close a door."""

    kind: Literal["close_door"]
    """Always 'close_door'."""


class ToggleDoor(_DoorEffect):
    """Open the door if closed, close it if open."""

    kind: Literal["toggle_door"]
    """Always 'toggle_door'."""


class UnlockDoor(_DoorEffect):
    """Unlock a locked door (it stays closed)."""

    kind: Literal["unlock_door"]
    """Always 'unlock_door'."""


class LockDoor(_DoorEffect):
    """Close and lock a door."""

    kind: Literal["lock_door"]
    """Always 'lock_door'."""


class _SpawnEffect(Tagged):
    spawn: Id
    """The spawn zone."""


class ActivateSpawn(_SpawnEffect):
    """Turn a spawn zone on."""

    kind: Literal["activate_spawn"]
    """Always 'activate_spawn'."""


class DeactivateSpawn(_SpawnEffect):
    """Turn a spawn zone off."""

    kind: Literal["deactivate_spawn"]
    """Always 'deactivate_spawn'."""


class ToggleSpawn(_SpawnEffect):
    """Turn a spawn zone on if off, off if on."""

    kind: Literal["toggle_spawn"]
    """Always 'toggle_spawn'."""


class ZombieGroup(Model):
    """Zombies of one type, as a conditional effect places them."""

    zombie: ZombieType
    """Their type (a fatty comes with its two walkers, as when it spawns)."""
    count: int = Field(default=1, ge=1, le=100)
    """How many."""


class SpawnZombies(Tagged):
    """Place zombies in a zone (an abomination woken by an objective, a horde...)."""

    kind: Literal["spawn_zombies"]
    """Always 'spawn_zombies'."""
    zone: Id | None = None
    """Where they appear (give this or 'at_objective')."""
    at_objective: Id | None = None
    """Place them in the zone where this objective actually lay: for a token shuffled face down
    among others ('hidden_group'), the zone it was dealt to in this game, not the zone the file
    gives it (Prison Outbreak M00: "appare immediatamente un Abomination nella Zona dove si
    trovava il Segnalino")."""
    zombie: ZombieType = "walker"
    """Their type."""
    count: int = Field(default=1, ge=1, le=100)
    """How many (ignored when 'dice' is set)."""
    dice: str | None = Field(default=None, pattern=r"^[1-9]?d[1-9][0-9]?([+-][0-9])?$")
    """Roll this many instead (Les morts aux trousses office: '1d3', one to three zombies)."""
    instead: list[ZombieGroup] = Field(default_factory=list, max_length=10)
    """A conditional effect: when a zombie of this type is already on the board (or none is
    left in the box), these appear instead ("Se l'Abomination è già in gioco, utilizza un Fatty
    con i suoi due Walker": one fatty, which brings its two walkers). Empty: the zombies are
    placed as far as the box allows."""
    instead_if: Literal["in_play", "none_left"] = "in_play"
    """When 'instead' applies: a zombie of this type on the board or none left in the box
    ('in_play'), or only when the box has none left ('none_left': Prison Outbreak M02, where the
    two tokens wake two different abominations, the standard and the berserker one)."""

    @model_validator(mode="after")
    def _one_place(self) -> SpawnZombies:
        if (self.zone is None) == (self.at_objective is None):
            raise ValueError("a 'spawn_zombies' effect needs exactly one of 'zone' (a zone id) "
                             "and 'at_objective' (an objective id)")
        return self


class GrantXp(Tagged):
    """Give experience."""

    kind: Literal["grant_xp"]
    """Always 'grant_xp'."""
    amount: int = Field(ge=1, le=100)
    """Experience points."""
    to: Literal["actor", "team"] = "actor"
    """The survivor who caused the event, or every living survivor."""


class RotateGate(Tagged):
    """Turn a rotating security gate a quarter turn (Prison Outbreak: "il Cancello di Sicurezza
    Rotante ruota di 1/4 di giro verso Destra o Sinistra (scegli la direzione ogni volta)").

    The gate zone has four sides, listed clockwise (north, east, south, west): each is a door
    into the next zone, or empty where the side faces a wall. ``passage`` says which sides the
    gate's passage faces at the start; a quarter turn moves it one side on, and every side door
    is open exactly while the passage faces it. A straight passage (two opposite sides) turns
    between two positions whichever the direction."""

    kind: Literal["rotate_gate"]
    """Always 'rotate_gate'."""
    gate: Id
    """The gate zone."""
    sides: list[Id | None] = Field(min_length=4, max_length=4)
    """The doors on its north, east, south and west sides (null: a wall)."""
    passage: list[bool] = Field(min_length=4, max_length=4)
    """Which sides the passage faces at the start, in the same order."""
    direction: Literal["choose", "clockwise", "counterclockwise"] = "choose"
    """Which way a press turns it: the presser chooses each time, or always the same way."""


class GiveCard(Tagged):
    """The survivor who fired the trigger takes one card drawn at random from the cards set
    aside at set-up (``setup.set_aside``), and may reorganise its inventory freely (Prison
    Outbreak M08: "Ogni Volta che viene raccolto un Segnalino Obiettivo Rosso, il Sopravvissuto
    che l'ha preso riceve una di queste Carte a caso e può riorganizzare liberamente
    l'Inventario"). Nothing happens once the pile is empty."""

    kind: Literal["give_card"]
    """Always 'give_card'."""
    cards: list[str] = Field(default_factory=list, max_length=50)
    """Only cards of these names are drawn; empty: any card set aside."""


class HealOrDraw(Tagged):
    """Les morts aux trousses' office: "Plus, a choice of: either 1 hit point + 1 object card or
    2 object cards". The survivor who fired the trigger either heals ``heal`` wounds and draws
    ``draw_with_heal`` cards of the equipment deck, or draws ``draw`` cards: it takes the hit
    point when it has a wound, the cards otherwise. Nothing happens on an event with no survivor
    (a turn, a kill count)."""

    kind: Literal["heal_or_draw"]
    """Always 'heal_or_draw'."""
    heal: int = Field(default=1, ge=1, le=10)
    """Wounds healed with the first choice."""
    draw_with_heal: int = Field(default=1, ge=0, le=10)
    """Equipment cards drawn with the first choice."""
    draw: int = Field(default=2, ge=0, le=10)
    """Equipment cards drawn with the second choice."""


class EndGame(Tagged):
    """End the game at once."""

    kind: Literal["end_game"]
    """Always 'end_game'."""
    outcome: Literal["win", "loss"]
    """Who wins."""
    reason: str = Field(default="", max_length=200)
    """Text shown in the results."""


Effect = Annotated[
    Union[
        OpenDoor, CloseDoor, ToggleDoor, UnlockDoor, LockDoor,
        ActivateSpawn, DeactivateSpawn, ToggleSpawn, SpawnZombies, GrantXp, EndGame, GiveCard, RotateGate,
        GainResource, SpendResource, HealOrDraw, SetFire,
    ],
    Field(discriminator="kind"),
]
"""What a trigger does, by kind."""


class Trigger(Model):
    """When an event happens, apply effects in order."""

    id: Id
    """Identifier of the trigger."""
    when: Event
    """The event that fires it."""
    then: list[Effect] = Field(min_length=1, max_length=100)
    """The effects, applied in order."""
    once: bool = True
    """Whether it fires only the first time (a repeatable switch sets this to false)."""


# --------------------------------------------------------------------------------------------
# Victory and defeat


class TakeObjectives(Tagged):
    """Take objectives: the listed ones, or every token, key and switch when the list is empty."""

    kind: Literal["take_objectives"]
    """Always 'take_objectives'."""
    objectives: list[Id] = Field(default_factory=list, max_length=500)
    """Objectives to take (empty: all tokens and keys on the map)."""


class ReachZone(Tagged):
    """Bring survivors into one of the listed zones (a bunker, a safe house)."""

    kind: Literal["reach_zone"]
    """Always 'reach_zone'."""
    zones: list[Id] = Field(min_length=1, max_length=100)
    """Any of these zones will do."""
    who: Literal["all", "any"] = "any"
    """Every living survivor, or at least one."""


class Escape(Tagged):
    """Leave through an exit zone at the end of a turn with no zombie in it."""

    kind: Literal["escape"]
    """Always 'escape'."""
    who: Literal["all", "any"] = "all"
    """Every living survivor, or at least one."""


class Kill(Tagged):
    """Kill a number of zombies (of one type, or any)."""

    kind: Literal["kill"]
    """Always 'kill'."""
    count: int = Field(ge=1, le=10_000)
    """Number of kills."""
    zombie: ZombieType | None = None
    """Only zombies of this type count."""


class Survive(Tagged):
    """Still have a living survivor at the end of this turn."""

    kind: Literal["survive"]
    """Always 'survive'."""
    turns: int = Field(ge=1, le=1000)
    """Number of turns."""


class ClearZones(Tagged):
    """Leave no zombie in these zones."""

    kind: Literal["clear_zones"]
    """Always 'clear_zones'."""
    zones: list[Id] = Field(min_length=1, max_length=1000)
    """The zones to clear."""


class OpenDoors(Tagged):
    """Open these doors."""

    kind: Literal["open_doors"]
    """Always 'open_doors'."""
    doors: list[Id] = Field(min_length=1, max_length=100)
    """The doors."""


class NoZombies(Tagged):
    """No zombie left on the board (Prison Outbreak M07: "non ci sono più Zombi sul
    Tabellone"). A condition: it holds at a moment and is never kept once met (see
    :data:`CONDITION_KINDS`)."""

    kind: Literal["no_zombies"]
    """Always 'no_zombies'."""


class DoorsClosed(Tagged):
    """These doors are closed (Prison Outbreak M01: "bloccate la Porta Viola e quella
    Bianca"). A condition: it must hold when the mission is won."""

    kind: Literal["doors_closed"]
    """Always 'doors_closed'."""
    doors: list[Id] = Field(min_length=1, max_length=100)
    """The doors."""


class NoZombiePath(Tagged):
    """No zombie on the board has a path into these zones: every zombie inside is killed and
    the doors on every way in are closed (Prison Outbreak M01: "finchè quelli rimasti non
    avranno più un percorso valido per raggiungere i Sopravvissuti"). Paths go through open
    doors and every connection zombies may cross; a fence stops them (an abomination that
    tears fences does not). A condition: it must hold when the mission is won."""

    kind: Literal["no_zombie_path"]
    """Always 'no_zombie_path'."""
    zones: list[Id] = Field(min_length=1, max_length=1000)
    """The zones the zombies must have no way into."""


class CarryItems(Tagged):
    """Survivors standing in one of the zones carry at least this many items of these names
    between them (Prison Outbreak M08: "Torna alla Zona di Partenza con almeno otto carte
    Cibo"). A condition: it must hold when the mission is won."""

    kind: Literal["carry_items"]
    """Always 'carry_items'."""
    items: list[str] = Field(min_length=1, max_length=50)
    """The item names that count (for food: canned_food, bag_of_rice, water)."""
    count: int = Field(ge=1, le=1000)
    """How many items, all survivors in the zones together."""
    zones: list[Id] = Field(min_length=1, max_length=100)
    """Any of these zones will do."""


class HoldZone(Tagged):
    """Survivors stand in one of these zones when the mission is won (Prison Outbreak M01:
    "Almeno un Sopravvissuto deve trovarsi all'interno della Prigione in quest'area sicura").
    Unlike 'reach_zone', which is done once reached, a condition holds only while it is
    true."""

    kind: Literal["hold_zone"]
    """Always 'hold_zone'."""
    zones: list[Id] = Field(min_length=1, max_length=100)
    """Any of these zones will do."""
    who: Literal["all", "any"] = "any"
    """Every living survivor, or at least one."""


VictoryCondition = Annotated[
    Union[TakeObjectives, ReachZone, Escape, Kill, Survive, ClearZones, OpenDoors,
          NoZombies, DoorsClosed, NoZombiePath, CarryItems, HoldZone],
    Field(discriminator="kind"),
]
"""One goal of the mission, by kind."""

CONDITION_KINDS: frozenset[str] = frozenset({"no_zombies", "doors_closed", "no_zombie_path", "carry_items",
                                             "hold_zone"})
"""Victory steps that are conditions on the moment rather than things done: a condition is
never kept once met. The mission is won when every other step is done and every condition
holds at the same moment; in an ordered mission a condition is checked once the steps before it
are done, together with every step after it."""


class Victory(Model):
    """How the survivors win."""

    ordered: bool = False
    """Whether the steps must be completed in the order listed (find the key, then open the
    door, then reach the exit)."""
    steps: list[VictoryCondition] = Field(min_length=1, max_length=50)
    """The goals; the mission is won when all are met."""


class Defeat(Model):
    """How the survivors lose, beyond every survivor dying (always a loss)."""

    any_survivor_dies: bool = False
    """Lose as soon as one survivor dies."""
    at_turn_limit: bool = True
    """Lose when the turn limit of the set-up is reached (dawn) without winning."""
    objectives_lost: list[Id] = Field(default_factory=list, max_length=100)
    """Lose when one of these objectives can no longer be taken (destroyed)."""
    carrier_dies: list[str] = Field(default_factory=list, max_length=50)
    """Lose when a survivor dies carrying one of these items (Prison Outbreak M08: "Se un
    Sopravvissuto viene ucciso mentre trasporta una di queste Carte, la Missione è fallita")."""


# --------------------------------------------------------------------------------------------
# Set-up


class Hero(Model):
    """One named survivor of the set-up and the cards dealt to it (a Prison Outbreak mission
    deals named cards; a Last Night on Earth hero has its own)."""

    name: str = Field(min_length=1, max_length=64)
    """Who it is (Grindlock, Sheriff Anderson...)."""
    items: list[str] = Field(default_factory=list, max_length=20)
    """Cards this survivor starts with, beyond the starting equipment every survivor has."""


class StartGroup(Model):
    """Survivors who start apart from the others (Prison Outbreak M06, "Team diviso": "Il
    Primo gruppo inizierà il gioco da una Zona di Partenza, il secondo gruppo dall'altra")."""

    zone: Id
    """Where the group starts."""
    heroes: list[str] = Field(default_factory=list, max_length=12)
    """Names of the survivors of ``setup.survivors.heroes`` in this group. Survivors named in no
    group join the group with the fewest survivors (the first on a tie), so the team splits in
    equal halves as the rulebook asks."""


class Survivors(Model):
    """The survivors (heroes) of the mission."""

    min: int = Field(default=1, ge=1, le=12)
    """Fewest survivors the mission is played with."""
    max: int = Field(default=6, ge=1, le=12)
    """Most survivors the mission is played with."""
    health: int = Field(default=2, ge=1, le=20)
    """Wounds (hit points) a survivor can take before dying (Zombicide: 2)."""
    starting_equipment: list[str] = Field(default_factory=list, max_length=20)
    """Items every survivor starts with."""
    starting_cards: int = Field(default=0, ge=0, le=10)
    """Hero starting cards drawn by each survivor (Last Night on Earth)."""
    heroes: list[Hero] = Field(default_factory=list, max_length=12)
    """The named survivors in turn order, each with its dealt cards: a game of N survivors plays
    the first N (survivors past the list are unnamed); each starts with ``starting_equipment``
    plus its own ``items``, then draws ``starting_cards``."""

    @model_validator(mode="after")
    def _range(self) -> Survivors:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is larger than max ({self.max})")
        return self

    def default_count(self) -> int:
        """How many survivors a game plays when the caller does not say: four, within min-max."""
        return max(self.min, min(self.max, 4))

    def items_of(self, k: int) -> list[str]:
        """The items survivor ``k`` (0-based, in turn order) starts with, before any card drawn."""
        own = self.heroes[k].items if k < len(self.heroes) else []
        return [*self.starting_equipment, *own]

    def team_items(self, count: int | None = None) -> list[str]:
        """Every item a team of ``count`` survivors (default: :meth:`default_count`) starts with,
        once each, in the order first dealt."""
        out: list[str] = []
        for k in range(self.default_count() if count is None else count):
            for name in self.items_of(k):
                if name not in out:
                    out.append(name)
        return out


class CardSpawns(Tagged):
    """Spawn by drawing zombie cards, read at the current danger level (Zombicide)."""

    kind: Literal["cards"]
    """Always 'cards'."""
    deck: str = Field(default="standard", max_length=64)
    """Name of the spawn deck."""


class DiceSpawns(Tagged):
    """Spawn a rolled number of zombies at the spawn points each zombie turn."""

    kind: Literal["dice"]
    """Always 'dice'."""
    dice: str = Field(default="1d3", pattern=r"^[1-9]?d[1-9][0-9]?([+-][0-9])?$")
    """Dice rolled each zombie turn ('1d3', '2d6', 'd6+1')."""


class FixedSpawns(Tagged):
    """Spawn a fixed number of zombies per active spawn zone each zombie turn."""

    kind: Literal["fixed"]
    """Always 'fixed'."""
    count: int = Field(default=1, ge=0, le=100)
    """Zombies per spawn zone (per player with ``per_player``)."""
    per_player: bool = False
    """Les morts aux trousses: "each player brings in 1 zombie through a red arrow". Each zombie
    turn, every player (every survivor of the set-up, dead ones included) brings in ``count``
    zombies through one active spawn zone drawn at random, instead of ``count`` at every active
    spawn zone."""
    first_turn_each_level: bool = False
    """Les morts aux trousses: "First turn of the game: each player brings in 1 zombie on the
    ground floor (red arrow) / 1 in the basement / 1 on the 1st floor (except the office)". In
    the first zombie turn every player brings in ``count`` zombies on every level of the map
    (lowest first): through an active spawn zone of that level drawn at random, or, on a level
    with none, into a zone of the level drawn at random among those where zombies may spawn (not
    no_spawn, not on fire, open to zombies)."""


SpawnMethod = Annotated[Union[CardSpawns, DiceSpawns, FixedSpawns], Field(discriminator="kind")]


class PlacedZombies(Model):
    """Zombies on the map at the start of the game."""

    zone: Id
    """Where they stand."""
    zombie: ZombieType = "walker"
    """Their type."""
    count: int = Field(default=1, ge=1, le=100)
    """How many."""


class SpecialRule(Model):
    """A special scenario rule with its balance value (Last Night on Earth: 1 to 4 bullets).
    A scenario is balanced when the heroes' points equal the zombies' points."""

    id: Id
    """Identifier of the rule (for example 'free-search-markers')."""
    name: str = Field(default="", max_length=200)
    """Name of the rule."""
    side: Literal["heroes", "zombies"]
    """Which side the rule helps."""
    points: int = Field(ge=0, le=10)
    """Balance points of the rule."""
    excludes: list[Id] = Field(default_factory=list, max_length=50)
    """Ids of rules that cannot be used together with this one."""
    description: str = Field(default="", max_length=2000)
    """What the rule does."""
    rule: KnownRuleId | None = None
    """The known rule of the rulebook this is, when its id is the designer's own (for example
    'grave-dead' for a rule with id 'red-zombies'); leave empty when the id or the name already
    names it, or for a rule of the designer's own. Known rules: hero-starting-cards,
    free-search-markers, heroes-replenish, well-stocked-buildings, grave-dead, zombie-autospawn,
    zombie-horde, plague-carriers."""
    parameter: int | None = Field(default=None, ge=0, le=20)
    """The rule's number (x in 'Hero starting cards (x)'); empty to read it from the name."""


class EquipmentCount(Model):
    """A card of the equipment deck and how many copies it has."""

    item: str = Field(min_length=1, max_length=64)
    """Name of the item."""
    count: int = Field(default=1, ge=1, le=100)
    """Copies in the deck."""


ProfileId = Literal["zombicide", "lnoe", "house"]


RULE_OVERRIDES: dict[str, tuple[type, int, int, str]] = {
    "actions": (int, 1, 10, "actions per survivor per turn; movement points for the house profile"),
    "yellow_bonus": (int, 0, 5, "extra actions from the yellow danger level on"),
    "dark_actions": (int, 1, 10, "movement points of a survivor starting the turn in a dark zone"),
    "max_items": (int, 1, 20, "items a survivor can carry"),
    "max_turns": (int, 1, 1000, "turns after which a game without a turn limit stops as stalled"),
    "hero_dice": (int, 2, 6, "fight dice a hero rolls in Last Night on Earth"),
    "building_spawn": (bool, 0, 1, "opening the first door of a building spawns in each of its zones"),
    "doors_need_item": (bool, 0, 1, "opening a closed door needs a door-opening item"),
    "pool_out_extra_activation": (bool, 0, 1, "a zombie type out of miniatures acts again"),
    "split_adds": (bool, 0, 1, "zombies splitting on equal paths are topped up to equal groups"),
    "tower_range": (int, 0, 5, "extra maximum range of ranged weapons fired from a watchtower (Prison Outbreak: 1)"),
    "security_push_back": (bool, 0, 1, "a survivor ending its activation in a security zone is pushed back"),
    "abominations_tear_fences": (bool, 0, 1, "an abomination walks through a barbed-wire fence and tears it down"),
    "zombies_cross_gates": (bool, 0, 1, "zombies walk through a rotating security gate (they never spawn there)"),
    "max_extra_activations": (int, 0, 1_000_000, "extra activations of the zombies in one turn before a game is "
                                                 "stopped as a runaway (0: the bound computed from the board)"),
}
"""Rule settings a scenario may override: (type, lowest, highest, what it is). The engine's rule
profiles read the same names; a value outside its range is refused when the file loads."""


def iter_override_problems(overrides: dict) -> Iterator[ReferenceProblem]:
    """Values of known rule overrides that have the wrong type or lie outside their range.
    Names no profile knows are left to the validator (finding ``unknown-rule-override``)."""
    for key, value in overrides.items():
        spec = RULE_OVERRIDES.get(key)
        if spec is None:
            continue
        kind, low, high, what = spec
        if kind is bool:
            if not isinstance(value, bool):
                yield ReferenceProblem(code="invalid-field", path=f"overrides.{key}", ids=[key],
                                       message=f"rule override '{key}' expects true or false ({what}), "
                                               f"got {json.dumps(value)}")
        elif isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            yield ReferenceProblem(code="invalid-field", path=f"overrides.{key}", ids=[key],
                                   message=f"rule override '{key}' expects a whole number from {low} to {high} "
                                           f"({what}), got {json.dumps(value)}")


class Rules(Model):
    """Which rule profile the engine plays with, and what the scenario changes in it."""

    profile: ProfileId = "zombicide"
    """Rule profile: 'zombicide' (Zombicide-style cooperative rules), 'lnoe' (Last Night on
    Earth: Seul dans le noir) or 'house' (Les morts aux trousses)."""
    overrides: dict[str, int | float | bool | str] = Field(default_factory=dict, max_length=100)
    """Profile settings changed by this scenario (for example {"actions": 4}), each within its
    range: actions 1-10, yellow_bonus 0-5, dark_actions 1-10, max_items 1-20, max_turns 1-1000,
    hero_dice 2-6, tower_range 0-5; building_spawn, doors_need_item, pool_out_extra_activation,
    split_adds, security_push_back, abominations_tear_fences and zombies_cross_gates are true or
    false."""

    @model_validator(mode="after")
    def _check_overrides(self) -> Rules:
        problems = list(iter_override_problems(self.overrides))
        if problems:
            raise ReferenceProblems(problems)
        return self


class Setup(Model):
    """How the game is set up."""

    start_zones: list[Id] = Field(min_length=1, max_length=20)
    """Where the survivors start (one is drawn at random when there are several)."""
    survivors: Survivors = Field(default_factory=Survivors)
    """The survivors."""
    zombie_pool: dict[ZombieType, int] = Field(
        default_factory=lambda: {"walker": 40, "runner": 16, "fatty": 16, "abomination": 1}
    )
    """Miniatures available per zombie type; when a type runs out, its zombies act again."""
    spawn_method: SpawnMethod = Field(default_factory=lambda: CardSpawns(kind="cards"))
    """How spawn zones produce zombies."""
    zombies: list[PlacedZombies] = Field(default_factory=list, max_length=1000)
    """Zombies placed on the map at set-up."""
    turn_limit: int | None = Field(default=None, ge=1, le=1000)
    """Number of turns before dawn (the sun track); empty for no limit."""
    special_rules: list[SpecialRule] = Field(default_factory=list, max_length=50)
    """Special scenario rules with their balance points."""
    rules: Rules = Field(default_factory=Rules)
    """Rule profile and overrides."""
    equipment_deck: list[EquipmentCount] | None = None
    """The equipment deck; empty to use the profile's default deck."""
    set_aside: list[EquipmentCount] = Field(default_factory=list, max_length=100)
    """Cards set aside at set-up, out of the equipment deck, that 'give_card' effects hand out
    (Prison Outbreak M08: "metti da parte tutte le Carte Canned Food, Rice e Water")."""
    start_groups: list[StartGroup] = Field(default_factory=list, max_length=12)
    """Split starting groups: each starts in its own zone with the survivors it names. Empty:
    the whole team starts together in one of 'start_zones' (drawn at random)."""
    lnoe: LnoeSetup | None = None
    """Last Night on Earth settings beyond the special rules: the spawn roll, the grave dead's
    ability, pick-up cards, the hero's random building, the zombie player's hand, optional rules
    (see :mod:`designer.model.lnoe`); empty: none of them."""

    @model_validator(mode="after")
    def _pool(self) -> Setup:
        bad = {k: v for k, v in self.zombie_pool.items() if not 0 <= v <= 1000}
        if bad:
            raise ValueError(f"zombie_pool counts must be between 0 and 1000, got {bad}")
        return self


class Players(Model):
    """How many players the mission is for."""

    min: int = Field(default=1, ge=1, le=12)
    """Fewest players."""
    max: int = Field(default=6, ge=1, le=12)
    """Most players."""


class Meta(Model):
    """What the mission is, for the people choosing it."""

    title: str = Field(min_length=1, max_length=200)
    """Title of the mission."""
    author: str = Field(default="", max_length=200)
    """Who designed it."""
    difficulty: Literal["tutorial", "easy", "medium", "hard", "very_hard"] = "medium"
    """Announced difficulty."""
    players: Players = Field(default_factory=Players)
    """Number of players."""
    duration_minutes: int | None = Field(default=None, ge=1, le=1440)
    """Expected playing time."""
    description: str = Field(default="", max_length=20_000)
    """Story and special instructions."""
    tags: list[str] = Field(default_factory=list, max_length=50)
    """Free labels (game, expansion, theme...)."""


# --------------------------------------------------------------------------------------------
# References


class ReferenceProblem(Model):
    """A reference that points at nothing, at the wrong kind of thing, or an id used twice."""

    code: Literal["dangling-reference", "wrong-reference-kind", "duplicate-id", "self-connection", "invalid-field"]
    """What is wrong."""
    path: str
    """JSON path of the offending value (for example 'connections[3].to')."""
    message: str
    """What was expected."""
    ids: list[str] = Field(default_factory=list)
    """Ids involved."""


class ReferenceProblems(ValueError):
    """Raised by the scenario model when references are broken; holds every problem."""

    def __init__(self, problems: list[ReferenceProblem]):
        self.problems = problems
        super().__init__("; ".join(f"{p.path}: {p.message}" for p in problems))


# --------------------------------------------------------------------------------------------
# The scenario


class Scenario(Model):
    """A mission: its map (zones and connections), furniture (spawns, objectives, triggers),
    goals and set-up."""

    schema_version: Literal[1] = Field(
        description="Version of the scenario format. This release writes 1."
    )
    id: Id
    """Identifier of the scenario; also the default file name."""
    meta: Meta
    """Title, author, difficulty, players, duration, description."""
    zones: list[Zone] = Field(min_length=1, max_length=MAX_ZONES)
    """The zones of the map."""
    connections: list[Connection] = Field(default_factory=list, max_length=MAX_CONNECTIONS)
    """Openings, doors, stairs, elevators, ladders, drops, fences and windows between zones."""
    sight_lines: list[SightLine] = Field(default_factory=list, max_length=MAX_ITEMS)
    """Explicit straight lines of sight along streets."""
    spawns: list[Spawn] = Field(default_factory=list, max_length=MAX_ITEMS)
    """Spawn zones."""
    objectives: list[Objective] = Field(default_factory=list, max_length=MAX_ITEMS)
    """Objectives, keys, switches, items and search markers."""
    triggers: list[Trigger] = Field(default_factory=list, max_length=MAX_ITEMS)
    """What happens when objectives are taken, switches pressed, doors opened..."""
    exits: list[Id] = Field(default_factory=list, max_length=100)
    """Exit zones."""
    victory: Victory
    """The goals of the mission and whether they must be met in order."""
    defeat: Defeat = Field(default_factory=Defeat)
    """How the survivors lose."""
    setup: Setup
    """Start zones, survivors, zombies, spawn method, turn limit, special rules, rule profile."""
    variants: list[Variant] = Field(default_factory=list, max_length=32)
    """Variants (alternatives, such as a player-count variant) and optional rule modules, each a
    named set of changes; applying one gives an ordinary scenario (see docs/variants.md)."""
    weather: WeatherTable | None = None
    """A 2d6 weather table rolled at set-up; each row changes the game for its whole length."""
    budget: Budget | None = None
    """Points budgets and price lists of the survivors' equipment and the zombie pool."""
    town: TownLibrary | None = None
    """A board library (Last Night on Earth): each game draws two L-shaped boards from it and
    plays the town they form (see :mod:`designer.model.lnoe`)."""
    tiles: TileMap | None = None
    """The map tiles the map is built from (see :mod:`designer.model.tiles`); the zones and
    connections they give are in 'zones' and 'connections' like any other."""
    points: VictoryPoints | None = None
    """A victory points mission (Eden): the game lasts a fixed number of turns, points are scored
    per objective taken or held and per kill, and a target score wins (docs/terrain.md)."""
    infestation: Infestation | None = None
    """Non-player monsters bought with infestation points, placed a minimum number of zones
    apart, and the activation rule the zombies follow (Eden; docs/terrain.md)."""

    # -- look-ups ------------------------------------------------------------------------------

    def zone(self, zone_id: str) -> Zone:
        """The zone with this id (KeyError when there is none)."""
        for z in self.zones:
            if z.id == zone_id:
                return z
        raise KeyError(zone_id)

    def connection(self, connection_id: str) -> Connection:
        """The connection with this id (KeyError when there is none)."""
        for c in self.connections:
            if c.id == connection_id:
                return c
        raise KeyError(connection_id)

    def objective(self, objective_id: str) -> Objective:
        """The objective with this id (KeyError when there is none)."""
        for o in self.objectives:
            if o.id == objective_id:
                return o
        raise KeyError(objective_id)

    def spawn(self, spawn_id: str) -> Spawn:
        """The spawn zone with this id (KeyError when there is none)."""
        for s in self.spawns:
            if s.id == spawn_id:
                return s
        raise KeyError(spawn_id)

    # -- references ----------------------------------------------------------------------------

    @model_validator(mode="after")
    def _check_references(self) -> Scenario:
        problems = list(islice(iter_reference_problems(self), MAX_REFERENCE_PROBLEMS + 1))
        if len(problems) > MAX_REFERENCE_PROBLEMS:
            last = problems[MAX_REFERENCE_PROBLEMS - 1]
            problems[MAX_REFERENCE_PROBLEMS:] = [ReferenceProblem(
                code=last.code, path="", ids=[],
                message=f"more problems follow; only the first {MAX_REFERENCE_PROBLEMS} are listed",
            )]
        if problems:
            raise ReferenceProblems(problems)
        return self


def _duplicates(path: str, ids: list[str]) -> Iterator[ReferenceProblem]:
    counts = Counter(ids)
    for i, ident in enumerate(ids):
        if counts[ident] > 1 and ids.index(ident) != i:
            yield ReferenceProblem(
                code="duplicate-id",
                path=f"{path}[{i}].id",
                message=f"id '{ident}' is already used by {path}[{ids.index(ident)}]; ids must be unique",
                ids=[ident],
            )


def iter_reference_problems(s: Scenario) -> Iterator[ReferenceProblem]:
    """Every broken reference of a scenario: ids used twice, ids pointing at nothing, and ids
    pointing at the wrong kind of thing (a door effect naming a stairway)."""
    zone_ids = [z.id for z in s.zones]
    conn_ids = [c.id for c in s.connections]
    spawn_ids = [sp.id for sp in s.spawns]
    obj_ids = [o.id for o in s.objectives]
    yield from _duplicates("zones", zone_ids)
    yield from _duplicates("connections", conn_ids)
    yield from _duplicates("spawns", spawn_ids)
    yield from _duplicates("objectives", obj_ids)
    yield from _duplicates("triggers", [t.id for t in s.triggers])
    yield from _duplicates("sight_lines", [sl.id for sl in s.sight_lines])
    yield from _duplicates("setup.special_rules", [r.id for r in s.setup.special_rules])

    known: dict[str, dict[str, Any]] = {
        "zones": {z: None for z in zone_ids},
        "connections": {c.id: c.kind for c in s.connections},
        "spawns": {sp: None for sp in spawn_ids},
        "objectives": {o.id: o.kind for o in s.objectives},
        "setup.special_rules": {r.id: None for r in s.setup.special_rules},
    }
    nouns = {"zones": "zone", "connections": "connection", "spawns": "spawn", "objectives": "objective",
             "setup.special_rules": "special rule"}
    for ref in iter_references(s):
        where, want = TARGETS[ref.kind]
        ids = known[where]
        noun = nouns[where]
        if ref.id not in ids:
            expected = f"expected the id of a {want}" if want else f"expected one of the ids in '{where}'"
            yield ReferenceProblem(code="dangling-reference", path=ref.path, ids=[ref.id],
                                   message=f"no {noun} has id '{ref.id}'; {expected}")
        elif want is not None and ids[ref.id] != want:
            yield ReferenceProblem(code="wrong-reference-kind", path=ref.path, ids=[ref.id],
                                   message=f"'{ref.id}' is a{'n' if noun[0] in 'aeiou' else ''} {noun} of kind "
                                           f"'{ids[ref.id]}'; expected a {want}")
    for i, c in enumerate(s.connections):
        if c.source == c.target:
            yield ReferenceProblem(
                code="self-connection", path=f"connections[{i}].to", ids=[c.id, c.source],
                message=f"connection '{c.id}' joins zone '{c.source}' to itself; expected two different zones",
            )
    yield from iter_variant_reference_problems(s)
    yield from iter_points_reference_problems(s)
    yield from iter_infestation_reference_problems(s)
    for i, step in enumerate(s.victory.steps):
        if step.kind == "escape" and not s.exits:
            yield ReferenceProblem(
                code="dangling-reference", path=f"victory.steps[{i}]", ids=[],
                message="an 'escape' goal needs at least one zone in 'exits'",
            )


from .variants import Budget, Variant, WeatherTable, iter_variant_reference_problems  # noqa: E402
from .tiles import TileMap  # noqa: E402  (tiles hold zones and connections: defined above)
from .points import VictoryPoints, iter_points_reference_problems  # noqa: E402
from .infestation import Infestation, iter_infestation_reference_problems  # noqa: E402

Scenario.model_rebuild()
