"""Comparing two versions of a scenario on the same seeds: the figures against SciPy and
statsmodels, the flips against the games themselves, and the command line."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

import designer
from designer.analysis import stats
from designer.analysis.compare import compare, scenario_diff
from designer.analysis.runs import playtest
from designer.cli import cli

scipy_stats = pytest.importorskip("scipy.stats")
sm_prop = pytest.importorskip("statsmodels.stats.proportion")
sm_tables = pytest.importorskip("statsmodels.stats.contingency_tables")

SDLN = "scenarios/seul-dans-le-noir.json"


@pytest.fixture(scope="module")
def versions():
    a = designer.load(SDLN)
    b = a.model_copy(update={"setup": a.setup.model_copy(update={"turn_limit": 7})})
    return a, b


@pytest.mark.parametrize("k1,n1,k2,n2", [(3159, 4000, 2848, 4000), (5, 40, 30, 60), (0, 25, 3, 25), (100, 100, 97, 100)])
def test_difference_interval_and_z_test_match_statsmodels(k1, n1, k2, n2):
    d, lo, hi = stats.newcombe_diff(k1, n1, k2, n2)
    slo, shi = sm_prop.confint_proportions_2indep(k2, n2, k1, n1, method="newcomb", compare="diff")
    assert d == pytest.approx(k2 / n2 - k1 / n1)
    assert (lo, hi) == (pytest.approx(slo, abs=1e-9), pytest.approx(shi, abs=1e-9))
    z, p = stats.two_proportion_z(k1, n1, k2, n2)
    sz, sp = sm_prop.proportions_ztest([k2, k1], [n2, n1])
    assert z == pytest.approx(sz) and p == pytest.approx(sp, rel=1e-6)


@pytest.mark.parametrize("b,c", [(311, 0), (12, 4), (40, 55), (0, 0), (7, 7), (3, 300), (1200, 1100)])
def test_mcnemar_matches_statsmodels_and_scipy(b, c):
    m = stats.mcnemar(b, c)
    if b == c:  # no evidence either way; statsmodels does not clip |b - c| - 1 at zero
        assert m["statistic"] == 0 and m["p_value"] == 1.0
        return
    chi = sm_tables.mcnemar([[10, b], [c, 10]], exact=False, correction=True)
    assert m["statistic"] == pytest.approx(chi.statistic)
    assert m["p_chi2"] == pytest.approx(chi.pvalue, rel=1e-6)
    exact = scipy_stats.binomtest(min(b, c), b + c, 0.5).pvalue
    assert m["p_exact"] == pytest.approx(exact, rel=1e-6)
    assert m["p_value"] == (m["p_exact"] if b + c < 25 else m["p_chi2"])


def test_wilson_matches_statsmodels():
    for k, n in ((0, 10), (38, 100), (999, 1000), (1, 3)):
        lo, hi = sm_prop.proportion_confint(k, n, method="wilson")
        p, a, b = stats.wilson(k, n)
        assert (a, b) == (pytest.approx(lo, abs=1e-12), pytest.approx(hi, abs=1e-12))


def test_paired_interval_covers_the_true_difference():
    # coverage simulation: 2,000 paired experiments of 300 games with known flip rates
    rng = np.random.default_rng(7)
    pb, pc, n = 0.06, 0.11, 300
    hits = 0
    for _ in range(2000):
        cells = rng.multinomial(n, [pb, pc, 1 - pb - pc])
        _, lo, hi = stats.bonett_price_paired(int(cells[0]), int(cells[1]), n)
        hits += lo <= pc - pb <= hi
    assert 0.93 <= hits / 2000 <= 0.97


def test_the_hand_comparison_is_the_tools_own_statement(versions):
    a, b = versions
    c = compare(a, b, n=4000, seed=1, policy="greedy")
    doc = c.as_dict()
    assert doc["paired"]["win_to_loss"] == 311 and doc["paired"]["loss_to_win"] == 0
    assert doc["paired"]["mcnemar"]["p_value"] == pytest.approx(3.6e-69, rel=0.01)
    assert doc["changes"] == [{"path": "setup.turn_limit", "a": 15, "b": 7}]
    text = c.statement()
    assert "311 games flipped win to loss, 0 loss to win" in text and "p = 3.6e-69" in text
    assert "setup.turn_limit 15 -> 7" in text


def test_flipped_games_are_the_games_that_differ(versions):
    a, b = versions
    c = compare(a, b, n=300, seed=3)
    ra = playtest(a, n=300, seed=3, store=None).games
    rb = playtest(b, n=300, seed=3, store=None).games
    assert list(c.win_to_loss) == list(np.nonzero(ra["won"].to_numpy() & ~rb["won"].to_numpy())[0])
    first = c.as_dict()["flipped_games"]["win_to_loss"][0]
    assert first["seed"] == int(ra["seed"][first["game"]])
    replay = designer.play(b, seed=first["seed"])
    assert replay["won"] is False and designer.play(a, seed=first["seed"])["won"] is True


def test_scenario_diff_keys_lists_by_id(versions):
    a, _ = versions
    spawns = [sp.model_copy(update={"active": False}) if sp.id == "pit-east" else sp for sp in a.spawns]
    b = a.model_copy(update={"spawns": spawns})
    assert scenario_diff(a, b) == [{"path": "spawns[pit-east].active", "a": True, "b": False}]
    assert scenario_diff(a, a) == []


def test_cli_compare_text_json_and_bad_file(tmp_path, versions):
    _, b = versions
    path = tmp_path / "b.json"
    designer.save(b, path)
    runner = CliRunner()
    r = runner.invoke(cli, ["compare", SDLN, str(path), "-n", "4000"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "311 games flipped win to loss, 0 loss to win (McNemar p = 3.6e-69" in r.output
    assert "reproduce: designer compare" in r.output
    r = runner.invoke(cli, ["compare", SDLN, str(path), "-n", "500", "--format", "json"], catch_exceptions=False)
    doc = json.loads(r.output)
    assert doc["a"]["games"] == 500 and doc["reproducibility"]["seed"] == 1
    assert doc["paired"]["win_to_loss"] + doc["paired"]["both_won"] == doc["a"]["wins"]
    missing = runner.invoke(cli, ["compare", SDLN, str(tmp_path / "nope.json")])
    assert missing.exit_code == 1 and "nope.json" in missing.output and "Traceback" not in missing.output
