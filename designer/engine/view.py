"""What a survivor policy sees of a game: a read-only view.

A policy is called as ``policy(view, survivor, actions)``: the view gives the state, the board,
the rule profile, the witness plan handed in by the caller, the game's generator (a policy that
draws at random draws from it, so a seed still gives one game) and the queries the bots use. It
has no way to change the game: setting an attribute raises, and it has no method that acts
(``copy_game`` gives an independent copy to try moves on).
"""

from __future__ import annotations

from typing import Any

__all__ = ["GameView", "PlanStep", "as_plan", "escape_open"]

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


def as_plan(steps: Iterable[Any] | None) -> tuple[PlanStep, ...]:
    """A plan as the engine keeps it: any steps with ``action``, ``zone`` and ``target``
    (``designer.checks.reachability.Step`` for one), or None for no plan."""
    return tuple(PlanStep(str(st.action), str(st.zone or ""), str(st.target)) for st in steps or ())


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
