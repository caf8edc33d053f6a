"""A campaign report as one HTML file: funnel, bands, what-if, per-step table."""

from __future__ import annotations

import html
import os

from ..io.files import write_text_atomic
from .campaign import CampaignResult
from .plots import to_svg

__all__ = ["write_campaign_report"]


def write_campaign_report(path: str | os.PathLike[str], result: CampaignResult) -> None:
    c = result.loaded.campaign
    p, lo, hi = result.win_rate()
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>Campaign: {html.escape(c.meta.title)}</title>",
        "<style>body{font-family:sans-serif;max-width:64em;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}</style></head><body>",
        f"<h1>Campaign: {html.escape(c.meta.title)}</h1>",
        f"<p>{len(result.runs)} campaigns; won {p:.1%} (95 % interval {lo:.1%} - {hi:.1%}); "
        f"bottleneck: {html.escape(str(result.bottleneck()))}</p>",
        "<h2>Funnel</h2>", to_svg(result.funnel_plot()), result.funnel().to_html(index=False, float_format=lambda x: f"{x:.3f}"),
        "<h2>Heroes, items and XP at the start of each step</h2>", to_svg(result.band_plot()),
        result.bands().to_html(index=False, float_format=lambda x: f"{x:.2f}"),
        "<h2>What if: the last step by heroes and items carried in</h2>", to_svg(result.what_if_plot()),
        result.what_if().to_html(index=False, float_format=lambda x: f"{x:.3f}"),
        "</body></html>",
    ]
    write_text_atomic(path, "\n".join(parts))
