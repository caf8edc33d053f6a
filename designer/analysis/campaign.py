"""Campaign progression: funnel, heroes / items / XP bands per step, bottleneck, what-if tables.

>>> from designer.analysis.campaign import simulate_campaign
>>> result = simulate_campaign("scenarios/campaigns/seul-dans-le-noir.json", n=1000)   # doctest: +SKIP
>>> result.funnel()                                                                   # doctest: +SKIP
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ..campaign.runner import LoadedCampaign, load_campaign, run_campaigns
from .metrics import wilson
from .progress import ticker

__all__ = ["CampaignResult", "simulate_campaign"]


@dataclass
class CampaignResult:
    """One row per campaign run (``runs``) and one row per game played (``games``)."""

    loaded: LoadedCampaign
    runs: pd.DataFrame
    games: pd.DataFrame
    interrupted: bool = False

    @property
    def steps(self) -> list[str]:
        return [s.id for s in self.loaded.campaign.steps]

    def _first_visits(self) -> pd.DataFrame:
        """One row per (run, step) for the first time the run played the step."""
        g = self.games
        if not len(g):
            return g
        per_visit = g.groupby(["run", "visit", "step"], sort=False).agg(
            won=("won", "any"), heroes_in=("heroes_in", "first"), items_in=("items_in", "first"),
            xp_in=("xp_in", "first")).reset_index()
        return per_visit.sort_values(["run", "visit"]).drop_duplicates(["run", "step"])

    def funnel(self) -> pd.DataFrame:
        """Per step: probability of reaching it and of winning it (over all runs), and how many
        runs ended there."""
        n = len(self.runs)
        visits = self._first_visits()
        rows = []
        for sid in self.steps:
            v = visits[visits["step"] == sid] if len(visits) else visits
            reached = len(v)
            won = int(v["won"].sum()) if reached else 0
            ended = int((self.runs["ended_at"] == sid).sum()) if n else 0
            ended_lost = int(((self.runs["ended_at"] == sid) & ~self.runs["won"]).sum()) if n else 0
            rows.append({"step": sid, "reached": reached / n if n else 0.0, "won": won / n if n else 0.0,
                         "won_when_reached": won / reached if reached else float("nan"),
                         "ended_here": ended, "lost_here": ended_lost})
        return pd.DataFrame(rows)

    def bands(self) -> pd.DataFrame:
        """Per step: heroes alive, items carried and XP at its start (mean, median, min, max)."""
        visits = self._first_visits()
        rows = []
        for sid in self.steps:
            v = visits[visits["step"] == sid] if len(visits) else visits
            row: dict[str, Any] = {"step": sid, "runs": len(v)}
            for col in ("heroes_in", "items_in", "xp_in"):
                s = v[col] if len(v) else pd.Series(dtype=float)
                row.update({f"{col}_mean": float(s.mean()) if len(s) else float("nan"),
                            f"{col}_median": float(s.median()) if len(s) else float("nan"),
                            f"{col}_min": float(s.min()) if len(s) else float("nan"),
                            f"{col}_max": float(s.max()) if len(s) else float("nan")})
            rows.append(row)
        return pd.DataFrame(rows)

    def win_rate(self) -> tuple[float, float, float]:
        """Campaign win rate with its 95 % Wilson interval."""
        return wilson(int(self.runs["won"].sum()), len(self.runs))

    def bottleneck(self) -> str | None:
        """The step where most lost campaigns end."""
        lost = self.runs[~self.runs["won"]]
        if not len(lost):
            return None
        return str(lost["ended_at"].value_counts().idxmax())

    def what_if(self, step: str | None = None) -> pd.DataFrame:
        """Win rate of a step (the last one by default) by heroes and items carried into it."""
        step = step or self.steps[-1]
        v = self._first_visits()
        v = v[v["step"] == step] if len(v) else v
        if not len(v):
            return pd.DataFrame(columns=["heroes_in", "items_in", "runs", "win_rate", "low", "high"])
        rows = []
        for (h, i), grp in v.groupby(["heroes_in", "items_in"]):
            p, lo, hi = wilson(int(grp["won"].sum()), len(grp))
            rows.append({"heroes_in": int(h), "items_in": int(i), "runs": len(grp), "win_rate": p, "low": lo, "high": hi})
        return pd.DataFrame(rows)

    def summary(self) -> dict[str, Any]:
        p, lo, hi = self.win_rate()
        c = self.loaded.campaign
        return {"campaign_id": c.id, "title": c.meta.title, "runs": len(self.runs), "win_rate": p,
                "win_rate_low": lo, "win_rate_high": hi, "bottleneck": self.bottleneck(),
                "funnel": self.funnel().to_dict(orient="records"), "interrupted": self.interrupted}

    # -- plots ---------------------------------------------------------------------------

    def funnel_plot(self):
        import matplotlib.pyplot as plt

        f = self.funnel()
        fig, ax = plt.subplots(figsize=(7, 3.5))
        ax.bar(f["step"], f["reached"], color="#90caf9", label="reached")
        ax.bar(f["step"], f["won"], color="#1565c0", label="won")
        ax.set_ylim(0, 1)
        ax.set_ylabel("share of campaigns")
        ax.set_title(f"{self.loaded.campaign.meta.title}: funnel")
        ax.legend()
        return fig

    def band_plot(self):
        import matplotlib.pyplot as plt

        b = self.bands()
        fig, axes = plt.subplots(1, 3, figsize=(11, 3.2))
        for ax, col, label in zip(axes, ("heroes_in", "items_in", "xp_in"), ("heroes alive", "items carried", "XP")):
            x = range(len(b))
            ax.fill_between(x, b[f"{col}_min"], b[f"{col}_max"], color="#bbdefb", label="min-max")
            ax.plot(x, b[f"{col}_mean"], marker="o", color="#0d47a1", label="mean")
            ax.plot(x, b[f"{col}_median"], ls="--", color="#1976d2", label="median")
            ax.set_xticks(list(x), b["step"], rotation=30)
            ax.set_title(f"{label} at the start of each step")
        axes[0].legend()
        fig.tight_layout()
        return fig

    def what_if_plot(self, step: str | None = None):
        import matplotlib.pyplot as plt

        t = self.what_if(step)
        fig, ax = plt.subplots(figsize=(6, 3.5))
        for items, grp in t.groupby("items_in"):
            ax.errorbar(grp["heroes_in"], grp["win_rate"], yerr=[grp["win_rate"] - grp["low"], grp["high"] - grp["win_rate"]],
                        marker="o", capsize=3, label=f"{items} items")
        ax.set_xlabel("heroes carried in")
        ax.set_ylabel("win rate")
        ax.set_ylim(0, 1)
        ax.set_title(f"what if: {step or self.steps[-1]}")
        if len(t):
            ax.legend(fontsize=7, ncol=2)
        return fig


def simulate_campaign(campaign: str | os.PathLike[str] | LoadedCampaign, n: int = 1000, seed: int = 1,
                      policy: Any = "greedy", workers: int | None = None, executor: Any = None,
                      progress: bool | None = None, chunk_size: int | None = None,
                      on_progress: Any = None) -> CampaignResult:
    """Simulate ``n`` runs of a campaign (a file or a loaded campaign) and return the tables.

    ``on_progress(k)`` is called with the number of runs finished by each chunk (a notebook panel
    moves its progress bar with it)."""
    loaded = campaign if isinstance(campaign, LoadedCampaign) else load_campaign(campaign)
    with ticker(n, loaded.campaign.id, "campaign", progress if progress is not None else n >= 200,
                on_progress) as tick:
        runs, games, interrupted = run_campaigns(loaded, n, seed, policy, workers=workers, executor=executor,
                                                 chunk_size=chunk_size, on_chunk=tick)
    runs_df = pd.DataFrame(runs, columns=["run", "won", "steps_played", "ended_at", "party_end", "items_end",
                                          "stopped"])
    games_df = pd.DataFrame(games, columns=["run", "visit", "step", "game", "played", "won", "cause", "turns",
                                            "heroes", "heroes_in", "items_in", "xp_in", "heroes_out"])
    return CampaignResult(loaded, runs_df, games_df, interrupted)
