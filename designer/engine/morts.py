"""Les morts aux trousses' trigger effect in the reference engine: the office's "1 hit point + 1
object card or 2 object cards" (``heal_or_draw``, :class:`designer.model.scenario.HealOrDraw`).
The typed engine plays it with the same cards (``typed/play.py``, ``morts: the office's choice``)."""

from __future__ import annotations

from typing import Any

from ..rules.equipment import item

__all__ = ["heal_or_draw"]


def heal_or_draw(game: Any, e: Any, actor: Any) -> None:
    """"Plus, a choice of: either 1 hit point + 1 object card or 2 object cards": a wounded
    survivor heals ``heal`` wounds (at most its wounds) and draws ``draw_with_heal`` cards, an
    unhurt one draws ``draw`` cards. An "Aaah!" card drawn goes to the discard pile."""
    if actor is None or not actor.on_board:
        return
    healed = min(e.heal, actor.wounds)
    actor.wounds -= healed
    got = 0
    for _ in range(e.draw_with_heal if healed else e.draw):
        card = game.draw_equipment()
        if card is None:
            break
        if item(card).aaah:
            game.state.ediscard.append(card)
            continue
        game.keep(actor, card)
        got += 1
    game.note("heal_or_draw", survivor=actor.index, healed=healed, cards=got)
