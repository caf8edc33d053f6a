"""Static validation: findings about a scenario, as data.

>>> from designer.checks import check
>>> report = check(scenario)                      # doctest: +SKIP
>>> [f.code for f in report.findings]             # doctest: +SKIP
[]
>>> report.winnable, [s.text for s in report.plan][:1]   # doctest: +SKIP
(True, ["open door 'door-pharmacy' from Harlan St"])
"""

from __future__ import annotations

import gc
import os
from dataclasses import dataclass

from ..io.files import LoadError, load
from ..model.scenario import Scenario
from ..rules.compiled import CompiledScenario
from ..rules.compiled import compile as compile_scenario
from .balance import check_balance
from .doors import check_doors
from .heroes import check_heroes
from .missions import check_missions
from .lnoe import check_house, check_lnoe, check_town
from .limits import check_limits
from .findings import CODES, SEVERITY_ORDER, Finding
from .reachability import DEFAULT_MAX_STATES, Reachability, Step, reachability_findings, search
from .plan import timing_findings
from .spawns import check_spawns
from .structure import check_structure
from ..rules.terrain import breakable_walls, open_walls
from .terrain import breakthrough_findings, check_terrain, expected_of_impassable
from .infestation import check_infestation, check_points

__all__ = ["CODES", "Finding", "Report", "Step", "check", "check_file", "findings"]


@dataclass
class Report:
    """Everything validation found about one scenario."""

    findings: list[Finding]
    reachability: Reachability | None = None
    scenario: Scenario | None = None
    compiled: CompiledScenario | None = None
    """The compiled scenario the checks read (one compile per validation run)."""

    @property
    def winnable(self) -> bool:
        return bool(self.reachability and self.reachability.winnable)

    @property
    def plan(self) -> list[Step]:
        """The witness plan: how the mission can be won."""
        return self.reachability.plan if self.reachability else []

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    def counts(self) -> dict[str, int]:
        out = {"error": 0, "warning": 0, "info": 0}
        for f in self.findings:
            out[f.severity] += 1
        return out


def check(scenario: Scenario, *, spawn_distance: int = 2, max_states: int = DEFAULT_MAX_STATES,
          options: bool = True) -> Report:
    """Run every check on a scenario.

    Parameters
    ----------
    scenario : Scenario
    spawn_distance : int
        Spawn zones closer than this many zones to a start zone get a warning.
    max_states : int
        Limit of the reachability search (see :mod:`designer.checks.reachability`).
    options : bool
        Also check the scenario's variants, modules, weather rows and budgets
        (:mod:`designer.checks.variants`: one validation per combination); off for a quick look
        at the base game alone.

    Returns
    -------
    Report
        Findings sorted by severity, then in check order; the reachability result with its
        witness plan.
    """
    collecting = gc.isenabled()
    gc.disable()  # validation allocates many small tables at once and frees none of them early
    try:
        played = scenario
        if scenario.town is not None:  # a board library: the first town here, the others in check_town
            from ..town import iter_towns, town_scenario

            played = town_scenario(scenario, next(iter_towns(scenario.town)))
        cs = compile_scenario(played)  # the one compile of this validation run
        reach = search(cs, max_states=max_states)
        written = cs
        if not reach.winnable and not reach.truncated and breakable_walls(played):
            # ---- eden: destruction(x): won only by breaking through scenery ----
            opened = compile_scenario(open_walls(played))
            through = search(opened, max_states=max_states)
            if through.winnable:
                cs, reach = opened, through
        found: list[Finding] = []
        found += check_structure(cs)
        found += reachability_findings(cs, reach)
        found += timing_findings(cs, reach)
        found += check_spawns(cs, reach, spawn_distance)
        found += check_doors(cs)
        found += check_heroes(cs)
        found += check_missions(cs, reach)
        found += check_balance(cs)
        found += check_lnoe(scenario)
        found += check_house(scenario)
        found += check_limits(scenario)
        if options and scenario.town is not None:  # every town the board library can draw
            found += check_town(scenario, lambda s: check(s, spawn_distance=spawn_distance,
                                                          max_states=max_states).findings)
        found = [f for f in found if not expected_of_impassable(written, f)] + check_terrain(written)
        if cs is not written:
            found += breakthrough_findings(played)
        found += check_infestation(cs)
        found += check_points(cs)
        if options and (scenario.variants or scenario.weather is not None or scenario.budget is not None):
            from .variants import check_options

            found += check_options(scenario, lambda s: check(s, spawn_distance=spawn_distance,
                                                             max_states=max_states).findings, list(found))
    finally:
        if collecting:
            gc.enable()
    found.sort(key=lambda f: SEVERITY_ORDER[f.severity])
    return Report(found, reach, scenario, cs)


def findings(scenario: Scenario, **options) -> list[Finding]:
    """All findings for a scenario (the list the CLI, the notebook panel and the tests use)."""
    return check(scenario, **options).findings


def check_file(path: str | os.PathLike[str], **options) -> Report:
    """Load and check a file; load problems become error findings with their JSON paths."""
    try:
        scenario = load(path)
    except LoadError as e:
        return Report([Finding(p.code, "error", str(p), tuple(p.ids), p.path) for p in e.problems])
    return check(scenario, **options)
