"""Terrain keywords of zones and connections (Eden, *Les règles spéciales des décors*).

Eden describes each piece of scenery by keywords, "un simple mot-clé dans la description du
décor", some with a value in brackets that is 1 by default. A zone or a connection of a map may
carry the same keywords in its ``terrain`` field:

======================  ===================================================================
keyword                 what it does on a zone map (``docs/terrain.md``)
======================  ===================================================================
``impassable``          nobody enters the zone or crosses the connection
``crossable``           a zone survivors may cross but not stop in (Franchissement)
``obstruction`` (x)     a move into the zone, or across the connection, costs x times as much
``hostile`` (x)         x wounds on entering, and at the start of each activation there
``elevation``           ranged weapons fired from the zone reach one zone further
``swim`` (x)            entering costs 2 actions and a swim roll (d6 >= x), a wound per miss
``destruction`` (x)     survivors attack the scenery; after x attacks it is a devastated zone
``flammable``           the scenery takes burn markers (a ``set_fire`` effect lights it): while it
                        burns nobody enters or crosses it, survivors at hand catch burn markers,
                        each end of turn it gains a marker, and each marker counts as an attack
                        for destruction(x)
======================  ===================================================================
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .common import Id, Model, Tagged

__all__ = ["PLAYED_KEYWORDS", "SetFire", "Terrain", "TERRAIN_KEYWORDS"]

TERRAIN_KEYWORDS: tuple[str, ...] = (
    "impassable", "crossable", "obstruction", "hostile", "elevation", "swim", "destruction", "flammable")
"""Every terrain keyword, in the order of the table above."""

PLAYED_KEYWORDS: frozenset[str] = frozenset(TERRAIN_KEYWORDS)
"""The keywords the engine plays: all of them (docs/terrain.md)."""


class Terrain(Model):
    """Terrain keywords of a zone or a connection (Eden's scenery rules). All default to off."""

    impassable: bool = False
    """Nobody may enter the zone or cross the connection ("décors infranchissables"): a wall, a
    cliff, a building with no way in."""
    crossable: bool = False
    """Zones only: survivors may cross the zone but not end a move in it ("Franchissement: les
    combattants peuvent franchir un tel décor sans finir un déplacement à l'intérieur"): a move
    into it needs the actions to move on."""
    obstruction: int | None = Field(default=None, ge=2, le=10)
    """Movement cost factor ("Obstruction(X): pour parcourir 1 cm dans un tel type de décor un
    combattant doit en dépenser X"): a move into the zone, or across the connection, costs x
    times its usual cost."""
    hostile: int | None = Field(default=None, ge=1, le=10)
    """Hostile presence ("Présence Hostile(X): les combattants qui commencent leur activation ou
    terminent un déplacement ... dans un décor possédant cette règle spéciale subissent
    immédiatement X blessures"): x wounds to a survivor entering the zone (or crossing the
    connection) and to a survivor starting its activation in the zone."""
    elevation: bool = False
    """Zones only: a raised position ("la portée des équipements de tir et de jet augmente de
    5 cm pour les combattants situés sur une position surélevée"): ranged weapons fired from the
    zone reach one zone further."""
    swim: int | None = Field(default=None, ge=2, le=6)
    """Swimming difficulty ("Nage(X): ... une action de déplacement qui coûte exceptionnellement
    2PA. De plus, le combattant doit effectuer un jet de VIG d'une difficulté de X. S'il échoue,
    il subit une blessure ... Il refait ensuite ce jet jusqu'à ce qu'il obtienne au moins une
    réussite"): entering the zone, or crossing the connection, costs 2 actions; the survivor then
    rolls a d6 until it shows x or more, taking one wound per miss."""
    destruction: int | None = Field(default=None, ge=1, le=20)
    """Attacks that destroy the scenery ("Un tel décor est détruit s'il subit X Attaques dans la
    partie"): a survivor in the zone, or next to it or to the connection, attacks it for one
    action (it always hits); at x attacks it becomes a devastated zone ("Zone dévastée :
    Obstruction(2), Occupation"), and an impassable wall it was opens."""
    flammable: bool = False
    """The scenery can take burn markers ("Inflammable : Un tel décor peut recevoir des marqueurs
    Brûlure comme un combattant normal"), put on it by a ``set_fire`` trigger effect. While it
    burns nobody enters the zone or crosses the connection ("il perd ses règles spéciales
    Franchissement, Occupation et Obstruction"); a survivor starting its activation or ending a
    move with it at hand catches a burn marker; at the end of each turn it gains a marker, and
    each marker counts as an attack for destruction(x). Not a zone's ``flags.fire`` (Les morts
    aux trousses' burning room, which zombies never enter): docs/terrain.md, *Fire*."""

    def keywords(self) -> list[str]:
        """The keywords set, in table order, with their values ('obstruction(2)')."""
        out = []
        for name in TERRAIN_KEYWORDS:
            value = getattr(self, name)
            if value is True:
                out.append(name)
            elif value not in (None, False):
                out.append(f"{name}({value})")
        return out


class SetFire(Tagged):
    """Set flammable scenery alight: put burn markers on a zone or a connection whose terrain is
    ``flammable`` (Eden: "Un tel décor peut recevoir des marqueurs Brûlure comme un combattant
    normal"; a weapon's "Brûlure (X) ... On attribue X marqueurs Brûlure"). Give exactly one of
    ``zone`` and ``connection``. Nothing happens to scenery that is not flammable or already
    destroyed (the validator reports the first: ``fire-not-flammable``)."""

    kind: Literal["set_fire"]
    """Always 'set_fire'."""
    zone: Id | None = None
    """The flammable zone set alight."""
    connection: Id | None = None
    """The flammable connection (a hedge, a wooden fence) set alight."""
    markers: int = Field(default=1, ge=1, le=10)
    """Burn markers put on it (each counts as an attack for destruction(x))."""

    @model_validator(mode="after")
    def _one_target(self) -> "SetFire":
        if (self.zone is None) == (self.connection is None):
            raise ValueError("a 'set_fire' effect needs exactly one of 'zone' (a zone id) and "
                             "'connection' (a connection id)")
        return self
