"""The playtest benchmark runs, and every comparison it makes is between equal games."""

from __future__ import annotations

import json

from click.testing import CliRunner

from designer.bench.playtest import padded, report_lines, run
from designer.cli import cli
from designer.engine import Board

from .conftest import ROOT

SEUL = str(ROOT / "scenarios" / "seul-dans-le-noir.json")


def test_padding_adds_unreachable_zones_only():
    s = padded(SEUL, 300)
    assert len(s.zones) == 300
    b = Board(s)
    assert all(not b.surv_adj[z] and not b.zpath_adj[z] for z in range(22, 300))


def test_the_benchmark_compares_equal_games_and_reports_three_runs():
    r = run(games=40, dask_games=0, dask_large_games=0, interpreted_games=8, scenarios=(SEUL,),
            padded_sizes=(400,), padded_games=8)
    f = r["scenarios"]["seul-dans-le-noir"]
    assert f["compiled_vs_interpreted"]["same_games"]
    assert f["compiled_vs_interpreted"]["interpreted_really"], "the interpreted figure ran the modules' sources"
    assert f["compiled_vs_interpreted"]["interpreted_ns_per_game"]["median"] > 0
    typed = f["compiled_vs_interpreted"]["typed_interpreted"]
    assert f["engine"] == "typed" and typed["same_games"] and typed["games"] == 8
    assert typed["ns_per_game"]["median"] > f["ns_per_game"]["median"], "the source runs slower than its build"
    cp = f["copies"]
    assert cp["turn"] == 3 and 0 < cp["copy_ns"]["median"] < cp["copy_and_one_turn_ns"]["median"]
    t = f["ns_per_game"]
    assert 0 < t["min"] <= t["median"] <= t["max"]
    assert f["floor"]["draws_per_game"] > 0 and f["floor"]["floor_s"]["median"] > 0
    assert "cost_ratio_vs_dict_loop" not in f
    py = f["from_python"]
    assert py["logged_same_as_batch"] and py["callable_same_records"] and py["games"] == 40
    assert py["logged_ns_per_game"]["median"] > f["ns_per_game"]["median"], "a logged game from Python costs more"
    assert any("through the callback" in line for line in report_lines(r))
    p = r["padded"]["400"]
    assert p["same_games"] and p["zones"] == 400 and p["cost_ratio"] > 0 and p["padding"] == "last"
    first = r["padded"]["400 first"]
    assert first["same_games"] and first["padding"] == "first" and first["tables_build_s"] >= 0
    assert any("padded" in line for line in report_lines(r))


def test_the_command_prints_json_on_its_last_line():
    out = CliRunner().invoke(cli, ["bench", "playtest", "--games", "20", "--dask-games", "0", "--dask-large-games",
                                    "0", "--interpreted-games", "5", "--padded-games", "0", "--city-games", "0",
                                    "--json"])
    assert out.exit_code == 0, out.output
    r = json.loads(out.output.strip().splitlines()[-1])
    assert set(r["scenarios"]) == {"seul-dans-le-noir", "night-shift"} and "padded" not in r and "city" not in r
