"""Two Jupyter server settings for the course: the kernel's WebSocket with TCP_NODELAY set (the map
answers the mouse sooner), and a pre-save hook that writes a notebook without its widget views where
a still stands beside them (a notebook reopened the next day shows the still and "Run the notebook
to play again", not dead controls; it stays small). The hook is described at :func:`pre_save`.

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


# =============================================================================================
# saved notebooks

#: The command-line flag that installs :func:`pre_save` (the browser tests' server; `make lab`
#: writes the same setting in the venv's server config, tools/lab_settings.py).
SAVE_FLAG = "--ContentsManager.pre_save_hook=dodnb.labserver.pre_save"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "widgets"  # the notebook metadata key where JupyterLab saves widget state (`saveState`)
#: what a front-end shows of an output without its widget view: a still stands there
STILL_TYPES = ("text/html", "image/png", "image/jpeg", "image/svg+xml")


def strip_widget_views(nb: dict) -> int:
    """Drop, in place, the widget view of every output that holds a still beside it (a widget of
    dodnb: the message and a picture, dodnb/widgets/still.py), and any saved widget state; return
    how many views were dropped. Outputs of a widget without a still keep their view."""
    dropped = 0
    (nb.get("metadata") or {}).pop(WIDGET_STATE, None)
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            data = out.get("data")
            if isinstance(data, dict) and WIDGET_VIEW in data and any(t in data for t in STILL_TYPES):
                del data[WIDGET_VIEW]
                (out.get("metadata") or {}).pop(WIDGET_VIEW, None)
                dropped += 1
    return dropped


def pre_save(model, path=None, contents_manager=None, **kwargs):
    """`ContentsManager.pre_save_hook`: the notebook written without the widget views that have a
    still beside them, and without saved widget state (:func:`strip_widget_views`).

    Why on the server: JupyterLab 4 and Notebook 7 render a widget output's view whenever the output
    has one, even when its model is gone (a reopened notebook: "Error displaying widget: model not
    found", or with the widget state saved, dead controls each with a red "disconnected" icon). The
    output's still (`text/html`) shows only where the view is absent. The open notebook keeps its live
    widgets (the browser's copy is not touched); the file gets what a reopened notebook should show,
    the same as git stores (tools/nbclean.py), a few hundred KB instead of megabytes of canvases."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    strip_widget_views(model["content"])
