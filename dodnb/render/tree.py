"""The decision tree of a best-play search, drawn: a picture a teacher projects.

:func:`tree_scene` lays a :class:`dodnb.prob.bestplay.Tree` out left to right: the root at the left,
each level a column. Squares are the humans' choices (max), diamonds-as-squares in another colour the
zombie side's choices in the worst case (min), circles the dice and draws (chance) with each
outcome's odds on its edge, small boxes the ends (the goal met or missed, the horizon reached).
Every node shows its value (the probability of the goal with best play from there, backed up); the
best line is drawn thick and red. Shapes are the shared scene's (:mod:`dodnb.render.shapes`), so the
same picture is SVG here (:func:`tree_svg`) and PNG through :mod:`dodnb.render.picture`.

Fonts are 15-17 px at scale 1: readable from the back of a room when projected.

Fitted to one screen: the root at the top left (each parent on the row of its first child, so the
picture reads from its top), and at most `MAX_HEIGHT` px tall: when the tree has more ends than
rows fit, the subtrees off the best line are folded into "…" nodes (their value kept), deepest
first, so the best line is drawn to its end.
"""

from __future__ import annotations

import re
from typing import Optional

from dodnb.i18n import tr
from dodnb.i18n import fmt_percent
from dodnb.prob.dist import fmt_fraction
from dodnb.render.shapes import CircleShape, LineShape, RectShape, Scene, TextShape

__all__ = ["tree_scene", "tree_svg", "edge_words", "BEST", "NODE_STROKE"]

BEST = "#c0392b"  # the best line
EDGE = "#8c8c8c"
NODE_STROKE = "#333333"
FILL = {"max": "#dce9f7", "min": "#f7dcdc", "chance": "#fff4d6", "leaf": "#eeeeee", "more": "#ffffff"}
COL_W = 300.0  # a column's width, narrowed so the whole tree fits WIDTH
WIDTH = 960.0  # the widest picture: a notebook's output at a 1400-px window shows SVG images unscaled
ROW_H = 74.0
NODE = 22.0  # half the size of a node
FONT = 16.0
SMALL = 14.0
#: The tallest picture: the notebook's visible area at a 1400 x 900 window (779 px measured in the
#: browser test, tests/browser/test_lab.py), less a little; the picture is shown at its own size
#: (WIDTH fits the notebook's width).
MAX_HEIGHT = 760.0
TOP = 96.0  # the title above the first row
BOTTOM = 74.0  # the legend under the last row


def _folded(nodes: list, rows: int) -> list:
    """The nodes to draw so that the tree has at most `rows` ends: whole subtrees off the best line
    folded into "more" nodes (deepest and lowest first), then, if need be, the best line's own
    subtrees from its far end. The root and the nodes kept keep their ids; parents come first."""
    from dataclasses import replace

    kids: dict[int, list] = {}
    for n in nodes:
        if n.parent >= 0:
            kids.setdefault(n.parent, []).append(n.id)
    by_id = {n.id: n for n in nodes}
    depth: dict[int, int] = {}
    for n in nodes:
        depth[n.id] = 0 if n.parent < 0 else depth[n.parent] + 1
    alive = set(by_id)
    folded: set[int] = set()

    def ends(i: int) -> int:
        ch = [c for c in kids.get(i, []) if c in alive]
        return 1 if not ch else sum(ends(c) for c in ch)

    def drop(i: int) -> None:
        for c in kids.get(i, []):
            if c in alive:
                alive.discard(c)
                drop(c)

    root = nodes[0].id
    while ends(root) > rows:
        inner = [i for i in alive if i != root and any(c in alive for c in kids.get(i, []))]
        if not inner:
            break
        # off the best line first, then the deepest, then the lowest on the page
        i = max(inner, key=lambda i: (not by_id[i].best, depth[i], i))
        drop(i)
        folded.add(i)
    return [replace(n, kind="more") if n.id in folded else n for n in nodes if n.id in alive]


def _ranges(totals: list[int]) -> str:
    totals = sorted(set(totals))
    out, i = [], 0
    while i < len(totals):
        j = i
        while j + 1 < len(totals) and totals[j + 1] == totals[j] + 1:
            j += 1
        out.append(str(totals[i]) if i == j else f"{totals[i]}–{totals[j]}")
        i = j + 1
    return ", ".join(out)


def edge_words(actions: tuple, st, lang: Optional[str] = None) -> str:
    """The words of an edge: the choice, or the dice totals / draws that lead the same way."""
    from dodnb.render.narrate import action_words
    from dodnb.rules.actions import Roll

    if not actions:
        return ""
    if all(isinstance(a, Roll) for a in actions) and len(actions) > 1:
        one = st is not None and st.pending is not None and st.pending.dice == 1
        return tr("tree.rolls_one" if one else "tree.rolls", lang, totals=_ranges([a.total for a in actions]))
    w = action_words(actions[0], lang, st)
    return w if len(actions) == 1 else w + " …"


def _short(text: str, n: int = 34) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _lines(text: str, n: int) -> list[str]:
    """`text` in lines of at most about `n` characters, cut at spaces."""
    out, line = [], ""
    for w in text.split():
        if line and len(line) + 1 + len(w) > n:
            out.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    return out + [line] if line else out


def _wrap(text: str, n: int) -> list[str]:
    """At most two lines of about `n` characters, cut at a space; the rest shortened with an ellipsis."""
    if len(text) <= n:
        return [text]
    cut = text.rfind(" ", 0, n + 1)
    if cut <= 0:
        return [_short(text, n)]
    return [text[:cut], _short(text[cut + 1:], n)]


def tree_scene(tree, lang: Optional[str] = None) -> Scene:
    """The tree as a scene (see the module). Node shapes carry ``tag="node:<id>"``, best-line edges
    ``tag="best:<id>"`` (the child's id), other edges ``tag="edge:<id>"``."""
    nodes = tree.nodes
    nodes = _folded(nodes, int((MAX_HEIGHT - TOP - BOTTOM) // (ROW_H + 12)))  # rows of the taller kind: always fits
    by_id = {n.id: n for n in nodes}
    kids: dict[int, list] = {}
    for n in nodes:
        if n.parent >= 0:
            kids.setdefault(n.parent, []).append(n)
    # rows: leaves of the drawn tree in order, parents centred on their children
    row: dict[int, float] = {}
    nxt = [0.0]

    def place(n) -> float:
        ch = kids.get(n.id, [])
        if not ch:
            row[n.id] = nxt[0]
            nxt[0] += 1
        else:
            ys = [place(c) for c in ch]
            row[n.id] = ys[0]  # on its first child's row: the root at the top
        return row[n.id]

    depth: dict[int, int] = {}
    for n in nodes:
        depth[n.id] = 0 if n.parent < 0 else depth[n.parent] + 1
    place(nodes[0])
    top = TOP
    left = 70.0
    levels = max(max(depth.values()), 1)
    col = min(COL_W, (WIDTH - left - 120) / levels)
    width = left + col * levels + 120
    # what each chance node rolls or draws, in a few words under its incoming edge: one or two lines
    # (rows a little taller when a label needs two, so it never meets the label of the row below)
    from dodnb.render.narrate import pending_text

    room = col - 2 * NODE - 30
    rolls = {n.id: _wrap(re.sub(r"\s*\[[0-9.]+\]$", "", pending_text(None, lang, n.state, short=True)), int(room / 6.9))
             for n in nodes if n.kind == "chance" and n.state.pending is not None}
    row_h = ROW_H + (12 if any(len(v) > 1 for v in rolls.values()) else 0)
    height = top + row_h * max(nxt[0], 1) + BOTTOM
    r = tree.result
    title = tr("tree.title", lang, question=r.question_words(lang))
    sc = Scene(width, height, title=title, description=title)
    sc.add(RectShape(0, 0, width, height, fill="#ffffff", layer="board"))
    # the title, wrapped
    lines = _lines(title, max(40, int(width / 9.5)))
    for i, t in enumerate(lines[:3]):
        sc.add(TextShape(16, 22 + 21 * i, t, 17, "#222222", "start", bold=True, layer="board"))

    def xy(n):
        return left + col * depth[n.id], top + row_h * row[n.id] + row_h / 2

    for n in nodes[1:]:
        p = by_id[n.parent]
        x0, y0 = xy(p)
        x1, y1 = xy(n)
        colour, w = (BEST, 4.0) if n.best else (EDGE, 1.6)
        tag = f"best:{n.id}" if n.best else f"edge:{n.id}"
        xm = x0 + NODE + 12
        sc.add(LineShape(x0 + NODE, y0, xm, y1, colour, w, layer="overlay", tag=tag))
        sc.add(LineShape(xm, y1, x1 - NODE, y1, colour, w, layer="overlay", tag=tag))
        chars = int((col - 2 * NODE - 24) / 7.4)  # 14-px text: about 7.4 px a character
        label = edge_words(n.edge, p.state, lang)
        if n.p is not None:
            label = f"{fmt_fraction(n.p)}: {label}"
        lines = _wrap(label, chars)
        for j, text in enumerate(lines):
            sc.add(TextShape(xm + 6, y1 - 9 - 17 * (len(lines) - 1 - j), text, SMALL, BEST if n.best else "#333333", "start",
                             "bottom", bold=n.best, layer="tokens", max_width=col - 2 * NODE - 24))
    for n in nodes:
        x, y = xy(n)
        stroke, sw = (BEST, 3.5) if n.best else (NODE_STROKE, 1.5)
        tag = f"node:{n.id}"
        if n.kind == "chance":
            sc.add(CircleShape(x, y, NODE, FILL["chance"], stroke, sw, layer="tokens", tag=tag))
        elif n.kind in ("leaf", "more"):
            sc.add(RectShape(x - NODE, y - NODE * 0.75, 2 * NODE, 1.5 * NODE, FILL[n.kind], stroke, sw, layer="tokens", tag=tag))
        else:
            sc.add(RectShape(x - NODE, y - NODE, 2 * NODE, 2 * NODE, FILL[n.kind], stroke, sw, layer="tokens", tag=tag))
        value = fmt_percent(n.value, 1, lang)
        if n.kind in ("leaf", "more"):
            sc.add(TextShape(x + NODE + 8, y, value, FONT, BEST if n.best else "#111111", "start", "middle", bold=True,
                             layer="tokens"))
        else:
            sc.add(TextShape(x, y + NODE + 3, value, FONT, BEST if n.best else "#111111", "middle", "top", bold=True,
                             layer="tokens"))
        for j, text in enumerate(rolls.get(n.id, ())):
            sc.add(TextShape(x - NODE - 8, y + 7 + 15 * j, text, 13, "#555555", "end", "top", layer="tokens", max_width=room))
        mark = {"max": "H", "min": "Z", "chance": "", "leaf": "", "more": "…"}[n.kind]
        if mark:
            sc.add(TextShape(x, y, mark, FONT, "#222222", "middle", "middle", bold=True, layer="tokens"))
    legend = _lines(tr("tree.legend", lang), int((width - 32) / 7.2))
    for i, text in enumerate(legend):
        sc.add(TextShape(16, height - 14 - 18 * (len(legend) - 1 - i), text, SMALL, "#444444", "start", layer="board"))
    return sc


def tree_svg(tree, lang: Optional[str] = None) -> str:
    """The tree as a standalone SVG document."""
    return tree_scene(tree, lang).to_svg()
