"""Bar charts of exact distributions as scenes (drawn as SVG or on a canvas, same shapes).

Bars are sized from the exact Fractions (converted to pixels only at the last step); every bar
carries its exact fraction and percentage as text, so a chart never shows a number the table
does not.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Optional, Sequence

from dodnb.prob.dist import fmt_fraction as _frac
from dodnb.i18n import fmt_percent as _pct
from dodnb.render.shapes import LineShape, RectShape, Scene, TextShape

BAR = "#4575b4"
BAR_HIGHLIGHT = "#d73027"
SECOND = "#fdae61"  # a second series (e.g. Monte Carlo beside exact)
AXIS = "#444444"




def _label(x: Any) -> str:
    if isinstance(x, frozenset):
        return "+".join(sorted(map(str, x))) or "none"
    if isinstance(x, tuple):
        return ", ".join(_label(v) for v in x)
    return str(x)


def bar_chart(
    rows: Sequence[tuple[Any, Fraction]],
    title: str = "",
    highlight: Optional[Callable[[Any], bool]] = None,
    width: float = 560.0,
    label: Callable[[Any], str] = _label,
    second: Optional[Sequence[Fraction]] = None,
    second_name: str = "",
) -> Scene:
    """Horizontal bars, one row per outcome: label | bar | exact fraction and percent.

    `highlight(outcome)` paints matching bars in the accent colour (e.g. the outcomes that kill).
    `second` draws a thin second bar per row (e.g. a Monte Carlo estimate) for comparison.
    """
    rows = list(rows)
    row_h = 20.0 if second is None else 26.0
    top = 30.0 if title else 8.0
    label_w = min(180.0, 12.0 + 6.2 * max((len(label(o)) for o, _ in rows), default=4))
    value_w = 150.0
    bar_w = max(80.0, width - label_w - value_w - 20)
    height = top + row_h * len(rows) + 14 + (16 if second is not None else 0)
    pmax = max((p for _, p in rows), default=Fraction(1)) or Fraction(1)
    if second is not None:
        pmax = max([pmax] + [Fraction(q) for q in second])
    sc = Scene(width, height, title=title)
    sc.add(RectShape(0, 0, width, height, fill="#ffffff", layer="board"))
    if title:
        sc.add(TextShape(8, 14, title, 13, "#222222", "start", bold=True, layer="board"))
    x0 = label_w
    for i, (outcome, p) in enumerate(rows):
        y = top + i * row_h
        hot = bool(highlight and highlight(outcome))
        length = float(Fraction(p) / pmax) * bar_w
        sc.add(TextShape(x0 - 8, y + row_h / 2, label(outcome), 11, "#222222", "end", layer="board", tag=f"row:{i}"))
        sc.add(RectShape(x0, y + 3, max(length, 0.5), (row_h - 6) if second is None else 11, fill=BAR_HIGHLIGHT if hot else BAR, layer="board", tag=f"row:{i}"))
        if second is not None:
            q = Fraction(second[i])
            sc.add(RectShape(x0, y + 15, max(float(q / pmax) * bar_w, 0.5), 7, fill=SECOND, layer="board", tag=f"row:{i}"))
        sc.add(TextShape(x0 + bar_w + 8, y + row_h / 2, f"{_frac(p)}  ({_pct(p)})", 11, "#222222", "start", layer="board", tag=f"row:{i}"))
    yb = top + row_h * len(rows) + 2
    sc.add(LineShape(x0, top, x0, yb, AXIS, 1.0, layer="board"))
    if second is not None:
        sc.add(RectShape(x0, yb + 6, 12, 8, fill=BAR, layer="board"))
        sc.add(TextShape(x0 + 16, yb + 10, "exact", 10, "#333333", "start", layer="board"))
        sc.add(RectShape(x0 + 70, yb + 6, 12, 8, fill=SECOND, layer="board"))
        sc.add(TextShape(x0 + 86, yb + 10, second_name or "sampled", 10, "#333333", "start", layer="board"))
    return sc


def dist_chart(dist, title: str = "", highlight: Optional[Callable[[Any], bool]] = None, width: float = 560.0) -> Scene:
    """A bar chart of a `dodnb.prob.Dist` (uses its exact `items()`)."""
    return bar_chart(dist.items(), title or getattr(dist, "title", "") or "", highlight, width)


def rate_chart(rows: Sequence[tuple[str, int, int, float, float]], title: str = "", width: float = 640.0,
               axis: str = "wins") -> Scene:
    """Horizontal bars of rates measured by counting (e.g. games won), each with its 95 % interval as
    a whisker: rows are ``(label, successes, trials, low, high)``; the scale runs from 0 to the
    largest high end (at least 5 %), so a rate of a few percent is not a hairline. The text beside
    each bar says the count, the rate and the interval, so the picture never shows a number the
    words do not."""
    rows = list(rows)
    row_h = 34.0
    top = 34.0 if title else 10.0
    label_w = min(160.0, 16.0 + 8.0 * max((len(r[0]) for r in rows), default=4))
    value_w = 250.0
    bar_w = max(120.0, width - label_w - value_w - 20)
    top_rate = max([0.05] + [r[4] for r in rows])
    height = top + row_h * len(rows) + 36
    sc = Scene(width, height, title=title, description=title)
    sc.add(RectShape(0, 0, width, height, fill="#ffffff", layer="board"))
    if title:
        sc.add(TextShape(8, 16, title, 15, "#222222", "start", bold=True, layer="board"))
    x0 = label_w
    for i, (name, k, n, lo, hi) in enumerate(rows):
        y = top + i * row_h
        mid = y + row_h / 2
        rate = k / n if n else 0.0
        sc.add(TextShape(x0 - 8, mid, name, 14, "#222222", "end", layer="board", tag=f"row:{i}"))
        sc.add(RectShape(x0, y + 6, max(rate / top_rate * bar_w, 0.5), row_h - 12, fill=BAR, layer="board", tag=f"row:{i}"))
        xl, xh = x0 + lo / top_rate * bar_w, x0 + hi / top_rate * bar_w
        sc.add(LineShape(xl, mid, xh, mid, AXIS, 2.0, layer="overlay", tag=f"interval:{i}"))
        for x in (xl, xh):
            sc.add(LineShape(x, mid - 7, x, mid + 7, AXIS, 2.0, layer="overlay", tag=f"interval:{i}"))
        sc.add(TextShape(x0 + bar_w + 10, mid, f"{k} of {n} {axis}: {100 * rate:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%)",
                         13, "#222222", "start", layer="board", tag=f"row:{i}"))
    yb = top + row_h * len(rows)
    sc.add(LineShape(x0, top, x0, yb, AXIS, 1.0, layer="board"))
    sc.add(LineShape(x0, yb, x0 + bar_w, yb, AXIS, 1.0, layer="board"))
    sc.add(TextShape(x0, yb + 14, "0%", 12, "#444444", "middle", layer="board"))
    sc.add(TextShape(x0 + bar_w, yb + 14, f"{100 * top_rate:.0f}%", 12, "#444444", "middle", layer="board"))
    return sc
