"""The command line, invoked in-process: exact output and exit codes."""

from __future__ import annotations

import json

from click.testing import CliRunner

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
