"""Run one notebook top to bottom in a fresh kernel and print what went wrong as one JSON line.

``python -m tests.notebook_runner NOTEBOOK`` is what ``tests/test_notebooks.py`` starts, once per
notebook, each in its own process: see that module for why. The kernel talks over Unix sockets
(``transport="ipc"``) in a private folder, so no TCP port is chosen, released and then taken by
somebody else before the kernel binds it.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

CELL_TIMEOUT = 120
"""Seconds one cell may run (the slowest takes a few seconds on an idle machine)."""
STARTUP_TIMEOUT = 60
"""Seconds the kernel may take to answer its first kernel_info request."""


def run(path: Path) -> dict:
    import nbclient
    import nbformat
    from jupyter_client.manager import AsyncKernelManager

    nb = nbformat.read(path, as_version=4)
    # a short private folder: a Unix socket path must stay under about 100 bytes
    sockets = Path(tempfile.mkdtemp(prefix="nb-"))
    try:
        km = AsyncKernelManager(kernel_name=nb.metadata.get("kernelspec", {}).get("name", "python3"),
                                transport="ipc", ip=str(sockets / "k"))
        client = nbclient.NotebookClient(nb, km=km, timeout=CELL_TIMEOUT, startup_timeout=STARTUP_TIMEOUT,
                                         shutdown_kernel="immediate",
                                         resources={"metadata": {"path": str(path.parent)}})
        try:
            client.execute()
        except nbclient.exceptions.CellExecutionError as e:
            return {"kernelspec": nb.metadata.get("kernelspec", {}).get("name"), "errors": [str(e)[-2000:]]}
        except nbclient.exceptions.CellTimeoutError as e:
            return {"kernelspec": nb.metadata.get("kernelspec", {}).get("name"), "errors": [f"timeout: {e}"[-2000:]]}
        errors = ["\n".join(o.get("traceback", []))[-2000:] or o.get("ename", "error")
                  for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
        cells = sum(1 for c in nb.cells if c.cell_type == "code")
        ran = sum(1 for c in nb.cells if c.cell_type == "code" and c.get("execution_count"))
        return {"kernelspec": nb.metadata.get("kernelspec", {}).get("name"), "errors": errors,
                "cells": cells, "ran": ran}
    finally:
        shutil.rmtree(sockets, ignore_errors=True)


def main() -> None:
    result = run(Path(sys.argv[1]).resolve())
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()
    os._exit(0)  # do not wait for anything the kernel's shutdown may have left behind


if __name__ == "__main__":
    main()
