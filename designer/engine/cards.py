"""Zombie spawn cards of the Zombicide profile.

Each card has one entry per danger level (blue, yellow, orange, red). An entry spawns zombies
(``("spawn", type, count)``), gives every zombie of a type an extra activation
(``("extra", type)``, no effect at blue), or makes zombies climb out of every manhole on a tile
where a survivor stands (``("manhole", type, count)``).

The rulebook describes these three kinds of cards and shows examples (a card reading "nothing /
2 runners / ... / 5 walkers") but does not list the deck; :data:`STANDARD_DECK` is a documented
approximation with the same kinds in similar proportions (see ``docs/engine.md``).
"""

from __future__ import annotations

__all__ = ["DECKS", "STANDARD_DECK", "Card", "Entry"]

Entry = tuple  # ("spawn", type, count) | ("extra", type) | ("manhole", type, count)
Card = tuple[Entry, Entry, Entry, Entry]


def _spawn(ztype: str, blue: int, yellow: int, orange: int, red: int) -> Card:
    return tuple(("spawn", ztype, n) for n in (blue, yellow, orange, red))  # type: ignore[return-value]


STANDARD_DECK: tuple[Card, ...] = (
    *[_spawn("walker", 1, 2, 4, 6)] * 4,
    *[_spawn("walker", 2, 3, 5, 7)] * 3,
    *[_spawn("walker", 1, 3, 5, 8)] * 3,
    *[_spawn("walker", 0, 2, 4, 6)] * 2,
    (("spawn", "walker", 0), ("spawn", "runner", 2), ("spawn", "runner", 3), ("spawn", "walker", 5)),
    *[_spawn("runner", 0, 1, 2, 3)] * 3,
    *[_spawn("runner", 1, 1, 2, 2)] * 2,
    *[_spawn("fatty", 1, 1, 2, 2)] * 4,
    *[_spawn("fatty", 0, 1, 1, 2)] * 1,
    (("spawn", "walker", 1), ("spawn", "walker", 2), ("spawn", "abomination", 1), ("spawn", "abomination", 1)),
    (("spawn", "walker", 2), ("spawn", "fatty", 1), ("spawn", "abomination", 1), ("spawn", "abomination", 1)),
    *[(("extra", "walker"),) * 4] * 2,
    (("extra", "runner"),) * 4,
    (("extra", "fatty"),) * 4,
    (("manhole", "walker", 1), ("manhole", "walker", 2), ("manhole", "walker", 3), ("manhole", "runner", 2)),
    (("manhole", "walker", 1), ("manhole", "walker", 2), ("manhole", "runner", 2), ("manhole", "walker", 4)),
)
"""The default zombie deck: 34 cards."""

DECKS: dict[str, tuple[Card, ...]] = {"standard": STANDARD_DECK}
"""Zombie decks by name (``setup.spawn_method.deck``)."""
