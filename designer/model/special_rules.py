"""The registry of known special scenario rules (Last Night on Earth: Growing Hunger, "Règles
spéciales de Scénario").

Each special rule of a scenario is worth balance points to one side; the rulebook says the game
stays balanced while both sides' totals match, that "Cartes de début des Héros (x)" is worth x
points (x extra starting cards), and that a scenario using "Horde de Zombies (21)" may use no
other rule involving the red zombies (grave dead, plague carriers: they share the same seven
red miniatures, so those two exclude each other as well). A scenario names a known
rule by its id, by ``rule`` (a custom id that is a known rule under another name), or by a name
the registry recognises; the checks then compare its side, points and exclusions with the
registry, and its parameter with the set-up.

The seed text lists the rules and their effects but its bullet counts (the point values) did not
survive; where the rulebook gives no figure the registry fixes no points (``points`` is None)
and the designer's value stands.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, Literal

__all__ = ["ENGINE_RULES", "KNOWN_RULES", "KnownRule", "KnownRuleId", "resolve", "rule_parameter", "rules_in_force"]

KnownRuleId = Literal[
    "hero-starting-cards", "free-search-markers", "heroes-replenish", "well-stocked-buildings",
    "grave-dead", "zombie-autospawn", "zombie-horde", "plague-carriers", "exploration-markers",
]


@dataclass(frozen=True)
class KnownRule:
    """One special rule of the rulebook."""

    id: str
    name: str
    side: Literal["heroes", "zombies"]
    points: Callable[[int | None], int] | None = None
    """Balance points for a parameter value (None: the rulebook gives no figure)."""
    parameter: str = ""
    """What the rule's number counts ('' when it has none)."""
    setup_field: str = ""
    """The set-up field that must hold the parameter (for example 'setup.survivors.starting_cards')."""
    excludes: frozenset[str] = frozenset()
    names: tuple[str, ...] = field(default=())
    """Other names it goes by (French, English), compared without case, accents or '(x)'."""


KNOWN_RULES: dict[str, KnownRule] = {r.id: r for r in (
    KnownRule("hero-starting-cards", "Hero starting cards (x)", "heroes", points=lambda x: x or 0,
              parameter="extra hero cards per hero", setup_field="setup.survivors.starting_cards",
              names=("hero starting cards", "cartes de debut des heros", "starting cards")),
    KnownRule("free-search-markers", "Free search markers", "heroes", excludes=frozenset({"exploration-markers"}),
              names=("free search markers", "marqueurs de recherche bonus", "bonus search markers")),
    KnownRule("exploration-markers", "Exploration markers", "heroes", excludes=frozenset({"free-search-markers"}),
              names=("exploration markers", "marqueurs d exploration", "marqueurs d'exploration")),
    KnownRule("heroes-replenish", "Heroes replenish", "heroes",
              names=("heroes replenish", "reserve de heros", "hero replenish")),
    KnownRule("well-stocked-buildings", "Well-stocked buildings", "heroes",
              names=("well stocked buildings", "well-stocked buildings", "batiment de stockage")),
    KnownRule("grave-dead", "Grave dead", "zombies", excludes=frozenset({"zombie-horde", "plague-carriers"}),
              names=("grave dead", "zombies de la fosse", "zombie de la fosse")),
    KnownRule("zombie-autospawn", "Zombie autospawn", "zombies",
              names=("zombie autospawn", "generation spontanee de zombies", "autospawn")),
    KnownRule("zombie-horde", "Zombie horde (21)", "zombies", excludes=frozenset({"grave-dead", "plague-carriers"}),
              names=("zombie horde", "horde de zombies")),
    KnownRule("plague-carriers", "Plague carriers", "zombies", excludes=frozenset({"zombie-horde", "grave-dead"}),
              names=("plague carriers", "horde de pestiferes", "pestiferes")),
)}
"""The known rules by id (RULES.md §5). Exploration markers are an optional rule "à tout
Scénario qui n'utilise pas déjà la règle des Marqueurs de recherche bonus": the two exclude each
other."""

ENGINE_RULES: frozenset[str] = frozenset({
    "hero-starting-cards", "free-search-markers", "heroes-replenish", "well-stocked-buildings", "grave-dead",
    "zombie-autospawn", "zombie-horde", "exploration-markers"})
"""Known rules the Last Night on Earth profile plays (``docs/engine.md``); plague carriers are
counted and checked but not played."""


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    text = re.sub(r"\([^)]*\)", " ", text)
    return re.sub(r"[^a-z0-9]+", " ", text).strip()


_BY_NAME = {_plain(n): r.id for r in KNOWN_RULES.values() for n in (r.id, r.name, *r.names)}


def resolve(rule_id: str, name: str = "", declared: str | None = None) -> KnownRule | None:
    """The known rule a scenario's special rule is: the one it declares (``rule``), the one its
    id or its name names, or None for a rule of the designer's own."""
    if declared:
        return KNOWN_RULES.get(declared)
    for text in (rule_id, name):
        if text and _plain(text) in _BY_NAME:
            return KNOWN_RULES[_BY_NAME[_plain(text)]]
    return None


def rule_parameter(name: str, parameter: int | None) -> int | None:
    """The rule's number: its ``parameter`` field, else the number in brackets in its name
    ('Hero starting cards (3)' gives 3)."""
    if parameter is not None:
        return parameter
    m = re.search(r"\((\d+)\)", name or "")
    return int(m.group(1)) if m else None


def rules_in_force(special_rules) -> frozenset[str]:
    """The ids of the known rules among a scenario's ``setup.special_rules`` (rules of the
    designer's own are left out)."""
    out = set()
    for r in special_rules:
        k = resolve(r.id, r.name, r.rule)
        if k is not None:
            out.add(k.id)
    return frozenset(out)
