"""Findings about variants, modules, weather tables and points budgets.

Every selection the scenario allows (each variant, each allowed module combination, up to
:data:`designer.variants.MAX_COMBINATIONS`) is applied and validated like any scenario; so is
each weather row. A finding names the combination that breaks and what breaks it. Budgets are
checked for the scenario as written and for each selection (a module that adds starting
equipment may overspend).
"""

from __future__ import annotations

from typing import Callable

from ..model.scenario import Scenario
from ..model.variants import SideBudget
from ..variants import (
    COUNT_LIMIT,
    MAX_COMBINATIONS,
    VariantError,
    count_selections,
    derive,
    iter_selections,
    kit_cost,
    pool_cost,
)
from .findings import Finding

__all__ = ["check_budget", "check_options"]


Seen = set[tuple]
"""Problems already reported, by what they are (not by the combination that showed them)."""


def _derive_findings(what: str, ids: tuple[str, ...], make: Callable[[], Scenario],
                     check: Callable[[Scenario], list[Finding]], seen: Seen) -> tuple[Scenario | None, list[Finding]]:
    """(the scenario ``make`` gives, the findings of its problems not in ``seen``); ``seen`` is
    updated, so a problem is reported once, for the first (smallest) combination that has it."""
    out: list[Finding] = []
    try:
        derived = make()
    except VariantError as e:
        for p in e.problems:
            key = (p.code, p.path, tuple(p.ids))
            if key in seen:
                continue
            seen.add(key)
            code = p.code if p.code in ("variant-breaks-scenario", "module-combination-forbidden") else "variant-invalid"
            out.append(Finding(code, "error", str(p) if code == "variant-breaks-scenario" else f"{what}: {p}",
                               (*ids, *p.ids), p.path))
        return None, out
    for f in check(derived):
        key = (f.code, f.message)
        if f.severity != "error" or key in seen:
            continue
        seen.add(key)
        out.append(Finding("variant-has-errors", "error", f"{what}: {f.code}: {f.message}", (*ids, *f.ids), f.path))
    return derived, out


def _new(found: list[Finding], what: str, seen: Seen) -> list[Finding]:
    """Budget findings not reported yet (compared without the combination's name)."""
    out = []
    for f in found:
        key = (f.code, f.path, f.message[len(what) + 2:] if f.message.startswith(f"{what}: ") else f.message)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def check_options(s: Scenario, check: Callable[[Scenario], list[Finding]],
                  base_findings: list[Finding] = ()) -> list[Finding]:  # type: ignore[assignment]
    """Findings about the variants, modules, weather and budget of a scenario; ``check`` validates
    one plain scenario (``designer.checks.findings``), ``base_findings`` are the findings of the
    scenario itself: a combination repeating one of its errors is not reported again, and a
    problem is reported for the smallest combination that shows it."""
    out: list[Finding] = []
    if not s.variants and s.weather is None and s.budget is None:
        return out
    seen: Seen = {(f.code, f.message) for f in base_findings if f.severity == "error"}
    out += _new(check_budget(s, s, "the scenario"), "the scenario", seen)
    base_objectives = [o.id for o in s.objectives]
    base_zones = [z.id for z in s.zones]
    for i, v in enumerate(s.variants):
        if v.not_modelled:
            out.append(Finding("variant-not-modelled", "info",
                               f"{v.kind} '{v.id}' changes what the engine does not play: {v.not_modelled}",
                               (v.id,), f"variants[{i}].not_modelled"))
        if v.players is not None and v.kind == "variant":
            for j, w in enumerate(s.variants[:i]):
                if w.players is not None and w.kind == "variant" and \
                        w.players.min <= v.players.max and v.players.min <= w.players.max:
                    both = f"{max(v.players.min, w.players.min)}-{min(v.players.max, w.players.max)}"
                    out.append(Finding("variant-players-overlap", "warning",
                                       f"variants '{w.id}' ({w.players.min}-{w.players.max} players) and '{v.id}' "
                                       f"({v.players.min}-{v.players.max}) are both for {both} players: which one "
                                       "does a table of that size play?", (w.id, v.id), f"variants[{i}].players"))
    total = count_selections(s)
    if total > MAX_COMBINATIONS:
        many = f"more than {COUNT_LIMIT:,}" if total > COUNT_LIMIT else f"{total}"
        out.append(Finding("too-many-combinations", "info",
                           f"the scenario allows {many} combinations of variants and modules; the first "
                           f"{MAX_COMBINATIONS} (the base game, then by number of modules) are checked", (),
                           "variants"))
    if s.weather is not None:
        for i, row in enumerate(s.weather.rows):
            if row.not_modelled:
                out.append(Finding("variant-not-modelled", "info",
                                   f"weather row '{row.id}' changes what the engine does not play: {row.not_modelled}",
                                   (row.id,), f"weather.rows[{i}].not_modelled"))
    index = {v.id: i for i, v in enumerate(s.variants)}
    for sel in iter_selections(s):
        what = sel.described + (f" ({', '.join(f'variants[{index[v]}]' for v in sel.ids)})" if sel.ids else "")
        if not sel.is_base:
            derived, found = _derive_findings(what, sel.ids, lambda sel=sel: derive(s, sel), check, seen)
            out += found
            if derived is None:
                continue
            out += _new(check_budget(s, derived, what, sel.ids), what, seen)
        for i, row in enumerate(s.weather.rows if s.weather is not None else ()):
            rolled = f"weather row '{row.id}' (weather.rows[{i}], 2d6: {', '.join(map(str, sorted(row.rolls)))})"
            label = rolled if sel.is_base else f"{what} with {rolled}"
            derived, found = _derive_findings(label, (*sel.ids, row.id),
                                              lambda sel=sel, row=row: derive(s, sel, row), check, seen)
            out += found
            if sel.is_base and derived is not None and ([o.id for o in derived.objectives] != base_objectives
                                                        or [z.id for z in derived.zones] != base_zones):
                out.append(Finding("weather-changes-objectives", "error",
                                   f"{rolled} adds or removes objectives or zones; a weather row changes rules and "
                                   "content, not the map's objectives (games of every weather are counted together)",
                                   (row.id,), f"weather.rows[{i}].changes"))
    return out


def _side_findings(side: str, b: SideBudget, spent: int, points: int, what: str, ids: tuple[str, ...],
                   detail: str) -> list[Finding]:
    path = f"budget.{side}"
    if spent > points:
        return [Finding("budget-over-spent", "error",
                        f"{what}: {path}: the {side} spend {spent} points ({detail}) of a budget of {points}; "
                        f"expected at most {points}", ids, path)]
    left = points - spent
    if left > b.allowed_slack():
        affordable = sorted(k for k, p in b.prices.items() if p <= left)
        return [Finding("budget-under-spent", "warning",
                        f"{what}: {path}: the {side} spend {spent} points ({detail}) of a budget of {points}; "
                        f"{left} are left (slack {b.allowed_slack()}), enough for {', '.join(affordable[:5])}"
                        f"{' ...' if len(affordable) > 5 else ''}", ids, path)]
    return []


def _each_kit_findings(b: SideBudget, played: Scenario, what: str, ids: tuple[str, ...]) -> list[Finding]:
    """A kit per survivor (``kits: each``): each named survivor's kit (the starting equipment
    and its own cards) against its points ('per: survivor'), or their sum against the team's."""
    sv = played.setup.survivors
    kits = [sv.items_of(k) for k in range(len(sv.heroes))]
    out: list[Finding] = []
    for item in sorted({i for k in kits for i in k if i not in b.prices}):
        out.append(Finding("budget-unpriced-item", "error",
                           f"{what}: budget.survivors.prices: a survivor starts with '{item}', which the price list "
                           "does not price; expected a price for every starting item", (*ids, item),
                           "budget.survivors.prices"))
    costs = [kit_cost(b, k)[0] for k in kits]
    if b.per == "survivor":
        for h, kit, cost in zip(sv.heroes, kits, costs):
            out += _side_findings("survivors", b, cost, b.points, what, (*ids, h.name),
                                  f"{h.name}'s kit: {'+'.join(kit) or 'nothing'}")
    else:
        out += _side_findings("survivors", b, sum(costs), b.points, what, ids,
                              "; ".join(f"{h.name} {c}" for h, c in zip(sv.heroes, costs)))
    return out


def check_budget(s: Scenario, played: Scenario, what: str, ids: tuple[str, ...] = ()) -> list[Finding]:
    """Over- and under-spent sides of ``played`` (the scenario, or one of its selections) against
    the budget of ``s``."""
    b = s.budget
    out: list[Finding] = []
    if b is None:
        return out
    if b.survivors is not None and b.survivors.kits == "each" and played.setup.survivors.heroes:
        out += _each_kit_findings(b.survivors, played, what, ids)
    elif b.survivors is not None:
        kit = list(played.setup.survivors.starting_equipment)
        cost, unpriced = kit_cost(b.survivors, kit)
        for item in sorted(set(unpriced)):
            out.append(Finding("budget-unpriced-item", "error",
                               f"{what}: budget.survivors.prices: the survivors start with '{item}', which the price "
                               f"list does not price; expected a price for every starting item", (*ids, item),
                               "budget.survivors.prices"))
        kit_text = "+".join(kit) or "nothing"
        bought = (*ids, *sorted({i for i in kit if i in b.survivors.prices}))  # what the side spent its points on
        if b.survivors.per == "survivor":
            out += _side_findings("survivors", b.survivors, cost, b.survivors.points, what, bought,
                                  f"each survivor's kit: {kit_text}")
        else:
            sv = played.setup.survivors
            # over-spent with the largest team, under-spent with the smallest
            most, least = sv.max, sv.min
            over = _side_findings("survivors", b.survivors, cost * most, b.survivors.points, what, bought,
                                  f"{most} survivor(s) x {cost} for {kit_text}")
            out += over if over and over[0].code == "budget-over-spent" else \
                _side_findings("survivors", b.survivors, cost * least, b.survivors.points, what, bought,
                               f"{least} survivor(s) x {cost} for {kit_text}")
    if b.zombies is not None:
        pool = played.setup.zombie_pool
        spent = pool_cost(b.zombies, pool)
        detail = ", ".join(f"{t} x{n}" for t, n in pool.items() if t in b.zombies.prices and n) or "nothing"
        priced = (*ids, *(t for t, n in pool.items() if t in b.zombies.prices and n))
        out += _side_findings("zombies", b.zombies, spent, b.zombies.points, what, priced, detail)
        if b.zombies.max_each is not None:
            for t, n in pool.items():
                if t in b.zombies.prices and n > b.zombies.max_each:
                    out.append(Finding("budget-over-spent", "error",
                                       f"{what}: budget.zombies.max_each: the pool holds {n} {t} miniatures; expected at "
                                       f"most {b.zombies.max_each}", (*ids, t), "budget.zombies.max_each"))
    if b.survivors is not None and b.survivors.max_each is not None:
        from collections import Counter

        for item, n in Counter(played.setup.survivors.starting_equipment).items():
            if n > b.survivors.max_each:
                out.append(Finding("budget-over-spent", "error",
                                   f"{what}: budget.survivors.max_each: each survivor starts with {n} '{item}'; expected "
                                   f"at most {b.survivors.max_each}", (*ids, item), "budget.survivors.max_each"))
    return out
