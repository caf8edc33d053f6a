"""Rule profiles as the Python bots and a policy's view read them: the id, the numbers
(``setup.rules.overrides`` applied), the deck and the dice a weapon rolls.

The rules of each profile are the typed engine's (:mod:`designer.engine.typed.play`, its
numbers from :mod:`designer.rules.profiles`); these objects only carry what a Python policy
reads (``view.profile``: ``id``, ``params``, ``dice_for``, ``danger``). A scenario picks its
profile with ``setup.rules.profile`` and changes parameters with ``setup.rules.overrides``
(for example ``{"actions": 4}``); unknown parameters are refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.equipment import Item, item
from ..rules.profiles import DEFAULT_DECKS, DEFAULT_PARAMS, Params, ProfileError, apply_overrides
from .shared import NEAR_SMOKE, NO_COLLECT, SMOKE, UNLIT, fall_levels, house_zones  # noqa: F401

if TYPE_CHECKING:
    from .state import Survivor

__all__ = ["PROFILES", "House", "LastNightOnEarth", "Params", "Profile", "ProfileError", "Zombicide", "check_profile",
           "make_profile", "scenario_profile"]


class Profile:
    """Zombicide rules (the default profile): the numbers a Python policy reads."""

    id = "zombicide"
    default_deck: tuple[tuple[str, int], ...] = DEFAULT_DECKS["zombicide"]
    default_params: Params = DEFAULT_PARAMS["zombicide"]

    def __init__(self, overrides: dict[str, Any] | None = None):
        self.overrides = dict(overrides or {})
        """The scenario's ``setup.rules.overrides`` this profile was made with."""
        self.params = apply_overrides(self.id, self.default_params, self.overrides)

    def danger(self, xp: int) -> int:
        """Danger level 0-3 (blue, yellow, orange, red) for an XP total."""
        y, o, r = self.params.danger_xp
        return 3 if xp >= r else 2 if xp >= o else 1 if xp >= y else 0

    def weapons(self, s: "Survivor") -> list[Item]:
        return [item(n) for n in dict.fromkeys(s.items) if item(n).is_weapon]

    def dice_for(self, s: "Survivor", it: Item) -> int:
        """Dice rolled with a weapon: doubled when two dual copies are in hand."""
        return it.dice * (2 if it.dual and s.items.count(it.name) >= 2 else 1)


class Zombicide(Profile):
    """Zombicide (the default): RULES.md §1-4."""


class LastNightOnEarth(Profile):
    """Last Night on Earth, "Seul dans le noir" (its rules: the typed engine, docs/engine.md)."""

    id = "lnoe"
    default_deck = DEFAULT_DECKS["lnoe"]
    default_params = DEFAULT_PARAMS["lnoe"]


class House(Profile):
    """Les morts aux trousses (its rules: the typed engine, docs/engine.md)."""

    id = "house"
    default_deck = DEFAULT_DECKS["house"]
    default_params = DEFAULT_PARAMS["house"]


PROFILES: dict[str, type[Profile]] = {"zombicide": Zombicide, "lnoe": LastNightOnEarth, "house": House}


def scenario_profile(scenario: Any) -> Profile:
    """The profile a scenario is played with: its rule profile and overrides (Eden's monster
    activation is the typed engine's, read from the scenario's infestation)."""
    rules = scenario.setup.rules
    return make_profile(rules.profile, rules.overrides)


def check_profile(profile: Any) -> Any:
    """``profile`` itself when it is a built-in profile (one of :data:`PROFILES`); a
    :class:`ProfileError` naming the class and the alternative for a profile subclassed in
    Python. Profiles are chosen by id (``setup.rules.profile``) and tuned by
    ``setup.rules.overrides``: the typed engine plays the rules of an id, so a subclass's
    methods would be ignored (docs/engine.md)."""
    cls = type(profile)
    if cls in PROFILES.values():
        return profile
    base = next((b for b in cls.__mro__ if b in PROFILES.values()), Profile)
    raise ProfileError(
        f"the rule profile {cls.__module__}.{cls.__qualname__} is a Python subclass of {base.__name__}: profiles "
        f"are chosen by id and tuned by overrides, not subclassed. Set setup.rules.profile to one of "
        f"{', '.join(PROFILES)} and change its numbers with setup.rules.overrides (for example "
        f"{{\"actions\": 4}}); a new behaviour is a rule of the typed engine (docs/engine.md, \"Adding a rule\")")


def make_profile(profile_id: str, overrides: dict[str, Any] | None = None) -> Profile:
    """The profile object for an id and the scenario's overrides."""
    try:
        cls = PROFILES[profile_id]
    except KeyError:
        raise ProfileError(f"unknown rule profile '{profile_id}'; known: {', '.join(PROFILES)}") from None
    return cls(overrides)
