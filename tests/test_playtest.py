"""Monte Carlo playtests: chunking and executors do not change results, the store caches runs,
the metrics and the command line."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

import designer
from designer.analysis import ResultsStore, playtest, skill_gap, summarize, sweep, wilson
from designer.analysis import runs as playtest_module
from designer.cli import cli
from designer.engine import batch

SDLN = "scenarios/seul-dans-le-noir.json"


@pytest.fixture(scope="module")
def sdln():
    return designer.load(SDLN)


def test_results_do_not_depend_on_workers_or_chunks(sdln):
    base = playtest(sdln, n=120, seed=5, workers=1, store=None)
    for workers, chunk in ((2, 7), (2, 13)):  # two workers: the machine has two cores
        other = playtest(sdln, n=120, seed=5, workers=workers, chunk_size=chunk, store=None)
        pd.testing.assert_frame_equal(base.games, other.games)
        pd.testing.assert_frame_equal(base.zones, other.zones)
    assert list(base.games["game"]) == list(range(120))


def test_a_real_dask_cluster_gives_the_same_games(sdln, dask_client):
    on_dask = playtest(sdln, n=120, seed=5, executor=dask_client, chunk_size=11, store=None)
    by_address = playtest(sdln, n=60, seed=5, executor=dask_client.scheduler.address, store=None)
    local = playtest(sdln, n=120, seed=5, workers=1, store=None)
    pd.testing.assert_frame_equal(local.games, on_dask.games)
    pd.testing.assert_frame_equal(local.games.head(60), by_address.games)


def test_the_store_returns_a_cached_run_without_playing_it(sdln, tmp_path, monkeypatch):
    store = ResultsStore(tmp_path / "runs.sqlite")
    first = playtest(sdln, n=80, seed=2, workers=1, store=store)
    assert not first.cached

    def refuse(*a, **k):
        raise AssertionError("the run was played again")

    monkeypatch.setattr(playtest_module, "run_chunks", refuse)
    again = playtest(sdln, n=80, seed=2, workers=1, store=store)
    shorter = playtest(sdln, n=30, seed=2, workers=1, store=store)
    assert again.cached and shorter.cached
    pd.testing.assert_frame_equal(first.games, again.games)
    pd.testing.assert_frame_equal(first.games.head(30), shorter.games)
    pd.testing.assert_frame_equal(first.zones, again.zones)


def test_the_store_keeps_versions_of_a_mission_apart(sdln, tmp_path):
    store = ResultsStore(tmp_path / "runs.sqlite")
    v1 = playtest(sdln, n=60, seed=2, workers=1, store=store)
    harder = sdln.model_copy(update={"setup": sdln.setup.model_copy(update={"turn_limit": 5})})
    v2 = playtest(harder, n=60, seed=2, workers=1, store=store)
    assert not v2.cached and v1.meta["scenario_hash"] != v2.meta["scenario_hash"]
    runs = store.runs("seul-dans-le-noir")
    assert len(runs) == 2 and set(runs["scenario_hash"]) == {v1.meta["scenario_hash"], v2.meta["scenario_hash"]}
    assert v2.games["cause"].eq("turn_limit").sum() > v1.games["cause"].eq("turn_limit").sum()


def test_ctrl_c_keeps_the_finished_games(sdln):
    calls = []

    def stop_after_two(k):
        calls.append(k)
        if len(calls) == 2:
            raise KeyboardInterrupt

    table, interrupted = batch.run_games(designer.io.dumps(sdln), 100, 1, "greedy", executor="serial",
                                         chunk_size=10, on_chunk=stop_after_two)
    assert interrupted and [r["game"] for r in table.records()] == list(range(20))


def test_exports_to_csv_and_parquet(sdln, tmp_path):
    r = playtest(sdln, n=40, seed=3, workers=1, store=None)
    r.save(tmp_path / "g.csv")
    r.save(tmp_path / "g.parquet")
    back = pd.read_parquet(tmp_path / "g.parquet")
    pd.testing.assert_frame_equal(back, r.games)
    assert len(pd.read_csv(tmp_path / "g.csv")) == 40
    with pytest.raises(ValueError, match="expected a .csv or .parquet"):
        r.save(tmp_path / "g.txt")


def test_wilson_interval_matches_the_closed_form():
    p, lo, hi = wilson(38, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.291, 0.4779)  # centre 0.3844 +- 0.0935
    assert wilson(0, 20)[1] == 0.0 and round(wilson(0, 20)[2], 4) == 0.1611
    assert wilson(20, 20)[2] == 1.0


def test_summary_fields_and_consistency(sdln):
    r = playtest(sdln, n=150, seed=4, workers=1, store=None)
    s = r.summary()
    assert s["games"] == 150 and s["wins"] == int(r.games["won"].sum())
    assert s["win_rate_low"] <= s["win_rate"] <= s["win_rate_high"]
    assert abs(sum(s["losses_by_cause"].values()) - (1 - s["win_rate"])) < 1e-9
    assert sum(s["turns_histogram"].values()) == 150
    assert s["kills_by_type"]["zombie"] == pytest.approx(r.games["kills"].mean())
    assert s["deadliest_zones"][0]["deaths"] == r.zones["deaths"].max()
    assert r.zones["deaths"].sum() == r.games["survivors_dead"].sum()


def test_sweep_and_skill_gap(tmp_path):
    s = designer.load("scenarios/night-shift.json")
    table = sweep(s, "survivors", [2, 4], n=40, store=None, workers=1)
    assert list(table["survivors"]) == [2, 4] and (table["games"] == 40).all()
    r = playtest(s, n=20, seed=1, survivors=3, workers=2, chunk_size=5, store=None)
    assert (r.games["survivors"] == 3).all()
    by_rule = sweep(s, "rule:actions", [3, 5], n=30, store=None, workers=1)
    assert by_rule["win_rate"].iloc[1] >= by_rule["win_rate"].iloc[0] - 0.2
    gap = skill_gap({"greedy": (30, 100), "random": (2, 100)})
    assert list(gap["policy"]) == ["greedy", "random"] and gap["gap_to_best"].iloc[1] == pytest.approx(0.28)
    from designer.analysis.plots import sweep_plot, to_svg

    assert to_svg(sweep_plot(table, "survivors")).lstrip().startswith("<?xml")


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_playtest_prints_the_summary_and_writes_files(tmp_path):
    out, rep = tmp_path / "games.parquet", tmp_path / "report.html"
    r = run("playtest", SDLN, "-n", "60", "--workers", "1", "--no-store", "--out", str(out), "--report", str(rep))
    assert r.exit_code == 0, r.output
    assert "win rate" in r.output and "95 % interval" in r.output
    assert len(pd.read_parquet(out)) == 60
    html = rep.read_text()
    assert html.count("<svg") >= 3 and "Heat map" in html


def test_cli_playtest_json(tmp_path):
    r = run("playtest", SDLN, "-n", "50", "--workers", "1", "--store", str(tmp_path / "s.sqlite"), "--format", "json")
    doc = json.loads(r.output)
    assert doc["games"] == 50 and 0 <= doc["win_rate"] <= 1 and doc["cached"] is False
    r = run("playtest", SDLN, "-n", "50", "--workers", "1", "--store", str(tmp_path / "s.sqlite"), "--format", "json")
    assert json.loads(r.output)["cached"] is True
    bad = run("playtest", SDLN, "-n", "5", "--no-store", "--out", str(tmp_path / "x.txt"))
    assert bad.exit_code == 1 and "expected a .csv or .parquet file" in bad.output
