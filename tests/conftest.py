from __future__ import annotations

import glob
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(glob.glob(str(ROOT / "scenarios" / "*.json")))
BROKEN = sorted(glob.glob(str(ROOT / "scenarios" / "broken" / "*.json")))


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    yield
