"""Equipment: weapon statistics and the default decks of each rule profile.

The rulebooks in the seeds give the rules of weapons (dice, accuracy, damage, range, dual,
noisy, opens doors) but not every card's numbers; the figures below are a small documented
default deck in the spirit of Zombicide's starting and search equipment (see
``docs/engine.md``). A scenario replaces the deck with ``setup.equipment_deck``; item names not
listed here are plain items (keys, tools, food) that weapons and locks may refer to.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DOOR_OPENERS", "ITEMS", "Item", "LNOE_DECK", "ZOMBICIDE_DECK", "HOUSE_DECK", "item"]


@dataclass(frozen=True)
class Item:
    """One kind of equipment card."""

    name: str
    dice: int = 0
    """Dice rolled per attack (0: not a weapon)."""
    accuracy: int = 7
    """Each die at or above this hits."""
    damage: int = 0
    """Damage per hit (a fatty needs 2, an abomination 3)."""
    min_range: int = 0
    max_range: int = 0
    """Range in zones; 0-0 is a melee weapon."""
    dual: bool = False
    """Two in hand attack together in one action."""
    noisy_attack: bool = False
    opens_doors: bool = False
    noisy_door: bool = False
    search_bonus: bool = False
    """A flashlight: searching draws two cards."""
    aaah: bool = False
    """An 'Aaah!' card: a walker appears in the zone and the search stops."""

    @property
    def is_weapon(self) -> bool:
        return self.dice > 0

    @property
    def is_melee(self) -> bool:
        return self.dice > 0 and self.max_range == 0

    @property
    def is_ranged(self) -> bool:
        return self.dice > 0 and self.max_range > 0


ITEMS: dict[str, Item] = {i.name: i for i in [
    Item("crowbar", 1, 4, 1, opens_doors=True),
    Item("fire axe", 1, 4, 2, opens_doors=True, noisy_door=True),
    Item("claw hammer", 1, 4, 1, opens_doors=True, noisy_door=True),
    Item("nightstick", 1, 5, 1),
    Item("pan", 1, 6, 1),
    Item("baseball bat", 1, 3, 1),
    Item("kukri", 1, 4, 2, dual=True),
    Item("katana", 2, 4, 1),
    Item("machete", 1, 4, 2, dual=True),
    Item("chainsaw", 5, 5, 2, opens_doors=True, noisy_door=True, noisy_attack=True),
    Item("kitchen knife", 1, 4, 1, dual=True),
    Item("pistol", 1, 4, 1, 0, 1, dual=True, noisy_attack=True),
    Item("sawed off", 2, 3, 1, 0, 1, dual=True, noisy_attack=True),
    Item("shotgun", 2, 4, 2, 0, 1, noisy_attack=True),
    Item("rifle", 1, 3, 1, 1, 3, noisy_attack=True),
    Item("sub mg", 3, 5, 1, 0, 1, dual=True, noisy_attack=True),
    Item("flashlight", search_bonus=True),
    Item("canned food"),
    Item("water"),
    Item("concrete saw", opens_doors=True, noisy_door=True),
    Item("aaah", aaah=True),
]}


DOOR_OPENERS: frozenset[str] = frozenset(name for name, it in ITEMS.items() if it.opens_doors)
"""Names of the items that open doors (the validator and the engine both read this table)."""


def item(name: str) -> Item:
    """The statistics of an item (a plain item when the name is unknown)."""
    return ITEMS.get(name) or Item(name)


ZOMBICIDE_DECK: tuple[tuple[str, int], ...] = (
    ("crowbar", 2), ("fire axe", 2), ("claw hammer", 2), ("baseball bat", 2), ("kukri", 2),
    ("katana", 2), ("machete", 2), ("chainsaw", 2), ("pistol", 4), ("sawed off", 3),
    ("shotgun", 2), ("rifle", 2), ("sub mg", 2), ("flashlight", 2), ("canned food", 3),
    ("water", 3), ("aaah", 4),
)
"""The default search deck of the Zombicide profile: 41 cards."""

LNOE_DECK: tuple[tuple[str, int], ...] = (
    ("baseball bat", 3), ("crowbar", 2), ("machete", 2), ("chainsaw", 1), ("pistol", 3),
    ("shotgun", 2), ("rifle", 1), ("flashlight", 2), ("canned food", 4),
)
"""The default hero deck of the Last Night on Earth profile (20 cards)."""

HOUSE_DECK: tuple[tuple[str, int], ...] = (
    ("kitchen knife", 3), ("baseball bat", 3), ("fire axe", 2), ("pistol", 3), ("shotgun", 2),
    ("rifle", 1), ("flashlight", 3), ("canned food", 3),
)
"""The default object deck of the house profile (20 cards)."""
