"""Analysis of playtest results: batches, the results store, metrics, plots and reports."""

from .metrics import losses_by_cause, skill_gap, summarize, turn_stats, wilson
from .runs import PlaytestResult, playtest, scenario_hash, sweep
from .store import DEFAULT_STORE, ResultsStore

__all__ = ["DEFAULT_STORE", "PlaytestResult", "ResultsStore", "losses_by_cause", "playtest", "scenario_hash",
           "skill_gap", "summarize", "sweep", "turn_stats", "wilson"]
