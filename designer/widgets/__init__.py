"""Notebook widgets (ipywidgets), thin over the library."""

from .campaign_panel import CampaignPanel

__all__ = ["CampaignPanel"]
