"""The JSON Schema files: in sync with the models, valid Draft 2020-12, and they judge files
the way the loader does."""

from __future__ import annotations

import json

import jsonschema
import pytest

from designer.io.files import dumps, load
from designer.schema import SCHEMAS, schema_text

from .conftest import ROOT, SAMPLES


def validator(name="scenario"):
    schema = json.loads((ROOT / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_schema_files_are_in_sync_with_the_models(name):
    path = ROOT / "schemas" / f"{name}.schema.json"
    assert path.exists(), f"{path} is missing; run: designer schema --out schemas/"
    assert path.read_text(encoding="utf-8") == schema_text(name), \
        f"{path} is stale; run: designer schema --out schemas/"


def test_schema_declares_draft_2020_12():
    schema = json.loads((ROOT / "schemas" / "scenario.schema.json").read_text())
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_every_field_has_a_description(name):
    schema = json.loads((ROOT / "schemas" / f"{name}.schema.json").read_text())
    missing = []

    def walk(node, where):
        if isinstance(node, dict):
            for k, p in node.get("properties", {}).items():
                if "description" not in p:
                    missing.append(f"{where}.{k}")
            for k, v in node.items():
                walk(v, f"{where}/{k}")
        elif isinstance(node, list):
            for v in node:
                walk(v, where)

    walk(schema, "")
    assert missing == []


@pytest.mark.parametrize("path", SAMPLES)
def test_a_standard_validator_accepts_every_sample(path):
    errors = list(validator().iter_errors(json.loads(open(path, encoding="utf-8").read())))
    assert errors == []


@pytest.mark.parametrize("mutate,where", [
    (lambda d: d.pop("zones"), "zones"),
    (lambda d: d["zones"][0].update(kind="garden"), "kind"),
    (lambda d: d["zones"][0].update(levle=2), "levle"),
    (lambda d: d["connections"][0].update(kind="portal"), "kind"),
    (lambda d: d["connections"][6].update(state=3), "state"),
    (lambda d: d["setup"]["survivors"].update(health=0), "health"),
    (lambda d: d.update(schema_version=2), "schema_version"),
    (lambda d: d["zones"][0].update(id="has space"), "id"),
])
def test_a_standard_validator_rejects_broken_files(mutate, where):
    d = json.loads(dumps(load("scenarios/night-shift.json")))
    mutate(d)
    errors = list(validator().iter_errors(d))
    assert errors, f"the schema should reject a broken '{where}'"
