"""Victory points missions (Eden): a fixed number of turns, points scored per objective taken or
held and per kill, and a score the survivors must reach.

"Une partie d'Eden se compose de 5 tours de jeu. A la fin de ces 5 tours, la partie s'arrête et
les joueurs font le décompte de leurs points de victoire (PV) comme indiqué sur leur carte
Mission." Points are counted at the end of each turn ("Les joueurs comptabilisent les points de
victoire (PV) qu'ils ont obtenu durant le tour ... Ces points sont ajoutés à ceux obtenus aux
tours précédents"). In a cooperative game the zombies score nothing, so the survivors' score is
measured against a ``target``.
"""

from __future__ import annotations

from typing import Iterator

from pydantic import Field, model_validator

from .common import Id, Model, ZombieType

__all__ = ["ObjectivePoints", "VictoryPoints", "iter_points_reference_problems"]


class ObjectivePoints(Model):
    """What one objective is worth."""

    objective: Id
    """The objective (its id in 'objectives')."""
    taken: int = Field(default=0, ge=0, le=1000)
    """Points scored once, at the end of the turn a survivor takes it."""
    held: int = Field(default=0, ge=0, le=1000)
    """Points scored at the end of every turn a survivor stands in the objective's zone with no
    zombie there (the zone is held)."""


class VictoryPoints(Model):
    """A victory points mission: the game lasts ``turns`` turns and is won with ``target`` points."""

    turns: int = Field(default=5, ge=1, le=100)
    """Turns the game lasts ("Une partie d'Eden se compose de 5 tours de jeu"); it ends at the end
    of this turn. The mission's victory steps do not end it: they are the goals the survivors
    (and the bots) pursue, and the score decides."""
    target: int = Field(default=1, ge=0, le=100_000)
    """Points the survivors need at the end to count the game as won."""
    objectives: list[ObjectivePoints] = Field(default_factory=list, max_length=500)
    """Points per objective taken or held."""
    kills: dict[ZombieType, int] = Field(default_factory=dict)
    """Points per zombie killed, by type (Eden: a non-player fighter is worth its level)."""

    @model_validator(mode="after")
    def _something_scores(self) -> "VictoryPoints":
        if not self.objectives and not any(self.kills.values()):
            raise ValueError("a victory points mission scores nothing; expected at least one entry in "
                             "'objectives' or a kill worth points in 'kills'")
        return self


def iter_points_reference_problems(s) -> Iterator:
    """Objectives a scenario's victory points list twice (an objective that does not exist is
    reported by the reference walker, :data:`designer.model.references.REFERENCE_FIELDS`)."""
    from .scenario import ReferenceProblem

    vp = getattr(s, "points", None)
    if vp is None:
        return
    known = {o.id for o in s.objectives}
    seen: set[str] = set()
    for i, entry in enumerate(vp.objectives):
        path = f"points.objectives[{i}].objective"
        if entry.objective in known and entry.objective in seen:
            yield ReferenceProblem(code="duplicate-id", path=path, ids=[entry.objective],
                                   message=f"objective '{entry.objective}' is already listed; expected each "
                                           "objective once")
        seen.add(entry.objective)
