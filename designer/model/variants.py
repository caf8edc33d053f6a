"""Variants, optional rule modules, points budgets and weather tables of a scenario.

One mechanism serves them all: a **change** is one edit of the set-up or of the furniture (a rule
override, a special rule switched on or off, cards added to or removed from the equipment deck,
zombies added to or taken out of the pool, a spawn zone switched on or off, starting equipment, the
number of survivors, the turn limit...). A **variant** (a player-count variant, "5-6 players: the
elevator is out of order") or an optional **module** (Arctic Scavengers' modules, the rulebooks'
optional rules) is a named list of changes; a **weather row** is a list of changes chosen by a 2d6
roll at set-up. Applying changes to a scenario gives an ordinary scenario
(:func:`designer.variants.apply_selection`): the engine and the validator never see a variant.

A **points budget** prices the survivors' starting equipment and the zombie pool (Eden: 100
points per warband); the validator reports a side that spends more than its budget, or leaves
enough unspent to buy something more.

See ``docs/variants.md`` for the choices made where the rulebooks are silent.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Annotated, Iterator, Literal, Union

from pydantic import Field, model_validator

from .common import Id, Model, Tagged, ZombieType
from .scenario import (
    Connection,
    Objective,
    ReferenceProblem,
    ReferenceProblems,
    SpawnMethod,
    SpecialRule,
    Trigger,
    Victory,
    Zone,
)

if TYPE_CHECKING:  # pragma: no cover
    from .scenario import Scenario

__all__ = [
    "Budget",
    "Change",
    "SideBudget",
    "Variant",
    "WEATHER_TOTALS",
    "WeatherRow",
    "WeatherTable",
    "iter_variant_reference_problems",
    "two_d6_probability",
]

MAX_VARIANTS = 32
"""Variants and modules one scenario may declare."""

WEATHER_TOTALS: tuple[int, ...] = tuple(range(2, 13))
"""The totals a 2d6 roll can give."""


def two_d6_probability(total: int) -> float:
    """Chance that two six-sided dice add up to ``total`` (``(6 - |total - 7|) / 36``).

    >>> two_d6_probability(7), two_d6_probability(2)
    (0.16666666666666666, 0.027777777777777776)
    """
    return max(0, 6 - abs(total - 7)) / 36


# --------------------------------------------------------------------------------------------
# Changes


class SetOverride(Tagged):
    """Set a rule override of the profile (see RULE_OVERRIDES: actions, max_items, hero_dice...)."""

    kind: Literal["set_override"]
    """Always 'set_override'."""
    name: str = Field(min_length=1, max_length=64)
    """The setting (for example 'actions')."""
    value: int | bool
    """Its new value, within the setting's range."""


class ClearOverride(Tagged):
    """Drop a rule override of the scenario: the profile's own value applies again."""

    kind: Literal["clear_override"]
    """Always 'clear_override'."""
    name: str = Field(min_length=1, max_length=64)
    """The setting."""


class AddSpecialRule(Tagged):
    """Switch a special scenario rule on (with its balance points)."""

    kind: Literal["add_special_rule"]
    """Always 'add_special_rule'."""
    rule: SpecialRule
    """The rule, as the set-up lists special rules."""


class RemoveSpecialRule(Tagged):
    """Switch a special rule of the set-up off."""

    kind: Literal["remove_special_rule"]
    """Always 'remove_special_rule'."""
    rule: Id
    """Id of the rule in setup.special_rules."""


class AddCards(Tagged):
    """Add copies of a card to the equipment deck (the profile's default deck when the scenario
    names none)."""

    kind: Literal["add_cards"]
    """Always 'add_cards'."""
    item: str = Field(min_length=1, max_length=64)
    """Name of the card."""
    count: int = Field(default=1, ge=1, le=100)
    """Copies added."""


class RemoveCards(Tagged):
    """Take copies of a card out of the equipment deck (Arctic Scavengers, two players: two cards
    of each type leave the junkyard). The deck must hold that many."""

    kind: Literal["remove_cards"]
    """Always 'remove_cards'."""
    item: str = Field(min_length=1, max_length=64)
    """Name of the card."""
    count: Annotated[int, Field(ge=1, le=100)] | Literal["all"] = 1
    """Copies removed, or 'all': every copy the deck holds, however many (none is fine)."""


class RemoveEachCard(Tagged):
    """Take this many copies of every card of the deck out (a card with fewer copies leaves
    entirely): "Retirez 2 cartes de chaque type" (Arctic Scavengers, two players)."""

    kind: Literal["remove_each_card"]
    """Always 'remove_each_card'."""
    count: int = Field(default=1, ge=1, le=100)
    """Copies of each card removed."""


class SetZombies(Tagged):
    """Set the miniatures of one zombie type in the pool."""

    kind: Literal["set_zombies"]
    """Always 'set_zombies'."""
    zombie: ZombieType
    """The zombie type."""
    count: int = Field(ge=0, le=1000)
    """Miniatures in the pool."""


class ChangeZombies(Tagged):
    """Add miniatures of one zombie type to the pool, or take them out (a negative number)."""

    kind: Literal["change_zombies"]
    """Always 'change_zombies'."""
    zombie: ZombieType
    """The zombie type."""
    by: int = Field(ge=-1000, le=1000)
    """Miniatures added (negative: removed; the pool must hold them)."""


class ActivateSpawnAtStart(Tagged):
    """Make a spawn zone active from the start of the game."""

    kind: Literal["activate_spawn"]
    """Always 'activate_spawn'."""
    spawn: Id
    """Id of the spawn zone."""


class DeactivateSpawnAtStart(Tagged):
    """Make a spawn zone inactive at the start (triggers may still switch it on)."""

    kind: Literal["deactivate_spawn"]
    """Always 'deactivate_spawn'."""
    spawn: Id
    """Id of the spawn zone."""


class RemoveSpawn(Tagged):
    """Take a spawn zone off the map (nothing may refer to it any more)."""

    kind: Literal["remove_spawn"]
    """Always 'remove_spawn'."""
    spawn: Id
    """Id of the spawn zone."""


class AddEquipment(Tagged):
    """Give every survivor one more starting item."""

    kind: Literal["add_equipment"]
    """Always 'add_equipment'."""
    item: str = Field(min_length=1, max_length=64)
    """Name of the item."""


class RemoveEquipment(Tagged):
    """Take one starting item away from every survivor (the set-up must list it)."""

    kind: Literal["remove_equipment"]
    """Always 'remove_equipment'."""
    item: str = Field(min_length=1, max_length=64)
    """Name of the item."""


class SetSurvivors(Tagged):
    """Change the number of survivors the mission is played with."""

    kind: Literal["set_survivors"]
    """Always 'set_survivors'."""
    min: int | None = Field(default=None, ge=1, le=12)
    """Fewest survivors (empty: unchanged)."""
    max: int | None = Field(default=None, ge=1, le=12)
    """Most survivors (empty: unchanged)."""


class SetHealth(Tagged):
    """Change the wounds a survivor can take before dying."""

    kind: Literal["set_health"]
    """Always 'set_health'."""
    health: int = Field(ge=1, le=20)
    """Wounds (hit points)."""


class SetStartingCards(Tagged):
    """Change the hero starting cards each survivor draws (Last Night on Earth)."""

    kind: Literal["set_starting_cards"]
    """Always 'set_starting_cards'."""
    count: int = Field(ge=0, le=10)
    """Cards drawn by each survivor."""


class SetTurnLimit(Tagged):
    """Set the turn limit (the sun track), or remove it."""

    kind: Literal["set_turn_limit"]
    """Always 'set_turn_limit'."""
    turns: int | None = Field(ge=1, le=1000)
    """Turns before dawn (null: no limit)."""


class ChangeTurnLimit(Tagged):
    """Lengthen or shorten the turn limit (the set-up must have one; the result stays 1 or more)."""

    kind: Literal["change_turn_limit"]
    """Always 'change_turn_limit'."""
    by: int = Field(ge=-999, le=999)
    """Turns added (negative: removed)."""


class SetSpawnMethod(Tagged):
    """Replace how spawn zones produce zombies (cards, dice or a fixed number)."""

    kind: Literal["set_spawn_method"]
    """Always 'set_spawn_method'."""
    method: SpawnMethod
    """The new spawn method."""


class RemoveConnection(Tagged):
    """Take a connection off the map (Les morts aux trousses, 5-6 players: the elevator is out of
    order). Nothing may refer to it any more."""

    kind: Literal["remove_connection"]
    """Always 'remove_connection'."""
    connection: Id
    """Id of the connection."""


class AddObjective(Tagged):
    """Put one more objective, key or item on the map (5-6 players: a second office key)."""

    kind: Literal["add_objective"]
    """Always 'add_objective'."""
    objective: Objective
    """The objective, as the scenario lists objectives."""


class RemoveObjective(Tagged):
    """Take an objective off the map (nothing may refer to it any more)."""

    kind: Literal["remove_objective"]
    """Always 'remove_objective'."""
    objective: Id
    """Id of the objective."""


class AddZone(Tagged):
    """Put one more zone on the map (5-6 players: a second office); connect it with
    add_connection."""

    kind: Literal["add_zone"]
    """Always 'add_zone'."""
    zone: Zone
    """The zone, as the scenario lists zones."""


class AddConnection(Tagged):
    """Put one more connection on the map (the door of the second office)."""

    kind: Literal["add_connection"]
    """Always 'add_connection'."""
    connection: Connection
    """The connection, as the scenario lists connections."""


class AddTrigger(Tagged):
    """Add one more trigger (the zombies rolled when the first survivor enters the second office)."""

    kind: Literal["add_trigger"]
    """Always 'add_trigger'."""
    trigger: Trigger
    """The trigger, as the scenario lists triggers."""


class SetVictory(Tagged):
    """Replace the goals of the mission (5-6 players: both office keys before a bunker)."""

    kind: Literal["set_victory"]
    """Always 'set_victory'."""
    victory: Victory
    """The new victory steps."""


Change = Annotated[
    Union[
        SetOverride, ClearOverride, AddSpecialRule, RemoveSpecialRule, AddCards, RemoveCards, RemoveEachCard,
        SetZombies, ChangeZombies, ActivateSpawnAtStart, DeactivateSpawnAtStart, RemoveSpawn, AddEquipment,
        RemoveEquipment, SetSurvivors, SetHealth, SetStartingCards, SetTurnLimit, ChangeTurnLimit,
        SetSpawnMethod, RemoveConnection, AddObjective, RemoveObjective, AddZone, AddConnection, AddTrigger, SetVictory,
    ],
    Field(discriminator="kind"),
]
"""One edit a variant, a module or a weather row makes to the scenario, by kind."""

CHANGE_KINDS: tuple[str, ...] = tuple(
    t.model_fields["kind"].annotation.__args__[0] for t in Change.__origin__.__args__  # type: ignore[attr-defined]
)
"""Every kind of change, in documentation order."""


# --------------------------------------------------------------------------------------------
# Variants and modules


class PlayerCount(Model):
    """The player counts a variant is for."""

    min: int = Field(ge=1, le=12)
    """Fewest players."""
    max: int = Field(ge=1, le=12)
    """Most players."""

    @model_validator(mode="after")
    def _range(self) -> PlayerCount:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is larger than max ({self.max})")
        return self


class Variant(Model):
    """A named set of changes: a variant (alternatives: at most one is played, for example the
    two-player variant) or an optional module (any allowed combination may be switched on)."""

    id: Id
    """Identifier, used on the command line (``--variant two-players``) and by campaign steps."""
    name: str = Field(default="", max_length=200)
    """Name shown in reports."""
    kind: Literal["variant", "module"] = "variant"
    """'variant': one of the scenario's alternatives (at most one applies); 'module': an optional
    rule module, combined freely with the others unless 'requires' or 'excludes' say otherwise."""
    description: str = Field(default="", max_length=5000)
    """What the variant or module is, in the rulebook's words."""
    players: PlayerCount | None = None
    """The player counts a player-count variant is for (empty: any)."""
    requires: list[Id] = Field(default_factory=list, max_length=MAX_VARIANTS)
    """Modules that must be on when this one is on."""
    excludes: list[Id] = Field(default_factory=list, max_length=MAX_VARIANTS)
    """Variants or modules that may not be played together with this one."""
    changes: list[Change] = Field(default_factory=list, max_length=200)
    """The changes, applied in order (a variant before the modules, modules in the order the
    scenario lists them)."""
    not_modelled: str = Field(default="", max_length=2000)
    """What the variant changes in the board game that the engine does not play (shown by the
    validator, so a playtest is read for what it is)."""

    @property
    def label(self) -> str:
        return self.name or self.id


# --------------------------------------------------------------------------------------------
# Weather


class WeatherRow(Model):
    """One row of the weather table: the 2d6 totals that give it and what it changes."""

    id: Id
    """Identifier of the row (for example 'fog')."""
    name: str = Field(default="", max_length=200)
    """Name shown in reports (for example 'Thick fog')."""
    rolls: list[int] = Field(min_length=1, max_length=11)
    """The 2d6 totals (2 to 12) that give this row."""
    description: str = Field(default="", max_length=2000)
    """The rulebook's text."""
    changes: list[Change] = Field(default_factory=list, max_length=100)
    """What the weather changes for the whole game (none: normal weather)."""
    not_modelled: str = Field(default="", max_length=2000)
    """What the weather does in the board game that the engine does not play."""

    @property
    def label(self) -> str:
        return self.name or self.id

    @property
    def probability(self) -> float:
        """Chance of rolling this row on 2d6."""
        return sum(two_d6_probability(t) for t in set(self.rolls))


class WeatherTable(Model):
    """A 2d6 table rolled once at set-up; the row rolled changes the game for its whole length
    (Eden: *Conditions climatiques*). Each game of a playtest rolls its own weather from its seed,
    apart from the engine's dice."""

    dice: Literal["2d6"] = "2d6"
    """The dice rolled (Eden: 2d6)."""
    rows: list[WeatherRow] = Field(min_length=1, max_length=11)
    """The rows; together they must give every total from 2 to 12 exactly once."""

    def row_for(self, total: int) -> WeatherRow:
        """The row a 2d6 total gives (KeyError when none does)."""
        for r in self.rows:
            if total in r.rolls:
                return r
        raise KeyError(total)

    def row(self, row_id: str) -> WeatherRow:
        """The row with this id (KeyError when there is none)."""
        for r in self.rows:
            if r.id == row_id:
                return r
        raise KeyError(row_id)

    @model_validator(mode="after")
    def _covers_2_to_12(self) -> WeatherTable:
        problems: list[ReferenceProblem] = []
        seen: dict[int, str] = {}
        ids: dict[str, int] = {}
        for i, r in enumerate(self.rows):
            if r.id in ids:
                problems.append(ReferenceProblem(code="duplicate-id", path=f"rows[{i}].id", ids=[r.id],
                                                 message=f"id '{r.id}' is already used by rows[{ids[r.id]}]"))
            ids.setdefault(r.id, i)
            if r.id in ("roll", "off"):
                problems.append(ReferenceProblem(code="invalid-field", path=f"rows[{i}].id", ids=[r.id],
                                                 message=f"'{r.id}' is how a playtest or a campaign step asks for "
                                                         "the weather to be rolled or left out; expected another id"))
            for j, total in enumerate(r.rolls):
                where = f"rows[{i}].rolls[{j}]"
                if total not in WEATHER_TOTALS:
                    problems.append(ReferenceProblem(code="invalid-field", path=where, ids=[r.id],
                                                     message=f"{total} cannot be rolled on 2d6; expected a total "
                                                             "from 2 to 12"))
                elif total in seen:
                    problems.append(ReferenceProblem(
                        code="invalid-field", path=where, ids=[r.id, seen[total]],
                        message=f"the total {total} already gives row '{seen[total]}'; expected each total from "
                                "2 to 12 in exactly one row"))
                else:
                    seen[total] = r.id
        missing = [t for t in WEATHER_TOTALS if t not in seen]
        if missing:
            problems.append(ReferenceProblem(
                code="invalid-field", path="rows", ids=[],
                message=f"no row is given by the 2d6 total{'s' if len(missing) > 1 else ''} "
                        f"{', '.join(map(str, missing))}; expected every total from 2 to 12 in exactly one row"))
        if problems:
            raise ReferenceProblems(problems)
        return self


# --------------------------------------------------------------------------------------------
# Points budgets


class SideBudget(Model):
    """The budget of one side and its price list."""

    points: int = Field(ge=0, le=100_000)
    """Points the side may spend (Eden: 100 per warband)."""
    prices: dict[str, int] = Field(min_length=1, max_length=500)
    """Price of each thing the side can buy: item names for the survivors (their starting
    equipment), zombie types for the zombies (one miniature of the pool)."""
    per: Literal["team", "survivor"] = "team"
    """Survivors only: 'team', the points buy the kit of the whole team (the kit's price times the
    number of survivors); 'survivor', each survivor's kit has the whole budget."""
    max_each: int | None = Field(default=None, ge=1, le=1000)
    """Most copies of one item in a kit, or miniatures of one zombie type (Eden: a fighter of a
    given name at most once); empty for no limit."""
    slack: int | None = Field(default=None, ge=0, le=100_000)
    """Points a side may leave unspent before the validator calls it under-spent; empty: less
    than the cheapest price (nothing more could have been bought)."""
    kits: Literal["shared", "each"] = "shared"
    """Survivors only, for random purchases: 'shared', one kit bought per game that every survivor
    carries; 'each', every survivor buys a kit of its own (Eden: each fighter of a warband is
    equipped on its own), dealt as its cards (``setup.survivors.heroes``)."""

    @model_validator(mode="after")
    def _prices(self) -> SideBudget:
        problems = [ReferenceProblem(code="invalid-field", path=f"prices.{k}", ids=[k],
                                     message=f"price {v} of '{k}' is negative or too large; expected a whole number "
                                             "from 0 to 100000")
                    for k, v in self.prices.items() if isinstance(v, bool) or not 0 <= v <= 100_000]
        if problems:
            raise ReferenceProblems(problems)
        return self

    def cheapest(self) -> int:
        return min(self.prices.values())

    def allowed_slack(self) -> int:
        """Points that may be left unspent."""
        return self.slack if self.slack is not None else max(0, self.cheapest() - 1)


class Budget(Model):
    """Points budgets of the two sides (Eden: warbands bought from 100 points)."""

    survivors: SideBudget | None = None
    """What the survivors' starting equipment may cost."""
    zombies: SideBudget | None = None
    """What the zombie pool may cost (the zombie side, where a zombie player buys it)."""

    @model_validator(mode="after")
    def _zombie_prices(self) -> Budget:
        if self.zombies is not None:
            from .common import ZOMBIE_TYPES

            bad = [k for k in self.zombies.prices if k not in ZOMBIE_TYPES]
            if bad:
                raise ReferenceProblems([ReferenceProblem(
                    code="invalid-field", path=f"zombies.prices.{k}", ids=[k],
                    message=f"'{k}' is not a zombie type; expected one of {', '.join(ZOMBIE_TYPES)}") for k in bad])
        return self


# --------------------------------------------------------------------------------------------
# References between variants (checked when a file loads)


def iter_variant_reference_problems(s: Scenario) -> Iterator[ReferenceProblem]:
    """Variant ids used twice, and 'requires' / 'excludes' naming no variant or module, or a
    module requiring a variant (variants are alternatives; modules are what may be required)."""
    variants = s.variants
    ids = [v.id for v in variants]
    counts = Counter(ids)
    kinds = {v.id: v.kind for v in variants}
    for i, v in enumerate(variants):
        if counts[v.id] > 1 and ids.index(v.id) != i:
            yield ReferenceProblem(code="duplicate-id", path=f"variants[{i}].id", ids=[v.id],
                                   message=f"id '{v.id}' is already used by variants[{ids.index(v.id)}]; "
                                           "ids must be unique")
        if v.id == "base":
            yield ReferenceProblem(code="invalid-field", path=f"variants[{i}].id", ids=[v.id],
                                   message="'base' names the game without variants and modules; expected another id")
        for key in ("requires", "excludes"):
            for j, other in enumerate(getattr(v, key)):
                path = f"variants[{i}].{key}[{j}]"
                if other not in kinds:
                    known = ", ".join(f"'{x}'" for x in ids) or "none is declared"
                    yield ReferenceProblem(code="dangling-reference", path=path, ids=[other],
                                           message=f"no variant or module has id '{other}'; expected one of {known}")
                elif other == v.id:
                    yield ReferenceProblem(code="invalid-field", path=path, ids=[other],
                                           message=f"'{v.id}' names itself; expected another variant or module")
                elif key == "requires" and kinds[other] != "module":
                    yield ReferenceProblem(code="wrong-reference-kind", path=path, ids=[other],
                                           message=f"'{other}' is a variant; 'requires' expects a module (variants "
                                                   "are alternatives, chosen on their own)")
