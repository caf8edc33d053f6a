"""Balance points of special scenario rules (Last Night on Earth: Growing Hunger).

Each special rule is worth points to one side; a scenario stays balanced when the rules added for
the heroes total as many points as those added for the zombies. Rules the rulebook knows
(:mod:`designer.model.special_rules`) are recognised by id, by their declared ``rule`` or by name,
so a rule under a custom id is checked like the built-in one: its side, its points for its
parameter, its exclusions, and its parameter against the set-up ("Hero starting cards (3)" deals
three cards).
"""

from __future__ import annotations

from typing import Iterator

from ..model.scenario import Scenario
from ..model.special_rules import KNOWN_RULES, KnownRule, resolve, rule_parameter
from .findings import Finding

__all__ = ["KNOWN_RULES", "balance_totals", "check_balance", "known_rule_of"]


def known_rule_of(rule) -> KnownRule | None:
    """The known rule a scenario's special rule is (None for a rule of the designer's own)."""
    return resolve(rule.id, rule.name, rule.rule)


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
    known = [(i, r, known_rule_of(r)) for i, r in enumerate(rules)]
    for i, (_, r, k) in enumerate(known):
        if k is None:
            continue
        for _, r2, k2 in known[i + 1:]:
            pair = frozenset({r.id, r2.id})
            if k2 is not None and (k2.id in k.excludes or k.id in k2.excludes) and pair not in reported:
                reported.add(pair)
                yield Finding("rule-conflict", "error",
                              f"the rulebook allows only one of {_named(r, k)} and {_named(r2, k2)} in a scenario",
                              tuple(sorted(pair)))
    starting_cards = s.setup.survivors.starting_cards
    for i, r, k in known:
        if k is None:
            continue
        path = f"setup.special_rules[{i}]"
        if r.side != k.side:
            yield Finding("rule-mismatch", "warning",
                          f"special rule {_named(r, k)} helps the {k.side} in the rulebook, not the {r.side}",
                          (r.id,), f"{path}.side")
        x = rule_parameter(r.name, r.parameter)
        if k.points is not None and (x is not None or not k.parameter):
            want = k.points(x)
            if r.points != want:
                yield Finding("rule-mismatch", "warning",
                              f"special rule {_named(r, k)} is worth {want} point{'s' * (want != 1)}"
                              f"{f' for {x} {k.parameter}' if k.parameter else ''}, not {r.points}",
                              (r.id,), f"{path}.points")
        if k.setup_field == "setup.survivors.starting_cards":
            if x is None:
                yield Finding("rule-mismatch", "warning",
                              f"special rule {_named(r, k)} does not say how many cards: set its parameter",
                              (r.id,), f"{path}.parameter")
            elif x != starting_cards:
                yield Finding("rule-mismatch", "error",
                              f"special rule {_named(r, k)} promises {x} extra card{'s' * (x != 1)} per hero, but "
                              f"setup.survivors.starting_cards deals {starting_cards}",
                              (r.id,), "setup.survivors.starting_cards")


def _named(r, k: KnownRule) -> str:
    return f"'{r.id}'" if r.id == k.id else f"'{r.id}' ({k.name})"


def check_overrides(s: Scenario) -> Iterator[Finding]:
    """Rule overrides must name settings of the scenario's rule profile, with fitting values."""
    from ..rules.profiles import ProfileError, profile_params

    for key, value in s.setup.rules.overrides.items():
        try:
            profile_params(s.setup.rules.profile, {key: value})
        except ProfileError as e:
            yield Finding("unknown-rule-override", "error", str(e), (key,), f"setup.rules.overrides.{key}")
