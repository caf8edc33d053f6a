"""The campaign model: scenarios chained into steps, with what carries over between them.

A campaign is a list of steps. Each step plays one scenario (a file path relative to the
campaign file) one or more times, with a new roster or with the heroes who survived earlier
steps, and says what those heroes keep (being alive, items, XP, wounds). After a step, the
campaign goes to the step named for a win or for a loss (by default the next step; ``"end"``
stops the campaign), which allows branching campaigns. The final condition says when the
campaign as a whole is won.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, model_validator

from .common import Id, Model, Tagged
from .scenario import ReferenceProblem, ReferenceProblems

__all__ = ["Campaign", "CampaignStep", "Carry"]

END = "end"


class Carry(Model):
    """What the heroes keep from one step to the next."""

    items: bool = True
    """They keep their items (equipment cards, keys)."""
    events: bool = True
    """They keep the event cards in their hand ("avec tous les objets et événements qu'ils
    possédaient à la fin de chaque mini-jeu"; the hero cards that are events are listed in
    :data:`designer.rules.profiles.LNOE_EVENTS`)."""
    xp: bool = True
    """They keep their experience (and so their danger level)."""
    wounds: Literal["heal", "keep"] = "heal"
    """Wounds heal between steps, or stay."""


class CampaignStep(Model):
    """One step of a campaign: a scenario, played one or more times."""

    id: Id
    """Identifier of the step, used by branches."""
    name: str = Field(default="", max_length=200)
    """Name shown in reports."""
    scenario: str = Field(min_length=1, max_length=500)
    """Path of the scenario file, relative to the campaign file."""
    repeat: int = Field(default=1, ge=1, le=100)
    """How many games of the scenario this step plays (Seul dans le noir: 4)."""
    roster: Literal["new", "party"] = "new"
    """'new': fresh heroes for each game; 'party': the heroes who survived the earlier steps."""
    heroes: int | None = Field(default=None, ge=1, le=12)
    """Heroes per game with a new roster (default: the scenario's)."""
    join_party: bool = True
    """Whether the heroes alive after this step join (or stay in) the party."""
    joins: Literal["alive", "winners"] = "alive"
    """With a new roster, which heroes join the party: 'alive', every hero alive at the end of a
    game; 'winners', only the heroes of the games won (Seul dans le noir: a hero still in town
    when dawn comes has lost the mini-game and does not reach the finale)."""
    carry: Carry = Field(default_factory=Carry)
    """What the party keeps into the next step."""
    variant: Id | None = None
    """A variant of the step's scenario played in this step (its 'variants' with kind 'variant',
    for example 'two-players'); empty for the base game."""
    modules: list[Id] = Field(default_factory=list, max_length=32)
    """Optional rule modules of the step's scenario switched on for this step (the scenario's
    'variants' with kind 'module'), applied in the scenario's order."""
    weather: Id | None = None
    """A row of the scenario's weather table played in every game of this step, or 'roll': each
    game rolls 2d6 on the table from its own seed; empty: the scenario is played without its
    weather table."""

    def selection(self) -> list[str]:
        """The variant and modules of the step, as :func:`designer.variants.derive` takes them."""
        return ([self.variant] if self.variant else []) + list(self.modules)
    on_win: Id | None = None
    """Step to play after a win (the last game of the step won); default: the next step; 'end' stops."""
    on_loss: Id | None = None
    """Step to play after a loss; default: the next step; 'end' stops."""


class WinStep(Tagged):
    """The campaign is won when this step is won."""

    kind: Literal["win_step"]
    """Always 'win_step'."""
    step: Id
    """The step."""


class PartyAlive(Tagged):
    """The campaign is won when at least this many heroes are alive when it ends."""

    kind: Literal["party_alive"]
    """Always 'party_alive'."""
    count: int = Field(default=1, ge=1, le=100)
    """Heroes alive at the end."""


class ResourceAtLeast(Tagged):
    """The campaign is won when the party ends it with at least this much of a resource
    (Arctic Scavengers: "Le joueur avec le plus de membres dans sa tribu à la fin du jeu est le
    vainqueur"; played alone, a tribe of a given size)."""

    kind: Literal["resource_at_least"]
    """Always 'resource_at_least'."""
    resource: Id
    """The resource (a key of the campaign's 'resources', or one a scenario gains)."""
    count: int = Field(default=1, ge=1, le=1_000_000)
    """How much of it the party must hold at the end."""


CampaignVictory = Annotated[Union[WinStep, PartyAlive, ResourceAtLeast], Field(discriminator="kind")]


class CampaignMeta(Model):
    """What the campaign is."""

    title: str = Field(min_length=1, max_length=200)
    """Title of the campaign."""
    author: str = Field(default="", max_length=200)
    """Who designed it."""
    description: str = Field(default="", max_length=20_000)
    """Story and special instructions."""
    tags: list[str] = Field(default_factory=list, max_length=50)
    """Free labels."""


class Campaign(Model):
    """A chain of scenarios played one after the other, heroes carried forward."""

    schema_version: Literal[1] = Field(description="Version of the campaign format. This release writes 1.")
    id: Id
    """Identifier of the campaign."""
    meta: CampaignMeta
    """Title, author, description."""
    steps: list[CampaignStep] = Field(min_length=1, max_length=100)
    """The steps; play starts with the first."""
    victory: CampaignVictory
    """When the campaign is won."""
    max_steps: int = Field(default=50, ge=1, le=1000)
    """Most steps one campaign may play (a guard for branches that loop)."""
    resources: dict[Id, Annotated[int, Field(ge=0, le=1_000_000)]] = Field(default_factory=dict, max_length=50)
    """The party's stock of each resource at the start (Arctic Scavengers: food, medicine, fuel,
    tribe members). Each game starts with the stock the games before it left; the scenarios'
    'gain_resource' and 'spend_resource' effects change it (docs/campaign.md, *Resources*)."""

    def step(self, step_id: str) -> CampaignStep:
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(step_id)

    def next_step(self, index: int, won: bool) -> int | None:
        """Index of the step after step ``index`` for a win or a loss (None: the campaign ends)."""
        target = self.steps[index].on_win if won else self.steps[index].on_loss
        if target == END:
            return None
        if target is None:
            return index + 1 if index + 1 < len(self.steps) else None
        return next(i for i, s in enumerate(self.steps) if s.id == target)

    @model_validator(mode="after")
    def _check_references(self) -> "Campaign":
        problems = []
        ids = [s.id for s in self.steps]
        for i, sid in enumerate(ids):
            if sid == END:
                problems.append(ReferenceProblem(code="duplicate-id", path=f"steps[{i}].id", ids=[sid],
                                                 message="'end' is reserved for branches that stop the campaign"))
            elif ids.index(sid) != i:
                problems.append(ReferenceProblem(code="duplicate-id", path=f"steps[{i}].id", ids=[sid],
                                                 message=f"id '{sid}' is already used by steps[{ids.index(sid)}]"))
        known = set(ids)
        for i, s in enumerate(self.steps):
            for key in ("on_win", "on_loss"):
                target = getattr(s, key)
                if target is not None and target != END and target not in known:
                    problems.append(ReferenceProblem(
                        code="dangling-reference", path=f"steps[{i}].{key}", ids=[target],
                        message=f"no step has id '{target}'; expected a step id or 'end'"))
        if self.victory.kind == "win_step" and self.victory.step not in known:
            problems.append(ReferenceProblem(code="dangling-reference", path="victory.step", ids=[self.victory.step],
                                             message=f"no step has id '{self.victory.step}'"))
        if problems:
            raise ReferenceProblems(problems)
        return self
