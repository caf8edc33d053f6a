"""The engine's seams: what a policy and a profile may touch, what the engine imports, what a
new rule must fill in (a test fails when a kind of the model has no rule in the engine)."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import typing
import warnings
from pathlib import Path

import pytest

import designer
from designer.plans import bot_plan
from designer.engine import Board, batch, profiles
from designer.engine import Game
from designer.engine.view import GameView, PlanStep
from designer.engine.zombies import MELEE_ORDER, RANGED_GROUPS, ZOMBIE_TYPES, ZTYPES
from designer.model import common, scenario as model

from .conftest import ROOT, SAMPLES

ENGINE = ROOT / "designer" / "engine"


def _kinds(union) -> set[str]:
    """The ``kind`` literals of a tagged union of the model."""
    members = typing.get_args(typing.get_args(union)[0]) or (typing.get_args(union)[0],)
    return {typing.get_args(m.model_fields["kind"].annotation)[0] for m in members}


def _imports(path: Path) -> set[str]:
    """The engine modules a module imports (``TYPE_CHECKING`` imports included)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)
    return out


def _source(mod) -> str:
    """A module's source (read from its ``.py``: a module compiled by Cython has no source to
    inspect)."""
    return (ENGINE / f"{mod.__name__.rsplit('.', 1)[1]}.py").read_text(encoding="utf-8")


def _method_source(mod, cls: str, name: str) -> str:
    source = _source(mod)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == name:
                    return ast.get_source_segment(source, item)
    raise AssertionError(f"{cls}.{name} not found in {mod.__name__}")


def test_no_import_cycles_inside_the_engine():
    graph = {p.stem: _imports(p) for p in ENGINE.glob("*.py")}
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        if state.get(m) == 2:
            return
        assert state.get(m) != 1, f"import cycle: {' -> '.join(path + [m])}"
        state[m] = 1
        for n in sorted(graph.get(m, ())):
            if n in graph:
                visit(n, path + [m])
        state[m] = 2

    for m in sorted(graph):
        visit(m, [])


def test_the_engine_never_imports_the_validator():
    for p in ENGINE.glob("*.py"):
        tree = ast.parse(p.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not (node.level == 2 and (node.module or "").startswith(("checks", "analysis"))), \
                    f"{p.name} imports designer.{node.module}"
    code = ("import sys, designer.engine, designer.engine.batch, designer.engine.core, designer.engine.golden;"
            "print(sorted(m for m in sys.modules if m.startswith('designer.checks')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_a_profile_object_carries_numbers_not_rules():
    """The rules of every profile are the typed engine's: a profile object holds its id, its
    numbers and what a Python policy reads (``danger``, ``weapons``, ``dice_for``), and no
    profile adds a method of its own."""
    base = profiles.Profile()
    assert {"danger", "weapons", "dice_for"} <= {n for n in dir(base) if not n.startswith("_")}
    for cls in profiles.PROFILES.values():
        own = {n for n, v in vars(cls).items() if callable(v) and not n.startswith("_")}
        assert own == set(), cls
    assert profiles.make_profile("zombicide", {"actions": 4}).params.actions == 4


def test_a_policy_gets_a_read_only_view_not_the_game():
    seen = []

    def probe(view, survivor, actions):
        seen.append(view)
        with pytest.raises(AttributeError, match="read-only"):
            view.memo = 1
        return actions[0]

    s = designer.load(ROOT / "scenarios/night-shift.json")
    Game(Board(s), 3, probe).play()
    assert seen and all(isinstance(v, GameView) and not isinstance(v, Game) for v in seen)


@pytest.mark.parametrize("path", SAMPLES)
def test_playing_attaches_nothing_to_the_board_or_the_game(path):
    s = designer.load(path)
    board = Board(s)
    before = set(vars(board))
    for policy in ("greedy", "cautious", "random"):
        g = Game(board, 5, policy, plan=bot_plan(s))
        fields = set(vars(g))
        g.play()
        assert set(vars(g)) == fields
    assert set(vars(board)) == before


def test_the_plan_is_handed_in_and_changes_what_the_bots_do():
    s = designer.load(ROOT / "scenarios/night-shift.json")
    plan = bot_plan(s)
    assert plan and all(isinstance(step, PlanStep) for step in plan)
    board = Board(s)
    with_plan = [Game(board, i, "greedy", plan=plan).play()["won"] for i in range(40)]
    without = [Game(board, i, "greedy").play()["won"] for i in range(40)]
    assert with_plan != without
    assert designer.play(s, seed=4) == Game(board, 4, "greedy", plan=plan).play()


def test_a_failed_plan_search_is_reported_not_swallowed(monkeypatch):
    from designer import plans

    def broken(*args, **kwargs):
        raise RuntimeError("out of cheese")

    monkeypatch.setattr(plans, "search", broken)
    monkeypatch.setattr(plans, "_CACHE", {})
    s = designer.load(ROOT / "scenarios/night-shift.json")
    with pytest.warns(plans.BotPlanWarning, match="night-shift.*out of cheese"):
        r = designer.play(s, seed=1)
    assert r["turns"] >= 1  # the bots still play, without a plan


def test_engine_version_follows_the_sources(tmp_path):
    assert batch.ENGINE_VERSION == batch._engine_version()
    root = tmp_path / "src"
    for package in ("engine", "rules"):
        shutil.copytree(ENGINE.parent / package, root / "designer" / package,
                        ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    first = batch._engine_version(root)
    rules = root / "designer" / "rules" / "profiles.py"
    rules.write_text(rules.read_text().replace("actions: int = 3", "actions: int = 4"))
    assert batch._engine_version(root) != first


def test_engine_version_changes_with_each_kind_of_source_a_game_reads(tmp_path):
    """A change to any source the version names (the engine, a typed module, the rules, the model,
    the loader, the planner, the town boards) gives a new version; the bytecode, the compiled
    extensions and the C that Cython writes beside a typed module do not."""
    root = tmp_path / "src"
    for entry in batch._SOURCES:
        source = ROOT / entry
        if source.is_dir():
            shutil.copytree(source, root / entry, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
        else:
            (root / entry).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, root / entry)
    first = batch._engine_version(root)
    assert first == batch.ENGINE_VERSION, "the copy hashes as the checkout"
    for entry in ("designer/engine/typed/play.py", "designer/engine/rng.pxd", "designer/model/scenario.py",
                  "designer/io/migrate.py", "designer/checks/plan.py", "designer/plans.py", "designer/town.py"):
        path = root / entry
        before = path.read_bytes()
        path.write_bytes(before + b"\n# changed\n")
        assert batch._engine_version(root) != first, entry
        path.write_bytes(before)
    assert batch._engine_version(root) == first
    (root / "designer/engine/typed/play.c").write_text("/* written again by Cython */")
    (root / "designer/engine/_built.py").write_text("SOURCES = {}\n")
    (root / "designer/engine/__pycache__").mkdir(exist_ok=True)
    (root / "designer/engine/__pycache__/core.cpython-311.pyc").write_bytes(b"\0")
    assert batch._engine_version(root) == first


_GAME_MODULES = """
import json, sys, warnings
warnings.simplefilter("ignore")
import designer
from designer.engine.batch import play_chunk
from designer.io.files import dumps
from designer.plans import bot_plan
for path in {samples!r}:
    try:
        s = designer.load(path)
    except Exception:  # a broken sample refused by the loader plays no game
        continue
    for policy in ("greedy", "cautious", "casual", "random"):
        try:
            play_chunk(dumps(s), policy, 1, None, 0, 2, bot_plan(s))
        except Exception:  # a sample the bots cannot play (a campaign, a broken map)
            pass
print(json.dumps(sorted(m.__file__ for n, m in sys.modules.items()
                        if n.startswith("designer") and getattr(m, "__file__", None))))
"""


def test_engine_version_names_every_module_a_game_imports():
    """Every module of the package that loading, planning and playing the samples imports (with
    each bot, both engines' paths) is a source of ``ENGINE_VERSION``, so that no change to what a
    game's record depends on leaves stored runs and kept plans served as today's. The ``__init__``
    of the package and of ``designer.io`` only name things lazily and are left out."""
    samples = [str(p) for p in SAMPLES]
    proc = subprocess.run([sys.executable, "-c", _GAME_MODULES.format(samples=samples)], capture_output=True,
                          text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    files = [Path(f).resolve().relative_to(ROOT).as_posix() for f in json.loads(proc.stdout.strip().splitlines()[-1])]
    files = [f.split(".")[0] + ".py" if f.endswith(".so") else f for f in files]  # a compiled module: its source
    assert "designer/engine/typed/play.py" in files and "designer/plans.py" in files
    uncovered = [f for f in files if f not in ("designer/__init__.py", "designer/io/__init__.py")
                 and not any(f == e or f.startswith(e + "/") for e in batch._SOURCES)]
    assert uncovered == []


# -- adding a rule: every kind of the model has its rule in the engine ---------------------------------


def test_every_zombie_type_of_the_model_has_a_row():
    assert set(typing.get_args(common.ZombieType)) == set(ZTYPES)
    assert sorted(MELEE_ORDER) == list(range(len(ZTYPES)))
    assert sorted(t for _, group in RANGED_GROUPS for t in group) == list(range(len(ZTYPES)))
    for row in ZOMBIE_TYPES:
        assert row.toughness >= 1 and row.actions >= 1 and row.xp >= 0
        assert all(name in ZTYPES for name, _ in row.companions)
        assert row.counts_as in ("", *ZTYPES) and row.zones_per_move >= 1


def test_every_zombie_type_reaches_the_schema_and_the_forms():
    """docs/engine.md, "A zombie type" (3 places): the model's name, the table's row (above) and
    the regenerated schema; the designer's forms offer every type of the model."""
    import json
    from pathlib import Path

    from designer.widgets.app import ZOMBIE_TYPES as FORM_TYPES

    text = (Path(__file__).parents[1] / "schemas" / "scenario.schema.json").read_text(encoding="utf-8")
    enums = [d["enum"] for d in _walk(json.loads(text)) if isinstance(d, dict) and "walker" in d.get("enum", ())]
    assert enums and all(set(e) == set(ZTYPES) for e in enums)
    assert list(FORM_TYPES) == list(typing.get_args(common.ZombieType))


def _walk(node):
    yield node
    children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    for child in children:
        yield from _walk(child)


def test_every_event_kind_is_fired():
    """Every event kind of the model has its code in the typed engine's tables."""
    from designer.engine.typed.tables import EVENTS

    assert set(EVENTS) == _kinds(model.Event)


def test_every_objective_kind_is_played():
    from designer.engine.typed.tables import OBJ

    assert set(OBJ) == _kinds(model.Objective)


def test_the_compiled_core_knows_every_kind():
    """Every effect, victory step, event and objective kind of the model has its code in the
    typed engine's tables (a new kind the engine does not play is refused by
    :func:`designer.engine.core._mission_rule`, so this test fails first)."""
    from designer.engine import core

    assert set(core._EFFECTS) == _kinds(model.Effect)
    assert set(core._STEPS) == _kinds(model.VictoryCondition)
    assert set(core._EVENTS) == _kinds(model.Event)
    assert set(core._OBJ) == _kinds(model.Objective)
    if len(ZTYPES) != core.CORE_ZOMBIE_TYPES:  # a new row: no game plays until the engine holds it
        assert not core.available() and "zombie types" in core.unsupported(None, "greedy")
