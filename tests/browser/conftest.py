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


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server by its pid: SIGTERM (it shuts its kernels down), then SIGKILL."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


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
        _stop(proc)


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
