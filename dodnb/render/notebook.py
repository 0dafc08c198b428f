"""Notebook pictures of the core's objects: what ``Board._repr_svg_``, ``Game`` and ``Position``'s
``_repr_svg_`` / ``_repr_png_``, ``BestPlay._repr_html_`` and ``Tree._repr_svg_`` / ``_repr_png_`` show. The core asks :func:`dodnb.display.show`; the package
facade installs :func:`paint` there, so the board and prob layers never import this layer.
"""

from __future__ import annotations

import html
from typing import Any

from dodnb.board.model import Board
from dodnb.i18n import fmt_number, fmt_percent as fmt_pct, term, tr
from dodnb.prob.bestplay import BestPlay, Tree
from dodnb.prob.zombieturn import ZombieTurnOdds
from dodnb.prob.dist import fmt_fraction, fmt_percent
from dodnb.render.narrate import action_words
from dodnb.render.picture import picture
from dodnb.render.state_scene import game_scene, game_svg
from dodnb.render.svg import board_svg
from dodnb.rules.game import Game
from dodnb.rules.position import Position
from dodnb.render.tree import tree_scene, tree_svg

__all__ = ["paint", "best_play_html", "zombie_turn_html"]

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


def zombie_turn_html(odds: ZombieTurnOdds, lang: Any = None) -> str:
    """The zombie turn's odds [15.0] as an HTML table in `lang` (default: the package's): per
    character, the chance of each status when the next Human Player-Turn begins."""
    esc = html.escape
    statuses = ("normal", "stunned", "infected", "killed", "super")
    method = tr("zt.exact", lang) if odds.exact else tr("zt.estimate", lang, n=odds.n)

    def cell(p) -> str:
        if odds.exact:
            return f"{fmt_pct(p, 1, lang)}<br><small>{fmt_fraction(p)}</small>"
        lo, hi = odds.interval(p)
        return esc(f"{fmt_pct(p, 1, lang)} ({fmt_number(100 * lo, 1, lang)}–{fmt_pct(hi, 1, lang)})")

    out = [f"<table><caption style='text-align:left'><b>{esc(tr('zt.question.' + odds.question_id, lang))}</b><br>"
           f"<small>{esc(method)}</small></caption>",
           "<tr><th></th>" + "".join(f"<th>{esc(tr('status.' + s, lang))}</th>" for s in statuses) + "</tr>"]
    for r in odds.rows():
        cells = []
        for s in statuses:
            p = r.probs.get(s, 0)
            what = tr("zt.what", lang, who=r.name, status=term("status", s, lang, r.name))
            cells.append(f"<td style='text-align:right' title='{esc(what)}'>{cell(p) if p else ''}</td>")
        out.append(f"<tr><th>{esc(r.name)}</th>{''.join(cells)}</tr>")
    return "".join(out) + "</table>"


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
    if isinstance(obj, ZombieTurnOdds) and mime == HTML:
        return zombie_turn_html(obj)
    if isinstance(obj, Tree) and mime == SVG:
        return tree_svg(obj)
    if isinstance(obj, Tree) and mime == PNG:
        return picture(tree_scene(obj)).png  # untrusted notebooks show PNG, not SVG (render.picture)
    return None
