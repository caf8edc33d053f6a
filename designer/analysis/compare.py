"""Compare two versions of a scenario on the same game seeds.

Both versions play games ``0..n`` of the same base seed, so game ``i`` starts from the same seed
in both: the comparison is paired. It reports each version's win rate with its interval, the
difference with Newcombe's interval and the two-proportion z test (as if the runs were
independent), and the paired figures: the games that flipped (won by one version, lost by the
other), McNemar's test on them and the Bonett-Price interval of the paired difference. The
versions are told apart by what changed between their files, not by hashes.

>>> import designer
>>> from designer.analysis.compare import compare
>>> a = designer.load("scenarios/seul-dans-le-noir.json")                               # doctest: +SKIP
>>> b = a.model_copy(update={"setup": a.setup.model_copy(update={"turn_limit": 7})})    # doctest: +SKIP
>>> print(compare(a, b, n=4000).statement())                                          # doctest: +SKIP
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..engine.batch import game_seed
from ..model.scenario import Scenario
from .stats import bonett_price_paired, mcnemar, newcombe_diff, two_proportion_z, wilson

__all__ = ["Comparison", "compare", "compare_results", "scenario_diff"]


def _flatten(value: Any, path: str, out: dict[str, Any]) -> None:
    if isinstance(value, dict):
        if not value:
            out[path] = {}
        for k in sorted(value):
            _flatten(value[k], f"{path}.{k}" if path else k, out)
    elif isinstance(value, list) and value and all(isinstance(v, dict) and "id" in v for v in value):
        for v in value:
            _flatten(v, f"{path}[{v['id']}]", out)
    elif isinstance(value, list) and value and any(isinstance(v, (dict, list)) for v in value):
        for i, v in enumerate(value):
            _flatten(v, f"{path}[{i}]", out)
    else:
        out[path] = value


def scenario_diff(a: Scenario, b: Scenario) -> list[dict[str, Any]]:
    """What changed from ``a`` to ``b``: one entry per JSON path (lists of things with ids are
    keyed by id, e.g. ``spawns[pit-north].active``), with the value in each (``None`` where absent).

    >>> import designer
    >>> a = designer.load("scenarios/seul-dans-le-noir.json")
    >>> b = a.model_copy(update={"setup": a.setup.model_copy(update={"turn_limit": 7})})
    >>> scenario_diff(a, b)
    [{'path': 'setup.turn_limit', 'a': 15, 'b': 7}]
    """
    fa, fb = {}, {}
    # defaults included, so a field set back to its default reads as a change of value
    _flatten(a.model_dump(mode="json", by_alias=True), "", fa)
    _flatten(b.model_dump(mode="json", by_alias=True), "", fb)
    out = []
    for p in sorted(set(fa) | set(fb)):
        if fa.get(p, None) != fb.get(p, None) or (p in fa) != (p in fb):
            out.append({"path": p, "a": fa.get(p), "b": fb.get(p)})
    return out


def _describe_change(c: dict[str, Any]) -> str:
    if c["a"] is None:
        return f"{c['path']} added ({json.dumps(c['b'])})"
    if c["b"] is None:
        return f"{c['path']} removed (was {json.dumps(c['a'])})"
    return f"{c['path']} {json.dumps(c['a'])} -> {json.dumps(c['b'])}"


@dataclass(eq=False)
class Comparison:
    """Two versions played on the same seeds: rates, difference, the paired test and the flips."""

    labels: tuple[str, str]
    n: int
    base_seed: int
    policy: str
    won_a: np.ndarray = field(repr=False)
    won_b: np.ndarray = field(repr=False)
    changes: list[dict[str, Any]]
    hashes: tuple[str, str] = ("", "")
    reproducibility: dict[str, Any] = field(default_factory=dict)

    @property
    def wins(self) -> tuple[int, int]:
        return int(self.won_a.sum()), int(self.won_b.sum())

    @property
    def win_to_loss(self) -> np.ndarray:
        """Game indices won by the first version and lost by the second."""
        return np.nonzero(self.won_a & ~self.won_b)[0]

    @property
    def loss_to_win(self) -> np.ndarray:
        """Game indices lost by the first version and won by the second."""
        return np.nonzero(~self.won_a & self.won_b)[0]

    def as_dict(self, list_games: int = 20) -> dict[str, Any]:
        """The comparison as one JSON-ready dict (the first ``list_games`` flipped games of each
        direction, with their seeds, so ``designer play FILE --seed SEED`` replays them)."""
        (wa, wb), n = self.wins, self.n
        pa, pb = wilson(wa, n), wilson(wb, n)
        d, dlo, dhi = newcombe_diff(wa, n, wb, n)
        z, pz = two_proportion_z(wa, n, wb, n)
        b, c = len(self.win_to_loss), len(self.loss_to_win)
        pd_, plo, phi = bonett_price_paired(b, c, n)
        flips = {name: [{"game": int(g), "seed": game_seed(self.base_seed, int(g))} for g in idx[:list_games]]
                 for name, idx in (("win_to_loss", self.win_to_loss), ("loss_to_win", self.loss_to_win))}
        return {
            "a": {"label": self.labels[0], "scenario_hash": self.hashes[0], "wins": wa, "games": n,
                  "win_rate": pa[0], "low": pa[1], "high": pa[2]},
            "b": {"label": self.labels[1], "scenario_hash": self.hashes[1], "wins": wb, "games": n,
                  "win_rate": pb[0], "low": pb[1], "high": pb[2]},
            "changes": self.changes,
            "difference": {"b_minus_a": d, "low": dlo, "high": dhi, "z": z, "p_value": pz,
                           "method": "Newcombe hybrid score interval; two-proportion z test (pooled)"},
            "paired": {"win_to_loss": b, "loss_to_win": c, "both_won": int((self.won_a & self.won_b).sum()),
                       "both_lost": int((~self.won_a & ~self.won_b).sum()), "b_minus_a": pd_, "low": plo,
                       "high": phi, "mcnemar": mcnemar(b, c),
                       "method": "McNemar on the flipped games; Bonett-Price interval"},
            "flipped_games": flips,
            "reproducibility": self.reproducibility,
        }

    def statement(self) -> str:
        """The comparison in a few sentences a designer reads."""
        r = self.as_dict()
        a, b, d, p = r["a"], r["b"], r["difference"], r["paired"]
        m = p["mcnemar"]
        what = "; ".join(_describe_change(c) for c in self.changes[:6]) or "no change in the file"
        if len(self.changes) > 6:
            what += f"; and {len(self.changes) - 6} more"
        return "\n".join([
            f"A: {a['label']}: won {a['win_rate']:.1%} (95 % interval {a['low']:.1%} - {a['high']:.1%})",
            f"B: {b['label']}: won {b['win_rate']:.1%} (95 % interval {b['low']:.1%} - {b['high']:.1%})",
            f"changed: {what}",
            f"difference B - A: {d['b_minus_a'] * 100:+.1f} points (95 % interval {d['low'] * 100:+.1f} to "
            f"{d['high'] * 100:+.1f}), p = {d['p_value']:.2g}",
            f"paired on the same {self.n} game seeds: {p['win_to_loss']} games flipped win to loss, "
            f"{p['loss_to_win']} loss to win (McNemar p = {m['p_value']:.2g}, {m['method']}; "
            f"paired interval {p['low'] * 100:+.1f} to {p['high'] * 100:+.1f} points)",
        ])


def compare_results(a: Any, b: Any, labels: tuple[str, str] | None = None,
                    changes: list[dict[str, Any]] | None = None) -> Comparison:
    """A comparison of two finished runs (:class:`~designer.analysis.runs.PlaytestResult`) that
    played the same games (the same base seed and number of games)."""
    ma, mb = a.meta, b.meta
    if ma["base_seed"] != mb["base_seed"] or a.tally.n != b.tally.n:
        raise ValueError(f"the runs did not play the same seeds: {a.tally.n} games from seed {ma['base_seed']} "
                         f"against {b.tally.n} games from seed {mb['base_seed']}")
    return Comparison(labels or (ma["scenario_title"], mb["scenario_title"]), a.tally.n, ma["base_seed"], ma["policy"],
                      a.tally.won.astype(bool), b.tally.won.astype(bool), changes or [],
                      (ma["scenario_hash"], mb["scenario_hash"]),
                      {"seed": ma["base_seed"], "games": a.tally.n, "engine_version": ma["engine_version"],
                       "policy": ma["policy"], "survivors": ma["survivors"], "date": ma["date"],
                       "scenario_hashes": [ma["scenario_hash"], mb["scenario_hash"]],
                       "command": ma["command"]})


def compare(a: Scenario, b: Scenario, n: int = 2000, seed: int = 1, policy: Any = "greedy", *,
            survivors: int | None = None, labels: tuple[str, str] | None = None, store: Any = None,
            command: str | None = None, **options: Any) -> Comparison:
    """Play both versions on the same ``n`` game seeds and compare them.

    Parameters
    ----------
    a, b : Scenario
        The two versions (``b`` is read as the change made to ``a``).
    n, seed, policy, survivors
        As for :func:`designer.playtest`; both versions play the same games ``0..n`` of ``seed``.
    labels : (str, str), optional
        Names of the versions (default: their titles, or "A" / "B" when the titles are equal).
    store : optional
        The results store to read and write (default: none).
    """
    from .runs import playtest

    ra = playtest(a, n=n, seed=seed, policy=policy, survivors=survivors, store=store, keep_games=False,
                  command=command, **options)
    rb = playtest(b, n=n, seed=seed, policy=policy, survivors=survivors, store=store, keep_games=False,
                  command=command, **options)
    if labels is None:
        labels = (a.meta.title, b.meta.title) if a.meta.title != b.meta.title else ("A", "B")
    return compare_results(ra, rb, labels, scenario_diff(a, b))
