"""The designer's forms for Les morts aux trousses (seed 003, docs/les-morts-aux-trousses.md): the
zombie arrivals per player of the fixed spawn method and the office's "1 hit point + 1 object card
or 2 object cards" trigger effect. Each edit is one undo step of :class:`designer.edit.Editor`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w

if TYPE_CHECKING:
    from .app import DesignerApp

__all__ = ["HEAL_OR_DRAW", "arrival_rows", "heal_or_draw_fields"]

HEAL_OR_DRAW = {"heal_or_draw": "heal or draw (the office's choice)"}
"""The trigger effect of the office, as the effect menu names it."""


def _row(children: list[w.Widget]) -> w.HBox:
    box = w.HBox(children, layout=w.Layout(width="100%"))
    box.add_class("sd-row")
    return box


def heal_or_draw_fields(app: "DesignerApp", e: dict, put: Callable[[Callable[[dict], None]], None],
                        error: w.HTML) -> list[w.Widget]:
    """The fields of a ``heal_or_draw`` effect: wounds healed, the cards drawn with them, the
    cards drawn instead; ``put(fn)`` applies ``fn`` to the effect's dict (one undo step)."""
    return [app._int_field(label, e.get(key, default), lo, 10, lambda v, key=key: put(lambda x: x.__setitem__(key, v)),
                           width="170px")
            for key, label, default, lo in (("heal", "heal", 1, 1), ("draw_with_heal", "+ cards", 1, 0),
                                            ("draw", "or cards", 2, 0))]


def arrival_rows(app: "DesignerApp") -> list[w.Widget]:
    """Zombie arrivals per player ("each player brings in 1 zombie through a red arrow", and in
    the first turn one on every floor): two switches of the fixed spawn method, shown for a house
    game. Switching one on makes the spawn method 'fixed' (one zombie per player)."""
    ed = app.editor
    method: dict[str, Any] = dict(ed.data["setup"].get("spawn_method") or {"kind": "cards"})
    fixed = method.get("kind") == "fixed"

    def put(key: str, value: bool) -> None:
        now = dict(ed.data["setup"].get("spawn_method") or {"kind": "cards"})
        if now.get("kind") != "fixed":
            if not value:
                return
            now = {"kind": "fixed"}
        if value:
            now[key] = True
        else:
            now.pop(key, None)
        ed.set_setup(spawn_method=now)

    boxes = [app._mfield(w.Checkbox(value=fixed and bool(method.get(key)), description=label, indent=False,
                                    layout=w.Layout(width="auto")), lambda v, key=key: put(key, v), rebuild=True)
             for key, label in (("per_player", "one zombie per player each turn"),
                                ("first_turn_each_level", "first turn: one per player on every floor"))]
    return [w.HTML("<b>Zombie arrivals</b> (Les morts aux trousses: per player, through the red arrows)"),
            _row(boxes)]
