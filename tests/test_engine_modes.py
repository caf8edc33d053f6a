"""The engine's modules compiled and interpreted play the same games.

In this process the modules run compiled (where they are built); a second process with
``DESIGNER_ENGINE=python`` and no Cython importable runs their sources, as a machine without a
compiler does, and must replay every golden playthrough line for line."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from designer.engine import core, modes

from .conftest import ROOT

_INTERPRETED = r"""
import json, sys
sys.modules["cython"] = None  # as on a machine without Cython: the typed modules use their shim
from pathlib import Path
import designer
from designer.engine import modes
from designer.engine.golden import golden_name, iter_golden_games, playthrough_lines
from designer.engine.batch import play_chunk
from designer.plans import bot_plan

out = {"compiled": modes.compiled_modules(), "differ": [], "games": 0}
golden = Path("tests/golden")
loaded = {}
for name, policy, seed in iter_golden_games():
    s = loaded.get(name) or loaded.setdefault(name, designer.load(f"scenarios/{name}.json"))
    want = (golden / golden_name(name, policy, seed)).read_text(encoding="utf-8").splitlines()
    if playthrough_lines(s, seed, policy, bot_plan(s)) != want:
        out["differ"].append(golden_name(name, policy, seed))
    out["games"] += 1
# a copy made at a decision point and played on gives the original's game, interpreted too
from designer.engine import Board, Game
from designer.engine.policies import resolve_policy
s = loaded["night-shift"]
bot, calls, copies = resolve_policy("casual"), [0], []
def spy(view, survivor, actions):
    calls[0] += 1
    if calls[0] == 10:
        copies.append(view.copy_game(policy=bot.copy()))
    return bot(view, survivor, actions)
g = Game(Board(s), 3, spy, plan=bot_plan(s))
out["copy_equal"] = dict(g.play()) == dict(copies[0].play_on())
print(json.dumps(out))
"""


def test_the_engine_modules_run_compiled_here():
    if modes.interpreted_forced():
        pytest.skip("DESIGNER_ENGINE=python: this process runs the sources")
    assert core.compiled(), "no C compiler: nothing is compiled"
    compiled = modes.compiled_modules()
    assert all(compiled.values()), f"not compiled: {[m for m, c in compiled.items() if not c]} (make setup)"


def test_the_interpreted_engine_replays_every_golden_playthrough():
    env = {**os.environ, "DESIGNER_ENGINE": "python"}
    proc = subprocess.run([sys.executable, "-c", _INTERPRETED], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert not any(out["compiled"].values()), f"DESIGNER_ENGINE=python still ran compiled modules: {out['compiled']}"
    from designer.engine.golden import iter_golden_games

    assert out["games"] == len(list(iter_golden_games()))  # every golden: 9 games of each golden sample
    assert out["differ"] == [], f"the interpreted engine differs from the goldens in {out['differ']}"
    assert out["copy_equal"], "a copy played on differs from the original played on (interpreted)"


def test_sources_first_only_for_the_engine_modules():
    finder = modes.SourceFirst()
    spec = finder.find_spec("designer.engine.board", None)
    assert spec is not None and spec.origin.endswith("board.py")
    assert finder.find_spec("designer.engine.game", None) is None  # the reference engine is gone
    assert finder.find_spec("designer.engine.batch", None) is None
    assert finder.find_spec("designer.checks.reachability", None) is None


def test_a_stale_build_runs_the_source(tmp_path):
    """A module edited after its build is imported from its source, with a warning (in a copy of
    the package whose ``view.py`` has changed since it was compiled)."""
    engine = ROOT / "designer" / "engine"
    if not any(p.suffix in (".so", ".pyd") for p in engine.glob("view.*")):
        pytest.skip("the engine is not compiled here")
    assert modes.stale_modules() == (), "this checkout's build matches its sources (make setup)"
    shutil.copytree(ROOT / "designer", tmp_path / "designer",
                    ignore=shutil.ignore_patterns("__pycache__", "node_modules", "*.c", "static"))
    src = tmp_path / "designer" / "engine" / "view.py"
    src.write_text(src.read_text(encoding="utf-8") + "\n# edited after the build\n", encoding="utf-8")
    code = ("import json, warnings\n"
            "warnings.simplefilter('always')\n"
            "with warnings.catch_warnings(record=True) as caught:\n"
            "    import designer.engine.view as view, designer.engine.board as game\n"
            "from designer.engine import modes\n"
            "print(json.dumps({'stale': modes.stale_modules(), 'view': view.__file__, 'game': game.__file__,\n"
            "                  'warned': [str(w.message) for w in caught]}))\n")
    env = {k: v for k, v in os.environ.items() if k != "DESIGNER_ENGINE"}
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**env, "PYTHONPATH": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["view"].startswith(str(tmp_path)), "the copy was imported"
    assert out["stale"] == ["view"]
    assert out["view"].endswith("view.py"), "the stale module runs from its source"
    assert out["game"].endswith((".so", ".pyd")), "the others still run compiled"
    assert any("view.py changed" in w for w in out["warned"])
