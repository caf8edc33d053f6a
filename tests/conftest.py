"""Shared test set-up: paths, Hypothesis profiles, a private results store and drafts folder,
one Dask cluster for the whole session.

Hypothesis profiles (``HYPOTHESIS_PROFILE`` picks one; otherwise ``ci`` when ``CI`` is set to a
true value, as ``.ci/run`` does, and ``dev`` elsewhere):

- ``ci``: the full example counts each property test asks for with :func:`examples`;
- ``dev``: a tenth of them (at least 10), for a quick run while working.

``pytest -m "not slow"`` leaves out the slow tests (notebooks, browser, the heaviest properties).
"""

from __future__ import annotations

import glob
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(glob.glob(str(ROOT / "scenarios" / "*.json")))
BROKEN = sorted(glob.glob(str(ROOT / "scenarios" / "broken" / "*.json")))


def draws_items(scenario) -> bool:
    """Whether an item objective of the scenario gives an item drawn at random (``one_of``, Les
    morts aux trousses' office keys): the typed engine plays the draw, the reference engine does
    not, so record-for-record comparisons with the reference leave such scenarios out (the typed
    engine's own tests play them: tests/test_morts_keys.py)."""
    return any(getattr(o, "one_of", None) for o in scenario.objectives)

# Tests never write into the user's results store, drafts folder or model cache: they point into a private
# folder before any designer module reads them, even when the environment names real ones (a
# test that wants its own passes a path); pytest-xdist workers inherit the folder of the process
# that started them.
_PRIVATE: Path | None = None
if not os.environ.get("PYTEST_XDIST_WORKER"):
    _PRIVATE = Path(tempfile.mkdtemp(prefix="designer-tests-"))
    os.environ["DESIGNER_RESULTS"] = str(_PRIVATE / "results.sqlite")
    os.environ["DESIGNER_DRAFTS"] = str(_PRIVATE / "drafts")
    os.environ["DESIGNER_MODEL_CACHE"] = str(_PRIVATE / "models")


def pytest_sessionfinish(session, exitstatus) -> None:
    if _PRIVATE is not None and not hasattr(session.config, "workerinput"):
        shutil.rmtree(_PRIVATE, ignore_errors=True)

_COMMON = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
               print_blob=True)
settings.register_profile("ci", **_COMMON)
settings.register_profile("dev", **_COMMON)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or (
    "ci" if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes") else "dev")
settings.load_profile(PROFILE)


def examples(n: int) -> int:
    """How many examples a property test runs: ``n`` under the ``ci`` profile, a tenth of it
    (at least 10) under ``dev``."""
    return n if PROFILE == "ci" else max(10, n // 10)


def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        if item.path.name == "test_browser.py":
            item.add_marker(pytest.mark.slow)
        # under pytest-xdist (--dist loadgroup), every test on Dask runs in one worker, so the
        # session has one cluster, and the browser and notebook tests (servers, kernels) in another
        if "dask_client" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("dask"))
        elif item.path.name in ("test_browser.py", "test_notebooks.py"):
            item.add_marker(pytest.mark.xdist_group("jupyter"))


def pytest_report_header(config) -> str:
    return f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=ci|dev; CI=true picks ci)"


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    yield


@pytest.fixture(scope="session")
def dask_client():
    """One local Dask cluster (two single-threaded worker processes: one per core of a 2-core
    machine) shared by every test that plays on Dask; started on first use."""
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  host="127.0.0.1") as cluster, distributed.Client(cluster) as client:
        yield client
