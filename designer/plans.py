"""The witness plan the bots follow, found by the validator's search and handed to the engine.

The engine never runs the validator: the entry points that play games (``designer.play``,
``designer.playtest``, campaign runs, ``designer play``) call :func:`bot_plan` and pass the
plan in. A scenario the search cannot win gives an empty plan (the bots then walk to the
victory steps themselves); a search that stops at its state limit or fails is reported with a
:class:`BotPlanWarning` naming the scenario, never silently.
"""

from __future__ import annotations

import warnings
from typing import Any

from .checks.plan import OPTIONAL, ReplayError, replay, shorten
from .checks.reachability import search
from .engine.view import PlanSet, PlanStep, as_plan

__all__ = ["BOT_PLAN_STATES", "BotPlanWarning", "bot_plan", "bot_plan_report", "plans_per_start", "shortest_plan"]

BOT_PLAN_STATES = 5_000
"""States the search may visit for a bot plan (the full validation allows more)."""

SHORTEN_BUDGET = 20_000
"""Plans are shortened only while (plan steps) x (zones) stays within this budget: each step
tried costs one replay of the plan."""

_CACHE: dict[Any, tuple[tuple[PlanStep, ...], str | None]] = {}


class BotPlanWarning(UserWarning):
    """The bots play without a witness plan because the search could not give one."""


def bot_plan_report(scenario: Any) -> tuple[tuple[PlanStep, ...], str | None]:
    """(the bots' plan, why it is empty or None): the plan is empty when the search proves the
    mission cannot be won (no problem: the bots still play), or when it stops at its limit or
    fails (the problem says so)."""
    key = scenario.model_dump_json() if hasattr(scenario, "model_dump_json") else id(scenario)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    try:
        r = search(scenario, max_states=BOT_PLAN_STATES)
    except Exception as exc:  # reported to the caller, who warns: the bots then play without a plan
        out: tuple[tuple[PlanStep, ...], str | None] = \
            ((), f"scenario '{scenario.id}': the search for the bots' plan failed ({type(exc).__name__}: {exc})")
    else:
        if r.winnable:
            out = (plans_per_start(scenario, r), None)
        elif r.truncated:
            out = ((), f"scenario '{scenario.id}': the search for the bots' plan stopped after {r.states} states")
        else:
            out = ((), None)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = out
    return out


def shortest_plan(scenario: Any, plan: list) -> list:
    """The witness plan without the steps the win does not need.

    The search takes every monotone action it can (opening every door it reaches, searching when
    a door-opening item might help, entering every zone with a harmless trigger), and its plan
    lists them all; the bots walk to each one, and a step they cannot carry out (a door they
    cannot open, a search elsewhere) stops them although the mission is won without it. Each
    optional step is dropped, last first, when the plan without it still replays
    (:func:`designer.checks.plan.replay`) from the first start zone and from every other start
    zone it replayed from before. Plans too large for the budget (:data:`SHORTEN_BUDGET`) are
    kept whole.
    """
    return shorten(scenario, plan, SHORTEN_BUDGET)


def replays_from_every_start(scenario: Any, plan: list) -> bool:
    """Whether ``plan`` replays (:func:`designer.checks.plan.replay`) from every start zone (a
    :class:`~designer.engine.view.PlanSet`: each start zone's plan from its zone)."""
    for z in dict.fromkeys(scenario.setup.start_zones):
        steps = plan.for_start(z) if isinstance(plan, PlanSet) else plan
        if not _replays_from(scenario, steps, z):
            return False
    return True


def plan_for_every_start(scenario: Any, r: Any) -> list:
    """The common plan when the search won the mission (``r``; the default plan of
    :func:`plans_per_start`): the game starts in a start zone drawn at random. The first start zone's plan, shortened,
    when it replays from every start zone; else the first plan found from another start zone
    (shortened, replaying from its own start zone and every other it replayed from) that
    replays from them all; else the first start zone's (casual passes over its steps out of
    reach from the zone drawn). Plans too large for :data:`SHORTEN_BUDGET` are not compared."""
    first = shortest_plan(scenario, r.plan)
    plans = getattr(r, "plans", None) or {}
    if len(plans) < 2 or len(r.plan) * max(1, len(scenario.zones)) > SHORTEN_BUDGET:
        return first
    if replays_from_every_start(scenario, first):
        return first
    starts = list(dict.fromkeys(scenario.setup.start_zones))
    for z, plan in plans.items():
        if z == starts[0] or len(plan) * max(1, len(scenario.zones)) > SHORTEN_BUDGET:
            continue
        candidate = shorten(scenario, plan, SHORTEN_BUDGET, [z] + [o for o in starts if o != z])
        if replays_from_every_start(scenario, candidate):
            return candidate
    return first


def _replays_from(scenario: Any, plan: list, zone: str) -> bool:
    try:
        replay(scenario, list(plan), zone)
    except ReplayError:
        return False
    return True


def plans_per_start(scenario: Any, r: Any) -> tuple[PlanStep, ...]:
    """The bots' plans when the search won the mission (``r``), one per start zone: the game
    draws its start zone and the bots follow that zone's plan.

    The common plan (:func:`plan_for_every_start`) is every start zone's plan when it replays
    from them all (a plain tuple of steps, as for one start zone). Otherwise a start zone it does
    not replay from gets the plan the search found from that zone (shortened, replaying from it),
    and the answer is a :class:`~designer.engine.view.PlanSet`: the common plan as the default
    (for a zone with no plan of its own: a random start building, split starting groups), and
    the plan of each start zone."""
    common = plan_for_every_start(scenario, r)
    plans = getattr(r, "plans", None) or {}
    starts = list(dict.fromkeys(scenario.setup.start_zones))
    if len(plans) < 2 or len(starts) < 2:
        return as_plan(common)
    by_start: dict[str, list] = {}
    for z in starts:
        own = plans.get(z)
        if own is None or _replays_from(scenario, common, z):
            by_start[z] = common
        elif len(own) * max(1, len(scenario.zones)) > SHORTEN_BUDGET:
            by_start[z] = own
        else:
            by_start[z] = shorten(scenario, own, SHORTEN_BUDGET, [z])
    if all(p is common for p in by_start.values()):
        return as_plan(common)
    return PlanSet(common, by_start)


def bot_plan(scenario: Any) -> tuple[PlanStep, ...]:
    """The bots' witness plan for a scenario (cached per scenario content): a tuple of steps,
    or a :class:`~designer.engine.view.PlanSet` when start zones need plans of their own
    (:func:`plans_per_start`); warns with :class:`BotPlanWarning` when the search could not
    give one."""
    plan, problem = bot_plan_report(scenario)
    if problem:
        warnings.warn(f"{problem}; the bots play without a plan", BotPlanWarning, stacklevel=2)
    return plan
