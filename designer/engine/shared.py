"""What the engines read of a board that is not a rule of play, written once.

An item's keep-value (the least valued goes first when a wound or a full inventory takes one),
dice expressions (``"1d3"``), the hard bounds of a turn (cause ``runaway``), the survival rolls a
drop asks for and the house's darkness and smoke per zone. The typed engine's tables
(:mod:`designer.engine.typed.tables`) read them; the reference engine (:mod:`designer.engine.game`,
:mod:`designer.engine.profiles`) re-exports them, so removing it removes nothing here.
"""

from __future__ import annotations

from typing import Any

from ..rules.equipment import item

__all__ = ["NEAR_SMOKE", "NO_COLLECT", "SMOKE", "SURVIVOR_ACTION_LIMIT", "UNLIT", "extra_activation_limit",
           "fall_levels", "house_zones", "item_value", "parse_dice"]


def parse_dice(expr: str) -> tuple[int, int, int]:
    """A dice expression such as '1d3', '2d6' or 'd6+1' as (count, sides, bonus)."""
    expr = expr.strip()
    bonus = 0
    for sign in "+-":
        if sign in expr:
            expr, b = expr.split(sign)
            bonus = int(b) * (1 if sign == "+" else -1)
    count, sides = expr.split("d")
    return int(count or 1), int(sides), bonus


def item_value(board: Any, name: str) -> float:
    """How much a survivor wants to keep an item (the least valued goes first when the
    inventory is full or a wound takes one): keys of locks on the board above all, then weapons
    by expected damage."""
    it = item(name)
    locks = {v for lk in board.door_lock if lk for v in lk[1:]}
    if name in locks or name in _goal_items(board):
        return 100.0
    if it.is_weapon:
        p_hit = max(0, 7 - it.accuracy) / 6
        return 1 + it.dice * p_hit * it.damage + (0.5 if it.opens_doors else 0)
    return 0.8 if it.opens_doors else 0.2 if it.search_bonus else 0.0


def _goal_items(board: Any) -> frozenset[str]:
    """Items a victory step asks the team to carry ('carry_items'): kept like keys."""
    cache = board.rules.caches.setdefault("goal_items", {})
    items = cache.get(0)
    if items is None:
        items = cache[0] = frozenset().union(*board.rules.step_items) if board.rules.step_items else frozenset()
    return items


SURVIVOR_ACTION_LIMIT = 50
"""Actions beyond its budget one survivor may take in one turn before the game ends as
``runaway``. Every action costs at least one of the survivor's actions (a connection costs at
least 1, a search at least 1, a pass ends the turn), so a turn by the rules takes at most the
survivor's budget (3-4 in Zombicide) and never comes near budget + 50."""


def extra_activation_limit(board: Any, survivors: int, params: Any) -> int:
    """Extra activations of the zombies one turn may give before the game ends as ``runaway``
    (``max_extra_activations`` of the profile when set, else a bound from the board).

    With extra activations that owe nothing more, a turn's extra activations come only from
    events the board bounds: per owing activation (the phase's two, each Extra Activation or
    building card) at most one per zombie type; per spawn at most two (a fatty and its walkers);
    spawn cards at most one per spawn zone and manhole, building cards one per zone, an "Aaah!"
    one per survivor, trigger effects at most once per survivor action. The bound is 16 times
    their sum plus 1,000, so no game played by the rulebook reaches it."""
    if params.max_extra_activations:
        return params.max_extra_activations
    effects = sum(len(t.then) for t in board.scenario.triggers)
    actions = SURVIVOR_ACTION_LIMIT + params.actions + params.yellow_bonus + params.dark_actions
    return 1000 + 16 * (board.n + survivors + len(board.spawn_ids) * (1 + len(board.manholes))
                        + effects * (1 + survivors * actions))


def fall_levels(board: Any, conn: int) -> int:
    """Survival rolls a jump down connection ``conn`` asks for: one per level fallen (at least
    one) for a drop with ``survival_roll``; 0 for any other connection."""
    rolls = board.compiled.get(("fall-levels",))
    if rolls is None:
        s = board.scenario
        rolls = board.compiled[("fall-levels",)] = tuple(
            max(1, board.level[board.c_from[c]] - board.level[board.c_to[c]])
            if c < len(s.connections) and s.connections[c].kind == "drop" and s.connections[c].survival_roll else 0
            for c in range(len(board.c_from)))
    return rolls[conn]


# -- Les morts aux trousses: darkness and smoke --

SMOKE = 1
"""A smoke-filled zone (``flags.smoke``)."""
NEAR_SMOKE = 2
"""A zone filled with smoke or joined to one by a connection: no shot goes into it."""
UNLIT = 4
"""A dark zone that does not burn."""
NO_COLLECT = SMOKE | UNLIT
"""Nothing is collected there."""


def house_zones(board: Any) -> tuple[int, ...]:
    """Per zone, the bits of darkness and smoke the house rules read (:data:`SMOKE`,
    :data:`NEAR_SMOKE`, :data:`UNLIT`), computed once per board."""
    flags = board.compiled.get(("house-zones",))
    if flags is None:
        zones = board.scenario.zones
        smoke = [z.flags.smoke for z in zones]
        near = list(smoke)
        for a, b in zip(board.c_from, board.c_to):
            if smoke[a] or smoke[b]:
                near[a] = near[b] = True
        flags = board.compiled[("house-zones",)] = tuple(
            (SMOKE if smoke[i] else 0) | (NEAR_SMOKE if near[i] else 0)
            | (UNLIT if board.dark[i] and not board.fire[i] else 0) for i in range(len(zones)))
    return flags
