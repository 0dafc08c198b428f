"""Two Jupyter server settings for the course: the kernel's WebSocket with TCP_NODELAY set (the map
answers the mouse sooner), and a contents manager that opens a notebook with no kernel running for
it with each widget's still in place of the dead widget ("Run the notebook to play again") and saves
notebooks without widget state (they stay small) but the line-of-sight explorer's, which answers
without a kernel: :class:`CourseContentsManager`.

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

from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
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
# saved and reopened notebooks

#: The command-line flag that selects :class:`CourseContentsManager` (the browser tests' server;
#: `make lab` writes the same setting in the venv's server config, tools/lab_settings.py).
CONTENTS_FLAG = "--ServerApp.contents_manager_class=dodnb.labserver.CourseContentsManager"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "widgets"  # the notebook metadata key where JupyterLab saves widget state (`saveState`)
#: what a front-end shows of an output without its widget view: a still stands there
STILL_TYPES = ("text/html", "image/png", "image/jpeg", "image/svg+xml")


#: a widget whose state has this true is kept in a saved notebook (dodnb.widgets.sightview.KEEP_TRAIT)
KEPT = "kept"
STATE_TYPE = "application/vnd.jupyter.widget-state+json"


def keep_widget_state(nb: dict) -> set:
    """Drop, in place, the saved widget state of every widget but those that answer without a kernel
    (their state has ``kept`` true: the line-of-sight explorer, dodnb/widgets/sightview.py) and the
    models they name (their layout); drop the whole entry when none is left. Returns the kept ids."""
    meta = nb.get("metadata") or {}
    saved = (meta.get(WIDGET_STATE) or {}).get(STATE_TYPE) if isinstance(meta.get(WIDGET_STATE), dict) else None
    models = saved.get("state") if isinstance(saved, dict) else None
    if not isinstance(models, dict):
        meta.pop(WIDGET_STATE, None)
        return set()
    kept = {mid for mid, m in models.items() if isinstance(m, dict) and (m.get("state") or {}).get(KEPT) is True}
    todo = list(kept)
    while todo:  # the models a kept one names ("IPY_MODEL_<id>"): its layout, its style
        state = (models.get(todo.pop()) or {}).get("state") or {}
        for value in state.values():
            if isinstance(value, str) and value.startswith("IPY_MODEL_") and value[10:] in models and value[10:] not in kept:
                kept.add(value[10:])
                todo.append(value[10:])
    if not kept:
        meta.pop(WIDGET_STATE, None)
        return set()
    saved["state"] = {mid: m for mid, m in models.items() if mid in kept}
    meta[WIDGET_STATE] = {STATE_TYPE: saved}
    return kept


def strip_widget_views(nb: dict) -> int:
    """Drop, in place, the widget view of every output that holds a still beside it (a widget of
    dodnb: the message and a picture, dodnb/widgets/still.py) unless its state is saved and kept
    (:func:`keep_widget_state`: the explorer answers from it), and any other saved widget state;
    return how many views were dropped. Outputs of a widget without a still keep their view."""
    dropped = 0
    kept = keep_widget_state(nb)
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            data = out.get("data")
            if isinstance(data, dict) and WIDGET_VIEW in data and any(t in data for t in STILL_TYPES):
                if isinstance(data[WIDGET_VIEW], dict) and data[WIDGET_VIEW].get("model_id") in kept:
                    continue
                del data[WIDGET_VIEW]
                (out.get("metadata") or {}).pop(WIDGET_VIEW, None)
                dropped += 1
    return dropped


class CourseContentsManager(AsyncLargeFileManager):
    """Jupyter's default contents manager, with two changes for notebooks (`ServerApp.
    contents_manager_class`, a documented setting):

    * **opened with no kernel running for it** (the next day; after the kernel was shut down), a
      notebook is handed to the front-end without the widget views that have a still beside them
      (:func:`strip_widget_views`). JupyterLab 4 and Notebook 7 render an output's widget view
      whenever it has one, even when no kernel holds its model ("Error displaying widget: model not
      found", or with saved widget state dead controls each with a red "disconnected" icon); without
      it they render the still: the picture under "Run the notebook (Run ▸ Run All Cells) to play
      again". With a kernel running for it (the page reloaded in class), the views stay and the live
      widgets come back from that kernel. The file itself is not changed by opening it.
    * **saved**, a notebook is written without saved widget state (the maps' canvases made a played
      notebook 05 2.8 MB), except the state of the widgets that answer without a kernel (the
      line-of-sight explorer, :func:`keep_widget_state`): reopened, it still answers every hover.
      The lab sends the state (jupyter/overrides.json: ``saveState`` true); this keeps only those."""

    async def get(self, path, content=True, type=None, format=None, **kwargs):
        model = await super().get(path, content=content, type=type, format=format, **kwargs)
        if content and model.get("type") == "notebook" and isinstance(model.get("content"), dict):
            if not await self.kernel_running_for(model.get("path", path)):
                strip_widget_views(model["content"])
        return model

    async def save(self, model, path=""):
        if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
            keep_widget_state(model["content"])
        return await super().save(model, path)

    async def kernel_running_for(self, path: str) -> bool:
        """Whether a session with a kernel is open on the notebook `path` (the server's sessions)."""
        sessions = getattr(self.parent, "session_manager", None)
        if sessions is None:
            return False
        try:
            listed = await sessions.list_sessions()
        except Exception:  # a session database in trouble: show the stills, never fail to open
            return False
        want = str(path).strip("/")
        return any(str(s.get("path") or "").split("?")[0].strip("/") == want and s.get("kernel") for s in listed)
