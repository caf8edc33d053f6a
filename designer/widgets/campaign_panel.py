"""The campaign panel: choose a campaign file, run it with a progress bar, read the funnel, the
band chart and the per-step table. Thin over :func:`designer.analysis.campaign.simulate_campaign`."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as w

from ..analysis.campaign import CampaignResult, simulate_campaign
from ..campaign import check_campaign_file

__all__ = ["CampaignPanel"]


class CampaignPanel:
    """A notebook panel over the campaign runner; everything it does is also a plain call."""

    def __init__(self, folder: str | Path = "scenarios/campaigns", runs: int = 500, workers: int | None = 1):
        files = sorted(str(p) for p in Path(folder).glob("*.json"))
        self.file = w.Dropdown(options=files, value=files[0] if files else None, description="Campaign")
        self.runs = w.BoundedIntText(value=runs, min=1, max=1_000_000, description="Runs")
        self.seed = w.IntText(value=1, description="Seed")
        self.policy = w.Dropdown(options=["greedy", "cautious", "random"], value="greedy", description="Policy")
        self.run_button = w.Button(description="Run campaign", button_style="primary")
        self.progress = w.IntProgress(value=0, min=0, max=runs, description="Progress")
        self.status = w.HTML()
        self.output = w.Output()
        self.workers = workers
        self.result: CampaignResult | None = None
        self.run_button.on_click(lambda _b: self.run())
        self.widget = w.VBox([w.HBox([self.file, self.runs]), w.HBox([self.seed, self.policy]),
                              w.HBox([self.run_button, self.progress]), self.status, self.output])

    def _tick(self, k: int) -> None:
        self.progress.value = min(self.progress.max, self.progress.value + k)

    def run(self) -> CampaignResult | None:
        """Validate the chosen campaign, then simulate it and show the results."""
        import matplotlib.pyplot as plt
        from IPython.display import display

        path = self.file.value
        campaign, scenarios, found = check_campaign_file(path)
        errors = [f for f in found if f.severity == "error"]
        if campaign is None or errors:
            self.status.value = "<b>Cannot run:</b><br>" + "<br>".join(f"{f.code}: {f.message}" for f in errors)
            return None
        from ..campaign.runner import LoadedCampaign

        self.progress.max, self.progress.value = self.runs.value, 0
        self.status.value = f"Running {self.runs.value} campaigns of <i>{campaign.meta.title}</i>..."
        self.result = r = simulate_campaign(LoadedCampaign(campaign, scenarios, path), n=self.runs.value,
                                            seed=self.seed.value, policy=self.policy.value, workers=self.workers,
                                            progress=False, on_progress=self._tick)
        p, lo, hi = r.win_rate()
        self.status.value = (f"<b>{campaign.meta.title}</b>: won {p:.1%} (95 % interval {lo:.1%} - {hi:.1%}); "
                             f"bottleneck: <b>{r.bottleneck()}</b>")
        self.output.clear_output()
        with self.output:
            display(r.funnel())
            for fig in (r.funnel_plot(), r.band_plot()):
                display(fig)
                plt.close(fig)
        return r

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
