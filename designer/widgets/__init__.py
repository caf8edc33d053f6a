"""Notebook widgets (ipywidgets and an anywidget map canvas), thin over the library."""

from .app import DesignerApp
from .campaign_panel import CampaignPanel
from .canvas import MapCanvas, elements_for

__all__ = ["CampaignPanel", "DesignerApp", "MapCanvas", "elements_for"]
