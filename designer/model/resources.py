"""Resources that accumulate across a campaign (Arctic Scavengers, seed 002): named counters
such as food, fuel, medicine or tribe members, gained and spent in scenarios by trigger effects
and carried between the steps of a campaign (docs/campaign.md, *Resources*).

"Le joueur avec le plus de membres dans sa tribu à la fin du jeu est le vainqueur"; "Chasser
génère de la Nourriture ... afin de Recruter un Mercenaire"; "Il peut payer avec de la
Nourriture et des Remèdes". A scenario's trigger gains or spends a resource; a campaign states
the stock it starts with, and each game starts with the stock the games before it left.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import Id, Tagged

__all__ = ["GainResource", "SpendResource"]


class GainResource(Tagged):
    """Add to a resource of the party (food found, a tribe member recruited)."""

    kind: Literal["gain_resource"]
    """Always 'gain_resource'."""
    resource: Id
    """The resource (a name of the designer's choosing: 'food', 'fuel', 'medicine', 'tribe')."""
    amount: int = Field(default=1, ge=1, le=1000)
    """How much is gained."""


class SpendResource(Tagged):
    """Take from a resource of the party (food eaten, medicine used). The stock never goes below
    zero: what is missing is counted as a shortfall of the game (``resources_short``)."""

    kind: Literal["spend_resource"]
    """Always 'spend_resource'."""
    resource: Id
    """The resource."""
    amount: int = Field(default=1, ge=1, le=1000)
    """How much is spent."""
