"""Fixtures for the real-browser test: a throw-away JupyterLab server and a headless Chromium.

The server runs on 127.0.0.1 on a free port, without a token, from a temporary root holding a copy of
notebooks/ and docs/ (as `make lab` serves the repository root) and the fixture notebook, with its own HOME, workspaces and settings folders, so nothing
the test does touches the repository or the user's Jupyter set-up. It is stopped by its pid.
Chromium is Debian's /usr/bin/chromium driven by Playwright (never `playwright install`).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from dodnb import labserver

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
from lab_settings import write_overrides  # noqa: E402  (tools/lab_settings.py, what `make lab` runs)
HERE = Path(__file__).resolve().parent
FIXTURE_NOTEBOOK = HERE / "fixture_canvas.ipynb"
CHROMIUM = "/usr/bin/chromium"
# Flags measured to work as root on these machines (docs: shared field notes). The network ones stop
# Chromium calling out to hosts that the closed network refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Lab settings that keep a test run quiet and deterministic: no news/update toast; every cell kept in
# the DOM (the default windowing may detach or skip off-screen cells, canvases included).
LAB_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
}
SERVER_START_TIMEOUT = 120  # seconds; ~5 s is usual

# Notebooks are run by the browser test, never collected by nbval from here.
collect_ignore_glob = ["*.ipynb"]

@pytest.fixture(scope="session")
def artefacts(tmp_path_factory) -> Path:
    """Where the screenshots go (printed at the end of the run; never committed)."""
    return tmp_path_factory.mktemp("browser-artefacts")


@dataclass(frozen=True)
class LabServer:
    url: str
    root: Path
    home: Path
    log: Path

    def log_tail(self, n: int = 40) -> str:
        try:
            lines = self.log.read_text(errors="replace").splitlines()
        except OSError:
            return "(no server log)"
        return "\n".join(lines[-n:])


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_server(proc: subprocess.Popen) -> None:
    """Stop the server by its pid: SIGTERM (it shuts its kernels down), then SIGKILL."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


# Await the notebook's context, session and kernel info (Lab's "Idle" is not "ready": JUPYTER_TESTING.md).
KERNEL_READY_JS = """async ([path, ms]) => {
  while (!window.jupyterapp) await new Promise(r => setTimeout(r, 50));  // the page may not have made the app yet
  const app = window.jupyterapp;
  const work = (async () => {
    await app.started; await app.restored;
    let panel = null;
    while (!panel) {
      for (const w of app.shell.widgets('main')) if (w.context && w.context.path === path && w.sessionContext) panel = w;
      if (!panel) await new Promise(r => setTimeout(r, 100));
    }
    app.shell.activateById(panel.id);
    await panel.context.ready; await panel.sessionContext.ready;
    let kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    while (!kernel) { await new Promise(r => setTimeout(r, 100)); kernel = panel.sessionContext.session && panel.sessionContext.session.kernel; }
    await kernel.info;
    while (kernel.connectionStatus !== 'connected' || kernel.status !== 'idle') await new Promise(r => setTimeout(r, 100));
    return kernel.id;
  })();
  return await Promise.race([work, new Promise((_, no) => setTimeout(() => no(new Error('kernel not ready')), ms))]);
}"""

# Run All in the notebook at `path`, wait for the kernel to be idle: {errors, unrun} (code cells that
# raised, code cells with no execution count).
RUN_ALL_JS = """async (path) => {
  const app = window.jupyterapp;
  let panel = null;
  for (const w of app.shell.widgets('main')) if (w.context && w.context.path === path) panel = w;
  app.shell.activateById(panel.id);
  await app.commands.execute('notebook:run-all-cells');
  const kernel = panel.sessionContext.session.kernel;
  while (kernel.status !== 'idle') await new Promise(r => setTimeout(r, 100));
  const errors = [], unrun = [];
  panel.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code') return;
    if (cell.model.executionCount === null) unrun.push(i);
    for (const o of cell.model.outputs.toJSON()) if (o.output_type === 'error') errors.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
  });
  return {errors, unrun};
}"""


def start_voila(notebook: str, root: Path, home: Path, log: Path, *, env: dict | None = None, extra: tuple = (),
                timeout: float = SERVER_START_TIMEOUT) -> tuple[subprocess.Popen, str, float]:
    """Voilà serving `notebook` (relative to `root`) on 127.0.0.1 with its own HOME, the kernel's
    WebSocket as `make lab` sets it (labserver.FLAG); waits until it answers. (process, url, seconds
    to start); stop it with `stop_server`. A server that exits or never answers fails the test with its log."""
    port = _free_port()
    env = dict(os.environ, HOME=str(home), JUPYTER_PLATFORM_DIRS="1", PYTHONUNBUFFERED="1",
               PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""), **(env or {}))
    assert labserver.FLAG.startswith("--ServerApp.kernel_websocket_connection_class=")
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
           f"--Voila.root_dir={root}", labserver.FLAG.replace("ServerApp", "Voila"), *extra, notebook]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    t0 = time.monotonic()
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"Voilà exited with code {proc.returncode}:\n{log.read_text(errors='replace')[-3000:]}")
            try:
                with urllib.request.urlopen(url + "/voila/static/favicon.ico", timeout=2):
                    break
            except urllib.error.HTTPError:
                break  # it answers
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() - t0 > timeout:
                pytest.fail(f"Voilà not answering after {timeout:g} s:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.25)
    except BaseException:
        stop_server(proc)
        raise
    return proc, url, time.monotonic() - t0


@pytest.fixture(scope="module")  # stopped once the browser tests are done
def lab_server(tmp_path_factory) -> LabServer:
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"  # a copy of what `make lab` serves: notebooks/ and docs/ side by side
    root.mkdir()
    for folder in ("notebooks", "docs"):
        if (REPO / folder).is_dir():
            shutil.copytree(REPO / folder, root / folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copy(FIXTURE_NOTEBOOK, root / FIXTURE_NOTEBOOK.name)
    home = base / "home"
    settings = base / "app-settings"
    for d in (home, settings, base / "user-settings", base / "workspaces"):
        d.mkdir()
    # the project's lab settings, written as `make lab` writes them (saveState true: the server keeps
    # only the sight explorer's widget state, dodnb.labserver), plus the quiet test settings above
    write_overrides(settings, LAB_OVERRIDES)

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONUNBUFFERED="1",
        # the kernel must be this interpreter's (the test venv, where dodnb is installed)
        PATH=str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", ""),
    )
    cmd = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser", "--allow-root",
        "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
        "--ServerApp.token=", "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.workspaces_dir={base / 'workspaces'}",
        f"--LabApp.app_settings_dir={settings}",
        f"--LabApp.user_settings_dir={base / 'user-settings'}",
        labserver.FLAG,  # as `make lab` starts it: the kernel's WebSocket with TCP_NODELAY
        labserver.CONTENTS_FLAG,  # as `make lab` configures it: stills when no kernel runs, no saved widget state
    ]  # fmt: skip
    log = base / "jupyter-lab.log"
    with open(log, "wb") as log_file:
        proc = subprocess.Popen(
            cmd, cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=log_file, stderr=subprocess.STDOUT
        )
    server = LabServer(url=url, root=root, home=home, log=log)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with code {proc.returncode}:\n{server.log_tail()}")
            try:
                with urllib.request.urlopen(url + "/api/status", timeout=2) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab not ready after {SERVER_START_TIMEOUT} s:\n{server.log_tail()}")
            time.sleep(0.25)
        yield server
    finally:
        stop_server(proc)


@pytest.fixture(scope="module")
def browser(lab_server):
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} not found: `make test` installs Debian's chromium and fonts-liberation "
            "(apt-get). Playwright's own browser download is not used."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            env={**os.environ, "HOME": str(lab_server.home)},
        )
        try:
            yield browser
        finally:
            browser.close()
