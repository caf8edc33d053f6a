"""Compare ways of running the engine's typed Python on one kernel (:mod:`designer.bench.kernel`):
interpreted CPython, the same source compiled by Cython, the same source compiled by mypyc
(type annotations rewritten to plain ``int``), and, as the reference, CPython's own
``random.Random`` driving the same loop in plain Python.

``python -m designer.bench.candidates [--json]`` builds the compiled variants in a temporary
folder (needs Cython, mypy and a C compiler) and prints CPU time (``time.process_time``), the
minimum, median and maximum of three runs, per kernel game.

``python -m designer.bench.candidates --engine [--json]`` measures the other way to one engine:
the reference engine's modules (``ENGINE_MODULES``) compiled by Cython *unchanged* (annotations
ignored: the same Python objects, dicts and lists), against the same modules interpreted, on
whole games of the samples (records checked equal). It copies the package into a temporary
folder and builds there (a few minutes).
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from array import array
from collections import deque
from pathlib import Path
from typing import Any, Callable

__all__ = ["main", "run"]

HERE = Path(__file__).resolve().parent
ENGINE = HERE.parent / "engine"


def _board(n: int = 200, seed: int = 5) -> tuple[array, array, array]:
    """A random connected board of ``n`` zones (a grid-like graph) and its distance table to zone 0."""
    rnd = random.Random(seed)
    adj: list[list[int]] = [[] for _ in range(n)]
    for z in range(1, n):
        for other in {rnd.randrange(z), max(0, z - 1)}:
            adj[z].append(other)
            adj[other].append(z)
    dist = [-1] * n
    dist[0] = 0
    q = deque([0])
    while q:
        v = q.popleft()
        for u in adj[v]:
            if dist[u] < 0:
                dist[u] = dist[v] + 1
                q.append(u)
    start, flat = [0], []
    for row in adj:
        flat += row
        start.append(len(flat))
    return array("i", dist), array("i", start), array("i", flat)


def _plain(games: int, n: int, dist, adj_start, adj, steps: int) -> int:
    """The same kernel in plain Python with ``random.Random`` (how the reference engine draws)."""
    total = 0
    for g in range(games):
        r = random.Random(g)
        zones = [r._randbelow(n) for _ in range(16)]
        for _ in range(steps):
            for k in range(16):
                z = zones[k]
                here = dist[z]
                if here == 0:
                    zones[k] = r._randbelow(n)
                    continue
                opts = [adj[v] for v in range(adj_start[z], adj_start[z + 1]) if dist[adj[v]] == here - 1][:8]
                pick = r._randbelow(len(opts)) if len(opts) > 1 else 0
                zones[k] = opts[pick] if opts else z
                total += r._randbelow(6)
        total += sum(zones)
    return total


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def _build(tmp: Path, tool: str) -> Callable | str:
    """Compile rng.py + kernel.py as a small package ``cand_<tool>`` in ``tmp``; the kernel or
    the reason it could not be built."""
    pkg = tmp / f"cand_{tool}"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    shim = (ENGINE / "_cyshim.py").read_text()
    rng = (ENGINE / "rng.py").read_text()
    # one module, as the engine's rules module holds its generator: the kernel calls the
    # generator's typed methods directly
    body = (HERE / "kernel.py").read_text().split("__all__ = [\"draws\", \"kernel\", \"lookups\"]", 1)[1]
    kernel = rng.replace('__all__ = ["MT_N", "Twister", "seed_and_draw"]',
                         '__all__ = ["MT_N", "Twister", "kernel", "seed_and_draw"]') + body
    if tool == "mypyc":  # mypyc reads plain annotations: cython types become int, decorators go
        def plain(src: str) -> str:
            src = re.sub(r"cython\.(u?int|longlong|ulonglong)\[\d*:?\]", "array", src)
            src = re.sub(r"cython\.(u?int|longlong|ulonglong|Py_ssize_t)\b", "int", src)
            src = src.replace("cython.void", "None")
            src = re.sub(r"^\s*@cython\.\w+(\(.*\))?\n", "", src, flags=re.M)
            src = re.sub(r"try:\n    import cython\nexcept ImportError:.*\n.*\n", "from . import _cyshim as cython\n", src)
            return src.replace("_BASE = cython.declare(Twister, None)", "_BASE: Twister | None = None") \
                .replace("        base: Twister = _BASE\n", "        base = _BASE\n        assert base is not None\n")
        rng, kernel = plain(rng), plain(kernel)
    (pkg / "_cyshim.py").write_text(shim)
    (pkg / "kernel.py").write_text(kernel)
    if tool == "interpreted":
        cmd = None
    elif tool == "cython":
        cmd = [sys.executable, "-m", "cython", "-3", "--inplace", "-q", "kernel.py"]
        setup = ("from setuptools import setup\nfrom Cython.Build import cythonize\n"
                 f"setup(ext_modules=cythonize(['cand_cython/kernel.py'], quiet=True,"
                 " compiler_directives={'language_level': 3}))\n")
        (tmp / "setup_cython.py").write_text(setup)
        cmd = [sys.executable, "setup_cython.py", "build_ext", "--inplace", "-q"]
    else:
        cmd = [sys.executable, "-m", "mypyc", "cand_mypyc/kernel.py"]
    if cmd is None:  # plain CPython on the same source
        sys.path.insert(0, str(tmp))
        try:
            return importlib.import_module(f"cand_{tool}.kernel").kernel
        finally:
            sys.path.remove(str(tmp))
    proc = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
    if proc.returncode:
        return f"{tool} build failed: {(proc.stderr or proc.stdout).strip().splitlines()[-1:]}"
    sys.path.insert(0, str(tmp))
    try:
        mod = importlib.import_module(f"cand_{tool}.kernel")
    except Exception as exc:  # report, do not hide: the figure is then missing with its reason
        return f"{tool} import failed: {exc}"
    finally:
        sys.path.remove(str(tmp))
    if not mod.__file__.endswith((".so", ".pyd")):
        return f"{tool} produced no extension"
    return mod.kernel


def _cpu(f: Callable, *args) -> tuple[float, Any]:
    t0 = time.process_time()
    out = f(*args)
    return time.process_time() - t0, out


def run(games: int = 2000, steps: int = 20) -> dict[str, Any]:
    dist, start, adj = _board()
    candidates: dict[str, Callable | str] = {"cpython_random": _plain}
    tmp = Path(tempfile.mkdtemp(prefix="designer-candidates-"))
    try:
        candidates["interpreted_typed"] = _build(tmp, "interpreted")
        for tool in ("cython", "mypyc"):
            candidates[f"{tool}_compiled"] = _build(tmp, tool)
        out: dict[str, Any] = {"games": games, "zombies": 16, "steps": steps, "candidates": {}}
        checksums = set()
        for name, f in candidates.items():
            if isinstance(f, str):
                out["candidates"][name] = {"error": f}
                continue
            n = games if "compiled" in name else max(50, games // 20)
            runs = []
            for _ in range(3):
                t, total = _cpu(f, n, len(dist), dist, start, adj, steps)
                runs.append(t / n * 1e9)
            checksums.add(f(50, len(dist), dist, start, adj, steps))
            out["candidates"][name] = {"games": n, "ns_per_game_min": min(runs),
                                       "ns_per_game_median": statistics.median(runs), "ns_per_game_max": max(runs)}
        out["same_results"] = len(checksums) == 1
        comp = candidates.get("cython_compiled")
        if callable(comp):
            draw_fn = sys.modules[comp.__module__].draws
            runs = [_cpu(draw_fn, games, draws)[0] / games * 1e9 for _ in range(3)]
            out["cython_seed_and_draws"] = {"draws": draws, "ns_per_game_min": min(runs),
                                            "ns_per_game_median": statistics.median(runs),
                                            "ns_per_game_max": max(runs)}
        base = out["candidates"]["cpython_random"].get("ns_per_game_median")
        for c in out["candidates"].values():
            if base and "ns_per_game_median" in c:
                c["speedup_vs_cpython_random"] = base / c["ns_per_game_median"]
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


ENGINE_MODULES = ("board", "game", "policies", "profiles", "state", "view")
"""The reference engine's modules compiled by :func:`run_engine`."""

_GAMES_SCRIPT = r"""
import hashlib, json, sys, time
import designer
from designer.engine import Board, game
from designer.engine.game import Game  # the reference engine, compiled unchanged or not
from designer.engine.batch import game_seed
from designer.plans import bot_plan

games, names = int(sys.argv[1]), sys.argv[2].split(",")
out = {"game_module": game.__file__, "scenarios": {}}
for name in names:
    s = designer.load(f"scenarios/{name}.json")
    board, plan = Board(s), bot_plan(s)
    seeds = [game_seed(1, i) for i in range(games)]
    runs, digest = [], None
    for _ in range(3):
        t0 = time.process_time()
        records = [dict(Game(board, seed, "greedy", plan=plan).play()) for seed in seeds]
        runs.append((time.process_time() - t0) / games * 1e9)
        digest = hashlib.blake2b(json.dumps(records, sort_keys=True).encode(), digest_size=8).hexdigest()
    out["scenarios"][name] = {"ns_per_game": runs, "records": digest}
print(json.dumps(out))
"""


def run_engine(games: int = 300, names: tuple[str, ...] = ("seul-dans-le-noir", "night-shift")) -> dict[str, Any]:
    """Whole games (greedy, ``games`` per sample, seeds ``game_seed(1, i)``) played by the
    reference engine interpreted and by the same modules compiled unchanged by Cython."""
    root = HERE.parents[1]
    tmp = Path(tempfile.mkdtemp(prefix="designer-engine-candidate-"))
    try:
        shutil.copytree(root / "designer", tmp / "designer",
                        ignore=shutil.ignore_patterns("__pycache__", "node_modules", "*.c"))
        shutil.copytree(root / "scenarios", tmp / "scenarios")
        for m in ENGINE_MODULES:
            for so in (tmp / "designer" / "engine").glob(f"{m}.*.so"):
                so.unlink()
        mods = ", ".join(f"Extension('designer.engine.{m}', ['designer/engine/{m}.py'])" for m in ENGINE_MODULES)
        (tmp / "setup_engine.py").write_text(
            "from setuptools import Extension, setup\nfrom Cython.Build import cythonize\n"
            f"setup(ext_modules=cythonize([{mods}], quiet=True,"
            " compiler_directives={'language_level': 3, 'annotation_typing': False}))\n")
        t0 = time.time()
        proc = subprocess.run([sys.executable, "setup_engine.py", "build_ext", "--inplace", "-q"], cwd=tmp,
                              capture_output=True, text=True)
        build_s = time.time() - t0
        if proc.returncode:
            return {"error": f"build failed: {(proc.stderr or proc.stdout).strip().splitlines()[-1:]}"}
        out: dict[str, Any] = {"games": games, "policy": "greedy", "build_wall_s": build_s, "modes": {}}
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        for mode, cwd in (("interpreted", root), ("compiled_unchanged", tmp)):
            p = subprocess.run([sys.executable, "-c", _GAMES_SCRIPT, str(games), ",".join(names)], cwd=cwd,
                               capture_output=True, text=True, env={**env, "PYTHONPATH": str(cwd)})
            if p.returncode:
                return {"error": f"{mode} games failed: {p.stderr.strip().splitlines()[-1:]}"}
            out["modes"][mode] = json.loads(p.stdout.strip().splitlines()[-1])
        interp, comp = out["modes"]["interpreted"], out["modes"]["compiled_unchanged"]
        out["compiled"] = comp["game_module"].endswith((".so", ".pyd")) and \
            not interp["game_module"].endswith((".so", ".pyd"))
        out["scenarios"] = {}
        for name in names:
            a, b = interp["scenarios"][name], comp["scenarios"][name]
            out["scenarios"][name] = {
                "interpreted_ns_per_game": _mmm(a["ns_per_game"]), "compiled_ns_per_game": _mmm(b["ns_per_game"]),
                "speedup": statistics.median(a["ns_per_game"]) / statistics.median(b["ns_per_game"]),
                "same_records": a["records"] == b["records"]}
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _mmm(runs: list[float]) -> dict[str, float]:
    return {"min": min(runs), "median": statistics.median(runs), "max": max(runs)}


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if "--engine" in argv:
        result = run_engine()
        if "--json" in argv or "error" in result:
            print(json.dumps(result, indent=2))
            return
        print(f"compiled: {result['compiled']}; build {result['build_wall_s']:.0f} s (wall)")
        for name, r in result["scenarios"].items():
            i, c = r["interpreted_ns_per_game"], r["compiled_ns_per_game"]
            print(f"{name:20s} interpreted {i['median']:10.0f} ns/game (min {i['min']:.0f}, max {i['max']:.0f}); "
                  f"compiled unchanged {c['median']:10.0f} (min {c['min']:.0f}, max {c['max']:.0f}); "
                  f"x{r['speedup']:.2f}; same records: {r['same_records']}")
        return
    result = run()
    if "--json" in argv:
        print(json.dumps(result, indent=2))
        return
    for name, c in result["candidates"].items():
        if "error" in c:
            print(f"{name:20s} {c['error']}")
        else:
            print(f"{name:20s} {c['ns_per_game_median']:12.0f} ns/game (min {c['ns_per_game_min']:.0f}, "
                  f"max {c['ns_per_game_max']:.0f}); x{c.get('speedup_vs_cpython_random', 0):.1f}")
    for key in ("cython_seed_and_draws",):
        if key in result:
            c = result[key]
            print(f"{key:20s} {c['ns_per_game_median']:12.0f} ns/game (min {c['ns_per_game_min']:.0f}, "
                  f"max {c['ns_per_game_max']:.0f}); {c['draws']} draws")
    print("same results:", result["same_results"])


if __name__ == "__main__":
    main()
