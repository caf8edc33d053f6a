"""Last Night on Earth settings of a scenario (``setup.lnoe``) and the town library (``town``).

``setup.lnoe`` holds what the Growing Hunger rules need beyond the special rules of
``setup.special_rules`` (which say *which* rules are in force): the dice of the spawn roll, the
grave dead's ability, the buildings' pick-up cards, the zombie player's hand, how the hero is
placed, the optional rules of "Seul dans le noir" and whether the zombies lose when no spawning
point is left. Every field is opt-in: a scenario without ``setup.lnoe`` plays as before.

``town`` is a board library: the L-shaped boards a game draws its town from ("Sélectionnez au
hasard deux des plateaux extérieurs en forme de "L" et placez-les de façon à confectionner un
plateau de jeu rectangulaire"). Every board's zones, connections, spawns and search markers are
ordinary parts of the scenario (so the editor, the references and the map see them); the
library says which zones form which board and which street zones meet at the seams. Each game
draws ``draw`` boards from its own generator and plays the town they form
(:mod:`designer.town`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .common import Id, Model

__all__ = ["GRAVE_DEAD_ABILITIES", "LnoeSetup", "TownBoard", "TownLibrary", "ZombieCard", "ZOMBIE_CARD_EFFECTS"]

GRAVE_DEAD_ABILITIES: dict[int, str] = {
    1: "very-rotten", 2: "brainthirsty", 3: "freshly-dead", 4: "ravenous", 5: "pack-mentality", 6: "carrier"}
"""The grave dead's d6 ability table ("Lancez un dé au début de la partie pour déterminer la
capacité spéciale que vos Zombies de la fosse auront durant toute la partie")."""

ZOMBIE_CARD_EFFECTS = ("none", "endless-night", "names-heroes", "surprise-attack", "extra-spawn")
"""What a zombie card does in the engine: 'none' (a card the simulation plays without effect),
'endless-night' ("Une nuit sans fin"), 'names-heroes' (a card naming two or more heroes, such as
"Sacrifice inutile"), 'surprise-attack' (a zombie placed in the hero's zone), 'extra-spawn' (one
more zombie at a spawning point)."""


class ZombieCard(Model):
    """One card of the zombie player's deck, as the simulation plays it."""

    name: str = Field(min_length=1, max_length=64)
    """The card's title ("Une nuit sans fin", "Chamaillerie"...)."""
    count: int = Field(default=1, ge=1, le=40)
    """Copies in the deck."""
    effect: Literal["none", "endless-night", "names-heroes", "surprise-attack", "extra-spawn"] = "none"
    """What it does (:data:`ZOMBIE_CARD_EFFECTS`)."""


class LnoeSetup(Model):
    """Last Night on Earth rules of the scenario beyond its special rules (all opt-in)."""

    spawn_roll: str | None = Field(default=None, pattern=r"^[1-9]?d[1-9][0-9]?([+-][0-9])?$")
    """The roll of step 3 of the zombies' turn: new zombies spawn only when it beats the zombies
    on the board ('1d6' for a zombie player with half the resources, as in "Seul dans le noir";
    '2d6' for a lone zombie player). Empty: zombies spawn every turn. The special rule
    'zombie-autospawn' skips the roll; 'zombie-horde' adds one die to it."""
    grave_dead_ability: int | None = Field(default=None, ge=1, le=6)
    """The grave dead's ability (1-6 on :data:`GRAVE_DEAD_ABILITIES`); empty: rolled at the start
    of each game."""
    pick_ups: dict[Id, str] = Field(default_factory=dict, max_length=200)
    """Building id -> the card its pick-up ability takes ("Ramassage"): from the discard pile, or
    from the hero deck with 'well-stocked-buildings'."""
    start: Literal["start_zones", "random_building"] = "start_zones"
    """Where a hero starts: one of ``setup.start_zones``, or a random building ("lancez un dé et
    consultez le diagramme ci-dessous pour trouver le plateau, puis relancez pour déterminer le
    bâtiment"): d6 for the board, d6 for the building, then a zone of it."""
    random_hero: bool = False
    """Heroes are drawn at random from ``setup.survivors.heroes`` ("Le joueur Héros sélectionne
    au hasard un Héros"); otherwise in the order listed."""
    zombie_hand: int = Field(default=0, ge=0, le=10)
    """Cards in the zombie player's hand (2 in "Seul dans le noir"); 0: no zombie cards."""
    zombie_deck: list[ZombieCard] = Field(default_factory=list, max_length=100)
    """The zombie deck the hand is drawn from; empty with a hand: the profile's deck."""
    becky_first_aid: bool = False
    """Optional rule: Becky may heal herself one wound on 4+ in place of her move."""
    endless_night: bool = False
    """Optional rule: "Une nuit sans fin" also places a zombie on every spawning point and moves
    the sun back two spaces."""
    multi_hero_cards: bool = False
    """Optional rule: a card naming two or more heroes is discarded when drawn and moves the sun
    one space forward or back (the player who drew it chooses)."""
    no_spawn_point_loss: bool = False
    """The zombies lose at once when no spawning point is left on the board ("Si à un moment
    donné plus aucun point de réapparition de Zombies ne se trouve sur le plateau de jeu, les
    Zombies perdent automatiquement la partie")."""
    heroes_to_lose: int = Field(default=4, ge=1, le=12)
    """With 'heroes-replenish': heroes the zombies must kill to win ("les Zombies peuvent toujours
    gagner s'ils tuent quatre Héros")."""


class TownBoard(Model):
    """One L-shaped board of a town library."""

    id: Id
    """Identifier of the board."""
    name: str = Field(default="", max_length=200)
    """Name shown in reports."""
    zones: list[Id] = Field(min_length=1, max_length=2000)
    """The zones printed on this board (each zone of the scenario lies on at most one board)."""
    first: list[Id] = Field(min_length=1, max_length=20)
    """Street zones along the board's first seam, in order."""
    second: list[Id] = Field(min_length=1, max_length=20)
    """Street zones along the board's second seam, in order: two boards X and Y form a rectangle
    when X's first seam meets Y's second and X's second meets Y's first, zone by zone."""


class TownLibrary(Model):
    """The boards a game draws its town from."""

    draw: int = Field(default=2, ge=2, le=2)
    """Boards a game draws (two L-shaped boards form the rectangle)."""
    boards: list[TownBoard] = Field(min_length=2, max_length=12)
    """The boards, in the order of the d6 diagram."""

    @model_validator(mode="after")
    def _shape(self) -> TownLibrary:
        ids = [b.id for b in self.boards]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ValueError(f"board ids must be unique; used twice: {', '.join(dup)}")
        n = len(self.boards[0].first)
        for i, b in enumerate(self.boards):
            for seam in ("first", "second"):
                if len(getattr(b, seam)) != n:
                    raise ValueError(f"boards[{i}].{seam}: board '{b.id}' has {len(getattr(b, seam))} seam zones; "
                                     f"expected {n}, as on every seam of every board (seams meet zone by zone)")
                missing = [z for z in getattr(b, seam) if z not in b.zones]
                if missing:
                    raise ValueError(f"boards[{i}].{seam}: {', '.join(missing)} not among the zones of board "
                                     f"'{b.id}'; expected zones of the board itself")
        return self
