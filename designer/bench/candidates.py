"""Compare ways of running the engine's typed Python on one kernel (:mod:`designer.bench.kernel`):
interpreted CPython, the same source compiled by Cython, the same source compiled by mypyc
(type annotations rewritten to plain ``int``), and, as the reference, CPython's own
``random.Random`` driving the same loop in plain Python.

``python -m designer.bench.candidates [--json]`` builds the compiled variants in a temporary
folder (needs Cython, mypy and a C compiler) and prints CPU time (``time.process_time``), the
minimum, median and maximum of three runs, per kernel game.
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
        # the generator alone (seed and draws) against today's C core, which exposes only that
        from ..engine import core

        draws = 16 * (steps + 1)
        if core._core is not None:
            runs = []
            for _ in range(3):
                t0 = time.process_time()
                for g in range(games):
                    core._core.randbelow(g, [6] * draws)
                runs.append((time.process_time() - t0) / games * 1e9)
            out["c_core_seed_and_draws"] = {"draws": draws, "ns_per_game_min": min(runs),
                                            "ns_per_game_median": statistics.median(runs),
                                            "ns_per_game_max": max(runs)}
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


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
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
    for key in ("c_core_seed_and_draws", "cython_seed_and_draws"):
        if key in result:
            c = result[key]
            print(f"{key:20s} {c['ns_per_game_median']:12.0f} ns/game (min {c['ns_per_game_min']:.0f}, "
                  f"max {c['ns_per_game_max']:.0f}); {c['draws']} draws")
    print("same results:", result["same_results"])


if __name__ == "__main__":
    main()
