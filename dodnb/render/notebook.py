"""Notebook pictures of the core's objects: what ``Board._repr_svg_``, ``Game`` and ``Position``'s
``_repr_svg_`` / ``_repr_png_``, ``BestPlay._repr_html_`` and ``Tree._repr_svg_`` / ``_repr_png_`` show. The core asks :func:`dodnb.display.show`; the package
facade installs :func:`paint` there, so the board and prob layers never import this layer.
"""

from __future__ import annotations

import html
from typing import Any

from dodnb.board.model import Board
from dodnb.prob.bestplay import BestPlay, Tree
from dodnb.prob.dist import fmt_fraction, fmt_percent
from dodnb.render.narrate import action_words
from dodnb.render.picture import picture
from dodnb.render.state_scene import game_scene, game_svg
from dodnb.render.svg import board_svg
from dodnb.rules.game import Game
from dodnb.rules.position import Position
from dodnb.render.tree import tree_scene, tree_svg

__all__ = ["paint", "best_play_html"]

SVG, PNG, HTML = "image/svg+xml", "image/png", "text/html"

_BOLD = ' style="font-weight:bold"'


def best_play_html(r: BestPlay) -> str:
    """A best-play search's choices as an HTML table: each choice's words and value, the best bold."""
    rows = "".join(
        f"<tr{_BOLD if c == r.best else ''}><td>{html.escape(action_words(c.action, None, r.state))}</td>"
        f"<td style='text-align:right'>{fmt_percent(c.value)}</td><td>{fmt_fraction(c.value)}</td></tr>"
        for c in r.choices)
    return (f"<table><caption style='text-align:left'><b>{html.escape(r.question_words())}</b><br>"
            f"<small>with the best choice: {fmt_percent(r.value)} ({fmt_fraction(r.value)}); {r.nodes} positions searched, "
            f"{r.merged} reached again and merged</small></caption>{rows}</table>")  # fmt: skip


def paint(obj: Any, mime: str) -> Any:
    """`obj`'s notebook picture as `mime`, or None when this layer draws none of that type."""
    if isinstance(obj, (Game, Position)):  # a game's or a study position's pieces on the map
        shown = obj if isinstance(obj, Game) else obj.raw_state()
        if mime == SVG:
            return game_svg(shown)
        if mime == PNG:
            return picture(game_scene(shown)).png  # untrusted notebooks show PNG, not SVG
    if isinstance(obj, Board) and mime == SVG:
        return board_svg(obj)
    if isinstance(obj, BestPlay) and mime == HTML:
        return best_play_html(obj)
    if isinstance(obj, Tree) and mime == SVG:
        return tree_svg(obj)
    if isinstance(obj, Tree) and mime == PNG:
        return picture(tree_scene(obj)).png  # untrusted notebooks show PNG, not SVG (render.picture)
    return None
