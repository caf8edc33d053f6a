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
``flammable``           the scenery can burn (recorded, not played)
======================  ===================================================================
"""

from __future__ import annotations

from pydantic import Field

from .common import Model

__all__ = ["PLAYED_KEYWORDS", "Terrain", "TERRAIN_KEYWORDS"]

TERRAIN_KEYWORDS: tuple[str, ...] = (
    "impassable", "crossable", "obstruction", "hostile", "elevation", "swim", "destruction", "flammable")
"""Every terrain keyword, in the order of the table above."""

PLAYED_KEYWORDS: frozenset[str] = frozenset(
    {"impassable", "crossable", "obstruction", "hostile", "elevation", "swim", "destruction"})
"""The keywords the engine plays; the others are recorded and reported (``terrain-not-modelled``)."""


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
    """The scenery can take burn markers ("Inflammable"). Recorded and reported; the engine does
    not play burning scenery (a zone's ``flags.fire`` is the fire it plays)."""

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
