"""Rule profiles as data: their ids, their numbers (:class:`Params`, changed by a scenario's
``setup.rules.overrides``) and their default search decks.

The validator and the playtest engine both read these tables; the engine's behaviour of each
profile (its hooks) is :mod:`designer.engine.profiles`, built on them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from .equipment import HOUSE_DECK, LNOE_DECK, ZOMBICIDE_DECK
from .zombies import KILL_XP, TOUGHNESS

__all__ = ["EXPLORATION_BAG", "GRAVE_DEAD_POOL", "HORDE_RED", "LNOE_EVENTS", "LNOE_ZOMBIE_DECK",
           "POINTLESS_CARD_EFFECTS", "is_event", "DEFAULT_DECKS", "DEFAULT_PARAMS", "PROFILE_IDS", "Params", "ProfileError", "apply_overrides",
           "default_deck", "profile_params"]


class ProfileError(ValueError):
    """A scenario asks for an unknown profile parameter or a bad value."""


@dataclass(frozen=True)
class Params:
    """The tunable numbers of a profile (``setup.rules.overrides`` changes them)."""

    actions: int = 3
    """Actions per survivor per turn (movement points for the house profile)."""
    yellow_bonus: int = 1
    """Extra actions from the yellow danger level on."""
    dark_actions: int = 3
    """Movement points of a survivor who starts the turn in a dark zone (house)."""
    max_items: int = 5
    """Items a survivor can carry."""
    danger_xp: tuple[int, int, int] = (7, 19, 43)
    """XP at which yellow, orange and red begin."""
    toughness: tuple[int, ...] = TOUGHNESS
    """Damage needed to kill each zombie type (the zombie table's order, ``rules/zombies.py``)."""
    kill_xp: tuple[int, ...] = KILL_XP
    """XP for killing each zombie type."""
    max_turns: int = 60
    """Turns after which a game without a turn limit stops as a loss ('stalled')."""
    building_spawn: bool = True
    """Opening the first door of a building spawns zombies in each of its zones."""
    doors_need_item: bool = True
    """Opening a closed door needs a door-opening item."""
    pool_out_extra_activation: bool = True
    """When a type runs out of miniatures, every zombie of that type acts again."""
    hero_dice: int = 2
    """Last Night on Earth: fight dice of a hero (a zombie rolls one)."""
    split_adds: bool = True
    """Zombies splitting on equal paths are topped up to equal groups (Zombicide); otherwise a
    zombie player simply spreads them."""
    tower_range: int = 0
    """Extra maximum range of a ranged weapon fired from a watchtower (Prison Outbreak: 1, "I
    Sopravvissuti guadagno +1 alla Gittata Massima dell'Arma finché si trovano sulla Torre di
    Osservazione")."""
    security_push_back: bool = False
    """Security zones (Prison Outbreak): moving is the only action there, and a survivor who
    ends its activation in one is pushed back into the zone it came from."""
    zombies_cross_gates: bool = False
    """Zombies walk through a rotating security gate (a 'gate' zone) like any zone; they never
    spawn there (Prison Outbreak: "Gli Zombi non possono essere generati all'interno del
    Cancello"). Off: zombies never enter a gate zone."""
    abominations_tear_fences: bool = False
    """An abomination walks through a barbed-wire fence and tears it down: zombies and
    survivors cross it from then on (Prison Outbreak, chapter 10)."""
    max_extra_activations: int = 0
    """Extra activations of the zombies one turn may give before the game ends as a loss
    ('runaway'); 0: a bound from the board that no game by the rules reaches
    (``designer.engine.game.extra_activation_limit``)."""


PROFILE_IDS: tuple[str, ...] = ("zombicide", "lnoe", "house")
"""The rule profiles a scenario may name in ``setup.rules.profile`` (the engine's hooks for each
are :data:`designer.engine.profiles.PROFILES`)."""

DEFAULT_PARAMS: dict[str, Params] = {
    "zombicide": Params(),
    "lnoe": Params(actions=2, yellow_bonus=0, building_spawn=False, doors_need_item=False,
                   pool_out_extra_activation=False, max_turns=60, split_adds=False),
    "house": Params(actions=3, yellow_bonus=0, dark_actions=2, building_spawn=False,
                    doors_need_item=False, pool_out_extra_activation=False, max_turns=40,
                    split_adds=False),
}
"""Each profile's numbers before the scenario's overrides."""

DEFAULT_DECKS: dict[str, tuple[tuple[str, int], ...]] = {
    "zombicide": ZOMBICIDE_DECK, "lnoe": LNOE_DECK, "house": HOUSE_DECK}
"""Each profile's search deck, used when a scenario gives none (``setup.equipment_deck``)."""


def _known(profile_id: str) -> None:
    if profile_id not in DEFAULT_PARAMS:
        raise ProfileError(f"unknown rule profile '{profile_id}'; known: {', '.join(PROFILE_IDS)}")


def apply_overrides(profile_id: str, params: Params, overrides: dict[str, Any]) -> Params:
    """``params`` changed by a scenario's ``setup.rules.overrides``; :class:`ProfileError` names
    an unknown setting or a value of the wrong kind."""
    known = {f.name: f for f in fields(Params)}
    changes = {}
    for key, value in overrides.items():
        if key not in known:
            raise ProfileError(f"unknown rule override '{key}' for profile '{profile_id}'; "
                               f"known: {', '.join(sorted(known))}")
        default = getattr(params, key)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise ProfileError(f"rule override '{key}' expects true or false, got {value!r}")
        elif isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
                raise ProfileError(f"rule override '{key}' expects a whole number 0-1000, got {value!r}")
        else:
            raise ProfileError(f"rule override '{key}' cannot be changed from a scenario")
        changes[key] = value
    return replace(params, **changes)


def profile_params(profile_id: str, overrides: dict[str, Any] | None = None) -> Params:
    """The numbers of a profile with a scenario's overrides (:class:`ProfileError` for an unknown
    profile or a bad override)."""
    _known(profile_id)
    return apply_overrides(profile_id, DEFAULT_PARAMS[profile_id], overrides or {})


def default_deck(profile_id: str) -> tuple[tuple[str, int], ...]:
    """The search deck of a profile (:class:`ProfileError` for an unknown profile)."""
    _known(profile_id)
    return DEFAULT_DECKS[profile_id]


# -- Last Night on Earth: Growing Hunger's numbers ------------------------------------------------

GRAVE_DEAD_POOL = 7
"""Grave dead in their own pool ("prenez les 7 Zombies rouges et placez les dans une pioche
"Fosse" séparée")."""

HORDE_RED = 7
"""Red zombies the horde adds to the pool ("les 21 Zombies présents dans la réserve des Zombies.
cela comprend les Zombies rouges en plus des marrons et verts habituels")."""

EXPLORATION_BAG: tuple[tuple[str, int], ...] = (
    ("free-search", 16), ("surprise-1", 2), ("surprise-2", 1), ("new-hero", 1))
"""The 20 exploration markers ("16 d'entre eux sont des Marqueurs d'exploration bonus, 2 sont des
"Attaque surprise x1", un "Attaque surprise x2" et un "Nouveau Héros trouvé")."""

LNOE_ZOMBIE_DECK: tuple[tuple[str, int, str], ...] = (
    ("Une nuit sans fin", 2, "endless-night"), ("Sacrifice inutile", 1, "names-heroes"),
    ("Chamaillerie", 1, "names-heroes"), ("Attaque surprise", 3, "surprise-attack"),
    ("Ils arrivent", 4, "extra-spawn"), ("Porte verrouillée", 3, "none"), ("Résistant", 3, "none"),
    ("Mon dieu, ils ont pris le...", 3, "none"))
"""The zombie deck the simulation draws a zombie player's hand from when a scenario lists none:
(title, copies, effect). The seed names the cards its rules change ("Une nuit sans fin",
"Sacrifice inutile", "Chamaillerie", "Attaque surprise", "Porte verrouillée", "Résistant",
"Mon dieu, ils ont pris le..."); the copies and the rest of the printed deck are not in it, so
this 20-card deck is the simulation's, and cards whose text is not played have effect 'none'."""

POINTLESS_CARD_EFFECTS = frozenset({"none"})
"""Card effects the zombie player holds without playing."""

LNOE_EVENTS: dict[str, str] = {"first aid": "heal", "premiers secours": "heal", "adrenaline": "none",
                               "lucky break": "none"}
"""Hero cards that are events, not items, and what the simulation does with them ('heal': played
at the start of the hero's turn when wounded, heals one wound). Events are carried apart from
items in a campaign (``carry.events``)."""


def is_event(name: str) -> bool:
    """Whether a hero card is an event (:data:`LNOE_EVENTS`)."""
    return name.lower() in LNOE_EVENTS
