"""dodnb.labserver: the kernel's WebSocket with TCP_NODELAY, as `make lab` and the browser tests start
JupyterLab (the real-browser tests in tests/browser run through it)."""

from __future__ import annotations

from pathlib import Path

from jupyter_server.serverapp import ServerApp
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from dodnb import labserver

REPO = Path(__file__).resolve().parents[1]


class _Handler:
    def __init__(self, calls):
        self.calls = calls

    def set_nodelay(self, value):
        self.calls.append(("nodelay", value))


def test_the_connection_sets_nodelay_before_jupyter_connects(monkeypatch):
    calls = []
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: calls.append(("connect",)) or "future")
    conn = object.__new__(labserver.NoDelayKernelConnection)  # no kernel: only connect() is looked at
    monkeypatch.setattr(labserver.NoDelayKernelConnection, "websocket_handler", _Handler(calls), raising=False)
    assert conn.connect() == "future"  # Jupyter's own connect, its result handed back
    assert calls == [("nodelay", True), ("connect",)]


def test_jupyter_takes_it_by_name_as_its_kernel_connection():
    assert issubclass(labserver.NoDelayKernelConnection, ZMQChannelsWebsocketConnection)  # Jupyter's own, without a gateway
    app = ServerApp()
    app.kernel_websocket_connection_class = "dodnb.labserver.NoDelayKernelConnection"  # what the flag sets
    assert app.kernel_websocket_connection_class is labserver.NoDelayKernelConnection


def test_make_lab_and_the_browser_tests_start_jupyterlab_with_it():
    name, value = labserver.FLAG.removeprefix("--").split("=")
    assert name == "ServerApp.kernel_websocket_connection_class" and value == "dodnb.labserver.NoDelayKernelConnection"
    assert f"--{name}={value}" in (REPO / "Makefile").read_text(encoding="utf-8")
    assert "labserver.FLAG" in (REPO / "tests" / "browser" / "conftest.py").read_text(encoding="utf-8")
