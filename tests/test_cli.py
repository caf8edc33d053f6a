"""The command line, invoked in-process: exact output and exit codes."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

import designer

from designer.cli import cli

from .conftest import BROKEN, SAMPLES


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_validate_samples_exits_zero():
    r = run("validate", *SAMPLES)
    assert r.exit_code == 0, r.output
    assert ": error " not in r.output


def test_validate_broken_exits_one_with_one_line_per_problem():
    r = run("validate", *BROKEN)
    assert r.exit_code == 1
    lines = [l for l in r.output.splitlines() if l]
    assert all(l.split(":")[0].endswith(".json") for l in lines)
    assert all(": error " in l or ": warning " in l or ": info " in l for l in lines)
    assert "Traceback" not in r.output


def test_validate_accepts_a_folder():
    r = run("validate", "scenarios")
    assert r.exit_code == 0
    files = {l.split(":")[0] for l in r.output.splitlines()}
    assert files == {f"scenarios/{p.split('/')[-1]}" for p in SAMPLES}


def test_validate_json_format():
    r = run("validate", "--format", "json", "scenarios/broken/dangling-references.json")
    assert r.exit_code == 1
    doc = json.loads(r.output)
    codes = {f["code"] for f in doc["files"][0]["findings"]}
    assert "dangling-reference" in codes


def test_new_writes_a_valid_scenario_and_refuses_to_overwrite(tmp_path):
    out = tmp_path / "m.json"
    r = run("new", "my-mission", "--title", "My mission", "-o", str(out))
    assert r.exit_code == 0 and out.exists()
    assert run("validate", str(out)).exit_code == 0
    r = run("new", "my-mission", "-o", str(out))
    assert r.exit_code == 1 and "already exists" in r.output


def test_show_prints_a_zone_table():
    r = run("show", "scenarios/night-shift.json")
    assert r.exit_code == 0
    assert "Night Shift at Harlan Depot" in r.output
    assert any(l.split()[:1] == ["V1"] and "switch green green-switch" in l for l in r.output.splitlines())
    r = run("show", "--format", "json", "scenarios/night-shift.json")
    assert json.loads(r.output)["zones"] == 13


def test_show_bad_file_is_one_clean_line(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("{")
    r = run("show", str(p))
    assert r.exit_code == 1
    assert r.output.strip().startswith(f"{p}: not valid JSON at line 1")


def test_schema_command_prints_and_checks(tmp_path):
    r = run("schema")
    assert json.loads(r.output)["title"] == "Scenario"
    assert run("schema", "--check", "schemas").exit_code == 0
    assert run("schema", "--check", str(tmp_path)).exit_code == 1
    assert run("schema", "--out", str(tmp_path)).exit_code == 0
    assert run("schema", "--check", str(tmp_path)).exit_code == 0


def test_export_graphml_and_node_link(tmp_path):
    for fmt in ("graphml", "node-link", "json"):
        out = tmp_path / f"m.{fmt}"
        r = run("export", "scenarios/night-shift.json", "--to", fmt, "-o", str(out))
        assert r.exit_code == 0 and out.exists()


def test_internal_errors_are_one_line(monkeypatch):
    import designer.cli as c

    def broken(path):
        raise RuntimeError("boom")

    monkeypatch.setattr(c, "load", broken)
    r = CliRunner().invoke(cli, ["show", "scenarios/night-shift.json"])
    assert r.exit_code == 2
    assert r.output.strip() == ("designer: internal error: RuntimeError: boom "
                                "(run with --debug or DESIGNER_DEBUG=1 to see the traceback)")


# -- hardening --------------------------------------------------------------------------------------


def _broken_show(monkeypatch):
    import designer.cli as c

    def broken(path):
        raise RuntimeError("boom")

    monkeypatch.setattr(c, "load", broken)


def test_debug_shows_the_traceback_of_an_internal_error(monkeypatch):
    _broken_show(monkeypatch)
    r = CliRunner().invoke(cli, ["--debug", "show", "scenarios/night-shift.json"])
    assert r.exit_code == 2
    assert "Traceback (most recent call last)" in r.output and 'raise RuntimeError("boom")' in r.output
    assert r.output.rstrip().endswith("designer: internal error: RuntimeError: boom")
    monkeypatch.setenv("DESIGNER_DEBUG", "1")
    r = CliRunner().invoke(cli, ["show", "scenarios/night-shift.json"])
    assert r.exit_code == 2 and "Traceback (most recent call last)" in r.output
    monkeypatch.setenv("DESIGNER_DEBUG", "0")
    r = CliRunner().invoke(cli, ["show", "scenarios/night-shift.json"])
    assert "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1


def test_validate_into_a_closed_pipe_ends_quietly(root, tmp_path):
    import subprocess
    import sys

    # 3,000 isolated rooms: one warning line each, 600 kB, far more than a pipe holds, so the
    # writer meets the closed pipe
    data = json.loads(designer.dumps(designer.load("scenarios/night-shift.json")))
    data["zones"] += [{"id": f"iso{i}", "kind": "room", "name": "An isolated room"} for i in range(3000)]
    big = tmp_path / "isolated.json"
    big.write_text(json.dumps(data))
    cmd = [sys.executable, "-c", "from designer.cli import main; main()", "validate", str(big)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root)
    first = proc.stdout.readline()
    proc.stdout.close()  # what `| head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 141
    assert b"warning isolated-zone" in first and err == "", err


@pytest.mark.parametrize("ident", ["../escape", "a/b", "", ".hidden", "x" * 65])
def test_new_with_a_bad_id_is_a_clean_message(tmp_path, monkeypatch, ident):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["new", ident])
    assert r.exit_code == 1, r.output
    assert r.output.startswith("Error: id: expected an id: letters, digits, '_', '.' or '-'")
    assert "internal error" not in r.output and list(tmp_path.iterdir()) == []
    assert not (tmp_path.parent / "escape.json").exists()


def test_export_to_a_name_of_250_bytes_works_and_of_256_is_a_clean_error(tmp_path):
    ok = tmp_path / ("n" * 245 + ".json")
    r = run("export", "scenarios/night-shift.json", "--to", "json", "-o", str(ok))
    assert r.exit_code == 0 and designer.load(ok).id == "night-shift"
    long = tmp_path / ("n" * 251 + ".json")
    r = CliRunner().invoke(cli, ["export", "scenarios/night-shift.json", "--to", "json", "-o", str(long)])
    assert r.exit_code == 1 and "internal error" not in r.output
    assert r.output.strip() == f"designer: {long}: the file name is 256 bytes long; file systems accept at most 255 bytes per name"


def test_a_planted_symlink_is_not_followed_by_playtest_out(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (tmp_path / ".games.parquet.tmp").symlink_to(victim)
    out = tmp_path / "games.parquet"
    r = run("playtest", "scenarios/seul-dans-le-noir.json", "-n", "20", "--workers", "1", "--no-store", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert victim.read_text() == "precious" and len(pd.read_parquet(out)) == 20


def test_an_out_of_range_override_fails_at_load_not_in_play(tmp_path):
    data = json.loads(designer.dumps(designer.load("scenarios/seul-dans-le-noir.json")))
    data["setup"]["rules"]["overrides"] = {"hero_dice": 0}
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    expected = ("setup.rules.overrides.hero_dice: rule override 'hero_dice' expects a whole number "
                "from 2 to 6 (fight dice a hero rolls in Last Night on Earth), got 0")
    for command in (["validate"], ["play"]):
        r = CliRunner().invoke(cli, [*command, str(path)])
        assert r.exit_code == 1 and r.output.startswith(str(path)), r.output
        assert expected in r.output and "internal error" not in r.output, r.output
