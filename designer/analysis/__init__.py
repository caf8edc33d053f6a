"""Analysis of playtest results: batches, the results store, metrics, comparisons, tuning, plots
and reports.

The names load on first use, so ``import designer.analysis`` costs no pandas import.
"""

from importlib import import_module
from typing import Any

_NAMES = {
    "DEFAULT_STORE": "store", "ResultsStore": "store",
    "PlaytestResult": "runs", "playtest": "runs", "read_games": "runs", "scenario_hash": "runs", "sweep": "runs",
    "balance": "metrics", "curves": "metrics", "funnel": "metrics", "losses_by_cause": "metrics",
    "skill_gap": "metrics", "summarize": "metrics", "summary_of": "metrics", "turn_stats": "metrics",
    "zone_table": "metrics",
    "wilson": "stats",
    "Tally": "tally",
    "Comparison": "compare", "compare": "compare", "scenario_diff": "compare",
    "TuneResult": "tune", "tune": "tune",
}

__all__ = sorted(_NAMES)


def __getattr__(name: str) -> Any:
    if name in _NAMES:
        value = getattr(import_module(f".{_NAMES[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'designer.analysis' has no attribute '{name}'")
