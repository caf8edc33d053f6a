"""Balance points of special scenario rules (Last Night on Earth: Growing Hunger).

Each special rule is worth 1 to 4 points; a scenario stays balanced when the rules added for the
heroes total as many points as those added for the zombies. Some rules exclude each other.
"""

from __future__ import annotations

from typing import Iterator

from ..model.scenario import Scenario
from .findings import Finding

__all__ = ["KNOWN_EXCLUSIONS", "balance_totals", "check_balance"]

KNOWN_EXCLUSIONS: list[frozenset[str]] = [
    frozenset({"grave-dead", "zombie-horde", "plague-carriers"}),
]
"""Rule ids the rulebook forbids together (at most one of each set)."""


def balance_totals(s: Scenario) -> dict[str, int]:
    """Points of special rules per side."""
    totals = {"heroes": 0, "zombies": 0}
    for r in s.setup.special_rules:
        totals[r.side] += r.points
    return totals


def check_balance(s) -> Iterator[Finding]:
    s = getattr(s, "scenario", s)
    yield from check_overrides(s)
    rules = s.setup.special_rules
    if rules:
        t = balance_totals(s)
        if t["heroes"] != t["zombies"]:
            side = "heroes" if t["heroes"] > t["zombies"] else "zombies"
            yield Finding("balance-points", "warning",
                          f"special rules give the heroes {t['heroes']} point{'s' * (t['heroes'] != 1)} and the "
                          f"zombies {t['zombies']} point{'s' * (t['zombies'] != 1)}: the {side} are favoured by "
                          f"{abs(t['heroes'] - t['zombies'])}", tuple(r.id for r in rules))
    ids = {r.id for r in rules}
    reported: set[frozenset[str]] = set()
    for r in rules:
        for x in r.excludes:
            pair = frozenset({r.id, x})
            if x in ids and pair not in reported:
                reported.add(pair)
                yield Finding("rule-conflict", "error", f"special rules '{r.id}' and '{x}' exclude each other",
                              tuple(sorted(pair)))
    for group in KNOWN_EXCLUSIONS:
        used = sorted(group & ids)
        if len(used) > 1 and frozenset(used) not in reported:
            yield Finding("rule-conflict", "error",
                          f"the rulebook allows only one of {', '.join(used)} in a scenario", tuple(used))


def check_overrides(s: Scenario) -> Iterator[Finding]:
    """Rule overrides must name settings of the scenario's rule profile, with fitting values."""
    from ..engine.profiles import PROFILES, ProfileError

    profile = PROFILES[s.setup.rules.profile]
    for key, value in s.setup.rules.overrides.items():
        try:
            profile(overrides={key: value})
        except ProfileError as e:
            yield Finding("unknown-rule-override", "error", str(e), (key,), f"setup.rules.overrides.{key}")
