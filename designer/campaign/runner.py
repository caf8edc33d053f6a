"""Loading campaigns and simulating them many times.

One campaign run plays its steps in order (following the branches), carrying the party of
heroes from step to step as the campaign says. Runs are independent, so many runs go through the
same chunked executors as playtests (local processes or Dask). Results: one row per campaign
run and one row per game played.

Rules of a run (documented in ``docs/campaign.md``):
- a step with a new roster plays each of its games with fresh heroes; the heroes alive at the end
  of each game join the party (unless ``join_party`` is off; with ``joins: "winners"`` only the
  heroes of the games won);
- a step with the party plays each game with the whole party; the heroes alive afterwards are the
  new party; a party step with nobody left is lost without playing;
- a step is won when at least one of its games is won;
- after each step the party keeps what the ``carry`` of the step just played says (items, event
  cards, XP, wounds healed or not; a named hero keeps its name).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import core
from ..engine.batch import board_for, game_seed, run_chunks
from ..plans import bot_plan
from ..rules.profiles import is_event
from ..io.files import LoadError, Problem, dumps, load, loads
from ..model.campaign import Campaign
from ..model.scenario import Scenario
from ..variants import VariantError, derive, roll_2d6

__all__ = ["LoadedCampaign", "campaign_resources", "load_campaign", "play_campaign", "run_campaigns", "step_scenario"]


@dataclass
class LoadedCampaign:
    """A campaign with the scenario of each step, loaded."""

    campaign: Campaign
    scenarios: dict[str, Scenario]
    """Step id -> scenario."""
    path: str = ""

    def texts(self) -> dict[str, str]:
        return {k: dumps(v) for k, v in self.scenarios.items()}


def load_campaign(path: str | os.PathLike[str]) -> LoadedCampaign:
    """Load a campaign file and every scenario it names (paths relative to the campaign file).

    Raises :class:`LoadError` naming the campaign's JSON path of a step whose scenario is missing
    or invalid.
    """
    campaign = load(path, Campaign)
    folder = Path(path).parent
    scenarios: dict[str, Scenario] = {}
    problems: list[Problem] = []
    for i, step in enumerate(campaign.steps):
        target = folder / step.scenario
        try:
            scenarios[step.id] = load(target)
        except LoadError as e:
            first = e.problems[0] if e.problems else Problem("", "cannot be loaded")
            problems.append(Problem(f"steps[{i}].scenario", f"{target}: {first}", "invalid-step-scenario",
                                    (step.id,)))
            continue
        try:
            scenarios[step.id] = step_scenario(scenarios[step.id], step, i, str(target))
        except VariantError as e:
            problems += [Problem(p.path, p.message, p.code, (step.id, *p.ids)) for p in e.problems]
    if problems:
        raise LoadError(str(path), problems)
    return LoadedCampaign(campaign, scenarios, str(path))


def step_scenario(s: Scenario, step: Any, index: int, source: str) -> Scenario:
    """The plain scenario a step plays: its variant, modules and weather row applied (the
    scenario's options stripped either way). Raises :class:`VariantError` with the campaign's
    JSON path (``steps[2].modules``) and the scenario file named in the message."""
    if not (s.variants or s.weather is not None or s.budget is not None or step.variant or step.modules
            or step.weather):
        return s
    try:
        if step.weather == ROLL:
            if s.weather is None:
                raise VariantError([Problem("weather", "the scenario has no weather table to roll on; expected "
                                                       "a 'weather' table, or no 'weather' on the step",
                                            "unknown-variant")])
            # the selection applied, the table kept: each game rolls its row (play_campaign)
            return derive(s, step.selection(), source=source).model_copy(update={"weather": s.weather})
        return derive(s, step.selection(), step.weather, source=source)
    except VariantError as e:
        key = "weather" if any(p.path.startswith("weather") for p in e.problems) else \
            "modules" if step.modules else "variant"
        raise VariantError([Problem(f"steps[{index}].{key}", f"{source}: {p}", p.code, p.ids) for p in e.problems]) \
            from None


ROLL = "roll"
"""A step's ``weather`` that rolls the weather of each game from its seed."""


def _weather_texts(loaded: LoadedCampaign) -> dict[str, str]:
    """The scenario of each weather row of the steps that roll the weather, keyed
    ``"<step>@<row>"``."""
    out = {}
    for step in loaded.campaign.steps:
        sc = loaded.scenarios.get(step.id)
        if step.weather == ROLL and sc is not None and sc.weather is not None:
            for row in sc.weather.rows:
                out[f"{step.id}@{row.id}"] = dumps(derive(sc, "base", row))
    return out


SERIAL_CORE_RUNS = 10_000
"""Campaign runs played in this process when the typed engine plays them and no workers or
executor are asked for (a few seconds at most)."""


def _carry(heroes: list[dict], step: Any) -> list[dict]:
    """What the party keeps after ``step`` (its ``carry``): items and event cards apart, XP,
    wounds; a named hero keeps its name."""
    c = step.carry
    out = []
    for h in heroes:
        cards = [n for n in h["items"] if (c.events if is_event(n) else c.items)]
        row = {"items": cards, "xp": h["xp"] if c.xp else 0, "wounds": h["wounds"] if c.wounds == "keep" else 0}
        if h.get("name"):
            row["name"] = h["name"]
        out.append(row)
    return out


def _events(heroes: list[dict]) -> int:
    return sum(1 for h in heroes for n in h["items"] if is_event(n))


def _play(board: Any, seed: int, policy: Any, survivors: int | None, heroes: list[dict] | None,
          plan: Any = None, resources: dict[str, int] | None = None) -> tuple[dict, list]:
    """One game of a step: its record (at least won, cause, turns, survivors) and the heroes out.
    The typed engine plays it when it can (the same game as the reference engine); the bots
    follow ``plan``, the step's witness plan. ``resources``: the party's stock going in (a game
    that gains or spends none leaves it as it is, and the core may play it)."""
    return core.play_party(board, seed, policy, survivors, heroes, plan, resources)


def play_campaign(campaign: Campaign, texts: dict[str, str], base_seed: int, run: int,
                  policy: Any = "greedy") -> tuple[dict, list[dict]]:
    """Play one campaign run; return (the run's row, one row per game played)."""
    party: list[dict] = []
    rows: list[dict] = []
    index: int | None = 0
    played = 0
    won_steps: set[str] = set()
    ended_at = campaign.steps[0].id
    stock = _start_stock(campaign, texts)
    while index is not None and played < campaign.max_steps:
        step = campaign.steps[index]
        rolled = step.weather == ROLL
        board = board_for(texts[step.id])
        plan = bot_plan(board.scenario)
        ended_at = step.id
        heroes_in = len(party)
        items_in = sum(len(h["items"]) for h in party) - _events(party)
        xp_in = max((h["xp"] for h in party), default=0)
        base = {"run": run, "visit": played, "step": step.id, "heroes_in": heroes_in, "items_in": items_in,
                "events_in": _events(party), "xp_in": xp_in, **_stock_columns(stock, "res_in_")}
        step_won = False
        if step.roster == "party" and not party:
            rows.append({**base, "game": 0, "played": False, "won": False, "cause": "no_heroes", "turns": 0,
                         "heroes": 0, "heroes_out": 0})
        else:
            joined: list[dict] = []
            for k in range(step.repeat):
                heroes = [dict(h) for h in party] if step.roster == "party" else None
                if step.roster == "party" and not heroes:
                    break
                seed = game_seed(base_seed, f"{run}:{played}:{k}")
                weather = {}
                if rolled:  # each game rolls its weather from its seed, apart from the engine's dice
                    row = board.scenario.weather.row_for(roll_2d6(seed)).id
                    game_board = board_for(texts[f"{step.id}@{row}"])
                    weather = {"weather": row}
                    r, out = _play(game_board, seed, policy, step.heroes, heroes, bot_plan(game_board.scenario),
                                   stock)
                else:
                    r, out = _play(board, seed, policy, step.heroes, heroes, plan, stock)
                before = stock
                if stock is not None:
                    stock = {**stock, **r.get("resources", {})}
                rows.append({**base, **_stock_columns(before, "res_in_"), "game": k, "played": True, "won": r["won"],
                             "cause": r["cause"], "turns": r["turns"], "heroes": r["survivors"],
                             "heroes_out": len(out), **_stock_columns(stock, "res_out_"),
                             **({"res_short": r.get("resources_short", 0)} if stock is not None else {}), **weather})
                step_won = step_won or r["won"]
                if step.roster == "party":
                    party = out
                elif step.join_party and (step.joins == "alive" or r["won"]):
                    joined.extend(out)
            if step.roster == "new":
                party = party + joined
        party = _carry(party, step)
        if step_won:
            won_steps.add(step.id)
        played += 1
        index = campaign.next_step(index, step_won)
    v = campaign.victory
    if v.kind == "resource_at_least":
        won = (stock or {}).get(v.resource, 0) >= v.count
    else:
        won = v.step in won_steps if v.kind == "win_step" else len(party) >= v.count
    return ({"run": run, "won": won, "steps_played": played, "ended_at": ended_at, "party_end": len(party),
             "items_end": sum(len(h["items"]) for h in party),
             "stopped": index is not None, **_stock_columns(stock, "res_end_")}, rows)


def campaign_resources(campaign: Campaign, scenarios: dict[str, Scenario] | None = None) -> list[str]:
    """The resources a campaign tracks: those of its starting stock, then those its scenarios'
    effects name, in order of appearance."""
    names = list(campaign.resources)
    for sc in (scenarios or {}).values():
        for t in getattr(sc, "triggers", ()):
            for e in t.then:
                if e.kind in ("gain_resource", "spend_resource") and e.resource not in names:
                    names.append(e.resource)
    return names


def _start_stock(campaign: Campaign, texts: dict[str, str]) -> dict[str, int] | None:
    """The party's stock at the start of a run: the campaign's, with 0 of each resource only its
    scenarios name; None when the campaign tracks no resources (the games then play exactly as
    before)."""
    names = campaign_resources(campaign, {k: getattr(board_for(t), "scenario", None) for k, t in texts.items()})
    if not names:
        return None
    return {name: campaign.resources.get(name, 0) for name in names}


def _stock_columns(stock: dict[str, int] | None, prefix: str) -> dict[str, int]:
    return {f"{prefix}{k}": v for k, v in stock.items()} if stock is not None else {}


def campaign_chunk(campaign_json: str, texts: dict[str, str], base_seed: int, policy: Any, start: int,
                   stop: int) -> list[tuple[dict, list[dict]]]:
    """Play campaign runs ``start..stop`` (a task for an executor)."""
    campaign = loads(campaign_json, "<campaign>", Campaign)
    return [play_campaign(campaign, texts, base_seed, run, policy) for run in range(start, stop)]


def run_campaigns(loaded: LoadedCampaign, n: int, seed: int = 1, policy: Any = "greedy", *,
                  workers: int | None = None, executor: Any = None, chunk_size: int | None = None,
                  on_chunk: Any = None) -> tuple[list[dict], list[dict], bool]:
    """Simulate ``n`` campaign runs; return (run rows, game rows, interrupted).

    When the typed engine plays the bots, a run of up to :data:`SERIAL_CORE_RUNS` campaigns with
    no executor or worker count asked for plays in this process (faster than starting workers).
    """
    fast = core.available() and isinstance(policy, str) and policy in core.POLICY_CODES
    if fast and executor is None and workers is None and n <= SERIAL_CORE_RUNS:
        executor = "serial"
    size = chunk_size or (max(50, min(1000, n // ((workers or os.cpu_count() or 1) * 4) or 50)) if fast else
                          max(5, min(50, n // ((workers or os.cpu_count() or 1) * 4) or 5)))
    texts = {**loaded.texts(), **_weather_texts(loaded)}
    results, interrupted = run_chunks(campaign_chunk, (dumps(loaded.campaign), texts, seed, policy), n,
                                      workers=workers, executor=executor, chunk_size=size, on_chunk=on_chunk)
    runs = [r for r, _ in results]
    games = [g for _, rows in results for g in rows]
    return runs, games, interrupted
