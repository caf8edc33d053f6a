"""The designer in a real browser: Debian's Chromium driven by Playwright against JupyterLab and
Voilà served on 127.0.0.1. Opens the design notebook, runs it, waits for the canvas, adds a zone
and a door through the forms, exports, and checks the file on disk; asserts that nothing is
fetched from outside the machine.

``make test`` installs Debian's chromium (as root) and runs them with ``DESIGNER_BROWSER_TESTS=1``;
a plain ``pytest`` skips them."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import designer
from designer.checks import check

from .conftest import ROOT

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
NOTEBOOK = "notebooks/01-design-a-scenario.ipynb"
BIN = Path(sys.executable).parent

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists() or os.environ.get("DESIGNER_BROWSER_TESTS") != "1",
                       reason="browser tests run with DESIGNER_BROWSER_TESTS=1 and Debian's chromium installed"),
    # a real browser against a real server: allow a retry for a slow start, never for a wrong result twice
    pytest.mark.flaky(reruns=2, reruns_delay=2),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(cmd: list[str], url: str, tmp: Path) -> subprocess.Popen:
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp / "config"), "JUPYTER_DATA_DIR": str(tmp / "data"),
           "DESIGNER_DRAFTS": str(tmp / "drafts")}
    log = open(tmp / "server.log", "w")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return proc
        except OSError:
            time.sleep(0.5)
    proc.terminate()
    raise RuntimeError(f"server did not start: {(tmp / 'server.log').read_text()[-2000:]}")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


def drive_designer(page) -> Path:
    """Add a zone and a door through the designer's forms, export, and return the file written."""
    count = lambda what: int(page.eval_on_selector(".sd-canvas[data-node-count]", f"e => e.dataset.{what}"))  # noqa: E731
    nodes, edges = count("nodeCount"), count("edgeCount")
    page.get_by_role("button", name="Add zone").click()
    page.wait_for_function(f"() => document.querySelector('.sd-canvas[data-node-count]').dataset.nodeCount === '{nodes + 1}'",
                           timeout=30000)
    dropdown = lambda label: page.locator(".widget-dropdown", has=page.locator("label", has_text=re.compile(f"^{label}$"))).locator("select").first  # noqa: E731
    dropdown("New").select_option("door")
    dropdown("From").select_option("gate")
    new_zone = dropdown("To").locator("option").last.get_attribute("value")
    dropdown("To").select_option(new_zone)
    page.get_by_role("button", name="Add connection").click()
    page.wait_for_function(f"() => document.querySelector('.sd-canvas[data-node-count]').dataset.edgeCount === '{edges + 1}'",
                           timeout=30000)
    page.get_by_role("button", name="Export").click()
    status = page.locator(".widget-html", has_text="exported")
    status.wait_for(timeout=30000)
    return Path(re.search(r"exported (\S+\.json)", status.inner_text()).group(1)), new_zone


def painted_pixels(page) -> int:
    """Pixels the map canvas has drawn (all cytoscape layers)."""
    return page.evaluate("""() => [...document.querySelectorAll('.sd-canvas[data-node-count] canvas')].reduce((n, c) => {
        const x = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        for (let i = 3; i < x.length; i += 4) if (x[i]) n++;
        return n; }, 0)""")


def check_export(path: Path, new_zone: str) -> None:
    s = designer.load(path)
    door = next(c for c in s.connections if new_zone in (c.source, c.target))
    assert door.kind == "door" and {door.source, door.target} == {"gate", new_zone}
    assert not check(s).errors


def browser(p):
    return p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)


def record_outside(page, outside: list[str]) -> None:
    def route(r):
        url = r.request.url
        if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
            r.continue_()
        else:
            outside.append(url)
            r.abort()
    page.route("**/*", route)


def test_designer_in_jupyterlab(tmp_path):
    from playwright.sync_api import sync_playwright

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    work = tmp_path / "work"  # JupyterLab saves the notebook it runs: give it a copy
    (work / "notebooks").mkdir(parents=True)
    shutil.copy(ROOT / NOTEBOOK, work / NOTEBOOK)
    proc = serve([str(BIN / "jupyter"), "lab", "--allow-root", "--no-browser", "--ip", "127.0.0.1", "--port", str(port),
                  "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={work}",
                  "--LabApp.expose_app_in_browser=True", f"--LabApp.user_settings_dir={tmp_path / 'settings'}",
                  f"--LabApp.workspaces_dir={tmp_path / 'ws'}"], f"{base}/lab", tmp_path)
    outside: list[str] = []
    try:
        with sync_playwright() as p:
            b = browser(p)
            page = b.new_page(viewport={"width": 1600, "height": 1000})
            record_outside(page, outside)
            page.goto(f"{base}/lab/tree/{NOTEBOOK}")
            page.wait_for_selector(".jp-Notebook", timeout=90000)
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands.hasCommand('notebook:run-all-cells')",
                                   timeout=60000)
            # run all cells once the kernel is up (the status bar says Idle)
            page.get_by_text(re.compile(r"\| Idle")).first.wait_for(timeout=120000)
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            try:
                page.wait_for_selector(".sd-canvas[data-node-count]", timeout=180000)
            except Exception:
                page.screenshot(path=str(tmp_path / "failure.png"))
                raise
            # the last cell checks the canvas events; wait for its output
            page.locator(".jp-OutputArea-output", has_text="canvas events drive the editor").first.wait_for(timeout=180000)
            # the canvas catches up with the kernel's last edits: seven zones
            page.wait_for_function("() => document.querySelector('.sd-canvas[data-node-count]').dataset.nodeCount === '7'",
                                   timeout=60000)
            page.evaluate("() => document.querySelector('.sd-canvas[data-node-count]').scrollIntoView({block: 'center'})")
            page.wait_for_function("""() => [...document.querySelectorAll('.sd-canvas[data-node-count] canvas')].some(c => {
                const x = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                for (let i = 3; i < x.length; i += 4) if (x[i]) return true; return false; })""", timeout=30000)
            assert painted_pixels(page) > 2000, "the map is drawn"
            try:
                path, new_zone = drive_designer(page)
            except Exception:
                page.screenshot(path=str(tmp_path / "failure.png"))
                raise
            check_export(path, new_zone)
            page.evaluate("() => document.querySelector('.sd-canvas[data-node-count]').scrollIntoView({block: 'center'})")
            time.sleep(1)
            assert painted_pixels(page) > 2000, "the map is still drawn after the edits"
            page.screenshot(path=str(ROOT / "docs" / "designer.png"))
            b.close()
    finally:
        stop(proc)
        shutil.rmtree(tmp_path / "data", ignore_errors=True)
    assert outside == [], f"requests left the machine: {outside}"


def test_designer_as_a_voila_app(tmp_path):
    from playwright.sync_api import sync_playwright

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = serve([str(BIN / "voila"), NOTEBOOK, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
                 f"{base}/", tmp_path)
    outside: list[str] = []
    try:
        with sync_playwright() as p:
            b = browser(p)
            page = b.new_page(viewport={"width": 1600, "height": 1000})
            record_outside(page, outside)
            page.goto(f"{base}/")
            page.wait_for_selector(".sd-canvas[data-node-count]", timeout=180000)
            page.get_by_text("canvas events drive the editor").first.wait_for(timeout=180000)
            page.evaluate("() => document.querySelector('.sd-canvas[data-node-count]').scrollIntoView({block: 'center'})")
            path, new_zone = drive_designer(page)
            check_export(path, new_zone)
            time.sleep(1)
            assert painted_pixels(page) > 2000, "the map is drawn"
            b.close()
    finally:
        stop(proc)
    # Voilà's page asks a CDN for the Font Awesome stylesheet; nothing in the app needs it
    others = [u for u in outside if "font-awesome" not in u and "fontawesome" not in u]
    assert others == [], f"requests left the machine: {others}"
