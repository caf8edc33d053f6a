"""Interval estimates and tests for playtest shares, in plain Python (no SciPy at run time).

Every share a summary prints (win rate, losses by cause, objectives taken, P(at least one death))
carries a Wilson score interval; a difference of two win rates carries Newcombe's hybrid score
interval and a two-proportion z test; two versions played on the same game seeds carry the
paired comparison: McNemar's test on the games that flipped and the Bonett-Price interval of the
paired difference. The tests compare these figures with SciPy and statsmodels.

>>> round(mcnemar(0, 311)["p_value"], 71) > 0
True
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = ["Z95", "bonett_price_paired", "chi2_1_sf", "dkw_halfwidth", "mcnemar", "mean_interval",
           "newcombe_diff", "norm_sf", "share", "two_proportion_z", "wilson", "wilson_arrays"]

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """A share ``k / n`` and its Wilson score interval (95 % by default): (p, low, high).

    Examples
    --------
    >>> [round(x, 3) for x in wilson(38, 100)]
    [0.38, 0.291, 0.478]
    """
    if n <= 0:
        return (math.nan, 0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return (p, low, high)


def wilson_arrays(k: np.ndarray, n: np.ndarray | int, z: float = Z95) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`wilson` over arrays of counts (a curve's pointwise band)."""
    k = np.asarray(k, dtype=float)
    n = np.broadcast_to(np.asarray(n, dtype=float), k.shape)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = np.where(k == 0, 0.0, np.maximum(0.0, centre - half))
    high = np.where(k == n, 1.0, np.minimum(1.0, centre + half))
    return p, low, high


def share(k: int, n: int) -> dict[str, Any]:
    """A share as a JSON-ready dict: count, games, share and its 95 % Wilson interval."""
    p, lo, hi = wilson(int(k), int(n))
    return {"count": int(k), "games": int(n), "share": p, "low": lo, "high": hi}


def norm_sf(x: float) -> float:
    """P(Z > x) for a standard normal Z."""
    return 0.5 * math.erfc(x / math.sqrt(2))


def chi2_1_sf(x: float) -> float:
    """P(X > x) for a chi-square variable with one degree of freedom."""
    return math.erfc(math.sqrt(max(x, 0.0) / 2))


def dkw_halfwidth(n: int, alpha: float = 0.05) -> float:
    """Half-width of the Dvoretzky-Kiefer-Wolfowitz band: a curve of shares of ``n`` games lies
    within it at every turn at once with probability ``1 - alpha``."""
    return math.sqrt(math.log(2 / alpha) / (2 * n)) if n > 0 else math.nan


def newcombe_diff(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """Difference ``k2/n2 - k1/n1`` of two independent shares and Newcombe's hybrid score
    interval (method 10 of Newcombe 1998, from the two Wilson intervals): (d, low, high)."""
    p1, l1, u1 = wilson(k1, n1, z)
    p2, l2, u2 = wilson(k2, n2, z)
    d = p2 - p1
    return (d, d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2), d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2))


def two_proportion_z(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """Two-sided z test of equal shares with the pooled variance: (z, p-value)."""
    if n1 <= 0 or n2 <= 0:
        return (math.nan, math.nan)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return (0.0, 1.0)
    zstat = (k2 / n2 - k1 / n1) / se
    return (zstat, min(1.0, 2 * norm_sf(abs(zstat))))


def _log_binom_cdf_half(k: int, n: int) -> float:
    """log P(X <= k) for X ~ Binomial(n, 1/2), summed in log space (no overflow for large n)."""
    j = np.arange(1, k + 1, dtype=float)
    # log C(n, j) by cumulative sums of log((n - j + 1) / j)
    logs = np.concatenate([[0.0], np.cumsum(np.log((n - j + 1) / j))]) - n * math.log(2)
    top = float(np.max(logs))
    return top + math.log(float(np.sum(np.exp(logs - top))))


def mcnemar(b: int, c: int) -> dict[str, Any]:
    """McNemar's test on paired games: ``b`` won by the first version only, ``c`` by the second only.

    Returns the chi-square statistic with the continuity correction, its p-value, the exact
    (binomial) p-value, and ``p_value``: the exact one when fewer than 25 games flipped, the
    chi-square one otherwise (the textbook rule; both are always given).
    """
    n = b + c
    if n == 0:
        return {"flipped": 0, "statistic": 0.0, "p_chi2": 1.0, "p_exact": 1.0, "p_value": 1.0, "method": "exact"}
    stat = (abs(b - c) - 1) ** 2 / n if abs(b - c) >= 1 else 0.0
    p_chi2 = chi2_1_sf(stat)
    if b == c:
        p_exact = 1.0
    else:
        p_exact = min(1.0, 2 * math.exp(_log_binom_cdf_half(min(b, c), n)))
    method = "exact" if n < 25 else "chi2"
    return {"flipped": n, "statistic": stat, "p_chi2": p_chi2, "p_exact": p_exact,
            "p_value": p_exact if method == "exact" else p_chi2, "method": method}


def bonett_price_paired(b: int, c: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Paired difference of two win rates on the same ``n`` games, ``(c - b) / n`` (the second
    version's rate minus the first's; ``b`` games won by the first only, ``c`` by the second only),
    with the Bonett-Price (2012) adjusted Wald interval: (d, low, high)."""
    if n <= 0:
        return (math.nan, -1.0, 1.0)
    d = (c - b) / n
    pb, pc = (b + 1) / (n + 2), (c + 1) / (n + 2)
    half = z * math.sqrt(max(pb + pc - (pc - pb) ** 2, 0.0) / (n + 2))
    centre = pc - pb
    return (d, max(-1.0, centre - half), min(1.0, centre + half))


def mean_interval(total: float, total_sq: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """A mean from its sum and sum of squares, with the normal interval (n is large in playtests)."""
    if n <= 0:
        return (math.nan, math.nan, math.nan)
    mean = total / n
    var = max(total_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)
