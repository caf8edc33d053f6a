"""Loading and saving: round trips, stable text, atomic writes, clear errors."""

from __future__ import annotations

import json
import os

import pytest

import designer
from designer.io import files
from designer.io.files import LoadError, dumps, load, loads, save

from .conftest import SAMPLES


@pytest.mark.parametrize("path", SAMPLES)
def test_load_save_load_round_trips(path, tmp_path):
    s = load(path)
    out = tmp_path / "copy.json"
    save(s, out)
    again = load(out)
    assert again == s
    assert out.read_text(encoding="utf-8") == dumps(again), "saving twice gives the same text"


@pytest.mark.parametrize("path", SAMPLES)
def test_samples_are_stored_in_the_stable_form(path):
    with open(path, encoding="utf-8") as f:
        assert f.read() == dumps(load(path)), f"{path} is not in the stable form; load and save it"


def test_saved_text_is_sorted_and_indented():
    text = dumps(load("scenarios/night-shift.json"))
    data = json.loads(text)
    assert text == json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert text.startswith('{\n  "connections"')


def test_save_is_atomic_when_the_write_fails(tmp_path, monkeypatch):
    target = tmp_path / "mission.json"
    s = load("scenarios/night-shift.json")
    save(s, target)
    before = target.read_text()

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", boom)
    changed = s.model_copy(update={"id": "changed"})
    with pytest.raises(OSError):
        save(changed, target)
    assert target.read_text() == before, "the old file is intact"
    assert [p.name for p in tmp_path.iterdir()] == ["mission.json"], "no temporary file is left"


def test_not_json_gives_line_and_column(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{\n  "schema_version": 1,\n  "id": oops\n}')
    with pytest.raises(LoadError) as e:
        load(p)
    assert e.value.problems[0].code == "not-json"
    assert str(e.value) == f"{p}: not valid JSON at line 3, column 9: Expecting value"


@pytest.mark.parametrize("version,expected", [
    (2, "version 2 was written by a newer release; this release reads versions 1"),
    (0, "version 0 is not supported; this release reads versions 1"),
    ("1", "expected an integer version (1), got '1'"),
    (None, "required field is missing; expected the schema version (1)"),
])
def test_schema_version_errors_list_the_supported_versions(version, expected):
    d = json.loads(dumps(load("scenarios/night-shift.json")))
    if version is None:
        del d["schema_version"]
    else:
        d["schema_version"] = version
    with pytest.raises(LoadError) as e:
        loads(json.dumps(d), "m.json")
    assert e.value.lines() == [f"m.json: schema_version: {expected}"]


def test_missing_and_wrong_fields_name_the_path():
    d = json.loads(dumps(load("scenarios/night-shift.json")))
    del d["zones"][2]["id"]
    d["connections"][6]["state"] = "ajar"
    d["setup"]["survivors"]["health"] = "two"
    with pytest.raises(LoadError) as e:
        loads(json.dumps(d), "m.json")
    text = str(e.value)
    assert "m.json: zones[2].id: required field is missing" in text
    assert "m.json: connections[6].state: Input should be 'open', 'closed' or 'locked' (got 'ajar')" in text
    assert "m.json: setup.survivors.health: Input should be a valid integer" in text


def test_unknown_kind_lists_the_known_kinds():
    d = json.loads(dumps(load("scenarios/night-shift.json")))
    d["connections"][0]["kind"] = "portal"
    with pytest.raises(LoadError) as e:
        loads(json.dumps(d), "m.json")
    assert "connections[0]: unknown kind 'portal'; expected 'opening', 'door'" in str(e.value)


def test_absurd_sizes_are_refused_before_parsing(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1000)
    p = tmp_path / "huge.json"
    p.write_text('{"zones": [' + ", ".join(['{"id": "z"}'] * 200) + "]}")
    with pytest.raises(LoadError) as e:
        load(p)
    assert e.value.problems[0].code == "too-large" and "larger than" in str(e.value)


def test_deep_nesting_is_refused():
    with pytest.raises(LoadError) as e:
        loads("[" * 100_000 + "]" * 100_000)
    assert e.value.problems[0].code == "too-large"


def test_duplicate_keys_and_nan_are_refused():
    with pytest.raises(LoadError, match="duplicate key 'id'"):
        loads('{"id": "a", "id": "b"}')
    with pytest.raises(LoadError, match="'NaN' is not a JSON number"):
        loads('{"x": NaN}')


def test_not_utf8_and_missing_files(tmp_path):
    p = tmp_path / "latin.json"
    p.write_bytes(b'{"title": "\xe9t\xe9"}')
    with pytest.raises(LoadError, match="not UTF-8"):
        load(p)
    with pytest.raises(LoadError, match="no such file"):
        load(tmp_path / "missing.json")
    with pytest.raises(LoadError, match="this is a folder"):
        load(tmp_path)


def test_package_top_exports():
    assert designer.load is load and designer.Scenario.__name__ == "Scenario"


# -- hardening: names, temporary files, modes, long names, big files ---------------------------------


def test_ids_that_differ_only_at_the_end_get_different_files(tmp_path):
    from designer.edit import Editor
    from designer.io.files import scenario_file_name

    ids = ["night-shift.", "night-shift-", "night-shift", "night-shift..", "night-shift_"]
    names = [scenario_file_name(i) for i in ids]
    assert len(set(names)) == len(ids), names
    assert names[:3] == ["night-shift..json", "night-shift-.json", "night-shift.json"]
    paths = [Editor.new(i, title=i).save(tmp_path) for i in ids]
    assert sorted(designer.load(p).id for p in paths) == sorted(ids), "no scenario overwrote another"
    # ids that are not valid yet (drafts) never meet valid ids or each other, and stay in the folder
    odd = ["../../etc/passwd", "..", "", "My Mission!", "My Mission?", "x" * 300]
    odd_names = [scenario_file_name(i) for i in odd]
    assert len(set(odd_names) | set(names)) == len(odd) + len(ids)
    assert all("/" not in n and not n.startswith(".") and len(n.encode()) <= 255 for n in odd_names)


def test_drafts_of_ids_that_differ_at_the_end_do_not_collide(tmp_path, monkeypatch):
    from designer.edit import Editor

    monkeypatch.setattr("designer.edit.DRAFTS", tmp_path / "drafts")
    a, b = Editor.new("night-shift", title="A"), Editor.new("night-shift-", title="B")
    assert a.save_draft() != b.save_draft()
    assert Editor.recover("night-shift").data["meta"]["title"] == "A"
    assert Editor.recover("night-shift-").data["meta"]["title"] == "B"


def test_editor_refuses_to_overwrite_a_file_holding_another_scenario(tmp_path):
    from designer.edit import EditError, Editor

    other = load("scenarios/night-shift.json")
    save(other, tmp_path / "mine.json")  # a file named like the new id, holding another mission
    with pytest.raises(EditError, match="holds another scenario \\('night-shift'\\)"):
        Editor.new("mine").save(tmp_path)
    assert load(tmp_path / "mine.json") == other


def test_writes_never_follow_a_planted_symlink(tmp_path):
    from designer.analysis.runs import playtest
    from designer.render import render_map

    victim = tmp_path / "elsewhere" / "victim"
    victim.parent.mkdir()
    victim.write_text("precious")
    out = tmp_path / "out"
    out.mkdir()
    # the names the old code used, and a few guesses of the new ones
    for name in (".games.parquet.tmp", ".map.svg.tmp.svg", ".m.json.tmp", ".games.parquet.0.tmp"):
        (out / name).symlink_to(victim)
    s = load("scenarios/night-shift.json")
    run = playtest(s, n=4, store=None, progress=False)
    run.save(out / "games.parquet")
    games = run.games
    render_map(s, out / "map.svg")
    save(s, out / "m.json")
    assert victim.read_text() == "precious"
    assert __import__("pandas").read_parquet(out / "games.parquet").equals(games)
    assert (out / "map.svg").read_text().lstrip().startswith("<?xml") and load(out / "m.json") == s
    assert sorted(p.name for p in out.iterdir() if not p.is_symlink()) == ["games.parquet", "m.json", "map.svg"]


def test_temporary_files_are_created_exclusively_with_random_names(tmp_path, monkeypatch):
    seen = []
    real_open = os.open

    def spy(path, flags, mode=0o777, **kw):
        seen.append((os.path.basename(path), flags))
        return real_open(path, flags, mode, **kw)

    monkeypatch.setattr(files.os, "open", spy)
    for _ in range(2):
        files.write_text_atomic(tmp_path / "a.json", "{}\n")
    tmp_names = [n for n, _ in seen if n.endswith(".tmp")]
    assert len(tmp_names) == 2 and tmp_names[0] != tmp_names[1]
    assert all(f & os.O_EXCL and f & os.O_CREAT and f & os.O_NOFOLLOW for n, f in seen if n.endswith(".tmp"))


def test_saving_keeps_the_mode_of_the_file_and_new_files_follow_the_umask(tmp_path):
    s = load("scenarios/night-shift.json")
    target = tmp_path / "shared.json"
    target.write_text("{}")
    for mode in (0o644, 0o664, 0o600):
        os.chmod(target, mode)
        save(s, target)
        assert os.stat(target).st_mode & 0o777 == mode
    old = os.umask(0o027)
    try:
        save(s, tmp_path / "new.json")
    finally:
        os.umask(old)
    assert os.stat(tmp_path / "new.json").st_mode & 0o777 == 0o640


@pytest.mark.parametrize("length", [246, 250, 255])
def test_names_up_to_255_bytes_can_be_written(tmp_path, length):
    s = load("scenarios/night-shift.json")
    target = tmp_path / ("n" * (length - 5) + ".json")
    save(s, target)
    assert load(target) == s


def test_a_name_too_long_is_a_clear_error_and_writes_nothing(tmp_path):
    with pytest.raises(files.SaveError, match="256 bytes long; file systems accept at most 255"):
        files.write_text_atomic(tmp_path / ("n" * 251 + ".json"), "{}")
    assert list(tmp_path.iterdir()) == []


def test_write_errors_name_the_file(tmp_path):
    with pytest.raises(files.SaveError) as e:
        files.write_text_atomic(tmp_path / "missing-folder" / "a.json", "{}")
    assert str(e.value).startswith(str(tmp_path / "missing-folder" / "a.json")) and "No such file" in str(e.value)
    with pytest.raises(files.SaveError, match="NUL"):
        files.write_text_atomic(tmp_path / "a\0b" / "a.json", "{}")


def _override(profile, **overrides):
    data = json.loads(dumps(load("scenarios/seul-dans-le-noir.json")))
    data["setup"]["rules"] = {"profile": profile, "overrides": overrides}
    return data


@pytest.mark.parametrize("key, bad", [("hero_dice", 0), ("hero_dice", 1), ("hero_dice", 7), ("actions", 0),
                                      ("actions", True), ("max_items", 0), ("max_turns", 0), ("max_turns", 1001),
                                      ("yellow_bonus", -1), ("dark_actions", 2.5), ("split_adds", 1),
                                      ("building_spawn", "yes")])
def test_rule_overrides_out_of_range_are_refused_by_the_model(key, bad):
    with pytest.raises(LoadError) as e:
        files.parse(_override("lnoe", **{key: bad}), "m.json")
    (p,) = e.value.problems
    assert p.path == f"setup.rules.overrides.{key}" and p.ids == (key,)
    assert f"rule override '{key}' expects" in p.message and "got" in p.message


def test_rule_overrides_in_range_load_and_play():
    from designer.engine import play

    s = files.parse(_override("lnoe", hero_dice=3, actions=10, split_adds=False), "m.json")
    assert s.setup.rules.overrides == {"hero_dice": 3, "actions": 10, "split_adds": False}
    assert play(s, seed=1)["turns"] >= 1


def test_the_model_and_the_engine_know_the_same_overrides():
    from dataclasses import fields

    from designer.engine.profiles import Params
    from designer.model.scenario import RULE_OVERRIDES

    tunable = {f.name for f in fields(Params) if f.type in ("int", "bool")}
    assert tunable == set(RULE_OVERRIDES)
    for name, (kind, low, high, _) in RULE_OVERRIDES.items():
        default = getattr(Params(), name)
        assert isinstance(default, kind) and (kind is bool or low <= default <= high)


def test_counts_are_checked_before_models_are_built(monkeypatch):
    base = json.loads(dumps(load("scenarios/seul-dans-le-noir.json")))
    many = dict(base, zones=[{"id": str(i), "kind": "room"} for i in range(60_000)])
    built = []
    real = designer.Scenario.model_validate
    monkeypatch.setattr(designer.Scenario, "model_validate", classmethod(lambda cls, d: built.append(1) or real(d)))
    with pytest.raises(LoadError) as e:
        files.parse(many, "big.json")
    assert built == [], "no model is built for a file over the limits"
    assert [(p.path, p.code) for p in e.value.problems] == [("zones", "too-large")]
    assert "60,000 items; at most 50,000" in e.value.problems[0].message
    deep = dict(base, setup=dict(base["setup"], start_zones=["A"] * 21))
    with pytest.raises(LoadError) as e:
        files.parse(deep, "start.json")
    assert [p.path for p in e.value.problems] == ["setup.start_zones"]


def test_thousands_of_dangling_references_give_a_short_answer():
    from designer.model.scenario import MAX_REFERENCE_PROBLEMS

    base = json.loads(dumps(load("scenarios/seul-dans-le-noir.json")))
    base["connections"] += [{"id": f"x{i}", "kind": "opening", "from": f"nz{i}", "to": f"nw{i}"}
                            for i in range(5000)]
    with pytest.raises(LoadError) as e:
        files.parse(base, "dangling.json")
    problems = e.value.problems
    assert len(problems) == MAX_REFERENCE_PROBLEMS + 1
    assert problems[0].code == "dangling-reference" and "nz0" in problems[0].message
    assert f"only the first {MAX_REFERENCE_PROBLEMS} are listed" in problems[-1].message


def test_bench_load_prints_cpu_figures_and_the_answers():
    from click.testing import CliRunner

    from designer.cli import cli

    r = CliRunner().invoke(cli, ["bench", "load", "--dangling", "2000", "--zones", "60000", "--json"])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output.splitlines()[-1])
    assert set(figures) == {"2,000 dangling connections", "60,000 zones", "valid 10,000-zone map"}
    assert figures["60,000 zones"]["answer"].startswith("1 problem(s), first: zones: 60,000 items; at most 50,000")
    assert figures["2,000 dangling connections"]["answer"].startswith("101 problem(s)")
    assert figures["valid 10,000-zone map"]["answer"] == "loaded"
    assert all(0 <= f["cpu_s_min"] <= f["cpu_s_median"] <= f["cpu_s_max"] for f in figures.values())
