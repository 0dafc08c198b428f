"""Chart helpers for the shot and zombie-attack calculators, as scenes (SVG or canvas, same shapes).

* :func:`fire_label` / :func:`fire_chart` - short bar labels for the outcomes of a shot
  (:class:`dodnb.prob.FireOutcome`) [6.0], [6.5], [6.8];
* :func:`status_chart` - one stacked bar per character: normal / stunned / infected / killed
  after a zombie attack [8.3]-[8.5];
* :func:`heat_table` - a table of cells shaded by a probability (or coloured by a category);
* :func:`attack_table_scene` - the Zombie Attack Table [8.8] as a heat table, with the chance
  of each result per column;
* :func:`heat_colour` - the shading rule shared by the scenes and the calculators' HTML tables.

Probabilities arrive as exact Fractions; they become pixels and colours only here, at the last
step, and every number written on a chart is the exact fraction (or its rounded percentage).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional, Sequence

from dodnb.prob.attacks import STATUS_ORDER  # the statuses an attack can leave [8.5], in order
from dodnb.render.charts import bar_chart
from dodnb.prob.dist import fmt_fraction as _frac
from dodnb.i18n import fmt_percent as _pct, tr
from dodnb.render.shapes import RectShape, Scene, TextShape

#: Colours of a character's status after an attack (colour-blind-safe ramp, light to dark).
STATUS_COLOURS = {
    "normal": "#91bfdb",
    "stunned": "#fee090",
    "infected": "#fc8d59",
    "killed": "#b2182b",
}
#: Colours of the Zombie Attack Table results [8.8].
RESULT_COLOURS = {"none": "#ffffff", "stunned": "#fee090", "infected": "#fc8d59"}
RESULT_LETTERS = {"none": "–", "stunned": "S", "infected": "I"}
INK = "#222222"




def heat_colour(p: Fraction, base: str = "#d73027") -> str:
    """White for 0, ``base`` for 1, linear in between (display only; p is an exact Fraction)."""
    p = min(max(Fraction(p), Fraction(0)), Fraction(1))
    r, g, b = (int(base[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(255 + (c - 255) * p) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def ink_on(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill``."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#ffffff" if (299 * r + 587 * g + 114 * b) / 1000 < 120 else INK


# --------------------------------------------------------------------------- shots


def _who(names: Sequence[str], budget: int) -> str:
    full = "+".join(names)
    return full if len(full) <= budget else "+".join(n[0] for n in names)


def fire_label(outcome: Any, together: bool = True, lang: Optional[str] = None) -> str:
    """Short label for one :class:`dodnb.prob.FireOutcome`: who fired, with how many dice, and
    whether the unit was destroyed.  Long lists of names shrink to initials (P+R+S)."""
    if not outcome.fired:
        if not outcome.panicked:
            return tr("chart.no_shot", lang)
        # one shooter who panics, or every one of several: say which it was
        return tr("chart.panics" if len(outcome.panicked) == 1 else "chart.all_panic", lang)
    res = tr("chart.killed" if outcome.killed else "chart.missed", lang)
    if together:
        return tr("chart.fired", lang, who=_who(outcome.fired, 13), dice=outcome.dice, res=res)
    return tr("chart.in_turn", lang, who=_who(outcome.fired, 13), res=res)


def fire_outcome_words(outcome: Any, lang: Optional[str] = None) -> str:
    """One :class:`dodnb.prob.FireOutcome` in a sentence (never its repr): who panicked [6.5], who
    fired with how many dice [6.8], and whether the unit was destroyed."""
    parts = []
    if outcome.panicked:
        parts.append(tr("calc.outcome.panicked", lang, who=tuple(outcome.panicked)))
    if outcome.fired:
        res = tr("calc.outcome.killed" if outcome.killed else "calc.outcome.missed", lang)
        parts.append(tr("calc.outcome.fired", lang, who=tuple(outcome.fired), dice=outcome.dice, res=res))
    else:
        parts.append(tr("calc.outcome.no_shot", lang))
    return "; ".join(parts)


def fire_chart(dist, title: str = "", together: bool = True, width: float = 560.0, lang: Optional[str] = None) -> Scene:
    """Bar chart of a :func:`dodnb.prob.combined_fire` result; outcomes that destroy the unit
    are painted in the accent colour.  Rows: most shooters firing first, a kill before a miss."""
    rows = sorted(dist.items(), key=lambda kv: (-len(kv[0].fired), kv[0].fired, not kv[0].killed))
    return bar_chart(
        rows,
        title,
        highlight=lambda o: bool(o.killed),
        width=width,
        label=lambda o: fire_label(o, together, lang),
    )


# --------------------------------------------------------------------------- attacks


def status_chart(
    rows: Sequence[tuple[str, Any]],
    title: str = "",
    width: float = 560.0,
    lang: Optional[str] = None,
) -> Scene:
    """One stacked horizontal bar per row: the chances of normal / stunned / infected / killed.

    ``rows``: ``(label, dist)`` where ``dist`` is a Dist over statuses (e.g.
    :func:`dodnb.prob.status_of`).  Each segment is as long as its exact probability; segments
    of 8% or more carry their percentage.  A legend names the colours.
    """
    rows = list(rows)
    row_h = 24.0
    top = 30.0 if title else 8.0
    label_w = min(200.0, 12.0 + 6.2 * max((len(lab) for lab, _ in rows), default=4))
    bar_w = max(120.0, width - label_w - 16)
    height = top + row_h * len(rows) + 30
    sc = Scene(width, height, title=title)
    sc.add(RectShape(0, 0, width, height, fill="#ffffff", layer="board"))
    if title:
        sc.add(TextShape(8, 14, title, 13, INK, "start", bold=True, layer="board"))
    x0 = label_w
    for i, (lab, dist) in enumerate(rows):
        y = top + i * row_h
        sc.add(TextShape(x0 - 8, y + row_h / 2, lab, 11, INK, "end", layer="board", tag=f"row:{i}"))
        x = x0
        for status in STATUS_ORDER:
            p = Fraction(dist.p(status))
            if not p:
                continue
            w = float(p) * bar_w
            fill = STATUS_COLOURS[status]
            sc.add(RectShape(x, y + 3, w, row_h - 6, fill=fill, stroke="#ffffff", width=0.5, layer="board", tag=f"row:{i}:{status}"))
            if p >= Fraction(8, 100):
                sc.add(TextShape(x + w / 2, y + row_h / 2, _pct(p, 1, lang), 10, ink_on(fill), "middle", layer="board", tag=f"row:{i}:{status}"))
            x += w
    yb = top + row_h * len(rows) + 10
    lx = x0
    for status in STATUS_ORDER:
        sc.add(RectShape(lx, yb, 12, 10, fill=STATUS_COLOURS[status], stroke="#999999", width=0.5, layer="board"))
        sc.add(TextShape(lx + 16, yb + 5, (tr("calc.normal", lang) if status == "normal" else tr("status." + status, lang)), 10, "#333333", "start", layer="board"))
        lx += 80
    return sc


def heat_table(
    row_labels: Sequence[str],
    col_labels: Sequence[str],
    cells: Sequence[Sequence[tuple[str, str]]],
    title: str = "",
    corner: str = "",
    cell_w: float = 64.0,
    cell_h: float = 22.0,
    label_w: float = 84.0,
    footer: str = "",
) -> Scene:
    """A grid of coloured cells: ``cells[i][j] = (text, fill colour)``.  Use :func:`heat_colour`
    for a probability shading, or fixed colours for categories."""
    top = 30.0 if title else 6.0
    # wide enough for the grid, the bold title (~7.5 px a character) and the footer (~5.6 px)
    width = max(label_w + cell_w * len(col_labels) + 10, 16 + 7.5 * len(title), 16 + 5.6 * len(footer))
    height = top + cell_h * (len(row_labels) + 1) + (26 if footer else 8)
    sc = Scene(width, height, title=title)
    sc.add(RectShape(0, 0, width, height, fill="#ffffff", layer="board"))
    if title:
        sc.add(TextShape(8, 14, title, 13, INK, "start", bold=True, layer="board"))
    sc.add(TextShape(label_w - 6, top + cell_h / 2, corner, 10, "#555555", "end", layer="board"))
    for j, c in enumerate(col_labels):
        sc.add(TextShape(label_w + cell_w * (j + 0.5), top + cell_h / 2, c, 11, INK, "middle", bold=True, layer="board"))
    for i, r in enumerate(row_labels):
        y = top + cell_h * (i + 1)
        sc.add(TextShape(label_w - 6, y + cell_h / 2, r, 11, INK, "end", bold=True, layer="board"))
        for j, (text, fill) in enumerate(cells[i]):
            x = label_w + cell_w * j
            sc.add(RectShape(x, y, cell_w, cell_h, fill=fill, stroke="#bbbbbb", width=0.5, layer="board", tag=f"cell:{i}:{j}"))
            sc.add(TextShape(x + cell_w / 2, y + cell_h / 2, text, 11, ink_on(fill), "middle", layer="board", tag=f"cell:{i}:{j}"))
    if footer:
        sc.add(TextShape(8, height - 10, footer, 10, "#444444", "start", layer="board"))
    return sc


def attack_table_scene(tables=None, lang: Optional[str] = None) -> Scene:
    """The Zombie Attack Table [8.8]: one row per 2d6 total (with its number of ways out of 36),
    one column per strength band; cells coloured by the result (S stunned, I infected, – none).
    Three more rows give P(stunned), P(infected), P(no effect) in each column, shaded by size."""
    from dodnb.rules.tables import default_tables

    t = tables or default_tables()
    ways = {s: 6 - abs(7 - s) for s in range(2, 13)}
    cols = [(lo, hi) for lo, hi in t.attack_columns]
    col_labels = [str(lo) if lo == hi else f"{lo}-{hi}" for lo, hi in cols]
    row_labels, cells = [], []
    for total in range(2, 13):
        row_labels.append(f"{total}  ({ways[total]}/36)")
        row = []
        for lo, _ in cols:
            r = t.attack_result(total, lo)
            row.append((RESULT_LETTERS[r], RESULT_COLOURS[r]))
        cells.append(row)
    for result, base in (("stunned", "#f1a340"), ("infected", "#d73027"), ("none", "#4575b4")):
        row_labels.append(f"P({tr('chart.no_effect', lang) if result == 'none' else tr('status.' + result, lang)})")
        row = []
        for lo, _ in cols:
            p = Fraction(sum(ways[s] for s in range(2, 13) if t.attack_result(s, lo) == result), 36)
            row.append((_frac(p), heat_colour(p, base)))
        cells.append(row)
    return heat_table(
        row_labels,
        col_labels,
        cells,
        title=tr("chart.attack.title", lang),
        corner=tr("chart.attack.corner", lang),
        label_w=104.0,
        footer=tr("chart.attack.footer", lang),
    )


def probability_grid(
    row_labels: Sequence[str],
    col_labels: Sequence[str],
    probs: Sequence[Sequence[Optional[Fraction]]],
    title: str = "",
    corner: str = "",
    base: str = "#d73027",
    percent: bool = False,
    cell_w: float = 64.0,
    label_w: float = 84.0,
    footer: str = "",
) -> Scene:
    """:func:`heat_table` of exact probabilities (None = an empty, grey cell)."""
    cells = []
    for row in probs:
        out = []
        for p in row:
            if p is None:
                out.append(("", "#eeeeee"))
            else:
                out.append((_pct(p) if percent else _frac(p), heat_colour(p, base)))
        cells.append(out)
    return heat_table(row_labels, col_labels, cells, title=title, corner=corner, cell_w=cell_w, label_w=label_w, footer=footer)


__all__ = [
    "STATUS_COLOURS",
    "RESULT_COLOURS",
    "heat_colour",
    "ink_on",
    "fire_label",
    "fire_chart",
    "status_chart",
    "heat_table",
    "attack_table_scene",
    "probability_grid",
]
