"""Playtests that explain themselves, and `designer bench bots`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import designer
from designer.analysis.explain import NEAR_ZERO, progress_rows, reasons, setup_notes
from designer.analysis.runs import playtest
from designer.analysis.stats import mcnemar
from designer.cli import cli


@pytest.fixture(scope="module")
def night_random():
    return playtest(designer.load("scenarios/night-shift.json"), n=200, policy="random", store=None, workers=1)


def test_progress_follows_the_funnel_and_adds_up(night_random):
    t = night_random.tally
    prog = progress_rows(t)
    rows = prog["steps"]
    assert [r["goal"] for r in rows] == [st.label for st in t.spec.steps]
    losses = t.n - t.wins
    assert sum(r["stopped"] for r in rows) == losses  # an ordered mission: each loss stops at one step
    assert sum(prog["furthest"]) == t.n and prog["furthest"][-1] == t.wins
    for r in rows:
        assert r["stopped"] == r["reached"] - r["completed"]
        if r["reached"]:
            assert r["p_win_when_reached"] == pytest.approx(t.wins / r["reached"])


def test_a_win_rate_near_zero_says_why(night_random):
    s = night_random.summary()
    assert s["win_rate"] < NEAR_ZERO
    why = s["why"]
    assert any("of losses happen before 'take crate-1, crate-2, blue-key'" in w for w in why)
    taken = s["objective_turns"]
    never = [o for o, v in taken.items() if v["games"] == 0]
    assert never and all(any(f"'{o}'" in w for w in why) for o in never)
    assert any(w.startswith("no game ever pressed 'green-switch'") for w in why) == ("green-switch" in never)
    assert any("every survivor died" in w for w in why)


def test_a_middling_win_rate_says_nothing_unless_asked():
    r = playtest(designer.load("scenarios/night-shift.json"), n=200, policy="casual", store=None, workers=1)
    assert NEAR_ZERO < r.summary()["win_rate"] < 0.95
    assert r.summary()["why"] == []
    assert reasons(r.tally, always=True)


def test_the_set_up_notes_name_missing_door_openers():
    s = designer.load("scenarios/night-shift.json")
    assert setup_notes(s) == ()
    sv = s.setup.survivors.model_copy(update={"starting_equipment": ["pistol"]})
    bare = s.model_copy(update={"setup": s.setup.model_copy(update={"survivors": sv})})
    assert any("no survivor carries a door opener" in n for n in setup_notes(bare))
    po = designer.load("scenarios/prison-outbreak/m00-the-break-in.json")
    assert setup_notes(po) == ("only 2 of 6 survivors carry a door opener (Grindlock, Kim)",)


def test_the_cli_prints_progress_why_and_the_skill_band():
    out = CliRunner().invoke(cli, ["playtest", "scenarios/night-shift.json", "-n", "100", "--policy", "random",
                                   "--no-store", "--workers", "1", "--band", "10"])
    assert out.exit_code == 0, out.output
    assert "progress 1" in out.output and "why           " in out.output
    assert "skill band    casual" in out.output and "expert" in out.output


def test_bench_bots_measures_the_ladder_on_paired_seeds():
    out = CliRunner().invoke(cli, ["bench", "bots", "scenarios/seul-dans-le-noir.json", "--games", "12",
                                   "--speed-games", "0", "--zombie-free-games", "2", "--json"])
    assert out.exit_code == 0, out.output
    r = json.loads(out.output.strip().splitlines()[-1])
    row = r["scenarios"][0]
    assert set(row["bots"]) == {"random", "casual", "expert"}
    for step in row["ladder"]:
        p = step["paired"]
        assert step["p_value"] == mcnemar(p["win_to_loss"], p["loss_to_win"])["p_value"]
        assert p["both_won"] + p["both_lost"] + p["win_to_loss"] + p["loss_to_win"] == 12
    assert all(row["bots"][b]["cpu_s_per_game"]["min"] <= row["bots"][b]["cpu_s_per_game"]["max"] for b in row["bots"])
    assert "zombie_free_skipped" in row  # its victory asks for kills
    assert r["targets"]["ladder"]["met"] == row["ladder_met"]


def test_bench_bots_names_a_bad_file():
    out = CliRunner().invoke(cli, ["bench", "bots", "no/such/file.json", "--games", "10"])
    assert out.exit_code == 1
    assert "no/such/file.json" in out.output


def test_a_ladder_step_is_met_when_significant_or_both_always_win():
    import numpy as np

    from designer.bench.bots import _step

    n = 60
    low = np.zeros(n, dtype=bool)
    high = np.zeros(n, dtype=bool)
    high[:20] = True  # twenty games flipped to wins, none the other way
    step = _step("casual", "expert", {"casual": low, "expert": high}, 1)
    assert step["met"] and step["p_value"] < 0.01
    assert not _step("casual", "expert", {"casual": high, "expert": low}, 1)["met"]
    few = np.zeros(n, dtype=bool)
    few[:3] = True
    assert not _step("casual", "expert", {"casual": low, "expert": few}, 1)["met"]  # p = 0.25
    full = np.ones(n, dtype=bool)
    assert _step("casual", "expert", {"casual": full, "expert": full}, 1)["met"]


def test_bench_bots_speed_compares_casual_and_greedy_in_both_engines():
    from designer.bench.bots import report_lines, speed

    from designer.engine import core

    sp = speed(2, 1, repeat=1, casual_games=3, typed_games=50)
    assert sp["games_per_run"] == 2 and sp["cpu_s_per_1000_games"]["median"] > 0
    lines = report_lines({"scenarios": [], "speed": sp, "targets": {}})
    assert any("expert on night-shift" in line for line in lines)
    if core.available():  # casual's batches in the typed engine against greedy's
        night = sp["typed"]["night-shift"]
        assert sp["typed"]["games_per_run"] == 50 and night["casual_over_greedy"] > 0
        assert set(night["cpu_s_per_run"]) == {"greedy", "casual"}
        assert any(line.startswith("typed engine, night-shift") for line in lines)
