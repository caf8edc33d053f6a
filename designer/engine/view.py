"""What a survivor policy sees of a game: a read-only view.

A policy is called as ``policy(view, survivor, actions)``: the view gives the state, the board,
the rule profile, the witness plan handed in by the caller, the game's generator (a policy that
draws at random draws from it, so a seed still gives one game) and the queries the bots use. It
has no way to change the game: setting an attribute raises, and it has no method that acts
(``copy_game`` gives an independent copy to try moves on).
"""

from __future__ import annotations

from typing import Any

__all__ = ["GameView", "PlanSet", "PlanStep", "as_plan", "escape_open", "plan_for_start"]

from typing import Iterable, NamedTuple


class PlanStep(NamedTuple):
    """One step of a witness plan, as the bots read it (``designer.checks`` writes plans with
    the same three fields: see ``Reachability.plan``)."""

    action: str
    """open, take, press, enter, cross, wait, kill or goal."""
    zone: str
    """Where the team stands to do it ('' when anywhere)."""
    target: str
    """The id acted on (a door, objective, zone, connection; a turn, a kill count or a victory
    step index as text)."""


def _steps(steps: Iterable[Any] | None) -> tuple[PlanStep, ...]:
    return tuple(PlanStep(str(st.action), str(st.zone or ""), str(st.target)) for st in steps or ())


class PlanSet(tuple):
    """The bots' witness plans, one per start zone: the tuple itself is the default plan (the
    one the engine follows from a zone that has none of its own), ``by_start`` the (start zone
    id, plan) pairs. The game draws its start zone and its bots follow that zone's plan
    (:meth:`for_start`); with split starting groups every group follows the default plan (the
    search moves one team from the first group's zone).

    A plan for one start zone only is a plain tuple of :class:`PlanStep` (as before); two plan
    sets are equal when their default plans and their plans per start zone are (a plan set is
    never equal to a plain plan).

    Examples
    --------
    >>> a = (PlanStep("goal", "z1", "0"),)
    >>> ps = PlanSet((), {"z0": (), "z1": a})
    >>> ps.for_start("z1") == a, ps.for_start("z9") == ()
    (True, True)
    """

    def __new__(cls, default: Iterable[Any] | None, by_start: Any = ()) -> "PlanSet":
        obj = tuple.__new__(cls, _steps(default))
        pairs = by_start.items() if hasattr(by_start, "items") else by_start
        obj.by_start = tuple((str(z), _steps(p)) for z, p in pairs)
        return obj

    def for_start(self, zone: str) -> tuple[PlanStep, ...]:
        """The plan the bots follow from start zone ``zone`` (the default plan when it has none)."""
        for z, p in self.by_start:
            if z == zone:
                return p
        return tuple(self)

    def __reduce__(self) -> Any:
        return (PlanSet, (tuple(self), self.by_start))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlanSet) and tuple.__eq__(self, other) and other.by_start == self.by_start

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((tuple(self), self.by_start))

    def __repr__(self) -> str:
        return f"PlanSet({tuple(self)!r}, {dict(self.by_start)!r})"


def as_plan(steps: Iterable[Any] | None) -> tuple[PlanStep, ...]:
    """A plan as the engine keeps it: any steps with ``action``, ``zone`` and ``target``
    (``designer.checks.reachability.Step`` for one), or None for no plan; a :class:`PlanSet`
    (a plan per start zone) is kept as it is."""
    if isinstance(steps, PlanSet):
        return steps
    return _steps(steps)


def plan_for_start(plan: Any, zone: str | None) -> tuple[PlanStep, ...]:
    """The plan of start zone ``zone`` when ``plan`` is a :class:`PlanSet` (None: the default
    plan), else ``plan`` itself: what a game follows once it has drawn its start zone."""
    plan = as_plan(plan)
    if isinstance(plan, PlanSet):
        return plan.for_start(zone) if zone is not None else tuple(plan)
    return plan


class GameView:
    """A read-only view of one game for its policy."""

    __slots__ = ("_game",)

    def __init__(self, game: Any):
        object.__setattr__(self, "_game", game)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a policy cannot set '{name}': the game view is read-only")

    @property
    def state(self) -> Any:
        """The game state (:class:`designer.engine.state.GameState`); read it, do not change it."""
        return self._game.state

    @property
    def board(self) -> Any:
        return self._game.board

    @property
    def profile(self) -> Any:
        return self._game.profile

    @property
    def plan(self) -> tuple[PlanStep, ...]:
        """The witness plan the caller handed in (empty when none)."""
        return self._game.plan

    @property
    def rng(self) -> Any:
        """The game's random generator (draws change the rest of the game, as a die roll does)."""
        return self._game.state.rng

    def step_met(self, i: int) -> bool:
        """Whether victory step ``i`` is met now."""
        return self._game.step_met(i)

    def door_passable(self, s: Any) -> int:
        """Doors (bitmask) survivor ``s`` may walk through or open now."""
        return self._game.door_passable(s)

    def danger_level(self) -> int:
        return self._game.danger_level()

    # ---- eden: destruction(x) ----

    @property
    def terrain(self) -> Any:
        """The terrain tables as they stand (destroyed scenery devastated); None without terrain."""
        return self._game.terrain

    @property
    def terrain_base(self) -> Any:
        """The terrain tables as the scenario is written (the pieces, what shuts each wall)."""
        return self._game.terrain_base

    # ---- end eden: destruction(x) ----

    def copy_game(self, policy: Any = None) -> Any:
        """An independent copy of the game at this decision point (see
        :meth:`designer.engine.game.Game.copy`): a searching policy plays candidate actions on
        copies (``copy.act(action)``, ``copy.play_on(max_turns=...)``); the game itself is not
        changed. The copy holds the true state, hidden tokens and decks included, so a bot that
        must not know them reshuffles them first (the expert does). When the typed engine plays
        the game, the copy is a typed one (:meth:`designer.engine.session.TypedGame.copy`)."""
        typed = getattr(self._game, "typed_game", None)
        if typed is not None:
            return typed.copy(policy)
        return self._game.copy(policy)


def escape_open(game: Any) -> bool:
    """Survivors may escape once every step before the escape step is met, now or for good (a
    zone reached earlier stays reached; a condition counts only while it holds). While it is
    shut, a survivor ending its turn on an exit stays on the board (so waiting there loses
    nothing). ``game`` is a :class:`~designer.engine.game.Game` or a view of one (its board, its
    state and ``step_met``): the engine's rule and the bots' reading of it are this function."""
    steps = game.board.scenario.victory.steps
    st = game.state
    for i, step in enumerate(steps):
        if step.kind == "escape":
            if game.board.scenario.victory.ordered:
                return all(j < st.progress or game.step_met(j) for j in range(i))
            return all(st.progress >> j & 1 or game.step_met(j) for j in range(len(steps))
                       if steps[j].kind != "escape")
    return False
