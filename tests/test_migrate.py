"""Older schema versions are migrated on load (the mechanism, with a registered migration)."""

from __future__ import annotations

import json

import pytest

from designer.io import migrate as mig
from designer.io.files import LoadError, dumps, load, loads


def test_registered_migration_brings_old_files_up_to_date(monkeypatch):
    # an older layout in which connections named their zones 'a' and 'b'
    def v0_to_v1(data):
        for c in data.get("connections", []):
            c["from"], c["to"] = c.pop("a"), c.pop("b")
        return data

    monkeypatch.setitem(mig.MIGRATIONS, "Scenario", {0: v0_to_v1})
    current = json.loads(dumps(load("scenarios/night-shift.json")))
    old = json.loads(json.dumps(current))
    old["schema_version"] = 0
    for c in old["connections"]:
        c["a"], c["b"] = c.pop("from"), c.pop("to")
    original = json.dumps(old)
    migrated = loads(original, "old.json")
    assert migrated == load("scenarios/night-shift.json")
    assert json.loads(original) == old, "the input data is not modified"


def test_supported_versions_follow_the_migration_chain(monkeypatch):
    from designer.model.scenario import Scenario

    assert mig.supported_versions(Scenario) == [1]
    monkeypatch.setitem(mig.MIGRATIONS, "Scenario", {0: lambda d: d})
    assert mig.supported_versions(Scenario) == [0, 1]
    with pytest.raises(LoadError, match="this release reads versions 0, 1"):
        loads('{"schema_version": 5}')
