"""Checks of the survivors' set-up: named survivors and the cards each starts with."""

from __future__ import annotations

from typing import Iterator

from ..rules.compiled import CompiledScenario
from .findings import Finding

__all__ = ["check_heroes"]


def check_heroes(view: CompiledScenario) -> Iterator[Finding]:
    """Named survivors are distinct and can all play; every starting item is one the game knows
    (a weapon or tool of the engine's table, a card of the deck, an item a lock or an objective
    names); no survivor starts with more than it can carry."""
    from ..engine.equipment import ITEMS  # the engine's table, read as compile_scenario does

    s = view.scenario
    sv = s.setup.survivors
    base = "setup.survivors"
    seen: dict[str, int] = {}
    for k, h in enumerate(sv.heroes):
        if h.name in seen:
            yield Finding("duplicate-hero", "error",
                          f"heroes[{k}] and heroes[{seen[h.name]}] are both named '{h.name}'", (h.name,),
                          f"{base}.heroes[{k}].name")
        seen.setdefault(h.name, k)
    ln = s.setup.lnoe
    drawn = ln is not None and ln.random_hero  # heroes drawn at random: each may play
    if len(sv.heroes) > sv.max and not drawn:
        names = ", ".join(h.name for h in sv.heroes[sv.max:])
        yield Finding("hero-never-plays", "warning",
                      f"{len(sv.heroes)} named survivors but games play at most {sv.max}: {names} never play",
                      tuple(h.name for h in sv.heroes[sv.max:]), f"{base}.heroes")
    known = set(ITEMS) | set(view.deck_items)
    known |= {o.item for o in s.objectives if o.kind == "item" and o.item}
    known |= {lk[1] for lk in view.door_lock if lk is not None and lk[0] == "item" and lk[1]}  # items locks name
    where = [(f"{base}.starting_equipment[{i}]", "every survivor's starting equipment", n)
             for i, n in enumerate(sv.starting_equipment)]
    for k, h in enumerate(sv.heroes):
        where += [(f"{base}.heroes[{k}].items[{i}]", f"{h.name}'s cards", n) for i, n in enumerate(h.items)]
    for path, who, name in where:
        if name not in known:
            yield Finding("unknown-item", "warning",
                          f"'{name}' in {who} is no weapon or tool the engine knows, no card of the deck and "
                          f"nothing a lock or an objective names: it is carried and does nothing", (name,), path)
    cap = _max_items(s)
    if cap:
        for k in range(max(len(sv.heroes), 1 if sv.starting_equipment else 0)):
            have = len(sv.items_of(k)) + sv.starting_cards
            if have > cap:
                who = sv.heroes[k].name if k < len(sv.heroes) else "every survivor"
                yield Finding("too-many-starting-items", "warning",
                              f"{who} starts with {have} cards but a survivor carries {cap}: the least useful "
                              f"are lost at once", (who,), f"{base}.heroes[{k}]" if k < len(sv.heroes) else base)


def _max_items(s) -> int | None:
    """How many items a survivor carries under the scenario's rule profile."""
    from ..rules.profiles import DEFAULT_PARAMS, ProfileError, profile_params

    rules = s.setup.rules
    if rules.profile not in DEFAULT_PARAMS:
        return None
    try:
        return profile_params(rules.profile, rules.overrides).max_items
    except ProfileError:
        return DEFAULT_PARAMS[rules.profile].max_items
