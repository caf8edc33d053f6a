"""Validation of a campaign: its scenarios exist and are valid, every step can be reached, no
loop traps the campaign, and what carries over makes sense for the rules of each step."""

from __future__ import annotations

import os
from pathlib import Path

import networkx as nx

from ..checks import check
from ..checks.findings import CODES, Finding
from ..io.files import LoadError, load
from ..model.campaign import Campaign, Carry
from ..model.scenario import Scenario
from ..variants import VariantError
from .runner import step_scenario

__all__ = ["check_campaign", "check_campaign_file"]

_XP_PROFILES = {"zombicide"}
"""Rule profiles in which experience matters (danger levels)."""


def _graph(c: Campaign) -> nx.DiGraph:
    G = nx.DiGraph()
    G.add_node("end")
    for i, s in enumerate(c.steps):
        G.add_node(s.id)
        for won in (True, False):
            nxt = c.next_step(i, won)
            G.add_edge(s.id, c.steps[nxt].id if nxt is not None else "end")
    return G


def check_campaign(c: Campaign, scenarios: dict[str, Scenario]) -> list[Finding]:
    """Findings about a loaded campaign (the scenarios of its steps by step id)."""
    out: list[Finding] = []
    G = _graph(c)
    reach = nx.descendants(G, c.steps[0].id) | {c.steps[0].id}
    for s in c.steps:
        if s.id not in reach:
            out.append(Finding("unreachable-step", "warning", f"step '{s.id}' can never be reached", (s.id,)))
    for group in nx.strongly_connected_components(G):
        if len(group) > 1 or any(G.has_edge(x, x) for x in group):
            leaves = any(v not in group for x in group for v in G.successors(x))
            if not leaves:
                out.append(Finding("cycle-without-exit", "error",
                                   f"steps {', '.join(sorted(group))} loop with no way out", tuple(sorted(group))))
    if c.victory.kind == "win_step" and c.victory.step not in reach:
        out.append(Finding("victory-step-unreachable", "error",
                           f"the campaign is won at step '{c.victory.step}', which can never be reached",
                           (c.victory.step,)))
    # which steps can have heroes in the party when they start
    feeds = {s.id: s.roster == "new" and s.join_party for s in c.steps}
    can_have_party = {s.id: False for s in c.steps}
    order = list(nx.topological_sort(nx.condensation(G)))
    cond = nx.condensation(G)
    for node in order:
        members = cond.nodes[node]["members"]
        for m in members:
            if m == "end":
                continue
            preds = [p for p in G.predecessors(m) if p != m]
            if any(feeds.get(p) or can_have_party.get(p) for p in preds):
                can_have_party[m] = True
    for i, s in enumerate(c.steps):
        sc = scenarios.get(s.id)
        if sc is None:
            continue
        if s.roster == "party" and not can_have_party[s.id]:
            out.append(Finding("party-without-heroes", "error",
                               f"step '{s.id}' plays with the party, but no earlier step gives it heroes", (s.id,)))
        errors = check(sc).errors
        if errors:
            out.append(Finding("step-scenario-has-errors", "warning",
                               f"step '{s.id}': {s.scenario} has {len(errors)} validation error(s), first: "
                               f"{errors[0].code}", (s.id,)))
        if s.roster == "party":
            sources = [p for p in G.predecessors(s.id) if p in scenarios]
            if any(c.step(p).carry.xp for p in sources) and sc.setup.rules.profile not in _XP_PROFILES:
                out.append(Finding("carry-unused", "info",
                                   f"step '{s.id}' receives XP, which the '{sc.setup.rules.profile}' rules do not use",
                                   (s.id,)))
            most = sum((c.step(p).repeat * (c.step(p).heroes or scenarios[p].setup.survivors.max)
                        for p in sources if c.step(p).roster == "new"), 0)
            if most > sc.setup.survivors.max:
                out.append(Finding("party-larger-than-scenario", "warning",
                                   f"step '{s.id}' may receive {most} heroes but {s.scenario} is made for at most "
                                   f"{sc.setup.survivors.max}", (s.id,)))
    out.extend(_carry_without_effect(c, G))
    out.extend(_losers_join(c, scenarios))
    return out


def _losers_join(c: Campaign, scenarios: dict[str, Scenario]) -> list[Finding]:
    """A new-roster step whose heroes can lose while alive (dawn comes: "Les Zombies gagnent [...]
    si le Héros n'a pas réussi à s'enfuir lorsque l'aube se lève") and that lets every hero alive
    join the party: heroes who lost their game reach the next steps."""
    out = []
    for s in c.steps:
        sc = scenarios.get(s.id)
        if sc is None or s.roster != "new" or not s.join_party or s.joins != "alive":
            continue
        if sc.setup.turn_limit is not None and sc.defeat.at_turn_limit:
            out.append(Finding("losers-join-party", "info",
                               f"step '{s.id}' lets every hero alive after a game join the party, also those caught "
                               f"by the turn limit of {s.scenario} (a lost game); 'joins: \"winners\"' keeps only the "
                               f"heroes of games won", (s.id,)))
    return out


def _carry_without_effect(c: Campaign, G: nx.DiGraph) -> list[Finding]:
    """A step's ``carry`` acts on the party it hands on (the runner reads it from the step just
    played), so a setting that differs from the default can have no effect:

    - when no step that plays with the party can follow it (for example ``wounds: keep`` on the
      finale);
    - when it keeps something (``wounds: keep``) and every way from it to a party step goes
      through a step with a fresh roster that does not keep it too: that step's own ``carry`` is
      applied to the whole party when it ends (the heroes waiting in the party are healed there).

    A setting that drops something (``items: false``) stays dropped whatever follows, so only
    the first case applies to it."""
    out = []
    default = Carry()
    by_id = {s.id: s for s in c.steps}
    party_steps = {s.id for s in c.steps if s.roster == "party"}

    def keeps(value: object) -> bool:
        return value is True or value == "keep"

    def reaches_party(start: str, f: str, value: object) -> tuple[bool, list[str]]:
        """Whether the setting ``f = value`` of step ``start`` still holds when some party step
        starts; and the fresh-roster steps whose own carry undoes it on the way."""
        seen, todo, undo = set(), [start], []
        while todo:
            for t in G.successors(todo.pop()):
                if t == "end" or t in seen:
                    continue
                seen.add(t)
                if t in party_steps:
                    return True, []
                if not keeps(value) or getattr(by_id[t].carry, f) == value:
                    todo.append(t)  # a fresh-roster step that lets the setting through
                else:
                    undo.append(t)
        return False, sorted(undo)

    for s in c.steps:
        changed = [f for f in ("items", "events", "xp", "wounds") if getattr(s.carry, f) != getattr(default, f)]
        if not changed:
            continue
        later = nx.descendants(G, s.id) - {s.id}
        if s.id in nx.descendants(G, s.id):
            later.add(s.id)  # a loop back to itself hands the party on to itself
        if not later & party_steps:
            settings = ", ".join(f"{f}: {str(getattr(s.carry, f)).lower()}" for f in changed)
            out.append(Finding("carry-has-no-effect", "warning",
                               f"step '{s.id}' sets carry ({settings}), but no step that plays with the party "
                               f"comes after it: carry says what the party keeps into the next steps; set it on "
                               f"the step whose heroes are carried", (s.id,)))
            continue
        for f in changed:
            held, undo = reaches_party(s.id, f, getattr(s.carry, f))
            if held or not undo:
                continue
            theirs = "; ".join(f"'{t}': {f}: {str(getattr(by_id[t].carry, f)).lower()}" for t in undo)
            out.append(Finding("carry-has-no-effect", "warning",
                               f"step '{s.id}' sets carry ({f}: {str(getattr(s.carry, f)).lower()}), but every way "
                               f"to a step that plays with the party goes through a step that starts a fresh roster "
                               f"and whose own carry ({theirs}) applies to the whole party when it ends: set the "
                               f"same carry on that step too", (s.id, *undo)))
    return out


def check_campaign_file(path: str | os.PathLike[str]) -> tuple[Campaign | None, dict[str, Scenario], list[Finding]]:
    """Load a campaign and its scenarios and check them; load problems become findings."""
    try:
        c = load(path, Campaign)
    except LoadError as e:
        return None, {}, [Finding(p.code, "error", str(p), tuple(p.ids), p.path) for p in e.problems]
    folder = Path(path).parent
    scenarios: dict[str, Scenario] = {}
    found: list[Finding] = []
    for i, s in enumerate(c.steps):
        try:
            loaded = load(folder / s.scenario)
        except LoadError as e:
            first = e.problems[0] if e.problems else "cannot be loaded"
            found.append(Finding("invalid-step-scenario", "error", f"{folder / s.scenario}: {first}", (s.id,),
                                 f"steps[{i}].scenario"))
            continue
        try:
            scenarios[s.id] = step_scenario(loaded, s, i, str(folder / s.scenario))
        except VariantError as e:
            found += [Finding(p.code if p.code in CODES else "variant-invalid", "error", str(p), (s.id, *p.ids), p.path)
                      for p in e.problems]
    return c, scenarios, found + check_campaign(c, scenarios)
