"""The model's validators built from a kept core schema (``designer.model.prebuilt``) behave as
the ones pydantic builds: the same files, the same errors, the same JSON Schema."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .conftest import ROOT

_PROBE = r"""
import glob, hashlib, json, sys
import pydantic._internal._model_construction as mc
built = []
_orig = mc.complete_model_class
def _count(cls, *a, **k):
    built.append(cls.__name__)
    return _orig(cls, *a, **k)
mc.complete_model_class = _count
import designer
from designer.io.files import LoadError, dumps, load
from designer.model.campaign import Campaign
from designer.model.scenario import Scenario
out = {"texts": {}, "errors": {}}
for path in sorted(glob.glob("scenarios/*.json") + glob.glob("scenarios/prison-outbreak/*.json")):
    out["texts"][path] = hashlib.sha256(dumps(load(path)).encode()).hexdigest()
for path in sorted(glob.glob("scenarios/broken/*.json")):
    try:
        load(path)
        out["errors"][path] = None
    except LoadError as e:
        out["errors"][path] = str(e)
for path in sorted(glob.glob("scenarios/campaigns/*.json"))[:3]:
    out["texts"][path] = hashlib.sha256(dumps(load(path, model=Campaign)).encode()).hexdigest()
out["schema"] = hashlib.sha256(json.dumps(Scenario.model_json_schema(), sort_keys=True).encode()).hexdigest()
out["zones_description"] = Scenario.model_fields["zones"].description
out["built"] = built
print(json.dumps(out))
"""


def _probe(cache: str) -> dict:
    env = {**os.environ, "DESIGNER_MODEL_CACHE": cache}
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    proc = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_a_kept_schema_validates_and_writes_every_sample_as_pydantic_does(tmp_path):
    plain = _probe("off")
    assert "Scenario" in plain["built"] and not list(tmp_path.iterdir())
    folder = tmp_path / "models"
    first = _probe(str(folder))  # builds as pydantic does, and keeps the schemas
    kept = sorted(p.name for p in folder.iterdir())
    assert any(n.startswith("Scenario-") and n.endswith(".pickle") for n in kept), kept
    assert any(n.startswith("docstrings-") for n in kept), kept
    again = _probe(str(folder))  # builds from the kept schemas
    assert "Scenario" in first["built"] and "Scenario" not in again["built"], again["built"]
    assert again["built"] == [], "every class the probe used was kept by the first run"
    for name in ("texts", "errors", "schema", "zones_description"):
        assert plain[name] == first[name] == again[name], name
    assert again["zones_description"] == "The zones of the map."
    assert sum(e is not None for e in again["errors"].values()) >= 3, "the samples the model refuses are refused"


@pytest.mark.slow
def test_a_damaged_or_foreign_kept_file_is_ignored_and_written_again(tmp_path):
    folder = tmp_path / "models"
    good = _probe(str(folder))
    for p in folder.iterdir():
        p.write_bytes(b"\x80\x05not a pickle" if p.suffix == ".pickle" else b"{not json")
    damaged = _probe(str(folder))
    assert "Scenario" in damaged["built"], "a damaged file is not used"
    for name in ("texts", "errors", "schema", "zones_description"):
        assert damaged[name] == good[name], name
    assert _probe(str(folder))["built"] == [], "and it was written again"


def test_the_key_changes_with_what_the_schema_depends_on(monkeypatch):
    from designer.model import prebuilt
    from designer.model.scenario import Scenario, Zone

    k = prebuilt.key(Scenario)
    assert k.startswith("Scenario-") and k != prebuilt.key(Zone)
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "__all__")
    assert prebuilt.key(Scenario) != k
    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS")
    monkeypatch.setattr(prebuilt, "_SOURCES", None)
    monkeypatch.setattr(prebuilt, "_HERE", ROOT / "designer" / "engine")  # other sources: another key
    assert prebuilt.key(Scenario) != k


def test_off_keeps_nothing(monkeypatch, tmp_path):
    from designer.model import prebuilt

    monkeypatch.setenv("DESIGNER_MODEL_CACHE", "off")
    assert prebuilt.cache_dir() is None
    assert prebuilt.kept("docstrings", "x = 1", lambda: {"a": 1}) == {"a": 1}
    monkeypatch.setenv("DESIGNER_MODEL_CACHE", str(tmp_path))
    assert prebuilt.kept("docstrings", "x = 1", lambda: {"a": 2}) == {"a": 2}
    assert prebuilt.kept("docstrings", "x = 1", lambda: {"a": 3}) == {"a": 2}, "read back, not made again"
    monkeypatch.delenv("DESIGNER_MODEL_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert prebuilt.cache_dir() == tmp_path / "xdg" / "scenario-designer" / "models"
