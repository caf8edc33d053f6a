"""Start-up: what each entry point imports, and the model's independence from ``designer.io``.

The figures (CPU time and wall clock of fresh processes) come from ``designer bench startup``;
these tests check what the processes import, which decides those figures.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import designer
from designer.model.scenario import Scenario

from .conftest import ROOT

SDLN = "scenarios/seul-dans-le-noir.json"
HEAVY = ("networkx", "pandas", "pyarrow", "matplotlib", "scipy", "dask")


def _fresh(code: str) -> dict:
    """Run ``code`` in a fresh interpreter (from the checkout) and return the JSON it prints last."""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


_LOADED = """
import json, sys
{body}
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {heavy!r} or m.startswith("designer"))))
"""


def _loaded_after(body: str) -> list[str]:
    return _fresh(_LOADED.format(body=body, heavy=HEAVY))


def test_the_model_imports_nothing_of_io_or_networkx():
    loaded = _loaded_after("import designer.model, designer.model.campaign")
    assert "designer.model.scenario" in loaded and "designer.model.campaign" in loaded
    assert not [m for m in loaded if m.startswith("designer.io")], loaded
    assert "networkx" not in loaded and "pandas" not in loaded, loaded


def test_no_model_module_imports_io_or_networkx_even_inside_a_function():
    offenders = []
    for path in sorted((ROOT / "designer" / "model").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
                names += [f"{names[0]}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                if name.startswith(("..io", "designer.io", "networkx")) or name == "...io":
                    offenders.append(f"{path.name}:{node.lineno} {name}")
    assert offenders == []
    for method in ("save", "to_json", "to_networkx"):
        assert not hasattr(Scenario, method), f"Scenario.{method} belongs to designer.io"


def test_importing_the_package_loads_nothing_until_a_name_is_used():
    loaded = _loaded_after("import designer")
    assert loaded == ["designer"], loaded
    loaded = _loaded_after("import designer; designer.load('%s')" % SDLN)
    assert "designer.io.files" in loaded and "designer.io.graphs" not in loaded
    assert not set(HEAVY) & set(loaded), loaded


def test_the_playtest_command_imports_no_pandas_pyarrow_or_networkx():
    out = _fresh(f"""
import contextlib, io, json, sys
from designer.cli import main
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    try:
        main(["playtest", "{SDLN}", "-n", "50", "--no-store", "--format", "json"])
    except SystemExit as e:
        assert not e.code, e.code
summary = json.loads(buf.getvalue())
print(json.dumps({{"games": summary["games"], "win_rate": summary["win_rate"],
                  "heavy": sorted(m for m in sys.modules if m.split(".")[0] in {HEAVY!r}),
                  "variants": "designer.variants" in sys.modules,
                  "pool": sorted(m for m in sys.modules if m.split(".")[0] in ("multiprocessing", "concurrent"))}}))
""")
    assert out["games"] == 50 and 0 <= out["win_rate"] <= 1
    assert out["heavy"] == [], f"imported before they were needed: {out['heavy']}"
    assert out["variants"] is False, "a playtest without --variant does not import the variants"
    assert out["pool"] == [], "a run played in this process imports no process pool"


def test_a_variant_error_is_still_reported_in_lines_without_the_variants_imported_up_front():
    from click.testing import CliRunner

    from designer.cli import cli

    r = CliRunner().invoke(cli, ["playtest", "scenarios/frozen-depot.json", "-n", "5", "--no-store",
                                 "--variant", "no-such-variant"])
    assert r.exit_code == 1 and "internal error" not in r.output, r.output
    assert "no-such-variant" in r.output


def test_the_top_level_helpers_are_the_io_functions(tmp_path):
    from designer import io

    s = designer.load(SDLN)
    designer.save(s, tmp_path / "copy.json")
    assert (tmp_path / "copy.json").read_text(encoding="utf-8") == designer.dumps(s) == io.dumps(s)
    G = designer.to_networkx(s)
    assert G.number_of_nodes() == len(s.zones) and designer.to_networkx is io.to_networkx
    assert {"dumps", "load", "save", "to_networkx", "playtest"} <= set(dir(designer))
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        designer.nope  # noqa: B018
    with pytest.raises(AttributeError):
        io.nope  # noqa: B018


def test_field_docstrings_are_the_descriptions():
    from designer.model.campaign import Campaign
    from designer.model.scenario import Door, Zone

    assert Scenario.model_fields["zones"].description == "The zones of the map."
    assert Scenario.model_fields["schema_version"].description.startswith("Version of the scenario format")
    assert Zone.model_fields["id"].description.startswith("A short identifier"), "from the Id annotation"
    assert Door.model_fields["kind"].description == "Always 'door'."
    assert Door.model_fields["zombies"].description == "Whether zombies may cross it.", "inherited"
    assert Campaign.model_fields["victory"].description == "When the campaign is won."
    # the JSON Schema files are generated from these descriptions (tests/test_schema.py checks them)
    text = (Path(ROOT) / "schemas" / "scenario.schema.json").read_text(encoding="utf-8")
    assert '"The zones of the map."' in text


def test_the_startup_and_store_benchmarks_report_their_figures():
    from click.testing import CliRunner

    from designer.cli import cli

    r = CliRunner().invoke(cli, ["bench", "startup", SDLN, "--repeat", "1", "--json"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output.strip().splitlines()[-1])
    assert figures["heavy_imports"] == [] and figures["target_s"] == 0.5
    for key in ("cpu_s", "wall_s", "no_kept_schema_cpu_s", "no_bytecode_cpu_s", "worker_pool_start_wall_s"):
        d = figures[key]
        assert 0 < d["min"] <= d["median"] <= d["max"], key
    stages = figures["stages_cpu_s"]
    assert set(stages) == {"interpreter", "imports", "load and validate (builds the model's validator)",
                           "compile, plan and play the first game", "summary"}
    assert all(v["median"] >= 0 for v in stages.values()) and stages["imports"]["median"] > 0
    assert "CPU time:" in r.output and "heavy libraries imported: none" in r.output
    assert "no kept schema" in r.output
    r = CliRunner().invoke(cli, ["bench", "store", SDLN, "--games", "300", "--repeat", "1", "--json"],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output.strip().splitlines()[-1])
    assert figures["read_back_equal"] is True and figures["games"] == 300 and figures["file_mb"]["median"] > 0
    assert figures["zone_entries_per_game"] > 0 and figures["parquet_mb"] > 0
    assert figures["play_over_read"] == pytest.approx(figures["play_cpu_s"]["median"] / figures["read_cpu_s"]["median"])
    assert figures["file_over_parquet"] == pytest.approx(figures["file_mb"]["median"] / figures["parquet_mb"])
    assert "play / read = " in r.output and "schema 2's Parquet blobs" in r.output
    parts = figures["bytes_per_game_by_kind"]
    assert parts["game"] > 8 and parts["zone"] > 0, "a game's seed alone is 8 bytes; the sample counts per zone"
    if "rows" in parts:  # SQLite's dbstat table says how many pages the blocks take
        total = sum(parts.values()) * 300 / 1e6
        assert total == pytest.approx(figures["file_mb"]["median"], rel=1e-6)
    assert "bytes a game: game " in r.output


_PLAYTEST_PLANNER = """
import contextlib, io, json, os, sys
from designer.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(["playtest", "{sdln}", "-n", "20", "--no-store", "--format", "json"])
    except SystemExit as e:
        assert not e.code, e.code
print(json.dumps({{"planner": "designer.plans" in sys.modules, "checks": "designer.checks" in sys.modules,
                  "plans": sorted(os.listdir(os.environ["DESIGNER_PLANS"]))}}))
"""


def test_a_version_played_before_needs_no_planner_and_its_plan_is_the_planners(tmp_path, monkeypatch):
    import os

    from designer.analysis.runs import cached_plan
    from designer.plans import bot_plan

    folder = tmp_path / "plans"
    monkeypatch.setenv("DESIGNER_PLANS", str(folder))
    code = _PLAYTEST_PLANNER.format(sdln=SDLN)
    first = _fresh(f"import os; os.environ['DESIGNER_PLANS'] = {str(folder)!r}\n" + code)
    again = _fresh(f"import os; os.environ['DESIGNER_PLANS'] = {str(folder)!r}\n" + code)
    assert first["planner"] and len(first["plans"]) == 1, "the first run searches the plan and keeps it"
    assert not again["planner"] and not again["checks"], "the second run reads it, without importing the planner"
    s = designer.load(SDLN)
    assert cached_plan(s) == bot_plan(s) and len(bot_plan(s)) > 0
    (folder / first["plans"][0]).write_text("{not json", encoding="utf-8")  # damaged: searched again, rewritten
    assert cached_plan(s) == bot_plan(s)
    assert json.loads((folder / first["plans"][0]).read_text(encoding="utf-8")) == [list(p) for p in bot_plan(s)]
    other = s.model_copy(update={"setup": s.setup.model_copy(update={"turn_limit": 7})})
    cached_plan(other)
    assert len(os.listdir(folder)) == 2, "each scenario version has its own plan"
    monkeypatch.setenv("DESIGNER_PLANS", "off")
    assert cached_plan(s) == bot_plan(s)


_BLAS = """
import contextlib, io, json, os, sys
from designer.cli import main
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    try:
        main(["playtest", "{sdln}", "-n", "40", "--no-store", "--format", "json"])
    except SystemExit as e:
        assert not e.code, e.code
tasks = len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else None
print(json.dumps({{"setting": os.environ.get("OPENBLAS_NUM_THREADS"), "threads": tasks,
                  "wins": json.loads(buf.getvalue())["wins"]}}))
"""


def test_the_command_runs_numpys_linear_algebra_on_one_thread_unless_the_user_said(monkeypatch):
    """OpenBLAS starts a thread per core when numpy is imported; the command, which never does
    linear algebra, runs it on one (the process has no other thread), and leaves a number the
    user set alone. The games are the same either way."""
    from designer.cli import BLAS_THREADS, one_blas_thread

    for name in BLAS_THREADS:
        monkeypatch.delenv(name, raising=False)
    mine = _fresh(_BLAS.format(sdln=SDLN))
    assert mine["setting"] == "1"
    if mine["threads"] is not None:
        assert mine["threads"] == 1, "OpenBLAS started no thread of its own"
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "2")
    theirs = _fresh(_BLAS.format(sdln=SDLN))
    assert theirs["setting"] == "2" and theirs["wins"] == mine["wins"]
    if theirs["threads"] is not None:
        assert theirs["threads"] >= 2, "the user's two BLAS threads"
    monkeypatch.delenv("OPENBLAS_NUM_THREADS")
    import numpy  # noqa: F401  (as a notebook that calls the command in-process has it)

    assert one_blas_thread() is False, "numpy is imported in this process: nothing to set"
    assert "OPENBLAS_NUM_THREADS" not in os.environ
