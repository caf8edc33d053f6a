"""Every notebook runs top to bottom in a real kernel (its last cells check what they did).

Each notebook runs in its own short-lived process (``tests/notebook_runner.py``) with a kernel
on Unix sockets, under a wall-clock limit after which that process, its kernel and everything the
kernel started are killed. Why not nbclient in the test process, as before: run there one after
another, after the rest of the suite, the fourth notebook's client waited forever for the reply
to the last cell while the kernel sat idle with nothing left to send (seen with ipykernel 7.4,
pyzmq 27, jupyter_client 8.10; a stack dump showed the client's event loop polling and the
kernel's shell stream with an empty send queue), so the reply was lost in the long-lived test
process, which by then had run Dask clusters, process pools and three earlier kernel clients on
the same event loop. A fresh process per notebook shares none of that, no TCP port is picked and
released before the kernel binds it, and a hang costs at most :data:`NOTEBOOK_TIMEOUT` seconds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import psutil
import pytest

from .conftest import ROOT

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

NOTEBOOK_TIMEOUT = 240
"""Wall-clock seconds for one notebook, kernel start-up included (each takes 5-20 s on an idle
machine, up to about 2 minutes on a machine loaded four times over)."""

pytestmark = pytest.mark.slow


def test_there_are_notebooks():
    assert NOTEBOOKS


def _kill_tree(proc: psutil.Process) -> None:
    family = proc.children(recursive=True) + [proc]
    for p in family:
        try:
            p.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs(family, timeout=10)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_top_to_bottom(path, tmp_path):
    env = dict(os.environ, DESIGNER_DRAFTS=str(tmp_path / "drafts"), DESIGNER_RESULTS=str(tmp_path / "r.sqlite"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               MPLBACKEND="Agg")
    proc = subprocess.Popen([sys.executable, "-m", "tests.notebook_runner", str(path)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    ps = psutil.Process(proc.pid)
    try:
        out, err = proc.communicate(timeout=NOTEBOOK_TIMEOUT)
    except subprocess.TimeoutExpired:
        _kill_tree(ps)
        out, err = proc.communicate()
        pytest.fail(f"{path.name} did not finish in {NOTEBOOK_TIMEOUT} s; its kernel was killed\n"
                    f"{err.decode(errors='replace')[-3000:]}")
    lines = out.decode().strip().splitlines()
    assert proc.returncode == 0 and lines, err.decode(errors="replace")[-3000:]
    result = json.loads(lines[-1])
    assert result["kernelspec"] == "python3", "a notebook without a kernelspec blocks JupyterLab"
    assert result["errors"] == []
    assert result["ran"] == result["cells"] > 0
    leftovers = [p for p in psutil.process_iter(["environ"]) if _started_for(p, tmp_path)]
    assert leftovers == [], "the kernel and its workers are gone once the notebook is done"


def _started_for(p: psutil.Process, tmp_path) -> bool:
    try:
        return (p.info.get("environ") or {}).get("DESIGNER_DRAFTS") == str(tmp_path / "drafts")
    except (psutil.Error, AttributeError):
        return False
