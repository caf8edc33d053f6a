"""Resources in play: the party's named counters (food, fuel, medicine, tribe members) that
trigger effects gain and spend (:mod:`designer.model.resources`, docs/campaign.md).

The stock lives in the game state as ``resources`` (a dict replaced, never changed in place, so
a copied game keeps its own) and ``resources_short`` (what a spend could not take). A game
starts with the stock handed in by its campaign (``Game(..., resources=...)``), or none.
"""

from __future__ import annotations

from typing import Any

from .record import resource_stock  # noqa: F401  (the record's stock, written once there)

__all__ = ["resource_effect", "resource_stock", "uses_resources"]


def uses_resources(scenario: Any) -> bool:
    """Whether any trigger of the scenario gains or spends a resource."""
    return any(e.kind in ("gain_resource", "spend_resource") for t in scenario.triggers for e in t.then)


def resource_effect(game: Any, e: Any, actor: Any) -> None:
    """Gain or spend a resource; a spend takes what there is and counts the rest as short."""
    st = game.state
    stock = getattr(st, "resources", {})
    have = stock.get(e.resource, 0)
    if e.kind == "gain_resource":
        new = have + e.amount
    else:
        new = max(0, have - e.amount)
        missing = e.amount - (have - new)
        if missing:
            st.resources_short = getattr(st, "resources_short", 0) + missing
    st.resources = {**stock, e.resource: new}
    game.note("resource", resource=e.resource, change=new - have, total=new)
