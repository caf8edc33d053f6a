"""The analyst's figures: every figure of the numpy summary, the curves, the funnel and the zone
table against a direct pandas computation on the games table (and statsmodels for the intervals),
the stable data schema, and the streamed aggregates."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import designer
from designer.analysis import ResultsStore
from designer.analysis.metrics import summarize
from designer.analysis.runs import WON, playtest, read_games
from designer.analysis.tally import Tally, spec_for, table_from_frames
from designer.cli import cli
from designer.engine.table import CAUSES, SCALARS

sm_prop = pytest.importorskip("statsmodels.stats.proportion")

SDLN = "scenarios/seul-dans-le-noir.json"
NIGHT = "scenarios/night-shift.json"


def ci(k, n):
    return tuple(sm_prop.proportion_confint(int(k), int(n), method="wilson"))


@pytest.fixture(scope="module")
def night():
    s = designer.load(NIGHT)
    return s, playtest(s, n=1500, seed=11, store=None)


@pytest.fixture(scope="module")
def sdln():
    s = designer.load(SDLN)
    return s, playtest(s, n=1500, seed=4, store=None)


def test_summary_shares_and_intervals_match_pandas_and_statsmodels(night):
    _, r = night
    g, s = r.games, r.summary()
    n = len(g)
    assert s["wins"] == int(g["won"].sum())
    for cause, k in g.loc[~g["won"], "cause"].value_counts().items():
        assert s["losses_by_cause"][cause] == pytest.approx(k / n)
        assert s["intervals"]["losses_by_cause"][cause] == pytest.approx(list(ci(k, n)))
    dead = int((g["survivors_dead"] > 0).sum())
    assert s["p_at_least_one_death"] == pytest.approx(dead / n)
    assert (s["p_at_least_one_death_low"], s["p_at_least_one_death_high"]) == pytest.approx(ci(dead, n))
    for oid, o in s["objective_turns"].items():
        col = g[f"objective_{oid}"]
        k = int(col.notna().sum())
        assert o["taken"] == pytest.approx(k / n) and (o["taken_low"], o["taken_high"]) == pytest.approx(ci(k, n))
        assert o["median_turn"] == (float(col.median()) if k else None)
        won_taken = int((col.notna() & g["won"]).sum())
        assert o["win_when_taken"] == pytest.approx(won_taken / k)
    t = g["turns"]
    assert s["turns"]["mean"] == pytest.approx(t.mean()) and s["turns"]["median"] == t.median()
    assert s["turns"]["std"] == pytest.approx(t.std(ddof=0))
    assert s["deaths_per_game"] == pytest.approx(g["survivors_dead"].mean())
    for z, v in s["kills_by_type"].items():
        assert v == pytest.approx(g[f"kills_{z}"].mean())


def test_the_pandas_summary_is_the_same_summary(night):
    _, r = night
    direct = summarize(r.games, r.zones)
    mine = r.summary()
    for key in ("wins", "win_rate", "losses_by_cause", "turns", "p_at_least_one_death", "objective_turns",
                "deaths_per_game", "deadliest_zones"):
        assert direct[key] == mine[key], key


def test_curves_match_the_games_and_their_bands_statsmodels(sdln):
    _, r = sdln
    g, c = r.games, r.curves()
    n = len(g)
    for t in (3, 6, 9, 15):
        row = c[c["turn"] == t].iloc[0]
        lost = int((g["cause"].isin(["all_dead", "survivor_died"]) & (g["turns"] <= t)).sum())
        won = int((g["won"] & (g["turns"] <= t)).sum())
        playing = int((g["turns"] > t).sum())
        assert row["survival"] == pytest.approx(1 - lost / n) and row["completion"] == pytest.approx(won / n)
        assert row["playing"] == pytest.approx(playing / n)
        assert (row["completion_low"], row["completion_high"]) == pytest.approx(ci(won, n))
    assert c.attrs["dkw_halfwidth"] == pytest.approx(np.sqrt(np.log(40) / (2 * n)))


def test_funnel_along_the_victory_steps(night):
    s, r = night
    g, f = r.games, r.funnel()
    step1 = g[[f"objective_{o}" for o in ("crate-1", "crate-2", "blue-key")]].notna().all(axis=1)
    assert list(f["goal"]) == ["take crate-1, crate-2, blue-key", "all escape"]
    assert f["completed"].iloc[0] == int(step1.sum()) and f["reached"].iloc[1] == int(step1.sum())
    last = g[[f"objective_{o}" for o in ("crate-1", "crate-2", "blue-key")]].max(axis=1)[step1]
    assert f["median_turn"].iloc[0] == float(last.median())
    won_after = int((step1 & g["won"]).sum())
    assert f["p_win_when_completed"].iloc[0] == pytest.approx(won_after / step1.sum())
    assert (f["p_win_low"].iloc[0], f["p_win_high"].iloc[0]) == pytest.approx(ci(won_after, step1.sum()))
    assert f["completed"].iloc[1] == int(g["won"].sum()) and f["median_turn"].iloc[1] == float(g.loc[g["won"], "turns"].median())


def test_balance_measures(sdln):
    _, r = sdln
    g, b = r.games, r.summary()["balance"]
    n = len(g)
    draws = int(g["cause"].isin(["turn_limit", "stalled"]).sum())
    assert b["drawishness"]["share"] == pytest.approx(draws / n)
    assert b["completion"]["share"] == pytest.approx(1 - draws / n)
    decided = g[~g["cause"].isin(["turn_limit", "stalled"])]
    assert b["decisiveness"] == pytest.approx((1 - decided["turns"] / 15).mean())
    p = g["won"].mean()
    assert b["balance"] == pytest.approx(1 - abs(2 * p - 1))


def test_zone_table_values_per_game_and_risk_per_visit(sdln):
    _, r = sdln
    z, zg = r.zones, r.zone_games
    deaths = zg[zg["what"] == "deaths"].groupby("zone", observed=True)["count"].sum()
    visits = zg[zg["what"] == "visits"].groupby("zone", observed=True)["count"].sum()
    for row in z.itertuples():
        assert row.deaths == deaths.get(row.zone, 0) and row.visits == visits.get(row.zone, 0)
        assert row.deaths_per_game == pytest.approx(row.deaths / len(r.games))
        if row.visits:
            assert row.deaths_per_100_visits == pytest.approx(100 * row.deaths / row.visits)
    with_death = zg[(zg["what"] == "deaths") & (zg["count"] > 0)].groupby("zone", observed=True)["game"].nunique()
    top = z.sort_values("deaths").iloc[-1]
    assert top["games_with_death"] == pytest.approx(with_death[top["zone"]] / len(r.games))


def test_schema_is_the_same_for_a_short_run_and_the_start_of_a_long_one(sdln, tmp_path):
    s, _ = sdln
    short = playtest(s, n=100, seed=2, store=None).games
    long = playtest(s, n=3000, seed=2, store=None).games.head(100)
    pd.testing.assert_frame_equal(short, long)
    assert all(str(short[c].dtype) == "Int16" for c in short if c.startswith("objective_"))
    assert set(short["cause"]) <= {WON, "all_dead", "turn_limit", "stalled", "survivor_died", "special"}
    assert (short.loc[short["won"], "cause"] == WON).all()
    r = playtest(s, n=200, seed=2, store=None)
    csv, pq = r.save(tmp_path / "g.csv", zones=True), r.save(tmp_path / "g.parquet", zones=True)
    assert [p.name for p in csv] == ["g.csv", "g.zones.csv"] and pq[1].name == "g.zones.parquet"
    from_csv, from_pq = read_games(tmp_path / "g.csv"), read_games(tmp_path / "g.parquet")
    pd.testing.assert_frame_equal(from_csv, r.games, check_dtype=False)
    pd.testing.assert_frame_equal(from_pq, r.games)
    assert dict(from_csv.dtypes[[c for c in r.games if c.startswith("objective_")]]) == \
        dict(r.games.dtypes[[c for c in r.games if c.startswith("objective_")]])
    assert (from_csv.loc[from_csv["won"], "cause"] == WON).all()
    assert len(pd.read_csv(tmp_path / "g.zones.csv")) == len(r.zone_games)


def test_streamed_tallies_do_not_depend_on_chunks_and_frames_round_trip(sdln):
    s, r = sdln
    spec = spec_for(s)
    small = playtest(s, n=1500, seed=4, store=None, chunk_size=7, workers=1, executor="serial")
    assert small.summary()["objective_turns"] == r.summary()["objective_turns"]
    assert (small.tally.won == r.tally.won).all() and (small.tally.zone_sum == r.tally.zone_sum).all()
    back = table_from_frames(r.games, r.zone_games, spec.zone_ids, spec.objective_ids)
    assert back == r.table
    whole = Tally.from_table(r.table, spec)
    assert (whole.turns_by_cause == r.tally.turns_by_cause).all() and (whole.obj_turns == r.tally.obj_turns).all()


def test_aggregates_only_runs_and_the_store(sdln, tmp_path):
    s, _ = sdln
    lean = playtest(s, n=500, seed=3, store=None, keep_games=False)
    assert lean.table is None and lean.summary()["games"] == 500
    pd.testing.assert_frame_equal(lean.games, playtest(s, n=500, seed=3, store=None).games)  # played again
    lean._replay = None
    with pytest.raises(ValueError, match="keep_games=True"):
        lean.games
    db = ResultsStore(tmp_path / "runs.sqlite")
    first = playtest(s, n=400, seed=6, store=db)
    again = playtest(s, n=400, seed=6, store=db)
    assert again.cached and again.table == first.table
    a, b = first.summary(), again.summary()
    for key in ("win_rate", "losses_by_cause", "objective_turns", "victory_steps", "balance", "deadliest_zones"):
        assert a[key] == b[key]


def test_reproducibility_block_in_summary_cli_and_report(tmp_path):
    rep = tmp_path / "r.html"
    r = CliRunner().invoke(cli, ["playtest", SDLN, "-n", "300", "--seed", "5", "--no-store", "--format", "json"],
                           catch_exceptions=False)
    block = json.loads(r.output)["reproducibility"]
    assert block["command"] == "designer playtest scenarios/seul-dans-le-noir.json -n 300 --seed 5 --policy greedy"
    assert block["seed"] == 5 and block["games"] == 300 and block["engine_version"] and block["date"]
    assert len(block["scenario_hash"]) == 16 and block["policy"] == "greedy"
    r = CliRunner().invoke(cli, ["playtest", SDLN, "-n", "300", "--no-store", "--report", str(rep)],
                           catch_exceptions=False)
    assert "reproduce     designer playtest" in r.output and "(95 % interval" in r.output
    html = rep.read_text()
    assert "Reproducibility" in html and "--seed 1 --policy greedy" in html and "download zones.csv" in html
    assert html.count("<svg") >= 5 and "Survival and completion" in html
    # hover values: every tooltip text names an element of the page, one per zone of each heat map
    import html as html_mod
    import re

    texts = {}
    for block in re.findall(r"<script type='application/json' class='hover'>(.*?)</script>", html, re.S):
        texts.update(json.loads(html_mod.unescape(block)))
    ids = set(re.findall(r'id="(hover-\d+)"', html))
    assert texts and set(texts) == ids and "<script src" not in html and "<link" not in html
    zones = len(designer.load(SDLN).zones)
    assert sum(1 for t in texts.values() if "(farm-1)" in t) == 3 and sum("turn " in t for t in texts.values()) % 3 == 0
    assert len(texts) >= 3 * zones
    # the game-length bars carry their counts
    lengths = [t for t in texts.values() if " turns: " in t]
    assert lengths and sum(int(t.split(" games (")[0].split(": ")[1]) for t in lengths) == 2 * 300


def test_skill_gap_interval(sdln):
    from designer.analysis.metrics import skill_gap

    gap = skill_gap({"greedy": (300, 400), "random": (200, 400)})
    lo, hi = sm_prop.confint_proportions_2indep(200, 400, 300, 400, method="newcomb", compare="diff")
    assert gap["gap_to_best"].iloc[1] == pytest.approx(0.25)
    assert (-gap["gap_high"].iloc[1], -gap["gap_low"].iloc[1]) == pytest.approx((lo, hi))


def test_cli_sweep_table_report_and_bad_parameter(tmp_path):
    rep = tmp_path / "sweep.html"
    r = CliRunner().invoke(cli, ["sweep", SDLN, "--parameter", "turn_limit", "--values", "5,15", "-n", "300",
                                 "--target", "0.4", "--tolerance", "0.03", "--report", str(rep), "--format", "json"],
                           catch_exceptions=False)
    doc = json.loads(r.output)
    rows = {row["turn_limit"]: row for row in doc["rows"]}
    direct = playtest(designer.load(SDLN).model_copy(update={"setup": designer.load(SDLN).setup.model_copy(
        update={"turn_limit": 5})}), n=300, seed=1, store=None)
    assert rows[5]["win_rate"] == direct.win_rate()[0] and rows[5]["low"] <= rows[5]["win_rate"] <= rows[5]["high"]
    assert rows[15]["win_rate"] > rows[5]["win_rate"]
    assert "<svg" in rep.read_text() and "target 40%" in rep.read_text()
    # each row says where it lies against the band; the page has hover values, the table as CSV and
    # the reproducibility block
    assert [row["target"] for row in doc["rows"]] == [
        "below" if row["win_rate"] < 0.37 else "above" if row["win_rate"] > 0.43 else "in band" for row in doc["rows"]]
    assert doc["reproducibility"]["engine_version"] and doc["reproducibility"]["scenario_hash"]
    import html as html_mod
    import re

    page = rep.read_text()
    texts = {}
    for block in re.findall(r"<script type='application/json' class='hover'>(.*?)</script>", page, re.S):
        texts.update(json.loads(html_mod.unescape(block)))
    assert set(texts) == set(re.findall(r'id="(hover-\d+)"', page)) and len(texts) == 2
    assert any(t.startswith(f"turn_limit 5: won {rows[5]['win_rate']:.1%}") for t in texts.values())
    assert "download sweep.csv" in page and "--parameter turn_limit" in page
    assert f"scenario {doc['reproducibility']['scenario_hash']}" in page
    text = CliRunner().invoke(cli, ["sweep", SDLN, "--parameter", "turn_limit", "--values", "5,6", "-n", "300",
                                    "--target", "0.4", "--tolerance", "0.03"], catch_exceptions=False).output
    marks = {ln.split()[0]: ln.split()[-1] for ln in text.splitlines() if ln[:1].isdigit()}
    assert marks["5"] == "below" and "target 40% +- 3%" in text
    bad = CliRunner().invoke(cli, ["sweep", SDLN, "--parameter", "weather", "--values", "1"])
    assert bad.exit_code == 1 and "unknown sweep parameter 'weather'" in bad.output


def test_the_executor_is_chosen_from_the_measured_cost_and_the_run_size():
    from designer.analysis.runs import PARALLEL_GAIN, WORKER_START_S, choose_executor

    core = 17e-6  # "Seul dans le noir" on the typed engine, about 17 µs of CPU a game
    idle = dict(cores=2, load=1.0)  # this process alone on two cores
    assert choose_executor(core, 100_000, **idle)["executor"] == "serial", "1.7 s of games: a pool does not pay"
    big = choose_executor(core, 1_000_000, **idle)
    assert big["executor"] == "local" and big["workers"] == 2
    assert big["estimated_processes_s"] == pytest.approx(WORKER_START_S + 17.0 / 2, rel=1e-3)
    # the break-even: WORKER_START_S + t / 2 = PARALLEL_GAIN * t
    t = WORKER_START_S / (PARALLEL_GAIN - 0.5)
    assert choose_executor(core, int(t / core * 0.98), **idle)["executor"] == "serial"
    assert choose_executor(core, int(t / core * 1.02), **idle)["executor"] == "local"
    assert choose_executor(2e-3, 5_000, **idle)["executor"] == "local", "the reference engine: 10 s of games"
    busy = choose_executor(core, 10_000_000, cores=2, load=3.2)
    assert busy["executor"] == "serial" and busy["spare_cores"] == 1, "no spare core on a busy machine"
    assert choose_executor(core, 10_000_000, cores=1, load=0.0)["executor"] == "serial"
    assert choose_executor(core, 10_000_000, cores=8, load=3.0)["workers"] == 6


def test_a_run_measures_its_first_games_and_plays_the_rest_where_chosen(monkeypatch):
    from designer.analysis import runs

    s = designer.load(SDLN)
    forced = playtest(s, n=3000, seed=8, workers=1, store=None)
    assert "executor" not in forced.meta, "--workers forces the executor: no calibration"
    chosen = playtest(s, n=3000, seed=8, store=None)
    info = chosen.meta["executor"]
    assert 0 < info["calibration_games"] <= 3000 and info["cost_us_per_game"] > 0
    assert info["games_left"] == 3000 - info["calibration_games"]
    assert chosen.summary()["executor"] == info and chosen.table == forced.table
    # the rest of the run on two worker processes gives the same games, in order
    monkeypatch.setattr(runs, "choose_executor", lambda cost, games: {
        "executor": "local", "workers": 2, "cost_us_per_game": cost * 1e6, "games_left": games})
    spread = playtest(s, n=3000, seed=8, store=None)
    assert spread.meta["executor"]["executor"] == "local" and spread.table == forced.table
    assert spread.summary()["win_rate"] == forced.summary()["win_rate"]


def test_runaway_games_have_their_own_cause_not_a_loss(tmp_path):
    from designer.analysis.report import render_report, summary_lines
    from designer.io.files import parse

    from .test_engine_runaway import horde

    s = parse(horde(4))
    r = playtest(s, n=40, seed=3, policy="random", store=None)
    g, summary = r.games, r.summary()
    stopped = g[g["cause"] == "runaway"]
    assert len(stopped) > 0, "the horde's zombies run out of miniatures past the bound of 4 extra activations"
    k, n = len(stopped), len(g)
    assert summary["runaway"]["count"] == k and summary["runaway"]["share"] == pytest.approx(k / n)
    assert (summary["runaway"]["low"], summary["runaway"]["high"]) == pytest.approx(ci(k, n))
    assert summary["runaway"]["seeds"] == stopped["seed"].head(10).tolist()
    assert "runaway" not in summary["losses_by_cause"] and "runaway" not in summary["intervals"]["losses_by_cause"]
    lost = g[~g["won"] & (g["cause"] != "runaway")]
    assert summary["losses_by_cause"] == pytest.approx((lost["cause"].value_counts() / n).to_dict())
    b = summary["balance"]
    draws = int(g["cause"].isin(["turn_limit", "stalled"]).sum())
    assert b["runaway"]["count"] == k and b["completion"]["count"] == n - draws - k
    assert b["drawishness"]["count"] == draws
    lines = "\n".join(summary_lines(summary))
    assert f"runaway       {k} games" in lines and f"--seed {stopped['seed'].iloc[0]} --transcript" in lines
    assert "engine's hard bound" in render_report(s, r)
    # a run with none says so: zero, no line
    calm = playtest(designer.load(SDLN), n=50, seed=1, store=None).summary()
    assert calm["runaway"]["count"] == 0 and calm["runaway"]["seeds"] == []
    assert "runaway" not in "\n".join(summary_lines(calm))


def test_the_runaway_seeds_merge_in_game_order(sdln):
    s, _ = sdln
    r = playtest(s, n=30, seed=2, store=None, keep_games=True)
    table = r.table
    cause = table.scalars[:, SCALARS.index("cause") - 1]
    cause[[3, 17, 29]] = CAUSES.index("runaway")
    spec = spec_for(s)
    parts = [Tally.from_table(t, spec) for t in _split(table, (0, 10, 20, 30))]
    merged = Tally.merge(parts, spec)
    assert merged.runaway_seeds.tolist() == table.seeds[[3, 17, 29]].tolist()
    assert merged.cause_counts()["runaway"] == 3


def _split(table, bounds):
    from designer.engine.table import GameTable

    obj_at = np.concatenate([[0], np.cumsum(table.objective_counts, dtype=np.int64)])
    zone_at = np.concatenate([[0], np.cumsum(table.zone_counts, dtype=np.int64)])
    for a, b in zip(bounds, bounds[1:]):
        yield GameTable(table.seeds[a:b], table.scalars[a:b], table.objective_counts[a:b],
                        table.objectives[obj_at[a]:obj_at[b]], table.zone_counts[a:b],
                        table.zone_keys[zone_at[a]:zone_at[b]], table.zone_values[zone_at[a]:zone_at[b]],
                        table.zone_ids, table.objective_ids)


def test_run_games_chooses_serial_or_workers_by_the_measured_cost(monkeypatch):
    from designer.engine import scheduling
    from designer.engine.batch import run_games
    from designer.io.files import dumps
    from designer.plans import bot_plan

    s = designer.load(SDLN)
    text, plan = dumps(s), bot_plan(s)
    # enough games that the calibration (chunks of 50, 100, 200... until 0.02 s of CPU) leaves some
    # to choose for on a fast machine: at 12 us a game it stops after 3,150 of them
    n = 20_000
    serial, _ = run_games(text, n, 5, executor="serial", plan=plan)
    asked: list = []
    real = scheduling.choose_executor

    def spy(cost, games):
        asked.append((cost, games))
        return real(cost, games, cores=2, load=0.0)

    monkeypatch.setattr(scheduling, "choose_executor", spy)
    ticks: list[int] = []
    chosen, interrupted = run_games(text, n, 5, plan=plan, on_chunk=ticks.append)
    assert not interrupted and chosen == serial and sum(ticks) == n
    (cost, left), = asked
    assert cost > 0 and 0 < left < n, "the first games, played here, measured the cost"
    assert ticks[:2] == [50, 100], "the calibration chunks double from 50 games"
    assert real(cost, left, cores=2, load=0.0)["executor"] == "serial", "a fraction of a second of games: serial"
    # a choice of two worker processes plays the same games, in order
    monkeypatch.setattr(scheduling, "choose_executor", lambda cost, games: {"executor": "local", "workers": 2})
    spread, _ = run_games(text, n, 5, plan=plan)
    assert spread == serial


def test_a_points_run_carries_the_reproducibility_block():
    """`designer points` ends with the same block as a playtest: the command that plays it again,
    the seed, the games, the engine version, the scenario hash and the policy."""
    from designer.analysis.runs import scenario_hash

    path = "scenarios/eden-skirmish.json"
    r = CliRunner().invoke(cli, ["points", path, "-n", "6", "--seed", "3", "--format", "json"], catch_exceptions=False)
    block = json.loads(r.output)["summary"]["reproducibility"]
    assert block["command"] == f"designer points {path} -n 6 --seed 3 --policy greedy"
    assert block["seed"] == 3 and block["games"] == 6 and block["engine_version"] and block["date"]
    assert block["scenario_hash"] == scenario_hash(designer.load(path)) and block["policy"] == "greedy"
    text = CliRunner().invoke(cli, ["points", path, "-n", "6", "--seed", "3"], catch_exceptions=False).output
    assert f"reproduce     designer points {path} -n 6 --seed 3 --policy greedy" in text
    assert f"scenario {block['scenario_hash']}, policy greedy" in text
