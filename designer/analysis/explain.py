"""Playtests that explain themselves: how far games get along the victory steps, and why a win
rate is near 0 or 1.

- :func:`progress_rows` — the progress measure, one row per victory step, built on the funnel of
  :mod:`designer.analysis.metrics` (one source: the tally's step counts): games that reached the
  step and completed it, when (median turn), the games that stopped there, the share of all
  losses that stopped there, P(win | reached) and P(win | completed), each share with its 95 %
  Wilson interval; and ``furthest``, how many games got exactly k steps far (ordered missions).
- :func:`setup_notes` — what the set-up itself says before any game (no survivor starts with a
  door opener and the deck holds none, nobody starts armed), read from the same compiled facts
  as the validator; kept in the tally's spec.
- :func:`reasons` — the sentences a summary prints when the win rate is below
  :data:`NEAR_ZERO` or above :data:`NEAR_ONE`: the set-up notes, where the losses stop ("92 % of
  losses happen before 'take blue-key'"), objectives no game ever took or pressed, the dominant
  cause of defeat, the deadliest zone; for an easy mission, how early and how safely it is won.
- :func:`skill_band` — the win rate of ``casual`` and ``expert`` on the same seeds: the range a
  table of real players can expect, from a casual group to an expert one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .stats import wilson

if TYPE_CHECKING:
    from ..model.scenario import Scenario
    from .tally import Tally

__all__ = ["NEAR_ONE", "NEAR_ZERO", "progress_rows", "reasons", "setup_notes", "skill_band"]

NEAR_ZERO = 0.05
"""Below this win rate a summary says why the survivors lose."""
NEAR_ONE = 0.95
"""Above this win rate a summary says why the survivors win."""


# -- the set-up ----------------------------------------------------------------------------------


def setup_notes(scenario: "Scenario") -> tuple[str, ...]:
    """What the set-up says about the survivors' chances before a game is played."""
    from ..rules.compiled import compile as compile_scenario

    cs = compile_scenario(scenario)
    s = scenario
    sv = s.setup.survivors
    notes = []
    closed = [c for c in s.connections if c.kind == "door" and getattr(c, "state", "open") != "open"
              and getattr(c, "by_hand", True)]
    if closed and cs.doors_need_item and not cs.starts_with_opener:
        if cs.deck_has_opener:
            notes.append("no survivor carries a door opener at the start: every door waits for a search to find one")
        elif sv.starting_cards == 0:
            notes.append("no survivor carries a door opener and the deck holds none: no door can be opened by hand")
    elif closed and cs.doors_need_item and sv.heroes:
        openers = [h.name for k, h in enumerate(sv.heroes[:sv.default_count()])
                   if set(sv.items_of(k)) & cs.door_openers]
        count = sv.default_count()
        if openers and len(openers) < count and not set(sv.starting_equipment) & cs.door_openers:
            notes.append(f"only {len(openers)} of {count} survivors carry a door opener ({', '.join(openers)})")
    from ..engine.equipment import item

    armed = any(item(n).is_weapon for n in sv.team_items())
    if not armed and sv.starting_cards == 0:
        notes.append("no survivor starts with a weapon: fights wait for searches")
    return tuple(notes)


# -- the progress measure ------------------------------------------------------------------------


def progress_rows(t: "Tally") -> dict[str, Any]:
    """The progress measure of a run (see the module's docstring), JSON-ready."""
    from .metrics import funnel_rows

    n, wins = t.n, t.wins
    losses = n - wins
    rows = []
    for row, k in zip(funnel_rows(t), range(len(t.spec.steps))):
        reached, done = row["reached"], row["completed"]
        stopped = reached - done
        pw, pwlo, pwhi = wilson(wins, reached) if t.spec.ordered else wilson(int(t.step_won[k]), reached)
        ls, lslo, lshi = wilson(stopped, losses)
        rows.append({**row, "stopped": stopped,
                     "losses_stopped_share": ls if losses else None,
                     "losses_stopped_low": lslo if losses else None,
                     "losses_stopped_high": lshi if losses else None,
                     "p_win_when_reached": pw if reached else None,
                     "p_win_when_reached_low": pwlo if reached else None,
                     "p_win_when_reached_high": pwhi if reached else None})
    furthest = None
    if t.spec.ordered and t.spec.steps:
        done = [int(x) for x in t.step_done]
        furthest = [n - done[0]] + [done[k - 1] - done[k] for k in range(1, len(done))] + [done[-1]]
    return {"steps": rows, "furthest": furthest}


# -- reasons ---------------------------------------------------------------------------------------


_CAUSE_TEXT = {
    "all_dead": "every survivor died",
    "survivor_died": "a survivor died (the mission is lost with the first death)",
    "turn_limit": "the turn limit ran out",
    "stalled": "the game stalled (no end after the engine's longest game): the survivors found nothing that moves the mission on",
    "special": "a special rule ended it",
    "runaway": "the engine's hard bound stopped it",
}


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %" if x >= 0.01 or x == 0 else f"{100 * x:.1f} %"


def reasons(t: "Tally", always: bool = False, names: dict[str, str] | None = None) -> list[str]:
    """Why the win rate is what it is, in sentences (empty unless it is below :data:`NEAR_ZERO`
    or above :data:`NEAR_ONE`, or ``always``)."""
    from .tally import hist_median

    n, wins = t.n, t.wins
    if not n:
        return []
    p = wins / n
    if not always and NEAR_ZERO <= p <= NEAR_ONE:
        return []
    out: list[str] = []
    losses = n - wins
    if p < NEAR_ONE:
        out += list(getattr(t.spec, "notes", ()))
        prog = progress_rows(t)["steps"]
        if losses and prog:
            worst = max(prog, key=lambda r: (r["stopped"], -r["step"]))
            if worst["stopped"]:
                share = worst["stopped"] / losses
                if t.spec.ordered:
                    out.append(f"{_pct(share)} of losses happen before '{worst['goal']}' (step {worst['step']}), "
                               f"reached in {_pct(worst['reached_share'])} of games")
                else:
                    out.append(f"'{worst['goal']}' (step {worst['step']}) is left undone in {_pct(share)} of losses")
        taken = t.obj_taken()
        kinds = dict(zip(t.spec.objective_ids, getattr(t.spec, "objective_kinds", ()) or ()))
        needed = getattr(t.spec, "needed_objectives", ()) or t.spec.objective_ids
        never = [o for i, o in enumerate(t.spec.objective_ids) if taken[i] == 0 and o in needed]
        for o in never[:4]:
            verb = "pressed" if kinds.get(o) == "switch" else "took"
            out.append(f"no game ever {verb} '{o}'")
        if len(never) > 4:
            out.append(f"... and {len(never) - 4} more objectives no game ever reached")
        causes = {c: k for c, k in t.cause_counts().items() if c}
        if causes and losses:
            cause, k = max(causes.items(), key=lambda x: x[1])
            row = t.turns_by_cause[list(t.cause_counts()).index(cause)]
            out.append(f"{_CAUSE_TEXT.get(cause, cause)} in {_pct(k / n)} of games (median turn "
                       f"{hist_median(row):.0f})")
        if t.column_sums("kills")[0] == 0 and t.column_sums("zombies_spawned")[0] > 0:
            out.append("no survivor ever killed a zombie")
        from ..engine.table import ZONE_COUNTS

        deaths = t.zone_sum[ZONE_COUNTS.index("deaths")]
        total = float(deaths.sum())
        if total:
            z = int(deaths.argmax())
            zid = t.spec.zone_ids[z]
            out.append(f"{_pct(deaths[z] / total)} of the deaths happen in '{(names or {}).get(zid, zid)}'")
    else:
        from ..engine.table import CAUSES

        med = hist_median(t.turns_by_cause[CAUSES.index('')]) if wins else float("nan")
        safe = int(t.deaths[0]) if len(t.deaths) else 0
        out.append(f"{_pct(p)} of games are won, at median turn {med:.0f}"
                   + (f" of a {t.spec.turn_limit}-turn limit" if t.spec.turn_limit else ""))
        out.append(f"{_pct(safe / n)} of games end without a death")
        if t.column_sums("zombies_spawned")[0] == 0:
            out.append("no zombie ever spawned")
    return out


# -- the skill band ------------------------------------------------------------------------------


def skill_band(scenario: "Scenario", n: int = 200, seed: int = 1, survivors: int | None = None,
               store: Any = None) -> dict[str, Any]:
    """Win rates of ``casual`` and ``expert`` on the same ``n`` seeds, with their intervals: the
    skill band a win rate sits in."""
    from .runs import playtest

    out: dict[str, Any] = {"games": n, "seed": seed}
    for policy in ("casual", "expert"):
        r = playtest(scenario, n=n, seed=seed, policy=policy, survivors=survivors, store=store, progress=False)
        p, lo, hi = r.win_rate()
        out[policy] = {"win_rate": p, "low": lo, "high": hi, "wins": r.tally.wins}
    return out
