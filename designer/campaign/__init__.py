"""Campaigns: chains of scenarios, heroes carried from step to step, progression analysis."""

from .checks import check_campaign, check_campaign_file
from .runner import LoadedCampaign, load_campaign, play_campaign, run_campaigns

__all__ = ["LoadedCampaign", "check_campaign", "check_campaign_file", "load_campaign", "play_campaign",
           "run_campaigns"]
