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
    s.save(out)
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
