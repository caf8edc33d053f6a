"""Campaign progression: funnel, heroes / items / XP bands per step, bottleneck, what-if tables.

>>> from designer.analysis.campaign import simulate_campaign
>>> result = simulate_campaign("scenarios/campaigns/seul-dans-le-noir.json", n=1000)   # doctest: +SKIP
>>> result.funnel()                                                                   # doctest: +SKIP
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..campaign.runner import LoadedCampaign, campaign_resources, load_campaign, run_campaigns
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
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def steps(self) -> list[str]:
        return [s.id for s in self.loaded.campaign.steps]

    def _first_visits(self) -> pd.DataFrame:
        """One row per (run, step) for the first time the run played the step: whether any of its
        games was won, the party carried in, and the heroes who played (``heroes_playing``: the
        party on a party step, the fresh heroes of the first game on a fresh-roster step)."""
        g = self.games
        if not len(g):
            return g
        per_visit = g.groupby(["run", "visit", "step"], sort=False).agg(
            won=("won", "any"), played=("played", "any"), heroes_in=("heroes_in", "first"),
            items_in=("items_in", "first"), xp_in=("xp_in", "first"), heroes_playing=("heroes", "first"),
            games=("played", "sum"), games_won=("won", "sum"),
            **{c: (c, "first") for c in self.resource_columns}).reset_index()
        return per_visit.sort_values(["run", "visit"]).drop_duplicates(["run", "step"])

    @property
    def resource_columns(self) -> list[str]:
        """The games table's columns of the party's stock going into each game (``res_in_<name>``),
        one per resource the campaign tracks (docs/campaign.md, *Resources*)."""
        return [c for c in self.games.columns if c.startswith("res_in_")]

    def _fresh(self, sid: str) -> bool:
        return next(s for s in self.loaded.campaign.steps if s.id == sid).roster != "party"

    def funnel(self) -> pd.DataFrame:
        """Per step, shares and counts in separate columns: campaigns that reached it (played at
        least one game there: a party step with nobody left to play it is not reached), that won it
        (any of its games), with their intervals; the per-game win rate of its games (a repeated
        step plays several) with its interval; and the campaigns that ended there."""
        n = len(self.runs)
        visits = self._first_visits()
        rows = []
        for sid in self.steps:
            v = visits[(visits["step"] == sid) & visits["played"]] if len(visits) else visits
            reached = len(v)
            won = int(v["won"].sum()) if reached else 0
            g = self.games[(self.games["step"] == sid) & self.games["played"]] if len(self.games) else self.games
            games, games_won = len(g), int(g["won"].sum()) if len(g) else 0
            ended = int((self.runs["ended_at"] == sid).sum()) if n else 0
            ended_lost = int(((self.runs["ended_at"] == sid) & ~self.runs["won"]).sum()) if n else 0
            r_, rlo, rhi = wilson(reached, n)
            w_, wlo, whi = wilson(won, n)
            gw, glo, ghi = wilson(games_won, games)
            rows.append({"step": sid, "reached": r_ if n else 0.0, "reached_low": rlo, "reached_high": rhi,
                         "won": w_ if n else 0.0, "won_low": wlo, "won_high": whi,
                         "won_when_reached": won / reached if reached else float("nan"),
                         "game_win_rate": gw, "game_win_low": glo if games else float("nan"),
                         "game_win_high": ghi if games else float("nan"),
                         "runs_reached": reached, "runs_won": won, "games": games, "games_won": games_won,
                         "ended_here": ended, "lost_here": ended_lost,
                         "ended_here_share": ended / n if n else float("nan"),
                         "lost_here_share": ended_lost / n if n else float("nan"),
                         **{f"{c[7:]}_in_mean": float(v[c].mean()) if reached else float("nan")
                            for c in self.resource_columns}})
        return pd.DataFrame(rows)

    def _band_frame(self) -> pd.DataFrame:
        """First visits that played, with what the heroes who play carry in: on a fresh-roster
        step the fresh heroes (none of the party's items or XP), on a party step the party."""
        v = self._first_visits()
        if not len(v):
            return v
        v = v[v["played"]].copy()
        fresh = v["step"].map(self._fresh).astype(bool)
        v["heroes_in"] = v["heroes_playing"]
        v.loc[fresh, ["items_in", "xp_in"]] = 0
        return v

    def bands(self) -> pd.DataFrame:
        """Per step: the heroes who play it, the items and XP they carry in (mean, median, min,
        max over the campaigns that reached it)."""
        visits = self._band_frame()
        rows = []
        for sid in self.steps:
            v = visits[visits["step"] == sid] if len(visits) else visits
            row: dict[str, Any] = {"step": sid, "runs": len(v)}
            for col in ("heroes_in", "items_in", "xp_in", *self.resource_columns):
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

    def what_if(self, step: str | None = None, by: str | tuple[str, ...] = ("heroes_in", "items_in")) -> pd.DataFrame:
        """Win rate of a step (the last one by default) by what was carried into it: ``by`` is
        'heroes_in', 'items_in', 'xp_in' or a tuple of them (the heroes who play, the items and XP
        they carry in), with intervals."""
        step = step or self.steps[-1]
        keys = [by] if isinstance(by, str) else list(by)
        v = self._band_frame()
        v = v[v["step"] == step] if len(v) else v
        if not len(v):
            return pd.DataFrame(columns=[*keys, "runs", "win_rate", "low", "high"])
        rows = []
        for values, grp in v.groupby(keys):
            values = values if isinstance(values, tuple) else (values,)
            p, lo, hi = wilson(int(grp["won"].sum()), len(grp))
            rows.append({**{k: int(x) for k, x in zip(keys, values)}, "runs": len(grp), "win_rate": p,
                         "low": lo, "high": hi})
        return pd.DataFrame(rows)

    def what_if_tables(self, step: str | None = None) -> dict[str, pd.DataFrame]:
        """The what-if as three separate tables: by heroes, by items, by XP carried in."""
        return {by: self.what_if(step, by) for by in ("heroes_in", "items_in", "xp_in")}

    def transitions(self) -> pd.DataFrame:
        """The branches campaigns took: from each step (won or lost) to the next (or the end),
        with the number and share of campaigns."""
        g = self.games
        if not len(g):
            return pd.DataFrame(columns=["from", "outcome", "to", "runs", "share"])
        visits = g.groupby(["run", "visit", "step"], sort=False).agg(won=("won", "any")).reset_index()
        visits = visits.sort_values(["run", "visit"])
        visits["to"] = visits.groupby("run")["step"].shift(-1).fillna("end")
        visits["outcome"] = visits["won"].map({True: "won", False: "lost"})
        t = visits.groupby(["step", "outcome", "to"], sort=False).size().reset_index(name="runs")
        t = t.rename(columns={"step": "from"})
        t["share"] = t["runs"] / max(len(self.runs), 1)
        return t

    def summary(self) -> dict[str, Any]:
        p, lo, hi = self.win_rate()
        c = self.loaded.campaign
        return {"campaign_id": c.id, "title": c.meta.title, "runs": len(self.runs), "win_rate": p,
                "win_rate_low": lo, "win_rate_high": hi, "bottleneck": self.bottleneck(),
                "funnel": self.funnel().to_dict(orient="records"),
                "transitions": self.transitions().to_dict(orient="records"),
                "what_if": {by: t.to_dict(orient="records") for by, t in self.what_if_tables().items()},
                "interrupted": self.interrupted, "reproducibility": self.meta}

    # -- plots ---------------------------------------------------------------------------

    def funnel_plot(self):
        """The campaign as a flow: one box per step (campaigns that reached it and won it), and
        arrows for the branches taken on a win and on a loss, as wide as the share of campaigns."""
        import matplotlib.pyplot as plt
        from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

        from .plots import hover

        f = self.funnel().set_index("step")
        t = self.transitions()
        steps = self.steps
        c = self.loaded.campaign
        # columns by the first step that leads to a step, rows within a column
        depth = {steps[0]: 0}
        for s in c.steps:
            for nxt in (s.on_win, s.on_loss):
                if nxt and nxt != "end" and nxt in f.index and nxt not in depth:
                    depth[nxt] = depth.get(s.id, 0) + 1
        for i, sid in enumerate(steps):
            depth.setdefault(sid, max(depth.values(), default=0) + 1 if i else 0)
        cols: dict[int, list[str]] = {}
        for sid in steps:
            cols.setdefault(depth[sid], []).append(sid)
        pos = {sid: (d * 3.0, -k * 1.6) for d, ids in cols.items() for k, sid in enumerate(ids)}
        end_x = (max(cols) + 1) * 3.0
        pos_end = {"won": (end_x, 0.4), "lost": (end_x, -1.2)}
        fig, ax = plt.subplots(figsize=(2.6 * (len(cols) + 1), 1.6 * max(len(v) for v in cols.values()) + 1.6))
        for sid, (x, y) in pos.items():
            r = f.loc[sid]
            box = ax.add_patch(FancyBboxPatch((x - 1, y - 0.45), 2, 0.9, boxstyle="round,pad=0.05", fc="#e3f2fd",
                                              ec="#1565c0"))
            hover(fig, box, f"{sid}: reached by {int(r['runs_reached'])} campaigns ({r['reached']:.1%}, "
                            f"{r['reached_low']:.1%} - {r['reached_high']:.1%}), won by {int(r['runs_won'])} "
                            f"({r['won']:.1%}); {int(r['games'])} games, {r['game_win_rate']:.1%} of them won; "
                            f"{int(r['lost_here'])} campaigns lost here")
            ax.text(x, y + 0.15, sid, ha="center", va="center", fontsize=8, weight="bold")
            ax.text(x, y - 0.18, f"reached {r['reached']:.0%}, won {r['won']:.0%}", ha="center", va="center", fontsize=7)
        campaigns_won = self.win_rate()[0]
        for key, (x, y) in pos_end.items():
            share = campaigns_won if key == "won" else 1 - campaigns_won
            ax.add_patch(FancyBboxPatch((x - 0.8, y - 0.3), 1.6, 0.6, boxstyle="round,pad=0.05",
                                        fc="#e8f5e9" if key == "won" else "#ffebee", ec="#616161"))
            ax.text(x, y, f"campaign {key} {share:.0%}", ha="center", va="center", fontsize=7)
        victory_step = getattr(c.victory, "step", None)
        for row in t.itertuples(index=False):
            a = pos[row[0]]
            if row.to == "end":
                won_campaign = row.outcome == "won" and (victory_step is None or row[0] == victory_step)
                b = pos_end["won" if won_campaign else "lost"]
            else:
                b = pos[row.to]
            colour = "#2e7d32" if row.outcome == "won" else "#c62828"
            arrow = ax.add_patch(FancyArrowPatch((a[0] + 1, a[1]), (b[0] - 1, b[1]), arrowstyle="-|>",
                                                 mutation_scale=10, lw=0.5 + 6 * row.share, color=colour, alpha=0.7,
                                                 connectionstyle="arc3,rad=0.15"))
            hover(fig, arrow, f"{row[0]} {row.outcome} -> {row.to}: {int(row.runs)} campaigns ({row.share:.1%})")
            ax.text((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + 0.15, f"{row.outcome} {row.share:.0%}", fontsize=6.5,
                    color=colour, ha="center")
        ax.set_xlim(-1.4, end_x + 1.2)
        ys = [y for _, y in pos.values()] + [y for _, y in pos_end.values()]
        ax.set_ylim(min(ys) - 0.9, max(ys) + 0.9)
        ax.set_axis_off()
        ax.set_title(f"{c.meta.title}: how campaigns flow (arrow width = share of campaigns)")
        return fig

    def band_plot(self):
        import matplotlib.pyplot as plt

        from .plots import hover

        b = self.bands()
        fig, axes = plt.subplots(1, 3, figsize=(11, 3.2))
        for ax, col, label in zip(axes, ("heroes_in", "items_in", "xp_in"), ("heroes who play", "items carried in",
                                                                              "XP carried in")):
            x = range(len(b))
            ax.fill_between(x, b[f"{col}_min"], b[f"{col}_max"], color="#bbdefb", label="min-max")
            ax.plot(x, b[f"{col}_mean"], marker="o", color="#0d47a1", label="mean")
            for i, row in enumerate(b.itertuples(index=False)):
                d = row._asdict()
                point = ax.scatter([i], [d[f"{col}_mean"]], s=40, color="#0d47a1", alpha=0.0)
                hover(fig, point, f"{d['step']}: {label} mean {d[f'{col}_mean']:.2f}, median "
                                  f"{d[f'{col}_median']:g}, range {d[f'{col}_min']:g} - {d[f'{col}_max']:g} "
                                  f"({int(d['runs'])} campaigns)")
            ax.plot(x, b[f"{col}_median"], ls="--", color="#1976d2", label="median")
            ax.set_xticks(list(x), b["step"], rotation=30)
            ax.set_title(f"{label}, by step")
        axes[0].legend()
        fig.tight_layout()
        return fig

    def what_if_plot(self, step: str | None = None):
        """Three panels: the step's win rate by heroes, by items and by XP carried in, with intervals."""
        import matplotlib.pyplot as plt

        from .plots import hover

        tables = self.what_if_tables(step)
        fig, axes = plt.subplots(1, 3, figsize=(11, 3.2), sharey=True)
        for ax, (by, t), label in zip(axes, tables.items(), ("heroes who play", "items carried in", "XP carried in")):
            if len(t):
                ax.errorbar(t[by], t["win_rate"], yerr=[t["win_rate"] - t["low"], t["high"] - t["win_rate"]],
                            marker="o", capsize=3, color="#1565c0")
                for x, y, k, lo, hi in zip(t[by], t["win_rate"], t["runs"], t["low"], t["high"]):
                    ax.annotate(f"{k}", (x, y), textcoords="offset points", xytext=(4, 4), fontsize=6)
                    point = ax.scatter([x], [y], s=40, color="#1565c0", alpha=0.0)
                    hover(fig, point, f"{label} {x}: won {y:.1%} ({lo:.1%} - {hi:.1%}) of {int(k)} campaigns")
            ax.set_xlabel(label)
            ax.set_ylim(0, 1)
        axes[0].set_ylabel("win rate (labels: campaigns)")
        fig.suptitle(f"what if: {step or self.steps[-1]}")
        fig.tight_layout()
        return fig

    def save(self, path: str | os.PathLike[str]) -> list[str]:
        """Write the runs table to ``path`` (.csv or .parquet) and the games table beside it
        (``NAME.games.csv|.parquet``), atomically; return the paths."""
        from pathlib import Path

        from .runs import _write_frame

        path = Path(path)
        if path.suffix not in (".csv", ".parquet"):
            raise ValueError(f"{path}: expected a .csv or .parquet file")
        games = path.with_name(f"{path.stem}.games{path.suffix}")
        _write_frame(self.runs, path)
        _write_frame(self.games, games)
        return [str(path), str(games)]


def simulate_campaign(campaign: str | os.PathLike[str] | LoadedCampaign, n: int = 1000, seed: int = 1,
                      policy: Any = "greedy", workers: int | None = None, executor: Any = None,
                      progress: bool | None = None, chunk_size: int | None = None,
                      on_progress: Any = None, command: str | None = None) -> CampaignResult:
    """Simulate ``n`` runs of a campaign (a file or a loaded campaign) and return the tables.

    ``on_progress(k)`` is called with the number of runs finished by each chunk (a notebook panel
    moves its progress bar with it)."""
    loaded = campaign if isinstance(campaign, LoadedCampaign) else load_campaign(campaign)
    with ticker(n, loaded.campaign.id, "campaign", progress if progress is not None else n >= 200,
                on_progress) as tick:
        runs, games, interrupted = run_campaigns(loaded, n, seed, policy, workers=workers, executor=executor,
                                                 chunk_size=chunk_size, on_chunk=tick)
    tracked = campaign_resources(loaded.campaign, loaded.scenarios)  # the party's resources, if any
    runs_df = pd.DataFrame(runs, columns=["run", "won", "steps_played", "ended_at", "party_end", "items_end",
                                          "stopped", *(f"res_end_{r}" for r in tracked)])
    games_df = pd.DataFrame(games, columns=["run", "visit", "step", "game", "played", "won", "cause", "turns",
                                            "heroes", "heroes_in", "items_in", "events_in", "xp_in", "heroes_out",
                                            *(f"res_in_{r}" for r in tracked), *(f"res_out_{r}" for r in tracked),
                                            *(["res_short"] if tracked else [])])
    # a won game's cause is written 'won', as in a playtest's games table (never an empty cell in CSV)
    from .runs import WON

    games_df["cause"] = games_df["cause"].where(~games_df["won"].astype(bool), WON)
    import datetime as dt

    from ..engine.batch import ENGINE_VERSION

    policy_name = policy if isinstance(policy, str) else getattr(policy, "__name__", "custom")
    meta = {"seed": seed, "runs": n, "engine_version": ENGINE_VERSION, "policy": policy_name,
            "campaign_id": loaded.campaign.id,
            "scenario_hashes": {s.id: _hash(loaded, s.id) for s in loaded.campaign.steps},
            "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
            "command": command or f"simulate_campaign(<{loaded.campaign.id}>, n={n}, seed={seed}, policy={policy_name!r})"}
    return CampaignResult(loaded, runs_df, games_df, interrupted, meta)


def _hash(loaded: LoadedCampaign, step_id: str) -> str:
    from .runs import scenario_hash

    scenario = loaded.scenarios.get(step_id) if isinstance(loaded.scenarios, dict) else None
    return scenario_hash(scenario) if scenario is not None else ""
