"""How the core's objects show themselves in a notebook without importing the render layer.

A board (:class:`dodnb.board.model.Board`) or a best-play search (:mod:`dodnb.prob.bestplay`)
displays itself in Jupyter (``_repr_svg_``, ``_repr_html_``, ``_repr_png_``), but drawing is the
render layer's job, above them (data <- board <- rules <- prob <- render <- widgets). So the display
methods ask :func:`show`, and the painter is installed from above: the package facade
(``dodnb/__init__.py``, loaded before any dodnb module) installs :func:`dodnb.render.notebook.paint`,
imported when a first picture is asked for. No core module names the render layer, and no import
cycle runs through a display method (tests/test_layers.py).

This module imports nothing from dodnb: it sits at the bottom, beside dodnb.errorbase.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

__all__ = ["install", "show", "install_words", "action_words"]

#: (object, MIME type) -> the picture in that type, or None when it has none; set by the facade.
_painter: Optional[Callable[[Any, str], Any]] = None


def install(painter: Callable[[Any, str], Any]) -> None:
    """Set the painter of every core object's notebook picture (the facade does, once)."""
    global _painter
    _painter = painter


def show(obj: Any, mime: str) -> Any:
    """`obj`'s picture as `mime` ('image/svg+xml', 'image/png', 'text/html'), or None (Jupyter
    then shows the next representation, the text) when no painter is installed or it has none."""
    return None if _painter is None else _painter(obj, mime)


#: (action, lang, state) -> the action in the learner's words; set by the facade (the render layer's
#: :func:`dodnb.render.narrate.action_words`, the one place that words actions in every language).
_worder: Optional[Callable[[Any, Optional[str], Any], str]] = None


def install_words(worder: Callable[[Any, Optional[str], Any], str]) -> None:
    """Set how the core names an action in a language (the facade does, once)."""
    global _worder
    _worder = worder


def action_words(action: Any, lang: Optional[str] = None, state: Any = None) -> str:
    """`action` in the learner's words in `lang`; the engine's own English (``str(action)``) when no
    worder is installed."""
    return str(action) if _worder is None else _worder(action, lang, state)
