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
from designer.engine.state import INF

if TYPE_CHECKING:
    from designer.engine.state import Survivor
    from designer.engine.view import GameView

__all__ = ["POLICIES", "POLICY_NAMES", "PlanBot", "cautious", "greedy", "random_policy", "resolve_policy"]

Policy = Callable[["GameView", "Survivor", list], tuple]


# the helpers the package's Python bots still use, shared with the package (one copy):
from designer.engine.policies import _killable, _toward, goal_distance, goal_zones, job_here, walk_on  # noqa: E402



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
