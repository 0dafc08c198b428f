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

__all__ = ["install", "show", "install_words", "words", "action_words"]

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


#: (what, payload, lang) -> words, for what only the render layer words ("action": a legal action,
#: "why": why a line of sight is blocked, "modifier": a line of the Shot Modifier Chart); set by the
#: facade, asked by the core (dodnb.exercises, the engine's printed events) which sits under render.
_wording: Optional[Callable[[str, Any, Optional[str]], Optional[str]]] = None


def install_words(wording: Callable[[str, Any, Optional[str]], Optional[str]]) -> None:
    """Set the render layer's words for the core's things (the facade does, once)."""
    global _wording
    _wording = wording


def words(what: str, payload: Any, lang: Optional[str]) -> Optional[str]:
    """`payload` in words in `lang` (see install_words), or None when no wording is installed."""
    return None if _wording is None else _wording(what, payload, lang)


def action_words(action: Any, lang: Optional[str] = None, state: Any = None) -> str:
    """`action` in the learner's words in `lang` (the render layer's :func:`dodnb.render.narrate.action_words`,
    the one place that words actions in every language); the engine's own English (``str(action)``)
    when no wording is installed."""
    got = words("action", (action, state), lang) if _wording is not None else None
    return str(action) if got is None else got
