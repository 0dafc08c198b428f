"""A Jupyter server setting that makes the map answer the mouse sooner: the kernel's WebSocket with
TCP_NODELAY set.

A widget's answer to a mouse move (the line-of-sight explorer's line, the stepper's tokens) travels
from the kernel to the browser in a few small WebSocket frames. The Jupyter server leaves Nagle's
algorithm on for that socket, so a frame written while the previous one is still unacknowledged waits
for the browser's delayed acknowledgement, up to about 40 ms (JUPYTER_TESTING.md, "Measuring
latency"). With TCP_NODELAY the frames leave at once. Measured with the real-browser test
(tests/browser/test_lab.py, alone on the 2-core machine), the explorer's hover to the changed picture:
each move timed once the last one's picture is finished, median 59-61 ms without, 48-50 ms with (two
runs each); moves timed back to back, 76-77 ms without, 54-56 ms with (three runs each).

`make lab` and the browser tests start JupyterLab with it; in a JupyterLab of your own::

    jupyter lab --ServerApp.kernel_websocket_connection_class=dodnb.labserver.NoDelayKernelConnection

It changes nothing else: the messages, their order and the kernel are Jupyter's own. Only the Jupyter
server imports this module (it needs `jupyter_server`, which comes with JupyterLab); nothing in dodnb
does.
"""

from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

#: The command-line flag that selects it (the Makefile and the browser tests' server use this text).
FLAG = "--ServerApp.kernel_websocket_connection_class=dodnb.labserver.NoDelayKernelConnection"


class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
    """Jupyter's default kernel WebSocket connection, with TCP_NODELAY set on the socket as the
    browser connects (`ServerApp.kernel_websocket_connection_class`, a documented setting)."""

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super().connect()
