"""What a widget's output shows when no kernel drives it: a still picture and one clear message.

A widget's output holds, beside the live view (`application/vnd.jupyter.widget-view+json`), a
`text/html` still: the message "Run the notebook (Run ▸ Run All Cells) to play again" (catalogue
key ``reopen.run_again``, in the widget's language) over a picture of what the widget showed when
it was displayed (a PNG `<img>`, which JupyterLab's sanitiser keeps in an untrusted notebook). While
the kernel runs, the lab shows the live view; the still is what every front-end without the widget
shows: GitHub, nbviewer, a fresh clone, and a notebook reopened the next day.

The last needs one more thing. JupyterLab 4 and Notebook 7 prefer the widget view whenever the
output has one: a reopened notebook shows, without its model, "Error displaying widget: model not
found", or, with the widget state saved (`saveState`), dead controls each with a red "disconnected"
icon, never the still. So the Jupyter server that `make lab` starts keeps no widget state in a saved
notebook but the browser-drawn line-of-sight explorer's (which answers without a kernel:
widgets/sightview.py), and hands a notebook with no kernel running for it to the front-end without
the widget views that hold a still, that explorer's excepted
(:class:`dodnb.labserver.CourseContentsManager`): the still and the message show, as in the notebook
git stores (tools/nbclean.py). The saved file stays small (no canvases).

A widget gives its still as HTML (:meth:`StillMixin.still_html`); the mixin puts it in the display
bundle, once (no separate `image/png`: the picture is stored once).
"""

from __future__ import annotations

import html
from typing import Optional

from dodnb.i18n import tr

__all__ = ["StillMixin", "reopen_html", "REOPEN_CLASS"]

#: CSS class of the message (the browser test finds it by this class)
REOPEN_CLASS = "dodnb-reopen"
_MESSAGE_STYLE = (
    "margin:0 0 6px 0;padding:6px 12px;font-size:1.2em;font-weight:bold;"
    "background:#fff8e1;border-left:6px solid #f9a825;color:#3e2723"
)


def reopen_html(still: str, lang: Optional[str] = None) -> str:
    """The message (in `lang`) over `still` (HTML: a picture, a snapshot of a calculator)."""
    message = html.escape(tr("reopen.run_again", lang))
    return f'<div class="dodnb-still"><p class="{REOPEN_CLASS}" style="{_MESSAGE_STYLE}">{message}</p>{still}</div>'


class StillMixin:
    """For an ipywidgets widget (listed before the widget class): its display bundle gets the still
    (`text/html`, see the module) beside the live view and its text."""

    def still_html(self) -> str:  # pragma: no cover - every widget overrides it
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs):
        got = super()._repr_mimebundle_(**kwargs)  # the widget view and its text (ipywidgets)
        data = got[0] if isinstance(got, tuple) else got  # anywidget gives (data, metadata)
        if data is not None:
            data["text/html"] = reopen_html(self.still_html(), getattr(self, "lang", None))
        return got
