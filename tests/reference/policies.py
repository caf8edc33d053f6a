"""Survivor policies: who decides what the survivors do.

A policy is any callable ``policy(view, survivor, actions) -> action`` that returns one of the
legal ``actions`` (tuples such as ``("move", zone, connection)``, ``("open", door)``,
``("melee", weapon)``, ``("ranged", weapon, zone)``, ``("take", objective)``,
``("press", switch)``, ``("search",)``, ``("noise",)``, ``("pass",)``). ``view`` is the game's
read-only :class:`~designer.engine.view.GameView`: the state, the board, the profile, the
witness plan and the game's generator; a policy never gets the game itself.

- ``greedy`` (default): follows the witness plan the caller hands in (which doors, keys and
  switches, in which order: ``designer.checks`` finds it), fights zombies it can kill in its
  zone, shoots zombies in sight, searches while it has no weapon, and heads for the exit.
- ``cautious``: like greedy, but never steps into a zone with zombies when it can wait, and waits
  for team mates who fall behind (more than one zone away, able to come, and farther from the
  goal than itself, so that two never wait for each other).
- ``random``: a legal action drawn uniformly.

Without a plan the bots walk to the victory steps themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from designer.rules.equipment import item
from designer.engine.missions import CONDITION_GOALS, condition_goal
from designer.engine.state import INF
from designer.engine.terrain import break_through

if TYPE_CHECKING:
    from designer.engine.state import Survivor
    from designer.engine.view import GameView

__all__ = ["POLICIES", "POLICY_NAMES", "PlanBot", "cautious", "greedy", "random_policy", "resolve_policy"]

Policy = Callable[["GameView", "Survivor", list], tuple]


def _done(game: "GameView", step: Any) -> bool:
    st, b = game.state, game.board
    a = step.action
    if a == "open":
        d = b.door_index[step.target]
        return bool((st.doors_ever | st.doors_open) >> d & 1)
    if a in ("take", "press"):
        o = b.obj_index[step.target]
        return bool((st.taken if a == "take" else st.pressed) >> o & 1)
    if a == "enter":
        return bool(st.entered >> b.zone_index[step.target] & 1)
    if a == "cross":
        c = b.conn_index[step.target]
        return bool(st.entered >> b.c_to[c] & 1)
    if a == "wait":
        return st.turn >= int(step.target)
    if a == "kill":
        return st.kills >= int(step.target)
    if a == "goal":
        return game.step_met(int(step.target))
    return True


def goal_zones(game: "GameView", s: "Survivor", memory: "PlanBot | None" = None) -> tuple[list[int], str, int | None]:
    """Where the survivor should go next, what to do there, and on what (objective / door).

    Returns (zones, action, target): action is 'take', 'press', 'open', 'reach', 'escape',
    'hunt' or ''. ``memory`` (the bot) remembers how many leading plan steps are done: every
    step but a goal stays done once done (doors opened, objectives taken, zones entered, turns
    and kills only grow), so skipping them gives the same answer faster.
    """
    st, b = game.state, game.board
    plan = game.plan
    first = memory.done if memory is not None else 0
    for i in range(first, len(plan)):
        step = plan[i]
        if _done(game, step):
            if i == first and step.action != "goal":
                first += 1
            continue
        if memory is not None:
            memory.done = first
        a = step.action
        if a in ("take", "press"):
            o = b.obj_index[step.target]
            return [st.obj_zone[o]], a, o
        if a == "open":
            return [b.zone_index[step.zone]], "open", b.door_index[step.target]
        if a in ("enter", "cross"):
            return [b.zone_index[step.zone]], "reach", None
        if a == "kill":
            break
        if a == "goal":
            kind = b.scenario.victory.steps[int(step.target)].kind
            if kind in ("reach_zone", "escape"):
                return _step_zones(game, int(step.target)), "escape" if kind == "escape" else "reach", None
            break
        if a == "wait":
            break
    if memory is not None:
        memory.done = first
    # no plan step left to walk to: the victory steps themselves
    steps = b.scenario.victory.steps
    for i, step in enumerate(steps):
        if game.step_met(i):
            continue
        if step.kind == "take_objectives":  # an empty list: what the compiled scenario says it asks for
            zones = [st.obj_zone[o] for o in b.rules.step_targets[i] if not st.taken >> o & 1]
            return zones, "take", None
        if step.kind in ("reach_zone", "escape"):
            return _step_zones(game, i), "escape" if step.kind == "escape" else "reach", None
        if step.kind in ("kill", "clear_zones"):
            zones = [z for z in st.zombie_zones() if st.zombies_in(z)]
            if step.kind == "clear_zones":
                zones = [z for z in (b.zone_index[x] for x in step.zones) if st.zombies_in(z)]
            return zones, "hunt", None
        if step.kind == "open_doors":
            d = next((b.door_index[x] for x in step.doors if not st.doors_ever >> b.door_index[x] & 1), None)
            if d is not None:
                c = b.door_conn[d]
                return [b.c_from[c], b.c_to[c]], "open", d
        if step.kind in CONDITION_GOALS:  # the mission conditions (engine/missions.py)
            goal = condition_goal(game, i)
            if goal is not None:
                return goal
        if b.scenario.victory.ordered:
            break
    return [], "", None


def _step_zones(game: "GameView", i: int) -> list[int]:
    b = game.board
    step = b.scenario.victory.steps[i]
    if step.kind == "escape":
        return list(b.exits)
    return [b.zone_index[z] for z in step.zones]


def _killable(game: "GameView", s: "Survivor", zone: int, weapon: str) -> bool:
    it = item(weapon)
    tough = game.profile.params.toughness
    return any(c and it.damage >= tough[t] for t, c in enumerate(game.state.zombies[zone]))


def _toward(game: "GameView", s: "Survivor", acts: list, zones: list[int], avoid_zombies: bool) -> tuple | None:
    """The move (or door opening) that brings the survivor one step closer to the nearest of
    ``zones``."""
    st, b = game.state, game.board
    if not zones:
        return None
    mask = game.door_passable(s)
    best, best_d = None, INF
    for z in zones:
        dist = b.survivor_distances(z, mask)
        if dist[s.zone] < best_d:
            best, best_d = dist, dist[s.zone]
    if best_d >= INF:  # no way through the open map: through destructible scenery (docs/terrain.md)
        return break_through(game, s, acts, zones, mask)
    if best is None or best_d == 0:
        return None
    want = best_d - 1
    choices = []
    breaks = []  # morts: a door another survivor closed, broken only when no move or opening will do
    for a in acts:
        if a[0] == "move" and best[a[1]] == want:
            choices.append((st.zombies_in(a[1]), a))
        elif a[0] == "open" or a[0] == "break":
            c = b.door_conn[a[1]]
            other = b.c_to[c] if b.c_from[c] == s.zone else b.c_from[c]
            if best[other] == want:
                (choices if a[0] == "open" else breaks).append((st.zombies_in(other), a))
    choices = choices or breaks
    if not choices:
        return None
    choices.sort(key=lambda x: (x[0], x[1]))
    if avoid_zombies and choices[0][0] > 0:
        return None
    return choices[0][1]


def goal_distance(game: "GameView", s: "Survivor", zones: list[int]) -> int:
    """Steps from the survivor to the nearest of ``zones`` (0 without goal zones): cautious
    waits only for team mates farther from the goal than itself, so two survivors never wait
    for each other."""
    mask = game.door_passable(s)
    return min((game.board.survivor_distances(g, mask)[s.zone] for g in zones), default=0)


def _decide(game: "GameView", s: "Survivor", acts: list, cautious_mode: bool, memory: "PlanBot | None" = None) -> tuple:
    st, b = game.state, game.board
    z = s.zone
    here = st.zombies_in(z)
    melee = [a for a in acts if a[0] == "melee" and _killable(game, s, z, a[1])]
    ranged = [a for a in acts if a[0] == "ranged"]
    zones, action, target = goal_zones(game, s, memory)

    if here:
        if melee:
            return max(melee, key=lambda a: item(a[1]).dice * item(a[1]).damage)
        own = [a for a in ranged if a[2] == z and len(st.survivors_in(z)) == 1]
        if own:
            return own[0]
        # nothing here can be killed: get out, toward the goal if possible
        moves = [a for a in acts if a[0] == "move"]
        step = _toward(game, s, acts, zones, False)
        if step is None or step[0] != "move":
            step = min(moves, key=lambda a: (st.zombies_in(a[1]), a), default=None)
        return step or ("pass",)

    job = job_here(game, s, acts, zones, action, target)
    if job is not None:
        return job

    # shoot zombies in sight that no team mate stands with
    safe = [a for a in ranged if not st.survivors_in(a[2])]
    if safe and (action == "hunt" or cautious_mode or any(
            st.zombies_in(v) for v, d in b.visible(st.doors_open)[z] if d <= 1)):
        return max(safe, key=lambda a: (st.zombies_in(a[2]), -a[2]))

    armed = any(item(n).is_weapon for n in s.items)
    well_armed = any(item(n).is_melee and item(n).damage >= 2 for n in s.items) and \
        any(item(n).is_ranged for n in s.items)
    if ("search",) in acts and (not armed or (not well_armed and st.turn <= 2)):
        return ("search",)
    free_markers = [a for a in acts if a[0] == "take" and b.obj_kind[a[1]] == "search_marker"]
    if free_markers:
        return free_markers[0]

    if cautious_mode:  # wait for a team mate who is behind: farther from the goal, and able to come
        mine = goal_distance(game, s, zones)
        behind = [o for o in st.living() if o is not s and
                  1 < b.survivor_distances(z, game.door_passable(o))[o.zone] < INF and
                  goal_distance(game, o, zones) > mine]
        if behind:
            return ("pass",)

    return walk_on(game, s, acts, zones, action, melee, ranged, cautious_mode)


def job_here(game: "GameView", s: "Survivor", acts: list, zones: list[int], action: str,
             target: int | None) -> tuple | None:
    """The job at hand where the survivor stands (take, press or open the plan's target, wait
    in the exit or the zone to reach), or None."""
    st, b, z = game.state, game.board, s.zone
    if action == "take" and target is None:
        takes = [a for a in acts if a[0] == "take" and st.obj_zone[a[1]] == z]
        if takes:
            return takes[0]
    for a in acts:
        if (a[0] == action == "take" or a[0] == action == "press") and a[1] == target:
            return a
        if a[0] == "open" and action == "open" and a[1] == target:
            return a
    if action == "escape" and b.is_exit[z]:
        return ("pass",)  # escape at the end of the turn
    if action == "reach" and z in zones:
        return ("pass",)
    return None


def walk_on(game: "GameView", s: "Survivor", acts: list, zones: list[int], action: str, melee: list,
            ranged: list, careful: bool) -> tuple:
    """Walk toward the goal zones (around zombies when ``careful``): shoot zombies that block
    the way, walk in only armed to kill them; else search, else pass."""
    st = game.state
    if action == "hunt":
        step = _toward(game, s, acts, zones, False)
        if step:
            return step
        if zones and melee:
            return melee[0]
    step = _toward(game, s, acts, zones, careful)
    if step and step[0] == "move" and st.zombies_in(step[1]):
        # zombies block the way: shoot them if possible, walk in only armed for melee
        at_them = [a for a in ranged if a[2] == step[1] and not st.survivors_in(a[2])]
        if at_them:
            return at_them[0]
        if not any(_killable(game, s, step[1], n) for n in s.items if item(n).is_melee):
            step = None
    if step:
        return step
    if ("search",) in acts:
        return ("search",)
    return ("pass",)


def greedy(game: "GameView", s: "Survivor", acts: list) -> tuple:
    """Follow the plan toward the next victory step, fighting what blocks the way."""
    return _decide(game, s, acts, cautious_mode=False)


def cautious(game: "GameView", s: "Survivor", acts: list) -> tuple:
    """Avoid zones with zombies and wait for team mates who fall behind."""
    return _decide(game, s, acts, cautious_mode=True)


def random_policy(game: "GameView", s: "Survivor", acts: list) -> tuple:
    """A legal action chosen uniformly at random (with the game's own generator)."""
    return acts[game.rng.randrange(len(acts))]


class PlanBot:
    """``greedy`` or ``cautious`` for one game, with its own memory of the plan steps done
    (the same decisions as the plain functions, found faster)."""

    __slots__ = ("cautious", "done")

    def __init__(self, cautious: bool):
        self.cautious = cautious
        self.done = 0
        """Leading plan steps known done."""

    def __call__(self, game: "GameView", s: "Survivor", acts: list) -> tuple:
        return _decide(game, s, acts, self.cautious, self)

    def copy(self) -> "PlanBot":
        """The same bot with the same memory (for a copy of its game)."""
        c = PlanBot(self.cautious)
        c.done = self.done
        return c


POLICIES: dict[str, Policy] = {"greedy": greedy, "cautious": cautious, "random": random_policy}

from designer.engine.policies import BOTS  # noqa: E402  (casual and expert register there)
"""Bots other modules of the engine register by name: a factory of a fresh bot per game
(``casual`` and ``expert`` register themselves in :mod:`designer.engine.casual` and
:mod:`designer.engine.expert`)."""

POLICY_NAMES = ("greedy", "casual", "cautious", "random", "expert")
"""Every built-in policy name: the skill ladder is random, casual
(:class:`designer.engine.casual.CasualBot`, greedy with its bugs removed) and expert
(:class:`designer.engine.expert.ExpertBot`)."""


def resolve_policy(policy: Any) -> Policy:
    """The policy for one game: a fresh bot for a built-in name, or a user-supplied callable
    as it is."""
    if callable(policy):
        return policy
    if policy in ("greedy", "cautious"):
        return PlanBot(policy == "cautious")
    if policy in BOTS:
        return BOTS[policy]()
    try:
        return POLICIES[policy]
    except KeyError:
        raise ValueError(f"unknown policy '{policy}'; expected one of {', '.join(POLICY_NAMES)} or a callable") from None
