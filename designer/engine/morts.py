"""Les morts aux trousses in the reference engine: the office's "1 hit point + 1 object card or
2 object cards" (``heal_or_draw``, :class:`designer.model.scenario.HealOrDraw`) and a floor
collapsing under a survivor (``collapse``, ``flags.collapse``). The typed engine plays them with
the same cards and dice (``typed/play.py``, the ``morts`` sections)."""

from __future__ import annotations

from typing import Any

from ..rules.equipment import item

__all__ = ["collapse", "collapse_drops", "heal_or_draw"]


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


def collapse_drops(board: Any) -> tuple[int, ...]:
    """Per zone, the drop a collapsing floor falls through: the first ``drop`` connection leaving
    a zone with ``flags.collapse`` (-1 for any other zone, or one without a drop), computed once
    per board."""
    out = board.compiled.get(("collapse-drops",))
    if out is None:
        s = board.scenario
        drops = [-1] * len(s.zones)
        for z, zone in enumerate(s.zones):
            if zone.flags.collapse:
                drops[z] = next((c for c, conn in enumerate(s.connections)
                                 if conn.kind == "drop" and board.c_from[c] == z), -1)
        out = board.compiled[("collapse-drops",)] = tuple(drops)
    return out


def collapse(game: Any, s: Any) -> bool:
    """"The victim of a hole / floor collapse may try to dodge with 1D6: 1 to 3 => fall +
    survival test; 4 to 6 => end of movement without falling": the first survivor to step into a
    zone with ``flags.collapse`` rolls; on 4-6 its movement ends there, on 1-3 it falls through
    the zone's drop (into the zone below, which it enters) and makes the drop's survival rolls.
    True when the survivor fell (it stands in the zone below, or died)."""
    b = game.board
    zone = s.zone
    c = collapse_drops(b)[zone]
    if c < 0:
        return False
    if game.d6() >= 4:
        s.actions_left = 0
        game.note("collapse_dodged", survivor=s.index, zone=b.zone_ids[zone])
        return False
    below = b.c_to[c]
    game.note("collapse_fall", survivor=s.index, zone=b.zone_ids[zone], to=b.zone_ids[below])
    s.came_from = zone
    s.zone = below
    game.enter_zone(s, below)
    game.profile.fall(game, s, c)
    return True
