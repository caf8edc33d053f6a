"""Infestation by points (Eden, *Infestation*): non-player monsters bought with infestation
points and placed a minimum number of zones apart, and the activation rule they follow.

"Chaque joueur reçoit un nombre de point d'Infestation équivalent au niveau d'Infestation. Le
Premier joueur dépense X points d'Infestation de sa réserve et place un CNJ dont le niveau est X
sur le terrain ... Un CNJ ne peut pas être placé sur le terrain à moins de 15 cm d'un autre CNJ."
On a zone map the 15 cm are a number of zones (``min_distance``).
"""

from __future__ import annotations

from typing import Iterator, Literal

from pydantic import Field

from .common import Id, Model, ZombieType

__all__ = ["Infestation", "MonsterPlacement", "MonsterType", "iter_infestation_reference_problems"]


class MonsterType(Model):
    """A non-player monster (Eden's CNJ) and what it costs."""

    id: Id
    """Identifier of the monster type (for example 'mutant-dog')."""
    name: str = Field(default="", max_length=200)
    """Name shown in messages."""
    level: int = Field(ge=1, le=10)
    """Its level, 1 to 10 ("le niveau des CNJ est indiqué à la place de la valeur")."""
    cost: int | None = Field(default=None, ge=0, le=100)
    """Infestation points it costs; empty: its level ("dépense X points ... et place un CNJ dont
    le niveau est X")."""
    zombie: ZombieType = "walker"
    """The zombie type whose rules it plays by (toughness, damage, kill XP)."""
    count: int = Field(default=1, ge=1, le=20)
    """Miniatures placed together (a pack of dogs)."""

    @property
    def price(self) -> int:
        """What one placement costs: ``cost``, or the level."""
        return self.level if self.cost is None else self.cost


class MonsterPlacement(Model):
    """One monster placed on the map at set-up."""

    monster: Id
    """The monster type (its id in 'infestation.monsters')."""
    zone: Id
    """The zone it starts in."""


class Infestation(Model):
    """The infestation of a mission: its points, the monsters on offer, where they are placed
    and how they act."""

    points: int = Field(ge=0, le=1000)
    """Infestation points the designer spends ("un nombre de point d'Infestation équivalent au
    niveau d'Infestation", typically 1 to 10 per player)."""
    min_distance: int = Field(default=2, ge=1, le=50)
    """Fewest zones between two placed monsters (Eden: 15 cm); placements closer than this are
    reported."""
    monsters: list[MonsterType] = Field(min_length=1, max_length=50)
    """The monsters that may be bought, with their levels and costs."""
    placed: list[MonsterPlacement] = Field(default_factory=list, max_length=200)
    """The monsters bought and where they stand at the start."""
    ai: Literal["eden", "profile"] = "eden"
    """How the zombies act: 'eden' (attack in contact, else charge a survivor in sight within
    ``charge_range``, else prowl one zone at random), or 'profile' (the rule profile's own AI)."""
    charge_range: int = Field(default=1, ge=1, le=5)
    """Zones within which a monster charges a survivor it sees (Eden: 10 cm)."""

    def monster(self, monster_id: str) -> MonsterType:
        """The monster type with this id (KeyError when there is none)."""
        for m in self.monsters:
            if m.id == monster_id:
                return m
        raise KeyError(monster_id)

    def spent(self) -> int:
        """Infestation points the placements cost."""
        prices = {m.id: m.price for m in self.monsters}
        return sum(prices.get(p.monster, 0) for p in self.placed)


def iter_infestation_reference_problems(s) -> Iterator:
    """Broken references of a scenario's infestation: placements naming no monster type, monster
    types sharing an id (a placement in no zone is reported by the reference walker,
    :data:`designer.model.references.REFERENCE_FIELDS`)."""
    from .scenario import ReferenceProblem

    inf = getattr(s, "infestation", None)
    if inf is None:
        return
    ids = [m.id for m in inf.monsters]
    for i, m in enumerate(ids):
        if ids.index(m) != i:
            yield ReferenceProblem(code="duplicate-id", path=f"infestation.monsters[{i}].id", ids=[m],
                                   message=f"id '{m}' is already used by infestation.monsters[{ids.index(m)}]; "
                                           "ids must be unique")
    for i, p in enumerate(inf.placed):
        if p.monster not in ids:
            yield ReferenceProblem(code="dangling-reference", path=f"infestation.placed[{i}].monster", ids=[p.monster],
                                   message=f"no monster type has id '{p.monster}'; expected one of the ids in "
                                           "'infestation.monsters'")
