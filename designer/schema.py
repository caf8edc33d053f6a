"""JSON Schema files generated from the models (the models are the source of truth).

``designer schema --out schemas/`` rewrites them; a test fails when the committed files are stale.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .io.files import write_text_atomic
from .model.scenario import Scenario

__all__ = ["SCHEMAS", "schema_for", "schema_text", "write_schemas"]

BASE_URI = "https://scenario-designer.invalid/schemas/"


def _models() -> dict[str, type[BaseModel]]:
    models: dict[str, type[BaseModel]] = {"scenario": Scenario}
    try:  # the campaign model joins when it exists
        from .model.campaign import Campaign  # type: ignore[attr-defined]
    except ImportError:
        pass
    else:
        models["campaign"] = Campaign
    return models


SCHEMAS = _models()
"""File stem -> model whose schema is written to ``schemas/<stem>.schema.json``."""


def schema_for(model: type[BaseModel], name: str) -> dict[str, Any]:
    """The Draft 2020-12 JSON Schema of a model, as files are validated."""
    schema = model.model_json_schema(by_alias=True, mode="validation")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{BASE_URI}{name}.schema.json",
        **schema,
    }


def schema_text(name: str) -> str:
    """The stable text of one schema file."""
    return json.dumps(schema_for(SCHEMAS[name], name), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(folder: str | Path) -> list[Path]:
    """Write every schema file into ``folder``; return the paths written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SCHEMAS:
        path = folder / f"{name}.schema.json"
        write_text_atomic(path, schema_text(name))
        written.append(path)
    return written
