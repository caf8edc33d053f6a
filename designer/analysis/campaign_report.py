"""A campaign report as one HTML file: the flow of campaigns through the steps, the funnel
(shares and counts apart, the per-game win rate of repeated steps), the bands of heroes, items
and XP, the what-if by heroes, by items and by XP, and the reproducibility block."""

from __future__ import annotations

import html
import os

from ..io.files import write_text_atomic
from .campaign import CampaignResult
from .plots import _HOVER_SCRIPT, to_svg
from .report import _table_html

__all__ = ["write_campaign_report"]


def write_campaign_report(path: str | os.PathLike[str], result: CampaignResult) -> None:
    c = result.loaded.campaign
    p, lo, hi = result.win_rate()
    last = result.steps[-1]
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>Campaign: {html.escape(c.meta.title)}</title>",
        "<style>body{font-family:sans-serif;max-width:64em;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}</style></head><body>",
        f"<h1>Campaign: {html.escape(c.meta.title)}</h1>",
        f"<p>{len(result.runs)} campaigns; won {p:.1%} (95 % interval {lo:.1%} - {hi:.1%}); "
        f"bottleneck: {html.escape(str(result.bottleneck()))}</p>",
        "<h2>How campaigns flow through the steps</h2>", to_svg(result.funnel_plot()),
        _table_html(result.transitions(), "transitions"),
        "<h2>Funnel</h2><p>Shares of campaigns (with intervals) and counts in separate columns; "
        "<code>won</code> is any game of the step won, <code>game_win_rate</code> the share of its games won "
        "(a repeated step plays several). A party step with nobody left to play it is not reached.</p>",
        _table_html(result.funnel(), "funnel"),
        "<h2>Heroes who play, items and XP they carry in, by step</h2>", to_svg(result.band_plot()),
        _table_html(result.bands(), "bands"),
        f"<h2>What if: {html.escape(last)} by heroes, by items, by XP carried in</h2>", to_svg(result.what_if_plot()),
    ]
    for by, table in result.what_if_tables().items():
        parts += [f"<h3>by {html.escape(by.replace('_in', ''))}</h3>", _table_html(table, f"what-if-{by}")]
    if result.meta:
        parts += ["<h2>Reproducibility</h2>", "<pre>" + html.escape("\n".join(
            f"{k}: {v}" for k, v in result.meta.items())) + "</pre>"]
    parts += [_HOVER_SCRIPT, "</body></html>"]
    write_text_atomic(path, "\n".join(parts))
