"""Applying variants, modules, weather rows and purchases: each gives an ordinary scenario.

A **selection** is at most one variant and any allowed set of modules of a scenario (written
``two-players+doctors`` on the command line; ``base`` for none). :func:`apply_selection` applies
the variant's changes, then each module's in the order the scenario lists them, and returns a
plain :class:`~designer.model.Scenario` without variants, weather or budget: one compiled
scenario per selection, so the engine and the validator see nothing new.

Per-game chance at set-up (the weather rolled, the equipment bought) is drawn from the game's
seed through its own stream (:func:`setup_rng`), never from the engine's dice: game ``i`` plays
the same engine game whatever weather it rolled.

>>> import designer
>>> from designer.variants import derive, iter_selections
>>> s = designer.load("scenarios/frozen-depot.json")
>>> [sel.label for sel in iter_selections(s)][:4]
['base', 'two-players', 'tools', 'two-players+tools']
>>> derive(s, "tools+two-players").meta.tags[-2:]
['variant:two-players', 'variant:tools']
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from .io.files import LoadError, Problem, parse
from .model.scenario import RULE_OVERRIDES, Scenario, iter_override_problems
from .model.variants import SideBudget, Variant, WeatherRow

__all__ = [
    "MAX_COMBINATIONS",
    "Purchase",
    "Selection",
    "VariantError",
    "apply_changes",
    "apply_selection",
    "derive",
    "draw_purchase",
    "iter_selections",
    "kit_cost",
    "parse_selection",
    "pool_cost",
    "roll_2d6",
    "setup_rng",
    "strip_options",
    "weather_scenario",
    "with_purchase",
]

MAX_COMBINATIONS = 64
"""Selections the validator and ``playtest --all-variants`` go through at most (the base game
first, then by number of modules); a scenario allowing more gets an info finding."""

_DEFAULT_DECKS: dict[str, tuple[tuple[str, int], ...]] | None = None


def _default_deck(profile: str) -> tuple[tuple[str, int], ...]:
    """The deck a profile plays when the scenario names none (``designer.engine.equipment``)."""
    global _DEFAULT_DECKS
    if _DEFAULT_DECKS is None:
        from .engine.equipment import HOUSE_DECK, LNOE_DECK, ZOMBICIDE_DECK

        _DEFAULT_DECKS = {"zombicide": ZOMBICIDE_DECK, "lnoe": LNOE_DECK, "house": HOUSE_DECK}
    return _DEFAULT_DECKS.get(profile, _DEFAULT_DECKS["zombicide"])


class VariantError(ValueError):
    """A variant, module, weather row or purchase cannot be applied: ``problems`` name the JSON
    path of the change (``variants[1].changes[2]``) and what was expected."""

    def __init__(self, problems: list[Problem], source: str = ""):
        self.problems = problems
        self.source = source
        super().__init__("; ".join(str(p) for p in problems))

    def lines(self) -> list[str]:
        return [f"{self.source}: {p}" if self.source else str(p) for p in self.problems]


# --------------------------------------------------------------------------------------------
# Selections


@dataclass(frozen=True)
class Selection:
    """At most one variant and a set of modules (ids; modules in the scenario's order)."""

    variant: str | None = None
    modules: tuple[str, ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        return ((self.variant,) if self.variant else ()) + self.modules

    @property
    def label(self) -> str:
        """'base', or the ids joined by '+' (the command-line spelling)."""
        return "+".join(self.ids) or "base"

    @property
    def described(self) -> str:
        """"variant 'two-players'", "module 'tools'" or "combination 'two-players+tools'"."""
        if len(self.ids) > 1:
            return f"combination '{self.label}'"
        return f"variant '{self.variant}'" if self.variant else f"module '{self.label}'" if self.modules else "the base game"

    @property
    def is_base(self) -> bool:
        return not self.ids


def _by_id(s: Scenario) -> dict[str, tuple[int, Variant]]:
    return {v.id: (i, v) for i, v in enumerate(s.variants)}


def parse_selection(s: Scenario, text: str | Iterable[str], source: str = "") -> Selection:
    """The selection named by ``text`` ('base', 'two-players', 'two-players+doctors', or a list
    of ids). Raises :class:`VariantError` for an unknown id, two variants, or a combination the
    scenario forbids."""
    names = [p.strip() for p in (text.split("+") if isinstance(text, str) else text) if p.strip() not in ("", "base")]
    known = _by_id(s)
    problems = []
    for n in names:
        if n not in known:
            listed = ", ".join(f"'{v.id}'" for v in s.variants)
            problems.append(Problem("variants", f"no variant or module has id '{n}'; expected 'base' or "
                                                f"{'one of ' + listed if listed else 'nothing (the scenario declares no variant)'}",
                                    "unknown-variant", (n,)))
    if problems:
        raise VariantError(problems, source)
    chosen_variants = [n for n in names if known[n][1].kind == "variant"]
    if len(chosen_variants) > 1:
        raise VariantError([Problem("variants", f"variants {', '.join(chosen_variants)} are alternatives; "
                                                "expected at most one variant (and any modules)",
                                    "module-combination-forbidden", tuple(chosen_variants))], source)
    modules = tuple(sorted({n for n in names if known[n][1].kind == "module"}, key=lambda n: known[n][0]))
    sel = Selection(chosen_variants[0] if chosen_variants else None, modules)
    why = forbidden(s, sel)
    if why:
        raise VariantError([Problem(why[0], why[1], "module-combination-forbidden", sel.ids)], source)
    return sel


def forbidden(s: Scenario, sel: Selection) -> tuple[str, str] | None:
    """(JSON path, why) when the scenario forbids this combination, else None."""
    known = _by_id(s)
    chosen = set(sel.ids)
    for vid in sel.ids:
        i, v = known[vid]
        for j, other in enumerate(v.excludes):
            if other in chosen:
                return (f"variants[{i}].excludes[{j}]",
                        f"'{vid}' and '{other}' may not be played together ('{vid}' excludes '{other}')")
        for j, other in enumerate(v.requires):
            if other not in chosen:
                return (f"variants[{i}].requires[{j}]", f"'{vid}' needs the module '{other}' switched on too")
    return None


def iter_selections(s: Scenario, limit: int | None = MAX_COMBINATIONS) -> Iterator[Selection]:
    """Every selection the scenario allows: the base game, each variant alone, then with module
    combinations of growing size (at most ``limit``)."""
    variants = [None] + [v.id for v in s.variants if v.kind == "variant"]
    modules = [v.id for v in s.variants if v.kind == "module"]
    count = 0
    for size in range(len(modules) + 1):
        for combo in itertools.combinations(modules, size):
            for var in variants:
                sel = Selection(var, combo)
                if forbidden(s, sel) is None:
                    if limit is not None and count >= limit:
                        return
                    count += 1
                    yield sel


COUNT_LIMIT = 10_000
"""Selections :func:`count_selections` counts at most."""


def count_selections(s: Scenario, limit: int = COUNT_LIMIT) -> int:
    """How many selections the scenario allows, counted up to ``limit + 1`` (a file with 20
    modules allows a million; nobody needs the exact figure)."""
    return sum(1 for _ in iter_selections(s, limit + 1))


# --------------------------------------------------------------------------------------------
# Changes


def strip_options(data: dict[str, Any]) -> dict[str, Any]:
    """Scenario data without variants, weather and budget (what the engine plays)."""
    return {k: v for k, v in data.items() if k not in ("variants", "weather", "budget")}


def _deck(setup: dict[str, Any], profile: str) -> list[dict[str, Any]]:
    deck = setup.get("equipment_deck")
    if deck is None:
        deck = [{"item": n, "count": c} for n, c in _default_deck(profile)]
        setup["equipment_deck"] = deck
    return deck


def _find(items: list[dict[str, Any]], key: str, value: Any) -> int | None:
    for i, x in enumerate(items):
        if x.get(key) == value:
            return i
    return None


def apply_changes(data: dict[str, Any], changes: list[Any], where: str) -> list[Problem]:
    """Apply changes to scenario data in place; return the problems (each at ``where``'s JSON path,
    for example ``variants[2].changes[1]``) of changes that could not be applied."""
    problems: list[Problem] = []
    setup = data["setup"]
    rules = setup.setdefault("rules", {"profile": "zombicide", "overrides": {}})
    profile = rules.get("profile", "zombicide")
    for k, ch in enumerate(changes):
        path = f"{where}[{k}]"
        kind = ch.kind

        def bad(message: str, *ids: str) -> None:
            problems.append(Problem(path, message, "variant-invalid", ids))

        if kind == "set_override":
            spec = RULE_OVERRIDES.get(ch.name)
            if spec is None:
                bad(f"no rule setting is called '{ch.name}'; expected one of {', '.join(RULE_OVERRIDES)}", ch.name)
                continue
            wrong = next(iter_override_problems({ch.name: ch.value}), None)
            if wrong is not None:
                bad(wrong.message, ch.name)
                continue
            rules.setdefault("overrides", {})[ch.name] = ch.value
        elif kind == "clear_override":
            if ch.name not in rules.get("overrides", {}):
                bad(f"the scenario does not override '{ch.name}' here; expected one of its overrides "
                    f"({', '.join(rules.get('overrides', {})) or 'none'})", ch.name)
                continue
            del rules["overrides"][ch.name]
        elif kind == "add_special_rule":
            listed = setup.setdefault("special_rules", [])
            if _find(listed, "id", ch.rule.id) is not None:
                bad(f"special rule '{ch.rule.id}' is already in the set-up", ch.rule.id)
                continue
            listed.append(ch.rule.model_dump(mode="json", by_alias=True))
        elif kind == "remove_special_rule":
            listed = setup.get("special_rules", [])
            i = _find(listed, "id", ch.rule)
            if i is None:
                bad(f"no special rule of the set-up has id '{ch.rule}'; expected one of "
                    f"{', '.join(r['id'] for r in listed) or 'none (the set-up has no special rule)'}", ch.rule)
                continue
            del listed[i]
        elif kind == "add_cards":
            deck = _deck(setup, profile)
            i = _find(deck, "item", ch.item)
            if i is None:
                deck.append({"item": ch.item, "count": ch.count})
            else:
                deck[i]["count"] += ch.count
        elif kind == "remove_cards":
            deck = _deck(setup, profile)
            i = _find(deck, "item", ch.item)
            have = deck[i]["count"] if i is not None else 0
            if ch.count == "all":
                if i is not None:
                    del deck[i]
                continue
            if have < ch.count:
                bad(f"removes {ch.count} '{ch.item}' card(s) but the equipment deck holds {have}; expected at most "
                    f"{have}", ch.item)
                continue
            if have == ch.count:
                del deck[i]
            else:
                deck[i]["count"] -= ch.count
        elif kind == "remove_each_card":
            deck = _deck(setup, profile)
            deck[:] = [{**c, "count": c["count"] - ch.count} for c in deck if c["count"] > ch.count]
        elif kind in ("set_zombies", "change_zombies"):
            pool = setup.setdefault("zombie_pool", {"walker": 40, "runner": 16, "fatty": 16, "abomination": 1})
            now = pool.get(ch.zombie, 0)
            new = ch.count if kind == "set_zombies" else now + ch.by
            if not 0 <= new <= 1000:
                bad(f"leaves {new} {ch.zombie} miniature(s) in the pool (it holds {now}); expected 0 to 1000",
                    ch.zombie)
                continue
            pool[ch.zombie] = new
        elif kind in ("activate_spawn", "deactivate_spawn", "remove_spawn"):
            spawns = data.get("spawns", [])
            i = _find(spawns, "id", ch.spawn)
            if i is None:
                bad(f"no spawn zone has id '{ch.spawn}'; expected one of "
                    f"{', '.join(sp['id'] for sp in spawns) or 'none'}", ch.spawn)
                continue
            if kind == "remove_spawn":
                del spawns[i]
            else:
                spawns[i]["active"] = kind == "activate_spawn"
        elif kind == "add_equipment":
            setup.setdefault("survivors", {}).setdefault("starting_equipment", []).append(ch.item)
        elif kind == "remove_equipment":
            kit = setup.setdefault("survivors", {}).setdefault("starting_equipment", [])
            if ch.item not in kit:
                bad(f"the survivors do not start with '{ch.item}'; expected one of their starting items "
                    f"({', '.join(kit) or 'none'})", ch.item)
                continue
            kit.remove(ch.item)
        elif kind == "set_survivors":
            sv = setup.setdefault("survivors", {})
            if ch.min is not None:
                sv["min"] = ch.min
            if ch.max is not None:
                sv["max"] = ch.max
            if sv.get("min", 1) > sv.get("max", 6):
                bad(f"leaves at least {sv.get('min', 1)} and at most {sv.get('max', 6)} survivors; expected min <= max")
                continue
        elif kind == "set_health":
            setup.setdefault("survivors", {})["health"] = ch.health
        elif kind == "set_starting_cards":
            setup.setdefault("survivors", {})["starting_cards"] = ch.count
        elif kind == "set_turn_limit":
            setup["turn_limit"] = ch.turns
        elif kind == "change_turn_limit":
            now = setup.get("turn_limit")
            if now is None:
                bad("the set-up has no turn limit to change; expected set_turn_limit instead")
                continue
            if not 1 <= now + ch.by <= 1000:
                bad(f"leaves a turn limit of {now + ch.by} (from {now}); expected 1 to 1000")
                continue
            setup["turn_limit"] = now + ch.by
        elif kind == "set_spawn_method":
            setup["spawn_method"] = ch.method.model_dump(mode="json", by_alias=True)
        elif kind == "remove_connection":
            conns = data.get("connections", [])
            i = _find(conns, "id", ch.connection)
            if i is None:
                bad(f"no connection has id '{ch.connection}'; expected the id of a connection", ch.connection)
                continue
            del conns[i]
        elif kind == "add_objective":
            objs = data.setdefault("objectives", [])
            if _find(objs, "id", ch.objective.id) is not None:
                bad(f"an objective with id '{ch.objective.id}' is already on the map; expected a new id",
                    ch.objective.id)
                continue
            objs.append(ch.objective.model_dump(mode="json", by_alias=True))
        elif kind == "remove_objective":
            objs = data.get("objectives", [])
            i = _find(objs, "id", ch.objective)
            if i is None:
                bad(f"no objective has id '{ch.objective}'; expected the id of an objective", ch.objective)
                continue
            del objs[i]
        elif kind == "add_zone":
            zones = data.setdefault("zones", [])
            if _find(zones, "id", ch.zone.id) is not None:
                bad(f"a zone with id '{ch.zone.id}' is already on the map; expected a new id", ch.zone.id)
                continue
            zones.append(ch.zone.model_dump(mode="json", by_alias=True))
        elif kind == "add_connection":
            conns = data.setdefault("connections", [])
            if _find(conns, "id", ch.connection.id) is not None:
                bad(f"a connection with id '{ch.connection.id}' is already on the map; expected a new id",
                    ch.connection.id)
                continue
            conns.append(ch.connection.model_dump(mode="json", by_alias=True))
        elif kind == "add_trigger":
            triggers = data.setdefault("triggers", [])
            if _find(triggers, "id", ch.trigger.id) is not None:
                bad(f"a trigger with id '{ch.trigger.id}' is already in the scenario; expected a new id",
                    ch.trigger.id)
                continue
            triggers.append(ch.trigger.model_dump(mode="json", by_alias=True))
        elif kind == "set_victory":
            data["victory"] = ch.victory.model_dump(mode="json", by_alias=True)
        else:  # pragma: no cover - the model lists every kind
            bad(f"unknown change kind '{kind}'")
    return problems


def derive(s: Scenario, selection: Selection | str | Iterable[str] = "base", weather: WeatherRow | str | None = None,
           purchase: Purchase | None = None, source: str = "") -> Scenario:
    """The plain scenario of a selection, a weather row and a purchase, applied in that order.

    The variant's changes come first, then each module's (in the scenario's order), then the
    weather row's; a purchase then replaces the survivors' starting equipment and the pool's
    counts of the priced zombie types. Variants, weather and budget are left out of the result.

    Raises :class:`VariantError` (file, JSON path of the change, what was expected) when an id is
    unknown, the combination is forbidden, a change cannot be applied (removing cards the deck
    does not hold...), or the result does not hold together (a trigger naming a removed spawn).
    """
    sel = selection if isinstance(selection, Selection) else parse_selection(s, selection, source)
    why = forbidden(s, sel)
    if why:
        raise VariantError([Problem(why[0], why[1], "module-combination-forbidden", sel.ids)], source)
    known = _by_id(s)
    steps = [(f"variants[{known[v][0]}].changes", known[v][1].changes) for v in sel.ids]
    tags = [f"variant:{v}" for v in sel.ids]
    what = [sel.described] if sel.ids else []
    if weather is not None:
        table = s.weather
        if table is None:
            raise VariantError([Problem("weather", "the scenario has no weather table; expected one to roll on",
                                        "unknown-variant")], source)
        row_id = weather if isinstance(weather, str) else weather.id
        index = next((k for k, r in enumerate(table.rows) if r.id == row_id), None)
        if index is None:
            raise VariantError([Problem("weather.rows", f"no weather row has id '{row_id}'; expected one of "
                                                        f"{', '.join(r.id for r in table.rows)}",
                                        "unknown-variant", (row_id,))], source)
        steps.append((f"weather.rows[{index}].changes", table.rows[index].changes))
        tags.append(f"weather:{row_id}")
        what.append(f"weather row '{row_id}'")
    data = s.model_dump(mode="json", by_alias=True)
    problems: list[Problem] = []
    for where, changes in steps:
        problems += apply_changes(data, changes, where)
    if problems:
        raise VariantError(problems, source)
    if purchase is not None:
        _apply_purchase(s, data, purchase)
        tags.append("purchase")
        what.append(f"purchase '{purchase.label}'")
    data = strip_options(data)
    if tags:
        meta = data.setdefault("meta", {})
        meta["tags"] = [*meta.get("tags", []), *tags][:50]
    try:
        return parse(data, source or "<scenario>")
    except LoadError as e:
        raise VariantError([Problem(p.path, f"{' with '.join(what) or 'the scenario'} gives a scenario that does "
                                            f"not hold together: {p.message}", "variant-breaks-scenario", p.ids)
                            for p in e.problems], source) from None


def apply_selection(s: Scenario, selection: Selection | str | Iterable[str] = "base", source: str = "") -> Scenario:
    """The plain scenario of a selection (see :func:`derive`)."""
    return derive(s, selection, source=source)


def weather_scenario(s: Scenario, row: WeatherRow | str, selection: Selection | str = "base",
                     source: str = "") -> Scenario:
    """The plain scenario of one weather row, on top of a selection (see :func:`derive`)."""
    return derive(s, selection, row, source=source)


# --------------------------------------------------------------------------------------------
# Chance at set-up, apart from the engine's dice


def setup_rng(game_seed: int, stream: str) -> random.Random:
    """A random stream for set-up chance (``stream`` = 'weather', 'purchase:survivors'...) drawn
    from a game's seed: BLAKE2b of ``"<stream>:<seed>"`` seeds it, so it never shares a number
    with the engine's own dice (which are seeded by the game seed itself) and is the same on every
    machine."""
    digest = hashlib.blake2b(f"{stream}:{game_seed}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def roll_2d6(game_seed: int) -> int:
    """The weather roll of a game: two six-sided dice from the game's 'weather' stream."""
    rng = setup_rng(game_seed, "weather")
    return rng.randint(1, 6) + rng.randint(1, 6)


# --------------------------------------------------------------------------------------------
# Budgets and purchases


def kit_cost(budget: SideBudget, kit: list[str]) -> tuple[int, list[str]]:
    """(price of one survivor's kit, items of the kit with no price)."""
    unpriced = [i for i in kit if i not in budget.prices]
    return sum(budget.prices.get(i, 0) for i in kit), unpriced


def pool_cost(budget: SideBudget, pool: dict[str, int]) -> int:
    """Price of the priced zombie types of a pool."""
    return sum(budget.prices[t] * n for t, n in pool.items() if t in budget.prices)


def team_points(budget: SideBudget, survivors: int) -> int:
    """Points one survivor's kit may cost: the whole budget with 'per: survivor', else the budget
    shared by the team (rounded down)."""
    return budget.points if budget.per == "survivor" else budget.points // max(1, survivors)


@dataclass(frozen=True)
class Purchase:
    """What one game bought: the survivors' kit (every survivor carries it) and the zombie
    miniatures bought per type; with their costs."""

    kit: tuple[str, ...] = ()
    zombies: tuple[tuple[str, int], ...] = ()
    kit_points: int = 0
    zombie_points: int = 0
    kits: tuple[tuple[str, ...], ...] = ()
    """With ``kits: each``: one kit per survivor, in turn order (``kit`` is then empty and
    ``kit_points`` their sum)."""

    @property
    def items(self) -> frozenset[str]:
        """Every item some survivor's kit holds."""
        return frozenset(self.kit).union(*self.kits) if self.kits else frozenset(self.kit)

    @property
    def label(self) -> str:
        """'kit: crowbar+pistol; zombies: walker x12' (sorted), the key results are split by;
        'kits: crowbar | katana+pistol' with a kit per survivor."""
        parts = []
        if self.kits:
            parts.append("kits: " + " | ".join("+".join(k) or "nothing" for k in self.kits))
        elif self.kit or self.kit_points == 0 and not self.zombies:
            parts.append("kit: " + ("+".join(sorted(self.kit)) or "nothing"))
        if self.zombies:
            parts.append("zombies: " + ", ".join(f"{t} x{n}" for t, n in self.zombies))
        return "; ".join(parts)


def _draw(rng: random.Random, prices: dict[str, int], points: int, max_each: int | None) -> Counter:
    """Buy uniformly among the affordable things (under ``max_each`` copies) until nothing more
    fits: a side spends its budget as far as it goes, as a player building a warband does."""
    bought: Counter = Counter()
    left = points
    names = sorted(prices)
    while True:
        options = [n for n in names if prices[n] <= left and (max_each is None or bought[n] < max_each)
                   and not (prices[n] == 0 and bought[n])]  # a free thing once: the draw must end
        if not options:
            return bought
        pick = options[rng.randrange(len(options))]
        bought[pick] += 1
        left -= prices[pick]


def draw_purchase(s: Scenario, game_seed: int, survivors: int | None = None, sides: tuple[str, ...] =
                  ("survivors", "zombies")) -> Purchase:
    """A random purchase within the budget for one game, from the game's seed ('purchase:…'
    streams, apart from the engine's dice). The survivors buy one kit that every survivor
    carries; the zombie side buys miniatures of the priced types (the unpriced types of the pool
    stay as they are)."""
    b = s.budget
    kit: tuple[str, ...] = ()
    zombies: tuple[tuple[str, int], ...] = ()
    kp = zp = 0
    if b is not None and b.survivors is not None and "survivors" in sides:
        sv = s.setup.survivors
        count = survivors if survivors is not None else max(sv.min, min(sv.max, 4))
        points = team_points(b.survivors, count)
        if b.survivors.kits == "each":
            kits = tuple(_survivor_kits(b.survivors, game_seed, count, points))
            kp = sum(kit_cost(b.survivors, list(k))[0] for k in kits)
            if b is not None and b.zombies is not None and "zombies" in sides:
                zombies, zp = _zombie_purchase(b.zombies, game_seed)
            return Purchase((), zombies, kp, zp, kits)
        bought = _draw(setup_rng(game_seed, "purchase:survivors"), b.survivors.prices, points, b.survivors.max_each)
        kit = tuple(sorted(bought.elements()))
        kp = kit_cost(b.survivors, list(kit))[0]
    if b is not None and b.zombies is not None and "zombies" in sides:
        zombies, zp = _zombie_purchase(b.zombies, game_seed)
    return Purchase(kit, zombies, kp, zp)


def _zombie_purchase(budget: SideBudget, game_seed: int) -> tuple[tuple[tuple[str, int], ...], int]:
    bought = _draw(setup_rng(game_seed, "purchase:zombies"), budget.prices, budget.points, budget.max_each)
    zombies = tuple(sorted(bought.items()))
    return zombies, pool_cost(budget, dict(zombies))


def _survivor_kits(budget: SideBudget, game_seed: int, count: int, points: int) -> Iterator[tuple[str, ...]]:
    """One kit per survivor (``kits: each``), each from its own stream ('purchase:survivors:<k>')
    and with the points one survivor's kit may cost, so that survivor k's kit does not depend on
    how many survivors come after it."""
    for k in range(count):
        bought = _draw(setup_rng(game_seed, f"purchase:survivors:{k}"), budget.prices, points, budget.max_each)
        yield tuple(sorted(bought.elements()))


def _hero_kits(setup: Any, kits: tuple[tuple[str, ...], ...]) -> list[dict[str, Any]]:
    """The set-up's named survivors (or 'Survivor k') with one purchased kit each as their cards."""
    heroes = list(setup.get("heroes", [])) if isinstance(setup, dict) else [h.model_dump() for h in setup.heroes]
    out = []
    for k, kit in enumerate(kits):
        name = heroes[k]["name"] if k < len(heroes) else f"Survivor {k + 1}"
        out.append({"name": name, "items": list(kit)})
    return out


def _apply_purchase(s: Scenario, data: dict[str, Any], purchase: Purchase) -> None:
    b = s.budget
    if b is not None and b.survivors is not None:
        sv = data["setup"].setdefault("survivors", {})
        sv["starting_equipment"] = list(purchase.kit)
        if purchase.kits:
            sv["heroes"] = _hero_kits(sv, purchase.kits)
            sv["min"] = sv["max"] = len(purchase.kits)
    if b is not None and b.zombies is not None:
        pool = dict(data["setup"].get("zombie_pool", {}))
        for t in b.zombies.prices:
            pool[t] = 0
        pool.update(dict(purchase.zombies))
        data["setup"]["zombie_pool"] = pool


def purchase_scenario(s: Scenario, purchase: Purchase, selection: Selection | str = "base",
                      source: str = "") -> Scenario:
    """The plain scenario of a purchase: the kit replaces the survivors' starting equipment, the
    bought miniatures replace the pool's counts of the priced types (see :func:`derive`)."""
    return derive(s, selection, purchase=purchase, source=source)


def with_purchase(plain: Scenario, budget_of: Scenario, purchase: Purchase) -> Scenario:
    """The scenario ``plain`` (a selection and weather row of ``budget_of``, already derived) with
    a purchase: the same as :func:`derive` with that purchase, without loading the whole scenario
    again (a playtest buys a new kit for most games). A kit the set-up cannot hold goes through
    :func:`derive`, which raises its :class:`VariantError`."""
    b = budget_of.budget
    setup = plain.setup
    update: dict[str, Any] = {}
    if b is not None and b.survivors is not None:
        if len(purchase.kit) > 20:
            raise VariantError([Problem("budget.survivors", f"purchase '{purchase.label}' gives each survivor "
                                                            f"{len(purchase.kit)} starting items; the set-up holds at "
                                                            "most 20 (set budget.survivors.max_each or raise prices)",
                                        "variant-breaks-scenario")])
        if purchase.kits:
            if any(len(k) > 20 for k in purchase.kits):
                raise VariantError([Problem("budget.survivors", f"purchase '{purchase.label}' gives a survivor more "
                                                                "than 20 items; expected at most 20 (set "
                                                                "budget.survivors.max_each or raise prices)",
                                            "variant-breaks-scenario")])
            from .model.scenario import Hero

            heroes = [Hero(**h) for h in _hero_kits(setup.survivors, purchase.kits)]
            update["survivors"] = setup.survivors.model_copy(update={
                "starting_equipment": [], "heroes": heroes, "min": len(heroes), "max": len(heroes)})
        else:
            update["survivors"] = setup.survivors.model_copy(update={"starting_equipment": list(purchase.kit)})
    if b is not None and b.zombies is not None:
        pool = {k: v for k, v in setup.zombie_pool.items() if k not in b.zombies.prices}
        pool.update({t: 0 for t in b.zombies.prices})
        pool.update(dict(purchase.zombies))
        if any(v > 1000 for v in pool.values()):
            raise VariantError([Problem("budget.zombies", f"purchase '{purchase.label}' buys more than 1000 "
                                                          "miniatures of a type; expected at most 1000 (set "
                                                          "budget.zombies.max_each)", "variant-breaks-scenario")])
        update["zombie_pool"] = pool
    meta = plain.meta.model_copy(update={"tags": [*plain.meta.tags, "purchase"][:50]})
    return plain.model_copy(update={"setup": setup.model_copy(update=update), "meta": meta})


def options_of(s: Scenario) -> Scenario:
    """The scenario as the engine plays it with no variant, weather or purchase (options stripped)."""
    if not s.variants and s.weather is None and s.budget is None:
        return s
    return parse(strip_options(s.model_dump(mode="json", by_alias=True)), "<scenario>")
